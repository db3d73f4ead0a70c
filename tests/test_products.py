"""Tests of gentensor.products: matmul, vecdot, outer, tensordot, einsum, kron, trace, cross, matrix_power.

Oracles: NumPy object arrays (for each ring, elements are mapped to values
NumPy's object loops can multiply: Gaussian integers become Python complex
numbers, integers mod 7 are reduced after the NumPy product), and SymPy
matrices for symbolic elements, including non-commutative symbols, which
check that every product keeps its factors in operand order.
"""

from __future__ import annotations

from fractions import Fraction
from math import prod
from typing import Any, Callable, NamedTuple

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from toyring import Gauss, gaussian, to_complex

import gentensor as gt
from gentensor.compute import _contract

X = sympy.Symbol("x")


class Ring(NamedTuple):
    ops: Any
    make: Callable[[int], Any]  # an element from a small int
    oracle: Callable[[Any], Any]  # an element as a value NumPy object loops can compute with
    post: Callable[[Any], Any]  # applied to NumPy's results before comparing
    same: Callable[[Any, Any], bool]


def _same_expr(a: Any, b: Any) -> bool:
    return sympy.expand(sympy.sympify(a) - sympy.sympify(b)) == 0


def _identity(v: Any) -> Any:
    return v


RINGS = {
    "integers": Ring(gt.integers, _identity, _identity, _identity, lambda a, b: a == b),
    "rationals": Ring(gt.rationals, lambda v: Fraction(v, 3), _identity, _identity, lambda a, b: a == b),
    "floats": Ring(gt.floats, lambda v: v / 4, _identity, _identity, lambda a, b: a == b),  # dyadic: exact
    "symbolic": Ring(gt.symbolic, lambda v: v * X + 1, _identity, _identity, _same_expr),
    "modular7": Ring(gt.modular(7), lambda v: v % 7, _identity, lambda v: v % 7, lambda a, b: a == b),
    "gaussian": Ring(gaussian, lambda v: Gauss(v, v % 3 - 1), to_complex, _identity, lambda a, b: a == b),
}
ring_param = pytest.mark.parametrize("ring", list(RINGS))


def build(ring: str, ints: list[int], shape: tuple[int, ...], view: str = "plain") -> gt.Tensor:
    ops, make = RINGS[ring].ops, RINGS[ring].make
    values = [make(v) for v in ints[: prod(shape)]]
    base = gt.tensor(values, ops=ops)
    if view == "transposed" and len(shape) >= 2:
        return base.reshape(shape[::-1]).T
    if view == "flipped" and shape:
        return gt.flip(base.reshape(shape))
    return base.reshape(shape)


@st.composite
def tensors(draw: Any, ring: str, shape: tuple[int, ...]) -> gt.Tensor:
    ints = draw(st.lists(st.integers(-5, 5), min_size=prod(shape), max_size=prod(shape)))
    return build(ring, ints, shape, draw(st.sampled_from(["plain", "transposed", "flipped"])))


def oracle(ring: str, x: gt.Tensor) -> np.ndarray:
    """An object array of the ring's oracle values, same shape as ``x``."""
    arr = np.empty(x.shape, dtype=object)
    for i, v in enumerate(x.reshape(-1).tolist()):
        arr.flat[i] = RINGS[ring].oracle(v)
    return arr


def assert_matches(ring: str, result: Any, expected: Any) -> None:
    """``result`` (a Tensor, or an element when ``expected`` is 0-d) equals NumPy's ``expected``."""
    r = RINGS[ring]
    expected = np.asarray(expected, dtype=object)
    if expected.ndim == 0:
        assert not isinstance(result, gt.Tensor), "a result without axes must be the element itself"
        got = [r.oracle(result)]
    else:
        assert isinstance(result, gt.Tensor) and result.shape == expected.shape
        assert result.ops is r.ops
        got = [r.oracle(v) for v in result.reshape(-1).tolist()]
    want = [r.post(v) for v in expected.flat]
    assert all(r.same(g, w) for g, w in zip(got, want)), (got, want)


