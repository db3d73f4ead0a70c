"""Resource limits: one policy for every input path, so tiny bad inputs fail fast and clearly.

Each input of issue 14 that hung, exhausted memory or crashed is here, with
the limits in force: it must now raise a class of the error tree (naming the
limit) within a few seconds -- and read normally once the limit is raised.
"""

from __future__ import annotations

import io

import json
import math
from fractions import Fraction
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from tests.guards import no_digit_limit
from gentensor.io._saveload import loads
from gentensor.io._textmatrix import read_matrix
from tests.toyring import Gauss

FAST = 3.0  # seconds: every refusal below must come well within this


@contextmanager
def fast(limit: float = FAST):
    start = time.perf_counter()
    yield
    elapsed = time.perf_counter() - start
    assert elapsed < limit, f"took {elapsed:.2f} s"




def saved(ops: dict, data: list, shape: list | None = None) -> str:
    return json.dumps(
        {"format": "gentensor", "version": 1, "ops": ops, "shape": [len(data)] if shape is None else shape, "data": data}
    )


def tower(depth: int, leaf: list | None = None, head: str = "sin") -> list:
    tree = leaf or ["Symbol", "x", {}]
    for _ in range(depth - 1):
        tree = [head, tree]
    return tree


# -- the settings themselves ---------------------------------------------------------------------------


def test_defaults_are_documented():
    lim = gt.Limits()
    assert gt.get_limits() == lim
    assert (lim.max_digits, lim.max_bits, lim.max_exponent, lim.max_depth, lim.max_nodes) == (
        100_000, 2**20, 10_000, 100, 100_000
    )
    assert (lim.max_ndim, lim.max_elements, lim.max_modulus_bits) == (64, 10**8, 4096)
    assert (lim.zero_test_bits, lim.zero_test_seconds, lim.undecided) == (1024, 2.0, "raise")
    page = (Path(__file__).resolve().parents[1] / "docs" / "safety.md").read_text(encoding="utf-8")
    for name in ("max_digits", "max_bits", "max_exponent", "max_depth", "max_nodes", "max_ndim", "max_elements",
                 "max_modulus_bits", "zero_test_bits", "zero_test_seconds", "undecided"):
        assert f"`{name}`" in page, f"docs/safety.md does not document {name}"


def test_the_context_manager_nests_and_restores():
    with gt.limits(max_digits=10) as outer:
        assert outer.max_digits == 10 and gt.get_limits() is outer
        with gt.limits(max_depth=5) as inner:
            assert (inner.max_digits, inner.max_depth) == (10, 5)
        assert gt.get_limits() is outer
    assert gt.get_limits() == gt.Limits()


def test_a_failing_block_restores_the_limits():
    with pytest.raises(ZeroDivisionError):
        with gt.limits(max_digits=10):
            1 / 0
    assert gt.get_limits().max_digits == 100_000


def test_threads_start_from_the_process_defaults():
    seen = {}

    def worker() -> None:
        seen["thread"] = gt.get_limits().max_digits

    with gt.limits(max_digits=7):
        t = threading.Thread(target=worker)
        t.start()
        t.join()
    assert seen["thread"] == 100_000
    old = gt.get_limits()
    try:
        gt.set_limits(max_digits=9)
        t = threading.Thread(target=worker)
        t.start()
        t.join()
        assert seen["thread"] == 9
    finally:
        gt.set_limits(max_digits=old.max_digits)
    assert gt.get_limits() == gt.Limits()


@pytest.mark.parametrize(
    "changes, exc",
    [
        ({"max_digits": 0}, gt.ArgumentValueError),
        ({"max_digits": 2.5}, gt.ArgumentTypeError),
        ({"max_depth": True}, gt.ArgumentTypeError),
        ({"undecided": "maybe"}, gt.ArgumentValueError),
        ({"zero_test_seconds": -1}, gt.ArgumentValueError),
        ({"max_digit": 5}, gt.ArgumentTypeError),
    ],
)
def test_bad_settings_are_refused(changes, exc):
    with pytest.raises(exc, match=r"^limits: "):
        with gt.limits(**changes):
            pass
    assert gt.get_limits() == gt.Limits()


