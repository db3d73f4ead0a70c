"""The shared pools: at most one per kind, started on demand, grown when asked, stopped on demand.

gentensor keeps one thread pool and one process pool for the whole process,
shared by every thread.  A job *leases* the pool of its kind for as long as
it runs (`lease`); a lease asking for more workers than the pool has
replaces it with a bigger one, and the old pool is stopped once its last
lease ends -- so cycling ``workers=1..50`` never leaves fifty pools behind.
A job that asks for fewer workers than the pool has keeps at most that many
tasks in flight (see `._job`), so ``workers=`` still bounds it.

* Threads are daemon threads (`DaemonThreadPool`): an element that
  never returns cannot hold up the interpreter's exit.
* Worker processes ignore Ctrl-C (the parent decides what to stop) and watch
  their parent: when it dies, even by ``SIGKILL``, they exit within
  `PARENT_CHECK_SECONDS` (POSIX).
* A pool whose job was interrupted or timed out while elements were still
  running is *tainted*: it is taken out of service at once and its worker
  processes are terminated when its last lease ends.
* `shutdown` (``gt.parallel.shutdown()``) stops everything; it also runs
  at interpreter exit, before the standard library waits for pool threads.
"""

from __future__ import annotations

import atexit
import concurrent.futures as cf
import contextlib
import os
import queue
import signal
import threading
import time
from typing import Any, Callable, Iterator, Optional

__all__ = [
    "DaemonThreadPool",
    "Pool",
    "lease",
    "retire",
    "alive",
    "shutdown",
    "pickler",
    "pool_sizes",
    "PROCESS_IDLE_SECONDS",
    "PARENT_CHECK_SECONDS",
]

#: Seconds an idle loky worker process waits for work before exiting (it comes back on demand).
PROCESS_IDLE_SECONDS = 300

#: How often a worker process checks that its parent is still alive.
PARENT_CHECK_SECONDS = 0.5

#: Seconds to wait for terminated worker processes to be gone.
KILL_WAIT_SECONDS = 5.0


# ---------------------------------------------------------------- a thread pool of daemon threads


class DaemonThreadPool(cf.Executor):
    """A ``concurrent.futures`` thread pool whose worker threads are daemons.

    The standard ``ThreadPoolExecutor`` joins its threads at interpreter exit,
    so one element that never returns keeps the process alive after Ctrl-C.
    Daemon threads do not: an abandoned element is simply dropped at exit.
    Threads start on demand, up to ``max_workers``, and idle ones are reused.

    Examples
    --------
    >>> pool = DaemonThreadPool(2)
    >>> pool.submit(pow, 2, 10).result()
    1024
    >>> pool.shutdown()
    """

    #: Tasks run in the submitting process: functions and elements are not pickled.
    runs_in_process = True

    def __init__(self, max_workers: int, name: str = "gentensor") -> None:
        if max_workers < 1:
            raise ValueError(f"DaemonThreadPool: max_workers must be at least 1 (got {max_workers})")
        self._max_workers = max_workers
        self._name = name
        self._work: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._idle = threading.Semaphore(0)
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        self._shutdown = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        with self._lock:
            if self._shutdown:
                raise RuntimeError("cannot schedule new futures after shutdown")
            future: cf.Future[Any] = cf.Future()
            self._work.put((future, fn, args, kwargs))
            if not self._idle.acquire(blocking=False) and len(self._threads) < self._max_workers:
                t = threading.Thread(target=self._worker, name=f"{self._name}_{len(self._threads)}", daemon=True)
                t.start()
                self._threads.append(t)
            return future

    def _worker(self) -> None:
        while True:
            item = self._work.get()
            if item is None:
                self._work.put(None)  # wake the next thread: they all stop
                return
            future, fn, args, kwargs = item
            del item
            if future.set_running_or_notify_cancel():
                try:
                    result = fn(*args, **kwargs)
                except BaseException as exc:
                    future.set_exception(exc)
                    del exc
                else:
                    future.set_result(result)
                    del result
            del future, fn, args, kwargs
            self._idle.release()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._shutdown = True
            if cancel_futures:
                while True:
                    try:
                        item = self._work.get_nowait()
                    except queue.Empty:
                        break
                    if item is not None and item[0].cancel():
                        item[0].set_running_or_notify_cancel()  # wakes concurrent.futures.wait()
            self._work.put(None)
            threads = list(self._threads)
        if wait:
            for t in threads:
                if t is not threading.current_thread():
                    t.join()

    def __repr__(self) -> str:
        return f"<DaemonThreadPool max_workers={self._max_workers}{' shut down' if self._shutdown else ''}>"


# ---------------------------------------------------------------- worker processes


def _loky() -> Any:
    try:
        import loky
    except ImportError:
        return None
    return loky


