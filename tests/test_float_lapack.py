"""Floating-point linear algebra against NumPy (``numpy.linalg``) as the oracle.

``det``, ``slogdet``, ``inv``, ``solve``, ``svd``, ``svdvals``,
``singular_values``, ``matrix_rank``, ``condition_number``, ``eigh``,
``eigvalsh``, ``cholesky``, ``pinv`` and ``lstsq`` on ``gt.floats`` and
``gt.complexes`` (and, but for ``cholesky``, on a user ring declaring ``floating=True``) must agree
with NumPy within tolerances scaled by the matrix norm, and satisfy their
invariants (``U @ diag(S) @ Vh == A`` with orthonormal factors, ``A @ V == V * w``,
``L @ L^H == A``, ``inv(a) @ a == I``, small residuals).  Nothing here compares
printed forms, bits, or the sign/phase of singular vectors and eigenvectors,
so the same tests hold for pure-Python kernels and for LAPACK.

Inputs come in both storages (packed NumPy arrays and Python lists), as
transposed and strided views (the skipped entries are NaN, so reading them
shows), and as stacks; inputs must come back unchanged.  Also pinned: result
types (Python ``float``/``complex`` scalars, never NumPy ones; the right ``ops``
and shapes), exact singularity (``SingularMatrixError`` naming the stack
index, ``det == 0``, ``slogdet == (0, -inf)``), non-finite and non-Hermitian
input, non-positive-definite ``cholesky``, and empty shapes.
"""

from __future__ import annotations

import math
import operator
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import gentensor as gt
import gentensor.errors
from gentensor.core.tensor import Tensor
from gentensor.ops._packing import PACKING_DISABLED

OPS = [gt.floats, gt.complexes]
TOL = 1e-10  # relative to the matrix norm: n <= 6 and condition numbers of at most ~20 need far less
BATCHES = st.sampled_from([(), (2,), (2, 3)])
STORAGES = st.sampled_from(["packed", "lists"])
SETUPS = st.tuples(STORAGES, st.sampled_from(["plain", "mT", "matrix_transpose", "strided"]))
REAL = st.floats(-10, 10, allow_nan=False, allow_infinity=False)
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class UserFloats(gt.BaseOps):
    """Python floats as a user ring that says it is IEEE floating point."""

    name = "userfloats"
    zero, one = 0.0, 1.0
    capabilities = gt.Capabilities(
        exact=False, integral_domain=True, field=True, exact_division=True, ordered=True, characteristic=0,
        floating=True,
    )
    convert, abs = staticmethod(float), staticmethod(abs)  # type: ignore[assignment]
    add, sub = staticmethod(operator.add), staticmethod(operator.sub)  # type: ignore[assignment]
    mul, neg = staticmethod(operator.mul), staticmethod(operator.neg)  # type: ignore[assignment]
    div = exquo = staticmethod(operator.truediv)  # type: ignore[assignment]
    equal = staticmethod(operator.eq)  # type: ignore[assignment]
    lt, le = staticmethod(operator.lt), staticmethod(operator.le)  # type: ignore[assignment]


# -- helpers -------------------------------------------------------------------------------------


def kind(ops: Any) -> type:
    return {id(gt.complexes): complex, id(gt.integers): int}.get(id(ops), float)


def np_of(t: Any) -> np.ndarray:
    return np.array(t.tolist(), dtype=kind(t.ops)).reshape(t.shape)


def build(arr: np.ndarray, ops: Any, storage: str) -> Tensor:
    """A contiguous tensor equal to ``arr`` in packed or list storage."""
    flat = [ops.convert(kind(ops)(v)) for v in arr.ravel().tolist()]
    if storage == "lists":
        t = Tensor._from_flat(flat, arr.shape, ops)
    else:
        t = gt.tensor(flat, ops=ops).reshape(arr.shape)
    if arr.size:
        packs = storage == "packed" and getattr(ops, "packing", None) is not None and not PACKING_DISABLED
        assert (t._store.packing is not None) == packs
    return t


def make(arr: np.ndarray, ops: Any, storage: str = "packed", view: str = "plain") -> tuple[Tensor, Tensor]:
    """``(x, base)``: ``x`` equals ``arr``, as ``view`` of ``base`` (transposed, or every other entry of NaNs)."""
    if view in ("mT", "matrix_transpose"):
        base = build(np.swapaxes(arr, -1, -2).copy(), ops, storage)
        return (base.mT if view == "mT" else gt.matrix_transpose(base)), base
    if view == "strided":
        m, n = arr.shape[-2:]
        big = np.full(arr.shape[:-2] + (2 * m, 2 * n), np.nan, dtype=arr.dtype)
        big[..., ::2, ::2] = arr
        base = build(big, ops, storage)
        return base[..., ::2, ::2], base
    base = build(arr, ops, storage)
    return base, base


