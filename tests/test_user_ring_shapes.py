"""A user ring in each of its three shapes (duck-typed, `gt.BaseOps`, explicit `gt.ElementOps`) through the whole API.

The ring is the Euclidean Gaussian integers of `ringshapes`; the oracles are
SymPy on ``a + b*I`` (determinants, characteristic polynomials, ranks) and
invariants (``a @ inv(a) == I``, ``H == U @ A`` with ``U`` unimodular).
"""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.ops._protocol import defines, is_stub
from ringshapes import SHAPES, ZI, ProtoZI

SHAPE_NAMES = sorted(SHAPES)


def zi(re: int, im: int = 0) -> ZI:
    return ZI(re, im)


def to_sympy(v: ZI) -> Any:
    return sympy.Integer(v.re) + sympy.I * v.im


def from_sympy(e: Any) -> ZI:
    re, im = sympy.expand(e).as_real_imag()
    return ZI(int(re), int(im))


def matrix(rows: list[list[tuple[int, int]]], ops: Any) -> gt.Tensor[Any]:
    return gt.tensor([[zi(*v) for v in row] for row in rows], ops=ops)


def sym(t: gt.Tensor[Any]) -> sympy.Matrix:
    return sympy.Matrix([[to_sympy(v) for v in row] for row in t.tolist()])


A_ROWS = [[(2, 1), (1, 0), (0, 3)], [(1, -1), (3, 2), (1, 1)], [(0, 2), (-1, 0), (4, 0)]]
UNIMODULAR = [[(1, 0), (2, 1), (0, 0)], [(0, 0), (1, 0), (0, 0)], [(3, 0), (1, 1), (1, 0)]]  # det 1


@pytest.fixture(params=SHAPE_NAMES)
def ops(request: Any) -> Any:
    return SHAPES[request.param]


# -- the shapes themselves ----------------------------------------------------------------------------


def test_every_shape_is_an_element_ops() -> None:
    for ops in SHAPES.values():
        assert isinstance(ops, gt.ElementOps)
        assert gt.ops.is_ops(ops)


def test_protocol_stubs_are_never_taken_as_provided() -> None:
    ops = SHAPES["protocol"]
    assert defines(ops, "divmod") and defines(ops, "parse")
    assert not defines(ops, "lt")
    for name in ("convert_list", "sub", "sum", "prod", "is_zero", "pow", "latex", "to_json"):
        assert not is_stub(ops, name)
        assert getattr(ops, name) is not None
    assert ops.convert_list([1, 2]) == [zi(1), zi(2)]
    assert ops.sub(zi(3, 1), zi(1, 1)) == zi(2)
    assert ops.capabilities.euclidean and ops.has_exquo and ops.is_commutative


def test_a_protocol_subclass_missing_a_required_member_says_so() -> None:
    class Half(gt.ElementOps):
        name = "half"
        zero, one = 0, 1

        def convert(self, v: Any) -> int:
            return int(v)

    half = Half()
    with pytest.raises(NotImplementedError, match="add must be defined"):
        gt.tensor([1, 2], ops=half) + gt.tensor([3, 4], ops=half)


def test_a_noncommutative_protocol_subclass_gets_a_domain_error() -> None:
    class Quaternionish(gt.ElementOps):
        name = "nc"
        zero, one = 0, 1
        is_commutative = False

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

    with pytest.raises(gt.DomainError, match="commutative"):
        gt.linalg.det(gt.tensor([[3]], ops=Quaternionish()))


# -- through the API ----------------------------------------------------------------------------------


def test_creation(ops: Any) -> None:
    a = matrix(A_ROWS, ops)
    assert a.ops is ops and a.shape == (3, 3)
    assert gt.zeros((2, 2), ops=ops).tolist() == [[zi(0), zi(0)], [zi(0), zi(0)]]
    assert gt.ones(2, ops=ops).tolist() == [zi(1), zi(1)]
    assert gt.eye(2, ops=ops).tolist() == [[zi(1), zi(0)], [zi(0), zi(1)]]
    assert gt.full((2,), zi(1, 1), ops=ops).tolist() == [zi(1, 1), zi(1, 1)]
    assert gt.tensor([1, 2], ops=ops).tolist() == [zi(1), zi(2)]  # ints converted


def test_elementwise_and_reductions(ops: Any) -> None:
    a = matrix(A_ROWS, ops)
    b = matrix(UNIMODULAR, ops)
    A, B = sym(a), sym(b)
    assert sym(a + b) == A + B
    assert sym(a - b) == A - B
    assert sym(a * b) == sympy.Matrix(3, 3, lambda i, j: sympy.expand(A[i, j] * B[i, j]))
    assert sym(-a) == -A
    assert sym(a + 1) == A + sympy.ones(3, 3)
    assert sym(a @ b) == (A * B).expand()
    assert (a == a).tolist() == [[True] * 3] * 3
    assert to_sympy(gt.sum(a)) == sum(A)
    assert to_sympy(gt.prod(a[0])) == sympy.expand(A[0, 0] * A[0, 1] * A[0, 2])
    assert gt.array_equal(gt.matrix_power(b, 3), b @ b @ b)


