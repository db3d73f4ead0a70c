"""The built-in numeric ops: booleans, integers, rationals, floats, complexes.

Arithmetic members are the C functions of `operator` themselves (held as
static methods, so ``ops.add is operator.add``), and ``map(ops.add, xs, ys)``
runs at the pure-Python floor of one C call per element.
"""
# mypy: disable-error-code="assignment"
# (members that are operator functions replace BaseOps methods: same call, no binding)

from __future__ import annotations

import math
import numbers
import operator
from fractions import Fraction
from typing import Any, Callable, Iterable

from ..errors import ArgumentTypeError, ArgumentValueError, DomainError, NotDivisibleError
from ..resources import check_digits
from ._capabilities import Capabilities
from ._elementary import (
    BOOLEAN_FUNCTIONS,
    COMPLEX_FAST,
    COMPLEX_FUNCTIONS,
    FLOAT_FAST,
    FLOAT_FUNCTIONS,
    INTEGER_FUNCTIONS,
    RATIONAL_FUNCTIONS,
)
from ._codec import _SAFE_INT, _Bad, _show, decode_float, decode_fraction, decode_int, encode_float, encode_int
from ._floatpacking import FloatPacking
from ._packings import BooleanPacking, IntegerPacking
from ._parse import _DECIMAL, digits_of, parse_cell
from ._protocol import BaseOps
from ._show import short_repr

__all__ = ["booleans", "integers", "rationals", "floats", "complexes"]


def _refuse(ops: BaseOps, value: Any, hint: str = "") -> ArgumentTypeError:
    msg = f"{ops.name}.convert: cannot convert {short_repr(value)} (type {type(value).__name__}) to {ops.name} exactly"
    return ArgumentTypeError(msg + (f"; {hint}" if hint else ""))


#: The words ``float()`` reads besides numbers: an optional sign, then inf, infinity or nan (any case).
_FLOAT_WORDS = frozenset(("inf", "infinity", "nan"))


def _as_float(ops: BaseOps, value: Any) -> float:
    """``float(value)`` for a real number; one too large for a float raises the tree's error (Python's is ``OverflowError``)."""
    try:
        return float(value)
    except OverflowError:
        raise ArgumentValueError(
            f"{ops.name}.convert: the number is too large for a float, whose largest is about 1.8e308 (got {short_repr(value)}); "
            "keep it exact with ops=gt.rationals or gt.integers"
        ) from None


def _parse_float(ops: BaseOps, text: str) -> float | None:
    """The float a decimal or special text spells, as ``float(text)`` reads it (``inf``, ``-nan``, ``1e400`` is inf), else ``None``."""
    s = text.strip()
    if s.lower().lstrip("+-") in _FLOAT_WORDS and len(s) - len(s.lstrip("+-")) <= 1:
        return float(s)
    if _DECIMAL.match(s):
        check_digits(sum(c.isdigit() for c in s.lower().partition("e")[0]), f"{ops.name}.parse: the number")
        return float(s)  # correctly rounded; past the largest float it is inf, as float() gives
    return None


def _sympy_number_to_python(value: Any) -> Any:
    """A SymPy Integer/Rational/Float as the matching Python number, else ``None``."""
    if (getattr(type(value), "__module__", None) or "").startswith("sympy"):
        if getattr(value, "is_Integer", False):
            return int(value)
        if getattr(value, "is_Rational", False):
            return Fraction(int(value.p), int(value.q))
        if getattr(value, "is_Float", False):
            return float(value)
    return None


def _is_numpy_bool(tp: type) -> bool:
    """NumPy's boolean scalar type (``numpy.bool_``, named ``bool`` since NumPy 2)."""
    return tp.__module__ == "numpy" and tp.__name__ in ("bool_", "bool")