def unchanged(before: np.ndarray, base: Tensor) -> None:
    assert np.array_equal(before, np_of(base), equal_nan=True)


def check(t: Any, ops: Any, shape: tuple[int, ...]) -> np.ndarray:
    """``t`` is a tensor of ``ops`` and ``shape`` whose elements are Python scalars; its values as an array."""
    assert isinstance(t, gt.Tensor) and t.ops is ops and t.shape == tuple(shape), (type(t), getattr(t, "ops", None))
    assert all(type(v) is kind(ops) for v in t._elements())
    return np_of(t)


def close(got: Any, want: Any, tol: Any) -> None:
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    err = np.abs(got - want)
    assert np.all(err <= tol), f"error {err.max()} > {np.min(tol)}:\n{got}\n!=\n{want}"


def ct(a: np.ndarray) -> np.ndarray:
    return np.conj(np.swapaxes(a, -1, -2))


def eye_like(a: np.ndarray) -> np.ndarray:
    return np.broadcast_to(np.eye(a.shape[-1]), a.shape)


@st.composite
def arrays(draw: Any, ops: Any, shape: tuple[int, ...]) -> np.ndarray:
    size = math.prod(shape)
    elements = st.builds(complex, REAL, REAL) if ops is gt.complexes else REAL
    flat = draw(st.lists(elements, min_size=size, max_size=size))
    return np.array(flat, dtype=kind(ops)).reshape(shape)


def dominant(a: np.ndarray) -> np.ndarray:
    """``a`` (entries of modulus < 15) plus ``15 (n+1)`` on the diagonal: diagonally dominant, condition < ~20."""
    m, n = a.shape[-2:]
    return a + 15 * (max(m, n) + 1) * np.eye(m, n)


def hermitian(a: np.ndarray) -> np.ndarray:
    """``(a + a^H) / 2``: exactly Hermitian in floating point (real diagonal)."""
    return (a + ct(a)) / 2


# -- values and invariants against NumPy -------------------------------------------------------------


@pytest.mark.parametrize("ops", OPS, ids=str)
@SETTINGS
@given(data=st.data())
def test_det_slogdet_inv_match_numpy(ops, data):
    n, batch, (storage, view) = data.draw(st.integers(1, 5)), data.draw(BATCHES), data.draw(SETUPS)
    A = dominant(data.draw(arrays(ops, batch + (n, n))))
    x, base = make(A, ops, storage, view)
    before = np_of(base)
    d, (sign, logabs), xi = gt.linalg.det(x), gt.linalg.slogdet(x), gt.linalg.inv(x)
    unchanged(before, base)
    want_sign, want_log = np.linalg.slogdet(A)
    if batch:
        d, sign, logabs = check(d, ops, batch), check(sign, ops, batch), check(logabs, gt.floats, batch)
    else:
        assert type(d) is kind(ops) and type(sign) is kind(ops) and type(logabs) is float
    close(d, np.linalg.det(A), 1e-10 * np.abs(np.linalg.det(A)))
    close(sign, want_sign, 1e-12)
    close(logabs, want_log, 1e-10)
    inverse = check(xi, ops, A.shape)
    close(inverse @ A, eye_like(A), TOL)
    close(inverse, np.linalg.inv(A), TOL * np.abs(np.linalg.inv(A)).max())


SOLVE_BATCHES = [((), ()), ((2,), ()), ((), (2,)), ((2, 1), (3,)), ((3,), (2, 1)), ((2, 3), (3,))]


@pytest.mark.parametrize("ops", OPS, ids=str)
@SETTINGS
@given(data=st.data())
def test_solve_matches_numpy_and_broadcasts_like_numpy_2(ops, data):
    n, (a_batch, b_batch) = data.draw(st.integers(1, 5)), data.draw(st.sampled_from(SOLVE_BATCHES))
    vector = data.draw(st.booleans())
    b_shape = (n,) if vector else b_batch + (n, data.draw(st.integers(1, 3)))
    A = dominant(data.draw(arrays(ops, a_batch + (n, n))))
    B = data.draw(arrays(ops, b_shape))
    a, a_base = make(A, ops, *data.draw(SETUPS))
    b, b_base = make(B, ops, data.draw(STORAGES))
    before_a, before_b = np_of(a_base), np_of(b_base)
    want = np.linalg.solve(A, B)  # NumPy 2: a 1-d b is a vector, batch axes broadcast
    got = check(gt.linalg.solve(a, b), ops, want.shape)
    unchanged(before_a, a_base)
    unchanged(before_b, b_base)
    close(got, want, TOL * (1 + np.abs(want).max()))
    residual = A @ got[..., None] - B[..., None] if vector else A @ got - B
    close(residual, np.zeros_like(residual), TOL * np.abs(A).max() * (1 + np.abs(got).max()))


