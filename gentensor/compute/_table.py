"""The table of element-wise functions: one row per public function, from which each is made and documented.

A row says what a user reads and what the engine runs:

* ``name`` -- the public name (and the name the engine dispatches packed
  kernels by: ``binary(name, ...)``, ``unary(name, ...)``);
* ``form`` -- the signature: ``(x, /)``, ``(x1, x2, /)``, the arithmetic
  forms with ``executor=``/``workers=``, the logical form (two booleans
  tensors go to a bitwise function), or ``CUSTOM`` (a hand-written body in
  its module, documented from its row);
* ``computes`` and ``plan`` -- the ops member or ``elementary`` entry that
  computes it, as text for the docstring and as the plan the engine runs
  (``None``: the ops' ``elementary[name]``, then the generic rule of
  [`gentensor.compute._functions`][gentensor.compute._functions]);
* ``result`` -- where the results live: the operands' ops (``SAME``),
  booleans (``BOOL``), the real parts' ops (``REAL``), or the fraction field
  of a ring that has one (``FIELD``);
* ``ieee`` -- the IEEE 754 rules for floats, as ``(arguments, result)``
  pairs (``tests/test_function_table.py`` checks each against NumPy);
* ``summary``, ``details``, ``parameters``, ``returns``, ``raises``,
  ``examples`` -- the docstring's parts (Returns has a text for each kind of
  result unless the row gives one); each example is a call and its expected
  output, run as a doctest;
* ``aliases`` -- other names of the same function object, each with the
  module that exports it and why the name exists.

[`gentensor.compute._maker`][gentensor.compute._maker] turns the rows into
functions with real signatures and numpydoc docstrings.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass, replace
from typing import Any, Callable

from ._functions import BOOL, REAL, SAME, logical_plan, not_plan
from ._plans import (
    plan_abs,
    plan_add,
    plan_divide,
    plan_equal,
    plan_floor_divide,
    plan_greater,
    plan_greater_equal,
    plan_less,
    plan_less_equal,
    plan_multiply,
    plan_negative,
    plan_not_equal,
    plan_remainder,
    plan_subtract,
)

__all__ = [
    "Row",
    "ROWS",
    "row",
    "SAME",
    "BOOL",
    "REAL",
    "FIELD",
    "UNARY",
    "BINARY",
    "UNARY_PARALLEL",
    "BINARY_PARALLEL",
    "LOGICAL",
    "CUSTOM",
]

#: The results live in the fraction field of a ring that has one (integers ÷ integers: rationals).
FIELD = "field"

#: Signatures: ``(x, /)``, ``(x1, x2, /)``, ``(x, /, *, executor, workers)``, ``(a, b, /, *, executor, workers)``.
UNARY, BINARY, UNARY_PARALLEL, BINARY_PARALLEL = "x", "x1, x2", "x, *", "a, b, *"
#: ``(x1, x2, /)`` reading each element's truth; two booleans tensors go to the row's ``booleans_as``.
LOGICAL = "logical"
#: A hand-written body in the row's module (``@documented``); the row gives its docstring.
CUSTOM = "custom"

inf, nan = math.inf, math.nan


@dataclass(frozen=True)
class Row:
    """One element-wise function: how it is computed, where its results live, its docstring's parts."""

    name: str
    form: str
    summary: str
    computes: str = ""
    result: str = SAME
    plan: Callable[[Any], Any] | None = None
    promote_bool: bool = True
    details: str = ""
    ieee: tuple[tuple[tuple[float, ...], Any], ...] = ()
    raises: tuple[tuple[str, str], ...] = ()
    examples: tuple[tuple[str, str], ...] = ()
    aliases: tuple[tuple[str, str, str], ...] = ()
    parameters: tuple[tuple[str, str], ...] = ()
    returns_type: str = "Tensor"
    returns: str = ""
    booleans_as: str = ""
    module: str = ""


def _in(module: str, *rows: Row) -> tuple[Row, ...]:
    return tuple(replace(r, module=module) for r in rows)


# -- what the Raises sections say more than once -------------------------------------------------
NOT_EXACT = (
    "DomainError",
    "The ring has no exact value for it (an exact ring, ``modular(n)``, a user ring without the function); "
    "convert with ``.astype(gt.floats)`` or ``.astype(gt.symbolic)``.",
)
NOT_ORDERED = ("DomainError", "The elements are not ordered (``modular(n)``, complexes), or SymPy cannot decide.")
NO_BITWISE = ("DomainError", "The ops has no bitwise operations (rationals, floats, ``modular(n)``, ...).")
NEGATIVE_SHIFT = ("ArgumentValueError", "A negative shift count.")


