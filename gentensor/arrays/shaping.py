"""NumPy's joining and flattening idioms, ``roll`` and ``take_along_axis``, on top of ``concat`` and views.

``concatenate`` is [`gentensor.concat`][gentensor.arrays.composition.concat] under NumPy's name; ``hstack``,
``vstack``, ``dstack`` and ``column_stack`` first lift their inputs to 1, 2
or 3 axes as NumPy does, then join with ``concat``.  ``ravel`` is a view
when the layout allows (else a copy), ``flatten`` always a copy.  ``roll``
and ``take_along_axis`` return new tensors.  ``diag`` reads the diagonal of a
matrix (a view) or builds a matrix from a vector.

Examples
--------
>>> import gentensor as gt
>>> a, b = gt.tensor([1, 2]), gt.tensor([3, 4])
>>> gt.hstack([a, b]).tolist(), gt.vstack([a, b]).tolist(), gt.column_stack([a, b]).tolist()
([1, 2, 3, 4], [[1, 2], [3, 4]], [[1, 3], [2, 4]])
>>> gt.roll(gt.arange(5), 2).tolist()
[3, 4, 0, 1, 2]
"""

from __future__ import annotations

from math import prod
from typing import Any, Sequence

import numpy as np

from ..core.layout import as_int, broadcast_shapes, normalize_axis
from ..core.operands import as_tensor
from ..core.storage import view_of
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, IndexingError, ShapeError
from ..resources import check_shape
from ..ops import capabilities_of
from ._composing import _packed_take_along, _tensor_list
from .composition import concat
from .manipulation import broadcast_to, diagonal, reshape

__all__ = [
    "concatenate",
    "hstack",
    "vstack",
    "dstack",
    "column_stack",
    "ravel",
    "flatten",
    "roll",
    "take_along_axis",
    "diag",
]


def _at_least(x: Tensor[Any], ndim: int) -> Tensor[Any]:
    """``x`` as a view with at least ``ndim`` axes, placed as NumPy's ``atleast_1d/2d/3d`` place them."""
    if x.ndim >= ndim:
        return x
    if ndim == 1:
        return x.reshape((1,))
    if ndim == 2:
        return x.reshape((1, x.size) if x.ndim == 1 else (1, 1))
    if x.ndim == 0:
        return x.reshape((1, 1, 1))
    if x.ndim == 1:
        return x.reshape((1, x.shape[0], 1))
    return x.reshape(x.shape + (1,))


def concatenate(arrays: Sequence[Any], /, axis: int | None = 0) -> Tensor[Any]:
    """NumPy's name of [`gentensor.concat`][gentensor.arrays.composition.concat]: join tensors along an existing axis.

    Returns
    -------
    Tensor
        A new tensor: the inputs joined in order along ``axis`` (flattened first when ``axis`` is ``None``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.concatenate([gt.tensor([[1, 2]]), gt.tensor([[3, 4]])], axis=0).tolist()
    [[1, 2], [3, 4]]
    """
    return concat(_tensor_list(arrays, "concatenate"), axis=axis)


def hstack(arrays: Sequence[Any], /) -> Tensor[Any]:
    """Join along the second axis (the first for 1-d inputs), as NumPy's ``hstack``.

    Returns
    -------
    Tensor
        A new tensor: the inputs joined in order along their second axis (their first when 1-d).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.hstack([gt.tensor([[1], [2]]), gt.tensor([[3], [4]])]).tolist()
    [[1, 3], [2, 4]]
    """
    xs = [_at_least(x, 1) for x in _tensor_list(arrays, "hstack")]
    return concat(xs, axis=0 if xs[0].ndim == 1 else 1)


def vstack(arrays: Sequence[Any], /) -> Tensor[Any]:
    """Join along the first axis, 1-d inputs becoming rows, as NumPy's ``vstack``.

    Returns
    -------
    Tensor
        A new tensor of at least 2 axes: the rows of the inputs, one input after the other.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.vstack([gt.tensor([1, 2]), gt.tensor([[3, 4], [5, 6]])]).tolist()
    [[1, 2], [3, 4], [5, 6]]
    """
    return concat([_at_least(x, 2) for x in _tensor_list(arrays, "vstack")], axis=0)


def dstack(arrays: Sequence[Any], /) -> Tensor[Any]:
    """Join along the third axis, inputs lifted to 3 axes as NumPy's ``dstack`` lifts them.

    Returns
    -------
    Tensor
        A new tensor of at least 3 axes, the inputs side by side along the third.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.dstack([gt.tensor([1, 2]), gt.tensor([3, 4])]).tolist()
    [[[1, 3], [2, 4]]]
    """
    return concat([_at_least(x, 3) for x in _tensor_list(arrays, "dstack")], axis=2)


