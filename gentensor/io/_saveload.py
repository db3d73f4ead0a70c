"""The save format: a versioned JSON format that keeps every value exact (``gt.save``/``gt.load``, in ``files``).

The format is documented in ``docs/format.md``.  In short::

    {"format": "gentensor", "version": 1,
     "ops": {"builtin": "integers"},
     "shape": [2, 2],
     "data": [1, 2, 3, 4]}

``data`` lists the elements in C order; how one element is written depends on
the ops (integers as JSON numbers or hex strings, rationals as ``[p, q]``,
floats as their shortest round-trip decimal, SymPy expressions as trees of
whitelisted classes, a user ring through its ``format``/``parse``).

Loading never evaluates code: SymPy trees are rebuilt node by node from a
fixed table of classes (no ``eval``, ``sympify`` or parsing of strings from
the file), and anything outside that table is refused with
[`FormatError`][gentensor.errors.FormatError], which names the file and the place in it.  Writing goes
to a temporary file in the target's directory that replaces the target only
once complete, so an existing file is never left half-written (see
`._files` for symbolic links, non-regular files, hard links and signals).
"""

from __future__ import annotations

import json
import math
from typing import Any

from ..core.tensor import Tensor
from ..errors import FormatError, LimitError
from ..ops import defines, ElementOps, ops_from_spec, OpsSpec
from ..ops import CodecError as _Bad, show_value as _show
from ._files import write_atomic
from ..ops import checked_int
from ..resources import check_shape, get_limits

__all__ = [
    "FormatError",
    "loads",
    "FORMAT_VERSION",
    "encode_document",
    "decode_document",
    "parse_json",
    "write_atomic",
]

#: The version this gentensor writes; it reads every version up to this one.
FORMAT_VERSION = 1


def _ops_from_header(spec: Any, ops: OpsSpec | None) -> Any:
    found = ops_from_spec(spec, ops)
    if ops is not None and found is not ops:
        raise _Bad("ops", f"the file holds {found.name} elements but ops={ops!r} was passed")
    if "custom" in spec and not defines(found, "parse") and not defines(found, "from_json"):
        raise _Bad("ops", f"the ops {found.name!r} has no parse method to read its elements")
    return found


def _decode(ops: ElementOps, value: Any) -> Any:
    """One element through ``ops.from_json``; a user ops' failure becomes a codec error."""
    try:
        return ops.from_json(value)
    except _Bad:
        raise
    except Exception as e:  # a user ops' parser may raise anything on bad text
        member = "from_json" if defines(ops, "from_json") else "parse"
        raise _Bad("", f"{ops.name}.{member} refused {_show(value)} ({type(e).__name__}: {e})") from None


# -- documents -----------------------------------------------------------------------


def encode_document(x: Tensor[Any]) -> str:
    """The JSON text of the save format for ``x`` (elements in C order)."""
    ops = x.ops
    header = ops.spec()
    els = x._elements()
    if not ops.json_as_is(els):
        try:
            els = list(map(ops.to_json, els))
        except RecursionError:  # an element nested past what Python's stack takes (max_depth raised very high)
            raise LimitError(
                f"save: an element is nested too deeply to write (max_depth={get_limits().max_depth}); "
                "lower gt.limits(max_depth=...) to refuse such elements where they are made, or flatten them"
            ) from None
    head = json.dumps({"format": "gentensor", "version": FORMAT_VERSION, "ops": header, "shape": list(x.shape)})
    body = json.dumps(els, ensure_ascii=False, allow_nan=False)
    return head[:-1] + ', "data": ' + body + "}\n"


