"""NumPy's conveniences on tensors: the functions ``np.fliplr``, ``np.array_split``, ``np.linalg.norm``, ... run here.

Each is a few lines over gentensor's public functions, with NumPy's
semantics, for the NumPy protocol (`gentensor._numpy_protocol`): a NumPy
user's daily call works on tensors and stays exact.  They are not part of
the ``gt`` namespace; there the gentensor spelling is the one to use (the
hints of `gentensor._hints` name it).

Examples
--------
>>> import gentensor as gt, numpy as np
>>> x = gt.tensor([[1, 2], [3, 4]])
>>> np.fliplr(x).tolist(), [p.tolist() for p in np.array_split(gt.arange(5), 2)]
([[2, 1], [4, 3]], [[0, 1, 2], [3, 4]])
>>> np.linalg.norm(gt.tensor([3, 4])), np.ptp(x), np.polyval(gt.tensor([1, 0, -2]), 3)
(5, 3, 7)
"""

from __future__ import annotations

import math
from functools import reduce
from typing import Any, Callable

from . import _namespace
from .errors import ArgumentTypeError, ArgumentValueError, ShapeError

__all__ = ["ADAPTERS", "UFUNC_ADAPTERS"]


def _ns() -> Any:
    return _namespace.module


def _tensor(a: Any) -> Any:
    return _ns().asarray(a)


# -- shapes, joining and cutting ----------------------------------------------------------------------------
def array_split(ary: Any, indices_or_sections: Any, axis: int = 0) -> list[Any]:
    """NumPy's ``array_split``: like ``split``, but ``N`` sections need not divide the axis (the first ones are longer)."""
    ns = _ns()
    x = _tensor(ary)
    if isinstance(indices_or_sections, bool) or not isinstance(indices_or_sections, int):
        return ns.split(x, indices_or_sections, axis=axis)  # type: ignore[no-any-return]
    sections = indices_or_sections
    if sections <= 0:
        raise ArgumentValueError(f"array_split: the number of sections must be larger than 0 (got {sections})")
    n = x.shape[axis] if x.ndim else 0
    size, extra = divmod(n, sections)
    cuts, at = [], 0
    for k in range(sections - 1):
        at += size + (k < extra)
        cuts.append(at)
    return ns.split(x, cuts, axis=axis)  # type: ignore[no-any-return]


def _split_along(axis_of: Callable[[Any], int], name: str, least: int) -> Callable[..., list[Any]]:
    def split(ary: Any, indices_or_sections: Any) -> list[Any]:
        x = _tensor(ary)
        if x.ndim < least:
            raise ShapeError(f"{name}: needs a tensor with at least {least} axes (got shape {x.shape})")
        return _ns().split(x, indices_or_sections, axis=axis_of(x))  # type: ignore[no-any-return]

    return split


def fliplr(m: Any) -> Any:
    """NumPy's ``fliplr``: the columns in reverse order (a view)."""
    x = _tensor(m)
    if x.ndim < 2:
        raise ShapeError(f"fliplr: needs a tensor with at least 2 axes (got shape {x.shape})")
    return _ns().flip(x, axis=1)


def flipud(m: Any) -> Any:
    """NumPy's ``flipud``: the rows in reverse order (a view)."""
    x = _tensor(m)
    if x.ndim < 1:
        raise ShapeError("flipud: needs a tensor with at least 1 axis (got shape ())")
    return _ns().flip(x, axis=0)


def rot90(m: Any, k: int = 1, axes: Any = (0, 1)) -> Any:
    """NumPy's ``rot90``: ``k`` quarter turns in the plane of ``axes``, from the first towards the second (a view)."""
    ns = _ns()
    x = _tensor(m)
    a, b = axes
    if x.ndim < 2 or a % x.ndim == b % x.ndim:
        raise ShapeError(f"rot90: needs two different axes of a tensor with at least 2 (got axes={axes}, shape {x.shape})")
    k %= 4
    if k == 0:
        return x[...]
    if k == 2:
        return ns.flip(x, axis=(a, b))
    if k == 1:
        return ns.swapaxes(ns.flip(x, axis=b), a, b)
    return ns.flip(ns.swapaxes(x, a, b), axis=b)


