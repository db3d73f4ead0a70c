"""The built-in packings: integers as ``int64`` under proven bounds, booleans (floats: `._floatpacking`; residues: `._modpacking`).

Each is a [`Packing`][gentensor.ops._packing.Packing] (see `._packing` for the
contract) whose kernels are NumPy functions planned from the operands'
bounds: an integer kernel runs in machine arithmetic only when the bounds
prove every result fits the word, and declines otherwise (the caller then
computes with Python ints).  The ops of `._numeric` and `._modular` declare
them.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

import numpy as np

from ._matkernels import FLOAT_EXACT, float_einsum, int_einsum, int_matmul, int_vecdot
from ._packing import INT64_MAX, INT64_MIN, Bounds, Packing, Planned

__all__ = ["IntegerPacking", "BooleanPacking"]


def _fits(lo: int, hi: int) -> bool:
    return INT64_MIN <= lo and hi <= INT64_MAX


def _magnitude(b: Bounds) -> int:
    return max(-b[0], b[1])


class _Quiet:
    """A kernel ``f`` with NumPy's floating-point warnings silenced (IEEE results are the answer, as on the list
    path).  A ufunc stays visible as ``ufunc``, so the engine may still hand it a result buffer (``out=``)."""

    __slots__ = ("f", "ufunc", "__name__")

    def __init__(self, f: Callable[..., Any]) -> None:
        self.f = f
        self.ufunc = f if isinstance(f, np.ufunc) else None
        self.__name__ = getattr(f, "__name__", "kernel")

    def __call__(self, *arrays: Any, out: Any = None) -> Any:
        with np.errstate(all="ignore"):
            return self.f(*arrays) if out is None else self.f(*arrays, out=out)


def _quiet(f: Callable[..., Any]) -> Callable[..., Any]:
    """``f`` with NumPy's floating-point warnings silenced (see `_Quiet`)."""
    return _Quiet(f)


class _NonzeroDivisor:
    """The ufunc ``f(a, b)`` after checking ``b`` has no zero; a zero raises ``ZeroDivisionError`` (the caller
    locates it).  The ufunc stays visible as ``ufunc``, so the engine may hand it a result buffer (``out=``)."""

    __slots__ = ("ufunc", "__name__")

    def __init__(self, f: Any) -> None:
        self.ufunc = f
        self.__name__ = getattr(f, "__name__", "kernel")

    def __call__(self, a: Any, b: Any, out: Any = None) -> Any:
        if not np.all(b):
            raise ZeroDivisionError("integer division or modulo by zero")
        return self.ufunc(a, b) if out is None else self.ufunc(a, b, out=out)


def _nonzero_divisor(f: Any) -> Callable[..., Any]:
    return _NonzeroDivisor(f)


def _int_add(a: Bounds, b: Bounds) -> Planned | None:
    lo, hi = a[0] + b[0], a[1] + b[1]
    return (np.add, (lo, hi)) if _fits(lo, hi) else None


def _int_subtract(a: Bounds, b: Bounds) -> Planned | None:
    lo, hi = a[0] - b[1], a[1] - b[0]
    return (np.subtract, (lo, hi)) if _fits(lo, hi) else None


def _corners(a: Bounds, b: Bounds) -> Bounds:
    products = (a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1])
    return min(products), max(products)


def _int_multiply(a: Bounds, b: Bounds) -> Planned | None:
    lo, hi = _corners(a, b)
    return (np.multiply, (lo, hi)) if _fits(lo, hi) else None


def _int_negative(a: Bounds) -> Planned | None:
    lo, hi = -a[1], -a[0]
    return (np.negative, (lo, hi)) if _fits(lo, hi) else None


def _int_abs(a: Bounds) -> Planned | None:
    top = _magnitude(a)
    bottom = 0 if a[0] <= 0 <= a[1] else min(abs(a[0]), abs(a[1]))
    return (np.absolute, (bottom, top)) if top <= INT64_MAX else None


def _int_floor_divide(a: Bounds, b: Bounds) -> Planned | None:
    # |a // b| <= |a| for b != 0; only INT64_MIN // -1 leaves the word.
    top = _magnitude(a)
    if top > INT64_MAX:
        return None
    return _nonzero_divisor(np.floor_divide), (-top, top)


