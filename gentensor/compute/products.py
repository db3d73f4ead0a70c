"""Tensor products: matmul, vecdot, outer, tensordot, einsum, kron, trace, cross.

On packed operands a product is one NumPy kernel of the ops' packing, run
when the packing proves the result exact (`gentensor.compute._packedproducts`).
Otherwise every product reads each operand once (one gather per distinct
matrix) and hands flat lists to the kernels of `gentensor.compute._contract`,
which touch elements only through ``ops.mul`` and ``ops.sum``.  Operands with different
ops meet in [`gentensor.result_ops`][gentensor.ops._registry.result_ops].  Results without axes (two vectors
under ``@``, ``trace`` of one matrix, a full contraction) are the element
itself, as NumPy returns scalars.
"""

from __future__ import annotations

import operator
from math import prod
from typing import Any

from .._docs import section, sections
from ..core import kernels as _kernels
from ._contract import dot_rows, matmul_flat, outer_flat, row_sums
from ._einsum import contract, parse
from ..core.layout import Layout, broadcast_shapes, normalize_axis
from ..core.operands import as_tensor, common_ops, convert_values, elements_as
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ShapeError
from ..arrays.composition import stack as _stack
from ..arrays.manipulation import broadcast_to as _broadcast_to
from ..arrays.manipulation import moveaxis, permute_dims
from ..ops import ElementOps, capabilities_of, provider_info
from ..resources import check_shape
from . import _packedproducts
from ._engine import arithmetic_ops
from .elementary import conj
from .elementwise import multiply as _multiply
from .elementwise import subtract as _subtract
from .reductions import sum as _sum

__all__ = [
    "matmul",
    "vecdot",
    "outer",
    "tensordot",
    "einsum",
    "kron",
    "trace",
    "cross",
]

#: Vectors from which ``cross`` of packed operands computes column by column (below, element by element is cheaper).
_PACKED_CROSS = 64

#: The error every function with axis arguments shares (see gentensor._docs).
_AXIS_RANGE = ("AxisError", "An axis is out of range.")


def _needs_axes(x: Tensor[Any], func: str, least: int = 1) -> None:
    if x.ndim < least:
        hint = "; use * to multiply by a scalar" if least == 1 else ""
        raise ShapeError(f"{func}: needs a tensor with ndim >= {least} (got shape {x.shape}){hint}")


def _batch_shape(a: Tensor[Any], b: Tensor[Any], sa: tuple[int, ...], sb: tuple[int, ...], func: str) -> tuple[int, ...]:
    try:
        return broadcast_shapes(sa, sb, func=func)
    except ShapeError:
        raise ShapeError(
            f"{func}: the batch axes of shapes {a.shape} and {b.shape} do not broadcast "
            f"({sa} against {sb}); they must match or be 1, aligned from the right"
        ) from None


def _broadcast_read(x: Tensor[Any], shape: tuple[int, ...], ops: ElementOps) -> list[Any]:
    layout = x._layout.broadcast_to(shape)
    assert layout is not None  # shape is a broadcast that includes x.shape
    return convert_values(_kernels.gather(x._store, layout), x._ops, ops)


def _matrices(x: Tensor[Any], batch: tuple[int, ...], ops: ElementOps) -> list[list[Any]]:
    """The flat C-order matrix (last two axes) of ``x`` at each index of ``batch``, in C order.

    Each distinct matrix is gathered and converted once; batch broadcasting
    (stride 0) hands out the same list again.
    """
    lay = x._layout
    if lay.ndim == 2 and not batch:  # one matrix: read it as it lies
        return [convert_values(_kernels.gather(x._store, lay), x._ops, ops)]
    outer = Layout(lay.shape[:-2], lay.strides[:-2], lay.offset).broadcast_to(batch)
    assert outer is not None  # batch is the broadcast of both operands' batch shapes
    shape, strides = lay.shape[-2:], lay.strides[-2:]
    seen: dict[int, list[Any]] = {}
    out = []
    for offset in _kernels.row_starts(outer.offset, outer.shape, outer.strides):
        flat = seen.get(offset)
        if flat is None:
            flat = convert_values(_kernels.gather(x._store, Layout(shape, strides, offset)), x._ops, ops)
            seen[offset] = flat
        out.append(flat)
    return out


