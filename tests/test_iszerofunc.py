"""``iszerofunc=``: the caller's zero test, asked only where the sound one cannot decide (SymPy's parameter).

``zeta(3)`` is an element the sound zero test cannot decide (no interval
enclosure, not algebraic): without ``iszerofunc`` elimination raises
``UndecidableError``; with it, the caller's answer decides -- their
responsibility, as the docs say.  A provably zero element never reaches the
caller's function.
"""

from __future__ import annotations

from typing import Any

import pytest
import sympy

import gentensor as gt

Z3 = sympy.zeta(3)
HIDDEN_ZERO = sympy.gamma(sympy.Rational(1, 3)) * sympy.gamma(sympy.Rational(2, 3)) - 2 * sympy.pi / sympy.sqrt(3)


def _matrix(corner: Any) -> gt.Tensor:
    return gt.tensor([[corner, 1], [0, 1]])


@pytest.mark.parametrize("func", ["rank", "rref", "inv", "nullspace", "lu"])
def test_undecided_without_it(func: str) -> None:
    with pytest.raises(gt.UndecidableError, match="zeta"):
        getattr(gt.linalg, func)(_matrix(Z3))


def test_the_callers_answer_decides() -> None:
    x = _matrix(Z3)
    assert gt.linalg.rank(x, iszerofunc=lambda e: False) == 2
    assert gt.linalg.rank(x, iszerofunc=lambda e: True) == 1
    inverse = gt.linalg.inv(x, iszerofunc=lambda e: False)
    assert sympy.Matrix(inverse.tolist()) == sympy.Matrix([[Z3, 1], [0, 1]]).inv()
    solution = gt.linalg.solve(x, gt.tensor([1, 2]), iszerofunc=lambda e: False)
    assert [sympy.simplify(v) for v in solution.tolist()] == [-1 / Z3, 2]


def test_rref_writes_what_the_tests_call_zero_as_zero() -> None:
    reduced, pivots = gt.linalg.rref(_matrix(Z3), iszerofunc=lambda e: True)
    assert reduced.tolist() == [[0, 1], [0, 0]] and pivots == (1,)
    reduced, pivots = gt.linalg.rref(_matrix(Z3), iszerofunc=lambda e: False)
    assert reduced.tolist() == [[1, 0], [0, 1]] and pivots == (0, 1)


def test_none_keeps_it_undecided_and_a_non_callable_is_refused() -> None:
    with pytest.raises(gt.UndecidableError):
        gt.linalg.rank(_matrix(Z3), iszerofunc=lambda e: None)
    with pytest.raises(gt.ArgumentTypeError, match="iszerofunc"):
        gt.linalg.rank(_matrix(Z3), iszerofunc=True)


def test_the_sound_test_runs_first() -> None:
    asked: list[Any] = []

    def never(e: Any) -> bool:
        asked.append(e)
        return False  # wrong for HIDDEN_ZERO: it must never be asked about it

    assert gt.linalg.rank(_matrix(HIDDEN_ZERO), iszerofunc=never) == 1
    reduced, pivots = gt.linalg.rref(_matrix(HIDDEN_ZERO), iszerofunc=never)
    assert reduced.tolist() == [[0, 1], [0, 0]] and pivots == (1,)
    assert HIDDEN_ZERO not in asked


def test_inputs_are_unchanged() -> None:
    x = _matrix(Z3)
    before = x.tolist()
    gt.linalg.rref(x, iszerofunc=lambda e: True)
    gt.linalg.inv(x, iszerofunc=lambda e: False)
    assert x.tolist() == before
