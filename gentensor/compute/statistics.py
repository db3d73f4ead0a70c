"""Statistics, exactly where the ring allows: mean, var, std, NumPy's cumsum/cumprod, diff, amax/amin.

* ``mean`` divides the sum by the count in the ring's division: integers give
  rationals (``mean([1, 2]) == Fraction(3, 2)``), floats floats, SymPy
  expressions expressions, ``modular(p)`` the modular quotient.
* ``var`` is exact on exact rings: ``(n*Σx² - (Σx)²) / (n*(n - correction))``
  computed in the ring (integers: rationals), with no rounding at all; floats
  and complexes use the two-pass formula ``Σ|x - mean|² / (n - correction)``.
* ``std`` is the square root of ``var``: floats give floats; SymPy gives
  exact roots (``sqrt(2)/2``); integers and rationals give the exact root when
  the variance is the square of a rational, and otherwise raise
  [`DomainError`][gentensor.errors.DomainError] pointing at ``.astype(gt.symbolic)`` (an exact root) or
  ``.astype(gt.floats)`` -- never a silently rounded value.

Reductions over every axis return the element itself (as ``gt.sum`` does);
a reduction with no elements is ``nan`` for floats and a [`ShapeError`][gentensor.errors.ShapeError]
for exact rings (which have no NaN).

Examples
--------
>>> import gentensor as gt
>>> x = gt.tensor([[1, 2], [3, 5]])
>>> gt.mean(x), gt.var(x), gt.mean(x, axis=0).tolist()
(Fraction(11, 4), Fraction(35, 16), [Fraction(2, 1), Fraction(7, 2)])
>>> gt.std(gt.tensor([1, 3])), gt.std(gt.tensor([1.0, 3.0]))
(Fraction(1, 1), 1.0)
"""

from __future__ import annotations

from math import prod
from typing import Any

from .._docs import examples, made, section
from ..arrays.composition import concat
from ..arrays.manipulation import broadcast_to, moveaxis, reshape
from ..core.layout import normalize_axis
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ArgumentValueError, DomainError, ShapeError
from ..ops import OpsSpec, capabilities_of
from ._engine import arithmetic_ops, binary
from ._plans import plan_divide
from .elementary import conj, real
from .elementwise import divide, multiply, subtract
from .reductions import _accumulate, _axes
from .reductions import cumulative_prod  # noqa: F401  (its home is reductions, beside cumulative_sum)
from .reductions import max as _max
from .reductions import min as _min
from .reductions import sum as _sum
from .transcendental import sqrt

__all__ = ["mean", "average", "var", "std", "cumsum", "cumprod", "diff", "amax", "amin"]


def _count(x: Tensor[Any], axes: tuple[int, ...]) -> int:
    return prod(x.shape[a] for a in axes)


def _finish(t: Tensor[Any], x: Tensor[Any], axes: tuple[int, ...], keepdims: bool) -> Any:
    """``t`` (computed with kept axes) in the shape the caller asked for; the element itself for shape ``()``."""
    if not isinstance(t, Tensor):  # a 0-d input: the reductions gave the element itself
        return as_tensor(t, "reduction") if keepdims else t
    if keepdims:
        return t
    shape = tuple(n for k, n in enumerate(x.shape) if k not in axes)
    if not shape:
        return t.item()
    return t.reshape(shape)


def _empty(func: str, x: Tensor[Any], axis: Any) -> ShapeError:
    return ShapeError(
        f"{func}: the reduction has no elements (got shape {x.shape} and axis={axis!r}); "
        f"the {func} of nothing is undefined in {x.ops!r}, which have no NaN"
    )


def mean(x: Any, /, *, axis: Any = None, keepdims: bool = False) -> Tensor[Any] | Any:
    """The arithmetic mean over ``axis`` (every axis when ``None``): the sum divided by the count, exactly.

    Parameters
    ----------
    axis : int, tuple of ints or None
    keepdims : bool
        Keep the reduced axes with length 1.

    Returns
    -------
    element or Tensor
        The element itself when no axis is left, else a new tensor; integers
        give rationals (``Fraction``), floats floats.

    Raises
    ------
    ShapeError
        No elements, in an exact ring (floats give ``nan``).
    NotDivisibleError
        ``modular(n)`` where the count has no inverse.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.mean(gt.tensor([1, 2, 4])), gt.mean(gt.tensor([1.0, 2.0]))
    (Fraction(7, 3), 1.5)
    >>> gt.mean(gt.tensor([[1, 2], [3, 4]]), axis=1, keepdims=True).tolist()
    [[Fraction(3, 2)], [Fraction(7, 2)]]
    """
    x = as_tensor(x, "mean")
    axes = _axes(axis, x.ndim, "mean")
    n = _count(x, axes)
    ops = arithmetic_ops(x.ops)
    if n == 0 and capabilities_of(ops).exact:
        raise _empty("mean", x, axis)
    total = _sum(x, axis=axis, keepdims=keepdims)
    f, out_ops = plan_divide(ops)
    if not isinstance(total, Tensor):  # every axis reduced: one division of elements
        value = f(total, ops.convert(n))
        return Tensor._from_flat([value], (), out_ops) if keepdims else value  # keepdims of a 0-d input
    return binary("mean", total, Tensor._from_flat([ops.convert(n)], (), ops), plan_divide)


