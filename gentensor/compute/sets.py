"""Set functions: the distinct elements of a tensor, with counts, first positions and the inverse map.

Equality is the ops' own (``ops.equal``; semantic for SymPy).  Elements of
the numeric ops and of ``modular(n)`` are grouped by hashing, in one pass;
other rings are grouped by comparing with ``ops.equal`` (by sorting first when
they are ordered).  The distinct values come out sorted when the ops is
ordered, in order of first appearance otherwise.  For floats every NaN is
distinct (as the Array API says), and NaNs come last.

Examples
--------
>>> import gentensor as gt
>>> x = gt.tensor([[3, 1], [3, 2]])
>>> gt.unique_values(x).tolist()
[1, 2, 3]
>>> r = gt.unique_all(x)
>>> r.values.tolist(), r.indices.tolist(), r.inverse_indices.tolist(), r.counts.tolist()
([1, 2, 3], [1, 3, 0], [[2, 0], [2, 1]], [1, 1, 2])
"""

from __future__ import annotations

from collections import Counter
from functools import cmp_to_key
from typing import Any, Callable, NamedTuple

from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import DomainError
from ..ops import ElementOps, capabilities_of, integers, python_semantics
from . import _packed
from ._engine import flat_values
from ._functions import nan_test, ordered_lt
from .reductions import ordering

__all__ = [
    "unique_values",
    "unique_counts",
    "unique_inverse",
    "unique_all",
    "UniqueAllResult",
    "UniqueCountsResult",
    "UniqueInverseResult",
]


class UniqueAllResult(NamedTuple):
    """The result of [`unique_all`][gentensor.compute.sets.unique_all]: ``values``, ``indices`` (first positions), ``inverse_indices``, ``counts``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.unique_all(gt.tensor([5, 5, 4])).counts.tolist()
    [1, 2]
    """

    values: Tensor[Any]
    indices: Tensor[Any]
    inverse_indices: Tensor[Any]
    counts: Tensor[Any]


class UniqueCountsResult(NamedTuple):
    """The result of [`unique_counts`][gentensor.compute.sets.unique_counts]: ``values`` and ``counts``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.unique_counts(gt.tensor([5, 5, 4])).values.tolist()
    [4, 5]
    """

    values: Tensor[Any]
    counts: Tensor[Any]


class UniqueInverseResult(NamedTuple):
    """The result of [`unique_inverse`][gentensor.compute.sets.unique_inverse]: ``values`` and ``inverse_indices`` (``values[inverse_indices]`` is ``x``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.unique_inverse(gt.tensor([5, 5, 4])).inverse_indices.tolist()
    [1, 1, 0]
    """

    values: Tensor[Any]
    inverse_indices: Tensor[Any]


def _hashable_equality(ops: ElementOps) -> bool:
    """True when ``ops.equal`` is Python's ``==`` on hashable elements (numbers, ``modular(n)``): group by hashing."""
    return python_semantics(ops, "equal")


def _groups(values: list[Any], ops: ElementOps) -> tuple[list[int], list[int]]:
    """``(first, inverse)``: the first position of each distinct value (in output order) and each element's group.

    Output order: ascending for an ordered ops, first appearance otherwise;
    NaNs (each its own group) last.  Elements whose ``<`` refuses a pair raise `DomainError`.
    """
    with ordering("unique"):
        return _ordered_groups(values, ops)


