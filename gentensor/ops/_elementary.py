"""Element functions of the built-in rings: square roots, transcendental functions, IEEE special values.

An ops may carry a table ``elementary``: a mapping from a function name
(``"sqrt"``, ``"exp"``, ``"bitwise_and"``, ``"true_divide"``, ...) to a
callable on its elements.  The element-wise functions of
`gentensor.compute` look names up there, so a user ring that wants
``gt.sqrt`` gives its ops an ``elementary`` mapping with a ``"sqrt"`` entry.
Names absent from the table fall back to generic definitions over the
capabilities (``floor`` through ``floordiv``, ``sign`` through the order), or
raise [`DomainError`][gentensor.errors.DomainError].

A second, optional table ``fast_elementary`` holds C-speed versions (the
functions of `math` and `operator`) that agree with the
``elementary`` entry wherever they return, and raise
(``ValueError``/``ArithmeticError``) where IEEE arithmetic has a special value
instead; the engine runs them first and repeats the whole operation with the
safe entry only when one raises.

The tables here:

* **floats** follow IEEE 754 as NumPy does: ``1.0 / 0.0`` is ``inf``,
  ``0.0 / 0.0`` and ``sqrt(-1.0)`` are ``nan``, ``exp(1000.0)`` is ``inf``,
  ``log(0.0)`` is ``-inf``, a negative float to a fractional power is
  ``nan`` (never a complex number inside ``floats``);
* **complexes** use `cmath`, with IEEE division and ``exp``/``log``
  special values (other overflows give ``nan+nanj``);
* **integers** and **rationals** are exact: ``sqrt`` of a perfect square is
  exact, anything else that would leave the ring raises
  [`DomainError`][gentensor.errors.DomainError]; integers also have the bitwise operations and shifts;
* **booleans** have the logical forms of the bitwise operations;
* **symbolic** uses SymPy (``sqrt(2)`` stays ``sqrt(2)``), imported on first use.

Examples
--------
>>> FLOAT_FUNCTIONS["sqrt"](-1.0), FLOAT_FUNCTIONS["true_divide"](1.0, 0.0), FLOAT_FUNCTIONS["log"](0.0)
(nan, inf, -inf)
>>> INTEGER_FUNCTIONS["sqrt"](49), RATIONAL_FUNCTIONS["sqrt"](Fraction(4, 9))
(7, Fraction(2, 3))
"""

from __future__ import annotations

import cmath
import math
import operator
from fractions import Fraction
from functools import partial
from typing import Any, Callable, Mapping

from ..errors import ArgumentValueError, DomainError, LimitError, UndecidableError
from ..resources import check_number_bits, get_limits
from ._budget import OutOfTime, _is_sympy_failure, bounded, within
from ._magnitude import too_costly
from ._show import short_str

__all__ = [
    "FLOAT_FUNCTIONS",
    "FLOAT_FAST",
    "COMPLEX_FUNCTIONS",
    "COMPLEX_FAST",
    "INTEGER_FUNCTIONS",
    "RATIONAL_FUNCTIONS",
    "BOOLEAN_FUNCTIONS",
    "SymbolicFunctions",
    "TRANSCENDENTAL",
]

_inf = math.inf
_nan = math.nan

#: The functions whose values leave an exact ring (DomainError there, with a hint).
TRANSCENDENTAL = (
    "exp", "expm1", "log", "log1p", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
    "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "atan2", "hypot", "logaddexp", "nextafter",
)


# -- floats: IEEE 754 -----------------------------------------------------------------------
def _sign_of(x: float) -> float:
    return math.copysign(1.0, x)


def _f_true_divide(a: float, b: float) -> float:
    """``a / b`` with IEEE special values: ``±inf`` for a non-zero over zero, ``nan`` for ``0/0``."""
    try:
        return a / b
    except ZeroDivisionError:
        if a != a or a == 0:
            return _nan
        return math.copysign(_inf, a) * _sign_of(b)


def _f_floor_divide(a: float, b: float) -> float:
    """``a // b`` as NumPy: by zero gives ``±inf`` (``nan`` for ``0 // 0``)."""
    try:
        return a // b
    except ZeroDivisionError:
        return _f_true_divide(a, b)


def _f_remainder(a: float, b: float) -> float:
    """``a % b`` as NumPy: by zero gives ``nan``."""
    try:
        return a % b
    except ZeroDivisionError:
        return _nan


