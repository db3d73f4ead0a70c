"""The command line: ``python -m gentensor ...`` run in a subprocess, as a user runs it.

Results are checked against SymPy; errors must be one line on stderr with exit
code 2.  Each subprocess pays for importing SymPy, so the long tables of cases
call ``cli.main`` in-process (same code path, same exit codes and streams) and
a representative subset runs through a real subprocess.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy
import pytest
import sympy
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor import cli
from gentensor.io._textmatrix import parse_cell, read_matrix
from gentensor.ops._packing import PACKING_DISABLED

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ["det", "inv", "rank", "rref", "solve", "charpoly", "nullspace", "hnf", "snf", "eigenvals"]


def run(*args: Any, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, "-m", "gentensor", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=env,
    )


def call(*args: Any) -> subprocess.CompletedProcess[str]:
    """``gentensor *args`` in this process, with its exit code and captured streams."""
    out, err = io.StringIO(), io.StringIO()
    argv = list(map(str, args))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as e:  # argparse: --help, usage errors
            code = e.code if isinstance(e.code, int) else 1
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())


def ok(*args: Any) -> str:
    proc = call(*args)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return proc.stdout


def one_error(proc: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused input prints (exit code 2, nothing on stdout)."""
    assert proc.returncode == 2 and proc.stdout == "", (proc.returncode, proc.stdout, proc.stderr)
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def matrix_text(rows: list[list[Any]], sep: str = " ") -> str:
    return "\n".join(sep.join(str(v) for v in row) for row in rows) + "\n"


def parse_output(text: str) -> list[list[Any]]:
    return [[parse_cell(c) for c in line.split()] for line in text.strip().splitlines()]


def random_matrix(n: int, seed: int, lo: int = -9, hi: int = 9) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randint(lo, hi) for _ in range(n)] for _ in range(n)]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- help and the demo ----------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
def test_help_for_each_command(command: str) -> None:
    proc = run(command, "--help")
    assert proc.returncode == 0 and proc.stderr == ""
    out = proc.stdout
    assert out.startswith(f"usage: gentensor {command}")
    for flag in ("--ops", "--method", "--json", "--debug", "--format"):
        assert flag in out


def test_top_level_help_and_missing_command() -> None:
    out = ok("--help")
    assert all(c in out for c in COMMANDS + ["demo"])
    proc = run()
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == [
        "gentensor: error: the following arguments are required: COMMAND; see 'gentensor --help'"
    ]


def test_demo_still_works() -> None:
    proc = run("demo")
    assert proc.returncode == 0 and proc.stderr == ""
    out = proc.stdout
    assert out.startswith("gentensor ") and "Hilbert" in out