def _int_remainder(a: Bounds, b: Bounds) -> Planned | None:
    # The remainder has the sign of the divisor and is smaller in size: inside (min(0, lo_b + 1), max(0, hi_b - 1)).
    return _nonzero_divisor(np.remainder), (min(0, b[0] + 1), max(0, b[1] - 1))


def _int_power(a: Bounds, b: Bounds) -> Planned | None:
    if b[0] < 0:
        return None  # a negative exponent leaves the integers
    top, k = _magnitude(a), b[1]
    if top <= 1:
        bound = 1
    elif k * math.log2(top) >= 62.5:
        return None
    else:
        bound = top**k
    if not _fits(-bound, bound):
        return None
    return _int_pow, (-bound if a[0] < 0 else 0, bound)


def _int_pow(a: Any, b: Any) -> Any:
    """``a ** b`` of int64 arrays (proven to fit); a square as one multiplication, as NumPy's own ``a ** 2`` does."""
    if np.ndim(b) == 0 and int(b) == 2:
        return np.multiply(a, a)
    return np.power(a, b)


def _int_left_shift(a: Bounds, b: Bounds) -> Planned | None:
    if b[0] < 0 or b[1] > 62:
        return None  # negative counts raise on the element path; large ones leave the word
    lo, hi = a[0] << b[1], a[1] << b[1]
    lo, hi = min(lo, a[0]), max(hi, a[1])
    return (np.left_shift, (lo, hi)) if _fits(lo, hi) else None


def _int_right_shift(a: Bounds, b: Bounds) -> Planned | None:
    if b[0] < 0 or b[1] > 63:
        return None
    return np.right_shift, (min(a[0], 0) if a[0] < 0 else 0, max(a[1], 0))


def _int_bitwise(f: Any) -> Callable[[Bounds, Bounds], Planned]:
    def plan(a: Bounds, b: Bounds) -> Planned:
        if a[0] >= 0 and b[0] >= 0:  # non-negative operands: the result has no more bits than the larger
            top = (1 << max(a[1], b[1]).bit_length()) - 1
            return f, (0, top)
        return f, (INT64_MIN, INT64_MAX)  # two's complement of word-size values stays in the word

    return plan


def _int_invert(a: Bounds) -> Planned:
    return np.invert, (-a[1] - 1, -a[0] - 1)


def _int_gcd(a: Bounds, b: Bounds) -> Planned | None:
    top = max(_magnitude(a), _magnitude(b))
    return (np.gcd, (0, top)) if top <= INT64_MAX else None


def _int_lcm(a: Bounds, b: Bounds) -> Planned | None:
    top = _magnitude(a) * _magnitude(b)
    return (np.lcm, (0, top)) if top <= INT64_MAX else None


def _int_extreme(f: Any) -> Callable[[Bounds, Bounds], Planned]:
    def plan(a: Bounds, b: Bounds) -> Planned:
        return f, (min(a[0], b[0]), max(a[1], b[1]))

    return plan


class _IntoKernel:
    """A NumPy function that takes ``out=`` and gives the operands' own dtype (``writes_into``): the engine may
    hand it a recycled result buffer, as it does a ufunc."""

    writes_into = True

    def __init__(self, f: Callable[..., Any]) -> None:
        self.f = f

    def __call__(self, *arrays: Any, out: Any = None) -> Any:
        return self.f(*arrays, out=out)


_CLIP = _IntoKernel(np.clip)


def _int_clip(x: Bounds, low: Bounds, high: Bounds) -> Planned:
    """``minimum(maximum(x, low), high)`` in NumPy's one pass: on integers ``np.clip`` is that composition
    (``low > high`` gives ``high``), and it is monotone in all three, so the corners bound it."""
    return _CLIP, (min(max(x[0], low[0]), high[0]), min(max(x[1], low[1]), high[1]))


def _int_sign(a: Bounds) -> Planned:
    return np.sign, (-1 if a[0] < 0 else 0, 1 if a[1] > 0 else 0)


#: ``floor(sqrt(2**63 - 1))``: the largest integer square root of a word.
_ISQRT_TOP = 3037000499


