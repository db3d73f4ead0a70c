"""The built-in file formats: the save format and nested JSON lists, CSV, TSV, whitespace text.

Each is registered with [`register_format`][gentensor.io.formats.register_format] at the end of
this module; ``gt.load``, ``gt.save`` and the command line choose among them
through the registry (`gentensor.io.formats`).

Cells are read exactly: ``12`` is an int, ``-3/4`` and ``0.25`` are Fractions
(a decimal is the exact rational it spells), and anything else is parsed as an
arithmetic expression over symbols by a small parser that builds SymPy
objects directly (``+ - * / ** ^``, parentheses, the constants ``pi E I oo``
and whitelisted functions such as ``sqrt`` or ``sin``).  Nothing is ever
evaluated as Python code.  Blank lines separate the matrices of a stack.
A UTF-8 byte-order mark at the start of the file is skipped.

Names need an ops that holds them.  When the ops is inferred, a cell that
is only a name (``x``, ``NA``) among cells that are numbers is refused, as
are ``inf`` and ``nan`` anywhere: they are stray words or IEEE values, not
exact numbers -- ``ops="symbolic"`` reads names as symbols and
``ops="float"`` reads ``inf``/``nan`` as IEEE values.  So are SymPy's
infinities and NaN (``oo``, ``-oo``, ``zoo``, ``nan``, alone or inside an
expression): ``ops="symbolic"`` reads them.  A cell that is an
expression (``2*x``, ``sqrt(y)``, ``pi``) makes the file symbolic by itself.
Errors are ``FormatError`` naming the file, the
line and the column.  Every cell is held to the limits of
[`gentensor.limits`][gentensor.resources.limits] (digits, bits, exponents, nesting), JSON numbers
included: ``[[1e999999999]]`` is refused at once, not expanded.

The writers of CSV, TSV and text write each element as ``ops.format`` spells
it, one matrix row per line and a blank line between the matrices of a stack;
the ops itself is not written (read the file back with ``ops=`` to get it), so
only the save format keeps every tensor (any shape, the ops named).
"""

from __future__ import annotations

import io
import re
import threading
from itertools import chain
from fractions import Fraction
from typing import Any, Callable

from ..core.tensor import Tensor
from ..errors import DomainError, FormatError, LimitError, ShapeError
from ..ops import as_ops, infer_ops, parse_cell
from ..ops import CodecError as _Bad, exact_decimal, short_ints, show_value as _show
from ..resources import check_shape
from ._files import read_input
from ._saveload import decode_document, encode_document, parse_json
from .formats import ReadRequest, read_bytes, register_format

__all__ = ["read_matrix", "read_json", "read_csv", "read_tsv", "read_text", "write_csv", "write_tsv", "write_text"]


# -- files ------------------------------------------------------------------------


def read_matrix(
    path: str,
    *,
    ops: str | None = None,
    fmt: str = "auto",
    func: str = "read",
    data: bytes | None = None,
    header: bool = False,
) -> Tensor[Any]:
    """The matrix (or stack of matrices) in the file at ``path``, with exact elements (the command line's reader).

    ``ops`` is an ops name (``"int"``, ``"rational"``, ``"symbolic"``,
    ``"mod:7"``, …) or ``None`` to infer it from the cells; a saved tensor is
    converted to it.  ``fmt`` is a registered format's name or ``"auto"``
    (chosen by content, then suffix, else whitespace text).  ``data`` is the
    file's content when it was read already (standard input; ``path`` then
    only names it in messages).  In CSV and text, a first row of bare names
    above rows of numbers looks like a header: it is skipped with
    ``header=True``, read as symbols with ``ops="symbolic"``, and refused
    otherwise.

    Raises
    ------
    FormatError
        Malformed content, with the file, line and column (or JSON path).
    OSError
        The file cannot be read.
    """
    if ops is not None:
        as_ops(ops, func)  # an unknown ops name fails before the file is read
    if data is None:
        data = read_input(path, func)  # a device without end is refused, a file past max_file_bytes too
    request = ReadRequest(path, func, ops, convert=True, header=header)
    return read_bytes(data, request, fmt=fmt, default="text")


