"""Rich display (LaTeX and HTML for Jupyter) against a NumPy object-array oracle.

The LaTeX is parsed back into nested ``bmatrix`` cells and the HTML table
into rows of cells; both are compared with what the NumPy oracle says the
shown elements are, for every built-in ops, the user toy ring, strided
views, summarised tensors and elements whose formatting fails.
"""

from __future__ import annotations

import re
from fractions import Fraction
from html.parser import HTMLParser
from itertools import product
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import gentensor as gt
from gentensor.display.rich import number_latex, tensor_html, tensor_latex
from tests.toyring import Gauss, gaussian

BEGIN, END = r"\begin{bmatrix}", r"\end{bmatrix}"
PREFIX, SUFFIX = r"$\displaystyle ", "$"


# -- parsers ---------------------------------------------------------------------


def parse_latex(text: str) -> Any:
    """``$\\displaystyle <body>$`` → nested lists: a bmatrix is a list of rows of cells."""
    assert text.startswith(PREFIX) and text.endswith(SUFFIX), text
    s = text[len(PREFIX) : -len(SUFFIX)]
    if not s.startswith(BEGIN):
        return s
    pos = len(BEGIN)

    def matrix() -> list[list[Any]]:
        nonlocal pos
        rows: list[list[Any]] = [[]]
        cur: Any = ""
        while True:
            if s.startswith(BEGIN, pos):
                pos += len(BEGIN)
                cur = matrix()
            elif s.startswith(END, pos):
                pos += len(END)
                rows[-1].append(cur)
                return rows
            elif s.startswith(" & ", pos):
                pos += 3
                rows[-1].append(cur)
                cur = ""
            elif s.startswith(r" \\ ", pos):
                pos += 4
                rows[-1].append(cur)
                rows.append([])
                cur = ""
            else:
                assert isinstance(cur, str), f"text after a nested block at {pos}: {s}"
                cur += s[pos]
                pos += 1

    result = matrix()
    assert pos == len(s), f"trailing text: {s[pos:]!r}"
    return result


