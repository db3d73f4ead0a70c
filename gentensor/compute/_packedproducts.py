"""Products on packed storage: one NumPy kernel per product, exact by proof.

`gentensor.compute.products` asks here first.  When an operand lives in
packed storage and every operand packs into the result's ops, the product
runs on the NumPy views of the operands through the ops'
[`Packing`][gentensor.ops._packing.Packing]: its ``matmul`` plan (which proves
every sum of products fits the word, or declines) for `matmul`,
`tensordot` and every ``einsum`` whose operands contract pairwise as batched
matrix products (neighbours, the smallest result first); its ``contraction``
plan for other ``einsum`` calls; its ``vecdot``
plan for ``vecdot`` (else the ``multiply`` kernel, then a sum); its
``multiply`` kernel for ``outer`` and ``kron``.
Otherwise these functions return ``None`` and the caller multiplies element
by element -- the same answer, computed exactly with the ops' own functions.
"""

from __future__ import annotations

from math import prod
from typing import Any, Sequence

import numpy as np

from ..core.layout import broadcast_shapes
from ..core.storage import Operand, operand_of
from ..core.tensor import Tensor
from ..ops import ElementOps, Packing, packing_of
from ..resources import check_shape
from . import _packed
from ._einsum import Label, Subscripts, _prepare

__all__ = ["matmul", "matrix_power", "result", "products", "tensordot", "einsum", "vecdot", "vecdot_products"]

#: Labels NumPy's ``einsum`` accepts (one per distinct label of a call).
_EINSUM_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _operands(xs: Sequence[Tensor[Any]], ops: ElementOps) -> tuple[Packing, list[Operand]] | None:
    """The packing of ``ops`` and every tensor of ``xs`` as a packed operand of it, when one is packed and all pack."""
    if all(x._store.packing is None for x in xs):
        return None
    packing = packing_of(ops)
    if packing is None:
        return None
    items = []
    for x in xs:
        item = operand_of(x._store, x._layout, x._ops, ops, packing)
        if item is None:
            return None
        items.append(item)
    return packing, items


def matmul(a: Tensor[Any], b: Tensor[Any], ops: ElementOps, k: int) -> tuple[Any, Any] | None:
    """``(a @ b as a NumPy array, its bounds)`` when both pack into ``ops`` (one already packed) and the packing proves it exact; else ``None``.

    Integers: float64 BLAS or NumPy's int64 loop when every sum of products
    stays below 2**53, int64 when below 2**63, else ``None`` (FLINT or
    Python ints).  Residues mod n: exact float64 products, reduced
    (`gentensor.ops._packings`).
    """
    found = _operands((a, b), ops)
    if found is None:
        return None
    packing, (x, y) = found
    planned = _matmul_plan(packing, x, y, k)
    if planned is None:
        return None
    f, bounds = planned
    return f(x.array, y.array), bounds


def _matmul_plan(packing: Packing, x: Operand, y: Operand, k: int) -> Any:
    """The packing's matmul plan for ``x @ y`` over inner length ``k`` (bounds tightened once if it declines)."""
    planned = packing.matmul(x.bounds, y.bounds, k)
    if planned is None and packing.bounded and (x.tighten() | y.tighten()):
        planned = packing.matmul(x.bounds, y.bounds, k)
    return planned


def matrix_power(x: Tensor[Any], power: int) -> tuple[Any, Any] | None:
    """``x ** power`` (``power >= 2``) of packed square matrices by repeated squaring, every product the packing's
    ``matmul`` plan on the machine values, each product's bounds proving the next; ``None`` as soon as a plan
    declines (the caller then computes it exactly, from the start)."""
    found = _operands((x,), x.ops)
    if found is None:
        return None
    packing, (base,) = found
    k = x.shape[-1]

    def product(p: Operand, q: Operand) -> Operand | None:
        planned = _matmul_plan(packing, p, q, k)
        if planned is None:
            return None
        f, bounds = planned
        return Operand(np.asarray(f(p.array, q.array)), None, bounds, False)

    result: Operand | None = None
    square: Operand | None = base
    while True:
        assert square is not None
        if power & 1:
            result = square if result is None else product(result, square)
            if result is None:
                return None
        power >>= 1
        if not power:
            break
        square = product(square, square)
        if square is None:
            return None
    assert result is not None and result is not base  # power >= 2: at least one product
    return result.array, result.bounds


def result(found: tuple[Any, Any], shape: tuple[int, ...], ops: ElementOps) -> Any:
    """A packed product as the tensor (or, without axes, the element) of ``shape``."""
    array, bounds = found
    array = np.asarray(array)
    packing = packing_of(ops)
    assert packing is not None
    if array.dtype != packing.dtype:
        array = array.astype(packing.dtype)
    if not shape:
        return packing.element(array.reshape(1), 0)
    return Tensor._from_array(array.reshape(shape), shape, ops, bounds if packing.bounded else None)