# -- matmul --------------------------------------------------------------------------
@ring_param
@settings(max_examples=30)
@given(data=st.data())
def test_matmul_matches_numpy(ring: str, data: Any) -> None:
    shapes = data.draw(
        hnp.mutually_broadcastable_shapes(signature=np.matmul.signature, max_dims=3, min_side=0, max_side=3)
    )
    sa, sb = shapes.input_shapes
    a = data.draw(tensors(ring, sa))
    b = data.draw(tensors(ring, sb))
    expected = np.matmul(oracle(ring, a), oracle(ring, b))
    assert_matches(ring, gt.matmul(a, b), expected)
    assert_matches(ring, a @ b, expected)


@ring_param
@settings(max_examples=20)
@given(data=st.data(), m=st.integers(0, 4), k=st.integers(0, 4), n=st.integers(0, 4))
def test_matmul_transpose_law(ring: str, data: Any, m: int, k: int, n: int) -> None:
    a = data.draw(tensors(ring, (m, k)))
    b = data.draw(tensors(ring, (k, n)))
    left = (a @ b).T
    right = b.T @ a.T
    same = RINGS[ring].same
    assert left.shape == right.shape == (n, m)
    assert all(same(p, q) for p, q in zip(left.reshape(-1).tolist(), right.reshape(-1).tolist()))


def test_matmul_vectors_and_promotion() -> None:
    v = gt.tensor([1, 2, 3])
    assert gt.matmul(v, v) == 14 and type(gt.matmul(v, v)) is int
    m = gt.arange(6).reshape((3, 2))
    assert (v @ m).tolist() == [16, 22]
    assert (m.T @ v).tolist() == [16, 22]
    half = gt.tensor([[Fraction(1, 2)]])
    r = gt.tensor([[2]]) @ half
    assert r.ops is gt.rationals and r.tolist() == [[Fraction(1)]] and type(r.item()) is Fraction
    mod = gt.tensor([[3, 4]], ops=gt.modular(5)) @ gt.tensor([[1], [2]])
    assert mod.ops is gt.modular(5) and mod.tolist() == [[1]]
    # nested lists are accepted on the other side of @
    assert (gt.tensor([[1, 2]]) @ [[3], [4]]).tolist() == [[11]]
    assert ([[1, 2]] @ gt.tensor([[3], [4]])).tolist() == [[11]]


def test_matmul_batches_broadcast_through_stride_zero() -> None:
    a = gt.broadcast_to(gt.tensor([[1, 2], [3, 4]]), (3, 2, 2))
    b = gt.stack([gt.eye(2), gt.tensor([[2, 0], [0, 2]]), gt.tensor([[0, 1], [1, 0]])])
    expected = np.matmul(np.array(a.tolist(), dtype=object), np.array(b.tolist(), dtype=object))
    assert (a @ b).tolist() == expected.tolist()


def test_matmul_symbolic_matches_sympy_matrix() -> None:
    a = gt.symbols("a", (3, 4))
    b = gt.symbols("b", (4, 2))
    product = a @ b
    expected = sympy.Matrix(a.tolist()) * sympy.Matrix(b.tolist())
    assert product.ops is gt.symbolic
    assert sympy.Matrix(product.tolist()) == expected
    # one n-ary Add per entry, never a nested chain of binary additions
    assert all(isinstance(e, sympy.Add) and len(e.args) == 4 for e in product.reshape(-1).tolist())


def test_products_keep_factor_order_for_noncommutative_elements() -> None:
    A = sympy.Matrix(2, 3, sympy.symbols("A0:6", commutative=False))
    B = sympy.Matrix(3, 2, sympy.symbols("B0:6", commutative=False))
    a, b = gt.tensor(A.tolist()), gt.tensor(B.tolist())
    expected = A * B
    assert sympy.Matrix((a @ b).tolist()) == expected
    assert sympy.Matrix(gt.einsum("ij,jk->ik", a, b).tolist()) == expected
    assert sympy.Matrix(gt.tensordot(a, b, axes=1).tolist()) == expected
    swapped = sympy.Matrix(2, 2, lambda k, i: sympy.Add(*[B[j, i] * A[k, j] for j in range(3)]))
    assert swapped != expected.T  # the factor order matters for these symbols
    assert sympy.Matrix(gt.einsum("ji,kj->ki", b, a).tolist()) == swapped
    u, v = a[0], b[:, 0]
    assert gt.vecdot(u, v) == expected[0, 0]
    outer = gt.outer(u, v)
    assert all(outer[i, j] == u[i] * v[j] for i in range(3) for j in range(3))
    assert all(outer[i, j] != v[j] * u[i] for i in range(3) for j in range(3))
    c = gt.cross(u, v)
    assert c[0] == u[1] * v[2] - u[2] * v[1]


