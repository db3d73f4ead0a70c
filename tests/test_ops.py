"""Element operations: built-ins, their flags and laws, inference, promotion, registration."""

from __future__ import annotations

import operator
import pickle
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.ops import as_ops, is_ops, ops_for_type
from gentensor.ops._modular import is_prime
from tests.toyring import Gauss, GaussOps, gaussian

X = sympy.Symbol("x")
MEMBERS = [
    "zero", "one", "convert", "convert_list", "add", "sub", "mul", "neg", "sum", "prod", "exquo", "div",
    "pow", "is_zero", "equal", "lt", "le", "floordiv", "mod", "abs", "format", "latex",
]
FLAGS = ("is_commutative", "is_field", "is_exact", "has_exquo", "is_ordered")
EXPECTED_FLAGS = {
    # name: (is_commutative, is_field, is_exact, has_exquo, is_ordered)
    "booleans": (True, False, True, False, True),
    "integers": (True, False, True, True, True),
    "rationals": (True, True, True, True, True),
    "floats": (True, True, False, True, True),
    "complexes": (True, True, False, True, False),
    "symbolic": (True, True, True, True, False),
    "objects": (True, False, False, False, True),
    "modular(7)": (True, True, True, True, False),
    "modular(6)": (True, False, True, True, False),
    "gaussian": (True, False, True, True, False),
}
ALL_OPS = {
    "booleans": gt.booleans,
    "integers": gt.integers,
    "rationals": gt.rationals,
    "floats": gt.floats,
    "complexes": gt.complexes,
    "symbolic": gt.symbolic,
    "objects": gt.objects,
    "modular(7)": gt.modular(7),
    "modular(6)": gt.modular(6),
    "gaussian": gaussian,
}


@pytest.mark.parametrize("name", sorted(ALL_OPS))
def test_members_and_flags(name):
    ops = ALL_OPS[name]
    assert isinstance(ops, gt.ElementOps) and is_ops(ops)
    for m in MEMBERS:
        assert hasattr(ops, m), m
        if m not in ("zero", "one"):
            assert callable(getattr(ops, m)), m
    assert tuple(getattr(ops, f) for f in FLAGS) == EXPECTED_FLAGS[name]
    assert ops.name == name and repr(ops) == name
    assert ops.is_zero(ops.zero) and not ops.is_zero(ops.one)
    assert ops.equal(ops.convert(1), ops.one) and ops.equal(ops.convert(0), ops.zero)


def test_numeric_members_are_the_operator_functions():
    for ops in (gt.integers, gt.rationals, gt.floats, gt.complexes):
        assert ops.add is operator.add and ops.mul is operator.mul and ops.sub is operator.sub
        assert ops.neg is operator.neg
    assert gt.booleans.add is operator.or_ and gt.booleans.mul is operator.and_


@pytest.mark.parametrize("name", sorted(n for n in ALL_OPS if n != "gaussian"))
def test_builtin_ops_pickle_to_the_same_object(name):
    ops = ALL_OPS[name]
    assert pickle.loads(pickle.dumps(ops)) is ops


# -- ring laws, by hypothesis ------------------------------------------------------

small = st.integers(-20, 20)
ELEMENTS = {
    "integers": small,
    "rationals": st.builds(Fraction, small, st.integers(1, 9)),
    "floats": small.map(float),  # exactly representable: the laws hold exactly
    "complexes": st.builds(complex, small, small),
    "symbolic": st.builds(lambda a, b, c: a * X**2 + b * X + c, small, small, small),
    "objects": small,
    "modular(7)": st.integers(0, 6),
    "modular(6)": st.integers(0, 5),
    "gaussian": st.builds(Gauss, small, small),
}


