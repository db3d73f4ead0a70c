"""``gt.save`` / ``gt.load``: a versioned JSON format that keeps every value exact.

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
:class:`FormatError`, which names the file and the place in it.  Writing goes
to a temporary file in the target's directory that replaces the target only
once complete, so an existing file is never left half-written.
"""

from __future__ import annotations

import json
import math
import os
import secrets
import stat
from fractions import Fraction
from typing import Any, Callable

from ..ops._codec import (
    _SAFE_INT,
    FormatError,
    _Bad,
    _decode_expr,
    _show,
    decode_float,
    decode_int,
    encode_expr,
    encode_float,
    encode_int,
)
from ..core.tensor import Tensor
from ..errors import DomainError
from ..ops import booleans, complexes, floats, integers, modular, objects, rationals, symbolic
from ..ops._modular import ModularOps

__all__ = ["FormatError", "save", "load", "loads", "FORMAT_VERSION", "encode_document", "decode_document", "parse_json"]

#: The version this gentensor writes; it reads every version up to this one.
FORMAT_VERSION = 1

_BUILTINS: dict[str, Any] = {o.name: o for o in (booleans, integers, rationals, floats, complexes, symbolic, objects)}

# -- elements of each ops -------------------------------------------------------------

_OBJECT_TAGS = ("int", "fraction", "float", "complex", "bool", "str", "none", "sympy")


def _encode_object(v: Any) -> list[Any]:
    if v is None:
        return ["none"]
    if type(v) is bool:
        return ["bool", v]
    if type(v) is int:
        return ["int", encode_int(v)]
    if type(v) is Fraction:
        return ["fraction", encode_int(v.numerator), encode_int(v.denominator)]
    if type(v) is float:
        return ["float", encode_float(v)]
    if type(v) is complex:
        return ["complex", encode_float(v.real), encode_float(v.imag)]
    if type(v) is str:
        return ["str", v]
    if getattr(type(v), "__module__", "").startswith("sympy"):
        return ["sympy", encode_expr(v)]
    raise DomainError(
        f"save: an objects tensor can hold only None, bool, int, Fraction, float, complex, str and SymPy "
        f"elements in a file (got {type(v).__name__}); register an ops with format/parse for your type"
    )


def _decode_object(v: Any, where: str) -> Any:
    if not isinstance(v, list) or not v or v[0] not in _OBJECT_TAGS:
        raise _Bad(where, f"expected a tagged element [\"int\" | \"fraction\" | ..., value] (got {_show(v)})")
    tag, args = v[0], v[1:]
    want = {"none": 0, "fraction": 2, "complex": 2}.get(tag, 1)
    if len(args) != want:
        raise _Bad(where, f"a {tag!r} element takes {want} value(s) (got {len(args)})")
    if tag == "none":
        return None
    if tag == "bool":
        if type(args[0]) is not bool:
            raise _Bad(where, f"expected true or false (got {_show(args[0])})")
        return args[0]
    if tag == "int":
        return decode_int(args[0], where)
    if tag == "fraction":
        return _decode_fraction(args, where)
    if tag == "float":
        return decode_float(args[0], where)
    if tag == "complex":
        return complex(decode_float(args[0], where), decode_float(args[1], where))
    if tag == "str":
        if not isinstance(args[0], str):
            raise _Bad(where, f"expected a string (got {_show(args[0])})")
        return args[0]
    return _decode_expr(args[0], where, 0)


def _decode_fraction(v: Any, where: str) -> Fraction:
    if not isinstance(v, list) or len(v) != 2:
        raise _Bad(where, f"expected a rational [numerator, denominator] (got {_show(v)})")
    p, q = decode_int(v[0], where), decode_int(v[1], where)
    if q == 0:
        raise _Bad(where, "a rational with denominator 0")
    return Fraction(p, q)


def _decode_bool(v: Any, where: str) -> bool:
    if type(v) is not bool:
        raise _Bad(where, f"expected true or false (got {_show(v)})")
    return v


