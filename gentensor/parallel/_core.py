"""The execution machinery behind :mod:`gentensor.parallel`: pools, chunks, ordered results.

Nothing here knows about tensors.  A job is a function ``f`` and equal-length
argument columns; it is cut into contiguous chunks, each chunk runs as one
task (``list.extend(map(f, *chunk))``, the pure-Python floor), and the chunk
results are concatenated in order, so the output is the serial output element
for element.

* The policy lives in one :class:`contextvars.ContextVar` (``POLICY``), never
  in a module global, so it is private to each thread and each asyncio task.
* Pools are started once and reused, one per kind and worker count, shared by
  all threads: thread pools, and loky process pools (they send lambdas and
  closures with cloudpickle) or, without loky, ``ProcessPoolExecutor``.
* A failing element does not escape a worker as a bare exception: the chunk
  returns a :class:`Failure` carrying its position, and the caller re-raises
  the same exception type with the element's index (see :func:`reraise`).
"""

from __future__ import annotations

import atexit
import concurrent.futures as cf
import contextvars
import copy
import math
import os
import pickle
import sys
import threading
import traceback
from typing import Any, Callable, NamedTuple, Optional, Sequence

from ._wire import pack_column, unpack_column

__all__ = [
    "MODES",
    "ParallelPolicy",
    "POLICY",
    "SERIAL",
    "Failure",
    "usable_cpus",
    "gil_enabled",
    "thread_pool",
    "process_pool",
    "shutdown_pools",
    "process_pool_alive",
    "process_pool_pickler",
    "executor_workers",
    "check_sendable",
    "run_chunk",
    "chunk_bounds",
    "submit_chunks",
    "collect",
    "reraise",
    "function_name",
    "noop",
    "transport",
    "unravel",
    "check_index_shape",
    "EXTRA_HINT",
]

#: The mode names accepted by ``gt.parallel`` and ``executor=`` (besides an Executor).
MODES = ("serial", "threads", "processes", "auto")

#: Seconds an idle loky worker process waits for work before exiting.
PROCESS_IDLE_SECONDS = 300

#: The name of the optional extra that brings loky.
EXTRA_HINT = "install the 'parallel' extra (pip install 'gentensor[parallel]', which adds loky)"


class ParallelPolicy(NamedTuple):
    """How element-wise work runs: a mode, a worker count, and an executor for mode "executor".

    >>> from gentensor.parallel import get_parallel
    >>> get_parallel()
    ParallelPolicy(mode='serial', workers=None, executor=None)
    """

    mode: str
    workers: Optional[int]
    executor: Optional[cf.Executor]


SERIAL = ParallelPolicy("serial", None, None)

#: The policy in force (per thread and per asyncio task).
POLICY: contextvars.ContextVar[ParallelPolicy] = contextvars.ContextVar("gentensor_parallel", default=SERIAL)


