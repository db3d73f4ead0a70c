"""The documentation: every ``>>>`` example on the pages runs, and the site builds strictly.

Examples are taken from the fenced code blocks of each page in ``docs/``
(blocks whose first line starts with ``>>>``); the blocks of one page share
their names, in order, as a reader running them top to bottom would.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
NO_EXTRA = "the docs extra is not installed (pip install -e '.[docs]')"
FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def page_examples(text: str) -> list[tuple[int, str]]:
    """The fenced blocks of a page that hold doctest examples, with their line numbers."""
    blocks = []
    for m in FENCE.finditer(text):
        body = m.group(1)
        if body.lstrip().startswith(">>>"):
            blocks.append((text.count("\n", 0, m.start(1)), body))
    return blocks


def test_pages_exist_and_have_examples() -> None:
    names = {p.relative_to(DOCS).as_posix() for p in PAGES}
    assert {"index.md", "getting-started.md", "comparison.md", "concepts/views.md"} <= names
    with_examples = [p for p in PAGES if page_examples(p.read_text(encoding="utf-8"))]
    assert len(with_examples) >= 6


def test_fence_extraction() -> None:
    text = "intro\n```pycon\n>>> 1 + 1\n2\n```\n\n```bash\necho hi\n```\n"
    assert page_examples(text) == [(2, ">>> 1 + 1\n2\n")]


@pytest.mark.parametrize(
    "page",
    [p for p in PAGES if page_examples(p.read_text(encoding="utf-8"))],
    ids=lambda p: p.relative_to(DOCS).as_posix(),
)
def test_page_examples_run(page: Path) -> None:
    blocks = page_examples(page.read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    globs: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    report: list[str] = []
    for lineno, body in blocks:
        test = parser.get_doctest(body, globs, page.name, str(page), lineno)
        runner.run(test, out=report.append, clear_globs=False)
        globs = test.globs  # the next block sees the names this one defined
    assert runner.tries > 0
    assert runner.failures == 0, "".join(report)


def build_site(dest: Path) -> None:
    """``mkdocs build --strict`` into ``dest``; fails the calling test with mkdocs' output on any warning."""
    pytest.importorskip("mkdocs", reason=NO_EXTRA)
    pytest.importorskip("mkdocstrings_handlers.python", reason=NO_EXTRA)
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"), "-d", str(dest)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]


def test_mkdocs_builds_strictly(tmp_path: Path) -> None:
    site = tmp_path / "site"
    build_site(site)
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "gentensor" in index
    # the API reference was generated from the docstrings, not left empty
    creation = (site / "api" / "creation" / "index.html").read_text(encoding="utf-8")
    assert "fromfunction" in creation and "Returns" in creation
    # the hook put a real tensor table into the Jupyter page
    assert '<table class="gentensor"' in (site / "jupyter" / "index.html").read_text(encoding="utf-8")
    shutil.rmtree(site)