def matmul(a: Tensor[Any], b: Tensor[Any], /) -> Tensor[Any] | Any:
    """Matrix product with NumPy semantics (also ``a @ b``).

    A 1-d ``a`` is a row vector and a 1-d ``b`` a column vector (the added
    axis is removed from the result); axes before the last two are batch
    axes and broadcast.  Each entry is one ``ops.sum`` of ``ops.mul``
    products, the left factor from ``a``.

    Returns
    -------
    Tensor or element
        A new tensor; the element itself when both inputs are 1-d.

    Raises
    ------
    ShapeError
        A 0-d input, inner dimensions that differ, or batch axes that do not
        broadcast (both shapes named).
    OpsMismatchError
        The inputs' ops cannot be combined.

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[1, 2], [3, 4]])
    >>> (a @ a).tolist(), gt.matmul(a, gt.tensor([1, 1])).tolist()
    ([[7, 10], [15, 22]], [3, 7])
    >>> gt.tensor([1, 2]) @ gt.tensor([3, 4])
    11
    >>> gt.matmul(gt.zeros((2, 3)), gt.zeros((2, 3)))
    Traceback (most recent call last):
    ...
    gentensor.errors.ShapeError: matmul: inner dimensions differ: shapes (2, 3) and (2, 3) (3 != 2); the last axis of the first must match the second-to-last axis of the second
    """
    a = as_tensor(a, "matmul")
    b = as_tensor(b, "matmul")
    _needs_axes(a, "matmul")
    _needs_axes(b, "matmul")
    ops = arithmetic_ops(common_ops([a._ops, b._ops], "matmul"))  # booleans multiply and sum as integers
    a2 = a if a.ndim > 1 else a._view(a._layout.insert_axis(0))
    b2 = b if b.ndim > 1 else b._view(b._layout.insert_axis(1))
    m, k = a2.shape[-2:]
    k2, n = b2.shape[-2:]
    if k != k2:
        where = "first" if b.ndim == 1 else "second-to-last"
        raise ShapeError(
            f"matmul: inner dimensions differ: shapes {a.shape} and {b.shape} ({k} != {k2}); "
            f"the last axis of the first must match the {where} axis of the second"
        )
    batch = _batch_shape(a, b, a2.shape[:-2], b2.shape[:-2], "matmul")
    shape = batch + ((m,) if a.ndim > 1 else ()) + ((n,) if b.ndim > 1 else ())
    check_shape(shape, "matmul")
    if m and n:
        product = _packedproducts.matmul(a2, b2, ops, k)
        if product is not None:
            return _packedproducts.result(product, shape, ops)
    out: list[Any] = []
    if m and n:
        # A kernel provider for the ring (FLINT, packed ints): flat a, flat b, m, k, n, ops -> flat product.
        info = provider_info(ops, "matmul")
        for fa, fb in zip(_matrices(a2, batch, ops), _matrices(b2, batch, ops)):
            found = NotImplemented if info is None else info.function(fa, fb, m, k, n, ops)
            out.extend(matmul_flat(ops, fa, fb, m, k, n) if found is NotImplemented else found)
    if not shape:
        return out[0]
    return Tensor._from_flat(out, shape, ops)