# -- the inputs of issue 14 ------------------------------------------------------------------------------


@pytest.mark.parametrize("number", ["1e999999999", "1e-999999999", "-12.5e999999999"])
def test_json_exponents_are_capped(tmp_path, number):
    # A 15-byte file hung the matrix reader: JSON numbers became Fractions with no exponent cap.
    path = tmp_path / "m.json"
    path.write_text(f"[[{number}]]")
    with fast(), pytest.raises(gt.FormatError, match=r"m\.json: .*more than max_bits=1048576"):
        read_matrix(str(path))
    path.write_text("[[1e3, 2.5e-1]]")
    assert read_matrix(str(path)).tolist() == [[1000, sympy.Rational(1, 4)]]


@pytest.mark.parametrize("cell", ["1e999999999", "1e-999999999"])
def test_text_cells_use_the_same_cap(tmp_path, cell):
    path = tmp_path / "m.txt"
    path.write_text(cell + "\n")
    with fast(), pytest.raises(gt.FormatError, match=r"line 1, cell 1: .*max_bits"):
        read_matrix(str(path))


def test_a_product_of_big_powers_is_refused(tmp_path):
    # 40 factors 3**(2**19): each within the per-power cap, the product 33 million bits.
    path = tmp_path / "m.txt"
    path.write_text("*".join(["3**(2**19)"] * 40) + "\n")
    with fast(), pytest.raises(gt.FormatError, match="max_bits"):
        read_matrix(str(path))


def test_a_product_of_factorials_is_refused(tmp_path):
    path = tmp_path / "m.txt"
    path.write_text("*".join(["factorial(10000)"] * 300) + "\n")  # 5 KB
    assert path.stat().st_size < 6000
    with fast(), pytest.raises(gt.FormatError, match="max_bits"):
        read_matrix(str(path))


def test_a_huge_symbolic_exponent_is_refused(tmp_path):
    # (x+1)**1000000 took 9.5 s and then raised MemoryError.
    path = tmp_path / "m.txt"
    path.write_text("(x+1)**1000000\n")
    with fast(), pytest.raises(gt.FormatError, match="max_exponent=10000"):
        read_matrix(str(path))
    with gt.limits(max_exponent=10**6):
        assert read_matrix(str(path)).shape == (1, 1)  # reading is cheap; expanding is not


def test_a_megabyte_integer_cell_is_refused_fast(tmp_path):
    path = tmp_path / "m.txt"
    path.write_text("7" * 1_000_000 + "\n")
    with no_digit_limit(), fast(), pytest.raises(gt.FormatError, match="1000000 digits, more than max_digits=100000"):
        read_matrix(str(path))
    path.write_text("7" * 150_000 + "\n")
    with no_digit_limit(), gt.limits(max_digits=200_000):
        assert read_matrix(str(path))[0, 0] == int("7" * 150_000)


def test_a_megabyte_json_integer_is_refused_fast(tmp_path):
    path = tmp_path / "m.json"
    path.write_text("[[" + "7" * 1_000_000 + "]]")
    with no_digit_limit(), fast(), pytest.raises(gt.FormatError, match="max_digits"):
        read_matrix(str(path))
    with no_digit_limit(), fast(), pytest.raises(gt.FormatError, match="max_digits"):
        loads(saved({"builtin": "integers"}, [], [0])[:-1] + ', "extra": ' + "7" * 1_000_000 + "}")


def test_a_saved_power_of_two_is_refused():
    # Pow(2, 10**10) loaded unevaluated; then x + 1 exhausted memory.
    text = saved({"builtin": "symbolic"}, [["Pow", ["Integer", 2], ["Integer", 10**10]]])
    with fast(), pytest.raises(gt.FormatError, match=r"data\[0\].*power of a number would have about 10000000001 bits"):
        loads(text)


def test_a_saved_product_of_powers_is_refused():
    power = ["Pow", ["Integer", 3], ["Integer", 2**19]]
    text = saved({"builtin": "symbolic"}, [["Mul", *([power] * 40)]])
    with fast(), pytest.raises(gt.FormatError, match="max_bits"):
        loads(text)


