"""A look in a real browser: headless Chromium loads an executed notebook and the built docs.

The tour notebook is executed, rendered to HTML with nbconvert, and loaded in
Chromium; the DOM Chromium builds must hold the HTML table of a tensor
(``_repr_html_``) and, with MathJax served from the local Debian package
(there is no network), the typeset LaTeX of a tensor (``_repr_latex_``).
The documentation is built and its index and Jupyter pages are loaded the
same way.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests.test_docs import build_site
from tests.test_notebooks import NO_EXTRA, NOTEBOOKS, execute_notebook

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
MATHJAX = Path("/usr/share/javascript/mathjax/MathJax.js")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="headless Chromium is not installed (apt-get install chromium libjs-mathjax; .ci/run installs them)",
)


def browser_dom(page: Path, profile: Path, *, width: int | None = None) -> str:
    """The DOM of ``page`` after Chromium has loaded it and run its scripts (in a window ``width`` pixels wide)."""
    assert CHROMIUM is not None
    cmd = [
        CHROMIUM,
        *([f"--window-size={width},1200"] if width else []),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--allow-file-access-from-files",
        f"--user-data-dir={profile}",
        "--virtual-time-budget=20000",
        "--dump-dom",
        page.resolve().as_uri(),
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "<body" in proc.stdout, proc.stderr[-2000:]
    return proc.stdout


class TensorTables(HTMLParser):
    """Collects the captions and cell texts of every ``<table class="gentensor">``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[dict[str, Any]] = []
        self._depth = 0
        self._where = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and "gentensor" in classes:
            self.tables.append({"caption": "", "cells": []})
            self._depth = 1
        elif tag == "table" and self._depth:
            self._depth += 1
        elif self._depth and tag == "caption":
            self._where = "caption"
        elif self._depth and tag == "td":
            self._where = "td"
            self.tables[-1]["cells"].append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self._depth:
            self._depth -= 1
        elif tag in ("caption", "td"):
            self._where = ""

    def handle_data(self, data: str) -> None:
        if not self._depth or not self._where:
            return
        if self._where == "caption":
            self.tables[-1]["caption"] += data
        else:
            self.tables[-1]["cells"][-1] += data


class TypesetMath(HTMLParser):
    """Collects the MathML MathJax attaches to each formula it typeset (CommonHTML output)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.mathml: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "MathJax_CHTML" in (a.get("class") or "").split() and a.get("data-mathml"):
            self.mathml.append(a["data-mathml"] or "")


def typeset_math(dom: str) -> list[str]:
    parser = TypesetMath()
    parser.feed(dom)
    parser.close()
    return parser.mathml


def tensor_tables(dom: str) -> list[dict[str, Any]]:
    parser = TensorTables()
    parser.feed(dom)
    parser.close()
    return parser.tables


@pytest.fixture(scope="module")
def tour_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tour notebook, executed and rendered to HTML (MathJax from the local package)."""
    nbconvert = pytest.importorskip("nbconvert", reason=NO_EXTRA)
    work = tmp_path_factory.mktemp("tour")
    nb = execute_notebook(NOTEBOOKS / "01_tour.ipynb", work)
    exporter = nbconvert.HTMLExporter(mathjax_url=MATHJAX.as_uri() + "?config=TeX-AMS_CHTML-full,Safe")
    body, _ = exporter.from_notebook_node(nb)
    page = work / "01_tour.html"
    page.write_text(body, encoding="utf-8")
    return page


def test_notebook_tensor_table_in_browser(tour_html: Path, tmp_path: Path) -> None:
    dom = browser_dom(tour_html, tmp_path / "profile")
    tables = tensor_tables(dom)
    first = [t for t in tables if t["caption"] == "shape (3, 4), ops integers"]
    assert first, [t["caption"] for t in tables]
    assert first[0]["cells"] == [str(v) for v in range(12)]  # x = gt.arange(12).reshape((3, 4))
    big = [t for t in tables if t["caption"].startswith("shape (1000, 1000)")]
    assert big and "999999" in big[0]["cells"] and "…" in big[0]["cells"]


