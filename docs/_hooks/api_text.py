"""MkDocs hook: the API pages show a docstring's Sphinx-style cross-reference as plain code.

Docstrings follow numpydoc and link with mkdocstrings' ``[name][path]``; a
Sphinx role that slips in (``:class:`fractions.Fraction```) would show its
``:class:`` prefix verbatim on the page.  This hook drops the role and keeps
the code span, on every built page.
"""

from __future__ import annotations

import re
from typing import Any

#: A Sphinx role in front of the code span Markdown made of its target.
ROLE = re.compile(r":(?:py:)?(?:func|mod|class|data|meth|attr|exc|obj|const|ref):(?=<code>)")


def on_page_content(html: str, **kwargs: Any) -> str:
    return ROLE.sub("", html)
