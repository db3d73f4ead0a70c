"""SymPy conveniences on symbolic tensors: ``subs``, ``diff``, ``expand``, ``simplify``, ``evalf``.

Each applies the SymPy method of the same name to every element and returns
a new symbolic tensor.  They are the function forms behind the Tensor
methods ``x.subs(...)``, ``x.diff(*symbols)``, ``x.expand()``,
``x.simplify()`` and ``x.evalf(n)``.
"""

from __future__ import annotations

from typing import Any

from .._docs import examples, made, section, sections
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import ArgumentValueError, DomainError, GentensorError
from ..ops import capabilities_of, symbolic

__all__ = ["subs", "diff", "expand", "simplify", "evalf"]

# The sections the docstrings below share (see gentensor._docs).
SYMBOLIC_RESULT = section("Returns", ("Tensor", "A new tensor (ops symbolic)."))
_RETURNS_FLOATS = section("Returns", ("Tensor", "A new tensor (ops symbolic, elements SymPy ``Float`` where numeric)."))
_NOT_SYMBOLIC = ("DomainError", "``x`` does not hold SymPy expressions (convert with x.astype(gt.symbolic)).")
_NO_SUCH_SYMBOL = ("ValueError", "A keyword names no free symbol of ``x``, or two symbols of that name.")


def refused(func: str, exc: BaseException, args: tuple[Any, ...], kwargs: dict[str, Any]) -> ArgumentValueError:
    """The error for arguments SymPy could not use (bad limits, a number as a variable, a rule that is not one).

    SymPy says so with a bare ``ValueError``, ``TypeError`` or
    ``AttributeError``; this names the function, the arguments and SymPy's reason.

    Examples
    --------
    >>> print(refused("integrate", ValueError("Invalid limits given: (None,)"), (None,), {}))
    integrate: SymPy cannot use the arguments (None) (ValueError: Invalid limits given: (None,)); pass SymPy symbols, numbers and expressions as sympy.integrate takes them
    """
    shown = ", ".join([*map(repr, args), *(f"{k}={v!r}" for k, v in kwargs.items())])
    if len(shown) > 200:
        shown = shown[:200] + "..."
    reason = " ".join(str(exc).split()) or type(exc).__name__
    return ArgumentValueError(
        f"{func}: SymPy cannot use the arguments ({shown}) ({type(exc).__name__}: {reason}); "
        f"pass SymPy symbols, numbers and expressions as sympy.{func} takes them"
    )