def test_saved_huge_numbers_and_exponents_are_refused():
    big = hex(1 << (2**21))
    with fast(), pytest.raises(gt.FormatError, match=r"data\[0\].*more than max_bits"):
        loads(saved({"builtin": "integers"}, [big]))
    text = saved({"builtin": "symbolic"}, [["Pow", ["Add", ["Symbol", "x", {}], ["Integer", 1]], ["Integer", 10**6]]])
    with fast(), pytest.raises(gt.FormatError, match="max_exponent"):
        loads(text)


def test_a_saved_unevaluated_factorial_stays_cheap():
    text = saved({"builtin": "symbolic"}, [["factorial", ["Integer", 10**9]]])
    with fast():
        y = loads(text)
        z = y + 1
        assert gt.symbolic.zero_test(z[0]).verdict == "nonzero"


def test_a_saved_huge_modulus_is_refused():
    # 2**44497 - 1 is prime; its primality test took minutes.
    text = saved({"builtin": "modular", "n": hex(2**44497 - 1)}, [1])
    with fast(), pytest.raises(gt.FormatError, match=r"ops\.n: the modulus has 44497 bits, more than max_modulus_bits=4096"):
        loads(text)
    with fast(), pytest.raises(gt.LimitError, match="^modular: "):
        gt.modular(2**44497 - 1)


def test_moduli_past_the_decimal_digit_limit():
    with fast(), pytest.raises(gt.LimitError, match="^modular: the modulus has 16610 bits"):
        gt.modular(10**5000 + 1)
    with gt.limits(max_modulus_bits=20_000):
        ops = gt.modular(2**14_500 + 1)  # composite (divisible by 3): quick to tell
        assert ops.name.startswith("modular(0x") and not ops.is_field
        assert "ops=modular(0x" in repr(gt.tensor([5], ops=ops))


def test_a_list_that_contains_itself():
    cyclic: list = []
    cyclic.append(cyclic)
    with fast(), pytest.raises(gt.ShapeError, match="contains itself"):
        gt.tensor(cyclic)


@pytest.mark.parametrize("depth", [18, 24, 100])
def test_towers_of_sines_are_fast(depth):
    # Depth 18 took 14.5 s (simplify without a budget); depth 24 ran past a minute.
    e = sympy.Symbol("x")
    for _ in range(depth - 1):
        e = sympy.sin(e)
    with fast():
        m = gt.tensor([[e]], ops=gt.symbolic)
        assert gt.linalg.rank(m) == 1
        gt.linalg.inv(m)


def test_a_tower_of_sines_from_a_file(tmp_path):
    path = tmp_path / "m.txt"
    path.write_text("sin(" * 24 + "x" + ")" * 24 + "\n")
    with fast():
        assert gt.linalg.rank(read_matrix(str(path))) == 1
    path.write_text("sin(" * 150 + "x" + ")" * 150 + "\n")
    with fast(), pytest.raises(gt.FormatError, match="max_depth=100"):
        read_matrix(str(path))


def test_deep_saved_trees_are_refused():
    # A 350-deep tree loaded, then x + 1, rank and str raised RecursionError.
    with fast(), pytest.raises(gt.FormatError, match="nested deeper than max_depth=100"):
        loads(saved({"builtin": "symbolic"}, [tower(350)]))
    y = loads(saved({"builtin": "symbolic"}, [tower(100)], [1, 1]))
    assert gt.linalg.rank(y) == 1
    (y + 1)[0, 0].free_symbols  # noqa: B018  (arithmetic works at the limit)
    assert str(y[0, 0]).startswith("sin(sin(")
    with gt.limits(max_depth=120):
        assert loads(saved({"builtin": "symbolic"}, [tower(110)])).shape == (1,)


def test_too_many_nodes():
    leaves = [["Symbol", f"x{k}", {}] for k in range(50)]
    text = saved({"builtin": "symbolic"}, [["Add", *leaves]])
    with gt.limits(max_nodes=20), pytest.raises(gt.FormatError, match="max_nodes=20"):
        loads(text)
    assert loads(text).shape == (1,)