def _ordered_groups(values: list[Any], ops: ElementOps) -> tuple[list[int], list[int]]:
    isnan = nan_test(ops)
    caps = capabilities_of(ops)
    try:
        lt: Callable[[Any, Any], Any] | None = ordered_lt(ops, "unique")
    except DomainError:
        lt = None
    if caps.symbolic:
        lt = None  # SymPy may fail to decide an order; group by equality, in order of appearance
    n = len(values)
    nan_positions = [k for k in range(n) if isnan(values[k])] if isnan is not None else []
    skip = set(nan_positions)
    first: list[int] = []
    group_of: list[int] = [0] * n
    if _hashable_equality(ops):
        seen: dict[Any, int] = {}
        for k, v in enumerate(values):
            if k in skip:
                continue
            g = seen.get(v)
            if g is None:
                g = seen[v] = len(first)
                first.append(k)
            group_of[k] = g
    elif lt is not None:
        order = sorted((k for k in range(n) if k not in skip), key=cmp_to_key(_comparator(lt, values)))
        equal = ops.equal
        last = None
        for k in order:
            if last is None or not equal(values[last], values[k]):
                first.append(k)
                last = k
            group_of[k] = len(first) - 1
        # Groups are numbered in sorted order already; first holds the first (stable) position of each.
        lt = None
    else:
        equal = ops.equal
        for k, v in enumerate(values):
            for g, f in enumerate(first):
                if equal(values[f], v):
                    group_of[k] = g
                    break
            else:
                group_of[k] = len(first)
                first.append(k)
    if lt is not None and len(first) > 1:  # hashed groups of an ordered ops: renumber in ascending order
        key = None if python_semantics(ops, "lt") else cmp_to_key(_comparator(lt, values))
        ranked = sorted(range(len(first)), key=(lambda g: values[first[g]]) if key is None else (lambda g: key(first[g])))
        rank = [0] * len(first)
        for r, g in enumerate(ranked):
            rank[g] = r
        first = [first[g] for g in ranked]
        group_of = [rank[g] for g in group_of]
    for k in nan_positions:
        group_of[k] = len(first)
        first.append(k)
    return first, group_of


def _comparator(lt: Callable[[Any, Any], Any], values: list[Any]) -> Callable[[int, int], int]:
    def cmp(i: int, j: int) -> int:
        a, b = values[i], values[j]
        if lt(a, b):
            return -1
        if lt(b, a):
            return 1
        return i - j  # stable: equal values by position

    return cmp


def _distinct_fast(ops: ElementOps, values: list[Any]) -> list[Any] | None:
    """The distinct values by hashing, in output order, when that is valid (else ``None``).

    Valid when equality is Python's ``==`` and no element is NaN; sorted in
    C when the ops' order is Python's ``<``, by first appearance when the ops
    is not ordered.
    """
    if not _hashable_equality(ops):
        return None
    isnan = nan_test(ops)
    if isnan is not None and any(map(isnan, values)):
        return None
    caps = capabilities_of(ops)
    if caps.ordered:
        if not python_semantics(ops, "lt"):
            return None
        with ordering("unique"):
            return sorted(set(values))
    return list(dict.fromkeys(values))


def _packed_unique(x: Tensor[Any], counts: bool = True) -> tuple[Tensor[Any], Tensor[Any], Tensor[Any], Tensor[Any]] | None:
    """``(values, first positions, inverse indices, counts)`` as tensors, by NumPy for packed integer-valued ``x``; else ``None``."""
    found = _packed.unique(x, capabilities_of(x.ops).ordered, counts)
    if found is None:
        return None
    values, first, inverse, tally = found
    n = max(x.size - 1, 0)
    m = len(values)
    return (
        Tensor._from_array(values, (m,), x.ops),
        Tensor._from_array(first, (m,), integers, (0, n)),
        Tensor._from_array(inverse, x.shape, integers, (0, max(m - 1, 0))),
        Tensor._from_array(tally, (m,), integers, (0, x.size)) if counts else Tensor._from_flat([], (0,), integers),
    )


def _unique(func: str, x: Any) -> tuple[Tensor[Any], list[Any], list[int], list[int]]:
    x = as_tensor(x, func)
    values = flat_values(x)
    first, group_of = _groups(values, x.ops)
    return x, values, first, group_of


def _ints(values: list[int], shape: tuple[int, ...]) -> Tensor[Any]:
    return Tensor._from_flat(values, shape, integers)


def unique_values(x: Any, /) -> Tensor[Any]:
    """The distinct elements of ``x`` (flattened): sorted when the ops is ordered, else by first appearance.

    Returns
    -------
    Tensor
        A new 1-d tensor of ``x``'s ops.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.unique_values(gt.tensor([Fraction(1, 2), 1, Fraction(2, 4)])).tolist()
    [Fraction(1, 2), Fraction(1, 1)]
    >>> gt.unique_values(gt.tensor([4, 1, 4], ops=gt.modular(3))).tolist()
    [1]
    """
    x = as_tensor(x, "unique_values")
    distinct = _packed.distinct(x, capabilities_of(x.ops).ordered)
    if distinct is not None:
        return Tensor._from_array(distinct, distinct.shape, x.ops, x._store.bounds)
    values = flat_values(x)
    distinct = _distinct_fast(x.ops, values)
    if distinct is None:
        first, _ = _groups(values, x.ops)
        distinct = [values[k] for k in first]
    return Tensor._from_flat(distinct, (len(distinct),), x.ops)