def _decode_complex(v: Any, where: str) -> complex:
    if not isinstance(v, list) or len(v) != 2:
        raise _Bad(where, f"expected a complex [real, imag] (got {_show(v)})")
    return complex(decode_float(v[0], where), decode_float(v[1], where))


def _element_codec(ops: Any) -> tuple[Callable[[Any], Any], Callable[[Any, str], Any]]:
    """(encode, decode) of one element of ``ops``."""
    if ops is booleans:
        return bool, _decode_bool
    if ops is integers:
        return encode_int, decode_int
    if ops is rationals:
        return (lambda q: [encode_int(q.numerator), encode_int(q.denominator)]), _decode_fraction
    if ops is floats:
        return encode_float, decode_float
    if ops is complexes:
        return (lambda z: [encode_float(z.real), encode_float(z.imag)]), _decode_complex
    if ops is symbolic:
        return encode_expr, (lambda v, where: _decode_expr(v, where, 0))
    if ops is objects:
        return _encode_object, _decode_object
    if isinstance(ops, ModularOps):
        n = ops.n

        def decode_mod(v: Any, where: str) -> int:
            k = decode_int(v, where)
            if not 0 <= k < n:
                raise _Bad(where, f"an element of modular({n}) must lie in [0, {n}) (got {k})")
            return k

        return encode_int, decode_mod
    parse = getattr(ops, "parse", None)

    def decode_custom(v: Any, where: str) -> Any:
        if not isinstance(v, str):
            raise _Bad(where, f"expected the text of a {ops.name} element (got {_show(v)})")
        try:
            return parse(v)  # type: ignore[misc]
        except Exception as e:  # the user's parser may raise anything on bad text
            raise _Bad(where, f"{ops.name}.parse refused {_show(v)} ({type(e).__name__}: {e})") from None

    def encode_custom(v: Any) -> str:
        text = ops.format(v)
        if not isinstance(text, str):
            raise DomainError(f"save: {ops.name}.format must return a str (got {_show(text)} for {_show(v)})")
        return text

    return encode_custom, decode_custom


def _ops_header(ops: Any) -> dict[str, Any]:
    if isinstance(ops, ModularOps):
        return {"builtin": "modular", "n": encode_int(ops.n)}
    name = ops.name
    if _BUILTINS.get(name) is ops:
        return {"builtin": name}
    if not callable(getattr(ops, "parse", None)):
        raise DomainError(
            f"save: the ops {ops.name} has no parse method, so its elements could not be read back "
            f"(got ops={ops!r}); define parse(text) as the inverse of format(element)"
        )
    return {"custom": ops.name}


def _registered_ops(name: str) -> Any:
    from ..ops._registry import _registered

    for ops in _registered.values():
        if getattr(ops, "name", None) == name and _BUILTINS.get(name) is not ops:
            return ops
    return None


def _ops_from_header(spec: Any, ops: Any) -> Any:
    found = _header_ops(spec, ops)
    if ops is not None and found is not ops:
        raise _Bad("ops", f"the file holds {found.name} elements but ops={ops!r} was passed")
    return found


def _header_ops(spec: Any, ops: Any) -> Any:
    if not isinstance(spec, dict):
        raise _Bad("ops", f"expected an object like {{\"builtin\": \"integers\"}} (got {_show(spec)})")
    if set(spec) == {"builtin"} and isinstance(spec["builtin"], str) and spec["builtin"] in _BUILTINS:
        return _BUILTINS[spec["builtin"]]
    if set(spec) == {"builtin", "n"} and spec["builtin"] == "modular":
        n = decode_int(spec["n"], "ops.n")
        if n < 2:
            raise _Bad("ops.n", f"the modulus must be at least 2 (got {n})")
        return modular(n)
    if set(spec) == {"custom"} and isinstance(spec["custom"], str):
        name = spec["custom"]
        found = ops if ops is not None else _registered_ops(name)
        if found is None:
            raise _Bad(
                "ops",
                f"unknown ops {name!r}; register it with gt.register_ops(cls, ops) before loading, "
                "or pass load(path, ops=...)",
            )
        if getattr(found, "name", None) != name:
            raise _Bad("ops", f"the file holds {name!r} elements but ops={found!r} was passed")
        if not callable(getattr(found, "parse", None)):
            raise _Bad("ops", f"the ops {name!r} has no parse method to read its elements")
        return found
    raise _Bad("ops", f"unknown ops {_show(spec)}; built-ins are {', '.join(_BUILTINS)} and modular")