def test_linear_algebra(ops: Any) -> None:
    a = matrix(A_ROWS, ops)
    A = sym(a)
    assert to_sympy(gt.linalg.det(a)) == sympy.expand(A.det(method="berkowitz"))
    assert [to_sympy(c) for c in gt.linalg.charpoly(a).tolist()] == [
        sympy.expand(c) for c in A.charpoly().all_coeffs()
    ]
    adj = gt.linalg.adjugate(a)
    assert gt.array_equal(a @ adj, gt.linalg.det(a) * gt.eye(3, ops=ops))
    assert gt.linalg.matrix_rank(a) == A.rank()
    singular = matrix([[(1, 1), (2, 0)], [(0, 2), (2, 2)]], ops)  # second row = (1+i) * first
    assert gt.linalg.matrix_rank(singular) == 1
    u = matrix(UNIMODULAR, ops)
    ui = gt.linalg.inv(u)
    assert gt.array_equal(u @ ui, gt.eye(3, ops=ops))
    rhs = matrix([[(1, 0)], [(0, 1)], [(2, 2)]], ops)
    x = gt.linalg.solve(u, rhs)
    assert gt.array_equal(u @ x, rhs)
    assert to_sympy(gt.linalg.trace(a)) == A.trace()


def test_lattices_over_a_euclidean_user_ring(ops: Any) -> None:
    a = matrix(A_ROWS, ops)
    H, U = gt.linalg.hnf(a, transform=True)
    assert gt.array_equal(U @ a, H)
    assert abs(complex(sympy.N(to_sympy(gt.linalg.det(U))))) == pytest.approx(1)  # a unit
    for i in range(3):
        for j in range(i):
            assert H[i, j] == zi(0)
    d = gt.linalg.snf(a)
    diag = [d[i, i] for i in range(3)]
    for k in range(2):  # each divides the next
        assert ops.divmod(diag[k + 1], diag[k])[1] == zi(0)
    product = sympy.expand(sympy.Mul(*[to_sympy(v) for v in diag]))
    det = sympy.expand(sym(a).det(method="berkowitz"))
    assert sympy.expand(product - det) == 0 or any(sympy.expand(product * u - det) == 0 for u in (-1, sympy.I, -sympy.I))


def test_display(ops: Any) -> None:
    a = matrix([[(1, 2), (0, -1)]], ops)
    text = repr(a)
    assert "1+2i" in text and "0-1i" in text and ops.name in text
    assert "1+2i" in str(a)


def test_save_and_load(ops: Any, tmp_path: Path) -> None:
    a = matrix(A_ROWS, ops)
    path = tmp_path / "zi.gt"
    gt.save(path, a)
    b = gt.load(path, ops=ops)
    assert b.ops is ops and gt.array_equal(a, b)


@pytest.mark.parametrize("executor", ["threads", "processes"])
def test_parallel_stacks(ops: Any, executor: str) -> None:
    stack = gt.stack([matrix(A_ROWS, ops), matrix(UNIMODULAR, ops)] * 2)
    want = [gt.linalg.det(stack[k]) for k in range(4)]
    got = gt.linalg.det(stack, executor=executor, workers=2)
    assert got.tolist() == want
    assert pickle.loads(pickle.dumps(ops)).name == ops.name


# -- properties ---------------------------------------------------------------------------------------

gaussians = st.builds(ZI, st.integers(-4, 4), st.integers(-4, 4))


@settings(max_examples=25, deadline=None)
@given(
    shape=st.sampled_from(SHAPE_NAMES),
    a=st.lists(gaussians, min_size=9, max_size=9),
    b=st.lists(gaussians, min_size=9, max_size=9),
)
def test_determinant_is_multiplicative_in_every_shape(shape: str, a: list[ZI], b: list[ZI]) -> None:
    ops = SHAPES[shape]
    x = gt.tensor([a[0:3], a[3:6], a[6:9]], ops=ops)
    y = gt.tensor([b[0:3], b[3:6], b[6:9]], ops=ops)
    dx, dy = gt.linalg.det(x), gt.linalg.det(y)
    assert gt.linalg.det(x @ y) == ops.mul(dx, dy)
    assert to_sympy(dx) == sympy.expand(sym(x).det(method="berkowitz"))
    assert gt.linalg.matrix_rank(x) == sym(x).rank()


@settings(max_examples=25, deadline=None)
@given(a=st.lists(gaussians, min_size=4, max_size=4))
def test_the_three_shapes_agree(a: list[ZI]) -> None:
    results = []
    for ops in SHAPES.values():
        x = gt.tensor([a[0:2], a[2:4]], ops=ops)
        results.append((gt.linalg.det(x), gt.linalg.charpoly(x).tolist(), gt.linalg.hnf(x).tolist(), (x @ x).tolist()))
    assert results[0] == results[1] == results[2]


def test_explicit_subclass_defaults_survive_pickling_by_class() -> None:
    clone = pickle.loads(pickle.dumps(ProtoZI()))
    assert clone.sum([zi(1), zi(2, 1)]) == zi(3, 1)
