"""Rich display for Jupyter: a tensor as LaTeX (``bmatrix``) and as an HTML table.

``Tensor._repr_latex_`` and ``Tensor._repr_html_`` delegate here.  Both forms
follow [`gentensor.display.get_printoptions`][gentensor.display.get_printoptions]: a tensor with more than
``threshold`` elements shows ``edgeitems`` entries at each end of every long
axis, with ``\\cdots`` / ``\\vdots`` / ``\\ddots`` (LaTeX) or ellipsis cells
(HTML) for the rest.  Only the elements shown are ever formatted, so a
1000x1000 tensor displays as fast as a 7x7 one.

Display never raises on account of an element: when ``ops.latex`` (or
``ops.format``) fails for an element, that element is shown through ``repr``.

Which form Jupyter shows follows ``printoptions(display=...)``:
`latex_repr` and `html_repr` (behind ``_repr_latex_`` and
``_repr_html_``) return ``None`` for the form not chosen, so a notebook shows
typeset mathematics for symbolic and rational tensors and a table for the
others.  Python floats, complex numbers and booleans are typeset as
mathematics too (``\\infty``, ``\\mathrm{NaN}``, ``1 + 2i``,
``1.5 \\times 10^{-7}``), never as bare text.

Layout of N-d tensors in LaTeX: the last two axes form a ``bmatrix``; the
axes before them nest as blocks, alternating a row of blocks (the innermost
block axis) and a column of blocks, so a 4-d tensor reads as a grid of
matrices.
"""

from __future__ import annotations

import html
import re
from typing import Any, Callable

from . import fallback_text, get_printoptions, shown_indices
from ..ops import ElementOps, capabilities_of
from ..core.storage import reader

__all__ = ["tensor_latex", "tensor_html", "latex_repr", "html_repr", "chosen_display", "number_latex"]

_LATEX_SPECIAL = {
    "\\": r"\backslash{}",
    "{": r"\{",
    "}": r"\}",
    "#": r"\#",
    "$": r"\$",
    "%": r"\%",
    "&": r"\&",
    "_": r"\_",
    "^": r"\hat{\ }",
    "~": r"\sim{}",
    " ": r"\ ",
    "\n": r"\ ",
}


def _safe_repr(v: Any) -> str:
    try:
        return repr(v)
    except Exception:
        return f"<{type(v).__name__}>"


def _latex_text(text: str) -> str:
    """``text`` typeset verbatim in math mode (every special character escaped)."""
    return r"\mathtt{" + "".join(_LATEX_SPECIAL.get(c, c) for c in text) + "}"


def _float_latex(v: float) -> str:
    if v != v:
        return r"\mathrm{NaN}"
    if v in (float("inf"), float("-inf")):
        return r"\infty" if v > 0 else r"-\infty"
    text = repr(v)
    if "e" in text:
        mantissa, exponent = text.split("e")
        return rf"{mantissa} \times 10^{{{int(exponent)}}}"
    return text


def number_latex(v: Any) -> str:
    r"""LaTeX of a Python ``bool``, ``float`` or ``complex`` as mathematics.

    Examples
    --------
    >>> number_latex(float("nan")), number_latex(float("-inf")), number_latex(1.5e-07)
    ('\\mathrm{NaN}', '-\\infty', '1.5 \\times 10^{-7}')
    >>> number_latex(1 + 2j), number_latex(-1j), number_latex(complex(0.5, -float("inf"))), number_latex(True)
    ('1 + 2 i', '-i', '0.5 - \\infty i', '\\mathrm{True}')
    """
    if isinstance(v, bool):
        return r"\mathrm{True}" if v else r"\mathrm{False}"
    if isinstance(v, float):
        return _float_latex(v)
    re, im = v.real, v.imag

    def part(f: float) -> str:
        text = _float_latex(f)
        return text[:-2] if text.endswith(".0") else text

    if im != im:
        imag = r"\mathrm{NaN} i"
        sign = "+"
    else:
        sign = "-" if im < 0 or (im == 0 and str(im).startswith("-")) else "+"
        size = part(abs(im))
        imag = "i" if size == "1" else f"{size} i"
    if re == 0:  # 0 and -0.0 (the real part of -1j) alike
        return imag if sign == "+" else f"-{imag}"
    return f"{part(re)} {sign} {imag}"


