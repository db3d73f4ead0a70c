"""gt.save / gt.load: exact round trips for every ops, atomic writes, clear errors, a fuzzed loader."""

from __future__ import annotations

import builtins
import contextlib
import json
import math
import os
import stat
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterator

import pytest
import sympy
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from toyring import Gauss, gaussian

import gentensor as gt
from tests.guards import no_digit_limit
from gentensor.io import _saveload
from gentensor.ops._codec import decode_expr, encode_expr
from gentensor.io._saveload import FORMAT_VERSION, loads
from gentensor.testing import tensors

# -- a user ring with format/parse: dual numbers a + b*eps over the integers --------


class Dual:
    __slots__ = ("a", "b")

    def __init__(self, a: int, b: int = 0) -> None:
        self.a, self.b = a, b

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dual) and (self.a, self.b) == (other.a, other.b)

    def __hash__(self) -> int:
        return hash((self.a, self.b))


class DualOps(gt.BaseOps):
    name = "dual"
    zero, one = Dual(0), Dual(1)

    def convert(self, v: Any) -> Dual:
        if isinstance(v, Dual):
            return v
        if isinstance(v, int):
            return Dual(v)
        raise TypeError(f"dual.convert: cannot convert {v!r}")

    def add(self, x: Dual, y: Dual) -> Dual:
        return Dual(x.a + y.a, x.b + y.b)

    def mul(self, x: Dual, y: Dual) -> Dual:
        return Dual(x.a * y.a, x.a * y.b + x.b * y.a)

    def neg(self, x: Dual) -> Dual:
        return Dual(-x.a, -x.b)

    def equal(self, x: Dual, y: Dual) -> bool:
        return x == y

    def format(self, x: Dual) -> str:
        return f"{x.a}{x.b:+d}e"

    def parse(self, text: str) -> Dual:
        body, e = text[:-1], text[-1:]
        if e != "e":
            raise ValueError(f"dual.parse: no trailing 'e' in {text!r}")
        cut = max(body.rfind("+"), body.rfind("-"))
        return Dual(int(body[:cut]), int(body[cut:]))


dual = DualOps()
gt.register_ops(Dual, dual)

DUALS = st.builds(Dual, st.integers(-(10**30), 10**30), st.integers(-99, 99))
OPS = [
    gt.integers,
    gt.rationals,
    gt.floats,
    gt.complexes,
    gt.booleans,
    gt.symbolic,
    gt.modular(7),
    gt.modular(2**127 - 1),
    dual,
]
OBJECTS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.fractions(), st.floats(allow_nan=False), st.text(max_size=5)
)


def same(x: Any, y: Any) -> bool:
    """Same ops object, shape, element types and exact values (floats compared bit for bit)."""
    if y.ops is not x.ops or y.shape != x.shape:
        return False
    for a, b in zip(x._elements(), y._elements()):
        if type(a) is not type(b):
            return False
        if isinstance(a, (float, complex)):
            if repr(a) != repr(b):
                return False
        elif isinstance(a, sympy.Basic):
            if sympy.srepr(a) != sympy.srepr(b):
                return False
        elif not a == b:
            return False
    return True


def round_trip(tmp_path: Path, x: Any, **kw: Any) -> Any:
    path = tmp_path / "x.json"
    gt.save(path, x)
    return gt.load(path, **kw)


# -- round trips --------------------------------------------------------------------


@pytest.mark.parametrize("ops", OPS, ids=lambda o: o.name)
@settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_round_trip_every_ops(tmp_path: Path, ops: Any, data: st.DataObject) -> None:
    x = data.draw(tensors(ops=ops, elements=DUALS if ops is dual else None, views=True))
    y = round_trip(tmp_path, x)
    assert same(x, y) and y.base is None