def _f_power(a: float, b: float) -> float:
    """``a ** b`` in the reals: ``nan`` for a finite negative base and a fractional exponent, ``inf`` on overflow.

    As IEEE 754 (C's ``pow``), ``(-inf) ** y`` is ``+inf`` for a positive ``y`` that is not an odd
    integer -- also for ``y = 0.5``, where NumPy computes ``sqrt`` and gives ``nan``.
    """
    try:
        return math.pow(a, b)
    except OverflowError:
        if a < 0 and b == math.floor(b) and int(b) % 2:
            return -_inf
        return _inf
    except ValueError:
        if a == 0 and b < 0:  # pole: 0 ** -k
            return math.copysign(_inf, a) if b == math.floor(b) and int(b) % 2 else _inf
        return _nan


def _overflow(f: Callable[[float], float], odd: bool, x: float) -> float:
    """``f(x)`` with an overflow mapped to ``inf`` (``±inf`` by the sign of ``x`` when ``odd``)."""
    try:
        return f(x)
    except OverflowError:
        return math.copysign(_inf, x) if odd else _inf


def _log_like(f: Callable[[float], float], pole: float, x: float) -> float:
    """A logarithm ``f(x)``: ``-inf`` at ``pole``, ``nan`` below it."""
    try:
        return f(x)
    except ValueError:
        return -_inf if x == pole else _nan


def _domain(f: Callable[[float], float], x: float) -> float:
    """``f(x)``, ``nan`` outside its domain (``sqrt(-1)``, ``asin(2)``, ``sin(inf)``)."""
    try:
        return f(x)
    except ValueError:
        return _nan


def _f_atanh(x: float) -> float:
    try:
        return math.atanh(x)
    except ValueError:
        return math.copysign(_inf, x) if abs(x) == 1 else _nan


def _f_logaddexp(a: float, b: float) -> float:
    """``log(exp(a) + exp(b))`` without overflow."""
    if a != a or b != b:
        return _nan
    big, small = (a, b) if a >= b else (b, a)
    if big == _inf or small == -_inf:
        return big
    return big + math.log1p(math.exp(small - big))


def _rounding(f: Callable[[float], int], x: float) -> float:
    """``floor``/``ceil``/``trunc`` that stay floats (``inf``, ``nan`` and ``-0.0`` are their own value)."""
    if x != x or x in (_inf, -_inf):
        return x
    r = float(f(x))
    return math.copysign(0.0, x) if r == 0 else r


def _f_sign(x: float) -> float:
    if x != x:
        return x
    return 0.0 if x == 0 else math.copysign(1.0, x)


def _f_signbit(x: float) -> bool:
    return math.copysign(1.0, x) < 0


def _f_extreme(before: Callable[[float, float], bool]) -> Callable[[float, float], float]:
    """IEEE ``maximum`` (``before`` is ``<``) or ``minimum`` (``>``): ``nan`` when either is, whatever the order."""

    def extreme(a: float, b: float) -> float:
        if a != a:
            return a
        if b != b:
            return b
        return b if before(a, b) else a

    return extreme


_f_maximum = _f_extreme(operator.lt)
_f_minimum = _f_extreme(operator.gt)


FLOAT_FUNCTIONS: Mapping[str, Callable[..., Any]] = {
    "true_divide": _f_true_divide,
    "floor_divide": _f_floor_divide,
    "remainder": _f_remainder,
    "power": _f_power,
    "sqrt": partial(_domain, math.sqrt),
    "exp": partial(_overflow, math.exp, False),
    "expm1": partial(_overflow, math.expm1, False),
    "log": partial(_log_like, math.log, 0.0),
    "log1p": partial(_log_like, math.log1p, -1.0),
    "log2": partial(_log_like, math.log2, 0.0),
    "log10": partial(_log_like, math.log10, 0.0),
    "sin": partial(_domain, math.sin),
    "cos": partial(_domain, math.cos),
    "tan": partial(_domain, math.tan),
    "asin": partial(_domain, math.asin),
    "acos": partial(_domain, math.acos),
    "atan": math.atan,
    "sinh": partial(_overflow, math.sinh, True),
    "cosh": partial(_overflow, math.cosh, False),
    "tanh": math.tanh,
    "asinh": math.asinh,
    "acosh": partial(_domain, math.acosh),
    "atanh": _f_atanh,
    "atan2": math.atan2,
    "hypot": math.hypot,
    "copysign": math.copysign,
    "nextafter": math.nextafter,
    "logaddexp": _f_logaddexp,
    "floor": partial(_rounding, math.floor),
    "ceil": partial(_rounding, math.ceil),
    "trunc": partial(_rounding, math.trunc),
    "sign": _f_sign,
    "signbit": _f_signbit,
    "isnan": math.isnan,
    "isinf": math.isinf,
    "isfinite": math.isfinite,
    "maximum": _f_maximum,
    "minimum": _f_minimum,
}