def _weights(w: Tensor[Any], x: Tensor[Any], axis: Any) -> Tensor[Any]:
    """NumPy's weights: ``x``'s shape, or 1-d along the one reduced axis (broadcast to ``x``'s shape)."""
    if w.shape == x.shape:
        return w
    if axis is None or isinstance(axis, (tuple, list)) or w.ndim != 1:
        raise ShapeError(
            f"average: weights must have x's shape {x.shape}, or be 1-d along one axis given by axis= "
            f"(got weights of shape {w.shape} and axis={axis!r})"
        )
    ax = normalize_axis(axis, x.ndim, "average")
    if w.shape[0] != x.shape[ax]:
        raise ShapeError(
            f"average: 1-d weights must have the length of axis {ax} of x, {x.shape[ax]} (got {w.shape[0]})"
        )
    column = reshape(w, tuple(w.shape[0] if k == ax else 1 for k in range(x.ndim)))
    return broadcast_to(column, x.shape).copy()  # a copy: the sums below need no stride-0 view


def average(
    x: Any, /, *, axis: Any = None, weights: Any = None, returned: bool = False, keepdims: bool = False
) -> Tensor[Any] | Any:
    """The weighted mean over ``axis``: ``sum(w * x) / sum(w)``, exactly (NumPy's ``average``).

    Parameters
    ----------
    x : Tensor or array-like
    axis : int, tuple of ints or None
        The axes to average over (every axis when ``None``).
    weights : Tensor or array-like, optional
        ``x``'s shape, or 1-d along the single ``axis``; none: every weight is 1
        ([`mean`][gentensor.compute.statistics.mean]).
    returned : bool
        Also return the sum of the weights (the count without weights).
    keepdims : bool

    Returns
    -------
    element or Tensor, or a tuple of two
        The average (the element itself when no axis is left, else a new
        tensor; integer data and weights give rationals), and with
        ``returned=True`` the sum of the weights in the same shape.

    Raises
    ------
    ShapeError
        ``weights`` of a shape that does not fit, or (without weights) no
        elements in an exact ring.
    ArgumentValueError
        The weights sum to zero along an axis (an empty axis included): there
        is no weighted mean.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.average(gt.tensor([1, 2, 4]), weights=gt.tensor([3, 1, 1]))
    Fraction(9, 5)
    >>> gt.average(gt.tensor([[1, 2], [3, 5]]), axis=1, weights=[1, 3], returned=True)
    (tensor([7/4, 9/2], ops=rationals), tensor([4, 4], ops=integers))
    """
    x = as_tensor(x, "average")
    axes = _axes(axis, x.ndim, "average")
    if weights is None:
        avg = mean(x, axis=axis, keepdims=keepdims)
        if not returned:
            return avg
        n = arithmetic_ops(x.ops).convert(_count(x, axes))
        return avg, (Tensor._from_flat([n] * avg.size, avg.shape, arithmetic_ops(x.ops)) if isinstance(avg, Tensor) else n)
    w = _weights(as_tensor(weights, "average"), x, axis)
    total = _sum(w, axis=axis, keepdims=True)
    sums = total._elements() if isinstance(total, Tensor) else [total]
    wops = arithmetic_ops(w.ops)
    if any(wops.is_zero(v) for v in sums):
        raise ArgumentValueError(
            f"average: the weights sum to zero along axis={axis!r}, so they cannot be normalised "
            f"(got weights of shape {w.shape})"
        )
    avg = divide(_sum(multiply(x, w), axis=axis, keepdims=True), total)
    result = _finish(avg, x, axes, keepdims)
    if not returned:
        return result
    return result, _finish(total, x, axes, keepdims)


