"""Packed storage: exact at machine speed, never a wraparound, invisible except in speed and memory.

Every operation is checked on values at and beyond the edges of a machine
word (``±2**63``) against Python ints (the list storage, and plain Python
arithmetic), with hypothesis.  Storage is observed through ``x._store``:
whether it is packed, and that views share it.
"""

from __future__ import annotations

import math
import operator
import pickle
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.compute import _packed
from gentensor.core.tensor import Tensor
from gentensor.ops._packing import INT64_MAX, INT64_MIN, PACKING_DISABLED
from gentensor.ops._packings import IntegerPacking

needs_packing = pytest.mark.skipif(PACKING_DISABLED, reason="GENTENSOR_NO_PACKED=1 keeps every tensor in lists")

EDGES = [0, 1, -1, 2, -2, 3, 7, 2**31, -(2**31), 2**32 + 1, 2**62, -(2**62), 2**62 + 1, INT64_MAX, INT64_MIN,
         INT64_MAX - 1, INT64_MIN + 1, 3037000499, -3037000499, 3037000500]
#: Ints a word holds, concentrated near the edges where overflow hides.
word = st.one_of(st.sampled_from(EDGES), st.integers(-1000, 1000), st.integers(INT64_MIN, INT64_MAX))
#: Ints also past the word.
wide = st.one_of(word, st.integers(-(2**70), 2**70), st.sampled_from([2**63, -(2**63) - 1, 2**64, -(2**64)]))