def test_console_script() -> None:
    script = Path(sys.executable).parent / ("gentensor.exe" if os.name == "nt" else "gentensor")
    if not script.exists():
        pytest.skip(f"the console script is not installed next to {sys.executable} (pip install -e .)")
    proc = subprocess.run([str(script), "rank", "--help"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.startswith("usage: gentensor rank")


# -- results, checked against SymPy ------------------------------------------------------


@pytest.mark.parametrize("fmt", ["csv", "text", "json", "saved"])
def test_det_reads_every_format(tmp_path: Path, fmt: str) -> None:
    m = random_matrix(6, seed=1)
    path = tmp_path / f"m.{fmt}"
    if fmt == "csv":
        path.write_text(matrix_text(m, sep=","))
    elif fmt == "text":
        path.write_text("# a comment line\n" + matrix_text(m, sep="\t  "))
    elif fmt == "json":
        path.write_text(json.dumps(m))
    else:
        gt.save(path, gt.tensor(m))
    proc = run("det", path)  # a real subprocess
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.strip() == str(sympy.Matrix(m).det())


def test_det_ops_and_methods(tmp_path: Path) -> None:
    m = random_matrix(5, seed=2)
    path = write(tmp_path, "m.txt", matrix_text(m))
    expected = sympy.Matrix(m).det()
    for method in ("bareiss", "berkowitz", "auto"):
        assert ok("det", "--method", method, path).strip() == str(expected)
    assert ok("det", "--ops", "mod:7", path).strip() == str(expected % 7)
    assert ok("det", "--ops", "rational", path).strip() == str(expected)
    q = [[Fraction(1, i + j + 1) for j in range(4)] for i in range(4)]
    qpath = write(tmp_path, "h.csv", matrix_text(q, sep=","))
    assert ok("det", qpath).strip() == str(sympy.Matrix(4, 4, lambda i, j: sympy.Rational(1, i + j + 1)).det())


def test_det_symbolic(tmp_path: Path) -> None:
    path = write(tmp_path, "s.txt", "a b 1\nc d 2*a\n1/2 x**2 sqrt(y)\n")
    out = ok("det", "--ops", "symbolic", path).strip()
    a, b, c, d, x, y = sympy.symbols("a b c d x y")
    expected = sympy.Matrix([[a, b, 1], [c, d, 2 * a], [sympy.Rational(1, 2), x**2, sympy.sqrt(y)]]).det()
    assert sympy.expand(parse_cell(out) - expected) == 0
    assert ok("det", path).strip() == out  # symbolic is inferred from the cells


def test_inv_output_parses_back(tmp_path: Path) -> None:
    m = [[2, 1, 0], [1, 3, 1], [0, 1, 4]]
    path = write(tmp_path, "m.txt", matrix_text(m))
    got = parse_output(ok("inv", path))
    assert sympy.Matrix(got) == sympy.Matrix(m).inv()


def test_json_output(tmp_path: Path) -> None:
    m = [[2, 1], [1, 3]]
    path = write(tmp_path, "m.json", json.dumps(m))
    assert json.loads(ok("det", "--json", path)) == {"command": "det", "ops": "integers", "result": 5}
    inv = json.loads(ok("inv", "--json", path))
    assert inv["ops"] == "rationals" and inv["result"] == [["3/5", "-1/5"], ["-1/5", "2/5"]]
    assert json.loads(ok("rank", "--json", path))["result"] == 2


def test_rank_and_rref(tmp_path: Path) -> None:
    m = [[1, 2, 3, 4], [2, 4, 6, 8], [1, 0, 1, 0]]
    path = write(tmp_path, "m.txt", matrix_text(m))
    assert ok("rank", path).strip() == str(sympy.Matrix(m).rank())
    out = ok("rref", path).strip().splitlines()
    reduced, pivots = sympy.Matrix(m).rref()
    assert out[-1] == "pivots: " + " ".join(map(str, pivots))
    assert sympy.Matrix(parse_output("\n".join(out[:-1]))) == reduced
    j = json.loads(ok("rref", "--json", path))["result"]
    assert j["pivots"] == list(pivots)
    assert sympy.Matrix([[parse_cell(str(v)) for v in row] for row in j["matrix"]]) == reduced


def test_a_saved_tensor_is_cast_to_the_ops_asked(tmp_path: Path) -> None:
    # rank 2 over the integers, 1 mod 7 (the second row is 3 times the first there), 1 as booleans (all nonzero)
    m = [[1, 2], [3, 13]]
    path = tmp_path / "m.json"
    gt.save(path, gt.tensor(m))
    assert ok("rank", path).strip() == "2"
    singular_mod_7 = (m[0][0] * m[1][1] - m[0][1] * m[1][0]) % 7 == 0
    assert ok("rank", "--ops", "mod:7", path).strip() == ("1" if singular_mod_7 else "2")
    assert ok("rank", "--ops", "bool", path).strip() == "1"
    with pytest.raises(gt.FormatError):
        gt.load(path, ops=gt.modular(7))  # gt.load refuses a different ops


def test_solve(tmp_path: Path) -> None:
    a = random_matrix(4, seed=3)
    while sympy.Matrix(a).det() == 0:
        a[0][0] += 1
    b = [[1], [0], [-2], [5]]
    pa, pb = write(tmp_path, "a.txt", matrix_text(a)), write(tmp_path, "b.txt", matrix_text(b))
    got = sympy.Matrix(parse_output(ok("solve", pa, pb)))
    assert got == sympy.Matrix(a).solve(sympy.Matrix(b))


def test_charpoly(tmp_path: Path) -> None:
    m = random_matrix(4, seed=4)
    path = write(tmp_path, "m.txt", matrix_text(m))
    got = [parse_cell(c) for c in ok("charpoly", path).split()]
    t = sympy.Symbol("t")
    assert got == sympy.Matrix(m).charpoly(t).all_coeffs()


def test_stack_of_matrices(tmp_path: Path) -> None:
    ms = [random_matrix(3, seed=s) for s in range(5)]
    path = write(tmp_path, "stack.txt", "\n".join(matrix_text(m) for m in ms))
    proc = run("det", path)
    assert proc.returncode == 0 and proc.stderr == ""  # no progress bar: stderr is not a terminal
    assert proc.stdout.split() == [str(sympy.Matrix(m).det()) for m in ms]
    dets = json.loads(ok("det", "--json", path))["result"]
    assert dets == [int(sympy.Matrix(m).det()) for m in ms]


# -- bad input: exit code 2, one line on stderr ----------------------------------------------

SAVED_HEAD = '{"format": "gentensor", "version": 1, '


@pytest.mark.parametrize(
    "command, name, content, extra, message",
    [
        ("det", "missing.txt", None, [], "cannot read .*missing.txt"),
        ("det", "ragged.txt", "1 2 3\n4 5 6\n7 8\n", [], r"ragged\.txt: line 3: ragged rows"),
        ("det", "cells.csv", "1,2\n3,abc$\n", [], r"cells\.csv: line 2, cell 2: cannot read the cell 'abc\$'"),
        ("det", "cells.txt", "1 2\n3 __import__(os)\n", [], r"line 2, cell 2: .*unknown function '__import__'"),
        ("det", "trunc.json", "[[1, 2], [3,", [], r"trunc\.json: line 1, column \d+: invalid JSON"),
        ("det", "raggedjson.json", "[[1, 2], [3]]", [], r"\$\[1\]: ragged rows"),
        ("det", "dupkey.json", SAVED_HEAD + '"ops": {"builtin": "integers"}, "shape": [1, 1], "data": [1], "version": 9}',
         [], "duplicate key 'version'"),
        ("det", "newer.json", '{"format": "gentensor", "version": 9, "ops": {"builtin": "integers"}, "shape": [1, 1], "data": [1]}',
         [], "format version 9, this gentensor reads up to 1"),
        ("det", "ops.json", SAVED_HEAD + '"ops": {"custom": "nobody"}, "shape": [1, 1], "data": ["1"]}', [],
         "unknown ops 'nobody'"),
        ("det", "evil.json", SAVED_HEAD + '"ops": {"builtin": "symbolic"}, "shape": [1, 1], '
         '"data": [["system", ["Symbol", "rm -rf /", {}]]]}', [], r"data\[0\] .*'system' is not a SymPy class"),
        ("det", "m.txt", "1 2\n3 4\n", ["--ops", "quaternions"], "unknown ops name 'quaternions'"),
        ("det", "m.txt", "1 1/2\n3 4\n", ["--ops", "int"], r"line 1, cell 2: cannot read the cell '1/2' as an element of integers \(integers.convert: cannot convert"),
        ("det", "m.txt", "1 2\n3 4\n", ["--method", "magic"], "magic"),
        ("inv", "m.txt", "1 2\n3 4\n", ["--method", "gauss"], "--method is not supported by inv"),
        ("det", "wide.txt", "1 2 3\n4 5 6\n", [], r"\(2, 3\)|square"),
        ("inv", "singular.txt", "1 2\n2 4\n", [], "singular"),
        ("det", "empty.txt", "\n# only a comment\n", [], "no matrix"),
        ("det", "binary.txt", "\udcff", [], "not UTF-8"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 20 else None,
)
def test_bad_input_is_one_line_exit_2(
    tmp_path: Path, command: str, name: str, content: str | None, extra: list[str], message: str
) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content.encode("utf-8", "surrogateescape"))
    # a few cases through a real subprocess, the rest in-process
    runner = run if name in ("missing.txt", "ragged.txt", "evil.json", "singular.txt") else call
    proc = runner(command, *extra, path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"gentensor {command}: error: ")
    assert re.search(message, lines[0]), lines[0]


def test_solve_shape_mismatch(tmp_path: Path) -> None:
    pa = write(tmp_path, "a.txt", "1 2\n3 4\n")
    pb = write(tmp_path, "b.txt", "1\n2\n3\n")
    proc = call("solve", pa, pb)
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1


def test_debug_shows_the_traceback_and_keeps_the_exit_code(tmp_path: Path) -> None:
    path = write(tmp_path, "ragged.txt", "1 2\n3\n")
    proc = run("det", "--debug", path)
    assert proc.returncode == 2  # bad input is bad input, with or without --debug
    assert "Traceback (most recent call last)" in proc.stderr and "FormatError" in proc.stderr
    last = proc.stderr.splitlines()[-1]
    assert last.startswith("gentensor det: error: ") and "ragged" in last


# -- usage errors, internal errors: one line each -------------------------------------------------


@pytest.mark.parametrize(
    "argv, message",
    [
        (["frobnicate"], r"^gentensor: error: argument COMMAND: invalid choice: 'frobnicate'"),
        (["det"], r"^gentensor det: error: the following arguments are required: FILE; see 'gentensor det --help'$"),
        (["det", "--bogus", "m.txt"], r"^gentensor: error: unrecognized arguments: --bogus"),
        (["det", "--format", "xml", "m.txt"], r"^gentensor det: error: argument --format: invalid choice: 'xml'"),
        (["solve", "a.txt"], r"^gentensor solve: error: the following arguments are required: B"),
        (["det", "--ops"], r"^gentensor det: error: argument --ops: expected one argument"),
    ],
)
def test_usage_errors_are_one_line_exit_2(argv: list[str], message: str) -> None:
    proc = call(*argv)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert re.search(message, lines[0]), lines[0]


def test_usage_error_through_a_real_process() -> None:
    proc = run("det", "--bogus", "x.txt")
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1 and "unrecognized arguments" in proc.stderr


def test_ops_name_with_a_non_ascii_digit(tmp_path: Path) -> None:
    path = write(tmp_path, "m.txt", "1 2\n3 4\n")
    proc = call("det", "--ops", "mod:\u00b2", path)
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1
    assert "unknown ops name 'mod:\u00b2'" in proc.stderr and "invalid literal" not in proc.stderr


@pytest.mark.parametrize(
    "error, code, message",
    [
        (RuntimeError("boom"), 1, r"^gentensor det: internal error: RuntimeError: m\.txt: boom \(rerun with --debug"),
        (RecursionError("deep"), 2, r"^gentensor det: error: m\.txt: the input is nested too deeply"),
        (MemoryError(), 2, r"^gentensor det: error: m\.txt: the input needs more memory than there is"),
        (gt.DomainError("det: cannot do that (got x)"), 2, r"^gentensor det: error: m\.txt: cannot do that \(got x\)$"),
    ],
)
def test_every_error_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: BaseException, code: int, message: str
) -> None:
    write(tmp_path, "m.txt", "1 2\n3 4\n")

    def failing(*args: Any, **kwargs: Any) -> Any:
        raise error

    monkeypatch.setattr(gt.linalg, "det", failing)
    monkeypatch.chdir(tmp_path)
    proc = call("det", "m.txt")
    assert proc.returncode == code
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and re.search(message, lines[0]), proc.stderr


# -- stacks: errors name the file and the matrix ----------------------------------------------------


def test_stack_error_names_the_file_and_the_matrix(tmp_path: Path) -> None:
    path = write(tmp_path, "stack.txt", "1 2\n3 4\n\n1 2\n2 4\n\n5 6\n7 8\n")
    proc = run("inv", path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == [
        f"gentensor inv: error: {path}: matrix 1 (of 3, counting from 0): the matrix is singular "
        "(got a 2x2 matrix with determinant 0)"
    ]


def test_single_matrix_error_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "m.txt", "1 2\n2 4\n")
    proc = call("inv", path)
    assert proc.returncode == 2 and proc.stderr.startswith(f"gentensor inv: error: {path}: the matrix is singular")


def test_solve_a_matrix_against_a_stack_prints_exact_text(tmp_path: Path) -> None:
    a = [[2, 1], [1, 3]]
    bs = [[[1], [2]], [[3], [4]], [[0], [5]]]
    pa = write(tmp_path, "a.txt", matrix_text(a))
    pb = write(tmp_path, "stack.txt", "\n".join(matrix_text(b) for b in bs))
    out = ok("solve", pa, pb)
    assert "Fraction" not in out
    blocks = [parse_output(block) for block in out.strip().split("\n\n")]
    assert [sympy.Matrix(x) for x in blocks] == [sympy.Matrix(a).solve(sympy.Matrix(b)) for b in bs]
    # and a stack of A against one B
    other = [[1, 1], [0, 1]]
    pas = write(tmp_path, "as.txt", matrix_text(a) + "\n" + matrix_text(other))
    pb1 = write(tmp_path, "b.txt", matrix_text(bs[0]))
    blocks = [parse_output(block) for block in ok("solve", pas, pb1).strip().split("\n\n")]
    assert [sympy.Matrix(x) for x in blocks] == [sympy.Matrix(m).solve(sympy.Matrix(bs[0])) for m in (a, other)]
    j = json.loads(ok("solve", "--json", pa, pb))
    assert j["ops"] == "rationals" and j["result"][0] == [["1/5"], ["3/5"]]


def test_stacks_of_different_lengths_are_refused(tmp_path: Path) -> None:
    pa = write(tmp_path, "a.txt", "1 0\n0 1\n\n2 0\n0 2\n")
    pb = write(tmp_path, "b.txt", "1\n2\n\n3\n4\n\n5\n6\n")
    proc = call("solve", pa, pb)
    assert proc.returncode == 2 and "is a stack of 2 matrices" in proc.stderr and len(proc.stderr.splitlines()) == 1


# -- header rows, standard input, long CSV fields -------------------------------------------------------


def test_a_csv_header_row_is_refused_not_read_as_symbols(tmp_path: Path) -> None:
    path = write(tmp_path, "h.csv", "a,b\n1,2\n3,4\n")
    proc = call("det", path)
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [
        f"gentensor det: error: {path}: line 1: this looks like a header row (got a, b above rows of numbers); "
        "delete the line, skip it with --header, or read the names as symbols with --ops symbolic"
    ]
    assert ok("det", "--header", path).strip() == str(sympy.Matrix([[1, 2], [3, 4]]).det())
    a, b, c = sympy.symbols("a b c")
    two = write(tmp_path, "s.csv", "a,b\n1,2\n")
    assert parse_cell(ok("det", "--ops", "symbolic", two).strip()) == sympy.Matrix([[a, b], [1, 2]]).det()
    text = write(tmp_path, "h.txt", "x y\n1 2\n3 4\n")
    assert "looks like a header row" in call("det", text).stderr
    # a matrix whose later rows are not all numbers is no header; its names among numbers need --ops symbolic
    data = write(tmp_path, "d.csv", "a,b\nc,1\n")
    assert one_error(call("det", data)) == (
        f"gentensor det: error: {data}: line 1, cell 1: the cell 'a' is a name among numbers; "
        "read names as symbols with --ops symbolic, or correct the cell"
    )
    assert parse_cell(ok("det", "--ops", "symbolic", data).strip()) == sympy.Matrix([[a, b], [c, 1]]).det()


def test_dash_reads_standard_input(tmp_path: Path) -> None:
    m = random_matrix(4, seed=9)
    while sympy.Matrix(m).det() == 0:
        m[0][0] += 1
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.run(
        [sys.executable, "-m", "gentensor", "det", "-"],
        input=matrix_text(m),
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.strip() == str(sympy.Matrix(m).det())
    pb = write(tmp_path, "b.txt", "1\n0\n0\n0\n")
    proc = subprocess.run(
        [sys.executable, "-m", "gentensor", "solve", "-", str(pb), "--json"],
        input=json.dumps(m),
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    got = sympy.Matrix([[parse_cell(str(v))] for [v] in json.loads(proc.stdout)["result"]])
    assert got == sympy.Matrix(m).solve(sympy.Matrix([1, 0, 0, 0]))


def test_dash_twice_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1 2\n3 4\n")))
    proc = call("solve", "-", "-")
    assert proc.returncode == 2 and "standard input can be read only once" in proc.stderr


def test_a_csv_field_longer_than_the_csv_module_limit(tmp_path: Path) -> None:
    """The csv module's own 131072-character limit must not decide: the cell limits do."""
    import csv

    limit = csv.field_size_limit()
    digits = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 0
    if digits:
        sys.set_int_max_str_digits(0)
    try:
        big = "7" * 140_000
        path = write(tmp_path, "big.csv", f"{big},1\n2,3\n")
        proc = call("det", path)
        if proc.returncode == 0:
            assert int(proc.stdout.strip()) == 3 * int(big) - 2
        else:  # refused by a limit on cells: clearly, as bad input, naming the cell
            assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1, proc.stderr
            assert "line 1, cell 1" in proc.stderr
        assert "field larger than field limit" not in proc.stderr
    finally:
        if digits:
            sys.set_int_max_str_digits(digits)
    assert csv.field_size_limit() == limit  # the process-wide limit is left as it was


# -- progress bars: only for long stacks, only where someone watches ---------------------------------


class FakeBar:
    made: list["FakeBar"] = []

    def __init__(self, **kw: Any) -> None:
        self.kw, self.n, self.closed = kw, kw.get("initial", 0), False
        FakeBar.made.append(self)

    def update(self, k: int) -> None:
        self.n += k

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def fake_bars(monkeypatch: pytest.MonkeyPatch) -> list[FakeBar]:
    from gentensor.parallel import _progress

    FakeBar.made = []
    monkeypatch.setattr(_progress, "_factory", lambda: FakeBar)
    monkeypatch.setattr(_progress, "interactive", lambda: True)
    return FakeBar.made


def stack_file(tmp_path: Path, count: int) -> Path:
    return write(tmp_path, "stack.txt", "\n".join(matrix_text(random_matrix(3, seed=s)) for s in range(count)))


def test_progress_bar_for_a_long_stack(tmp_path: Path, fake_bars: list[FakeBar]) -> None:
    path = stack_file(tmp_path, 6)
    with gt.progress("auto", after=0):  # every stack counts as long
        out = ok("det", path)
    assert len(out.split()) == 6
    assert len(fake_bars) == 1 and fake_bars[0].kw["total"] == 6 and fake_bars[0].kw["desc"] == "det"
    assert fake_bars[0].n == 6 and fake_bars[0].closed
    with gt.progress("auto", after=0):
        ok("det", "--no-progress", path)
    assert len(fake_bars) == 1  # --no-progress: none


def test_no_progress_bar_for_a_short_stack(tmp_path: Path, fake_bars: list[FakeBar]) -> None:
    ok("det", stack_file(tmp_path, 6))  # predicted far below the 2 s threshold
    assert fake_bars == []


def test_no_progress_bar_off_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gentensor.parallel import _progress

    FakeBar.made = []
    monkeypatch.setattr(_progress, "_factory", lambda: FakeBar)
    path = stack_file(tmp_path, 3)
    out, err = io.StringIO(), io.StringIO()  # stderr is not a terminal
    with gt.progress("auto", after=0), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert cli.main(["det", str(path)]) == 0
    assert len(out.getvalue().split()) == 3 and err.getvalue() == "" and FakeBar.made == []


# -- the matrix reader never fails with anything but FormatError -------------------------------

CELL_TEXT = st.text(alphabet="0123456789+-*/^().,e xyzIE#\n\t_[]{}\"'", max_size=40)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=CELL_TEXT | st.text(max_size=40), fmt=st.sampled_from(["auto", "csv", "text", "json"]))
def test_fuzz_the_matrix_reader(tmp_path: Path, text: str, fmt: str) -> None:
    path = tmp_path / "fuzz.txt"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        x = read_matrix(str(path), fmt=fmt, func="det")
    except gt.FormatError:
        return
    assert isinstance(x, gt.Tensor) and x.ndim in (2, 3)


@settings(max_examples=150)
@given(CELL_TEXT)
def test_fuzz_cells(text: str) -> None:
    try:
        v = parse_cell(text)
    except ValueError:
        return
    assert isinstance(v, (int, Fraction, sympy.Basic))


# -- inf, nan and stray words; the byte-order mark ------------------------------------------------------


@pytest.mark.parametrize(
    "name, content, where, cell",
    [
        ("inf.csv", "1,2\n3,inf\n", "line 2, cell 2", "inf"),
        ("nan.txt", "1 2\nnan 4\n", "line 2, cell 1", "nan"),
        ("neg.txt", "-Inf 2\n3 4\n", "line 1, cell 1", "-Inf"),
        ("words.txt", "2*x 1\n3 Infinity\n", "line 2, cell 2", "Infinity"),  # even in a symbolic file
        ("inf.json", '[[1, 2], ["NaN", 4]]', "$[1][0]", "NaN"),
    ],
)
def test_ieee_words_are_refused_without_an_ops_that_holds_them(
    tmp_path: Path, name: str, content: str, where: str, cell: str
) -> None:
    path = write(tmp_path, name, content)
    assert one_error(run("det", path) if name == "inf.csv" else call("det", path)) == (
        f"gentensor det: error: {path}: {where}: the cell {cell!r} is an IEEE special value, not an exact number; "
        "read inf and nan as floats with --ops float, or as symbols with --ops symbolic"
    )


def test_ieee_words_with_float_ops_are_ieee_values(tmp_path: Path) -> None:
    path = write(tmp_path, "m.csv", "1,2\n3,inf\n")
    assert ok("det", "--ops", "float", path).strip() == "inf"
    assert ok("det", "--ops", "float", write(tmp_path, "n.txt", "1 2\n3 NaN\n")).strip() == "nan"
    # LU as NumPy runs it: the zero multiplier times -inf is nan
    with numpy.errstate(all="ignore"):
        expected = str(float(numpy.linalg.det(numpy.array([[1.0, -numpy.inf], [0.0, 2.0]]))))
    assert ok("det", "--ops", "float", write(tmp_path, "m.txt", "1 -inf\n0 2\n")).strip() == expected
    out = json.loads(ok("det", "--ops", "float", "--json", path))
    assert out == {"command": "det", "ops": "floats", "result": "inf"}
    inf = sympy.Symbol("inf")
    assert parse_cell(ok("det", "--ops", "symbolic", path).strip()) == inf - 6  # asked for: the name as a symbol
    assert one_error(call("det", "--ops", "int", path)) == (
        f"gentensor det: error: {path}: line 2, cell 2: the cell 'inf' is an IEEE special value, which integers "
        "cannot hold; read it with --ops float"
    )
    assert "which modular(7) cannot hold" in one_error(call("det", "--ops", "mod:7", path))


@pytest.mark.parametrize(
    "content, where, cell",
    [
        ("1 2\noo 6\n", "line 2, cell 1", "oo"),
        ("1 -oo\n3 4\n", "line 1, cell 2", "-oo"),
        ("1 2\n3*oo 6\n", "line 2, cell 1", "3*oo"),  # inside an expression too
        ("x 2\n3 1/(oo-oo)\n", "line 2, cell 2", "1/(oo-oo)"),  # nan, in a symbolic file
    ],
)
def test_sympy_infinities_are_refused_without_symbolic_ops(tmp_path: Path, content: str, where: str, cell: str) -> None:
    path = write(tmp_path, "m.txt", content)
    assert one_error(call("det", path)) == (
        f"gentensor det: error: {path}: {where}: the cell {cell!r} is infinite or undefined (SymPy's oo, zoo or nan), "
        "not an exact number; read it with --ops symbolic if you mean it"
    )
    with pytest.raises(gt.FormatError, match="infinite or undefined"):
        gt.load(path)
    ok("det", "--ops", "symbolic", path)  # asked for: SymPy's own arithmetic with its infinities


def test_a_stray_word_among_numbers_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "m.txt", "1 2 3\n4 x 6\n7 8 9\n")
    assert one_error(run("det", path)) == (
        f"gentensor det: error: {path}: line 2, cell 2: the cell 'x' is a name among numbers; "
        "read names as symbols with --ops symbolic, or correct the cell"
    )
    x = sympy.Symbol("x")
    assert sympy.expand(parse_cell(ok("det", "--ops", "symbolic", path).strip()) - sympy.Matrix([[1, 2, 3], [4, x, 6], [7, 8, 9]]).det()) == 0
    # expressions and constants make a file symbolic by themselves; names alone (no number) are symbolic too
    assert parse_cell(ok("det", write(tmp_path, "e.txt", "x 1\n2 2*y\n")).strip()) == sympy.expand(2 * x * sympy.Symbol("y") - 2)
    assert parse_cell(ok("det", write(tmp_path, "p.txt", "pi 1\n2 3\n")).strip()) == 3 * sympy.pi - 2
    a, b, c, d = sympy.symbols("a b c d")
    assert parse_cell(ok("det", write(tmp_path, "s.txt", "a b\nc d\n")).strip()) == a * d - b * c


@pytest.mark.parametrize("fmt", ["csv", "text", "json"])
def test_a_byte_order_mark_is_read(tmp_path: Path, fmt: str) -> None:
    body = {"csv": "1,2\n3,4\n", "text": "1 2\n3 4\n", "json": "[[1, 2], [3, 4]]"}[fmt]
    path = tmp_path / f"bom.{fmt}"
    path.write_bytes(b"\xef\xbb\xbf" + body.encode("utf-8"))
    assert ok("det", path).strip() == "-2"
    proc = subprocess.run(
        [sys.executable, "-m", "gentensor", "rank", "-"],
        input=b"\xef\xbb\xbf" + body.encode("utf-8"),
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])},
    )
    assert proc.returncode == 0 and proc.stdout.decode().strip() == "2", proc.stderr


