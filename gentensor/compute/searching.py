"""Searching: argmax, argmin, nonzero, where(condition), searchsorted, count_nonzero, argwhere, flatnonzero.

Positions are Python ints (integers tensors).  ``argmax``/``argmin`` and
``searchsorted`` need an order: an ops whose capabilities say ``ordered``
(integers, rationals, floats, booleans, objects), or SymPy expressions where
SymPy can decide each comparison ([`DomainError`][gentensor.errors.DomainError] otherwise).  Floats
follow NumPy: the first NaN is both the maximum and the minimum.
"Non-zero" is semantic (``not ops.is_zero``): a SymPy expression that
simplifies to zero counts as zero.

Examples
--------
>>> import gentensor as gt
>>> x = gt.tensor([[3, 0, 7], [0, 5, 0]])
>>> gt.argmax(x), gt.argmax(x, axis=1).tolist(), [t.tolist() for t in gt.nonzero(x)]
(2, [2, 1], [[0, 0, 1], [0, 2, 1]])
>>> gt.searchsorted(gt.tensor([1, 3, 5]), gt.tensor([0, 3, 6])).tolist(), gt.count_nonzero(x)
([0, 1, 3], 3)
"""

from __future__ import annotations

import bisect
import operator
from functools import partial
from typing import Any, Callable

import numpy as np

from ..arrays.composition import where as _select
from ..core.layout import normalize_axis
from ..core.operands import as_operand, as_tensor, common_ops, convert_scalar, elements_as
from ..core.storage import operand_of, view_of
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ArgumentValueError, ShapeError
from ..ops import capabilities_of, integers, packing_of, python_semantics
from . import _packed
from ._engine import flat_values
from ._functions import nan_test, ordered_lt
from .reductions import _axes, _blocks, ordering

__all__ = ["argmax", "argmin", "nonzero", "where", "searchsorted", "count_nonzero", "argwhere", "flatnonzero"]


def _arg_block(
    lt: Callable[[Any, Any], Any], native: bool, isnan: Callable[[Any], bool] | None, largest: bool, block: list[Any]
) -> int:
    """The position of the first largest (smallest) element of ``block``; the first NaN when there is one.

    ``native``: ``lt`` is Python's ``<`` (`gentensor.ops.python_semantics`), so ``max``/``min`` pick alike.
    """
    if isnan is not None:
        for k, v in enumerate(block):
            if isnan(v):
                return k
    if native:
        pick = max if largest else min
        return pick(range(len(block)), key=block.__getitem__)
    best = 0
    for k in range(1, len(block)):
        if (lt(block[best], block[k]) if largest else lt(block[k], block[best])):
            best = k
    return best


def _arg_extreme(func: str, x: Any, axis: int | None, keepdims: bool, largest: bool) -> Any:
    x = as_tensor(x, func)
    lt = ordered_lt(x.ops, func)
    native = python_semantics(x.ops, "lt")
    if x.size:
        found = _packed_arg(func, x, axis, keepdims, largest)
        if found is not None:
            return found
    isnan = nan_test(x.ops)
    if axis is None:
        if x.size == 0:
            raise ShapeError(f"{func}: the tensor has no elements (got shape {x.shape}); there is no position to return")
        with ordering(func):
            k = _arg_block(lt, native, isnan, largest, x._elements())
        if keepdims:
            return Tensor._from_flat([k], (1,) * x.ndim, integers)
        return k
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise ArgumentTypeError(f"{func}: axis must be an int or None (got {axis!r})")
    if x.ndim == 0:
        raise ShapeError(f"{func}: a 0-d tensor has no axis {axis} (got shape ()); use axis=None")
    ax = normalize_axis(axis, x.ndim, func)
    b = _blocks(x, (ax,))
    if b.length == 0:
        raise ShapeError(
            f"{func}: axis {axis} has length 0 (got shape {x.shape}); there is no position to return"
        )
    with ordering(func):
        out = [_arg_block(lt, native, isnan, largest, block) for block in b.blocks]
    if keepdims:
        shape = tuple(1 if k == ax else n for k, n in enumerate(x.shape))
    else:
        shape = b.kept_shape
    return Tensor._from_flat(out, shape, integers)


def _packed_arg(func: str, x: Tensor[Any], axis: Any, keepdims: bool, largest: bool) -> Any:
    """``argmax``/``argmin`` by NumPy for packed ordered ``x`` (the first extreme; the first NaN), or ``None``."""
    item = _packed.ordered_operand(x)
    if item is None or (axis is not None and (isinstance(axis, bool) or not isinstance(axis, int) or x.ndim == 0)):
        return None
    pick = np.argmax if largest else np.argmin
    if axis is None:
        k = int(pick(item.array.reshape(-1)))
        return Tensor._from_flat([k], (1,) * x.ndim, integers) if keepdims else k
    ax = normalize_axis(axis, x.ndim, func)
    if x.shape[ax] == 0:
        return None  # the list path explains
    found = pick(item.array, axis=ax, keepdims=keepdims)
    return Tensor._from_array(found, found.shape, integers, (0, x.shape[ax] - 1))


