"""The format registry: gt.load, gt.save and the command line read and write through it.

Oracles: the tensor written is the tensor read back (values, shape, and the ops
where the format names it); the files written are read by Python's own csv
and json modules; a format registered here is seen by all three entry points.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterator

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.cli import main
from gentensor.io import formats
from gentensor.io._textmatrix import read_csv, write_csv
from tests.toyring import Gauss, gaussian

FRACTIONS = st.fractions(min_value=-(10**12), max_value=10**12, max_denominator=10**6)


def matrices(elements: Any) -> Any:
    return st.integers(1, 4).flatmap(
        lambda m: st.integers(1, 4).flatmap(lambda n: st.lists(st.lists(elements, min_size=n, max_size=n), min_size=m, max_size=m))
    )


@settings(max_examples=40, deadline=None)
@given(rows=matrices(st.integers(-(10**40), 10**40) | FRACTIONS), suffix=st.sampled_from([".csv", ".tsv", ".txt", ".json"]))
def test_matrices_round_trip_through_every_builtin_format(tmp_path_factory: Any, rows: list[list[Any]], suffix: str) -> None:
    path = tmp_path_factory.mktemp("fmt") / f"m{suffix}"
    x = gt.tensor(rows)
    gt.save(path, x)
    y = gt.load(path)
    assert y.shape == x.shape and y.tolist() == x.tolist()
    # The save format names the ops; the others infer it from the cells: a Fraction with denominator 1 is written "3".
    integral = all(Fraction(v).denominator == 1 for row in rows for v in row)
    assert y.ops is (x.ops if suffix == ".json" else gt.integers if integral else gt.rationals)


def test_stacks_round_trip_and_the_files_are_what_python_reads(tmp_path: Path) -> None:
    x = gt.tensor([[[1, Fraction(-1, 2)], [3, 4]], [[5, 6], [7, 2**80]]])
    for suffix, delimiter in ((".csv", ","), (".tsv", "\t")):
        path = tmp_path / f"s{suffix}"
        gt.save(path, x)
        records = list(csv.reader(io.StringIO(path.read_text()), delimiter=delimiter))
        assert records == [["1", "-1/2"], ["3", "4"], [], ["5", "6"], ["7", str(2**80)]]
        assert gt.load(path).tolist() == x.tolist()
    text = tmp_path / "s.txt"
    gt.save(text, x)
    assert text.read_text() == "1 -1/2\n3 4\n\n5 6\n7 " + str(2**80) + "\n"
    saved = tmp_path / "s.gt"
    gt.save(saved, x)
    assert json.loads(saved.read_text())["shape"] == [2, 2, 2]  # .gt is the save format


def test_the_ops_comes_back_only_from_the_save_format_or_when_named(tmp_path: Path) -> None:
    x = gt.tensor([[1, 2], [3, 6]], ops=gt.modular(7))
    gt.save(tmp_path / "m.csv", x)
    assert gt.load(tmp_path / "m.csv").ops is gt.integers
    assert gt.load(tmp_path / "m.csv", ops=gt.modular(7)).tolist() == x.tolist()
    assert gt.load(tmp_path / "m.csv", ops="mod:7").ops is gt.modular(7)
    gt.save(tmp_path / "m.json", x)
    assert gt.load(tmp_path / "m.json").ops is gt.modular(7)


def test_symbolic_cells_in_csv_and_the_text_format_refusing_spaces(tmp_path: Path) -> None:
    a, b = sympy.symbols("a b")
    x = gt.tensor([[a + 1, sympy.sqrt(2) * b], [sympy.Rational(1, 3), 0]])
    gt.save(tmp_path / "s.csv", x)
    y = gt.load(tmp_path / "s.csv")
    assert y.ops is gt.symbolic and all(sympy.simplify(u - v) == 0 for u, v in zip(y._elements(), x._elements()))
    before = "keep\n"
    (tmp_path / "s.txt").write_text(before)
    with pytest.raises(gt.DomainError, match=r"save: the text format separates cells by whitespace.*\.csv"):
        gt.save(tmp_path / "s.txt", x)  # "a + 1" would split into three cells
    assert (tmp_path / "s.txt").read_text() == before  # nothing written


@pytest.mark.parametrize("shape", [(3,), (2, 2, 2, 2), (0, 3), ()])
def test_matrix_formats_refuse_other_shapes(tmp_path: Path, shape: tuple[int, ...]) -> None:
    x = gt.zeros(shape, dtype=gt.integers)
    for suffix in (".csv", ".tsv", ".txt"):
        with pytest.raises(gt.ShapeError, match=r"save: the (CSV|TSV|text) format holds a matrix .* save as \.json"):
            gt.save(tmp_path / f"v{suffix}", x)
        assert not (tmp_path / f"v{suffix}").exists()
    gt.save(tmp_path / "v.json", x)
    assert gt.load(tmp_path / "v.json").shape == shape


def test_reading_chooses_by_content_then_suffix_then_default(tmp_path: Path) -> None:
    (tmp_path / "commas.txt").write_text("1,2\n3,4\n")  # a comma in the first row: CSV, whatever the name
    assert gt.load(tmp_path / "commas.txt").tolist() == [[1, 2], [3, 4]]
    (tmp_path / "lists.dat").write_text("[[1, 2], [3, 4]]")  # JSON by content
    assert gt.load(tmp_path / "lists.dat").tolist() == [[1, 2], [3, 4]]
    (tmp_path / "tabs.tsv").write_text("1\t2\n3\t4\n")  # no sniff claims it: the suffix
    assert gt.load(tmp_path / "tabs.tsv").tolist() == [[1, 2], [3, 4]]
    (tmp_path / "gap.tsv").write_text("1\t\t2\n")  # TSV keeps an empty cell (whitespace text would not)
    with pytest.raises(gt.FormatError, match=r"gap\.tsv: line 1, cell 2: cannot read the cell ''"):
        gt.load(tmp_path / "gap.tsv")
    (tmp_path / "plain").write_text("1 2\n3 4\n")  # nothing claims it: gt.load's default is the save format
    with pytest.raises(gt.FormatError, match=r"^load: .*plain: line 1, column 3: invalid JSON"):
        gt.load(tmp_path / "plain")
    assert gt.load(tmp_path / "plain", format="text").tolist() == [[1, 2], [3, 4]]
    assert formats.choose_format("plain", b"1 2\n", None, "text", "det").name == "text"  # the command line's default


def test_file_objects_use_their_name_or_the_save_format(tmp_path: Path) -> None:
    buffer = io.StringIO()
    gt.save(buffer, [[1, 2]])
    assert json.loads(buffer.getvalue())["format"] == "gentensor"
    with open(tmp_path / "f.csv", "w", newline="") as f:
        gt.save(f, [[1, 2], [3, 4]])
    assert (tmp_path / "f.csv").read_text() == "1,2\n3,4\n"
    with open(tmp_path / "f.csv", "rb") as f:
        assert gt.load(f).tolist() == [[1, 2], [3, 4]]
    assert gt.load(io.StringIO("1,2\n"), format="csv").tolist() == [[1, 2]]
    with pytest.raises(gt.FormatError, match=r"^load: <file object>: line 1, column 3: invalid JSON"):
        gt.load(io.StringIO("1 2\n"))  # no name, no sniff: the save format


def test_unknown_format_names_are_refused_before_any_work(tmp_path: Path) -> None:
    with pytest.raises(gt.ArgumentValueError, match=r"load: no format named 'xml' can read files .*known: json, csv, tsv, text"):
        gt.load(tmp_path / "missing.xml", format="xml")  # refused before the (missing) file is opened
    with pytest.raises(gt.ArgumentValueError, match=r"save: no format named 'xml' can write files"):
        gt.save(tmp_path / "m.json", [[1]], format="xml")
    assert not (tmp_path / "m.json").exists()


def test_json_lists_and_their_errors_through_load(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text('[["1/2", 0.25], [3, "x"]]')
    with pytest.raises(gt.FormatError, match=r"\$\[1\]\[1\]: the cell 'x' is a name among numbers"):
        gt.load(path)
    assert gt.load(path, ops="symbolic").tolist() == [[sympy.Rational(1, 2), sympy.Rational(1, 4)], [3, sympy.Symbol("x")]]
    path.write_text("[1, 2, 3]")
    with pytest.raises(gt.FormatError, match=r"not a gentensor file .* nor a matrix .*\(got depth 1\)"):
        gt.load(path)


# -- the extension point -------------------------------------------------------------------------


@contextlib.contextmanager
def semicolons() -> Iterator[formats.Format]:
    """A format of semicolon-separated cells, registered for the duration of a test."""
    fmt = formats.register_format(
        "ssv",
        suffixes=(".ssv",),
        sniff=lambda raw: raw.startswith(b"ssv;"),
        read=lambda raw, request: read_csv(raw.removeprefix(b"ssv;"), request, ";"),
        write=lambda x, func: "ssv;" + write_csv(x, func, ";"),
        description="semicolon-separated cells",
    )
    try:
        yield fmt
    finally:
        formats.unregister_format("ssv")


def test_a_registered_format_reaches_load_save_and_the_command_line(tmp_path: Path, capsys: Any) -> None:
    x = gt.tensor([[2, Fraction(1, 3)], [5, 7]])
    with semicolons():
        gt.save(tmp_path / "m.ssv", x)
        assert (tmp_path / "m.ssv").read_text() == "ssv;2;1/3\n5;7\n"
        assert gt.load(tmp_path / "m.ssv").tolist() == x.tolist()
        (tmp_path / "other.txt").write_text("ssv;1;2\n3;4\n")  # claimed by its sniff, whatever the name
        assert gt.load(tmp_path / "other.txt").tolist() == [[1, 2], [3, 4]]
        assert main(["det", "--format", "ssv", str(tmp_path / "other.txt")]) == 0
        assert capsys.readouterr().out.strip() == "-2"
    assert "ssv" not in formats.format_names()
    with pytest.raises(SystemExit) as usage:  # gone from --format's choices
        main(["det", "--format", "ssv", str(tmp_path / "other.txt")])
    assert usage.value.code == 2
    assert "invalid choice: 'ssv'" in capsys.readouterr().err


def test_a_user_ring_through_a_registered_format(tmp_path: Path) -> None:
    # A reader may parse cells with the ring's own text form (the built-in ones use the generic cell parser).
    def parse(text: str) -> Gauss:
        if text.endswith("i") and "+" in text:
            re_, _, im = text.removesuffix("i").partition("+")
            return Gauss(int(re_), int(im))
        return Gauss(int(text))

    def read_gauss(raw: bytes, request: formats.ReadRequest) -> gt.Tensor[Any]:
        rows = [[parse(c) for c in line.split()] for line in raw.decode().splitlines() if line.strip()]
        return gt.tensor(rows, ops=gaussian)

    try:
        formats.register_format("gauss", suffixes=(".gauss",), read=read_gauss, write=None)
        (tmp_path / "z.gauss").write_text("1+2i 3\n0 1+1i\n")
        y = gt.load(tmp_path / "z.gauss")
        assert y.ops is gaussian and y.tolist() == [[Gauss(1, 2), Gauss(3)], [Gauss(0), Gauss(1, 1)]]
        with pytest.raises(gt.ArgumentValueError, match="no format named 'gauss' can write"):
            gt.save(tmp_path / "w.gauss", y, format="gauss")
    finally:
        formats.unregister_format("gauss")


def test_register_format_checks_its_arguments() -> None:
    with pytest.raises(gt.ArgumentValueError, match=r"the suffix '\.csv' belongs to the format 'csv'"):
        formats.register_format("other", suffixes=(".csv",))
    with pytest.raises(gt.ArgumentValueError, match="lower case and starts with a dot"):
        formats.register_format("other", suffixes=("CSV",))
    for bad in ("", "auto", "two words"):
        with pytest.raises(gt.ArgumentValueError, match="a format name is a word"):
            formats.register_format(bad)
    assert "other" not in formats.format_names()
    assert formats.format_names(readable=True, writable=True) == ("json", "csv", "tsv", "text")


_TEXT_ROUND_TRIPS = [
    ("booleans", [[True, False], [False, True]]),
    ("complexes", [[1 + 2j, -0.5j], [complex(-0.0, -0.0), complex(math.nan, math.inf)]]),
    ("floats", [[-0.0, 1.5], [math.inf, -2.25e-300]]),
    ("integers", [[1, -2], [3, 10**30]]),
    ("rationals", [[Fraction(1, 3), 2], [0, Fraction(-7, 2)]]),
]


@pytest.mark.parametrize("suffix", [".csv", ".tsv", ".txt"])
@pytest.mark.parametrize("ops_name, rows", _TEXT_ROUND_TRIPS, ids=[name for name, _ in _TEXT_ROUND_TRIPS])
def test_text_formats_read_back_what_they_write_given_the_ops(tmp_path: Path, suffix: str, ops_name: str, rows: list[Any]) -> None:
    """Each cell is read by the ops' parse, the inverse of its format: bools, complexes, signed zeros and IEEE
    specials come back bit for bit."""
    ops = getattr(gt, ops_name)
    x = gt.tensor(rows, ops=ops)
    path = tmp_path / f"m{suffix}"
    gt.save(path, x)
    back = gt.load(path, ops=ops)
    assert back.ops is ops and [repr(v) for v in back.tolist()] == [repr(v) for v in x.tolist()]


@pytest.mark.parametrize("text", ['1,2\n3,"4\n', '1,"2"x\n3,4\n'])
def test_csv_with_a_broken_quote_is_refused(tmp_path: Path, text: str) -> None:
    """An unterminated quote (or text after a closing one) is malformed CSV: refused, naming the line."""
    path = tmp_path / "m.csv"
    path.write_text(text)
    with pytest.raises(gt.FormatError, match="line"):
        gt.load(path)


@pytest.mark.parametrize("suffix", [".csv", ".tsv", ".txt"])
def test_a_stack_of_one_matrix_is_refused_by_the_text_formats(tmp_path: Path, suffix: str) -> None:
    """A (1, m, n) stack would read back as an (m, n) matrix: refused (no file), while x[0] and stacks of two save."""
    x = gt.arange(6).reshape((1, 2, 3))
    path = tmp_path / f"m{suffix}"
    with pytest.raises(gt.ShapeError, match="stack of one matrix"):
        gt.save(path, x)
    assert not path.exists()
    gt.save(path, x[0])
    assert gt.load(path).tolist() == x[0].tolist()
    two = gt.arange(12).reshape((2, 2, 3))
    gt.save(path, two)
    assert gt.load(path).tolist() == two.tolist()