@pytest.mark.parametrize(
    "call",
    [
        lambda: gt.zeros((2**63,)),
        lambda: gt.zeros((2**40,)),
        lambda: gt.ones((10**5, 10**5)),
        lambda: gt.full((10**9,), 1),
        lambda: gt.eye(10**5),
        lambda: gt.arange(10**12),
        lambda: gt.symbols("a", (10**5, 10**5)),
        lambda: gt.fromfunction(lambda i: i, (10**9,)),
    ],
    ids=["zeros-2**63", "zeros-2**40", "ones", "full", "eye", "arange", "symbols", "fromfunction"],
)
def test_huge_shapes_are_refused_not_allocated(call):
    with fast(), pytest.raises(gt.LimitError, match=r"more than max_elements=100000000; raise it with gt.limits"):
        call()


@pytest.mark.parametrize(
    "call, oracle",
    [
        (lambda x: gt.outer(x, x), lambda y: np.outer(y, y)),
        (lambda x: gt.kron(x, x), lambda y: np.kron(y, y)),
        (lambda x: gt.tensordot(x, x, axes=0), lambda y: np.tensordot(y, y, axes=0)),
        (lambda x: x.reshape((-1, 1)) @ x.reshape((1, -1)), lambda y: y.reshape((-1, 1)) @ y.reshape((1, -1))),
        (lambda x: gt.einsum("i,j->ij", x, x), lambda y: np.einsum("i,j->ij", y, y)),
    ],
    ids=["outer", "kron", "tensordot", "matmul", "einsum"],
)
def test_products_refuse_results_beyond_the_element_limit_before_computing(call, oracle):
    x = gt.arange(1, 41)
    with gt.limits(max_elements=1599), pytest.raises(gt.LimitError, match=r"has 1600 elements, more than max_elements=1599"):
        call(x)
    with gt.limits(max_elements=1600):  # at the limit: computed, and equal to NumPy's object arrays
        got = call(x)
    assert got.tolist() == oracle(np.array(list(range(1, 41)), dtype=object)).tolist()


def test_too_many_axes():
    with pytest.raises(gt.LimitError, match="65 axes are more than max_ndim=64"):
        gt.zeros((1,) * 65)
    with pytest.raises(gt.LimitError, match="max_ndim"):
        gt.zeros(1).reshape((1,) * 1000)
    with pytest.raises(gt.ShapeError, match="max_ndim=64"):
        nested: list = [0]
        for _ in range(70):
            nested = [nested]
        gt.tensor(nested)
    with gt.limits(max_ndim=70):
        assert gt.zeros((1,) * 66).ndim == 66


def test_too_many_elements_in_a_saved_file():
    text = saved({"builtin": "integers"}, [0] * 10, [10])
    with gt.limits(max_elements=5), pytest.raises(gt.FormatError, match=r"shape: .*more than max_elements=5"):
        loads(text)
    assert loads(text).shape == (10,)


def test_deep_or_huge_sympy_values_from_the_api():
    e = sympy.Symbol("x")
    for _ in range(150):
        e = sympy.sin(e)
    with pytest.raises(gt.LimitError, match="max_depth=100"):
        gt.tensor([e], ops=gt.symbolic)
    with pytest.raises(gt.LimitError, match="power of a number"):
        gt.tensor([sympy.Pow(2, 10**10, evaluate=False)])
    with gt.limits(max_depth=200):
        assert gt.tensor([e]).shape == (1,)


# -- display never raises ------------------------------------------------------------------------------


class Unprintable:
    def __repr__(self) -> str:
        raise RecursionError("maximum recursion depth exceeded")

    __str__ = __repr__


def test_repr_never_raises():
    t = gt.tensor([Unprintable(), 1], ops=gt.objects)
    assert repr(t).startswith("tensor([<Unprintable>,")
    assert str(t)
    deep = sympy.Symbol("x")
    for _ in range(3000):
        deep = sympy.Add(sympy.sin(deep, evaluate=False), 1, evaluate=False)
    with gt.limits(max_depth=10_000):
        d = gt.tensor([deep, deep], ops=gt.symbolic)
    with gt.printoptions(display="html"):  # symbolic tensors show LaTeX by default; the table too must not raise
        html = d._repr_html_()
    for text in (repr(d), str(d), d._repr_latex_(), html):
        assert isinstance(text, str) and text
    many = gt.zeros((1,) * 64)
    assert repr(many).startswith("tensor(" + "[" * 64 + "0")