@pytest.mark.parametrize("ops", OPS, ids=str)
@SETTINGS
@given(data=st.data())
def test_svd_invariants_and_singular_values_match_numpy(ops, data):
    m, n, batch = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 5)), data.draw(BATCHES)
    full, (storage, view) = data.draw(st.booleans()), data.draw(SETUPS)
    A = data.draw(arrays(ops, batch + (m, n)))
    x, base = make(A, ops, storage, view)
    before = np_of(base)
    u, s, vh = gt.linalg.svd(x, full_matrices=full)
    values = gt.linalg.svdvals(x)
    unchanged(before, base)
    k = min(m, n)
    U = check(u, ops, batch + (m, m if full else k))
    S = check(s, gt.floats, batch + (k,))
    Vh = check(vh, ops, batch + (n if full else k, n))
    scale = 1 + np.linalg.norm(A)
    want = np.linalg.svd(A, compute_uv=False)
    close(S, want, TOL * scale)
    assert np.all(S >= 0) and np.all(np.diff(S, axis=-1) <= 0)
    close(check(values, gt.floats, batch + (k,)), want, TOL * scale)
    close((U[..., :k] * S[..., None, :]) @ Vh[..., :k, :], A, TOL * scale)
    close(ct(U) @ U, eye_like(ct(U) @ U), TOL)
    close(Vh @ ct(Vh), eye_like(Vh @ ct(Vh)), TOL)
    if full:
        close(U @ ct(U), eye_like(U), TOL)
        close(ct(Vh) @ Vh, eye_like(Vh), TOL)
    if not batch:
        close(check(gt.linalg.singular_values(x), gt.floats, (k,)), want, TOL * scale)


@pytest.mark.parametrize("ops", OPS, ids=str)
@SETTINGS
@given(data=st.data())
def test_eigh_invariants_match_numpy(ops, data):
    n, batch, (storage, view) = data.draw(st.integers(1, 6)), data.draw(BATCHES), data.draw(SETUPS)
    A = hermitian(data.draw(arrays(ops, batch + (n, n))))
    x, base = make(A, ops, storage, view)
    before = np_of(base)
    w, v = gt.linalg.eigh(x)
    values = gt.linalg.eigvalsh(x)
    unchanged(before, base)
    W, V = check(w, gt.floats, batch + (n,)), check(v, ops, batch + (n, n))
    scale = 1 + np.linalg.norm(A)
    want = np.linalg.eigvalsh(A)
    close(W, want, TOL * scale)
    assert np.all(np.diff(W, axis=-1) >= 0)
    close(check(values, gt.floats, batch + (n,)), want, TOL * scale)
    close(A @ V, V * W[..., None, :], TOL * scale)
    close(ct(V) @ V, eye_like(V), TOL)


@pytest.mark.parametrize("ops", OPS, ids=str)
@SETTINGS
@given(data=st.data())
def test_cholesky_matches_numpy(ops, data):
    n, batch, (storage, view) = data.draw(st.integers(1, 6)), data.draw(BATCHES), data.draw(SETUPS)
    R = data.draw(arrays(ops, batch + (n, n)))
    A = hermitian(R @ ct(R) + np.eye(n))  # positive definite, smallest eigenvalue >= 1
    x, base = make(A, ops, storage, view)
    before = np_of(base)
    low, up = gt.linalg.cholesky(x), gt.linalg.cholesky(x, upper=True)
    unchanged(before, base)
    L, U = check(low, ops, A.shape), check(up, ops, A.shape)
    assert np.all(np.triu(L, 1) == 0) and np.all(np.tril(U, -1) == 0)
    diagonal = np.diagonal(L, axis1=-2, axis2=-1)
    scale = 1 + np.linalg.norm(A)
    assert np.all(diagonal.real > 0) and np.all(np.abs(diagonal.imag) <= TOL * math.sqrt(scale))
    close(L @ ct(L), A, TOL * scale)
    close(L, np.linalg.cholesky(A), TOL * math.sqrt(scale))  # unique with a positive diagonal
    close(U, ct(L), TOL * math.sqrt(scale))


