"""Benchmark: when does parallel execution pay?  Serial vs processes vs threads vs auto.

Run:  python3 benchmarks/bench_parallel.py [--quick]

The machine is shared, so the run first measures its own parallel capacity:
the same pure-Python loop in one worker process, then in two at once
(capacity = 2 * t_one / t_two: 2.0 on two idle cores, lower when other work
competes).  It is measured again before each round, and every speed-up is
printed raw and as a fraction of that capacity.  The CPU time each run used
(this process plus the workers, with psutil installed) is printed against
serial's: it shows what the parallel machinery itself costs, independently
of what other load does to the wall-clock times.

Workloads (process pools are started and warmed up before any timing):

* ``map(sympy.expand, x)`` over entries ``(s + i)**8`` -- expensive elements;
* products of Fractions with large numerators -- expensive elements;
* ``a + b`` on 10**6 ints -- cheap elements: ``auto`` must stay serial;
* ``det`` of a (64, 12, 12) integer stack -- one matrix per task;
* stopping: how long after its ``timeout=`` a map of elements that never
  return comes back, per mode (the workers are stopped, not waited for).

Every parallel result is checked equal to the serial one.  Each repetition
uses fresh inputs (new SymPy symbols), so no run profits from a cache filled
by an earlier one.  The ``auto`` decisions are printed with their reasons,
and what ``auto`` predicted (its speed-up and the machine capacity it
measured itself) is printed beside the speed-up measured in the same round.
"""

from __future__ import annotations

import argparse
import inspect
import operator
import os
import platform
import random
import statistics
import sys
import time
from fractions import Fraction
from typing import Any, Callable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import gentensor as gt  # noqa: E402

try:
    import psutil  # optional: counts the worker processes' CPU time
except ImportError:
    psutil = None
from gentensor.parallel import _core as core  # noqa: E402
from gentensor.parallel import _pools as pools  # noqa: E402
from gentensor.parallel import run_map, run_tasks  # noqa: E402

MODES = ("serial", "processes", "threads", "auto")
FRACTION_BITS = 4096


# ---------------------------------------------------------------- capacity


def spin(n: int) -> float:
    """A pure-Python loop; returns its own duration."""
    t0 = time.perf_counter()
    x = 0
    for i in range(n):
        x += i * i
    return time.perf_counter() - t0


def capacity(workers: int = 2, loops: int = 1_500_000, repeats: int = 3) -> float:
    """2 * (one loop alone) / (two loops at once), in the warm process pool (median of repeats)."""
    ratios = []
    with pools.lease("processes", workers) as lease:
        pool = lease.executor
        for _ in range(repeats):
            t0 = time.perf_counter()
            pool.submit(spin, loops).result()
            one = time.perf_counter() - t0
            t0 = time.perf_counter()
            for fut in [pool.submit(spin, loops) for _ in range(workers)]:
                fut.result()
            two = time.perf_counter() - t0
            ratios.append(workers * one / two)
    return statistics.median(ratios)


# ---------------------------------------------------------------- the gentensor entry points


def _takes_executor(func: Callable[..., Any]) -> bool:
    try:
        return "executor" in inspect.signature(func).parameters
    except (TypeError, ValueError):
        return False


MAP_WIRED = _takes_executor(gt.map)
ADD_WIRED = _takes_executor(gt.add)
DET_WIRED = _takes_executor(gt.linalg.det)


def elementwise_map(f: Callable[..., Any], columns: list[list[Any]], mode: str) -> list[Any]:
    """``gt.map(f, *tensors, executor=mode)`` when gt.map takes executor=, else the engine itself."""
    if MAP_WIRED:
        tensors = [gt.tensor(c) for c in columns]
        return gt.map(f, *tensors, executor=mode, workers=2)._elements()
    return run_map(f, columns, executor=mode, workers=2)


def elementwise_add(a: Any, b: Any, mode: str) -> Any:
    if ADD_WIRED:
        return gt.add(a, b, executor=mode, workers=2)
    return run_map(operator.add, [a, b], executor=mode, workers=2)