@settings(max_examples=20, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(x=tensors(ops=gt.objects, elements=OBJECTS))
def test_round_trip_objects(tmp_path: Path, x: Any) -> None:
    assert same(x, round_trip(tmp_path, x))


def test_special_floats_and_huge_ints(tmp_path: Path) -> None:
    f = gt.tensor([math.inf, -math.inf, -0.0, 5e-324, 1.7976931348623157e308, 0.1])
    g = round_trip(tmp_path, f)
    assert same(f, g)
    n = round_trip(tmp_path, gt.tensor([float("nan")]))
    assert math.isnan(n.item())
    big = gt.tensor([10**5000 + 7, -(3**9000)])  # past Python's 4300-digit str limit
    assert same(big, round_trip(tmp_path, big))
    q = gt.tensor([Fraction(10**6000 + 1, 3**7000)])
    assert same(q, round_trip(tmp_path, q))
    c = gt.tensor([complex(math.inf, -0.0), 1e-300j])
    assert same(c, round_trip(tmp_path, c))


def test_symbolic_trees(tmp_path: Path) -> None:
    x, y = sympy.symbols("x y")
    p = sympy.Symbol("p", positive=True, integer=True)
    f = sympy.Function("f")
    exprs = [
        sympy.sqrt(2) * x + sympy.Rational(-1, 3) * sympy.sin(x) ** 2,
        sympy.exp(-p) * sympy.log(y) - sympy.pi * sympy.I + sympy.E,
        f(x, y + 1) + sympy.Abs(x) + sympy.Min(x, 2) + sympy.Max(y, p),
        sympy.Float("3.14159265358979323846264338327950288", 60) * x,
        sympy.Float(1.5),
        sympy.oo + sympy.zoo * 0 if False else sympy.oo,
        -sympy.oo,
        sympy.zoo,
        sympy.nan,
        sympy.binomial(p, 3) + sympy.factorial(p) + sympy.floor(x / 2) + sympy.Mod(p, 7),
        sympy.atan2(y, x) + sympy.cosh(x) + sympy.gamma(x),
        sympy.Integer(2) ** 200,
        sympy.Add(x, x, evaluate=False),  # unevaluated structure is kept
        sympy.EulerGamma + sympy.GoldenRatio + sympy.Catalan,
    ]
    t = gt.tensor(exprs, ops=gt.symbolic)
    u = round_trip(tmp_path, t)
    assert same(t, u)
    assert u[3].is_Mul and [a._prec for a in u[3].args if a.is_Float] == [t[3].args[0]._prec]
    assert u[0].free_symbols == {x} and sympy.Symbol("p", positive=True, integer=True) in u[1].free_symbols


def test_symbolic_refuses_unlisted_classes_on_save(tmp_path: Path) -> None:
    x = sympy.Symbol("x")
    t = gt.tensor([sympy.Integral(x, x)], ops=gt.symbolic)
    with pytest.raises(gt.DomainError, match="Integral is not supported"):
        gt.save(tmp_path / "i.json", t)
    assert not list(tmp_path.iterdir())  # nothing was written


def test_custom_ops(tmp_path: Path) -> None:
    x = gt.tensor([[Dual(1, -2), Dual(-3, 4)]])
    path = tmp_path / "d.json"
    gt.save(path, x)
    doc = json.loads(path.read_text())
    assert doc["ops"] == {"custom": "dual"} and doc["data"] == ["1-2e", "-3+4e"]
    assert same(x, gt.load(path))
    # an unregistered ops of the same name is passed explicitly
    other = DualOps()
    assert gt.load(path, ops=other).ops is other
    with pytest.raises(gt.FormatError, match="ops=gaussian was passed"):
        gt.load(path, ops=gaussian)
    gt.save(path, gt.tensor([1]))
    assert gt.load(path, ops=gt.integers).tolist() == [1]
    with pytest.raises(gt.FormatError, match="holds integers elements but ops=rationals"):
        gt.load(path, ops=gt.rationals)


def test_custom_format_must_return_text(tmp_path: Path) -> None:
    class Sloppy(DualOps):
        def format(self, x: Dual) -> Any:
            return [x.a, x.b]

    with pytest.raises(gt.DomainError, match="format must return a str"):
        gt.save(tmp_path / "s.json", gt.tensor([Dual(1, 2)], ops=Sloppy()))
    assert not list(tmp_path.iterdir())


def test_a_user_ops_named_like_a_builtin(tmp_path: Path) -> None:
    class Impostor(DualOps):
        name = "integers"

    path = tmp_path / "i.json"
    gt.save(path, gt.tensor([Dual(1, 2)], ops=Impostor()))
    assert json.loads(path.read_text())["ops"] == {"custom": "integers"}
    with pytest.raises(gt.FormatError, match="unknown ops 'integers'"):
        gt.load(path)  # never mistaken for the built-in integers
    assert gt.load(path, ops=Impostor()).tolist() == [Dual(1, 2)]


def test_ops_without_parse_is_refused_on_save(tmp_path: Path) -> None:
    with pytest.raises(gt.DomainError, match="gaussian has no parse method"):
        gt.save(tmp_path / "g.json", gt.tensor([Gauss(1, 1)]))
    assert not list(tmp_path.iterdir())


def test_format_is_documented_json(tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    gt.save(path, gt.tensor([[Fraction(1, 2), 2]]).T)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc == {
        "format": "gentensor",
        "version": FORMAT_VERSION,
        "ops": {"builtin": "rationals"},
        "shape": [2, 1],
        "data": [[1, 2], [2, 1]],
    }
    assert path.read_text().endswith("}\n")


def test_save_accepts_nested_lists(tmp_path: Path) -> None:
    y = round_trip(tmp_path, [[1, 2], [3, 4]])
    assert y.ops is gt.integers and y.tolist() == [[1, 2], [3, 4]]


# -- atomic writes ---------------------------------------------------------------------


def test_failed_save_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "keep.json"
    gt.save(path, gt.tensor([1, 2, 3]))
    before = path.read_bytes()

    def crash(*args: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(OSError, match="disk full"):
        gt.save(path, gt.tensor([4, 5, 6]))
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]  # the temporary file is gone
    assert gt.load(path).tolist() == [1, 2, 3]


def test_interrupted_replace_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "keep.json"
    gt.save(path, gt.tensor([1]))

    def interrupted(*args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        gt.save(path, gt.tensor([2]))
    monkeypatch.undo()
    assert gt.load(path).tolist() == [1] and len(list(tmp_path.iterdir())) == 1


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
def test_permissions(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    gt.save(path, gt.tensor([1]))
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    path.chmod(0o600)
    gt.save(path, gt.tensor([2]))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_missing_file_is_oserror(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        gt.load(tmp_path / "nope.json")
    with pytest.raises(FileNotFoundError):
        gt.save(tmp_path / "no-such-dir" / "x.json", gt.tensor([1]))


# -- bad files ---------------------------------------------------------------------------


def doc_text(ops: Any = None, shape: Any = None, data: Any = None, **extra: Any) -> str:
    doc = {
        "format": "gentensor",
        "version": 1,
        "ops": {"builtin": "integers"} if ops is None else ops,
        "shape": [2] if shape is None else shape,
        "data": [1, 2] if data is None else data,
    }
    doc.update(extra)
    return json.dumps(doc)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", r"bad\.json: line 1, column 1: invalid JSON"),
        ('{"format": "gentensor", "version": 1, "ops": {"bui', r"line 1, column \d+: invalid JSON"),
        ("[1, 2, 3]", "not a gentensor file"),
        (doc_text(version=2), "format version 2, this gentensor reads up to 1"),
        (doc_text(version="1"), "version: expected a positive integer"),
        (doc_text(ops={"builtin": "quaternions"}), "unknown ops"),
        (doc_text(ops={"custom": "nobody"}), "unknown ops 'nobody'; register it"),
        (doc_text(ops={"builtin": "modular", "n": 1}), "modulus must be at least 2"),
        (doc_text(shape=[2, 2]), r"shape \(2, 2\) needs 4 elements \(got 2\)"),
        (doc_text(shape=[-1]), "non-negative integers"),
        (doc_text(data=[1, "two"]), r"data\[1\] \(element \[1\]\): expected an integer"),
        (doc_text(data=[1, 2.5]), r"data\[1\]"),
        (doc_text(data=[1, True]), r"data\[1\]"),
        (doc_text(ops={"builtin": "modular", "n": 5}, data=[1, 7]), r"must lie in \[0, 5\) \(got 7\)"),
        (doc_text(ops={"builtin": "rationals"}, data=[[1, 0], [1, 2]]), "denominator 0"),
        (doc_text(ops={"builtin": "floats"}, data=[1.5, "1.5"]), "expected a float"),
        (doc_text(ops={"builtin": "symbolic"}, data=[["Integer", 1], ["system", ["Symbol", "ls", {}]]]),
         r"data\[1\] \(element \[1\]\): 'system' is not a SymPy class the format allows"),
        (doc_text(ops={"builtin": "symbolic"}, data=[["Integer", 1], ["__import__", ["Symbol", "os", {}]]]),
         "'__import__' is not a SymPy class"),
        (doc_text(ops={"builtin": "symbolic"}, data=[["Integer", 1], ["Add", ["os.system", "ls"]]]),
         r"data\[1\] \(element \[1\]\)\[1\]: 'os.system' is not a SymPy class"),
        (doc_text(ops={"builtin": "symbolic"}, data=[["Integer", 1], ["Symbol", "x", {"positive": "yes"}]]),
         "assumptions must be true/false"),
        (doc_text(ops={"builtin": "symbolic"}, data=[["Integer", 1], ["Function", "__class__()", ["Integer", 1]]]),
         "identifier name"),
        (doc_text(ops={"builtin": "symbolic"}, data=[["Integer", 1], ["Float", 3, 0, 0]]), "precision"),
        (doc_text(ops={"builtin": "objects"}, data=[["int", 1], ["pickle", "x"]]), "tagged element"),
        (doc_text(ops={"custom": "dual"}, data=["1+2e", "bad"]), r"data\[1\].*dual.parse refused"),
        (doc_text(extra_key=1), r"unknown \['extra_key'\]"),
        ('{"format": "gentensor", "format": "x"}', "duplicate key"),
        ('{"format": "gentensor", "version": 1, "ops": {"builtin": "floats"}, "shape": [1], "data": [NaN]}',
         "NaN is not valid JSON"),
        ("[" * 100_000, "nested too deeply"),
        ("1" * 5000, "invalid JSON"),
    ],
)
def test_bad_files_name_file_and_place(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(gt.FormatError, match=message) as info:
        gt.load(path)
    assert str(info.value).startswith(f"load: {path}: ")


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b'{"format": "\xff"}')
    with pytest.raises(gt.FormatError, match="byte 12: the file is not UTF-8"):
        gt.load(path)


def test_deep_sympy_tree_is_refused() -> None:
    tree: Any = ["Symbol", "x", {}]
    for _ in range(1000):
        tree = ["exp", tree]
    with pytest.raises(gt.FormatError, match="nested deeper"):
        decode_expr(tree)


def test_truncations_of_a_valid_file_are_refused() -> None:
    x, y = sympy.symbols("x y")
    text = _saveload.encode_document(gt.tensor([[x + 1, sympy.Rational(1, 3) * y]]))
    for cut in range(0, len(text) - 2, 3):
        with pytest.raises(gt.FormatError):
            loads(text[:cut], name="t.json")


def test_encode_expr_decode_expr_helpers() -> None:
    x = sympy.Symbol("x")
    e = sympy.cos(x) ** 2 - sympy.Rational(5, 7)
    assert decode_expr(encode_expr(e)) == e


# -- the fuzzed loader: only gentensor's errors, never code ------------------------------------


@contextlib.contextmanager
def no_code_execution() -> Iterator[list[str]]:
    """Record any call of eval/exec/compile, SymPy's string parsers or os.system while loading."""
    import sympy.core.sympify as sympify_module
    import sympy.parsing.sympy_parser as parser_module

    calls: list[str] = []
    saved = []

    def spy(owner: Any, name: str) -> None:
        original = getattr(owner, name)

        def recorder(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return original(*args, **kwargs)

        saved.append((owner, name, original))
        setattr(owner, name, recorder)

    for owner, name in [
        (builtins, "eval"),
        (builtins, "exec"),
        (builtins, "compile"),
        (os, "system"),
        (parser_module, "parse_expr"),
        (sympify_module, "parse_expr") if hasattr(sympify_module, "parse_expr") else (parser_module, "stringify_expr"),
    ]:
        spy(owner, name)
    try:
        yield calls
    finally:
        for owner, name, original in reversed(saved):
            setattr(owner, name, original)


SAMPLES = [
    _saveload.encode_document(t)
    for t in [
        gt.tensor([[1, 2], [3, 2**80]]),
        gt.tensor([Fraction(1, 3), Fraction(-7, 2)]),
        gt.tensor([1.5, -0.0, math.inf]),
        gt.tensor([1j, 2 - 1j]),
        gt.tensor([True, False]),
        gt.tensor([3, 4], ops=gt.modular(5)),
        gt.tensor([sympy.Symbol("x") ** 2 + sympy.sin(sympy.Symbol("y")), sympy.Float("1.25", 30)], ops=gt.symbolic),
        gt.tensor(["s", None, Fraction(1, 2)], ops=gt.objects),
        gt.tensor([Dual(1, 2)]),
    ]
]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["system", "__import__", "eval", "os.system", "Add", "Symbol", "Function", "0x1f", "inf"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=8,
)


def check_loader(raw: bytes | str) -> None:
    with no_code_execution() as calls:
        try:
            y = loads(raw, name="fuzz.json")
        except (gt.GentensorError, OSError):
            y = None
    assert calls == []
    if y is not None:
        assert isinstance(y, gt.Tensor) and len(y._elements()) == math.prod(y.shape)


@settings(max_examples=200)
@given(st.binary(max_size=200))
@example(b"\x00\xff\xfe")
@example(b'{"format": "gentensor"}')
def test_fuzz_random_bytes(raw: bytes) -> None:
    check_loader(raw)


def mutate_tree(node: Any, path: list[int], value: Any) -> Any:
    """``node`` with the part at ``path`` (child numbers, taken modulo) replaced by ``value``."""
    if not path or not isinstance(node, (list, dict)) or not node:
        return value
    if isinstance(node, list):
        k = path[0] % len(node)
        return [mutate_tree(c, path[1:], value) if i == k else c for i, c in enumerate(node)]
    keys = sorted(node)
    key = keys[path[0] % len(keys)]
    return {k: mutate_tree(v, path[1:], value) if k == key else v for k, v in node.items()}


@settings(max_examples=200)
@given(
    sample=st.sampled_from(SAMPLES),
    path=st.lists(st.integers(0, 10), max_size=6),
    value=JSON_VALUES,
)
def test_fuzz_structural_mutations(sample: str, path: list[int], value: Any) -> None:
    check_loader(json.dumps(mutate_tree(json.loads(sample), path, value)))


@settings(max_examples=200)
@given(
    sample=st.sampled_from(SAMPLES),
    edits=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 4), st.text(max_size=3)), min_size=1, max_size=3),
)
def test_fuzz_text_mutations(sample: str, edits: list[tuple[int, int, str]]) -> None:
    text = sample
    for at, cut, insert in edits:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + cut :]
    check_loader(text.encode("utf-8", "surrogatepass"))