def pickler() -> str:
    """How the process pool serialises functions: "cloudpickle" (loky) or "pickle"."""
    return "cloudpickle" if _loky() is not None else "pickle"


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(PARENT_CHECK_SECONDS)
        if os.getppid() != parent:  # re-parented: the parent is gone
            os._exit(1)


def worker_init(parent: int) -> None:
    """Run in each new worker process: ignore Ctrl-C and exit when the parent ``parent`` dies."""
    with contextlib.suppress(ValueError, OSError):  # not the main thread, or no such signal
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if os.name == "posix":
        threading.Thread(target=_watch_parent, args=(parent,), name="gentensor-parent-watch", daemon=True).start()


def _start(kind: str, size: int) -> cf.Executor:
    if kind == "threads":
        return DaemonThreadPool(size)
    loky = _loky()
    if loky is not None:
        return loky.ProcessPoolExecutor(  # type: ignore[no-any-return]
            max_workers=size, timeout=PROCESS_IDLE_SECONDS, initializer=worker_init, initargs=(os.getpid(),)
        )
    import multiprocessing

    # "spawn": safe with threads alive, and the same on every platform.
    return cf.ProcessPoolExecutor(
        max_workers=size,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=worker_init,
        initargs=(os.getpid(),),
    )


def _usable(executor: cf.Executor) -> bool:
    """False once an executor is known to be shut down or broken."""
    flags = getattr(executor, "_flags", None)  # loky
    if flags is not None:
        return not (getattr(flags, "shutdown", False) or getattr(flags, "broken", None))
    return not (
        getattr(executor, "_shutdown", False)
        or getattr(executor, "_shutdown_thread", False)
        or getattr(executor, "_broken", False)
    )


def _processes(executor: cf.Executor) -> list[Any]:
    """The executor's live worker process objects, as far as it tells (private bookkeeping)."""
    try:
        return list((getattr(executor, "_processes", None) or {}).values())
    except Exception:
        return []


def _is_loky(executor: cf.Executor) -> bool:
    return type(executor).__module__.startswith("loky")


def _kill_tree(process: Any) -> None:
    """Kill a worker process and whatever it started (loky's helper when available)."""
    try:
        from loky.backend.utils import kill_process_tree

        kill_process_tree(process)
    except ImportError:
        process.kill()


def _kill(executor: cf.Executor, cancelled: bool) -> None:
    """Terminate the worker processes of a pool, wait until they are gone, and shut it down.

    The pool sees its workers die and fails every future it still holds.
    ``cancelled``: some of its futures may have been cancelled; Python
    3.11's pool trips over those when it breaks, so it is first told to shut
    down (which drops them) and given a moment to do so.
    """
    procs = _processes(executor)
    if cancelled and not _is_loky(executor):
        with contextlib.suppress(Exception):
            executor.shutdown(wait=False, cancel_futures=True)
        manager = getattr(executor, "_executor_manager_thread", None)
        if isinstance(manager, threading.Thread):
            manager.join(0.2)
    for p in procs:
        with contextlib.suppress(Exception):
            _kill_tree(p)
        with contextlib.suppress(Exception):  # the tree helper can fail on a busy machine: kill it directly
            if p.is_alive():
                p.kill()
    with contextlib.suppress(Exception):
        executor.shutdown(wait=bool(procs))  # its manager thread ends once it has seen the workers gone
    deadline = time.monotonic() + KILL_WAIT_SECONDS
    for p in procs:
        while True:  # a kill can be lost on a busy machine (or a helper fail): send it again until gone
            with contextlib.suppress(Exception):
                p.join(min(0.5, max(0.0, deadline - time.monotonic())))
            with contextlib.suppress(Exception):
                if not p.is_alive() or time.monotonic() >= deadline:
                    break
                p.kill()
                continue
            break


def _graceful(executor: cf.Executor) -> None:
    """Shut a pool down without waiting: what is queued is dropped, running tasks finish."""
    with contextlib.suppress(Exception):
        if _is_loky(executor):
            executor.shutdown(wait=False)
        else:
            executor.shutdown(wait=False, cancel_futures=True)


# ---------------------------------------------------------------- the registry


class Pool:
    """One shared pool: its executor and size, how many jobs use it, and whether it is retired."""

    __slots__ = ("kind", "executor", "size", "leases", "retired", "kill")

    def __init__(self, kind: str, executor: cf.Executor, size: int) -> None:
        self.kind = kind
        self.executor = executor
        self.size = size
        self.leases = 0
        self.retired = False
        self.kill = False

    def __repr__(self) -> str:
        return f"<Pool {self.kind} size={self.size} leases={self.leases}{' retired' if self.retired else ''}>"


_CURRENT: dict[str, Pool] = {}
_LOCK = threading.Lock()
_EXIT_REGISTERED = False


