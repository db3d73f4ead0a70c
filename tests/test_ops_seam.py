"""The ops seam: capabilities choose algorithms, providers are found per ops, codecs live with the ops.

Two user-defined ops stand in for the built-ins: ``IntDomain`` wraps Python
ints as a Euclidean domain (as ``gt.integers`` is) and ``PrimeField`` is
Z/pZ written by hand (as ``gt.modular(p)`` is).  Declaring the same
capabilities must give the same algorithms and the same results.
"""

from __future__ import annotations

import operator
from collections import deque
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.io._textmatrix import read_matrix

P = 11


class IntDomain(gt.BaseOps):
    """Python ints as a Euclidean domain, written as a user would."""

    name = "intdomain"
    zero, one = 0, 1
    capabilities = gt.Capabilities(
        integral_domain=True, exact_division=True, euclidean=True, ordered=True, characteristic=0
    )
    fraction_field = gt.rationals

    def convert(self, v: Any) -> int:
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        if isinstance(v, bool):
            return int(v)
        raise TypeError(f"intdomain.convert: cannot convert {v!r}")

    def add(self, a: int, b: int) -> int:
        return a + b

    def sub(self, a: int, b: int) -> int:
        return a - b

    def mul(self, a: int, b: int) -> int:
        return a * b

    def neg(self, a: int) -> int:
        return -a

    def equal(self, a: int, b: int) -> bool:
        return a == b

    def exquo(self, a: int, b: int) -> int:
        q, r = divmod(a, b)
        if r:
            raise gt.NotDivisibleError(f"intdomain.exquo: {a} is not divisible by {b}")
        return q

    def divmod(self, a: int, b: int) -> tuple[int, int]:
        return divmod(a, b)

    def to_fraction(self, a: int, b: int) -> Fraction:
        return Fraction(a, b)

    def lt(self, a: int, b: int) -> bool:
        return a < b

    def parse(self, text: str) -> int:
        return int(text)


class PrimeField(gt.BaseOps):
    """Z/11Z written by hand: a field."""

    name = "primefield"
    zero, one = 0, 1
    capabilities = gt.Capabilities(integral_domain=True, field=True, exact_division=True, characteristic=P)

    def convert(self, v: Any) -> int:
        if isinstance(v, Fraction):
            return v.numerator * pow(v.denominator, -1, P) % P
        return int(v) % P

    def add(self, a: int, b: int) -> int:
        return (a + b) % P

    def mul(self, a: int, b: int) -> int:
        return a * b % P

    def neg(self, a: int) -> int:
        return -a % P

    def equal(self, a: int, b: int) -> bool:
        return a % P == b % P

    def div(self, a: int, b: int) -> int:
        if b % P == 0:
            raise ZeroDivisionError("primefield.div: division by zero")
        return a * pow(b, -1, P) % P

    exquo = div

    def parse(self, text: str) -> int:
        return self.convert(int(text))


intdomain, primefield = IntDomain(), PrimeField()


def _matrices(max_n: int = 5) -> st.SearchStrategy[list[list[int]]]:
    return st.integers(1, max_n).flatmap(
        lambda n: st.lists(st.lists(st.integers(-9, 9), min_size=n, max_size=n), min_size=n, max_size=n)
    )


# -- the same algorithm and the same results ---------------------------------------------------


@pytest.mark.parametrize("operation", ["det", "inv", "solve", "rank", "rref", "charpoly"])
@pytest.mark.parametrize("user, builtin", [(intdomain, gt.integers), (primefield, gt.modular(P))])
def test_user_ops_with_the_same_capabilities_get_the_same_algorithm(operation: str, user: Any, builtin: Any) -> None:
    mine, theirs = gt.linalg.explain(operation, user), gt.linalg.explain(operation, builtin)
    assert mine.algorithm == theirs.algorithm
    assert mine.kernel == "generic" and theirs.kernel != "generic"  # the built-in has a provider; same algorithm