def argmax(x: Any, /, *, axis: int | None = None, keepdims: bool = False) -> Tensor[Any] | int:
    """The position of the largest element (the first one on ties) over ``axis``, or in the flattened tensor.

    Parameters
    ----------
    axis : int or None
        ``None``: the position in C order of the flattened tensor.
    keepdims : bool

    Returns
    -------
    int or Tensor
        An ``int`` for ``axis=None`` (without ``keepdims``), else a new integers tensor.

    Raises
    ------
    ShapeError
        No elements to compare.
    DomainError
        The elements are not ordered (``modular(n)``, complexes) or SymPy cannot decide.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.argmax(gt.tensor([1, 9, 9, 2])), gt.argmax(gt.tensor([[1, 9], [8, 2]]), axis=0).tolist()
    (1, [1, 0])
    """
    return _arg_extreme("argmax", x, axis, keepdims, True)


def argmin(x: Any, /, *, axis: int | None = None, keepdims: bool = False) -> Tensor[Any] | int:
    """The position of the smallest element (the first one on ties) over ``axis``, or in the flattened tensor.

    Returns
    -------
    int or Tensor
        An ``int`` for ``axis=None`` (without ``keepdims``), else a new integers tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.argmin(gt.tensor([Fraction(1, 2), Fraction(1, 3), 1])), gt.argmin(gt.tensor([1.0, float("nan")]))
    (1, 1)
    """
    return _arg_extreme("argmin", x, axis, keepdims, False)


def _truth_view(x: Tensor[Any]) -> Any:
    """``x``'s machine values when their truth is the zero test (packed numbers, booleans), else ``None``."""
    store = x._store
    if store.packing is not None and python_semantics(x.ops, "is_zero"):
        return view_of(store, x._layout)
    return None


def _positions(array: Any, shape: tuple[int, ...], top: int) -> Tensor[Any]:
    """A new integers tensor of the positions ``array`` (NumPy's), each in ``[0, top)``."""
    return Tensor._from_array(array.astype(np.int64, copy=False), shape, integers, (0, top - 1) if array.size else None)


def _nonzero_flat(x: Tensor[Any]) -> list[int]:
    view = _truth_view(x)
    if view is not None:
        return np.flatnonzero(view).tolist()  # type: ignore[no-any-return]
    values = flat_values(x)
    ops = x.ops
    if python_semantics(ops, "is_zero"):  # Python truth is the zero test (numbers, booleans)
        return [k for k, v in enumerate(values) if v]
    is_zero = ops.is_zero
    return [k for k, v in enumerate(values) if not is_zero(v)]