def _coprime_fraction_maker() -> Callable[[int, int], Fraction]:
    """The fastest way this Python has to build a Fraction from coprime ints (skipping the gcd).

    Python 3.12+ has ``Fraction._from_coprime_ints``; before that, the same
    two slot assignments are done here, and checked once against the real
    constructor (falling back to it if anything differs).
    """
    make = getattr(Fraction, "_from_coprime_ints", None)
    if make is not None:
        return make  # type: ignore[no-any-return]

    def assign(numerator: int, denominator: int) -> Fraction:
        obj = object.__new__(Fraction)
        obj._numerator = numerator  # type: ignore[attr-defined]
        obj._denominator = denominator  # type: ignore[attr-defined]
        return obj

    try:
        probe, real = assign(-6, 35), Fraction(-6, 35)
        if probe == real and hash(probe) == hash(real) and str(probe) == str(real) and probe * 35 == -6:
            return assign
    except Exception:
        pass
    return Fraction


coprime_fraction: Callable[[int, int], Fraction] = _coprime_fraction_maker()
"""``Fraction(n, d)`` for coprime ``n`` and ``d > 0``, without the gcd (internal: the caller guarantees both)."""

class _OperatorOps(BaseOps):
    """Shared members of the numeric ops: Python operators at C speed."""

    add = staticmethod(operator.add)
    sub = staticmethod(operator.sub)
    mul = staticmethod(operator.mul)
    neg = staticmethod(operator.neg)
    equal = staticmethod(operator.eq)
    is_zero = staticmethod(operator.not_)
    floordiv = staticmethod(operator.floordiv)
    mod = staticmethod(operator.mod)
    abs = staticmethod(operator.abs)
    lt = staticmethod(operator.lt)
    le = staticmethod(operator.le)
    native_types: tuple[type, ...] = ()
    returns_bool = True
    #: The elements' own ``**`` is the ring's power for int exponents.
    int_pow = staticmethod(operator.pow)

    def sum(self, values: Iterable[Any]) -> Any:
        return sum(values, self.zero)

    def round(self, a: Any, ndigits: int = 0) -> Any:
        """``a`` rounded to ``ndigits`` decimal digits, half to even (Python's ``round``), in this ops."""
        return self.convert(round(a, ndigits))

    def parse(self, text: str) -> Any:
        """The element spelled by ``text`` (ints, fractions, exact decimals)."""
        return self.convert(parse_cell(text))

    def spec(self) -> dict[str, Any]:
        return {"builtin": self.name}

    def prod(self, values: Iterable[Any]) -> Any:
        return math.prod(values, start=self.one)

    def pow(self, a: Any, k: int) -> Any:
        return a**k

    def __reduce__(self) -> str:
        # Built-in singletons pickle by name, so unpickling gives the same object.
        return self.name


class BooleanOps(_OperatorOps):
    """Ops of ``bool`` elements: the results of comparisons and the masks of indexing.

    Arithmetic on booleans tensors promotes to integers; ``add``/``mul`` here
    are logical or/and.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.booleans.add(True, False), gt.booleans.mul(True, False)
    (True, False)
    """

    name = "booleans"
    zero = False
    one = True

    def parse(self, text: str) -> bool:
        """``True``/``False`` (as ``format`` writes them, any case), or a number converted (``0`` and ``1``).

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.booleans.parse("True"), gt.booleans.parse(" false "), gt.booleans.parse("0")
        (True, False, False)
        """
        word = text.strip().lower()
        if word in ("true", "false"):
            return word == "true"
        return self.convert(parse_cell(text))  # type: ignore[no-any-return]

    #: Packed as NumPy ``bool``.
    packing = BooleanPacking()
    capabilities = Capabilities(kind="bool", ordered=True, mask=True)
    native_types = (bool,)
    #: Element functions by name (see ``ops/_elementary.py``): the logical forms of the bitwise operations.
    elementary = BOOLEAN_FUNCTIONS
    add = staticmethod(operator.or_)
    mul = staticmethod(operator.and_)

    def neg(self, a: Any) -> Any:
        return a

    int_pow = None  # booleans compute powers as integers

    def sub(self, a: Any, b: Any) -> Any:
        raise DomainError("booleans.sub: booleans have no subtraction; convert with .astype(gt.integers)")

    def sum(self, values: Iterable[Any]) -> Any:
        return any(values)

    def prod(self, values: Iterable[Any]) -> Any:
        return all(values)

    def convert(self, value: Any) -> bool:
        if value is True or value is False:
            return value
        if _is_numpy_bool(type(value)) or (isinstance(value, numbers.Integral) and value in (0, 1)):
            return bool(value)
        raise _refuse(self, value, "only True/False (or 0/1) are booleans")

    @property
    def arithmetic_ops(self) -> Any:
        return integers

    def to_json(self, a: bool) -> bool:
        return bool(a)

    def from_json(self, value: Any) -> bool:
        if type(value) is not bool:
            raise _Bad("", f"expected true or false (got {_show(value)})")
        return value

    def json_as_is(self, values: list[Any]) -> bool:
        return set(map(type, values)) <= {bool}

    def absorbs(self, other: Any) -> bool:
        return False