# -- transcendental functions: the ops' ``elementary`` entry ------------------------------------------
TRANSCENDENTAL = _in(
    "transcendental",
    Row("sqrt", UNARY, "The square root of each element.",
        details="Exact rings: exact for perfect squares (``sqrt(49)`` over integers is ``7``), else "
                "[`DomainError`][gentensor.errors.DomainError]; symbolic: SymPy's ``sqrt``.",
        ieee=(((-1.0,), nan),), raises=(NOT_EXACT,),
        examples=(("gt.sqrt(gt.tensor([4, 9, 49])).tolist(), gt.sqrt(gt.tensor([2.0, -1.0])).tolist()",
                   "([2, 3, 7], [1.4142135623730951, nan])"),
                  ("gt.sqrt(gt.tensor([8]).astype(gt.symbolic)).tolist()", "[2*sqrt(2)]"))),
    Row("exp", UNARY, "The exponential ``e**x`` of each element.", ieee=(((1000.0,), inf),), raises=(NOT_EXACT,),
        examples=(("gt.exp(gt.tensor([0.0, 1.0])).tolist(), gt.exp(gt.tensor([1000.0])).tolist()",
                   "([1.0, 2.718281828459045], [inf])"),)),
    Row("expm1", UNARY, "``exp(x) - 1`` of each element, accurate near zero.",
        ieee=(((1000.0,), inf), ((-inf,), -1.0)), raises=(NOT_EXACT,),
        examples=(("gt.expm1(gt.tensor([1e-10])).tolist()", "[1.00000000005e-10]"),)),
    Row("log", UNARY, "The natural logarithm of each element.", ieee=(((0.0,), -inf), ((-1.0,), nan)),
        raises=(NOT_EXACT,),
        examples=(("gt.log(gt.tensor([1.0, 0.0, -1.0])).tolist()", "[0.0, -inf, nan]"),
                  ("gt.log(gt.tensor([1])).tolist()",
                   "Traceback (most recent call last):\n...\ngentensor.errors.DomainError: log: integers are exact and "
                   "log of their elements is not (got a tensor with ops integers); convert with .astype(gt.floats) "
                   "for floats, or .astype(gt.symbolic) for exact symbolic values"))),
    Row("log1p", UNARY, "``log(1 + x)`` of each element, accurate near zero.",
        ieee=(((-1.0,), -inf), ((-2.0,), nan)), raises=(NOT_EXACT,),
        examples=(("gt.log1p(gt.tensor([0.0, -1.0])).tolist()", "[0.0, -inf]"),)),
    Row("log2", UNARY, "The base-2 logarithm of each element.", ieee=(((0.0,), -inf), ((-1.0,), nan)),
        raises=(NOT_EXACT,), examples=(("gt.log2(gt.tensor([8.0, 0.5])).tolist()", "[3.0, -1.0]"),)),
    Row("log10", UNARY, "The base-10 logarithm of each element.", ieee=(((0.0,), -inf), ((-1.0,), nan)),
        raises=(NOT_EXACT,), examples=(("gt.log10(gt.tensor([1000.0])).tolist()", "[3.0]"),)),
    Row("sin", UNARY, "The sine (radians) of each element.", ieee=(((inf,), nan),), raises=(NOT_EXACT,),
        examples=(("gt.sin(gt.tensor([0.0])).tolist(), gt.sin(gt.symbols('t', 1)).tolist()", "([0.0], [sin(t_0)])"),)),
    Row("cos", UNARY, "The cosine (radians) of each element.", ieee=(((inf,), nan),), raises=(NOT_EXACT,),
        examples=(("gt.cos(gt.tensor([0.0])).tolist()", "[1.0]"),)),
    Row("tan", UNARY, "The tangent (radians) of each element.", ieee=(((inf,), nan),), raises=(NOT_EXACT,),
        examples=(("gt.tan(gt.tensor([0.0])).tolist()", "[0.0]"),)),
    Row("asin", UNARY, "The inverse sine of each element.", ieee=(((2.0,), nan),), raises=(NOT_EXACT,),
        examples=(("gt.asin(gt.tensor([1.0, 2.0])).tolist()", "[1.5707963267948966, nan]"),)),
    Row("acos", UNARY, "The inverse cosine of each element.", ieee=(((2.0,), nan),), raises=(NOT_EXACT,),
        examples=(("gt.acos(gt.tensor([1.0])).tolist()", "[0.0]"),)),
    Row("atan", UNARY, "The inverse tangent of each element.", ieee=(((inf,), math.pi / 2),), raises=(NOT_EXACT,),
        examples=(("gt.atan(gt.tensor([0.0, float('inf')])).tolist()", "[0.0, 1.5707963267948966]"),)),
    Row("sinh", UNARY, "The hyperbolic sine of each element.", ieee=(((-1000.0,), -inf),), raises=(NOT_EXACT,),
        examples=(("gt.sinh(gt.tensor([0.0, -1000.0])).tolist()", "[0.0, -inf]"),)),
    Row("cosh", UNARY, "The hyperbolic cosine of each element.", ieee=(((1000.0,), inf),), raises=(NOT_EXACT,),
        examples=(("gt.cosh(gt.tensor([0.0])).tolist()", "[1.0]"),)),
    Row("tanh", UNARY, "The hyperbolic tangent of each element.", ieee=(((1000.0,), 1.0),), raises=(NOT_EXACT,),
        examples=(("gt.tanh(gt.tensor([0.0, 1000.0])).tolist()", "[0.0, 1.0]"),)),
    Row("asinh", UNARY, "The inverse hyperbolic sine of each element.", ieee=(((inf,), inf),), raises=(NOT_EXACT,),
        examples=(("gt.asinh(gt.tensor([0.0])).tolist()", "[0.0]"),)),
    Row("acosh", UNARY, "The inverse hyperbolic cosine of each element.", ieee=(((0.0,), nan),), raises=(NOT_EXACT,),
        examples=(("gt.acosh(gt.tensor([1.0, 0.0])).tolist()", "[0.0, nan]"),)),
    Row("atanh", UNARY, "The inverse hyperbolic tangent of each element.", ieee=(((1.0,), inf), ((2.0,), nan)),
        raises=(NOT_EXACT,), examples=(("gt.atanh(gt.tensor([0.0, 1.0, 2.0])).tolist()", "[0.0, inf, nan]"),)),
    Row("atan2", BINARY, "The angle of the point ``(x2, x1)``: ``atan(x1 / x2)`` in the right quadrant.",
        ieee=(((0.0, -0.0), math.pi), ((nan, 1.0), nan)), raises=(NOT_EXACT,),
        examples=(("gt.atan2(gt.tensor([1.0, 1.0]), gt.tensor([1.0, -1.0])).tolist()",
                   "[0.7853981633974483, 2.356194490192345]"),)),
    Row("hypot", BINARY, "``sqrt(x1**2 + x2**2)`` of each pair of elements, without overflow.",
        ieee=(((inf, nan), inf),), raises=(NOT_EXACT,),
        examples=(("gt.hypot(gt.tensor([3.0]), 4.0).tolist()", "[5.0]"),)),
    Row("logaddexp", BINARY, "``log(exp(x1) + exp(x2))`` of each pair of elements, without overflow.",
        ieee=(((-inf, -inf), -inf),), raises=(NOT_EXACT,),
        examples=(("gt.logaddexp(gt.tensor([1000.0]), gt.tensor([1000.0])).tolist()", "[1000.6931471805599]"),)),
)