def test_a_tensor_that_cannot_be_laid_out_shows_its_shape():
    class BadOps(gt.BaseOps):
        name = "bad"

        def convert(self, v):
            return v

        def format(self, a):
            raise RuntimeError("no")

    t = gt.tensor([1, 2], ops=BadOps())
    assert repr(t) == "tensor([1, 2], ops=bad)"  # elements fall back to repr
    broken = gt.tensor([1, 2])
    object.__setattr__(broken, "_store", None)  # a tensor whose storage is gone
    assert repr(broken) == "tensor(<2 elements not shown>, shape=(2,), ops=integers)"


# -- properties: the element limit on every ops, creation and files alike ------------------------------

OPS = [gt.integers, gt.rationals, gt.floats, gt.complexes, gt.booleans, gt.objects, gt.symbolic, gt.modular(7), "gauss"]


def _ops(name):
    if name == "gauss":
        from tests.toyring import GaussOps

        return GaussOps()
    return name


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=5), st.integers(1, 200), st.sampled_from(range(len(OPS))))
def test_the_element_limit_on_every_ops(shape, limit, k):
    ops = _ops(OPS[k])
    n = math.prod(shape)
    with gt.limits(max_elements=limit):
        if n > limit or (n == 0 and any(d > limit for d in shape)):  # an empty shape's axes are limited too
            with pytest.raises(gt.LimitError, match="max_elements"):
                gt.zeros(tuple(shape), ops=ops)
        else:
            z = gt.zeros(tuple(shape), ops=ops)
            assert z.shape == tuple(shape) and z.size == n
            if n:  # nested lists lose the shape of an empty tensor
                assert gt.tensor(z.tolist() if shape else z.item(), ops=z.ops).shape == tuple(shape)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 60), st.integers(1, 60))
def test_digit_limits_are_exact_boundaries(digits, limit):
    text = "9" * digits
    with gt.limits(max_digits=limit):
        if digits > limit:
            with pytest.raises(gt.LimitError):
                gt.integers.parse(text)
        else:
            assert gt.integers.parse(text) == int(text)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 60), st.integers(1, 60), st.sampled_from(["number", "in a string", "in a float"]))
def test_the_save_format_reader_holds_integer_literals_to_max_digits(digits, limit, where):
    # The reader takes the C parser's own int() only when no run of digits passes the limit anywhere;
    # a longer run (even one that is not an integer literal) keeps the checked parse, with the same answers.
    literal = "9" * digits
    data = {"number": f"[{literal}, 1]", "in a string": f'[1, 2], "note": "{literal}"', "in a float": f"[1, 2.{literal}]"}[where]
    ops = '{"builtin": "floats"}' if where == "in a float" else '{"builtin": "integers"}'
    doc = '{"format": "gentensor", "version": 1, "ops": ' + ops + ', "shape": [2], "data": ' + data + "}"
    if where == "in a string":  # an unknown key: refused whatever the digits, by the same message
        with gt.limits(max_digits=limit), pytest.raises(gt.FormatError, match="unknown"):
            gt.load(io.StringIO(doc), format="json")
        return
    with gt.limits(max_digits=limit):
        if where == "number" and digits > limit:
            with pytest.raises(gt.FormatError, match="max_digits"):
                gt.load(io.StringIO(doc), format="json")
        else:
            expected = [int(literal), 1] if where == "number" else [1.0, float("2." + literal)]
            assert gt.load(io.StringIO(doc), format="json").tolist() == expected


def test_the_toy_ring_reads_through_the_limits(tmp_path):
    from tests.toyring import GaussOps

    ops = GaussOps()
    t = gt.tensor([Gauss(1, 2), Gauss(0, -1)], ops=ops)
    with gt.limits(max_elements=1), pytest.raises(gt.LimitError):
        gt.tensor([Gauss(1, 2), Gauss(0, -1)], ops=ops)
    assert t.shape == (2,)