@pytest.mark.parametrize("ops", OPS, ids=str)
@SETTINGS
@given(data=st.data())
def test_pinv_and_lstsq_of_full_rank_matrices_match_numpy(ops, data):
    m, n, batch = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 5)), data.draw(BATCHES)
    A = dominant(data.draw(arrays(ops, batch + (m, n))))  # singular values within [10, 150]
    x, base = make(A, ops, *data.draw(SETUPS))
    before = np_of(base)
    P = check(gt.linalg.pinv(x), ops, batch + (n, m))
    unchanged(before, base)
    want = np.linalg.pinv(A)
    close(P, want, TOL * np.abs(want).max())
    close(A @ P @ A, A, TOL * np.abs(A).max())
    vector = data.draw(st.booleans())  # a vector b also against a stack: one vector x per matrix
    B = data.draw(arrays(ops, (m,) if vector else (m, data.draw(st.integers(1, 3)))))
    b = build(B, ops, data.draw(STORAGES))
    solution, residuals, rank = gt.linalg.lstsq(x, b)
    unchanged(before, base)
    unchanged(B, b)
    X = (want @ B[..., None])[..., 0] if vector else want @ B
    close(check(solution, ops, X.shape), X, TOL * (1 + np.abs(X).max()))
    fitted = (A @ X[..., None])[..., 0] if vector else A @ X
    res = np.sum(np.abs(B - fitted) ** 2, axis=-1 if vector else -2)
    tol = TOL * (1 + np.abs(B).max()) ** 2
    res_ops = gt.floats  # squared norms: real also for complexes, as NumPy's
    if vector and not batch:
        assert type(residuals) is float and type(rank) is int
        close(residuals, res, tol)
        assert rank == min(m, n) == np.linalg.lstsq(A, B)[2]
    else:
        close(check(residuals, res_ops, res.shape), res, tol)
        assert batch or type(rank) is int
        close(check(rank, gt.integers, batch) if batch else rank, np.full(batch, min(m, n)), 0)


@pytest.mark.parametrize("ops", OPS, ids=str)
@SETTINGS
@given(data=st.data())
def test_rank_pinv_and_condition_number_of_rank_deficient_matrices(ops, data):
    m, n, batch = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 5)), data.draw(st.sampled_from([(), (2,)]))
    r = data.draw(st.integers(0, min(m, n)))
    rows = data.draw(st.permutations(range(m)))[:r]
    cols = data.draw(st.permutations(range(n)))[:r]
    scales = 10.0 ** -np.array(data.draw(st.lists(st.integers(0, 3), min_size=r, max_size=r)), dtype=float)
    A = np.zeros(batch + (m, n), dtype=kind(ops))  # rank r, singular values spread over 1e-3..1
    A[..., np.array(rows, dtype=int)[:, None], np.array(cols, dtype=int)] = scales[:, None] * dominant(
        data.draw(arrays(ops, batch + (r, r)))
    )
    rtol = data.draw(st.sampled_from([None, 1e-8, 0.05, 0.3]))
    S = np.linalg.svd(A, compute_uv=False)
    if rtol is not None:  # no singular value at the cut-off, where rounding decides
        assume(np.all((np.abs(S - rtol * S[..., :1]) > 1e-6 * S[..., :1]) | (S[..., :1] == 0)))
    x, base = make(A, ops, *data.draw(SETUPS))
    before = np_of(base)
    got = gt.linalg.matrix_rank(x) if rtol is None else gt.linalg.matrix_rank(x, rtol=rtol)
    want = np.linalg.matrix_rank(A) if rtol is None else np.linalg.matrix_rank(A, rtol=rtol)
    if batch:
        close(check(got, gt.integers, batch), want, 0)
    else:
        assert type(got) is int and got == want
    if rtol is None:
        assert np.all(want == r)
    if rtol is not None:
        want_pinv = np.linalg.pinv(A, rtol=rtol)
        close(check(gt.linalg.pinv(x, rtol=rtol), ops, batch + (n, m)), want_pinv, TOL * (1 + np.abs(want_pinv).max()))
    _, _, lstsq_rank = gt.linalg.lstsq(x, build(np.ones(batch + (m, 1), dtype=kind(ops)), ops, "packed"))
    got_pinv_rank = check(lstsq_rank, gt.integers, batch) if batch else lstsq_rank
    close(got_pinv_rank, np.linalg.matrix_rank(A), 0)  # the rank where pinv's SVD cut, as numpy.linalg.lstsq
    if r == min(m, n) > 0:
        cond = gt.linalg.condition_number(x)  # also for a stack, as numpy.linalg.cond
        if batch:
            close(check(cond, gt.floats, batch), np.linalg.cond(A), TOL * np.linalg.cond(A).max())
        else:
            assert type(cond) is float
            close(cond, np.linalg.cond(A), TOL * np.linalg.cond(A))
    unchanged(before, base)


