"""Running one job: ordered results, and a prompt stop on Ctrl-C, on a timeout or on shutdown.

A job on a pool is a loop over its chunks (`execute`): submit them
(at most ``limit`` in flight when the shared pool is bigger than the job
asked for), wait for the next to finish -- in short waits, so that a
deadline and a progress bar are served while nothing finishes -- and put the
results back in order.  The first failing element (in order, not in time)
is re-raised with its index.

However the loop ends early -- ``KeyboardInterrupt``, the timeout, a failure,
any exception -- nothing is left running for it: queued chunks are
cancelled, chunks running on threads stop at their next slice (see
`._core.run_slices`), and a process pool still running its elements is
retired and its workers terminated (``abandon``).  A serial job with a
timeout or a progress bar runs in slices too (`serial`).
"""

from __future__ import annotations

import concurrent.futures as cf
import pickle
import threading
import time
from typing import Any, Callable, Iterator, Optional, Sequence

from . import _core as core
from ._progress import Bar
from ._wire import pack_column, unpack_column

__all__ = ["execute", "serial", "timeout_error", "POLL_SECONDS"]

#: Longest wait for a chunk before the loop looks at the clock (deadline, progress bar) and
#: at futures cancelled without notice.
POLL_SECONDS = 0.25


def timeout_error(where: str, timeout: float, done: int, n: int, stopped: str = "") -> TimeoutError:
    """The error of a job that ran past its ``timeout``."""
    return TimeoutError(
        f"{where}: the work did not finish within the timeout of {timeout:g} s (got {done} of {n} elements done); "
        f"the rest was cancelled{stopped}; raise the timeout, or run less work per call"
    )


def serial(
    f: Callable[..., Any],
    rest: Iterator[Any],
    done: list[Any],
    n: int,
    where: str,
    shape: Optional[tuple[int, ...]],
    deadline: Optional[float],
    timeout: Optional[float],
    bar: Optional[Bar],
) -> list[Any]:
    """Continue serially into ``done`` until it holds the results of all ``n`` elements.

    ``rest`` is the iterator of the remaining results (``map`` over the
    columns, advanced past ``done``).  Without a deadline or a bar this is
    ``done.extend(rest)``; with them, the rest runs in slices and stops
    between two elements once the deadline passes (an element that is
    running cannot be stopped in the calling thread).
    """
    if deadline is None and bar is None:
        try:
            done.extend(rest)  # extend keeps what came before an error: len(done) is its position
        except Exception as exc:
            core.reraise(core.Failure(len(done), exc, None), 0, f, where, shape)
        return done

    def between(added: int) -> bool:
        if bar is not None:
            bar.advance(added)
        return deadline is None or time.monotonic() < deadline

    try:
        finished = core.run_slices(rest, done, n, between)
    except Exception as exc:
        core.reraise(core.Failure(len(done), exc, None), 0, f, where, shape)
    if not finished:
        assert timeout is not None
        raise timeout_error(where, timeout, len(done), n)
    return done


def _submit(
    executor: cf.Executor,
    f: Callable[..., Any],
    chunk: list[Sequence[Any]],
    in_process: bool,
    cancel: threading.Event,
    where: str,
) -> cf.Future[Any]:
    try:
        if in_process:
            return executor.submit(core.serial_context().run, core.run_chunk, f, chunk, False, cancel)
        return executor.submit(core.run_chunk, f, [pack_column(c) for c in chunk], True)
    except cf.BrokenExecutor as exc:
        raise RuntimeError(
            f"{where}: the executor is broken (a worker died) (got {executor!r}); "
            "run again to start a fresh pool, or pass a working executor"
        ) from exc
    except RuntimeError as exc:
        raise RuntimeError(
            f"{where}: the executor has been shut down (got {executor!r}); "
            "pass a running executor, or a mode such as 'threads' or 'processes'"
        ) from exc


def _outcome(fut: cf.Future[Any], f: Callable[..., Any], where: str, executor: cf.Executor) -> Any:
    """The chunk's result (a list or a Failure); the executor's own troubles become clear errors."""
    try:
        return fut.result()
    except cf.CancelledError as exc:
        raise RuntimeError(
            f"{where}: the executor was shut down while running {core.function_name(f)} "
            f"(got a cancelled task from {executor!r}); run again, on a running executor"
        ) from exc
    except cf.BrokenExecutor as exc:
        raise RuntimeError(
            f"{where}: a worker process died while running {core.function_name(f)} (got {type(exc).__name__}); "
            "run again to start a fresh pool"
        ) from exc
    except (pickle.PicklingError, AttributeError, TypeError) as exc:
        # f itself never raises here (run_chunk catches its errors): this is the transport.
        raise TypeError(
            f"{where}: could not exchange elements or results of {core.function_name(f)} with the workers "
            f"(got {type(exc).__name__}: {exc}); use gt.parallel('threads') or make the elements picklable"
        ) from exc
    except RuntimeError as exc:  # e.g. loky's ShutdownExecutorError
        raise RuntimeError(
            f"{where}: the executor was shut down while running {core.function_name(f)} "
            f"(got {type(exc).__name__}: {exc}); run again, on a running executor"
        ) from exc