def _isqrt_words(a: Any) -> Any:
    """``floor(sqrt(a))`` of non-negative int64 values, exactly: the float root, corrected by at most one each way.

    The float root is within ``3.04e9 * 2**-52`` of the true one (two roundings
    of relative size ``2**-53``), so its floor is off by at most one; it is at
    most ``sqrt(2.0**63) < _ISQRT_TOP + 1``, so ``s * s`` fits the word, and
    ``(s + 1)**2 <= a`` is tested as ``2*s + 1 <= a - s*s`` (no overflow).
    """
    root = a.astype(np.float64)
    np.sqrt(root, out=root)
    s = root.astype(np.int64)  # truncation: the floor of a non-negative root
    square = np.multiply(s, s, out=root.view(np.int64))  # the root's buffer, done with: one 8-byte word each
    low = np.greater(square, a)  # the estimate one too high
    s -= low
    np.multiply(s, s, out=square)
    np.subtract(a, square, out=square)  # a - s*s >= 0 now
    np.subtract(square, s, out=square)  # (s + 1)**2 <= a  <=>  s < a - s*s - s
    s += np.less(s, square, out=low)
    return s


def _int_isqrt(a: Bounds) -> Planned | None:
    # A negative value is the element path's DomainError (naming it).
    return (_isqrt_words, (math.isqrt(a[0]), math.isqrt(a[1]))) if a[0] >= 0 else None


def _int_same(a: Bounds) -> Planned:
    return np.copy, a


def _comparison(f: Any) -> Callable[..., Planned]:
    def plan(*bounds: Any) -> Planned:
        return f, None

    return plan


_COMPARISONS = {
    "equal": np.equal,
    "not_equal": np.not_equal,
    "less": np.less,
    "less_equal": np.less_equal,
    "greater": np.greater,
    "greater_equal": np.greater_equal,
}

_INT_PLANS: dict[str, Callable[..., Planned | None]] = {
    "clip": _int_clip,
    "add": _int_add,
    "subtract": _int_subtract,
    "multiply": _int_multiply,
    "square": _int_multiply,
    "negative": _int_negative,
    "positive": _int_same,
    "abs": _int_abs,
    "floor_divide": _int_floor_divide,
    "remainder": _int_remainder,
    "power": _int_power,
    "bitwise_left_shift": _int_left_shift,
    "bitwise_right_shift": _int_right_shift,
    "bitwise_and": _int_bitwise(np.bitwise_and),
    "bitwise_or": _int_bitwise(np.bitwise_or),
    "bitwise_xor": _int_bitwise(np.bitwise_xor),
    "bitwise_invert": _int_invert,
    "gcd": _int_gcd,
    "lcm": _int_lcm,
    "isqrt": _int_isqrt,
    "maximum": _int_extreme(np.maximum),
    "minimum": _int_extreme(np.minimum),
    "sign": _int_sign,
    "floor": _int_same,
    "ceil": _int_same,
    "trunc": _int_same,
    "round": _int_same,
    **{name: _comparison(f) for name, f in _COMPARISONS.items()},
}


#: Elements per chunk of `_whole`: its buffers stay in the cache.
_WHOLE_CHUNK = 1 << 15


def _whole_words(array: Any) -> Bounds | None:
    """``(min, max)`` as ints when every float of ``array`` is a whole number in ``[-2**63, 2**63)``, else ``None``.

    Chunk by chunk, so the buffers stay in the cache (no temporary of the
    array's size).  NaN fails every comparison, so it is never whole.
    """
    flat = array.reshape(-1)
    lo, hi = flat.min(), flat.max()
    if not (-(2.0**63) <= lo and hi < 2.0**63):
        return None
    buffer = np.empty(min(flat.size, _WHOLE_CHUNK), dtype=flat.dtype)
    same = np.empty(buffer.size, dtype=bool)
    for start in range(0, flat.size, _WHOLE_CHUNK):
        chunk = flat[start : start + _WHOLE_CHUNK]
        k = chunk.size
        np.trunc(chunk, out=buffer[:k])
        if not np.equal(buffer[:k], chunk, out=same[:k]).all():
            return None
    return int(lo), int(hi)