@settings(max_examples=40, deadline=None)
@given(rows=_matrices(), rhs=st.lists(st.integers(-9, 9), min_size=5, max_size=5))
def test_euclidean_user_ring_gives_the_integers_results(rows: list[list[int]], rhs: list[int]) -> None:
    n = len(rows)
    a, u = gt.tensor(rows), gt.tensor(rows, ops=intdomain)
    assert u.ops is intdomain
    assert gt.linalg.det(u) == gt.linalg.det(a)
    assert gt.linalg.rank(u) == gt.linalg.rank(a)
    assert gt.linalg.charpoly(u).tolist() == gt.linalg.charpoly(a).tolist()
    assert gt.linalg.adjugate(u).tolist() == gt.linalg.adjugate(a).tolist()
    assert gt.linalg.rref(u).matrix.tolist() == gt.linalg.rref(a).matrix.tolist()
    if gt.linalg.det(a) != 0:
        b = gt.tensor(rhs[:n])
        assert gt.linalg.inv(u).tolist() == gt.linalg.inv(a).tolist()
        assert gt.linalg.inv(u).ops is gt.rationals  # the fraction field it names
        assert gt.linalg.solve(u, b.astype(intdomain)).tolist() == gt.linalg.solve(a, b).tolist()
    else:
        with pytest.raises(gt.SingularMatrixError):
            gt.linalg.inv(u)


@settings(max_examples=40, deadline=None)
@given(rows=_matrices(), rhs=st.lists(st.integers(0, P - 1), min_size=5, max_size=5))
def test_prime_field_user_ring_gives_the_modular_results(rows: list[list[int]], rhs: list[int]) -> None:
    n = len(rows)
    a, u = gt.tensor(rows, ops=gt.modular(P)), gt.tensor(rows, ops=primefield)
    assert gt.linalg.det(u) == gt.linalg.det(a)
    assert gt.linalg.rank(u) == gt.linalg.rank(a)
    assert gt.linalg.charpoly(u).tolist() == gt.linalg.charpoly(a).tolist()
    assert gt.linalg.rref(u).matrix.tolist() == gt.linalg.rref(a).matrix.tolist()
    if gt.linalg.det(a) != 0:
        assert gt.linalg.inv(u).tolist() == gt.linalg.inv(a).tolist()
        b = rhs[:n]
        assert gt.linalg.solve(u, gt.tensor(b, ops=primefield)).tolist() == gt.linalg.solve(a, gt.tensor(b, ops=gt.modular(P))).tolist()
    else:
        with pytest.raises(gt.SingularMatrixError):
            gt.linalg.inv(u)


def test_the_policy_follows_capabilities_not_identity() -> None:
    # The same user class with fewer capabilities gets the algorithm those allow.
    class Ring(IntDomain):
        name = "ring only"
        capabilities = gt.Capabilities(ordered=True, characteristic=0)

    ring = Ring()
    assert ring.has_exquo is False  # the flags follow the declared capabilities
    assert gt.linalg.explain("det", ring).algorithm == "berkowitz"
    assert gt.linalg.det(gt.tensor([[2, 1], [1, 3]], ops=ring)) == 5
    with pytest.raises(gt.DomainError, match="rank: needs a field or an integral domain"):
        gt.linalg.rank(gt.tensor([[2, 1], [1, 3]], ops=ring))
    with pytest.raises(gt.DomainError, match="method 'bareiss' does not work over ring only"):
        gt.linalg.det(gt.tensor([[2, 1], [1, 3]], ops=ring), method="bareiss")


# -- providers ----------------------------------------------------------------------------------


def test_a_user_registered_provider_is_called_and_may_decline() -> None:
    calls: list[int] = []

    def det_provider(rows: list[list[int]], ops: Any) -> Any:
        calls.append(len(rows))
        if len(rows) > 2:
            return NotImplemented
        return rows[0][0] * rows[1][1] - rows[0][1] * rows[1][0] if len(rows) == 2 else rows[0][0]

    gt.register_provider(intdomain, "det", det_provider, algorithm="formula", description="2x2 formula")
    try:
        assert gt.linalg.explain("det", intdomain).kernel == "2x2 formula"
        assert gt.linalg.det(gt.tensor([[1, 2], [3, 4]], ops=intdomain)) == -2
        assert gt.linalg.det(gt.tensor([[2, 0, 0], [0, 3, 0], [0, 0, 4]], ops=intdomain)) == 24  # declined
        assert calls == [2, 3]
        assert gt.provider(intdomain, "det") is det_provider
    finally:
        gt.ops.unregister_provider(intdomain, "det")
    assert gt.provider(intdomain, "det") is None
    assert gt.linalg.explain("det", intdomain).kernel == "generic"