@pytest.mark.parametrize("ops", OPS, ids=str)
@pytest.mark.parametrize("storage", ["packed", "lists"])
def test_a_30x30_matrix_and_a_2x3_stack(ops, storage):
    rng = np.random.default_rng(30)
    for shape in [(30, 30), (2, 3, 4, 4)]:
        A = rng.uniform(-1, 1, shape) + (1j * rng.uniform(-1, 1, shape) if ops is gt.complexes else 0)
        n, batch = shape[-1], shape[:-2]
        x, h = make(A, ops, storage)[0], make(hermitian(A), ops, storage)[0]
        scale = 1 + np.linalg.norm(A)
        d = gt.linalg.det(x)
        close(check(d, ops, batch) if batch else d, np.linalg.det(A), 1e-8 * np.abs(np.linalg.det(A)))
        close(check(gt.linalg.inv(x), ops, shape) @ A, eye_like(A), 1e-8)
        got = check(gt.linalg.solve(x, build(A[..., :1].copy(), ops, storage)), ops, batch + (n, 1))
        close(A @ got, A[..., :1], 1e-8 * scale)
        u, s, vh = gt.linalg.svd(x)
        close(np_of(u) * np_of(s)[..., None, :] @ np_of(vh), A, TOL * scale)
        close(np_of(s), np.linalg.svd(A, compute_uv=False), TOL * scale)
        w, v = gt.linalg.eigh(h)
        close(hermitian(A) @ np_of(v), np_of(v) * np_of(w)[..., None, :], TOL * scale)
        close(np_of(w), np.linalg.eigvalsh(hermitian(A)), TOL * scale)
        spd = hermitian(A @ ct(A) + np.eye(n))
        close(check(gt.linalg.cholesky(make(spd, ops, storage)[0]), ops, shape), np.linalg.cholesky(spd), TOL * scale)


# -- singular, non-finite, non-Hermitian and indefinite input ------------------------------------------


@pytest.mark.parametrize("ops", OPS, ids=str)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_exactly_singular_matrices(ops, data):
    """A zero row or column stays exactly zero through any elimination: singular in floating point too.

    Unless an entry is so tiny that a multiplier overflows (``0 * inf`` is NaN): entries near the smallest
    normal double are left out here; `test_singular_to_working_precision` covers them.
    """
    n, batch, (storage, view) = data.draw(st.integers(1, 5)), data.draw(BATCHES), data.draw(SETUPS)
    A = dominant(data.draw(arrays(ops, batch + (n, n))))
    assume(np.all((A == 0) | (np.abs(A) >= 1e-100)))
    index = tuple(data.draw(st.integers(0, k - 1)) for k in batch)
    where, line = data.draw(st.integers(0, n - 1)), data.draw(st.booleans())
    if line:
        A[index + (where,)] = 0
    else:
        A[index + (slice(None), where)] = 0
    with np.errstate(divide="ignore", invalid="ignore"):  # NumPy may warn about the zero pivot
        assert np.linalg.det(A[index]) == 0
    x, base = make(A, ops, storage, view)
    before = np_of(base)
    b = build(data.draw(arrays(ops, (n,))), ops, storage)
    for call in (lambda: gt.linalg.inv(x), lambda: gt.linalg.solve(x, b)):
        with pytest.raises(gentensor.errors.SingularMatrixError) as info:
            call()
        if batch:
            assert str(index) in str(info.value)
    d, (sign, logabs) = gt.linalg.det(x), gt.linalg.slogdet(x)
    unchanged(before, base)
    if batch:
        d, sign, logabs = (check(t, o, batch)[index] for t, o in ((d, ops), (sign, ops), (logabs, gt.floats)))
    else:
        assert type(d) is kind(ops) and type(sign) is kind(ops) and type(logabs) is float
    assert d == 0 and sign == 0 and logabs == -math.inf


