"""The per-element kernels of [`gentensor.compute.numtheory`][gentensor.compute.numtheory]: modular inverses and powers, square roots, primes, CRT.

Each works on single elements of one ops (through `._euclid.Euclid`)
or on Python ints, and raises the errors the engine locates (with the index
of the failing element): ``NotDivisibleError``, ``DomainError``,
``NoSolutionError``.
"""

from __future__ import annotations

import bisect
import builtins
import functools
import math
from itertools import repeat
from typing import Any

from ..errors import DomainError, LimitError, NoSolutionError, NotDivisibleError
from ..ops import is_prime as _is_prime_int
from ..ops import short_str
from ..resources import check_number_bits, get_limits
from ._euclid import Euclid, gcdex as _gcdex

__all__ = [
    "positive_modulus",
    "invmod_int",
    "invmod_euclid",
    "powmod_int",
    "powmod_euclid",
    "isqrt_int",
    "next_prime_int",
    "is_prime_int",
    "pairwise_coprime",
    "crt_coprime",
    "crt_merge",
]


def _primality_bits(a: int, func: str) -> None:
    """Refuse a number past ``max_modulus_bits`` before testing its primality (a 4096-bit test takes 0.1-1.4 s)."""
    limit = get_limits().max_modulus_bits
    bits = a.bit_length()
    if bits > limit:
        raise LimitError(
            f"{func}: the number has {bits} bits, more than max_modulus_bits={limit} (got {short_str(a)}); "
            "testing primality takes longer: raise it with gt.limits(max_modulus_bits=...)"
        )


def is_prime_int(a: int) -> bool:
    """Primality of an int of at most ``max_modulus_bits`` bits (`gentensor.ops._modular.is_prime`).

    Examples
    --------
    >>> is_prime_int(97), is_prime_int(2**127 - 1)
    (True, True)
    """
    if a < 2:
        return False
    _primality_bits(a, "is_prime")
    return _is_prime_int(a)


def positive_modulus(R: Euclid, m: Any, func: str) -> None:
    if R.is_zero(m) or (R.ordered and R.ops.lt(m, R.zero)):  # type: ignore[attr-defined]
        raise NotDivisibleError(f"{func}: the modulus must be non-zero (positive for integers) (got {short_str(m)})")


def invmod_int(a: int, m: int) -> int:
    if m <= 0:
        raise NotDivisibleError(f"invmod: the modulus must be positive (got {short_str(m)})")
    try:
        return builtins.pow(a, -1, m)
    except ValueError:
        raise NotDivisibleError(
            f"invmod: {short_str(a)} has no inverse mod {short_str(m)} (gcd {short_str(math.gcd(a, m))} is not 1)"
        ) from None


def invmod_euclid(R: Euclid, a: Any, m: Any) -> Any:
    positive_modulus(R, m, "invmod")
    g, s, _ = _gcdex(R.rem(a, m), m, R)
    if not R.divides(g, R.one):
        shown = short_str
        raise NotDivisibleError(f"invmod: {shown(a)} has no inverse mod {shown(m)} (gcd {shown(g)} is not a unit)")
    return R.rem(R.exact(s, g), m)


def powmod_int(a: int, k: int, m: int) -> int:
    if m <= 0:
        raise NotDivisibleError(f"powmod: the modulus must be positive (got {short_str(m)})")
    try:
        return builtins.pow(a, k, m)
    except ValueError:
        raise NotDivisibleError(
            f"powmod: {short_str(a)} has no inverse mod {short_str(m)} for the power {short_str(k)} "
            f"(gcd {short_str(math.gcd(a, m))} is not 1)"
        ) from None


def powmod_euclid(R: Euclid, a: Any, k: int, m: Any) -> Any:
    positive_modulus(R, m, "powmod")
    if k < 0:
        a, k = invmod_euclid(R, a, m), -k
    mul, rem = R.mul, R.rem
    out, base = rem(R.one, m), rem(a, m)
    while k:
        if k & 1:
            out = rem(mul(out, base), m)
        k >>= 1
        if k:
            base = rem(mul(base, base), m)
    return out


def isqrt_int(a: int) -> int:
    """``floor(sqrt(a))``; [`DomainError`][gentensor.errors.DomainError] for a negative ``a``.

    Examples
    --------
    >>> isqrt_int(17)
    4
    """
    check_number_bits(a.bit_length(), "isqrt", "the argument")
    if a < 0:
        raise DomainError(f"isqrt: needs a non-negative integer (got {short_str(a)})")
    return math.isqrt(a)


