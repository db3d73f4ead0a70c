"""Order statistics, exactly: ``median``, ``quantile`` and ``percentile`` with every method NumPy offers.

A quantile sorts the values along the reduced axes and reads (or
interpolates between) the order statistics at a *virtual index* that depends
on the method.  Everything here is exact: the probability ``q`` is read as
the rational it spells (``0.3`` is ``3/10``, not the binary float nearest to
it), the virtual index is a rational, and the interpolation
``a + (b - a)*g`` runs in the ring -- integer data whose quantile falls
between two values gives a ``Fraction`` (``median([1, 2]) == 3/2``), never a
rounded float.  Floats are interpolated in floats, as NumPy does.

The methods are NumPy's (Hyndman and Fan's nine, and four more):

===============================  ===============================================  =================
method                           reads                                            result ops
===============================  ===============================================  =================
``"linear"`` (the default)       interpolation at ``(n - 1)*q``                    the fraction field
``"hazen"``, ``"weibull"``,      interpolation at ``n*q + a + q*(1 - a - b) - 1``  the fraction field
``"median_unbiased"``,           with NumPy's ``(a, b)`` per method
``"normal_unbiased"``,
``"interpolated_inverted_cdf"``
``"averaged_inverted_cdf"``      the order statistic, or the mean of two at a     the fraction field
                                 jump
``"midpoint"``                   the mean of the two neighbours of ``(n - 1)*q``   the fraction field
``"inverted_cdf"``,              one order statistic                              the tensor's ops
``"closest_observation"``,
``"lower"``, ``"higher"``,
``"nearest"``
===============================  ===============================================  =================

Like the other reductions, a result with no axis left is the element itself.
A lane holding NaN gives NaN (floats); an empty lane is a
[`ShapeError`][gentensor.errors.ShapeError].

Examples
--------
>>> import gentensor as gt
>>> x = gt.tensor([[7, 1, 4], [3, 9, 2]])
>>> gt.median(x), gt.median(x, axis=1)
(Fraction(7, 2), tensor([4, 3], ops=rationals))
>>> gt.quantile(x, 0.25), gt.percentile(x, [25, 100], method="lower").tolist()
(Fraction(9, 4), [2, 9])
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Any, Callable

import numpy as np

from .._docs import section, sections
from ..arrays.manipulation import permute_dims, reshape
from ..core.operands import as_tensor
from ..core.storage import view_of
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ArgumentValueError, ShapeError
from ..ops import ElementOps
from ._engine import arithmetic_ops
from ._functions import nan_test
from ._packed import order_shows
from .reductions import _axes
from .sorting import sort

__all__ = ["median", "quantile", "percentile"]

#: The error of the reductions here (see gentensor._docs).
_EMPTY_AXIS = section("Raises", ("ShapeError", "An axis to reduce has no elements."))

#: A method maps (n, q) to (i, j, g): the value is ``v[i] + (v[j] - v[i])*g`` over the sorted lane ``v``.
Plan = Callable[[int, Fraction], "tuple[int, int, Fraction]"]

_ZERO = Fraction(0)
_HALF = Fraction(1, 2)


def _between(n: int, v: Fraction, gamma: Fraction | None = None) -> tuple[int, int, Fraction]:
    """The neighbours of the virtual index ``v`` (clipped to the lane) and the weight of the upper one."""
    if v >= n - 1:
        return n - 1, n - 1, _ZERO
    if v < 0:
        return 0, 0, _ZERO
    i = math.floor(v)
    return i, i + 1, v - i if gamma is None else gamma


def _continuous(alpha: Fraction, beta: Fraction) -> Plan:
    def plan(n: int, q: Fraction) -> tuple[int, int, Fraction]:
        return _between(n, n * q + alpha + q * (1 - alpha - beta) - 1)

    return plan


def _one(index: int, n: int) -> tuple[int, int, Fraction]:
    k = min(max(index, 0), n - 1)
    return k, k, _ZERO


def _linear(n: int, q: Fraction) -> tuple[int, int, Fraction]:
    return _between(n, (n - 1) * q)


def _averaged_inverted_cdf(n: int, q: Fraction) -> tuple[int, int, Fraction]:
    v = n * q - 1
    return _between(n, v, _HALF if v == math.floor(v) else Fraction(1))


def _midpoint(n: int, q: Fraction) -> tuple[int, int, Fraction]:
    t = (n - 1) * q
    v = Fraction(math.floor(t) + math.ceil(t), 2)
    return _between(n, v, _ZERO if v == math.floor(v) else _HALF)


def _inverted_cdf(n: int, q: Fraction) -> tuple[int, int, Fraction]:
    v = n * q - 1
    below = math.floor(v)
    return _one(below if v == below else below + 1, n)


def _closest_observation(n: int, q: Fraction) -> tuple[int, int, Fraction]:
    v = n * q - 1 - _HALF
    below = math.floor(v)
    return _one(below if v == below and below % 2 == 1 else below + 1, n)


#: Every method NumPy's quantile offers, and whether it interpolates (its result lives in the fraction field).
QUANTILE_METHODS: dict[str, tuple[Plan, bool]] = {
    "linear": (_linear, True),
    "interpolated_inverted_cdf": (_continuous(Fraction(0), Fraction(1)), True),
    "hazen": (_continuous(_HALF, _HALF), True),
    "weibull": (_continuous(_ZERO, _ZERO), True),
    "median_unbiased": (_continuous(Fraction(1, 3), Fraction(1, 3)), True),
    "normal_unbiased": (_continuous(Fraction(3, 8), Fraction(3, 8)), True),
    "averaged_inverted_cdf": (_averaged_inverted_cdf, True),
    "midpoint": (_midpoint, True),
    "inverted_cdf": (_inverted_cdf, False),
    "closest_observation": (_closest_observation, False),
    "lower": (lambda n, q: _one(math.floor((n - 1) * q), n), False),
    "higher": (lambda n, q: _one(math.ceil((n - 1) * q), n), False),
    "nearest": (lambda n, q: _one(round((n - 1) * q), n), False),  # half to even, as NumPy's around
}


def _exact(value: Any, func: str) -> Fraction:
    """A probability as the exact rational it spells (``0.3`` is ``3/10``)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ArgumentTypeError(f"{func}: q must be a real number or a tensor of them (got {value!r})")
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    f = float(value)
    if not math.isfinite(f):
        raise ArgumentValueError(f"{func}: q must be a finite number (got {value!r})")
    return Fraction(repr(f))