# -- elementary functions: the ops' ``elementary`` entry, else a rule over the capabilities ------------
_FLOORDIV = 'else ``ops.floordiv(x, ops.one)`` of an ordered ring'
ELEMENTARY = _in(
    "elementary",
    Row("floor", UNARY, "The largest integral value ``<= x``, element-wise, in ``x``'s ops.",
        computes=f'``ops.elementary["floor"]``, {_FLOORDIV}', ieee=(((inf,), inf), ((nan,), nan)),
        raises=(("DomainError", "The ring is not ordered or has no floor division (``modular(n)``, complexes)."),),
        examples=(("gt.floor(gt.tensor([2.5, -2.5])).tolist(), gt.floor(gt.tensor([3, -3])).tolist()",
                   "([2.0, -3.0], [3, -3])"),)),
    Row("ceil", UNARY, "The smallest integral value ``>= x``, element-wise, in ``x``'s ops.",
        computes=f'``ops.elementary["ceil"]``, {_FLOORDIV}', ieee=(((-inf,), -inf),),
        raises=(("DomainError", "The ring is not ordered or has no floor division."),),
        examples=(("from fractions import Fraction", ""),
                  ("gt.ceil(gt.tensor([Fraction(1, 3), Fraction(-1, 3)])).tolist()",
                   "[Fraction(1, 1), Fraction(0, 1)]"))),
    Row("trunc", UNARY, "The integral part (rounded toward zero), element-wise, in ``x``'s ops.",
        computes=f'``ops.elementary["trunc"]``, {_FLOORDIV} and its order', ieee=(((nan,), nan),),
        raises=(("DomainError", "The ring is not ordered or has no floor division."),),
        examples=(("gt.trunc(gt.tensor([2.7, -2.7])).tolist()", "[2.0, -2.0]"),)),
    Row("sign", UNARY, "``-1``, ``0`` or ``1`` by the sign of each element (``x / abs(x)`` for complexes), in ``x``'s ops.",
        computes='``ops.elementary["sign"]``, else the order (``ops.lt``) of an ordered ring',
        ieee=(((nan,), nan), ((-0.0,), 0.0)), raises=(NOT_ORDERED,),
        examples=(("gt.sign(gt.tensor([-5, 0, 3])).tolist(), gt.sign(gt.tensor([3j])).tolist()",
                   "([-1, 0, 1], [1j])"),)),
    Row("signbit", UNARY, "True where the sign bit is set: negative elements (and ``-0.0``).", result=BOOL,
        computes='``ops.elementary["signbit"]``, else the order (``ops.lt``) of an ordered ring',
        ieee=(((-0.0,), True), ((nan,), False)), raises=(NOT_ORDERED,),
        examples=(("gt.signbit(gt.tensor([-1.0, -0.0, 2.0])).tolist()", "[True, True, False]"),)),
    Row("copysign", BINARY, "The magnitude of ``x1`` with the sign of ``x2``.", ieee=(((1.0, -0.0), -1.0),),
        raises=(("DomainError", "The ops has no ``copysign`` (only floats do)."),),
        examples=(("gt.copysign(gt.tensor([1.0, 2.0]), -0.0).tolist()", "[-1.0, -2.0]"),)),
    Row("nextafter", BINARY, "The next float after ``x1`` toward ``x2``.", ieee=(((0.0, 1.0), 5e-324),),
        raises=(("DomainError", "The ops has no ``nextafter`` (only floats do)."),),
        examples=(("gt.nextafter(gt.tensor([1.0]), 2.0).tolist()", "[1.0000000000000002]"),)),
    Row("isnan", UNARY, "True where an element is NaN (never for exact rings).", result=BOOL,
        computes='``ops.elementary["isnan"]``, else ``False`` for an exact ring', ieee=(((nan,), True),),
        raises=(("DomainError", "An inexact ops without an ``isnan`` entry."),),
        examples=(("gt.isnan(gt.tensor([1.0, float('nan')])).tolist(), gt.isnan(gt.tensor([1, 2])).tolist()",
                   "([False, True], [False, False])"),)),
    Row("isinf", UNARY, "True where an element is infinite (never for exact rings).", result=BOOL,
        computes='``ops.elementary["isinf"]``, else ``False`` for an exact ring', ieee=(((-inf,), True),),
        raises=(("DomainError", "An inexact ops without an ``isinf`` entry."),),
        examples=(("gt.isinf(gt.tensor([1.0, float('-inf')])).tolist()", "[False, True]"),)),
    Row("isfinite", UNARY, "True where an element is neither infinite nor NaN (always for exact rings).", result=BOOL,
        computes='``ops.elementary["isfinite"]``, else ``True`` for an exact ring',
        ieee=(((nan,), False), ((inf,), False)),
        raises=(("DomainError", "SymPy cannot decide whether an expression is finite (a symbol without assumptions)."),),
        examples=(("gt.isfinite(gt.tensor([1.0, float('inf'), float('nan')])).tolist()", "[True, False, False]"),)),
    Row("real", UNARY, "The real part of each element (a real ring is its own real part).", result=REAL,
        computes='``ops.elementary["real"]``, else the element itself in an ordered or finite ring',
        raises=(("DomainError", "The ops does not say how to conjugate its elements."),),
        examples=(("gt.real(gt.tensor([1 + 2j])).tolist(), gt.real(gt.tensor([5])).tolist()", "([1.0], [5])"),)),
    Row("imag", UNARY, "The imaginary part of each element (zero for a real ring).", result=REAL,
        computes='``ops.elementary["imag"]``, else ``ops.zero`` in an ordered or finite ring',
        raises=(("DomainError", "The ops does not say how to conjugate its elements."),),
        examples=(("gt.imag(gt.tensor([1 + 2j])).tolist(), gt.imag(gt.tensor([5])).tolist()", "([2.0], [0])"),)),
    Row("conj", UNARY, "The complex conjugate of each element (a real ring is unchanged).",
        computes='``ops.elementary["conj"]``, else ``ops.conjugate``, else the identity in an ordered or finite ring',
        ieee=(((-0.0,), -0.0),), aliases=(("conjugate", "elementary", "NumPy's and SymPy's name"),),
        raises=(("DomainError", "The ops does not say how to conjugate its elements."),),
        examples=(("gt.conj(gt.tensor([1 + 2j])).tolist()", "[(1-2j)]"),)),
    Row("square", CUSTOM, "``x * x`` element-wise.", computes="``ops.mul``", ieee=(((1e200,), inf),),
        examples=(("gt.square(gt.tensor([-3, 4])).tolist()", "[9, 16]"),)),
    Row("reciprocal", CUSTOM, "``1 / x`` element-wise, exactly (integers give rationals, as ``/`` does).",
        computes="``ops.div``, the fraction field's ``ops.to_fraction``, or ``ops.exquo`` (as [`divide`][gentensor.compute.elementwise.divide])",
        result=FIELD, ieee=(((0.0,), inf), ((-0.0,), -inf)),
        raises=(("ZeroDivisionError", "A zero element of an exact ring (floats give ``inf``)."),),
        examples=(("gt.reciprocal(gt.tensor([2, -4])).tolist(), gt.reciprocal(gt.tensor([0.0])).tolist()",
                   "([Fraction(1, 2), Fraction(-1, 4)], [inf])"),)),
    Row("maximum", BINARY, "The larger of each pair of elements.", promote_bool=False,
        computes='``ops.elementary["maximum"]``, else the order (``ops.lt``) of an ordered ring',
        ieee=(((nan, 1.0), nan), ((1.0, nan), nan)), raises=(NOT_ORDERED,),
        examples=(("gt.maximum(gt.tensor([1, 5]), gt.tensor([[3], [4]])).tolist()", "[[3, 5], [4, 5]]"),)),
    Row("minimum", BINARY, "The smaller of each pair of elements.", promote_bool=False,
        computes='``ops.elementary["minimum"]``, else the order (``ops.lt``) of an ordered ring',
        ieee=(((1.0, nan), nan),), raises=(NOT_ORDERED,),
        examples=(("gt.minimum(gt.tensor([1, 5]), 3).tolist(), gt.minimum(float('nan'), gt.tensor([1.0])).tolist()",
                   "([1, 3], [nan])"),)),
    Row("clip", CUSTOM, "Each element clamped to ``[min, max]`` (``None``: no bound on that side), with broadcasting.",
        computes="[`maximum`][gentensor.compute.elementary.maximum] and [`minimum`][gentensor.compute.elementary.minimum]",
        details="``clip(x, a, b)`` is ``minimum(maximum(x, a), b)``; NaN elements stay NaN.",
        parameters=(("min, max : element, Tensor or None", "Bounds broadcast against ``x``."),),
        returns="A new tensor (a copy when both bounds are ``None``).", raises=(NOT_ORDERED,),
        examples=(("from fractions import Fraction", ""),
                  ("gt.clip(gt.tensor([-2, 0, 5]), 0, 3).tolist()", "[0, 0, 3]"),
                  ("gt.clip(gt.tensor([Fraction(1, 3), 2]), max=1).tolist()", "[Fraction(1, 3), Fraction(1, 1)]"))),
)