@pytest.mark.parametrize("name", sorted(ELEMENTS))
@settings(max_examples=40)
@given(data=st.data())
def test_ring_laws(name, data):
    ops = ALL_OPS[name]
    a, b, c = (data.draw(ELEMENTS[name]) for _ in range(3))
    eq = ops.equal
    assert eq(ops.add(a, b), ops.add(b, a))
    assert eq(ops.mul(a, b), ops.mul(b, a))
    assert eq(ops.add(ops.add(a, b), c), ops.add(a, ops.add(b, c)))
    assert eq(ops.mul(ops.mul(a, b), c), ops.mul(a, ops.mul(b, c)))
    assert eq(ops.mul(a, ops.add(b, c)), ops.add(ops.mul(a, b), ops.mul(a, c)))
    assert eq(ops.add(a, ops.zero), a) and eq(ops.mul(a, ops.one), a)
    assert ops.is_zero(ops.add(a, ops.neg(a)))
    assert eq(ops.sub(a, b), ops.add(a, ops.neg(b)))
    assert eq(ops.sum([a, b, c]), ops.add(ops.add(a, b), c))
    assert eq(ops.sum([]), ops.zero) and eq(ops.prod([]), ops.one)
    assert eq(ops.prod([a, b, c]), ops.mul(ops.mul(a, b), c))
    assert eq(ops.pow(a, 3), ops.mul(a, ops.mul(a, a))) and eq(ops.pow(a, 0), ops.one)
    assert ops.equal(a, a)
    assert isinstance(ops.format(a), str) and isinstance(ops.latex(a), str)
    if ops.has_exquo and ops.is_exact and not ops.is_zero(b):  # inexact division only approximates
        p = ops.mul(a, b)
        assert eq(ops.exquo(p, b), a) or eq(ops.mul(b, ops.exquo(p, b)), p)
        try:
            q = ops.exquo(a, b)
        except gt.NotDivisibleError:
            pass
        else:
            assert eq(ops.mul(b, q), a)
    if ops.is_field and ops.is_exact and not ops.is_zero(b):
        assert eq(ops.mul(ops.div(a, b), b), a)


@pytest.mark.parametrize("name", ["integers", "rationals", "floats", "symbolic", "modular(7)", "gaussian"])
def test_convert_list_matches_convert(name):
    ops = ALL_OPS[name]
    values = [0, 1, -3, Fraction(4, 1), True]
    assert [ops.format(v) for v in ops.convert_list(values)] == [ops.format(ops.convert(v)) for v in values]


# -- conversions refuse inexact values -------------------------------------------


@pytest.mark.parametrize(
    "ops, value",
    [
        (gt.integers, 1.5),
        (gt.integers, Fraction(1, 2)),
        (gt.integers, sympy.Float(2.0)),
        (gt.integers, sympy.Rational(1, 3)),
        (gt.integers, "3"),
        (gt.integers, 2j),
        (gt.integers, X),
        (gt.rationals, float("nan")),
        (gt.rationals, float("inf")),
        (gt.rationals, 1j),
        (gt.rationals, "1/2"),
        (gt.rationals, X),
        (gt.floats, 1j),
        (gt.floats, X),
        (gt.floats, "1.0"),
        (gt.complexes, "1"),
        (gt.complexes, X),
        (gt.booleans, 2),
        (gt.booleans, 0.5),
        (gt.symbolic, "x + 1"),
        (gt.modular(5), 1.0),
        (gt.modular(5), sympy.Float(1.0)),
        (gt.modular(5), "2"),
        (gaussian, Fraction(1, 2)),
    ],
)
def test_conversions_refuse_with_type_error(ops, value):
    with pytest.raises(TypeError, match=rf"^{ops.name.replace('(', '[(]').replace(')', '[)]')}.convert: cannot convert"):
        ops.convert(value)


def test_exact_conversions():
    assert gt.integers.convert(2.0) == 2 and type(gt.integers.convert(2.0)) is int
    assert type(gt.integers.convert(np.int64(3))) is int
    assert gt.integers.convert(Fraction(6, 3)) == 2
    assert gt.integers.convert(sympy.Integer(4)) == 4
    assert gt.integers.convert(True) == 1 and type(gt.integers.convert(True)) is int
    assert gt.rationals.convert(0.1) == Fraction(0.1)  # the float's exact binary value
    assert gt.rationals.convert(sympy.Rational(2, 3)) == Fraction(2, 3)
    assert gt.floats.convert(Fraction(1, 4)) == 0.25
    assert gt.complexes.convert(2) == 2 + 0j
    assert gt.symbolic.convert(Fraction(1, 3)) == sympy.Rational(1, 3)
    assert gt.symbolic.convert(2) == sympy.Integer(2) and isinstance(gt.symbolic.convert(2), sympy.Integer)
    assert gt.booleans.convert(np.bool_(True)) is True and gt.booleans.convert(0) is False
    assert gt.modular(7).convert(Fraction(1, 3)) == 5  # 3 * 5 = 15 = 1 mod 7
    assert gt.modular(7).convert(-1) == 6
    assert gt.modular(7).convert(sympy.Rational(1, 2)) == 4