def products(a: Tensor[Any], b: Tensor[Any], ops: ElementOps, shape_a: tuple[int, ...], shape_b: tuple[int, ...]) -> Tensor[Any] | None:
    """``a.reshape(shape_a) * b.reshape(shape_b)`` (broadcast) by the ops' packed ``multiply`` kernel, or ``None``.

    Runs when an operand is packed and the kernel's bounds prove every
    product fits the word (`gentensor.compute._packed.elementwise`); else
    the caller multiplies element by element, exactly.
    """
    if (a._store.packing is None and b._store.packing is None) or a.size * b.size < _packed.PACKED_MINIMUM:
        return None
    x, y = a.reshape(shape_a), b.reshape(shape_b)
    shape = broadcast_shapes(shape_a, shape_b, func="outer")
    done = _packed.elementwise("multiply", [x, y], ops, ops, shape, ops.convert)
    return None if done is NotImplemented else done


def vecdot(a: Tensor[Any], b: Tensor[Any], ops: ElementOps, k: int) -> tuple[Any, Any] | None:
    """Dot products along the last axes of ``a`` and ``b`` (length ``k``; the others broadcast) by the packing's ``vecdot`` plan, or ``None``."""
    found = _operands((a, b), ops)
    if found is None:
        return None
    packing, (x, y) = found
    planned = packing.vecdot(x.bounds, y.bounds, k)
    if planned is None and packing.bounded and (x.tighten() | y.tighten()):
        planned = packing.vecdot(x.bounds, y.bounds, k)
    if planned is None:
        return None
    f, bounds = planned
    return f(x.array, y.array), bounds


def vecdot_products(a: Tensor[Any], b: Tensor[Any], ops: ElementOps, shape: tuple[int, ...]) -> Tensor[Any] | None:
    """Every product ``a[..., i] * b[..., i]`` (broadcast to ``shape``) by the packed ``multiply`` kernel, or ``None``.

    ``vecdot`` sums them over the last axis (a packed sum when its bounds
    allow, else with Python ints), the same products and the same order of
    sums as the element path.
    """
    if (a._store.packing is None and b._store.packing is None) or prod(shape) < _packed.PACKED_MINIMUM:
        return None
    done = _packed.elementwise("multiply", [a, b], ops, ops, shape, ops.convert)
    return None if done is NotImplemented else done


def _broadcasts(array: Any) -> bool:
    """True when an axis of ``array`` longer than 1 repeats one element (stride 0): a matrix product would copy it out."""
    return any(s == 0 and n > 1 for n, s in zip(array.shape, array.strides))


def _pair(
    x: Operand, labels_x: list[Label], y: Operand, labels_y: list[Label], output: list[Label], sizes: dict[Label, int], packing: Packing
) -> tuple[Any, Any] | None:
    """``x`` and ``y`` (one label per axis) contracted over their shared labels missing from ``output``, as one matrix product.

    Labels both carry and ``output`` keeps are batch axes; the others of
    each are its free axes.  The operands are laid out as ``(batch, free,
    summed)`` and ``(batch, summed, free)`` and multiplied by the packing's
    ``matmul`` plan, the kernel of ``a @ b``; the product's axes are put in
    ``output``'s order.  ``None`` when the call is not a matrix product (a
    label only one operand carries is summed away, or an axis is broadcast)
    or the packing cannot prove the sums exact.
    """
    in_x, in_y, kept = set(labels_x), set(labels_y), set(output)
    if not (in_x <= in_y | kept and in_y <= in_x | kept) or _broadcasts(x.array) or _broadcasts(y.array):
        return None
    batch = [lb for lb in labels_x if lb in in_y and lb in kept]
    summed = [lb for lb in labels_x if lb in in_y and lb not in kept]
    free_x = [lb for lb in labels_x if lb not in in_y]
    free_y = [lb for lb in labels_y if lb not in in_x]
    count, m, k, n = (prod(sizes[lb] for lb in group) for group in (batch, free_x, summed, free_y))
    planned = _matmul_plan(packing, x, y, k)
    if planned is None:
        return None
    f, bounds = planned
    a = _arranged(x.array, labels_x, batch + free_x + summed, (count, m, k))
    b = _arranged(y.array, labels_y, batch + summed + free_y, (count, k, n))
    product = f(a, b)
    order = batch + free_x + free_y
    product = np.reshape(product, [sizes[lb] for lb in order])  # one axis per label: a view
    if order != output:
        product = np.transpose(product, [order.index(lb) for lb in output])
    return product, bounds


