"""The API reference as a reader sees it: headless Chromium loads every page of the built site.

An API page must show its ``>>>`` examples as highlighted code blocks (not as
Markdown blockquotes, which is what loose ``>>>`` lines become), no raw Sphinx
role (``:func:`` ...) and no ``(*args, **kwargs)`` signature; every public name
of ``gentensor`` and ``gentensor.linalg`` must have an anchor on some page.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import gentensor as gt
from tests.test_browser import CHROMIUM, browser_dom
from tests.test_docs import build_site

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="headless Chromium is not installed (apt-get install chromium; .ci/run installs it)",
)

ROLE = re.compile(r":(func|mod|class|data|meth|attr|exc|obj):`")


class ApiPage(HTMLParser):
    """The ids, the text inside blockquotes and the code blocks holding examples of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.quoted: list[str] = []
        self.examples = 0
        self.signatures: list[str] = []
        self._quote = 0
        self._code = 0
        self._code_text = ""
        self._sig = 0
        self._sig_text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        classes = (a.get("class") or "").split()
        if tag == "blockquote":
            self._quote += 1
            self.quoted.append("")
        elif tag == "div" and "highlight" in classes:
            self._code += 1
            self._code_text = ""
        elif self._code and tag == "div":
            self._code += 1
        elif tag in ("h2", "h3", "h4") and "doc-heading" in classes:
            self._sig = 1
            self._sig_text = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "blockquote" and self._quote:
            self._quote -= 1
        elif tag == "div" and self._code:
            self._code -= 1
            if not self._code and ">>>" in self._code_text:
                self.examples += 1
        elif tag in ("h2", "h3", "h4") and self._sig:
            self._sig = 0
            self.signatures.append(self._sig_text)

    def handle_data(self, data: str) -> None:
        if self._quote:
            self.quoted[-1] += data
        if self._code:
            self._code_text += data
        if self._sig:
            self._sig_text += data


@pytest.fixture(scope="module")
def api_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ApiPage]:
    work = tmp_path_factory.mktemp("apidocs")
    site = work / "site"
    build_site(site)
    pages = {}
    for page in sorted((site / "api").glob("*/index.html")):
        parser = ApiPage()
        parser.feed(browser_dom(page, work / "profile"))
        parser.close()
        pages[page.parent.name] = parser
    assert len(pages) >= 10, sorted(pages)
    return pages


def test_examples_are_code_blocks_not_quotes(api_pages: dict[str, ApiPage]) -> None:
    quoted = {name: [q[:80] for q in p.quoted if ">>>" in q] for name, p in api_pages.items()}
    assert not any(quoted.values()), quoted
    without = [name for name, p in api_pages.items() if p.examples == 0 and name != "errors"]
    assert not without, f"API pages showing no example code block: {without}"
    assert api_pages["tensor"].examples >= 20  # every Tensor method and property has its example


def test_no_raw_roles_or_generic_signatures(api_pages: dict[str, ApiPage], tmp_path: Path) -> None:
    for name, page in api_pages.items():
        texts = page.signatures + page.quoted
        assert not [t for t in texts if ROLE.search(t)], name
        assert not [s for s in page.signatures if "*args, **kwargs" in s], (name, page.signatures[:5])


def test_every_public_name_has_an_anchor(api_pages: dict[str, ApiPage]) -> None:
    ids = set().union(*(p.ids for p in api_pages.values()))
    missing = [n for n in gt.__all__ if not any(i == n or i.endswith("." + n) for i in ids)]
    missing += [f"linalg.{n}" for n in gt.linalg.__all__ if not any(i.endswith("." + n) for i in ids)]
    assert not missing, missing
