"""Display: NumPy-style ``repr``/``str`` with aligned columns, summarised past a threshold.

Only the elements that are shown are ever formatted, so the repr of a
10^6-element tensor costs a few dozen ``ops.format`` calls.  An element whose
``format`` raises is shown through ``repr`` instead, and a tensor that cannot
be laid out at all (a SymPy tree too deep to print, an ops whose name
raises) is shown by its shape: display never raises.
"""

from __future__ import annotations

import contextlib
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any, Iterator

from .._docs import public_dir as _public_dir
from ..errors import ArgumentValueError
from ..ops import ElementOps
from ..core.storage import reader

__all__ = ["printoptions", "PrintOptions", "get_printoptions", "tensor_repr", "tensor_str", "DISPLAYS", "fallback_text"]
__dir__ = _public_dir(globals())  # the public names, not the imports this module is built from


@dataclass(frozen=True)
class PrintOptions:
    """How tensors are displayed.

    Attributes
    ----------
    threshold : int
        Tensors with more elements than this are summarised with ``...``.
    edgeitems : int
        Elements shown at each end of a summarised axis.
    linewidth : int
        Characters per line before a row wraps.
    display : {"auto", "latex", "html", "text"}
        What Jupyter shows: ``"auto"`` typesets symbolic and rational tensors
        as LaTeX and shows the others as an HTML table; ``"latex"`` and
        ``"html"`` choose one form for every tensor; ``"text"`` leaves only
        the plain ``repr``.
    """

    threshold: int = 1000
    edgeitems: int = 3
    linewidth: int = 75
    display: str = "auto"


_options: ContextVar[PrintOptions] = ContextVar("gentensor_printoptions", default=PrintOptions())


def get_printoptions() -> PrintOptions:
    """The display options in force (in this thread / task).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.get_printoptions().threshold
    1000
    """
    return _options.get()


#: The values of ``printoptions(display=...)``.
DISPLAYS = ("auto", "latex", "html", "text")


@contextlib.contextmanager
def printoptions(
    *,
    threshold: int | None = None,
    edgeitems: int | None = None,
    linewidth: int | None = None,
    display: str | None = None,
) -> Iterator[PrintOptions]:
    """Context manager that sets display options inside a ``with`` block.

    The setting is a context variable: other threads and async tasks keep
    their own.  ``display`` chooses what Jupyter shows (see
    `PrintOptions`): by default typeset LaTeX for symbolic and
    rational tensors, an HTML table for the others.

    Examples
    --------
    >>> import gentensor as gt
    >>> with gt.printoptions(threshold=5, edgeitems=2):
    ...     print(repr(gt.arange(10)))
    tensor([0, 1, ..., 8, 9], shape=(10,), ops=integers)
    >>> with gt.printoptions(display="html"):
    ...     gt.symbols("a", 2)._repr_latex_() is None
    True
    """
    changes: dict[str, Any] = {
        k: v for k, v in (("threshold", threshold), ("edgeitems", edgeitems), ("linewidth", linewidth)) if v is not None
    }
    for k, v in changes.items():
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ArgumentValueError(f"printoptions: {k} must be a non-negative int (got {v!r})")
    if display is not None:
        if display not in DISPLAYS:
            raise ArgumentValueError(f"printoptions: display must be one of {', '.join(map(repr, DISPLAYS))} (got {display!r})")
        changes["display"] = display
    token = _options.set(replace(_options.get(), **changes))
    try:
        yield _options.get()
    finally:
        _options.reset(token)


def _fmt(ops: ElementOps, v: Any) -> str:
    try:
        return str(ops.format(v))
    except Exception:
        try:
            return repr(v)
        except Exception:
            return f"<{type(v).__name__}>"


def shown_indices(n: int, summarise: bool, edge: int) -> list[int | None]:
    """The indices shown along an axis of length ``n``; ``None`` marks the gap of a summary.

    Examples
    --------
    >>> shown_indices(10, True, 2)
    [0, 1, None, 8, 9]
    """
    if summarise and n > 2 * edge:
        return [*range(edge), None, *range(n - edge, n)]
    return list(range(n))


