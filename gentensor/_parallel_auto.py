"""The ``"auto"`` policy: choose serial, threads or processes from measured facts.

The rule (also in ``docs/parallel.md``):

1. **Sample.**  Run ``f`` serially on the first elements, in batches of 1, 2,
   4, ... until :data:`SAMPLE_SECONDS` have passed.  Those results are kept
   (never computed twice) and give the cost ``c`` of one element.
2. **Cheap work stays serial.**  If the rest would take less than
   :data:`MIN_PARALLEL_SECONDS` serially, stop: no pool is even looked at.
3. **Lower bounds first.**  Threads can only gain when the GIL is off
   (``sys._is_gil_enabled()``); their best case is ``c*R/W`` for ``R`` elements
   left on ``W`` workers.  Processes must also ship every argument and result:
   the measured pickle round trip ``s`` of a sample of (arguments, result)
   gives ``s*R + (c + s)*R/W`` (the parent's half of the copying is serial).
   A pool whose lower bound is not :data:`SAFETY` times better than serial is
   dropped without being started.
4. **Then the pool's own cost.**  A surviving pool's task round trip ``o`` is
   measured once per process and cached; a process pool that is not running
   yet must also win back :data:`PROCESS_START_PRIOR` seconds of start-up.
   The estimate ``o * ceil(k/W) + lower bound`` (``k`` chunks) must beat the
   serial estimate by :data:`SAFETY`; the best such pool wins.
"""

from __future__ import annotations

import itertools
import math
import pickle
import statistics
import time
from typing import Any, Callable, Iterator, NamedTuple, Optional, Sequence

from . import _parallel_core as core
from ._parallel_wire import Packed, pack, unpack

__all__ = [
    "AutoDecision",
    "Plan",
    "plan",
    "pool_cost",
    "SAMPLE_SECONDS",
    "MIN_PARALLEL_SECONDS",
    "SAFETY",
    "PROCESS_START_PRIOR",
    "CHUNKS_PER_WORKER",
]

#: Time spent running the first elements serially to learn their cost.
SAMPLE_SECONDS = 0.002
#: Below this predicted serial time for the rest, stay serial without looking at pools.
MIN_PARALLEL_SECONDS = 0.01
#: A pool must be predicted at least this many times faster than serial.
SAFETY = 1.25
#: Start-up cost assumed for a process pool that is not running yet (it is measured when started).
PROCESS_START_PRIOR = 1.0
#: Upper bound on chunks per worker (more chunks balance uneven elements).
CHUNKS_PER_WORKER = 4
#: Elements whose pickle round trip measures the cost of shipping one element.
TRANSFER_SAMPLE = 256


class AutoDecision(NamedTuple):
    """What ``"auto"`` chose for one job, and the measurements behind it (times in seconds)."""

    mode: str
    workers: int
    chunks: int
    size: int
    sampled: int
    per_element: float
    transfer: Optional[float]
    gil_enabled: bool
    serial_estimate: float
    parallel_estimate: Optional[float]
    thread_task: Optional[float]
    process_task: Optional[float]
    reason: str

    def __str__(self) -> str:
        def us(t: Optional[float]) -> str:
            return "-" if t is None else f"{t * 1e6:.3g} us"

        def ms(t: Optional[float]) -> str:
            return "-" if t is None else f"{t * 1e3:.3g} ms"

        return (
            f"auto -> {self.mode} (workers={self.workers}, chunks={self.chunks}): {self.reason} "
            f"[n={self.size}, sampled={self.sampled}, per element {us(self.per_element)}, "
            f"transfer {us(self.transfer)}, GIL {'on' if self.gil_enabled else 'off'}, "
            f"serial ~{ms(self.serial_estimate)}, parallel ~{ms(self.parallel_estimate)}, "
            f"thread task {us(self.thread_task)}, process task {us(self.process_task)}]"
        )


class PoolCost(NamedTuple):
    start: float  # seconds it took to start the pool (0 if it was already running)
    task: float  # median round trip of one wave of no-op tasks


_COSTS: dict[tuple[str, int], PoolCost] = {}


def pool_cost(kind: str, workers: int) -> PoolCost:
    """Measure (once per process and pool) the start-up and per-task round trip of a pool."""
    key = (kind, workers)
    cost = _COSTS.get(key)
    if cost is not None:
        return cost
    t0 = time.perf_counter()
    pool = core.thread_pool(workers) if kind == "threads" else core.process_pool(workers)[0]
    # The first wave starts the workers (loky and the standard pools start them lazily).
    for fut in [pool.submit(core.noop) for _ in range(workers)]:
        fut.result()
    start = time.perf_counter() - t0
    rounds = []
    for _ in range(5):
        t0 = time.perf_counter()
        for fut in [pool.submit(core.noop) for _ in range(workers)]:
            fut.result()
        rounds.append(time.perf_counter() - t0)
    cost = PoolCost(start, statistics.median(rounds))
    _COSTS[key] = cost
    return cost


class Plan(NamedTuple):
    """The decision plus the work already done: sampled results and the serial iterator."""

    decision: AutoDecision
    done: list[Any]
    rest: Iterator[Any]