def append(arr: Any, values: Any, axis: Any = None) -> Any:
    """NumPy's ``append``: ``values`` after ``arr`` along ``axis`` (both flattened when ``None``)."""
    ns = _ns()
    if axis is None:
        return ns.concat([ns.ravel(_tensor(arr)), ns.ravel(_tensor(values))])
    return ns.concat([_tensor(arr), _tensor(values)], axis=axis)


def delete(arr: Any, obj: Any, axis: Any = None) -> Any:
    """NumPy's ``delete``: ``arr`` without the sub-tensors at ``obj`` (an index, a slice or a list) along ``axis``."""
    ns = _ns()
    x = _tensor(arr)
    if axis is None:
        x, axis = ns.ravel(x), 0
    n = x.shape[axis]
    if isinstance(obj, slice):
        gone = set(range(n)[obj])
    else:
        items = obj.tolist() if hasattr(obj, "tolist") else obj
        items = items if isinstance(items, list) else [items]
        if any(isinstance(i, bool) for i in items):
            return ns.take(x, [i for i, drop in enumerate(items) if not drop], axis=axis)
        for i in items:
            if not -n <= i < n:
                raise ShapeError(f"delete: index {i} is out of bounds for axis {axis} with size {n}")
        gone = {i % n for i in items}
    return ns.take(x, [i for i in range(n) if i not in gone], axis=axis)


def diagflat(v: Any, k: int = 0) -> Any:
    """NumPy's ``diagflat``: a square matrix with the flattened ``v`` on its ``k``-th diagonal."""
    ns = _ns()
    return ns.diag(ns.ravel(_tensor(v)), k=k)


def partition(a: Any, kth: Any, axis: Any = -1) -> Any:
    """NumPy's ``partition``: a sorted copy is a partition for every ``kth`` (the order within each side is free)."""
    ns = _ns()
    x = _tensor(a)
    return ns.sort(ns.ravel(x)) if axis is None else ns.sort(x, axis=axis)


def argpartition(a: Any, kth: Any, axis: Any = -1) -> Any:
    """NumPy's ``argpartition``: the indices that sort, which partition for every ``kth``."""
    ns = _ns()
    x = _tensor(a)
    return ns.argsort(ns.ravel(x)) if axis is None else ns.argsort(x, axis=axis)


def extract(condition: Any, arr: Any) -> Any:
    """NumPy's ``extract``: the elements of ``arr`` where ``condition`` is true, flattened."""
    ns = _ns()
    mask = ns.astype(ns.ravel(_tensor(condition)), ns.bool)
    return ns.ravel(_tensor(arr))[mask]


def compress(condition: Any, a: Any, axis: Any = None) -> Any:
    """NumPy's ``compress``: the sub-tensors along ``axis`` where ``condition`` (possibly shorter) is true."""
    ns = _ns()
    x = _tensor(a)
    if axis is None:
        x, axis = ns.ravel(x), 0
    keep = [i for i, c in enumerate(_tensor(condition).tolist()) if c]
    if keep and keep[-1] >= x.shape[axis]:
        raise ShapeError(f"compress: condition is longer than axis {axis} of length {x.shape[axis]}")
    return ns.take(x, keep, axis=axis)


def array_equiv(a1: Any, a2: Any) -> bool:
    """NumPy's ``array_equiv``: the same shape after broadcasting, and every element equal."""
    ns = _ns()
    try:
        x, y = ns.broadcast_arrays(_tensor(a1), _tensor(a2))
    except ShapeError:
        return False
    return bool(ns.array_equal(x, y))


# -- sets of values -------------------------------------------------------------------------------------
def union1d(ar1: Any, ar2: Any) -> Any:
    """NumPy's ``union1d``: the sorted distinct values of either."""
    ns = _ns()
    return ns.unique_values(ns.concat([ns.ravel(_tensor(ar1)), ns.ravel(_tensor(ar2))]))


def intersect1d(ar1: Any, ar2: Any, assume_unique: bool = False) -> Any:
    """NumPy's ``intersect1d`` (without ``return_indices``): the sorted distinct values found in both."""
    ns = _ns()
    values = ns.unique_values(_tensor(ar1))
    return values[ns.isin(values, ar2)]


