"""The view family: reshape, permute, squeeze, flip, broadcast, diagonal.

Every function here returns a view of its input (shares storage; O(ndim))
except [`reshape`][gentensor.arrays.manipulation.reshape] when no strides can express the new shape, where it
copies (or refuses with ``copy=False``).
"""

from __future__ import annotations

import operator
from math import prod
from typing import Any, Sequence

from .._docs import sections, view
from ..core import kernels as _kernels
from ..core.layout import as_int, broadcast_shapes, normalize_axis
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ShapeError

__all__ = [
    "reshape",
    "permute_dims",
    "matrix_transpose",
    "moveaxis",
    "swapaxes",
    "squeeze",
    "expand_dims",
    "flip",
    "broadcast_to",
    "broadcast_arrays",
    "diagonal",
    "shares_memory",
]


def _axes(axis: Any, ndim: int, func: str) -> tuple[int, ...]:
    if isinstance(axis, (tuple, list)):
        axes = tuple(normalize_axis(a, ndim, func) for a in axis)
    else:
        axes = (normalize_axis(axis, ndim, func),)
    if len(set(axes)) != len(axes):
        raise ShapeError(f"{func}: repeated axis (got {axis!r})")
    return axes


def reshape(x: Tensor[Any], /, shape: Any, *, copy: bool | None = None) -> Tensor[Any]:
    """``x``'s elements (C order) in a new shape.

    Parameters
    ----------
    x : Tensor
    shape : int or tuple of int
        One dimension may be ``-1``: it is inferred from the size.
    copy : bool or None
        ``None``: a view when the layout allows, else a copy.  ``False``: a
        view or [`ShapeError`][gentensor.errors.ShapeError].  ``True``: always a copy.

    Returns
    -------
    Tensor
        A view of ``x`` (shares storage) when possible, else a new tensor.

    Raises
    ------
    ShapeError
        The sizes differ (both shapes named), several ``-1``, or ``copy=False``
        and a view is impossible.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.arange(6)
    >>> gt.reshape(x, (2, 3)).tolist()
    [[0, 1, 2], [3, 4, 5]]
    >>> gt.reshape(x.reshape((2, 3)).T, 6, copy=False)
    Traceback (most recent call last):
    ...
    gentensor.errors.ShapeError: reshape: cannot reshape the layout of shape (3, 2) to (6,) without copying (copy=False)
    """
    x = as_tensor(x, "reshape")
    new_shape = _reshape_target(shape, x)
    if prod(new_shape) != x.size:
        raise ShapeError(
            f"reshape: cannot reshape a tensor of shape {x.shape} (size {x.size}) into shape "
            f"{new_shape} (size {prod(new_shape)})"
        )
    layout = None if copy else x._layout.reshape(new_shape)
    if layout is None:
        if copy is False:
            raise ShapeError(
                f"reshape: cannot reshape the layout of shape {x.shape} to {new_shape} without copying (copy=False)"
            )
        fresh = x.copy()  # a new owner, C-contiguous (one NumPy copy when packed): any shape is a layout of it
        layout = fresh._layout.reshape(new_shape)
        assert layout is not None
        fresh._layout = layout  # nobody else holds it yet: it stays its storage's owner (base None)
        return fresh
    return x._view(layout)