# -- bitwise and logical functions --------------------------------------------------------------------
_IS_ZERO = "the truth of each element: ``not ops.is_zero``"
BITWISE = _in(
    "bitwise",
    Row("bitwise_and", BINARY, "``x1 & x2`` element-wise (integers; logical *and* for booleans).", promote_bool=False,
        raises=(NO_BITWISE,),
        examples=(("gt.bitwise_and(gt.tensor([12, 10]), 6).tolist(), (gt.tensor([True, False]) & True).tolist()",
                   "([4, 2], [True, False])"),)),
    Row("bitwise_or", BINARY, "``x1 | x2`` element-wise (integers; logical *or* for booleans).", promote_bool=False,
        raises=(NO_BITWISE,), examples=(("gt.bitwise_or(gt.tensor([12, 10]), 1).tolist()", "[13, 11]"),)),
    Row("bitwise_xor", BINARY, "``x1 ^ x2`` element-wise (integers; logical *xor* for booleans).", promote_bool=False,
        raises=(NO_BITWISE,),
        examples=(("gt.bitwise_xor(gt.tensor([True, True]), gt.tensor([True, False])).tolist()", "[False, True]"),)),
    Row("bitwise_invert", UNARY, "``~x`` element-wise: ``-x - 1`` for integers, logical *not* for booleans.",
        promote_bool=False, raises=(NO_BITWISE,),
        examples=(("gt.bitwise_invert(gt.tensor([0, 5])).tolist(), (~gt.tensor([True, False])).tolist()",
                   "([-1, -6], [False, True])"),)),
    Row("bitwise_left_shift", BINARY, "``x1 << x2`` element-wise (integers; ``x2`` must be non-negative).",
        raises=(NEGATIVE_SHIFT, ("LimitError", "A result of more than ``max_bits`` bits "
                                 "([`gentensor.limits`][gentensor.resources.limits]).")),
        examples=(("gt.bitwise_left_shift(gt.tensor([1, 3]), gt.tensor([4, 1])).tolist()", "[16, 6]"),)),
    Row("bitwise_right_shift", BINARY,
        "``x1 >> x2`` element-wise (integers; rounds toward minus infinity, as Python's ``>>``).",
        raises=(NEGATIVE_SHIFT,), examples=(("(gt.tensor([16, -16]) >> 2).tolist()", "[4, -4]"),)),
    Row("logical_and", LOGICAL, "True where both elements are non-zero.", computes=_IS_ZERO, result=BOOL,
        plan=logical_plan(operator.and_), booleans_as="bitwise_and", ieee=(((nan, 1.0), True),),
        examples=(("gt.logical_and(gt.tensor([1, 0, 2]), gt.tensor([3, 4, 0])).tolist()", "[True, False, False]"),)),
    Row("logical_or", LOGICAL, "True where either element is non-zero.", computes=_IS_ZERO, result=BOOL,
        plan=logical_plan(operator.or_), booleans_as="bitwise_or",
        examples=(("gt.logical_or(gt.tensor([True, False]), gt.tensor([False, False])).tolist()", "[True, False]"),)),
    Row("logical_xor", LOGICAL, "True where exactly one element is non-zero.", computes=_IS_ZERO, result=BOOL,
        plan=logical_plan(operator.xor), booleans_as="bitwise_xor",
        examples=(("gt.logical_xor(gt.tensor([1, 1, 0]), gt.tensor([1, 0, 0])).tolist()", "[False, True, False]"),)),
    Row("logical_not", UNARY, "True where an element is zero.", computes="``ops.is_zero``", result=BOOL,
        plan=not_plan, promote_bool=False,
        examples=(("import sympy", ""), ("t = sympy.Symbol('t')", ""),
                  ("gt.logical_not(gt.tensor([(t + 1)**2 - t**2 - 2*t - 1, t])).tolist()", "[True, False]"))),
)