def _register_exit() -> None:
    """Stop the pools at exit, before the standard library and loky wait for pool threads."""
    global _EXIT_REGISTERED
    if _EXIT_REGISTERED:
        return
    _EXIT_REGISTERED = True
    register = getattr(threading, "_register_atexit", None)  # runs before joining non-daemon threads
    try:
        if register is None:
            raise RuntimeError
        register(_exit)
    except RuntimeError:
        atexit.register(_exit)


def _exit() -> None:
    shutdown()


def _close(pool: Pool) -> None:
    """Stop a retired pool that no job uses any more (never called with the lock held)."""
    if pool.kind == "processes" and pool.kill:
        _kill(pool.executor, cancelled=True)
    else:
        _graceful(pool.executor)


def _retire_locked(pool: Pool, kill: bool) -> bool:
    """Take ``pool`` out of service; True when it must be closed now (no lease left)."""
    pool.kill = pool.kill or kill
    if _CURRENT.get(pool.kind) is pool:
        del _CURRENT[pool.kind]
    was = pool.retired
    pool.retired = True
    return pool.leases == 0 and (not was or kill)


def retire(pool: Pool, *, kill: bool = False) -> bool:
    """Take ``pool`` out of service (new jobs get a fresh one); it stops when its last lease ends.

    ``kill``: terminate its worker processes then, even those still running
    elements (for a job that was interrupted or timed out).  Returns True
    when at most one lease (the caller's) still holds the pool, so that it
    stops as soon as the caller's lease ends.
    """
    with _LOCK:
        close = _retire_locked(pool, kill)
        alone = pool.leases <= 1
    if close:
        _close(pool)
    return alone


def _acquire(kind: str, workers: int) -> Pool:
    old: Optional[Pool] = None
    with _LOCK:
        pool = _CURRENT.get(kind)
        if pool is not None and not _usable(pool.executor):
            old, pool = pool, None
            close_old = _retire_locked(old, True)
        elif pool is not None and (
            pool.size < workers or (kind == "threads" and pool.size > workers and pool.leases == 0)
        ):
            # Grow (or, for an idle thread pool, shrink): one pool per kind, never two.
            old, pool = pool, None
            close_old = _retire_locked(old, False)
        else:
            close_old = False
        if pool is None:
            _register_exit()
            size = workers if kind == "threads" or old is None else max(workers, old.size)
            pool = Pool(kind, _start(kind, size), size)
            _CURRENT[kind] = pool
        pool.leases += 1
    if old is not None and close_old:
        _close(old)
    return pool


def _release(pool: Pool) -> None:
    with _LOCK:
        pool.leases -= 1
        close = pool.retired and pool.leases == 0
    if close:
        _close(pool)


@contextlib.contextmanager
def lease(kind: str, workers: int) -> Iterator[Pool]:
    """The shared pool of ``kind`` ("threads" or "processes") with at least ``workers`` workers, for one job.

    Examples
    --------
    >>> with lease("threads", 2) as pool:
    ...     pool.kind, pool.size >= 2, pool.executor.submit(abs, -3).result()
    ('threads', True, 3)
    """
    pool = _acquire(kind, workers)
    try:
        yield pool
    finally:
        _release(pool)


def alive(kind: str, workers: int) -> bool:
    """Whether the pool of ``kind`` is running with at least ``workers`` live workers (no start cost)."""
    pool = _CURRENT.get(kind)
    if pool is None or pool.size < workers or not _usable(pool.executor):
        return False
    if kind == "threads":
        return True
    procs = _processes(pool.executor)
    try:
        return sum(1 for p in procs if p.is_alive()) >= workers
    except Exception:
        return False


def pool_sizes() -> dict[str, int]:
    """The kinds and sizes of the pools in service (those a new job would use).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.parallel.shutdown()
    >>> pool_sizes()
    {}
    """
    with _LOCK:
        return {kind: pool.size for kind, pool in _CURRENT.items()}


def shutdown() -> None:
    """Stop every pool gentensor started: queued work is cancelled, worker processes are terminated.

    Jobs still running on them raise ``RuntimeError``; the next parallel job
    starts fresh pools.  Runs automatically at interpreter exit.
    """
    with _LOCK:
        pools = list(_CURRENT.values())
        for pool in pools:
            _retire_locked(pool, True)
            pool.leases += 1  # stopped here, whoever else holds it
    for pool in pools:
        try:
            if pool.kind == "processes":
                _kill(pool.executor, cancelled=True)
            else:
                _graceful(pool.executor)
        finally:
            with _LOCK:
                pool.leases -= 1


def _reset_after_fork() -> None:  # a forked child must not use (or stop) its parent's pools
    global _LOCK
    _LOCK = threading.Lock()
    _CURRENT.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_reset_after_fork)