# -- documents -----------------------------------------------------------------------


def encode_document(x: Tensor[Any]) -> str:
    """The JSON text of the save format for ``x`` (elements in C order)."""
    ops = x.ops
    header = _ops_header(ops)
    els = x._elements()
    if not _written_as_is(ops, els):
        encode, _ = _element_codec(ops)
        els = list(map(encode, els))
    head = json.dumps({"format": "gentensor", "version": FORMAT_VERSION, "ops": header, "shape": list(x.shape)})
    body = json.dumps(els, ensure_ascii=False, allow_nan=False)
    return head[:-1] + ', "data": ' + body + "}\n"


def decode_document(doc: Any, *, ops: Any = None) -> Tensor[Any]:
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
    data = doc["data"]
    if not isinstance(data, list):
        raise _Bad("data", f"expected a list of elements (got {_show(data)})")
    if len(data) != math.prod(shape):
        raise _Bad("data", f"shape {tuple(shape)} needs {math.prod(shape)} elements (got {len(data)})")
    if _written_as_is(target, data):
        values = data
    else:
        _, decode = _element_codec(target)
        values = []
        append = values.append
        k = 0
        try:
            for k, v in enumerate(data):
                append(decode(v, ""))
        except _Bad as bad:  # the place is computed only for the element that failed
            raise _Bad(_where(k, shape) + bad.where, bad.what) from None
    if not isinstance(target, ModularOps) and _BUILTINS.get(target.name) is not target:
        values = _convert(target, values, shape)
    return Tensor._from_flat(values, tuple(shape), target)


def _written_as_is(ops: Any, values: list[Any]) -> bool:
    """True when every element is its own JSON form (the fast path for the common ops)."""
    if not values:
        return True
    if ops is not integers and ops is not floats and ops is not booleans and not isinstance(ops, ModularOps):
        return False
    types = set(map(type, values))
    if ops is integers or isinstance(ops, ModularOps):
        if types != {int}:
            return False
        lo, hi = min(values), max(values)
        if ops is integers:
            return -_SAFE_INT <= lo and hi <= _SAFE_INT
        return 0 <= lo and hi < min(getattr(ops, "n"), _SAFE_INT + 1)
    if ops is floats:
        return types == {float} and all(map(math.isfinite, values))
    return types == {bool}


def _convert(ops: Any, values: list[Any], shape: list[int]) -> list[Any]:
    """Checked ``ops.convert`` of what a user ops's ``parse`` returned."""
    out = []
    for k, v in enumerate(values):
        try:
            out.append(ops.convert(v))
        except Exception as e:  # ops.convert raises TypeError by contract, user code may raise others
            raise _Bad(_where(k, shape), f"{ops.name} refused the value ({type(e).__name__}: {e})") from None
    return out


def _where(k: int, shape: list[int]) -> str:
    """``data[k]`` with the element's multi-index, for error messages."""
    idx, rest = [], k
    for n in reversed(shape):
        rest, r = divmod(rest, n)
        idx.append(r)
    return f"data[{k}] (element {idx[::-1]})"