def setdiff1d(ar1: Any, ar2: Any, assume_unique: bool = False) -> Any:
    """NumPy's ``setdiff1d``: the sorted distinct values of ``ar1`` not in ``ar2``."""
    ns = _ns()
    values = ns.unique_values(_tensor(ar1))
    return values[ns.isin(values, ar2, invert=True)]


def setxor1d(ar1: Any, ar2: Any, assume_unique: bool = False) -> Any:
    """NumPy's ``setxor1d``: the sorted values in exactly one of the two."""
    ns = _ns()
    return ns.unique_values(ns.concat([setdiff1d(ar1, ar2), setdiff1d(ar2, ar1)]))


# -- statistics, polynomials, linear algebra -------------------------------------------------------------
def ptp(a: Any, axis: Any = None, keepdims: bool = False) -> Any:
    """NumPy's ``ptp`` (peak to peak): ``max - min`` over ``axis``, exactly."""
    ns = _ns()
    return ns.subtract(ns.max(a, axis=axis, keepdims=keepdims), ns.min(a, axis=axis, keepdims=keepdims))


def ediff1d(ary: Any) -> Any:
    """NumPy's ``ediff1d``: the differences of the flattened tensor."""
    ns = _ns()
    return ns.diff(ns.ravel(_tensor(ary)))


def polyval(p: Any, x: Any) -> Any:
    """NumPy's ``polyval``: the polynomial with coefficients ``p`` (highest degree first) at ``x``, by Horner's rule."""
    ns = _ns()
    coefficients = _tensor(p)
    if coefficients.ndim != 1:
        raise ShapeError(f"polyval: the coefficients must be 1-d (got shape {coefficients.shape})")
    point = ns.asarray(x) if not isinstance(x, (int, float, complex)) and hasattr(x, "__len__") else x
    result: Any = ns.zeros_like(point) if isinstance(point, ns.Tensor) else 0
    for c in coefficients:
        result = ns.add(ns.multiply(result, point), c)
    return result


def correlate(a: Any, v: Any, mode: str = "valid") -> Any:
    """NumPy's ``correlate``: ``convolve(a, conj(v[::-1]))`` with the same ``mode`` (``"valid"`` by default)."""
    ns = _ns()
    w = _tensor(v)
    return ns.convolve(_tensor(a), ns.conj(ns.flip(w)) if w.ndim == 1 else w, mode=mode)


def norm(x: Any, ord: Any = None, axis: Any = None, keepdims: bool = False) -> Any:
    """NumPy's ``linalg.norm``: a vector norm (one axis, or a 1-d tensor) or a matrix norm (two axes, or 2-d)."""
    la = _ns().linalg
    t = _tensor(x)
    if axis is None:
        if ord is None:
            out = la.vector_norm(t, axis=None, keepdims=keepdims)
            return out
        if t.ndim == 1:
            return la.vector_norm(t, ord=ord, keepdims=keepdims)
        if t.ndim == 2:
            return la.matrix_norm(t, ord=ord, keepdims=keepdims)
        raise ShapeError(f"linalg.norm: with ord={ord!r} and no axis, needs a 1-d or 2-d tensor (got shape {t.shape})")
    axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    if len(axes) == 1:
        return la.vector_norm(t, axis=axes[0], ord=2 if ord is None else ord, keepdims=keepdims)
    if len(axes) != 2:
        raise ShapeError(f"linalg.norm: axis must name one or two axes (got {axis!r})")
    ns = _ns()
    moved = ns.moveaxis(t, axes, (-2, -1))
    out = la.matrix_norm(moved, ord="fro" if ord is None else ord, keepdims=keepdims)
    return ns.moveaxis(out, (-2, -1), axes) if keepdims else out


def multi_dot(arrays: Any) -> Any:
    """NumPy's ``linalg.multi_dot``: the product of the matrices, left to right (exact: any order gives the same)."""
    ns = _ns()
    items = [_tensor(a) for a in arrays]
    if len(items) < 2:
        raise ArgumentValueError(f"linalg.multi_dot: needs at least two arrays (got {len(items)})")
    return reduce(ns.matmul, items)