@pytest.fixture(autouse=True)
def _kernels_for_every_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tensors of every size through the packed kernels: the properties below draw a few elements, which the
    engine otherwise maps element by element (below ``PACKED_MINIMUM`` a NumPy call costs more)."""
    monkeypatch.setattr(_packed, "PACKED_MINIMUM", 1)


def listed(values: list[int], shape: tuple[int, ...] | None = None) -> Tensor:
    """The same elements in list storage: the reference the packed paths must equal."""
    shape = (len(values),) if shape is None else shape
    return Tensor._from_flat(list(values), shape, gt.integers)


def same(got, expected) -> None:
    if isinstance(expected, Tensor):
        assert isinstance(got, Tensor)
        assert got.shape == expected.shape and got.ops is expected.ops
        g, e = got.tolist(), expected.tolist()
        assert g == e
        for a, b in zip(np.ravel(np.array(g, dtype=object)), np.ravel(np.array(e, dtype=object))):
            assert type(a) is type(b)
    else:
        assert got == expected and type(got) is type(expected)


@needs_packing
def test_what_packs():
    assert gt.tensor([1, 2])._store.packed
    assert gt.tensor([True])._store.packed and gt.tensor([1.5])._store.packed and gt.tensor([1j])._store.packed
    assert gt.tensor([INT64_MAX, INT64_MIN])._store.packed
    assert not gt.tensor([2**63])._store.packed and not gt.tensor([-(2**63) - 1])._store.packed
    assert not gt.tensor([Fraction(1, 2)])._store.packed and not gt.tensor([__import__("sympy").Symbol("x")])._store.packed
    assert gt.tensor([1, 2], ops=gt.modular(3037000500))._store.packed
    assert not gt.tensor([1, 2], ops=gt.modular(3037000501))._store.packed  # (n-1)**2 passes the word
    assert gt.arange(5)._store.packed and gt.zeros((2, 2))._store.packed and gt.eye(3)._store.packed
    assert gt.tensor(np.arange(4, dtype=np.int32))._store.packed
    assert not gt.tensor(np.array([2**64 - 1], dtype=np.uint64))._store.packed


def test_elements_come_out_as_python_objects():
    x = gt.tensor([[1, 2], [3, 4]])
    assert type(x[0, 1]) is int and type(x.item() if x.size == 1 else x[1, 1]) is int
    assert all(type(v) is int for row in x.tolist() for v in row)
    assert all(type(v) is int for v in x[0])  # iteration gives 0-d... elements of rows
    assert type(gt.sum(x)) is int and type(gt.max(x)) is int and type(gt.tensor([True])[0]) is bool
    assert type(gt.tensor([1.5])[0]) is float and type(gt.tensor([1j]).item()) is complex
    assert repr(x) == "tensor([[1, 2],\n        [3, 4]], ops=integers)"
    assert type(gt.tensor([3], ops=gt.modular(7))[0]) is int


BINARY = {
    "add": operator.add,
    "subtract": operator.sub,
    "multiply": operator.mul,
    "floor_divide": operator.floordiv,
    "remainder": operator.mod,
    "bitwise_and": operator.and_,
    "bitwise_or": operator.or_,
    "bitwise_xor": operator.xor,
    "maximum": max,
    "minimum": min,
    "equal": operator.eq,
    "not_equal": operator.ne,
    "less": operator.lt,
    "less_equal": operator.le,
    "greater": operator.gt,
    "greater_equal": operator.ge,
    "gcd": math.gcd,
    "lcm": math.lcm,
}


@pytest.mark.parametrize("name", sorted(BINARY))
@settings(max_examples=80, deadline=None)
@given(xs=st.lists(wide, min_size=1, max_size=6), data=st.data())
def test_binary_functions_are_exact_at_the_edges(name, xs, data):
    ys = data.draw(st.lists(wide, min_size=len(xs), max_size=len(xs)))
    if name in ("floor_divide", "remainder"):
        ys = [y or 1 for y in ys]
    f = BINARY[name]
    expected = [f(a, b) for a, b in zip(xs, ys)]
    got = getattr(gt, name)(gt.tensor(xs), gt.tensor(ys))
    assert got.tolist() == expected
    same(got, getattr(gt, name)(listed(xs), listed(ys)))
    # with a scalar on either side, and broadcasting a row against a column
    c = ys[0]
    assert getattr(gt, name)(gt.tensor(xs), c).tolist() == [f(a, c) for a in xs]
    if name not in ("floor_divide", "remainder") or 0 not in xs:
        assert getattr(gt, name)(c, gt.tensor(xs)).tolist() == [f(c, a) for a in xs]
    col = getattr(gt, name)(gt.tensor(xs).reshape((len(xs), 1)), gt.tensor(ys))
    assert col.tolist() == [[f(a, b) for b in ys] for a in xs]


@pytest.mark.parametrize("name", sorted(BINARY))
@settings(max_examples=60, deadline=None)
@given(xs=st.lists(wide, min_size=1, max_size=5), c=wide, tiles=st.integers(13, 20))
def test_packed_tensor_and_scalar_kernels_are_exact(name, xs, c, tiles):
    # Enough elements for the packed kernels (a tensor of a few runs element by element), a native scalar on
    # either side: the engine's tensor-and-scalar path, against Python ints.
    xs = (xs * tiles)[: max(64, len(xs) * tiles)]
    if name in ("floor_divide", "remainder"):
        c = c or 3
    f = BINARY[name]
    x = gt.tensor(xs)
    assert x._store.packed == (not PACKING_DISABLED and all(-(2**63) <= v < 2**63 for v in xs))
    got = getattr(gt, name)(x, c)
    assert got.tolist() == [f(a, c) for a in xs]
    assert all(type(v) in (int, bool) for v in got.tolist())
    if name not in ("floor_divide", "remainder") or 0 not in xs:
        assert getattr(gt, name)(c, x).tolist() == [f(c, a) for a in xs]
    assert x.tolist() == xs  # the operand is left alone


@settings(max_examples=80, deadline=None)
@given(xs=st.lists(wide, min_size=1, max_size=6), k=st.integers(0, 70))
def test_powers_and_shifts_are_exact(xs, k):
    x = gt.tensor(xs)
    assert (x**k).tolist() == [a**k for a in xs]
    assert (x << k).tolist() == [a << k for a in xs]
    assert (x >> k).tolist() == [a >> k for a in xs]
    assert gt.square(x).tolist() == [a * a for a in xs]


UNARY = {"negative": operator.neg, "abs": abs, "positive": operator.pos, "bitwise_invert": operator.invert, "sign": lambda a: (a > 0) - (a < 0)}


@pytest.mark.parametrize("name", sorted(UNARY))
@given(xs=st.lists(wide, min_size=0, max_size=6))
def test_unary_functions_are_exact_at_the_edges(name, xs):
    got = getattr(gt, name)(gt.tensor(xs, ops=gt.integers))
    assert got.tolist() == [UNARY[name](a) for a in xs]


@settings(max_examples=80, deadline=None)
@given(rows=st.integers(1, 4), cols=st.integers(1, 4), data=st.data())
def test_reductions_are_exact_at_the_edges(rows, cols, data):
    flat = data.draw(st.lists(wide, min_size=rows * cols, max_size=rows * cols))
    x, ref = gt.tensor(flat).reshape((rows, cols)), np.array(flat, dtype=object).reshape(rows, cols)
    assert gt.sum(x) == sum(flat) and type(gt.sum(x)) is int
    assert gt.prod(x) == math.prod(flat)
    assert gt.max(x) == max(flat) and gt.min(x) == min(flat)
    for axis in (0, 1):
        assert gt.sum(x, axis=axis).tolist() == ref.sum(axis=axis).tolist()
        assert gt.prod(x, axis=axis).tolist() == ref.prod(axis=axis).tolist()
        assert gt.max(x, axis=axis).tolist() == ref.max(axis=axis).tolist()
        assert gt.cumulative_sum(x, axis=axis).tolist() == np.cumsum(ref, axis=axis).tolist()
        assert gt.cumulative_prod(x, axis=axis).tolist() == np.cumprod(ref, axis=axis).tolist()
        assert gt.argmax(x, axis=axis).tolist() == np.argmax(ref, axis=axis).tolist()
        assert gt.any(x, axis=axis).tolist() == ref.any(axis=axis).tolist()
        assert gt.all(x, axis=axis).tolist() == ref.all(axis=axis).tolist()
    assert gt.cumulative_sum(x, axis=1, include_initial=True).tolist() == [[0, *np.cumsum(r).tolist()] for r in ref]
    assert gt.sum(x, axis=0, keepdims=True).shape == (1, cols)


@settings(max_examples=80, deadline=None)
@given(shape=st.lists(st.integers(0, 3), min_size=1, max_size=4), scale=st.sampled_from(["small", "word", "wide"]),
       flip=st.booleans(), data=st.data())
def test_sums_over_any_axes_are_exact(shape, scale, flip, data):
    """Packed sums over every set of axes (NumPy's ``einsum`` on int64 when the bounds prove them exact)."""
    values = {"small": st.integers(-1000, 1000), "word": word, "wide": wide}[scale]
    size = math.prod(shape)
    flat = data.draw(st.lists(values, min_size=size, max_size=size))
    x, ref = gt.tensor(flat, ops=gt.integers).reshape(tuple(shape)), np.array(flat, dtype=object).reshape(shape)
    if flip:
        x, ref = x.mT if x.ndim > 1 else x[::-1], ref.swapaxes(-1, -2) if ref.ndim > 1 else ref[::-1]
    axes = data.draw(st.lists(st.integers(-x.ndim, x.ndim - 1), max_size=x.ndim, unique_by=lambda a: a % x.ndim))
    got, want = gt.sum(x, axis=tuple(axes)), ref.sum(axis=tuple(axes))
    if isinstance(want, np.ndarray):
        assert got.shape == want.shape and got.tolist() == want.tolist()
        assert all(type(v) is int for v in np.ravel(np.array(got.tolist(), dtype=object)))
    else:
        assert got == want and type(got) is int
    assert gt.sum(x, axis=None) == sum(flat)


@settings(max_examples=60, deadline=None)
@given(m=st.integers(1, 4), k=st.integers(0, 4), n=st.integers(1, 4), big=st.booleans(), data=st.data())
def test_products_are_exact_at_the_edges(m, k, n, big, data):
    values = wide if big else st.integers(-100, 100)
    a = data.draw(st.lists(values, min_size=m * k, max_size=m * k))
    b = data.draw(st.lists(values, min_size=k * n, max_size=k * n))
    ta, tb = gt.tensor(a, ops=gt.integers).reshape((m, k)), gt.tensor(b, ops=gt.integers).reshape((k, n))
    oa, ob = np.array(a, dtype=object).reshape(m, k), np.array(b, dtype=object).reshape(k, n)
    expected = (oa @ ob).tolist() if k else [[0] * n for _ in range(m)]
    assert (ta @ tb).tolist() == expected
    assert gt.einsum("ij,jk->ik", ta, tb).tolist() == expected
    assert gt.tensordot(ta, tb, axes=1).tolist() == expected
    stacked = gt.stack([ta, ta]) @ tb
    assert stacked.tolist() == [expected, expected]
    assert all(type(v) is int for row in (ta @ tb).tolist() for v in row)


@settings(max_examples=60, deadline=None)
@given(sa=st.tuples(st.integers(1, 3), st.integers(1, 3)), sb=st.tuples(st.integers(1, 3), st.integers(1, 3)),
       big=st.booleans(), flip=st.booleans(), data=st.data())
def test_outer_and_kron_are_exact_at_the_edges(sa, sb, big, flip, data):
    """Packed ``outer``/``kron`` (one broadcast ``multiply`` kernel, then one NumPy copy) against NumPy object arrays."""
    values = wide if big else word
    a = data.draw(st.lists(values, min_size=sa[0] * sa[1], max_size=sa[0] * sa[1]))
    b = data.draw(st.lists(values, min_size=sb[0] * sb[1], max_size=sb[0] * sb[1]))
    ta, tb = gt.tensor(a, ops=gt.integers).reshape(sa), gt.tensor(b, ops=gt.integers).reshape(sb)
    oa, ob = np.array(a, dtype=object).reshape(sa), np.array(b, dtype=object).reshape(sb)
    if flip:  # strided views as operands
        ta, oa = ta.T, oa.T
    for got, want in ((gt.kron(ta, tb), np.kron(oa, ob)), (gt.outer(ta, tb), np.outer(oa, ob)),
                      (gt.kron(ta, listed(b, sb)), np.kron(oa, ob)), (gt.kron(tb, ta[0]), np.kron(ob, oa[0]))):
        assert got.shape == want.shape and got.tolist() == want.tolist()
        assert all(type(v) is int for v in np.ravel(np.array(got.tolist(), dtype=object)))
    mask = gt.tensor(data.draw(st.lists(st.booleans(), min_size=4, max_size=4))).reshape((2, 2))
    counted = gt.kron(mask, ta)  # booleans multiply as integers
    assert counted.ops is gt.integers and counted.tolist() == np.kron(np.array(mask.tolist(), dtype=object), oa).tolist()


#: einsum calls of two operands: the first five are batched matrix products (the packed ``matmul`` plan), with
#: batch labels (also after a free one), transposed operands and permuted outputs; the last two sum a label of one operand alone
#: (NumPy's ``einsum``, the ``contraction`` plan).
CONTRACTIONS = ["ij,jk->ik", "bij,bjk->bik", "ji,kj->ki", "ijb,jk->kbi", "ibj,bjk->ibk", "ij,jk->k", "ij,kl->"]


def _same_ints(got, want) -> None:
    """``got`` (a tensor, or an element without axes) is NumPy's object-array ``want``, with Python ints throughout."""
    if isinstance(want, np.ndarray):
        assert got.shape == want.shape and got.tolist() == want.tolist()
        assert all(type(v) is int for v in np.ravel(np.array(got.tolist(), dtype=object)))
    else:
        assert got == want and type(got) is int


def _contraction_shapes(spec: str, sizes: dict[str, int]) -> list[tuple[int, ...]]:
    terms = spec.split("->")[0].split(",")
    return [tuple(sizes[c] for c in term) for term in terms]


@settings(max_examples=80, deadline=None)
@given(spec=st.sampled_from(CONTRACTIONS), scale=st.sampled_from(["small", "word", "wide"]), flip=st.booleans(),
       data=st.data(), sizes=st.fixed_dictionaries({c: st.integers(1, 3) for c in "bijkl"}))
def test_contractions_are_exact_at_the_edges(spec, scale, flip, data, sizes):
    """Packed ``einsum``, ``tensordot`` and ``vecdot`` against NumPy object arrays: small entries (the packed
    kernels), at the word's edges and past it (proofs that decline, then exact sums)."""
    values = {"small": st.integers(-1000, 1000), "word": word, "wide": wide}[scale]
    shapes = _contraction_shapes(spec, sizes)
    flats = [data.draw(st.lists(values, min_size=math.prod(s), max_size=math.prod(s))) for s in shapes]
    tensors = [gt.tensor(f, ops=gt.integers).reshape(s) for f, s in zip(flats, shapes)]
    objects = [np.array(f, dtype=object).reshape(s) for f, s in zip(flats, shapes)]
    if flip:  # strided views (every axis reversed) as operands
        tensors = [gt.permute_dims(t, tuple(range(t.ndim))[::-1]) for t in tensors]
        objects = [o.transpose(tuple(range(o.ndim))[::-1]) for o in objects]
        spec = ",".join(t[::-1] for t in spec.split("->")[0].split(",")) + "->" + spec.split("->")[1]
    _same_ints(gt.einsum(spec, *tensors), np.einsum(spec, *objects))
    a, b = tensors
    oa, ob = objects
    got, want = gt.tensordot(a, b, axes=0), np.tensordot(oa, ob, axes=0)
    assert got.tolist() == want.tolist()
    if oa.shape[-1] == ob.shape[0]:
        assert gt.tensordot(a, b, axes=1).tolist() == np.tensordot(oa, ob, axes=1).tolist()
    if oa.shape[0] == ob.shape[-1]:
        got, want = gt.tensordot(a, b, axes=([0], [-1])), np.tensordot(oa, ob, axes=([0], [-1]))
        assert got.tolist() == want.tolist()
    # vecdot: products, then sums over the last axis, broadcasting the others (ints: no conjugation)
    for x, ox, y, oy in ((a, oa, a, oa), (b, ob, b, ob), (a, oa, a[-1], oa[-1])):
        got, want = gt.vecdot(x, y), (ox * oy).sum(axis=-1)
        assert got.tolist() == want.tolist()
        assert all(type(v) is int for v in np.ravel(np.array(got.tolist(), dtype=object)))


#: einsum chains of three operands: pairwise matrix products (the first six), and one that sums a label of one
#: operand alone (NumPy's ``einsum`` instead).
CHAINS = ["ij,jk,kl->il", "ij,jk,kl->li", "ij,jk,ki->", "bij,bjk,bkl->bil", "ibj,bjk,bkl->lbi", "i,ij,j->", "ij,jk,kl->i"]


@pytest.mark.parametrize("spec", CHAINS)
@settings(max_examples=30, deadline=None)
@given(scale=st.sampled_from(["small", "small", "word", "wide"]), data=st.data(),
       sizes=st.fixed_dictionaries({c: st.integers(1, 3) for c in "bijkl"}))
def test_einsum_chains_are_exact(spec, scale, data, sizes):
    """Three operands contracted pair by pair (each pair's bounds proving the next) against NumPy object arrays."""
    values = {"small": st.integers(-1000, 1000), "word": word, "wide": wide}[scale]
    shapes = _contraction_shapes(spec, sizes)
    flats = [data.draw(st.lists(values, min_size=math.prod(s), max_size=math.prod(s))) for s in shapes]
    tensors = [gt.tensor(f, ops=gt.integers).reshape(s) for f, s in zip(flats, shapes)]
    objects = [np.array(f, dtype=object).reshape(s) for f, s in zip(flats, shapes)]
    _same_ints(gt.einsum(spec, *tensors), np.einsum(spec, *objects))


@settings(max_examples=40, deadline=None)
@given(m=st.integers(2, 40), k=st.integers(1, 40), n=st.integers(2, 40), seed=st.integers(0, 2**32))
def test_matrix_products_at_the_float_boundary_are_exact(m, k, n, seed):
    """Sums of products just below 2**53 run on float64 BLAS (exact there); at or past it, on int64 or exactly."""
    rng = random.Random(seed)
    top = math.isqrt((2**53 - 1) // k)  # |a| * |b| * k < 2**53: the float64 route
    for magnitude in (top, top + 1, 2**31):
        def entry() -> int:
            # entries at the bound's edge (odd, so sums are odd and a rounding would show), or anywhere below it
            return rng.choice([magnitude, -magnitude, magnitude - 1, 1 - magnitude, rng.randint(-magnitude, magnitude)])
        a = [entry() for _ in range(m * k)]
        b = [entry() for _ in range(k * n)]
        odd = magnitude - 1 + magnitude % 2
        a[:k] = [odd] * k  # one sum near the bound, odd for odd k: a float64 past 2**53 would round it
        b[::n] = [odd] * k
        ta, tb = gt.tensor(a, ops=gt.integers).reshape((m, k)), gt.tensor(b, ops=gt.integers).reshape((k, n))
        want = (np.array(a, dtype=object).reshape(m, k) @ np.array(b, dtype=object).reshape(k, n)).tolist()
        assert (ta @ tb).tolist() == want
        assert gt.einsum("ij,jk->ik", ta, tb).tolist() == want
        assert gt.tensordot(ta, tb, axes=1).tolist() == want


@needs_packing
def test_packed_contractions_stay_packed_and_other_rings_agree():
    x = gt.arange(24).reshape((2, 3, 4))
    y = gt.arange(20).reshape((4, 5))
    for got in (gt.einsum("bij,jk->bik", x, y), gt.tensordot(x, y, axes=1), gt.vecdot(x, x)):
        assert got._store.packing is not None
    ox, oy = np.arange(24).reshape(2, 3, 4), np.arange(20).reshape(4, 5)
    assert gt.einsum("bij,jk->kib", x, y).tolist() == np.einsum("bij,jk->kib", ox, oy).tolist()
    assert gt.tensordot(x, y, axes=([2], [0])).tolist() == np.tensordot(ox, oy, axes=([2], [0])).tolist()
    assert gt.vecdot(x, x).tolist() == np.vecdot(ox, ox).tolist()
    # residues: every sum reduced mod n; booleans count as integers
    r = gt.tensor(np.arange(24).reshape(2, 3, 4) * 99991, ops=gt.modular(2**31 - 1))
    s = gt.tensor(np.arange(20).reshape(4, 5) * 77773, ops=gt.modular(2**31 - 1))
    want = np.einsum("bij,jk->bik", np.array(r.tolist(), dtype=object), np.array(s.tolist(), dtype=object)) % (2**31 - 1)
    assert gt.einsum("bij,jk->bik", r, s).tolist() == want.tolist()
    assert gt.tensordot(r, s, axes=1).tolist() == want.tolist()
    mask = gt.tensor([[True, False, True, True]] * 3)
    counted = gt.einsum("ij,jk->ik", mask, y)
    assert counted.ops is gt.integers and counted.tolist() == (np.array(mask.tolist(), dtype=int) @ oy).tolist()
    assert gt.vecdot(mask, mask).tolist() == [3, 3, 3]
    # floats: products of small integers are exact, so BLAS and the element path agree bit for bit
    f = gt.tensor(np.arange(12.0).reshape(3, 4))
    assert gt.einsum("ij,kj->ik", f, f).tolist() == (np.arange(12.0).reshape(3, 4) @ np.arange(12.0).reshape(3, 4).T).tolist()


@settings(max_examples=80, deadline=None)
@given(xs=st.lists(word, min_size=1, max_size=12), flip=st.booleans(), n=st.sampled_from([2, 7, 101, 2**31 - 1, 3037000500]))
def test_casts_between_packings_convert_as_the_elements_do(xs, flip, n):
    """``astype`` from packed storage to another packing (one NumPy call) gives what each element's ``convert`` gives:
    ints to floats rounded to nearest (past 2**53 too), to complexes, to residues; bools to ints and floats."""
    x = gt.tensor(xs, ops=gt.integers)
    if flip:
        x = x[::-1]
    values = x.tolist()
    for target, convert in ((gt.floats, float), (gt.complexes, complex), (gt.modular(n), lambda v: v % n)):
        got = x.astype(target)
        assert got.ops is target and got.tolist() == [convert(v) for v in values]
        assert all(type(g) is type(convert(v)) for g, v in zip(got.tolist(), values))
    mask = x > 0
    assert mask.astype(gt.integers).tolist() == [int(v > 0) for v in values]
    assert mask.astype(gt.floats).tolist() == [float(v > 0) for v in values]
    copied = x.astype(gt.integers)  # the same ops: a copy, never the source
    assert copied is not x and copied.tolist() == values


@needs_packing
def test_a_reshape_that_copies_stays_packed_and_owns_its_storage():
    x = gt.arange(12).reshape((3, 4))
    for view, shape, copy in ((x.T, (12,), None), (x.T, (2, 6), None), (x, (4, 3), True), (x[:, :2], (6,), None)):
        got = view.reshape(shape, copy=copy)
        assert got._store.packing is not None and got._store is not x._store and got.base is None
        assert got.tolist() == np.array(view.tolist()).reshape(shape).tolist()
        got[(0,) * len(shape)] = 99  # writing the copy leaves the source alone
        assert x.tolist() == np.arange(12).reshape(3, 4).tolist()


@settings(max_examples=60, deadline=None)
@given(xs=st.lists(wide, min_size=0, max_size=8), probe=st.lists(wide, min_size=1, max_size=4))
def test_sorting_and_sets_are_exact(xs, probe):
    x = gt.tensor(xs, ops=gt.integers)
    assert gt.sort(x).tolist() == sorted(xs)
    assert gt.sort(x, descending=True).tolist() == sorted(xs, reverse=True)
    assert [xs[i] for i in gt.argsort(x).tolist()] == sorted(xs)
    assert gt.unique_values(x).tolist() == sorted(set(xs))
    counted = gt.unique_counts(x)
    assert counted.values.tolist() == sorted(set(xs)) and counted.counts.tolist() == [xs.count(v) for v in sorted(set(xs))]
    residues = gt.unique_counts(gt.tensor(xs, ops=gt.modular(5)))  # unordered: by first appearance
    order = list(dict.fromkeys(v % 5 for v in xs))
    assert residues.values.tolist() == order and residues.counts.tolist() == [[v % 5 for v in xs].count(r) for r in order]
    s = gt.sort(x)
    import bisect

    assert gt.searchsorted(s, gt.tensor(probe, ops=gt.integers)).tolist() == [bisect.bisect_left(sorted(xs), p) for p in probe]


@needs_packing
def test_a_value_past_the_word_promotes_the_storage_for_every_view():
    x = gt.arange(6).reshape((2, 3))
    row, col = x[1], x[:, 2]
    store = x._store
    assert store.packed
    col[0] = 2**70
    assert x._store is store and not store.packed and row._store is store
    assert x.tolist() == [[0, 1, 2**70], [3, 4, 5]] and row.tolist() == [3, 4, 5]
    assert col.tolist() == [2**70, 5]
    y = gt.arange(4)
    y[gt.tensor([True, False, True, False])] = gt.tensor([-(2**64), 9])
    assert y.tolist() == [-(2**64), 1, 9, 3] and not y._store.packed
    z = gt.arange(4)
    z += 2**62
    z *= 2  # 2**63 and more: promoted, exact
    assert z.tolist() == [2**63, 2**63 + 2, 2**63 + 4, 2**63 + 6]


@settings(max_examples=60, deadline=None)
@given(xs=st.lists(word, min_size=1, max_size=6), data=st.data())
def test_setitem_and_indexing_are_exact(xs, data):
    x = gt.tensor(xs, ops=gt.integers)
    ref = list(xs)
    i = data.draw(st.integers(0, len(xs) - 1))
    v = data.draw(wide)
    x[i] = v
    ref[i] = v
    assert x.tolist() == ref
    mask = data.draw(st.lists(st.booleans(), min_size=len(xs), max_size=len(xs)))
    assert x[gt.tensor(mask, ops=gt.booleans)].tolist() == [r for r, keep in zip(ref, mask) if keep]
    idx = data.draw(st.lists(st.integers(-len(xs), len(xs) - 1), max_size=5))
    assert x[gt.tensor(idx, ops=gt.integers)].tolist() == [ref[j] for j in idx]
    assert gt.take(x, gt.tensor(idx, ops=gt.integers)).tolist() == [ref[j] for j in idx]


@settings(max_examples=80, deadline=None)
@given(
    shape=st.lists(st.integers(1, 4), min_size=1, max_size=3),
    ishape=st.lists(st.integers(0, 3), min_size=1, max_size=2),
    view=st.sampled_from(["whole", "transposed", "reversed"]),
    index_view=st.booleans(),
    bad=st.sampled_from([None, "low", "high"]),
    seed=st.integers(0, 2**32 - 1),
    lead=st.integers(0, 2),
)
def test_integer_array_rows_read_as_numpy(shape, ishape, view, index_view, bad, seed, lead):
    """``x[idx]``, ``x[:, idx]``, ``x[:, :, idx]`` with a packed integer tensor (one NumPy take along that axis)
    against NumPy, on views of both; an index out of range raises the general path's error."""
    rng = np.random.default_rng(seed)
    base = rng.integers(-(2**63), 2**63 - 1, shape, endpoint=True)
    r = {"whole": base, "transposed": base.swapaxes(0, -1), "reversed": base[::-1]}[view]
    x = {"whole": gt.tensor(base), "transposed": gt.tensor(base).mT if base.ndim > 1 else gt.tensor(base),
         "reversed": gt.tensor(base)[::-1]}[view]
    if view == "transposed" and base.ndim > 1 and base.ndim != 2:
        r = base.swapaxes(-1, -2)
    lead = min(lead, r.ndim - 1)
    n = r.shape[lead]
    raw = rng.integers(-n, n, [2 * k for k in ishape] if index_view else ishape)
    idx = gt.tensor(raw)
    if index_view:  # a strided view as the index
        raw, idx = raw[(slice(None, None, 2),) * raw.ndim], idx[(slice(None, None, 2),) * raw.ndim]
    if bad is not None and raw.size:
        raw = raw.copy()
        raw.reshape(-1)[rng.integers(0, raw.size)] = -n - 1 if bad == "low" else n
        idx = gt.tensor(raw)
        with pytest.raises(gt.IndexingError, match="out of range"):
            x[(slice(None),) * lead + (idx,)]
        return
    got = x[(slice(None),) * lead + (idx,)] if lead else x[idx]
    expected = r[(slice(None),) * lead + (raw,)]
    assert got.shape == expected.shape and got.tolist() == expected.tolist()
    assert all(type(v) is int for v in got.reshape((-1,)).tolist())


@settings(max_examples=80, deadline=None)
@given(shape=st.lists(st.integers(1, 4), min_size=1, max_size=3), view=st.sampled_from(["whole", "transposed", "sliced"]),
       mask_view=st.booleans(), scale=st.sampled_from(["small", "word"]), data=st.data())
def test_whole_shape_masks_read_and_write_as_numpy(shape, view, mask_view, scale, data):
    """``x[mask]`` and ``x[mask] = v`` with a mask of ``x``'s shape (the one-call NumPy path) against NumPy,
    on views of both, with writes landing in the base and nowhere else."""
    values = st.integers(-1000, 1000) if scale == "small" else word
    size = math.prod(shape)
    base_values = data.draw(st.lists(values, min_size=size, max_size=size))
    base, ref = gt.tensor(base_values, ops=gt.integers).reshape(tuple(shape)), np.array(base_values, dtype=object).reshape(shape)
    x, r = {"whole": (base, ref), "transposed": (base.mT if base.ndim > 1 else base[::-1], ref.swapaxes(-1, -2) if ref.ndim > 1 else ref[::-1]),
            "sliced": (base[..., ::2], ref[..., ::2])}[view]
    flags = data.draw(st.lists(st.booleans(), min_size=2 * r.size, max_size=2 * r.size))
    if mask_view:  # a strided view as the mask: every other entry of a longer one
        mask = gt.tensor(flags, ops=gt.booleans)[::2].reshape(r.shape)
        m = np.array(flags, dtype=bool)[::2].reshape(r.shape)
    else:
        mask, m = gt.tensor(flags[: r.size], ops=gt.booleans).reshape(r.shape), np.array(flags[: r.size], dtype=bool).reshape(r.shape)
    picked = x[mask]
    assert picked.tolist() == r[m].tolist() and picked.shape == r[m].shape
    assert all(type(v) is int for v in picked.tolist())
    v = data.draw(values)
    x[mask] = v
    r[m] = v
    assert x.tolist() == r.tolist() and base.tolist() == ref.tolist()
    x[mask] = 2**70  # past the word: the storage promotes, for every view
    r[m] = 2**70
    assert x.tolist() == r.tolist() and base.tolist() == ref.tolist()


def test_views_share_packed_storage_and_write_through():
    x = gt.arange(12).reshape((3, 4))
    v = x.T[1:, ::-2]
    v[0, 0] = 100
    assert x[2, 1] == 100 and v._store is x._store
    x[x > 50] = -1
    assert x.tolist()[2] == [8, -1, 10, 11]


def test_pickle_save_load_and_numpy_round_trip(tmp_path):
    x = gt.arange(6).reshape((2, 3)).T
    y = pickle.loads(pickle.dumps(x))
    assert y.tolist() == x.tolist() and y.ops is gt.integers
    path = tmp_path / "x.json"
    gt.save(path, x)
    assert gt.load(path).tolist() == x.tolist()
    a = gt.to_numpy(x)
    assert a.tolist() == x.tolist()
    assert gt.tensor(a).tolist() == x.tolist()


def test_floats_match_python_bit_for_bit():
    rng = np.random.default_rng(1)
    xs = [float(v) for v in rng.standard_normal(50)] + [0.0, -0.0, math.inf, -math.inf, math.nan, 1e308, 5e-324]
    ys = [float(v) for v in rng.standard_normal(len(xs))]
    x, y = gt.tensor(xs), gt.tensor(ys)
    lx, ly = Tensor._from_flat(list(xs), (len(xs),), gt.floats), Tensor._from_flat(list(ys), (len(ys),), gt.floats)
    for f in (gt.add, gt.subtract, gt.multiply, gt.divide, gt.maximum, gt.minimum, gt.less, gt.equal):
        got, expected = f(x, y).tolist(), f(lx, ly).tolist()
        assert [repr(v) for v in got] == [repr(v) for v in expected], f
    for f in (gt.sqrt, gt.abs, gt.negative, gt.floor, gt.isnan):
        assert [repr(v) for v in f(x).tolist()] == [repr(v) for v in f(lx).tolist()], f
    finite = gt.tensor(xs[:50])
    assert repr(gt.sum(finite)) == repr(sum(xs[:50], 0.0))
    assert repr(gt.sum(gt.tensor([-0.0, -0.0]))) == repr(sum([-0.0, -0.0], 0.0))



_SIGNED = (0.0, -0.0, 1.0, -1.0, 2.5, math.inf, -math.inf, math.nan, -math.nan)


def _bits(values):
    return [repr(v) + ("-" if math.copysign(1.0, v) < 0 else "+") for v in values]


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 3),
    st.integers(64, 90),
    st.lists(st.sampled_from(_SIGNED), min_size=1, max_size=4),
    st.integers(0, 2**32 - 1),
)
def test_float_min_max_match_the_list_path_bit_for_bit(m, n, pool, seed):
    # NumPy's max/min where they are the list path's answer: NaN and zeros of both signs in one lane defer.
    a = np.random.default_rng(seed).choice(np.array(pool), size=(m, n))
    x, lx = gt.tensor(a), Tensor._from_flat(a.reshape(-1).tolist(), a.shape, gt.floats)
    for f in (gt.max, gt.min):
        assert _bits([f(x)]) == _bits([f(lx)]), f
        for axis in (0, 1):
            assert _bits(f(x, axis=axis).tolist()) == _bits(f(lx, axis=axis).tolist()), (f, axis)
            assert _bits(f(x.mT, axis=axis).tolist()) == _bits(f(lx.mT, axis=axis).tolist()), (f, axis)