def _target(request: ReadRequest) -> Any:
    return as_ops(request.ops, request.func) if request.ops is not None else None


def read_json(raw: bytes, request: ReadRequest) -> Tensor[Any]:
    """A save-format document, or nested lists of numbers and strings (a matrix or a stack)."""
    path, func = request.name, request.func
    doc = parse_json(raw, path, func)
    if isinstance(doc, dict):
        try:
            if not request.convert:
                return decode_document(doc, ops=request.ops)
            x = decode_document(doc)
        except _Bad as bad:
            raise FormatError(f"{func}: {path}: {bad.where}: {bad.what}") from None
        except RecursionError:
            raise FormatError(f"{func}: {path}: the content is nested too deeply") from None
        target = _target(request)
        return x if target is None or x.ops is target else x.astype(target)
    # Plain nested lists: read decimals as the exact rationals they spell (within the limits).
    doc = parse_json(raw, path, func, parse_float=exact_decimal)
    return _from_json_lists(doc, path, _target(request), func)


def _decoded(raw: bytes, request: ReadRequest) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FormatError(f"{request.func}: {request.name}: byte {e.start}: the file is not UTF-8 text") from None


def read_csv(raw: bytes, request: ReadRequest, delimiter: str = ",") -> Tensor[Any]:
    """Comma-separated cells (quoted as the csv module quotes), one matrix row per record."""
    import csv

    text = _decoded(raw, request)
    try:
        rows = _csv_rows(text, delimiter)
    except csv.Error as e:  # e.g. a field longer than the csv module's limit
        name = "CSV" if delimiter == "," else "TSV"
        raise FormatError(f"{request.func}: {request.name}: cannot read the {name} ({e})") from None
    return _matrix(rows, request)


def read_tsv(raw: bytes, request: ReadRequest) -> Tensor[Any]:
    """Tab-separated cells (an empty cell is an error, not a skipped column)."""
    return read_csv(raw, request, "\t")


def read_text(raw: bytes, request: ReadRequest) -> Tensor[Any]:
    """Cells separated by whitespace; ``#`` starts a comment."""
    return _matrix(_text_rows(_decoded(raw, request)), request)


def _matrix(rows: list[Any], request: ReadRequest) -> Tensor[Any]:
    target = _target(request)
    rows = _header(rows, request.name, target, request.func, request.header)
    return _from_rows(rows, request.name, target, request.func)


def _sniff_json(raw: bytes) -> bool:
    return raw.lstrip()[:1] in (b"{", b"[")


def _sniff_csv(raw: bytes) -> bool:
    return _looks_like_csv(raw[:65536].decode("utf-8", "replace"))


