"""Display: NumPy's layout (alignment, wrapping, summarisation), printoptions, robustness."""

from __future__ import annotations

import threading
from fractions import Fraction
from math import prod

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from tests.toyring import Gauss, GaussOps


def numpy_style_repr(a: np.ndarray, name: str, threshold: int = 1000, linewidth: int = 75) -> str:
    """What NumPy's array_repr would print with our prefix and suffix (the body is NumPy's own)."""
    body = np.array2string(
        a, separator=", ", prefix="tensor(", suffix=")", threshold=threshold, max_line_width=linewidth
    )
    text = "tensor(" + body + ","
    extras = ", ".join(([f"shape={a.shape}"] if a.size > threshold else []) + [f"ops={name}"]) + ")"
    last = len(text) - (text.rfind("\n") + 1)
    spacer = " " if last + len(extras) + 1 <= linewidth else "\n" + " " * len("tensor(")
    return text + spacer + extras


int_tensors = st.lists(st.integers(1, 7), min_size=1, max_size=4).map(tuple).flatmap(
    lambda shape: st.tuples(
        st.just(shape),
        st.lists(
            st.integers(-(10**6), 10**6) | st.integers(-9, 9),
            min_size=prod(shape),
            max_size=prod(shape),
        ),
    )
)


@settings(max_examples=150)
@given(int_tensors, st.integers(10, 400), st.integers(30, 120), st.integers(1, 3))
def test_repr_and_str_match_numpy_layout(case, threshold, linewidth, edgeitems):
    shape, values = case
    a = np.array(values, dtype=np.int64).reshape(shape)
    x = gt.tensor(values).reshape(shape)
    with gt.printoptions(threshold=threshold, linewidth=linewidth, edgeitems=edgeitems):
        with np.printoptions(threshold=threshold, linewidth=linewidth, edgeitems=edgeitems):
            assert str(x) == str(a)
            expected = numpy_style_repr(a, "integers", threshold, linewidth)
            assert repr(x) == expected


def test_repr_of_views_shows_the_view():
    x = gt.arange(12).reshape((3, 4))
    a = np.arange(12).reshape((3, 4))
    for view, av in ((x.T, a.T), (x[::-1, 1::2], a[::-1, 1::2]), (gt.broadcast_to(x[0], (2, 4)), np.broadcast_to(a[0], (2, 4)))):
        assert str(view) == str(av)
        assert repr(view) == numpy_style_repr(np.ascontiguousarray(av), "integers")


def test_small_cases():
    assert repr(gt.tensor(5)) == "tensor(5, ops=integers)"
    assert str(gt.tensor(5)) == "5"
    assert repr(gt.tensor([])) == "tensor([], ops=integers)"
    assert repr(gt.zeros((2, 0))) == "tensor([], shape=(2, 0), ops=integers)"
    assert repr(gt.zeros((0, 3), ops=gt.rationals)) == "tensor([], shape=(0, 3), ops=rationals)"
    assert str(gt.zeros((2, 0))) == "[]"
    assert repr(gt.tensor([[1, 2], [3, 4]])) == "tensor([[1, 2],\n        [3, 4]], ops=integers)"
    assert str(gt.tensor([[1, 22], [333, 4]])) == "[[  1  22]\n [333   4]]"
    assert repr(gt.tensor([Fraction(1, 2), 3])) == "tensor([1/2,   3], ops=rationals)"
    assert repr(gt.tensor([0.5, 1.0])) == "tensor([0.5, 1.0], ops=floats)"
    assert repr(gt.tensor([1j])) == "tensor([1j], ops=complexes)"
    assert repr(gt.tensor([True, False])) == "tensor([ True, False], ops=booleans)"
    assert repr(gt.tensor([3, 9], ops=gt.modular(7))) == "tensor([3, 2], ops=modular(7))"
    y = sympy.Symbol("y")
    assert repr(gt.tensor([y**2, 1])) == "tensor([y**2,    1], ops=symbolic)"
    assert repr(gt.tensor([Gauss(1, 2), Gauss(0, -1)])) == "tensor([1+2i,  -1i], ops=gaussian)"
    assert repr(gt.tensor(["a", "bb"], ops=gt.objects)) == "tensor([ a, bb], ops=objects)"
    assert repr(gt.tensor([1, 2]).reshape((1, 1, 2))) == "tensor([[[1, 2]]], ops=integers)"