class _Reader:
    """A file-like object whose read() returns a fixed value (a non-blocking pipe gives None)."""

    def __init__(self, value: object) -> None:
        self.value = value

    def read(self, size: int = -1) -> object:
        return self.value


@pytest.mark.parametrize("value", [bytearray(b"[[1, 2], [3, 4]]"), memoryview(b"[[1, 2], [3, 4]]")])
def test_load_reads_a_file_object_giving_a_bytes_like_object(value: object) -> None:
    assert gt.load(_Reader(value)).tolist() == [[1, 2], [3, 4]]


@pytest.mark.parametrize("value, error, says", [
    (None, gt.ArgumentValueError, "returned None"),
    ([1, 2], gt.ArgumentTypeError, "got list"),
    (7, gt.ArgumentTypeError, "got int"),
])
def test_load_refuses_a_file_object_whose_read_gives_no_bytes(value: object, error: type, says: str) -> None:
    with pytest.raises(error, match=f"^load: <file object>.*{says}"):
        gt.load(_Reader(value))




@pytest.mark.parametrize("suffix", [".json", ".csv", ".tsv", ".txt"])
def test_numbers_past_cpythons_digit_limit_round_trip_in_every_format(tmp_path: Path, suffix: str) -> None:
    """Ints and rationals of 4301 to 6000 digits (past CPython's 4300, within max_digits) save and load exactly."""
    big = [[10**5000 + 12345, -(10**4301) - 1], [7, -(3**9000)]]
    ratio = [[Fraction(10**5000 + 1, 7), Fraction(-1, 10**4500 + 3)]]
    for rows, ops in ((big, gt.integers), (ratio, gt.rationals)):
        path = tmp_path / f"big{suffix}"
        gt.save(path, gt.tensor(rows, ops=ops))
        assert gt.load(path, ops=ops).tolist() == rows
    with no_digit_limit():
        text = str(10**5000 + 12345)
        expected = Fraction(text + "25") / 100
    assert gt.integers.parse(text) == 10**5000 + 12345 and gt.integers.format(10**5000 + 12345) == text
    assert gt.rationals.parse(text + ".25") == expected == gt.rationals.parse(text + "25e-2")
    with gt.limits(max_modulus_bits=20000), no_digit_limit():
        n, residue, shown = 10**5000 + 12347, 10**5000 + 12345, str(10**5000 + 12345)
    with gt.limits(max_modulus_bits=20000):
        assert gt.modular(n).format(residue) == shown


