"""Core benchmarks: views, creation, materialisation, tolist and memory, side by side.

Every case runs its contenders in one process, interleaved round by round (a
busy machine slows them alike), and reports the best time of each.  The ratio
column is ``gentensor / contender`` (below 1: gentensor is faster); where the
project states a goal for a ratio, the goal column shows it and whether this
run met it.

* View creation (``x.T``, ``x[i]``, ``x[:, j]``, a 3-axis permute) must not
  depend on the size: the ratio is time at 10^6 elements / time at 10^3.
* ``gt.tensor(nested list of 10^6 ints)`` vs ``np.array(..., dtype=object)``.
* ``x.T.copy()`` of 1000x1000 vs NumPy object ``.T.copy()``.
* ``tolist()`` of 10^6 packed ints vs NumPy int64 ``tolist()`` (the same work: machine words
  to Python ints), and NumPy object ``tolist()`` for reference (references only).
* SymPy ``ImmutableDenseNDimArray`` creation and transposition, for reference
  (at 100x100: SymPy needs about a minute to transpose 10^6 elements).
* Memory (tracemalloc): a view allocates no element storage; a tensor of 10^6
  ints costs at most 1.1x the plain list.

    python benchmarks/bench_core.py           # full run
    python benchmarks/bench_core.py --quick   # fewer rounds
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import sys
import time
import tracemalloc
from typing import Any, Callable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import numpy as np  # noqa: E402
import sympy  # noqa: E402

import gentensor as gt  # noqa: E402

Row = tuple[str, str, float, float, "float | None"]


def best_times(contenders: dict[str, Callable[[], Any]], rounds: int, number: int = 1) -> dict[str, float]:
    """Best time per call of each contender, interleaved round by round."""
    best = {name: float("inf") for name in contenders}
    for _ in range(rounds):
        for name, f in contenders.items():
            gc.disable()
            try:
                t0 = time.perf_counter()
                for _ in range(number):
                    f()
                dt = (time.perf_counter() - t0) / number
            finally:
                gc.enable()
            best[name] = min(best[name], dt)
    return best


def fmt_time(t: float) -> str:
    if t < 1e-6:
        return f"{t * 1e9:.0f} ns"
    if t < 1e-3:
        return f"{t * 1e6:.2f} us"
    if t < 1:
        return f"{t * 1e3:.2f} ms"
    return f"{t:.2f} s"


# ---------------------------------------------------------------- cases


def view_rows(rounds: int) -> list[Row]:
    """View creation at 10^3 and 10^6 elements: the time must not grow with the size."""
    small2, big2 = gt.arange(1000).reshape((40, 25)), gt.arange(10**6).reshape((1000, 1000))
    small3, big3 = gt.arange(1000).reshape((10, 10, 10)), gt.arange(10**6).reshape((100, 100, 100))
    cases = {
        "x.T": lambda x: x.T,
        "x[i]": lambda x: x[7],
        "x[:, j]": lambda x: x[:, 5],
    }
    rows: list[Row] = []
    # Microsecond calls: many short rounds, so the best round escapes a busy machine's pauses.
    rounds, number = rounds * 8, 200
    for label, f in cases.items():
        t = best_times({"1e3": lambda: f(small2), "1e6": lambda: f(big2)}, rounds, number)
        rows.append((f"view {label} (10^6 vs 10^3)", "same op at 10^3", t["1e6"], t["1e3"], 1.5))
    perm = (2, 0, 1)
    t = best_times(
        {"1e3": lambda: gt.permute_dims(small3, perm), "1e6": lambda: gt.permute_dims(big3, perm)}, rounds, number
    )
    rows.append(("view permute_dims 3 axes (10^6 vs 10^3)", "same op at 10^3", t["1e6"], t["1e3"], 1.5))
    a = np.empty((1000, 1000), dtype=object)
    t = best_times({"gt": lambda: big2[:, 5], "np": lambda: a[:, 5]}, rounds, number)
    rows.append(("view x[:, j] at 10^6", "NumPy object", t["gt"], t["np"], None))
    return rows


def creation_rows(rounds: int) -> list[Row]:
    n = 1000
    nested = [[i * n + j for j in range(n)] for i in range(n)]
    t = best_times(
        {"gt": lambda: gt.tensor(nested), "np": lambda: np.array(nested, dtype=object)}, rounds
    )
    rows: list[Row] = [("gt.tensor(nested 1000x1000 ints)", "np.array(dtype=object)", t["gt"], t["np"], 2.0)]
    m = 100
    small = [[i * m + j for j in range(m)] for i in range(m)]
    t = best_times(
        {"gt": lambda: gt.tensor(small), "sympy": lambda: sympy.ImmutableDenseNDimArray(small)},
        max(2, rounds // 2),
    )
    rows.append(("gt.tensor(nested 100x100 ints)", "SymPy ImmutableDenseNDimArray", t["gt"], t["sympy"], None))
    return rows


def materialise_rows(rounds: int) -> list[Row]:
    x = gt.arange(10**6).reshape((1000, 1000))
    a = np.arange(10**6).astype(object).reshape((1000, 1000))
    t = best_times({"gt": lambda: x.T.copy(), "np": lambda: a.T.copy()}, rounds)
    rows: list[Row] = [("x.T.copy() 1000x1000", "NumPy object .T.copy()", t["gt"], t["np"], 2.0)]
    words = np.arange(10**6).reshape((1000, 1000))
    t = best_times({"gt": lambda: x.tolist(), "np": lambda: a.tolist(), "int64": lambda: words.tolist()}, rounds)
    # Packed ints are machine words: reading them out makes 10^6 Python ints, as NumPy int64's tolist() does
    # (the goal); NumPy object arrays hold the ints already and only hand out references (for reference).
    rows.append(("x.tolist() 1000x1000", "NumPy int64 tolist()", t["gt"], t["int64"], 1.2))
    rows.append(("x.tolist() 1000x1000", "NumPy object tolist()", t["gt"], t["np"], None))
    t = best_times({"gt": lambda: x.T.tolist(), "np": lambda: a.T.tolist()}, rounds)
    rows.append(("x.T.tolist() 1000x1000", "NumPy object .T.tolist()", t["gt"], t["np"], None))
    flat = list(range(10**6))
    t = best_times({"gt": lambda: x[::-1, ::2].copy(), "floor": lambda: flat[::-2]}, rounds)
    rows.append(("x[::-1, ::2].copy() (5*10^5)", "one list slice (floor)", t["gt"], t["floor"], None))
    m = 100
    xs = gt.arange(m * m).reshape((m, m))
    s = sympy.ImmutableDenseNDimArray(list(range(m * m)), (m, m))
    t = best_times(
        {"gt": lambda: xs.T.copy(), "sympy": lambda: sympy.permutedims(s, (1, 0))}, max(2, rounds // 2)
    )
    rows.append(("transpose + copy 100x100", "SymPy permutedims", t["gt"], t["sympy"], None))
    return rows


def retained_bytes(build: Callable[[], Any]) -> tuple[int, Any]:
    """Bytes still allocated after ``build()`` returns (its result kept alive)."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    result = build()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return after - before, result