def _looks_like_csv(text: str) -> bool:
    """True when the first content line has a comma outside parentheses."""
    first = next((ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    depth = 0
    for c in first:
        depth += (c == "(") - (c == ")")
        if c == "," and depth == 0:
            return True
    return False


#: A content line: its number and its cells' texts (a cell's number is its place in the list, from 1).
Row = tuple[int, list[str]]


def _text_rows(text: str) -> list[Row | None]:
    """Lines as (line number, [cell texts]); ``None`` marks a blank line, comments are dropped."""
    rows: list[Row | None] = []
    for n, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0]
        if not line.strip():
            rows.append(None)
        elif body.strip():
            rows.append((n, body.split()))
    return rows


_CSV_LIMIT = threading.Lock()


def _csv_records(text: str, delimiter: str = ",") -> Any:
    """The CSV records of ``text``; a malformed one raises ``csv.Error`` naming its line."""
    import csv

    reader = csv.reader(io.StringIO("\n".join(text.splitlines())), delimiter=delimiter, strict=True)  # a broken quote is an error
    while True:
        try:
            yield next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            raise csv.Error(f"line {reader.line_num}: {e}") from None


def _csv_rows(text: str, delimiter: str = ",") -> list[Row | None]:
    rows: list[Row | None] = []
    if '"' not in text:  # no quotes: each line is one record, its cells split at the delimiter as the csv module splits them
        records = [line.split(delimiter) for line in text.splitlines()]
    else:
        records = _quoted_records(text, delimiter)
    for n, record in enumerate(records, 1):
        if not record or all(not c.strip() for c in record):
            rows.append(None)
        elif not record[0].lstrip().startswith("#"):
            rows.append((n, record))
    return rows


def _quoted_records(text: str, delimiter: str) -> list[list[str]]:
    import csv

    # The csv module refuses fields over its (process-wide) limit of 131072 characters; a cell is
    # bounded by the file here, and its size by the cell limits of the parser.
    with _CSV_LIMIT:
        old = csv.field_size_limit()
        csv.field_size_limit(max(old, len(text) + 1))
        try:
            return list(_csv_records(text, delimiter))
        finally:
            csv.field_size_limit(old)


_NAME = re.compile(r"[^\W\d]\w*\Z")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?(/\d+)?\Z")


def _header(rows: list[Any], path: str, target: Any, func: str, skip: bool) -> list[Any]:
    """The rows without a header row: a first row of bare names above rows that are all numbers.

    Skipped when ``skip``; kept when the ops holds the names (symbols); refused otherwise.
    """
    content = [r for r in rows if r is not None]
    if len(content) < 2:
        return rows
    line, cells = content[0]
    if not all(_NAME.match(c.strip()) for c in cells):
        return rows
    if not all(_NUMBER.match(c.strip()) for _, later in content[1:] for c in later):
        return rows
    if skip:
        return [r for r in rows if r is not content[0]]
    if target is not None and _holds(target, [c.strip() for c in cells]):
        return rows
    names = ", ".join(c.strip() for c in cells)
    raise FormatError(
        f"{func}: {path}: line {line}: this looks like a header row (got {names} above rows of numbers); "
        "delete the line, skip it with --header, or read the names as symbols with --ops symbolic"
    )


def _holds(ops: Any, names: list[str]) -> bool:
    """Whether ``ops`` converts every one of ``names`` (read as a symbol) to an element: then they are data."""
    try:
        for name in names:
            ops.convert(parse_cell(name))
    except Exception:  # the ops' own refusal, whatever its class: the names are no elements of it
        return False
    return True


def _from_rows(rows: list[Any], path: str, target: Any, func: str) -> Tensor[Any]:
    blocks: list[list[Row]] = [[]]
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
    shape = (len(blocks), nrows, ncols) if len(blocks) > 1 else (nrows, ncols)
    try:
        check_shape(shape, func)
    except LimitError as e:
        raise FormatError(f"{func}: {path}: {str(e).removeprefix(func + ': ')}") from None
    # One flat list of texts; a cell's place is worked out from its position only for a message.
    texts = list(chain.from_iterable(cells for block in blocks for _, cells in block))
    row_lines = [line for block in blocks for line, _ in block]
    del rows, blocks
    for clean in (False, True):
        if clean:
            texts = [cell.strip() for cell in texts]  # (cells of digits and signs alone have nothing to strip)
        ints = short_ints(texts) if target is None else None
        if ints is not None:  # the common file: decimal integers that need no limit check
            del texts
            return Tensor._from_values(ints, shape, infer_ops({int}))

    def place(k: int) -> str:
        return f"line {row_lines[k // ncols]}, cell {k % ncols + 1}"

    if target is not None:  # the ops reads its own text (what its format writes: True, (1+2j), -0.0, ...)
        return Tensor._from_values(_read_all(target, texts, place, path, func), shape, target)
    values = []
    for k, cell in enumerate(texts):
        try:
            values.append(parse_cell(cell))
        except ValueError as e:
            raise FormatError(
                f"{func}: {path}: {place(k)}: cannot read the cell {_show(cell, 40)} as a number or an expression ({e})"
            ) from None
    return _convert(values, place, shape, path, target, func, texts)


def _read_all(ops: Any, texts: list[str], place: Callable[[int], str], path: str, func: str) -> list[Any]:
    """Every cell read by ``ops.parse``; a text seen before is read once (the first 4096 distinct ones are kept)."""
    seen: dict[str, Any] = {}
    values = []
    for k, text in enumerate(texts):
        value = seen.get(text, seen)
        if value is seen:
            value = _read_as(ops, text, k, place, path, func)
            if len(seen) < 4096:
                seen[text] = value
        values.append(value)
    return values


def _read_as(ops: Any, text: str, k: int, place: Callable[[int], str], path: str, func: str) -> Any:
    """Cell ``k`` read by ``ops.parse`` (the inverse of ``ops.format``), failures named by its place."""
    try:
        return ops.parse(text)
    except (TypeError, ValueError, ArithmeticError) as e:
        if _IEEE.match(text):  # inf and nan: IEEE values, for the ops that hold them
            return _ieee(ops, text, place(k), path, func)
        raise FormatError(
            f"{func}: {path}: {place(k)}: cannot read the cell {_show(text, 40)} as an element of {ops.name} ({e})"
        ) from None


def _from_json_lists(doc: Any, path: str, target: Any, func: str) -> Tensor[Any]:
    values: list[Any] = []
    places: list[str] = []
    texts: list[str | None] = []
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
            raise FormatError(f"{func}: {path}: {where}: cannot read {_show(node, 40)} ({e})") from None
        places.append(where)
        texts.append(node.strip() if isinstance(node, str) else None)

    walk(doc, "$", 0)
    if len(shape) not in (2, 3):
        raise FormatError(
            f"{func}: {path}: not a gentensor file (an object with \"format\": \"gentensor\") nor a matrix "
            f"(nested lists of depth 2) or a stack (depth 3) (got depth {len(shape)})"
        )
    return _convert(values, places.__getitem__, tuple(shape), path, target, func, texts)


def _text(v: Any, limit: int = 40) -> str:
    """``str(v)`` for a message: short, and never the decimal form of a huge int (slow, or refused)."""
    if type(v) is int and v.bit_length() > 4 * limit:
        return f"<an int of {v.bit_length()} bits>"
    try:
        text = str(v)
    except Exception:  # a digit limit, a deep tree
        return f"<{type(v).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


#: IEEE special values as a cell spells them (NumPy's and CSV writers' spellings).
_IEEE = re.compile(r"[+-]?(inf|infinity|nan)\Z", re.IGNORECASE)


def _is_number(v: Any) -> bool:
    return type(v) is int or type(v) is Fraction


def _unbounded(v: Any) -> bool:
    """Whether a parsed cell holds SymPy's infinities or NaN (``oo``, ``-oo``, ``zoo``, ``nan``)."""
    if type(v) is int or type(v) is Fraction or not hasattr(v, "has"):
        return False
    from sympy import S

    return bool(v.has(S.Infinity, S.NegativeInfinity, S.ComplexInfinity, S.NaN))


def _check_words(values: list[Any], place: Callable[[int], str], texts: list[Any], path: str, func: str) -> None:
    """Refuse, when the ops is inferred, IEEE words anywhere and bare names among numbers (see the module)."""
    for k, text in enumerate(texts):
        if text is not None and _IEEE.match(text):
            raise FormatError(
                f"{func}: {path}: {place(k)}: the cell {_show(text, 40)} is an IEEE special value, not an exact "
                "number; read inf and nan as floats with --ops float, or as symbols with --ops symbolic"
            )
    for k, v in enumerate(values):
        if _unbounded(v):
            raise FormatError(
                f"{func}: {path}: {place(k)}: the cell {_show(texts[k], 40)} is infinite or undefined (SymPy's "
                "oo, zoo or nan), not an exact number; read it with --ops symbolic if you mean it"
            )
    if not any(map(_is_number, values)):
        return
    words = [k for k, v in enumerate(values) if getattr(v, "is_Symbol", False) is True]
    if words and all(_is_number(v) or k in words for k, v in enumerate(values)):
        k = words[0]
        raise FormatError(
            f"{func}: {path}: {place(k)}: the cell {_show(texts[k], 40)} is a name among numbers; "
            "read names as symbols with --ops symbolic, or correct the cell"
        )


def _convert(
    values: list[Any], place: Callable[[int], str], shape: tuple[int, ...], path: str, target: Any, func: str,
    texts: list[Any],
) -> Tensor[Any]:
    try:
        check_shape(shape, func)
    except LimitError as e:
        raise FormatError(f"{func}: {path}: {str(e).removeprefix(func + ': ')}") from None
    if target is None:
        _check_words(values, place, texts, path, func)
    ops = target if target is not None else infer_ops(set(map(type, values)))
    out = []
    for k, (v, text) in enumerate(zip(values, texts)):
        try:
            out.append(ops.convert(v))
        except (TypeError, ValueError, ArithmeticError) as e:
            if text is not None and _IEEE.match(text):  # inf and nan: IEEE values, for the ops that hold them
                out.append(_ieee(ops, text, place(k), path, func))
                continue
            raise FormatError(f"{func}: {path}: {place(k)}: cannot convert {_text(v)} to {ops.name} ({e})") from None
    return Tensor._from_values(out, shape, ops)


def _ieee(ops: Any, text: str, where: str, path: str, func: str) -> Any:
    try:
        return ops.convert(float(text))
    except (TypeError, ValueError, ArithmeticError):
        raise FormatError(
            f"{func}: {path}: {where}: the cell {_show(text, 40)} is an IEEE special value, which {ops.name} "
            "cannot hold; read it with --ops float"
        ) from None


# -- writing ------------------------------------------------------------------------


def _rows_of_cells(x: Tensor[Any], func: str, name: str) -> list[list[list[str]]]:
    """The matrices of ``x`` (one, or each of a stack) as rows of ``ops.format`` texts."""
    if x.ndim not in (2, 3) or x.size == 0:
        raise ShapeError(
            f"{func}: the {name} format holds a matrix or a stack of matrices with elements (got shape {x.shape}); "
            "save as .json (the save format) to keep any shape"
        )
    if x.ndim == 3 and x.shape[0] == 1:
        raise ShapeError(
            f"{func}: a stack of one matrix (got shape {x.shape}) would read back from the {name} format as the "
            "matrix alone; save x[0], or save as .json (the save format) to keep the shape"
        )
    fmt = x.ops.format
    rows = x.tolist()
    return [[[fmt(v) for v in row] for row in m] for m in ([rows] if x.ndim == 2 else rows)]


def write_csv(x: Tensor[Any], func: str, delimiter: str = ",") -> str:
    """CSV text: one record per matrix row, a blank line between the matrices of a stack."""
    import csv

    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    for k, matrix in enumerate(_rows_of_cells(x, func, "CSV" if delimiter == "," else "TSV")):
        if k:
            out.write("\n")
        writer.writerows(matrix)
    return out.getvalue()


def write_tsv(x: Tensor[Any], func: str) -> str:
    """TSV text: as CSV, with tabs."""
    return write_csv(x, func, "\t")


def write_text(x: Tensor[Any], func: str) -> str:
    """Cells separated by one space; an element whose text holds whitespace is refused (it would split)."""
    blocks = []
    for matrix in _rows_of_cells(x, func, "text"):
        for row in matrix:
            for cell in row:
                if not cell or cell.split() != [cell] or "#" in cell:
                    raise DomainError(
                        f"{func}: the text format separates cells by whitespace, so the element {_show(cell, 40)} "
                        f"of {x.ops.name} cannot be written in it; save as .csv, .tsv or .json"
                    )
        blocks.append("".join(" ".join(row) + "\n" for row in matrix))
    return "\n".join(blocks)


def _write_json(x: Tensor[Any], func: str) -> str:
    return encode_document(x)


register_format(
    "json",
    suffixes=(".json", ".gt"),
    sniff=_sniff_json,
    read=read_json,
    write=_write_json,
    description="the save format (any tensor, exact, the ops named); reads nested JSON lists too",
)
register_format(
    "csv", suffixes=(".csv",), sniff=_sniff_csv, read=read_csv, write=write_csv, description="comma-separated cells"
)
register_format("tsv", suffixes=(".tsv",), read=read_tsv, write=write_tsv, description="tab-separated cells")
register_format(
    "text", suffixes=(".txt",), read=read_text, write=write_text, description="cells separated by whitespace"
)