# -- the symbolic zero test ----------------------------------------------------------


@pytest.mark.parametrize(
    "expr, zero",
    [
        ((X + 1) ** 2 - X**2 - 2 * X - 1, True),
        (1 / (X - 1) - 1 / (X + 1) - 2 / (X**2 - 1), True),
        ((X**2 - 1) / (X - 1) - X - 1, True),
        (sympy.sin(X) ** 2 + sympy.cos(X) ** 2 - 1, True),
        (sympy.sqrt(2) ** 2 - 2, True),
        (sympy.exp(2 * X) - sympy.exp(X) ** 2, True),
        (X - 1, False),
        ((X + 1) ** 2 - X**2, False),
        (sympy.sin(X) ** 2 - 1, False),
        (sympy.Integer(0), True),
        (sympy.Symbol("z", zero=True), True),
    ],
)
def test_symbolic_zero_test(expr, zero):
    assert gt.symbolic.is_zero(expr) is zero
    assert gt.symbolic.equal(expr + X, X) is zero


def test_symbolic_details():
    s = gt.symbolic
    total = s.sum([X, 2 * X, 3])
    assert total == 3 * X + 3 and isinstance(total, sympy.Add)
    assert s.prod([X, X, 2]) == 2 * X**2
    with pytest.raises(ZeroDivisionError, match="symbolic.div"):
        s.div(X, (X + 1) ** 2 - X**2 - 2 * X - 1)
    assert s.div(X**2 - 1, X - 1).equals(X + 1)
    with pytest.raises(gt.DomainError, match="substitute"):
        s.lt(X, 1)
    assert s.lt(sympy.Integer(1), sympy.Integer(2)) is True
    assert s.latex(X**2) == "x^{2}"
    assert s.abs(-X) == sympy.Abs(X)
    assert s.zero == 0 and s.one == 1


# -- modular arithmetic ------------------------------------------------------------------


@settings(max_examples=60)
@given(n=st.integers(2, 40), a=st.integers(0, 39), b=st.integers(0, 39))
def test_modular_exquo_and_div_with_zero_divisors(n, a, b):
    m = gt.modular(n)
    a, b = a % n, b % n
    solutions = [q for q in range(n) if b * q % n == a]
    if solutions:
        q = m.exquo(a, b)
        assert 0 <= q < n and b * q % n == a
    else:
        with pytest.raises(gt.NotDivisibleError, match=rf"modular\({n}\).exquo: {a} is not divisible by {b}"):
            m.exquo(a, b)
    inverses = [q for q in range(n) if b * q % n == 1 % n]
    if inverses and n > 1 and b % n:
        assert m.div(a, b) == a * inverses[0] % n
    elif b % n == 0 or not inverses:
        with pytest.raises(gt.NotDivisibleError, match="zero or a zero divisor"):
            m.div(a, b)


def test_modular_arithmetic():
    m = gt.modular(6)
    assert (m.add(4, 5), m.sub(1, 2), m.mul(4, 5), m.neg(2), m.sum([5, 5, 5])) == (3, 5, 2, 4, 3)
    assert m.pow(5, -1) == 5 and m.pow(2, 3) == 2
    with pytest.raises(gt.NotDivisibleError):
        m.pow(2, -1)
    assert gt.modular(6) is gt.modular(6) and gt.modular(6) is not gt.modular(7)
    assert gt.modular(2).one == 1
    with pytest.raises(ValueError, match=r"modular: the modulus must be at least 2 \(got 1\)"):
        gt.modular(1)
    for bad in (2.0, True, "5", None):
        with pytest.raises(TypeError, match="modular: the modulus must be an int"):
            gt.modular(bad)
    assert gt.modular(np.int64(5)) is gt.modular(5)


def test_is_prime_agrees_with_sympy():
    assert [n for n in range(-5, 2000) if is_prime(n)] == list(sympy.primerange(2, 2000))
    for n in (2**61 - 1, 2**64 + 13, 3317044064679887385961981 + 2, 2**89 - 1, 2**89 + 1):
        assert is_prime(n) == sympy.isprime(n)