def memory_rows() -> list[tuple[str, str, int, int, "float | None"]]:
    rows = []
    n = 10**6
    ints = list(range(n))
    tensor_bytes, t = retained_bytes(lambda: gt.tensor(ints))
    list_bytes, lst = retained_bytes(lambda: list(ints))
    rows.append(("gt.tensor(list of 10^6 ints): storage", "list(ints)", tensor_bytes, list_bytes, 1.1))
    tensor_bytes, t2 = retained_bytes(lambda: gt.arange(n))
    list_bytes, lst2 = retained_bytes(lambda: list(range(n)))
    rows.append(("gt.arange(10^6) incl. the ints", "list(range(10^6))", tensor_bytes, list_bytes, 1.1))
    x = t2.reshape((1000, 1000))
    view_bytes, views = retained_bytes(lambda: [x.T, x[3], x[:, 4], x[::-1, ::3], gt.diagonal(x)])
    rows.append(("5 views of a 10^6 tensor", "one element slot (8 B) x 10^6", view_bytes, 8 * n, None))
    del t, lst, lst2, views
    return rows


# ---------------------------------------------------------------- report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    args = parser.parse_args(argv)
    rounds = 3 if args.quick else 9

    print(f"gentensor {gt.__version__} core benchmarks ({'quick' if args.quick else 'full'})")
    print(f"Python {platform.python_version()} on {platform.machine()} / {platform.system()}, "
          f"{os.cpu_count()} CPUs; NumPy {np.__version__}, SymPy {sympy.__version__}")
    print()
    rows = view_rows(rounds) + creation_rows(rounds) + materialise_rows(rounds)
    header = f"{'case':44} {'compared with':32} {'gentensor':>10} {'other':>10} {'ratio':>7}  goal"
    print(header)
    print("-" * len(header))
    missed = 0
    for case, other, t_gt, t_other, goal in rows:
        ratio = t_gt / t_other
        verdict = ""
        if goal is not None:
            ok = ratio <= goal
            missed += not ok
            verdict = f"<= {goal:g}  {'met' if ok else 'MISSED'}"
        print(f"{case:44} {other:32} {fmt_time(t_gt):>10} {fmt_time(t_other):>10} {ratio:7.2f}  {verdict}")
    print()
    header = f"{'memory (tracemalloc, retained)':44} {'compared with':32} {'gentensor':>10} {'other':>10} {'ratio':>7}  goal"
    print(header)
    print("-" * len(header))
    for case, other, b_gt, b_other, goal in memory_rows():
        ratio = b_gt / b_other
        verdict = ""
        if goal is not None:
            ok = ratio <= goal
            missed += not ok
            verdict = f"<= {goal:g}  {'met' if ok else 'MISSED'}"
        print(f"{case:44} {other:32} {b_gt / 1e6:8.2f}MB {b_other / 1e6:8.2f}MB {ratio:7.3f}  {verdict}")
    print()
    print("all goals met" if not missed else f"{missed} goal(s) missed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