def _sample(f: Callable[..., Any], columns: Sequence[Sequence[Any]], n: int, out: list[Any]) -> tuple[Iterator[Any], float]:
    """Run the first elements into ``out`` until the sample budget is spent; (iterator, per element)."""
    rest = map(f, *columns)
    elapsed = 0.0
    batch = 1
    rate = math.inf
    while len(out) < n and elapsed < SAMPLE_SECONDS:
        before = len(out)
        t0 = time.perf_counter()
        out.extend(itertools.islice(rest, batch))  # an error leaves len(out) at the failing element
        dt = time.perf_counter() - t0
        elapsed += dt
        done = len(out) - before
        if done > 1:
            rate = min(rate, dt / done)  # later batches are past one-off warm-up costs
        batch *= 2
    overall = elapsed / len(out) if out else 0.0
    return rest, min(rate, overall)


def _transfer_cost(columns: Sequence[Sequence[Any]], done: list[Any]) -> Optional[float]:
    """Seconds to pickle and unpickle one element's arguments and result (None: not picklable)."""
    m = min(len(done), TRANSFER_SAMPLE)
    if m == 0:
        return None
    args = [c[:m] for c in columns]
    results = done[:m]
    try:
        t0 = time.perf_counter()
        for payload, probe in ((args, [c[0] for c in args]), (results, results[:1])):
            packed = pack(payload, probe)
            if type(packed) is Packed:
                unpack(packed)
            else:
                pickle.loads(pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL))
        return (time.perf_counter() - t0) / m
    except Exception:
        return None


def _chunks(per_element: float, rest: int, workers: int, task: float) -> int:
    """Chunks for ``rest`` elements: between W and W*CHUNKS_PER_WORKER, each worth >= 10 task overheads."""
    useful = int(per_element * rest / (10 * task)) if task > 0 else workers * CHUNKS_PER_WORKER
    return max(1, min(rest, max(workers, min(workers * CHUNKS_PER_WORKER, useful))))


def plan(
    f: Callable[..., Any],
    columns: Sequence[Sequence[Any]],
    n: int,
    workers: Optional[int],
    where: str,
    index_shape: Optional[tuple[int, ...]] = None,
) -> Plan:
    """Sample ``f`` on the first elements and decide how to run the rest (see the module docstring)."""
    w = workers if workers is not None else core.usable_cpus()
    gil = core.gil_enabled()
    done: list[Any] = []

    def serial(reason: str, rest: Iterator[Any], per: float, est: float, **extra: Any) -> Plan:
        fields = dict(transfer=None, parallel_estimate=None, thread_task=None, process_task=None)
        fields.update(extra)
        return Plan(
            AutoDecision("serial", w, 1, n, len(done), per, gil_enabled=gil, serial_estimate=est, reason=reason, **fields),
            done,
            rest,
        )

    if n < 2:
        return serial("fewer than 2 elements", map(f, *columns), 0.0, 0.0)
    try:
        rest, per = _sample(f, columns, n, done)
    except Exception as exc:
        core.reraise(core.Failure(len(done), exc, None), 0, f, where, index_shape)
        raise  # unreachable: reraise always raises
    remaining = n - len(done)
    est = per * remaining
    if remaining == 0:
        return serial("the sample covered every element", rest, per, 0.0)
    if w < 2:
        return serial("one worker", rest, per, est)
    if est < MIN_PARALLEL_SECONDS:
        return serial(f"cheap: the rest takes ~{est * 1e3:.3g} ms serially (< {MIN_PARALLEL_SECONDS * 1e3:g} ms)", rest, per, est)

    transfer = _transfer_cost(columns, done)
    options: list[tuple[float, str, int, str]] = []  # (estimate, mode, chunks, note)
    notes: list[str] = []
    thread_task = process_task = None
    if gil:
        notes.append("threads: the GIL is on, so pure-Python elements do not run at once")
    else:
        bound = per * remaining / w
        if bound * SAFETY < est:
            cost = pool_cost("threads", w)
            thread_task = cost.task
            k = _chunks(per, remaining, w, cost.task)
            options.append((cost.task * math.ceil(k / w) + bound, "threads", k, ""))
    sendable = transfer is not None
    if sendable:
        try:
            core.check_sendable(f, core.process_pool_pickler(), where)
        except TypeError:
            sendable = False
    if not sendable:
        notes.append("processes: the function or the elements cannot be pickled")
    else:
        assert transfer is not None
        bound = transfer * remaining + (per + transfer) * remaining / w
        alive = core.process_pool_alive(w)
        if bound * SAFETY >= est:
            notes.append(f"processes: shipping elements (~{transfer * 1e6:.3g} us each) eats the gain")
        elif not alive and est - bound * SAFETY < PROCESS_START_PRIOR:
            notes.append(f"processes: the gain would not repay starting the pool (~{PROCESS_START_PRIOR:g} s)")
        else:
            cost = pool_cost("processes", w)
            process_task = cost.task
            k = _chunks(per, remaining, w, cost.task)
            options.append((cost.task * math.ceil(k / w) + bound, "processes", k, ""))
    extra = dict(transfer=transfer, thread_task=thread_task, process_task=process_task)
    if options:
        best = min(options)
        if best[0] * SAFETY < est:
            decision = AutoDecision(
                best[1],
                w,
                best[2],
                n,
                len(done),
                per,
                gil_enabled=gil,
                serial_estimate=est,
                parallel_estimate=best[0],
                reason=f"{best[1]} predicted {est / best[0]:.2f}x faster than serial",
                **extra,
            )
            return Plan(decision, done, rest)
        notes.append(f"{best[1]}: predicted only {est / best[0]:.2f}x faster (< {SAFETY:g}x)")
        extra["parallel_estimate"] = best[0]
    return serial("; ".join(notes) or "no pool pays", rest, per, est, **extra)
