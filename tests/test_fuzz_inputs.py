"""Fuzzing every input path with the limits in force: each input reads or is refused by a class of the tree, fast.

Inputs are random and mutated: matrix text and CSV cells built from the
tokens that broke things (huge exponents, towers of powers, deep nesting),
JSON lists, save-format documents whose bytes, numbers and SymPy trees are
mutated, nested Python data (also cyclic and deep) for ``gt.tensor``, shapes
for the creation functions, moduli for ``gt.modular``.  Every example is
time-boxed (a hard ``SIGALRM``): a hang fails the test instead of stalling
it.  What comes back must be a tensor, or an error of ``gentensor.errors``
-- never a ``RecursionError``, ``MemoryError``, a bare built-in, or a SymPy
exception.
"""

from __future__ import annotations

import json
import signal
from fractions import Fraction
from typing import Any, Callable

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gentensor as gt
from tests.guards import Hang, no_digit_limit, time_box
from gentensor.io._saveload import encode_document, loads
from gentensor.io._textmatrix import read_matrix

BOX = 10.0  # seconds an example may take before it counts as a hang
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

pytestmark = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="the time box needs SIGALRM (POSIX)")








def outcome(call: Callable[[], Any]) -> Any:
    """Run ``call`` in the time box: its result, or the GentensorError it raised (anything else fails)."""
    with time_box(BOX):
        try:
            return call()
        except gt.GentensorError as e:
            assert str(e), "an error without a message"
            return e


def exercise(t: Any) -> None:
    """Light use of what was read: display, arithmetic, and the rank of a small matrix."""
    if not isinstance(t, gt.Tensor):
        return
    assert isinstance(repr(t), str) and isinstance(str(t), str)
    if t.ops.capabilities.kind == "object":
        return  # gt.objects hands arithmetic to the Python objects themselves (None + None is their TypeError)
    outcome(lambda: t + t)
    if t.ndim == 2 and t.size <= 9:
        outcome(lambda: gt.linalg.rank(t))


# -- text, CSV and JSON matrices ----------------------------------------------------------------------

TOKENS = [
    "0", "1", "7", "12", "3/4", "0.25", "-", "+", "*", "/", "**", "^", "(", ")", ",", ".", "e", "E", "x", "y",
    "pi", "I", "oo", "sqrt(", "sin(", "factorial(", "atan(", "log(", "exp(", "1e999999999", "1e-999999999",
    "9" * 60, "2**(2**19)", "3**(2**19)*3**(2**19)", "(x+1)**1000000", "factorial(10000)", "sin(" * 30, ")" * 30,
    "/0", "zoo", "nan", "__import__(", "#", " ", "  ", "\t",
]  # fmt: skip
cells = st.lists(st.sampled_from(TOKENS), min_size=1, max_size=12).map("".join)


@st.composite
def matrix_text(draw: Any) -> str:
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    sep = draw(st.sampled_from([" ", ",", ", "]))
    lines = [sep.join(draw(cells) for _ in range(cols)) for _ in range(rows)]
    if draw(st.booleans()):
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(["", "# note", "1 2 3 4 5"])))
    return "\n".join(lines) + "\n"


@FUZZ
@given(matrix_text(), st.sampled_from(["m.txt", "m.csv"]))
def test_fuzz_text_and_csv_matrices(tmp_path_factory, text, name):
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_text(text, encoding="utf-8")
    with no_digit_limit():
        exercise(outcome(lambda: read_matrix(str(path))))


json_cells = st.one_of(
    st.integers(-(10**30), 10**30),
    st.sampled_from(["1e999999999", "-1e-999999999", "12.5e-3", "1" + "0" * 200, "0.1", "2e400000"]).map(
        lambda s: json.loads(s, parse_float=str, parse_int=str)
    ),
    cells,
)


@st.composite
def json_matrix_text(draw: Any) -> str:
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    body = [[draw(json_cells) for _ in range(cols)] for _ in range(rows)]
    text = json.dumps(body)
    # Numbers drawn as text go in unquoted: the reader sees JSON numbers with huge exponents.
    for token in ("1e999999999", "-1e-999999999", "12.5e-3", "0.1", "2e400000", "1" + "0" * 200):
        text = text.replace(json.dumps(token), token)
    if draw(st.booleans()):
        depth = draw(st.integers(1, 5000))
        text = "[" * depth + text + "]" * depth
    return text