def _element_latex(ops: ElementOps, v: Any) -> str:
    if type(v) in (bool, float, complex):
        return number_latex(v)
    try:
        return str(ops.latex(v))
    except Exception:
        return _latex_text(_safe_repr(v))


def _element_text(ops: ElementOps, v: Any) -> str:
    try:
        return str(ops.format(v))
    except Exception:
        return _safe_repr(v)


def _ops_name(ops: ElementOps) -> str:
    try:
        return str(getattr(ops, "name", None) or repr(ops))
    except Exception:
        return type(ops).__name__


def _plan(x: Any) -> tuple[list[Any], int, tuple[int, ...], list[list[int | None]]]:
    """Storage, offset, strides and the shown indices of every axis of ``x``."""
    opts = get_printoptions()
    summarise = x.size > opts.threshold
    shown = [shown_indices(n, summarise, opts.edgeitems) for n in x.shape]
    return reader(x._store), x._layout.offset, x.strides, shown


# -- LaTeX ---------------------------------------------------------------------


def _latex_body(x: Any) -> str:
    data, offset, strides, shown = _plan(x)
    ndim = x.ndim
    ops = x.ops

    def cell(pos: int) -> str:
        return _element_latex(ops, data[pos])

    def matrix(pos: int) -> str:
        if ndim == 1:
            s = strides[0]
            return (
                r"\begin{bmatrix}"
                + " & ".join(r"\cdots" if j is None else cell(pos + j * s) for j in shown[0])
                + r"\end{bmatrix}"
            )
        s0, s1 = strides[-2], strides[-1]
        lines = []
        for i in shown[-2]:
            if i is None:
                lines.append(" & ".join(r"\ddots" if j is None else r"\vdots" for j in shown[-1]))
            else:
                row = pos + i * s0
                lines.append(" & ".join(r"\cdots" if j is None else cell(row + j * s1) for j in shown[-1]))
        return r"\begin{bmatrix}" + r" \\ ".join(lines) + r"\end{bmatrix}"

    def blocks(pos: int, axis: int) -> str:
        if axis >= ndim - 2:
            return matrix(pos)
        s = strides[axis]
        horizontal = (ndim - 3 - axis) % 2 == 0
        gap, sep = (r"\cdots", " & ") if horizontal else (r"\vdots", r" \\ ")
        parts = [gap if i is None else blocks(pos + i * s, axis + 1) for i in shown[axis]]
        return r"\begin{bmatrix}" + sep.join(parts) + r"\end{bmatrix}"

    return blocks(offset, 0)


def tensor_latex(x: Any, *, caption: bool = False) -> str:
    r"""LaTeX of ``x``: ``$\displaystyle ...$`` (Jupyter's ``_repr_latex_`` adds the caption).

    A 1-d tensor is a row vector and a 2-d tensor a ``bmatrix``; further
    axes nest as blocks.  Elements go through ``x.ops.latex`` (SymPy's
    ``latex`` for symbolic tensors, ``\frac`` for rationals).  Summarised
    past ``threshold`` elements with ``\cdots``, ``\vdots`` and ``\ddots``.

    Parameters
    ----------
    x : Tensor
        Any tensor, including 0-d and empty ones.
    caption : bool
        Put the HTML table's caption (``shape (2, 2), ops rationals``) in
        small text above the mathematics.

    Returns
    -------
    str
        Math-mode LaTeX, delimited by ``$``.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> from gentensor.display.rich import tensor_latex
    >>> print(tensor_latex(gt.tensor([[1, Fraction(1, 2)], [0, -3]])))
    $\displaystyle \begin{bmatrix}1 & \frac{1}{2} \\ 0 & -3\end{bmatrix}$
    >>> with gt.printoptions(threshold=4, edgeitems=1):
    ...     print(tensor_latex(gt.arange(10)))
    $\displaystyle \begin{bmatrix}0 & \cdots & 9\end{bmatrix}$
    >>> print(tensor_latex(gt.tensor([Fraction(1, 2)]), caption=True))
    $\displaystyle \begin{array}{l}\scriptstyle\text{shape (1,), ops rationals} \\ \begin{bmatrix}\frac{1}{2}\end{bmatrix}\end{array}$
    """
    try:
        return _tensor_latex(x, caption)
    except Exception:  # never raise from a display hook
        return r"$\text{" + _latex_text(fallback_text(x)) + "}$"