def lstsq(a: Any, b: Any, rcond: Any = None) -> tuple[Any, Any, Any, Any]:
    """NumPy's ``linalg.lstsq``: ``(x, residuals, rank, s)``; ``x`` exact, ``s`` the singular values as floats."""
    la = _ns().linalg
    x, residuals, rank = la.lstsq(a, b)
    t = _tensor(a)
    return x, residuals, rank, la.svdvals(t.astype(_ns().floats))


def _endpoint(value: Any, name: str) -> Any:
    """A 0-d tensor endpoint as its element; NumPy's array endpoints (one row per element) are not supported."""
    if isinstance(value, _ns().Tensor):
        if value.ndim:
            raise ShapeError(
                f"linspace: {name} must be a number or a 0-d tensor (got shape {value.shape}); "
                "stack one gt.linspace per element for NumPy's array endpoints"
            )
        return value.item()
    return value


def linspace(
    start: Any, stop: Any, num: int = 50, endpoint: bool = True, retstep: bool = False, dtype: Any = None
) -> Any:
    """NumPy's ``linspace`` (``num=50`` by default), exact between exact endpoints; ``retstep`` adds the step."""
    ns = _ns()
    start, stop = _endpoint(start, "start"), _endpoint(stop, "stop")
    samples = ns.linspace(start, stop, num, endpoint=endpoint, dtype=dtype)
    if not retstep:
        return samples
    div = num - 1 if endpoint else num
    step = ns.divide(ns.subtract(stop, start), div) if div > 0 else math.nan
    return samples, step


# -- ufuncs gentensor spells another way ---------------------------------------------------------------------
def matvec(x1: Any, x2: Any) -> Any:
    """NumPy's ``matvec`` ufunc: the matrix-vector product over the last axes."""
    ns = _ns()
    return ns.matmul(_tensor(x1), ns.expand_dims(_tensor(x2), axis=-1))[..., 0]


def vecmat(x1: Any, x2: Any) -> Any:
    """NumPy's ``vecmat`` ufunc: the (conjugated) vector-matrix product over the last axes."""
    ns = _ns()
    return ns.matmul(ns.expand_dims(ns.conj(_tensor(x1)), axis=-2), _tensor(x2))[..., 0, :]


