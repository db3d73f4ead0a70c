"""Shared benchmark helpers: an interleaved timer (best or median of N rounds) and a table printer with ratios.

Every case runs all its contenders in one process, interleaved round by
round (so a busy machine slows them alike); each contender's best time is
kept, or its median time (``report(..., median=True)``: each round starts
with another contender, and a call under 5 ms is repeated within a sample).
The ratio column is ``gentensor time / contender time`` (below 1: gentensor
is faster); a contender may carry the project's goal for that ratio, and the
table says whether this run met it.
"""

from __future__ import annotations

import gc
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the in-tree package, also without an install


class Contender(NamedTuple):
    name: str
    run: Callable[[], Any]
    goal: float | None = None  # the largest acceptable gentensor/contender ratio, if the project sets one


class Case(NamedTuple):
    title: str
    contenders: list[Contender]  # the first is gentensor
    before_each: Callable[[], None] | None = None  # e.g. SymPy's clear_cache


#: In the median mode, calls shorter than this are repeated within a sample (see `best_times`).
REPEAT_BELOW = 0.005


def best_times(
    case: Case, rounds: int, clock: Callable[[], float] = time.perf_counter, median: bool = False
) -> list[float]:
    """Best (or median) time of each contender over ``rounds`` interleaved rounds (GC off while timing).

    ``clock`` is wall time by default; ``time.process_time`` (CPU time of this
    process) is steadier on a machine shared with other work.
    """
    if median:
        samples: list[list[float]] = [[] for _ in case.contenders]
        count = len(case.contenders)
        # A call under REPEAT_BELOW seconds is repeated within a sample (and the sample divided): one call of
        # a few hundred microseconds right after another contender measures that contender's freed memory
        # and cold caches more than its own work.
        reps = []
        for contender in case.contenders:
            # The first call pays one-time costs (caches filled, bounds computed): the reps come from the second.
            first = float("inf")
            for _ in range(2):
                if case.before_each is not None:
                    case.before_each()
                start = clock()
                contender.run()
                first = clock() - start
                if first >= REPEAT_BELOW:
                    break
            reps.append(1 if first >= REPEAT_BELOW or case.before_each is not None else min(1000, max(1, int(REPEAT_BELOW / max(first, 1e-7)))))
        for r in range(rounds):
            # Each round starts with another contender, so none always runs right after the heaviest one
            # (whose freed memory the next allocation pays for).
            for i in [(r + k) % count for k in range(count)]:
                contender = case.contenders[i]
                if case.before_each is not None:
                    case.before_each()
                gc.collect()
                gc.disable()
                try:
                    start = clock()
                    for _ in range(reps[i]):
                        contender.run()
                    samples[i].append((clock() - start) / reps[i])
                finally:
                    gc.enable()
        return [sorted(s)[len(s) // 2] for s in samples]
    best = [float("inf")] * len(case.contenders)
    for _ in range(rounds):
        for i, contender in enumerate(case.contenders):
            if case.before_each is not None:
                case.before_each()
            gc.collect()
            gc.disable()
            try:
                start = clock()
                contender.run()
                elapsed = clock() - start
            finally:
                gc.enable()
            best[i] = min(best[i], elapsed)
    return best


def fmt_time(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:8.2f} s "
    if seconds >= 1e-3:
        return f"{seconds * 1e3:8.2f} ms"
    return f"{seconds * 1e6:8.1f} us"


def time_in_child(script: str, args: list[str], limit: float, env: dict[str, str] | None = None) -> tuple[float, bool]:
    """``(seconds, finished)``: run ``script --child *args`` in a fresh interpreter, killed after ``limit`` seconds.

    The child prints its time on the last line of its output; a run past the
    limit counts as ``limit`` seconds, not finished.
    """
    cmd = [sys.executable, script, "--child", *args]
    try:
        out = subprocess.run(
            cmd, capture_output=True, text=True, timeout=limit, env={**os.environ, **(env or {})}, check=True
        )
    except subprocess.TimeoutExpired:
        return limit, False
    return float(out.stdout.strip().splitlines()[-1]), True


def machine() -> str:
    """One line describing where the numbers come from."""
    import numpy
    import sympy

    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.1f}"
    return (
        f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()} "
        f"({os.cpu_count()} CPUs{load}), NumPy {numpy.__version__}, SymPy {sympy.__version__}"
    )


def report(cases: list[Case], rounds: int, cpu_time: bool = False, median: bool = False) -> bool:
    """Time every case and print the table; True when every stated goal was met."""
    clock = time.process_time if cpu_time else time.perf_counter
    print(machine())
    print(
        f"{'median' if median else 'best'} of {rounds} interleaved rounds of {'CPU' if cpu_time else 'wall-clock'} time"
        f"{f' (calls under {REPEAT_BELOW * 1e3:g} ms repeated within a sample)' if median else ''}; "
        "ratio = gentensor / contender (below 1: gentensor is faster)\n"
    )
    print(f"{'case':<36} {'contender':<38} {'time':>11}  {'ratio':>6}  goal")
    print("-" * 108)
    all_met = True
    for case in cases:
        times = best_times(case, rounds, clock, median)
        ours = times[0]
        for i, (contender, t) in enumerate(zip(case.contenders, times)):
            title = case.title if i == 0 else ""
            ratio = "" if i == 0 else f"{ours / t:6.2f}"
            goal = ""
            if contender.goal is not None:
                met = ours / t <= contender.goal
                all_met &= met
                goal = f"<= {contender.goal:g} {'met' if met else 'MISSED'}"
            print(f"{title:<36} {contender.name:<38} {fmt_time(t):>11}  {ratio:>6}  {goal}")
        print()
    return all_met


def median(values: list[float]) -> float:
    """The median of some timings (the middle one; the mean of the two middle ones for an even count)."""
    ordered = sorted(values)
    k = len(ordered)
    return ordered[k // 2] if k % 2 else (ordered[k // 2 - 1] + ordered[k // 2]) / 2


def flint_or_none() -> Any:
    """python-flint for the contenders, or ``None`` when absent or hidden by ``GENTENSOR_NO_FLINT=1``.

    With the variable set gentensor runs its pure-Python kernels, and the
    FLINT contenders are left out too: the run then compares the default
    install with the pure-Python alternatives.
    """
    if os.environ.get("GENTENSOR_NO_FLINT", "").strip() not in ("", "0"):
        return None
    try:
        import flint  # type: ignore[import-not-found]
    except ImportError:
        return None
    return flint


def main_of(cases: Callable[[], list[Case]], doc: str) -> int:
    """The command line of a script whose cases are timed by medians: ``--quick`` for 5 rounds instead of 9."""
    import argparse

    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 rounds instead of 9")
    args = parser.parse_args()
    rounds = 5 if args.quick else 9
    start = time.perf_counter()
    met = report(cases(), rounds, median=True)
    print(f"\n{machine()}; {time.perf_counter() - start:.0f} s in all; goals {'met' if met else 'NOT all met'}")
    return 0