def _tensor_latex(x: Any, caption: bool) -> str:
    if x.ndim == 0:
        body = _element_latex(x.ops, x._at(x._layout.offset))
    elif x.size == 0:
        body = r"\left[\,\right]_{" + r" \times ".join(map(str, x.shape)) + "}"
    else:
        body = _latex_body(x)
    if caption:
        body = r"\begin{array}{l}" + _latex_caption(x) + r" \\ " + body + r"\end{array}"
    return r"$\displaystyle " + body + "$"


#: Caption text that ``\text{...}`` shows verbatim in LaTeX and MathJax alike.
_PLAIN_TEXT = re.compile(r"[A-Za-z0-9 (),.:;+\-/=*'!?\[\]]*\Z")


def _latex_caption(x: Any) -> str:
    """The HTML table's caption (shape, ops, summarised) as small text."""
    text = _caption_text(x, x.size > get_printoptions().threshold and x.ndim > 0)
    shown = r"\text{" + text + "}" if _PLAIN_TEXT.match(text) else _latex_text(text)
    return r"\scriptstyle" + shown


# -- which form Jupyter shows ------------------------------------------------------


def chosen_display(x: Any) -> str:
    """``"latex"``, ``"html"`` or ``"text"``: the form Jupyter shows for ``x`` under the print options.

    Examples
    --------
    >>> import gentensor as gt
    >>> chosen_display(gt.symbols("a", 2)), chosen_display(gt.tensor([1, 2]))
    ('latex', 'html')
    """
    mode = get_printoptions().display
    if mode != "auto":
        return mode
    try:
        caps = capabilities_of(x.ops)
    except Exception:
        return "html"
    # Formulas read best typeset: SymPy expressions and fractions (not integers, which are rationals too).
    return "latex" if caps.symbolic or (caps.rational and not caps.index) else "html"


def latex_repr(x: Any) -> str | None:
    r"""``_repr_latex_``: `tensor_latex` with its caption when LaTeX is the chosen form, else ``None``.

    The caption (shape and ops, in small text above the mathematics) is the
    one the HTML table shows.

    Examples
    --------
    >>> import gentensor as gt
    >>> latex_repr(gt.tensor([1, 2])) is None, latex_repr(gt.symbols("a", 1))
    (True, '$\\displaystyle \\begin{array}{l}\\scriptstyle\\text{shape (1,), ops symbolic} \\\\ \\begin{bmatrix}a_{0}\\end{bmatrix}\\end{array}$')
    """
    return tensor_latex(x, caption=True) if chosen_display(x) == "latex" else None


def html_repr(x: Any) -> str | None:
    """``_repr_html_``: `tensor_html` when the table is the chosen form, else ``None``.

    Examples
    --------
    >>> import gentensor as gt
    >>> html_repr(gt.symbols("a", 2)) is None, html_repr(gt.tensor([1])).startswith("<table")
    (True, True)
    """
    return tensor_html(x) if chosen_display(x) == "html" else None


# -- HTML ------------------------------------------------------------------------

_TABLE = '<table class="gentensor" style="font-family: monospace; text-align: right">'
_TD = "<td>"
_TH = "<th>"
_GAP_TD = '<td class="gentensor-gap" style="text-align: center">'


def _caption_text(x: Any, summarised: bool) -> str:
    text = f"shape {x.shape}, ops {_ops_name(x.ops)}"
    if summarised:
        text += f", {x.size} elements (summarised)"
    return text


def _caption(x: Any, summarised: bool) -> str:
    text = _caption_text(x, summarised)
    return f'<caption style="caption-side: top; text-align: left; white-space: nowrap">{html.escape(text)}</caption>'


