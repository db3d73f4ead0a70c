"""The ``"auto"`` policy: choose serial, threads or processes from measured facts.

The rule (also in ``docs/parallel.md``), for ``n`` elements on ``W`` workers
and ``P = min(W, usable CPUs)`` cores:

1. **Sample.**  Run ``f`` serially on the first elements, in batches of 1, 2,
   4, ... until `SAMPLE_SECONDS` have passed.  Those results are kept
   (never computed twice) and give the cost ``c`` of one element; ``R``
   elements remain.
2. **Cheap work stays serial.**  If ``c*R`` is under
   `MIN_PARALLEL_SECONDS`, stop: no pool is even looked at.
3. **Lower bounds, before touching any pool.**  Threads can only gain when
   the GIL is off (``sys._is_gil_enabled()``): best case ``c*R/P``.
   Processes must ship every argument and result: the sample is encoded and
   pickled both ways, giving the parent's share ``p`` and a worker's share
   ``q`` per element; the parent's share is serial and all the work shares
   the cores, so the best case is ``max(p, (p + q + c)/P) * R``.  A pool
   whose best case is not `SAFETY` times better than ``c*R`` is dropped.
4. **Then the pool's own cost.**  A surviving pool's round trip ``o`` (one
   wave of no-op tasks) is measured once per process and cached; a process
   pool that is not running yet must also win back
   `PROCESS_START_PRIOR` seconds of start-up.
5. **And the machine as it is now.**  Other programs may be using the
   cores.  Before choosing processes, the machine's present capacity ``C``
   is measured as ``benchmarks/bench_parallel.py`` measures it: a
   pure-Python loop alone in one worker, then in ``W`` workers at once
   (``C = W * t_one / t_all``: 2.0 on two idle cores, near 1 when another
   program keeps one busy).  Below `MIN_CAPACITY` processes are never
   chosen; otherwise ``C`` replaces ``P`` in the estimate.  The measurement
   is reused for `CAPACITY_TTL` seconds, and work too short to repay
   it (under `CAPACITY_MIN_WORK` seconds) does not go to processes.
   With ``k`` chunks the estimate is ``o * ceil(k/W) + best case``; the best
   pool whose estimate beats ``c*R`` by `SAFETY` runs the rest, else
   it stays serial.
"""

from __future__ import annotations

import itertools
import math
import statistics
import threading
import time
from typing import Any, Callable, Iterator, NamedTuple, Optional, Sequence

from . import _core as core
from . import _pools as pools
from ._wire import Transfer, transfer_seconds

__all__ = [
    "AutoDecision",
    "Plan",
    "PoolCost",
    "plan",
    "pool_cost",
    "SAMPLE_SECONDS",
    "MIN_PARALLEL_SECONDS",
    "SAFETY",
    "PROCESS_START_PRIOR",
    "CHUNKS_PER_WORKER",
    "MIN_CAPACITY",
    "capacity",
    "spin",
]

#: Time spent running the first elements serially to learn their cost.
SAMPLE_SECONDS = 0.002
#: Below this predicted serial time for the rest, stay serial without looking at pools.
MIN_PARALLEL_SECONDS = 0.01
#: A pool must be predicted at least this many times faster than serial.
SAFETY = 1.25
#: Start-up cost assumed for a process pool that is not running yet (it is measured when started).
PROCESS_START_PRIOR = 1.0
#: Chunks per worker (more chunks balance uneven elements and busy cores; each costs a round trip).
CHUNKS_PER_WORKER = 4
#: Sampled elements whose arguments and results are shipped to measure the transfer cost.
TRANSFER_SAMPLE = 256
#: Processes are never chosen while the machine's present capacity (in cores) is below this.
MIN_CAPACITY = 1.3
#: Seconds of pure-Python work one worker spins for when the capacity is measured.
CAPACITY_SPIN_SECONDS = 0.01
#: Repeats of the capacity measurement (the best is kept: other load only ever lowers it).
CAPACITY_REPEATS = 2
#: A measured capacity is reused for this many seconds.
CAPACITY_TTL = 5.0
#: Serial work shorter than this (seconds) does not repay measuring the capacity: no processes.
CAPACITY_MIN_WORK = 0.5


def _us(t: Optional[float]) -> str:
    return "-" if t is None else f"{t * 1e6:.3g} us"


def _ms(t: Optional[float]) -> str:
    return "-" if t is None else f"{t * 1e3:.3g} ms"