def _arranged(array: Any, labels: list[Label], order: list[Label], shape: tuple[int, int, int]) -> Any:
    """``array`` (one axis per label) with its axes in ``order``, as one matrix (2-d) or a stack of them (3-d)."""
    if labels != order:
        array = np.transpose(array, [labels.index(lb) for lb in order])
    return array.reshape(shape[1:] if shape[0] == 1 else shape)


def _pairwise(
    items: list[Operand], terms: list[list[Label]], output: list[Label], sizes: dict[Label, int], packing: Packing
) -> tuple[Any, Any] | None:
    """Every operand contracted with a neighbour, the pair with the smallest result first (as the element path
    pairs them), each pair one matrix product of the packing; ``None`` when a pair is not one or a plan declines.

    ``'ij,jk,kl->il'`` is two products of matrices, not NumPy's one loop over
    four indices; every product's bounds feed the next one's proof.
    """
    items, terms = list(items), [list(t) for t in terms]
    bounds = None
    while len(items) > 1:
        if len(items) == 2:  # the last pair: its result is the output (whose shape einsum checked)
            i, needed = 0, set(output)
        else:
            best: tuple[int, int, set[Label]] | None = None
            for i in range(len(items) - 1):
                needed = set(output).union(*(terms[j] for j in range(len(items)) if j not in (i, i + 1)))
                size = prod(sizes[lb] for lb in set(terms[i]) | set(terms[i + 1]) if lb in needed)
                if best is None or size < best[0]:
                    best = (size, i, needed)
            assert best is not None
            _, i, needed = best
        keep = [lb for lb in terms[i] if lb in needed] + [lb for lb in terms[i + 1] if lb in needed and lb not in terms[i]]
        if len(items) > 2:
            check_shape([sizes[lb] for lb in keep], "einsum")  # an intermediate result, before building it
        done = _pair(items[i], terms[i], items[i + 1], terms[i + 1], keep, sizes, packing)
        if done is None:
            return None
        array, bounds = done
        items[i : i + 2] = [Operand(array, None, bounds, False)]
        terms[i : i + 2] = [keep]
    array, labels = items[0].array, terms[0]
    if len(terms) == 1 and labels != output:
        array = np.transpose(array, [labels.index(lb) for lb in output])
    return array, bounds


def tensordot(a: Tensor[Any], b: Tensor[Any], axes_a: list[int], axes_b: list[int], ops: ElementOps) -> tuple[Any, Any] | None:
    """``tensordot`` of ``a`` and ``b`` over the paired axes as one packed matrix product, or ``None``."""
    found = _operands((a, b), ops)
    if found is None:
        return None
    packing, (x, y) = found
    labels_a: list[Label] = list(range(a.ndim))
    labels_b: list[Label] = [axes_a[axes_b.index(j)] if j in axes_b else a.ndim + j for j in range(b.ndim)]
    sizes: dict[Label, int] = {**dict(zip(labels_a, a.shape)), **dict(zip(labels_b, b.shape))}
    output = [lb for lb in labels_a if lb not in axes_a] + [a.ndim + j for j in range(b.ndim) if j not in axes_b]
    return _pair(x, labels_a, y, labels_b, output, sizes, packing)


def einsum(spec: Subscripts, xs: list[Tensor[Any]], ops: ElementOps, summed: set[Label]) -> tuple[Any, Any] | None:
    """``einsum`` by NumPy on packed operands when the packing proves every sum exact; else ``None``.

    Operands that contract pairwise as batched matrix products run the
    packing's ``matmul`` plan (as ``a @ b`` does), one pair at a time; other
    calls its ``contraction`` plan (NumPy's ``einsum``).
    """
    if all(x._store.packing is None for x in xs):
        return None
    packing = packing_of(ops)
    if packing is None:
        return None
    items, terms = [], []
    for x, term in zip(xs, spec.inputs):
        item = _prepare(x, term, spec.sizes)  # diagonals merged, length-1 axes broadcast: a strided view
        found = operand_of(x._store, item.layout, x._ops, ops, packing)
        if found is None:
            return None
        items.append(found)
        terms.append(item.labels)
    if len(items) >= 2:
        done = _pairwise(items, terms, spec.output, spec.sizes, packing)
        if done is not None:
            return done
    labels = sorted({lb for term in spec.inputs for lb in term} | set(spec.output), key=str)
    if len(labels) > len(_EINSUM_LETTERS):
        return None
    count = prod(spec.sizes[lb] for lb in summed)
    planned = packing.contraction([item.bounds for item in items], count)
    if planned is None and packing.bounded and any([item.tighten() for item in items]):
        planned = packing.contraction([item.bounds for item in items], count)
    if planned is None:
        return None
    f, bounds = planned
    letter = dict(zip(labels, _EINSUM_LETTERS))
    subscripts = ",".join("".join(letter[lb] for lb in term) for term in terms) + "->" + "".join(letter[lb] for lb in spec.output)
    return f(subscripts, *[item.array for item in items]), bounds