def usable_cpus() -> int:
    """The number of CPUs this process may run on (affinity mask where the OS has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def gil_enabled() -> bool:
    """Whether this interpreter runs with the GIL (False only on a free-threaded build with it off)."""
    check = getattr(sys, "_is_gil_enabled", None)
    return True if check is None else bool(check())


# ---------------------------------------------------------------- pools

_POOLS: dict[tuple[str, int], cf.Executor] = {}
_POOLS_LOCK = threading.Lock()


_EXIT_REGISTERED = False


def _register_exit() -> None:
    """Shut the pools down at exit, before module teardown (loky pools complain if collected later)."""
    global _EXIT_REGISTERED
    if not _EXIT_REGISTERED:
        atexit.register(shutdown_pools)
        _EXIT_REGISTERED = True


def thread_pool(workers: int) -> cf.Executor:
    """The shared thread pool with ``workers`` threads (started on first use, then reused)."""
    key = ("threads", workers)
    with _POOLS_LOCK:
        pool = _POOLS.get(key)
        if pool is None:
            _register_exit()
            pool = cf.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="gentensor")
            _POOLS[key] = pool
        return pool


def _loky() -> Any:
    try:
        import loky
    except ImportError:
        return None
    return loky


def _usable(pool: cf.Executor) -> bool:
    """False once a cached pool is known to be shut down or broken (then a fresh one is made)."""
    flags = getattr(pool, "_flags", None)  # loky
    if flags is not None:
        return not (getattr(flags, "shutdown", False) or getattr(flags, "broken", None))
    return not (getattr(pool, "_shutdown_thread", False) or getattr(pool, "_broken", False))


def process_pool(workers: int) -> tuple[cf.Executor, str]:
    """The shared process pool with ``workers`` processes and how it serialises functions.

    Returns ``(executor, pickler)``: with loky, a loky process pool, which sends
    functions with cloudpickle (lambdas and notebook functions travel) and
    whose idle workers exit after :data:`PROCESS_IDLE_SECONDS` and come back
    on demand; without it, a standard ``ProcessPoolExecutor`` ("pickle":
    functions must be importable).  One pool per worker count, shared by all
    threads (loky's ``get_reusable_executor`` keeps one per calling thread and
    resizes it for another count, so it is not used).
    """
    loky = _loky()
    key = ("processes", workers)
    with _POOLS_LOCK:
        pool = _POOLS.get(key)
        if pool is None or not _usable(pool):
            _register_exit()
            if loky is not None:
                pool = loky.ProcessPoolExecutor(max_workers=workers, timeout=PROCESS_IDLE_SECONDS)
            else:
                import multiprocessing

                # "spawn": safe with threads alive, and the same on every platform.
                pool = cf.ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
            _POOLS[key] = pool
    return pool, "cloudpickle" if loky is not None else "pickle"


def shutdown_pools() -> None:
    """Shut down every pool gentensor started (at interpreter exit, before modules are torn down)."""
    with _POOLS_LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        pool.shutdown(wait=True)


def process_pool_pickler() -> str:
    """How the process pool would serialise functions: "cloudpickle" (loky) or "pickle"."""
    return "cloudpickle" if _loky() is not None else "pickle"


def process_pool_alive(workers: int) -> bool:
    """Whether the process pool with ``workers`` workers is running with all its workers (no start cost)."""
    pool = _POOLS.get(("processes", workers))
    if pool is None or not _usable(pool):
        return False
    try:  # the pools' bookkeeping is private: any surprise means "not known to be running"
        return len(pool._processes or ()) == workers  # type: ignore[attr-defined]
    except Exception:
        return False


def _forget(executor: cf.Executor) -> None:
    with _POOLS_LOCK:
        for key, pool in list(_POOLS.items()):
            if pool is executor:
                del _POOLS[key]


def executor_workers(executor: cf.Executor) -> int:
    """How many tasks an arbitrary executor runs at once, as far as it says (else the CPU count)."""
    n = getattr(executor, "_max_workers", None)
    return n if isinstance(n, int) and n >= 1 else usable_cpus()


# ---------------------------------------------------------------- sending functions


def function_name(f: Any) -> str:
    """A short readable name for a callable (``'<lambda>'``, ``'GaussOps.mul'``, ``'add'``)."""
    name = getattr(f, "__qualname__", None) or getattr(f, "__name__", None)
    if name is None and hasattr(f, "func"):  # functools.partial
        return f"partial({function_name(f.func)})"
    return name if isinstance(name, str) else repr(f)


def transport(executor: cf.Executor) -> Optional[str]:
    """How ``executor`` ships a function: None (same process), "pickle", "cloudpickle" or "unknown"."""
    if isinstance(executor, cf.ThreadPoolExecutor):
        return None
    module = type(executor).__module__ or ""
    if module.startswith(("loky", "distributed", "dask")):
        return "cloudpickle"
    if isinstance(executor, cf.ProcessPoolExecutor):
        return "pickle"
    return "unknown"


def check_sendable(f: Callable[..., Any], pickler: Optional[str], where: str) -> None:
    """Raise a clear ``TypeError`` now if ``f`` cannot reach a worker process through ``pickler``."""
    if pickler is None or pickler == "unknown":
        return
    if pickler == "cloudpickle":
        try:
            import cloudpickle

            dumps: Callable[[Any], bytes] = cloudpickle.dumps
        except ImportError:
            dumps = pickle.dumps
    else:
        dumps = pickle.dumps
    hint = "use gt.parallel('threads') or define the function at module level in an importable module"
    if pickler == "pickle":
        hint += f", or {EXTRA_HINT} so that lambdas and notebook functions can be sent"
        main = sys.modules.get("__main__")
        if getattr(f, "__module__", None) == "__main__" and not hasattr(main, "__file__"):
            raise TypeError(
                f"{where}: cannot send the function {function_name(f)} to worker processes "
                f"(got a function defined interactively in __main__, which they cannot import); {hint}"
            )
    try:
        dumps(f)
    except Exception as exc:  # pickle raises PicklingError, AttributeError or TypeError
        raise TypeError(
            f"{where}: cannot send the function {function_name(f)} to worker processes "
            f"(got {type(exc).__name__}: {exc}); {hint}"
        ) from exc


# ---------------------------------------------------------------- chunks


class Failure(NamedTuple):
    """A chunk's report that the element at ``position`` (within the chunk) raised ``exc``."""

    position: int
    exc: BaseException
    remote_traceback: Optional[str]


