"""The Array API linalg names: thin ones against gentensor's own functions, numeric ones against NumPy and invariants.

``eigh``/``svd`` run NumPy's LAPACK: checked against
``numpy.linalg`` and by their invariants (``A V == V diag(w)``, unitary
factors, ``U diag(S) Vh == A``).  ``slogdet`` and ``matrix_rank`` are exact
on exact rings: checked against SymPy.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from arraytools import SMALL_INTS, flat, gt_of, np_of, shaped
from toyring import Gauss, gaussian

REAL = st.floats(-10, 10, allow_nan=False, allow_infinity=False)
COMPLEX = st.complex_numbers(max_magnitude=10, allow_nan=False, allow_infinity=False)


def _np(x: gt.Tensor) -> np.ndarray:
    return np.array(x.tolist(), dtype=complex if x.ops is gt.complexes else float)


@st.composite
def hermitian(draw: Any, complex_: bool) -> np.ndarray:
    n = draw(st.integers(1, 5))
    el = COMPLEX if complex_ else REAL
    a = np.array(draw(st.lists(st.lists(el, min_size=n, max_size=n), min_size=n, max_size=n)), dtype=complex if complex_ else float)
    return a + a.conj().T


@pytest.mark.parametrize("complex_", [False, True], ids=["floats", "complexes"])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_eigh_matches_numpy_and_diagonalises(complex_: bool, data: Any) -> None:
    a = data.draw(hermitian(complex_))
    x = gt.tensor(a.tolist())
    w, v = gt.linalg.eigh(x)
    scale = max(1.0, np.abs(a).max())
    assert w.ops is gt.floats and w.shape == (a.shape[0],) and v.ops is x.ops
    assert np.allclose(w.tolist(), np.linalg.eigvalsh(a), atol=1e-10 * scale)
    V = _np(v)
    assert np.allclose(a @ V, V * np.array(w.tolist()), atol=1e-9 * scale)
    assert np.allclose(V.conj().T @ V, np.eye(a.shape[0]), atol=1e-10)
    values = gt.linalg.eigvalsh(x)  # LAPACK's values-only driver, as NumPy: eigh's values up to rounding
    assert values.ops is gt.floats and values.tolist() == np.linalg.eigvalsh(a).tolist()
    assert np.allclose(values.tolist(), w.tolist(), atol=1e-10 * scale)


@pytest.mark.parametrize("complex_", [False, True], ids=["floats", "complexes"])
@settings(max_examples=30, deadline=None)
@given(m=st.integers(1, 5), n=st.integers(1, 5), data=st.data(), full=st.booleans())
def test_svd_matches_numpy_and_reconstructs(complex_: bool, m: int, n: int, data: Any, full: bool) -> None:
    el = COMPLEX if complex_ else REAL
    rows = data.draw(st.lists(st.lists(el, min_size=n, max_size=n), min_size=m, max_size=m))
    if data.draw(st.booleans()) and m > 1:
        rows[-1] = rows[0][:]  # rank-deficient
    a = np.array(rows, dtype=complex if complex_ else float)
    x = gt.tensor(rows, ops=gt.complexes if complex_ else gt.floats)
    u, s, vh = gt.linalg.svd(x, full_matrices=full)
    k = min(m, n)
    assert u.shape == (m, m if full else k) and s.shape == (k,) and vh.shape == (n if full else k, n)
    scale = max(1.0, np.abs(a).max())
    assert np.allclose(s.tolist(), np.linalg.svd(a, compute_uv=False), atol=1e-9 * scale)
    U, S, Vh = _np(u), np.array(s.tolist()), _np(vh)
    assert np.allclose(U[:, :k] * S @ Vh[:k], a, atol=1e-9 * scale)
    assert np.allclose(U.conj().T @ U, np.eye(U.shape[1]), atol=1e-9)
    assert np.allclose(Vh @ Vh.conj().T, np.eye(Vh.shape[0]), atol=1e-9)
    values = gt.linalg.svdvals(x)  # LAPACK's values-only driver, as NumPy: svd's S up to rounding
    assert values.ops is gt.floats and values.tolist() == np.linalg.svd(a, compute_uv=False).tolist()
    assert np.allclose(values.tolist(), s.tolist(), atol=1e-9 * scale)


def test_numeric_decompositions_of_stacks_and_empty_matrices() -> None:
    x = gt.tensor([[[2.0, 0.0], [0.0, 1.0]], [[1.0, 1.0], [1.0, 1.0]]])
    assert [[round(v, 12) for v in row] for row in gt.linalg.eigvalsh(x).tolist()] == [[1.0, 2.0], [0.0, 2.0]]
    assert gt.linalg.svdvals(x).shape == (2, 2) and gt.linalg.matrix_rank(x).tolist() == [2, 1]
    u, s, vh = gt.linalg.svd(gt.zeros((0, 3), ops=gt.floats))
    assert u.shape == (0, 0) and s.shape == (0,) and vh.shape == (3, 3)
    assert gt.linalg.svd(gt.zeros((2, 0), ops=gt.floats), full_matrices=False).U.shape == (2, 0)


@pytest.mark.parametrize("func", ["eigh", "eigvalsh", "svd", "svdvals"])
@pytest.mark.parametrize("ops", [gt.integers, gt.rationals, gt.symbolic, gt.modular(7), gaussian], ids=str)
def test_numeric_decompositions_refuse_exact_rings(func: str, ops: Any) -> None:
    with pytest.raises(gt.DomainError, match=rf"{func}: needs floating-point"):
        getattr(gt.linalg, func)(gt.tensor([[1, 0], [0, 1]], ops=ops))


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, complex(math.nan, 1.0), complex(0.0, math.inf)])
@pytest.mark.parametrize("name", ["eigh", "eigvalsh", "svd", "svdvals", "matrix_rank", "pinv", "eigenvals", "eigenvects"])
def test_decompositions_refuse_non_finite_entries_and_leave_the_input_alone(name: str, bad: complex) -> None:
    rows = [[2.0, 1.0, 0.0], [1.0, bad, 1.0], [0.0, 1.0, 2.0]]
    x = gt.tensor(rows)
    before = x.tolist()
    with pytest.raises(gt.ArgumentValueError, match=rf"^{name}: the matrix has a non-finite entry \(got .*\); NaN and infinite"):
        getattr(gt.linalg, name)(x)
    assert [[str(v) for v in row] for row in x.tolist()] == [[str(v) for v in row] for row in before]
    clean = gt.where(gt.isfinite(x), x, 0.0)  # the fix the message suggests
    assert np.allclose(gt.linalg.svdvals(clean).tolist(), np.linalg.svd(np.array(clean.tolist()), compute_uv=False))


def test_eigh_refuses_a_non_hermitian_matrix() -> None:
    with pytest.raises(ValueError, match="Hermitian"):
        gt.linalg.eigh(gt.tensor([[1.0, 2.0], [0.0, 1.0]]))
    with pytest.raises(gt.NonSquareError):
        gt.linalg.eigh(gt.zeros((2, 3), ops=gt.floats))


@settings(max_examples=40, deadline=None)
@given(data=shaped(SMALL_INTS, min_dims=2, max_dims=3, min_side=1, max_side=4))
def test_matrix_rank_is_exact_and_matches_sympy(data: Any) -> None:
    values, shape = data
    x = gt_of(values, shape)
    ranks = gt.linalg.matrix_rank(x)
    mats = np_of(values, shape).reshape((-1,) + shape[-2:])
    expected = [sympy.Matrix(m.tolist()).rank() for m in mats]
    assert flat(ranks) == expected
    assert flat(gt.linalg.matrix_rank(x.astype(gt.floats))) == [int(np.linalg.matrix_rank(m.astype(float))) for m in mats]


@settings(max_examples=40, deadline=None)
@given(data=shaped(SMALL_INTS, min_dims=2, max_dims=3, min_side=0, max_side=4).filter(lambda d: d[1][-1] == d[1][-2]))
def test_slogdet_is_exact_on_exact_rings(data: Any) -> None:
    values, shape = data
    x = gt_of(values, shape)
    sign, logabs = gt.linalg.slogdet(x)
    dets = flat(gt.linalg.det(x))
    assert flat(sign) == [(d > 0) - (d < 0) for d in dets]
    assert all((l == -math.inf) if d == 0 else math.isclose(l, math.log(abs(d))) for l, d in zip(flat(logabs), dets))
    f = gt.linalg.slogdet(x.astype(gt.floats))
    arrays = np_of(values, shape, float)
    if arrays.size:
        ns, nl = np.linalg.slogdet(arrays)
        assert np.allclose(flat(f.sign), np.ravel(ns)) and np.allclose(flat(f.logabsdet), np.ravel(nl))
    q = gt.linalg.slogdet(x.astype(gt.rationals) / 3)
    n = shape[-1]
    assert all(math.isclose(a, b - n * math.log(3)) or a == b == -math.inf for a, b in zip(flat(q.logabsdet), flat(logabs)))


def test_slogdet_other_rings() -> None:
    big = gt.tensor([[10**400, 0], [0, 1]])
    assert gt.linalg.slogdet(big) == (1, pytest.approx(400 * math.log(10)))
    c = gt.linalg.slogdet(gt.tensor([[1j, 0], [0, 2]]))
    assert c.sign == pytest.approx(1j) and c.logabsdet == pytest.approx(math.log(2))
    t = sympy.Symbol("t", positive=True)
    s = gt.linalg.slogdet(gt.tensor([[t, 0], [0, -2]]))
    assert s.sign == -1 and sympy.simplify(s.logabsdet - sympy.log(2 * t)) == 0
    for x in (gt.tensor([[1, 2], [3, 4]], ops=gt.modular(7)), gt.tensor([[Gauss(1, 1)]], ops=gaussian)):
        with pytest.raises(gt.DomainError, match="slogdet"):
            gt.linalg.slogdet(x)


def test_thin_names_agree_with_the_main_namespace() -> None:
    a = gt.tensor([[1, 2], [3, 4]])
    b = gt.tensor([[0, 1], [1, 0]])
    assert gt.array_equal(gt.linalg.matmul(a, b), a @ b)
    assert gt.linalg.tensordot(a, b, axes=1).tolist() == gt.tensordot(a, b, axes=1).tolist()
    assert gt.linalg.outer(gt.tensor([1, 2]), gt.tensor([3])).tolist() == [[3], [6]]
    assert gt.linalg.cross(gt.tensor([1, 0, 0]), gt.tensor([0, 1, 0])).tolist() == [0, 0, 1]
    assert gt.linalg.diagonal(a).tolist() == [1, 4] and gt.shares_memory(gt.linalg.diagonal(a), a)
    assert gt.linalg.trace(a) == 5 and gt.linalg.trace(a, offset=-1) == 3 and gt.linalg.trace(a, dtype=gt.rationals) == 5
    assert type(gt.linalg.trace(a, dtype=gt.float64)) is float
    assert gt.linalg.matrix_transpose(a).tolist() == [[1, 3], [2, 4]]
    assert gt.linalg.vecdot(a, gt.tensor([1, 1])).tolist() == [3, 7]


@settings(max_examples=30, deadline=None)
@given(a=shaped(st.complex_numbers(max_magnitude=5, allow_nan=False, allow_infinity=False), min_dims=1, max_dims=2, min_side=1, max_side=3))
def test_linalg_vecdot_conjugates_complex_floats_as_numpy(a: Any) -> None:
    values, shape = a
    x = gt_of(values, shape, gt.complexes)
    expected = np.vecdot(np_of(values, shape, complex), np_of(values, shape, complex))
    assert np.allclose(np.array(flat(gt.linalg.vecdot(x, x)), dtype=complex), np.ravel(expected))
    assert np.allclose(np.array(flat(np.vecdot(x, x)), dtype=complex), np.ravel(expected))


def test_linalg_hints() -> None:
    with pytest.raises(AttributeError, match="vector_norm or gt.linalg.matrix_norm"):
        gt.linalg.norm
    with pytest.raises(AttributeError, match="eigh"):
        gt.linalg.eig
    with pytest.raises(AttributeError, match=r"^module 'gentensor.linalg' has no attribute 'frob'$"):
        gt.linalg.frob


def test_subnormal_entries() -> None:
    # Subnormal entries keep their values (the old Jacobi kernel needed scaling in steps; found by hypothesis).
    w, v = gt.linalg.eigh(gt.tensor([[1e-323]]))
    assert w.tolist() == [1e-323] and v.tolist() == [[1.0]]
    assert gt.linalg.svdvals(gt.tensor([[1e-323, 0.0], [0.0, 5e-324]])).tolist() == [1e-323, 5e-324]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([(4,), (2, 3), (1,)]), st.booleans())
def test_pinv_and_matrix_rank_take_an_array_rtol_as_numpy(seed: int, batch: tuple[int, ...], column: bool) -> None:
    """The Array API's ``rtol`` may be an array broadcast against the stack's batch shape."""
    rng = np.random.default_rng(seed)
    a = rng.normal(size=batch + (3, 4))
    a[..., 2, :] = a[..., 0, :] * rng.random()  # rank 2, with a third singular value near 0 at random scales
    a[..., 1, :] *= 10.0 ** rng.integers(-8, 1, size=batch)[..., None]
    rtol = 10.0 ** rng.integers(-12, 0, size=batch[-1:] if column else batch)
    ours = gt.linalg.matrix_rank(gt.tensor(a), rtol=gt.tensor(rtol))
    assert ours.ops is gt.integers and ours.tolist() == np.linalg.matrix_rank(a, rtol=rtol).tolist()
    p = gt.linalg.pinv(gt.tensor(a), rtol=gt.tensor(rtol))
    assert np.allclose(gt.to_numpy(p), np.linalg.pinv(a, rtol=rtol), rtol=1e-9, atol=1e-12)
    with pytest.raises(gt.ArgumentValueError, match="broadcast"):
        gt.linalg.pinv(gt.tensor(a), rtol=gt.tensor(np.ones(batch[-1] + 1)))
    with pytest.raises(gt.ArgumentValueError, match=">= 0"):
        gt.linalg.matrix_rank(gt.tensor(a), rtol=-1.0)
