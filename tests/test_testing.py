"""gentensor.testing: the hypothesis strategies draw what they promise."""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given, settings, Phase
from hypothesis import find as _find
from hypothesis import strategies as st
from toyring import Gauss, gaussian

import gentensor as gt
import gentensor.testing as gtt
from gentensor.core.storage import reader
from gentensor.testing import broadcastable_shapes, elements, shapes, tensors

ELEMENT_TYPES = {
    gt.integers: (int,),
    gt.rationals: (Fraction,),
    gt.floats: (float,),
    gt.complexes: (complex,),
    gt.booleans: (bool,),
    gt.objects: (int, Fraction),
    gt.modular(5): (int,),
    gt.symbolic: (sympy.Basic,),
}



def find(strategy, condition):
    """An example of ``strategy`` meeting ``condition`` (hypothesis's ``find`` without its shrink phase).

    These tests ask only that such an example exists; in one full run the shrink phase of ``find``
    spun without end after earlier tests, so it is left out.
    """
    return _find(strategy, condition, settings=settings(phases=[Phase.generate], database=None, max_examples=5000))

def test_not_star_exported() -> None:
    assert "tensors" not in gt.__all__ and not hasattr(gt, "tensors")
    assert gtt.__all__ == ["shapes", "broadcastable_shapes", "elements", "tensors"]


def test_hypothesis_is_imported_only_by_the_testing_module() -> None:
    import subprocess

    code = "import sys, gentensor; print('hypothesis' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


@settings(max_examples=50)
@given(data=st.data(), lo=st.integers(0, 3), extra=st.integers(0, 2), side_lo=st.integers(0, 2), side_extra=st.integers(0, 3))
def test_shapes_respect_bounds(data: st.DataObject, lo: int, extra: int, side_lo: int, side_extra: int) -> None:
    shape = data.draw(shapes(min_dims=lo, max_dims=lo + extra, min_side=side_lo, max_side=side_lo + side_extra))
    assert isinstance(shape, tuple) and lo <= len(shape) <= lo + extra
    assert all(side_lo <= n <= side_lo + side_extra for n in shape)


def test_shapes_reach_their_bounds() -> None:
    assert find(shapes(max_dims=3, max_side=4), lambda s: len(s) == 3 and 4 in s)
    assert find(shapes(), lambda s: 0 in s)


def test_bad_bounds() -> None:
    with pytest.raises(ValueError, match="min_dims"):
        shapes(min_dims=3, max_dims=1)
    with pytest.raises(ValueError, match="min_side"):
        broadcastable_shapes((2,), min_side=5, max_side=1)


@settings(max_examples=60)
@given(data=st.data(), base=shapes(max_dims=4, max_side=4))
def test_broadcastable_shapes_broadcast_with_numpy(data: st.DataObject, base: tuple[int, ...]) -> None:
    other = data.draw(broadcastable_shapes(base))
    assert len(other) <= len(base) + 2
    expected = np.broadcast_shapes(base, other)  # raises if they do not broadcast
    a = gt.broadcast_to(gt.zeros(base), expected)
    b = gt.broadcast_to(gt.zeros(other), expected)
    assert a.shape == b.shape == expected


def test_broadcastable_shapes_vary() -> None:
    assert find(broadcastable_shapes((3, 4)), lambda s: s[-2:] == (1, 4))
    assert find(broadcastable_shapes((3, 1)), lambda s: len(s) == 4 and s[-1] > 1)


@pytest.mark.parametrize("ops", list(ELEMENT_TYPES), ids=lambda o: o.name)
@settings(max_examples=30)
@given(data=st.data())
def test_elements_belong_to_the_ops(ops: Any, data: st.DataObject) -> None:
    v = data.draw(elements(ops))
    assert isinstance(v, ELEMENT_TYPES[ops])
    if ops is gt.floats or ops is gt.complexes:
        assert all(math.isfinite(p) for p in (v.real, v.imag))
    if ops is gt.modular(5):
        assert 0 <= v < 5
    assert ops.equal(ops.convert(v), v)


@settings(max_examples=30)
@given(v=elements(gt.rationals, min_value=-1, max_value=Fraction(1, 2)), w=elements(int, min_value=3, max_value=4))
def test_element_bounds(v: Fraction, w: int) -> None:
    assert -1 <= v <= Fraction(1, 2) and w in (3, 4)


def test_elements_by_name_and_errors() -> None:
    assert find(elements("mod:3"), lambda v: v == 2) == 2
    with pytest.raises(TypeError, match="no built-in strategy for the ops gaussian"):
        elements(gaussian)
    with pytest.raises(TypeError, match="min_value/max_value"):
        elements(gt.booleans, min_value=0)


@pytest.mark.parametrize("ops", list(ELEMENT_TYPES), ids=lambda o: o.name)
@settings(max_examples=20)
@given(data=st.data())
def test_tensors_have_the_ops_and_shape(ops: Any, data: st.DataObject) -> None:
    shape = data.draw(shapes(max_side=3))
    x = data.draw(tensors(ops=ops, shape=shape))
    assert isinstance(x, gt.Tensor) and x.ops is ops and x.shape == shape
    assert x.base is None and x.is_contiguous
    assert all(isinstance(v, ELEMENT_TYPES[ops]) for v in x._elements())


@settings(max_examples=60)
@given(data=st.data())
def test_views_read_their_base(data: st.DataObject) -> None:
    shape = data.draw(shapes(max_dims=3, max_side=4))
    x = data.draw(tensors(ops=gt.integers, shape=shape, views=True))
    assert x.shape == shape
    if x.base is not None:
        assert gt.shares_memory(x, x.base) or x.size == 0
        # oracle: every element sits where the layout says in the base's storage
        storage, offset = reader(x._store), x._layout.offset
        for idx in np.ndindex(*shape):
            assert x[idx] == storage[offset + sum(i * s for i, s in zip(idx, x.strides))]


def test_views_are_really_strided() -> None:
    strategy = tensors(ops=gt.integers, shape=(3, 4), views=True)
    assert find(strategy, lambda x: not x.is_contiguous and any(s < 0 for s in x.strides)).shape == (3, 4)
    assert find(strategy, lambda x: x.strides[0] < x.strides[1]).base is not None  # transposed
    assert find(tensors(ops=gt.integers, shape=(), views=True), lambda x: True).shape == ()


def test_user_ring_needs_elements() -> None:
    with pytest.raises(TypeError, match="pass tensors"):
        tensors(ops=gaussian)
    gauss = st.builds(Gauss, st.integers(-3, 3), st.integers(-3, 3))
    x = find(tensors(ops=gaussian, shape=(2, 2), elements=gauss), lambda x: x[0, 0].im != 0)
    assert x.ops is gaussian and isinstance(x[1, 1], Gauss)


def test_shape_forms() -> None:
    assert find(tensors(shape=3), lambda x: True).shape == (3,)
    assert find(tensors(shape=st.sampled_from([(1, 2), (2, 1)])), lambda x: x.shape == (2, 1)).shape == (2, 1)
    assert find(tensors(), lambda x: x.ndim == 2).ndim == 2