@settings(max_examples=80, deadline=None)
@given(
    st.integers(64, 200),
    st.lists(st.sampled_from(_SIGNED), min_size=1, max_size=4),
    st.lists(st.sampled_from(_SIGNED), min_size=1, max_size=4),
    st.sampled_from(_SIGNED),
    st.integers(0, 2**32 - 1),
)
@example(64, [0.0], [-0.0], -0.0, 0)  # equal zeros of opposite signs: the first operand's
@example(64, [-0.0], [0.0], 0.0, 0)
def test_float_elementwise_extremes_and_running_sums_match_the_list_path_bit_for_bit(n, pool_a, pool_b, c, seed):
    """maximum/minimum keep the first of equal values (Python's max/min), so clip keeps x on a tie with a bound;
    running sums with the initial zero start from it (0.0 + -0.0 is 0.0), as the list path adds."""
    rng = np.random.default_rng(seed)
    a, b = rng.choice(np.array(pool_a), size=n), rng.choice(np.array(pool_b), size=n)
    x, y = gt.tensor(a), gt.tensor(b)
    lx, ly = (Tensor._from_flat(v.tolist(), (n,), gt.floats) for v in (a, b))
    assert PACKING_DISABLED or x._store.packing is not None
    for f in (gt.maximum, gt.minimum):
        for p, q, lp, lq in ((x, y, lx, ly), (y, x, ly, lx), (x, c, lx, c), (c, x, c, lx)):
            assert _bits(f(p, q).tolist()) == _bits(f(lp, lq).tolist()), (f, p, q)
    low, high = sorted([c, 1.0], key=lambda v: (v != v, v))  # a NaN bound stays last
    assert _bits(gt.clip(x, low, high).tolist()) == _bits(gt.clip(lx, low, high).tolist())
    def sums(values):  # which NaN a sum of two NaNs gives is the hardware's choice: any NaN is NaN here
        return ["nan" if v != v else r for v, r in zip(values, _bits(values))]

    for initial in (False, True):
        got = gt.cumulative_sum(x, include_initial=initial).tolist()
        assert sums(got) == sums(gt.cumulative_sum(lx, include_initial=initial).tolist()), initial
    running = [0.0]
    for v in a.tolist():
        running.append(running[-1] + v)
    assert sums(gt.cumulative_sum(x, include_initial=True).tolist()) == sums(running)  # Python's own additions


