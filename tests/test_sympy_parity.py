"""SymPy ``Matrix`` parity: every public method and property has an equivalent in gentensor or a documented reason.

The walk is ``dir(sympy.Matrix)``; the table is the section "Every `Matrix`
method" of ``docs/from-sympy.md``.  Each name must have a row; a row either
names equivalents -- every ``gt.``/``T.`` reference in it must exist -- or
says ``not provided:`` with a reason.  SymPy's printing protocol (``latex``,
``pprint``, ``sstr``) works on tensors.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import sympy

import gentensor as gt

DOC = Path(__file__).resolve().parents[1] / "docs" / "from-sympy.md"
HEADING = "## Every `Matrix` method"
ROW = re.compile(r"^\| `([A-Za-z_][A-Za-z0-9_]*)` \| (.+) \|$")
GT_REF = re.compile(r"\bgt((?:\.[A-Za-z_][A-Za-z0-9_]*)+)")
T_REF = re.compile(r"(?<![\w.])T\.([A-Za-z_][A-Za-z0-9_]*)")


def sympy_names() -> list[str]:
    return sorted(n for n in dir(sympy.Matrix) if not n.startswith("_"))


def table() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    assert HEADING in text, f"{DOC} has no section {HEADING!r}"
    section = text.split(HEADING, 1)[1].split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        m = ROW.match(line.strip())
        if m:
            assert m.group(1) not in rows, f"{m.group(1)} is listed twice"
            rows[m.group(1)] = m.group(2)
    return rows


def resolve(dotted: str) -> bool:
    obj = gt
    for part in dotted.strip(".").split("."):
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return True


def test_every_matrix_method_is_in_the_table() -> None:
    rows = table()
    missing = [n for n in sympy_names() if n not in rows]
    assert not missing, f"SymPy Matrix names without a row in {DOC.name}: {missing}"
    stale = [n for n in rows if n not in sympy_names()]
    assert not stale, f"rows for names SymPy's Matrix does not have (this SymPy: {sympy.__version__}): {stale}"


@pytest.mark.parametrize("name", sympy_names())
def test_each_row_names_an_equivalent_or_a_reason(name: str) -> None:
    cell = table().get(name)
    assert cell is not None
    if cell.startswith("not provided"):
        reason = cell.split(":", 1)[1].strip() if ":" in cell else ""
        assert len(reason) >= 15, f"{name}: 'not provided' needs a reason (got {cell!r})"
    else:
        assert "`" in cell, f"{name}: the equivalent should be written as code (got {cell!r})"
    for dotted in GT_REF.findall(cell):
        assert resolve(dotted), f"{name}: gt{dotted} does not exist"
    for attr in T_REF.findall(cell):
        assert hasattr(gt.Tensor, attr), f"{name}: Tensor.{attr} does not exist"


def test_most_of_the_api_is_provided() -> None:
    rows = table()
    refused = [n for n, cell in rows.items() if cell.startswith("not provided")]
    assert len(refused) < len(rows) // 6, f"too many SymPy methods without an equivalent: {refused}"


# -- SymPy's printing protocol ------------------------------------------------------------------------


def test_sympy_printers_print_tensors_as_matrices() -> None:
    x = sympy.Symbol("x")
    t = gt.tensor([[x, 1], [2, x**2]])
    m = sympy.Matrix([[x, 1], [2, x**2]])
    assert sympy.latex(t) == sympy.latex(m)
    assert sympy.pretty(t) == sympy.pretty(m)
    assert sympy.sstr(t) == sympy.sstr(m)
    assert sympy.srepr(t) == sympy.srepr(sympy.ImmutableMatrix(m))
    assert sympy.latex(gt.tensor([1, x])) == sympy.latex(sympy.Array([1, x]))
    assert "x^{2}" in sympy.latex(t)


def test_pprint_writes_the_matrix(capsys: pytest.CaptureFixture[str]) -> None:
    sympy.pprint(gt.tensor([[1, 2], [3, 4]]), use_unicode=False)
    out = capsys.readouterr().out
    assert out.splitlines() == ["[1  2]", "[    ]", "[3  4]"]