def _html_rows(x: Any, cell: Callable[[int], str]) -> list[str]:
    """The ``<tr>`` rows of a tensor with ndim >= 1 and at least one element."""
    data, offset, strides, shown = _plan(x)
    ndim = x.ndim
    cols = shown[-1]
    sc = strides[-1]

    def data_cells(pos: int) -> str:
        return "".join(
            f"{_GAP_TD}…</td>" if j is None else f"{_TD}{cell(pos + j * sc)}</td>" for j in cols
        )

    def header(with_row_index: bool) -> str:
        lead = f"{_TH}</th>" if with_row_index else ""
        return "<tr>" + lead + "".join(f"{_TH}{'…' if j is None else j}</th>" for j in cols) + "</tr>"

    if ndim == 1:
        return [header(False), "<tr>" + data_cells(offset) + "</tr>"]

    width = len(cols) + 1
    rows: list[str] = []

    def matrix(pos: int) -> None:
        rows.append(header(True))
        s0 = strides[-2]
        for i in shown[-2]:
            if i is None:
                gap = "".join(f"{_GAP_TD}{'⋱' if j is None else '⋮'}</td>" for j in cols)
                rows.append(f"<tr>{_TH}⋮</th>{gap}</tr>")
            else:
                rows.append(f"<tr>{_TH}{i}</th>{data_cells(pos + i * s0)}</tr>")

    def label(prefix: list[str]) -> str:
        return html.escape("[" + ", ".join(prefix + [":", ":"]) + "]")

    def blocks(pos: int, axis: int, prefix: list[str]) -> None:
        if axis == ndim - 2:
            if prefix:
                rows.append(
                    f'<tr><th class="gentensor-slice" colspan="{width}" style="text-align: left">'
                    f"{label(prefix)}</th></tr>"
                )
            matrix(pos)
            return
        s = strides[axis]
        for i in shown[axis]:
            if i is None:
                rows.append(
                    f'<tr><th class="gentensor-gap" colspan="{width}" style="text-align: left">'
                    f"{label(prefix + ['…'])}</th></tr>"
                )
            else:
                blocks(pos + i * s, axis + 1, prefix + [str(i)])

    blocks(offset, 0, [])
    return rows


def tensor_html(x: Any) -> str:
    """An HTML table of ``x`` for Jupyter's ``_repr_html_``.

    The caption gives the shape and the ops; column and row indices head
    the table; an N-d tensor is shown as its 2-d slices, each headed by its
    index (``[0, 1, :, :]``).  Element text comes from ``x.ops.format`` and
    is HTML-escaped.  Summarised past ``threshold`` elements with ellipsis
    cells.

    Parameters
    ----------
    x : Tensor
        Any tensor, including 0-d and empty ones.

    Returns
    -------
    str
        One ``<table class="gentensor">`` element.

    Examples
    --------
    >>> import gentensor as gt
    >>> from gentensor.display.rich import tensor_html
    >>> page = tensor_html(gt.tensor([["<b>", "&"]], ops=gt.objects))
    >>> "&lt;b&gt;" in page and "&amp;" in page and "<b>" not in page
    True
    >>> "shape (1, 2), ops objects" in page
    True
    """
    try:
        return _tensor_html(x)
    except Exception:  # never raise from a display hook
        return _TABLE + "<tr><td>" + html.escape(fallback_text(x)) + "</td></tr></table>"


def _tensor_html(x: Any) -> str:
    opts = get_printoptions()
    summarised = x.size > opts.threshold and x.ndim > 0
    parts = [_TABLE, _caption(x, summarised)]
    ops = x.ops
    if x.ndim == 0:
        text = html.escape(_element_text(ops, x._at(x._layout.offset)))
        parts.append(f"<tr>{_TD}{text}</td></tr>")
    elif x.size == 0:
        parts.append("<tr><td><em>no elements</em></td></tr>")
    else:
        data = reader(x._store)

        def cell(pos: int) -> str:
            return html.escape(_element_text(ops, data[pos]))

        parts.extend(_html_rows(x, cell))
    parts.append("</table>")
    return "\n".join(parts)