@pytest.mark.parametrize("ops", OPS, ids=str)
@pytest.mark.parametrize("storage", ["packed", "lists"])
def test_the_scaled_row_matrix_is_singular(ops, storage):
    x = make(np.array([[1.0, 2.0], [2.0, 4.0]], dtype=kind(ops)), ops, storage)[0]
    assert gt.SingularMatrixError is gentensor.errors.SingularMatrixError
    with pytest.raises(gentensor.errors.SingularMatrixError):
        gt.linalg.inv(x)
    with pytest.raises(gentensor.errors.SingularMatrixError):
        gt.linalg.solve(x, make(np.array([1.0, 1.0], dtype=kind(ops)), ops, storage)[0])
    d = gt.linalg.det(x)
    assert type(d) is kind(ops) and d == 0 == np.linalg.det([[1.0, 2.0], [2.0, 4.0]])
    sign, logabs = gt.linalg.slogdet(x)
    assert sign == 0 and logabs == -math.inf and type(logabs) is float
    stack = make(np.array([np.eye(2), [[1.0, 2.0], [2.0, 4.0]], np.eye(2)], dtype=kind(ops)), ops, storage)[0]
    with pytest.raises(gentensor.errors.SingularMatrixError, match=r"\(1,\)"):
        gt.linalg.inv(stack)
    assert np_of(gt.linalg.det(stack)).tolist() == [1, 0, 1]
    assert gt.linalg.matrix_rank(x) == 1 == np.linalg.matrix_rank([[1.0, 2.0], [2.0, 4.0]])
    for exact in ([[1.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]]):  # singular values exactly 0: cond is inf
        cond = gt.linalg.condition_number(make(np.array(exact, dtype=kind(ops)), ops, storage)[0])
        assert type(cond) is float and cond == math.inf == np.linalg.cond(exact)


@pytest.mark.parametrize("ops", OPS, ids=str)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_non_finite_entries_are_refused(ops, data):
    n, storage = data.draw(st.integers(1, 4)), data.draw(STORAGES)
    bad = data.draw(st.sampled_from([math.nan, math.inf, -math.inf]))
    if ops is gt.complexes:
        bad = data.draw(st.sampled_from([complex(bad, 0.0), complex(1.0, bad), complex(bad, bad)]))
    i, j = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
    A = hermitian(data.draw(arrays(ops, (n, n))))
    A[j, i] = np.conj(bad)  # Hermitian but for non-finiteness
    A[i, j] = bad
    name = repr(bad) if ops is gt.floats else ("nan" if np.isnan(bad) else "inf")
    x, base = make(A, ops, storage)
    before = np_of(base)
    for func in (gt.linalg.svd, gt.linalg.svdvals, gt.linalg.eigh, gt.linalg.eigvalsh):
        with pytest.raises(gentensor.errors.ArgumentValueError) as info:
            func(x)
        assert name in str(info.value)
    unchanged(before, base)


@pytest.mark.parametrize("ops", OPS, ids=str)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_non_hermitian_and_indefinite_matrices_are_refused(ops, data):
    n, batch, storage = data.draw(st.integers(2, 5)), data.draw(BATCHES), data.draw(STORAGES)
    R = data.draw(arrays(ops, batch + (n, n)))
    A = hermitian(R @ ct(R) + np.eye(n))
    index = tuple(data.draw(st.integers(0, k - 1)) for k in batch)
    i, j = data.draw(st.permutations(range(n)))[:2]
    skew = A.copy()
    skew[index + (i, j)] += 1 + np.abs(A).max()  # far beyond rounding
    x = make(skew, ops, storage)[0]
    for func in (gt.linalg.eigh, gt.linalg.eigvalsh, gt.linalg.cholesky):
        with pytest.raises(gentensor.errors.ArgumentValueError):
            func(x)
    indefinite = A.copy()
    indefinite[index + (i, i)] = data.draw(st.sampled_from([0.0, -1.0]))  # a PD matrix has a positive diagonal
    x, base = make(indefinite, ops, storage)
    before = np_of(base)
    with pytest.raises(gentensor.errors.NotPositiveDefiniteError) as info:
        gt.linalg.cholesky(x)
    if batch:
        assert str(index) in str(info.value)
    unchanged(before, base)
    with pytest.raises(np.linalg.LinAlgError):  # the oracle agrees
        np.linalg.cholesky(indefinite)


def test_complex_eigh_needs_a_real_diagonal():
    with pytest.raises(gentensor.errors.ArgumentValueError):
        gt.linalg.eigh(gt.tensor([[1.0 + 1j, 0j], [0j, 1.0 + 0j]]))


