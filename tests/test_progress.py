"""Progress bars: shown for long work where someone watches, never for short work, never without tqdm.

A recording bar class stands in for tqdm where the test checks what was
drawn (totals, advances, closing); one test draws real tqdm text bars into a
fake terminal.  "Long" is made cheap: the threshold ``after`` is lowered
instead of running for seconds.
"""

from __future__ import annotations

import asyncio
import io
import sys
import threading
import time
import types
from typing import Any

import pytest

import gentensor as gt
from gentensor.parallel import _progress, run_map


class Recorder:
    """Stands in for tqdm: remembers how it was made and what it was told."""

    made: list["Recorder"] = []

    def __init__(self, **kw: Any) -> None:
        self.kw = kw
        self.n = kw.get("initial") or 0
        self.closed = False
        self.refreshed = 0
        Recorder.made.append(self)

    def update(self, k: int) -> None:
        self.n += k

    def refresh(self) -> None:
        self.refreshed += 1

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def bars(monkeypatch: pytest.MonkeyPatch) -> list[Recorder]:
    Recorder.made = []
    monkeypatch.setattr(_progress, "_factory", lambda: Recorder)
    monkeypatch.setattr(_progress, "interactive", lambda: True)
    return Recorder.made


def sleepy(i: int) -> int:
    time.sleep(0.002)
    return i * i


def test_long_serial_map_shows_a_bar_that_ends_full(bars: list[Recorder]) -> None:
    with gt.progress("auto", after=0.05):  # 150 elements of ~2 ms: predicted ~0.3 s
        y = gt.map(sleepy, gt.arange(150))
    assert y.tolist() == [i * i for i in range(150)]
    assert len(bars) == 1
    bar = bars[0]
    assert bar.kw["total"] == 150 and bar.kw["desc"] == "map" and bar.kw["unit"] == " elements"
    assert bar.n == 150 and bar.closed
    assert 0 < bar.kw["initial"] < 150  # it appeared part-way, once the prediction said "long"


def test_short_work_never_shows_a_bar(bars: list[Recorder]) -> None:
    assert gt.map(abs, gt.arange(-2000, 0)).tolist()[:2] == [2000, 1999]  # the default: 2 s
    with gt.parallel("threads", workers=2):
        gt.map(abs, gt.arange(-2000, 0))
    gt.linalg.det(gt.tensor([[[1, 2], [3, 4]]] * 20))
    assert bars == []


@pytest.mark.parametrize("mode", ["threads", "processes", "auto"])
def test_parallel_map_bar_counts_every_element(bars: list[Recorder], mode: str) -> None:
    with gt.progress(True, after=0), gt.parallel(mode, workers=2):
        assert run_map(sleepy, [list(range(40))]) == [i * i for i in range(40)]
    assert len(bars) == 1 and bars[0].n == 40 and bars[0].kw["total"] == 40 and bars[0].closed


def test_fromfunction_and_stacks_get_their_own_names(bars: list[Recorder]) -> None:
    from gentensor.linalg._bulk import MAX_BULK_ORDER

    n = MAX_BULK_ORDER + 1  # smaller orders take the bulk path (the whole stack at once, no per-matrix loop)
    dets, invs = gt.eye(n) + gt.zeros((12, n, n)), gt.eye(n) + gt.zeros((9, n, n))
    with gt.progress(True, after=0):
        gt.fromfunction(lambda i, j: sleepy(i + j), (6, 7))
        gt.linalg.det(dets)
        with gt.parallel("threads", workers=2):
            gt.linalg.inv(invs)
    assert [(b.kw["desc"], b.kw["total"], b.kw["unit"], b.n) for b in bars] == [
        ("fromfunction", 42, " elements", 42),
        ("det", 12, " matrices", 12),
        ("inv", 9, " matrices", 9),
    ]
    assert all(b.closed for b in bars)


def test_a_failing_job_still_closes_its_bar(bars: list[Recorder]) -> None:
    def fails_late(i: int) -> int:
        if i == 90:
            raise ValueError("ninety")
        return sleepy(i)

    with gt.progress(True, after=0), pytest.raises(ValueError, match="ninety"):
        gt.map(fails_late, gt.arange(100))
    assert len(bars) == 1 and bars[0].closed and bars[0].n < 100


def test_off_and_non_interactive(bars: list[Recorder], monkeypatch: pytest.MonkeyPatch) -> None:
    with gt.progress(False, after=0):
        gt.map(sleepy, gt.arange(20))
    assert bars == []
    monkeypatch.setattr(_progress, "interactive", lambda: False)  # a script writing to a file
    with gt.progress("auto", after=0):
        gt.map(sleepy, gt.arange(20))
    assert bars == []
    with gt.progress(True, after=0):  # asked for explicitly: shown anyway
        gt.map(sleepy, gt.arange(20))
    assert len(bars) == 1