def test_matmul_errors() -> None:
    with pytest.raises(gt.ShapeError, match=r"matmul: inner dimensions differ: shapes \(2, 3\) and \(4, 5\) \(3 != 4\)"):
        gt.zeros((2, 3)) @ gt.zeros((4, 5))
    with pytest.raises(gt.ShapeError, match=r"shapes \(3,\) and \(2,\) \(3 != 2\)"):
        gt.matmul(gt.zeros(3), gt.zeros(2))
    with pytest.raises(gt.ShapeError, match=r"matmul: the batch axes of shapes \(2, 1, 3\) and \(3, 3, 1\) do not broadcast"):
        gt.matmul(gt.zeros((2, 1, 3)), gt.zeros((3, 3, 1)))
    with pytest.raises(gt.ShapeError, match=r"ndim >= 1 \(got shape \(\)\); use \*"):
        gt.matmul(gt.tensor(2), gt.zeros(2))
    with pytest.raises(gt.OpsMismatchError, match=r"matmul: .*modular\(5\) and modular\(7\)"):
        gt.zeros((1, 1), ops=gt.modular(5)) @ gt.zeros((1, 1), ops=gt.modular(7))
    with pytest.raises(gt.ShapeError, match=r"matmul: needs a tensor with ndim >= 1 \(got shape \(\)\)"):
        gt.matmul(gt.zeros((1, 1)), 3)  # a scalar is a 0-d operand, as NumPy reads it


# -- vecdot / outer / kron / trace / cross ---------------------------------------------
@ring_param
@settings(max_examples=25)
@given(data=st.data())
def test_vecdot_matches_sum_of_products(ring: str, data: Any) -> None:
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=1, max_dims=3, min_side=1, max_side=3))
    sa, sb = shapes.input_shapes
    ndim = len(shapes.result_shape)
    axis = data.draw(st.integers(-min(len(sa), len(sb)), -1))
    k = data.draw(st.integers(0, 3))
    sa = sa[: len(sa) + axis] + (k,) + sa[len(sa) + axis + 1 :]
    sb = sb[: len(sb) + axis] + (k,) + sb[len(sb) + axis + 1 :]
    a = data.draw(tensors(ring, sa))
    b = data.draw(tensors(ring, sb))
    expected = np.sum(oracle(ring, a) * oracle(ring, b), axis=axis)
    use_positive = data.draw(st.booleans())
    assert_matches(ring, gt.vecdot(a, b, axis=axis + ndim if use_positive else axis), expected)


def test_vecdot_errors() -> None:
    with pytest.raises(gt.ShapeError, match=r"vecdot: the vectors along axis -1 have lengths 3 and 2 \(shapes \(3,\) and \(2,\)\)"):
        gt.vecdot(gt.zeros(3), gt.zeros(2))
    with pytest.raises(gt.AxisError):
        gt.vecdot(gt.zeros((2, 3)), gt.zeros(3), axis=0)
    with pytest.raises(gt.ShapeError, match="ndim >= 1"):
        gt.vecdot(gt.tensor(1), gt.zeros(1))