class IntegerOps(_OperatorOps):
    """Ops of Python ``int`` elements: an integral domain with exact division.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.integers.exquo(12, -4), gt.integers.convert(True), gt.integers.is_zero(0)
    (-3, 1, True)
    """

    name = "integers"
    zero = 0
    one = 1

    def format(self, a: int) -> str:
        """``str(a)``, for any number of digits (CPython's ``str`` stops at 4300; the limit here is ``max_digits``)."""
        return digits_of(a)
    #: Packed as ``int64`` while every value fits; kernels prove their results fit (else Python ints).
    packing = IntegerPacking()
    capabilities = Capabilities(
        kind="integer", integral_domain=True, exact_division=True, euclidean=True, ordered=True, characteristic=0,
        index=True, rational=True,
    )
    native_types = (int,)
    #: Element functions by name: exact ``sqrt`` of perfect squares, bitwise operations and shifts.
    elementary = INTEGER_FUNCTIONS
    divmod = staticmethod(divmod)
    gcd = staticmethod(math.gcd)
    #: ``a / b`` in the rationals: the Fraction constructor itself (one C call).
    to_fraction = staticmethod(Fraction)

    @property
    def fraction_field(self) -> Any:  # type: ignore[override]
        return rationals

    def convert(self, value: Any) -> int:
        if type(value) is int:
            return value
        if isinstance(value, numbers.Integral):
            return int(value)
        if isinstance(value, Fraction):
            if value.denominator == 1:
                return value.numerator
        elif isinstance(value, float):
            if value.is_integer():
                return int(value)
        else:
            py = _sympy_number_to_python(value)
            if py is not None and py.__class__ is not float:
                return self.convert(py)
        if isinstance(value, numbers.Number) or _sympy_number_to_python(value) is not None:
            raise _refuse(self, value, "use ops=gt.rationals (or floats) for non-integers")
        raise _refuse(self, value, "integers hold Python ints (strings are not parsed)")

    def exquo(self, a: int, b: int) -> int:
        q, r = divmod(a, b)
        if r:
            raise NotDivisibleError(f"integers.exquo: {a} is not divisible by {b}")
        return q

    def div(self, a: Any, b: Any) -> Any:
        raise DomainError(f"integers.div: integers are not a field (got {a} / {b}); use gt.rationals or exquo")

    def pow(self, a: int, k: int) -> int:
        if k < 0:
            raise DomainError(f"integers.pow: negative power {k} leaves the integers; use gt.rationals")
        return a**k

    def convert_list(self, values: Iterable[Any]) -> list[Any]:
        values = list(values)
        if set(map(type, values)) <= {bool, int}:
            return list(map(int, values))
        return list(map(self.convert, values))

    to_json = staticmethod(encode_int)

    def from_json(self, value: Any) -> int:
        return decode_int(value, "")

    def json_as_is(self, values: list[Any]) -> bool:
        return not values or (
            set(map(type, values)) == {int} and -_SAFE_INT <= min(values) and max(values) <= _SAFE_INT
        )

    def absorbs(self, other: Any) -> bool:
        return other is booleans