def test_without_tqdm_nothing_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_progress, "_HAVE_TQDM", None)
    monkeypatch.setitem(sys.modules, "tqdm", None)  # importing tqdm fails

    def no_spec(name: str, *args: Any) -> Any:
        return None

    monkeypatch.setattr(_progress.importlib.util, "find_spec", no_spec)
    with gt.progress(True, after=0):
        assert _progress.start(10, "map") is None
        assert gt.map(sleepy, gt.arange(5)).tolist() == [0, 1, 4, 9, 16]


def test_a_broken_bar_never_breaks_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(**kw: Any) -> Any:
        raise RuntimeError("no terminal")

    monkeypatch.setattr(_progress, "_factory", lambda: broken)
    with gt.progress(True, after=0):
        assert gt.map(sleepy, gt.arange(30)).tolist() == [i * i for i in range(30)]


def test_real_tqdm_text_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("tqdm", reason="the progress extra (tqdm) is not installed")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stderr", Terminal())
    monkeypatch.setattr(_progress, "_in_notebook", lambda: False)
    with gt.progress("auto", after=0):
        gt.map(sleepy, gt.arange(60))
    drawn = sys.stderr.getvalue()
    assert "map:" in drawn and "60/60" in drawn and "elements" in drawn


def test_a_long_single_decomposition_shows_a_timer(bars: list[Recorder], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_progress, "WATCH_SECONDS", 0.01)
    from gentensor.linalg import _stack

    seen_running = threading.Event()
    real_run = _stack.run

    def slow_task(task: Any) -> Any:
        def slow(rows: Any) -> Any:
            deadline = time.monotonic() + 30
            while not Recorder.made and time.monotonic() < deadline:
                time.sleep(0.01)  # until the watcher has drawn the timer
            seen_running.set()
            return task(rows)

        return slow

    import gentensor.linalg.measures as measures  # where det lives

    monkeypatch.setattr(measures, "run", lambda task, *a: real_run(slow_task(task), *a))
    x = gt.tensor([[i * 5 + j + (i == j) * 9 for j in range(5)] for i in range(5)])
    with gt.progress(True, after=0.05):
        d = gt.linalg.det(x)
    assert d == gt.linalg.det(x)
    assert seen_running.is_set() and len(bars) == 1
    timer = bars[0]
    assert timer.kw["desc"] == "det" and timer.kw["total"] is None and "running for" in timer.kw["bar_format"]
    assert timer.closed


def test_small_single_matrices_are_not_watched(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr("gentensor.linalg._stack.watch", lambda desc: calls.append(desc))
    gt.linalg.det(gt.tensor([[1, 2], [3, 4]]))
    assert calls == []
    gt.linalg.det(gt.eye(5))
    assert calls and set(calls) == {"det"}  # watched (twice when a provider of packed words declines it first)


def _nullcontext() -> Any:
    import contextlib

    return contextlib.nullcontext()


# ---------------------------------------------------------------- the setting


def test_setting_is_restored_and_validated() -> None:
    default = _progress._SETTING.get()
    assert default == ("auto", 2.0)
    with gt.progress(True, after=1) as s:
        assert s == gt.ProgressSetting(True, 1.0)
        with gt.progress(False):
            assert _progress._SETTING.get() == (False, 1.0)  # after is kept from the outer block
        assert _progress._SETTING.get() == (True, 1.0)
    assert _progress._SETTING.get() == default
    for bad in ("yes", 1, None):
        with pytest.raises(ValueError, match=r"progress: show must be True, False or 'auto' \(got"):
            gt.progress(bad).__enter__()  # type: ignore[arg-type]
    for after in (-1, "2", float("nan"), True):
        with pytest.raises(ValueError, match=r"progress: after must be a non-negative number of seconds \(got"):
            gt.progress(True, after=after).__enter__()  # type: ignore[arg-type]
    assert _progress._SETTING.get() == default


def test_setting_is_per_thread_and_per_task() -> None:
    seen: list[Any] = []
    with gt.progress(False):
        t = threading.Thread(target=lambda: seen.append(_progress._SETTING.get().show))
        t.start()
        t.join()

        async def task() -> Any:
            with gt.progress(True):
                await asyncio.sleep(0)
                return _progress._SETTING.get().show

        async def main() -> Any:
            return await asyncio.gather(task(), asyncio.sleep(0, result=_progress._SETTING.get().show))

        assert asyncio.run(main()) == [True, False]
    assert seen == ["auto"]


def test_interactive_in_a_jupyter_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    shell = types.SimpleNamespace(kernel=object())
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))
    assert _progress.interactive() is True
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: None))
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert _progress.interactive() is False