# -- lattices, null spaces and eigenvalues ---------------------------------------------------------------


def test_hnf_and_snf_against_sympy(tmp_path: Path) -> None:
    from sympy.matrices.normalforms import smith_normal_form

    m = [[2, 4, 4], [-6, 6, 12], [10, -4, -16]]
    path = write(tmp_path, "l.txt", matrix_text(m))
    h = parse_output(ok("hnf", path))
    assert h == gt.linalg.hnf(gt.tensor(m)).tolist()
    # the row-style HNF: upper triangular, positive pivots, entries above a pivot reduced modulo it,
    # and the same lattice (same rank, |det| equal)
    assert all(h[i][j] == 0 for i in range(3) for j in range(i)) and all(h[i][i] > 0 for i in range(3))
    assert all(0 <= h[i][j] < h[j][j] for j in range(3) for i in range(j))
    assert abs(sympy.Matrix(h).det()) == abs(sympy.Matrix(m).det())
    d = parse_output(ok("snf", path))
    want = smith_normal_form(sympy.Matrix(m), domain=sympy.ZZ)
    assert [abs(d[i][i]) for i in range(3)] == [abs(want[i, i]) for i in range(3)]
    assert json.loads(ok("snf", "--json", path)) == {"command": "snf", "ops": "integers", "result": d}
    assert json.loads(ok("hnf", "--json", path)) == {"command": "hnf", "ops": "integers", "result": h}
    stack = write(tmp_path, "st.txt", matrix_text(m) + "\n" + matrix_text([[4, 6, 0], [0, 0, 1], [2, 2, 2]]))
    out = json.loads(ok("snf", "--json", stack))["result"]
    assert len(out) == 2 and out[0] == d