class AutoDecision(NamedTuple):
    """What ``"auto"`` chose for one job, and the measurements behind it (times in seconds)."""

    mode: str
    workers: int
    chunks: int
    size: int
    sampled: int
    per_element: float
    ship_parent: Optional[float]
    ship_worker: Optional[float]
    gil_enabled: bool
    serial_estimate: float
    parallel_estimate: Optional[float]
    thread_task: Optional[float]
    process_task: Optional[float]
    reason: str
    capacity: Optional[float] = None

    @property
    def predicted_speedup(self) -> Optional[float]:
        """``serial_estimate / parallel_estimate`` for the rest (None when no pool was estimated)."""
        if not self.parallel_estimate:
            return None
        return self.serial_estimate / self.parallel_estimate

    def __str__(self) -> str:
        cap = "-" if self.capacity is None else f"{self.capacity:.2f}x"
        return (
            f"auto -> {self.mode} (workers={self.workers}, chunks={self.chunks}): {self.reason} "
            f"[n={self.size}, sampled={self.sampled}, per element {_us(self.per_element)}, "
            f"shipping {_us(self.ship_parent)} parent + {_us(self.ship_worker)} worker, "
            f"GIL {'on' if self.gil_enabled else 'off'}, machine capacity {cap}, "
            f"rest serially ~{_ms(self.serial_estimate)}, "
            f"in parallel ~{_ms(self.parallel_estimate)}, thread task {_us(self.thread_task)}, "
            f"process task {_us(self.process_task)}]"
        )


class PoolCost(NamedTuple):
    """A pool's measured costs: ``start`` (seconds to start it; ~0 if it was running) and ``task``."""

    start: float
    task: float


_COSTS: dict[tuple[str, int], PoolCost] = {}


def pool_cost(kind: str, workers: int) -> PoolCost:
    """Measure (once per process and pool size) a pool's start-up and the round trip of one wave of tasks."""
    key = (kind, workers)
    cost = _COSTS.get(key)
    if cost is not None:
        return cost
    t0 = time.perf_counter()
    with pools.lease(kind, workers) as pool:
        executor = pool.executor
        for fut in [executor.submit(core.noop) for _ in range(workers)]:  # the first wave starts the workers
            fut.result()
        start = time.perf_counter() - t0
        rounds = []
        for _ in range(5):
            t0 = time.perf_counter()
            for fut in [executor.submit(core.noop) for _ in range(workers)]:
                fut.result()
            rounds.append(time.perf_counter() - t0)
    cost = PoolCost(start, statistics.median(rounds))
    _COSTS[key] = cost
    return cost


def spin(loops: int) -> float:
    """A pure-Python loop of ``loops`` steps; returns its own duration (the capacity probe).

    Examples
    --------
    >>> spin(1000) > 0
    True
    """
    t0 = time.perf_counter()
    x = 0
    for i in range(loops):
        x += i * i
    return time.perf_counter() - t0


_SPIN_LOOPS: Optional[int] = None
_CAPACITY: dict[int, tuple[float, float]] = {}  # workers -> (measured at, capacity)
_CAPACITY_LOCK = threading.Lock()


def _spin_loops() -> int:
    """Loops that take about `CAPACITY_SPIN_SECONDS` here (calibrated once)."""
    global _SPIN_LOOPS
    if _SPIN_LOOPS is None:
        n = 20_000
        t = max(spin(n), 1e-6)
        _SPIN_LOOPS = max(1000, int(n * CAPACITY_SPIN_SECONDS / t))
    return _SPIN_LOOPS


def capacity(workers: int, *, fresh: bool = False) -> float:
    """The machine's present parallel capacity for ``workers`` worker processes, in cores.

    The same pure-Python loop runs alone in one worker of the shared process
    pool, then in ``workers`` workers at once: ``workers * t_one / t_all``,
    the best of `CAPACITY_REPEATS` measurements (other load only ever
    lowers it).  About ``workers`` on an idle machine with that many cores,
    lower when other programs use them.  A measurement is reused for
    `CAPACITY_TTL` seconds unless ``fresh``.
    """
    now = time.monotonic()
    with _CAPACITY_LOCK:
        known = _CAPACITY.get(workers)
    if known is not None and not fresh and now - known[0] < CAPACITY_TTL:
        return known[1]
    loops = _spin_loops()
    best = 0.0
    with pools.lease("processes", workers) as pool:
        executor = pool.executor
        for fut in [executor.submit(core.noop) for _ in range(workers)]:  # every worker up
            fut.result()
        for _ in range(CAPACITY_REPEATS):
            t0 = time.perf_counter()
            executor.submit(spin, loops).result()
            one = time.perf_counter() - t0
            t0 = time.perf_counter()
            for spun in [executor.submit(spin, loops) for _ in range(workers)]:
                spun.result()
            every = time.perf_counter() - t0
            best = max(best, workers * one / every)
    value = min(float(workers), best)
    with _CAPACITY_LOCK:
        _CAPACITY[workers] = (time.monotonic(), value)
    return value


class Plan(NamedTuple):
    """The decision plus the work already done: sampled results and the serial iterator over the rest."""

    decision: AutoDecision
    done: list[Any]
    rest: Iterator[Any]


def _sample(f: Callable[..., Any], columns: Sequence[Sequence[Any]], n: int, out: list[Any]) -> tuple[Iterator[Any], float]:
    """Run the first elements into ``out`` until the budget is spent; (iterator over the rest, cost per element)."""
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
        if len(out) - before > 1:
            rate = min(rate, dt / (len(out) - before))  # later batches are past one-off warm-up costs
        batch *= 2
    return rest, min(rate, elapsed / len(out) if out else 0.0)


