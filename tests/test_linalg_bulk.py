"""Stacks of small integer matrices in bulk (gentensor/linalg/_bulk.py) and the packed integer product.

The bulk determinant, inverse and solve must give exactly what one matrix
at a time gives (SymPy as the oracle), on both of their paths -- NumPy
``int64`` when the bound proves it exact, Python ints otherwise (and when
NumPy is absent) -- including entries right at the bound, huge entries,
singular matrices inside a stack and zero-size stacks.  The packed integer
``@`` kernel is checked against NumPy's object ``@`` over shapes and entry
sizes on both sides of its packing threshold.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Matrix

import gentensor as gt
from gentensor import Tensor
from gentensor.ops._packing import PACKING_DISABLED
from gentensor.compute._contract import matmul_flat, matmul_flat_int
from gentensor.linalg import _bulk

L = gt.linalg


def sympy_det(rows: list[list[int]]) -> int:
    return int(Matrix(rows).det()) if rows else 1


@pytest.fixture(params=["numpy", "python"])
def bulk_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The int64 path and the Python-int path (as when NumPy is not installed)."""
    if request.param == "python":
        monkeypatch.setattr(_bulk, "numpy_module", lambda: None)
    return str(request.param)


def stack_of(rng: random.Random, count: int, n: int, bound: int) -> list[list[list[int]]]:
    return [[[rng.randint(-bound, bound) for _ in range(n)] for _ in range(n)] for _ in range(count)]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("bound", [1, 99, 2**13, 10**30])
def test_stacked_det(bulk_path: str, n: int, bound: int) -> None:
    rng = random.Random(n * 1000 + bound % 997)
    stack = stack_of(rng, 40, n, bound)
    stack[3] = [[0] * n for _ in range(n)]
    got = L.det(gt.tensor(stack))
    assert got.tolist() == [sympy_det(m) for m in stack]
    assert all(type(v) is int for v in got.tolist())
    assert L.det(gt.tensor(stack).reshape((4, 10, n, n))).tolist() == np.array(got.tolist(), dtype=object).reshape(4, 10).tolist()


def test_int64_bound_is_respected() -> None:
    # 4! * M**4 < 2**63 decides the machine path; on both sides of it the answer is exact.
    limit = int(((2**63 - 1) / 24) ** 0.25)
    for M in (limit - 1, limit, limit + 1, 2**20):
        m = [[M, -M, M, M], [M, M, -M, M], [-M, M, M, M], [M, M, M, -M]]
        assert L.det(gt.tensor([m, m])).tolist() == [sympy_det(m)] * 2


def test_stacked_modular_det(bulk_path: str) -> None:
    rng = random.Random(3)
    for p in (7, 12, 2**61 - 1, 2**64 + 2):
        stack = stack_of(rng, 25, 4, p)
        got = L.det(gt.tensor(stack, ops=gt.modular(p))).tolist()
        assert got == [sympy_det(m) % p for m in stack]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_stacked_inv_and_solve(bulk_path: str, n: int) -> None:
    rng = random.Random(n)
    stack = [m for m in stack_of(rng, 30, n, 50) if sympy_det(m)]
    x = gt.tensor(stack)
    inv = L.inv(x).tolist()
    assert inv == [Matrix(m).inv().tolist() for m in stack]
    b = [[rng.randint(-9, 9) for _ in range(2)] for _ in range(n)]
    X = L.solve(x, gt.tensor(b)).tolist()
    assert X == [(Matrix(m).inv() * Matrix(b)).tolist() for m in stack]
    v = L.solve(x, gt.tensor([1] * n)).tolist()
    assert v == [list(Matrix(m).inv() * Matrix([1] * n)) for m in stack]


def test_singular_matrix_in_a_stack_is_named() -> None:
    stack = [[[1, 0], [0, 1]], [[1, 2], [2, 4]], [[3, 1], [1, 1]]]
    with pytest.raises(gt.SingularMatrixError, match=r"index \(1,\)"):
        L.inv(gt.tensor(stack))
    with pytest.raises(gt.SingularMatrixError, match=r"index \(1,\)"):
        L.solve(gt.tensor(stack), gt.tensor([1, 1]))


def test_zero_size_stacks_and_other_rings() -> None:
    assert L.det(gt.zeros((0, 3, 3))).shape == (0,)
    assert L.det(gt.zeros((2, 0, 0))).tolist() == [1, 1]
    assert L.inv(gt.zeros((0, 2, 2))).shape == (0, 2, 2)
    frac = gt.tensor([[[1, 2], [3, 4]]]) / 2  # rationals: no bulk provider, the per-matrix path
    assert L.det(frac).tolist() == [Fraction(-1, 2)]
    booleans = gt.tensor([[[True, False], [True, True]]])
    assert L.det(booleans).tolist() == [1]