def decode_document(doc: Any, *, ops: OpsSpec | None = None) -> Tensor[Any]:
    """A tensor from a parsed save-format document; raises ``_Bad`` with a JSON path."""
    if not isinstance(doc, dict) or doc.get("format") != "gentensor":
        raise _Bad("$", "not a gentensor file (the top level must be an object with \"format\": \"gentensor\")")
    version = doc.get("version")
    if type(version) is not int or version < 1:
        raise _Bad("version", f"expected a positive integer version (got {_show(version)})")
    if version > FORMAT_VERSION:
        raise _Bad(
            "version",
            f"the file has format version {version}, this gentensor reads up to {FORMAT_VERSION}; upgrade gentensor",
        )
    extra = set(doc) - {"format", "version", "ops", "shape", "data"}
    missing = {"ops", "shape", "data"} - set(doc)
    if missing or extra:
        raise _Bad("$", f"expected keys format, version, ops, shape, data (missing {sorted(missing)}, unknown {sorted(extra)})")
    target = _ops_from_header(doc["ops"], ops)
    shape = doc["shape"]
    if not isinstance(shape, list) or not all(type(n) is int and n >= 0 for n in shape):
        raise _Bad("shape", f"expected a list of non-negative integers (got {_show(shape)})")
    try:
        check_shape(shape, "load")
    except LimitError as e:
        raise _Bad("shape", str(e).removeprefix("load: ")) from None
    data = doc["data"]
    if not isinstance(data, list):
        raise _Bad("data", f"expected a list of elements (got {_show(data)})")
    if len(data) != math.prod(shape):
        raise _Bad("data", f"shape {tuple(shape)} needs {math.prod(shape)} elements (got {len(data)})")
    if target.json_as_is(data):
        values = data
    else:
        values = []
        append = values.append
        k = 0
        try:
            for k, v in enumerate(data):
                append(_decode(target, v))
        except _Bad as bad:  # the place is computed only for the element that failed
            raise _Bad(_where(k, shape) + bad.where, bad.what) from None
    return Tensor._from_values(values, tuple(shape), target)  # packed now when the ops packs them


def _where(k: int, shape: list[int]) -> str:
    """``data[k]`` with the element's multi-index, for error messages."""
    idx, rest = [], k
    for n in reversed(shape):
        rest, r = divmod(rest, n)
        idx.append(r)
    return f"data[{k}] (element {idx[::-1]})"


def parse_json(raw: bytes | str, name: str, func: str = "load", parse_float: Any = None) -> Any:
    """Parse JSON text strictly (UTF-8, no NaN literals, no duplicate keys) or raise FormatError.

    Integer literals are held to ``max_digits`` before they are converted
    (CPython's decimal conversion is quadratic); ``parse_float`` may check
    decimals likewise (the matrix reader's exact decimals do).
    """
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as e:
        raise FormatError(f"{func}: {name}: byte {e.start}: the file is not UTF-8 text") from None
    # Without a run of more than max_digits digits anywhere, no integer literal can pass the limit: the
    # C parser's own int() then does what checked_int would (10x faster on a file of 10^6 integers).
    short = not _digit_run_over(raw if isinstance(raw, bytes) else text.encode("utf-8"), get_limits().max_digits)
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
            parse_float=parse_float,
            parse_int=None if short else checked_int,
        )
    except json.JSONDecodeError as e:
        raise FormatError(f"{func}: {name}: line {e.lineno}, column {e.colno}: invalid JSON ({e.msg})") from None
    except _Bad as bad:
        raise FormatError(f"{func}: {name}: {bad.what}") from None
    except RecursionError:
        raise FormatError(f"{func}: {name}: the JSON is nested too deeply") from None
    except LimitError as e:  # a number past max_digits or max_bits
        raise FormatError(f"{func}: {name}: {e}") from None
    except ValueError as e:  # e.g. an integer literal past Python's digit limit
        raise FormatError(f"{func}: {name}: invalid JSON ({e})") from None


#: Every ASCII digit to b"0", every other byte to b" ": a run of digits becomes a run of b"0".
_DIGITS_AS_ZERO = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))


def _digit_run_over(raw: bytes, limit: int) -> bool:
    """Whether ``raw`` holds more than ``limit`` ASCII digits in a row (two passes in C, no regular expression).

    Examples
    --------
    >>> _digit_run_over(b'[12, 345]', 3), _digit_run_over(b'[12, 3456]', 3)
    (False, True)
    """
    return b"0" * (limit + 1) in raw.translate(_DIGITS_AS_ZERO)


def loads(raw: bytes | str, *, name: str = "<string>", ops: OpsSpec | None = None, func: str = "load") -> Tensor[Any]:
    """A tensor from the bytes or text of a saved file (``name`` is used in error messages)."""
    doc = parse_json(raw, name, func)
    try:
        return decode_document(doc, ops=ops)
    except _Bad as bad:
        raise FormatError(f"{func}: {name}: {bad.where}: {bad.what}") from None
    except RecursionError:
        raise FormatError(f"{func}: {name}: the content is nested too deeply") from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _Bad("$", f"duplicate key {k!r} in a JSON object")
        out[k] = v
    return out


def _no_constant(name: str) -> Any:
    raise _Bad("$", f"{name} is not valid JSON; write non-finite floats as the strings \"inf\", \"-inf\", \"nan\"")
