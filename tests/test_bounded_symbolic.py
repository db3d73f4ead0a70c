"""Symbolic inputs that once hung: no integer past ``max_modulus_bits`` is factored, ``exp(n)`` obeys ``max_exponent``.

* ``sin(pi/q)`` with a 200-bit ``q``: the degree bound of the zero test took
  ``totient(4*q)``, factoring ``q`` (minutes).
* ``exp(100000)`` is SymPy's ``E**100000``, which the parser refuses, yet it
  was accepted, and SymPy's polynomial code then worked with a polynomial of
  degree 100000 in ``E``.
* the eigenvalues of ``[[N, 1], [2, 3]]`` with a 5000-digit ``N``: the
  quadratic formula took the square root of a 33 000-bit discriminant, which
  SymPy factors (minutes, in one primality test no time budget stops).

A guard (`no_factoring_past_the_limit`) makes SymPy's ``factorint`` raise on
an integer past ``max_modulus_bits``, so a regression fails at once instead of
hanging; a time box stops anything else that would.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
import sympy

import gentensor as gt
from tests.guards import time_box
from gentensor.ops._zerotools import _ALGEBRAIC_DEGREE, _degree_bound

ROOT = Path(__file__).resolve().parent.parent
BOX = 20.0  # seconds before a call is stopped as a hang; each input here takes well under 2 s
Q = sympy.Integer(3213876088517980551083924185487283336189331657515992206038949)  # 202 bits, its factors unknown to trial division
N = 10**4999 + 7  # 5000 digits: well under max_digits, past max_modulus_bits once squared
x = sympy.Symbol("x")


class Factoring(BaseException):
    """SymPy asked to factor an integer past max_modulus_bits (a BaseException: nothing in the library swallows it)."""






@pytest.fixture
def no_factoring_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``sympy.factorint`` (behind ``totient``, ``Integer**(1/2)``, ``Rational**(1/k)``) refusing huge integers."""
    import sympy.functions.combinatorial.numbers as numbers_module  # totient
    import sympy.ntheory.factor_ as factor_module  # factorrat, behind Integer.factors and roots of numbers

    original = factor_module.factorint

    def guarded(n: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(n, (int, sympy.Integer)) and abs(int(n)).bit_length() > gt.get_limits().max_modulus_bits:
            raise Factoring(f"factorint of an integer of {abs(int(n)).bit_length()} bits")
        return original(n, *args, **kwargs)

    for module in (factor_module, numbers_module):
        assert module.factorint is original
        monkeypatch.setattr(module, "factorint", guarded)
    with time_box(BOX):
        yield


def run_cli(tmp_path: Path, command: str, text: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "m.txt"
    path.write_text(text)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "gentensor", command, str(path)], capture_output=True, text=True, timeout=BOX, env=env)
    assert time.monotonic() - start < BOX
    return proc


# -- 1. sin(pi/q): the degree bound does not factor q ------------------------------------------------------------


def test_degree_bound_of_a_huge_cyclotomic_order_is_not_factored(no_factoring_past_the_limit):
    with gt.limits(max_modulus_bits=64):  # the guard refuses factoring anything past 64 bits
        bound = _degree_bound(sympy.sin(sympy.pi / Q), sympy)
        assert bound is not None and bound > _ALGEBRAIC_DEGREE  # past the bound: the minimal polynomial is not tried
        assert _degree_bound(sympy.cos(3 * sympy.pi / Q) + sympy.sqrt(2), sympy) > _ALGEBRAIC_DEGREE
        assert _degree_bound(sympy.exp(sympy.I * sympy.pi / Q), sympy) > _ALGEBRAIC_DEGREE
    # Small orders keep their exact totient: Q(sqrt(2), sin(pi/7)) has degree at most 2 * totient(28) = 24.
    assert _degree_bound(sympy.sqrt(2) + sympy.sin(sympy.pi / 7), sympy) == 24


def test_det_rank_and_zero_test_of_sin_pi_over_a_huge_q(no_factoring_past_the_limit):
    s = sympy.sin(sympy.pi / Q)
    with gt.limits(max_modulus_bits=64):
        assert gt.linalg.det(gt.tensor([[s]], ops=gt.symbolic)) == s
        assert gt.linalg.rank(gt.tensor([[s, 1], [1, s]], ops=gt.symbolic)) == 2
        assert gt.symbolic.zero_test(s).verdict == "nonzero"
        assert gt.symbolic.zero_test(sympy.sin(sympy.pi / Q) ** 2 + sympy.cos(sympy.pi / Q) ** 2 - 1).verdict == "zero"


def test_cli_det_of_sin_pi_over_a_huge_q(tmp_path):
    proc = run_cli(tmp_path, "det", f"sin(pi/{Q})\n")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == f"sin(pi/{Q})"


# -- 2. exp(n) is E**n: held to max_exponent at input --------------------------------------------------------------


@pytest.mark.parametrize(
    "e",
    [
        sympy.exp(100000),
        sympy.E**100000,  # the same expression
        sympy.exp(sympy.Rational(100001, 3)),  # exp(1/3)**100001 to SymPy's polynomials
        sympy.exp(100000 * x),
        sympy.exp(x - 100000),
        sympy.exp(sympy.Integer(10) ** 9),
    ],
    ids=["exp(100000)", "E**100000", "exp(100001/3)", "exp(100000*x)", "exp(x-100000)", "exp(10**9)"],
)
def test_exp_of_a_large_number_is_refused_like_a_power_of_E(e):
    with time_box(BOX), pytest.raises(gt.LimitError, match=r"is larger than max_exponent=10000 .*gt\.limits\(max_exponent=\.\.\.\)"):
        gt.tensor([[e, 1], [2, 3]], ops=gt.symbolic)