def test_inputs_unchanged_and_views() -> None:
    rng = random.Random(8)
    base = gt.tensor(stack_of(rng, 6, 4, 9))
    view = base[::2].mT
    before = base.tolist()
    assert L.det(view).tolist() == [sympy_det(np.array(m).T.tolist()) for m in base.tolist()[::2]]
    assert base.tolist() == before


# -- the packed integer product ------------------------------------------------------------------------


sizes = st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(0, 7))


@settings(max_examples=60)
@given(sizes, st.sampled_from([0, 1, 9, 1000, 2**20, 2**40, 10**30]), st.integers(0, 2**32))
def test_packed_matmul_like_numpy(shape: tuple[int, int, int], bound: int, seed: int) -> None:
    m, k, n = shape
    rng = random.Random(seed)
    a = [rng.randint(-bound, bound) for _ in range(m * k)]
    b = [rng.randint(-bound, bound) for _ in range(k * n)]
    want = (np.array(a, dtype=object).reshape(m, k) @ np.array(b, dtype=object).reshape(k, n)).ravel().tolist()
    assert matmul_flat_int(list(a), list(b), m, k, n) == want
    assert matmul_flat_int(a, b, m, k, n) == matmul_flat(gt.integers, a, b, m, k, n)


def test_matmul_uses_the_provider_and_keeps_semantics() -> None:
    rng = random.Random(2)
    a = gt.tensor([[rng.randint(-1000, 1000) for _ in range(30)] for _ in range(20)])
    b = gt.tensor([[rng.randint(-1000, 1000) for _ in range(10)] for _ in range(30)])
    want = (np.array(a.tolist(), dtype=object) @ np.array(b.tolist(), dtype=object)).tolist()
    assert (a @ b).tolist() == want
    assert gt.provider_info(gt.integers, "matmul") is not None
    stacked = gt.stack([a, a])
    assert (stacked @ b).tolist() == [want, want]
    assert (a[0] @ b).tolist() == want[0]
    booleans = gt.tensor([[True, False], [True, True]])
    product = booleans @ booleans  # booleans count as integers in products (True + True == 2)
    assert product.ops is gt.integers and product.tolist() == [[1, 0], [2, 1]]
    assert all(type(v) is int for row in (a @ b).tolist() for v in row)


# -- larger orders: elimination modulo primes over the whole stack (_multimod) --------------------------


from gentensor.linalg import _multimod  # noqa: E402


def flint_or_sympy_det(rows: list[list[int]]) -> int:
    return sympy_det(rows)