def test_a_huge_tensor_formats_only_the_shown_elements():
    calls = []

    class CountingOps(GaussOps):
        name = "counting"

        def format(self, a):
            calls.append(a)
            return super().format(a)

    ops = CountingOps()
    x = gt.full((1000, 1000), Gauss(1, 1), ops=ops)
    text = repr(x)
    assert "..." in text and "shape=(1000, 1000)" in text and "ops=counting" in text
    assert len(calls) <= 36  # 6 shown rows x 6 shown columns
    lines = text.splitlines()
    assert len(lines) == 8 and lines[-1] == "       shape=(1000, 1000), ops=counting)"  # no room on the last row
    calls.clear()
    s = str(gt.broadcast_to(x[0], (100, 100, 1000)))  # 10^7 elements through stride 0
    assert "..." in s and len(calls) <= 6**3


def test_printoptions_is_a_context_manager_restoring_state():
    default = gt.get_printoptions()
    x = gt.arange(20)
    with gt.printoptions(threshold=5, edgeitems=1) as opts:
        assert opts.threshold == 5 and opts.edgeitems == 1 and gt.get_printoptions() == opts
        assert repr(x) == "tensor([ 0, ..., 19], shape=(20,), ops=integers)"
        with gt.printoptions(edgeitems=2):
            assert gt.get_printoptions().threshold == 5  # nested blocks keep the outer settings
            assert str(x) == "[ 0  1 ... 18 19]"
        assert gt.get_printoptions().edgeitems == 1
    assert gt.get_printoptions() == default
    with pytest.raises(RuntimeError):
        with gt.printoptions(threshold=1):
            raise RuntimeError("inside")
    assert gt.get_printoptions() == default
    assert "..." not in repr(x)


@pytest.mark.parametrize("bad", [{"threshold": -1}, {"edgeitems": 1.5}, {"linewidth": "80"}, {"threshold": True}])
def test_printoptions_rejects_bad_values(bad):
    before = gt.get_printoptions()
    with pytest.raises(ValueError, match=rf"printoptions: {next(iter(bad))} must be a non-negative int"):
        with gt.printoptions(**bad):
            pass
    assert gt.get_printoptions() == before


def test_printoptions_are_isolated_across_threads():
    seen = {}
    inside = threading.Event()
    release = threading.Event()

    def other():
        inside.wait()
        seen["other"] = gt.get_printoptions().threshold
        with gt.printoptions(threshold=7):
            seen["other inside"] = gt.get_printoptions().threshold
        release.set()

    t = threading.Thread(target=other)
    t.start()
    with gt.printoptions(threshold=3):
        inside.set()
        release.wait(10)
        seen["main"] = gt.get_printoptions().threshold
    t.join()
    assert seen == {"other": 1000, "other inside": 7, "main": 3}


def test_a_failing_format_falls_back_to_repr():
    class Broken(GaussOps):
        name = "broken"

        def format(self, a):
            raise RuntimeError("no format")

    x = gt.tensor([Gauss(1, 2), Gauss(3, 4)], ops=Broken())
    assert repr(x) == "tensor([Gauss(1, 2), Gauss(3, 4)], ops=broken)"
    assert str(x[0:1]) == "[Gauss(1, 2)]"

    class NoRepr:
        def __repr__(self):
            raise RuntimeError("no repr")

        def __str__(self):
            raise RuntimeError("no str")

    y = gt.tensor([NoRepr()], ops=gt.objects)
    assert repr(y) == "tensor([<NoRepr>], ops=objects)"


def test_display_of_zero_d_for_every_ops():
    for value, text in ((Fraction(1, 3), "1/3"), (Gauss(0, 2), "2i"), (sympy.Symbol("t"), "t"), (2.5, "2.5")):
        t = gt.tensor(value)
        assert repr(t) == f"tensor({text}, ops={t.ops.name})" and str(t) == text