def vecdot(a: Tensor[Any], b: Tensor[Any], /, *, axis: int = -1) -> Tensor[Any] | Any:
    """Dot products of the vectors along ``axis``, broadcasting the other axes.

    Each result is ``ops.sum`` of ``a[..., i] * b[..., i]``; for complex
    floats ``a`` is conjugated first, as the Array API says (``conj(a) * b``).
    Other rings, SymPy expressions included, are not conjugated.

    Parameters
    ----------
    a, b : Tensor
        At least 1-d; ``axis`` counts in the broadcast shape and both must
        have it, with equal lengths.
    axis : int

    Returns
    -------
    Tensor or element
        A new tensor of the broadcast shape without ``axis``; the element
        itself when no axes remain.

    Raises
    ------
    ShapeError
        0-d inputs, lengths along ``axis`` that differ, or other axes that do
        not broadcast.
    AxisError
        ``axis`` is out of range for one of the inputs.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.vecdot(gt.tensor([1, 2, 3]), gt.tensor([4, 5, 6]))
    32
    >>> gt.vecdot(gt.tensor([[1, 2], [3, 4]]), gt.tensor([1, 1]), axis=-1).tolist()
    [3, 7]
    >>> gt.vecdot(gt.tensor([[1, 2], [3, 4]]), gt.tensor([[1], [1]]), axis=0).tolist()
    [4, 6]
    >>> gt.vecdot(gt.tensor([1j]), gt.tensor([1j]))
    (1+0j)
    """
    a = as_tensor(a, "vecdot")
    b = as_tensor(b, "vecdot")
    if capabilities_of(a.ops).complex:
        a = conj(a)
    _needs_axes(a, "vecdot")
    _needs_axes(b, "vecdot")
    ops = arithmetic_ops(common_ops([a._ops, b._ops], "vecdot"))  # booleans multiply and sum as integers
    ndim = max(a.ndim, b.ndim)
    back = normalize_axis(axis, ndim, "vecdot") - ndim
    am = moveaxis(a, normalize_axis(back, a.ndim, "vecdot"), -1)
    bm = moveaxis(b, normalize_axis(back, b.ndim, "vecdot"), -1)
    k = am.shape[-1]
    if bm.shape[-1] != k:
        raise ShapeError(
            f"vecdot: the vectors along axis {axis} have lengths {k} and {bm.shape[-1]} "
            f"(shapes {a.shape} and {b.shape}); they must be equal"
        )
    batch = _batch_shape(a, b, am.shape[:-1], bm.shape[:-1], "vecdot")
    found = _packedproducts.vecdot(am, bm, ops, k)
    if found is not None:
        return _packedproducts.result(found, batch, ops)
    products = _packedproducts.vecdot_products(am, bm, ops, batch + (k,))
    if products is not None:  # packed products, then a sum (packed when its bounds allow) in the element path's order
        return _sum(products, axis=-1)
    out = dot_rows(ops, _broadcast_read(am, batch + (k,), ops), _broadcast_read(bm, batch + (k,), ops), k, prod(batch))
    if not batch:
        return out[0]
    return Tensor._from_flat(out, batch, ops)


def outer(a: Tensor[Any], b: Tensor[Any], /) -> Tensor[Any]:
    """Every product ``a[i] * b[j]`` of the flattened inputs, as a matrix.

    Returns
    -------
    Tensor
        A new tensor of shape ``(a.size, b.size)``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.outer(gt.tensor([1, 2]), gt.tensor([1, 10, 100])).tolist()
    [[1, 10, 100], [2, 20, 200]]
    """
    a = as_tensor(a, "outer")
    b = as_tensor(b, "outer")
    ops = arithmetic_ops(common_ops([a._ops, b._ops], "outer"))  # booleans multiply and sum as integers
    check_shape((a.size, b.size), "outer")
    done = _packedproducts.products(a, b, ops, (a.size, 1), (1, b.size))
    if done is not None:
        return done
    return Tensor._from_flat(outer_flat(ops, elements_as(a, ops), elements_as(b, ops)), (a.size, b.size), ops)


def _tensordot_axes(a: Tensor[Any], b: Tensor[Any], axes: Any) -> tuple[list[int], list[int]]:
    if isinstance(axes, (bool, str)):
        raise ArgumentTypeError(f"tensordot: axes must be an int or a pair of axis sequences such as ([1], [0]) (got {axes!r})")
    try:
        count = operator.index(axes)
    except TypeError:
        pass
    else:
        if count < 0 or count > a.ndim or count > b.ndim:
            raise ShapeError(
                f"tensordot: cannot contract {count} axes of shapes {a.shape} and {b.shape}; "
                f"axes must be between 0 and {min(a.ndim, b.ndim)}"
            )
        return list(range(a.ndim - count, a.ndim)), list(range(count))
    try:
        first, second = axes
    except (TypeError, ValueError):
        raise ArgumentTypeError(
            f"tensordot: axes must be an int or a pair of axis sequences such as ([1], [0]) (got {axes!r})"
        ) from None
    ax_a = [normalize_axis(x, a.ndim, "tensordot") for x in ([first] if isinstance(first, int) else first)]
    ax_b = [normalize_axis(x, b.ndim, "tensordot") for x in ([second] if isinstance(second, int) else second)]
    if len(ax_a) != len(ax_b):
        raise ShapeError(f"tensordot: the axis lists have different lengths (got {axes!r})")
    if len(set(ax_a)) != len(ax_a) or len(set(ax_b)) != len(ax_b):
        raise ShapeError(f"tensordot: an axis is repeated (got {axes!r})")
    return ax_a, ax_b