@pytest.mark.parametrize("ops_name", ["symbolic", "objects"])
def test_save_refuses_what_load_would_refuse_for_depth(tmp_path: Path, ops_name: str) -> None:
    """A computed expression may grow past max_depth; gt.save refuses it (LimitError, no file), so every file it
    writes loads back under the same limits; one level less saves and loads."""
    import sympy

    from gentensor.core.tensor import Tensor

    ops = getattr(gt, ops_name)
    x = sympy.Symbol("x")
    e = x
    for _ in range(99):
        e = sympy.sin(e)
    path = tmp_path / "deep.json"
    for nodes, tree in ((100, e), (101, sympy.sin(e)), (102, sympy.sin(sympy.sin(e)))):  # nodes on the longest path
        t = Tensor._from_flat([tree], (1,), ops)  # as a computation would make it (no input checks)
        if nodes <= 100:
            gt.save(path, t)
            assert gt.load(path).tolist() == [tree]
            path.unlink()
        else:
            with pytest.raises(gt.LimitError, match="max_depth=100"):
                gt.save(path, t)
            assert not path.exists()
    with gt.limits(max_depth=110):
        t = Tensor._from_flat([sympy.sin(e)], (1,), ops)
        gt.save(path, t)
        assert gt.load(path).tolist() == [sympy.sin(e)]