def test_hnf_over_an_exact_field_and_refusal_of_floats(tmp_path: Path) -> None:
    # An exact field is the Euclidean domain it is (SymPy's normal forms over QQ): every
    # nonsingular matrix has the identity as its Hermite form; floats are refused.
    path = write(tmp_path, "q.txt", "1/2 1\n3 4\n")
    assert parse_output(ok("hnf", path)) == [[1, 0], [0, 1]]
    assert one_error(call("hnf", "--ops", "float", path)).startswith(f"gentensor hnf: error: {path}: needs a Euclidean domain")


def test_nullspace_against_sympy(tmp_path: Path) -> None:
    m = [[1, 2, 3], [2, 4, 6], [1, 0, -1]]
    path = write(tmp_path, "n.csv", matrix_text(m, sep=","))
    basis = sympy.Matrix(parse_output(ok("nullspace", path)))
    assert basis.shape == (3, 3 - sympy.Matrix(m).rank())
    assert sympy.Matrix(m) * basis == sympy.zeros(3, basis.shape[1])
    assert basis.rank() == basis.shape[1]
    out = json.loads(ok("nullspace", "--json", path))
    assert out["command"] == "nullspace" and out["ops"] == "rationals"
    assert sympy.Matrix([[parse_cell(str(v)) for v in row] for row in out["result"]]) == basis
    full = write(tmp_path, "full.txt", "1 0\n0 1\n")
    assert ok("nullspace", full).strip() == "(empty: shape (2, 0))"