@pytest.mark.parametrize("lane", [[-0.0, 0.0], [0.0, -0.0], [-1.0, -0.0, 0.0], [math.nan, -math.nan], [-math.nan, math.nan]])
def test_float_min_max_keep_the_first_of_equal_extremes(lane):
    # NumPy's SIMD max picks either zero (and either NaN); the list path, as Python's max, keeps the first.
    values = lane * 40
    x, lx = gt.tensor(values), Tensor._from_flat(list(values), (len(values),), gt.floats)
    assert PACKING_DISABLED or x._store.packing is not None
    for f in (gt.max, gt.min):
        assert _bits([f(x)]) == _bits([f(lx)]) == _bits([(max if f is gt.max else min)(values)]), f



_ROUNDING = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(2**12), 2**12).map(lambda k: k / 2),  # halves: the ties
    st.sampled_from([0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 2.0**52 + 1, 2.0**53, 1e300]),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_ROUNDING, min_size=64, max_size=120), st.integers(-2, 3))
def test_float_round_matches_the_list_path_bit_for_bit(values, decimals):
    # decimals=0 runs np.rint on the packed words (half to even, as Python's round); other digits map round().
    x, lx = gt.tensor(values), Tensor._from_flat(list(values), (len(values),), gt.floats)
    assert PACKING_DISABLED or x._store.packing is not None
    assert _bits(gt.round(x, decimals=decimals).tolist()) == _bits(gt.round(lx, decimals=decimals).tolist())
    z = [complex(a, b) for a, b in zip(values, reversed(values))]
    xz, lz = gt.tensor(z, ops=gt.complexes), Tensor._from_flat(z, (len(z),), gt.complexes)
    got, expected = gt.round(xz, decimals=decimals).tolist(), gt.round(lz, decimals=decimals).tolist()
    assert _bits([v.real for v in got]) == _bits([v.real for v in expected])
    assert _bits([v.imag for v in got]) == _bits([v.imag for v in expected])