@sections(section("Raises", ("ShapeError", "Contracted axes of different lengths (both shapes named), or a bad\naxis count."), _AXIS_RANGE))
def tensordot(a: Tensor[Any], b: Tensor[Any], /, *, axes: Any = 2) -> Tensor[Any] | Any:
    """Sum products over the axes ``axes`` of ``a`` and ``b`` (NumPy's ``tensordot``).

    Parameters
    ----------
    a, b : Tensor
    axes : int or (sequence of int, sequence of int)
        ``N``: the last ``N`` axes of ``a`` against the first ``N`` of ``b``.
        A pair: the listed axes, matched in order.

    Returns
    -------
    Tensor or element
        A new tensor with the free axes of ``a`` then those of ``b``; the
        element itself when every axis is contracted.

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.arange(6).reshape((2, 3))
    >>> gt.tensordot(a, a, axes=([1], [1])).tolist()
    [[5, 14], [14, 50]]
    >>> gt.tensordot(a, a)
    55
    >>> gt.tensordot(gt.tensor([1, 2]), gt.tensor([3, 4]), axes=0).tolist()
    [[3, 4], [6, 8]]
    """
    a = as_tensor(a, "tensordot")
    b = as_tensor(b, "tensordot")
    ops = arithmetic_ops(common_ops([a._ops, b._ops], "tensordot"))  # booleans multiply and sum as integers
    ax_a, ax_b = _tensordot_axes(a, b, axes)
    for i, j in zip(ax_a, ax_b):
        if a.shape[i] != b.shape[j]:
            raise ShapeError(
                f"tensordot: axis {i} of shape {a.shape} and axis {j} of shape {b.shape} have different "
                f"lengths ({a.shape[i]} != {b.shape[j]})"
            )
    free_a = [i for i in range(a.ndim) if i not in ax_a]
    free_b = [j for j in range(b.ndim) if j not in ax_b]
    shape = tuple(a.shape[i] for i in free_a) + tuple(b.shape[j] for j in free_b)
    check_shape(shape, "tensordot")
    found = _packedproducts.tensordot(a, b, ax_a, ax_b, ops)
    if found is not None:
        return _packedproducts.result(found, shape, ops)
    fa = elements_as(permute_dims(a, free_a + ax_a), ops)
    fb = elements_as(permute_dims(b, ax_b + free_b), ops)
    m = prod(a.shape[i] for i in free_a)
    k = prod(a.shape[i] for i in ax_a)
    n = prod(b.shape[j] for j in free_b)
    out = matmul_flat(ops, fa, fb, m, k, n)
    if not shape:
        return out[0]
    return Tensor._from_flat(out, shape, ops)