@ring_param
@settings(max_examples=15)
@given(data=st.data(), sa=st.lists(st.integers(0, 3), max_size=2).map(tuple), sb=st.lists(st.integers(0, 3), max_size=2).map(tuple))
def test_outer_and_kron_match_numpy(ring: str, data: Any, sa: tuple[int, ...], sb: tuple[int, ...]) -> None:
    a = data.draw(tensors(ring, sa))
    b = data.draw(tensors(ring, sb))
    oa, ob = oracle(ring, a), oracle(ring, b)
    assert_matches(ring, gt.outer(a, b), np.outer(oa, ob))
    kron = gt.kron(a, b)
    expected = np.asarray(np.kron(oa, ob), dtype=object)
    if expected.ndim == 0:  # NumPy's kron of two 0-d arrays is 0-d; gentensor keeps a 0-d tensor
        assert kron.shape == () and RINGS[ring].same(RINGS[ring].oracle(kron.item()), RINGS[ring].post(expected.item()))
    else:
        assert_matches(ring, kron, expected)


@ring_param
@settings(max_examples=20)
@given(data=st.data(), shape=st.lists(st.integers(0, 3), min_size=2, max_size=4).map(tuple), offset=st.integers(-3, 3))
def test_trace_matches_numpy(ring: str, data: Any, shape: tuple[int, ...], offset: int) -> None:
    n = len(shape)
    axis1, axis2 = data.draw(st.lists(st.integers(-n, n - 1), min_size=2, max_size=2, unique_by=lambda a: a % n))
    x = data.draw(tensors(ring, shape))
    expected = np.trace(oracle(ring, x), offset=offset, axis1=axis1, axis2=axis2)
    assert_matches(ring, gt.trace(x, offset=offset, axis1=axis1, axis2=axis2), expected)


def test_trace_errors_and_empty() -> None:
    assert gt.trace(gt.zeros((0, 0), ops=gt.rationals)) == 0 and type(gt.trace(gt.zeros((0, 0), ops=gt.rationals))) is Fraction
    with pytest.raises(gt.ShapeError, match=r"trace: needs a tensor with ndim >= 2 \(got shape \(3,\)\)"):
        gt.trace(gt.zeros(3))
    with pytest.raises(gt.ShapeError, match="axis1 and axis2 must differ"):
        gt.trace(gt.zeros((2, 2)), axis1=0, axis2=-2)
    with pytest.raises(gt.AxisError):
        gt.trace(gt.zeros((2, 2)), axis1=2)


@ring_param
@settings(max_examples=20)
@given(data=st.data())
def test_cross_matches_numpy(ring: str, data: Any) -> None:
    shapes = data.draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=2, min_side=0, max_side=3))
    sa, sb = shapes.input_shapes
    axis = data.draw(st.integers(-min(len(sa), len(sb)) - 1, -1))
    sa = sa[: len(sa) + axis + 1] + (3,) + sa[len(sa) + axis + 1 :]
    sb = sb[: len(sb) + axis + 1] + (3,) + sb[len(sb) + axis + 1 :]
    a = data.draw(tensors(ring, sa))
    b = data.draw(tensors(ring, sb))
    expected = cross_oracle(oracle(ring, a), oracle(ring, b), axis)
    assert_matches(ring, gt.cross(a, b, axis=axis), expected)


def cross_oracle(a: np.ndarray, b: np.ndarray, axis: int) -> np.ndarray:
    """``np.cross(a, b, axis=axis)`` written out on object arrays (NumPy 2.2 cannot cross object arrays)."""
    a, b = np.broadcast_arrays(np.moveaxis(a, axis, -1), np.moveaxis(b, axis, -1))
    out = np.empty(a.shape, dtype=object)
    for i, j, k in ((0, 1, 2), (1, 2, 0), (2, 0, 1)):
        out[..., i] = a[..., j] * b[..., k] - a[..., k] * b[..., j]
    return np.moveaxis(out, -1, axis)


def test_cross_oracle_is_numpy_cross() -> None:
    rng = np.random.default_rng(3)
    for axis in (-1, -2):
        x, y = rng.integers(-9, 9, (2, 3, 3)), rng.integers(-9, 9, (3, 3))
        assert (cross_oracle(x.astype(object), y.astype(object), axis).astype(int) == np.cross(x, y, axis=axis)).all()


