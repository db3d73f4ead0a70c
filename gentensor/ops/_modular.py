"""Integers modulo ``n``: ``gt.modular(n)``, a field when ``n`` is prime.

Elements are plain ``int`` in ``[0, n)``.  Division multiplies by the modular
inverse; exact division (``exquo``) also works by a zero divisor when the
quotient exists, and raises [`NotDivisibleError`][gentensor.errors.NotDivisibleError] when it does not.
"""

from __future__ import annotations

import numbers
import operator
from fractions import Fraction
from functools import lru_cache
from math import gcd
from typing import Any, Iterable

from ..errors import ArgumentTypeError, ArgumentValueError, LimitError, NotDivisibleError
from ..resources import get_limits
from ._capabilities import Capabilities
from ._modpacking import modular_packing
from ._codec import _Bad, decode_int, encode_int
from ._parse import digits_of, parse_cell
from ._protocol import BaseOps

__all__ = ["modular", "ModularOps", "is_prime"]

_SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def is_prime(n: int) -> bool:
    """Primality: deterministic Miller-Rabin below 3.3e24; above, BPSW (python-flint's when installed, else SymPy's).

    No composite passing BPSW is known; moduli are held to ``max_modulus_bits``
    ([`gentensor.limits`][gentensor.resources.limits]) so the test always finishes quickly.

    Examples
    --------
    >>> [p for p in range(20) if is_prime(p)]
    [2, 3, 5, 7, 11, 13, 17, 19]
    """
    if n < 2:
        return False
    for p in _SMALL_PRIMES:
        if n % p == 0:
            return n == p
    if n >= 3317044064679887385961981:
        try:
            import flint  # lazy and optional: about 10x faster than SymPy on 4096-bit numbers

            return bool(flint.fmpz(n).is_probable_prime())
        except ImportError:
            from sympy import isprime  # lazy: only for huge moduli

            return bool(isprime(n))
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in _SMALL_PRIMES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


