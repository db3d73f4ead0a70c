"""Membership and counting: NumPy's ``isin`` and ``bincount``, with the ops' own equality and exact weights.

``isin`` compares with the ops' equality (semantic for SymPy, so ``(a + 1)**2``
is in ``[a**2 + 2*a + 1]``), after bringing both tensors to their common ops;
numbers are looked up by hashing, other rings compared pair by pair.  NaN is
in nothing (it equals nothing), as in NumPy.  ``bincount`` counts
non-negative integers; weights are summed in their own ops, so integer or
rational weights give exact sums where NumPy gives float64.

Examples
--------
>>> import gentensor as gt
>>> gt.isin(gt.tensor([[1, 2], [3, 4]]), [4, 1]).tolist()
[[True, False], [False, True]]
>>> gt.bincount(gt.tensor([0, 2, 2, 5])).tolist()
[1, 0, 2, 0, 0, 1]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..arrays.dtypes import isdtype
from ..core.operands import as_tensor, elements_as, operand_ops
from ..core.storage import operand_of, view_of
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ArgumentValueError, DomainError, ShapeError
from ..ops import ElementOps, booleans, integers, packing_of
from ..resources import check_shape
from ._engine import arithmetic_ops
from ._functions import nan_test
from .sets import _hashable_equality

__all__ = ["isin", "bincount"]


def isin(element: Any, test_elements: Any, /, *, invert: bool = False) -> Tensor[Any]:
    """Whether each element of ``element`` equals some element of ``test_elements`` (NumPy's ``isin``).

    Parameters
    ----------
    element : Tensor or array-like
    test_elements : Tensor or array-like
        Any shape: its elements are the set looked in.
    invert : bool
        Give the opposite: whether each element is in none of them.

    Returns
    -------
    Tensor
        A new booleans tensor of ``element``'s shape.

    Raises
    ------
    OpsMismatchError
        The two have no common ops (``modular(5)`` and ``modular(7)``).
    UndecidableError
        A SymPy equality the zero test cannot decide.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.isin(gt.tensor([Fraction(1, 2), 2]), [0.5, 3], invert=True).tolist()
    [False, True]
    >>> a = gt.symbols("a", 1).item()
    >>> gt.isin(gt.tensor([(a + 1)**2, a]), [a**2 + 2*a + 1]).tolist()
    [True, False]
    """
    _check_bool(invert, "invert")
    x = as_tensor(element, "isin")
    t = as_tensor(test_elements, "isin")
    ops = operand_ops((x, t), "isin")
    packed = _packed_isin(x, t, ops, invert)
    if packed is not None:
        return packed
    values = elements_as(x, ops)
    pool = elements_as(t, ops)
    isnan = nan_test(ops)
    if isnan is not None:  # NaN equals nothing: never found, and never finds
        pool = [v for v in pool if not isnan(v)]
    if _hashable_equality(ops):
        found = set(pool)
        hits = [v in found and not (isnan is not None and isnan(v)) for v in values]
    else:
        equal = ops.equal
        hits = [any(equal(v, w) for w in pool) for v in values]
    return Tensor._from_flat([h != invert for h in hits], x.shape, booleans)


def _packed_isin(x: Tensor[Any], t: Tensor[Any], ops: ElementOps, invert: bool) -> Tensor[Any] | None:
    """``isin`` by NumPy on the machine values when both pack into ``ops`` (one already packed); else ``None``.

    A packing gives equal elements equal machine values (its contract), and
    NumPy compares them with ``==``: NaN is found nowhere, ``-0.0`` finds ``0.0``.
    """
    if x._store.packing is None and t._store.packing is None:
        return None
    packing = packing_of(ops)
    if packing is None:
        return None
    a = operand_of(x._store, x._layout, x._ops, ops, packing)
    b = operand_of(t._store, t._layout, t._ops, ops, packing)
    if a is None or b is None:
        return None
    return Tensor._from_array(np.isin(a.array, b.array, invert=invert), x.shape, booleans)


def bincount(x: Any, /, weights: Any = None, *, minlength: int = 0) -> Tensor[Any]:
    """How often each value ``0 ... max(x)`` occurs in the 1-d integer tensor ``x`` (NumPy's ``bincount``).

    Parameters
    ----------
    x : Tensor or array-like
        Non-negative integers (or booleans), 1-d.
    weights : Tensor or array-like, optional
        ``x``'s shape: each occurrence counts its weight instead of 1, summed
        in the weights' own ops (exact for integers and rationals).
    minlength : int
        The least length of the result.

    Returns
    -------
    Tensor
        A new 1-d tensor of length ``max(max(x) + 1, minlength)``: integers,
        or the weights' ops.

    Raises
    ------
    DomainError
        ``x`` does not hold integers.
    ArgumentValueError
        A negative value, or a negative ``minlength``.
    ShapeError
        ``x`` is not 1-d, or ``weights`` has another shape.
    LimitError
        The result would be longer than ``gt.limits`` allows (``max(x)`` huge).

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.bincount(gt.tensor([1, 1, 3]), minlength=5).tolist()
    [0, 2, 0, 1, 0]
    >>> gt.bincount(gt.tensor([0, 1, 1]), weights=[Fraction(1, 3), Fraction(1, 2), 2])
    tensor([1/3, 5/2], ops=rationals)
    """
    x = as_tensor(x, "bincount")
    if x.ndim != 1:
        raise ShapeError(f"bincount: needs a 1-d tensor (got shape {x.shape})")
    if x.size and not isdtype(x.ops, ("integral", "bool")):
        raise DomainError(f"bincount: needs integers (got a tensor with ops {x.ops!r}); counts are of integer values")
    if isinstance(minlength, bool) or not isinstance(minlength, int) or minlength < 0:
        raise ArgumentValueError(f"bincount: minlength must be a non-negative int (got {minlength!r})")
    store = x._store
    if store.packing is not None and store.packing.discrete and store.packing.from_machine is None:
        # packed integers (or booleans) that are their machine values: NumPy's bincount counts them
        array = view_of(store, x._layout)
        if array.size and int(array.min()) < 0:
            raise ArgumentValueError(f"bincount: the values must be non-negative (got {int(array.min())})")
        length = max(int(array.max()) + 1 if array.size else 0, minlength)
        check_shape((length,), "bincount")
        if weights is None:
            tally = np.bincount(array.astype(np.intp, copy=False), minlength=minlength).astype(np.int64, copy=False)
            return Tensor._from_array(tally, tally.shape, integers, (0, array.size))
        found = _packed_grouped_sum(array, weights, x.shape, length)
        if found is not None:
            return found
    values = [int(v) for v in x._elements()]
    if values and min(values) < 0:
        raise ArgumentValueError(f"bincount: the values must be non-negative (got {min(values)})")
    length = max(max(values, default=-1) + 1, minlength)
    check_shape((length,), "bincount")
    if weights is None:
        counts = [0] * length
        for v in values:
            counts[v] += 1
        return Tensor._from_flat(counts, (length,), integers)
    w = as_tensor(weights, "bincount")
    if w.shape != x.shape:
        raise ShapeError(f"bincount: weights must have x's shape {x.shape} (got {w.shape})")
    ops = arithmetic_ops(w.ops)
    if ops is not w.ops:
        w = w.astype(ops)
    bins: list[list[Any]] = [[] for _ in range(length)]
    for v, weight in zip(values, w._elements()):
        bins[v].append(weight)
    return Tensor._from_flat([ops.sum(b) if b else ops.zero for b in bins], (length,), ops)


def _packed_grouped_sum(bins: Any, weights: Any, shape: tuple[int, ...], length: int) -> Tensor[Any] | None:
    """Weighted ``bincount`` by the weights' packing plan (``Packing.grouped_sum``), or ``None`` (the element path)."""
    w = as_tensor(weights, "bincount")
    if w.shape != shape:
        return None  # the element path raises the shape error
    ops = arithmetic_ops(w.ops)
    packing = packing_of(ops)
    if packing is None:
        return None
    item = operand_of(w._store, w._layout, w._ops, ops, packing)
    if item is None:
        return None
    planned = packing.grouped_sum(item.bounds, bins.size)
    if planned is None and packing.bounded and item.tighten():
        planned = packing.grouped_sum(item.bounds, bins.size)
    if planned is None:
        return None
    f, bounds = planned
    sums = np.asarray(f(bins.astype(np.intp, copy=False), item.array.reshape(-1), length))
    if sums.dtype != packing.dtype:
        return None
    return Tensor._from_array(sums, sums.shape, ops, bounds if packing.bounded else None)


def _check_bool(value: Any, name: str) -> None:
    if not isinstance(value, bool):
        raise ArgumentTypeError(f"isin: {name} must be True or False (got {value!r})")