def var(x: Any, /, *, axis: Any = None, correction: Any = 0, keepdims: bool = False) -> Tensor[Any] | Any:
    """The variance over ``axis``: ``Σ|x - mean|² / (n - correction)``, exact on exact rings.

    Parameters
    ----------
    axis : int, tuple of ints or None
    correction : int or Fraction or float
        Degrees of freedom subtracted from the count (``1`` for the sample variance).
    keepdims : bool

    Returns
    -------
    element or Tensor
        The element itself when no axis is left, else a new tensor (integers give rationals).

    Raises
    ------
    ShapeError
        ``n - correction <= 0`` in an exact ring (floats give ``inf``/``nan``, as NumPy).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.var(gt.tensor([1, 2, 3, 4])), gt.var(gt.tensor([1, 2, 3, 4]), correction=1)
    (Fraction(5, 4), Fraction(5, 3))
    >>> gt.var(gt.tensor([1.0, 2.0, 3.0, 4.0]))
    1.25
    """
    x = as_tensor(x, "var")
    axes = _axes(axis, x.ndim, "var")
    n = _count(x, axes)
    ops = arithmetic_ops(x.ops)
    if isinstance(correction, bool) or not isinstance(correction, (int, float)) and not hasattr(correction, "denominator"):
        raise ArgumentTypeError(f"var: correction must be a number (got {correction!r})")
    if capabilities_of(ops).exact:
        if n - correction <= 0:
            raise ShapeError(
                f"var: {n} element(s) and correction={correction} leave no degrees of freedom "
                f"(got shape {x.shape} and axis={axis!r}); the variance is undefined in {x.ops!r}"
            )
        # Exact: (n*Σx² - (Σx)²) / (n*(n - correction)), one division at the end.
        s1 = _sum(x, axis=axis, keepdims=True)
        s2 = _sum(multiply(x, x), axis=axis, keepdims=True)
        numerator = subtract(multiply(s2, n), multiply(s1, s1))
        result = divide(numerator, n * (n - correction))
    else:
        d = subtract(x, mean(x, axis=axis, keepdims=True))
        # |d|²: d * conj(d) for complex elements; for real ones conj and real are the identity (skipped)
        squares = real(multiply(d, conj(d))) if capabilities_of(ops).complex else multiply(d, d)
        result = divide(_sum(squares, axis=axis, keepdims=True), float(n - correction))
    return _finish(result, x, axes, keepdims)


def std(x: Any, /, *, axis: Any = None, correction: Any = 0, keepdims: bool = False) -> Tensor[Any] | Any:
    """The standard deviation over ``axis``: the square root of [`var`][gentensor.compute.statistics.var].

    Floats give floats; SymPy gives exact roots; integers and rationals give
    the exact root when the variance is the square of a rational.

    Returns
    -------
    element or Tensor
        The element itself when no axis is left, else a new tensor.

    Raises
    ------
    DomainError
        An exact ring whose variance has no rational square root: convert
        with ``.astype(gt.symbolic)`` for the exact root, or ``.astype(gt.floats)``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.std(gt.tensor([2, 4, 4, 4, 5, 5, 7, 9])), gt.std(gt.tensor([0, 1]).astype(gt.symbolic))
    (Fraction(2, 1), 1/2)
    >>> gt.std(gt.tensor([0, 1, 2]))
    Traceback (most recent call last):
    ...
    gentensor.errors.DomainError: std: the variance 2/3 is not the square of a rational, so the standard deviation is not exact (got a tensor with ops integers); use gt.std(x.astype(gt.symbolic)) for the exact root, or x.astype(gt.floats)
    """
    x = as_tensor(x, "std")
    v = var(x, axis=axis, correction=correction, keepdims=keepdims)
    try:
        return sqrt(v)
    except DomainError:
        which = f"the variance {v}" if not isinstance(v, Tensor) else "a variance along the axis"
        raise DomainError(
            f"std: {which} is not the square of a rational, so the standard deviation is not exact "
            f"(got a tensor with ops {x.ops!r}); use gt.std(x.astype(gt.symbolic)) for the exact root, "
            "or x.astype(gt.floats)"
        ) from None


def cumsum(a: Any, /, axis: int | None = None, dtype: OpsSpec | None = None) -> Tensor[Any]:
    """NumPy's ``cumsum``: running sums along ``axis``, of the flattened tensor when ``axis`` is ``None``.

    Unlike [`cumulative_sum`][gentensor.compute.reductions.cumulative_sum], ``axis`` may be
    positional and may be omitted for any number of axes.

    Returns
    -------
    Tensor
        A new tensor of the running sums (1-d without ``axis``; booleans are summed as integers).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.cumsum(gt.tensor([[1, 2], [3, 4]])).tolist(), gt.cumsum(gt.tensor([[1, 2], [3, 4]]), axis=0).tolist()
    ([1, 3, 6, 10], [[1, 2], [4, 6]])
    """
    x = as_tensor(a, "cumsum")
    if axis is None:
        x, axis = x.reshape(-1), 0
    return _accumulate("cumsum", x, axis, dtype, False, "add", "zero")