_WHOLE = st.one_of(
    st.integers(-(2**53), 2**53).map(float),
    st.sampled_from([2.0**63, -(2.0**63), 2.0**63 - 1024, -(2.0**63) + 1024, 2.0**64, 0.0, -0.0]),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_WHOLE, min_size=64, max_size=100), st.sampled_from([None, 0.5, math.inf, math.nan, 2.0**70]))
def test_float_to_integer_casts_are_exact_or_raise_as_the_list_path(values, extra):
    # Whole floats below 2**63 cast with one NumPy call; the rest (and any fraction, inf, nan) element by element.
    if extra is not None:
        values = values[:10] + [extra] + values[10:]
    x, lx = gt.tensor(values), Tensor._from_flat(list(values), (len(values),), gt.floats)
    try:
        expected = lx.astype(gt.integers).tolist()
    except gt.GentensorError as e:
        with pytest.raises(type(e)):
            x.astype(gt.integers)
        return
    got = x.astype(gt.integers)
    assert got.tolist() == expected == [int(v) for v in values]
    assert all(type(v) is int for v in got.tolist())
    assert (got * got).tolist() == [v * v for v in expected]  # the bounds the cast reports prove the products


def test_float_to_integer_cast_reports_true_bounds():
    values = [2.0**40, -(2.0**52), 3.0, -(2.0**62)] * 20
    got = gt.tensor(values).astype(gt.integers)
    assert PACKING_DISABLED or got._store.packing is not None
    assert (got * got).tolist() == [int(v) ** 2 for v in values]  # past the word: the bounds must say so
    assert (got + got).tolist() == [2 * int(v) for v in values]
    many = np.arange(100_000, dtype=np.float64)
    for where in (0, 32_767, 32_768, 99_999):  # the wholeness check runs in chunks of 2**15: every chunk counts
        broken = many.copy()
        broken[where] += 0.5
        with pytest.raises(gt.ArgumentTypeError, match="exactly"):
            gt.tensor(broken).astype(gt.integers)
    assert gt.tensor(many).astype(gt.integers).tolist() == list(range(100_000))



@settings(max_examples=80, deadline=None)
@given(
    st.one_of(st.floats(-1e300, 1e300), st.integers(-(10**6), 10**6)),
    st.floats(-1e300, 1e300),
    st.integers(64, 300),
    st.booleans(),
)
def test_float_linspace_is_the_element_formula_bit_for_bit(start, stop, num, endpoint):
    # One NumPy expression (k * step + start) for what the element path computes as start + k * step.
    x = gt.linspace(start, stop, num, endpoint=endpoint)
    step = (stop - start) / (num - 1 if endpoint else num)
    expected = [float(start + k * step) for k in range(num)]
    if endpoint:
        expected[-1] = float(stop)
    assert x.ops is gt.floats and (PACKING_DISABLED or x._store.packing is not None)
    assert _bits(x.tolist()) == _bits(expected)



@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2), st.booleans(), st.booleans())
def test_take_along_axis_matches_numpy_and_the_list_path(seed, axis, broadcast, out_of_range):
    # One np.take_along_axis on the packed words; indices broadcast on the other axes; errors name the first bad index.
    rng = np.random.default_rng(seed)
    a = rng.integers(-(2**62), 2**62, (3, 4, 5))
    n = a.shape[axis]
    ishape = list(a.shape)
    ishape[axis] = int(rng.integers(1, 7))
    if broadcast:
        ishape[(axis + 1) % 3] = 1
    idx = rng.integers(-n, n, ishape)
    if out_of_range:
        first, second = sorted(rng.choice(idx.size, 2, replace=False))  # the error names the first in C order
        idx.reshape(-1)[first] = -n - 1 - int(rng.integers(0, 3)) if rng.integers(0, 2) else n + int(rng.integers(0, 3))
        idx.reshape(-1)[second] = n + 5
    x, ix = gt.tensor(a), gt.tensor(idx)
    lx, lix = listed(a.reshape(-1).tolist(), a.shape), listed(idx.reshape(-1).tolist(), idx.shape)
    if out_of_range:
        with pytest.raises(gt.IndexingError) as packed_error:
            gt.take_along_axis(x, ix, axis=axis)
        with pytest.raises(gt.IndexingError) as listed_error:
            gt.take_along_axis(lx, lix, axis=axis)
        assert str(packed_error.value) == str(listed_error.value)
        return
    expected = np.take_along_axis(a, idx, axis=axis)  # NumPy broadcasts the other axes too
    got = gt.take_along_axis(x, ix, axis=axis)
    assert PACKING_DISABLED or got._store.packing is not None
    assert got.tolist() == expected.tolist() == gt.take_along_axis(lx, lix, axis=axis).tolist()
    swapped = {0: 0, 1: 2, 2: 1}[axis]  # .mT swaps the last two axes: views through strides
    expected = np.take_along_axis(a.swapaxes(1, 2), idx.swapaxes(1, 2), axis=swapped)
    assert gt.take_along_axis(x.mT, ix.mT, axis=swapped).tolist() == expected.tolist()



@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([2, 7, 251, 10007, 2**31 - 1, 3037000499]),
    st.integers(3, 5000),
    st.integers(0, 2**32 - 1),
)
def test_residue_powers_by_repeated_squaring_match_pow(n, k, seed):
    # Residues have products but no power kernel: a ** k is repeated squaring with the product kernel.
    values = np.random.default_rng(seed).integers(0, n, 80).tolist()
    x = gt.tensor(values, ops=gt.modular(n))
    listed_x = Tensor._from_flat(list(values), (len(values),), gt.modular(n))
    got = x ** k
    assert PACKING_DISABLED or got._store.packing is not None
    assert got.tolist() == [pow(v, k, n) for v in values] == (listed_x**k).tolist()
    assert x.tolist() == values  # the input is left as it was



@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.one_of(word, st.integers(-1000, 1000)), min_size=64, max_size=100),
    st.lists(st.one_of(word, st.integers(-1000, 1000)), min_size=64, max_size=100),
    st.integers(0, 3),
)
def test_gcd_lcm_isqrt_on_words_match_math(xs, ys, delta):
    # NumPy's gcd/lcm under bounds that prove the word (else the element path), isqrt by the corrected float root.
    n = min(len(xs), len(ys))
    xs, ys = xs[:n], ys[:n]
    x, y = gt.tensor(xs), gt.tensor(ys)
    assert gt.gcd(x, y).tolist() == [math.gcd(a, b) for a, b in zip(xs, ys)]
    assert gt.lcm(x, y).tolist() == [math.lcm(a, b) for a, b in zip(xs, ys)]
    roots = [max(0, abs(a) % 3037000500) for a in xs]
    squares = [r * r - delta if r * r >= delta else r * r for r in roots]  # at and just below perfect squares
    for values in ([abs(a) for a in xs if a != -(2**63)] * 2, squares):
        if len(values) >= 64:
            got = gt.isqrt(gt.tensor(values))
            assert got.tolist() == [math.isqrt(v) for v in values]
    with pytest.raises(gt.DomainError, match="non-negative"):
        gt.isqrt(gt.tensor([-1] + [abs(a) % 2**62 for a in xs]))



@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 120),
    st.sampled_from(["small", "word", "floats", "bools"]),
    st.integers(0, 2**32 - 1),
    st.integers(0, 5),
)
def test_weighted_bincount_matches_the_element_path(n, kind, seed, minlength):
    # Packing.grouped_sum: doubles below 2**53, int64 below 2**63, else Python ints; floats summed in order from 0.0.
    rng = np.random.default_rng(seed)
    bins = rng.integers(0, 6, n).tolist()
    if kind == "small":
        weights = rng.integers(-1000, 1000, n).tolist()
    elif kind == "word":
        weights = [int(v) for v in rng.choice(np.array(EDGES, dtype=object), n)]
    elif kind == "floats":
        pool = [0.0, -0.0, 1.5, -2.25, 1e300, -1e300, 1e-300, math.inf, math.nan, 0.1]
        weights = [pool[i] for i in rng.integers(0, len(pool), n)]
    else:
        weights = [bool(v) for v in rng.integers(0, 2, n)]
    got = gt.bincount(gt.tensor(bins), weights=gt.tensor(weights), minlength=minlength)
    expected = gt.bincount(listed(bins), weights=list(weights), minlength=minlength)
    length = max(max(bins) + 1, minlength)
    zero = 0.0 if kind == "floats" else 0
    reference = [zero] * length
    for v, weight in zip(bins, weights):
        reference[v] = reference[v] + weight
    assert got.ops is expected.ops
    assert _bits(got.tolist()) == _bits(expected.tolist()) if kind == "floats" else got.tolist() == expected.tolist()
    if kind == "floats":
        assert _bits(got.tolist()) == _bits(reference)
    else:
        assert got.tolist() == [int(r) for r in reference]