def test_exp_limit_is_max_exponent_and_applies_to_input_only():
    with time_box(BOX):
        assert gt.tensor([sympy.exp(10000), sympy.exp(x / 100000), sympy.exp(sympy.Rational(7, 3))], ops=gt.symbolic).shape == (3,)
        with pytest.raises(gt.LimitError, match=r"exponent 10001 in exp\(10001\)"):
            gt.tensor([sympy.exp(10001)], ops=gt.symbolic)
        with pytest.raises(gt.LimitError, match="max_exponent=10000"):
            gt.symbolic.parse("exp(100000)")
        with pytest.raises(gt.LimitError, match="max_exponent=10000"):
            gt.symbolic.zero_test(sympy.exp(100000) - 1)
        with gt.limits(max_exponent=100000):
            assert gt.tensor([sympy.exp(100000)], ops=gt.symbolic).tolist() == [sympy.exp(100000)]
        # Results are not input: a matrix exponential may build exp(20000), and work on it goes on.
        m = gt.linalg.matrix_exp(gt.tensor([[20000, 0], [0, 1]], ops=gt.symbolic))
        assert m.tolist() == [[sympy.exp(20000), 0], [0, sympy.E]]
        assert gt.linalg.rank(m) == 2
        assert gt.linalg.inv(m).tolist() == [[sympy.exp(-20000), 0], [0, sympy.exp(-1)]]


def test_cli_eigenvals_of_exp_100000_is_refused_at_input(tmp_path):
    proc = run_cli(tmp_path, "eigenvals", "exp(100000) 1\n2 3\n")
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "max_exponent=10000" in proc.stderr and "exp(100000)" in proc.stderr


# -- 3. eigenvalues whose radicals would take the root of a number past max_modulus_bits ---------------------------


def assert_all_roots(found: dict[Any, int], coeffs: list[int]) -> None:
    """``found`` is ``{CRootOf(p, i): 1}`` for every root of the irreducible ``p`` (``coeffs``, highest first).

    Compared by polynomial and index: ``sympy.CRootOf(p, i)`` would itself factor ``p``'s huge coefficients.
    """
    p = sympy.PurePoly(coeffs, sympy.Symbol("x"))
    assert all(isinstance(r, sympy.CRootOf) for r in found), found
    assert all(r.poly == p for r in found)
    assert sorted(r.index for r in found) == list(range(p.degree()))
    assert set(found.values()) == {1}


def test_eigenvals_of_an_integer_matrix_with_a_5000_digit_entry(no_factoring_past_the_limit):
    A = gt.tensor([[N, 1], [2, 3]])
    found = gt.linalg.eigenvals(A)
    # The characteristic polynomial x**2 - (N+3)*x + 3*N - 2 is irreducible (its discriminant (N-3)**2 + 8
    # lies strictly between two consecutive squares): its two roots, each once, as CRootOf.
    assert_all_roots(found, [1, -(N + 3), 3 * N - 2])
    spaces = gt.linalg.eigenvects(A)
    assert {s.value for s in spaces} == set(found)
    t = sympy.Symbol("t")
    charpoly = sympy.Poly(t**2 - (N + 3) * t + 3 * N - 2, t)
    for s in spaces:  # A v == value v exactly, in Q[t]/(charpoly) with t the eigenvalue
        assert s.basis.shape == (2, 1)
        v0, v1 = (sympy.sympify(c).xreplace({s.value: t}) for (c,) in s.basis.tolist())
        assert not (v0 == 0 and v1 == 0)
        for row, value_times_v in ((N * v0 + v1, t * v0), (2 * v0 + 3 * v1, t * v1)):
            assert sympy.Poly(row - value_times_v, t).rem(charpoly).is_zero
    # Under the limit the radicals stay.
    assert gt.linalg.eigenvals(gt.tensor([[1, 1], [1, 0]])) == {sympy.Rational(1, 2) - sympy.sqrt(5) / 2: 1, sympy.Rational(1, 2) + sympy.sqrt(5) / 2: 1}
    h = 5 * 10**99  # x**2 - 10**100*x + 2: a discriminant of 665 bits, under the limit
    root = sympy.sqrt(h**2 - 2)
    assert gt.linalg.eigenvals(gt.tensor([[10**100, 1], [-2, 0]])) == {h - root: 1, h + root: 1}


def test_eigenvals_of_a_binomial_with_a_huge_constant(no_factoring_past_the_limit):
    companion = gt.tensor([[0, 0, N], [1, 0, 0], [0, 1, 0]])  # characteristic polynomial x**3 - N
    found = gt.linalg.eigenvals(companion)
    assert_all_roots(found, [1, 0, 0, -N])
    quadratic = gt.tensor([[0, N], [1, 0]])  # x**2 - N: sqrt(N) would factor N
    assert_all_roots(gt.linalg.eigenvals(quadratic), [1, 0, -N])
    assert gt.linalg.eigenvals(gt.tensor([[0, 5], [1, 0]])) == {-sympy.sqrt(5): 1, sympy.sqrt(5): 1}


def test_eigenvals_with_a_generator_of_huge_degree_end_within_the_budget():
    # exp(10000) is E**10000 to SymPy: factoring the characteristic polynomial in E ran for minutes
    with time_box(BOX), gt.limits(zero_test_seconds=1.0):
        try:
            values = gt.linalg.eigenvals(gt.tensor([[sympy.exp(10000), 1], [2, 3]], ops=gt.symbolic))
        except gt.LimitError as e:
            assert "time budget" in str(e)
        else:  # a faster SymPy may finish: the values must then be the roots
            assert sum(values.values()) == 2
    assert gt.linalg.eigenvals(gt.tensor([[sympy.exp(3), 1], [0, 3]], ops=gt.symbolic)) == {sympy.exp(3): 1, 3: 1}