#: C-speed versions, right wherever they return (they raise where IEEE has a special value).
FLOAT_FAST: Mapping[str, Callable[..., Any]] = {
    "true_divide": operator.truediv,
    "floor_divide": operator.floordiv,
    "remainder": operator.mod,
    "power": math.pow,
    "sqrt": math.sqrt,
    "exp": math.exp,
    "expm1": math.expm1,
    "log": math.log,
    "log1p": math.log1p,
    "log2": math.log2,
    "log10": math.log10,
    "sin": math.sin,
    "cos": math.cos,
    "tan": math.tan,
    "asin": math.asin,
    "acos": math.acos,
    "sinh": math.sinh,
    "cosh": math.cosh,
    "acosh": math.acosh,
    "atanh": math.atanh,
}


_LN2 = math.log(2.0)
_LN10 = math.log(10.0)


# -- complexes ---------------------------------------------------------------------------------
def _c_true_divide(a: complex, b: complex) -> complex:
    """``a / b``; by zero, each part of ``a`` divided by ``0.0`` as IEEE floats (NumPy's ``inf+nanj``)."""
    try:
        return a / b
    except ZeroDivisionError:
        return complex(_f_true_divide(a.real, 0.0), _f_true_divide(a.imag, 0.0))


def _c_safe(f: Callable[[complex], complex], z: complex) -> complex:
    """``f(z)``; ``nan+nanj`` where `cmath` overflows or leaves its domain."""
    try:
        return f(z)
    except (OverflowError, ValueError):
        return complex(_nan, _nan)


def _c_exp(z: complex) -> complex:
    try:
        return cmath.exp(z)
    except ValueError:  # an infinite imaginary part with a real part that is finite or +inf: C99's invalid cases
        return complex(_inf if z.real == _inf else _nan, _nan)
    except OverflowError:  # a finite z whose modulus passes the largest float
        r = FLOAT_FUNCTIONS["exp"](z.real)
        return complex(r * math.cos(z.imag) if z.imag else r, r * math.sin(z.imag) if z.imag else z.imag)


def _c_log(z: complex) -> complex:
    try:
        return cmath.log(z)
    except ValueError:  # log(0)
        return complex(-_inf, math.atan2(z.imag, z.real))


def _c_expm1(z: complex) -> complex:
    """``exp(z) - 1`` without the cancellation near 0 (NumPy's formula): ``expm1(x) cos y - 2 sin(y/2)**2`` and
    ``exp(x) sin y``, IEEE special values included (``sin`` and ``cos`` of an infinity are NaN)."""
    x, y = z.real, z.imag
    half = _ieee_trig(math.sin, y / 2)
    real = FLOAT_FUNCTIONS["expm1"](x) * _ieee_trig(math.cos, y) - 2.0 * half * half
    return complex(real, FLOAT_FUNCTIONS["exp"](x) * _ieee_trig(math.sin, y))


def _ieee_trig(f: Any, x: float) -> float:
    """``f(x)`` for ``math.sin``/``math.cos``, NaN at an infinity as in C (Python's ``math`` raises there)."""
    return f(x) if math.isfinite(x) else _nan


def _c_log1p(z: complex) -> complex:
    return _c_log(complex(1.0 + z.real, z.imag))  # keeps the sign of a zero imaginary part (the branch cut)


def _c_log2(z: complex) -> complex:
    w = _c_log(z)
    return complex(w.real / _LN2, w.imag / _LN2)  # part by part: complex division would turn -inf into nan


def _c_log10(z: complex) -> complex:
    w = _c_log(z)
    return complex(w.real / _LN10, w.imag / _LN10)


def _c_power(a: complex, b: complex) -> complex:
    try:
        return a**b
    except ZeroDivisionError:  # 0 ** (negative or complex)
        return complex(_inf, _nan) if b.real < 0 else complex(_nan, _nan)
    except OverflowError:
        return complex(_nan, _nan)


def _c_sign(z: complex) -> complex:
    if z.real != z.real or z.imag != z.imag:
        return complex(_nan, _nan)
    r = abs(z)
    return 0j if r == 0 else z / r