def execute(
    executor: cf.Executor,
    f: Callable[..., Any],
    columns: Sequence[Sequence[Any]],
    bounds: list[tuple[int, int]],
    *,
    where: str,
    shape: Optional[tuple[int, ...]],
    limit: Optional[int] = None,
    deadline: Optional[float] = None,
    timeout: Optional[float] = None,
    bar: Optional[Bar] = None,
    abandon: Optional[Callable[[], bool]] = None,
) -> list[Any]:
    """Run the chunks ``bounds`` of ``f`` over ``columns`` on ``executor``; their results in order.

    ``limit`` caps the chunks in flight; ``deadline`` (a ``time.monotonic``
    time) stops the job with `TimeoutError`; ``bar`` is advanced as
    chunks finish; ``abandon`` is called when the job ends early while chunks
    are still running (it retires the pool, and stops its worker processes).
    The chunks are awaited in order, so the first failing element (in order)
    is the one reported; every `POLL_SECONDS` the wait looks at the
    clock, the bar, and the later chunks (a shut-down or broken executor
    fails them first).
    """
    in_process = core.transport(executor) is None
    cancel = threading.Event()
    pending: dict[cf.Future[Any], int] = {}
    futures: list[cf.Future[Any]] = []
    out: list[Any] = []
    total = bounds[-1][1] - bounds[0][0] if bounds else 0
    failure: Optional[core.Failure] = None
    k = 0
    try:
        while k < len(bounds):
            while len(futures) < len(bounds) and (limit is None or len(futures) - k < limit):
                lo, hi = bounds[len(futures)]
                fut = _submit(executor, f, [c[lo:hi] for c in columns], in_process, cancel, where)
                pending[fut] = len(futures)
                futures.append(fut)
            fut = futures[k]
            wait = POLL_SECONDS if deadline is None else max(0.0, min(POLL_SECONDS, deadline - time.monotonic()))
            try:
                res = fut.result(timeout=wait) if not fut.done() else _outcome(fut, f, where, executor)
            except cf.TimeoutError:
                if fut.done():  # the chunk's own outcome, not the wait
                    res = _outcome(fut, f, where, executor)
                else:
                    for later in futures[k + 1 :]:  # the executor shut down or broken under a running chunk
                        if later.done() and (later.cancelled() or later.exception() is not None):
                            _outcome(later, f, where, executor)
                    if bar is not None:
                        bar.advance(0)
                    if deadline is not None and time.monotonic() >= deadline:
                        assert timeout is not None
                        stopped = "" if in_process or abandon is None else " and the worker processes running it were stopped"
                        raise timeout_error(where, timeout, len(out), total, stopped) from None
                    continue
            except BaseException as exc:
                if not fut.done():
                    interrupt = _interrupt(exc)
                    if interrupt is not None and interrupt is not exc:
                        raise interrupt from None
                    raise  # e.g. KeyboardInterrupt while waiting
                res = _outcome(fut, f, where, executor)
            del pending[fut]
            if type(res) is core.Failure:
                failure = res
                break
            out.extend(unpack_column(res))
            if bar is not None:
                bar.advance(bounds[k][1] - bounds[k][0])
            k += 1
    except BaseException:
        _stop(pending, cancel, in_process, abandon)
        raise
    if failure is not None:
        _stop(pending, cancel, in_process, None)  # the chunks after it are not needed
        core.reraise(failure, bounds[k][0], f, where, shape)
    return out


def _interrupt(exc: BaseException) -> Optional[BaseException]:
    """The ``KeyboardInterrupt`` behind ``exc``, if any.

    Ctrl-C arriving at one point of ``threading.Condition.wait`` (just after
    it let go of its lock) leaves the ``with`` block of the future's wait to
    release that lock again, which raises ``RuntimeError: cannot release
    un-acquired lock`` with the interrupt as its context; the caller should
    see the interrupt.  The condition stays usable (its lock is free).

    Examples
    --------
    >>> try:
    ...     try:
    ...         raise KeyboardInterrupt
    ...     except KeyboardInterrupt:
    ...         raise RuntimeError("cannot release un-acquired lock")
    ... except RuntimeError as exc:
    ...     type(_interrupt(exc)).__name__
    'KeyboardInterrupt'
    """
    if isinstance(exc, KeyboardInterrupt):
        return exc
    context = exc.__context__
    if isinstance(exc, RuntimeError) and isinstance(context, KeyboardInterrupt):
        return context
    return None


def _stop(
    pending: dict[cf.Future[Any], int],
    cancel: threading.Event,
    in_process: bool,
    abandon: Optional[Callable[[], bool]],
) -> None:
    """Stop what is left of a job: queued chunks are cancelled, running ones stopped.

    Thread chunks see ``cancel`` at their next slice.  Chunks running in
    worker processes cannot be told anything: ``abandon()`` retires their
    pool, whose workers are then terminated (it returns True when that
    happens as soon as this job lets the pool go; the pool then fails the
    futures itself, and cancelling them first would only upset it).
    """
    cancel.set()
    unfinished = [fut for fut in pending if not fut.done()]
    if not any(fut.running() for fut in unfinished):
        for fut in unfinished:
            fut.cancel()
        return
    if abandon is not None and abandon() and not in_process:
        return
    for fut in unfinished:
        fut.cancel()