def _portable(exc: BaseException) -> BaseException:
    """``exc`` if it survives a pickle round trip, else a RuntimeError naming it."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:
        return RuntimeError(f"{type(exc).__name__}: {exc}")


def run_chunk(f: Callable[..., Any], columns: Any, portable: bool = False) -> Any:
    """``[f(*args) for args in zip(*columns)]`` at C speed, or a :class:`Failure` for the first error.

    With ``portable`` (the chunk crossed a process boundary) the columns
    arrive encoded and the results are encoded for the trip back (see
    :mod:`._parallel_wire`), and an exception that would not survive pickling
    is replaced by a ``RuntimeError`` naming it.
    """
    if portable:
        columns = [unpack_column(c) for c in columns]
    out: list[Any] = []
    try:
        out.extend(map(f, *columns))  # extend keeps what came before an error: len(out) is its position
    except Exception as exc:
        if portable:
            return Failure(len(out), _portable(exc), traceback.format_exc())
        return Failure(len(out), exc, None)
    return pack_column(out) if portable else out


def noop() -> None:
    """A task that does nothing (measures a pool's round-trip overhead)."""


def chunk_bounds(start: int, stop: int, chunks: int) -> list[tuple[int, int]]:
    """``chunks`` contiguous ``(lo, hi)`` ranges covering ``[start, stop)``, sizes differing by at most one."""
    n = stop - start
    chunks = max(1, min(chunks, n))
    size, extra = divmod(n, chunks)
    bounds = []
    lo = start
    for i in range(chunks):
        hi = lo + size + (1 if i < extra else 0)
        bounds.append((lo, hi))
        lo = hi
    return bounds


def _serial_context() -> contextvars.Context:
    """A copy of the caller's context with the gentensor policy set to serial (no nested pools)."""
    ctx = contextvars.copy_context()
    ctx.run(POLICY.set, SERIAL)
    return ctx


def submit_chunks(
    executor: cf.Executor,
    f: Callable[..., Any],
    columns: Sequence[Sequence[Any]],
    bounds: list[tuple[int, int]],
    where: str,
) -> list[tuple[int, cf.Future[Any]]]:
    """Submit one task per chunk; ``[(start, future), ...]`` in order.

    Threads run each chunk in a copy of the caller's context (decimal
    precision, user context variables) with the gentensor policy set to serial.
    """
    in_process = transport(executor) is None
    futures: list[tuple[int, cf.Future[Any]]] = []
    try:
        for lo, hi in bounds:
            chunk = [c[lo:hi] for c in columns]
            if in_process:
                fut = executor.submit(_serial_context().run, run_chunk, f, chunk, False)
            else:
                fut = executor.submit(run_chunk, f, [pack_column(c) for c in chunk], True)
            futures.append((lo, fut))
    except cf.BrokenExecutor as exc:
        _cancel(futures)
        _forget(executor)
        raise RuntimeError(
            f"{where}: the executor is broken (a worker died) (got {executor!r}); "
            "run again to start a fresh pool, or pass a working executor"
        ) from exc
    except RuntimeError as exc:
        _cancel(futures)
        raise RuntimeError(
            f"{where}: the executor has been shut down (got {executor!r}); "
            "pass a running executor, or a mode such as 'threads' or 'processes'"
        ) from exc
    return futures


def _cancel(futures: list[tuple[int, cf.Future[Any]]]) -> None:
    for _, fut in futures:
        fut.cancel()


def collect(
    futures: list[tuple[int, cf.Future[Any]]],
    f: Callable[..., Any],
    where: str,
    index_shape: Optional[tuple[int, ...]],
    executor: cf.Executor,
) -> list[Any]:
    """Concatenate the chunk results in order; the first failing element re-raises (see :func:`reraise`)."""
    out: list[Any] = []
    for i, (lo, fut) in enumerate(futures):
        try:
            res = fut.result()
        except cf.BrokenExecutor as exc:
            _cancel(futures[i:])
            _forget(executor)
            raise RuntimeError(
                f"{where}: a worker process died while running {function_name(f)} (got {type(exc).__name__}); "
                "run again to start a fresh pool"
            ) from exc
        except (pickle.PicklingError, AttributeError, TypeError) as exc:
            # f itself never raises here (run_chunk catches its errors): this is the transport.
            _cancel(futures[i:])
            raise TypeError(
                f"{where}: could not exchange elements or results of {function_name(f)} with the workers "
                f"(got {type(exc).__name__}: {exc}); use gt.parallel('threads') or make the elements picklable"
            ) from exc
        if type(res) is Failure:
            _cancel(futures[i + 1 :])
            reraise(res, lo, f, where, index_shape)
        out.extend(unpack_column(res))
    return out


def unravel(flat: int, shape: tuple[int, ...]) -> tuple[int, ...]:
    """The C-order multi-index of the flat position ``flat`` in ``shape``."""
    index = []
    for dim in reversed(shape):
        flat, r = divmod(flat, dim) if dim else (flat, 0)
        index.append(r)
    return tuple(reversed(index))


def _with_message(exc: BaseException, message: str) -> Optional[BaseException]:
    """A new exception of ``exc``'s exact type whose text is ``message``, or None if it cannot be made."""
    try:
        new = copy.copy(exc)
        new.args = (message,)
        if message in str(new):
            return new
    except Exception:
        pass
    try:
        new = type(exc)(message)
        if message in str(new):
            return new
    except Exception:
        pass
    return None


def reraise(
    failure: Failure,
    start: int,
    f: Callable[..., Any],
    where: str,
    index_shape: Optional[tuple[int, ...]],
) -> None:
    """Raise ``failure.exc``'s type again with the element's index in the message, chained to it."""
    flat = start + failure.position
    index: Any = unravel(flat, index_shape) if index_shape is not None else flat
    exc = failure.exc
    if failure.remote_traceback and hasattr(exc, "add_note"):
        exc.add_note("traceback in the worker:\n" + failure.remote_traceback.rstrip())
    # A user's function is named; gentensor's own (ops methods, per-matrix tasks) already name
    # themselves in their messages, so their internal names would only be noise.
    own = getattr(getattr(f, "func", f), "__module__", None) or ""
    what = type(exc).__name__
    if not own.startswith("gentensor"):
        what = f"{function_name(f)} raised {what}"
    message = f"{where}: {what} at index {index}: {exc}"
    new = _with_message(exc, message)
    if new is None:
        if hasattr(exc, "add_note"):
            exc.add_note(message)
        raise exc
    raise new from exc


def check_index_shape(index_shape: Any, n: int, where: str) -> Optional[tuple[int, ...]]:
    """Validate ``index_shape`` (None or a tuple of ints whose product is ``n``)."""
    if index_shape is None:
        return None
    shape = tuple(index_shape)
    if any(not isinstance(d, int) or d < 0 for d in shape) or math.prod(shape) != n:
        raise ValueError(
            f"{where}: index_shape must be a tuple of non-negative ints whose product is the number "
            f"of elements {n} (got {index_shape!r})"
        )
    return shape