COMPLEX_FUNCTIONS: Mapping[str, Callable[..., Any]] = {
    "true_divide": _c_true_divide,
    "power": _c_power,
    "sqrt": cmath.sqrt,
    "exp": _c_exp,
    "expm1": _c_expm1,
    "log": _c_log,
    "log1p": _c_log1p,
    "log2": _c_log2,
    "log10": _c_log10,
    "sin": partial(_c_safe, cmath.sin),
    "cos": partial(_c_safe, cmath.cos),
    "tan": partial(_c_safe, cmath.tan),
    "asin": partial(_c_safe, cmath.asin),
    "acos": partial(_c_safe, cmath.acos),
    "atan": partial(_c_safe, cmath.atan),
    "sinh": partial(_c_safe, cmath.sinh),
    "cosh": partial(_c_safe, cmath.cosh),
    "tanh": partial(_c_safe, cmath.tanh),
    "asinh": partial(_c_safe, cmath.asinh),
    "acosh": partial(_c_safe, cmath.acosh),
    "atanh": partial(_c_safe, cmath.atanh),
    "sign": _c_sign,
    "isnan": cmath.isnan,
    "isinf": cmath.isinf,
    "isfinite": cmath.isfinite,
    "real": operator.attrgetter("real"),
    "imag": operator.attrgetter("imag"),
    "conj": complex.conjugate,
}

COMPLEX_FAST: Mapping[str, Callable[..., Any]] = {"true_divide": operator.truediv, "power": operator.pow}


# -- exact rings -------------------------------------------------------------------------------
def _int_sqrt(a: int) -> int:
    """The exact square root of a perfect square; [`DomainError`][gentensor.errors.DomainError] otherwise."""
    check_number_bits(a.bit_length(), "sqrt", "the argument")
    if a >= 0:
        r = math.isqrt(a)
        if r * r == a:
            return r
    raise DomainError(
        f"sqrt: {short_str(a)} is not a perfect square, so its square root is not an integer; "
        "convert with .astype(gt.floats) for a float or .astype(gt.symbolic) for an exact root"
    )


def _fraction_sqrt(q: Fraction) -> Fraction:
    """The exact square root of a square of a rational; [`DomainError`][gentensor.errors.DomainError] otherwise."""
    check_number_bits(q.numerator.bit_length() + q.denominator.bit_length(), "sqrt", "the argument")
    if q >= 0:
        n, d = math.isqrt(q.numerator), math.isqrt(q.denominator)
        if n * n == q.numerator and d * d == q.denominator:
            return Fraction(n, d)
    raise DomainError(
        f"sqrt: {short_str(q)} is not the square of a rational, so its square root is not rational; "
        "convert with .astype(gt.floats) for a float or .astype(gt.symbolic) for an exact root"
    )


def _shift_count(b: int, func: str) -> None:
    if b < 0:
        raise ArgumentValueError(
            f"{func}: negative shift count (got {b}); shift the other way with "
            f"{'bitwise_right_shift' if func == 'bitwise_left_shift' else 'bitwise_left_shift'}"
        )


def _shift_left(a: int, b: int) -> int:
    """``a << b``, refusing a negative count and a result of more than ``max_bits`` bits."""
    _shift_count(b, "bitwise_left_shift")
    limit = get_limits().max_bits
    if a and b > limit - a.bit_length():
        raise LimitError(
            f"bitwise_left_shift: a {a.bit_length()}-bit value shifted left by {b} would have "
            f"{a.bit_length() + b} bits, more than max_bits={limit}; raise it with gt.limits(max_bits=...)"
        )
    return a << b


def _shift_right(a: int, b: int) -> int:
    _shift_count(b, "bitwise_right_shift")
    return a >> b


INTEGER_FUNCTIONS: Mapping[str, Callable[..., Any]] = {
    "sqrt": _int_sqrt,
    "bitwise_and": operator.and_,
    "bitwise_or": operator.or_,
    "bitwise_xor": operator.xor,
    "bitwise_invert": operator.invert,
    "bitwise_left_shift": _shift_left,
    "bitwise_right_shift": _shift_right,
}

RATIONAL_FUNCTIONS: Mapping[str, Callable[..., Any]] = {"sqrt": _fraction_sqrt}

BOOLEAN_FUNCTIONS: Mapping[str, Callable[..., Any]] = {
    "bitwise_and": operator.and_,
    "bitwise_or": operator.or_,
    "bitwise_xor": operator.xor,
    "bitwise_invert": operator.not_,
}