def einsum(subscripts: str, /, *operands: Tensor[Any]) -> Tensor[Any] | Any:
    """Einstein summation: ``'ij,jk->ik'`` is a matrix product, ``'ii'`` a trace, ``'...ij->...ji'`` a transpose.

    Explicit mode (``->``) names the output axes; implicit mode keeps the
    letters that appear exactly once, in alphabetical (ASCII) order, after
    any ``...`` axes.  A letter repeated in one term takes a diagonal; a
    letter absent from the output is summed; ``...`` broadcasts (NumPy
    rules, also length-1 axes under one letter).  Pairwise contractions run
    as batched matrix products, the same kernel as [`matmul`][gentensor.compute.products.matmul].

    Returns
    -------
    Tensor or element
        A new tensor; the element itself when the output has no axes.

    Raises
    ------
    ShapeError
        A bad subscript, with its position in ``subscripts``: an invalid
        character, a wrong number of terms or letters, a repeated or unknown
        output letter, lengths that disagree for one letter.

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[1, 2], [3, 4]])
    >>> gt.einsum("ij,jk->ik", a, a).tolist(), gt.einsum("ii", a), gt.einsum("ji", a).tolist()
    ([[7, 10], [15, 22]], 5, [[1, 3], [2, 4]])
    >>> gt.einsum("ij,j3->i", a, a)
    Traceback (most recent call last):
    ...
    gentensor.errors.ShapeError: einsum: invalid character '3' (subscripts are letters a-z, A-Z, ',', '->' and '...') at position 4 of 'ij,j3->i'
        ij,j3->i
            ^
    """
    if not operands:
        raise ArgumentTypeError("einsum: needs at least one operand after the subscripts")
    xs = [as_tensor(x, "einsum") for x in operands]
    spec = parse(subscripts, [x.shape for x in xs])
    ops = common_ops([x._ops for x in xs], "einsum")
    summed = {label for labels in spec.inputs for label in labels} - set(spec.output)
    if len(xs) > 1 or summed:  # products and sums of booleans count, as integers (a rearrangement keeps them)
        ops = arithmetic_ops(ops)
    check_shape([spec.sizes[lb] for lb in spec.output], "einsum")
    found = _packedproducts.einsum(spec, xs, ops, summed)
    if found is not None:
        return _packedproducts.result(found, tuple(spec.sizes[lb] for lb in spec.output), ops)
    return contract(spec, xs, ops)


def kron(a: Tensor[Any], b: Tensor[Any], /) -> Tensor[Any]:
    """Kronecker product: block ``(i, j, …)`` of the result is ``a[i, j, …] * b``.

    Inputs of different ndim are aligned by prepending length-1 axes to the
    smaller, as in NumPy.

    Returns
    -------
    Tensor
        A new tensor of shape ``a.shape[k] * b.shape[k]`` per axis.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.kron(gt.eye(2), gt.tensor([[1, 2], [3, 4]])).tolist()
    [[1, 2, 0, 0], [3, 4, 0, 0], [0, 0, 1, 2], [0, 0, 3, 4]]
    """
    a = as_tensor(a, "kron")
    b = as_tensor(b, "kron")
    ops = arithmetic_ops(common_ops([a._ops, b._ops], "kron"))  # booleans multiply and sum as integers
    d = max(a.ndim, b.ndim)
    sa = (1,) * (d - a.ndim) + a.shape
    sb = (1,) * (d - b.ndim) + b.shape
    shape = tuple(p * q for p, q in zip(sa, sb))
    check_shape(shape, "kron")
    interleaved = [axis for k in range(d) for axis in (k, d + k)]
    blocks = _packedproducts.products(a, b, ops, sa + (1,) * d, (1,) * d + sb)
    if blocks is not None:  # packed: the interleaving is one NumPy copy
        return permute_dims(blocks, interleaved).reshape(shape)
    blocks = Tensor._from_flat(outer_flat(ops, elements_as(a, ops), elements_as(b, ops)), sa + sb, ops)
    values = permute_dims(blocks, interleaved)._elements()
    return Tensor._from_flat(values, shape, ops)


@sections(section("Raises", ("ShapeError", "``x.ndim < 2`` or ``axis1 == axis2``."), _AXIS_RANGE))
def trace(x: Tensor[Any], /, *, offset: int = 0, axis1: int = -2, axis2: int = -1) -> Tensor[Any] | Any:
    """Sum of the diagonal of the ``(axis1, axis2)`` planes (``offset > 0``: above the main one).

    Returns
    -------
    Tensor or element
        The element itself for a matrix; for a stack, a new tensor of the
        remaining axes.  An empty diagonal sums to ``ops.zero``.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.arange(9).reshape((3, 3))
    >>> gt.trace(x), gt.trace(x, offset=1), gt.trace(gt.stack([x, x])).tolist()
    (12, 6, [12, 12])
    """
    x = as_tensor(x, "trace")
    _needs_axes(x, "trace", 2)
    a = normalize_axis(axis1, x.ndim, "trace")
    b = normalize_axis(axis2, x.ndim, "trace")
    if a == b:
        raise ShapeError(f"trace: axis1 and axis2 must differ (got {axis1} and {axis2})")
    try:
        k = operator.index(offset) if not isinstance(offset, bool) else None
    except TypeError:
        k = None
    if k is None:
        raise ArgumentTypeError(f"trace: offset must be an int (got {offset!r})")
    layout = x._layout.diagonal(k, a, b)
    length = layout.shape[-1]
    rest = layout.shape[:-1]
    ops = arithmetic_ops(x._ops)  # the trace of a booleans matrix counts its True diagonal entries
    sums = row_sums(ops, convert_values(_kernels.gather(x._store, layout), x._ops, ops), length, prod(rest))
    if not rest:
        return sums[0]
    return Tensor._from_flat(sums, rest, ops)