def test_cross_errors() -> None:
    with pytest.raises(gt.ShapeError, match=r"cross: the vectors along axis -1 must have length 3 \(got shapes \(2,\) and \(3,\)\)"):
        gt.cross(gt.zeros(2), gt.zeros(3))
    with pytest.raises(gt.ShapeError, match="do not broadcast"):
        gt.cross(gt.zeros((2, 3)), gt.zeros((4, 3)))


# -- tensordot ---------------------------------------------------------------------
@ring_param
@settings(max_examples=25)
@given(data=st.data(), sa=st.lists(st.integers(0, 3), max_size=3).map(tuple))
def test_tensordot_matches_numpy(ring: str, data: Any, sa: tuple[int, ...]) -> None:
    form = data.draw(st.sampled_from(["count", "pairs"]))
    free_b = data.draw(st.lists(st.integers(0, 3), max_size=2).map(tuple))
    if form == "count":
        count = data.draw(st.integers(0, len(sa)))
        axes: Any = count
        sb = sa[len(sa) - count :] + free_b
    else:
        chosen = data.draw(st.lists(st.integers(0, len(sa) - 1), unique=True, max_size=len(sa))) if sa else []
        order = data.draw(st.permutations(range(len(chosen) + len(free_b))))
        sb_list = [0] * len(order)
        axes_b = []
        for j, pos in enumerate(order):
            sb_list[pos] = sa[chosen[j]] if j < len(chosen) else free_b[j - len(chosen)]
            if j < len(chosen):
                axes_b.append(pos)
        sb = tuple(sb_list)
        axes = (chosen, axes_b)
    a = data.draw(tensors(ring, sa))
    b = data.draw(tensors(ring, sb))
    expected = np.tensordot(oracle(ring, a), oracle(ring, b), axes=axes)
    assert_matches(ring, gt.tensordot(a, b, axes=axes), expected)


def test_tensordot_errors() -> None:
    a, b = gt.zeros((2, 3)), gt.zeros((4, 3))
    with pytest.raises(gt.ShapeError, match=r"tensordot: axis 1 of shape \(2, 3\) and axis 0 of shape \(4, 3\) have different lengths \(3 != 4\)"):
        gt.tensordot(a, b, axes=([1], [0]))
    with pytest.raises(gt.ShapeError, match="cannot contract 3 axes"):
        gt.tensordot(a, b, axes=3)
    with pytest.raises(gt.ShapeError, match="different lengths"):
        gt.tensordot(a, b, axes=([0, 1], [1]))
    with pytest.raises(gt.ShapeError, match="repeated"):
        gt.tensordot(a, gt.zeros((3, 3)), axes=([1, 1], [0, 1]))
    with pytest.raises(gt.AxisError):
        gt.tensordot(a, b, axes=([2], [0]))
    with pytest.raises(TypeError, match="pair of axis sequences"):
        gt.tensordot(a, b, axes="ij")
    assert gt.tensordot(a, b, axes=([1], [1])).shape == (2, 4)
    assert gt.tensordot(a, b, axes=(1, 1)).shape == (2, 4)


# -- einsum ---------------------------------------------------------------------------
@st.composite
def einsum_cases(draw: Any) -> tuple[str, list[tuple[int, ...]]]:
    letters = "abcdA"
    sizes = {c: draw(st.integers(0, 3)) for c in letters}
    terms = draw(st.lists(st.lists(st.sampled_from(letters), max_size=3), min_size=1, max_size=3))
    shapes = []
    for term in terms:
        shape = []
        for c in term:
            # a letter met once in a term may stand for a length-1 axis that broadcasts
            ones = term.count(c) == 1 and draw(st.integers(0, 5)) == 0
            shape.append(1 if ones else sizes[c])
        shapes.append(tuple(shape))
    used = sorted({c for t in terms for c in t})
    text = ",".join("".join(t) for t in terms)
    if draw(st.booleans()):
        out = draw(st.lists(st.sampled_from(used), unique=True)) if used else []
        text += "->" + "".join(out)
    return text, shapes


