"""``gt.linalg``: exact answers over every ring, checked against SymPy and algebraic laws."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.linalg import _fast
from toyring import Gauss, gaussian

L = gt.linalg
x, y = sympy.symbols("x y")


# -- data -----------------------------------------------------------------------------


def rand_ints(rng: random.Random, m: int, n: int, lo: int = -9, hi: int = 9) -> list[list[int]]:
    return [[rng.randint(lo, hi) for _ in range(n)] for _ in range(m)]


def rand_fracs(rng: random.Random, m: int, n: int) -> list[list[Fraction]]:
    return [[Fraction(rng.randint(-9, 9), rng.randint(1, 9)) for _ in range(n)] for _ in range(m)]


def rand_polys(rng: random.Random, m: int, n: int) -> list[list[Any]]:
    return [[rng.randint(-3, 3) * x ** rng.randint(0, 2) + rng.randint(-3, 3) for _ in range(n)] for _ in range(m)]


def rand_low_rank(rng: random.Random, m: int, n: int, r: int) -> list[list[int]]:
    left, right = rand_ints(rng, m, r, -3, 3), rand_ints(rng, r, n, -3, 3)
    return [[sum(left[i][k] * right[k][j] for k in range(r)) for j in range(n)] for i in range(m)]


def sym(rows: list[list[Any]]) -> sympy.Matrix:
    return sympy.Matrix(len(rows), len(rows[0]) if rows else 0, lambda i, j: sympy.sympify(rows[i][j]))


def same_expr(a: Any, b: Any) -> bool:
    return sympy.cancel(sympy.sympify(a) - sympy.sympify(b)) == 0


KINDS = ["int", "rat", "poly"]


def make(kind: str, rng: random.Random, m: int, n: int) -> list[list[Any]]:
    return {"int": rand_ints, "rat": rand_fracs, "poly": rand_polys}[kind](rng, m, n)


def equal_exact(ours: Any, theirs: Any, kind: str) -> bool:
    if kind == "poly":
        return same_expr(ours, theirs)
    return ours == theirs


def equal_lists(ours: list[list[Any]], theirs: list[list[Any]], kind: str) -> bool:
    return all(equal_exact(a, b, kind) for ra, rb in zip(ours, theirs) for a, b in zip(ra, rb))


# -- oracle tests against SymPy ----------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_det_matches_sympy(kind: str) -> None:
    rng = random.Random(1)
    for n in range(0, 7 if kind != "poly" else 6):
        rows = make(kind, rng, n, n)
        ours = L.det(gt.tensor(rows, ops=gt.symbolic if kind == "poly" else None) if rows else gt.zeros((0, 0)))
        expected = sym(rows).det() if n else 1
        assert equal_exact(ours, expected, kind)
        if kind == "int":
            assert type(ours) is int


@pytest.mark.parametrize("kind", KINDS)
def test_inv_matches_sympy(kind: str) -> None:
    rng = random.Random(2)
    for n in range(1, 6 if kind != "poly" else 4):
        rows = make(kind, rng, n, n)
        if sym(rows).det() == 0:
            continue
        ours = L.inv(gt.tensor(rows))
        assert ours.ops is (gt.symbolic if kind == "poly" else gt.rationals)
        assert equal_lists(ours.tolist(), sym(rows).inv().tolist(), kind)


@pytest.mark.parametrize("kind", KINDS)
def test_solve_matches_sympy(kind: str) -> None:
    rng = random.Random(3)
    for n in range(1, 5):
        a, b = make(kind, rng, n, n), make(kind, rng, n, 2)
        if sym(a).det() == 0:
            continue
        expected = (sym(a).inv() * sym(b)).applyfunc(sympy.cancel)
        assert equal_lists(L.solve(gt.tensor(a), gt.tensor(b)).tolist(), expected.tolist(), kind)
        vec = L.solve(gt.tensor(a), gt.tensor([row[0] for row in b]))
        assert vec.shape == (n,)
        assert all(equal_exact(v, e, kind) for v, e in zip(vec.tolist(), expected[:, 0]))


@pytest.mark.parametrize("kind", KINDS)
def test_rank_rref_nullspace_match_sympy(kind: str) -> None:
    rng = random.Random(4)
    for _ in range(8):
        m, n = rng.randint(1, 4), rng.randint(1, 5)
        rows = make(kind, rng, m, n)
        if m > 1 and rng.random() < 0.5:
            rows[-1] = [2 * v for v in rows[0]]
        t = gt.tensor(rows, ops=gt.symbolic if kind == "poly" else None)
        expected_rref, expected_pivots = sym(rows).rref(simplify=True)
        assert L.rank(t) == sym(rows).rank(simplify=True)
        matrix, pivots = L.rref(t)
        assert pivots == expected_pivots
        assert equal_lists(matrix.tolist(), expected_rref.tolist(), kind)
        basis = L.nullspace(t)
        expected_null = sym(rows).nullspace(simplify=True)
        assert basis.shape == (n, len(expected_null))
        for j, v in enumerate(expected_null):
            assert all(equal_exact(basis[i, j], v[i], kind) for i in range(n))


@pytest.mark.parametrize("kind", KINDS)
def test_charpoly_matches_sympy(kind: str) -> None:
    rng = random.Random(5)
    t = sympy.Symbol("t")
    for n in range(0, 6):
        rows = make(kind, rng, n, n)
        tensor = gt.tensor(rows, ops=gt.symbolic if kind == "poly" else None) if n else gt.zeros((0, 0))
        coeffs = L.charpoly(tensor).tolist()
        expected = sympy.Poly(sym(rows).charpoly(t).as_expr(), t).all_coeffs() if n else [1]
        assert len(coeffs) == n + 1
        assert all(equal_exact(c, e, kind) for c, e in zip(coeffs, expected))
        if kind == "int":
            assert all(type(c) is int for c in coeffs)


def test_adjugate_matches_sympy() -> None:
    rng = random.Random(6)
    for kind in KINDS:
        for n in range(1, 5):
            rows = make(kind, rng, n, n)
            if n > 1 and rng.random() < 0.5:
                rows[-1] = rows[0][:]
            assert equal_lists(L.adjugate(gt.tensor(rows)).tolist(), sym(rows).adjugate().tolist(), kind)


# -- algebraic laws (hypothesis) ----------------------------------------------------------

small = st.integers(-6, 6)


def square(n: int) -> st.SearchStrategy[list[list[int]]]:
    return st.lists(st.lists(small, min_size=n, max_size=n), min_size=n, max_size=n)


squares = st.integers(1, 5).flatmap(lambda n: st.tuples(square(n), square(n)))
ops_choices = st.sampled_from(["int", "rat", "mod7", "mod12"])


def as_ops(data: list[list[int]], which: str) -> gt.Tensor:
    if which == "rat":
        return gt.tensor([[Fraction(v, 3) for v in row] for row in data])
    if which.startswith("mod"):
        return gt.tensor(data, ops=gt.modular(int(which[3:])))
    return gt.tensor(data)


@settings(max_examples=40, deadline=None)
@given(squares, ops_choices)
def test_det_is_multiplicative_and_transpose_invariant(pair: tuple[Any, Any], which: str) -> None:
    a, b = as_ops(pair[0], which), as_ops(pair[1], which)
    ops = a.ops
    assert ops.equal(L.det(a @ b), ops.mul(L.det(a), L.det(b)))
    assert ops.equal(L.det(a.T), L.det(a))


@settings(max_examples=40, deadline=None)
@given(squares, ops_choices, st.data())
def test_a_row_swap_negates_det(pair: tuple[Any, Any], which: str, data: st.DataObject) -> None:
    a = as_ops(pair[0], which)
    n = a.shape[0]
    if n < 2:
        return
    i, j = data.draw(st.sampled_from([(i, j) for i in range(n) for j in range(n) if i != j]))
    order = list(range(n))
    order[i], order[j] = j, i
    swapped = gt.take(a, order, axis=0)
    assert a.ops.equal(L.det(swapped), a.ops.neg(L.det(a)))


@settings(max_examples=40, deadline=None)
@given(squares, st.sampled_from(["int", "rat", "mod7"]))
def test_inverse_times_matrix_is_identity(pair: tuple[Any, Any], which: str) -> None:
    a = as_ops(pair[0], which)
    if a.ops.is_zero(L.det(a)):
        with pytest.raises(gt.SingularMatrixError):
            L.inv(a)
        return
    inv = L.inv(a)
    n = a.shape[0]
    eye = gt.eye(n, ops=inv.ops)
    assert gt.array_equal(inv @ a.astype(inv.ops), eye)
    assert gt.array_equal(a.astype(inv.ops) @ inv, eye)


@settings(max_examples=40, deadline=None)
@given(squares, ops_choices)
def test_matrix_times_adjugate_is_det_times_identity(pair: tuple[Any, Any], which: str) -> None:
    a = as_ops(pair[0], which)
    n = a.shape[0]
    d = L.det(a)
    expected = gt.eye(n, ops=a.ops) * gt.full((n, n), d, ops=a.ops)
    assert gt.array_equal(a @ L.adjugate(a), expected)
    assert gt.array_equal(L.adjugate(a) @ a, expected)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 5).flatmap(lambda n: square(n)))
def test_all_det_methods_agree_on_rationals(data: list[list[int]]) -> None:
    a = gt.tensor([[Fraction(v, 2) for v in row] for row in data])
    values = {m: L.det(a, method=m) for m in ("auto", "bareiss", "gauss", "berkowitz", "laplace")}
    assert len(set(values.values())) == 1, values


# -- composite moduli -------------------------------------------------------------------


@pytest.mark.parametrize("modulus", [6, 12, 2, 4, 8, 16, 32, 1024, 2**64])
def test_composite_moduli_match_integer_det_reduced(modulus: int) -> None:
    rng = random.Random(modulus)
    ops = gt.modular(modulus)
    for n in range(1, 7):
        for _ in range(4):
            rows = rand_ints(rng, n, n, 0, min(modulus - 1, 40))
            if rng.random() < 0.3 and n > 1:
                rows[1] = [(2 * v) % modulus for v in rows[0]]  # a zero-divisor multiple of a row
            integer_det = int(sym(rows).det())
            t = gt.tensor(rows, ops=ops)
            for method in ("auto", "berkowitz", "laplace"):
                assert L.det(t, method=method) == integer_det % modulus
            t_int = gt.tensor(rows)
            assert L.charpoly(t).tolist() == [c % modulus for c in L.charpoly(t_int).tolist()]
            assert L.adjugate(t).tolist() == [[v % modulus for v in r] for r in L.adjugate(t_int).tolist()]


@pytest.mark.parametrize("modulus", [6, 12, 16])
def test_composite_moduli_inverse_exists_exactly_for_unit_det(modulus: int) -> None:
    rng = random.Random(100 + modulus)
    ops = gt.modular(modulus)
    seen_unit = seen_nonunit = 0
    for _ in range(60):
        rows = rand_ints(rng, 3, 3, 0, modulus - 1)
        t = gt.tensor(rows, ops=ops)
        d = L.det(t)
        b = gt.tensor([1, 2, 3], ops=ops)
        if sympy.gcd(d, modulus) == 1:
            seen_unit += 1
            inv = L.inv(t)
            assert gt.array_equal(inv @ t, gt.eye(3, ops=ops))
            assert gt.array_equal(t @ L.solve(t, b), b)
        else:
            seen_nonunit += 1
            with pytest.raises(gt.SingularMatrixError, match="not a unit|singular"):
                L.inv(t)
    assert seen_unit and seen_nonunit


def test_prime_modulus_uses_field_methods() -> None:
    ops = gt.modular(7)
    t = gt.tensor([[3, 1, 4], [1, 5, 2], [6, 5, 3]], ops=ops)
    expected = int(sym(t.tolist()).det()) % 7
    for method in ("auto", "bareiss", "gauss", "berkowitz", "laplace"):
        assert L.det(t, method=method) == expected
    m, pivots = L.rref(t)
    assert L.rank(t) == len(pivots)
    p, low, up = L.lu(t)
    assert gt.array_equal(p @ t, low @ up)


def test_composite_modulus_refuses_rank_and_rref_clearly() -> None:
    t = gt.tensor([[2, 3], [4, 1]], ops=gt.modular(6))
    for func in (L.rank, L.rref, L.lu, L.nullspace):
        with pytest.raises(gt.DomainError, match="zero divisors"):
            func(t)


# -- symbolic ------------------------------------------------------------------------------


def test_symbolic_pivot_that_simplifies_to_zero() -> None:
    hidden_zero = (x + 1) ** 2 - x**2 - 2 * x - 1
    a = gt.tensor([[hidden_zero, 1, 2], [1, x, 3], [2, 3, x]])
    expected = sympy.Matrix(a.tolist()).det()
    for method in ("auto", "bareiss", "gauss", "berkowitz", "laplace"):
        assert same_expr(L.det(a, method=method), expected)
    inv = L.inv(a)
    product = (sympy.Matrix(inv.tolist()) * sympy.Matrix(a.tolist())).applyfunc(sympy.cancel)
    assert product == sympy.eye(3)
    assert L.rank(gt.tensor([[hidden_zero, 0], [0, 1]])) == 1
    with pytest.raises(gt.SingularMatrixError):
        L.inv(gt.tensor([[hidden_zero, 0], [0, 1]]))


def test_symbolic_relations_between_generators_are_respected() -> None:
    s, c = sympy.sin(x), sympy.cos(x)
    a = gt.tensor([[s, c], [-c, s]])
    assert sympy.simplify(L.det(a)) == 1
    singular = gt.tensor([[s**2 + c**2, 1], [1, 1]])
    assert L.rank(singular) == 1
    with pytest.raises(gt.SingularMatrixError):
        L.inv(singular)


def test_symbolic_rational_functions_and_algebraic_numbers() -> None:
    a = gt.tensor([[1 / x, 1], [1, 1 / (x + 1)]])
    assert same_expr(L.det(a), sympy.Matrix(a.tolist()).det())
    assert same_expr(L.charpoly(a)[2], sympy.Matrix(a.tolist()).det())
    inv = sympy.Matrix(L.inv(a).tolist())
    assert (inv * sympy.Matrix(a.tolist())).applyfunc(sympy.cancel) == sympy.eye(2)
    r = gt.tensor([[sympy.sqrt(2), 1], [1, sympy.sqrt(2) / 2]])
    assert sympy.simplify(L.det(r)) == 0
    assert L.rank(r) == 1


def test_symbolic_with_floats_falls_back_to_expressions() -> None:
    a = gt.tensor([[sympy.Float(1.5) * x, 1], [2, x]])
    assert same_expr(L.det(a), 1.5 * x**2 - 2)
    assert L.rank(a) == 2
    assert len(L.charpoly(a).tolist()) == 3


def test_symbolic_numbers_only_take_the_number_path() -> None:
    a = gt.tensor(sympy.Matrix([[1, 2], [3, 4]]))
    assert a.ops is gt.symbolic
    d = L.det(a)
    assert d == -2 and isinstance(d, sympy.Integer)
    for method in ("bareiss", "gauss", "berkowitz", "laplace"):
        assert L.det(a, method=method) == -2
    assert L.inv(gt.tensor(sympy.Matrix([[sympy.Rational(1, 2), 0], [0, 2]]))).tolist() == [
        [2, 0],
        [0, sympy.Rational(1, 2)],
    ]


def test_distinct_symbols() -> None:
    for n in (2, 3, 4):
        a = gt.symbols("a", (n, n))
        assert sympy.expand(L.det(a) - sympy.Matrix(a.tolist()).det()) == 0


# -- a user ring --------------------------------------------------------------------------


def g(re: int, im: int = 0) -> Gauss:
    return Gauss(re, im)


def test_gaussian_integers() -> None:
    a = gt.tensor([[g(1, 1), g(2)], [g(0, 1), g(3, -1)]], ops=gaussian)
    assert L.det(a) == g(4)
    for method in ("bareiss", "berkowitz", "laplace"):
        assert L.det(a, method=method) == g(4)
    assert L.charpoly(a).tolist() == [g(1), g(-4), g(4)]
    assert L.rank(a) == 2
    adj = L.adjugate(a)
    assert gt.array_equal(a @ adj, gt.eye(2, ops=gaussian) * g(4))
    with pytest.raises(gt.DomainError, match="'auto', 'bareiss', 'berkowitz', 'laplace'"):
        L.det(a, method="gauss")
    with pytest.raises(gt.SingularMatrixError, match="not a unit"):
        L.inv(a)
    unit = gt.tensor([[g(1), g(0, 1)], [g(0), g(1)]], ops=gaussian)
    assert gt.array_equal(L.inv(unit) @ unit, gt.eye(2, ops=gaussian))
    b = gt.tensor([g(8), g(4, 4)], ops=gaussian)
    assert gt.array_equal(a @ L.solve(a, b), b)
    with pytest.raises(gt.NotDivisibleError):
        L.solve(a, gt.tensor([g(1), g(0)], ops=gaussian))
    with pytest.raises(gt.DomainError):
        L.rref(a)


def test_objects_use_division_free_methods() -> None:
    a = gt.tensor([[1, 2], [3, 4]], ops=gt.objects)
    assert L.det(a) == -2
    with pytest.raises(gt.DomainError, match="'auto', 'berkowitz', 'laplace'"):
        L.det(a, method="bareiss")
    assert L.charpoly(a).tolist() == [1, -5, -2]


def test_non_commutative_ops_are_refused() -> None:
    class Quaternionish(gt.BaseOps):
        name = "noncommutative"
        is_commutative = False

        def convert(self, v: Any) -> Any:
            return v

        def add(self, a: Any, b: Any) -> Any:
            return a + b

        def mul(self, a: Any, b: Any) -> Any:
            return a * b

        def neg(self, a: Any) -> Any:
            return -a

        def equal(self, a: Any, b: Any) -> bool:
            return a == b

    a = gt.tensor([[1, 2], [3, 4]], ops=Quaternionish())
    for func in (L.det, L.inv, L.rank, L.charpoly, L.adjugate):
        with pytest.raises(gt.DomainError, match="commutative"):
            func(a)


# -- floats -----------------------------------------------------------------------------------


def test_floats_use_partial_pivoting() -> None:
    np = pytest.importorskip("numpy")
    rng = random.Random(7)
    rows = [[rng.uniform(-1, 1) for _ in range(6)] for _ in range(6)]
    rows[0][0] = 1e-18
    t = gt.tensor(rows)
    assert L.det(t) == pytest.approx(float(np.linalg.det(np.array(rows))), rel=1e-9)
    inv = L.inv(t)
    assert np.allclose(np.array(inv.tolist()), np.linalg.inv(np.array(rows)))
    p, low, up = L.lu(t)
    assert np.allclose(np.array((p @ t).tolist()), np.array((low @ up).tolist()))


# -- shapes, batching, results ----------------------------------------------------------------


def test_batched_shapes() -> None:
    rng = random.Random(8)
    data = [[rand_ints(rng, 3, 3) for _ in range(4)] for _ in range(2)]
    t = gt.tensor(data)
    dets = L.det(t)
    assert dets.shape == (2, 4)
    assert dets.tolist() == [[int(sym(m).det()) for m in batch] for batch in data]
    assert L.charpoly(t).shape == (2, 4, 4)
    assert L.rank(t).shape == (2, 4)
    assert L.adjugate(t).shape == (2, 4, 3, 3)
    r = L.rref(t)
    assert r.matrix.shape == (2, 4, 3, 3) and len(r.pivots) == 2 and len(r.pivots[0]) == 4
    p, low, up = L.lu(t)
    assert p.shape == low.shape == up.shape == (2, 4, 3, 3)
    assert gt.array_equal(p @ t.astype(gt.rationals), low @ up)


def test_batched_inverse_and_solve_broadcast() -> None:
    a = gt.tensor([[[2, 1], [1, 1]], [[1, 2], [3, 5]]])
    inv = L.inv(a)
    assert inv.shape == (2, 2, 2) and gt.array_equal(inv @ a, gt.eye(2, ops=gt.rationals) * gt.ones((2, 1, 1)))
    b = gt.tensor([1, 1])
    xs = L.solve(a, b)
    assert xs.shape == (2, 2)
    assert xs.tolist() == [[0, 1], [-3, 2]]
    bm = gt.tensor([[[1], [1]]])  # batch (1,) broadcasts against (2,)
    assert L.solve(a, bm).shape == (2, 2, 1)


def test_empty_matrices_and_empty_stacks() -> None:
    for ops in (gt.integers, gt.rationals, gt.modular(6), gt.symbolic):
        assert L.det(gt.zeros((0, 0), ops=ops)) == ops.one
    assert L.det(gt.zeros((3, 0, 0))).tolist() == [1, 1, 1]
    assert L.det(gt.zeros((0, 2, 2))).shape == (0,)
    assert L.inv(gt.zeros((0, 0))).shape == (0, 0)
    assert L.rank(gt.zeros((0, 3))) == 0
    assert L.rank(gt.zeros((3, 0))) == 0
    assert L.charpoly(gt.zeros((0, 0))).tolist() == [1]
    assert L.nullspace(gt.zeros((2, 3))).shape == (3, 3)
    assert L.nullspace(gt.eye(3)).shape == (3, 0)


def test_results_are_elements_for_one_matrix() -> None:
    assert type(L.det(gt.tensor([[1, 2], [3, 4]]))) is int
    assert type(L.rank(gt.tensor([[1, 2], [3, 4]]))) is int
    assert L.det(gt.tensor([[Fraction(1, 2)]])) == Fraction(1, 2)
    assert L.det(gt.tensor([[True, True], [False, True]])) == 1


def test_tensor_methods() -> None:
    a = gt.tensor([[1, 2], [3, 4]])
    assert a.det() == -2 and a.rank() == 2
    assert a.inv().tolist() == L.inv(a).tolist()
    assert a.det(method="laplace") == -2


def test_views_are_read_correctly() -> None:
    base = gt.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 10]])
    view = base[::-1, ::-1].T
    assert L.det(view) == int(sym(view.tolist()).det())
    assert L.rank(base[:, :2]) == 2


def test_lu_of_rectangular_and_singular() -> None:
    rng = random.Random(9)
    for m, n in [(3, 5), (5, 3), (4, 4), (1, 3), (3, 1)]:
        rows = rand_low_rank(rng, m, n, 1)
        t = gt.tensor(rows)
        p, low, up = L.lu(t)
        assert p.ops is gt.rationals and p.shape == (m, m) and low.shape == (m, m) and up.shape == (m, n)
        assert gt.array_equal(p @ t.astype(gt.rationals), low @ up)
        lo = low.tolist()
        assert all(lo[i][i] == 1 and all(lo[i][j] == 0 for j in range(i + 1, m)) for i in range(m))


def test_matrix_power() -> None:
    a = gt.tensor([[2, 1], [1, 1]])
    assert L.matrix_power(a, 3).tolist() == (a @ a @ a).tolist()
    assert gt.array_equal(L.matrix_power(a, -2) @ (a @ a), gt.eye(2, ops=gt.rationals))
    with pytest.raises(gt.SingularMatrixError):
        L.matrix_power(gt.tensor([[1, 2], [2, 4]]), -1)


def test_parallel_policy_gives_serial_results() -> None:
    rng = random.Random(10)
    stack = gt.tensor([rand_ints(rng, 4, 4) for _ in range(6)])
    serial = L.det(stack).tolist()
    assert L.det(stack, executor="threads", workers=2).tolist() == serial
    with gt.parallel("threads", workers=2):
        assert L.det(stack).tolist() == serial
        assert gt.array_equal(L.inv(gt.tensor([[[1, 1], [0, 1]]] * 3)), L.inv(gt.tensor([[[1, 1], [0, 1]]] * 3)))


# -- FLINT and the generic path ---------------------------------------------------------------


@pytest.fixture
def no_flint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_fast, "flint_module", lambda: None)


def _int_cases() -> list[list[list[int]]]:
    rng = random.Random(11)
    return [rand_ints(rng, n, n, -99, 99) for n in (1, 2, 5, 9)] + [rand_low_rank(rng, 5, 5, 3)]


def test_generic_integer_path(no_flint: None) -> None:
    for rows in _int_cases():
        t = gt.tensor(rows)
        assert L.det(t) == sym(rows).det()
        assert L.charpoly(t).tolist() == sympy.Poly(sym(rows).charpoly().as_expr()).all_coeffs()
        if sym(rows).det() != 0:
            assert L.inv(t).tolist() == sym(rows).inv().tolist()
            frac = gt.tensor([[Fraction(v, 7) for v in row] for row in rows])
            assert L.inv(frac).tolist() == (sym(rows) / 7).inv().tolist()


def test_flint_path_agrees_with_generic_path(monkeypatch: pytest.MonkeyPatch) -> None:
    if _fast.flint_module() is None:
        pytest.skip("python-flint is not installed (the optional 'fast' extra); the generic path is tested above")
    for rows in _int_cases():
        t = gt.tensor(rows)
        frac = gt.tensor([[Fraction(v, 3) for v in row] for row in rows])
        with_flint = (L.det(t), L.det(frac), L.charpoly(t).tolist())
        inverses = (L.inv(t).tolist(), L.inv(frac).tolist()) if with_flint[0] else None
        monkeypatch.setattr(_fast, "flint_module", lambda: None)
        assert with_flint == (L.det(t), L.det(frac), L.charpoly(t).tolist())
        if inverses is not None:
            assert inverses == (L.inv(t).tolist(), L.inv(frac).tolist())
        monkeypatch.undo()
        assert type(with_flint[0]) is int and all(type(c) is int for c in with_flint[2])


# -- bad input -------------------------------------------------------------------------------


def test_bad_shapes() -> None:
    with pytest.raises(gt.NonSquareError, match=r"det: .*\(got shape \(2, 3\)\)"):
        L.det(gt.zeros((2, 3)))
    with pytest.raises(gt.ShapeError, match=r"ndim >= 2 \(got shape \(3,\)\)"):
        L.det(gt.zeros(3))
    for func in (L.inv, L.adjugate, L.charpoly):
        with pytest.raises(gt.NonSquareError, match=r"\(2, 3\)"):
            func(gt.zeros((2, 3)))
    with pytest.raises(gt.NonSquareError):
        L.solve(gt.zeros((2, 3)), gt.zeros(2))
    with pytest.raises(gt.ShapeError, match="b must have shape"):
        L.solve(gt.eye(2), gt.zeros(3))
    with pytest.raises(gt.ShapeError, match="ndim == 2"):
        L.nullspace(gt.zeros((2, 2, 2)))
    with pytest.raises(gt.ShapeError, match=r"ndim >= 2 \(got shape \(\)\)"):
        L.det(5)  # a scalar is a 0-d tensor (the one operand path), not a matrix


def test_bad_methods() -> None:
    a = gt.tensor([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="unknown method .*'lu'.*valid: 'auto'"):
        L.det(a, method="lu")
    assert L.det(a, method="gauss") == -2  # SymPy's convention: eliminated in the rationals, the result an int
    with pytest.raises(gt.DomainError, match="modular\\(6\\) is not a field.*methods that fit: 'auto', 'berkowitz', 'laplace'"):
        L.det(gt.tensor([[1, 2], [3, 4]], ops=gt.modular(6)), method="gauss")
    with pytest.raises(gt.DomainError, match="zero divisors.*methods that fit: 'auto', 'berkowitz', 'laplace'"):
        L.det(gt.tensor([[1, 2], [3, 4]], ops=gt.modular(6)), method="bareiss")


def test_singular_errors() -> None:
    s = gt.tensor([[1, 2], [2, 4]])
    with pytest.raises(gt.SingularMatrixError, match=r"inv: the matrix is singular"):
        L.inv(s)
    with pytest.raises(gt.SingularMatrixError, match=r"solve: the matrix is singular"):
        L.solve(s, gt.tensor([1, 2]))
    with pytest.raises(gt.SingularMatrixError, match=r"at index \(1,\)"):
        L.inv(gt.tensor([[[1, 0], [0, 1]], [[1, 2], [2, 4]]]))
    assert L.det(s) == 0 and L.adjugate(s).tolist() == [[4, -2], [-2, 1]]
