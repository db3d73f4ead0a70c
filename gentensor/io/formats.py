"""The file formats: one registry that ``gt.load``, ``gt.save`` and the command line go through.

A format is a name, the file-name suffixes that choose it, a *sniff* (does
this content look like the format?), a reader and a writer.  The built-in
ones (registered by ``_textmatrix``) are:

=========  ===================  ==============================================  ==============================
name       suffixes             content it claims                               writes
=========  ===================  ==============================================  ==============================
``json``   ``.json``, ``.gt``   starts with ``{`` or ``[``                      the save format (any shape, the ops kept)
``csv``    ``.csv``             a comma outside parentheses in the first row    a matrix or a stack, one row per line
``tsv``    ``.tsv``             --                                              the same with tabs
``text``   ``.txt``             --                                              cells separated by one space
=========  ===================  ==============================================  ==============================

Reading ``json`` takes a save-format document (``{"format": "gentensor",
...}``) or nested lists of numbers and strings.  Which format reads a file
(`choose_format`): the one asked for; else the first whose sniff claims
the content (in the order of registration); else the one its suffix names;
else the caller's default (``json`` for ``gt.load``, ``text`` for the command
line).  Writing chooses by the suffix, else the default (``json``).

A new format is one `register_format` call in ``_textmatrix`` (or a
module of its own that ``_textmatrix`` imports); ``gt.load``, ``gt.save`` and
the command line's ``--format`` choices then know it.  Readers refuse bad
content with [`FormatError`][gentensor.errors.FormatError] naming the file and
the place (line and cell, or a JSON path); writers refuse a tensor the
format cannot hold with an error that names another format.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable, Optional

from ..core.tensor import Tensor
from ..errors import ArgumentValueError
from ..ops import OpsSpec

__all__ = [
    "Format",
    "ReadRequest",
    "register_format",
    "unregister_format",
    "get_format",
    "format_names",
    "choose_format",
    "read_bytes",
]


@dataclass(frozen=True)
class ReadRequest:
    """What a reader is asked: the file's name for messages, and how to read its elements.

    ``ops`` is the element type asked for (an ops, an ops name such as
    ``"mod:7"``, or ``None`` to infer it from the cells).  For a save-format
    document, ``convert`` says what ``ops`` means: ``True`` (the command
    line) converts what the file holds to ``ops``; ``False`` (``gt.load``)
    takes ``ops`` as the file's own, which must match it (a user ring that is
    not registered).  ``header`` skips a header row of names (CSV, TSV,
    text).  ``func`` begins every error message.
    """

    name: str
    func: str = "load"
    ops: Optional[OpsSpec] = None
    convert: bool = False
    header: bool = False


#: A reader: the file's bytes (a UTF-8 byte-order mark already removed) and the request, to a tensor.
Reader = Callable[[bytes, ReadRequest], "Tensor[Any]"]
#: A writer: the tensor and the calling function's name (for messages), to the file's text.
Writer = Callable[["Tensor[Any]", str], str]
#: A sniff: the file's bytes, to whether the content looks like the format.
Sniff = Callable[[bytes], bool]


@dataclass(frozen=True)
class Format:
    """A registered file format (see the module docstring)."""

    name: str
    suffixes: tuple[str, ...]
    sniff: Optional[Sniff]
    read: Optional[Reader]
    write: Optional[Writer]
    description: str


_FORMATS: dict[str, Format] = {}


def register_format(
    name: str,
    *,
    suffixes: tuple[str, ...] = (),
    sniff: Optional[Sniff] = None,
    read: Optional[Reader] = None,
    write: Optional[Writer] = None,
    description: str = "",
) -> Format:
    """Add the format ``name`` (or replace the one of that name); returns it.

    ``suffixes`` are lower-case file-name endings with their dot (``".csv"``);
    a suffix belongs to one format only.  ``sniff`` should look at little of
    the content (the first line, the first byte) and never raise.  A format
    without ``read`` (or ``write``) is refused for reading (or writing) with a
    message naming the ones that can.
    """
    if not name or not name.isidentifier() or name == "auto":
        raise ArgumentValueError(f"register_format: a format name is a word other than 'auto' (got {name!r})")
    for suffix in suffixes:
        if not suffix.startswith(".") or suffix != suffix.lower():
            raise ArgumentValueError(f"register_format: a suffix is lower case and starts with a dot (got {suffix!r})")
        owner = next((f.name for f in _FORMATS.values() if suffix in f.suffixes and f.name != name), None)
        if owner is not None:
            raise ArgumentValueError(f"register_format: the suffix {suffix!r} belongs to the format {owner!r}")
    fmt = Format(name, tuple(suffixes), sniff, read, write, description)
    _FORMATS[name] = fmt
    return fmt


def unregister_format(name: str) -> None:
    """Remove the format ``name`` (nothing happens when there is none)."""
    _FORMATS.pop(name, None)


def format_names(*, readable: bool = False, writable: bool = False) -> tuple[str, ...]:
    """The registered formats' names in the order of registration (those that can read or write, if asked)."""
    return tuple(
        f.name
        for f in _FORMATS.values()
        if (not readable or f.read is not None) and (not writable or f.write is not None)
    )


def get_format(name: str, func: str, *, reading: bool = True) -> Format:
    """The format ``name``, able to read (or, with ``reading=False``, to write); else ArgumentValueError."""
    fmt = _FORMATS.get(name) if isinstance(name, str) else None
    able = fmt is not None and (fmt.read if reading else fmt.write) is not None
    if not able:
        names = format_names(readable=reading, writable=not reading)
        verb = "read" if reading else "write"
        raise ArgumentValueError(
            f"{func}: no format named {name!r} can {verb} files (got format={name!r}); known: {', '.join(names)}"
        )
    assert fmt is not None
    return fmt


def _by_suffix(name: str, reading: bool) -> Optional[Format]:
    suffix = os.path.splitext(name)[1].lower()
    if not suffix:
        return None
    for fmt in _FORMATS.values():
        if suffix in fmt.suffixes and (fmt.read if reading else fmt.write) is not None:
            return fmt
    return None


def choose_format(name: str, raw: Optional[bytes], fmt: Optional[str], default: str, func: str) -> Format:
    """The format that reads ``raw`` (the content of the file ``name``), or writes to ``name`` when ``raw`` is None.

    ``fmt`` names it outright (``None`` or ``"auto"``: choose).  Reading
    tries the sniffs in the order of registration, then the suffix, then
    ``default``; writing tries the suffix, then ``default``.
    """
    reading = raw is not None
    if fmt is not None and fmt != "auto":
        return get_format(fmt, func, reading=reading)
    if raw is not None:
        for candidate in _FORMATS.values():
            if candidate.sniff is not None and candidate.read is not None and candidate.sniff(raw):
                return candidate
    found = _by_suffix(name, reading)
    return found if found is not None else get_format(default, func, reading=reading)


def read_bytes(raw: bytes, request: ReadRequest, *, fmt: Optional[str] = None, default: str = "json") -> Tensor[Any]:
    """The tensor in ``raw`` (a file's content), read by the format `choose_format` picks."""
    raw = raw.removeprefix(b"\xef\xbb\xbf")  # spreadsheets save CSV with a UTF-8 byte-order mark
    reader = choose_format(request.name, raw, fmt, default, request.func).read
    assert reader is not None
    return reader(raw, request)
