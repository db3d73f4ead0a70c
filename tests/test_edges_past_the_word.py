"""Steps, offsets and counts past a machine word: the answer of Python's own ranges and slices, never a leaked
``ValueError``/``OverflowError`` from NumPy, never a loop that runs on after the result is empty.

Oracles: Python list slicing and ``range``, NumPy's ``tri`` with the offset
clamped to the matrix, NumPy's ``diff``.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from tests.guards import time_box

_HUGE = st.sampled_from([2**60, 2**63 - 1, 2**63, 2**64, 2**70])


@settings(max_examples=80, deadline=None)
@given(values=st.lists(st.integers(-5, 5), min_size=0, max_size=6), start=st.none() | st.integers(-8, 8), huge=_HUGE,
       sign=st.sampled_from([1, -1]), floats=st.booleans())
def test_slices_with_huge_steps_are_python_slices(values, start, huge, sign, floats):
    data = [float(v) for v in values] if floats else values
    key = slice(start, None, sign * huge)
    assert gt.tensor(data)[key].tolist() == data[key]
    assert gt.tensor([data, data])[:, key].tolist() == [data[key], data[key]]
    x, expected = gt.tensor(data), list(data)
    picked = len(expected[key])
    x[key] = [9] * picked
    expected[key] = [9] * picked
    assert x.tolist() == expected


@pytest.mark.parametrize("start, stop, step", [(0, 5, 2**63), (5, 0, -(2**63) - 1), (0, 2**64, 2**63), (-3, 2**70, 2**70)])
def test_arange_with_a_step_past_the_word_is_range(start, stop, step):
    assert gt.arange(start, stop, step).tolist() == list(range(start, stop, step))


@pytest.mark.parametrize("k", [-(2**63) - 1, -(2**63), -4, -1, 0, 2, 5, 2**63, 2**70])
@pytest.mark.parametrize("shape", [(3, 3), (2, 4), (2, 3, 2)])
def test_tril_and_triu_with_any_offset_are_numpys(k, shape):
    a = np.arange(int(np.prod(shape))).reshape(shape) + 1
    m, n = shape[-2:]
    clamped = max(-m - 1, min(k, n + 1))
    for packed in (gt.tensor(a), gt.tensor(a.tolist(), ops=gt.rationals)):
        assert gt.tril(packed, k=k).tolist() == np.tril(a, clamped).tolist()
        assert gt.triu(packed, k=k).tolist() == np.triu(a, clamped).tolist()


def test_diff_past_the_length_ends_at_once():
    with time_box(10):
        for shape, axis in (((3,), -1), ((1, 3), 0), ((2, 0), 1)):
            a = np.arange(int(np.prod(shape))).reshape(shape)
            got = gt.diff(gt.tensor(a), n=10**9, axis=axis)
            assert got.shape == np.diff(a, n=max(a.shape[axis], 1), axis=axis).shape and got.size == 0


def test_round_with_decimals_past_the_digit_limit_is_refused():
    with time_box(10):
        for x in (gt.tensor([15]), gt.tensor([1, 2]) / 3, gt.tensor([1.25])):
            for decimals in (2**64, -(2**64)):
                with pytest.raises(gt.LimitError, match="max_digits"):
                    gt.round(x, decimals=decimals)
    assert gt.round(gt.tensor([1, 2]) / 3, decimals=3).tolist() == [round(Fraction(1, 3), 3), round(Fraction(2, 3), 3)]