def _unravel_all(flat: list[int], shape: tuple[int, ...]) -> list[list[int]]:
    """One list of positions per axis for the flat C-order positions ``flat``."""
    columns: list[list[int]] = []
    rest = flat
    for n in reversed(shape):
        columns.append([k % n for k in rest])
        rest = [k // n for k in rest]
    return columns[::-1]


def nonzero(x: Any, /) -> tuple[Tensor[Any], ...]:
    """The positions of the non-zero elements (``not ops.is_zero``): one integers tensor per axis, in C order.

    Returns
    -------
    tuple of Tensor
        ``x.ndim`` new 1-d tensors of the same length; ``x[nonzero(x)]`` picks the non-zero elements.

    Raises
    ------
    ShapeError
        ``x`` is 0-d (it has no axes to give positions along).

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[0, 2], [3, 0]])
    >>> rows, cols = gt.nonzero(x)
    >>> rows.tolist(), cols.tolist(), x[rows, cols].tolist()
    ([0, 1], [1, 0], [2, 3])
    """
    x = as_tensor(x, "nonzero")
    if x.ndim == 0:
        raise ShapeError("nonzero: a 0-d tensor has no axes (got shape ()); use x.reshape(1) or bool(x)")
    view = _truth_view(x)
    if view is not None:  # Python truth is the zero test: the machine values' truth, positions by NumPy
        return tuple(_positions(c, (len(c),), n) for c, n in zip(np.nonzero(view), x.shape))
    flat = _nonzero_flat(x)
    return tuple(Tensor._from_flat(col, (len(flat),), integers) for col in _unravel_all(flat, x.shape))


def where(condition: Any, x1: Any = None, x2: Any = None, /) -> Tensor[Any] | tuple[Tensor[Any], ...]:
    """Elements of ``x1`` where ``condition`` is true, of ``x2`` elsewhere; with ``condition`` alone, [`nonzero`][gentensor.compute.searching.nonzero].

    Parameters
    ----------
    condition : Tensor of bools or (nested) list of bools
    x1, x2 : Tensor, array-like or scalar
        Broadcast against ``condition`` (NumPy rules); their ops meet in
        [`gentensor.result_ops`][gentensor.ops._registry.result_ops].  Give both or neither.

    Returns
    -------
    Tensor or tuple of Tensor
        A new tensor of the broadcast shape; ``nonzero(condition)`` when
        ``x1`` and ``x2`` are omitted (NumPy's one-argument form).

    Raises
    ------
    TypeError
        ``condition`` does not hold bools, or only one of ``x1``, ``x2`` is given.
    ShapeError
        The shapes do not broadcast.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> x = gt.tensor([[1, -2], [-3, 4]])
    >>> gt.where(x > 0, x, 0).tolist()
    [[1, 0], [0, 4]]
    >>> gt.where([True, False], x, Fraction(1, 2)).tolist()
    [[Fraction(1, 1), Fraction(1, 2)], [Fraction(-3, 1), Fraction(1, 2)]]
    >>> [t.tolist() for t in gt.where(x > 0)]
    [[0, 1], [0, 1]]
    """
    if x1 is None and x2 is None:
        return nonzero(condition)
    if x1 is None or x2 is None:
        raise ArgumentTypeError("where: give both x1 and x2, or neither (got only one); where(condition) alone is nonzero(condition)")
    return _select(condition, x1, x2)


def flatnonzero(a: Any, /) -> Tensor[Any]:
    """The positions of the non-zero elements in the flattened tensor (NumPy's ``flatnonzero``).

    Returns
    -------
    Tensor
        A new 1-d integers tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.flatnonzero(gt.tensor([[0, 2], [3, 0]])).tolist()
    [1, 2]
    """
    x = as_tensor(a, "flatnonzero")
    view = _truth_view(x)
    if view is not None:  # the machine values' truth, positions by NumPy
        found = np.flatnonzero(view)
        return _positions(found, found.shape, x.size)
    flat = _nonzero_flat(x)
    return Tensor._from_flat(flat, (len(flat),), integers)


def argwhere(a: Any, /) -> Tensor[Any]:
    """The positions of the non-zero elements as rows of a ``(count, ndim)`` integers tensor (NumPy's ``argwhere``).

    Returns
    -------
    Tensor
        A new 2-d integers tensor, one row of indices per non-zero element, in C order.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.argwhere(gt.tensor([[0, 2], [3, 0]])).tolist()
    [[0, 1], [1, 0]]
    """
    x = as_tensor(a, "argwhere")
    view = _truth_view(x)
    if view is not None and x.ndim:  # the machine values' truth, positions by NumPy
        found = np.argwhere(view)
        return _positions(found, found.shape, max(x.shape))
    flat = _nonzero_flat(x)
    columns = _unravel_all(flat, x.shape)
    rows = [v for row in zip(*columns) for v in row] if columns else []
    return Tensor._from_flat(rows, (len(flat), x.ndim), integers)


def count_nonzero(x: Any, /, *, axis: Any = None, keepdims: bool = False) -> Tensor[Any] | int:
    """How many elements over ``axis`` are non-zero (``not ops.is_zero``).

    Returns
    -------
    int or Tensor
        An ``int`` when no axis is left (``axis=None``, without ``keepdims``), else a new integers tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[0, 2, 1], [3, 0, 0]])
    >>> gt.count_nonzero(x), gt.count_nonzero(x, axis=0).tolist(), gt.count_nonzero(x, axis=1, keepdims=True).tolist()
    (3, [1, 1, 1], [[2], [1]])
    """
    x = as_tensor(x, "count_nonzero")
    axes = _axes(axis, x.ndim, "count_nonzero")
    ops = x.ops
    store = x._store
    if store.packing is not None and python_semantics(ops, "is_zero"):
        every = len(axes) == x.ndim and not keepdims  # axis=None: NumPy's fast count over the whole buffer
        found = np.count_nonzero(view_of(store, x._layout), axis=None if every else axes, keepdims=keepdims)
        if not np.ndim(found):
            return int(found)
        return Tensor._from_array(np.asarray(found, dtype=np.int64), np.shape(found), integers, (0, x.size))
    if python_semantics(ops, "is_zero"):  # Python truth is the zero test (numbers, booleans)
        count: Callable[[list[Any]], int] = _count_truthy
    else:
        count = partial(_count_nonzero, ops.is_zero)
    b = _blocks(x, axes)
    counts = [count(block) for block in b.blocks] if b.length else [0] * b.count
    if keepdims:
        shape = tuple(1 if k in axes else n for k, n in enumerate(x.shape))
    else:
        shape = b.kept_shape
    if not shape:
        return counts[0]
    return Tensor._from_flat(counts, shape, integers)


def _count_truthy(block: list[Any]) -> int:
    return sum(map(operator.truth, block))


def _count_nonzero(is_zero: Callable[[Any], Any], block: list[Any]) -> int:
    return sum(1 for v in block if not is_zero(v))


def searchsorted(x1: Any, x2: Any, /, *, side: str = "left", sorter: Any = None) -> Tensor[Any] | int:
    """Where each element of ``x2`` would go in the sorted 1-d ``x1`` to keep it sorted (binary search).

    Parameters
    ----------
    x1 : Tensor
        1-d, sorted ascending (or sorted by ``sorter``).
    x2 : Tensor or element
        The values to place.
    side : {"left", "right"}
        ``"left"``: before equal elements; ``"right"``: after them.
    sorter : Tensor, optional
        Positions that sort ``x1`` (as from [`gentensor.argsort`][gentensor.compute.sorting.argsort]).

    Returns
    -------
    int or Tensor
        A new integers tensor of ``x2``'s shape (an ``int`` for a scalar ``x2``).

    Raises
    ------
    ShapeError
        ``x1`` is not 1-d.
    DomainError
        The elements are not ordered.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([1, 2, 2, 3])
    >>> gt.searchsorted(x, gt.tensor([2, 5])).tolist(), gt.searchsorted(x, 2, side="right")
    ([1, 4], 3)
    """
    if side not in ("left", "right"):
        raise ArgumentValueError(f"searchsorted: side must be 'left' or 'right' (got {side!r})")
    a = as_tensor(x1, "searchsorted")
    if a.ndim != 1:
        raise ShapeError(f"searchsorted: x1 must be 1-d (got shape {a.shape})")
    if sorter is not None:
        order = as_tensor(sorter, "searchsorted")
        if order.shape != a.shape or (order.size and not capabilities_of(order.ops).index):
            raise ArgumentTypeError(
                f"searchsorted: sorter must be ints of x1's shape {a.shape} (got {order.ops!r} of shape {order.shape}); "
                "pass gt.argsort(x1)"
            )
        a = Tensor._from_flat([a[k] for k in order._elements()], a.shape, a.ops)
    v = as_operand(x2)
    scalar = not isinstance(v, Tensor)
    ops = common_ops([a.ops] if scalar else [a.ops, v.ops], "searchsorted")
    lt = ordered_lt(ops, "searchsorted")
    found = _packed_search(a, v, ops, side)
    if found is not None:
        return found
    hay = elements_as(a, ops)
    needles = [convert_scalar(v, ops, "searchsorted")] if scalar else elements_as(v, ops)
    isnan = nan_test(ops)
    if python_semantics(ops, "lt") and isnan is None:
        find = bisect.bisect_left if side == "left" else bisect.bisect_right
        out = [find(hay, n) for n in needles]
    else:
        out = [_bisect(hay, n, lt, side == "right", isnan) for n in needles]
    if scalar:
        return out[0]
    return Tensor._from_flat(out, v.shape, integers)


def _packed_search(a: Tensor[Any], v: Any, ops: Any, side: str) -> Any:
    """``searchsorted`` by NumPy when ``a`` and the needles pack into an ops ordered by machine value; else ``None``."""
    packing = packing_of(ops)
    if packing is None or not packing.ordered or a._store.packing is None:
        return None
    hay = operand_of(a._store, a._layout, a._ops, ops, packing)
    if hay is None:
        return None
    if isinstance(v, Tensor):
        needles = operand_of(v._store, v._layout, v._ops, ops, packing)
        if needles is None:
            return None
        found = np.searchsorted(hay.array, needles.array, side="left" if side == "left" else "right")
        return Tensor._from_array(found.astype(np.int64), v.shape, integers, (0, a.size))
    value = packing.scalar(convert_scalar(v, ops, "searchsorted"))
    if value is None:
        return None
    return int(np.searchsorted(hay.array, value, side="left" if side == "left" else "right"))


def _bisect(
    hay: list[Any], needle: Any, lt: Callable[[Any, Any], Any], right: bool, isnan: Callable[[Any], bool] | None
) -> int:
    """Binary search with ``lt``; NaNs sort after every number, as NumPy sorts them."""
    needle_nan = isnan is not None and isnan(needle)
    lo, hi = 0, len(hay)
    while lo < hi:
        mid = (lo + hi) // 2
        h = hay[mid]
        h_nan = isnan is not None and isnan(h)
        if h_nan or needle_nan:
            go_right = needle_nan and (right or not h_nan)
        else:
            go_right = not lt(needle, h) if right else lt(h, needle)
        if go_right:
            lo = mid + 1
        else:
            hi = mid
    return lo
