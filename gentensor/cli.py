"""The command line: ``gentensor`` / ``python -m gentensor``.

Exact linear algebra on a matrix file::

    gentensor det matrix.csv                 # CSV, whitespace text, JSON lists or a gt.save file
    gentensor inv --ops rational h.txt
    gentensor rank --ops mod:7 m.txt
    gentensor rref --json m.json
    gentensor solve a.txt b.txt
    gentensor charpoly --ops symbolic s.txt
    gentensor nullspace m.csv                # a basis of the null space, as columns
    gentensor hnf lattice.txt                # Hermite normal form; snf: Smith normal form
    gentensor eigenvals --json m.txt         # exact eigenvalues with multiplicities
    gentensor demo

A file whose matrices are separated by blank lines (or a 3-d JSON list or
saved tensor) is a stack: the command runs on each matrix (``solve`` pairs a
single A with each B of a stack, and the other way round), with a progress
bar on stderr when the work is long, stderr is a terminal and ``tqdm`` is
installed.  ``-`` reads the file from standard input.

Exit codes: 0 success; 2 bad input, usage errors included (one line on
stderr naming the file and, for a stack, the matrix; ``--debug`` prints the
traceback first); 1 an unexpected internal error (one line); 130
interrupted.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
import traceback
from typing import Any, Callable, NoReturn, Sequence

from .ops import ElementOps

__all__ = ["main"]

#: command → what it prints (each is the gentensor.linalg function of that name)
_COMMANDS = {
    "det": "the determinant",
    "inv": "the exact inverse (integers give rationals)",
    "rank": "the rank",
    "rref": "the reduced row echelon form and the pivot columns",
    "solve": "the exact solution x of A @ x == B",
    "charpoly": "the characteristic polynomial det(t*I - A), coefficients highest degree first",
    "nullspace": "a basis of the null space {v : A @ v == 0}, one basis vector per column",
    "hnf": "the Hermite normal form (row style) of an integer matrix",
    "snf": "the Smith normal form D = U @ A @ V of an integer matrix",
    "eigenvals": "the exact eigenvalues with their algebraic multiplicities",
}
_EPILOG = (
    "Cells are exact: 12, -3/4, 0.25 (the rational 1/4), or expressions such as 2*x**2 - sqrt(y) "
    "(parsed safely, never evaluated as code; an expression makes the file symbolic). "
    "A bare name among numbers (x, NA) needs --ops symbolic, and inf or nan needs --ops float "
    "(or symbolic): without them the file is refused. "
    "Blank lines separate the matrices of a stack. --json prints integers as JSON numbers and "
    "every other element as exact text (\"1/3\", \"x**2 + 1\")."
)


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors as one line (exit code 2) like every other bad input."""

    def error(self, message: str) -> NoReturn:
        text = " ".join(message.split())
        self.exit(2, f"{self.prog}: error: {text}; see '{self.prog} --help'\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="gentensor", description="N-dimensional tensors over any element type, with exact linear algebra."
    )
    from . import __version__
    from .io import format_names

    parser.add_argument("--version", action="version", version=f"gentensor {__version__}")
    common = _Parser(add_help=False)
    common.add_argument("--debug", action="store_true", help="also show the full traceback on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    sub.add_parser(
        "demo", help="print a short tour of gentensor", description="Print a short tour of gentensor.", parents=[common]
    )
    for name, what in _COMMANDS.items():
        p = sub.add_parser(
            name,
            help=f"print {what}",
            description=f"Print {what} of the matrix (or of each matrix of a stack) in FILE.",
            epilog=_EPILOG,
            parents=[common],
        )
        if name == "solve":
            p.add_argument("file", metavar="A", help="the matrix file of A (n x n; - reads standard input)")
            p.add_argument("rhs", metavar="B", help="the matrix file of B (n x k; a column is one value per line)")
        else:
            p.add_argument("file", metavar="FILE", help="the matrix file (- reads standard input)")
        p.add_argument(
            "--ops",
            metavar="OPS",
            help="element type: int, rational, symbolic, float, mod:N (default: inferred from the cells); a file in the save format is cast to it as astype casts (mod:N takes residues, bool makes nonzero True)",
        )
        p.add_argument("--method", help="algorithm, where the command has a choice (det: bareiss, gauss, berkowitz, laplace, auto)")
        p.add_argument(
            "--format",
            choices=("auto",) + format_names(readable=True),
            default="auto",
            help="input format (default: JSON if the file starts with { or [, CSV if its first row has commas, "
            "else by the suffix: .json, .csv, .tsv, .txt; else whitespace text)",
        )
        p.add_argument("--header", action="store_true", help="skip the first line of the file (a row of column names)")
        p.add_argument("--json", action="store_true", help="print the result as JSON")
        p.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    Exit codes: 0 success, 2 bad input (usage errors included), 1 an
    internal error, 130 interrupted; every error is one line on stderr
    naming the file (and the matrix of a stack), ``--debug`` adds the
    traceback before it.

    Examples
    --------
    >>> main(["demo"])  # doctest: +ELLIPSIS
    gentensor ...
    0
    """
    args = _parser().parse_args(argv)
    if args.command == "demo":
        from ._demo import run

        run()
        return 0
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    if limit:
        sys.set_int_max_str_digits(0)  # exact results may have any number of digits
    place = _Place()
    try:
        from .parallel import progress

        with progress(False if args.no_progress else "auto"):
            return _run(args, place)
    except KeyboardInterrupt:
        if args.debug:
            traceback.print_exc()
        print(f"gentensor {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as e:
        if args.debug:
            traceback.print_exc()
        code, message = _report(e, args.command, place.where)
        print(message, file=sys.stderr)
        return code
    finally:
        if limit:
            sys.set_int_max_str_digits(limit)


class _Place:
    """Where the command is: the file, and the matrix of a stack (for error messages)."""

    def __init__(self) -> None:
        self.where = ""


def _report(e: BaseException, command: str, where: str) -> tuple[int, str]:
    """The exit code and the one line for an error."""
    from .errors import GentensorError

    text = _one_line(e)
    if text.startswith(f"{command}: "):
        text = text[len(command) + 2 :]
    if where and not text.startswith(where) and not isinstance(e, OSError):
        text = f"{where}: {text}"
    if isinstance(e, (GentensorError, OSError, ValueError, TypeError, ArithmeticError, LookupError)):
        return 2, f"gentensor {command}: error: {text}"
    if isinstance(e, RecursionError):
        return 2, f"gentensor {command}: error: {where + ': ' if where else ''}the input is nested too deeply (got RecursionError)"
    if isinstance(e, MemoryError):
        return 2, f"gentensor {command}: error: {where + ': ' if where else ''}the input needs more memory than there is (got MemoryError)"
    return 1, f"gentensor {command}: internal error: {type(e).__name__}: {text} (rerun with --debug for the traceback)"


def _one_line(e: BaseException) -> str:
    if isinstance(e, OSError) and e.filename is not None and e.strerror and str(e).startswith("[Errno"):
        return f"cannot read {e.filename}: {e.strerror}"  # the operating system's own message
    return " ".join(str(e).split()) or type(e).__name__


def _read(path: str, args: argparse.Namespace, stdin: list[bool]) -> Any:
    """The matrix or stack in ``path`` (``-``: standard input, once)."""
    from .io import read_matrix

    command = args.command
    if path == "-":
        if stdin:
            raise ValueError(f"{command}: standard input can be read only once (got - twice); put one matrix in a file")
        stdin.append(True)
        from .io import read_stream

        stream = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin
        data = read_stream(stream, command, "<stdin>")  # at most max_file_bytes
        data = data.encode("utf-8") if isinstance(data, str) else data
        return read_matrix("<stdin>", ops=args.ops, fmt=args.format, func=command, data=data, header=args.header)
    return read_matrix(path, ops=args.ops, fmt=args.format, func=command, header=args.header)


def _shown(path: str) -> str:
    return "<stdin>" if path == "-" else path


def _run(args: argparse.Namespace, place: _Place) -> int:
    from . import linalg
    from .ops import as_ops

    command = args.command
    if args.ops is not None:
        as_ops(args.ops, command)  # an unknown name fails before any file is read
    stdin: list[bool] = []
    place.where = _shown(args.file)
    a = _read(args.file, args, stdin)
    _check_matrix(a, _shown(args.file), command)
    operands = [a]
    if command == "solve":
        place.where = _shown(args.rhs)
        b = _read(args.rhs, args, stdin)
        _check_matrix(b, _shown(args.rhs), command)
        operands.append(b)
    func = getattr(linalg, command)
    kwargs: dict[str, Any] = {}
    if args.method is not None:
        if "method" not in inspect.signature(func).parameters:
            raise TypeError(f"{command}: --method is not supported by {command} (got --method {args.method})")
        kwargs["method"] = args.method
    names = [_shown(args.file)] + ([_shown(args.rhs)] if command == "solve" else [])
    place.where = " and ".join(names)
    stacked = any(x.ndim == 3 for x in operands)
    if stacked:
        results = _batched(func, operands, names, kwargs, command, place)
    else:
        results = func(*operands, **kwargs)
    out = _as_json(command, stacked, a, results) if args.json else _as_text(command, stacked, a, results)
    sys.stdout.write(out + "\n")
    return 0


def _check_matrix(x: Any, path: str, command: str) -> None:
    from .errors import ShapeError

    if x.ndim not in (2, 3):
        raise ShapeError(f"{command}: {path}: expected a matrix or a stack of matrices (got shape {x.shape})")


def _batched(
    func: Callable[..., Any], operands: list[Any], names: list[str], kwargs: dict[str, Any], command: str, place: _Place
) -> list[Any]:
    """``func`` on each matrix of the stack(s), one at a time; an error names the file and the matrix."""
    from .errors import ShapeError
    from .parallel import start

    counts = {x.shape[0] for x in operands if x.ndim == 3}
    if len(counts) > 1:
        a, b = operands
        raise ShapeError(
            f"{command}: {names[0]} is a stack of {a.shape[0]} matrices, so {names[1]} must be a single matrix "
            f"or a stack of as many (got shape {b.shape})"
        )
    total = counts.pop()
    stacks = [(name, x) for name, x in zip(names, operands) if x.ndim == 3]
    bar = start(total, command, "matrices")
    results = []
    try:
        for k in range(total):
            place.where = ", ".join(f"{name}: matrix {k} (of {total}, counting from 0)" for name, _ in stacks)
            results.append(func(*(x[k] if x.ndim == 3 else x for x in operands), **kwargs))
            if bar is not None:
                bar.advance(1)
    finally:
        if bar is not None:
            bar.close()
    return results


# -- output --------------------------------------------------------------------------


def _is_tensor(v: Any) -> bool:
    from .core.tensor import Tensor

    return isinstance(v, Tensor)


def _format_matrix(m: Any) -> str:
    ops = m.ops
    rows = m.tolist() if m.ndim == 2 else [m.tolist()]
    cells = [[ops.format(v) for v in row] for row in rows]
    if not cells or not cells[0]:
        return "(empty: shape " + str(m.shape) + ")"
    widths = [max(len(row[j]) for row in cells) for j in range(len(cells[0]))]
    return "\n".join("  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in cells)


def _eigen_text(values: dict[Any, int]) -> str:
    from .ops import symbolic

    if not values:
        return "(no eigenvalues: a 0 x 0 matrix)"
    return "\n".join(f"{symbolic.format(v)}  (multiplicity {k})" for v, k in values.items())


def _text_one(command: str, ops: ElementOps, r: Any) -> str:
    if command == "rref":
        matrix, pivots = r
        return _format_matrix(matrix) + "\npivots: " + " ".join(map(str, pivots))
    if command == "eigenvals":
        return _eigen_text(r)
    if _is_tensor(r):
        return _format_matrix(r)
    if command == "rank":
        return str(r)
    return ops.format(r)


def _as_text(command: str, stacked: bool, a: Any, results: Any) -> str:
    if not stacked:
        return _text_one(command, a.ops, results)
    parts = [_text_one(command, a.ops, r) for r in results]
    sep = "\n" if command in ("det", "rank") else "\n\n"
    return sep.join(parts)


def _json_value(ops: ElementOps, v: Any) -> Any:
    if type(v) is int or type(v) is bool:
        return v
    if type(v) is float and v == v and v not in (float("inf"), float("-inf")):
        return v
    return ops.format(v)


def _json_exact(v: Any) -> Any:
    """An exact value of any ring for JSON: an integer as a number, anything else as its exact text."""
    from .ops import symbolic

    if type(v) is int or getattr(v, "is_Integer", False) is True:
        return int(v)
    return symbolic.format(v)


def _json_one(command: str, ops: ElementOps, r: Any) -> Any:
    if command == "rref":
        matrix, pivots = r
        return {"matrix": _json_one("inv", ops, matrix), "pivots": [int(p) for p in pivots]}
    if command == "eigenvals":
        return [{"value": _json_exact(v), "multiplicity": int(k)} for v, k in r.items()]
    if _is_tensor(r):
        return _nested_map(lambda v: _json_value(r.ops, v), r.tolist())
    if command == "rank":
        return int(r)
    return _json_value(ops, r)


def _nested_map(f: Callable[[Any], Any], data: Any) -> Any:
    return [_nested_map(f, d) for d in data] if isinstance(data, list) else f(data)


def _as_json(command: str, stacked: bool, a: Any, results: Any) -> str:
    first = results if not stacked else (results[0] if results else None)
    if command == "rref" and first is not None:
        first = first[0]
    ops = first.ops if first is not None and _is_tensor(first) else a.ops  # inv of integers gives rationals
    if command == "eigenvals":  # algebraic numbers: SymPy's, whatever the matrix's ring
        from .ops import symbolic

        ops = symbolic
    if not stacked:
        value = _json_one(command, ops, results)
    else:
        value = [_json_one(command, ops, r) for r in results]
    return json.dumps({"command": command, "ops": ops.name, "result": value})


if __name__ == "__main__":
    sys.exit(main())