# -- files -----------------------------------------------------------------------------


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file that replaces it only once complete."""
    path = os.fspath(path)
    folder, name = os.path.split(os.path.abspath(path))
    tmp = os.path.join(folder, f".{name}.{secrets.token_hex(6)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies, as for open()
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.chmod(tmp, stat.S_IMODE(os.stat(path).st_mode))  # keep an existing file's permissions
        except FileNotFoundError:
            pass
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def save(path: str | os.PathLike[str], x: Any, /) -> None:
    """Write ``x`` to ``path`` in gentensor's exact, versioned JSON format.

    Every value survives exactly: ints of any size, Fractions, modular ints,
    floats (shortest round-trip decimal), complexes, SymPy expressions (as a
    tree of whitelisted classes), and user-ring elements through
    ``ops.format`` (the ops must also have ``parse``).  The write is atomic:
    the file is replaced only once the new content is complete.

    Parameters
    ----------
    path : str or path-like
        The file to write (replaced when it exists).
    x : Tensor
        The tensor (anything :func:`gentensor.tensor` accepts is converted first).
        A view writes only its own elements.

    Raises
    ------
    DomainError
        An element or the ops cannot be written (a SymPy class outside the
        whitelist; a user ops without ``parse``).
    OSError
        The file cannot be written (the existing file is left as it was).

    Examples
    --------
    >>> import gentensor as gt, os, tempfile
    >>> from fractions import Fraction
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "h.json")
    ...     gt.save(path, gt.tensor([[1, Fraction(1, 2)], [Fraction(-1, 3), 2**70]]))
    ...     y = gt.load(path)
    >>> y.ops, y[1, 1] == 2**70, y.tolist()[:1]
    (rationals, True, [[Fraction(1, 1), Fraction(1, 2)]])
    """
    if not isinstance(x, Tensor):
        from ..arrays.creation import tensor

        x = tensor(x)
    write_atomic(path, encode_document(x))


def load(path: str | os.PathLike[str], /, *, ops: Any = None) -> Tensor[Any]:
    """Read a tensor written by :func:`save`; never evaluates code from the file.

    Parameters
    ----------
    path : str or path-like
        The file to read.
    ops : ops object, optional
        The ops of a user ring that is not registered with
        :func:`gentensor.register_ops` (its ``name`` must match the file's).
        Registered user rings are found by name.  When given, it must be the
        file's ops (for a built-in, the same object), else FormatError.

    Returns
    -------
    Tensor
        A new tensor with the saved ops, shape and exact elements.

    Raises
    ------
    FormatError
        The file is not valid: malformed or truncated JSON, an unknown version,
        an unknown ops, a wrong element count, a bad element, a SymPy tree
        naming a class outside the whitelist.  The message names the file and
        the place (line and column, or a path such as ``data[3]``).
    OSError
        The file cannot be read.

    Examples
    --------
    >>> import gentensor as gt, os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "m.json")
    ...     gt.save(path, gt.tensor([3, 5, 6], ops=gt.modular(7)))
    ...     with open(path) as f:
    ...         print(f.read().strip())
    ...     y = gt.load(path)
    {"format": "gentensor", "version": 1, "ops": {"builtin": "modular", "n": 7}, "shape": [3], "data": [3, 5, 6]}
    >>> y
    tensor([3, 5, 6], ops=modular(7))
    """
    name = os.fspath(path)
    with open(name, "rb") as f:
        raw = f.read()
    return loads(raw, name=str(name), ops=ops)


def parse_json(raw: bytes | str, name: str, func: str = "load", parse_float: Any = None) -> Any:
    """Parse JSON text strictly (UTF-8, no NaN literals, no duplicate keys) or raise FormatError."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as e:
        raise FormatError(f"{func}: {name}: byte {e.start}: the file is not UTF-8 text") from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant, parse_float=parse_float)
    except json.JSONDecodeError as e:
        raise FormatError(f"{func}: {name}: line {e.lineno}, column {e.colno}: invalid JSON ({e.msg})") from None
    except _Bad as bad:
        raise FormatError(f"{func}: {name}: {bad.what}") from None
    except RecursionError:
        raise FormatError(f"{func}: {name}: the JSON is nested too deeply") from None
    except ValueError as e:  # e.g. an integer literal past Python's digit limit
        raise FormatError(f"{func}: {name}: invalid JSON ({e})") from None


def loads(raw: bytes | str, *, name: str = "<string>", ops: Any = None, func: str = "load") -> Tensor[Any]:
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
