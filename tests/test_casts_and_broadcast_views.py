"""Reductions over broadcast views, casts to bool, floats read from text, and loads that pack: against NumPy and float().

A broadcast view has stride 0 along its repeated axes; the reductions' list
path once sliced storage with that stride (``ValueError: slice step cannot
be zero``).  ``x.astype(bool)`` follows NumPy (zero is False, anything else,
NaN included, True), and ``floats.parse`` reads what ``float()`` reads.
"""

from __future__ import annotations

import io
import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.ops._packing import PACKING_DISABLED

REDUCTIONS = ["sum", "prod", "max", "min", "cumulative_sum", "cumulative_prod", "any", "all", "argmax", "argmin"]
NUMPY = {"cumulative_sum": "cumsum", "cumulative_prod": "cumprod"}


def _numpy(name: str, a: np.ndarray, axis: Any) -> Any:
    return getattr(np, NUMPY.get(name, name))(a, axis=axis)


def _plain(v: Any) -> Any:
    return v.tolist() if hasattr(v, "tolist") else v


@pytest.mark.parametrize("packed", [True, False], ids=["packed", "lists"])
@pytest.mark.parametrize("ops", [gt.integers, gt.rationals, gt.objects, gt.floats], ids=str)
@settings(max_examples=30, deadline=None)
@given(
    source=st.lists(st.integers(-5, 5), min_size=1, max_size=3),
    rows=st.integers(1, 3),
    column=st.booleans(),
    name=st.sampled_from(REDUCTIONS),
    axis=st.sampled_from([None, 0, 1, -1]),
)
def test_reductions_of_broadcast_views_match_numpy(packed, ops, source, rows, column, name, axis):
    base = np.array(source, dtype=object)
    if column:  # a column repeated along axis 1, else a row repeated along axis 0
        base = base.reshape(-1, 1)
        shape = (len(source), rows)
    else:
        shape = (rows, len(source))
    want_array = np.broadcast_to(base, shape)
    start = gt.tensor(base.tolist(), ops=ops)
    if not packed:  # the same elements in list storage
        start = gt.Tensor._from_flat(start._elements(), start.shape, ops)
    assert (start._store.packing is not None) == (packed and ops.packing is not None and not PACKING_DISABLED)
    x = gt.broadcast_to(start, shape)
    if name.startswith("cumulative") and axis is None:
        x, want_array, axis = gt.reshape(x, (-1,)), want_array.reshape(-1), 0
    got = getattr(gt, name)(x, axis=axis)
    want = _numpy(name, want_array, axis)
    assert _plain(got) == _plain(want)
    assert _plain(got) == _plain(getattr(gt, name)(x.copy(), axis=axis))  # the same as the contiguous copy


def test_the_reported_broadcast_sum():
    b = gt.broadcast_to(gt.tensor([1, 3], ops=gt.rationals), (2, 2))
    assert gt.sum(b, axis=1).tolist() == np.sum(np.broadcast_to(np.array([1, 3]), (2, 2)), axis=1).tolist()
    assert gt.sum(gt.broadcast_to(gt.tensor([1, 3]), (2, 2)), axis=1).tolist() == [4, 4]
    three = gt.broadcast_to(gt.tensor([[1], [2]], ops=gt.objects), (2, 2, 3))  # two stride-0 axes merged
    assert gt.sum(three, axis=(0, 1)).tolist() == np.sum(np.broadcast_to(np.array([[1], [2]]), (2, 2, 3)), axis=(0, 1)).tolist()


# -- casts to bool --------------------------------------------------------------------------------------------


@given(st.lists(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.0, -0.0, 1.5])), max_size=8))
def test_a_cast_of_floats_to_bool_is_numpys(values):
    x = gt.tensor(values, ops=gt.floats)
    want = np.array(values, dtype=float).astype(bool).tolist()
    assert x.astype(gt.booleans).tolist() == want
    assert gt.astype(x, gt.bool).tolist() == want
    assert x.tolist() == gt.tensor(values, ops=gt.floats).tolist() or any(map(math.isnan, values))  # unchanged


