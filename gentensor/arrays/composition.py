"""Composition: join tensors, cut them apart and pick pieces along an axis.

``concat`` is the one joining kernel: each input is gathered once and its
rows are interleaved into the result with C-speed (extended) slice
assignments; ``stack`` is ``concat`` of ``expand_dims`` views, as in NumPy.
``unstack`` and ``split`` return views; ``take``, ``tile``, ``repeat`` and
``where`` return new tensors.  Inputs with different ops meet in
[`gentensor.result_ops`][gentensor.ops._registry.result_ops], and every element is converted to it.
"""

from __future__ import annotations

import operator
from math import prod
from typing import Any, Sequence

import numpy as np

from ..core.layout import Layout, broadcast_shapes, normalize_axis
from ..core.operands import as_tensor, common_ops, convert_values, elements_as
from ..core.storage import view_of
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, IndexingError, LimitError, ShapeError
from ..resources import check_shape, get_limits
from ._composing import (
    _tensor_list,
    _place,
    _repeat_blocks,
    _int_or_ints,
    _counts,
    _broadcast_elements,
    _axis_view,
    _holds_indices,
    _packed_concat,
    _packed_take,
    _packed_where,
)
from .manipulation import expand_dims
from ..ops import capabilities_of

# ``where`` is public as gentensor.where (compute/searching.py), which adds the one-argument form.
__all__ = ["concat", "stack", "unstack", "split", "take", "tile", "repeat"]


# -- joining ------------------------------------------------------------------
def concat(tensors: Sequence[Tensor[Any]], /, *, axis: int | None = 0) -> Tensor[Any]:
    """Join tensors along an existing axis.

    Parameters
    ----------
    tensors : sequence of Tensor
        Same ndim (at least 1), same shape except along ``axis``.
    axis : int or None
        The axis to join along (negative counts from the end); ``None``
        flattens every input first and joins the flat tensors.

    Returns
    -------
    Tensor
        A new tensor whose ops is the [`gentensor.result_ops`][gentensor.ops._registry.result_ops] of the
        inputs; every element is converted to it.

    Raises
    ------
    ShapeError
        No tensors, different ndims, 0-d inputs, or shapes that differ off
        ``axis`` (both shapes and the axis named).
    AxisError
        ``axis`` is out of range.
    OpsMismatchError
        The inputs' ops cannot be combined.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> a, b = gt.tensor([[1, 2], [3, 4]]), gt.tensor([[5], [6]])
    >>> gt.concat([a, b], axis=1).tolist()
    [[1, 2, 5], [3, 4, 6]]
    >>> gt.concat([a, gt.tensor([[Fraction(1, 2), 1]])])
    tensor([[  1,   2],
            [  3,   4],
            [1/2,   1]], ops=rationals)
    >>> gt.concat([a, b], axis=None).tolist()
    [1, 2, 3, 4, 5, 6]
    >>> gt.concat([a, b])
    Traceback (most recent call last):
    ...
    gentensor.errors.ShapeError: concat: shapes (2, 2) and (2, 1) differ along axis 1; all axes except the joining axis 0 must match
    """
    xs = _tensor_list(tensors, "concat")
    if axis is None:
        xs = [x.reshape(-1) for x in xs]
        axis = 0
    first = xs[0].shape
    ndim = len(first)
    for k, x in enumerate(xs):
        if x.ndim != ndim:
            raise ShapeError(
                f"concat: all tensors must have the same ndim (got shapes {first} and {x.shape} "
                f"at positions 0 and {k}); use expand_dims or reshape first"
            )
    if ndim == 0:
        raise ShapeError("concat: 0-d tensors cannot be joined along an axis (got shape ()); use gt.stack or axis=None")
    ax = normalize_axis(axis, ndim, "concat")
    for x in xs[1:]:
        bad = [k for k in range(ndim) if k != ax and x.shape[k] != first[k]]
        if bad:
            raise ShapeError(
                f"concat: shapes {first} and {x.shape} differ along axis {bad[0]}; "
                f"all axes except the joining axis {ax} must match"
            )
    ops = common_ops([x._ops for x in xs], "concat")
    joined = _packed_concat(xs, ax, ops)
    if joined is not None:
        return joined
    outer = prod(first[:ax])
    inner = prod(first[ax + 1 :])
    lengths = [x.shape[ax] for x in xs]
    chunks = [n * inner for n in lengths]
    width = sum(chunks)
    out: list[Any] = [] if outer == 1 else [None] * (outer * width)
    offset = 0
    for x, chunk in zip(xs, chunks):
        if chunk and outer:
            # Read straight from the storage of a contiguous input of the result ops; gather others once.
            if x._ops is ops and x._layout.is_contiguous and x._store.packing is None:
                source, start = x._store.data, x._layout.offset
            else:
                source, start = elements_as(x, ops), 0
            if outer == 1:
                out += source if start == 0 and len(source) == chunk else source[start : start + chunk]
            else:
                _place(out, source, start, chunk, offset, width, outer)
        offset += chunk
    return Tensor._from_flat(out, first[:ax] + (sum(lengths),) + first[ax + 1 :], ops)