def _render(x: Any, sep: str, indent: int, opts: PrintOptions, suffix: int = 0) -> str:
    """The bracketed body of ``x`` (ndim >= 1), aligned, summarised, wrapped.

    ``indent`` is the width of the text before the opening bracket and
    ``suffix`` the width kept free after the closing one.
    """
    data, shape, strides = reader(x._store), x.shape, x.strides
    ndim = len(shape)
    summarise = x.size > opts.threshold
    edge = opts.edgeitems
    shown = [shown_indices(n, summarise, edge) for n in shape]
    ops = x.ops

    # Pass 1: format the visible elements to know the column width.
    cells: dict[int, str] = {}

    def collect(offset: int, axis: int) -> None:
        if axis == ndim:
            if offset not in cells:
                cells[offset] = _fmt(ops, data[offset])
            return
        s = strides[axis]
        for i in shown[axis]:
            if i is not None:
                collect(offset + i * s, axis + 1)

    collect(x._layout.offset, 0)
    width = max((len(c) for c in cells.values()), default=0)

    # Pass 2: lay out the nested brackets, wrapping rows as NumPy does: a line
    # holds its indentation and must leave room for the closing brackets.
    def block(offset: int, axis: int, hanging: str, room: int) -> str:
        s = strides[axis]
        if axis == ndim - 1:
            limit = room - max(len(sep.rstrip()), 1)
            text, line = "", hanging
            last = len(shown[axis]) - 1
            for k, i in enumerate(shown[axis]):
                word = "..." if i is None else cells[offset + i * s].rjust(width)
                if len(line) + len(word) > limit and len(line) > len(hanging):
                    text += line.rstrip() + "\n"
                    line = hanging
                line += word + (sep if k < last else "")
            text += line
        else:
            joiner = sep.rstrip() + "\n" * (ndim - axis - 1)
            text = joiner.join(
                hanging + ("..." if i is None else block(offset + i * s, axis + 1, hanging + " ", room - 1))
                for i in shown[axis]
            )
        return "[" + text[len(hanging) :] + "]"

    return block(x._layout.offset, 0, " " * (indent + 1), opts.linewidth - suffix)


def tensor_repr(x: Any) -> str:
    """``repr(x)``: ``tensor([...], ops=name)``, summarised past the threshold.

    Examples
    --------
    >>> import gentensor as gt
    >>> print(repr(gt.zeros((2, 0))))
    tensor([], shape=(2, 0), ops=integers)
    """
    try:
        return _tensor_repr(x)
    except Exception:  # RecursionError, MemoryError, a user ops' failure: never raise from repr
        return fallback_text(x)


def fallback_text(x: Any) -> str:
    """What display shows when a tensor cannot be laid out: its shape and ops, no elements.

    Examples
    --------
    >>> import gentensor as gt
    >>> fallback_text(gt.zeros((2, 3)))
    'tensor(<6 elements not shown>, shape=(2, 3), ops=integers)'
    """
    try:
        name = getattr(x.ops, "name", None) or type(x.ops).__name__
    except Exception:
        name = "?"
    try:
        return f"tensor(<{x.size} elements not shown>, shape={x.shape}, ops={name})"
    except Exception:
        return "tensor(<not shown>)"


def _tensor_repr(x: Any) -> str:
    opts = _options.get()
    name = getattr(x.ops, "name", repr(x.ops))
    if x.ndim == 0:
        return f"tensor({_fmt(x.ops, x._at(x._layout.offset))}, ops={name})"
    if x.size == 0:
        shape = f"shape={x.shape}, " if x.ndim > 1 or x.shape != (0,) else ""
        return f"tensor([], {shape}ops={name})"
    # A summarised body hides the shape, so it is spelled out (as NumPy 2 does);
    # the extras go on their own line when the last line has no room for them.
    extras = (f"shape={x.shape}, " if x.size > opts.threshold else "") + f"ops={name})"
    body = "tensor(" + _render(x, ", ", len("tensor("), opts, len(")")) + ","
    last_line = len(body) - (body.rfind("\n") + 1)
    spacer = " " if last_line + len(extras) + 1 <= opts.linewidth else "\n" + " " * len("tensor(")
    return body + spacer + extras


def tensor_str(x: Any) -> str:
    """``str(x)``: the elements in brackets separated by spaces, as NumPy prints.

    Examples
    --------
    >>> import gentensor as gt
    >>> print(gt.tensor([[1, 22], [333, 4]]))
    [[  1  22]
     [333   4]]
    """
    try:
        return _tensor_str(x)
    except Exception:  # never raise from str
        return fallback_text(x)


def _tensor_str(x: Any) -> str:
    opts = _options.get()
    if x.ndim == 0:
        return _fmt(x.ops, x._at(x._layout.offset))
    if x.size == 0:
        return "[]"
    return _render(x, " ", 0, opts)
