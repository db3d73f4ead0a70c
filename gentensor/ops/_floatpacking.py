"""The packing of IEEE 754 elements: ``float64`` for ``floats``, ``complex128`` for ``complexes``.

Its kernels are the ones IEEE 754 rounds correctly (``+``, ``-``, ``*``,
``/``, ``sqrt``, comparisons, ``floor``, ``round`` to whole numbers, ...),
so they give the list path's results bit for bit; ``sum`` adds left to
right as the list path does; ``max``/``min`` are NumPy's where that is the
list path's answer (the first of equal extremes).  Transcendental functions
have no kernel here (libm and NumPy's SIMD versions may differ in the last
bit).

Examples
--------
>>> import numpy as np
>>> FloatPacking("float64").kernel("round", [None])[0](np.array([0.5, 1.5, -2.5])).tolist()
[0.0, 2.0, -2.0]
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from ._packing import Bounds, Packing, Planned
from ._packings import _COMPARISONS, _lanes, _quiet, _truth

__all__ = ["FloatPacking"]


_FLOAT_KERNELS: dict[str, Callable[..., Any]] = {
    **_COMPARISONS,
    "add": np.add,
    "subtract": np.subtract,
    "multiply": np.multiply,
    "square": np.multiply,
    "divide": np.true_divide,
    "negative": np.negative,
    "positive": np.copy,
    "abs": np.absolute,
    "sqrt": np.sqrt,
    "floor": np.floor,
    "ceil": np.ceil,
    "trunc": np.trunc,
    "round": np.rint,  # half to even, exactly as Python's round(x, 0)
    "isnan": np.isnan,
    "isinf": np.isinf,
    "isfinite": np.isfinite,
    "signbit": np.signbit,
    "copysign": np.copysign,
}

# Correctly rounded in IEEE 754 and in NumPy alike (so bit for bit the list path's results); the
# transcendental functions are not (libm and NumPy's SIMD versions may differ in the last bit).
_COMPLEX_KERNELS: dict[str, Callable[..., Any]] = {
    "equal": np.equal,
    "not_equal": np.not_equal,
    "add": np.add,
    "subtract": np.subtract,
    "negative": np.negative,
    "positive": np.copy,
    "round": np.rint,  # each part half to even, as complex(round(z.real), round(z.imag))
    "isnan": np.isnan,
    "isinf": np.isinf,
    "isfinite": np.isfinite,
}


class _FirstOfEqual:
    """``np.maximum`` (``np.minimum``) keeping the first operand where the two are zeros of opposite signs.

    The list path's ``maximum(a, b)`` keeps the first of equal values, as Python's ``max`` does; NumPy gives
    the second, which differs only for ``0.0`` and ``-0.0``.  A zero result where ``a`` is zero is ``a``.
    The ufunc stays visible as ``ufunc`` (the engine may hand a result buffer, ``out=``).

    Examples
    --------
    >>> import numpy as np
    >>> np.signbit(_FirstOfEqual(np.maximum)(np.array([-0.0, 0.0, 1.0]), np.array([0.0, -0.0, 2.0]))).tolist()
    [True, False, False]
    """

    __slots__ = ("ufunc", "__name__")

    def __init__(self, f: Any) -> None:
        self.ufunc = f
        self.__name__ = f.__name__

    def __call__(self, a: Any, b: Any, out: Any = None) -> Any:
        if out is not None and np.may_share_memory(out, a):  # the fix-up below reads a after the ufunc wrote
            out[...] = self(a, b)
            return out
        with np.errstate(all="ignore"):
            result = self.ufunc(a, b) if out is None else self.ufunc(a, b, out=out)
            zero = result == 0
            if zero.any():
                np.copyto(result, a, where=zero & (a == 0))
        return result


class FloatPacking(Packing):
    """``float64`` (or ``complex128``) for IEEE elements: correctly rounded kernels only, so results match the list path bit for bit."""

    __slots__ = ("_table",)

    def __init__(self, dtype: str) -> None:
        super().__init__(dtype, ordered=dtype == "float64")
        self._table = {name: _quiet(f) for name, f in (_FLOAT_KERNELS if dtype == "float64" else _COMPLEX_KERNELS).items()}
        if dtype == "float64":
            self._table.update(maximum=_FirstOfEqual(np.maximum), minimum=_FirstOfEqual(np.minimum))

    def kernel(self, name: str, bounds: Sequence[Bounds | None]) -> Planned | None:
        f = self._table.get(name)
        return None if f is None else (f, None)

    def cast(self, array: Any, source: Packing) -> tuple[Any, Bounds | None] | None:
        # int64 -> float64 rounds to nearest even, as Python's float(int) does.
        if source.dtype.kind in "biu" or (source.dtype.kind == "f" and self.dtype.kind == "c"):
            return array.astype(self.dtype), None
        return None

    def matmul(self, bounds_a: Bounds | None, bounds_b: Bounds | None, k: int) -> Planned | None:
        # NumPy's (BLAS) product: sums in its own order, as NumPy users expect of float @.
        return _quiet(np.matmul), None

    def grouped_sum(self, bounds: Bounds | None, count: int) -> Planned | None:
        # NumPy's bincount adds each bin's weights in order from 0.0: sum(weights, 0.0), bit for bit
        if self.dtype.kind != "f":
            return None
        return (lambda bins, weights, length: np.bincount(bins, weights=weights, minlength=length)), None

    def reduction(self, name: str, bounds: Bounds | None, count: int) -> Planned | None:
        if name in ("sum", "cumulative_sum") and self.dtype.kind == "f":
            # The list path adds left to right; np.cumsum does too (np.sum would pair terms up).
            return (_sequential_sum if name == "sum" else _quiet_cumsum), None
        if name in ("min", "max") and self.dtype.kind == "f":
            return (_float_max if name == "max" else _float_min), None
        return _truth(name)


class _ListPath(ArithmeticError):
    """A reduction whose answer the list path gives (the packed caller defers on an ``ArithmeticError``)."""


def _float_extreme(a: Any, axis: Any, largest: bool) -> Any:
    """NumPy's max (min) over ``axis`` where it is the list path's answer, which keeps the first of equal values.

    A lane holding NaN (the list path returns its first NaN) or a zero extreme
    with zeros of both signs (the first one wins there) defers to the list path.
    """
    lanes = _lanes(a, axis)
    if lanes.shape[-1] == 0:
        raise _ListPath("an empty lane: the list path raises")
    found = lanes.max(axis=-1) if largest else lanes.min(axis=-1)
    if np.isnan(found).any():
        raise _ListPath("NaN: the list path returns the first one")
    zero = found == 0
    if zero.any():
        lanes = lanes[zero]
        zeros, negative = lanes == 0, np.signbit(lanes)
        if ((zeros & negative).any(axis=-1) & (zeros & ~negative).any(axis=-1)).any():
            raise _ListPath("zeros of both signs: the list path keeps the first")
    return found


def _float_max(a: Any, axis: Any) -> Any:
    return _float_extreme(a, axis, True)


def _float_min(a: Any, axis: Any) -> Any:
    return _float_extreme(a, axis, False)


def _quiet_cumsum(a: Any, axis: Any) -> Any:
    with np.errstate(all="ignore"):
        return np.cumsum(a, axis=axis)


def _sequential_sum(a: Any, axis: Any) -> Any:
    """Left-to-right sums over ``axis`` (an int or a tuple), as ``sum(values, 0.0)`` adds floats.

    The reduced axes go last in C order, as the list path reads them; the
    last running sum (``np.cumsum`` adds in order) plus ``0.0`` (the start
    value, which only turns ``-0.0`` into ``0.0``) is the sum.
    """
    moved = _lanes(a, axis)
    shape = moved.shape[:-1]
    if moved.shape[-1] == 0:
        return np.zeros(shape, dtype=a.dtype)
    with np.errstate(all="ignore"):
        return np.cumsum(moved, axis=-1)[..., -1] + 0.0