def test_family_providers_serve_every_modulus() -> None:
    for n, family_algorithm in ((7, "gauss"), (101, "gauss"), (6, "bareiss"), (12, "bareiss")):
        assert gt.provider_info(gt.modular(n), "det").algorithm == family_algorithm
    with pytest.raises(TypeError, match="must be callable"):
        gt.register_provider(intdomain, "det", 5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="non-empty string"):
        gt.register_provider(intdomain, "", len)


# -- capabilities ------------------------------------------------------------------------------


def test_builtin_capabilities() -> None:
    caps = {o.name: o.capabilities for o in (gt.integers, gt.rationals, gt.floats, gt.complexes, gt.symbolic, gt.booleans, gt.objects)}
    assert caps["integers"].euclidean and not caps["integers"].field and caps["integers"].characteristic == 0
    assert caps["rationals"].field and caps["rationals"].exact and caps["rationals"].ordered
    assert caps["floats"].field and not caps["floats"].exact
    assert not caps["complexes"].ordered
    assert caps["symbolic"].field and caps["symbolic"].kind == "symbolic"
    assert caps["booleans"].kind == "bool" and not caps["objects"].exact
    assert gt.modular(7).capabilities.field and gt.modular(7).capabilities.characteristic == 7
    six = gt.modular(6).capabilities
    assert six.zero_divisors and six.exact_division and not six.field
    for ops in (gt.integers, gt.rationals, gt.floats, gt.modular(6), gt.modular(7)):
        assert ops.is_field == ops.capabilities.field and ops.has_exquo == ops.capabilities.exact_division


def test_capabilities_are_checked_and_immutable() -> None:
    with pytest.raises(ValueError, match="a Euclidean domain is an integral domain"):
        gt.Capabilities(euclidean=True)
    with pytest.raises(ValueError, match="unknown kind 'int'"):
        gt.Capabilities(kind="int")
    with pytest.raises(ValueError, match="characteristic"):
        gt.Capabilities(characteristic=-1)
    with pytest.raises(TypeError, match="field must be a bool"):
        gt.Capabilities(field=1)  # type: ignore[arg-type]
    caps = gt.integers.capabilities
    with pytest.raises(AttributeError):
        caps.field = True  # type: ignore[misc]


def test_flags_of_an_undeclared_user_ring_become_capabilities() -> None:
    from tests.toyring import gaussian

    caps = gaussian.capabilities
    assert caps.integral_domain and caps.exact_division and not caps.field and caps.kind == "user"
    assert gt.linalg.explain("det", gaussian).algorithm == "bareiss"


# -- codecs --------------------------------------------------------------------------------------


def test_user_ops_with_parse_round_trips_through_save_and_load(tmp_path: Any) -> None:
    x = gt.tensor([[1, -2], [30, 4]], ops=intdomain)
    path = tmp_path / "m.json"
    gt.save(path, x)
    y = gt.load(path, ops=intdomain)
    assert y.ops is intdomain and y.tolist() == x.tolist()
    assert intdomain.spec() == {"custom": "intdomain"}


def test_the_text_reader_parses_cells_through_the_ops(tmp_path: Any) -> None:
    path = tmp_path / "m.txt"
    path.write_text("1 2\n3 25\n", encoding="utf-8")
    y = read_matrix(str(path), ops="mod:7")
    assert y.ops is gt.modular(7) and y.tolist() == [[1, 2], [3, 4]]
    gt.register_ops(type("P11", (), {}), primefield)  # registered ops are found by name
    z = read_matrix(str(path), ops="primefield")
    assert z.ops is primefield and z.tolist() == [[1, 2], [3, 3]]


def test_builtin_codecs_round_trip_every_kind() -> None:
    import sympy

    x = sympy.Symbol("x")
    for ops, values in [
        (gt.integers, [0, -5, 2**80]),
        (gt.rationals, [Fraction(1, 3), Fraction(-2**70, 7)]),
        (gt.floats, [0.5, float("inf"), -1e300]),
        (gt.complexes, [1 + 2j, complex("nan+1j")]),
        (gt.booleans, [True, False]),
        (gt.modular(7), [0, 6]),
        (gt.symbolic, [x**2 + sympy.Rational(1, 3), sympy.sin(x)]),
        (gt.objects, [None, "a", 3, Fraction(1, 2)]),
    ]:
        for v in values:
            back = ops.from_json(ops.to_json(v))
            assert back == v or (v != v and back != back) or repr(back) == repr(v), (ops, v, back)
        assert gt.ops.ops_from_spec(ops.spec()) is ops