def _probabilities(q: Any, func: str, scale: int) -> tuple[list[Fraction], tuple[int, ...]]:
    """The probabilities in ``q`` (a number or array-like), divided by ``scale``, and their shape."""
    if isinstance(q, (Tensor, list, tuple)) or hasattr(q, "__array__"):
        t = as_tensor(q, func)
        values, shape = t._elements(), t.shape
    else:
        values, shape = [q], ()
    out = []
    for v in values:
        p = _exact(v, func) / scale
        if not 0 <= p <= 1:
            raise ArgumentValueError(f"{func}: q must lie in [0, {scale}] (got {v!r})")
        out.append(p)
    return out, shape


def _lanes(x: Tensor[Any], axes: tuple[int, ...]) -> tuple[list[list[Any]], int]:
    """The sorted values of each lane (the reduced axes, in C order of the kept ones) and the lane length."""
    kept = [a for a in range(x.ndim) if a not in axes]
    n = math.prod(x.shape[a] for a in axes)
    count = math.prod(x.shape[a] for a in kept)
    moved = permute_dims(x, tuple(kept) + axes) if x.ndim else x
    flat = reshape(moved, (count, n))
    if n == 0:
        return [[] for _ in range(count)], 0
    return sort(flat, axis=-1).tolist(), n