class _Table(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.caption = ""
        self.rows: list[list[tuple[str, str]]] = []
        self.tables = 0
        self._cell: list[str] | None = None
        self._tag = ""
        self._in_caption = False

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag == "table":
            self.tables += 1
        elif tag == "caption":
            self._in_caption = True
        elif tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell, self._tag = [], tag

    def handle_endtag(self, tag: str) -> None:
        if tag == "caption":
            self._in_caption = False
        elif tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append((self._tag, "".join(self._cell)))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._in_caption:
            self.caption += data
        elif self._cell is not None:
            self._cell.append(data)


def parse_html(text: str) -> _Table:
    t = _Table()
    t.feed(text)
    t.close()
    assert t.tables == 1
    return t


# -- the oracle ---------------------------------------------------------------------


def shown(n: int, summarise: bool, edge: int) -> list[int | None]:
    if summarise and n > 2 * edge:
        return [*range(edge), None, *range(n - edge, n)]
    return list(range(n))


def oracle_array(x: gt.Tensor) -> np.ndarray:
    """The elements of ``x`` as a NumPy object array (built from ``tolist``)."""
    a = np.empty(x.shape, dtype=object)
    for idx in product(*map(range, x.shape)):
        a[idx] = x[idx] if idx else x[...].item()
    return a


def expected_latex(a: np.ndarray, fmt: Any, threshold: int, edge: int) -> Any:
    summarise = a.size > threshold
    sh = [shown(n, summarise, edge) for n in a.shape]
    nd = a.ndim
    if nd == 1:
        return [[r"\cdots" if j is None else fmt(a[j]) for j in sh[0]]]

    def matrix(m: np.ndarray) -> list[list[str]]:
        rows = []
        for i in sh[-2]:
            if i is None:
                rows.append([r"\ddots" if j is None else r"\vdots" for j in sh[-1]])
            else:
                rows.append([r"\cdots" if j is None else fmt(m[i, j]) for j in sh[-1]])
        return rows

    def blocks(sub: np.ndarray, axis: int) -> Any:
        if axis == nd - 2:
            return matrix(sub)
        horizontal = (nd - 3 - axis) % 2 == 0
        gap = r"\cdots" if horizontal else r"\vdots"
        parts = [gap if i is None else blocks(sub[i], axis + 1) for i in sh[axis]]
        return [parts] if horizontal else [[p] for p in parts]

    return blocks(a, 0)


def expected_html_rows(a: np.ndarray, fmt: Any, threshold: int, edge: int) -> list[list[tuple[str, str]]]:
    summarise = a.size > threshold
    sh = [shown(n, summarise, edge) for n in a.shape]
    nd = a.ndim
    cols = sh[-1]
    header = [("th", "…" if j is None else str(j)) for j in cols]
    if nd == 1:
        return [header, [("td", "…" if j is None else fmt(a[j])) for j in cols]]
    rows: list[list[tuple[str, str]]] = []

    def matrix(m: np.ndarray) -> None:
        rows.append([("th", "")] + header)
        for i in sh[-2]:
            if i is None:
                rows.append([("th", "⋮")] + [("td", "⋱" if j is None else "⋮") for j in cols])
            else:
                rows.append([("th", str(i))] + [("td", "…" if j is None else fmt(m[i, j])) for j in cols])

    def blocks(sub: np.ndarray, axis: int, prefix: list[str]) -> None:
        if axis == nd - 2:
            if prefix:
                rows.append([("th", "[" + ", ".join(prefix + [":", ":"]) + "]")])
            matrix(sub)
            return
        for i in sh[axis]:
            if i is None:
                rows.append([("th", "[" + ", ".join(prefix + ["…", ":", ":"]) + "]")])
            else:
                blocks(sub[i], axis + 1, prefix + [str(i)])

    blocks(a, 0, [])
    return rows


# -- the element types -----------------------------------------------------------------

a_, b_ = sympy.symbols("a b")

SAMPLES: dict[str, tuple[list[Any], Any]] = {
    "integers": ([3, -1, 40, 0, 7, 12], gt.integers),
    "rationals": ([Fraction(1, 2), Fraction(-3, 4), 5, Fraction(7, 3), 0, Fraction(-1, 9)], gt.rationals),
    "symbolic": ([a_**2, a_ / b_, sympy.sqrt(2), 0, sympy.Rational(-1, 3), a_ + b_], gt.symbolic),
    "floats": ([0.5, -1.25, 3.0, 1e-9, 2.0, -0.0], gt.floats),
    "modular": ([1, 6, 3, 0, 5, 2], gt.modular(7)),
    "booleans": ([True, False, True, True, False, False], gt.booleans),
    "gaussian": ([Gauss(1, 2), Gauss(0, -1), Gauss(3), Gauss(0), Gauss(-2, 5), Gauss(4, -4)], gaussian),
}


@pytest.fixture(params=sorted(SAMPLES))
def sample(request: Any) -> gt.Tensor:
    values, ops = SAMPLES[request.param]
    return gt.tensor(values, ops=ops).reshape((2, 3))


# -- small tensors, every ops --------------------------------------------------------------


def test_latex_2d_is_a_bmatrix_of_ops_latex(sample: gt.Tensor) -> None:
    ops = sample.ops
    got = parse_latex(tensor_latex(sample))
    # Python floats, complex numbers and booleans are typeset as mathematics (number_latex)
    assert got == [[number_latex(v) if type(v) in (bool, float, complex) else ops.latex(v) for v in row] for row in sample.tolist()]


def test_html_2d_table_of_ops_format(sample: gt.Tensor) -> None:
    ops = sample.ops
    t = parse_html(tensor_html(sample))
    assert t.caption == f"shape (2, 3), ops {ops.name}"
    want = expected_html_rows(oracle_array(sample), ops.format, 1000, 3)
    assert t.rows == want
    assert [c for _, c in t.rows[1][1:]] == [ops.format(v) for v in sample.tolist()[0]]


def test_latex_uses_frac_for_rationals_and_sympy_latex() -> None:
    x = gt.tensor([[Fraction(1, 2), Fraction(-3, 4)], [2, 0]], ops=gt.rationals)
    assert parse_latex(tensor_latex(x)) == [[r"\frac{1}{2}", r"-\frac{3}{4}"], ["2", "0"]]
    s = gt.tensor([[a_**2 / b_, sympy.sqrt(a_)]])
    assert parse_latex(tensor_latex(s)) == [[sympy.latex(a_**2 / b_), sympy.latex(sympy.sqrt(a_))]]
    assert r"\frac{a^{2}}{b}" in tensor_latex(s)


def test_latex_1d_is_a_row_vector() -> None:
    x = gt.arange(4)
    assert tensor_latex(x) == r"$\displaystyle \begin{bmatrix}0 & 1 & 2 & 3\end{bmatrix}$"


def test_html_1d_has_index_header_and_one_row() -> None:
    t = parse_html(tensor_html(gt.tensor([Fraction(1, 3), 2])))
    assert t.rows == [[("th", "0"), ("th", "1")], [("td", "1/3"), ("td", "2")]]


# -- N-d layout -------------------------------------------------------------------------------


def test_latex_3d_is_a_row_of_matrices() -> None:
    x = gt.arange(12).reshape((2, 3, 2))
    got = parse_latex(tensor_latex(x))
    assert len(got) == 1 and len(got[0]) == 2  # one row of two blocks
    assert got[0][0] == [["0", "1"], ["2", "3"], ["4", "5"]]
    assert got[0][1] == [["6", "7"], ["8", "9"], ["10", "11"]]


def test_latex_4d_is_a_grid_of_matrices() -> None:
    x = gt.arange(16).reshape((2, 2, 2, 2))
    got = parse_latex(tensor_latex(x))
    assert len(got) == 2 and all(len(r) == 1 for r in got)  # a column of two ...
    assert len(got[1][0]) == 1 and len(got[1][0][0]) == 2  # ... rows of two matrices
    assert got[1][0][0][1] == [["12", "13"], ["14", "15"]]


def test_html_3d_shows_slices_with_their_index() -> None:
    x = gt.arange(8).reshape((2, 2, 2))
    t = parse_html(tensor_html(x))
    labels = [r[0][1] for r in t.rows if len(r) == 1]
    assert labels == ["[0, :, :]", "[1, :, :]"]
    assert t.rows == expected_html_rows(oracle_array(x), str, 1000, 3)


# -- views: the oracle is the same view of a NumPy object array ---------------------------------

VIEWS = {
    "T": lambda v: v.T,
    "reversed-rows": lambda v: v[::-1],
    "step-slice": lambda v: v[1::2, ::-2],
    "row": lambda v: v[2],
    "broadcast": lambda v: gt.broadcast_to(v[0], (3, 5)) if isinstance(v, gt.Tensor) else np.broadcast_to(v[0], (3, 5)),
    "3d-permuted": lambda v: v.reshape((5, 2, 2)).transpose(2, 0, 1),
}


@pytest.mark.parametrize("view", sorted(VIEWS))
def test_views_match_numpy_oracle(view: str) -> None:
    base = gt.fromfunction(lambda i, j: Fraction(i * 5 + j, 3), (4, 5))
    a = np.array(base.tolist(), dtype=object)
    x, want = VIEWS[view](base), VIEWS[view](a)
    assert x.shape == want.shape
    ops = base.ops
    assert parse_latex(tensor_latex(x)) == expected_latex(want, ops.latex, 1000, 3)
    assert parse_html(tensor_html(x)).rows == expected_html_rows(want, ops.format, 1000, 3)


# -- summarisation -------------------------------------------------------------------------------


def test_large_matrix_is_summarised_with_dots() -> None:
    x = gt.arange(10**6).reshape((1000, 1000))
    got = parse_latex(tensor_latex(x))
    assert len(got) == 7 and all(len(r) == 7 for r in got)
    assert got[0] == ["0", "1", "2", r"\cdots", "997", "998", "999"]
    assert got[3] == [r"\vdots"] * 3 + [r"\ddots"] + [r"\vdots"] * 3
    assert got[6][6] == "999999"
    t = parse_html(tensor_html(x))
    assert t.caption == "shape (1000, 1000), ops integers, 1000000 elements (summarised)"
    assert [c for _, c in t.rows[0]] == ["", "0", "1", "2", "…", "997", "998", "999"]
    assert [c for _, c in t.rows[4]] == ["⋮", "⋮", "⋮", "⋮", "⋱", "⋮", "⋮", "⋮"]
    assert [c for _, c in t.rows[-1]] == ["999", "999000", "999001", "999002", "…", "999997", "999998", "999999"]


class CountingOps(gt.BaseOps):
    """Integers that count how often an element is formatted."""

    name = "counting"
    zero, one = 0, 1

    def __init__(self) -> None:
        self.calls = 0

    def convert(self, v: Any) -> int:
        return int(v)

    def add(self, a: int, b: int) -> int:
        return a + b

    def mul(self, a: int, b: int) -> int:
        return a * b

    def neg(self, a: int) -> int:
        return -a

    def equal(self, a: int, b: int) -> bool:
        return a == b

    def format(self, a: int) -> str:
        self.calls += 1
        return str(a)


@pytest.mark.parametrize("render", [tensor_latex, tensor_html])
def test_only_shown_elements_are_formatted(render: Any) -> None:
    ops = CountingOps()
    x = gt.tensor(list(range(10**6)), ops=ops).reshape((1000, 1000))
    out = render(x)
    assert "999999" in out
    assert ops.calls == 36  # 6 x 6 shown elements, each formatted once


def test_printoptions_govern_rich_display() -> None:
    x = gt.arange(20)
    assert parse_latex(tensor_latex(x))[0] == [str(i) for i in range(20)]
    with gt.printoptions(threshold=10, edgeitems=2):
        assert parse_latex(tensor_latex(x)) == [["0", "1", r"\cdots", "18", "19"]]
        assert parse_html(tensor_html(x)).rows[1] == [("td", v) for v in ["0", "1", "…", "18", "19"]]
    with gt.printoptions(threshold=10, edgeitems=0):
        assert parse_latex(tensor_latex(x)) == [[r"\cdots"]]


@settings(max_examples=40, deadline=None)
@given(
    shape=st.lists(st.integers(1, 5), min_size=1, max_size=4).map(tuple),
    threshold=st.integers(0, 80),
    edge=st.integers(0, 3),
    transpose=st.booleans(),
)
def test_summaries_match_oracle(shape: tuple[int, ...], threshold: int, edge: int, transpose: bool) -> None:
    base = gt.arange(int(np.prod(shape))).reshape(shape)
    a = np.arange(int(np.prod(shape)), dtype=object).reshape(shape)
    if transpose:
        base, a = base.T, a.T
    with gt.printoptions(threshold=threshold, edgeitems=edge):
        got_latex = parse_latex(tensor_latex(base))
        got_html = parse_html(tensor_html(base)).rows
    assert got_latex == expected_latex(a, str, threshold, edge)
    assert got_html == expected_html_rows(a, str, threshold, edge)


# -- edge cases: empty, 0-d, failing elements, escaping ---------------------------------------------


@pytest.mark.parametrize("shape", [(0,), (2, 0), (0, 3, 4)])
def test_empty_tensors(shape: tuple[int, ...]) -> None:
    x = gt.zeros(shape, ops=gt.rationals)
    dims = r" \times ".join(map(str, shape))
    assert tensor_latex(x) == r"$\displaystyle \left[\,\right]_{" + dims + "}$"
    t = parse_html(tensor_html(x))
    assert t.caption == f"shape {shape}, ops rationals"
    assert t.rows == [[("td", "no elements")]]


def test_zero_dim_tensors() -> None:
    x = gt.tensor(Fraction(-5, 2))
    assert x.ndim == 0
    assert tensor_latex(x) == r"$\displaystyle -\frac{5}{2}$"
    t = parse_html(tensor_html(x))
    assert t.caption == "shape (), ops rationals" and t.rows == [[("td", "-5/2")]]
    assert tensor_latex(gt.tensor(a_**2)) == r"$\displaystyle a^{2}$"


class Shaky:
    """An element whose text cannot be produced by its ops."""

    def __init__(self, k: int) -> None:
        self.k = k

    def __repr__(self) -> str:
        return f"Shaky<{self.k}>_{{&}}"


class Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class FailingOps(gt.BaseOps):
    name = "failing"
    zero, one = Shaky(0), Shaky(1)

    def convert(self, v: Any) -> Any:
        return v

    def add(self, a: Any, b: Any) -> Any:
        raise NotImplementedError

    mul = add

    def neg(self, a: Any) -> Any:
        raise NotImplementedError

    def equal(self, a: Any, b: Any) -> bool:
        return a is b

    def format(self, a: Any) -> str:
        raise ValueError("format is broken")

    def latex(self, a: Any) -> str:
        raise ValueError("latex is broken")


def test_failing_latex_and_format_fall_back_to_repr() -> None:
    x = gt.tensor([Shaky(1), Shaky(2)], ops=FailingOps())
    cells = parse_latex(tensor_latex(x))[0]
    assert cells == [r"\mathtt{Shaky<1>\_\{\&\}}", r"\mathtt{Shaky<2>\_\{\&\}}"]
    t = parse_html(tensor_html(x))
    assert t.rows[1] == [("td", "Shaky<1>_{&}"), ("td", "Shaky<2>_{&}")]
    html_text = tensor_html(x)
    assert "Shaky&lt;1&gt;_{&amp;}" in html_text


def test_element_without_repr_still_displays() -> None:
    x = gt.tensor([Unprintable()], ops=FailingOps())
    assert parse_latex(tensor_latex(x)) == [[r"\mathtt{<Unprintable>}"]]
    assert parse_html(tensor_html(x)).rows[1] == [("td", "<Unprintable>")]


def test_latex_fallback_escapes_every_special_character() -> None:
    class Weird:
        def __repr__(self) -> str:
            return "a\\b{c}#$%&_^~ d"

    got = tensor_latex(gt.tensor([Weird()], ops=FailingOps()))
    assert r"\mathtt{a\backslash{}b\{c\}\#\$\%\&\_\hat{\ }\sim{}\ d}" in got
    assert got.count("$") == 3  # the two delimiters and one escaped \$


def test_html_escapes_element_text_and_ops_name() -> None:
    class Tagged(gt.BaseOps):
        name = "<ops & co>"
        zero, one = "0", "1"

        def convert(self, v: Any) -> Any:
            return str(v)

        def add(self, a: Any, b: Any) -> Any:
            return a + b

        mul = add

        def neg(self, a: Any) -> Any:
            return "-" + a

        def equal(self, a: Any, b: Any) -> bool:
            return a == b

    x = gt.tensor(["<script>alert(1)</script>", "\"q\"&'"], ops=Tagged())
    out = tensor_html(x)
    assert "<script>" not in out and "&lt;script&gt;" in out
    t = parse_html(out)
    assert t.caption == "shape (2,), ops <ops & co>"
    assert t.rows[1] == [("td", "<script>alert(1)</script>"), ("td", "\"q\"&'")]


def test_display_does_not_touch_the_tensor() -> None:
    x = gt.arange(12).reshape((3, 4))
    before = (x.tolist(), x.shape, x.strides)
    tensor_latex(x.T)
    tensor_html(x[::-1])
    assert (x.tolist(), x.shape, x.strides) == before


# -- which form Jupyter shows: printoptions(display=...) -------------------------------------------

AUTO_LATEX = ["symbolic", "rationals"]


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_auto_display_typesets_symbolic_and_rational_tensors(name: str) -> None:
    values, ops = SAMPLES[name]
    x = gt.tensor(values, ops=ops).reshape((2, 3))
    latex, page = x._repr_latex_(), x._repr_html_()
    if name in AUTO_LATEX:
        assert latex == tensor_latex(x, caption=True) and page is None
    else:
        assert page == tensor_html(x) and latex is None
    for mode, want in (("latex", (True, False)), ("html", (False, True)), ("text", (False, False))):
        with gt.printoptions(display=mode):
            assert (x._repr_latex_() is not None, x._repr_html_() is not None) == want
    assert gt.get_printoptions().display == "auto"


def test_auto_display_reads_capability_fields_not_the_kind_name() -> None:
    from gentensor.display.rich import chosen_display

    class Named(type(gt.integers)):  # integers that call themselves rational: still integers, HTML
        capabilities = gt.Capabilities(
            kind="rational", integral_domain=True, exact_division=True, euclidean=True, ordered=True,
            characteristic=0, index=True, rational=True,
        )

    class Fractions(type(gt.rationals)):  # fractions under a user's name: typeset
        capabilities = gt.Capabilities(
            kind="user", integral_domain=True, field=True, exact_division=True, ordered=True, characteristic=0, rational=True,
        )

    assert chosen_display(gt.tensor([1, 2], ops=Named())) == "html"
    assert chosen_display(gt.tensor([Fraction(1, 2)], ops=Fractions())) == "latex"


def test_ipython_sees_one_rich_form() -> None:
    formatters = pytest.importorskip("IPython.core.formatters", reason="IPython is part of the notebooks extra")
    fmt = formatters.DisplayFormatter()
    sym, _ = fmt.format(gt.symbols("a", (2, 2)))
    ints, _ = fmt.format(gt.arange(4).reshape((2, 2)))
    assert "text/latex" in sym and "text/html" not in sym and "text/plain" in sym
    assert "text/html" in ints and "text/latex" not in ints


def test_large_symbolic_tensors_stay_summarised_in_latex() -> None:
    x = gt.symbols("a", (40, 40))
    latex = x._repr_latex_()
    assert latex is not None and r"\cdots" in latex and r"\vdots" in latex and latex.count("a_{") <= 36
    with gt.printoptions(threshold=10**6):
        assert x._repr_latex_().count("a_{") == 1600


def test_display_option_is_checked() -> None:
    with pytest.raises(ValueError, match="^printoptions: display must be one of"):
        gt.printoptions(display="pdf").__enter__()


@pytest.mark.parametrize(
    "value, want",
    [
        (float("nan"), r"\mathrm{NaN}"),
        (float("inf"), r"\infty"),
        (float("-inf"), r"-\infty"),
        (1e-09, r"1 \times 10^{-9}"),
        (2.5e20, r"2.5 \times 10^{20}"),
        (-0.0, "-0.0"),
        (1.5, "1.5"),
        (True, r"\mathrm{True}"),
        (False, r"\mathrm{False}"),
        (1 + 2j, "1 + 2 i"),
        (2.5 - 0.5j, "2.5 - 0.5 i"),
        (-1j, "-i"),
        (3j, "3 i"),
        (complex(float("nan"), 1), r"\mathrm{NaN} + i"),
        (complex(1, float("inf")), r"1 + \infty i"),
        (complex(0, float("nan")), r"\mathrm{NaN} i"),
    ],
)
def test_numbers_are_typeset_as_mathematics(value: Any, want: str) -> None:
    assert number_latex(value) == want
    ops = gt.booleans if isinstance(value, bool) else gt.complexes if isinstance(value, complex) else gt.floats
    with gt.printoptions(display="latex"):
        assert gt.tensor([value], ops=ops)._repr_latex_() == (
            r"$\displaystyle \begin{array}{l}\scriptstyle\text{shape (1,), ops " + ops.name + r"} \\ "
            r"\begin{bmatrix}" + want + r"\end{bmatrix}\end{array}$"
        )


# -- the caption of the LaTeX form ------------------------------------------------------------------------


def _caption_of(latex: str) -> str:
    head = r"$\displaystyle \begin{array}{l}\scriptstyle"
    assert latex.startswith(head) and latex.endswith(r"\end{array}$"), latex
    return latex[len(head) : latex.index(r" \\ ")]


def test_latex_carries_the_caption_the_html_table_has() -> None:
    import html as _html

    cases = [
        gt.tensor([[Fraction(1, 2), 3]]),
        gt.symbols("a", (2, 2, 2)),
        gt.tensor(Fraction(5, 2)),
        gt.zeros((0, 3), ops=gt.rationals),
        gt.arange(2000).astype(gt.rationals),
        gt.tensor([1, 2], ops=gt.modular(7)),
    ]
    for x in cases:
        with gt.printoptions(display="latex"):
            latex = x._repr_latex_()
        caption = re.search(r"<caption[^>]*>(.*?)</caption>", tensor_html(x)).group(1)
        assert _caption_of(latex) == r"\text{" + _html.unescape(caption) + "}"
        body = latex.replace(r"\begin{array}{l}\scriptstyle" + _caption_of(latex) + r" \\ ", "").replace(r"\end{array}$", "$")
        assert body == tensor_latex(x)  # the mathematics itself is unchanged
    assert "2000 elements (summarised)" in _caption_of(cases[4]._repr_latex_())


def test_a_caption_with_latex_specials_is_escaped() -> None:
    from tests.toyring import Gauss, GaussOps

    class Odd(GaussOps):
        name = "my_ring {#1} $x$"

    x = gt.tensor([Gauss(1, 2)], ops=Odd())
    with gt.printoptions(display="latex"):
        caption = _caption_of(x._repr_latex_())
    assert caption.startswith(r"\mathtt{") and r"\_" in caption and r"\{\#1\}" in caption and r"\$x\$" in caption
