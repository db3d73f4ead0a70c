"""Public element-wise functions made from the rows of [`_table`][gentensor.compute._table]: signatures, bodies, docstrings.

Each row of the table becomes one function object, with a real signature
(positional-only operands, keyword-only ``executor=``/``workers=`` where the
form has them), a body that hands the row's plan to the engine under the
row's name (the name packed kernels are found by), and a numpydoc docstring
generated from the row: summary, how it is computed, the IEEE rules for
floats, Returns by where the results live, Raises, and the row's examples.

The made functions are bound once, typed by their form, at the end of this
module (``sqrt: Unary[Any] = function("sqrt")``); their public modules
import them from here, and their ``__module__`` names the public module
(pickling, doctest and the API pages go by it: the examples run as
``gentensor.compute.transcendental.sqrt``).

A function whose body is its own (``power``, ``round``, ``clip``, ...) is a
``def`` in its module decorated with `documented`, which gives it the
docstring of its row.  An alias is the same object bound under a second
name (``pow = power``); the API pages show it as a short entry of its own
(`api_docstring`).  Griffe reads source, not objects: the pages get the
signatures and docstrings of what is made here through
``docs/_hooks/table_functions.py``.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, TypeVar

from ..core.tensor import Tensor
from ._engine import binary, unary
from ._functions import both_booleans, function_plan
from ._table import BINARY, BINARY_PARALLEL, BOOL, CUSTOM, FIELD, LOGICAL, REAL, ROWS, SAME, UNARY, UNARY_PARALLEL, Row, row

__all__ = ["Unary", "Binary", "UnaryParallel", "BinaryParallel", "function", "documented", "docstring", "api_docstring"]

R = TypeVar("R", covariant=True)
F = TypeVar("F", bound=Callable[..., Any])


class Unary(Protocol[R]):
    """``f(x, /)``: a new tensor for a tensor, an element (of type ``R`` or the ops') for a scalar."""

    def __call__(self, x: Any, /) -> Tensor[Any] | R: ...


class Binary(Protocol[R]):
    """``f(x1, x2, /)``, broadcast."""

    def __call__(self, x1: Any, x2: Any, /) -> Tensor[Any] | R: ...


class UnaryParallel(Protocol[R]):
    """``f(x, /, *, executor=None, workers=None)``."""

    def __call__(self, x: Any, /, *, executor: Any = None, workers: Any = None) -> Tensor[Any] | R: ...


class BinaryParallel(Protocol[R]):
    """``f(a, b, /, *, executor=None, workers=None)``, broadcast."""

    def __call__(self, a: Any, b: Any, /, *, executor: Any = None, workers: Any = None) -> Tensor[Any] | R: ...


# -- bodies, one per form -----------------------------------------------------------------------------
def _unary(r: Row, plan: Any) -> Callable[..., Any]:
    name, promote = r.name, r.promote_bool

    def function(x: Any, /) -> Tensor[Any] | Any:
        return unary(name, x, plan, promote_bool=promote)

    return function


def _unary_parallel(r: Row, plan: Any) -> Callable[..., Any]:
    name, promote = r.name, r.promote_bool

    def function(x: Any, /, *, executor: Any = None, workers: Any = None) -> Tensor[Any] | Any:
        return unary(name, x, plan, promote_bool=promote, executor=executor, workers=workers)

    return function


def _binary(r: Row, plan: Any) -> Callable[..., Any]:
    name, promote = r.name, r.promote_bool

    def function(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
        return binary(name, x1, x2, plan, promote_bool=promote)

    return function


def _binary_parallel(r: Row, plan: Any) -> Callable[..., Any]:
    name, promote = r.name, r.promote_bool

    def function(a: Any, b: Any, /, *, executor: Any = None, workers: Any = None) -> Tensor[Any] | Any:
        return binary(name, a, b, plan, promote_bool=promote, executor=executor, workers=workers)

    return function


def _logical(r: Row, plan: Any) -> Callable[..., Any]:
    """Two booleans tensors go to the bitwise function (packed kernels included); other operands read truth."""
    name, bitwise = r.name, r.booleans_as
    bitwise_plan = function_plan(bitwise)

    def function(x1: Any, x2: Any, /) -> Tensor[Any] | bool:
        if both_booleans(x1, x2):
            return binary(bitwise, x1, x2, bitwise_plan, promote_bool=False)
        return binary(name, x1, x2, plan, promote_bool=False)

    return function


_BODIES = {UNARY: _unary, UNARY_PARALLEL: _unary_parallel, BINARY: _binary, BINARY_PARALLEL: _binary_parallel, LOGICAL: _logical}
_PACKAGE = __name__.rpartition(".")[0]


def _make(r: Row) -> Callable[..., Any]:
    f = _BODIES[r.form](r, r.plan or function_plan(r.name, r.result))
    if r.result == BOOL:
        f.__annotations__ = {**f.__annotations__, "return": "Tensor[Any] | bool"}
    f.__name__ = f.__qualname__ = r.name
    f.__module__ = f"{_PACKAGE}.{r.module}"
    f.__doc__ = docstring(r)
    return f


# -- docstrings -----------------------------------------------------------------------------------------
_RETURNS = {
    SAME: "A new tensor of the operands' ops{booleans}, 0-d included; the element itself for scalar operands.",
    BOOL: "A new tensor of ``bool`` (ops booleans), 0-d included; a ``bool`` for scalar operands.",
    REAL: "A new tensor of the real parts' ops (``ops.real_ops``: complexes give floats), 0-d included; "
          "the element itself for a scalar.",
    FIELD: "A new tensor of the operands' field (``ops.fraction_field`` of a ring that has one: integers give "
           "rationals), 0-d included; the element itself for scalar operands.",
}
_BOOLEANS = {True: " (booleans computed as integers)", False: " (booleans stay booleans)"}
_PARALLEL = (
    "executor, workers",
    "The parallel policy for this call (see [`gentensor.parallel`][gentensor.parallel.parallel]); by default "
    "the one in force.",
)
_BROADCAST = (
    ("ShapeError", "The shapes do not broadcast (the message names both shapes and the axis)."),
    ("OpsMismatchError", "The operands' ops cannot be combined (``modular(5)`` with ``modular(7)``)."),
)
_TEMPLATE = """{summary}

{body}

{sections}Examples
--------
>>> import gentensor as gt
{examples}
"""


def _section(title: str, entries: Any) -> str:
    lines = [title, "-" * len(title)]
    for head, text in entries:
        lines += [head, f"    {text}"]
    return "\n".join(lines) + "\n\n"


def _call(name: str, args: tuple[float, ...]) -> str:
    return f"``{name}({', '.join(map(repr, args))})``"


def docstring(r: Row) -> str:
    """The numpydoc docstring of the function of row ``r``."""
    computes = r.computes or f'``ops.elementary["{r.name}"]``'
    body = [f"Computed by {computes}."]
    if r.ieee:
        rules = "; ".join(f"{_call(r.name, args)} is ``{value!r}``" for args, value in r.ieee)
        body.append(f"Floats follow IEEE 754, as NumPy does: {rules}.")
    body += [f"``gt.{alias}`` ({why}) is the same function." for alias, _, why in r.aliases]
    parameters = ([_PARALLEL] if r.form in (UNARY_PARALLEL, BINARY_PARALLEL) else []) + list(r.parameters)
    returns = r.returns or _RETURNS[r.result].format(booleans=_BOOLEANS[r.promote_bool])
    raises = (_BROADCAST if r.form in (BINARY, BINARY_PARALLEL, LOGICAL) else ()) + r.raises
    sections = _section("Parameters", parameters) if parameters else ""
    sections += _section("Returns", [(r.returns_type, returns)])
    sections += _section("Raises", raises) if raises else ""
    examples = "\n".join(f">>> {call}" + (f"\n{out}" if out else "") for call, out in r.examples)
    text = " ".join(body)
    return _TEMPLATE.format(
        summary=r.summary, body=f"{r.details}\n\n{text}" if r.details else text, sections=sections, examples=examples
    )


def _alias_docstring(r: Row, alias: str, why: str) -> str:
    target = f"[`{r.name}`][{_PACKAGE}.{r.module}.{r.name}]"
    return (
        f"``{alias}`` is {why} of {target}: the same function object.\n\n"
        f"Examples\n--------\n>>> import gentensor as gt\n>>> gt.{alias} is gt.{r.name}\nTrue\n"
    )


# -- the functions ---------------------------------------------------------------------------------------
_FUNCTIONS = {r.name: _make(r) for r in ROWS if r.form != CUSTOM}
_ROW_OF: dict[int, Row] = {id(f): row(name) for name, f in _FUNCTIONS.items()}

#: doctest runs the examples of the aliases' entries on the API pages (the functions' own run in their modules).
__test__ = {alias: _alias_docstring(r, alias, why) for r in ROWS for alias, _, why in r.aliases}


def function(name: str) -> Any:
    """The function made from the row ``name`` (for its module to bind under that name)."""
    return _FUNCTIONS[name]


def documented(f: F) -> F:
    """Give the hand-written function ``f`` the docstring of its row (a ``CUSTOM`` row of its module)."""
    r = row(f.__name__)
    if r.form != CUSTOM or f.__module__ != f"{_PACKAGE}.{r.module}":
        raise RuntimeError(f"documented: {f.__module__}.{f.__name__} is not the CUSTOM row {r.module}.{r.name}")
    f.__doc__ = docstring(r)
    _ROW_OF[id(f)] = r
    return f


def api_docstring(module: str, name: str, obj: Any) -> str | None:
    """The docstring the API pages show for ``module.name`` bound to ``obj``, when it is made from the table.

    The function's own docstring where the row puts it; a short entry for an
    alias the row declares in ``module``; ``None`` for anything else
    (another binding of the same object stays off the pages).
    """
    r = _ROW_OF.get(id(obj))
    if r is None:
        return None
    if name == r.name and module == f"{_PACKAGE}.{r.module}":
        return docstring(r)
    for alias, where, why in r.aliases:
        if name == alias and module == f"{_PACKAGE}.{where}":
            return _alias_docstring(r, alias, why)
    return None


# -- the functions, bound once: their public modules import them from here --------------------------------
add: BinaryParallel[Any] = function("add")
subtract: BinaryParallel[Any] = function("subtract")
multiply: BinaryParallel[Any] = function("multiply")
divide: BinaryParallel[Any] = function("divide")
floor_divide: BinaryParallel[Any] = function("floor_divide")
remainder: BinaryParallel[Any] = function("remainder")
negative: UnaryParallel[Any] = function("negative")
abs: UnaryParallel[Any] = function("abs")
equal: BinaryParallel[bool] = function("equal")
not_equal: BinaryParallel[bool] = function("not_equal")
less: BinaryParallel[bool] = function("less")
less_equal: BinaryParallel[bool] = function("less_equal")
greater: BinaryParallel[bool] = function("greater")
greater_equal: BinaryParallel[bool] = function("greater_equal")
sqrt: Unary[Any] = function("sqrt")
exp: Unary[Any] = function("exp")
expm1: Unary[Any] = function("expm1")
log: Unary[Any] = function("log")
log1p: Unary[Any] = function("log1p")
log2: Unary[Any] = function("log2")
log10: Unary[Any] = function("log10")
sin: Unary[Any] = function("sin")
cos: Unary[Any] = function("cos")
tan: Unary[Any] = function("tan")
asin: Unary[Any] = function("asin")
acos: Unary[Any] = function("acos")
atan: Unary[Any] = function("atan")
sinh: Unary[Any] = function("sinh")
cosh: Unary[Any] = function("cosh")
tanh: Unary[Any] = function("tanh")
asinh: Unary[Any] = function("asinh")
acosh: Unary[Any] = function("acosh")
atanh: Unary[Any] = function("atanh")
atan2: Binary[Any] = function("atan2")
hypot: Binary[Any] = function("hypot")
logaddexp: Binary[Any] = function("logaddexp")
floor: Unary[Any] = function("floor")
ceil: Unary[Any] = function("ceil")
trunc: Unary[Any] = function("trunc")
sign: Unary[Any] = function("sign")
signbit: Unary[bool] = function("signbit")
copysign: Binary[Any] = function("copysign")
nextafter: Binary[Any] = function("nextafter")
isnan: Unary[bool] = function("isnan")
isinf: Unary[bool] = function("isinf")
isfinite: Unary[bool] = function("isfinite")
real: Unary[Any] = function("real")
imag: Unary[Any] = function("imag")
conj: Unary[Any] = function("conj")
maximum: Binary[Any] = function("maximum")
minimum: Binary[Any] = function("minimum")
bitwise_and: Binary[Any] = function("bitwise_and")
bitwise_or: Binary[Any] = function("bitwise_or")
bitwise_xor: Binary[Any] = function("bitwise_xor")
bitwise_invert: Unary[Any] = function("bitwise_invert")
bitwise_left_shift: Binary[Any] = function("bitwise_left_shift")
bitwise_right_shift: Binary[Any] = function("bitwise_right_shift")
logical_and: Binary[bool] = function("logical_and")
logical_or: Binary[bool] = function("logical_or")
logical_xor: Binary[bool] = function("logical_xor")
logical_not: Unary[bool] = function("logical_not")