@FUZZ
@given(json_matrix_text())
def test_fuzz_json_matrices(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("fuzz") / "m.json"
    path.write_text(text, encoding="utf-8")
    with no_digit_limit():
        exercise(outcome(lambda: read_matrix(str(path))))


# -- the save format: mutated documents ------------------------------------------------------------------

x, y = sympy.symbols("x y")
VALID = [
    gt.tensor([[1, -2], [2**70, 0]]),
    gt.tensor([Fraction(1, 3), Fraction(-5, 2)]),
    gt.tensor([1.5, float("inf")]),
    gt.tensor([1 + 2j]),
    gt.tensor([True, False]),
    gt.tensor([1, "a", None, Fraction(1, 2)], ops=gt.objects),
    gt.tensor([[sympy.sin(x) + sympy.sqrt(2), x**2 / (y + 1)], [sympy.pi, sympy.Integer(3)]], ops=gt.symbolic),
    gt.tensor([3, 5, 6], ops=gt.modular(7)),
]
DOCUMENTS = [encode_document(t) for t in VALID]
INSERTS = ["[", "]", "{", "}", ",", '"', "0x" + "f" * 300_000, "9" * 5000, "1e999999999", "-", "null", "true",
           '["Pow", ["Integer", 2], ["Integer", 10000000000]]', '["sin", ' * 400 + "1" + "]" * 400,
           '["Pow", ["Symbol", "x", {}], ["Integer", 1000000]]', '"0x' + "1" * 20_000 + '"']  # fmt: skip


@st.composite
def mutated_document(draw: Any) -> str:
    text = draw(st.sampled_from(DOCUMENTS))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["insert", "delete", "flip", "duplicate"]))
        k = draw(st.integers(0, len(text)))
        if kind == "insert":
            text = text[:k] + draw(st.sampled_from(INSERTS)) + text[k:]
        elif kind == "delete":
            text = text[:k] + text[k + draw(st.integers(1, 20)) :]
        elif kind == "flip" and k < len(text):
            text = text[:k] + chr(draw(st.integers(32, 126))) + text[k + 1 :]
        else:
            j = draw(st.integers(k, min(len(text), k + 60)))
            text = text[:k] + text[k:j] * draw(st.integers(2, 50)) + text[j:]
    return text


@FUZZ
@given(mutated_document())
def test_fuzz_mutated_save_documents(text):
    with no_digit_limit():
        exercise(outcome(lambda: loads(text)))


leaf = st.one_of(
    st.builds(lambda n: ["Integer", n], st.integers(-(2**40), 2**40)),
    st.builds(lambda n: ["Integer", hex(n)], st.integers(2**53, 2**5000)),
    st.builds(lambda p, q: ["Rational", p, q], st.integers(-99, 99), st.integers(-3, 99)),
    st.sampled_from([["Symbol", "x", {}], ["Symbol", "p", {"positive": True}], ["Pi"], ["Exp1"], ["ImaginaryUnit"],
                     ["Infinity"], ["NaN"], ["ComplexInfinity"], ["Float", 5, -1, 53]]),
)  # fmt: skip
FUNCS = ["Add", "Mul", "Pow", "sin", "cos", "exp", "log", "atan", "sqrt_", "factorial", "Abs", "floor", "Mod", "Max", "gamma"]


def _node(children: list) -> Any:
    return st.sampled_from(FUNCS).map(lambda f: ["Pow", children[0], ["Rational", 1, 2]] if f == "sqrt_" else [f, *children])


trees = st.recursive(
    leaf,
    lambda inner: st.lists(inner, min_size=1, max_size=3).flatmap(_node)
    | st.builds(lambda t, n: ["Pow", t, ["Integer", n]], inner, st.sampled_from([2, -1, 10**4, 10**5, 2**40])),
    max_leaves=12,
)


@FUZZ
@given(st.lists(trees, min_size=1, max_size=4), st.integers(1, 130))
def test_fuzz_symbolic_trees(data, depth):
    data = [*data[:-1], _deepen(data[-1], depth)]
    text = json.dumps({"format": "gentensor", "version": 1, "ops": {"builtin": "symbolic"}, "shape": [len(data)], "data": data})
    with no_digit_limit():
        exercise(outcome(lambda: loads(text)))