@ring_param
@settings(max_examples=40)
@given(data=st.data(), case=einsum_cases())
def test_einsum_matches_numpy(ring: str, data: Any, case: tuple[str, list[tuple[int, ...]]]) -> None:
    subscripts, shapes = case
    xs = [data.draw(tensors(ring, s)) for s in shapes]
    expected = np.einsum(subscripts, *[oracle(ring, x) for x in xs])
    assert_matches(ring, gt.einsum(subscripts, *xs), expected)


EINSUM_EXAMPLES = [
    ("...ij,...jk->...ik", [(2, 2, 3), (3, 4)]),
    ("...ij,...jk", [(2, 1, 2, 3), (4, 3, 2)]),
    ("...i,...i->...", [(2, 3), (3,)]),
    ("i...->...i", [(2, 3, 4)]),
    ("ii...->i...", [(3, 3, 2)]),
    ("...", [(2, 3)]),
    ("ij...,jk...->ik...", [(2, 3, 1), (3, 2, 4)]),
    ("Ba,aC", [(2, 3), (3, 4)]),
    ("bA", [(2, 3)]),
    ("iij->j", [(3, 3, 2)]),
    ("iji->j", [(2, 3, 2)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]),
    ("ab,cd,bc->ad", [(2, 3), (3, 2), (3, 3)]),
    ("i,j,k", [(2,), (3,), (2,)]),
    ("ij,ij->", [(2, 3), (2, 3)]),
    ("ij,ij->ij", [(2, 3), (2, 3)]),
    (" i j , j k -> i k ", [(2, 3), (3, 2)]),
    ("", [()]),
    (",->", [(), ()]),
    ("i,->i", [(3,), ()]),
]


@pytest.mark.parametrize("ring", ["integers", "rationals", "gaussian"])
@pytest.mark.parametrize("subscripts, shapes", EINSUM_EXAMPLES)
def test_einsum_examples_match_numpy(ring: str, subscripts: str, shapes: list[tuple[int, ...]]) -> None:
    xs = [build(ring, [(7 * i + 3) % 11 - 5 for i in range(prod(s))], s, "transposed") for s in shapes]
    expected = np.einsum(subscripts, *[oracle(ring, x) for x in xs])
    assert_matches(ring, gt.einsum(subscripts, *xs), expected)


def test_einsum_routes_pairwise_products_through_matmul_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    original = _contract.matmul_flat

    def spy(*args: Any) -> Any:
        calls.append(args[3:])
        return original(*args)

    monkeypatch.setattr(_contract, "matmul_flat", spy)
    a = gt.tensor([[Fraction(i, 3) for i in range(4 * r, 4 * r + 4)] for r in range(3)])
    b = gt.tensor([[Fraction(1, i + 1) for i in range(2 * r, 2 * r + 2)] for r in range(4)])
    assert gt.einsum("ij,jk->ik", a, b).tolist() == (a @ b).tolist()
    assert (3, 4, 2) in calls


def test_einsum_uses_the_rings_matmul_provider_like_matmul() -> None:
    """A registered "matmul" kernel serves einsum's pairwise products as it serves ``@``."""

    class Ints(gt.BaseOps):
        name = "test-ints"

        def convert(self, v: Any) -> int:
            return int(v)

        def add(self, a: int, b: int) -> int:
            return a + b

        def mul(self, a: int, b: int) -> int:
            return a * b

        def neg(self, a: int) -> int:
            return -a

        def equal(self, a: int, b: int) -> bool:
            return a == b

    ops = Ints()
    seen: list[tuple[int, int, int]] = []

    def kernel(fa: list[int], fb: list[int], m: int, k: int, n: int, ops: Any) -> Any:
        seen.append((m, k, n))
        if m == 1:
            return NotImplemented
        return _contract.matmul_flat(ops, fa, fb, m, k, n)

    gt.register_provider(ops, "matmul", kernel, algorithm="test")
    try:
        a = gt.tensor([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], ops=ops)
        b = gt.tensor([[1, 0], [2, 1], [0, 3], [1, 1]], ops=ops)
        expected = (np.array(a.tolist(), dtype=object) @ np.array(b.tolist(), dtype=object)).tolist()
        assert (a @ b).tolist() == expected
        assert seen == [(3, 4, 2)]
        assert gt.einsum("ij,jk->ik", a, b).tolist() == expected
        assert seen == [(3, 4, 2), (3, 4, 2)]
        stack = gt.stack([a[:2], a[1:]])  # (2, 2, 4)
        out = gt.einsum("bij,jk->bik", stack, b)
        assert out.tolist() == (np.array(stack.tolist(), dtype=object) @ np.array(b.tolist(), dtype=object)).tolist()
        assert len(seen) > 2
        row = gt.einsum("j,jk->k", a[0], b)  # the kernel declines m == 1: the generic kernel answers
        assert row.tolist() == expected[0]
    finally:
        gt.ops.unregister_provider(ops, "matmul")


