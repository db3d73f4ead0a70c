"""Execution policy for element-wise work: serial, threads, processes, auto, or any Executor.

Everything runs serially unless asked otherwise.  ``with gt.parallel(mode):``
sets the policy for element-wise operations, ``map``, ``fromfunction`` and
batched linear algebra inside the block; the same functions accept
``executor=`` / ``workers=`` per call.  The policy is a
`contextvars.ContextVar`, so it belongs to the thread or asyncio task
that set it and is restored when the block ends.

Whatever the mode, the result is the serial result element for element: the
work is cut into contiguous chunks and the chunk results are put back in
order.  A failing element raises the same exception type, with the element's
index in the message and the original exception chained as ``__cause__``.

Work can be stopped: Ctrl-C (``KeyboardInterrupt``) or a ``timeout=``
cancels what is queued, stops thread chunks at their next element and
terminates worker processes still running elements, then raises; nothing is
left running.  There is one pool per kind, shared by all threads, grown when
a job asks for more workers (`._pools`); ``gt.parallel.shutdown()``
stops them.  Long work shows a progress bar where someone watches
([`progress`][gentensor.parallel._progress.progress]).

The engine used by the rest of gentensor is `run_map` (one function
over equal-length argument columns) and `run_tasks` (one task per item,
e.g. one matrix per determinant).  They return a complete list or raise:
an in-place operation computes the whole result with them first and writes it
only afterwards, so a failure never leaves a tensor half-written.

Examples
--------
>>> import gentensor as gt
>>> with gt.parallel("threads", workers=2):
...     gt.get_parallel().mode
'threads'
>>> gt.get_parallel().mode
'serial'
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import contextvars
import itertools
import math
import time
from typing import Any, Callable, Iterator, Optional, Sequence

from . import _auto as auto
from . import _core as core
from . import _job as job
from . import _pools as pools
from . import _progress
from .._docs import public_dir as _public_dir
from ._auto import AutoDecision
from ._core import MODES, ParallelPolicy
from ._progress import ProgressSetting, progress
from ._progress import start, watch  # for the other layers (not public: not in __all__)

__all__ = ["parallel", "get_parallel", "explain_auto", "last_auto_decision", "progress", "ProgressSetting"]
__dir__ = _public_dir(globals())  # the public names, not what this module is built from or serves other layers

_LAST_DECISION: contextvars.ContextVar[Optional[AutoDecision]] = contextvars.ContextVar(
    "gentensor_last_auto_decision", default=None
)

_CHOICES = "'serial', 'threads', 'processes', 'auto' or a concurrent.futures.Executor instance"


def _check_workers(workers: Any, where: str) -> Optional[int]:
    if workers is None:
        return None
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise TypeError(f"{where}: workers must be a positive int or None (got {workers!r})")
    if workers < 1:
        raise ValueError(f"{where}: workers must be at least 1 (got {workers})")
    return workers


def _check_timeout(timeout: Any, where: str) -> Optional[float]:
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < math.inf:
        raise ValueError(f"{where}: timeout must be a positive number of seconds or None (got {timeout!r})")
    return float(timeout)


def _is_shut_down(executor: cf.Executor) -> bool:
    """What the executor itself tells of a shutdown (standard-library and Dask executors do)."""
    return bool(getattr(executor, "_shutdown", False) or getattr(executor, "_shutdown_thread", False))


def _policy(mode: Any, workers: Any, where: str, timeout: Optional[float] = None) -> ParallelPolicy:
    """Validate a mode (string or Executor) and a worker count into a policy."""
    w = _check_workers(workers, where)
    if isinstance(mode, str):
        if mode not in MODES:
            raise ValueError(f"{where}: unknown parallel mode (got {mode!r}); valid: {_CHOICES}")
        return ParallelPolicy(mode, w, None, timeout)
    if isinstance(mode, cf.Executor):
        if _is_shut_down(mode):
            raise RuntimeError(
                f"{where}: the executor has been shut down (got {mode!r}); "
                "pass a running executor, or a mode such as 'threads' or 'processes'"
            )
        return ParallelPolicy("executor", w, mode, timeout)
    if isinstance(mode, type) and issubclass(mode, cf.Executor):
        raise TypeError(f"{where}: got the executor class {mode.__name__}, not an instance; pass {mode.__name__}()")
    raise TypeError(f"{where}: the parallel mode must be {_CHOICES} (got {mode!r})")


@contextlib.contextmanager
def parallel(mode: Any, /, *, workers: Optional[int] = None, timeout: Optional[float] = None) -> Iterator[ParallelPolicy]:
    """Set how element-wise work runs inside a ``with`` block.

    Parameters
    ----------
    mode : str or concurrent.futures.Executor
        ``"serial"`` (the default outside any block), ``"threads"`` (a shared
        thread pool: only pays when the GIL is off or the element operations
        release it), ``"processes"`` (a shared process pool: pays when each
        element costs far more than sending it; loky, from the ``parallel``
        extra, lets lambdas and notebook functions travel), ``"auto"``
        (measure, then pick one of those; see [`explain_auto`][gentensor.parallel.explain_auto]), or any
        ``concurrent.futures.Executor`` instance -- for a cluster, Dask
        distributed's ``client.get_executor()``.
    workers : int, optional
        Worker count (default: the CPUs this process may use); for an
        Executor instance, the number of tasks it runs at once.
    timeout : float, optional
        Seconds each call inside the block may take.  Past it the call
        raises ``TimeoutError``: queued work is cancelled, thread and serial
        work stops at its next element, worker processes still running
        elements are terminated.

    Returns
    -------
    ParallelPolicy
        The policy in force inside the block (the ``as`` target).

    Raises
    ------
    ValueError
        An unknown mode name, ``workers < 1``, or a timeout that is not a
        positive number.
    TypeError
        A mode that is neither a mode name nor an Executor instance.
    RuntimeError
        An executor that has been shut down.

    Notes
    -----
    Ctrl-C inside a parallel call cancels what is queued, stops what runs
    (worker processes are terminated) and raises ``KeyboardInterrupt``
    promptly.  The pools are shared and kept between calls;
    ``gt.parallel.shutdown()`` stops them (and so does interpreter exit):
    queued work is cancelled, worker processes are terminated, and calls
    still running on them raise ``RuntimeError``.

    Examples
    --------
    >>> import gentensor as gt
    >>> with gt.parallel("processes", workers=2) as policy:
    ...     policy
    ParallelPolicy(mode='processes', workers=2, executor=None, timeout=None)
    >>> with gt.parallel("threads", timeout=60):
    ...     gt.map(abs, gt.tensor([-1, 2, -3])).tolist()
    [1, 2, 3]
    >>> gt.parallel.shutdown()
    >>> gt.parallel("gpu").__enter__()
    Traceback (most recent call last):
    ...
    ValueError: parallel: unknown parallel mode (got 'gpu'); valid: 'serial', 'threads', 'processes', 'auto' or a concurrent.futures.Executor instance
    """
    policy = _policy(mode, workers, "parallel", _check_timeout(timeout, "parallel"))
    token = core.POLICY.set(policy)
    try:
        yield policy
    finally:
        core.POLICY.reset(token)


def shutdown() -> None:
    """Stop the thread and process pools gentensor started (``gt.parallel.shutdown()``).

    Queued work is cancelled, worker processes are terminated (this returns
    once they are gone), and calls still running on the pools raise
    ``RuntimeError``.  The next parallel call starts fresh pools.  It also
    runs at interpreter exit.  Executors passed in by the caller are theirs
    to stop.

    Examples
    --------
    >>> import gentensor as gt
    >>> with gt.parallel("threads", workers=2):
    ...     _ = gt.map(abs, gt.tensor([-1, 2]))
    >>> gt.parallel.shutdown()
    >>> from gentensor.parallel._pools import pool_sizes
    >>> pool_sizes()
    {}
    """
    pools.shutdown()


parallel.shutdown = shutdown  # type: ignore[attr-defined]


def get_parallel() -> ParallelPolicy:
    """The policy in force in the current thread or task.

    Returns
    -------
    ParallelPolicy
        ``(mode, workers, executor)``; ``mode`` is one of ``"serial"``,
        ``"threads"``, ``"processes"``, ``"auto"``, ``"executor"``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.get_parallel()
    ParallelPolicy(mode='serial', workers=None, executor=None, timeout=None)
    """
    return core.POLICY.get()


def resolve(
    executor: Any = None, workers: Any = None, *, timeout: Any = None, where: str = "parallel"
) -> ParallelPolicy:
    """The policy for one call: its ``executor=`` / ``workers=`` / ``timeout=`` options over the context's policy.

    ``executor`` accepts what [`parallel`][gentensor.parallel.parallel] accepts.  ``workers`` alone
    changes the worker count of the policy in force; under the default serial
    policy it asks for parallel work and lets ``"auto"`` decide whether it pays.
    ``timeout`` alone keeps the policy in force and limits the call's time.

    Examples
    --------
    >>> from gentensor.parallel import resolve
    >>> resolve("threads", 2)
    ParallelPolicy(mode='threads', workers=2, executor=None, timeout=None)
    >>> resolve(workers=3)
    ParallelPolicy(mode='auto', workers=3, executor=None, timeout=None)
    >>> resolve(timeout=5).timeout
    5.0
    """
    t = _check_timeout(timeout, where)
    current = core.POLICY.get()
    if executor is not None:
        return _policy(executor, workers, where, t if t is not None else current.timeout)
    if workers is None and t is None:
        return current
    w = _check_workers(workers, where)
    if w is None:
        return current._replace(timeout=t)
    mode = "auto" if current.mode == "serial" else current.mode
    return ParallelPolicy(mode, w, current.executor, t if t is not None else current.timeout)


def _columns(columns: Any, where: str) -> tuple[Sequence[Sequence[Any]], int]:
    """The argument columns as sequences of one length (lists and tuples pass as they are)."""
    if type(columns) is not list and type(columns) is not tuple:
        if isinstance(columns, (str, bytes)) or not hasattr(columns, "__iter__"):
            raise TypeError(f"{where}: columns must be a list of argument lists (got {type(columns).__name__})")
        columns = list(columns)
    if not columns:
        raise ValueError(f"{where}: at least one argument column is needed (got 0 columns)")
    n = len(columns[0]) if hasattr(columns[0], "__len__") else -1
    for c in columns:
        if (type(c) is not list and type(c) is not tuple) or len(c) != n:
            break
    else:
        return columns, n
    for c in columns:
        if not (hasattr(c, "__len__") and hasattr(c, "__getitem__")):
            raise TypeError(
                f"{where}: each argument column must be a sequence such as a list (got {type(c).__name__}); "
                "materialise iterators with list() first"
            )
    cols: list[Sequence[Any]] = list(columns)
    lengths = [len(c) for c in cols]
    if any(m != lengths[0] for m in lengths):
        raise ValueError(f"{where}: argument columns must have equal lengths (got lengths {lengths})")
    return cols, lengths[0]


def _on_pool(
    pool: pools.Pool,
    f: Callable[..., Any],
    cols: Sequence[Sequence[Any]],
    start: int,
    stop: int,
    chunks: int,
    workers: int,
    where: str,
    shape: Any,
    deadline: Optional[float],
    timeout: Optional[float],
    bar: Optional[_progress.Bar],
) -> list[Any]:
    """Elements ``start:stop`` on a leased shared pool, at most ``workers`` chunks at a time."""
    return job.execute(
        pool.executor,
        f,
        cols,
        core.chunk_bounds(start, stop, chunks),
        where=where,
        shape=shape,
        limit=workers if pool.size > workers else None,
        deadline=deadline,
        timeout=timeout,
        bar=bar,
        abandon=lambda: pools.retire(pool, kill=True),
    )


def run_map(
    f: Callable[..., Any],
    columns: Sequence[Sequence[Any]],
    /,
    *,
    executor: Any = None,
    workers: Optional[int] = None,
    timeout: Optional[float] = None,
    index_shape: Optional[tuple[int, ...]] = None,
    where: str = "map",
    unit: str = "elements",
) -> list[Any]:
    """``[f(*args) for args in zip(*columns)]`` under the parallel policy, in order.

    Parameters
    ----------
    f : callable
        Called once per element with one argument from each column.
    columns : list of lists
        One list per operand, all of the same length.
    executor, workers, timeout
        Per-call policy (see `resolve`); default: the context's.
    index_shape : tuple of int, optional
        The shape the flat positions index into; a failing element is then
        reported by its multi-index.
    where : str
        The public function name used in error messages and on the progress bar.
    unit : str
        What one element is called on the progress bar.

    Returns
    -------
    list
        A new list of the results, identical to the serial result.

    Raises
    ------
    Exception
        The exception type a failing element raised, with its index in the
        message, chained to the original.
    TypeError
        ``f`` or the elements cannot be sent to worker processes.
    TimeoutError
        The call ran past its timeout (what was queued is cancelled, worker
        processes still running elements are terminated).
    RuntimeError
        The executor was shut down or a worker died.

    Examples
    --------
    >>> import operator
    >>> from gentensor.parallel import run_map
    >>> run_map(operator.mul, [[1, 2, 3], [4, 5, 6]], executor="threads", workers=2)
    [4, 10, 18]
    >>> run_map(operator.floordiv, [[1, 1, 1, 1], [1, 0, 2, 0]], index_shape=(2, 2))
    Traceback (most recent call last):
    ...
    ZeroDivisionError: map: floordiv raised ZeroDivisionError at index (0, 1): integer division or modulo by zero
    """
    policy = resolve(executor, workers, timeout=timeout, where=where)
    cols, n = _columns(columns, where)
    shape = core.check_index_shape(index_shape, n, where)
    deadline = None if policy.timeout is None else time.monotonic() + policy.timeout
    bar = _progress.start(n, where, unit) if n > 1 else None
    try:
        return _run(f, cols, n, policy, shape, where, deadline, bar)
    finally:
        if bar is not None:
            bar.close()


def _run(
    f: Callable[..., Any],
    cols: Sequence[Sequence[Any]],
    n: int,
    policy: ParallelPolicy,
    shape: Any,
    where: str,
    deadline: Optional[float],
    bar: Optional[_progress.Bar],
) -> list[Any]:
    mode, timeout = policy.mode, policy.timeout
    if mode == "serial" or n == 0:
        return job.serial(f, map(f, *cols), [], n, where, shape, deadline, timeout, bar)
    if mode == "auto":
        plan = auto.plan(f, cols, n, policy.workers, where, shape)
        _LAST_DECISION.set(plan.decision)
        done = plan.done
        if bar is not None:
            bar.advance(len(done))
        decision = plan.decision
        if decision.mode == "serial":
            return job.serial(f, plan.rest, done, n, where, shape, deadline, timeout, bar)
        with pools.lease(decision.mode, decision.workers) as pool:
            done.extend(
                _on_pool(pool, f, cols, len(done), n, decision.chunks, decision.workers, where, shape, deadline, timeout, bar)
            )
        return done
    if mode == "executor":
        assert policy.executor is not None
        executor = policy.executor
        w = policy.workers or core.executor_workers(executor)
        core.check_sendable(f, core.transport(executor), where)
        bounds = core.chunk_bounds(0, n, w * auto.CHUNKS_PER_WORKER)
        return job.execute(executor, f, cols, bounds, where=where, shape=shape, deadline=deadline, timeout=timeout, bar=bar)
    w = policy.workers or core.usable_cpus()
    if mode == "processes":
        core.check_sendable(f, pools.pickler(), where)
    with pools.lease(mode, w) as pool:
        return _on_pool(pool, f, cols, 0, n, w * auto.CHUNKS_PER_WORKER, w, where, shape, deadline, timeout, bar)


def run_tasks(
    func: Callable[[Any], Any],
    items: Sequence[Any],
    /,
    *,
    executor: Any = None,
    workers: Optional[int] = None,
    timeout: Optional[float] = None,
    index_shape: Optional[tuple[int, ...]] = None,
    where: str = "run_tasks",
    unit: str = "tasks",
) -> list[Any]:
    """``[func(item) for item in items]`` under the parallel policy: one task per item (e.g. a matrix).

    The same semantics as `run_map` with one column: ordered results,
    errors re-raised with the item's index (a batch multi-index when
    ``index_shape`` is the batch shape), timeouts, progress.

    Returns
    -------
    list
        A new list of the results, identical to the serial result.

    Examples
    --------
    >>> from gentensor.parallel import run_tasks
    >>> run_tasks(sum, [[1, 2], [3, 4], [5, 6]], executor="threads")
    [3, 7, 11]
    """
    return run_map(
        func, [items], executor=executor, workers=workers, timeout=timeout, index_shape=index_shape, where=where, unit=unit
    )


def index_columns(shape: Sequence[int], /) -> list[list[int]]:
    """The C-order multi-indices of ``shape`` as one column per axis (the arguments of ``fromfunction``).

    ``run_map(f, index_columns(shape), index_shape=shape)`` computes
    ``[f(*idx) for idx in itertools.product(*map(range, shape))]``.

    Returns
    -------
    list of lists
        A new list per axis, each of length ``prod(shape)``.

    Examples
    --------
    >>> from gentensor.parallel import index_columns
    >>> index_columns((2, 3))
    [[0, 0, 0, 1, 1, 1], [0, 1, 2, 0, 1, 2]]
    """
    dims = tuple(shape)
    size = math.prod(dims)
    columns = []
    inner = size
    for d in dims:
        inner = inner // d if d else 0
        outer = size // (d * inner) if d and inner else 0
        axis = list(itertools.chain.from_iterable(itertools.repeat(i, inner) for i in range(d)))
        columns.append(axis * outer)
    return columns


def explain_auto(
    f: Callable[..., Any],
    columns: Sequence[Sequence[Any]],
    /,
    *,
    workers: Optional[int] = None,
) -> AutoDecision:
    """What ``"auto"`` would do with ``f`` over ``columns``, and why, without running the rest.

    ``f`` runs on the first elements (the timed sample); a pool may be started
    to measure its overhead, and the machine's present capacity measured on
    the process pool, exactly as a real ``"auto"`` run would.

    Parameters
    ----------
    f : callable
        The element function.
    columns : list of lists
        One list per operand (for tensors: ``x.tolist()`` flattened, or the
        elements in C order).
    workers : int, optional
        Worker count to consider (default: the CPUs this process may use).

    Returns
    -------
    AutoDecision
        ``mode`` (``"serial"``, ``"threads"`` or ``"processes"``), ``workers``,
        ``chunks``, the measurements (seconds), the machine's present
        ``capacity`` in cores (when it was measured), the
        ``predicted_speedup`` of the chosen pool over serial, and a readable
        ``reason``.

    Examples
    --------
    >>> import operator
    >>> import gentensor as gt
    >>> xs = list(range(10**5))
    >>> d = gt.explain_auto(operator.add, [xs, xs])
    >>> d.mode, d.size, d.gil_enabled
    ('serial', 100000, True)
    """
    cols, n = _columns(columns, "explain_auto")
    return auto.plan(f, cols, n, _check_workers(workers, "explain_auto"), "explain_auto").decision


def auto_machine_words(size: int, workers: Optional[int], minimum: int) -> ParallelPolicy:
    """``"auto"``'s choice for a kernel on machine words (NumPy releases the GIL): threads from ``minimum`` elements on.

    Nothing is sampled: such a kernel costs nanoseconds per element and
    shares the work on threads without shipping anything.  The decision is
    recorded (`last_auto_decision`).
    """
    w = workers or core.usable_cpus()
    threads = size >= minimum and w > 1
    mode = "threads" if threads else "serial"
    reason = (
        f"a vectorised kernel on machine words releases the GIL: {size} elements in chunks on {w} threads"
        if threads
        else f"a vectorised kernel on machine words: {size} elements are fewer than {minimum}, or one CPU"
    )
    decision = AutoDecision(
        mode, w if threads else 1, 2 * w if threads else 1, size, 0, 0.0, None, None, core.gil_enabled(),
        0.0, None, None, None, reason,
    )
    _LAST_DECISION.set(decision)
    return ParallelPolicy(mode, w if threads else None, None, core.POLICY.get().timeout)


def last_auto_decision() -> Optional[AutoDecision]:
    """The decision of the most recent ``"auto"`` run in this thread or task (None before any).

    Returns
    -------
    AutoDecision or None
        See [`explain_auto`][gentensor.parallel.explain_auto].

    Examples
    --------
    >>> import operator
    >>> import gentensor as gt
    >>> from gentensor.parallel import run_map
    >>> run_map(operator.add, [[1, 2], [3, 4]], executor="auto")
    [4, 6]
    >>> gt.last_auto_decision().mode
    'serial'
    """
    return _LAST_DECISION.get()
