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
import types
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor import cli
from gentensor.io._textmatrix import parse_cell, read_matrix

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ["det", "inv", "rank", "rref", "solve", "charpoly"]


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
    assert proc.returncode == 2 and "usage: gentensor" in proc.stderr


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
        ("det", "m.txt", "1 1/2\n3 4\n", ["--ops", "int"], r"line 1, cell 2: cannot convert 1/2 to integers"),
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


def test_debug_shows_the_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, "ragged.txt", "1 2\n3\n")
    proc = run("det", "--debug", path)
    assert proc.returncode == 1
    assert "Traceback (most recent call last)" in proc.stderr and "FormatError" in proc.stderr


# -- the progress bar (in-process: it needs a terminal) ----------------------------------------


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_uses_tqdm_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake_tqdm(items: Any, **kw: Any) -> Any:
        seen.update(kw)
        return items

    monkeypatch.setitem(sys.modules, "tqdm", types.SimpleNamespace(tqdm=fake_tqdm))
    monkeypatch.setattr(sys, "stderr", FakeTTY())
    assert list(cli._progress(iter(range(3)), 3, "det", True)) == [0, 1, 2]
    assert seen["total"] == 3 and seen["file"] is sys.stderr and seen["desc"] == "det"
    seen.clear()
    assert list(cli._progress(iter(range(3)), 3, "det", False)) == [0, 1, 2]  # --no-progress
    assert seen == {}


def test_progress_bar_is_optional(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm raises ImportError
    monkeypatch.setattr(sys, "stderr", FakeTTY())
    assert list(cli._progress(iter("abc"), 3, "det", True)) == ["a", "b", "c"]
    assert sys.stderr.getvalue() == ""


def test_no_progress_bar_off_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    called = []
    monkeypatch.setitem(sys.modules, "tqdm", types.SimpleNamespace(tqdm=lambda items, **kw: called.append(1) or items))
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert list(cli._progress(iter("ab"), 2, "det", True)) == ["a", "b"] and called == []


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
