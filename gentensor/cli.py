"""The command line: ``gentensor`` / ``python -m gentensor``.

Exact linear algebra on a matrix file::

    gentensor det matrix.csv                 # CSV, whitespace text, JSON lists or a gt.save file
    gentensor inv --ops rational h.txt
    gentensor rank --ops mod:7 m.txt
    gentensor rref --json m.json
    gentensor solve a.txt b.txt
    gentensor charpoly --ops symbolic s.txt
    gentensor demo

A file whose matrices are separated by blank lines (or a 3-d JSON list or
saved tensor) is a stack: the command runs on each matrix, with a progress
bar on stderr when stderr is a terminal and ``tqdm`` is installed.
Exit codes: 0 success, 2 bad input (one line on stderr; ``--debug`` shows the
traceback), 1 an unexpected internal error, 130 interrupted.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from typing import Any, Callable, Iterable, Iterator, Sequence
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
}
_EPILOG = (
    "Cells are exact: 12, -3/4, 0.25 (the rational 1/4), or expressions such as 2*x**2 - sqrt(y) "
    "(parsed safely, never evaluated as code; they need --ops symbolic or inference). "
    "Blank lines separate the matrices of a stack. --json prints integers as JSON numbers and "
    "every other element as exact text (\"1/3\", \"x**2 + 1\")."
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gentensor", description="N-dimensional tensors over any element type, with exact linear algebra."
    )
    from . import __version__

    parser.add_argument("--version", action="version", version=f"gentensor {__version__}")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--debug", action="store_true", help="show the full traceback on errors")
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
            p.add_argument("file", metavar="A", help="the matrix file of A (n x n)")
            p.add_argument("rhs", metavar="B", help="the matrix file of B (n x k; a column is one value per line)")
        else:
            p.add_argument("file", metavar="FILE", help="the matrix file")
        p.add_argument(
            "--ops",
            metavar="OPS",
            help="element type: int, rational, symbolic, float, mod:N (default: inferred from the cells)",
        )
        p.add_argument("--method", help="algorithm, where the command has a choice (det: bareiss, gauss, berkowitz, laplace, auto)")
        p.add_argument(
            "--format",
            choices=("auto", "csv", "text", "json"),
            default="auto",
            help="input format (default: JSON if the file starts with { or [, CSV if it has commas, else whitespace)",
        )
        p.add_argument("--json", action="store_true", help="print the result as JSON")
        p.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

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
    try:
        return _run(args)
    except KeyboardInterrupt:
        if args.debug:
            raise
        print(f"gentensor {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as e:
        if args.debug:
            raise
        from .errors import GentensorError

        expected = isinstance(e, (GentensorError, OSError, ValueError, TypeError, ArithmeticError))
        message = _one_line(e)
        if message.startswith(f"{args.command}: "):
            message = message[len(args.command) + 2 :]
        print(f"gentensor {args.command}: error: {message}", file=sys.stderr)
        if not expected:
            print("(an internal error: rerun with --debug for the traceback)", file=sys.stderr)
        return 2 if expected else 1
    finally:
        if limit:
            sys.set_int_max_str_digits(limit)


def _one_line(e: BaseException) -> str:
    if isinstance(e, OSError) and e.filename is not None:
        return f"cannot read {e.filename}: {e.strerror or e}"
    text = " ".join(str(e).split()) or type(e).__name__
    return text


def _run(args: argparse.Namespace) -> int:
    from . import linalg
    from .io._textmatrix import read_matrix
    from .ops import as_ops

    command = args.command
    if args.ops is not None:
        as_ops(args.ops, command)  # an unknown name fails before any file is read
    a = read_matrix(args.file, ops=args.ops, fmt=args.format, func=command)
    _check_matrix(a, args.file, command)
    operands = [a]
    if command == "solve":
        b = read_matrix(args.rhs, ops=args.ops, fmt=args.format, func=command)
        operands.append(b)
    func = getattr(linalg, command)
    kwargs: dict[str, Any] = {}
    if args.method is not None:
        if "method" not in inspect.signature(func).parameters:
            raise TypeError(f"{command}: --method is not supported by {command} (got --method {args.method})")
        kwargs["method"] = args.method
    show = not args.no_progress
    if a.ndim == 3:
        results = _batched(func, operands, kwargs, command, show)
    else:
        results = func(*operands, **kwargs)
    out = _as_json(command, a, results) if args.json else _as_text(command, a, results)
    sys.stdout.write(out + "\n")
    return 0


def _check_matrix(x: Any, path: str, command: str) -> None:
    from .errors import ShapeError

    if x.ndim not in (2, 3):
        raise ShapeError(f"{command}: {path}: expected a matrix or a stack of matrices (got shape {x.shape})")


def _batched(func: Callable[..., Any], operands: list[Any], kwargs: dict[str, Any], command: str, show: bool) -> list[Any]:
    """``func`` on each matrix of a stack, with a progress bar when it helps."""
    from .errors import ShapeError

    a = operands[0]
    if len(operands) == 2:
        b = operands[1]
        if b.ndim != 3 or b.shape[0] != a.shape[0]:
            raise ShapeError(
                f"{command}: A is a stack of {a.shape[0]} matrices, so B must be a stack of as many (got shape {b.shape})"
            )
        pairs: Iterable[Any] = zip(a, b)
    else:
        pairs = ((m,) for m in a)
    return [func(*ms, **kwargs) for ms in _progress(pairs, a.shape[0], command, show)]


def _progress(items: Iterable[Any], total: int, desc: str, show: bool) -> Iterator[Any]:
    """``items``, wrapped in a tqdm bar on stderr when stderr is a terminal and tqdm is installed."""
    if show and total > 1 and sys.stderr.isatty():
        try:
            from tqdm import tqdm
        except ImportError:
            pass
        else:
            return iter(tqdm(items, total=total, desc=desc, file=sys.stderr, leave=False))
    return iter(items)


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


def _text_one(command: str, ops: ElementOps, r: Any) -> str:
    if command == "rref":
        matrix, pivots = r
        return _format_matrix(matrix) + "\npivots: " + " ".join(map(str, pivots))
    if _is_tensor(r):
        return _format_matrix(r)
    if command == "rank":
        return str(r)
    return ops.format(r)


def _as_text(command: str, a: Any, results: Any) -> str:
    if a.ndim == 2:
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


def _json_one(command: str, ops: ElementOps, r: Any) -> Any:
    if command == "rref":
        matrix, pivots = r
        return {"matrix": _json_one("inv", ops, matrix), "pivots": [int(p) for p in pivots]}
    if _is_tensor(r):
        return _nested_map(lambda v: _json_value(r.ops, v), r.tolist())
    if command == "rank":
        return int(r)
    return _json_value(ops, r)


def _nested_map(f: Callable[[Any], Any], data: Any) -> Any:
    return [_nested_map(f, d) for d in data] if isinstance(data, list) else f(data)


def _as_json(command: str, a: Any, results: Any) -> str:
    first = results if a.ndim == 2 else (results[0] if results else None)
    if command == "rref" and first is not None:
        first = first[0]
    ops = first.ops if first is not None and _is_tensor(first) else a.ops  # inv of integers gives rationals
    if a.ndim == 2:
        value = _json_one(command, ops, results)
    else:
        value = [_json_one(command, ops, r) for r in results]
    return json.dumps({"command": command, "ops": ops.name, "result": value})


if __name__ == "__main__":
    sys.exit(main())
