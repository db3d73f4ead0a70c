"""Comparing a result computed on tensors with the same computation on NumPy arrays.

``plain`` turns either side (tensors, arrays, NumPy scalars, tuples of them)
into nested Python lists; ``assert_agree`` compares them: exactly where
NumPy's value is an integer or a bool, to rounding otherwise (NaN agrees with
NaN); ``exact`` says whether a result holds only exact numbers.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import gentensor as gt


def plain(value: Any) -> Any:
    """Nested Python lists (and scalars) of a result on either side."""
    if isinstance(value, (gt.Tensor, np.ndarray, np.generic)):
        return value.tolist()
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    return value


def assert_agree(got: Any, want: Any, where: str = "$") -> None:
    """``got`` (gentensor's, plain) agrees with ``want`` (NumPy's, plain), element by element."""
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (where, got, want)
        for k, (g, w) in enumerate(zip(got, want)):
            assert_agree(g, w, f"{where}[{k}]")
        return
    if isinstance(want, (bool, int)):
        assert not isinstance(got, float) and got == want, (where, got, want)
        return
    if isinstance(want, complex) or isinstance(got, complex):
        assert complex(got) == pytest.approx(complex(want), rel=1e-12, abs=1e-12), (where, got, want)
        return
    if math.isnan(want):
        assert math.isnan(float(got)), (where, got, want)
        return
    assert float(got) == pytest.approx(want, rel=1e-12, abs=1e-12), (where, got, want)


def exact(value: Any) -> bool:
    """True when a plain result holds only exact numbers (ints, bools, Fractions, SymPy numbers)."""
    if isinstance(value, list):
        return all(exact(v) for v in value)
    return isinstance(value, (bool, int, Fraction)) or getattr(value, "is_number", False) is True