def _packed_picks(x: Tensor[Any], axes: tuple[int, ...], positions: set[int]) -> dict[int, list[Any]] | None:
    """``{k: the k-th smallest element of each lane}`` for the ``positions`` a quantile needs, by ``np.partition``
    (linear time, where ``_lanes`` sorts), when ``x`` packs numbers that are their machine values in the ops'
    order (floats: no NaN and no zero, so equal values cannot be told apart); else ``None``."""
    packing = x._store.packing
    if packing is None or not packing.real or not packing.ordered or packing.from_machine is not None:
        return None
    kept = [a for a in range(x.ndim) if a not in axes]
    n = math.prod(x.shape[a] for a in axes)
    count = math.prod(x.shape[a] for a in kept)
    moved = permute_dims(x, tuple(kept) + axes) if x.ndim else x
    flat = reshape(moved, (count, n))
    if flat._store.packing is None:
        return None
    order = sorted(positions)
    array = view_of(flat._store, flat._layout)
    if not packing.discrete and order_shows(array):  # a NaN, or zeros of both signs: the stable sort decides
        return None
    parted = np.partition(array, order, axis=-1)
    return {k: parted[:, k].tolist() for k in order}


def _interpolate(ops: ElementOps, a: Any, b: Any, g: Fraction) -> Any:
    """``a + (b - a)*g`` in ``ops``, in the form NumPy uses for floats (from the nearer end)."""
    if g == 0:
        return a
    d = ops.sub(b, a)
    if g >= _HALF:
        return ops.sub(b, ops.mul(d, ops.convert(1 - g)))
    return ops.add(a, ops.mul(d, ops.convert(g)))


def quantile(x: Any, q: Any, /, *, axis: Any = None, method: str = "linear", keepdims: bool = False) -> Tensor[Any] | Any:
    """The ``q``-th quantile(s) of ``x`` over ``axis``, exactly, with NumPy's methods.

    Parameters
    ----------
    x : Tensor or array-like
        Elements of an ordered ring (integers, rationals, floats; symbolic
        elements where SymPy decides their order).
    q : number or array-like of numbers in [0, 1]
        A float is read as the rational it spells (``0.3`` is ``3/10``).
    axis : int, tuple of ints or None
        The axes to reduce (every axis when ``None``).
    method : str
        One of NumPy's methods (see the module's table); ``"linear"`` by default.
    keepdims : bool
        Keep the reduced axes with length 1.

    Returns
    -------
    element or Tensor
        The element itself when ``q`` is a number and no axis is left, else a
        new tensor of shape ``q.shape + `` the kept shape.  Interpolating
        methods give the fraction field (integers give rationals); the others
        keep the tensor's ops.

    Raises
    ------
    ArgumentValueError
        ``q`` outside ``[0, 1]``, or an unknown method.
    ShapeError
        An axis to reduce has no elements.
    DomainError
        The elements are not ordered (complexes, ``modular(n)``).

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.quantile(gt.tensor([1, 2, 3, 4]), 0.5), gt.quantile(gt.tensor([1, 2, 3, 4]), Fraction(1, 3))
    (Fraction(5, 2), Fraction(2, 1))
    >>> gt.quantile(gt.tensor([1, 2, 3, 4]), [0.1, 0.9], method="nearest").tolist()
    [1, 4]
    >>> gt.quantile(gt.tensor([[1.0, 5.0], [2.0, 4.0]]), 0.75, axis=0).tolist()
    [1.75, 4.75]
    """
    return _quantile("quantile", x, q, 1, axis, method, keepdims)