def stack(tensors: Sequence[Tensor[Any]], /, *, axis: int = 0) -> Tensor[Any]:
    """Join same-shape tensors along a new axis: ``concat`` of ``expand_dims`` views.

    Parameters
    ----------
    tensors : sequence of Tensor
        All of the same shape.
    axis : int
        Where the new axis sits in the result (``-1``: last).

    Returns
    -------
    Tensor
        A new tensor of shape ``shape[:axis] + (len(tensors),) + shape[axis:]``.

    Raises
    ------
    ShapeError
        No tensors, or two shapes differ (both named).
    AxisError
        ``axis`` is out of range for the result.
    OpsMismatchError
        The inputs' ops cannot be combined.

    Examples
    --------
    >>> import gentensor as gt
    >>> a, b = gt.tensor([1, 2]), gt.tensor([3, 4])
    >>> gt.stack([a, b]).tolist(), gt.stack([a, b], axis=-1).tolist()
    ([[1, 2], [3, 4]], [[1, 3], [2, 4]])
    """
    xs = _tensor_list(tensors, "stack")
    first = xs[0].shape
    for k, x in enumerate(xs):
        if x.shape != first:
            raise ShapeError(
                f"stack: all tensors must have the same shape (got {first} at position 0 and {x.shape} at position {k})"
            )
    ax = normalize_axis(axis, len(first) + 1, "stack")
    return concat([expand_dims(x, axis=ax) for x in xs], axis=ax)


# -- cutting apart ------------------------------------------------------------
def unstack(x: Tensor[Any], /, *, axis: int = 0) -> tuple[Tensor[Any], ...]:
    """The sub-tensors of ``x`` along ``axis``, one per index, in order.

    Returns
    -------
    tuple of Tensor
        Views of ``x`` (share storage), each without ``axis``.

    Raises
    ------
    AxisError
        ``axis`` is out of range (a 0-d tensor has no axis).

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2, 3], [4, 5, 6]])
    >>> [t.tolist() for t in gt.unstack(x, axis=1)]
    [[1, 4], [2, 5], [3, 6]]
    >>> gt.unstack(x)[0].base is x
    True
    """
    x = as_tensor(x, "unstack")
    ax = normalize_axis(axis, x.ndim, "unstack")
    lay = x._layout
    shape = lay.shape[:ax] + lay.shape[ax + 1 :]
    strides = lay.strides[:ax] + lay.strides[ax + 1 :]
    step = lay.strides[ax]
    return tuple(x._view(Layout(shape, strides, lay.offset + i * step)) for i in range(lay.shape[ax]))


