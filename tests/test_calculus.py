"""Matrix calculus and symbolic tools: jacobian, hessian, wronskian, conjugate/H, lambdify, SymPy conveniences.

SymPy is the oracle (``derive_by_array``, ``hessian``, ``wronskian``, the
element-wise SymPy functions), NumPy for conjugation and evaluation.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

import gentensor as gt
from toyring import Gauss

SYMS = sympy.symbols("u v w z")
u, v, w, z = SYMS


@st.composite
def expressions(draw: Any) -> Any:
    """A random polynomial (or function) expression in u, v, w, z."""
    terms = draw(st.lists(st.tuples(st.integers(-3, 3), st.lists(st.sampled_from(SYMS), max_size=3)), max_size=3))
    e = sympy.Add(*[c * sympy.Mul(*fs) for c, fs in terms])
    if draw(st.booleans()):
        e = e + sympy.sin(draw(st.sampled_from(SYMS)))
    return e


@st.composite
def expression_tensors(draw: Any) -> tuple[gt.Tensor, sympy.Array]:
    shape = tuple(draw(st.lists(st.integers(0, 3), max_size=2)))
    n = int(np.prod(shape)) if shape else 1
    values = draw(st.lists(expressions(), min_size=n, max_size=n))
    return gt.Tensor._from_flat(values, shape, gt.symbolic), sympy.Array(values, shape) if shape else values[0]


@st.composite
def variable_tensors(draw: Any) -> Any:
    kind = draw(st.sampled_from(["scalar", "vector", "matrix"]))
    if kind == "scalar":
        return draw(st.sampled_from(SYMS))
    if kind == "vector":
        return list(draw(st.permutations(SYMS))[: draw(st.integers(0, 4))])
    return [[u, v], [w, z]]


@given(expression_tensors(), variable_tensors())
def test_jacobian_matches_derive_by_array(f: Any, variables: Any) -> None:
    ft, fs = f
    ours = gt.jacobian(ft, variables)
    vt = gt.tensor(variables) if isinstance(variables, list) and variables else variables
    vshape = () if not isinstance(variables, list) else np.shape(np.array(variables, dtype=object))
    assert ours.shape == ft.shape + tuple(vshape)
    if (isinstance(variables, list) and not variables) or 0 in ft.shape:
        assert ours.size == 0
        return
    theirs = sympy.derive_by_array(fs, sympy.Array(variables) if isinstance(variables, list) else vt)
    # derive_by_array puts the variables' axes first
    arr = np.array(theirs.tolist() if hasattr(theirs, "tolist") else theirs, dtype=object).reshape(tuple(vshape) + ft.shape)
    arr = np.moveaxis(arr, list(range(len(vshape))), list(range(ft.ndim, ft.ndim + len(vshape))))
    assert ours.tolist() == arr.tolist()


def test_jacobian_of_a_vector_field_is_sympys_matrix_jacobian() -> None:
    f = [u**2 * v, sympy.exp(w) * u, sympy.sin(v * w)]
    assert gt.jacobian(f, [u, v, w]).tolist() == sympy.Matrix(f).jacobian([u, v, w]).tolist()
    assert gt.tensor(f).jacobian([u, v, w]).tolist() == sympy.Matrix(f).jacobian([u, v, w]).tolist()
    t = sympy.Symbol("t")
    q = sympy.Function("q")(t)
    assert gt.jacobian([q**2, sympy.cos(q)], [q]).tolist() == [[2 * q], [-sympy.sin(q)]]
    assert gt.jacobian([1, Fraction(1, 2)], [u]).tolist() == [[0], [0]]  # numbers are constants


def test_jacobian_errors() -> None:
    with pytest.raises(TypeError, match="^jacobian: cannot differentiate with respect to 2"):
        gt.jacobian([u], [u, 2])
    with pytest.raises(TypeError, match="^jacobian: cannot differentiate with respect to 2"):
        gt.jacobian([u], 2)
    with pytest.raises(TypeError, match="^jacobian: the variables must be SymPy symbols"):
        gt.jacobian([u], gt.tensor([1, 2]))
    with pytest.raises(gt.DomainError, match="^jacobian: needs SymPy expressions"):
        gt.jacobian(gt.tensor([1, 2], ops=gt.modular(5)), [u])
    with pytest.raises(gt.DomainError, match="^jacobian: SymPy cannot read"):
        gt.jacobian(gt.tensor([Gauss(1, 1)]), [u])


@given(expressions())
def test_hessian_matches_sympy(e: Any) -> None:
    assert gt.hessian(e, [u, v, w]).tolist() == sympy.hessian(e, [u, v, w]).tolist()


def test_hessian_of_a_tensor_has_the_variables_twice() -> None:
    f = gt.tensor([u**2 * v, v**3])
    h = gt.hessian(f, [u, v])
    assert h.shape == (2, 2, 2)
    assert h[0].tolist() == sympy.hessian(u**2 * v, [u, v]).tolist()
    assert h[1].tolist() == sympy.hessian(v**3, [u, v]).tolist()


def test_wronskian_matches_sympy() -> None:
    t = sympy.Symbol("t")
    families = [[sympy.exp(t), sympy.exp(2 * t), sympy.exp(3 * t)], [1, t, t**2, t**3], [sympy.sin(t), sympy.cos(t)], [t]]
    for fam in families:
        ours = gt.wronskian(fam, t)
        assert sympy.simplify(ours - sympy.wronskian(fam, t)) == 0
    assert gt.wronskian([sympy.sin(t), sympy.cos(t)], t) == -1  # reduced on the way out
    assert gt.wronskian([t, 2 * t], t) == 0  # dependent
    stack = gt.wronskian([[1, t], [t, t**2]], t)
    assert stack.tolist() == [1, t**2]
    assert gt.wronskian(gt.zeros(0, ops=gt.symbolic), t) == 1
    with pytest.raises(gt.ShapeError):
        gt.wronskian(gt.tensor(t), t)


# -- SymPy conveniences ------------------------------------------------------------------------


def test_free_symbols_has_xreplace_integrate_limit_series() -> None:
    t = sympy.Symbol("t")
    x = gt.tensor([[u * t, sympy.sin(t)], [1, v]])
    assert x.free_symbols == {u, v, t} and gt.compute.calculus.free_symbols(gt.tensor([1, 2])) == set()
    assert x.has(sympy.sin) and x.has(u) and not x.has(w)
    assert x.xreplace({t: 2}).tolist() == [[2 * u, sympy.sin(2)], [1, v]]
    assert x.integrate(t).tolist() == [[sympy.integrate(e, t) for e in row] for row in x.tolist()]
    assert x.integrate((t, 0, 1)).tolist() == [[u / 2, 1 - sympy.cos(1)], [1, v]]
    lim = gt.tensor([sympy.sin(t) / t, 1 / t]).limit(t, 0, "+")
    assert lim.tolist() == [1, sympy.oo]
    assert gt.tensor([1 / t]).limit(t, 0, "-").tolist() == [-sympy.oo]
    ser = gt.tensor([sympy.exp(t), 3]).series(t, 0, 3)
    assert ser.tolist() == [sympy.exp(t).series(t, 0, 3), 3]
    with pytest.raises(ValueError, match="dir"):
        x.limit(t, 0, "up")
    with pytest.raises(TypeError, match="rule"):
        x.xreplace([(t, 1)])  # type: ignore[arg-type]


def test_subs_by_keyword_names_the_symbol() -> None:
    x = gt.tensor([u + 1, 2 * v])
    assert x.subs(u=3).tolist() == [4, 2 * v]
    assert x.subs({v: 1}, u=0).tolist() == [1, 2]
    assert x.subs(u, 5, simultaneous=True).tolist() == [6, 2 * v]
    with pytest.raises(ValueError, match="^subs: no free symbol is named 'q' .* the free symbols are u, v"):
        x.subs(q=1)
    twin = gt.tensor([sympy.Symbol("s"), sympy.Symbol("s", positive=True)])
    with pytest.raises(ValueError, match="several symbols are named 's'"):
        twin.subs(s=1)


def test_symbols_with_assumptions() -> None:
    q = gt.symbols("q", (2, 2), real=True)
    assert all(s.is_real for s in q._elements()) and q[0, 1].name == "q_0_1"
    assert gt.symbols("k", 3, integer=True, positive=True)[2].is_positive
    with pytest.raises(ValueError, match="knows no assumption 'shiny'"):
        gt.symbols("a", 2, shiny=True)
    with pytest.raises(ValueError, match="contradict"):
        gt.symbols("a", 2, positive=True, negative=True)
    with pytest.raises(TypeError, match="True or False"):
        gt.symbols("a", 2, real="yes")


# -- conjugation ---------------------------------------------------------------------------------


@given(st.lists(st.complex_numbers(allow_nan=False, allow_infinity=False, max_magnitude=1e6), min_size=0, max_size=6))
def test_conjugate_matches_numpy(values: list[complex]) -> None:
    ours = gt.conjugate(gt.tensor(values, ops=gt.complexes) if values else gt.zeros(0, ops=gt.complexes))
    assert ours.tolist() == np.conj(np.array(values, dtype=complex)).tolist()


@given(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)), st.integers(0, 1000))
def test_H_is_the_conjugate_transpose(shape: tuple[int, int, int], seed: int) -> None:
    rng = np.random.default_rng(seed)
    arr = rng.integers(-5, 5, shape) + 1j * rng.integers(-5, 5, shape)
    t = gt.tensor(arr.tolist(), ops=gt.complexes) if arr.size else gt.zeros(shape, ops=gt.complexes)
    assert t.H.shape == shape[:-2] + (shape[-1], shape[-2])
    assert np.array_equal(np.asarray(t.H, dtype=complex).reshape(t.H.shape), np.conj(np.swapaxes(arr, -1, -2)))


def test_conjugate_on_every_ring() -> None:
    a = sympy.Symbol("a")
    r = sympy.Symbol("r", real=True)
    assert gt.conjugate(gt.tensor([a + sympy.I, r + 2 * sympy.I])).tolist() == [sympy.conjugate(a) - sympy.I, r - 2 * sympy.I]
    ints = gt.tensor([[1, 2], [3, 4]])
    assert ints.H.tolist() == [[1, 3], [2, 4]] and ints.H.ops is gt.integers
    assert gt.conjugate(gt.tensor([1, 2], ops=gt.modular(5))).tolist() == [1, 2]
    assert gt.conjugate(gt.tensor([Fraction(1, 2)])).tolist() == [Fraction(1, 2)]
    with pytest.raises(gt.DomainError, match="^conj: the ops gaussian does not say how to conjugate"):  # conjugate is conj
        gt.conjugate(gt.tensor([Gauss(1, 1)]))
    with pytest.raises(gt.ShapeError, match="^H: needs a tensor with ndim >= 2"):
        gt.tensor([1, 2]).H


# -- evaluation: gt.lambdify and sympy.lambdify -------------------------------------------------------


def test_gt_lambdify_evaluates_the_whole_tensor_with_broadcasting() -> None:
    t = sympy.Symbol("t")
    x = gt.tensor([[sympy.cos(t), -sympy.sin(t) * u], [u * t, 3]])
    f = gt.lambdify([t, u], x)
    out = f(0.5, 2.0)
    assert out.shape == (2, 2)
    assert np.allclose(out, [[np.cos(0.5), -np.sin(0.5) * 2], [1.0, 3.0]])
    ts = np.linspace(0, 1, 5)
    batch = f(ts, 2.0)
    assert batch.shape == (5, 2, 2)
    assert np.allclose(batch[:, 1, 1], 3.0) and np.allclose(batch[:, 0, 0], np.cos(ts))
    grid = f(ts[:, None], np.array([1.0, 2.0, 3.0]))
    assert grid.shape == (5, 3, 2, 2)
    # a tensor of symbols as the arguments; cse gives the same values
    q = gt.symbols("q", 2)
    g = gt.lambdify(q, gt.tensor([q[0] * q[1], q[0] + q[1]]), cse=True)
    assert g(2.0, 3.0).tolist() == [6.0, 5.0]
    assert gt.lambdify([t], gt.zeros((0, 2), ops=gt.symbolic))(1.0).shape == (0, 2)
    assert gt.lambdify([t], gt.tensor(t**2))(3.0) == 9.0


def test_sympy_sees_a_tensor_as_an_array() -> None:
    t = sympy.Symbol("t")
    x = gt.tensor([[t, t**2], [1, 2 * t]])
    f = sympy.lambdify(t, x)  # used to fail: "Tensor has no public constructor"
    assert np.allclose(f(2.0), [[2.0, 4.0], [1.0, 4.0]])
    assert sympy.sympify(x) == sympy.ImmutableMatrix([[t, t**2], [1, 2 * t]])
    cube = gt.symbols("c", (2, 2, 2))
    assert sympy.sympify(cube).shape == (2, 2, 2)
    # arithmetic with SymPy objects stays gentensor's (SymPy defers without converting the tensor)
    assert isinstance(t * x, gt.Tensor) and (t * x).tolist() == [[t**2, t**3], [t, 2 * t**2]]
    prod = sympy.Matrix([[1, 2], [3, 4]]) @ gt.tensor([[1, 0], [0, 1]])
    assert isinstance(prod, gt.Tensor) and prod.tolist() == [[1, 2], [3, 4]]


@pytest.mark.parametrize("bad", [None, -1, 2.5, "x", [[1, 2], [3]], {}])
def test_wronskian_and_lambdify_refuse_what_is_not_a_symbol(bad: Any) -> None:
    t, w = sympy.symbols("t w")
    with pytest.raises(gt.ArgumentTypeError, match=r"^wronskian: cannot differentiate with respect to"):
        gt.wronskian([t, t**2], bad)
    with pytest.raises(gt.ArgumentTypeError, match=r"^lambdify: the arguments must be SymPy symbols"):
        gt.lambdify(bad, gt.tensor([t * w]))
    assert gt.wronskian([t, t**2], t) == sympy.Matrix([[t, t**2], [1, 2 * t]]).det()
    assert gt.lambdify([[t], [w]], gt.tensor([t * w, t]))([2.0], [3.0]).tolist() == [6.0, 2.0]


@pytest.mark.parametrize(
    "call",
    [
        lambda x: x.integrate(None),
        lambda x: x.integrate((1, 2)),
        lambda x: x.diff(-1),
        lambda x: x.diff([[1, 2], [3]]),
        lambda x: x.subs((1, 2)),
    ],
    ids=["integrate-None", "integrate-tuple", "diff-number", "diff-ragged", "subs-pair"],
)
def test_arguments_sympy_cannot_use_are_named_not_leaked(call: Any) -> None:
    t = sympy.Symbol("t")
    x = gt.tensor([t**2, sympy.sin(t)])
    before = x.tolist()
    with pytest.raises(gt.ArgumentValueError, match=r"^\w+: SymPy cannot use the arguments \(.*\) \(\w+: "):
        call(x)
    assert x.tolist() == before
    assert x.integrate(t).tolist() == [sympy.integrate(t**2, t), sympy.integrate(sympy.sin(t), t)]
    assert x.diff(t, 2).tolist() == [sympy.diff(t**2, t, 2), sympy.diff(sympy.sin(t), t, 2)]


@pytest.mark.parametrize("n", [0, -3, 2.5, "abc", True])
def test_evalf_needs_a_positive_number_of_digits(n: Any) -> None:
    with pytest.raises(gt.ArgumentValueError, match=r"^evalf: n must be a positive int"):
        gt.tensor([sympy.pi]).evalf(n)
    assert gt.tensor([sympy.pi]).evalf(5).tolist() == [sympy.pi.evalf(5)]


@pytest.mark.parametrize("bad", [-1, 2.5, None, {}, [sympy.Symbol("t")]])
def test_limit_and_series_need_one_symbol_as_the_variable(bad: Any) -> None:
    t = sympy.Symbol("t")
    x = gt.tensor([sympy.sin(t) / t, sympy.exp(t)])
    for call in (lambda: x.limit(bad, 0), lambda: x.series(bad) if bad is not None else x.limit(None, 0)):
        with pytest.raises(gt.ArgumentTypeError, match=r"^(limit|series): the variable must be one SymPy symbol"):
            call()
    assert x.limit(t, 0).tolist() == [1, 1]
    assert x.series(t, 0, 3).tolist() == [sympy.series(sympy.sin(t) / t, t, 0, 3), sympy.series(sympy.exp(t), t, 0, 3)]
