"""The API reference as a reader sees it: headless Chromium loads every page of the built site.

An API page must show its ``>>>`` examples as highlighted code blocks (not as
Markdown blockquotes, which is what loose ``>>>`` lines become), no raw Sphinx
role (``:func:`` ...) anywhere in its text, no ``(*args, **kwargs)`` signature
and no public function whose return type reads ``Any``; every public name of
``gentensor`` and ``gentensor.linalg`` must have an anchor on some page, once
(the linear-algebra page opens with ``det``).
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
        self.id_list: list[str] = []
        self.text = ""
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
            self.id_list.append(a["id"] or "")
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
        self.text += data
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


def test_no_raw_role_anywhere_on_a_page(api_pages: dict[str, ApiPage]) -> None:
    found = {name: [p.text[max(0, m.start() - 40) : m.end() + 40] for m in ROLE.finditer(p.text)] for name, p in api_pages.items()}
    assert not any(found.values()), found


def test_each_name_is_documented_once_and_det_comes_first(api_pages: dict[str, ApiPage]) -> None:
    for name, page in api_pages.items():
        twice = sorted({i for i in page.id_list if page.id_list.count(i) > 1})
        assert not twice, (name, twice)
    everywhere = [i for p in api_pages.values() for i in p.id_list if i.startswith("gentensor.")]
    assert len(everywhere) == len(set(everywhere)), sorted({i for i in everywhere if everywhere.count(i) > 1})
    linalg = [i for i in api_pages["linalg"].id_list if i.startswith("gentensor.linalg.")]
    assert linalg[0] == "gentensor.linalg.det", linalg[:5]
    documented = {i.rsplit(".", 1)[-1] for i in linalg}
    assert set(gt.linalg.__all__) - documented == {"wronskian"}  # on the matrix-calculus page


#: Public functions whose result is honestly any element (an ops' own element), or a SymPy result.
ELEMENT_RESULTS = {"tolist", "eigenvects", "diagonalize", "jordan_form", "__array_namespace__",
                   "__array_function__", "__array_ufunc__"}


def test_return_types_are_named(api_pages: dict[str, ApiPage]) -> None:
    unnamed = []
    for name, page in api_pages.items():
        if name == "ops":  # the ops protocol's members return elements: Any is their type
            continue
        for sig in page.signatures:
            text = " ".join(sig.split())
            head = text.split("(", 1)[0].strip()
            if text.endswith("-> Any") and head not in ELEMENT_RESULTS:
                unnamed.append(f"{name}: {text[:90]}")
    assert not unnamed, unnamed
