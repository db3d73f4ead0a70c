"""Stopping parallel work: Ctrl-C, timeouts, a dying parent, shutdown, and the one-pool-per-kind rule.

The signal tests run a small script in its own session (process group), as a
terminal would, wait until its workers have really started the elements
(they say so on the shared stdout pipe: an event, not a sleep), send the
signal, and then check that the script returned within a few seconds and
that no process of its group is left.  Whatever happens, the group is
killed at the end, so no test leaves a process behind.  The elements never
return on their own: only stopping them ends the work.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import queue
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import gentensor as gt
from gentensor.parallel import _pools, run_map

ROOT = Path(__file__).resolve().parent.parent
POSIX = os.name == "posix" and hasattr(os, "killpg")
needs_posix = pytest.mark.skipif(not POSIX, reason="process groups and signals as a terminal sends them are POSIX-only")

try:
    import loky  # noqa: F401

    HAVE_LOKY = True
except ImportError:
    HAVE_LOKY = False

#: Generous bounds for a busy 2-core machine: starting a process pool may take seconds there.
START_TIMEOUT = 120.0
PROMPT = 8.0  # "returns within a few seconds"

SCRIPT = textwrap.dedent(
    """
    import os, sys, time
    import gentensor as gt
    from gentensor.parallel import _pools, run_map

    def forever(i):
        # one write per line: two threads printing the parts of a line separately could interleave them
        sys.stdout.write(f"started {os.getpid()}\\n")
        sys.stdout.flush()
        while True:
            time.sleep(0.05)

    if __name__ == "__main__":
        mode, pool = sys.argv[1], sys.argv[2]
        if pool == "stdlib":
            _pools._loky = lambda: None
        print("ready", os.getpid(), flush=True)
        if len(sys.argv) > 3:  # "exit": use the pool, then leave it to the interpreter's exit
            print("mapped", run_map(abs, [list(range(-8, 0))], executor=mode, workers=2), flush=True)
            raise SystemExit(0)
        try:
            run_map(forever, [list(range(16))], executor=mode, workers=2)
        except KeyboardInterrupt:
            print("interrupted", time.monotonic(), flush=True)
    """
)


class Script:
    """The script above in its own session, its stdout read line by line on a thread."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        path = tmp_path / "job.py"
        path.write_text(SCRIPT, encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.proc = subprocess.Popen(
            [sys.executable, str(path), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,
        )
        self.pgid = self.proc.pid  # the session leader's pid is the group id
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)  # EOF: every process holding the pipe is gone

    def wait_for(self, prefix: str, count: int = 1, timeout: float = START_TIMEOUT) -> list[str]:
        seen: list[str] = []
        deadline = time.monotonic() + timeout
        while len(seen) < count:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no {prefix!r} line within {timeout} s (saw {seen})") from None
            if line is None:
                err = self.proc.stderr.read() if self.proc.stderr else ""
                raise AssertionError(f"the script ended before {count} {prefix!r} lines: {seen}; stderr: {err}")
            # a line may hold several messages if threads of one process wrote at once
            seen.extend(prefix + rest for rest in line.split(prefix)[1:] if line.startswith(prefix))
        return seen

    def group_alive(self) -> bool:
        try:
            os.killpg(self.pgid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True

    def wait_group_gone(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.proc.poll()  # reap the script itself
            if not self.group_alive():
                return True
            time.sleep(0.05)  # polling the process table: there is no event for "a process group is empty"
        return False

    def cleanup(self) -> None:
        if self.group_alive():
            try:
                os.killpg(self.pgid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pass
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()


def _pools_to_try() -> list:
    kinds = [pytest.param("stdlib", id="stdlib-pool")]
    if HAVE_LOKY:
        kinds.insert(0, pytest.param("loky", id="loky-pool"))
    return kinds


@needs_posix
@pytest.mark.parametrize("pool", _pools_to_try())
def test_ctrl_c_during_a_process_map_returns_promptly_and_leaves_no_process(tmp_path: Path, pool: str) -> None:
    script = Script(tmp_path, "processes", pool)
    try:
        script.wait_for("ready")
        workers = {int(line.split()[1]) for line in script.wait_for("started", 2)}
        assert len(workers) == 2 and script.proc.pid not in workers
        sent = time.monotonic()
        os.killpg(script.pgid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole group
        line = script.wait_for("interrupted", timeout=60)[0]
        returned = float(line.split()[1]) - sent
        assert returned < PROMPT, f"the map took {returned:.1f} s to return after Ctrl-C"
        assert script.proc.wait(timeout=60) == 0
        assert script.wait_group_gone(PROMPT), "a process of the job is still alive after Ctrl-C"
        for pid in workers:
            assert not Path(f"/proc/{pid}").exists() or not _alive(pid)
    finally:
        script.cleanup()


@needs_posix
def test_ctrl_c_during_a_thread_map_returns_and_the_process_exits(tmp_path: Path) -> None:
    """Thread elements that never return cannot hold up the exit: the pool's threads are daemons."""
    script = Script(tmp_path, "threads", "-")
    try:
        script.wait_for("ready")
        script.wait_for("started", 2)
        sent = time.monotonic()
        os.kill(script.proc.pid, signal.SIGINT)
        line = script.wait_for("interrupted", timeout=60)[0]
        assert float(line.split()[1]) - sent < PROMPT
        assert script.proc.wait(timeout=PROMPT) == 0
    finally:
        script.cleanup()


@needs_posix
@pytest.mark.parametrize("pool", _pools_to_try())
def test_workers_exit_when_the_parent_is_killed(tmp_path: Path, pool: str) -> None:
    script = Script(tmp_path, "processes", pool)
    try:
        script.wait_for("ready")
        script.wait_for("started", 2)
        script.proc.kill()  # SIGKILL: no cleanup can run in the parent
        script.proc.wait(timeout=60)
        assert script.wait_group_gone(30.0), "worker processes outlived their parent"
    finally:
        script.cleanup()


@needs_posix
@pytest.mark.parametrize("pool", _pools_to_try())
def test_interpreter_exit_stops_the_pool(tmp_path: Path, pool: str) -> None:
    script = Script(tmp_path, "processes", pool, "exit")
    try:
        assert script.wait_for("mapped")[0] == "mapped [8, 7, 6, 5, 4, 3, 2, 1]"
        assert script.proc.wait(timeout=60) == 0
        assert script.wait_group_gone(PROMPT), "worker processes outlived a normal exit"
    finally:
        script.cleanup()


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


# ---------------------------------------------------------------- timeouts (in process)


def _forever(i: int) -> int:
    while True:
        time.sleep(0.05)


def _slow(i: int) -> int:
    time.sleep(0.02)
    return i


def _gone(process: Any) -> bool:
    """True when a worker process has ended (exited, or a zombie that another thread of the pool reaps).

    ``is_alive()`` alone can stay True for a process that another thread
    (the pool's manager) waited for: this process then cannot reap it again.
    """
    if not process.is_alive():
        return True
    if not Path("/proc/self/stat").exists():  # no /proc: trust is_alive()
        return False
    stat = Path(f"/proc/{process.pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except (OSError, IndexError):
        return True  # no such process any more


@pytest.mark.parametrize("pool", _pools_to_try())
def test_timeout_stops_a_process_map_and_its_workers(pool: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if pool == "stdlib":
        monkeypatch.setattr(_pools, "_loky", lambda: None)
    gt.parallel.shutdown()  # a fresh pool of this kind
    run_map(abs, [[-1, -2]], executor="processes", workers=2)  # started before the clock runs
    with _pools.lease("processes", 2) as p:
        workers = list(_pools._processes(p.executor))
    t0 = time.monotonic()
    with pytest.raises(TimeoutError, match=r"map: the work did not finish within the timeout of 1 s \(got 0 of 8 elements done\); .*worker processes running it were stopped"):
        run_map(_forever, [list(range(8))], executor="processes", workers=2, timeout=1)
    assert time.monotonic() - t0 < 1 + PROMPT
    assert workers and all(_gone(w) for w in workers)
    assert run_map(abs, [[-1, -2, -3]], executor="processes", workers=2) == [1, 2, 3]  # a fresh pool
    gt.parallel.shutdown()


def test_ctrl_c_inside_the_wait_for_a_chunk_is_a_keyboard_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at one point of ``Condition.wait`` surfaces as ``RuntimeError: cannot release un-acquired lock``
    (with the interrupt as its context); the caller must see the ``KeyboardInterrupt``, and the job's work stop."""
    release = threading.Event()
    calls: list[int] = []
    real = cf.Future.result

    def result(self: cf.Future, timeout: float | None = None) -> object:
        if timeout is not None and not calls:
            calls.append(1)
            try:
                raise KeyboardInterrupt
            except KeyboardInterrupt:
                raise RuntimeError("cannot release un-acquired lock")  # what CPython raises then
        return real(self, timeout)

    def wait(i: int) -> int:
        release.wait(60)
        return i

    monkeypatch.setattr(cf.Future, "result", result)
    try:
        with pytest.raises(KeyboardInterrupt):
            run_map(wait, [list(range(4))], executor="threads", workers=2)
        assert calls == [1]
    finally:
        release.set()
    monkeypatch.undo()
    assert run_map(abs, [[-4, 5]], executor="threads", workers=2) == [4, 5]


def test_timeout_stops_a_thread_map() -> None:
    release = threading.Event()

    def wait(i: int) -> int:
        release.wait(60)
        return i

    t0 = time.monotonic()
    try:
        with gt.parallel("threads", workers=2, timeout=0.5):
            with pytest.raises(TimeoutError, match=r"map: the work did not finish within the timeout of 0\.5 s"):
                run_map(wait, [list(range(6))])
        assert time.monotonic() - t0 < PROMPT
    finally:
        release.set()
    assert run_map(abs, [[-4, 5]], executor="threads", workers=2) == [4, 5]


def test_timeout_of_serial_work_stops_between_elements() -> None:
    t0 = time.monotonic()
    with pytest.raises(TimeoutError, match=r"got (\d+) of 200 elements done") as info:
        gt.map(_slow, gt.arange(200), timeout=0.3)
    assert time.monotonic() - t0 < 0.3 + PROMPT
    done = int(info.value.args[0].split("got ")[1].split(" of")[0])
    assert 0 < done < 200
    assert gt.map(_slow, gt.arange(5), timeout=30).tolist() == [0, 1, 2, 3, 4]  # in time: the result


def test_timeout_in_fromfunction_and_linalg_through_the_policy() -> None:
    with pytest.raises(TimeoutError, match="fromfunction: the work did not finish"):
        gt.fromfunction(lambda i: _slow(i), (500,), timeout=0.2)
    x = gt.tensor([[[1, 2], [3, 4]]] * 3)
    with gt.parallel("threads", workers=2, timeout=30):
        assert gt.linalg.det(x).tolist() == [-2, -2, -2]


@pytest.mark.parametrize("bad", [0, -1, float("inf"), float("nan"), "1", True])
def test_bad_timeouts_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match=r"timeout must be a positive number of seconds or None \(got"):
        gt.parallel("threads", timeout=bad).__enter__()
    with pytest.raises(ValueError, match=r"map: timeout must be a positive number"):
        run_map(abs, [[1]], timeout=bad)
    assert gt.get_parallel().timeout is None


# ---------------------------------------------------------------- shutdown while running


def test_shutdown_mid_run_is_a_runtime_error_with_a_message() -> None:
    release = threading.Event()
    started = threading.Event()

    def wait(i: int) -> int:
        started.set()
        release.wait(60)
        return i

    errors: list[BaseException] = []

    def job() -> None:
        try:
            run_map(wait, [list(range(12))], executor="threads", workers=2)
        except BaseException as exc:
            errors.append(exc)

    t = threading.Thread(target=job)
    t.start()
    try:
        assert started.wait(60)
        gt.parallel.shutdown()
        t.join(PROMPT)
        assert not t.is_alive()
    finally:
        release.set()
        t.join(60)
    assert len(errors) == 1 and type(errors[0]) is RuntimeError, errors
    # mid-run (a cancelled chunk) or mid-submission, a message either way, never a bare CancelledError
    assert re.match(r"map: the executor (was shut down while running \S*wait \(got a cancelled task|has been shut down)", str(errors[0]))


class _CountingPool(cf.ThreadPoolExecutor):
    """A user's thread pool that says when it has received ``expected`` tasks."""

    def __init__(self, expected: int) -> None:
        super().__init__(max_workers=1)
        self.expected = expected
        self.received = 0
        self.all_in = threading.Event()

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        future = super().submit(fn, *args, **kwargs)
        self.received += 1
        if self.received == self.expected:
            self.all_in.set()
        return future


def test_a_user_executor_shut_down_mid_run() -> None:
    pool = _CountingPool(expected=4)  # 8 elements on 1 worker: 4 chunks
    release = threading.Event()
    started = threading.Event()

    def wait(i: int) -> int:
        started.set()
        release.wait(60)
        return i

    def stop() -> None:
        started.wait(60)
        pool.all_in.wait(60)  # shut down mid-run, not mid-submission
        pool.shutdown(wait=False, cancel_futures=True)
        release.set()

    stopper = threading.Thread(target=stop)
    stopper.start()
    try:
        with pytest.raises(RuntimeError, match=r"^map: the executor was shut down while running .*wait \(got a cancelled task"):
            run_map(wait, [list(range(8))], executor=pool, workers=1)
    finally:
        release.set()
        stopper.join(60)


@pytest.mark.skipif(not HAVE_LOKY, reason="loky (the 'parallel' extra) is not installed")
def test_shutdown_stops_the_worker_processes() -> None:
    run_map(abs, [[-1, -2]], executor="processes", workers=2)
    with _pools.lease("processes", 2) as p:
        workers = _pools._processes(p.executor)
    assert workers
    gt.parallel.shutdown()
    assert _pools.pool_sizes() == {}
    assert all(_gone(w) for w in workers)


# ---------------------------------------------------------------- one pool per kind


def test_thread_pools_are_resized_not_multiplied() -> None:
    gt.parallel.shutdown()
    before = threading.active_count()
    for w in range(1, 51):
        assert run_map(abs, [list(range(-60, 0))], executor="threads", workers=w) == list(range(60, 0, -1))
        assert _pools.pool_sizes() == {"threads": w}
    deadline = time.monotonic() + 30
    while threading.active_count() - before > 50 and time.monotonic() < deadline:
        time.sleep(0.05)  # retired pools' idle threads exit on their own
    assert threading.active_count() - before <= 50
    gt.parallel.shutdown()


@pytest.mark.skipif(not HAVE_LOKY, reason="loky (the 'parallel' extra) is not installed")
def test_process_pool_grows_and_is_shared() -> None:
    gt.parallel.shutdown()
    for w in (1, 2, 3, 2, 1, 3):
        assert run_map(abs, [list(range(-9, 0))], executor="processes", workers=w) == list(range(9, 0, -1))
        assert list(_pools.pool_sizes()) == ["processes"]
    assert _pools.pool_sizes() == {"processes": 3}
    with _pools.lease("processes", 1) as p:
        assert p.size == 3 and len(_pools._processes(p.executor)) <= 3
    gt.parallel.shutdown()


def test_a_smaller_job_on_a_bigger_pool_keeps_its_worker_count() -> None:
    gt.parallel.shutdown()
    running = 0
    most = 0
    lock = threading.Lock()
    other = threading.Event()

    def count(i: int) -> int:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.01)
        with lock:
            running -= 1
        return i

    def hold(i: int) -> int:  # keeps the 4-thread pool busy-leased, so it is not shrunk
        other.wait(60)
        return i

    t = threading.Thread(target=lambda: run_map(hold, [[0]], executor="threads", workers=4))
    t.start()
    try:
        deadline = time.monotonic() + 30
        while _pools.pool_sizes().get("threads") != 4 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert run_map(count, [list(range(40))], executor="threads", workers=2) == list(range(40))
        assert _pools.pool_sizes() == {"threads": 4}
        assert most <= 2
    finally:
        other.set()
        t.join(60)
    gt.parallel.shutdown()


def test_daemon_thread_pool_contract() -> None:
    pool = _pools.DaemonThreadPool(2)
    futures = [pool.submit(pow, 2, k) for k in range(10)]
    assert [f.result() for f in futures] == [2**k for k in range(10)]
    assert all(t.daemon for t in pool._threads) and len(pool._threads) <= 2
    failing = pool.submit(int, "x")
    with pytest.raises(ValueError):
        failing.result()
    pool.shutdown(wait=True)
    with pytest.raises(RuntimeError, match="after shutdown"):
        pool.submit(abs, 1)
    with pytest.raises(ValueError, match="max_workers must be at least 1"):
        _pools.DaemonThreadPool(0)