def test_eigenvals_against_sympy(tmp_path: Path) -> None:
    m = [[1, 1], [1, 0]]
    path = write(tmp_path, "e.txt", matrix_text(m) + "\n" + matrix_text([[2, 0], [0, 2]]))
    proc = run("eigenvals", path)
    assert proc.returncode == 0 and proc.stderr == ""
    blocks = proc.stdout.strip().split("\n\n")
    got = {}
    for line in blocks[0].splitlines():
        value, rest = line.split("  (multiplicity ")
        got[parse_cell(value)] = int(rest.rstrip(")"))
    assert got == sympy.Matrix(m).eigenvals()
    assert blocks[1].splitlines() == ["2  (multiplicity 2)"]
    out = json.loads(ok("eigenvals", "--json", path))
    assert out["command"] == "eigenvals" and out["ops"] == "symbolic"
    assert out["result"][1] == [{"value": 2, "multiplicity": 2}]
    assert {parse_cell(e["value"]): e["multiplicity"] for e in out["result"][0]} == sympy.Matrix(m).eigenvals()
    assert "square" in one_error(call("eigenvals", write(tmp_path, "wide.txt", "1 2 3\n4 5 6\n")))
    floats = ok("eigenvals", "--ops", "float", path).strip().split("\n\n")[0].splitlines()
    got_f = sorted(float(line.split("  (multiplicity ")[0]) for line in floats)
    assert got_f == pytest.approx(sorted(numpy.linalg.eigvals(numpy.array(m, dtype=float)).real), rel=1e-12)


