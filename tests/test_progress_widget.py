"""Progress bars in Jupyter: a widget where ipywidgets is installed (the notebooks extra), text otherwise.

The choice is checked in-process with a stand-in kernel, and end to end in a
real IPython kernel (nbclient, no browser): a long ``gt.map`` under
``gt.progress`` must put a widget view into the cell's outputs.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from gentensor.parallel import _progress
from tests.test_notebooks import NO_EXTRA, execute_notebook

NEEDS = "the notebooks extra (ipywidgets, tqdm) is not installed (pip install -e '.[notebooks]')"


@pytest.fixture
def widgets() -> Any:
    """tqdm's widget bar (imported before a stand-in IPython hides the real one)."""
    pytest.importorskip("ipywidgets", reason=NEEDS)
    return pytest.importorskip("tqdm.notebook", reason=NEEDS).tqdm


@pytest.fixture
def in_a_kernel(widgets: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``IPython.get_ipython()`` answers with a shell that has a kernel, as inside Jupyter."""
    shell = types.SimpleNamespace(kernel=object())
    fake = types.ModuleType("IPython")
    fake.get_ipython = lambda: shell  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "IPython", fake)
    assert _progress._in_notebook() and _progress.interactive()


def test_a_kernel_with_ipywidgets_gets_the_widget_bar(widgets: Any, in_a_kernel: None) -> None:
    assert _progress._factory() is widgets


def test_a_kernel_without_ipywidgets_gets_text_bars(in_a_kernel: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from tqdm.std import tqdm as text_bar

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "ipywidgets" else real(name, *a))
    assert _progress._factory() is text_bar


def test_outside_a_kernel_the_bar_is_text() -> None:
    pytest.importorskip("tqdm", reason=NEEDS)
    from tqdm.std import tqdm as text_bar

    assert not _progress._in_notebook()
    assert _progress._factory() is text_bar


def test_the_notebooks_extra_lists_ipywidgets_and_tqdm() -> None:
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("notebooks = "))
    assert '"ipywidgets' in line and '"tqdm' in line


def test_a_real_kernel_shows_a_widget_bar(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat", reason=NO_EXTRA)
    pytest.importorskip("ipywidgets", reason=NEEDS)
    pytest.importorskip("tqdm", reason=NEEDS)
    code = (
        "import time\n"
        "import gentensor as gt\n"
        "with gt.progress(True, after=0.05):\n"
        "    out = gt.map(lambda v: time.sleep(0.005) or v * v, gt.arange(120))\n"
        "print(out.tolist()[-1])\n"
    )
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = tmp_path / "bar.ipynb"
    nbformat.write(nb, path)
    done = execute_notebook(path, tmp_path)
    outputs: list[Any] = done.cells[0].outputs
    views = [o for o in outputs if o.get("output_type") == "display_data" and "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert views, outputs
    assert any(o.get("name") == "stdout" and "14161" in o.get("text", "") for o in outputs), outputs
    assert not any(o.get("name") == "stderr" and "%|" in o.get("text", "") for o in outputs), "a text bar instead of the widget"