# -- empty shapes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("ops", OPS, ids=str)
def test_empty_matrices_and_stacks(ops):
    def z(*shape: int) -> Tensor:
        return gt.zeros(shape, ops=ops)

    d, (sign, logabs) = gt.linalg.det(z(0, 0)), gt.linalg.slogdet(z(0, 0))
    assert type(d) is kind(ops) and d == 1 and sign == 1 and type(logabs) is float and logabs == 0.0
    check(gt.linalg.inv(z(0, 0)), ops, (0, 0))
    check(gt.linalg.solve(z(0, 0), z(0)), ops, (0,))
    check(gt.linalg.solve(z(0, 0), z(0, 3)), ops, (0, 3))
    assert gt.linalg.matrix_rank(z(0, 0)) == 0 == gt.linalg.matrix_rank(z(3, 0))
    for shape in [(3, 0), (0, 3), (0, 0), (2, 0, 3), (0, 2, 3), (0, 2, 2)]:
        for full in (True, False):
            want = np.linalg.svd(np.zeros(shape), full_matrices=full)
            u, s, vh = gt.linalg.svd(z(*shape), full_matrices=full)
            U, _, Vh = check(u, ops, want[0].shape), check(s, gt.floats, want[1].shape), check(vh, ops, want[2].shape)
            if full:
                close(U @ ct(U), eye_like(U), 0)
                close(ct(Vh) @ Vh, eye_like(Vh), 0)
        check(gt.linalg.svdvals(z(*shape)), gt.floats, shape[:-2] + (min(shape[-2:]),))
        check(gt.linalg.pinv(z(*shape)), ops, shape[:-2] + shape[-2:][::-1])
    for shape in [(0, 0), (0, 2, 2)]:
        batch, n = shape[:-2], shape[-1]
        w, v = gt.linalg.eigh(z(*shape))
        check(w, gt.floats, batch + (n,)), check(v, ops, shape)
        check(gt.linalg.eigvalsh(z(*shape)), gt.floats, batch + (n,))
        check(gt.linalg.cholesky(z(*shape)), ops, shape)
    check(gt.linalg.det(z(0, 2, 2)), ops, (0,))
    check(gt.linalg.slogdet(z(0, 2, 2)).logabsdet, gt.floats, (0,))
    check(gt.linalg.inv(z(0, 2, 2)), ops, (0, 2, 2))
    check(gt.linalg.solve(z(0, 2, 2), z(2)), ops, (0, 2))
    check(gt.linalg.matrix_rank(z(0, 2, 2)), gt.integers, (0,))


# -- a user ring of Python floats -----------------------------------------------------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_user_floating_ring_matches_numpy(data):
    ops = UserFloats()
    n = data.draw(st.integers(1, 5))
    A = dominant(data.draw(arrays(gt.floats, (n, n))))
    B = data.draw(arrays(gt.floats, (n,)))
    x, b = build(A, ops, "lists"), build(B, ops, "lists")
    before = np_of(x)
    scale = 1 + np.linalg.norm(A)
    d = gt.linalg.det(x)
    assert type(d) is float
    close(d, np.linalg.det(A), 1e-10 * abs(np.linalg.det(A)))
    close(gt.linalg.slogdet(x).logabsdet, np.linalg.slogdet(A)[1], 1e-10)
    close(check(gt.linalg.inv(x), ops, (n, n)) @ A, np.eye(n), TOL)
    close(check(gt.linalg.solve(x, b), ops, (n,)), np.linalg.solve(A, B), TOL)
    u, s, vh = gt.linalg.svd(x)
    U, S, Vh = check(u, ops, (n, n)), check(s, gt.floats, (n,)), check(vh, ops, (n, n))
    close(S, np.linalg.svd(A, compute_uv=False), TOL * scale)
    close(U * S @ Vh, A, TOL * scale)
    H = hermitian(A)
    w, v = gt.linalg.eigh(build(H, ops, "lists"))
    W, V = check(w, gt.floats, (n,)), check(v, ops, (n, n))
    close(W, np.linalg.eigvalsh(H), TOL * scale)
    close(H @ V, V * W, TOL * scale)
    close(check(gt.linalg.pinv(x), ops, (n, n)), np.linalg.pinv(A), TOL)
    close(check(gt.linalg.lstsq(x, b).solution, ops, (n,)), np.linalg.solve(A, B), TOL)
    assert gt.linalg.matrix_rank(x) == n
    close(gt.linalg.condition_number(x), np.linalg.cond(A), TOL * np.linalg.cond(A))
    unchanged(before, x)