# -- reading many integer cells at once -------------------------------------------------

_INTISH = st.text(alphabet="0123456789+-_ /١", max_size=20)


@settings(max_examples=300, deadline=None)
@example(cells=["1_0"])
@example(cells=["١٢"])
@example(cells=["+-5"])
@example(cells=["1" * 19])
@example(cells=["-" + "9" * 17])
@given(cells=st.lists(st.one_of(_INTISH, st.integers(-(10**17), 10**17).map(str)), min_size=1, max_size=6))
def test_short_ints_read_what_the_cell_parser_reads(cells: list[str]) -> None:
    from gentensor.ops._parse import short_ints

    fast = short_ints(cells)
    if fast is not None:
        assert fast == [parse_cell(c) for c in cells] and all(type(v) is int for v in fast)
    elif all(re.fullmatch(r"[+-]?[0-9]{1,17}", c) for c in cells):
        raise AssertionError(f"plain decimal integers were not read at once: {cells}")


@pytest.mark.parametrize("fmt", ["txt", "csv"])
def test_an_integer_matrix_file_reads_as_its_cells_and_names_bad_cells(tmp_path: Path, fmt: str) -> None:
    rng = numpy.random.default_rng(5)
    m = rng.integers(-(10**17), 10**17, (300, 40))
    sep = "," if fmt == "csv" else " "
    path = write(tmp_path, f"m.{fmt}", "\n".join(sep.join(f"{v:+d}" if v % 3 == 0 else str(v) for v in row) for row in m.tolist()) + "\n")
    x = gt.load(path)
    assert x.ops is gt.integers and x.tolist() == m.tolist()
    if not PACKING_DISABLED:
        assert x._store.packed  # read into machine words, not a list of Python ints
    # A stack: the place of a bad cell counts the lines of every matrix before it.
    stack = write(tmp_path, f"s.{fmt}", "1 2\n3 4\n\n# c\n5 6\n7 1/0\n".replace(" ", sep))
    with pytest.raises(gt.FormatError, match=r"line 6, cell 2: cannot read the cell '1/0'"):
        gt.load(stack)
    with pytest.raises(gt.FormatError, match=r"line 6, cell 2: cannot read the cell '1/0' as an element of integers"):
        gt.load(stack, ops=gt.integers)
    assert gt.load(write(tmp_path, f"t.{fmt}", "1 2\n3 4\n\n5 6\n7 8\n".replace(" ", sep))).tolist() == [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
    # a max_digits below the fast path's 18 characters still holds
    wide = write(tmp_path, f"w.{fmt}", "123456 1\n2 3\n".replace(" ", sep))
    with gt.limits(max_digits=3), pytest.raises(gt.FormatError, match="line 1, cell 1"):
        gt.load(wide)
