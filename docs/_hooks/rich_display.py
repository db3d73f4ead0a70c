"""MkDocs hook: show the real Jupyter display of a tensor in a page.

A line ``<!-- gentensor-display: EXPRESSION -->`` in a page is replaced, at
build time, by the expression as a code block followed by the HTML table
that ``Tensor._repr_html_`` gives for its value — the same HTML a notebook
shows, regenerated on every build so it cannot go stale.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from mkdocs.exceptions import PluginError

MARKER = re.compile(r"^<!-- gentensor-display: (?P<expr>.+?) -->$", re.M)


def _render(match: re.Match[str]) -> str:
    import gentensor
    from gentensor.display.rich import tensor_html

    expr = match.group("expr")
    try:
        value = eval(expr, {"gt": gentensor, "Fraction": Fraction})  # the page's own example
    except Exception as exc:
        raise PluginError(f"gentensor-display: {expr!r} raised {exc!r}") from exc
    if not isinstance(value, gentensor.Tensor):
        raise PluginError(f"gentensor-display: {expr!r} is not a tensor (got {type(value).__name__})")
    table = tensor_html(value)
    return f'```python\n{expr}\n```\n\n<div class="gentensor-display">\n{table}\n</div>\n'


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    return MARKER.sub(_render, markdown)
