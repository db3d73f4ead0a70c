"""Reading matrices for the command line: CSV, whitespace text, JSON lists, or the save format.

Cells are read exactly: ``12`` is an int, ``-3/4`` and ``0.25`` are Fractions
(a decimal is the exact rational it spells), and anything else is parsed as an
arithmetic expression over symbols by a small parser that builds SymPy
objects directly (``+ - * / ** ^``, parentheses, the constants ``pi E I oo``
and whitelisted functions such as ``sqrt`` or ``sin``).  Nothing is ever
evaluated as Python code.  Blank lines separate the matrices of a stack.
Errors are ``FormatError`` naming the file, the
line and the column.
"""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from typing import Any

from ..ops._codec import SYMPY_FUNCTIONS, FormatError, _Bad
from ._saveload import decode_document, parse_json
from ..core.tensor import Tensor
from ..ops import as_ops, infer_ops

__all__ = ["read_matrix", "parse_cell", "FORMATS"]

FORMATS = ("auto", "csv", "text", "json")

_INT = re.compile(r"[+-]?\d+\Z", re.ASCII)
_RATIONAL = re.compile(r"[+-]?\d+\s*/\s*\d+\Z", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?\Z", re.ASCII)
_NUMBER = r"(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?"
_TOKEN = re.compile(rf"\s*(?:({_NUMBER})|([A-Za-z_]\w*)|(\*\*|[-+*/^(),]))", re.ASCII)
_MAX_NESTING = 100
_MAX_EXPONENT = 10_000  # largest decimal exponent (1e10000) a cell may spell
_MAX_BITS = 1 << 20  # largest number a power of numbers in a cell may build
_MAX_EVALUATED = 10_000  # numeric function arguments past this stay unevaluated


def _exact_decimal(s: str) -> Fraction:
    mantissa, _, exponent = s.lower().partition("e")
    if exponent and abs(int(exponent)) > _MAX_EXPONENT:
        raise ValueError(f"the exponent of {s!r} is beyond +-{_MAX_EXPONENT}")
    return Fraction(s)


def parse_cell(text: str) -> Any:
    """One cell as an exact value: int, Fraction, or a SymPy expression.

    Raises
    ------
    ValueError
        The text is neither a number nor an expression the safe parser accepts.

    Examples
    --------
    >>> parse_cell("-12"), parse_cell("3/6"), parse_cell("0.25"), parse_cell("1e3")
    (-12, Fraction(1, 2), Fraction(1, 4), Fraction(1000, 1))
    >>> parse_cell("2*x**2 - sqrt(y)/3")
    2*x**2 - sqrt(y)/3
    >>> parse_cell("__import__(os)")
    Traceback (most recent call last):
    ...
    ValueError: unknown function '__import__' at character 1; known: sqrt, abs and the SymPy functions listed in docs/format.md
    """
    s = text.strip()
    if _INT.match(s):
        return int(s)
    if _RATIONAL.match(s):
        num, den = s.split("/")
        if int(den) == 0:
            raise ValueError(f"a zero denominator in {s!r}")
        return Fraction(int(num), int(den))
    if _DECIMAL.match(s):
        return _exact_decimal(s)
    if not s:
        raise ValueError("an empty cell")
    try:
        return _ExprParser(s).parse()
    except ValueError:
        raise
    except (TypeError, ArithmeticError, RecursionError) as e:  # SymPy refusing, e.g. atan2(1) or Mod(x, 0)
        raise ValueError(f"SymPy refused it ({type(e).__name__}: {e})") from None


class _ExprParser:
    """Recursive descent over ``+ - * / ** ^ ( )``, numbers, names and whitelisted calls."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        pos = 0
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                if text[pos:].strip() == "":
                    break
                raise ValueError(f"unexpected character {text[pos:].lstrip()[:1]!r} at character {pos + 1}")
            kind = "num" if m.group(1) else "name" if m.group(2) else "op"
            self.tokens.append((kind, m.group(m.lastindex or 0), m.start(m.lastindex or 0) + 1))
            pos = m.end()
        self.k = 0
        self.depth = 0

    def parse(self) -> Any:
        import sympy

        self.sympy = sympy
        value = self.expr()
        if self.k != len(self.tokens):
            _, tok, at = self.tokens[self.k]
            raise ValueError(f"unexpected {tok!r} at character {at}")
        return value

    def peek(self) -> str | None:
        return self.tokens[self.k][1] if self.k < len(self.tokens) else None

    def take(self) -> tuple[str, str, int]:
        if self.k >= len(self.tokens):
            raise ValueError("the expression ends too early")
        tok = self.tokens[self.k]
        self.k += 1
        return tok

    def expr(self) -> Any:
        value = self.term()
        while self.peek() in ("+", "-"):
            op = self.take()[1]
            rhs = self.term()
            value = value + rhs if op == "+" else value - rhs
        return value

    def term(self) -> Any:
        value = self.unary()
        while self.peek() in ("*", "/"):
            op = self.take()[1]
            rhs = self.unary()
            value = value * rhs if op == "*" else value / rhs
        return value

    def unary(self) -> Any:
        if self.peek() in ("+", "-"):
            op = self.take()[1]
            value = self.unary()
            return -value if op == "-" else value
        return self.power()

    def power(self) -> Any:
        base = self.atom()
        if self.peek() in ("**", "^"):
            at = self.take()[2]
            exponent = self.unary()
            if base.is_Rational and exponent.is_Rational and not base.is_zero:
                bits = max(abs(base.p).bit_length(), base.q.bit_length()) * abs(exponent)
                if bits > _MAX_BITS:
                    raise ValueError(f"the power at character {at} would have more than {_MAX_BITS} bits")
            return self.sympy.Pow(base, exponent)
        return base

    def atom(self) -> Any:
        sympy = self.sympy
        kind, tok, at = self.take()
        if kind == "num":
            return sympy.Integer(int(tok)) if tok.isdigit() else sympy.Rational(_exact_decimal(tok))
        if kind == "name":
            if self.peek() == "(":
                return self.call(tok, at)
            return _CONSTANTS[tok](sympy) if tok in _CONSTANTS else sympy.Symbol(tok)
        if tok == "(":
            self.depth += 1
            if self.depth > _MAX_NESTING:
                raise ValueError(f"parentheses nested deeper than {_MAX_NESTING}")
            value = self.expr()
            self.close(at)
            self.depth -= 1
            return value
        raise ValueError(f"unexpected {tok!r} at character {at}")

    def call(self, name: str, at: int) -> Any:
        func = _functions(self.sympy).get(name)
        if func is None:
            raise ValueError(
                f"unknown function {name!r} at character {at}; known: sqrt, abs and the SymPy functions "
                "listed in docs/format.md"
            )
        self.take()  # "("
        self.depth += 1
        if self.depth > _MAX_NESTING:
            raise ValueError(f"parentheses nested deeper than {_MAX_NESTING}")
        args = [self.expr()]
        while self.peek() == ",":
            self.take()
            args.append(self.expr())
        self.close(at)
        self.depth -= 1
        huge = any(a.is_Number and abs(a) > _MAX_EVALUATED for a in args)
        # factorial(10**9) and friends would take forever to evaluate: keep them symbolic.
        return func(*args, evaluate=False) if huge and name not in ("sqrt", "abs") else func(*args)

    def close(self, at: int) -> None:
        if self.peek() != ")":
            raise ValueError(f"the parenthesis at character {at} is not closed")
        self.take()


_CONSTANTS = {"pi": lambda s: s.pi, "E": lambda s: s.E, "I": lambda s: s.I, "oo": lambda s: s.oo}
_FUNCTIONS: dict[str, Any] = {}


def _functions(sympy: Any) -> dict[str, Any]:
    if not _FUNCTIONS:
        _FUNCTIONS.update({n: getattr(sympy, n) for n in SYMPY_FUNCTIONS if n not in ("Add", "Mul", "Pow")})
        _FUNCTIONS.update(sqrt=sympy.sqrt, abs=sympy.Abs)
    return _FUNCTIONS


# -- files ------------------------------------------------------------------------


def read_matrix(path: str, *, ops: str | None = None, fmt: str = "auto", func: str = "read") -> Tensor[Any]:
    """The matrix (or stack of matrices) in the file at ``path``, with exact elements.

    ``ops`` is an ops name (``"int"``, ``"rational"``, ``"symbolic"``,
    ``"mod:7"``, …) or ``None`` to infer it from the cells.

    Raises
    ------
    FormatError
        Malformed content, with the file, line and column (or JSON path).
    OSError
        The file cannot be read.
    """
    target = as_ops(ops, func) if ops is not None else None
    with open(path, "rb") as f:
        raw = f.read()
    if fmt == "json" or (fmt == "auto" and raw.lstrip()[:1] in (b"{", b"[")):
        doc = parse_json(raw, path, func)
        if isinstance(doc, dict):
            try:
                x = decode_document(doc)
            except _Bad as bad:
                raise FormatError(f"{func}: {path}: {bad.where}: {bad.what}") from None
            return x if target is None or x.ops is target else x.astype(target)
        # Plain nested lists: read decimals as the exact rationals they spell.
        doc = parse_json(raw, path, func, parse_float=Fraction)
        return _from_json_lists(doc, path, target, func)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FormatError(f"{func}: {path}: byte {e.start}: the file is not UTF-8 text") from None
    if fmt == "csv" or (fmt == "auto" and (path.lower().endswith(".csv") or _looks_like_csv(text))):
        rows = _csv_rows(text)
    else:
        rows = _text_rows(text)
    return _from_rows(rows, path, target, func)


def _looks_like_csv(text: str) -> bool:
    """True when the first content line has a comma outside parentheses."""
    first = next((ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    depth = 0
    for c in first:
        depth += (c == "(") - (c == ")")
        if c == "," and depth == 0:
            return True
    return False


def _text_rows(text: str) -> list[tuple[int, list[tuple[int, str]]] | None]:
    """Lines as (line number, [(cell number, cell)]); ``None`` marks a blank line, comments are dropped."""
    rows: list[tuple[int, list[tuple[int, str]]] | None] = []
    for n, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0]
        if not line.strip():
            rows.append(None)
        elif body.strip():
            rows.append((n, list(enumerate(body.split(), 1))))
    return rows


def _csv_rows(text: str) -> list[tuple[int, list[tuple[int, str]]] | None]:
    rows: list[tuple[int, list[tuple[int, str]]] | None] = []
    lines = text.splitlines()
    for n, record in enumerate(csv.reader(io.StringIO("\n".join(lines))), 1):
        if not record or all(not c.strip() for c in record):
            rows.append(None)
        elif not record[0].lstrip().startswith("#"):
            rows.append((n, list(enumerate(record, 1))))
    return rows


def _from_rows(rows: list[Any], path: str, target: Any, func: str) -> Tensor[Any]:
    blocks: list[list[tuple[int, list[tuple[int, str]]]]] = [[]]
    for row in rows:
        if row is None:
            if blocks[-1]:
                blocks.append([])
        else:
            blocks[-1].append(row)
    blocks = [b for b in blocks if b]
    if not blocks:
        raise FormatError(f"{func}: {path}: the file holds no matrix (no non-blank lines)")
    ncols = len(blocks[0][0][1])
    nrows = len(blocks[0])
    for block in blocks:
        for line, cells in block:
            if len(cells) != ncols:
                raise FormatError(
                    f"{func}: {path}: line {line}: ragged rows: this row has {len(cells)} cells, "
                    f"the first row (line {blocks[0][0][0]}) has {ncols}"
                )
        if len(block) != nrows:
            raise FormatError(
                f"{func}: {path}: line {block[0][0]}: the matrices of a stack differ in size: this one has "
                f"{len(block)} rows, the first has {nrows}"
            )
    values, places = [], []
    for block in blocks:
        for line, cells in block:
            for col, cell in cells:
                try:
                    values.append(parse_cell(cell))
                except ValueError as e:
                    raise FormatError(
                        f"{func}: {path}: line {line}, cell {col}: cannot read the cell {cell.strip()!r} "
                        f"as a number or an expression ({e})"
                    ) from None
                places.append(f"line {line}, cell {col}")
    shape = (len(blocks), nrows, ncols) if len(blocks) > 1 else (nrows, ncols)
    return _convert(values, places, shape, path, target, func)


def _from_json_lists(doc: Any, path: str, target: Any, func: str) -> Tensor[Any]:
    values: list[Any] = []
    places: list[str] = []
    shape: list[int] = []

    def walk(node: Any, where: str, depth: int) -> None:
        if isinstance(node, list):
            if depth >= 3:
                raise FormatError(f"{func}: {path}: {where}: nested deeper than a stack of matrices (depth 3)")
            if depth == len(shape):
                if values:
                    raise FormatError(f"{func}: {path}: {where}: ragged nesting (a list where a number was expected)")
                shape.append(len(node))
            elif shape[depth] != len(node):
                raise FormatError(
                    f"{func}: {path}: {where}: ragged rows: length {len(node)}, expected {shape[depth]}"
                )
            for k, item in enumerate(node):
                walk(item, f"{where}[{k}]", depth + 1)
            return
        if depth != len(shape):
            raise FormatError(f"{func}: {path}: {where}: ragged nesting (a number where a list was expected)")
        if isinstance(node, bool) or not isinstance(node, (int, str, Fraction)):
            raise FormatError(f"{func}: {path}: {where}: expected a number or a string (got {node!r})")
        try:
            values.append(parse_cell(node) if isinstance(node, str) else node)  # ints and exact decimals
        except ValueError as e:
            raise FormatError(f"{func}: {path}: {where}: cannot read {node!r} ({e})") from None
        places.append(where)

    walk(doc, "$", 0)
    if len(shape) not in (2, 3):
        raise FormatError(f"{func}: {path}: expected a matrix (nested lists of depth 2) or a stack (depth 3) (got depth {len(shape)})")
    return _convert(values, places, tuple(shape), path, target, func)


def _convert(values: list[Any], places: list[str], shape: tuple[int, ...], path: str, target: Any, func: str) -> Tensor[Any]:
    ops = target if target is not None else infer_ops(set(map(type, values)))
    out = []
    for v, where in zip(values, places):
        try:
            out.append(ops.convert(v))
        except (TypeError, ValueError, ArithmeticError) as e:
            raise FormatError(f"{func}: {path}: {where}: cannot convert {v} to {ops.name} ({e})") from None
    return Tensor._from_flat(out, shape, ops)