def cumprod(a: Any, /, axis: int | None = None, dtype: OpsSpec | None = None) -> Tensor[Any]:
    """NumPy's ``cumprod``: running products along ``axis``, of the flattened tensor when ``axis`` is ``None``.

    [`cumulative_prod`][gentensor.compute.reductions.cumulative_prod] with NumPy's signature, as
    [`cumsum`][gentensor.compute.statistics.cumsum] is [`cumulative_sum`][gentensor.compute.reductions.cumulative_sum].

    Returns
    -------
    Tensor
        A new tensor of the running products (1-d without ``axis``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.cumprod(gt.tensor([[1, 2], [3, 4]])).tolist()
    [1, 2, 6, 24]
    """
    x = as_tensor(a, "cumprod")
    if axis is None:
        x, axis = x.reshape(-1), 0
    return _accumulate("cumprod", x, axis, dtype, False, "mul", "one")


def _edge(value: Any, x: Tensor[Any], ax: int, name: str) -> Tensor[Any]:
    """``prepend``/``append`` as a tensor to join to ``x`` along ``ax`` (a scalar or 0-d tensor is broadcast)."""
    t = as_tensor(value, "diff")
    if t.ndim == 0:
        shape = x.shape[:ax] + (1,) + x.shape[ax + 1 :]
        return broadcast_to(t, shape)
    if t.ndim != x.ndim:
        raise ShapeError(
            f"diff: {name} must be a scalar or have x's ndim {x.ndim} (got shape {t.shape}); "
            "its shape must match x except along the axis"
        )
    return t


def diff(x: Any, /, *, axis: int = -1, n: int = 1, prepend: Any = None, append: Any = None) -> Tensor[Any]:
    """The ``n``-th forward difference along ``axis``: ``x[i+1] - x[i]``, repeated ``n`` times.

    Parameters
    ----------
    axis : int
    n : int
        How many times to difference (``0`` gives a copy of ``x``, without ``prepend``/``append``, as NumPy).
    prepend, append : element or Tensor, optional
        Joined to ``x`` along ``axis`` first (a scalar is one slice of it).

    Returns
    -------
    Tensor
        A new tensor, ``n`` shorter along ``axis`` (booleans subtract as integers).

    Raises
    ------
    ShapeError
        A 0-d ``x``, or ``prepend``/``append`` whose shape does not fit.
    ValueError
        A negative ``n``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.diff(gt.tensor([1, 4, 9, 16])).tolist(), gt.diff(gt.tensor([1, 4, 9, 16]), n=2).tolist()
    ([3, 5, 7], [2, 2])
    >>> gt.diff(gt.tensor([[1, 2], [5, 9]]), axis=0, prepend=0).tolist()
    [[1, 2], [4, 7]]
    """
    x = as_tensor(x, "diff")
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ArgumentValueError(f"diff: n must be a non-negative int (got {n!r})")
    if x.ndim == 0:
        raise ShapeError("diff: needs a tensor with ndim >= 1 (got shape ())")
    ax = normalize_axis(axis, x.ndim, "diff")
    if n == 0:  # nothing to difference: x itself (without prepend/append), as NumPy
        return x.copy()
    parts = [x]
    if prepend is not None:
        parts.insert(0, _edge(prepend, x, ax, "prepend"))
    if append is not None:
        parts.append(_edge(append, x, ax, "append"))
    out = concat(parts, axis=ax) if len(parts) > 1 else x
    moved = moveaxis(out, ax, -1)
    for _ in range(min(n, max(moved.shape[-1], 1))):  # past the length every difference is empty: no more rounds
        moved = subtract(moved[..., 1:], moved[..., :-1])
    return moved if ax == x.ndim - 1 else moveaxis(moved, -1, ax).copy()


def _extreme(name: str, reduce: Any, largest: bool, call: str, result: str) -> Any:
    """``amax`` or ``amin``: NumPy's names of ``gt.max`` and ``gt.min``, taking ``axis`` by position too."""

    def f(a: Any, /, axis: Any = None, keepdims: bool = False) -> Tensor[Any] | Any:
        return reduce(a, axis=axis, keepdims=keepdims)

    target, word, plural = ("max", "largest", "maxima") if largest else ("min", "smallest", "minima")
    summary = f"NumPy's name of [`gentensor.{target}`][gentensor.compute.reductions.{target}]: the {word} element over ``axis``."
    positional = f"``axis`` may be positional here, as NumPy allows (``gt.{target}`` takes it by keyword only)."
    returns = section(
        "Returns",
        ("element or Tensor", f"The {word} element itself when no axis is left, else a new tensor of the {plural}."),
    )
    doc = "\n\n".join([summary, positional, returns, examples(call, result)])
    return made(f, name, __name__, doc)


amax = _extreme(
    "amax",
    _max,
    True,
    "gt.amax(gt.tensor([[1, 5], [3, 2]])), gt.amax(gt.tensor([[1, 5], [3, 2]]), axis=0).tolist()",
    "(5, [3, 5])",
)
amin = _extreme("amin", _min, False, "gt.amin(gt.tensor([[1, 5], [3, 2]]), axis=1).tolist()", "[1, 2]")
