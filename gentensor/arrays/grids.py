"""Grids and triangles: ``linspace`` (exact), ``meshgrid``, ``tril``, ``triu``.

``linspace`` between exact endpoints is exact: ``linspace(0, 1, 4)`` gives
``0, 1/3, 2/3, 1`` as rationals (integers when every value is whole), where
NumPy would round to floats; float endpoints give floats.  ``tril`` and
``triu`` keep one triangle of every matrix of a stack and put ``ops.zero``
elsewhere.

Examples
--------
>>> import gentensor as gt
>>> gt.linspace(0, 1, 4)
tensor([  0, 1/3, 2/3,   1], ops=rationals)
>>> gt.triu(gt.tensor([[1, 2], [3, 4]])).tolist()
[[1, 2], [0, 4]]
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from typing import Any

import numpy as np

from .._docs import examples, made, section
from ..core.layout import Layout, as_int
from ..core.operands import as_tensor, build
from ..core.storage import view_of
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ArgumentValueError, ShapeError
from ..ops import OpsSpec, coprime_fraction, infer_ops, packing_of
from ..resources import check_shape, paused_gc
from .dtypes import check_device, resolve_dtype
from .manipulation import broadcast_to

__all__ = ["linspace", "meshgrid", "tril", "triu"]


def linspace(
    start: Any,
    stop: Any,
    /,
    num: int,
    *,
    dtype: OpsSpec | None = None,
    device: Any = None,
    endpoint: bool = True,
    ops: OpsSpec | None = None,
) -> Tensor[Any]:
    """``num`` evenly spaced values from ``start`` to ``stop`` (included unless ``endpoint=False``), exactly.

    Parameters
    ----------
    start, stop : int, Fraction, float, complex or SymPy number
    num : int
        How many values (``0`` gives an empty tensor).
    dtype, ops : ops object, type or name, optional
        The result's ops (synonyms); inferred from the values by default:
        ints and Fractions give rationals (integers when every value is
        whole), floats give floats.
    device : {"cpu", None}
    endpoint : bool

    Returns
    -------
    Tensor
        A new 1-d tensor.

    Raises
    ------
    ValueError
        A negative ``num``.
    LimitError
        ``num`` is more than ``max_elements`` (checked before any value is computed).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linspace(0, 10, 6).tolist(), gt.linspace(0, 1, 4, endpoint=False).tolist()
    ([0, 2, 4, 6, 8, 10], [Fraction(0, 1), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4)])
    >>> gt.linspace(0.0, 1.0, 3).tolist()
    [0.0, 0.5, 1.0]
    """
    check_device(device, "linspace")
    target = resolve_dtype(ops, dtype, "linspace")
    if isinstance(num, bool) or not isinstance(num, int):
        raise ArgumentTypeError(f"linspace: num must be an int (got {num!r})")
    if num < 0:
        raise ArgumentValueError(f"linspace: num must be non-negative (got {num})")
    check_shape((num,), "linspace")
    for name, v in (("start", start), ("stop", stop)):
        if not isinstance(v, numbers.Number) and not hasattr(v, "is_Number"):
            raise ArgumentTypeError(f"linspace: {name} must be a number (got {v!r})")
    steps = num - 1 if endpoint else num
    exact = isinstance(start, (int, Fraction)) and isinstance(stop, (int, Fraction))
    if num == 0:
        values: list[Any] = []
    elif steps == 0:
        values = [start]
    elif exact:
        # a + (b - a) * k / steps over one common denominator: one gcd per element.
        a, d = Fraction(start), Fraction(stop) - Fraction(start)
        base, unit = a.numerator * d.denominator * steps, d.numerator * a.denominator
        values = _exact_steps(base, unit, a.denominator * d.denominator * steps, num)
    else:
        step = (stop - start) / steps
        fast = _float_steps(start, stop, step, num, endpoint, target)
        if fast is not None:
            return fast
        values = [start + k * step for k in range(num)]
        if endpoint:
            values[-1] = stop
    # The endpoints take part in inference: linspace(Fraction(0), 2, 3) stays rational.
    types = {type(start), type(stop), *map(type, values)}
    return build(values, (len(values),), types, target)


def _float_steps(start: Any, stop: Any, step: Any, num: int, endpoint: bool, target: Any) -> Tensor[Any] | None:
    """``start + k * step`` for real float steps in one NumPy expression (``k * step + start``: the same IEEE
    operations, so bit for bit the element path's values), packed; ``None`` when the values are not all
    Python floats of an ops that packs them as ``float64``."""
    if num < 64 or not all(type(v) in (int, float) for v in (start, stop, step)) or type(step) is not float:
        return None
    ops = target if target is not None else infer_ops({type(start), type(stop), float})
    packing = packing_of(ops)
    if packing is None or float not in getattr(ops, "native_types", ()):
        return None
    values = np.arange(num, dtype=np.float64) * step + start
    if endpoint:
        values[-1] = stop
    return Tensor._from_array(values, (num,), ops) if packing.holds(values) else None


def _exact_steps(base: int, unit: int, den: int, num: int) -> list[Any]:
    """``(base + unit*k) / den`` for ``k < num``, in lowest terms: ints when every value is whole, else Fractions.

    Where every numerator fits a machine word, NumPy computes the numerators
    and the gcds; the Fractions are then built without a second gcd.
    """
    last = base + unit * (num - 1)
    if max(abs(base), abs(last), abs(unit), den) < _WORD:
        import numpy as np

        numerators = base + unit * np.arange(num, dtype=np.int64)
        gcds = np.gcd(numerators, den)
        if bool((gcds == den).all()):
            return (numerators // den).tolist()  # type: ignore[no-any-return]
        with paused_gc():
            return list(map(coprime_fraction, (numerators // gcds).tolist(), (den // gcds).tolist()))
    with paused_gc():
        fractions = [Fraction(base + unit * k, den) for k in range(num)]
    if all(v.denominator == 1 for v in fractions):
        return [v.numerator for v in fractions]
    return fractions


_WORD = 2**62  # |numerator| and the denominator below this: int64 holds base + unit*k with room


def meshgrid(*arrays: Any, indexing: str = "xy") -> list[Tensor[Any]]:
    """Coordinate grids from 1-d tensors: one new tensor per input, all of the grid's shape.

    Parameters
    ----------
    *arrays : 1-d Tensor
    indexing : {"xy", "ij"}
        ``"xy"`` (Cartesian): the first two axes are swapped, so the grid of
        ``x`` (length ``n``) and ``y`` (length ``m``) has shape ``(m, n)``;
        ``"ij"`` (matrix): shape ``(n, m)``.

    Returns
    -------
    list of Tensor
        New tensors (each input keeps its own ops).

    Raises
    ------
    ShapeError
        An input is not 1-d.
    LimitError
        The grid has more than ``max_elements`` elements (checked before any is built).

    Examples
    --------
    >>> import gentensor as gt
    >>> xs, ys = gt.meshgrid(gt.tensor([1, 2, 3]), gt.tensor([10, 20]))
    >>> xs.tolist(), ys.tolist()
    ([[1, 2, 3], [1, 2, 3]], [[10, 10, 10], [20, 20, 20]])
    """
    if indexing not in ("xy", "ij"):
        raise ArgumentValueError(f"meshgrid: indexing must be 'xy' or 'ij' (got {indexing!r})")
    xs = [as_tensor(a, "meshgrid") for a in arrays]
    for x in xs:
        if x.ndim != 1:
            raise ShapeError(f"meshgrid: every input must be 1-d (got shape {x.shape})")
    shape = [x.shape[0] for x in xs]
    if indexing == "xy" and len(xs) >= 2:
        shape[0], shape[1] = shape[1], shape[0]
    check_shape(shape, "meshgrid")
    out = []
    for k, x in enumerate(xs):
        place = k
        if indexing == "xy" and len(xs) >= 2 and k < 2:
            place = 1 - k
        lifted = [1] * len(xs)
        lifted[place] = x.shape[0]
        out.append(broadcast_to(x.reshape(tuple(lifted)), tuple(shape)).copy())
    return out


def _triangle(func: str, x: Any, k: int, lower: bool) -> Tensor[Any]:
    x = as_tensor(x, func)
    if x.ndim < 2:
        raise ShapeError(f"{func}: needs a tensor with ndim >= 2 (got shape {x.shape})")
    k = as_int(k, func, "k")
    m, n = x.shape[-2:]
    k = max(-m - 1, min(k, n + 1))  # past the corners every k keeps the same entries (and fits NumPy's tri)
    store = x._store
    machine_zero = None if store.packing is None else store.packing.scalar(x.ops.zero)
    if machine_zero is not None:  # packed: one NumPy select between the entries and the zero's machine value
        keep = np.tri(m, n, k, dtype=bool) if lower else ~np.tri(m, n, k - 1, dtype=bool)
        out = np.where(keep, view_of(store, x._layout), machine_zero)
        bounds = None
        if store.packing.bounded and store.bounds is not None:
            z = int(machine_zero)
            bounds = (min(store.bounds[0], z), max(store.bounds[1], z))
        return Tensor._from_array(out, x.shape, x.ops, bounds)
    values = x._elements()
    zero = x.ops.zero
    block = m * n
    for start in range(0, len(values), block or 1):
        if not block:
            break
        for i in range(m):
            row = start + i * n
            if lower:  # keep j <= i + k
                first = max(0, i + k + 1)
                if first < n:
                    values[row + first : row + n] = [zero] * (n - first)
            else:  # keep j >= i + k
                stop = min(n, max(0, i + k))
                if stop > 0:
                    values[row : row + stop] = [zero] * stop
    return Tensor._new(values, Layout.contiguous(x.shape), x.ops)


def _triangle_function(lower: bool, call: str, result: str) -> Any:
    """``tril`` (``lower``) or ``triu``: one triangle of each matrix kept, ``ops.zero`` elsewhere."""
    name, side, other, where = ("tril", "lower", "above", "below") if lower else ("triu", "upper", "below", "above")

    def triangle(x: Any, /, *, k: int = 0) -> Tensor[Any]:
        return _triangle(name, x, k, lower)

    summary = f"The {side} triangle of each matrix (on and {where} diagonal ``k``); ``ops.zero`` {other} it."
    returns = section("Returns", ("Tensor", "A new tensor of ``x``'s shape and ops."))
    raises = section("Raises", ("ShapeError", "``x.ndim < 2``."), ("ArgumentTypeError", "``k`` is not an int."))
    return made(triangle, name, __name__, "\n\n".join([summary, returns, raises, examples(call, result)]))


tril = _triangle_function(True, "gt.tril(gt.tensor([[1, 2, 3], [4, 5, 6]]), k=-1).tolist()", "[[0, 0, 0], [4, 0, 0]]")
triu = _triangle_function(False, "gt.triu(gt.tensor([[1, 2, 3], [4, 5, 6]]), k=1).tolist()", "[[0, 2, 3], [0, 0, 6]]")