@pytest.mark.parametrize("ops", OPS, ids=str)
def test_cholesky_and_eigh_accept_symmetry_up_to_rounding(ops):
    # A product computed twice (y @ y^H through BLAS on a copy) is Hermitian only up to rounding; NumPy
    # factors it, and so does gentensor.  One entry a few ulps off the exact conjugate stands for that.
    rng = np.random.default_rng(7)
    Y = rng.standard_normal((6, 40)) + (1j * rng.standard_normal((6, 40)) if ops is gt.complexes else 0)
    C = Y @ Y.conj().T
    C = (C + C.conj().T) / 2  # exactly Hermitian
    C[1, 0] = np.nextafter(C[1, 0].real, np.inf) + (1j * C[1, 0].imag if ops is gt.complexes else 0)
    assert np.abs(C - C.conj().T).max() > 0
    c = build(C, ops, "packed")
    L = check(gt.linalg.cholesky(c), ops, (6, 6))
    close(L, np.linalg.cholesky(C), TOL * np.abs(C).max())  # LAPACK reads the lower triangle, as NumPy
    close(check(gt.linalg.eigvalsh(c), gt.floats, (6,)), np.linalg.eigvalsh(C), TOL * np.abs(C).max())
    skewed = C.copy()
    skewed[0, 1] += 1e-6 * np.abs(C).max()  # past the 1e-10 tolerance: refused, naming the entries
    with pytest.raises(gentensor.errors.ArgumentValueError, match=r"x\[0, 1\]"):
        gt.linalg.cholesky(build(skewed, ops, "packed"))


@pytest.mark.parametrize("ops", OPS, ids=str)
def test_singular_to_working_precision(ops):
    # An exactly singular matrix (a zero row) whose LU meets a subnormal pivot, not a zero one: LAPACK reports
    # nothing and NumPy returns inf/nan; gentensor refuses finite input whose inverse no double can hold.
    M = np.array([[60.0, 1.0, 0.0], [0.0, 0.0, 0.0], [2.2250738585072014e-308, 0.0, 60.0]], dtype=kind(ops))
    stack = np.stack([60.0 * np.eye(3, dtype=kind(ops)), M])
    with np.errstate(all="ignore"):
        assert not np.isfinite(np.linalg.inv(M)).all()  # the case this test is for
    for call in (lambda: gt.linalg.inv(build(stack, ops, "packed")),
                 lambda: gt.linalg.solve(build(stack, ops, "packed"), build(np.ones(3, dtype=kind(ops)), ops, "packed"))):
        with pytest.raises(gentensor.errors.SingularMatrixError, match=r"index \(1,\).*working precision"):
            call()
    big = np.array([[1e-300, 0.0], [0.0, 1.0]], dtype=kind(ops))  # a huge but finite inverse is still returned
    close(check(gt.linalg.inv(build(big, ops, "packed")), ops, (2, 2)), np.linalg.inv(big), 1e286)
    nan = np.array([[np.nan, 1.0], [1.0, 1.0]], dtype=kind(ops))  # NaN: LAPACK says singular; gentensor names the entry
    with pytest.raises(gentensor.errors.ArgumentValueError, match="non-finite entry"):
        gt.linalg.inv(build(nan, ops, "packed"))


def test_explain_names_lapack_for_floating_rings(monkeypatch):
    # explain says what runs: LAPACK's LU for det/inv/solve of floating rings (unless a method is named)
    for ops in OPS:
        for operation in ("det", "inv", "solve"):
            plan = gt.linalg.explain(operation, ops)
            assert (plan.algorithm, plan.kernel) == ("lu", "LAPACK (numpy.linalg)"), (ops, operation)
        assert gt.linalg.explain("rank", ops).algorithm == "gauss"  # rank still eliminates (exact zero test)
    assert gt.linalg.explain("det", gt.floats, method="gauss").algorithm == "gauss"
    assert gt.linalg.explain("det", gt.rationals).kernel != "LAPACK (numpy.linalg)"
    calls = []
    real_det = np.linalg.det
    monkeypatch.setattr(np.linalg, "det", lambda a: calls.append(a.shape) or real_det(a))
    gt.linalg.det(gt.tensor([[2.0, 1.0], [1.0, 3.0]]))
    assert calls == [(2, 2)]  # what explain said ran
    gt.linalg.det(gt.tensor([[2.0, 1.0], [1.0, 3.0]]), method="gauss")
    assert calls == [(2, 2)]  # an explicit method runs gentensor's own elimination


@pytest.mark.parametrize("ops", OPS, ids=str)
def test_cholesky_of_non_finite_or_huge_entries(ops):
    # The cheap first check (exactly Hermitian, finite sum) never lets inf/nan through, and huge finite entries
    # whose sum overflows take the full checks, quietly (no warning: pytest turns warnings into errors).
    for bad in (math.inf, math.nan):
        with pytest.raises(gentensor.errors.ArgumentValueError, match="non-finite entry"):
            gt.linalg.cholesky(build(np.array([[bad, 0.0], [0.0, 1.0]], dtype=kind(ops)), ops, "packed"))
    huge = np.array([[1e308, 0.0], [0.0, 1e308]], dtype=kind(ops))
    close(check(gt.linalg.cholesky(build(huge, ops, "packed")), ops, (2, 2)), np.linalg.cholesky(huge), 1e143)