def column_stack(arrays: Sequence[Any], /) -> Tensor[Any]:
    """1-d inputs become columns of a matrix; 2-d inputs are joined along the second axis.

    Returns
    -------
    Tensor
        A new 2-d tensor with the columns of the inputs in order.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.column_stack([gt.tensor([1, 2]), gt.tensor([[3], [4]])]).tolist()
    [[1, 3], [2, 4]]
    """
    xs = [x.reshape((x.size, 1)) if x.ndim < 2 else x for x in _tensor_list(arrays, "column_stack")]
    return concat(xs, axis=1)


def ravel(a: Any, /) -> Tensor[Any]:
    """The elements in C order as a 1-d tensor: a view when the layout allows, else a copy.

    Returns
    -------
    Tensor
        A view of ``a`` (shares storage) when possible, else a new tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.arange(6).reshape((2, 3))
    >>> gt.ravel(x).tolist(), gt.ravel(x).base is x.base, gt.ravel(x.T).tolist()
    ([0, 1, 2, 3, 4, 5], True, [0, 3, 1, 4, 2, 5])
    """
    return reshape(as_tensor(a, "ravel"), (-1,))


def flatten(a: Any, /) -> Tensor[Any]:
    """The elements in C order as a new 1-d tensor (always a copy, as NumPy's ``x.flatten()``).

    Returns
    -------
    Tensor
        A new 1-d tensor of ``a.size`` elements that shares no storage with ``a``.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2], [3, 4]])
    >>> y = gt.flatten(x); y[0] = 9
    >>> y.tolist(), x.tolist()
    ([9, 2, 3, 4], [[1, 2], [3, 4]])
    """
    return reshape(as_tensor(a, "flatten"), (-1,), copy=True)


def roll(x: Any, /, shift: Any, *, axis: Any = None) -> Tensor[Any]:
    """Elements shifted cyclically by ``shift`` places along ``axis`` (of the flattened tensor when ``None``).

    Parameters
    ----------
    shift : int or tuple of int
        One shift per axis of ``axis`` (an int applies to all of them).
    axis : int, tuple of int or None

    Returns
    -------
    Tensor
        A new tensor of ``x``'s shape.

    Raises
    ------
    ShapeError
        ``shift`` and ``axis`` tuples of different lengths.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2, 3], [4, 5, 6]])
    >>> gt.roll(x, 1, axis=1).tolist(), gt.roll(x, (1, -1), axis=(0, 1)).tolist(), gt.roll(x, 1).tolist()
    ([[3, 1, 2], [6, 4, 5]], [[5, 6, 4], [2, 3, 1]], [[6, 1, 2], [3, 4, 5]])
    """
    x = as_tensor(x, "roll")
    if axis is None:
        flat = x.reshape(-1)
        return roll(flat, shift, axis=0).reshape(x.shape)
    axes = list(axis) if isinstance(axis, (tuple, list)) else [axis]
    shifts = list(shift) if isinstance(shift, (tuple, list)) else [shift] * len(axes)
    if len(shifts) != len(axes):
        raise ShapeError(f"roll: shift and axis must have the same length (got shift={shift!r}, axis={axis!r})")
    out = x
    for s, a in zip(shifts, axes):
        if isinstance(s, bool) or not isinstance(s, int):
            raise ArgumentTypeError(f"roll: shift must be an int or a tuple of ints (got {shift!r})")
        ax = normalize_axis(a, x.ndim, "roll")
        n = x.shape[ax]
        if n == 0 or s % n == 0:
            continue
        k = s % n
        head = (slice(None),) * ax + (slice(n - k, None),)
        tail = (slice(None),) * ax + (slice(0, n - k),)
        out = concat([out[head], out[tail]], axis=ax)
    return out.copy() if out is x else out