@pytest.mark.parametrize(
    "ops, values",
    [
        (gt.integers, [0, 2, -3, 10**40]),
        (gt.rationals, [Fraction(1, 3), Fraction(0), Fraction(-5, 2)]),
        (gt.complexes, [0j, 1j, complex("nan")]),
        (gt.modular(3), [0, 3, 4]),
        (gt.objects, [0, 1.5, Fraction(0)]),
    ],
    ids=str,
)
def test_a_cast_to_bool_is_nonzero(ops, values):
    x = gt.tensor(values, ops=ops)
    want = np.array([ops.convert(v) for v in values], dtype=object).astype(bool).tolist()
    assert x.astype(gt.booleans).tolist() == want
    assert x.T.astype(gt.bool).shape == x.shape


def test_a_cast_of_symbolic_elements_to_bool_uses_the_zero_test():
    hidden = sympy.atan(sympy.Rational(1, 2)) + sympy.atan(sympy.Rational(1, 3)) - sympy.pi / 4
    x = gt.tensor([sympy.sqrt(2), hidden, sympy.sqrt(8) - 2 * sympy.sqrt(2) + 1], ops=gt.symbolic)
    assert x.astype(gt.booleans).tolist() == [True, False, True]
    with pytest.raises(gt.UndecidableError):
        gt.tensor([sympy.zeta(3) - sympy.Rational(6, 5)], ops=gt.symbolic).astype(gt.booleans)


def test_booleans_still_refuse_non_booleans_as_elements():
    with pytest.raises(gt.ArgumentTypeError, match=r"<an integer of 16610 bits>"):
        gt.tensor([10**5000], ops=gt.booleans)  # the message describes the number, never writes it


# -- floats read from text --------------------------------------------------------------------------------------

SPECIAL = ["inf", "-inf", "+inf", "Infinity", "-INFINITY", "nan", "-nan", "NaN", " inf ", "1e400", "-1e400", "1e-400", "0.1", "-2.5e-3", "7"]


@pytest.mark.parametrize("text", SPECIAL)
def test_floats_parse_what_float_reads(text):
    got, want = gt.floats.parse(text), float(text)
    assert type(got) is float and (got == want or (math.isnan(got) and math.isnan(want)))
    assert math.copysign(1, got) == math.copysign(1, want) or math.isnan(want)
    c = gt.complexes.parse(text)
    assert type(c) is complex and (c == complex(want) or math.isnan(c.real))


@given(st.floats(allow_nan=False))
def test_floats_parse_their_own_repr(v):
    assert gt.floats.parse(repr(v)) == v


def test_floats_parse_exact_values_and_refuse_words():
    assert gt.floats.parse("1/3") == 1 / 3 and gt.complexes.parse("2 + 3*I") == 2 + 3j
    for bad in ("--inf", "infinite", "in f"):
        with pytest.raises(gt.GentensorError):
            gt.floats.parse(bad)


def test_a_number_too_large_for_a_float_is_an_error_of_the_tree():
    for call in (lambda: gt.tensor([10**400], ops=gt.floats), lambda: gt.tensor([10**400]).astype(gt.floats),
                 lambda: gt.tensor([Fraction(10**400, 3)], ops=gt.complexes)):  # fmt: skip
        with pytest.raises(gt.ArgumentValueError, match="too large for a float") as info:
            call()
        assert len(str(info.value)) < 300


# -- loads pack eagerly -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "x, packs",
    [
        (gt.arange(6).reshape(2, 3), True),
        (gt.tensor([2**70, 1]), False),
        (gt.tensor([True, False]), True),
        (gt.tensor([1.5, -0.0]), True),
        (gt.tensor([1, 6], ops=gt.modular(7)), True),
        (gt.tensor([1, 2], ops=gt.rationals), False),
    ],
    ids=str,
)
def test_a_load_packs_what_packs(x, packs):
    buffer = io.BytesIO()
    gt.save(buffer, x)
    buffer.seek(0)
    y = gt.load(buffer)
    assert y.ops is x.ops and y.shape == x.shape and y.tolist() == x.tolist()
    assert (y._store.packing is not None) == packs