def split(x: Tensor[Any], indices_or_sections: Any, /, *, axis: int = 0) -> list[Tensor[Any]]:
    """Cut ``x`` along ``axis`` into equal sections, or at the given split points.

    Parameters
    ----------
    x : Tensor
    indices_or_sections : int or sequence of int
        An int ``n``: ``n`` equal sections (``n`` must divide the axis).  A
        sequence: the split points, read as slice bounds (``x[:i0]``,
        ``x[i0:i1]``, …, ``x[ik:]``; negative points count from the end and
        out-of-range points clip, as in NumPy).
    axis : int

    Returns
    -------
    list of Tensor
        Views of ``x`` (share storage).

    Raises
    ------
    ShapeError
        The sections do not divide the axis, or the number is not positive.
    AxisError
        ``axis`` is out of range.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.arange(6)
    >>> [p.tolist() for p in gt.split(x, 3)]
    [[0, 1], [2, 3], [4, 5]]
    >>> [p.tolist() for p in gt.split(x, [1, 4])]
    [[0], [1, 2, 3], [4, 5]]
    >>> gt.split(x, 4)
    Traceback (most recent call last):
    ...
    gentensor.errors.ShapeError: split: 4 sections do not divide axis 0 of length 6 (shape (6,)); pass a list of split points instead
    """
    x = as_tensor(x, "split")
    ax = normalize_axis(axis, x.ndim, "split")
    n = x.shape[ax]
    spec = _int_or_ints(indices_or_sections, "split", "indices_or_sections")
    if isinstance(spec, int):
        if spec <= 0:
            raise ShapeError(f"split: the number of sections must be positive (got {spec})")
        if n % spec:
            raise ShapeError(
                f"split: {spec} sections do not divide axis {ax} of length {n} (shape {x.shape}); "
                "pass a list of split points instead"
            )
        limit = get_limits().max_elements
        if spec > limit:  # only an empty axis gets here: that many empty tensors would never finish
            raise LimitError(
                f"split: {spec} sections of axis {ax} of length {n} would be {spec} tensors, more than "
                f"max_elements={limit}; raise it with gt.limits(max_elements=...)"
            )
        step = n // spec
        bounds = [(k * step, step) for k in range(spec)]
    else:
        edges = [0, *spec, n]
        bounds = []
        for lo, hi in zip(edges, edges[1:]):
            start, stop, _ = slice(lo, hi).indices(n)
            bounds.append((start, max(0, stop - start)))
    return [_axis_view(x, ax, start, length) for start, length in bounds]


# -- picking and repeating --------------------------------------------------------
def _index_list(indices: Any) -> tuple[list[int], tuple[int, ...]]:
    """Flat integer indices and their shape (``()`` for a single int)."""
    if isinstance(indices, range):
        indices = list(indices)
    if isinstance(indices, bool):
        raise ArgumentTypeError(f"take: indices must be ints (got {indices!r}); use a boolean mask index x[mask] instead")
    if not isinstance(indices, Tensor):
        try:
            return [operator.index(indices)], ()
        except TypeError:
            pass
    t = as_tensor(indices, "take")
    if capabilities_of(t._ops).mask and t.size:
        raise ArgumentTypeError("take: indices must be ints (got a tensor of bools); use a boolean mask index x[mask] instead")
    if not _holds_indices(t._ops) and t.size:
        raise ArgumentTypeError(f"take: indices must be ints (got elements of {t._ops!r})")
    return t._elements(), t.shape