class RationalOps(_OperatorOps):
    """Ops of `fractions.Fraction` elements: the field of rationals.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.rationals.div(1, Fraction(3)), gt.rationals.convert(0.5)
    (Fraction(1, 3), Fraction(1, 2))
    """

    name = "rationals"
    zero = Fraction(0)
    one = Fraction(1)
    capabilities = Capabilities(
        kind="rational", integral_domain=True, field=True, exact_division=True, ordered=True, characteristic=0,
        rational=True,
    )
    native_types = (Fraction,)
    #: Element functions by name: exact ``sqrt`` of squares of rationals.
    elementary = RATIONAL_FUNCTIONS
    div = staticmethod(operator.truediv)
    exquo = staticmethod(operator.truediv)

    @staticmethod
    def floordiv(a: Fraction, b: Fraction) -> Fraction:
        """``a // b`` as a Fraction (Python's ``Fraction // Fraction`` is an int)."""
        return Fraction(a // b)

    def convert(self, value: Any) -> Fraction:
        if type(value) is Fraction:
            return value
        if isinstance(value, (numbers.Rational, float)):
            try:
                return Fraction(value)
            except (ValueError, OverflowError):
                pass
        else:
            py = _sympy_number_to_python(value)
            if py is not None:
                return self.convert(py)
        raise _refuse(self, value)

    def format(self, a: Fraction) -> str:
        if a.denominator == 1:
            return digits_of(a.numerator)
        return f"{digits_of(a.numerator)}/{digits_of(a.denominator)}"

    def latex(self, a: Fraction) -> str:
        if a.denominator == 1:
            return str(a.numerator)
        sign = "-" if a < 0 else ""
        return f"{sign}\\frac{{{abs(a.numerator)}}}{{{a.denominator}}}"

    def to_json(self, q: Fraction) -> list[Any]:
        return [encode_int(q.numerator), encode_int(q.denominator)]

    def from_json(self, value: Any) -> Fraction:
        return decode_fraction(value, "")

    def absorbs(self, other: Any) -> bool:
        return other is booleans or other is integers


class _IEEEOps(_OperatorOps):
    """What floats and complexes share: true division as ``div`` and ``exquo`` (IEEE 754), ``repr`` as the text form."""

    div = staticmethod(operator.truediv)
    exquo = staticmethod(operator.truediv)
    format = staticmethod(repr)


class FloatOps(_IEEEOps):
    """Ops of Python ``float`` elements: an inexact field.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.floats.div(1.0, 4.0), gt.floats.is_exact
    (0.25, False)
    """

    name = "floats"
    zero = 0.0
    one = 1.0
    #: Packed as ``float64`` (a Python float is one).
    packing = FloatPacking("float64")
    capabilities = Capabilities(
        kind="real floating", exact=False, integral_domain=True, field=True, exact_division=True,
        ordered=True, characteristic=0, floating=True,
    )
    native_types = (float,)
    #: Element functions by name, IEEE 754 special values included (``1.0 / 0.0`` is ``inf``).
    elementary = FLOAT_FUNCTIONS
    #: C-speed versions of some of them, right wherever they do not raise.
    fast_elementary = FLOAT_FAST
    #: Any real exponent, in the reals: a negative base to a fractional power is ``nan``.
    power = staticmethod(FLOAT_FUNCTIONS["power"])

    def convert(self, value: Any) -> float:
        if type(value) is float:
            return value
        if isinstance(value, numbers.Real):
            return _as_float(self, value)
        py = _sympy_number_to_python(value)
        if py is not None:
            return _as_float(self, py)
        raise _refuse(self, value)

    def parse(self, text: str) -> float:
        """The float ``text`` spells: what ``float()`` reads (``inf``, ``-inf``, ``nan``, decimals), or an exact value rounded.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.floats.parse("-inf"), gt.floats.parse("1e400"), gt.floats.parse("1/3")
        (-inf, inf, 0.3333333333333333)
        """
        found = _parse_float(self, text)
        return self.convert(parse_cell(text)) if found is None else found

    to_json = staticmethod(encode_float)

    def from_json(self, value: Any) -> float:
        return decode_float(value, "")

    def json_as_is(self, values: list[Any]) -> bool:
        return set(map(type, values)) <= {float} and all(map(math.isfinite, values))

    def absorbs(self, other: Any) -> bool:
        return other is booleans or other is integers or other is rationals


class ComplexOps(_IEEEOps):
    """Ops of Python ``complex`` elements: an inexact field without order.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.complexes.mul(1j, 1j)
    (-1+0j)
    """

    name = "complexes"
    zero = 0j
    one = 1 + 0j
    #: Packed as ``complex128``.
    packing = FloatPacking("complex128")
    capabilities = Capabilities(
        kind="complex floating", exact=False, integral_domain=True, field=True, exact_division=True, characteristic=0,
        floating=True, complex=True,
    )
    native_types = (complex,)
    #: Element functions by name (`cmath`, IEEE division).
    elementary = COMPLEX_FUNCTIONS
    fast_elementary = COMPLEX_FAST
    #: Any complex exponent: Python's own ``**`` (``0 ** -1`` gives ``inf+nanj``).
    power = staticmethod(COMPLEX_FUNCTIONS["power"])

    def lt(self, a: Any, b: Any) -> bool:
        raise DomainError(f"complexes.lt: complex numbers are not ordered (got {a!r} < {b!r})")

    le = lt
    floordiv = lt
    mod = lt

    def convert(self, value: Any) -> complex:
        if type(value) is complex:
            return value
        if isinstance(value, numbers.Real):
            return complex(_as_float(self, value))
        if isinstance(value, numbers.Complex):
            return complex(value)
        py = _sympy_number_to_python(value)
        if py is not None:
            return complex(_as_float(self, py))
        if (type(value).__module__ or "").startswith("sympy") and getattr(value, "is_number", False):
            # A numeric SymPy expression such as 1.0 + 2.0*I (no free symbols).
            try:
                return complex(value)
            except TypeError:
                pass
        raise _refuse(self, value)

    def parse(self, text: str) -> complex:
        """The complex number ``text`` spells: real special values and decimals as ``float()`` reads them, else an exact value rounded.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.complexes.parse("nan"), gt.complexes.parse("2 + 3*I")
        ((nan+0j), (2+3j))
        """
        found = _parse_float(self, text)
        if found is not None:
            return complex(found)
        s = text.strip()
        if "j" in s or "J" in s:  # Python's own spelling, which format writes: "(1+2j)", "-0.5j", "(nan+infj)"
            try:
                return complex(s)
            except ValueError:
                pass  # not Python's spelling: the exact reader says why
        return self.convert(parse_cell(text))

    @property
    def real_ops(self) -> Any:
        return floats

    def round(self, a: complex, ndigits: int = 0) -> complex:
        """Real and imaginary parts rounded separately (as NumPy does)."""
        return complex(round(a.real, ndigits), round(a.imag, ndigits))

    def to_json(self, z: complex) -> list[Any]:
        return [encode_float(z.real), encode_float(z.imag)]

    def from_json(self, value: Any) -> complex:
        if not isinstance(value, list) or len(value) != 2:
            raise _Bad("", f"expected a complex [real, imag] (got {_show(value)})")
        return complex(decode_float(value[0], ""), decode_float(value[1], ""))

    def absorbs(self, other: Any) -> bool:
        return other in (booleans, integers, rationals, floats)


booleans = BooleanOps()
"""``gt.booleans``: ``bool`` elements, the results of comparisons and the masks of indexing (arithmetic gives integers)."""
integers = IntegerOps()
"""``gt.integers``: Python ``int`` elements of any size, a Euclidean domain; quotients live in ``gt.rationals``."""
rationals = RationalOps()
"""``gt.rationals``: ``fractions.Fraction`` elements, the exact field of rational numbers."""
floats = FloatOps()
"""``gt.floats``: Python ``float`` elements, an inexact field following IEEE 754."""
complexes = ComplexOps()
"""``gt.complexes``: Python ``complex`` elements, an inexact field without order."""