def test_einsum_symbolic_matches_sympy() -> None:
    a = gt.symbols("a", (2, 3))
    b = gt.symbols("b", (3, 3))
    A, B = sympy.Matrix(a.tolist()), sympy.Matrix(b.tolist())
    assert sympy.Matrix(gt.einsum("ij,jk->ik", a, b).tolist()) == A * B
    assert gt.einsum("ii", b) == B.trace()
    arr = sympy.tensorproduct(sympy.ImmutableDenseNDimArray(a.tolist()), sympy.ImmutableDenseNDimArray(b.tolist()))
    assert gt.einsum("ij,kl->ijkl", a, b).tolist() == arr.tolist()


@pytest.mark.parametrize(
    "subscripts, shapes, message",
    [
        ("ij,j3->i", [(2, 2), (2, 2)], r"invalid character '3' .* at position 4 of 'ij,j3->i'\n    ij,j3->i\n        \^"),
        ("ij,jk", [(2, 2)], r"the subscripts 'ij,jk' have 2 input term\(s\) but 1 operand\(s\) were given"),
        ("ijk", [(2, 2)], r"term 'ijk' names 3 axes but operand 0 has 2 \(shape \(2, 2\)\) at position 0"),
        ("i,ij", [(2,), (2,)], r"term 'ij' names 2 axes but operand 1 has 1 \(shape \(2,\)\) at position 2"),
        ("...ijk", [(2, 2)], r"names 3 axes but operand 0 has 2"),
        ("ij->ii", [(2, 2)], r"letter 'i' appears twice in the output at position 5"),
        ("ij->k", [(2, 2)], r"output letter 'k' does not appear in any input term at position 4"),
        ("ij,jk", [(2, 3), (4, 2)], r"letter 'j' stands for lengths 3 \(operand 0, shape \(2, 3\)\) and 4 \(operand 1, shape \(4, 2\)\).* at position 3"),
        ("...i,...i", [(2, 3), (4, 3)], r"the axes covered by '...' stand for lengths 2 .* and 4"),
        ("...ij->ij", [(4, 2, 3)], r"the inputs use '...' for 1 axes but the output has no '...' .* at position 5"),
        ("ij->i->j", [(2, 2)], r"a second '->' at position 5"),
        ("i.j", [(2, 2)], r"a '.' that is not part of '...' at position 1"),
        ("......", [(2, 2)], r"a second '...' in one term at position 3"),
        ("i-j", [(2, 2)], r"invalid character '-' .* at position 1"),
    ],
)
def test_einsum_bad_subscripts_point_at_the_problem(subscripts: str, shapes: list[tuple[int, ...]], message: str) -> None:
    xs = [gt.zeros(s) for s in shapes]
    with pytest.raises(gt.ShapeError, match=message) as info:
        gt.einsum(subscripts, *xs)
    assert isinstance(info.value, ValueError)


def test_einsum_other_errors() -> None:
    with pytest.raises(TypeError, match="needs at least one operand"):
        gt.einsum("ij")
    with pytest.raises(TypeError, match="subscripts must be a string"):
        gt.einsum(3, gt.zeros(2))
    with pytest.raises(gt.OpsMismatchError, match="einsum"):
        gt.einsum("i,i", gt.zeros(2, ops=gt.modular(5)), gt.zeros(2, ops=gt.modular(7)))