# -- one operand path ----------------------------------------------------------------------------


def test_one_operand_path() -> None:
    assert gt.tensor(range(4)).tolist() == [0, 1, 2, 3]
    assert gt.tensor([range(2), range(2, 4)]).tolist() == [[0, 1], [2, 3]]
    assert gt.tensor(deque([1, 2])).tolist() == [1, 2]
    assert gt.flip([[1, 2], [3, 4]]).tolist() == [[4, 3], [2, 1]]
    assert gt.concat([[1], [2]]).tolist() == [1, 2] and gt.sum([[1, 2], [3, 4]]) == 10
    assert (gt.tensor([1, 2]) + range(2)).tolist() == [1, 3]
    with pytest.raises(TypeError, match="one-pass iterator"):
        gt.tensor(v for v in [1, 2])
    with pytest.raises(TypeError, match="flip: cannot build a tensor from a str"):
        gt.flip("abc")
    cyclic: list[Any] = []
    cyclic.append(cyclic)
    with pytest.raises(gt.ShapeError, match="contains itself"):
        gt.tensor(cyclic)
    with pytest.raises(gt.ShapeError, match="deeper than 64"):
        deep: Any = [1]
        for _ in range(70):
            deep = [deep]
        gt.tensor(deep)


# -- operators -----------------------------------------------------------------------------------


class Foo:
    """A class gentensor knows nothing about, with reflected operators."""

    def __radd__(self, other: Any) -> str:
        return "Foo.__radd__"

    def __rmatmul__(self, other: Any) -> str:
        return "Foo.__rmatmul__"

    def __eq__(self, other: Any) -> bool:
        return other == 2

    __hash__ = object.__hash__


def test_operators_defer_to_a_reflected_method() -> None:
    x = gt.tensor([1, 2])
    assert x + Foo() == "Foo.__radd__"
    assert x @ Foo() == "Foo.__rmatmul__"
    y = gt.tensor([1, 2])
    y += Foo()  # no __iadd__ result: Python falls back to y = y + Foo()
    assert y == "Foo.__radd__"


def test_equality_with_foreign_objects_never_raises() -> None:
    x = gt.tensor([[1, 2], [3, 4]])
    assert (x == None).tolist() == [[False, False], [False, False]]  # noqa: E711
    assert (x != None).tolist() == [[True, True], [True, True]]  # noqa: E711
    assert (x == "a").tolist() == [[False, False], [False, False]]
    assert (x == Foo()).tolist() == [[False, True], [False, False]]  # the element's own == meets Foo.__eq__
    assert 2 in x and 5 not in x and None not in x and Foo() in x


def test_unknown_operand_without_reflection_gets_a_message_naming_it() -> None:
    with pytest.raises(TypeError, match=r"add: cannot use the scalar 'a' \(type str\) with elements of integers"):
        gt.tensor([1]) + "a"


def test_scalar_conversions_and_rounding_as_numpy() -> None:
    import operator as op

    assert int(gt.tensor([[7]])) == 7 and float(gt.tensor(Fraction(1, 2))) == 0.5
    assert complex(gt.tensor([1j])) == 1j and op.index(gt.tensor([3])) == 3
    assert [10, 20, 30][gt.tensor(1)] == 20
    with pytest.raises(TypeError, match="only one-element tensors"):
        int(gt.tensor([1, 2]))
    with pytest.raises(TypeError, match="only tensors of ints"):
        op.index(gt.tensor([Fraction(1, 2)]))
    q, r = divmod(gt.tensor([7, -7]), gt.tensor([2, 2]))
    assert q.tolist() == [3, -4] and r.tolist() == [1, 1]
    q, r = divmod(9, gt.tensor([2, 4]))
    assert q.tolist() == [4, 2] and r.tolist() == [1, 1]
    assert round(gt.tensor([Fraction(7, 2), Fraction(5, 2)])).tolist() == [4, 2]
    assert round(gt.tensor([1.2345, 2.5]), 2).tolist() == [1.23, 2.5]
    with pytest.raises(gt.DomainError, match="rounding"):
        round(gt.tensor([1], ops=gt.modular(5)))