# -- inference and promotion --------------------------------------------------------------


@pytest.mark.parametrize(
    "data, expected",
    [
        ([True, False], "booleans"),
        ([1, 2], "integers"),
        ([1, True], "integers"),
        ([], "integers"),
        ([[], []], "integers"),
        ([1, Fraction(1, 2)], "rationals"),
        ([True, Fraction(1, 2)], "rationals"),
        ([X, 1], "symbolic"),
        ([sympy.Integer(2)], "symbolic"),
        ([X, Fraction(1, 2), 1], "symbolic"),
        ([X, 1.5], "symbolic"),
        ([1, 2.5], "floats"),
        ([Fraction(1, 2), 2.5], "floats"),
        ([1j, 1], "complexes"),
        ([1j, 2.5, Fraction(1, 3)], "complexes"),
        ([Gauss(1, 1)], "gaussian"),
        ([Gauss(1, 1), 2], "gaussian"),
        ([Gauss(1, 1), 2.5], "objects"),
        (["a", 1], "objects"),
        ([None], "objects"),
        ([np.int64(1), 2], "integers"),
        ([np.float64(1.5)], "floats"),
        ([np.bool_(True)], "booleans"),
    ],
)
def test_inference_lattice(data, expected):
    assert gt.tensor(data).ops.name == expected


LATTICE = ["booleans", "integers", "rationals", "floats", "complexes"]


@pytest.mark.parametrize("i", range(len(LATTICE)))
@pytest.mark.parametrize("j", range(len(LATTICE)))
def test_result_ops_numeric_chain(i, j):
    a, b = ALL_OPS[LATTICE[i]], ALL_OPS[LATTICE[j]]
    assert gt.result_ops(a, b) is ALL_OPS[LATTICE[max(i, j)]]
    assert gt.result_ops(a, gt.symbolic) is gt.symbolic and gt.result_ops(gt.symbolic, a) is gt.symbolic
    assert gt.result_ops(a, gt.objects) is gt.objects


@pytest.mark.parametrize(
    "a, b, expected",
    [
        (gt.modular(5), gt.integers, gt.modular(5)),
        (gt.rationals, gt.modular(5), gt.modular(5)),
        (gt.booleans, gt.modular(5), gt.modular(5)),
        (gaussian, gt.integers, gaussian),
        (gt.booleans, gaussian, gaussian),
        (gaussian, gt.objects, gt.objects),
        (gt.modular(5), gt.modular(5), gt.modular(5)),
    ],
)
def test_result_ops_user_and_modular(a, b, expected):
    assert gt.result_ops(a, b) is expected and gt.result_ops(b, a) is expected


@pytest.mark.parametrize(
    "a, b",
    [
        (gt.modular(5), gt.modular(7)),
        (gt.modular(5), gt.floats),
        (gt.modular(5), gt.symbolic),
        (gaussian, gt.floats),
        (gaussian, gt.modular(3)),
        (gaussian, gt.symbolic),
    ],
)
def test_result_ops_mismatch(a, b):
    with pytest.raises(gt.OpsMismatchError, match=r"result_ops: cannot combine .* with .*; convert one side"):
        gt.result_ops(a, b)
    with pytest.raises(TypeError):  # OpsMismatchError is a TypeError
        gt.result_ops(b, a)


def test_result_ops_variadic():
    assert gt.result_ops(gt.integers) is gt.integers
    assert gt.result_ops(gt.booleans, gt.integers, gt.rationals, gt.floats) is gt.floats
    with pytest.raises(TypeError, match="at least one"):
        gt.result_ops()


# -- ops= arguments, as_ops, register_ops ----------------------------------------------


@pytest.mark.parametrize(
    "spec, expected",
    [
        (gt.integers, gt.integers),
        (int, gt.integers),
        (bool, gt.booleans),
        (Fraction, gt.rationals),
        (float, gt.floats),
        (complex, gt.complexes),
        (sympy.Symbol, gt.symbolic),
        (sympy.Expr, gt.symbolic),
        (Gauss, gaussian),
        (object, gt.objects),
        ("integers", gt.integers),
        ("int", gt.integers),
        ("Fraction", gt.rationals),
        ("symbolic", gt.symbolic),
        ("objects", gt.objects),
        ("mod:5", gt.modular(5)),
        (gt.modular(5), gt.modular(5)),
        (gaussian, gaussian),
    ],
)
def test_ops_specs(spec, expected):
    assert as_ops(spec) is expected
    assert gt.zeros(2, ops=spec).ops is expected
    assert gt.tensor([1, 0], ops=spec).ops is expected


