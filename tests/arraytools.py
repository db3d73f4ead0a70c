"""Shared helpers of the Array API tests: random shaped data, the same data as a NumPy object array.

``shaped(elements)`` draws ``(values, shape)`` with shapes of 0 to 3 axes
(0-d and empty included); ``gt_of`` and ``np_of`` build the tensor and the
NumPy object-array oracle of the same values.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import gentensor as gt

SMALL_INTS = st.integers(-20, 20)
BIG_INTS = st.integers(-(10**30), 10**30)
FRACTIONS = st.fractions(min_value=-20, max_value=20, max_denominator=12)
FLOATS = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False, width=64)
SPECIAL_FLOATS = st.sampled_from([0.0, -0.0, 1.0, -1.0, 0.5, 2.0, math.inf, -math.inf, math.nan, 1e308, -1e308])


@st.composite
def shaped(draw: Any, elements: Any, *, min_dims: int = 0, max_dims: int = 3, min_side: int = 0, max_side: int = 4) -> tuple[list[Any], tuple[int, ...]]:
    """``(values, shape)``: a random shape and that many elements."""
    shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side))
    n = math.prod(shape)
    values = draw(st.lists(elements, min_size=n, max_size=n))
    return values, tuple(shape)


def gt_of(values: list[Any], shape: tuple[int, ...], ops: Any = None) -> gt.Tensor:
    """A tensor of ``values`` (C order) and ``shape``."""
    return gt.reshape(gt.tensor(values, ops=ops) if values else gt.zeros(0, ops=ops or gt.integers), shape)


def np_of(values: list[Any], shape: tuple[int, ...], dtype: Any = object) -> np.ndarray:
    """The NumPy array of ``values`` (C order) and ``shape``; object dtype keeps Python numbers exact."""
    arr = np.empty(len(values), dtype=dtype)
    for i, v in enumerate(values):
        arr[i] = v
    return arr.reshape(shape)


def flat(x: Any) -> list[Any]:
    """A tensor's (or an element's, or an ndarray's) elements in C order."""
    if isinstance(x, gt.Tensor):
        return x.reshape(-1).tolist()
    if isinstance(x, np.ndarray):
        return x.reshape(-1).tolist()
    return [x]


def same_floats(a: list[Any], b: list[Any], rel: float = 1e-12) -> bool:
    """Element-wise equal floats (complex too): NaN matches NaN, infinities match by sign, others within ``rel``."""
    if len(a) != len(b):
        return False
    for u, v in zip(a, b):
        u, v = complex(u), complex(v)
        for p, q in ((u.real, v.real), (u.imag, v.imag)):
            if math.isnan(p) or math.isnan(q):
                if not (math.isnan(p) and math.isnan(q)):
                    return False
            elif math.isinf(p) or math.isinf(q):
                if p != q:
                    return False
            elif not math.isclose(p, q, rel_tol=rel, abs_tol=rel):
                return False
    return True


def fractions_of(values: list[Any]) -> list[Fraction]:
    return [Fraction(v) for v in values]