def cross(a: Tensor[Any], b: Tensor[Any], /, *, axis: int = -1) -> Tensor[Any]:
    """Cross products of the length-3 vectors along ``axis``, broadcasting the other axes.

    ``axis`` is read in each input and places the vectors in the result, as
    NumPy's ``axis`` argument does.  Each component is
    ``ops.sub(ops.mul(a_i, b_j), ops.mul(a_j, b_i))``, the factor from ``a``
    on the left.

    Returns
    -------
    Tensor
        A new tensor of the broadcast shape.

    Raises
    ------
    ShapeError
        A length other than 3 along ``axis`` (shapes named), or other axes
        that do not broadcast.
    AxisError
        ``axis`` is out of range.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.cross(gt.tensor([1, 0, 0]), gt.tensor([0, 1, 0])).tolist()
    [0, 0, 1]
    >>> gt.cross(gt.tensor([[1, 2, 3], [0, 0, 1]]), gt.tensor([1, 0, 0])).tolist()
    [[0, 3, -2], [0, 1, 0]]
    """
    a = as_tensor(a, "cross")
    b = as_tensor(b, "cross")
    _needs_axes(a, "cross")
    _needs_axes(b, "cross")
    ops = arithmetic_ops(common_ops([a._ops, b._ops], "cross"))  # booleans multiply and sum as integers
    ax_a = normalize_axis(axis, a.ndim, "cross")
    ax_b = normalize_axis(axis, b.ndim, "cross")
    if a.shape[ax_a] != 3 or b.shape[ax_b] != 3:
        raise ShapeError(
            f"cross: the vectors along axis {axis} must have length 3 (got shapes {a.shape} and {b.shape})"
        )
    am = moveaxis(a, ax_a, -1)
    bm = moveaxis(b, ax_b, -1)
    batch = _batch_shape(a, b, am.shape[:-1], bm.shape[:-1], "cross")
    if (a._store.packing is not None or b._store.packing is not None) and prod(batch) >= _PACKED_CROSS:
        # packed: the same products and differences, each one element-wise call on the columns (packed kernels
        # where their bounds prove the results fit), stacked back along the last axis
        x = [am[..., k] for k in range(3)]
        y = [bm[..., k] for k in range(3)]
        columns = [
            _subtract(_multiply(x[1], y[2]), _multiply(x[2], y[1])),
            _subtract(_multiply(x[2], y[0]), _multiply(x[0], y[2])),
            _subtract(_multiply(x[0], y[1]), _multiply(x[1], y[0])),
        ]
        result = _stack([_broadcast_to(c, batch) for c in columns], axis=-1)
        if result.ops is not ops:
            result = result._cast(ops)
        place = normalize_axis(axis, len(batch) + 1, "cross")
        return moveaxis(result, -1, place).copy() if place != len(batch) else result
    fa = _broadcast_read(am, batch + (3,), ops)
    fb = _broadcast_read(bm, batch + (3,), ops)
    mul, sub = ops.mul, ops.sub
    a0, a1, a2 = fa[0::3], fa[1::3], fa[2::3]
    b0, b1, b2 = fb[0::3], fb[1::3], fb[2::3]
    out: list[Any] = [None] * len(fa)
    out[0::3] = list(map(sub, map(mul, a1, b2), map(mul, a2, b1)))
    out[1::3] = list(map(sub, map(mul, a2, b0), map(mul, a0, b2)))
    out[2::3] = list(map(sub, map(mul, a0, b1), map(mul, a1, b0)))
    result = Tensor._from_flat(out, batch + (3,), ops)
    place = normalize_axis(axis, len(batch) + 1, "cross")
    if place != len(batch):
        result = moveaxis(result, -1, place).copy()
    return result