# -- arithmetic and comparisons ------------------------------------------------------------------------
_EXACT_DIVISION = (
    "Fields (rationals, symbolic, floats, ``modular(p)``) use ``ops.div``; integers divide in their fraction "
    "field (``ops.to_fraction``: rationals); ``modular(n)`` multiplies by the modular inverse; other rings "
    "with exact division (``has_exquo``) use ``ops.exquo``."
)
ELEMENTWISE = _in(
    "elementwise",
    Row("add", BINARY_PARALLEL, "``a + b`` element-wise, with broadcasting.", computes="``ops.add``",
        plan=plan_add, ieee=(((inf, -inf), nan),),
        raises=(("TypeError", "A scalar cannot be converted to the result ops."),),
        examples=(("(gt.tensor([[1], [2]]) + gt.tensor([10, 20, 30])).tolist()", "[[11, 21, 31], [12, 22, 32]]"),
                  ("gt.add(1, gt.tensor([1, 2], ops=gt.modular(3))).tolist()", "[2, 0]"))),
    Row("subtract", BINARY_PARALLEL, "``a - b`` element-wise, with broadcasting.",
        computes="``ops.sub`` (``ops.add`` of ``ops.neg`` without it)", plan=plan_subtract, ieee=(((inf, inf), nan),),
        examples=(("(10 - gt.tensor([1, 2, 3])).tolist()", "[9, 8, 7]"),)),
    Row("multiply", BINARY_PARALLEL, "``a * b`` element-wise, with broadcasting (not the matrix product).",
        computes="``ops.mul``", plan=plan_multiply, ieee=(((0.0, inf), nan),),
        examples=(("from fractions import Fraction", ""),
                  ("(gt.tensor([1, 2]) * Fraction(1, 2)).tolist()", "[Fraction(1, 2), Fraction(1, 1)]"))),
    Row("divide", BINARY_PARALLEL, "``a / b`` element-wise and exact: integers give rationals, never floats.",
        computes="``ops.div``, the fraction field's ``ops.to_fraction``, or ``ops.exquo``", result=FIELD,
        plan=plan_divide, details=_EXACT_DIVISION, ieee=(((1.0, 0.0), inf), ((-1.0, 0.0), -inf), ((0.0, 0.0), nan)),
        raises=(("ZeroDivisionError", "Division by zero, naming the index."),
                ("NotDivisibleError", "A divisor with no inverse in ``modular(n)``, or an inexact ``exquo``."),
                ("DomainError", "The ring has neither division nor exact division.")),
        examples=(("(gt.tensor([1, 2, 3]) / 2).tolist()", "[Fraction(1, 2), Fraction(1, 1), Fraction(3, 2)]"),
                  ("(gt.tensor([1, 2], ops=gt.modular(7)) / 3).tolist()", "[5, 3]"),
                  ("gt.tensor([1, 2]) / gt.tensor([1, 0])",
                   "Traceback (most recent call last):\n...\nZeroDivisionError: divide: division by zero at index (1,) "
                   "(got 2 and 0)"))),
    Row("floor_divide", BINARY_PARALLEL, "``a // b`` element-wise (rationals stay rationals).",
        computes='``ops.floordiv`` (floats: ``ops.elementary["floor_divide"]``)', plan=plan_floor_divide,
        ieee=(((1.0, 0.0), inf), ((0.0, 0.0), nan)),
        raises=(("DomainError", "The ring has no floor division (``modular(n)``, complexes, a user ring without "
                                "``floordiv``)."),),
        examples=(("(gt.tensor([7, -7]) // 2).tolist()", "[3, -4]"),)),
    Row("remainder", BINARY_PARALLEL, "``a % b`` element-wise (Python's sign convention).",
        computes='``ops.mod`` (floats: ``ops.elementary["remainder"]``)', plan=plan_remainder,
        ieee=(((1.0, 0.0), nan),), raises=(("DomainError", "The ring has no remainder."),),
        examples=(("(gt.tensor([7, -7]) % 3).tolist()", "[1, 2]"),)),
    Row("power", CUSTOM, "``a ** b`` element-wise, with broadcasting.",
        computes='``ops.pow`` for integer exponents, else the ops\' own ``ops.power``',
        details="Integer exponents (Python ints, integers tensors) keep the base's ops, except that integers to a "
                "negative power give rationals (as SymPy does, and as ``/`` does).  Other exponents promote both "
                "sides; floats, complexes, symbolic and objects then use their own ``**``, while exact rings accept "
                "only integral exponents.",
        ieee=(((0.0, -1.0), inf), ((10.0, 400.0), inf), ((-8.0, 1 / 3), nan)),
        aliases=(("pow", "elementary", "the Array API's name"),),
        raises=(("DomainError", "A non-integer exponent for an exact ring (``rationals ** (1/2)``)."),
                ("ZeroDivisionError, NotDivisibleError", "A negative power of zero, or of a zero divisor mod n."),
                ("LimitError", "A result of more than ``max_bits`` bits "
                               "([`gentensor.limits`][gentensor.resources.limits]).")),
        examples=(("(gt.tensor([1, 2, 3]) ** 2).tolist(), (2 ** gt.tensor([0, 1, 2])).tolist()", "([1, 4, 9], [1, 2, 4])"),
                  ("(gt.tensor([1, 2]) ** -1).tolist()", "[Fraction(1, 1), Fraction(1, 2)]"))),
    Row("negative", UNARY_PARALLEL, "``-x`` element-wise.", computes="``ops.neg``", plan=plan_negative,
        ieee=(((0.0,), -0.0),), examples=(("(-gt.tensor([1, -2])).tolist()", "[-1, 2]"),)),
    Row("positive", CUSTOM, "``+x``: a copy.", computes="a copy (booleans converted to integers)",
        ieee=(((-0.0,), -0.0),),
        examples=(("x = gt.tensor([1, 2]); y = +x", ""), ("y.tolist(), y is x", "([1, 2], False)"))),
    Row("abs", UNARY_PARALLEL, "``abs(x)`` element-wise (symbolic gives ``Abs``).", computes="``ops.abs``",
        result=REAL, plan=plan_abs, ieee=(((-inf,), inf), ((-0.0,), 0.0)),
        raises=(("DomainError", "The ring has no absolute value (``modular(n)``, a user ring without ``abs``)."),),
        examples=(("abs(gt.tensor([-3, 4])).tolist(), gt.abs(gt.tensor([3 + 4j])).tolist()", "([3, 4], [5.0])"),)),
    Row("round", CUSTOM, "``x`` rounded element-wise to ``decimals`` decimal digits, half to even.",
        computes="``ops.round``",
        details="The ops stays: rationals round to rationals (exactly), integers to integers, floats to floats "
                "(``round(x)`` on a tensor calls this).",
        raises=(("DomainError", "The ring has no rounding (``modular(n)``, a user ring without ``round``)."),
                ("ArgumentTypeError", "``decimals`` is not an int.")),
        examples=(("from fractions import Fraction", ""),
                  ("gt.round(gt.tensor([Fraction(5, 2), Fraction(-7, 4)])).tolist()", "[Fraction(2, 1), Fraction(-2, 1)]"),
                  ("gt.round(gt.tensor([3.14159, 2.71828]), decimals=2).tolist()", "[3.14, 2.72]"))),
    Row("equal", BINARY_PARALLEL, "``a == b`` element-wise (semantic for SymPy: ``(t + 1)**2`` equals its expansion).",
        computes="``ops.equal``", result=BOOL, plan=plan_equal, promote_bool=False, ieee=(((nan, nan), False),),
        examples=(("import sympy", ""), ("t = sympy.Symbol('t')", ""),
                  ("gt.equal(gt.tensor([(t + 1)**2, t]), gt.tensor([t**2 + 2*t + 1, 1])).tolist()", "[True, False]"))),
    Row("not_equal", BINARY_PARALLEL, "``a != b`` element-wise.", computes="``not ops.equal``", result=BOOL,
        plan=plan_not_equal, promote_bool=False, ieee=(((nan, nan), True),),
        examples=(("(gt.tensor([1, 2]) != 2).tolist()", "[True, False]"),)),
    Row("less", BINARY_PARALLEL, "``a < b`` element-wise.", computes="``ops.lt``", result=BOOL, plan=plan_less,
        promote_bool=False, ieee=(((nan, 1.0), False),), raises=(NOT_ORDERED,),
        examples=(("(gt.tensor([1, 2, 3]) < 2).tolist()", "[True, False, False]"),)),
    Row("less_equal", BINARY_PARALLEL, "``a <= b`` element-wise.", computes="``ops.le``", result=BOOL,
        plan=plan_less_equal, promote_bool=False, ieee=(((1.0, nan), False),), raises=(NOT_ORDERED,),
        examples=(("(gt.tensor([1, 2, 3]) <= 2).tolist()", "[True, True, False]"),)),
    Row("greater", BINARY_PARALLEL, "``a > b`` element-wise.", computes="``ops.lt`` with the operands swapped",
        result=BOOL, plan=plan_greater, promote_bool=False, ieee=(((inf, inf), False),), raises=(NOT_ORDERED,),
        examples=(("(gt.tensor([1, 2, 3]) > 2).tolist()", "[False, False, True]"),)),
    Row("greater_equal", BINARY_PARALLEL, "``a >= b`` element-wise.", computes="``ops.le`` with the operands swapped",
        result=BOOL, plan=plan_greater_equal, promote_bool=False, ieee=(((nan, nan), False),), raises=(NOT_ORDERED,),
        examples=(("(gt.tensor([1, 2, 3]) >= 2).tolist()", "[False, True, True]"),)),
    Row("array_equal", CUSTOM,
        "True when ``a`` and ``b`` have the same shape and every pair of elements is ``ops.equal``.",
        computes="``ops.equal``", result=BOOL,
        details="Scalars count as 0-d tensors; different shapes give ``False`` (no broadcasting).",
        returns_type="bool", returns="``True`` or ``False``.",
        raises=(("OpsMismatchError", "The ops cannot be compared (``modular(5)`` with ``modular(7)``)."),),
        examples=(("from fractions import Fraction", ""),
                  ("gt.array_equal(gt.tensor([1, 2]), gt.tensor([Fraction(1), Fraction(2)]))", "True"),
                  ("gt.array_equal(gt.tensor([1, 2]), gt.tensor([[1, 2]]))", "False"))),
)

#: Every row, in the order of the API pages.
ROWS: tuple[Row, ...] = ELEMENTWISE + TRANSCENDENTAL + ELEMENTARY + BITWISE
_BY_NAME = {r.name: r for r in ROWS}


def row(name: str) -> Row:
    """The row of the element-wise function ``name``."""
    return _BY_NAME[name]
