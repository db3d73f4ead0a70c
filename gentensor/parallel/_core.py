"""The pieces of a parallel job: the policy, chunks, sending functions, and re-raising failures.

Nothing here knows about tensors.  A job is a function ``f`` and equal-length
argument columns; it is cut into contiguous chunks, each chunk runs as one
task (``list.extend(map(f, *chunk))``, the pure-Python floor), and the chunk
results are concatenated in order, so the output is the serial output element
for element.  The pools live in `._pools`, the loop that runs a job in
`._job`.

* The policy lives in one `contextvars.ContextVar` (``POLICY``), never
  in a module global, so it is private to each thread and each asyncio task.
* A failing element does not escape a worker as a bare exception: the chunk
  returns a `Failure` carrying its position, and the caller re-raises
  the same exception type with the element's index (see `reraise`).
"""

from __future__ import annotations

import concurrent.futures as cf
import contextvars
import copy
import itertools
import math
import os
import pickle
import sys
import threading
import time
import traceback
from typing import Any, Callable, Iterator, NamedTuple, Optional

from ._wire import pack_column, unpack_column

__all__ = [
    "MODES",
    "ParallelPolicy",
    "POLICY",
    "SERIAL",
    "Failure",
    "CANCELLED",
    "usable_cpus",
    "gil_enabled",
    "executor_workers",
    "check_sendable",
    "run_chunk",
    "run_slices",
    "chunk_bounds",
    "serial_context",
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

#: Work that may be stopped (serial with a timeout or a progress bar, thread chunks) checks at
#: least this often, one element permitting, whether to stop or to report progress.
SLICE_SECONDS = 0.1

#: The name of the optional extra that brings loky.
EXTRA_HINT = "install the 'parallel' extra (pip install 'gentensor[parallel]', which adds loky)"


class ParallelPolicy(NamedTuple):
    """How element-wise work runs: a mode, a worker count, an executor for mode "executor", a time limit.

    Examples
    --------
    >>> from gentensor.parallel import get_parallel
    >>> get_parallel()
    ParallelPolicy(mode='serial', workers=None, executor=None, timeout=None)
    """

    mode: str
    workers: Optional[int]
    executor: Optional[cf.Executor]
    timeout: Optional[float] = None


SERIAL = ParallelPolicy("serial", None, None, None)

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
    if isinstance(executor, cf.ThreadPoolExecutor) or getattr(type(executor), "runs_in_process", False):
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


class _Cancelled:
    """What a chunk returns when its job was cancelled before it finished."""

    def __repr__(self) -> str:
        return "CANCELLED"


CANCELLED = _Cancelled()


def run_slices(
    it: Iterator[Any], out: list[Any], n: int, between: Callable[[int], bool], slice_seconds: float = SLICE_SECONDS
) -> bool:
    """Extend ``out`` from the iterator ``it`` until it holds ``n`` items, calling ``between(added)`` after each slice.

    The first slice is one element; each next one is sized from the cost per
    element measured so far to take about ``slice_seconds`` (growing at most
    16-fold per step, so that a cheap first element cannot hide slow ones for
    long), and once the rest is predicted to fit in one slice it runs as one
    plain ``extend`` -- cheap elements run at full C speed.  An error leaves
    ``len(out)`` at the failing element.  Stops early, returning False, when
    ``between`` returns False.

    Examples
    --------
    >>> out = []
    >>> run_slices(iter(range(10)), out, 10, lambda added: True), out
    (True, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    """
    k = 1
    islice, clock = itertools.islice, time.perf_counter
    while len(out) < n:
        before = len(out)
        t0 = clock()
        if k >= n - before:
            out.extend(it)
        else:
            out.extend(islice(it, k))
        dt = clock() - t0
        added = len(out) - before
        if added == 0 or not between(added):
            return len(out) >= n
        fits = int(slice_seconds * added / dt) if dt > 0 else n
        k = max(1, fits if fits >= n - len(out) else min(k * 16, fits))
    return True


def run_chunk(f: Callable[..., Any], columns: Any, portable: bool = False, cancel: Optional[threading.Event] = None) -> Any:
    """``[f(*args) for args in zip(*columns)]`` at C speed, or a `Failure` for the first error.

    With ``portable`` (the chunk crossed a process boundary) the columns
    arrive encoded and the results are encoded for the trip back (see
    `._wire`), and an exception that would not survive pickling
    is replaced by a ``RuntimeError`` naming it.  With ``cancel`` (a thread
    chunk) the chunk runs in slices and returns `CANCELLED` once the
    event is set.
    """
    if portable:
        columns = [unpack_column(c) for c in columns]
    out: list[Any] = []
    try:
        if cancel is None:
            out.extend(map(f, *columns))  # extend keeps what came before an error: len(out) is its position
        elif not run_slices(map(f, *columns), out, len(columns[0]), lambda _: not cancel.is_set()):
            return CANCELLED
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


def serial_context() -> contextvars.Context:
    """A copy of the caller's context with the gentensor policy set to serial (no nested pools)."""
    ctx = contextvars.copy_context()
    ctx.run(POLICY.set, SERIAL)
    return ctx


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