# -- symbolic ----------------------------------------------------------------------------------
# Module-level functions (never lambdas), so process pools can send them to workers.
def _sympy() -> Any:
    import sympy

    return sympy


def evaluated(name: str, func: Callable[..., Any], *args: Any) -> Any:
    """``func(*args)`` for a SymPy function class, within the budgets; unevaluated where SymPy cannot finish.

    SymPy's constructors evaluate: ``floor`` and ``sign`` numerically,
    ``sqrt`` of an integer by looking for perfect powers.  Where that would
    need more precision than the budget, runs out of time, or fails (a hidden
    zero), the result is the unevaluated ``func(*args, evaluate=False)`` --
    the same value, exactly.
    """
    if not any(too_costly(a) for a in args):
        try:
            return within(None, func, *args)
        except OutOfTime:
            pass
        except (RecursionError, OverflowError, MemoryError, ValueError, TypeError, ArithmeticError):
            pass
        except Exception as e:  # PrecisionExhausted and other SymPy failures
            if not _is_sympy_failure(e):
                raise
    try:
        return func(*args, evaluate=False)
    except Exception:
        raise UndecidableError(
            f"{name}: SymPy cannot evaluate it within the budget (got {', '.join(short_str(a) for a in args)}); "
            "raise gt.limits(zero_test_seconds=..., zero_test_bits=...)",
            args[0] if args else None,
        ) from None


def symbolic_floor(a: Any) -> Any:
    """``floor(a)``: exact -- for a constant the integer proven (hidden zeros too) or `UndecidableError`; with symbols unevaluated.

    Examples
    --------
    >>> import sympy
    >>> z = sympy.atan(sympy.Rational(1, 2)) + sympy.atan(sympy.Rational(1, 3)) - sympy.pi / 4
    >>> symbolic_floor(z), symbolic_floor(sympy.pi)
    (0, 3)
    """
    return _integer_function("floor", a)


def _integer_function(name: str, a: Any) -> Any:
    sympy = _sympy()
    func = sympy.floor if name == "floor" else sympy.ceiling
    if getattr(a, "is_Number", False):
        return func(a)
    if a.free_symbols:
        return evaluated(name, func, a)  # floor(x) stays floor(x)
    if too_costly(a):
        raise UndecidableError(
            f"{name}: evaluating {short_str(a)} needs more precision than the budget of 16 * zero_test_bits; "
            "raise gt.limits(zero_test_bits=...)",
            a,
        )
    from ._rounding import integer_part

    return integer_part(name, a)


def _s_floor(a: Any) -> Any:
    return _integer_function("floor", a)


def _s_ceil(a: Any) -> Any:
    return _integer_function("ceiling", a)


def _s_sqrt(a: Any) -> Any:
    """SymPy's ``sqrt``, refusing the perfect-power search on integers past ``max_modulus_bits``.

    SymPy looks for square factors and perfect powers of an integer: a
    fraction of a second at 4096 bits, more than 30 s at 16384.  A larger
    perfect square still gets its exact root; any other integer that large
    raises [`LimitError`][gentensor.errors.LimitError].
    """
    sympy = _sympy()
    if getattr(a, "is_Rational", False):
        p, q = abs(int(a.p)), int(a.q)
        limit = get_limits().max_modulus_bits
        if max(p.bit_length(), q.bit_length()) > limit:
            check_number_bits(p.bit_length() + q.bit_length(), "sqrt", "the argument")
            rp, rq = math.isqrt(p), math.isqrt(q)
            if rp * rp == p and rq * rq == q:
                root = sympy.Rational(rp, rq)
                return root if a >= 0 else root * sympy.I
            raise LimitError(
                f"sqrt: the argument has {max(p.bit_length(), q.bit_length())} bits, more than "
                f"max_modulus_bits={limit}, and is not a perfect square (got {short_str(a)}); SymPy's search for "
                "its square factors would take minutes; raise it with gt.limits(max_modulus_bits=...)"
            )
    return evaluated("sqrt", sympy.sqrt, a)


class _Bounded:
    """A SymPy function class as an element function: within the budgets, unevaluated where SymPy cannot finish."""

    def __init__(self, name: str, attribute: str) -> None:
        self.name = name
        self.attribute = attribute

    def __call__(self, *args: Any) -> Any:
        return evaluated(self.name, getattr(_sympy(), self.attribute), *args)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Bounded, (self.name, self.attribute))