def unique_counts(x: Any, /) -> UniqueCountsResult:
    """The distinct elements and how often each occurs.

    Returns
    -------
    UniqueCountsResult
        ``values`` (as [`unique_values`][gentensor.compute.sets.unique_values]) and ``counts`` (a new integers tensor).

    Examples
    --------
    >>> import gentensor as gt
    >>> r = gt.unique_counts(gt.tensor([2, 1, 2, 2]))
    >>> r.values.tolist(), r.counts.tolist()
    ([1, 2], [1, 3])
    """
    x = as_tensor(x, "unique_counts")
    packed = _packed.unique_part(x, capabilities_of(x.ops).ordered, "counts")
    if packed is not None:
        values, tally = packed
        m = len(values)
        return UniqueCountsResult(Tensor._from_array(values, (m,), x.ops, x._store.bounds), Tensor._from_array(tally, (m,), integers, (0, x.size)))
    values = flat_values(x)
    distinct = _distinct_fast(x.ops, values)
    if distinct is not None:
        tally = Counter(values)
        m = len(distinct)
        return UniqueCountsResult(
            Tensor._from_flat(distinct, (m,), x.ops), _ints(list(map(tally.__getitem__, distinct)), (m,))
        )
    first, group_of = _groups(values, x.ops)
    counts = [0] * len(first)
    for g in group_of:
        counts[g] += 1
    return UniqueCountsResult(
        Tensor._from_flat([values[k] for k in first], (len(first),), x.ops), _ints(counts, (len(first),))
    )


def unique_inverse(x: Any, /) -> UniqueInverseResult:
    """The distinct elements and, for each element of ``x``, the position of its value among them.

    Returns
    -------
    UniqueInverseResult
        ``values`` and ``inverse_indices`` (a new integers tensor of ``x``'s
        shape): ``values[inverse_indices]`` equals ``x``.

    Examples
    --------
    >>> import gentensor as gt
    >>> r = gt.unique_inverse(gt.tensor([[7, 5], [5, 7]]))
    >>> r.values.tolist(), r.inverse_indices.tolist()
    ([5, 7], [[1, 0], [0, 1]])
    """
    x = as_tensor(x, "unique_inverse")
    found = _packed.unique_part(x, capabilities_of(x.ops).ordered, "inverse")
    if found is not None:
        values, inverse = found
        m = len(values)
        return UniqueInverseResult(
            Tensor._from_array(values, (m,), x.ops), Tensor._from_array(inverse, x.shape, integers, (0, max(m - 1, 0)))
        )
    values = flat_values(x)
    distinct = _distinct_fast(x.ops, values)
    if distinct is not None:
        where = {v: i for i, v in enumerate(distinct)}
        return UniqueInverseResult(
            Tensor._from_flat(distinct, (len(distinct),), x.ops), _ints(list(map(where.__getitem__, values)), x.shape)
        )
    first, group_of = _groups(values, x.ops)
    return UniqueInverseResult(
        Tensor._from_flat([values[k] for k in first], (len(first),), x.ops), _ints(group_of, x.shape)
    )


def unique_all(x: Any, /) -> UniqueAllResult:
    """The distinct elements with their first positions (flattened, C order), the inverse map and the counts.

    Returns
    -------
    UniqueAllResult
        ``values``, ``indices``, ``inverse_indices`` (``x``'s shape) and ``counts``.

    Examples
    --------
    >>> import gentensor as gt
    >>> r = gt.unique_all(gt.tensor([3, 1, 3]))
    >>> r.values.tolist(), r.indices.tolist(), r.inverse_indices.tolist(), r.counts.tolist()
    ([1, 3], [1, 0], [1, 0, 1], [1, 2])
    """
    x = as_tensor(x, "unique_all")
    packed = _packed_unique(x)
    if packed is not None:
        return UniqueAllResult(*packed)
    x, values, first, group_of = _unique("unique_all", x)
    counts = [0] * len(first)
    for g in group_of:
        counts[g] += 1
    m = len(first)
    # (One general pass: unique_all is rarer than the other three, which have hashing fast paths.)
    return UniqueAllResult(
        Tensor._from_flat([values[k] for k in first], (m,), x.ops),
        _ints(first, (m,)),
        _ints(group_of, x.shape),
        _ints(counts, (m,)),
    )
