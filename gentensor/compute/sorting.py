"""Sorting: ``sort`` and ``argsort`` along an axis, stable, ascending or descending.

Sorting needs an order: an ops whose capabilities say ``ordered``
(integers, rationals, floats, booleans, objects), or SymPy expressions, which
are compared where SymPy can decide ([`DomainError`][gentensor.errors.DomainError] names the pair it
cannot).  Numbers compare in C (Python's ``sorted``); other ordered rings
through ``ops.lt``.  Sorts are always stable (equal elements keep their
order, also with ``descending=True``), and floats put NaN last, as NumPy does.

Examples
--------
>>> import gentensor as gt
>>> from fractions import Fraction
>>> gt.sort(gt.tensor([3, Fraction(1, 2), 2])).tolist()
[Fraction(1, 2), Fraction(2, 1), Fraction(3, 1)]
>>> gt.argsort(gt.tensor([[3, 1, 2], [0, 5, 4]]), descending=True).tolist()
[[0, 2, 1], [1, 2, 0]]
"""

from __future__ import annotations

from functools import cmp_to_key
from typing import Any, Callable

from ..core.layout import normalize_axis
from ..errors import ArgumentTypeError, DomainError, GentensorError
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..ops import integers, python_semantics
from . import _packed
from ._functions import nan_test, ordered_lt
from .reductions import _blocks

__all__ = ["sort", "argsort"]


def _key(lt: Callable[[Any, Any], Any]) -> Any:
    """A sort key comparing with ``lt`` (for rings whose elements' own ``<`` is not their order)."""

    def cmp(a: Any, b: Any) -> int:
        if lt(a, b):
            return -1
        return 1 if lt(b, a) else 0

    return cmp_to_key(cmp)


def _lanes(func: str, x: Any, axis: int) -> tuple[Tensor[Any], int]:
    x = as_tensor(x, func)
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise ArgumentTypeError(f"{func}: axis must be an int (got {axis!r})")
    return x, normalize_axis(axis, x.ndim, func)


def _put_back(values: list[Any], b: Any, x: Tensor[Any], ax: int, ops: Any) -> Tensor[Any]:
    """A new tensor of lanes computed with ``ax`` last, in ``x``'s axis order."""
    ndim = x.ndim
    moved = Tensor._from_flat(values, b.kept_shape + (b.length,), ops)
    if ax == ndim - 1:
        return moved
    order = list(range(ndim - 1))
    order.insert(ax, ndim - 1)
    return moved._view(moved._layout.permute(order)).copy()


def _check_stable(func: str, stable: Any) -> None:
    if not isinstance(stable, bool):
        raise ArgumentTypeError(f"{func}: stable must be a bool (got {stable!r}); sorts are always stable")


def _sorting(func: str, x: Any, axis: int, stable: bool) -> tuple[Tensor[Any], int, Any, Any]:
    """What sort and argsort start from: ``x`` as a tensor, its axis, the order ``lt``, and its packed form or ``None``."""
    _check_stable(func, stable)
    x, ax = _lanes(func, x, axis)
    return x, ax, ordered_lt(x.ops, func), _packed.ordered_operand(x)


def sort(x: Any, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> Tensor[Any]:
    """The elements sorted along ``axis`` (every lane on its own), stably.

    Parameters
    ----------
    axis : int
    descending : bool
        Largest first; equal elements still keep their order.
    stable : bool
        Accepted for the standard's signature; sorts are always stable.

    Returns
    -------
    Tensor
        A new tensor of the same shape and ops.

    Raises
    ------
    AxisError
        ``axis`` out of range (a 0-d tensor has no axis).
    DomainError
        The elements are not ordered (``modular(n)``, complexes, a user ring
        without ``ordered``), or SymPy cannot decide a comparison.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.sort(gt.tensor([[3, 1, 2], [9, 7, 8]]), axis=1, descending=True).tolist()
    [[3, 2, 1], [9, 8, 7]]
    >>> gt.sort(gt.tensor([2.0, float("nan"), 1.0])).tolist()
    [1.0, 2.0, nan]
    """
    x, ax, lt, item = _sorting("sort", x, axis, stable)
    ops = x.ops
    if item is not None:
        values = _packed.sorted_values(item.array, ax, bool(descending))
        return Tensor._from_array(values, x.shape, ops, item.bounds)
    b = _blocks(x, (ax,))
    isnan = nan_test(ops)
    key = None if python_semantics(ops, "lt") else _key(lt)
    reverse = bool(descending)
    out: list[Any] = []
    extend = out.extend
    try:
        for block in b.blocks:
            if isnan is not None:
                nans = [v for v in block if isnan(v)]
                if nans:
                    extend(sorted([v for v in block if not isnan(v)], key=key, reverse=reverse))
                    extend(nans)
                    continue
            extend(sorted(block, key=key, reverse=reverse))
    except GentensorError:
        raise
    except TypeError as e:  # objects whose own < refuses a pair (a str and an int)
        raise _unordered("sort", e) from None
    return _put_back(out, b, x, ax, ops)


def argsort(x: Any, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> Tensor[Any]:
    """The positions that sort ``x`` along ``axis``: ``take_along_axis(x, argsort(x), axis)`` is ``sort(x)``.

    Stable (equal elements keep their order, also descending); floats put NaN last.

    Returns
    -------
    Tensor
        A new integers tensor of ``x``'s shape.

    Raises
    ------
    DomainError
        The elements are not ordered, or SymPy cannot decide a comparison.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.argsort(gt.tensor([30, 10, 20, 10])).tolist(), gt.argsort(gt.tensor([30, 10, 20, 10]), descending=True).tolist()
    ([1, 3, 2, 0], [0, 2, 1, 3])
    """
    x, ax, lt, item = _sorting("argsort", x, axis, stable)
    ops = x.ops
    if item is not None:
        order = _packed.sort_order(item.array, ax, bool(descending))
        return Tensor._from_array(order, x.shape, integers, (0, max(0, x.shape[ax] - 1)), True)
    b = _blocks(x, (ax,))
    isnan = nan_test(ops)
    reverse = bool(descending)
    key_of = None if python_semantics(ops, "lt") else _key(lt)
    out: list[int] = []
    extend = out.extend
    try:
        for block in b.blocks:
            positions = range(len(block))
            if isnan is not None:
                nans = [k for k in positions if isnan(block[k])]
                if nans:
                    rest = [k for k in positions if not isnan(block[k])]
                    extend(_sorted_positions(rest, block, key_of, reverse))
                    extend(nans)
                    continue
            extend(_sorted_positions(positions, block, key_of, reverse))
    except GentensorError:
        raise
    except TypeError as e:
        raise _unordered("argsort", e) from None
    return _put_back(out, b, x, ax, integers)


def _unordered(func: str, e: TypeError) -> DomainError:
    return DomainError(f"{func}: the elements cannot be ordered with one another (got {e}); sort elements of one kind")


def _sorted_positions(positions: Any, block: list[Any], key_of: Any, reverse: bool) -> list[int]:
    get = block.__getitem__
    if key_of is None:
        return sorted(positions, key=get, reverse=reverse)
    return sorted(positions, key=lambda k: key_of(get(k)), reverse=reverse)