# ---------------------------------------------------------------- results that would outgrow the machine


@settings(max_examples=60, deadline=None)
@given(st.integers(-50, 50), st.integers(0, 400), st.integers(64, 4096))
def test_integer_powers_are_computed_up_to_max_bits_and_refused_beyond(base, k, limit):
    size = math.log2(abs(base)) if abs(base) > 1 else 0.0
    with gt.limits(max_bits=limit):
        if size * k > limit and k > 64:  # exponents up to 64 only multiply a size that exists: never checked
            with pytest.raises(gt.LimitError, match=r"^power: .* would have about \d+ bits, more than max_bits="):
                gt.power(gt.tensor([base]), k)
        else:
            assert gt.power(gt.tensor([base]), k).tolist() == [base**k]
            assert (gt.tensor([base]) ** gt.tensor([k])).tolist() == [base**k]


@pytest.mark.parametrize(
    "base",
    [10**30, gt.tensor([7]), gt.tensor([sympy.Integer(3)], ops=gt.symbolic), gt.tensor([gt.rationals.convert(3) / 2])],
    ids=["int", "tensor", "symbolic", "rational"],
)
def test_a_power_of_astronomical_size_is_refused_at_once(base):
    before = base.tolist() if isinstance(base, gt.Tensor) else base
    with pytest.raises(gt.LimitError, match=r"max_bits=1048576; raise it with gt.limits\(max_bits=\.\.\.\)"):
        gt.power(base, 10**30)
    assert (base.tolist() if isinstance(base, gt.Tensor) else base) == before


def test_powers_that_stay_small_are_not_limited():
    assert gt.power(gt.tensor([1, -1, 0]), 10**30).tolist() == [1, 1, 0]
    assert gt.power(gt.tensor([3], ops=gt.modular(7)), 10**30).tolist() == [pow(3, 10**30, 7)]
    assert gt.power(gt.tensor([1.5]), 10**30).tolist() == [math.inf]  # IEEE, as NumPy
    assert gt.power(gt.tensor([2**1000, 3]), gt.tensor([1, 10**4])).tolist() == [2**1000, 3**10**4]  # pairwise


def test_matrix_power_with_a_huge_exponent_refuses_growth_and_computes_what_stays_small():
    with pytest.raises(gt.LimitError, match=r"^matrix_power: an entry of the power has grown to about \d+ bits"):
        gt.linalg.matrix_power(gt.tensor([[1, 1], [1, 0]]), 10**30)
    with pytest.raises(gt.LimitError, match="max_bits"):
        gt.linalg.matrix_power(gt.tensor([[gt.rationals.convert(1) / 2, 0], [0, 1]]), 2**64)
    big = 10**30
    assert gt.linalg.matrix_power(gt.eye(3), big).tolist() == np.eye(3, dtype=int).tolist()
    assert gt.linalg.matrix_power(gt.tensor([[0, 1], [0, 0]]), big).tolist() == [[0, 0], [0, 0]]
    assert gt.linalg.matrix_power(gt.tensor([[1]]), 2**64).tolist() == [[1]]
    # [[1, 1], [0, 1]]**k == [[1, k], [0, 1]]: modulo 7 the entry is k mod 7
    assert gt.linalg.matrix_power(gt.tensor([[1, 1], [0, 1]], ops=gt.modular(7)), big).tolist() == [[1, big % 7], [0, 1]]
    fib = sympy.Matrix([[1, 1], [1, 0]]) ** 300
    assert gt.linalg.matrix_power(gt.tensor([[1, 1], [1, 0]]), 300).tolist() == fib.tolist()


def test_left_shifts_are_limited_and_negative_counts_refused():
    assert gt.bitwise_left_shift(gt.tensor([1, -3, 0]), gt.tensor([4, 1, 10**30])).tolist() == [16, -6, 0]
    assert gt.bitwise_right_shift(gt.tensor([-1, 16]), gt.tensor([10**30, 2])).tolist() == [-1, 4]
    with pytest.raises(gt.LimitError, match=r"^bitwise_left_shift: a 2-bit value shifted left by 1048576 would have"):
        gt.bitwise_left_shift(3, 2**20)
    for f in (gt.bitwise_left_shift, gt.bitwise_right_shift):
        with pytest.raises(gt.ArgumentValueError, match=rf"^{f.__name__}: negative shift count \(got -2\)"):
            f(gt.tensor([5]), -2)