def bareiss_det(rows: list[list[int]]) -> int:
    """Fraction-free determinant of an integer matrix given as rows (used when gt.linalg.det is absent)."""
    m = [r[:] for r in rows]
    n = len(m)
    sign, prev = 1, 1
    for k in range(n - 1):
        if m[k][k] == 0:
            for i in range(k + 1, n):
                if m[i][k] != 0:
                    m[k], m[i] = m[i], m[k]
                    sign = -sign
                    break
            else:
                return 0
        for i in range(k + 1, n):
            for j in range(k + 1, n):
                m[i][j] = (m[i][j] * m[k][k] - m[i][k] * m[k][j]) // prev
        prev = m[k][k]
    return sign * m[-1][-1]


# ---------------------------------------------------------------- workloads


def expand_inputs(n: int, tag: str) -> tuple[Callable[..., Any], list[list[Any]]]:
    import sympy

    s = sympy.Symbol(f"s_{tag}")
    return sympy.expand, [[(s + i) ** 8 for i in range(n)]]


def fraction_inputs(n: int, tag: str, bits: int) -> tuple[Callable[..., Any], list[list[Any]]]:
    rng = random.Random(f"fractions-{tag}")

    def one() -> Fraction:
        return Fraction(rng.getrandbits(bits) | 1, rng.getrandbits(bits // 2) | 1)

    return operator.mul, [[one() for _ in range(n)], [one() for _ in range(n)]]


def det_inputs(batch: int, n: int, digits: int, tag: str) -> list[list[list[int]]]:
    rng = random.Random(f"det-{tag}-{digits}")
    lim = 10**digits
    return [[[rng.randint(-lim, lim) for _ in range(n)] for _ in range(n)] for _ in range(batch)]


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def cpu_seconds() -> float:
    """CPU time used so far by this process and its live worker processes (psutil when installed)."""
    total = time.process_time()
    if psutil is not None:
        for child in psutil.Process().children(recursive=True):
            try:
                total += sum(child.cpu_times()[:2])
            except psutil.Error:
                pass
    return total


def run_case(
    title: str,
    make: Callable[[], Any],
    run: Callable[[Any, str], Any],
    check: Callable[[Any, Any], bool],
    modes: tuple[str, ...],
    rounds: int,
    rows: list,
) -> None:
    """Time the modes in interleaved rounds on fresh inputs.

    The capacity is measured at the start of every round.  A mode's speed-up
    is the median over rounds of serial's time / the mode's time in the same
    round, and its share of capacity the median of that speed-up / the
    round's capacity; the time shown is the mode's best.  The CPU
    time of each run (this process and the workers) is recorded too: against
    serial's it shows what the parallel machinery itself costs, whatever the
    machine's other load does to the wall-clock times.  Each mode's result
    is checked against serial recomputation.
    """
    print(f"\n{title}")
    caps: list[float] = []
    times: dict[str, list[float]] = {m: [] for m in modes}
    cpus: dict[str, list[float]] = {m: [] for m in modes}
    ok = {m: True for m in modes}
    decisions: list[str] = []
    predictions: list[str] = []
    loads: list[float] = []
    for _ in range(rounds):
        caps.append(capacity())
        loads.append(os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan"))
        for mode in modes:
            data = make()
            c0 = cpu_seconds()
            t, out = timed(lambda: run(data, mode))
            cpus[mode].append(cpu_seconds() - c0)
            times[mode].append(t)
            if mode != "serial":
                ok[mode] = ok[mode] and check(data, out)
            if mode == "auto":
                d = gt.last_auto_decision()
                decisions.append(str(d))
                guess = "-" if d.predicted_speedup is None else f"{d.predicted_speedup:.2f}x"
                cap = "-" if d.capacity is None else f"{d.capacity:.2f}"
                measured = times["serial"][-1] / t if times["serial"] else float("nan")
                predictions.append(f"{d.mode} predicted {guess} (capacity {cap}), measured {measured:.2f}x")
    print(
        f"  capacity per round: {', '.join(f'{c:.2f}x' for c in caps)}; "
        f"1-min load average: {', '.join(f'{x:.1f}' for x in loads)}"
    )
    serial_cpu = statistics.median(cpus["serial"])
    for mode in modes:
        # Each round pairs serial with the mode and with the capacity measured just before them.
        speeds = [s / t for s, t in zip(times["serial"], times[mode])]
        speed = statistics.median(speeds)
        share = statistics.median(v / c for v, c in zip(speeds, caps))
        work = statistics.median(cpus[mode]) / serial_cpu if serial_cpu > 0 else float("nan")
        verdict = "-" if mode == "serial" else ("ok" if ok[mode] else "MISMATCH")
        best = min(times[mode])
        rows.append((title, mode, best, speed, share, work, verdict))
        spread = ", ".join(f"{x * 1e3:.0f}" for x in times[mode])
        print(
            f"  {mode:<10} {best * 1e3:10.1f} ms   {speed:5.2f}x serial   {share:6.0%} of capacity   "
            f"CPU {work:4.2f}x serial's   {verdict:<8} (ms per round: {spread})"
        )
    if predictions:
        print(f"  auto per round: {'; '.join(predictions)}")
    for d in dict.fromkeys(decisions):
        print(f"  {d}")


def spot_check(f: Callable[..., Any], columns: list[list[Any]], out: Any, k: int = 64) -> bool:
    """``out`` equals ``f`` recomputed serially at k positions spread over the whole range (untimed)."""
    values = _as_list(out)
    n = len(columns[0])
    if len(values) != n:
        return False
    positions = sorted({0, n - 1, *random.Random(n).sample(range(n), min(k, n))})
    return all(values[i] == f(*(c[i] for c in columns)) for i in positions)


def _as_list(value: Any) -> Any:
    return value._elements() if hasattr(value, "_elements") else list(value) if hasattr(value, "__iter__") else value


# ---------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke run, not the measured table)")
    args = parser.parse_args()
    q = args.quick
    n_expand = 200 if q else 2000
    n_frac = 10_000 if q else 100_000
    n_add = 10**5 if q else 10**6

    print("gentensor parallel benchmark")
    print(f"  Python {platform.python_version()} ({platform.python_implementation()}), {platform.machine()}")
    print(f"  CPUs usable: {core.usable_cpus()} (os.cpu_count() = {os.cpu_count()}), GIL enabled: {core.gil_enabled()}")
    print(f"  process pool: {'loky' if pools.pickler() == 'cloudpickle' else 'concurrent.futures (spawn)'}")
    print(f"  gt.map takes executor=: {MAP_WIRED}; gt.add: {ADD_WIRED}; gt.linalg.det: {DET_WIRED}")
    if not MAP_WIRED or not ADD_WIRED:
        print("  (element-wise cases call the engine gentensor.parallel.run_map directly where gt's wiring is absent)")

    # Warm-up: start the pools, import SymPy in the workers, measure pool overheads once.
    t, _ = timed(lambda: run_map(_warm, [list(range(8))], executor="processes", workers=2))
    run_map(_warm, [list(range(8))], executor="threads", workers=2)
    print(f"  process pool warm-up (start + imports): {t:.2f} s")
    for kind in ("processes", "threads"):
        cost = __import__("gentensor.parallel._auto", fromlist=["pool_cost"]).pool_cost(kind, 2)
        print(f"  {kind} pool: one wave of 2 no-op tasks takes {cost.task * 1e3:.2f} ms")

    rows: list = []
    counter = iter(range(10**9))

    def tag() -> str:
        return str(next(counter))

    def map_run(data: Any, mode: str) -> Any:
        return elementwise_map(data[0], data[1], mode)

    def map_check(data: Any, out: Any) -> bool:
        return spot_check(data[0], data[1], out)

    run_case(
        f"map(sympy.expand, x), {n_expand} entries (s + i)**8",
        lambda: expand_inputs(n_expand, tag()),
        map_run,
        map_check,
        MODES,
        1 if q else 2,
        rows,
    )
    run_case(
        f"Fraction products, {n_frac} pairs, {FRACTION_BITS}-bit numerators",
        lambda: fraction_inputs(n_frac, tag(), FRACTION_BITS),
        map_run,
        map_check,
        MODES,
        2,
        rows,
    )
    a, b = list(range(n_add)), list(range(n_add, 0, -1))
    if ADD_WIRED:
        a, b = gt.tensor(a), gt.tensor(b)
    _add_case(a, b, n_add, ("serial", "auto", "threads", "processes"), rows)
    for digits in (2, 20, 60):
        run_case(
            f"det of a (64, 12, 12) integer stack, entries up to 10**{digits}",
            lambda d=digits: det_inputs(64, 12, d, tag()),
            _run_det,
            lambda mats, out: _as_list(out) == [bareiss_det(m) for m in mats],
            MODES,
            9,
            rows,
        )

    stop_latency()

    print("\nsummary (best time; speed-up vs serial and its share of the capacity: medians of per-round ratios)\n")
    print("| workload | mode | time | speed-up | share of capacity | CPU vs serial | same as serial |")
    print("|---|---|---:|---:|---:|---:|---|")
    for title, mode, t, speed, frac, work, ok in rows:
        share = "-" if mode == "serial" else f"{frac:.0%}"
        print(f"| {title} | {mode} | {_fmt_time(t)} | {speed:.2f}x | {share} | {work:.2f}x | {ok} |")


def _never(i: int) -> int:
    while True:
        time.sleep(0.01)


def stop_latency(timeout: float = 0.5) -> None:
    """Print how long after the deadline a map of never-returning elements returns, per mode."""
    print(f"\nstopping: gt.map of elements that never return, timeout={timeout:g} s")
    for mode in ("serial", "threads", "processes"):
        run_map(abs, [[-1, -2]], executor=mode, workers=2)  # a running pool: the latency, not the start-up
        func = _sleep_then_return if mode == "serial" else _never  # serial stops between elements only
        t0 = time.perf_counter()
        try:
            run_map(func, [list(range(64))], executor=mode, workers=2, timeout=timeout)
        except TimeoutError:
            pass
        late = time.perf_counter() - t0 - timeout
        print(f"  {mode:<10} returned {late * 1e3:7.1f} ms after the deadline")


def _sleep_then_return(i: int) -> int:
    time.sleep(0.05)
    return i


def _fmt_time(t: float) -> str:
    return f"{t:.2f} s" if t >= 1 else f"{t * 1e3:.1f} ms"


def _warm(i: int) -> int:
    import sympy  # noqa: F401  (workers import SymPy once, before anything is timed)

    return i


def _add_case(a: Any, b: Any, n: int, modes: tuple[str, ...], rows: list) -> None:
    """a + b of ints in interleaved rounds; the serial floor is list(map(operator.add, a, b))."""
    la, lb = _as_list(a), _as_list(b)
    expected = list(map(operator.add, la, lb))

    def run(data: Any, mode: str) -> Any:
        if mode == "serial":
            return list(map(operator.add, la, lb))
        return elementwise_add(a, b, mode)

    run_case(
        f"a + b, {n} ints (serial = list(map(operator.add, a, b)))",
        lambda: None,
        run,
        lambda data, out: _as_list(out) == expected,
        modes,
        7,
        rows,
    )


def _run_det(mats: list[list[list[int]]], mode: str) -> Any:
    if DET_WIRED:
        return gt.linalg.det(gt.tensor(mats), executor=mode, workers=2)
    return run_tasks(bareiss_det, mats, executor=mode, workers=2, where="det")


if __name__ == "__main__":
    main()