def take(x: Tensor[Any], indices: Any, /, *, axis: int | None = 0) -> Tensor[Any]:
    """The sub-tensors of ``x`` at ``indices`` along ``axis``, in the order given.

    Parameters
    ----------
    x : Tensor
    indices : int, sequence of int or integer Tensor
        Positions along ``axis`` (negative counts from the end; repeats
        allowed).  The result's ``axis`` is replaced by the shape of
        ``indices`` (none for a single int).
    axis : int or None
        ``None``: pick from the flattened ``x``.

    Returns
    -------
    Tensor
        A new tensor of shape ``x.shape[:axis] + shape(indices) + x.shape[axis+1:]``.

    Raises
    ------
    IndexingError
        An index is out of range for the axis.
    AxisError
        ``axis`` is out of range.
    ArgumentTypeError
        The indices are not integers.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2, 3], [4, 5, 6]])
    >>> gt.take(x, [2, 0, -1], axis=1).tolist()
    [[3, 1, 3], [6, 4, 6]]
    >>> gt.take(x, 1).tolist(), gt.take(x, [[5, 0]], axis=None).tolist()
    ([4, 5, 6], [[6, 1]])
    """
    x = as_tensor(x, "take")
    if axis is None:
        x = x.reshape(-1)
        axis = 0
    ax = normalize_axis(axis, x.ndim, "take")
    if x._store.packing is not None:
        picked = _packed_take(x, indices, ax)
        if picked is not None:
            return picked
    idx, idx_shape = _index_list(indices)
    shape = x.shape
    n = shape[ax]
    if idx:
        lo, hi = min(idx), max(idx)
        if lo < -n or hi >= n:
            bad = lo if lo < -n else hi
            raise IndexingError(f"take: index {bad} is out of range for axis {ax} with length {n} (shape {shape})")
        if lo < 0:
            idx = [i % n for i in idx]
    outer = prod(shape[:ax])
    inner = prod(shape[ax + 1 :])
    flat = x._elements()
    count = len(idx)
    out: list[Any]
    if not (outer and inner and count):
        out = []
    elif inner <= outer:
        out = [None] * (outer * count * inner)
        width, source_width = count * inner, n * inner
        for t, i in enumerate(idx):
            for c in range(inner):
                out[t * inner + c :: width] = flat[i * inner + c :: source_width]
    else:
        out = []
        extend = out.extend
        for o in range(outer):
            base = o * n
            for i in idx:
                s = (base + i) * inner
                extend(flat[s : s + inner])
    return Tensor._from_flat(out, shape[:ax] + idx_shape + shape[ax + 1 :], x._ops)


def tile(x: Tensor[Any], reps: Any, /) -> Tensor[Any]:
    """``x`` repeated ``reps[k]`` times along each axis ``k`` (NumPy's ``tile``).

    When ``reps`` is shorter than ``x.ndim`` it is padded with leading 1s;
    when longer, ``x`` gains leading length-1 axes.

    Returns
    -------
    Tensor
        A new tensor of shape ``shape[k] * reps[k]`` per axis.

    Raises
    ------
    ShapeError
        A negative repetition count.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2], [3, 4]])
    >>> gt.tile(x, 2).tolist()
    [[1, 2, 1, 2], [3, 4, 3, 4]]
    >>> gt.tile(gt.tensor([1, 2]), (2, 1)).tolist()
    [[1, 2], [1, 2]]
    """
    x = as_tensor(x, "tile")
    counts = _counts(reps, "tile", "reps")
    r = (counts,) if isinstance(counts, int) else tuple(counts)
    d = max(len(r), x.ndim)
    r = (1,) * (d - len(r)) + r
    shape = [1] * (d - x.ndim) + list(x.shape)
    check_shape([n * k for n, k in zip(shape, r)], "tile")
    if x._store.packing is not None:  # packed: NumPy's tile of the machine values (a new array)
        tiled = np.tile(view_of(x._store, x._layout), r)
        return Tensor._from_array(tiled, tiled.shape, x._ops, x._store.bounds)
    values = x._elements()
    for k in range(d - 1, -1, -1):
        if r[k] != 1 and values:
            values = _repeat_blocks(values, prod(shape[k:]), r[k])
        shape[k] *= r[k]
    return Tensor._from_flat(values, tuple(shape), x._ops)