def _deepen(tree: Any, depth: int) -> Any:
    for _ in range(depth - 1):
        tree = ["sin", tree]
    return tree


@FUZZ
@given(st.one_of(st.integers(-5, 2**5000), st.sampled_from([2**44497 - 1, 2**4096 + 1, 2**127 - 1])))
def test_fuzz_moduli(n):
    text = json.dumps({"format": "gentensor", "version": 1, "ops": {"builtin": "modular", "n": hex(n) if n > 2**53 else n}, "shape": [1], "data": [1]})
    exercise(outcome(lambda: loads(text)))
    exercise(outcome(lambda: gt.tensor([1], ops=gt.modular(n))))


# -- the API: nested data, shapes ----------------------------------------------------------------------------

scalars = st.one_of(st.integers(-(2**100), 2**100), st.fractions(), st.floats(), st.booleans(), st.just(sympy.pi), st.just(x), st.none())


@st.composite
def nested_data(draw: Any) -> Any:
    data = draw(st.recursive(scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=10))
    kind = draw(st.sampled_from(["as is", "deep", "cyclic"]))
    if kind == "deep":
        for _ in range(draw(st.integers(1, 200))):
            data = [data]
    elif kind == "cyclic" and isinstance(data, list):
        data.append(data)
    return data


@FUZZ
@given(nested_data(), st.sampled_from([None, gt.integers, gt.rationals, gt.symbolic, gt.objects, gt.floats]))
def test_fuzz_nested_data(data, ops):
    with gt.limits(max_elements=10**5):
        exercise(outcome(lambda: gt.tensor(data, ops=ops)))


dims = st.one_of(st.integers(-3, 5), st.integers(2**20, 2**70), st.floats(allow_nan=True), st.booleans(), st.text(max_size=2))
shapes = st.one_of(dims, st.lists(dims, max_size=70), st.lists(st.integers(0, 3), min_size=60, max_size=70).map(tuple))


@FUZZ
@given(shapes, st.sampled_from(["zeros", "ones", "full", "symbols", "reshape", "broadcast_to", "fromfunction"]))
def test_fuzz_shapes(shape, name):
    calls = {
        "zeros": lambda: gt.zeros(shape),
        "ones": lambda: gt.ones(shape, ops=gt.rationals),
        "full": lambda: gt.full(shape, 7),
        "symbols": lambda: gt.symbols("a", shape),
        "reshape": lambda: gt.zeros(6).reshape(shape),
        "broadcast_to": lambda: gt.broadcast_to(gt.tensor(1), shape),
        "fromfunction": lambda: gt.fromfunction(lambda *i: 0, shape),
    }
    with gt.limits(max_elements=10**5):  # building 10**8 SymPy symbols is allowed by default, but slow
        exercise(outcome(calls[name]))


@FUZZ
@given(cells, st.sampled_from([gt.integers, gt.rationals, gt.symbolic, gt.modular(11), gt.floats]))
def test_fuzz_parse(text, ops):
    with no_digit_limit():
        outcome(lambda: ops.parse(text))


def test_the_time_box_catches_a_hang():
    import time

    with pytest.raises(Hang):
        with time_box(0.2):
            time.sleep(5)


def test_the_fuzz_sees_a_bad_outcome():
    with pytest.raises(RecursionError):
        outcome(lambda: (_ for _ in ()).throw(RecursionError("deep")))
    assert isinstance(outcome(lambda: gt.zeros((2**63,))), gt.LimitError)


def test_a_stack_of_many_empty_matrices_is_refused_before_any_work():
    # 2**30 matrices of shape 3x0 hold no element, yet a list per matrix would take gigabytes: refused where the
    # shape is made (an axis past max_elements), and by linear algebra when that limit is raised
    with pytest.raises(gt.LimitError, match="axis of length 1073741824"):
        gt.zeros((2**30, 3, 0))
    with gt.limits(max_elements=2**31):
        x = gt.zeros((2**30, 3, 0))
        for f in (gt.linalg.rank, gt.linalg.matrix_rank):
            with pytest.raises(gt.LimitError, match="empty 3x0 matrices"):
                f(x)
    assert gt.linalg.rank(gt.zeros((4, 3, 0))).tolist() == [0, 0, 0, 0]
