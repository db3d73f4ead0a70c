"""The notebooks in ``notebooks/``: committed clean, and they run top to bottom.

Execution uses nbclient with a kernel spec written for this very interpreter
(so the kernel imports the gentensor under test, not whatever a user-level
``python3`` kernel points at).  Any cell that raises fails the test.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
EXPECTED = ["01_tour.ipynb", "02_symbolic.ipynb", "03_exact.ipynb", "04_parallel.ipynb", "05_from_sympy.ipynb", "06_exact_integer.ipynb"]
KERNEL = "gentensor-under-test"
NO_EXTRA = "the notebooks extra is not installed (pip install -e '.[notebooks]')"


def execute_notebook(path: Path, workdir: Path, timeout: int = 300) -> Any:
    """Run every cell of the notebook at ``path`` and return the executed notebook.

    Raises ``nbclient.exceptions.CellExecutionError`` at the first failing cell.
    """
    nbformat = pytest.importorskip("nbformat", reason=NO_EXTRA)
    nbclient = pytest.importorskip("nbclient", reason=NO_EXTRA)
    pytest.importorskip("ipykernel", reason=NO_EXTRA)
    spec_dir = workdir / "jupyter" / "kernels" / KERNEL
    spec_dir.mkdir(parents=True, exist_ok=True)
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "gentensor (tests)",
        "language": "python",
    }
    (spec_dir / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
    old = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = str(workdir / "jupyter") + (os.pathsep + old if old else "")
    try:
        nb = nbformat.read(path, as_version=4)
        client = nbclient.NotebookClient(
            nb,
            timeout=timeout,
            kernel_name=KERNEL,
            resources={"metadata": {"path": str(ROOT)}},
        )
        client.execute()
    finally:
        if old is None:
            del os.environ["JUPYTER_PATH"]
        else:
            os.environ["JUPYTER_PATH"] = old
    return nb


def _load(name: str) -> dict[str, Any]:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))


def test_the_notebooks_are_there() -> None:
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == EXPECTED


@pytest.mark.parametrize("name", EXPECTED)
def test_committed_without_outputs(name: str) -> None:
    nb = _load(name)
    assert nb["nbformat"] == 4
    assert nb["metadata"]["kernelspec"]["language"] == "python"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and any(c["cell_type"] == "markdown" for c in nb["cells"])
    for cell in code:
        stale = f"{name}: stale output in {cell['source'][:60]!r}"
        assert cell["outputs"] == [] and cell["execution_count"] is None, stale


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Executes each notebook once per test module; returns the executed notebook."""
    cache: dict[str, Any] = {}

    def run(name: str) -> Any:
        if name not in cache:
            cache[name] = execute_notebook(NOTEBOOKS / name, tmp_path_factory.mktemp("nb"))
        return cache[name]

    return run


@pytest.mark.parametrize("name", EXPECTED)
def test_notebook_runs_top_to_bottom(name: str, executed: Any) -> None:
    nb = executed(name)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count is not None for c in code)
    errors = [o for c in code for o in c.outputs if o.output_type == "error"]
    assert errors == []
    assert any(c.outputs for c in code)


def test_tour_displays_tensors_richly(executed: Any) -> None:
    nb = executed("01_tour.ipynb")
    bundles = [o.data for c in nb.cells if c.cell_type == "code" for o in c.outputs if "data" in o]
    html = [b["text/html"] for b in bundles if "text/html" in b]
    assert any('<table class="gentensor"' in h and "shape (3, 4), ops integers" in h for h in html)
    assert any("(summarised)" in h for h in html)  # the 1000x1000 tensor
    latex = [b["text/latex"] for b in bundles if "text/latex" in b]
    assert any(r"\begin{bmatrix}" in t and r"\frac{1}{2}" in t for t in latex)
    plain = [b["text/plain"] for b in bundles if "text/plain" in b]
    assert any(p.startswith("tensor([[") for p in plain)


def test_exact_integer_notebook_computes_what_it_claims(executed: Any) -> None:
    nb = executed("06_exact_integer.ipynb")
    shown = {c.id: "".join(o.get("data", {}).get("text/plain", "") + o.get("text", "") for o in c.outputs)
             for c in nb.cells if c.cell_type == "code"}
    assert shown["cell-04"].endswith("True)")  # LLL recovered the secret subset
    assert shown["cell-06"] == "(True, True)"  # u @ B == basis, same lattice
    assert shown["cell-09"] == "(True, -1, 1, [2, 6, 12])"  # Z/2 + Z/6 + Z/12
    assert shown["cell-16"].count("[20, 11]") == 4  # every listed vector solves the system
    assert "no integer solution" in shown["cell-18"]
    assert shown["cell-21"].startswith("(True,")  # the CRT lift is the determinant


def test_parallel_notebook_states_the_machine_and_both_numbers(executed: Any) -> None:
    import re

    nb = executed("04_parallel.ipynb")
    text = "\n".join(
        o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "stream"
    )
    assert "CPUs this process may use" in text and "load average" in text
    assert "auto would run:" in text and "machine capacity now:" in text
    assert re.search(r"mode\s+best of 3 \(s\)\s+measured\s+predicted", text)
    assert re.search(r"^processes\s+\d+\.\d+\s+\d+\.\d+x", text, re.M)
    assert "did not finish within the timeout of 0.5 s" in text
    assert "process(es)" not in text