def take_along_axis(x: Any, indices: Any, /, *, axis: int = -1) -> Tensor[Any]:
    """The elements of ``x`` at ``indices`` along ``axis``, matched position by position on the other axes.

    ``take_along_axis(x, argsort(x, axis=k), axis=k)`` is ``sort(x, axis=k)``.

    Parameters
    ----------
    x : Tensor
    indices : integers Tensor
        Same ndim as ``x``; other axes broadcast against ``x``'s.
    axis : int

    Returns
    -------
    Tensor
        A new tensor of the broadcast shape (``indices``' length along ``axis``).

    Raises
    ------
    IndexError
        An index is out of range.
    ShapeError
        Different ndims, or other axes that do not broadcast.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[30, 10, 20], [5, 6, 4]])
    >>> gt.take_along_axis(x, gt.tensor([[1], [2]]), axis=1).tolist()
    [[10], [4]]
    """
    x = as_tensor(x, "take_along_axis")
    idx = as_tensor(indices, "take_along_axis")
    if idx.ndim != x.ndim:
        raise ShapeError(
            f"take_along_axis: indices must have x's ndim {x.ndim} (got shapes {x.shape} and {idx.shape})"
        )
    if not capabilities_of(idx.ops).index and idx.size:
        raise ArgumentTypeError(f"take_along_axis: indices must be ints (got elements of {idx.ops!r})")
    ax = normalize_axis(axis, x.ndim, "take_along_axis")
    other_x = x.shape[:ax] + (1,) + x.shape[ax + 1 :]
    other_i = idx.shape[:ax] + (1,) + idx.shape[ax + 1 :]
    common = broadcast_shapes(other_x, other_i, func="take_along_axis")
    n = x.shape[ax]
    shape = common[:ax] + (idx.shape[ax],) + common[ax + 1 :]
    picked = _packed_take_along(x, idx, ax, shape) if x._store.packing is not None and idx.size else None
    if picked is not None:
        return picked
    xb = broadcast_to(x, common[:ax] + (n,) + common[ax + 1 :])
    ib = broadcast_to(idx, shape)._elements()
    values = xb._elements()
    inner = prod(shape[ax + 1 :])
    m = shape[ax]
    out = []
    for flat_pos, i in enumerate(ib):
        if not -n <= i < n:
            raise IndexingError(f"take_along_axis: index {i} is out of range for axis {ax} with length {n}")
        outer, rest = divmod(flat_pos, m * inner)
        inner_pos = rest % inner
        out.append(values[(outer * n + i % n) * inner + inner_pos])
    return Tensor._from_flat(out, shape, x.ops)


def diag(v: Any, /, *, k: int = 0) -> Tensor[Any]:
    """NumPy's ``diag``: the ``k``-th diagonal of a matrix, or a square matrix with a vector on its ``k``-th diagonal.

    Parameters
    ----------
    v : Tensor or array-like
        A matrix (2-d) or a vector (1-d).
    k : int
        The diagonal: ``0`` the main one, ``k > 0`` above it, ``k < 0`` below.

    Returns
    -------
    Tensor
        For a matrix, a view of ``v`` (shares storage;
        [`diagonal`][gentensor.arrays.manipulation.diagonal] with ``offset=k``).
        For a vector of length ``n``, a new ``(n + |k|, n + |k|)`` tensor,
        ``ops.zero`` off that diagonal.

    Raises
    ------
    ShapeError
        ``v`` is neither 1-d nor 2-d.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.diag(gt.tensor([[1, 2], [3, 4]])).tolist(), gt.diag(gt.tensor([[1, 2], [3, 4]]), k=1).tolist()
    ([1, 4], [2])
    >>> gt.diag(gt.tensor([5, 6]), k=-1).tolist()
    [[0, 0, 0], [5, 0, 0], [0, 6, 0]]
    """
    x = as_tensor(v, "diag")
    k = as_int(k, "diag", "k")
    if x.ndim == 2:
        return diagonal(x, offset=k)
    if x.ndim != 1:
        raise ShapeError(f"diag: needs a 1-d or 2-d tensor (got shape {x.shape}); use gt.diagonal for stacks")
    n = x.shape[0] + abs(k)
    check_shape((n, n), "diag")
    row, col = max(-k, 0), max(k, 0)
    packing = x._store.packing
    zero = None if packing is None else packing.scalar(x.ops.zero)
    if zero is not None:  # packed: the words on the diagonal of a matrix of the packed zero
        words = view_of(x._store, x._layout)
        blank = np.zeros((), dtype=words.dtype)
        blank[()] = zero
        # calloc'd pages when the zero word is all zero bits (as NumPy's diag): no pass to fill them
        out_words = np.zeros((n, n), words.dtype) if not blank.tobytes().strip(b"\0") else np.full((n, n), zero, words.dtype)
        out_words.reshape(-1)[row * n + col :: n + 1][: len(words)] = words
        return Tensor._from_array(out_words, (n, n), x.ops)
    values = x._elements()
    out = [x.ops.zero] * (n * n)
    for i, value in enumerate(values):
        out[(row + i) * n + col + i] = value
    return Tensor._from_flat(out, (n, n), x.ops)