@settings(max_examples=60, deadline=None)
@given(st.lists(word, min_size=1, max_size=80), st.sampled_from(["integers", "residues", "transposed"]))
def test_unique_inverse_matches_the_list_path(xs, kind):
    # Sorted values by NumPy's unique (no stable sort needed); residues (unordered) by first appearance.
    if kind == "residues":
        ops = gt.modular(101)
        values = [v % 101 for v in xs]
        x, lx = gt.tensor(values, ops=ops), Tensor._from_flat(list(values), (len(values),), ops)
    elif kind == "transposed" and len(xs) % 2 == 0:
        x = gt.tensor(xs).reshape((2, len(xs) // 2)).mT
        lx = listed(xs, (2, len(xs) // 2)).mT
    else:
        x, lx = gt.tensor(xs), listed(xs)
    got, expected = gt.unique_inverse(x), gt.unique_inverse(lx)
    assert got.values.tolist() == expected.values.tolist()
    assert got.inverse_indices.tolist() == expected.inverse_indices.tolist()
    assert got.inverse_indices.shape == x.shape
    flat_values = got.values.tolist()
    assert [flat_values[i] for i in got.inverse_indices.reshape((-1,)).tolist()] == x.reshape((-1,)).tolist()


# -- a user ring that packs --------------------------------------------------------------------
P = 251


class GF(gt.BaseOps):
    """GF(251) with int elements, packed as uint8 with vectorised kernels."""

    name = "GF(251)"
    is_field = True
    packing = gt.Packing(
        "uint8",
        lo=0,
        hi=P - 1,
        kernels={
            "add": lambda a, b: ((a.astype(np.int64) + b) % P).astype(np.uint8),
            "multiply": lambda a, b: ((a.astype(np.int64) * b) % P).astype(np.uint8),
            "equal": np.equal,
        },
    )

    def convert(self, v):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"GF: cannot convert {v!r}")
        return v % P

    def add(self, a, b):
        return (a + b) % P

    def mul(self, a, b):
        return a * b % P

    def neg(self, a):
        return -a % P

    def equal(self, a, b):
        return a == b

    def div(self, a, b):
        return a * pow(b, -1, P) % P


class Byte:
    """An element of GF(2^8) (the AES field): a Python object around a byte."""

    __slots__ = ("v",)

    def __init__(self, v: int) -> None:
        self.v = v

    def __eq__(self, other):
        return isinstance(other, Byte) and other.v == self.v

    def __hash__(self):
        return hash(self.v)

    def __repr__(self):
        return f"Byte({self.v})"


def _gf256_mul(a: int, b: int) -> int:
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        if a & 0x100:
            a ^= 0x11B
        b >>= 1
    return r


class GF256(gt.BaseOps):
    """GF(2^8): elements are Byte objects, packed as uint8 through to_machine/from_machine."""

    name = "GF(2^8)"
    zero = Byte(0)
    one = Byte(1)
    is_field = True
    packing = gt.Packing(
        "uint8",
        to_machine=lambda els: [e.v for e in els],
        from_machine=lambda vs: [Byte(v) for v in vs],
        kernels={"add": np.bitwise_xor, "subtract": np.bitwise_xor},
    )

    def convert(self, v):
        if isinstance(v, Byte):
            return v
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 256:
            return Byte(v)
        raise TypeError(f"GF256: cannot convert {v!r}")

    def add(self, a, b):
        return Byte(a.v ^ b.v)

    def sub(self, a, b):
        return Byte(a.v ^ b.v)

    def neg(self, a):
        return a

    def mul(self, a, b):
        return Byte(_gf256_mul(a.v, b.v))

    def equal(self, a, b):
        return a.v == b.v

    def div(self, a, b):
        inverse = next(c for c in range(1, 256) if _gf256_mul(b.v, c) == 1)
        return Byte(_gf256_mul(a.v, inverse))


@settings(max_examples=60, deadline=None)
@given(xs=st.lists(st.integers(0, P - 1), min_size=1, max_size=8), data=st.data())
def test_a_user_prime_field_packs_and_computes_exactly(xs, data):
    ys = data.draw(st.lists(st.integers(0, P - 1), min_size=len(xs), max_size=len(xs)))
    ops = GF()
    x, y = gt.tensor(xs, ops=ops), gt.tensor(ys, ops=ops)
    if not PACKING_DISABLED:
        assert x._store.packed and x._store.data.dtype == np.uint8
    assert (x + y).tolist() == [(a + b) % P for a, b in zip(xs, ys)]
    assert (x * y).tolist() == [a * b % P for a, b in zip(xs, ys)]
    assert (x - y).tolist() == [(a - b) % P for a, b in zip(xs, ys)]  # no kernel: the element path
    assert all(type(v) is int for v in (x * y).tolist())
    assert x[gt.tensor([True] * len(xs), ops=gt.booleans)].tolist() == xs


def test_a_user_field_with_object_elements_packs_through_its_codec():
    ops = GF256()
    x = gt.tensor([Byte(3), Byte(5), Byte(255)], ops=ops)
    if not PACKING_DISABLED:
        assert x._store.packed
    assert (x + x).tolist() == [Byte(0)] * 3
    assert (x * x).tolist() == [Byte(_gf256_mul(v, v)) for v in (3, 5, 255)]
    assert x[1] == Byte(5) and isinstance(x[1], Byte)
    m = gt.tensor([[Byte(1), Byte(2)], [Byte(3), Byte(4)]], ops=ops)
    inv = gt.linalg.inv(m)
    assert (m @ inv).tolist() == [[Byte(1), Byte(0)], [Byte(0), Byte(1)]]


def test_packings_describe_their_words():
    # (plain, discrete, real, signed, logical): what the rest of gentensor asks instead of the dtype's kind
    seen = {
        ops.name: (p.plain, p.discrete, p.real, p.signed, p.logical)
        for ops in (gt.integers, gt.booleans, gt.floats, gt.complexes, gt.modular(7), GF(), GF256())
        for p in [ops.packing]
    }
    assert seen == {
        "integers": (True, True, True, True, False),
        "booleans": (True, True, True, False, True),
        "floats": (True, False, True, False, False),
        "complexes": (True, False, False, False, False),
        "modular(7)": (True, True, True, True, False),
        GF.name: (True, True, True, False, False),
        "GF(2^8)": (False, True, True, False, False),
    }


def test_a_codec_packing_groups_its_elements_exactly():
    # GF(2^8) packs Byte objects through a codec: unique and isin group its words (one per element), and
    # bincount, which counts numbers, refuses its elements
    ops = GF256()
    x = gt.tensor([Byte(3), Byte(5), Byte(3), Byte(255)], ops=ops)
    assert gt.unique_values(x).tolist() == [Byte(3), Byte(5), Byte(255)]
    assert gt.unique_counts(x).counts.tolist() == [2, 1, 1]
    assert gt.isin(x, gt.tensor([Byte(5)], ops=ops)).tolist() == [False, True, False, False]
    with pytest.raises(gt.DomainError):
        gt.bincount(x)


def test_packing_declarations_are_checked():
    with pytest.raises(gt.ArgumentValueError):
        gt.Packing("object")
    with pytest.raises(gt.ArgumentValueError):
        gt.Packing("uint8", lo=0, hi=300)
    with pytest.raises(gt.ArgumentValueError):
        gt.Packing("float64", lo=0)
    with pytest.raises(gt.ArgumentTypeError):
        gt.Packing("int64", kernels={"add": 3})
    assert repr(gt.Packing("uint8", lo=0, hi=250)) == "Packing('uint8', lo=0, hi=250)"


@needs_packing
def test_memory_per_element():
    import tracemalloc

    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    x = gt.arange(10**6)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert x._store.packed
    assert (after - before) / 10**6 <= 9


@needs_packing
def test_threads_give_the_serial_result():
    x = gt.arange(300_000) - 150_000
    with gt.parallel("threads", workers=2):
        y = x * x + x
        z = x * (2**40)  # products past the word: exact
    assert y.tolist() == (x * x + x).tolist()
    assert z.tolist() == [v * 2**40 for v in x.tolist()]
    # ufuncs written into the result's chunks, and kernels that are not (a comparison's bool result, a
    # checked divisor, floats): each as the serial path gives it.
    w = (x % 7) - 3
    f = x / 3
    with gt.parallel("threads", workers=2):
        got = [x > w, x // (w + 4), x % (w + 4), gt.maximum(x, w), f * f, x - w, gt.negative(x)]
    want = [x > w, x // (w + 4), x % (w + 4), gt.maximum(x, w), f * f, x - w, gt.negative(x)]
    for g, e in zip(got, want):
        assert g.ops is e.ops and g.tolist() == e.tolist()


_EDGE_INTS = st.one_of(
    st.integers(-5, 5),
    st.sampled_from([INT64_MIN, INT64_MIN + 1, INT64_MAX - 1, INT64_MAX, INT64_MIN - 1, INT64_MAX + 1, 2**100, -(2**100)]),
    st.integers(INT64_MIN - 10, INT64_MAX + 10),
)


@settings(max_examples=200)
@given(values=st.lists(_EDGE_INTS, max_size=40))
def test_integer_packing_packs_exactly_the_lists_that_fit(values: list[int]) -> None:
    """The integers' packing reads a list with ``fromiter``: the same answer as the generic ``Packing.pack``, and
    the words are the values themselves (or ``None`` as soon as one does not fit)."""
    packing = IntegerPacking()
    got = packing.pack(values)
    generic = gt.Packing.pack(packing, values)
    fits = all(INT64_MIN <= v <= INT64_MAX for v in values)
    assert (got is not None) == (generic is not None) == fits
    if fits:
        assert got.dtype == np.int64 and got.tolist() == values == generic.tolist()


@settings(max_examples=60, deadline=None)
@given(shape=st.tuples(st.integers(1, 4), st.integers(1, 4), st.integers(1, 3)), view=st.sampled_from(["whole", "T", "sliced"]),
       ring=st.sampled_from(["integers", "GF(251)", "GF(2^8)"]), k=st.integers(-3, 3), reps=st.integers(0, 3), data=st.data())
def test_structural_functions_on_packed_storage_are_numpys(shape, view, ring, k, reps, data):
    """``tile``, ``repeat``, ``tril``/``triu`` and ``nonzero`` on packed storage (NumPy on the machine values) against
    NumPy object arrays of the elements, on views, for a user ring whose elements are objects (machine zero 0)."""
    size = math.prod(shape)
    raw = data.draw(st.lists(st.integers(0, 250) if ring != "integers" else word, min_size=size, max_size=size))
    if ring == "integers":
        ops, elements = gt.integers, raw
    elif ring == "GF(251)":
        ops, elements = GF(), raw
    else:
        ops, elements = GF256(), [Byte(v) for v in raw]
    base = gt.tensor(elements, ops=ops).reshape(shape)
    ref = np.empty(size, dtype=object)
    ref[:] = elements
    ref = ref.reshape(shape)
    x, r = {"whole": (base, ref), "T": (base.mT, ref.swapaxes(-1, -2)), "sliced": (base[:, ::2], ref[:, ::2])}[view]
    assert gt.tile(x, (reps, 1, 2)).tolist() == np.tile(r, (reps, 1, 2)).tolist()
    assert gt.repeat(x, reps).tolist() == np.repeat(r, reps).tolist()
    counts = data.draw(st.lists(st.integers(0, 2), min_size=r.shape[1], max_size=r.shape[1]))
    assert gt.repeat(x, counts, axis=1).tolist() == np.repeat(r, counts, axis=1).tolist()
    zero = ops.zero
    lower, upper = gt.tril(x, k=k), gt.triu(x, k=k)
    keep = np.tri(r.shape[-2], r.shape[-1], k, dtype=bool)
    assert lower.tolist() == np.where(keep, r, zero).tolist() and lower.ops is ops
    assert upper.tolist() == np.where(~np.tri(r.shape[-2], r.shape[-1], k - 1, dtype=bool), r, zero).tolist()
    if ring == "integers":
        assert [c.tolist() for c in gt.nonzero(x)] == [c.tolist() for c in np.nonzero(np.array(r.tolist()))]


@settings(max_examples=80, deadline=None)
@given(xs=st.lists(wide, min_size=1, max_size=8), data=st.data(),
       rtol=st.one_of(st.sampled_from([1e-5, 0.0, 0.5, 1e-300]), st.fractions(0, 2, max_denominator=10**6)),
       atol=st.one_of(st.sampled_from([1e-8, 0.0, 3.0]), st.integers(0, 10**6), st.fractions(0, 10**6, max_denominator=97)))
def test_isclose_of_integers_is_the_exact_comparison(xs, data, rtol, atol):
    """``isclose`` of integers compares ``|x - y| <= atol + rtol * |y|`` exactly (tolerances as the rationals they
    spell), computed in integers scaled by the tolerances' denominator, at the word's edges and past it."""
    r = Fraction(repr(rtol)) if isinstance(rtol, float) else Fraction(rtol)
    t = Fraction(repr(atol)) if isinstance(atol, float) else Fraction(atol)
    c = math.floor(t)  # differences at the absolute tolerance's edge: equal to it, one past it
    steps = st.sampled_from([0, 1, -1, c, -c, c + 1, -c - 1])
    ys = [data.draw(st.one_of(wide, steps.map(lambda d, x=x: x + d))) for x in xs]
    want = [abs(x - y) <= t + r * abs(y) for x, y in zip(xs, ys)]
    got = gt.isclose(gt.tensor(xs, ops=gt.integers), gt.tensor(ys, ops=gt.integers), rtol=rtol, atol=atol)
    assert got.ops is gt.booleans and got.tolist() == want
    assert gt.allclose(gt.tensor(xs, ops=gt.integers), gt.tensor(ys, ops=gt.integers), rtol=rtol, atol=atol) is all(want)


@settings(max_examples=80, deadline=None)
@given(xs=st.lists(wide, min_size=1, max_size=10), data=st.data(), invert=st.booleans())
def test_isin_and_bincount_on_packed_storage(xs, data, invert):
    """``isin`` on machine values (either operand packed) and ``bincount`` by NumPy, against Python sets and counts;
    floats: NaN is found nowhere and ``-0.0`` finds ``0.0``, as the elements compare."""
    pool = data.draw(st.lists(st.one_of(wide, st.sampled_from(xs)), max_size=6))
    got = gt.isin(gt.tensor(xs, ops=gt.integers), gt.tensor(pool, ops=gt.integers), invert=invert)
    assert got.ops is gt.booleans and got.tolist() == [(x in set(pool)) != invert for x in xs]
    floats = [0.0, -0.0, math.nan, math.inf, 1.5, -2.0]
    fx = data.draw(st.lists(st.sampled_from(floats), min_size=1, max_size=6))
    fp = data.draw(st.lists(st.sampled_from(floats), max_size=4))
    assert gt.isin(gt.tensor(fx), gt.tensor(fp, ops=gt.floats)).tolist() == [any(v == w for w in fp) for v in fx]
    counts = data.draw(st.lists(st.integers(0, 30), min_size=0, max_size=40))
    minlength = data.draw(st.integers(0, 40))
    assert gt.bincount(gt.tensor(counts, ops=gt.integers), minlength=minlength).tolist() == np.bincount(
        np.array(counts, dtype=np.intp), minlength=minlength).tolist()


@settings(max_examples=80, deadline=None)
@given(xs=st.lists(st.integers(-1000, 1000), min_size=1, max_size=30), ys=st.lists(wide, min_size=1, max_size=8),
       scale=st.sampled_from(["small", "edge", "wide"]), mode=st.sampled_from(["full", "same", "valid"]), data=st.data())
def test_packed_convolution_is_exact(xs, ys, scale, mode, data):
    """``convolve`` of packed integers (windows times a column, by the ``@`` plan) against NumPy object arrays, in
    both orders and every mode; past the word the plan declines and the sums are exact; residues reduce.  At the
    "edge" one product fits the word and a sum of a few does not: only a proof over all ``m`` terms declines."""
    if scale == "small":
        ys = [y % 2001 - 1000 for y in ys]
    elif scale == "edge":
        xs = [1000 if x >= 0 else -1000 for x in xs]
        ys = [2**53 if y >= 0 else -(2**53) for y in ys]
    a, b = gt.tensor(xs, ops=gt.integers), gt.tensor(ys, ops=gt.integers)
    oa, ob = np.array(xs, dtype=object), np.array(ys, dtype=object)
    for got, want in ((gt.convolve(a, b, mode=mode), np.convolve(oa, ob, mode=mode)), (gt.convolve(b, a, mode=mode), np.convolve(ob, oa, mode=mode))):
        assert got.tolist() == want.tolist() and all(type(v) is int for v in got.tolist())
    n = data.draw(st.sampled_from([7, 2**31 - 1, 3037000499]))
    ra, rb = gt.tensor(xs, ops=gt.modular(n)), gt.tensor(ys, ops=gt.modular(n))
    want = np.convolve(np.array([x % n for x in xs], dtype=object), np.array([y % n for y in ys], dtype=object), mode=mode) % n
    assert gt.convolve(ra, rb, mode=mode).tolist() == want.tolist()


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(64, 90), scale=st.sampled_from(["small", "word", "wide"]), broadcast=st.booleans(),
       axis0=st.booleans(), data=st.data())
def test_packed_cross_is_exact(rows, scale, broadcast, axis0, data):
    """``cross`` of packed vectors (column by column, packed kernels under their bounds) against the formula on
    NumPy object arrays: at the word's edges and past it, broadcast, along the first axis."""
    values = {"small": st.integers(-1000, 1000), "word": word, "wide": wide}[scale]
    a = data.draw(st.lists(values, min_size=3 * rows, max_size=3 * rows))
    b = data.draw(st.lists(values, min_size=3, max_size=3)) if broadcast else data.draw(st.lists(values, min_size=3 * rows, max_size=3 * rows))
    oa = np.array(a, dtype=object).reshape(rows, 3)
    ob = np.array(b, dtype=object).reshape(-1, 3)
    ta, tb = gt.tensor(a, ops=gt.integers).reshape((rows, 3)), gt.tensor(b, ops=gt.integers).reshape((-1, 3))
    oa, ob = np.broadcast_arrays(oa, ob)
    want = np.empty(oa.shape, dtype=object)
    for i, j, k in ((0, 1, 2), (1, 2, 0), (2, 0, 1)):
        want[:, i] = oa[:, j] * ob[:, k] - oa[:, k] * ob[:, j]
    if axis0:
        got = gt.cross(ta.T, tb.T if not broadcast else tb.T, axis=0)
        assert got.tolist() == want.T.tolist()
    else:
        got = gt.cross(ta, tb)
        assert got.tolist() == want.tolist()
    assert all(type(v) is int for v in np.ravel(np.array(got.tolist(), dtype=object)))


def _object_power(m: np.ndarray, k: int) -> np.ndarray:
    out = np.eye(m.shape[-1], dtype=int).astype(object)
    for _ in range(k):
        out = out.dot(m)
    return out


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 5), k=st.integers(2, 12), batch=st.integers(1, 3),
       scale=st.sampled_from(["small", "small", "word", "wide"]), data=st.data())
def test_packed_matrix_power_is_exact(n, k, batch, scale, data):
    """``matrix_power`` of packed integers by repeated squaring on machine words while every product's bounds
    prove it fits, else exactly from the start: against repeated object-array products, for stacks and residues."""
    values = {"small": st.integers(-9, 9), "word": word, "wide": wide}[scale]
    flat = data.draw(st.lists(values, min_size=batch * n * n, max_size=batch * n * n))
    x = gt.tensor(flat, ops=gt.integers).reshape((batch, n, n))
    mats = np.array(flat, dtype=object).reshape(batch, n, n)
    assert gt.linalg.matrix_power(x, k).tolist() == [_object_power(m, k).tolist() for m in mats]
    p = 10**9 + 7
    residues = gt.tensor([v % p for v in flat], ops=gt.modular(p)).reshape((batch, n, n))
    want = [[[v % p for v in row] for row in _object_power(np.array(m) % p, k).tolist()] for m in mats]
    assert gt.linalg.matrix_power(residues, k).tolist() == want


def _python_sorted(xs: list[float], descending: bool) -> list[float]:
    """The list path's order: stable, NaNs last in their order (also when descending)."""
    nans = [v for v in xs if v != v]
    return sorted([v for v in xs if v == v], reverse=descending) + nans


@settings(max_examples=80, deadline=None)
@given(
    xs=st.lists(
        st.one_of(st.sampled_from([0.0, -0.0, 1.5, -2.0, math.inf, -math.inf, math.nan, -math.nan]), st.floats()),
        min_size=0,
        max_size=40,
    ),
    descending=st.booleans(),
    size=st.sampled_from([1, 3000]),
)
@example(xs=[0.0, -0.0, 1.0, -1.0, 0.0], descending=False, size=3000)  # zeros of both signs, no NaN
@example(xs=[-0.0, 2.0, 0.0, -0.0], descending=True, size=3000)
@example(xs=[-math.nan, 1.0, math.nan, 0.5], descending=False, size=3000)
def test_packed_float_sort_is_the_stable_sort_bit_for_bit(xs, descending, size):
    """NumPy's unstable sort runs only where equal values cannot be told apart (no zero, no NaN)."""
    values = (xs * (size // max(1, len(xs)) + 1))[: max(len(xs), min(size, 40 * len(xs)))]
    x = gt.tensor(values, ops=gt.floats)
    assert _bits(gt.sort(x, descending=descending).tolist()) == _bits(_python_sorted(values, descending))


@settings(max_examples=120, deadline=None)
@given(
    shape=st.sampled_from([(5,), (3, 4), (2, 3, 4)]),
    last_axis=st.booleans(),
    kind=st.sampled_from(["tensor", "broadcast", "scalar", "past the word", "near the word", "overlapping"]),
    data=st.data(),
)
def test_fancy_assignment_on_packed_storage_is_numpys(shape, last_axis, kind, data):
    """``x[idx] = v`` and ``x[:, idx] = v`` (one integer index tensor) against NumPy object arrays; the bounds
    after the write stay true (``x * 4`` near the word is exact) and the storage stays whole."""
    axis = len(shape) - 1 if last_axis else 0
    n = shape[axis]
    idx = data.draw(st.lists(st.integers(-n, n - 1), min_size=1, max_size=6))  # repeats: the last write wins
    selected = shape[:axis] + (len(idx),) + shape[axis + 1 :]
    start = np.arange(int(np.prod(shape))).reshape(shape) * 3 - 7
    want = start.astype(object)
    x = gt.tensor(start)
    key_np = (slice(None),) * axis + (np.array(idx),)
    key_gt = (slice(None),) * axis + (gt.tensor(idx),) if axis else gt.tensor(idx)
    if kind == "scalar":
        value_np = value_gt = data.draw(st.one_of(st.integers(-1000, 1000), st.sampled_from([2**62, -(2**62), 2**61 + 3])))
    elif kind == "past the word":
        value_np = value_gt = 2**70
    elif kind == "overlapping":  # a view of x itself, broadcast along the selection
        view = x[(slice(None),) * axis + (slice(0, 1),)]
        value_np, value_gt = np.array(view.tolist(), dtype=object), view
    else:
        top = 2**62 if kind == "near the word" else 1000
        values = np.array(data.draw(st.lists(st.integers(-top, top), min_size=int(np.prod(selected)),
                                             max_size=int(np.prod(selected))))).reshape(selected)
        if kind == "broadcast":
            values = values[(slice(0, 1),) * len(selected)]
        value_np, value_gt = values.astype(object), gt.tensor(values)
    want[key_np] = value_np
    assert (x + 0).tolist() == start.tolist()  # proves (and keeps) bounds of x before the write
    x[key_gt] = value_gt
    assert x.tolist() == want.tolist()
    assert (x * 4).tolist() == (want * 4).tolist()  # exact: the bounds the write recorded enclose the values


@settings(max_examples=60, deadline=None)
@given(
    key=st.sampled_from(["slice", "two arrays", "mask", "reversed"]),
    near=st.booleans(),
    data=st.data(),
)
def test_packed_values_written_words_to_words_keep_true_bounds(key, near, data):
    """``x[key] = tensor`` of one ops, both packed, for keys other than one index array: NumPy's result, and
    the recorded bounds enclose what was written (``x * 4`` near the word stays exact)."""
    start = np.arange(24).reshape(4, 6) * 5 - 11
    want, x = start.astype(object), gt.tensor(start)
    keys = {
        "slice": ((slice(1, 3), slice(None, None, 2)), None),
        "two arrays": ((np.array([0, 3, 0]), np.array([5, 1, 5])), None),
        "mask": (start % 3 == 0, None),
        "reversed": ((slice(None, None, -1),), "self"),
    }
    key_np, source = keys[key]
    shape = want[key_np].shape
    top = 2**62 if near else 100
    drawn = data.draw(st.lists(st.integers(-top, top), min_size=int(np.prod(shape)), max_size=int(np.prod(shape))))
    values = x[tuple(slice(None) for _ in range(2))] if source == "self" else gt.tensor(np.array(drawn).reshape(shape))
    value_np = np.array(values.tolist(), dtype=object)
    key_gt = tuple(gt.tensor(k) if isinstance(k, np.ndarray) else k for k in key_np) if isinstance(key_np, tuple) else gt.tensor(key_np)
    assert (x + 0).tolist() == start.tolist()  # proves (and keeps) bounds of x before the write
    want[key_np] = value_np
    x[key_gt] = values
    assert x.tolist() == want.tolist()
    assert (x * 4).tolist() == (want * 4).tolist()


@settings(max_examples=80, deadline=None)
@given(
    xs=st.lists(st.one_of(st.integers(-100, 100), st.integers(-(2**62), 2**62)), min_size=1, max_size=12),
    low=st.one_of(st.integers(-100, 100), st.sampled_from([2**62, -(2**62)]), st.lists(st.integers(-(2**62), 2**62), min_size=12, max_size=12)),
    high=st.one_of(st.integers(-100, 100), st.sampled_from([2**62, -(2**62), 2**70, -(2**70)])),
)
def test_packed_clip_is_minimum_of_maximum(xs, low, high):
    """One-pass integer clip against ``minimum(maximum(x, low), high)`` in Python ints (``low > high`` included),
    and its bounds: ``4 * clip(...)`` stays exact near the word."""
    n = len(xs)
    lows = low[:n] if isinstance(low, list) else [low] * n
    want = [min(max(v, lo), high) for v, lo in zip(xs, lows)]
    x = gt.tensor(xs)
    got = gt.clip(x, gt.tensor(lows) if isinstance(low, list) else low, high)
    assert got.tolist() == want
    assert (got * 4).tolist() == [4 * v for v in want]
    bounds = got._store.bounds  # what later kernels are proven by: it must enclose every value
    assert bounds is None or bounds[0] <= min(want) and max(want) <= bounds[1]


@settings(max_examples=8, deadline=None)
@given(m=st.integers(65, 100), k=st.integers(60, 100), n=st.integers(65, 100), seed=st.integers(0, 2**32))
def test_blocked_blas_products_are_exact(m, k, n, seed):
    """Products past one BLAS thread's size run as blocks of single-threaded BLAS (edge blocks included), with
    sums of products near 2**53 (odd, so a rounding would show); against NumPy object arrays."""
    rng = np.random.default_rng(seed)
    top = math.isqrt((2**53 - 1) // k)
    a = rng.integers(-top, top + 1, (m, k))
    b = rng.integers(-top, top + 1, (k, n))
    odd = top - 1 + top % 2
    a[-1, :], b[:, -1] = odd, odd  # the last block's corner: a sum of k products of odd * odd
    want = (a.astype(object) @ b.astype(object)).tolist()
    assert (gt.tensor(a) @ gt.tensor(b)).tolist() == want


@settings(max_examples=80, deadline=None)
@given(
    n=st.sampled_from([2, 3, 7, 10007, 2**31 - 1, 3037000500]),
    data=st.data(),
    scalar=st.integers(-(2**70), 2**70),
)
def test_residue_arithmetic_on_words_is_python_mod(n, data, scalar):
    """Packed ``+``, ``-``, ``*`` and negation of residues (each reduced in place, large results in recycled
    buffers) against Python's ``%`` on ints, the edges ``0`` and ``n - 1`` included, with scalars on either side."""
    edge = st.one_of(st.integers(0, n - 1), st.sampled_from([0, n - 1]))
    xs = data.draw(st.lists(edge, min_size=1, max_size=40))
    ys = data.draw(st.lists(edge, min_size=len(xs), max_size=len(xs)))
    x, y = gt.tensor(xs, ops=gt.modular(n)), gt.tensor(ys, ops=gt.modular(n))
    assert PACKING_DISABLED or (x._store.packing is not None and y._store.packing is not None)
    assert (x + y).tolist() == [(a + b) % n for a, b in zip(xs, ys)]
    assert (x - y).tolist() == [(a - b) % n for a, b in zip(xs, ys)]
    assert (x * y).tolist() == [(a * b) % n for a, b in zip(xs, ys)]
    assert (-x).tolist() == [(-a) % n for a in xs]
    assert (x + scalar).tolist() == [(a + scalar) % n for a in xs] == (scalar + x).tolist()
    assert (scalar - x).tolist() == [(scalar - a) % n for a in xs]
    assert (x * scalar).tolist() == [(a * scalar) % n for a in xs]
    assert x.tolist() == xs and y.tolist() == ys  # the operands are left as they were


_INPLACE_OPS = {
    "+=": (operator.iadd, operator.add), "-=": (operator.isub, operator.sub), "*=": (operator.imul, operator.mul),
    "//=": (operator.ifloordiv, operator.floordiv), "%=": (operator.imod, operator.mod),
    "&=": (operator.iand, operator.and_), "|=": (operator.ior, operator.or_),
}


@settings(max_examples=120, deadline=None)
@given(
    op=st.sampled_from(sorted(_INPLACE_OPS)),
    xs=st.lists(st.one_of(st.integers(-1000, 1000), st.integers(-(2**62), 2**62)), min_size=2, max_size=30),
    kind=st.sampled_from(["scalar", "tensor", "reversed view of itself", "column"]),
    scalar=st.one_of(st.integers(-9, 9), st.sampled_from([2**40, -(2**40), 2**62])),
    data=st.data(),
)
def test_inplace_operators_on_packed_words_are_pythons(op, xs, kind, scalar, data):
    """``x <op>= y`` written into the packed words (or promoted, or refused) against Python ints, the target's
    views seeing it; after it the recorded bounds still prove products exact (``x * 4``)."""
    inplace, plain = _INPLACE_OPS[op]
    n = len(xs)
    x = gt.tensor(xs)
    assert (x + 0).tolist() == xs  # proves bounds before the write
    view = x[::2]
    if kind == "scalar":
        other, others = scalar, [scalar] * n
    elif kind == "reversed view of itself":
        other, others = x[::-1], xs[::-1]
    else:
        ys = data.draw(st.lists(st.integers(-(2**62), 2**62), min_size=n, max_size=n))
        other, others = gt.tensor(ys), ys
    if op in ("//=", "%=") and 0 in others:
        with pytest.raises(ZeroDivisionError):
            x = inplace(x, other)
        assert x.tolist() == xs  # a call that raises leaves its input unchanged
        return
    want = [plain(a, b) for a, b in zip(xs, others)]
    x = inplace(x, other)
    assert x.tolist() == want and view.tolist() == want[::2]
    assert (x * 4).tolist() == [4 * v for v in want]
