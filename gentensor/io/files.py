"""``gt.save`` and ``gt.load``: a tensor to and from a file, in any registered format.

The formats, and how one is chosen, are in `gentensor.io.formats`; the save
format itself in `._saveload` (its documents) and `._files` (writing a file
atomically: symbolic links, non-regular files, hard links and signals).
"""

from __future__ import annotations

import io
import os
from typing import IO, TYPE_CHECKING, Any, Optional, Union

from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError
from ..ops import OpsSpec
from ._files import read_regular, read_stream, write_atomic

if TYPE_CHECKING:
    from .formats import Format

__all__ = ["save", "load", "FileSpec"]

#: What ``save`` and ``load`` accept as their file: a path (str, bytes or path-like) or an open file object.
FileSpec = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]", IO[str], IO[bytes]]


def _is_file_object(f: Any, method: str) -> bool:
    return hasattr(f, method) and not isinstance(f, (str, bytes, os.PathLike))


def _path(f: Any, func: str) -> str:
    try:
        return os.fsdecode(os.fspath(f))
    except TypeError:
        raise ArgumentTypeError(
            f"{func}: expected a path (str or pathlib.Path) or an open file object (got {type(f).__name__})"
        ) from None


def _write_to_file_object(f: Any, text: str) -> None:
    """``text`` into an open file: as text for a text file, UTF-8 bytes for a binary one."""
    binary = isinstance(f, (io.RawIOBase, io.BufferedIOBase)) or "b" in str(getattr(f, "mode", ""))
    if not binary and not isinstance(f, io.TextIOBase):
        try:
            f.write(text)
            return
        except TypeError:  # a binary stream that does not say so
            binary = True
    f.write(text.encode("utf-8") if binary else text)


def save(path: FileSpec, x: Any, /, *, format: Optional[str] = None) -> None:
    """Write ``x`` to ``path``: in gentensor's exact, versioned JSON format, or the format its suffix names.

    The format is ``format`` when given (``"json"``, ``"csv"``, ``"tsv"``,
    ``"text"``, or another registered one), else the one the file's suffix
    names (``.csv``, ``.tsv``, ``.txt``), else the save format (``.json``,
    ``.gt`` and any other name, and a file object without a name).  Only the
    save format keeps every tensor as it is (any shape, the ops named); CSV,
    TSV and text hold a matrix or a stack of matrices, each element written
    as ``ops.format`` spells it, and are read back with the ops inferred from
    the cells unless ``gt.load`` is told ``ops=``.

    In the save format every value survives exactly: ints of any size, Fractions, modular ints,
    floats (shortest round-trip decimal), complexes, SymPy expressions (as a
    tree of whitelisted classes), and user-ring elements through
    ``ops.format`` (the ops must also have ``parse``).

    The write to a path is atomic: a temporary file next to the target
    replaces it only once complete, and is removed if anything goes wrong
    (an exception, Ctrl-C, a termination signal).  A symbolic link is
    followed (its target is replaced, the link stays); FIFOs and devices are
    refused; a file with several hard links is replaced at this path only.
    The details are in the "Limits and safety" page of the documentation.

    Parameters
    ----------
    path : str, path-like or file object
        The file to write (replaced when it exists), or an open file object
        (text or binary), which receives the document as it is (no atomic
        replacement: that is the caller's file).
    x : Tensor
        The tensor (anything [`gentensor.tensor`][gentensor.arrays.creation.tensor] accepts is converted first).
        A view writes only its own elements.
    format : str, optional
        The name of a registered format; by default chosen by the suffix.

    Raises
    ------
    DomainError
        An element or the ops cannot be written (a SymPy class outside the
        whitelist; a user ops without ``parse``).
    NotRegularFileError
        ``path`` is (or links to) a FIFO, a device or a socket.
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
    >>> import io
    >>> buffer = io.StringIO()
    >>> gt.save(buffer, [[1, 2], [3, 4]])
    >>> _ = buffer.seek(0)
    >>> gt.load(buffer).tolist()
    [[1, 2], [3, 4]]
    """
    if _is_file_object(path, "write"):
        writer = _writer(_name_of(path, ""), format)
        _write_to_file_object(path, writer(as_tensor(x, "save"), "save"))
        return
    name = _path(path, "save")
    writer = _writer(name, format)
    x = as_tensor(x, "save")
    write_atomic(name, writer(x, "save"), "save")


def _formats() -> Any:
    """The format registry, with the built-in formats (imported on first use: they cost import time)."""
    from . import _textmatrix, formats  # noqa: F401  (_textmatrix registers the built-in formats)

    return formats


def _writer(name: str, format: Optional[str]) -> Any:
    chosen: Format = _formats().choose_format(name, None, format, "json", "save")
    assert chosen.write is not None
    return chosen.write


def _name_of(f: Any, otherwise: str) -> str:
    shown = getattr(f, "name", None)
    return shown if isinstance(shown, str) else otherwise


def load(path: FileSpec, /, *, ops: OpsSpec | None = None, format: Optional[str] = None) -> Tensor[Any]:
    """Read a tensor written by [`save`][gentensor.io.files.save], or a matrix file; never evaluates code from the file.

    The format is ``format`` when given; else the first whose content
    matches (a JSON object or list: ``json``; a comma in the first row:
    ``csv``); else the one the suffix names (``.json``/``.gt``, ``.csv``,
    ``.tsv``, ``.txt``); else the save format.  A JSON file holds a saved
    tensor or nested lists (a matrix or a stack of matrices); the cells of
    CSV, TSV, text and JSON lists are read exactly as the command line reads
    them (see "Matrix files for the command line" in the file format page).

    Parameters
    ----------
    path : str, path-like or file object
        The file to read, or an open file object (text or binary) positioned
        at the document.
    ops : ops object, optional
        The ops of a user ring that is not registered with
        [`gentensor.register_ops`][gentensor.ops._registry.register_ops] (its ``name`` must match the file's).
        Registered user rings are found by name.  When given, it must be the
        file's ops (for a built-in, the same object), else FormatError.  For
        a matrix file (CSV, TSV, text, JSON lists) it is the element type the
        cells are read as (inferred from them when not given).
    format : str, optional
        The name of a registered format; by default chosen as above.

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
    LimitError
        The file has more than ``max_file_bytes`` bytes (checked before
        reading it).
    NotRegularFileError
        ``path`` is (or links to) a FIFO, a device or a socket (refused before
        reading: a FIFO would block, ``/dev/zero`` never ends).
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
    formats = _formats()
    if format is not None and format != "auto":
        formats.get_format(format, "load")  # an unknown name fails before the file is read
    if _is_file_object(path, "read"):
        name = _name_of(path, "<file object>")
        raw = read_stream(path, "load", name)  # at most max_file_bytes
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogatepass")  # a lone surrogate is then refused as not UTF-8
    else:
        name = _path(path, "load")
        raw = read_regular(name, "load")  # FIFOs and devices refused, the size checked before reading
    return formats.read_bytes(raw, formats.ReadRequest(name, "load", ops), fmt=format, default="json")