def test_splitting_an_empty_axis_into_astronomically_many_sections_is_refused():
    with pytest.raises(gt.LimitError, match=r"^split: 10+ sections of axis 0 of length 0 would be"):
        gt.split(gt.zeros((0,)), 10**30)
    assert len(gt.split(gt.zeros((0,)), 3)) == len(np.split(np.zeros(0), 3))


def test_symbolic_powers_that_sympy_would_evaluate_are_refused_and_others_stay_symbolic():
    x = sympy.Symbol("x")
    for e in (sympy.sqrt(2), x / 2, 2 * x):  # SymPy turns these into powers of 2: 2**(10**30) never finishes
        with pytest.raises(gt.LimitError, match=r"^power: \(.*\) \*\* 10+ would have about \d+ bits"):
            gt.power(gt.tensor([e]), 10**30)
    assert gt.power(gt.tensor([x + 1, sympy.pi, sympy.I]), 10**30).tolist() == [
        (x + 1) ** 10**30, sympy.pi**10**30, sympy.I**10**30,
    ]
    assert gt.power(gt.tensor([sympy.sqrt(2)]), 10).tolist() == [32]


def test_huge_powers_in_a_user_ring_and_of_objects_are_refused_when_they_grow():
    from tests.toyring import GaussOps

    ops = GaussOps()
    with pytest.raises(gt.LimitError, match=r"^power: \(Gauss\(1, 2\)\) \*\* 10+ would have about"):
        gt.power(gt.tensor([Gauss(1, 2)], ops=ops), 10**30)
    # units and zero stay small: their huge powers are computed (i**(10**30) == 1, as 10**30 % 4 == 0)
    units = gt.power(gt.tensor([Gauss(0, 1), Gauss(-1, 0), Gauss(0, 0)], ops=ops), 10**30).tolist()
    assert units == [Gauss(1, 0), Gauss(1, 0), Gauss(0, 0)]
    assert gt.power(gt.tensor([Gauss(1, 2)], ops=ops), 70).tolist() == [ops.pow(Gauss(1, 2), 70)]
    with pytest.raises(gt.LimitError, match=r"^power: 7 \*\* 10+ would have"):
        gt.power(gt.tensor([7], ops=gt.objects), 10**30)
    assert gt.power(gt.tensor([1, -1], ops=gt.objects), 10**30).tolist() == [1, 1]


def test_a_symbolic_matrix_power_with_a_huge_exponent_stops_at_the_expression_limits():
    x = gt.symbols("a", (2, 2))
    with pytest.raises(gt.LimitError, match=r"^matrix_power: an entry of the power grew too large \(.*max_(nodes|depth)="):
        gt.linalg.matrix_power(x, 10**30)
    small = gt.linalg.matrix_power(x, 5)
    assert (sympy.Matrix(small.tolist()) - sympy.Matrix(x.tolist()) ** 5).expand() == sympy.zeros(2, 2)


def test_prod_is_held_to_max_bits_before_it_is_built():
    """The bits of exact factors add up: a product past max_bits is refused at once; a zero factor makes it 0."""
    with gt.limits(max_bits=4000):
        assert gt.prod(gt.arange(1, 400)) == math.factorial(399)  # 2886 bits
        with pytest.raises(gt.LimitError, match="^prod: .*max_bits=4000"):
            gt.prod(gt.arange(1, 600))  # 4631 bits
        with pytest.raises(gt.LimitError, match="max_bits"):
            gt.prod(gt.tensor([Fraction(1, 3**1000), Fraction(1, 3**1000), Fraction(2**3000, 1)]))
        assert gt.prod(gt.tensor([2**3000, 0, 2**3000])) == 0
        assert gt.prod(gt.arange(1, 599).reshape((23, 26))[:, :5], axis=0).shape == (5,)