def test_reflected_comparisons_swap_sides() -> None:
    x = gt.tensor([1, 2, 3])
    assert (2 < x).tolist() == [False, False, True]
    assert (2 >= x).tolist() == [True, True, False]
    assert operator.lt(x, 2).tolist() == [True, False, False]


def test_refusing_a_string_does_not_suggest_rationals() -> None:
    with pytest.raises(TypeError) as info:
        gt.tensor([1]) + "a"
    assert "rationals" not in str(info.value) and "strings are not parsed" in str(info.value)
    with pytest.raises(TypeError, match="use ops=gt.rationals"):
        gt.integers.convert(Fraction(1, 2))


@pytest.mark.parametrize("bad", [None, 3, ["det"], {"det": 1}])
def test_provider_lookup_names_an_operation_that_is_not_a_string(bad: Any) -> None:
    for f in (gt.provider, gt.provider_info):
        with pytest.raises(gt.ArgumentTypeError, match=r"^provider: the operation must be a string"):
            f(gt.integers, bad)
    assert callable(gt.provider(gt.integers, "det"))


@pytest.mark.parametrize("bad", [None, 3, ["det"], {"det": 1}, "nope"])
def test_explain_names_an_unknown_operation(bad: Any) -> None:
    with pytest.raises(gt.ArgumentValueError, match=r"^explain: unknown operation .*; one of det, inv"):
        gt.linalg.explain(bad, gt.eye(2))


# -- what the elements are: capability fields, never the kind ----------------------------------

#: The element fields each built-in declares (every other one is False).
ELEMENT_FIELDS = ("mask", "index", "rational", "floating", "complex", "symbolic", "residues")
DECLARED = {
    "booleans": {"mask"},
    "integers": {"index", "rational"},
    "rationals": {"rational"},
    "floats": {"floating"},
    "complexes": {"floating", "complex"},
    "symbolic": {"symbolic"},
    "objects": set(),
}


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_builtins_declare_what_their_elements_are(name: str) -> None:
    caps = getattr(gt, name).capabilities
    assert {f for f in ELEMENT_FIELDS if getattr(caps, f)} == DECLARED[name]
    assert {f for f in ELEMENT_FIELDS if getattr(gt.modular(6).capabilities, f)} == {"residues"}
    assert {f for f in ELEMENT_FIELDS if getattr(intdomain.capabilities, f)} == set()  # a user ring: the defaults


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"floating": True}, "floating=True needs exact=False"),
        ({"complex": True, "exact": False}, "complex=True needs floating=True"),
        ({"rational": True, "exact": False}, "rational=True needs exact=True"),
        ({"index": True}, "index=True needs rational=True"),
        ({"residues": True, "characteristic": 0}, "residues=True needs a characteristic of at least 2"),
        ({"mask": 1}, "mask must be a bool"),
    ],
)
def test_element_fields_must_agree(fields: dict[str, Any], message: str) -> None:
    with pytest.raises((gt.ArgumentValueError, gt.ArgumentTypeError), match=message):
        gt.Capabilities(**fields)


class IndexInts(IntDomain):
    """IntDomain declaring that its elements are Python ints, as gt.integers does."""

    name = "indexints"
    capabilities = gt.Capabilities(
        integral_domain=True, exact_division=True, euclidean=True, ordered=True, characteristic=0,
        index=True, rational=True,
    )


class Truth(gt.BaseOps):
    """Python bools as a user ring that declares them a mask."""

    name = "truth"
    zero, one = False, True
    capabilities = gt.Capabilities(ordered=True, mask=True)

    def convert(self, v: Any) -> bool:
        return bool(v)

    def add(self, a: bool, b: bool) -> bool:
        return a or b

    def mul(self, a: bool, b: bool) -> bool:
        return a and b

    def neg(self, a: bool) -> bool:
        return a

    def equal(self, a: bool, b: bool) -> bool:
        return a == b


