"""Booleans in arithmetic contexts count as integers: linear algebra, products, norms and reductions.

A booleans ops adds by logical OR (it is a mask's algebra, not a ring), so
every function that sums must compute in ``ops.arithmetic_ops`` (integers),
as NumPy's ``trace``/``sum`` and NumPy object arrays of Python bools do.
Each function is compared on random boolean tensors with the same call on
the tensor cast to integers and, where NumPy has the function, with NumPy.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt

L = gt.linalg
INF = float("inf")


@st.composite
def bool_matrices(draw, min_n=1, max_n=4, square=True):
    m = draw(st.integers(min_n, max_n))
    n = m if square else draw(st.integers(min_n, max_n))
    flat = draw(st.lists(st.booleans(), min_size=m * n, max_size=m * n))
    return gt.tensor(flat).reshape((m, n))


def _plain(value):
    """A comparable form: nested lists for tensors, tuples for result records."""
    if isinstance(value, gt.Tensor):
        return ("tensor", value.shape, value.tolist())
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _same_as_integers(f, x):
    """``f(x)`` equals ``f(x as integers)`` (the same value or the same error class) and holds no bool where integers count."""
    xi = x.astype(gt.integers)
    try:
        expected = _plain(f(xi))
    except gt.GentensorError as e:
        with pytest.raises(type(e)):
            f(x)
        return
    got = _plain(f(x))
    assert got == expected


# Functions that sum or count: the results must be those of the integer matrix.
SQUARE = {
    "gt.trace": lambda x: gt.trace(x),
    "linalg.trace": lambda x: L.trace(x),
    "linalg.trace offset": lambda x: L.trace(x, offset=1),
    "matmul": lambda x: x @ x,
    "linalg.matmul": lambda x: L.matmul(x, x),
    "matrix @ vector": lambda x: x @ x[0],
    "vecdot": lambda x: gt.vecdot(x, x),
    "tensordot": lambda x: gt.tensordot(x, x),
    "tensordot axes=1": lambda x: gt.tensordot(x, x, axes=1),
    "einsum product": lambda x: gt.einsum("ij,jk->ik", x, x),
    "einsum trace": lambda x: gt.einsum("ii", x),
    "einsum sum": lambda x: gt.einsum("ij->", x),
    "outer": lambda x: gt.outer(x[0], x[-1]),
    "kron": lambda x: gt.kron(x, x),
    "matrix_power 1": lambda x: L.matrix_power(x, 1),
    "matrix_power 3": lambda x: L.matrix_power(x, 3),
    "matrix_power 0": lambda x: L.matrix_power(x, 0),
    "det": L.det,
    "inv": L.inv,
    "adjugate": L.adjugate,
    "solve": lambda x: L.solve(x, x[:, :1]),
    "rank": L.rank,
    "rref": L.rref,
    "nullspace": L.nullspace,
    "lu": L.lu,
    "charpoly": L.charpoly,
    "minpoly": L.minpoly,
    "eigenvals": L.eigenvals,
    "hnf": L.hnf,
    "snf": L.snf,
    "det_mod": lambda x: L.det_mod(x, 7),
    "matrix_rank": L.matrix_rank,
    "slogdet": L.slogdet,
    "vector_norm": L.vector_norm,
    "vector_norm 1": lambda x: L.vector_norm(x, ord=1),
    "vector_norm inf": lambda x: L.vector_norm(x, ord=INF),
    "vector_norm 0": lambda x: L.vector_norm(x, ord=0),
    "vector_norm 3": lambda x: L.vector_norm(x, ord=3),
    "vector_norm axis": lambda x: L.vector_norm(x, axis=0),
    "matrix_norm fro": L.matrix_norm,
    "matrix_norm 1": lambda x: L.matrix_norm(x, ord=1),
    "matrix_norm -1": lambda x: L.matrix_norm(x, ord=-1),
    "matrix_norm inf": lambda x: L.matrix_norm(x, ord=INF),
    "matrix_norm -inf": lambda x: L.matrix_norm(x, ord=-INF),
    "matrix_norm 2": lambda x: L.matrix_norm(x, ord=2),
    "matrix_norm nuc": lambda x: L.matrix_norm(x, ord="nuc"),
    "sum": lambda x: gt.sum(x),
    "sum axis": lambda x: gt.sum(x, axis=0),
    "prod": lambda x: gt.prod(x),
    "cumulative_sum": lambda x: gt.cumulative_sum(x, axis=1),
    "cumulative_prod": lambda x: gt.cumulative_prod(x, axis=0),
    "mean": lambda x: gt.mean(x),
    "var": lambda x: gt.var(x),
    "count_nonzero": lambda x: gt.count_nonzero(x),
}


@pytest.mark.parametrize("name", sorted(SQUARE))
@settings(max_examples=25, deadline=None)
@given(x=bool_matrices())
def test_boolean_matrices_count_as_integers(name, x):
    _same_as_integers(SQUARE[name], x)


@settings(max_examples=30, deadline=None)
@given(x=bool_matrices(min_n=1, max_n=5, square=False))
def test_boolean_sums_against_numpy(x):
    a = np.array(x.tolist(), dtype=bool)
    assert gt.sum(x) == int(np.sum(a))
    assert gt.sum(x, axis=1).tolist() == np.sum(a, axis=1).tolist()
    assert gt.cumulative_sum(x, axis=0).tolist() == np.cumsum(a, axis=0).tolist()
    if a.shape[0] == a.shape[1]:
        assert gt.trace(x) == int(np.trace(a)) == L.trace(x)
    objects = a.astype(object)  # NumPy object arrays of Python bools: True + True == 2
    assert (x @ x.mT).tolist() == (objects @ objects.T).tolist()
    assert gt.vecdot(x, x).tolist() == np.sum(a.astype(int) * a, axis=-1).tolist()
    assert math.isclose(float(L.vector_norm(x)), float(np.linalg.norm(a.astype(float).ravel())), abs_tol=1e-12)
    assert L.vector_norm(x, ord=1) == int(np.linalg.norm(a.astype(float).ravel(), ord=1))
    for ord in ("fro", 1, -1, INF, -INF, 2, "nuc"):
        expected = np.linalg.norm(a.astype(float), ord=ord)
        got = float(L.matrix_norm(x, ord=ord))
        assert math.isclose(got, float(expected), rel_tol=1e-9, abs_tol=1e-9), ord


def test_the_reported_cases():
    T, F = True, False
    assert L.trace(gt.tensor([[T, F], [F, T]])) == 2
    assert gt.trace(gt.tensor([[T, F], [F, T]])) == 2
    three = gt.tensor([T, T, T])
    assert float(L.vector_norm(three)) == pytest.approx(math.sqrt(3))
    assert L.vector_norm(three, ord=1) == 3 and type(L.vector_norm(three, ord=1)) is int
    m = gt.tensor([[T, T], [T, F]])
    assert float(L.matrix_norm(m)) == pytest.approx(math.sqrt(3))
    assert float(L.matrix_norm(m, ord=2)) == pytest.approx(np.linalg.norm([[1, 1], [1, 0]], 2))
    assert float(L.matrix_norm(m, ord="nuc")) == pytest.approx(np.linalg.norm([[1, 1], [1, 0]], "nuc"))
    assert (m @ m).ops is gt.integers and (m @ m).tolist() == [[2, 1], [1, 1]]


def test_rearrangements_and_masks_keep_booleans():
    m = gt.tensor([[True, False], [False, True]])
    assert gt.einsum("ij->ji", m).ops is gt.booleans  # no product, no sum: the same elements
    assert gt.einsum("ii->i", m).ops is gt.booleans
    assert (m & m).ops is gt.booleans and gt.any(m) is True