def _s_expm1(a: Any) -> Any:
    return _sympy().exp(a) - 1


def _s_log1p(a: Any) -> Any:
    return _sympy().log(1 + a)


def _s_log2(a: Any) -> Any:
    return _sympy().log(a, 2)


def _s_log10(a: Any) -> Any:
    return _sympy().log(a, 10)


def _s_hypot(a: Any, b: Any) -> Any:
    return _sympy().sqrt(a**2 + b**2)


def _s_logaddexp(a: Any, b: Any) -> Any:
    sympy = _sympy()
    return sympy.log(sympy.exp(a) + sympy.exp(b))


def _constant(a: Any) -> bool:
    """A SymPy constant that is not a plain number: what SymPy's numerics would guess about."""
    return not getattr(a, "is_Number", False) and not getattr(a, "free_symbols", True)


def _s_trunc(a: Any) -> Any:
    sympy = _sympy()
    if getattr(a, "is_Number", False):
        return sympy.Integer(int(a)) if a.is_finite else a
    if _constant(a):
        from ._rounding import exact_trunc

        return exact_trunc(a)
    return sympy.sign(a) * sympy.floor(sympy.Abs(a))


def _s_sign(a: Any) -> Any:
    if _constant(a):
        from ._rounding import proven_sign

        return proven_sign(a)
    return evaluated("sign", _sympy().sign, a)


def _s_signbit(a: Any) -> bool:
    if _constant(a):
        from ._rounding import proven_signbit

        return proven_signbit(a)
    return _decided("signbit", "is_negative", a)


def _s_isnan(a: Any) -> bool:
    return a is _sympy().S.NaN


def _decided(name: str, attribute: str, a: Any) -> bool:
    """SymPy's answer to ``a.<attribute>`` (``is_negative``, ``is_finite``, ...), or [`DomainError`][gentensor.errors.DomainError] when it has none."""
    value = None if too_costly(a) else bounded(name, lambda: short_str(a), getattr, a, attribute)
    if value is None:
        raise DomainError(
            f"{name}: SymPy cannot decide it for {short_str(a)} (got an expression with unknown assumptions); "
            "substitute values first, or declare assumptions on the symbols"
        )
    return bool(value)


_SYMPY_NAMES = {
    "exp": "exp", "log": "log", "sin": "sin", "cos": "cos", "tan": "tan", "asin": "asin",
    "acos": "acos", "atan": "atan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh", "asinh": "asinh",
    "acosh": "acosh", "atanh": "atanh", "atan2": "atan2",
    "real": "re", "imag": "im", "conj": "conjugate",
}

_SYMBOLIC_OWN: dict[str, Callable[..., Any]] = {
    "sqrt": _s_sqrt,
    "floor": _s_floor,
    "ceil": _s_ceil,
    "expm1": _s_expm1,
    "log1p": _s_log1p,
    "log2": _s_log2,
    "log10": _s_log10,
    "hypot": _s_hypot,
    "logaddexp": _s_logaddexp,
    "trunc": _s_trunc,
    "sign": _s_sign,
    "isnan": _s_isnan,
    "signbit": _s_signbit,
    "isinf": partial(_decided, "isinf", "is_infinite"),
    "isfinite": partial(_decided, "isfinite", "is_finite"),
}


class SymbolicFunctions(Mapping[str, Callable[..., Any]]):
    """The element functions of SymPy expressions (SymPy is imported on the first lookup).

    Predicates (``isnan``, ``isinf``, ``isfinite``, ``signbit``) answer only
    when SymPy can decide; otherwise they raise [`DomainError`][gentensor.errors.DomainError].

    Examples
    --------
    >>> import sympy
    >>> SymbolicFunctions()["sqrt"](sympy.Integer(8))
    2*sqrt(2)
    """

    def __getitem__(self, name: str) -> Callable[..., Any]:
        own = _SYMBOLIC_OWN.get(name)
        if own is not None:
            return own
        if name in _SYMPY_NAMES:
            return _Bounded(name, _SYMPY_NAMES[name])
        raise KeyError(name)

    def __iter__(self) -> Any:
        return iter([*_SYMPY_NAMES, *_SYMBOLIC_OWN])

    def __len__(self) -> int:
        return len(_SYMPY_NAMES) + len(_SYMBOLIC_OWN)

    def __contains__(self, name: object) -> bool:
        return name in _SYMPY_NAMES or name in _SYMBOLIC_OWN