def _reshape_target(shape: Any, x: Tensor[Any]) -> tuple[int, ...]:
    """The requested shape as a tuple of non-negative ints, one ``-1`` inferred from ``x.size``."""
    from ..core.layout import normalize_shape

    if type(shape) is tuple and all(type(n) is int and n >= 0 for n in shape):
        return normalize_shape(shape, "reshape")
    raw = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    dims = []
    for n in raw:
        if isinstance(n, bool):
            raise ArgumentTypeError(f"reshape: a shape must be an int or a tuple of ints (got {shape!r})")
        try:
            dims.append(operator.index(n))
        except TypeError:
            raise ArgumentTypeError(f"reshape: a shape must be an int or a tuple of ints (got {shape!r})") from None
    if dims.count(-1) > 1:
        raise ShapeError(f"reshape: only one dimension can be -1 (got {tuple(dims)})")
    if -1 in dims:
        known = prod(n for n in dims if n != -1)
        if known == 0 or x.size % known:
            raise ShapeError(
                f"reshape: cannot reshape a tensor of shape {x.shape} (size {x.size}) into shape {tuple(dims)}"
            )
        dims = [x.size // known if n == -1 else n for n in dims]
    return normalize_shape(tuple(dims), "reshape")


@sections(view())
def permute_dims(x: Tensor[Any], /, axes: Sequence[int]) -> Tensor[Any]:
    """Reorder the axes: result axis ``k`` is ``x``'s axis ``axes[k]``.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.arange(24).reshape((2, 3, 4))
    >>> y = gt.permute_dims(x, (2, 0, 1))
    >>> y.shape, y[3, 1, 2] == x[1, 2, 3]
    ((4, 2, 3), True)
    """
    x = as_tensor(x, "permute_dims")
    if not isinstance(axes, (tuple, list)):
        raise ArgumentTypeError(f"permute_dims: axes must be a tuple of ints (got {axes!r})")
    norm = tuple(normalize_axis(a, x.ndim, "permute_dims") for a in axes)
    if sorted(norm) != list(range(x.ndim)):
        raise ShapeError(
            f"permute_dims: axes must be a permutation of 0..{x.ndim - 1} (got {tuple(axes)})"
        )
    return x._view(x._layout.permute(norm))


@sections(view())
def matrix_transpose(x: Tensor[Any], /) -> Tensor[Any]:
    """Swap the last two axes (a stack of transposed matrices): same as ``x.mT``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.matrix_transpose(gt.tensor([[1, 2], [3, 4]])).tolist()
    [[1, 3], [2, 4]]
    """
    return as_tensor(x, "matrix_transpose").mT


@sections(view())
def moveaxis(x: Tensor[Any], source: Any, destination: Any, /) -> Tensor[Any]:
    """Move axes ``source`` to positions ``destination``, the others keeping their order.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.moveaxis(gt.zeros((2, 3, 4)), 0, -1).shape
    (3, 4, 2)
    """
    x = as_tensor(x, "moveaxis")
    src = _axes(source, x.ndim, "moveaxis")
    dst = _axes(destination, x.ndim, "moveaxis")
    if len(src) != len(dst):
        raise ShapeError(
            f"moveaxis: source and destination must have the same number of axes (got {source!r} and {destination!r})"
        )
    order = [a for a in range(x.ndim) if a not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return x._view(x._layout.permute(order))


@sections(view())
def swapaxes(x: Tensor[Any], axis1: int, axis2: int, /) -> Tensor[Any]:
    """Exchange two axes.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.swapaxes(gt.zeros((2, 3, 4)), 0, 2).shape
    (4, 3, 2)
    """
    x = as_tensor(x, "swapaxes")
    a = normalize_axis(axis1, x.ndim, "swapaxes")
    b = normalize_axis(axis2, x.ndim, "swapaxes")
    order = list(range(x.ndim))
    order[a], order[b] = order[b], order[a]
    return x._view(x._layout.permute(order))


@sections(view())
def squeeze(x: Tensor[Any], /, axis: Any = None) -> Tensor[Any]:
    """Remove length-1 axes (all of them when ``axis`` is ``None``).

    Raises
    ------
    ShapeError
        A named axis does not have length 1.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.squeeze(gt.zeros((1, 3, 1))).shape, gt.squeeze(gt.zeros((1, 3, 1)), axis=0).shape
    ((3,), (3, 1))
    """
    x = as_tensor(x, "squeeze")
    if axis is None:
        axes = tuple(k for k, n in enumerate(x.shape) if n == 1)
    else:
        axes = _axes(axis, x.ndim, "squeeze")
        bad = [a for a in axes if x.shape[a] != 1]
        if bad:
            raise ShapeError(
                f"squeeze: axis {bad[0]} has length {x.shape[bad[0]]}, not 1 (shape {x.shape})"
            )
    return x._view(x._layout.drop_axes(axes))


@sections(view())
def expand_dims(x: Tensor[Any], /, axis: Any = 0) -> Tensor[Any]:
    """Insert length-1 axes so that they sit at positions ``axis`` of the result.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.expand_dims(gt.zeros((2, 3)), axis=(0, -1)).shape
    (1, 2, 3, 1)
    """
    x = as_tensor(x, "expand_dims")
    count = len(axis) if isinstance(axis, (tuple, list)) else 1
    axes = sorted(_axes(axis, x.ndim + count, "expand_dims"))
    layout = x._layout
    for a in axes:
        layout = layout.insert_axis(a)
    return x._view(layout)


@sections(view("; strides become negative"))
def flip(x: Tensor[Any], /, axis: Any = None) -> Tensor[Any]:
    """Reverse the order of elements along ``axis`` (every axis when ``None``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.flip(gt.tensor([[1, 2], [3, 4]])).tolist(), gt.flip(gt.tensor([[1, 2], [3, 4]]), axis=1).tolist()
    ([[4, 3], [2, 1]], [[2, 1], [4, 3]])
    """
    x = as_tensor(x, "flip")
    axes = tuple(range(x.ndim)) if axis is None else _axes(axis, x.ndim, "flip")
    return x._view(x._layout.flip(axes))


def broadcast_to(x: Tensor[Any], /, shape: Any) -> Tensor[Any]:
    """``x`` repeated along new or length-1 axes to ``shape`` (NumPy rules), through stride 0.

    Returns
    -------
    Tensor
        A read-only view of ``x`` (shares storage; writing raises
        [`ReadOnlyError`][gentensor.errors.ReadOnlyError], since one element stands in many places).

    Raises
    ------
    ShapeError
        ``x.shape`` does not broadcast to ``shape``.

    Examples
    --------
    >>> import gentensor as gt
    >>> b = gt.broadcast_to(gt.tensor([1, 2, 3]), (2, 3))
    >>> b.tolist(), b.strides
    ([[1, 2, 3], [1, 2, 3]], (0, 1))
    """
    from ..core.layout import normalize_shape

    from ..resources import check_shape

    x = as_tensor(x, "broadcast_to")
    target = normalize_shape(shape, "broadcast_to")
    check_shape(target, "broadcast_to")  # a view, but every operation on it would build this many elements
    layout = x._layout.broadcast_to(target)
    if layout is None:
        raise ShapeError(
            f"broadcast_to: cannot broadcast shape {x.shape} to {target}; axes must match or be 1 "
            "(aligned from the right)"
        )
    return x._view(layout, readonly=True)


def broadcast_arrays(*arrays: Any) -> list[Tensor[Any]]:
    """The inputs broadcast against each other (NumPy rules), each through stride 0.

    Returns
    -------
    list of Tensor
        One read-only view of each input (shares storage), all of the broadcast shape.

    Raises
    ------
    ShapeError
        The shapes do not broadcast (both shapes and the axis named).

    Examples
    --------
    >>> import gentensor as gt
    >>> a, b = gt.broadcast_arrays(gt.tensor([[1], [2]]), gt.tensor([10, 20, 30]))
    >>> a.tolist(), b.shape
    ([[1, 1, 1], [2, 2, 2]], (2, 3))
    """
    xs = [as_tensor(a, "broadcast_arrays") for a in arrays]
    if not xs:
        return []
    shape = broadcast_shapes(*(x.shape for x in xs), func="broadcast_arrays")
    return [broadcast_to(x, shape) for x in xs]


@sections(view("; writes go through"))
def diagonal(x: Tensor[Any], /, *, offset: int = 0, axis1: int = -2, axis2: int = -1) -> Tensor[Any]:
    """The diagonal of the ``(axis1, axis2)`` planes, as the last axis of the result.

    ``offset > 0`` is above the main diagonal, ``< 0`` below.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.arange(9).reshape((3, 3))
    >>> gt.diagonal(x).tolist(), gt.diagonal(x, offset=1).tolist()
    ([0, 4, 8], [1, 5])
    """
    x = as_tensor(x, "diagonal")
    if x.ndim < 2:
        raise ShapeError(f"diagonal: needs a tensor with ndim >= 2 (got shape {x.shape})")
    a = normalize_axis(axis1, x.ndim, "diagonal")
    b = normalize_axis(axis2, x.ndim, "diagonal")
    if a == b:
        raise ShapeError(f"diagonal: axis1 and axis2 must differ (got {axis1} and {axis2})")
    return x._view(x._layout.diagonal(as_int(offset, "diagonal", "offset"), a, b))


def shares_memory(a: Tensor[Any], b: Tensor[Any], /) -> bool:
    """True when ``a`` and ``b`` have at least one storage position in common (exact).

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.arange(10)
    >>> gt.shares_memory(x[:5], x[4:]), gt.shares_memory(x[::2], x[1::2]), gt.shares_memory(x, x.copy())
    (True, False, False)
    """
    a = as_tensor(a, "shares_memory")
    b = as_tensor(b, "shares_memory")
    if a._store is not b._store or a.size == 0 or b.size == 0:
        return False
    lo_a, hi_a = a._layout.extent()
    lo_b, hi_b = b._layout.extent()
    if hi_a < lo_b or hi_b < lo_a:
        return False
    small, big = (a, b) if a.size <= b.size else (b, a)
    seen = set(_kernels.positions(small._layout))
    return any(p in seen for p in _kernels.positions(big._layout))