def each_element(func: str, values: list[Any], f: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
    """``[f(v) for v in values]``, with SymPy's complaints about the arguments turned into `refused`."""
    try:
        return [f(v) for v in values]
    except GentensorError:
        raise
    except (ValueError, TypeError, AttributeError) as exc:
        raise refused(func, exc, args, kwargs) from exc


def _apply(func: str, x: Any, method: str, /, *args: Any, **kwargs: Any) -> Tensor[Any]:
    x = as_tensor(x, func)
    if not capabilities_of(x._ops).symbolic:
        raise DomainError(
            f"{func}: needs a symbolic tensor (got ops {x._ops!r}); convert with x.astype(gt.symbolic)"
        )
    values = each_element(func, x._elements(), lambda v: getattr(v, method)(*args, **kwargs), args, kwargs)
    return Tensor._from_flat(symbolic.convert_list(values), x.shape, symbolic)


#: Keywords of ``sympy.Basic.subs`` that are options, not symbol names.
_SUBS_OPTIONS = frozenset({"simultaneous", "exact", "evaluate", "hack2"})


@sections(SYMBOLIC_RESULT, section("Raises", _NOT_SYMBOLIC, _NO_SUCH_SYMBOL))
def subs(x: Tensor[Any], /, *args: Any, **kwargs: Any) -> Tensor[Any]:
    """Substitute in every element (``sympy.Basic.subs`` arguments: a pair, a dict or a list of pairs).

    Keywords other than SymPy's options (``simultaneous=True``) name symbols:
    ``x.subs(a=1)`` replaces the free symbol called ``a``.

    Examples
    --------
    >>> import gentensor as gt
    >>> from gentensor.compute.elementwise import subs
    >>> a = gt.symbols("a", 2)
    >>> subs(a * 2, {a[0]: 1, a[1]: 3}).tolist()
    [2, 6]
    >>> subs(a + 1, a_0=5).tolist()
    [6, a_1 + 1]
    """
    names = {k: v for k, v in kwargs.items() if k not in _SUBS_OPTIONS}
    options = {k: v for k, v in kwargs.items() if k in _SUBS_OPTIONS}
    if not names:
        return _apply("subs", x, "subs", *args, **options)
    t = as_tensor(x, "subs")
    found: dict[str, list[Any]] = {}
    for e in t._elements():
        for s in getattr(e, "free_symbols", ()):
            found.setdefault(getattr(s, "name", str(s)), []).append(s)
    rule = {}
    for name, value in names.items():
        matches = set(found.get(name, ()))
        if not matches:
            shown = ", ".join(sorted(found)) or "none"
            raise ArgumentValueError(
                f"subs: no free symbol is named {name!r} (got {name}={value!r}); the free symbols are {shown}; "
                "substitute with x.subs(symbol, value) or x.subs({symbol: value})"
            )
        if len(matches) > 1:
            raise ArgumentValueError(
                f"subs: several symbols are named {name!r} (got {name}={value!r}, symbols with different "
                "assumptions); substitute with x.subs({symbol: value})"
            )
        rule[matches.pop()] = value
    if args:
        t = _apply("subs", t, "subs", *args, **options)
    return _apply("subs", t, "subs", rule, **options)


@sections(SYMBOLIC_RESULT, section("Raises", _NOT_SYMBOLIC))
def diff(x: Tensor[Any], /, *symbols: Any, **kwargs: Any) -> Tensor[Any]:
    """Differentiate every element (``sympy.diff`` arguments: symbols, or a symbol and an order).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> from gentensor.compute.elementwise import diff
    >>> t = sympy.Symbol("t")
    >>> diff(gt.tensor([t**2, sympy.sin(t)]), t).tolist()
    [2*t, cos(t)]
    """
    return _apply("diff", x, "diff", *symbols, **kwargs)


def _method(name: str, keywords: str, call: str, result: str) -> Any:
    """``name(x, /, **kwargs)``: SymPy's method ``name`` on every element (``keywords`` says what they are)."""

    def apply(x: Tensor[Any], /, **kwargs: Any) -> Tensor[Any]:
        return _apply(name, x, name, **kwargs)

    summary = f"{name.capitalize()} every element (``sympy.{name}`` {keywords})."
    example = examples(
        f"from gentensor.compute.elementwise import {name}", "", 't = sympy.Symbol("t")', "", call, result,
        setup="import gentensor as gt, sympy",
    )
    doc = "\n\n".join([summary, SYMBOLIC_RESULT, section("Raises", _NOT_SYMBOLIC), example])
    return made(apply, name, __name__, doc)


expand = _method("expand", "hints as keywords", "expand(gt.tensor([(t + 1)**2])).tolist()", "[t**2 + 2*t + 1]")
simplify = _method("simplify", "keywords", "simplify(gt.tensor([sympy.sin(t)**2 + sympy.cos(t)**2])).tolist()", "[1]")


@sections(_RETURNS_FLOATS, section("Raises", _NOT_SYMBOLIC))
def evalf(x: Tensor[Any], /, n: int = 15, **options: Any) -> Tensor[Any]:
    """Evaluate every element numerically to ``n`` significant digits (``sympy.N``).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> from gentensor.compute.elementwise import evalf
    >>> evalf(gt.tensor([sympy.pi, sympy.sqrt(2)]), 5).tolist()
    [3.1416, 1.4142]
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ArgumentValueError(f"evalf: n must be a positive int, the number of significant digits (got {n!r})")
    return _apply("evalf", x, "evalf", n, **options)