# -- matrix_power ----------------------------------------------------------------------
@ring_param
@settings(max_examples=15)
@given(data=st.data(), batch=st.lists(st.integers(0, 2), max_size=2).map(tuple), m=st.integers(0, 3), n=st.integers(0, 6))
def test_matrix_power_matches_numpy(ring: str, data: Any, batch: tuple[int, ...], m: int, n: int) -> None:
    x = data.draw(tensors(ring, batch + (m, m)))
    result = gt.matrix_power(x, n)
    arr = oracle(ring, x)
    expected = np.empty(arr.shape, dtype=object)
    for index in np.ndindex(arr.shape[:-2]):  # NumPy has no matrix_power for stacks of object arrays
        expected[index] = np.linalg.matrix_power(arr[index], n)
    assert_matches(ring, result, expected)
    assert result.base is None and not (x.size and gt.shares_memory(result, x))


def test_matrix_power_negative_uses_the_inverse() -> None:
    x = gt.tensor([[2, 1], [1, 1]])
    expected = sympy.Matrix([[2, 1], [1, 1]]) ** -3
    result = gt.matrix_power(x, -3)
    assert result.ops is gt.rationals
    assert result.tolist() == [[Fraction(int(v.p), int(v.q)) for v in row] for row in expected.tolist()]
    stack = gt.stack([x, gt.tensor([[1, 2], [0, 1]])])
    powers = gt.matrix_power(stack, -2)
    for k in range(2):
        want = sympy.Matrix(stack[k].tolist()) ** -2
        assert powers[k].tolist() == [[Fraction(int(v.p), int(v.q)) for v in row] for row in want.tolist()]
    with pytest.raises(gt.SingularMatrixError):
        gt.matrix_power(gt.tensor([[1, 2], [2, 4]]), -1)


def test_matrix_power_errors() -> None:
    with pytest.raises(gt.NonSquareError, match=r"matrix_power: needs square matrices \(got shape \(2, 3\)\)"):
        gt.matrix_power(gt.zeros((2, 3)), 2)
    with pytest.raises(gt.ShapeError, match="ndim >= 2"):
        gt.matrix_power(gt.zeros(3), 2)
    with pytest.raises(TypeError, match="exponent must be an int"):
        gt.matrix_power(gt.zeros((2, 2)), 1.5)
    with pytest.raises(TypeError, match="exponent must be an int"):
        gt.matrix_power(gt.zeros((2, 2)), True)


# -- kernels on plain lists --------------------------------------------------------------
@settings(max_examples=30)
@given(m=st.integers(0, 4), k=st.integers(0, 4), n=st.integers(0, 4), seed=st.integers(0, 10**6))
def test_kernels_on_plain_lists(m: int, k: int, n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    a = [int(v) for v in rng.integers(-9, 9, m * k)]
    b = [int(v) for v in rng.integers(-9, 9, k * n)]
    expected = (np.array(a, dtype=object).reshape(m, k) @ np.array(b, dtype=object).reshape(k, n)).reshape(-1)
    assert _contract.matmul_flat(gt.integers, a, b, m, k, n) == list(expected)
    stacked = _contract.batched_matmul_flat(gt.integers, a + a, b + b, 2, m, k, n)
    assert stacked == list(expected) * 2
    assert _contract.row_sums(gt.integers, a, k, m) == [sum(a[i * k : (i + 1) * k]) for i in range(m)]
    assert _contract.dot_rows(gt.integers, a, a, k, m) == [sum(v * v for v in a[i * k : (i + 1) * k]) for i in range(m)]
    assert _contract.outer_flat(gt.integers, a[:3], b[:2]) == [p * q for p in a[:3] for q in b[:2]]


@pytest.mark.parametrize("offset", [None, 1.5, True, "a", [1]])
def test_trace_names_an_offset_that_is_not_an_int(offset: Any) -> None:
    x = gt.arange(9).reshape((3, 3))
    with pytest.raises(gt.ArgumentTypeError, match=r"^trace: offset must be an int \(got "):
        x.trace(offset)
    assert [x.trace(k) for k in (-1, 0, 1)] == [np.trace(np.arange(9).reshape(3, 3), k) for k in (-1, 0, 1)]