def test_a_user_ring_that_declares_index_is_an_index_array_and_one_that_does_not_is_refused() -> None:
    x = gt.tensor([10, 20, 30, 40])
    positions = [3, 0, 2]
    expected = x[gt.tensor(positions)].tolist()
    assert expected == [40, 10, 30]
    assert x[gt.tensor(positions, ops=IndexInts())].tolist() == expected
    assert gt.take(x, gt.tensor(positions, ops=IndexInts())).tolist() == expected
    assert gt.isqrt(gt.tensor([17, 16], ops=IndexInts())).tolist() == [4, 4]
    for refused in (lambda i: x[i], lambda i: gt.take(x, i)):
        with pytest.raises((gt.IndexingError, gt.ArgumentTypeError), match="ints"):
            refused(gt.tensor(positions, ops=intdomain))  # the same ints, but the ring says nothing
    with pytest.raises(gt.DomainError, match="isqrt: needs integers"):
        gt.isqrt(gt.tensor([17], ops=intdomain))


def test_a_user_ring_that_declares_mask_is_a_mask() -> None:
    x = gt.tensor([1, 2, 3])
    truth = Truth()
    keep = [True, False, True]
    assert x[gt.tensor(keep, ops=truth)].tolist() == x[gt.tensor(keep)].tolist() == [1, 3]
    assert gt.where(gt.tensor(keep, ops=truth), x, 0).tolist() == [1, 0, 3]
    with pytest.raises(gt.ArgumentTypeError, match="condition must hold bools"):
        gt.where(gt.tensor([1, 0, 1], ops=intdomain), x, 0)


def test_kind_is_only_a_name() -> None:
    # A display name claims nothing: a ring named "integer" or "real floating" without the fields is neither.
    class Named(IntDomain):
        name = "named"
        capabilities = gt.Capabilities(kind="integer", integral_domain=True, exact_division=True, characteristic=0)

    named = Named()
    with pytest.raises((gt.IndexingError, gt.ArgumentTypeError)):
        gt.tensor([1, 2])[gt.tensor([0], ops=named)]
    assert not gt.isdtype(named, "integral") and gt.isdtype(gt.integers, "integral")
    floaty = type("Floaty", (IntDomain,), {"capabilities": gt.Capabilities(kind="real floating")})()
    assert not gt.isdtype(floaty, "real floating") and gt.isdtype(gt.float64, "real floating")
    assert gt.isdtype(gt.modular(5), "modular") and gt.isdtype(gt.modular(5), "numeric")
    assert gt.isdtype(gt.objects, "object") and not gt.isdtype(gt.objects, "numeric")


# -- the protocol flags: read off the capabilities ---------------------------------------------

FLAGS = {"is_commutative": "commutative", "is_field": "field", "is_exact": "exact", "has_exquo": "exact_division", "is_ordered": "ordered"}


@pytest.mark.parametrize(
    "ops",
    [gt.integers, gt.rationals, gt.floats, gt.complexes, gt.symbolic, gt.booleans, gt.objects, gt.modular(6),
     gt.modular(7), intdomain, primefield],
    ids=repr,
)
def test_flags_are_read_off_capabilities(ops: Any) -> None:
    for flag, field in FLAGS.items():
        assert getattr(ops, flag) is getattr(ops.capabilities, field)
        with pytest.raises(AttributeError, match=f"declare capabilities = gt.Capabilities\\({field}="):
            setattr(ops, flag, not getattr(ops, flag))
        assert getattr(ops, flag) is getattr(ops.capabilities, field)  # unchanged


def test_flags_in_a_class_body_become_its_capabilities() -> None:
    class Field(gt.BaseOps):
        is_field = True
        is_ordered = True

    class Sub(Field):
        is_commutative = False

    assert Field.capabilities == gt.Capabilities(integral_domain=True, field=True, exact_division=True, ordered=True)
    assert Field().is_field and Field().has_exquo and Field.is_field is True
    assert Sub().is_field and not Sub().is_commutative and not Sub.capabilities.commutative
    assert "is_field" not in Field.__dict__  # the flag is a view, not a second source

    class Domain(IntDomain):
        has_exquo = False  # taking exact division away from a Euclidean domain leaves a plain ring

    assert not Domain.capabilities.euclidean and not Domain.capabilities.integral_domain
    with pytest.raises(gt.ArgumentTypeError, match="is_field is read off the capabilities"):

        class Computed(gt.BaseOps):
            @property
            def is_field(self) -> bool:
                return True