class ModularOps(BaseOps):
    """Ops of Z/nZ; build instances with [`modular`][gentensor.ops._modular.modular] (cached per ``n``).

    Examples
    --------
    >>> import gentensor as gt
    >>> m = gt.modular(6)
    >>> m.add(4, 5), m.mul(4, 5), m.exquo(4, 2) in (2, 5), m.is_field
    (3, 2, True, False)
    """

    returns_bool = True
    native_types = ()

    def __init__(self, n: int) -> None:
        self.n = n
        self.name = f"modular({_spell(n)})"
        self.zero = 0
        self.one = 1 % n
        prime = is_prime(n)
        self._capabilities = Capabilities(
            kind="modular",
            integral_domain=prime,
            field=prime,
            exact_division=True,
            characteristic=n,
            residues=True,
        )
        # Kernels on raw ints mod n are registered for these two families.
        self.kernel_family = "modular-prime" if prime else "modular-composite"
        # Closures over n as instance attributes: one Python call per element.
        self.add = lambda a, b: (a + b) % n  # type: ignore[method-assign]
        self.sub = lambda a, b: (a - b) % n  # type: ignore[method-assign]
        self.mul = lambda a, b: (a * b) % n  # type: ignore[method-assign]
        self.neg = lambda a: -a % n  # type: ignore[method-assign]
        # Residues pack as int64 when the product of two fits a word (n <= 3037000500); larger n stay in lists.
        self.packing = modular_packing(n)

    @property
    def capabilities(self) -> Capabilities:  # type: ignore[override]
        """Z/nZ: a field when ``n`` is prime, a ring with zero divisors otherwise; characteristic ``n``."""
        return self._capabilities

    #: Elements are canonical ints in [0, n): Python's ``==`` (and hashing) is the ring's equality.
    equal = staticmethod(operator.eq)  # type: ignore[assignment]

    def is_zero(self, a: int) -> bool:
        return a == 0

    def sum(self, values: Iterable[int]) -> int:
        return sum(values) % self.n

    def convert(self, value: Any) -> int:
        n = self.n
        if type(value) is int:
            return value % n
        if isinstance(value, numbers.Integral):
            return int(value) % n
        if isinstance(value, Fraction):
            return self.div(value.numerator % n, value.denominator % n)
        if getattr(value, "is_Rational", False) and (type(value).__module__ or "").startswith("sympy"):
            return self.convert(Fraction(int(value.p), int(value.q)))
        raise ArgumentTypeError(
            f"{self.name}.convert: cannot convert {value!r} (type {type(value).__name__}) to an integer mod {_spell(n)}"
        )

    def inverse(self, a: int) -> int:
        """The inverse of a unit mod n; [`NotDivisibleError`][gentensor.errors.NotDivisibleError] for zero and zero divisors.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.modular(12).inverse(5)
        5
        >>> gt.modular(12).inverse(8)
        Traceback (most recent call last):
        ...
        gentensor.errors.NotDivisibleError: modular(12).inverse: 8 is not a unit mod 12 (got 8, gcd(8, 12) = 4); only residues coprime to 12 have inverses
        """
        try:
            return pow(a, -1, self.n)
        except ValueError:
            raise NotDivisibleError(
                f"{self.name}.inverse: {a} is not a unit mod {self.n} (got {a}, gcd({a}, {self.n}) = {gcd(a, self.n)}); "
                f"only residues coprime to {self.n} have inverses"
            ) from None

    def div(self, a: int, b: int) -> int:
        try:
            inv = pow(b, -1, self.n)
        except ValueError:
            raise NotDivisibleError(
                f"{self.name}.div: {_spell(b)} has no inverse mod {_spell(self.n)} (gcd {_spell(gcd(b, self.n))}); "
                "it is zero or a zero divisor"
            ) from None
        return a * inv % self.n

    def exquo(self, a: int, b: int) -> int:
        n = self.n
        g = gcd(b, n)
        if a % g:
            raise NotDivisibleError(f"{self.name}.exquo: {_spell(a)} is not divisible by {_spell(b)} mod {_spell(n)}")
        m = n // g
        if m == 1:
            return 0
        return (a // g) * pow(b // g, -1, m) % m

    def pow(self, a: int, k: int) -> int:
        if k < 0:
            a, k = self.div(1, a), -k
        return pow(a, k, self.n)

    def format(self, a: int) -> str:
        return digits_of(a)

    def parse(self, text: str) -> int:
        """The residue spelled by ``text`` (an int, or a fraction read through the inverse)."""
        return self.convert(parse_cell(text))

    def to_json(self, a: int) -> Any:
        return encode_int(a)

    def from_json(self, value: Any) -> int:
        k = decode_int(value, "")
        if not 0 <= k < self.n:
            raise _Bad("", f"an element of {self.name} must lie in [0, {_spell(self.n)}) (got {k})")
        return k

    def json_as_is(self, values: list[Any]) -> bool:
        return not values or (
            set(map(type, values)) == {int} and 0 <= min(values) and max(values) < min(self.n, 2**53 + 1)
        )

    def spec(self) -> dict[str, Any]:
        return {"builtin": "modular", "n": encode_int(self.n)}

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (modular, (self.n,))


def _spell(n: int) -> str:
    """``n`` in decimal, or in hexadecimal past CPython's 4300-digit limit for decimal text."""
    return str(n) if n.bit_length() <= 14_000 else hex(n)


@lru_cache(maxsize=None)
def _modular(n: int) -> ModularOps:
    return ModularOps(n)


def modular(n: int) -> ModularOps:
    """The ops of integers modulo ``n`` (``n >= 2``); the same object for the same ``n``.

    Parameters
    ----------
    n : int
        The modulus.  Prime ``n`` gives a field (``is_field``); composite
        ``n`` a ring with zero divisors.

    Returns
    -------
    ModularOps

    Raises
    ------
    ArgumentTypeError
        ``n`` is not an int.
    ArgumentValueError
        ``n < 2``.
    LimitError
        ``n`` has more than ``max_modulus_bits`` bits ([`gentensor.limits`][gentensor.resources.limits]):
        its primality test must finish.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.modular(7) is gt.modular(7), gt.modular(7).div(3, 5)
    (True, 2)
    >>> gt.tensor([5, 9, -1], ops=gt.modular(7)).tolist()
    [5, 2, 6]
    """
    if not isinstance(n, numbers.Integral) or isinstance(n, bool):
        raise ArgumentTypeError(f"modular: the modulus must be an int (got {n!r})")
    if n < 2:
        raise ArgumentValueError(f"modular: the modulus must be at least 2 (got {n}); use gt.integers for plain integers")
    n = int(n)
    limit = get_limits().max_modulus_bits
    if n.bit_length() > limit:
        raise LimitError(
            f"modular: the modulus has {n.bit_length()} bits, more than max_modulus_bits={limit}; "
            "raise it with gt.limits(max_modulus_bits=...) (deciding whether it is prime takes longer)"
        )
    return _modular(n)