@pytest.mark.parametrize(
    "spec, pattern",
    [
        (str, r"tensor: no element operations are registered for type str"),
        ("nope", r"tensor: unknown ops name 'nope'"),
        ("mod:x", r"unknown ops name"),
        (5, r"tensor: ops must be an element-operations object, a type or a name \(got 5\)"),
        (GaussOps, r"no element operations are registered for type GaussOps"),
    ],
)
def test_bad_ops_specs(spec, pattern):
    with pytest.raises(TypeError, match=pattern):
        gt.tensor([1], ops=spec)


def test_register_ops_and_subclasses():
    class Sub(Gauss):
        pass

    assert ops_for_type(Sub) is gaussian
    assert gt.tensor([Sub(1, 2)]).ops is gaussian

    class Weird:
        pass

    class WeirdOps(gt.BaseOps):
        name = "weird"

        def convert(self, v):
            return v

        def add(self, a, b):
            return a

        def mul(self, a, b):
            return a

        def neg(self, a):
            return a

        def equal(self, a, b):
            return a is b

    assert gt.tensor([Weird()]).ops is gt.objects
    gt.register_ops(Weird, WeirdOps())
    try:
        assert gt.tensor([Weird()]).ops.name == "weird"
        assert as_ops(Weird).name == "weird"
    finally:
        from gentensor.ops import _registry

        del _registry._registered[Weird]
        _registry._cache.clear()
    assert gt.tensor([Weird()]).ops is gt.objects


def test_register_ops_errors():
    with pytest.raises(TypeError, match=r"register_ops: the first argument must be a class \(got 3\)"):
        gt.register_ops(3, gaussian)

    class Half:
        zero = 0
        one = 1

    with pytest.raises(TypeError, match=r"register_ops: .* is not an element-operations object \(missing add, mul, neg, equal, convert\)"):
        gt.register_ops(Gauss, Half())
    assert ops_for_type(Gauss) is gaussian  # the failed call changed nothing


# -- BaseOps defaults -----------------------------------------------------------------------


class _Z5(gt.BaseOps):
    name = "z5"
    zero, one = 0, 1

    def convert(self, v):
        return int(v) % 5

    def add(self, a, b):
        return (a + b) % 5

    def mul(self, a, b):
        return (a * b) % 5

    def neg(self, a):
        return -a % 5

    def equal(self, a, b):
        return a == b


def test_base_ops_defaults():
    z = _Z5()
    assert (z.sub(1, 3), z.sum([2, 4, 4]), z.prod([2, 3, 4]), z.pow(2, 5)) == (3, 0, 4, 2)
    assert z.is_zero(0) and not z.is_zero(3)
    assert (z.is_commutative, z.is_field, z.is_exact, z.has_exquo, z.is_ordered) == (True, False, True, False, False)
    assert z.format(3) == "3" and z.latex(3) == "3" and repr(z) == "z5"
    with pytest.raises(gt.DomainError, match=r"^z5.exquo: exact division is not available for z5 \(got 1 / 2\)"):
        z.exquo(1, 2)
    with pytest.raises(gt.DomainError, match=r"^z5.div: z5 is not a field \(got 1 / 2\); define div"):
        z.div(1, 2)
    with pytest.raises(gt.DomainError):
        z.pow(2, -1)  # negative powers go through div
    for member, args in (("lt", (1, 2)), ("le", (1, 2)), ("floordiv", (1, 2)), ("mod", (1, 2)), ("abs", (1,))):
        with pytest.raises(gt.DomainError, match=rf"^z5.{member}: not supported by z5"):
            getattr(z, member)(*args)
    assert z.absorbs(gt.integers) and z.absorbs(gt.rationals) and not z.absorbs(gt.floats)
    assert z.convert_list([6, 7]) == [1, 2]