def next_prime_int(a: int) -> int:
    """The smallest prime above ``a``.

    Examples
    --------
    >>> next_prime_int(13), next_prime_int(-3)
    (17, 2)
    """
    if a < 2:
        return 2
    _primality_bits(a + 1, "next_prime")
    n = a + 1 + (a & 1)  # the next odd number above a
    if a == 2:
        return 3
    if n.bit_length() >= _SIEVED_BITS:
        return _sieved_next_prime(n)
    while True:
        if n <= _SIEVE_LIMIT:
            if n in _SIEVE_PRIMES:
                return n
        elif math.gcd(n, _PRIMORIAL) == 1 and _is_prime_int(n):  # one gcd skips most candidates
            return n
        n += 2


_SIEVE_LIMIT = 1000
_SIEVE_PRIMES = frozenset(p for p in range(2, _SIEVE_LIMIT + 1) if all(p % d for d in range(2, math.isqrt(p) + 1)))
_PRIMORIAL = math.prod(_SIEVE_PRIMES)

#: From this size on, next_prime sieves a window of candidates before testing any (`_sieved_next_prime`).
_SIEVED_BITS = 256

#: Odd candidates per sieved window (a prime gap near 2**4096 averages about 2800, so one window usually holds the answer).
_WINDOW = 4096


@functools.lru_cache(maxsize=1)
def _odd_primes_below(bound: int) -> list[int]:
    """The odd primes below ``bound``, by Eratosthenes on a bytearray."""
    marks = bytearray([1]) * bound
    marks[:2] = b"\x00\x00"
    for p in range(2, math.isqrt(bound) + 1):
        if marks[p]:
            marks[p * p :: p] = bytes(len(range(p * p, bound, p)))
    return [p for p in range(3, bound, 2) if marks[p]]


def _sieved_next_prime(n: int) -> int:
    """The first prime at or above odd ``n`` (past every sieving prime): windows of odd candidates, sieved, then tested.

    A primality test of a ``b``-bit number costs about ``b**2.6``; a
    sieving prime costs one ``n % p`` and one slice per window.  Sieving
    with the primes below about ``b**2 / 8`` (at most 2**20) leaves half
    the candidates the primorial gcd of the plain loop leaves (below 1000):
    half the tests, which are the cost (``next_prime(2**3000)``: 7 s
    instead of 15 without FLINT).
    """
    bits = n.bit_length()
    primes = _odd_primes_below(1 << 20)
    limit = min(1 << 20, max(1 << 12, bits * bits // 8))
    count = bisect.bisect_left(primes, limit)
    start = n
    while True:
        alive = bytearray([1]) * _WINDOW
        for p in primes[:count]:
            k = (p - start % p) * ((p + 1) // 2) % p  # start + 2k is the first multiple of p in the window
            if k < _WINDOW:
                alive[k::p] = bytes((_WINDOW - 1 - k) // p + 1)
        k = alive.find(1)
        while k >= 0:
            if _is_prime_int(start + 2 * k):
                return start + 2 * k
            k = alive.find(1, k + 1)
        start += 2 * _WINDOW


def pairwise_coprime(m: list[Any], R: Euclid) -> bool:
    return all(R.divides(_gcdex(m[i], m[j], R)[0], R.one) for i in range(len(m)) for j in range(i))


def crt_coprime(columns: list[list[Any]], m: list[Any], R: Euclid) -> list[Any]:
    """``sum(r_i * e_i) mod M`` with ``e_i == 1 (mod m_i)``, ``0 (mod m_j)``: whole-column maps."""
    M = R.one
    for v in m:
        M = R.mul(M, v)
    total: list[Any] | None = None
    for col, mi in zip(columns, m):
        Mi = R.exact(M, mi)
        e = R.mul(Mi, invmod_euclid(R, Mi, mi))
        term = list(builtins.map(R.mul, col, repeat(e)))
        total = term if total is None else list(builtins.map(R.add, total, term))
    assert total is not None
    return list(builtins.map(R.rem, total, repeat(M)))


def crt_merge(columns: list[list[Any]], m: list[Any], R: Euclid, shape: tuple[int, ...]) -> list[Any]:
    """Pairwise merging for moduli with common factors, checking that the residues agree."""
    from ..core.layout import unravel

    sub, mul, add, rem, exact, divmod_ = R.sub, R.mul, R.add, R.rem, R.exact, R.divmod
    fmt = short_str
    out = []
    for idx, rs in enumerate(zip(*columns)):
        x, mod = rem(rs[0], m[0]), m[0]
        for r, mi in zip(rs[1:], m[1:]):
            g, s, _ = _gcdex(mod, mi, R)
            q, left = divmod_(sub(r, x), g)
            if not R.is_zero(left):
                raise NoSolutionError(
                    f"crt: the residues at index {unravel(idx, shape)} are inconsistent (got {fmt(x)} mod {fmt(mod)} "
                    f"and {fmt(r)} mod {fmt(mi)}): gcd {fmt(g)} does not divide their difference"
                )
            lcm_ = R.normal(mul(exact(mod, g), mi))
            x = rem(add(x, mul(mod, mul(s, q))), lcm_)
            mod = lcm_
        out.append(x)
    return out