def _float_grouped_ints(bins: Any, weights: Any, length: int) -> Any:
    """Grouped sums of int64 weights whose every partial sum is below ``2**53`` in magnitude (exact in doubles)."""
    return np.bincount(bins, weights=weights, minlength=length).astype(np.int64)


def _int_grouped(bins: Any, weights: Any, length: int) -> Any:
    """Grouped sums of int64 weights whose every partial sum fits the word."""
    out = np.zeros(length, dtype=np.int64)
    np.add.at(out, bins, weights)
    return out


class IntegerPacking(Packing):
    """``int64`` for [`gentensor.integers`][gentensor.ops._numeric.integers]: kernels run when bounds prove the results fit."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("int64", ordered=True)

    def pack(self, values: Sequence[Any]) -> Any:
        """`Packing.pack` for a list of Python ints by ``np.fromiter``: no shape discovery over the whole list first,
        so a value past the word ends the attempt where it stands (``np.array`` scans every element before it fails).

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.integers.packing.pack([1, -2, 3]), gt.integers.packing.pack([2**63, 0]), gt.integers.packing.pack([0, [1]])
        (array([ 1, -2,  3]), None, None)
        """
        if type(values) is not list:
            return super().pack(values)
        try:
            return np.fromiter(values, np.int64, len(values))
        except (OverflowError, TypeError, ValueError):
            return None

    def kernel(self, name: str, bounds: Sequence[Bounds | None]) -> Planned | None:
        plan = _INT_PLANS.get(name)
        if plan is None or any(b is None for b in bounds):
            return None
        return plan(*bounds)

    def cast(self, array: Any, source: Packing) -> tuple[Any, Bounds | None] | None:
        if source.dtype.kind == "b":
            return array.astype(np.int64), (0, 1)
        if source.dtype.kind == "f" and array.size:
            # Whole floats in [-2**63, 2**63) are exactly int64 values (integers.convert's answer); a fraction,
            # a non-finite value (NaN fails both comparisons) or one past the word goes element by element.
            bounds = _whole_words(array)
            if bounds is not None:
                return array.astype(np.int64), bounds
        return None

    def reduction(self, name: str, bounds: Bounds | None, count: int) -> Planned | None:
        return _int_reduction(name, bounds, count)


    def grouped_sum(self, bounds: Bounds | None, count: int) -> Planned | None:
        if bounds is None:
            return None
        lo, hi = bounds
        out = (min(0, lo * count), max(0, hi * count))  # every bin's sum lies between these
        top = _magnitude(bounds) * count
        if top < 2**53:  # every partial sum is an integer a double holds exactly: NumPy's float bincount
            return _float_grouped_ints, out
        if top <= INT64_MAX:  # int64 partial sums, unbuffered
            return _int_grouped, out
        return None

    def matmul(self, bounds_a: Bounds | None, bounds_b: Bounds | None, k: int) -> Planned | None:
        if bounds_a is None or bounds_b is None:
            return None
        return int_matmul(_magnitude(bounds_a) * _magnitude(bounds_b) * k)

    def vecdot(self, bounds_a: Bounds | None, bounds_b: Bounds | None, k: int) -> Planned | None:
        if bounds_a is None or bounds_b is None:
            return None
        bound = _magnitude(bounds_a) * _magnitude(bounds_b) * k  # every partial sum of products stays below it
        return (int_vecdot, (-bound, bound)) if bound <= INT64_MAX else None

    def contraction(self, bounds: Sequence[Bounds | None], terms: int) -> Planned | None:
        if any(b is None for b in bounds):
            return None
        # Every partial product and sum, in any order NumPy picks, stays below this (factors count at least 1).
        bound = math.prod(max(1, _magnitude(b)) for b in bounds) * max(1, terms)  # type: ignore[arg-type]
        if bound < FLOAT_EXACT:
            return float_einsum, (-bound, bound)
        if bound <= INT64_MAX:
            return int_einsum, (-bound, bound)
        return None


def _truth(name: str) -> Planned | None:
    """``any``/``all`` of numbers: non-zero is true (NaN too, as Python's ``bool``)."""
    if name == "any":
        return (lambda a, axis: np.logical_or.reduce(a != 0, axis=axis)), None
    if name == "all":
        return (lambda a, axis: np.logical_and.reduce(a != 0, axis=axis)), None
    return None


def _int_reduction(name: str, bounds: Bounds | None, count: int) -> Planned | None:
    if name in ("any", "all"):
        return _truth(name)
    if bounds is None:
        return None
    if name in ("sum", "cumulative_sum"):
        lo, hi = min(0, bounds[0] * count), max(0, bounds[1] * count)
        if not _fits(lo, hi):
            return None
        return (_sum if name == "sum" else _cumsum), (lo, hi)
    if name in ("prod", "cumulative_prod"):
        top = _magnitude(bounds)
        if top <= 1:
            bound = 1
        elif count * math.log2(top) >= 62.5:
            return None
        else:
            bound = top**count
        return (_prod if name == "prod" else _cumprod), (-bound if bounds[0] < 0 else 0, bound)
    if name in ("min", "max"):
        return (_min if name == "min" else _max), bounds
    return None


#: Axis letters of the einsum calls below (one per axis).
_AXIS_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _sum(a: Any, axis: Any) -> Any:
    """Sums over ``axis`` (an int, a tuple of them, or ``None``: all) in ``a``'s dtype.

    NumPy's ``einsum`` sums int64 over short axes several times faster than
    ``np.add.reduce`` (rows of three: 0.9 ms against 3.7 ms for 10**6
    entries) and about as fast elsewhere; the bounds proved every partial
    sum fits, so the order of the sums does not matter.
    """
    if a.dtype != np.int64 or not 0 < a.ndim <= len(_AXIS_LETTERS):
        return np.add.reduce(a, axis=axis, dtype=a.dtype)
    axes = range(a.ndim) if axis is None else [k % a.ndim for k in ((axis,) if isinstance(axis, int) else axis)]
    letters = _AXIS_LETTERS[: a.ndim]
    kept = "".join(c for k, c in enumerate(letters) if k not in axes)
    return np.einsum(f"{letters}->{kept}", a, dtype=np.int64)


def _cumsum(a: Any, axis: Any) -> Any:
    return np.cumsum(a, axis=axis, dtype=a.dtype)


def _prod(a: Any, axis: Any) -> Any:
    return np.multiply.reduce(a, axis=axis, dtype=a.dtype)


def _cumprod(a: Any, axis: Any) -> Any:
    return np.cumprod(a, axis=axis, dtype=a.dtype)


def _min(a: Any, axis: Any) -> Any:
    return np.minimum.reduce(a, axis=axis)


def _max(a: Any, axis: Any) -> Any:
    return np.maximum.reduce(a, axis=axis)


class BooleanPacking(Packing):
    """``bool`` for [`gentensor.booleans`][gentensor.ops._numeric.booleans]: masks, comparisons, logic."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("bool", ordered=True)

    def kernel(self, name: str, bounds: Sequence[Bounds | None]) -> Planned | None:
        f = _BOOL_KERNELS.get(name)
        return None if f is None else (f, None)

    def reduction(self, name: str, bounds: Bounds | None, count: int) -> Planned | None:
        if name == "any":
            return (lambda a, axis: np.logical_or.reduce(a, axis=axis)), None
        if name == "all":
            return (lambda a, axis: np.logical_and.reduce(a, axis=axis)), None
        if name in ("min", "max"):
            return (_min if name == "min" else _max), None
        return None


_BOOL_KERNELS: dict[str, Callable[..., Any]] = {
    **_COMPARISONS,
    "logical_and": np.logical_and,
    "logical_or": np.logical_or,
    "logical_xor": np.logical_xor,
    "logical_not": np.logical_not,
    "bitwise_and": np.logical_and,
    "bitwise_or": np.logical_or,
    "bitwise_xor": np.logical_xor,
    "bitwise_invert": np.logical_not,
    "maximum": np.logical_or,
    "minimum": np.logical_and,
    "positive": np.copy,
}


def _lanes(a: Any, axis: Any) -> Any:
    """``a`` with the reduced axes (an int or a tuple) moved last and merged into one, in C order."""
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    kept = [k for k in range(a.ndim) if k not in axes]
    shape = tuple(a.shape[k] for k in kept)
    return np.transpose(a, kept + list(axes)).reshape(shape + (-1,))