def test_base_ops_required_members_say_so():
    class Empty(gt.BaseOps):
        pass

    e = Empty()
    for m, args in (("convert", (1,)), ("add", (1, 1)), ("mul", (1, 1)), ("neg", (1,)), ("equal", (1, 1))):
        with pytest.raises(NotImplementedError, match=rf"Empty.{m} must be defined"):
            getattr(e, m)(*args)


def test_specific_domain_errors():
    with pytest.raises(gt.DomainError, match="integers.div"):
        gt.integers.div(1, 2)
    with pytest.raises(gt.DomainError, match="integers.pow: negative power"):
        gt.integers.pow(2, -1)
    with pytest.raises(gt.DomainError, match="booleans.sub"):
        gt.booleans.sub(True, False)
    with pytest.raises(gt.DomainError, match="complexes.lt: complex numbers are not ordered"):
        gt.complexes.lt(1j, 2j)
    with pytest.raises(gt.NotDivisibleError, match="integers.exquo: 7 is not divisible by 2"):
        gt.integers.exquo(7, 2)
    assert gt.integers.exquo(-12, 4) == -3
    with pytest.raises(ZeroDivisionError):
        gt.integers.exquo(1, 0)
    assert gt.rationals.latex(Fraction(-1, 2)) == r"-\frac{1}{2}" and gt.rationals.latex(Fraction(3)) == "3"
    assert gt.floats.format(0.1) == "0.1" and gt.rationals.format(Fraction(1, 3)) == "1/3"
    assert gt.booleans.sum([False, True]) is True and gt.booleans.prod([True, False]) is False
    assert gt.rationals.sum([]) == 0 and type(gt.rationals.sum([])) is Fraction
    assert gt.objects.add("a", "b") == "ab" and gt.objects.is_zero(0) and gt.objects.equal([1], [1])


def test_toy_ring_is_a_full_ops():
    g = gaussian
    a, b = Gauss(3, 4), Gauss(1, -2)
    assert g.exquo(g.mul(a, b), b) == a
    with pytest.raises(gt.NotDivisibleError):
        g.exquo(Gauss(1, 0), Gauss(2, 0))
    with pytest.raises(gt.DomainError):
        g.div(a, b)  # not a field: the BaseOps default
    assert g.format(Gauss(1, -2)) == "1-2i" and g.format(Gauss(0, 3)) == "3i" and g.format(Gauss(5, 0)) == "5"
    assert g.sub(a, b) == Gauss(2, 6) and g.pow(Gauss(0, 1), 2) == Gauss(-1, 0)


# -- products of two symbols: built directly, identical to SymPy's ------------------------------------------------

_ASSUMPTIONS = [{}, {"real": True}, {"positive": True}, {"integer": True}, {"commutative": False}]
_FACTORS = st.one_of(
    st.builds(lambda name, k: sympy.Symbol(name, **_ASSUMPTIONS[k]), st.sampled_from("abxyzAB_"), st.integers(0, 4)),
    st.builds(lambda name: sympy.Dummy(name), st.sampled_from("xy")),
    st.builds(lambda name: sympy.Function(name)(sympy.Symbol("t")), st.sampled_from("fg")),
    st.builds(sympy.Integer, st.integers(-3, 3)),
    st.builds(lambda p, q: sympy.Rational(p, q), st.integers(-5, 5), st.integers(1, 4)),
    st.builds(lambda name: sympy.Symbol(name) + 1, st.sampled_from("xy")),
    st.builds(lambda name: sympy.Symbol(name) ** 2, st.sampled_from("xy")),
    st.just(sympy.oo),
    st.builds(lambda name: sympy.MatrixSymbol(name, 2, 2), st.sampled_from("MN")),
)


@settings(max_examples=300, deadline=None)
@given(_FACTORS, _FACTORS, st.booleans())
def test_symbolic_mul_is_sympys_product_exactly(a, b, evaluate):
    """``gt.symbolic.mul`` (with its direct build for two symbols) gives SymPy's own product, argument for argument."""
    with sympy.evaluate(evaluate):
        try:
            want = a * b
        except Exception as e:  # SymPy refuses (matrix symbols with non-commutative scalars, ...): so must we
            with pytest.raises(type(e)):
                gt.symbolic.mul(a, b)
            return
        got = gt.symbolic.mul(a, b)
    assert type(got) is type(want) and got.args == want.args and got == want and hash(got) == hash(want)
    assert got.is_commutative == want.is_commutative