@pytest.mark.skipif(not MATHJAX.exists(), reason="no MathJax (apt-get install libjs-mathjax); no CDN offline")
def test_notebook_tensor_latex_typeset_by_mathjax(tour_html: Path, tmp_path: Path) -> None:
    dom = browser_dom(tour_html, tmp_path / "profile")
    typeset = typeset_math(dom)
    # MathJax turned the TeX of [[1, 1/2], [-3/4, 2]] into a table with fractions
    bmatrix = [m for m in typeset if "<mtable" in m and "<mfrac><mn>3</mn><mn>4</mn></mfrac>" in m]
    assert bmatrix, typeset
    assert "<mfrac><mn>1</mn><mn>2</mn></mfrac>" in bmatrix[0] and "<mo>[</mo>" in bmatrix[0]
    # the caption the HTML table has, typeset as small text above each tensor's mathematics
    captioned = {c: m for m in typeset for c in re.findall(r'scriptlevel="1"><mtext>(shape [^<]*)</mtext>', m)}
    matrix = captioned.get("shape (2, 2), ops rationals")
    assert matrix is not None, sorted(captioned)
    assert "<mfrac><mn>3</mn><mn>4</mn></mfrac>" in matrix and "<mfrac><mn>1</mn><mn>2</mn></mfrac>" in matrix


class Nav(HTMLParser):
    """The titles of the site's navigation (Material's primary sidebar) and the text of the page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.titles: list[str] = []
        self.hrefs: list[str] = []
        self.text = ""
        self._nav = 0
        self._link = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "nav" and "md-nav--primary" in classes:
            self._nav = 1
        elif tag == "nav" and self._nav:
            self._nav += 1
        elif self._nav and tag == "a" and "md-nav__link" in classes:
            self._link = True
            self.titles.append("")
            self.hrefs.append(dict(attrs).get("href") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav" and self._nav:
            self._nav -= 1
        elif tag == "a":
            self._link = False

    def handle_data(self, data: str) -> None:
        if self._link and self._nav:
            self.titles[-1] += data
        self.text += data


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "site"
    build_site(out)
    return out


def test_docs_navigation_and_index_in_browser(site: Path, tmp_path: Path) -> None:
    nav = Nav()
    nav.feed(browser_dom(site / "index.html", tmp_path / "profile"))
    titles = [" ".join(t.split()) for t in nav.titles]
    assert titles.count("Limits and safety") == 1, titles
    pages = [h.split("#")[0] for h in nav.hrefs if h and not h.startswith("#")]
    assert len(pages) >= 30 and len(pages) == len(set(pages)), [h for h in pages if pages.count(h) > 1]
    # the index counts the notebooks there are
    notebooks = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    words = {4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
    text = " ".join(nav.text.split())
    assert f"holds {words[len(notebooks)]} executed-in-CI notebooks" in text, text[:2000]


#: Marks every "->" of a signature that the browser laid out over two lines (one client rect per line).
_ARROW_PROBE = """
<script>
window.addEventListener("load", function () {
  var spans = Array.prototype.filter.call(document.querySelectorAll(".doc-heading code span"),
                                          function (s) { return s.textContent === "->"; });
  var broken = spans.filter(function (s) { return s.getClientRects().length > 1; }).length;
  document.body.setAttribute("data-arrows", spans.length + " " + broken);
});
</script>
"""


@pytest.mark.parametrize("width", [320, 480, 760])
def test_signature_arrows_never_wrap(site: Path, tmp_path: Path, width: int) -> None:
    page = site / "api" / "linalg" / "index.html"
    probe = page.with_name("arrow-probe.html")  # beside the page: its stylesheets load as on the page
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", _ARROW_PROBE + "</body>"), encoding="utf-8")
    dom = browser_dom(probe, tmp_path / "profile", width=width)
    found = re.search(r'data-arrows="(\d+) (\d+)"', dom)
    assert found, "the probe did not run"
    arrows, broken = int(found.group(1)), int(found.group(2))
    assert arrows >= 40 and broken == 0, (arrows, broken)


def test_docs_pages_in_browser(tmp_path: Path) -> None:
    site = tmp_path / "site"
    build_site(site)
    index = browser_dom(site / "index.html", tmp_path / "profile")
    assert "N-dimensional tensors over" in index
    assert "tensor([[0, 3]," in index  # the example's output, rendered in the page
    jupyter = browser_dom(site / "jupyter" / "index.html", tmp_path / "profile")
    tables = tensor_tables(jupyter)
    assert any(t["caption"].startswith("shape (2, 3), ops rationals") for t in tables), tables