@st.composite
def int_stacks(draw: st.DrawFn) -> list[list[list[int]]]:
    n = draw(st.integers(5, 9))
    count = draw(st.integers(1, 12))
    bound = draw(st.sampled_from([1, 3, 99, 2**20, 2**40, 2**52, 2**53]))
    entry = st.integers(-bound, bound)
    stack = draw(st.lists(st.lists(st.lists(entry, min_size=n, max_size=n), min_size=n, max_size=n), min_size=count, max_size=count))
    kind = draw(st.sampled_from(["random", "rank-deficient", "zero pivots", "zero rows"]))
    for m in stack:
        if kind == "rank-deficient":  # one row a combination of two others
            m[-1] = [a - 2 * b for a, b in zip(m[0], m[1])] if bound >= 4 else list(m[0])
        elif kind == "zero pivots":  # the leading entries vanish: row exchanges needed
            for i in range(n - 1):
                m[i][0] = 0
            m[0][1] = 0
        elif kind == "zero rows":
            m[n // 2] = [0] * n
    return stack


@settings(max_examples=60, deadline=None)
@given(stack=int_stacks())
def test_bulk_det_by_primes_matches_sympy(stack: list[list[list[int]]]) -> None:
    got = L.det(gt.tensor(stack)).tolist()
    assert got == [sympy_det(m) for m in stack]
    assert all(type(v) is int for v in got)


@settings(max_examples=30, deadline=None)
@given(stack=int_stacks(), modulus=st.sampled_from([2, 12, 97, 2**25 - 39, 2**31 - 1, 2**64 + 13]))
def test_bulk_det_mod_n_by_primes(stack: list[list[list[int]]], modulus: int) -> None:
    residues = [[[v % modulus for v in row] for row in m] for m in stack]
    got = L.det(gt.tensor(residues, ops=gt.modular(modulus))).tolist()
    assert got == [sympy_det(m) % modulus for m in stack]


def test_kernels_take_lists_and_int64_arrays() -> None:
    rng = random.Random(11)
    stack = stack_of(rng, 50, 7, 10**6)
    flat = [v for m in stack for row in m for v in row]
    expected = [sympy_det(m) for m in stack]
    assert _bulk.det_stack_int(flat, 50, 7, gt.integers) == expected
    arr = np.array(flat, dtype=np.int64)
    before = arr.copy()
    assert _bulk.det_stack_int(arr, 50, 7, gt.integers) == expected
    assert (arr == before).all()  # read only
    small = stack_of(rng, 20, 3, 50)
    small_flat = np.array([v for m in small for row in m for v in row], dtype=np.int64)
    assert _bulk.det_stack_int(small_flat, 20, 3, gt.integers) == [sympy_det(m) for m in small]


def test_entries_beyond_doubles_decline_to_the_per_matrix_path() -> None:
    stack = [[[2**60 + i, 1, 0, 0, 0], [1, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 0, 1]] for i in range(3)]
    flat = [v for m in stack for row in m for v in row]
    assert _bulk.det_stack_int(flat, 3, 5, gt.integers) is NotImplemented
    assert L.det(gt.tensor(stack)).tolist() == [sympy_det(m) for m in stack]  # exact all the same


def test_exact_steps_bound() -> None:
    # entries <= 99: three fraction-free steps stay below 2**53 (the 5-minors would not).
    assert _multimod.exact_steps(99, 8) == 3
    assert _multimod.exact_steps(2**26, 8) == 0
    # at the bound itself: entries of exactly that size, all steps exact, still the right determinant
    M = 2**13
    stack = [[[M if (i + j) % 2 else -M for j in range(6)] for i in range(6)], [[M * (i == j) + (j == i + 1) for j in range(6)] for i in range(6)]]
    assert L.det(gt.tensor(stack)).tolist() == [sympy_det(m) for m in stack]


def test_stacked_inverses_by_primes() -> None:
    rng = random.Random(12)
    stack = [m for m in stack_of(rng, 25, 6, 30) if sympy_det(m)]
    got = L.inv(gt.tensor(stack)).tolist()
    assert got == [Matrix(m).inv().tolist() for m in stack]
    b = [[rng.randint(-9, 9)] for _ in range(6)]
    X = L.solve(gt.tensor(stack), gt.tensor(b)).tolist()
    assert X == [(Matrix(m).inv() * Matrix(b)).tolist() for m in stack]


def test_without_numpy_larger_orders_go_one_matrix_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_bulk, "numpy_module", lambda: None)
    rng = random.Random(13)
    stack = stack_of(rng, 5, 6, 9)
    flat = [v for m in stack for row in m for v in row]
    assert _bulk.det_stack_int(flat, 5, 6, gt.integers) is NotImplemented
    assert L.det(gt.tensor(stack)).tolist() == [sympy_det(m) for m in stack]


def test_garner_assembles_large_values_in_python_ints() -> None:
    # entries near 2**40 in 9x9: the bound is far beyond int64, the result still exact
    rng = random.Random(14)
    stack = stack_of(rng, 4, 9, 2**40)
    assert L.det(gt.tensor(stack)).tolist() == [sympy_det(m) for m in stack]


# -- packed stacks: the words reach the kernel as one array -----------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4, 6])
@pytest.mark.parametrize("bound", [1, 99, 2**13, 2**40, 2**62])
def test_packed_stacks_read_as_words_agree_with_lists(bulk_path: str, n: int, bound: int) -> None:
    """A packed stack goes to ``det.stack.words`` (one int64 array, no Python ints); the list-stored stack of the
    same values to ``det.stack``: the same exact determinants and inverses, and SymPy's."""
    rng = random.Random(n * 7 + bound % 1009)
    stack = stack_of(rng, 24, n, bound)
    packed = gt.tensor(stack)
    listed = Tensor._from_flat([v for m in stack for row in m for v in row], (24, n, n), gt.integers)
    assert listed._store.packing is None
    dets = [sympy_det(m) for m in stack]
    assert L.det(packed).tolist() == L.det(listed).tolist() == dets
    view = packed[::3].mT  # a strided view: its words are gathered first
    assert L.det(view).tolist() == [sympy_det(np.array(m).T.tolist()) for m in stack[::3]]
    if bound <= 99 and all(dets):
        assert L.inv(packed).tolist() == L.inv(listed).tolist() == [Matrix(m).inv().tolist() for m in stack]


def test_the_words_provider_gets_one_array(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    original = _bulk.det_stack_int

    def spy(flat: Any, count: int, n: int, ops: Any) -> Any:
        seen.append(type(flat))
        return original(flat, count, n, ops)

    gt.register_provider(gt.integers, "det.stack.words", spy, algorithm="formula")
    gt.register_provider(gt.integers, "det.stack", spy, algorithm="formula")
    try:
        stack = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
        assert L.det(gt.tensor(stack)).tolist() == [-2, -2]
        listed = Tensor._from_flat([v for m in stack for row in m for v in row], (2, 2, 2), gt.integers)
        assert L.det(listed).tolist() == [-2, -2]
    finally:
        from gentensor.linalg._providers import register_builtin_providers

        register_builtin_providers()
    expected_first = list if PACKING_DISABLED else np.ndarray
    assert seen == [expected_first, list]
