"""Every new function on every built-in ops and the toy ring: a right answer, or a clear DomainError.

The expected outcome is read from the ops' capabilities (ordered, exact,
kind), never from which ops it is, so this table is the contract a user ring
with the same capabilities gets too.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

import pytest
import sympy

import gentensor as gt
from toyring import Gauss, gaussian

#: (ops, three elements, Python values to compare with -- or None where the elements are not numbers)
RINGS = [
    (gt.booleans, [True, False, True]),
    (gt.integers, [3, -1, 2]),
    (gt.rationals, [Fraction(1, 2), Fraction(-3), Fraction(2)]),
    (gt.floats, [0.5, -3.0, 2.0]),
    (gt.complexes, [1j, 2 + 0j, -1 + 0j]),
    (gt.symbolic, [sympy.Rational(1, 2), sympy.Integer(-3), sympy.sqrt(2)]),
    (gt.objects, [3, -1, 2]),
    (gt.modular(7), [3, 6, 2]),
    (gaussian, [Gauss(1, 1), Gauss(0, 0), Gauss(2, -1)]),
]
IDS = [str(ops) for ops, _ in RINGS]


def _ordered(ops: Any) -> bool:
    caps = ops.capabilities
    return caps.ordered or caps.kind == "symbolic"


def _outcome(call: Callable[[], Any], expected_ok: bool) -> Any:
    if expected_ok:
        return call()
    with pytest.raises(gt.DomainError):
        call()
    return None


@pytest.mark.parametrize("ops, values", RINGS, ids=IDS)
def test_ordering_functions_follow_the_order_capability(ops: Any, values: list[Any]) -> None:
    x = gt.tensor(values, ops=ops)
    ok = _ordered(ops)
    s = _outcome(lambda: gt.sort(x), ok)
    if ok:
        lt = ops.lt
        got = s.tolist()
        assert all(not lt(got[k + 1], got[k]) for k in range(len(got) - 1))
        assert gt.take(x, gt.argsort(x)).tolist() == got
        top = values[gt.argmax(x)]
        assert all(not lt(top, v) for v in values)
        assert gt.searchsorted(s, s).tolist() == [got.index(v) for v in got]
    for f in (gt.argsort, gt.argmax, gt.argmin, lambda t: gt.maximum(t, t), lambda t: gt.clip(t, values[0], None)):
        _outcome(lambda: f(x), ok)


@pytest.mark.parametrize("ops, values", RINGS, ids=IDS)
def test_zero_tests_and_sets_work_everywhere(ops: Any, values: list[Any]) -> None:
    x = gt.tensor(values + values[:1], ops=ops)
    nz = [not ops.is_zero(v) for v in values + values[:1]]
    assert gt.count_nonzero(x) == sum(nz)
    assert gt.flatnonzero(x).tolist() == [k for k, b in enumerate(nz) if b]
    assert gt.logical_not(x).tolist() == [not b for b in nz]
    u = gt.unique_counts(x)
    distinct: list[Any] = []
    for v in values:
        if not any(ops.equal(v, d) for d in distinct):
            distinct.append(v)
    assert sum(u.counts.tolist()) == 4 and u.values.size == len(distinct)
    assert all(any(ops.equal(v, d) for d in distinct) for v in u.values.tolist())
    r = gt.unique_inverse(x)
    assert all(ops.equal(a, b) for a, b in zip(gt.take(r.values, r.inverse_indices).tolist(), x.tolist()))


@pytest.mark.parametrize("ops, values", RINGS, ids=IDS)
def test_nan_tests_follow_exactness(ops: Any, values: list[Any]) -> None:
    x = gt.tensor(values, ops=ops)
    caps = ops.capabilities
    if caps.exact:
        assert gt.isnan(x).tolist() == [False] * 3 and gt.isfinite(x).tolist() == [True] * 3
    elif caps.kind in ("real floating", "complex floating"):
        assert gt.isnan(x).tolist() == [False] * 3
    else:  # objects: no table, not exact: no way to know
        with pytest.raises(gt.DomainError):
            gt.isinf(x)


@pytest.mark.parametrize("ops, values", RINGS, ids=IDS)
def test_square_roots_of_squares(ops: Any, values: list[Any]) -> None:
    x = gt.tensor(values, ops=ops)
    kind = ops.capabilities.kind
    if kind in ("integer", "rational", "bool"):
        assert gt.sqrt(x * x).tolist() == [abs(v) for v in gt.tensor(values, ops=ops).astype(gt.rationals if kind == "rational" else gt.integers).tolist()]
    elif kind in ("real floating", "complex floating", "symbolic"):
        assert gt.sqrt(x).ops is ops
    else:
        with pytest.raises(gt.DomainError):
            gt.sqrt(x)


@pytest.mark.parametrize("ops, values", RINGS, ids=IDS)
def test_bitwise_only_for_integers_and_booleans(ops: Any, values: list[Any]) -> None:
    x = gt.tensor(values, ops=ops)
    if ops.capabilities.kind in ("integer", "bool"):
        assert (x & x).tolist() == x.tolist()
    else:
        with pytest.raises(gt.DomainError):
            x & x