def percentile(x: Any, q: Any, /, *, axis: Any = None, method: str = "linear", keepdims: bool = False) -> Tensor[Any] | Any:
    """The ``q``-th percentile(s) of ``x``: [`quantile`][gentensor.compute.quantiles.quantile] at ``q / 100``, exactly.

    Parameters
    ----------
    x : Tensor or array-like
    q : number or array-like of numbers in [0, 100]
    axis : int, tuple of ints or None
    method : str
        One of NumPy's methods; ``"linear"`` by default.
    keepdims : bool

    Returns
    -------
    element or Tensor
        As [`quantile`][gentensor.compute.quantiles.quantile].

    Raises
    ------
    ArgumentValueError
        ``q`` outside ``[0, 100]``, or an unknown method.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.percentile(gt.tensor([10, 20, 30]), 25), gt.percentile(gt.tensor([10, 20, 30]), [0, 50])
    (Fraction(15, 1), tensor([10, 20], ops=rationals))
    """
    return _quantile("percentile", x, q, 100, axis, method, keepdims)


@sections(_EMPTY_AXIS)
def median(x: Any, /, *, axis: Any = None, keepdims: bool = False) -> Tensor[Any] | Any:
    """The median of ``x`` over ``axis``: the middle value, or the mean of the two middle values, exactly.

    Parameters
    ----------
    x : Tensor or array-like
        Elements of an ordered ring.
    axis : int, tuple of ints or None
    keepdims : bool

    Returns
    -------
    element or Tensor
        The element itself when no axis is left, else a new tensor; integers
        give rationals (``median([1, 2]) == Fraction(3, 2)``), floats floats.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.median(gt.tensor([3, 1, 2])), gt.median(gt.tensor([4, 1, 2, 3]))
    (Fraction(2, 1), Fraction(5, 2))
    >>> gt.median(gt.tensor([[1.0, 9.0], [3.0, 5.0]]), axis=0).tolist()
    [2.0, 7.0]
    """
    return _quantile("median", x, _HALF, 1, axis, "linear", keepdims)


def _quantile(func: str, x: Any, q: Any, scale: int, axis: Any, method: str, keepdims: bool) -> Any:
    x = as_tensor(x, func)
    found = QUANTILE_METHODS.get(method) if isinstance(method, str) else None
    if found is None:
        raise ArgumentValueError(f"{func}: unknown method {method!r}; use one of {', '.join(QUANTILE_METHODS)}")
    plan, interpolates = found
    probabilities, qshape = _probabilities(q, func, scale)
    axes = _axes(axis, x.ndim, func)
    n = math.prod(x.shape[a] for a in axes)
    picks = _packed_picks(x, axes, {k for p in probabilities for k in plan(n, p)[:2]}) if n else None
    lanes, n = ([], n) if picks is not None else _lanes(x, axes)
    if n == 0 and lanes:
        raise ShapeError(
            f"{func}: the reduction has no elements (got shape {x.shape} and axis={axis!r}); "
            "a quantile of nothing is undefined"
        )
    ops = arithmetic_ops(x.ops)
    target = (getattr(ops, "fraction_field", None) or ops) if interpolates else x.ops
    isnan = nan_test(ops)
    values = []
    for p in probabilities:
        i, j, g = plan(n, p) if n else (0, 0, _ZERO)
        if picks is not None:  # the order statistics of each lane, picked by NumPy (integers: no NaN)
            for low, high in zip(picks[i], picks[j]):
                a, b = target.convert(low), target.convert(high)
                values.append(a if i == j else _interpolate(target, a, b, g))
            continue
        for lane in lanes:
            if isnan is not None and isnan(lane[-1]):  # sorted: a NaN comes last and poisons the lane
                values.append(target.convert(lane[-1]))
                continue
            a, b = target.convert(lane[i]), target.convert(lane[j])
            values.append(a if i == j else _interpolate(target, a, b, g))
    kept = tuple(1 if a in axes else d for a, d in enumerate(x.shape)) if keepdims else tuple(
        d for a, d in enumerate(x.shape) if a not in axes
    )
    shape = qshape + kept
    if not shape:
        return values[0]
    return Tensor._from_flat(values, shape, target)