def _nan_skipping(pick: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def f(x1: Any, x2: Any) -> Any:
        ns = _ns()
        a, b = _tensor(x1), _tensor(x2)
        return ns.where(ns.isnan(b), a, ns.where(ns.isnan(a), b, pick(a, b)))

    return f


def heaviside(x1: Any, x2: Any) -> Any:
    """NumPy's ``heaviside``: 0 below zero, 1 above, ``x2`` at zero."""
    ns = _ns()
    a = _tensor(x1)
    stepped = ns.where(a < 0, 0, ns.where(a > 0, 1, x2))
    if not ns.isdtype(a.ops, "real floating"):
        return stepped
    return ns.where(ns.isnan(a), a, stepped)  # NaN stays NaN, as NumPy's


def divmod_(x1: Any, x2: Any) -> Any:
    """NumPy's ``divmod``: ``(x1 // x2, x1 % x2)`` with floor semantics, floats included (``gt.divmod`` is the
    Euclidean division of a ring that has one).

    >>> import gentensor as gt
    >>> [t.tolist() for t in divmod_(gt.tensor([7.5, -7.5]), 2.0)]
    [[3.0, -4.0], [1.5, 0.5]]
    """
    ns = _ns()
    a, b = _tensor(x1), _tensor(x2)
    if ns.isdtype(a.ops, "integral") and ns.isdtype(b.ops, "integral"):
        return tuple(ns.divmod(a, b))
    return ns.floor_divide(a, b), ns.remainder(a, b)


def exp2(x: Any) -> Any:
    """NumPy's ``exp2``: ``2**x`` (exact for integers: negative exponents give rationals)."""
    return _ns().power(2, _tensor(x))


def deg2rad(x: Any) -> Any:
    """NumPy's ``deg2rad``/``radians``: degrees to radians (floats)."""
    return _ns().multiply(_tensor(x), math.pi / 180)


def rad2deg(x: Any) -> Any:
    """NumPy's ``rad2deg``/``degrees``: radians to degrees (floats)."""
    return _ns().multiply(_tensor(x), 180 / math.pi)




def inner(a: Any, b: Any) -> Any:
    """NumPy's ``inner``: the sum over the last axis of both (a scalar operand scales the other).

    >>> import gentensor as gt
    >>> inner(gt.tensor([[1, 2], [3, 4]]), gt.tensor([[1, 2], [3, 4]])).tolist()
    [[5, 11], [11, 25]]
    """
    ns = _ns()
    x, y = _tensor(a), _tensor(b)
    if x.ndim == 0 or y.ndim == 0:
        return ns.multiply(x, y)
    return ns.tensordot(x, y, axes=([x.ndim - 1], [y.ndim - 1]))


def vdot(a: Any, b: Any) -> Any:
    """NumPy's ``vdot``: both flattened, the first conjugated, summed to one element.

    >>> import gentensor as gt
    >>> vdot(gt.tensor([[1, 2], [3, 4]]), gt.tensor([[1, 2], [3, 4]]))
    30
    """
    ns = _ns()
    x, y = _tensor(a), _tensor(b)
    if x.size != y.size:
        raise ShapeError(f"vdot: the operands have {x.size} and {y.size} elements; they must have as many")
    return ns.sum(ns.conj(ns.reshape(x, (-1,))) * ns.reshape(y, (-1,)))


def polymul(a1: Any, a2: Any) -> Any:
    """NumPy's ``polymul``: the product of two coefficient lists (highest power first), leading zeros trimmed.

    >>> import gentensor as gt
    >>> polymul(gt.tensor([0, 1, 2]), gt.tensor([1, -2, 3])).tolist()
    [1, 0, -1, 6]
    """
    ns = _ns()
    x, y = (ns.reshape(t, (1,)) if t.ndim == 0 else t for t in (_tensor(a1), _tensor(a2)))  # a number is a constant
    product = ns.convolve(x, y)
    nonzero = ns.flatnonzero(product).tolist()
    return product[nonzero[0] :] if nonzero else product[-1:]


#: NumPy function name -> the adapter that runs it (the protocol's table points here with ``"_np.<name>"``).
ADAPTERS: dict[str, Callable[..., Any]] = {
    "array_split": array_split,
    "hsplit": _split_along(lambda x: 0 if x.ndim == 1 else 1, "hsplit", 1),
    "vsplit": _split_along(lambda x: 0, "vsplit", 2),
    "dsplit": _split_along(lambda x: 2, "dsplit", 3),
    "fliplr": fliplr,
    "flipud": flipud,
    "rot90": rot90,
    "append": append,
    "delete": delete,
    "diagflat": diagflat,
    "partition": partition,
    "argpartition": argpartition,
    "extract": extract,
    "compress": compress,
    "array_equiv": array_equiv,
    "union1d": union1d,
    "intersect1d": intersect1d,
    "setdiff1d": setdiff1d,
    "setxor1d": setxor1d,
    "ptp": ptp,
    "ediff1d": ediff1d,
    "polyval": polyval,
    "correlate": correlate,
    "norm": norm,
    "multi_dot": multi_dot,
    "lstsq": lstsq,
    "linspace": linspace,
    "inner": inner,
    "vdot": vdot,
    "polymul": polymul,
}

#: NumPy ufunc name -> the adapter that runs it.
UFUNC_ADAPTERS: dict[str, Callable[..., Any]] = {
    "matvec": matvec,
    "vecmat": vecmat,
    "fmax": _nan_skipping(lambda a, b: _ns().maximum(a, b)),
    "fmin": _nan_skipping(lambda a, b: _ns().minimum(a, b)),
    "heaviside": heaviside,
    "divmod": divmod_,
    "exp2": exp2,
    "deg2rad": deg2rad,
    "radians": deg2rad,
    "rad2deg": rad2deg,
    "degrees": rad2deg,
}