def _chunks(per_element: float, rest: int, workers: int, task: float) -> int:
    """Between W and W*CHUNKS_PER_WORKER chunks, each worth at least 10 task round trips."""
    useful = int(per_element * rest / (10 * task)) if task > 0 else workers * CHUNKS_PER_WORKER
    return max(1, min(rest, max(workers, min(workers * CHUNKS_PER_WORKER, useful))))


class _Candidate(NamedTuple):
    estimate: float
    mode: str
    chunks: int
    task: float


def _threads(per: float, remaining: int, w: int, cores: int, serial: float, notes: list[str]) -> Optional[_Candidate]:
    if core.gil_enabled():
        notes.append("threads: the GIL is on, so pure-Python elements do not run at once")
        return None
    bound = per * remaining / cores
    if bound * SAFETY >= serial:
        notes.append(f"threads: at best {serial / bound:.2f}x")
        return None
    cost = pool_cost("threads", w)
    k = _chunks(per, remaining, w, cost.task)
    return _Candidate(cost.task * math.ceil(k / w) + bound, "threads", k, cost.task)


def _processes(
    f: Callable[..., Any],
    ship: Optional[Transfer],
    per: float,
    remaining: int,
    w: int,
    cores: int,
    serial: float,
    where: str,
    notes: list[str],
    measured: dict[str, float],
) -> Optional[_Candidate]:
    if ship is None:
        notes.append("processes: the elements cannot be pickled")
        return None
    try:
        core.check_sendable(f, pools.pickler(), where)
    except TypeError:
        notes.append("processes: the function cannot be sent to a process")
        return None
    bound = max(ship.parent, (ship.parent + ship.worker + per) / cores) * remaining
    if bound * SAFETY >= serial:
        notes.append(f"processes: shipping the elements leaves at best {serial / bound:.2f}x")
        return None
    if not pools.alive("processes", w) and serial - bound * SAFETY < PROCESS_START_PRIOR:
        notes.append(f"processes: the gain would not repay starting the pool (~{PROCESS_START_PRIOR:g} s)")
        return None
    if serial < CAPACITY_MIN_WORK:
        notes.append(
            f"processes: ~{serial * 1e3:.3g} ms of work is too little to measure the machine's present capacity "
            f"(< {CAPACITY_MIN_WORK * 1e3:g} ms)"
        )
        return None
    cost = pool_cost("processes", w)
    cap = capacity(w)
    measured["capacity"] = cap
    if cap < MIN_CAPACITY:
        notes.append(
            f"processes: the machine's present capacity is {cap:.2f} cores (< {MIN_CAPACITY:g}): "
            "other work is using them"
        )
        return None
    bound = max(ship.parent, (ship.parent + ship.worker + per) / min(cores, cap)) * remaining
    k = _chunks(per, remaining, w, cost.task)
    return _Candidate(cost.task * math.ceil(k / w) + bound, "processes", k, cost.task)


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
    rest: Iterator[Any] = map(f, *columns)
    per = serial = 0.0
    ship: Optional[Transfer] = None
    tasks: dict[str, float] = {}

    def decide(mode: str, reason: str, chunks: int = 1, parallel: Optional[float] = None) -> Plan:
        decision = AutoDecision(
            mode,
            w,
            chunks,
            n,
            len(done),
            per,
            ship.parent if ship else None,
            ship.worker if ship else None,
            gil,
            serial,
            parallel,
            tasks.get("threads"),
            tasks.get("processes"),
            reason,
            tasks.get("capacity"),
        )
        return Plan(decision, done, rest)

    if n < 2:
        return decide("serial", "fewer than 2 elements")
    try:
        rest, per = _sample(f, columns, n, done)
    except Exception as exc:
        core.reraise(core.Failure(len(done), exc, None), 0, f, where, index_shape)
    remaining = n - len(done)
    serial = per * remaining
    if remaining == 0:
        return decide("serial", "the sample covered every element")
    if w < 2 or core.usable_cpus() < 2:
        return decide("serial", "one worker or one CPU")
    if serial < MIN_PARALLEL_SECONDS:
        return decide("serial", f"cheap: the rest takes ~{serial * 1e3:.3g} ms serially (< {MIN_PARALLEL_SECONDS * 1e3:g} ms)")

    m = min(len(done), TRANSFER_SAMPLE)
    ship = transfer_seconds([c[:m] for c in columns], done[:m])
    cores = min(w, core.usable_cpus())
    notes: list[str] = []
    candidates = [
        c
        for c in (
            _threads(per, remaining, w, cores, serial, notes),
            _processes(f, ship, per, remaining, w, cores, serial, where, notes, tasks),
        )
        if c is not None
    ]
    for c in candidates:
        tasks[c.mode] = c.task
    if candidates:
        best = min(candidates)
        speedup = serial / best.estimate
        if best.estimate * SAFETY < serial:
            return decide(best.mode, f"{best.mode} predicted {speedup:.2f}x faster than serial", best.chunks, best.estimate)
        notes.append(f"{best.mode}: predicted only {speedup:.2f}x (< {SAFETY:g}x)")
        return decide("serial", "; ".join(notes), 1, best.estimate)
    return decide("serial", "; ".join(notes))