def repeat(x: Tensor[Any], repeats: Any, /, *, axis: int | None = None) -> Tensor[Any]:
    """Repeat each element (or each sub-tensor along ``axis``) ``repeats`` times.

    Parameters
    ----------
    x : Tensor
    repeats : int or sequence of int
        One count for all, or one count per index along the axis.
    axis : int or None
        ``None``: repeat the elements of the flattened ``x``.

    Returns
    -------
    Tensor
        A new tensor.

    Raises
    ------
    ShapeError
        A negative count, or a count list whose length is not the axis length.
    AxisError
        ``axis`` is out of range.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2], [3, 4]])
    >>> gt.repeat(x, 2).tolist()
    [1, 1, 2, 2, 3, 3, 4, 4]
    >>> gt.repeat(x, [1, 2], axis=0).tolist()
    [[1, 2], [3, 4], [3, 4]]
    """
    x = as_tensor(x, "repeat")
    if axis is None:
        x = x.reshape(-1)
        axis = 0
    ax = normalize_axis(axis, x.ndim, "repeat")
    counts = _counts(repeats, "repeat", "repeats")
    shape = x.shape
    n = shape[ax]
    if isinstance(counts, list):
        if len(counts) == 1:
            counts = counts[0]
        elif len(counts) != n:
            raise ShapeError(
                f"repeat: {len(counts)} counts do not match axis {ax} of length {n} (shape {shape}); "
                "give one count, or one per index along the axis"
            )
    inner = prod(shape[ax + 1 :])
    check_shape(shape[:ax] + (n * counts if isinstance(counts, int) else sum(counts),) + shape[ax + 1 :], "repeat")
    if x._store.packing is not None:  # packed: NumPy's repeat of the machine values (a new array)
        repeated = np.repeat(view_of(x._store, x._layout), counts, axis=ax)
        return Tensor._from_array(repeated, repeated.shape, x._ops, x._store.bounds)
    values = x._elements()
    if isinstance(counts, int):
        out = _repeat_blocks(values, inner, counts) if values else []
        length = n * counts
    else:
        out = []
        extend = out.extend
        if values:
            for base in range(0, len(values), n * inner):
                for i, c in enumerate(counts):
                    if c:
                        s = base + i * inner
                        extend(values[s : s + inner] * c)
        length = sum(counts)
    return Tensor._from_flat(out, shape[:ax] + (length,) + shape[ax + 1 :], x._ops)


def where(condition: Any, x: Any, y: Any, /) -> Tensor[Any]:
    """Elements of ``x`` where ``condition`` is true, of ``y`` elsewhere (NumPy broadcasting).

    Parameters
    ----------
    condition : Tensor of bools or (nested) list of bools
    x, y : Tensor, array-like or scalar
        Their ops meet in [`gentensor.result_ops`][gentensor.ops._registry.result_ops].

    Returns
    -------
    Tensor
        A new tensor of the broadcast shape of the three inputs.

    Raises
    ------
    ArgumentTypeError
        ``condition`` does not hold bools.
    ShapeError
        The shapes do not broadcast (shapes and axis named).
    OpsMismatchError
        The ops of ``x`` and ``y`` cannot be combined.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> x = gt.tensor([[1, -2], [-3, 4]])
    >>> gt.where([[True, False], [False, True]], x, 0).tolist()
    [[1, 0], [0, 4]]
    >>> gt.where([True, False], x, Fraction(1, 2)).tolist()
    [[Fraction(1, 1), Fraction(1, 2)], [Fraction(-3, 1), Fraction(1, 2)]]
    """
    cond = as_tensor(condition, "where")
    if not capabilities_of(cond._ops).mask and cond.size:
        raise ArgumentTypeError(
            f"where: the condition must hold bools (got a tensor of {cond._ops!r}); "
            "compare first, e.g. gt.where(x > 0, x, 0)"
        )
    xt = as_tensor(x, "where")
    yt = as_tensor(y, "where")
    ops = common_ops([xt._ops, yt._ops], "where")
    shape = broadcast_shapes(cond.shape, xt.shape, yt.shape, func="where")
    chosen = _packed_where(cond, xt, yt, ops, shape)
    if chosen is not None:
        return chosen
    picks = _broadcast_elements(cond, shape)
    xs = convert_values(_broadcast_elements(xt, shape), xt._ops, ops)
    ys = convert_values(_broadcast_elements(yt, shape), yt._ops, ops)
    out = [a if c else b for c, a, b in zip(picks, xs, ys)]
    return Tensor._from_flat(out, shape, ops)
