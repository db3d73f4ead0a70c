"""Element-wise arithmetic and reductions: gentensor beside the pure-Python floor, NumPy and SymPy.

The floor is ``list(map(operator.add, xs, ys))``: one C call per element,
the least any pure-Python tensor can do.  NumPy object arrays hold the very
same Python ints; SymPy's ``ImmutableDenseNDimArray`` is shown where it has
the operation.

    python benchmarks/bench_elementwise.py           # full run
    python benchmarks/bench_elementwise.py --quick   # fewer rounds
    python benchmarks/bench_elementwise.py --cpu     # CPU time instead of wall time (a busy machine)
"""

from __future__ import annotations

import argparse
import operator
import random

from _common import Case, Contender, report

import numpy as np  # noqa: E402  (after _common puts the in-tree package on the path)
import sympy  # noqa: E402
from sympy.core.cache import clear_cache  # noqa: E402

import gentensor as gt  # noqa: E402

N = 1000  # 1000 x 1000 = 10^6 elements


def random_ints(count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(-(10**6), 10**6) for _ in range(count)]


def cases() -> list[Case]:
    xs, ys = random_ints(N * N, 1), random_ints(N * N, 2)
    a, b = gt.tensor(xs).reshape((N, N)), gt.tensor(ys).reshape((N, N))
    na, nb = np.array(xs, dtype=object).reshape(N, N), np.array(ys, dtype=object).reshape(N, N)
    row, nrow = b[0], nb[0]
    col, ncol = b[:, :1], nb[:, :1]
    assert (a + b).tolist() == (na + nb).tolist()
    assert (a + b.T).tolist() == (na + nb.T).tolist()
    assert (a + row).tolist() == (na + nrow).tolist()
    assert gt.sum(a, axis=0).tolist() == na.sum(axis=0).tolist()
    assert gt.sum(a, axis=1).tolist() == na.sum(axis=1).tolist()

    m = 300
    sym_a = sympy.ImmutableDenseNDimArray([sympy.Integer(v) for v in xs[: m * m]], (m, m))
    sym_b = sympy.ImmutableDenseNDimArray([sympy.Integer(v) for v in ys[: m * m]], (m, m))
    ga, gb = gt.tensor(sym_a), gt.tensor(sym_b)
    np_sa, np_sb = np.array(sym_a.tolist(), dtype=object), np.array(sym_b.tolist(), dtype=object)
    assert ga.ops is gt.symbolic and (ga + gb).tolist() == (sym_a + sym_b).tolist()

    add, mul = operator.add, operator.mul
    return [
        Case(
            "a + b, 10^6 ints (contiguous)",
            [
                Contender("gentensor a + b", lambda: a + b),
                Contender("floor list(map(operator.add, xs, ys))", lambda: list(map(add, xs, ys)), goal=1.15),
                Contender("NumPy object a + b", lambda: na + nb, goal=2.0),
            ],
        ),
        Case(
            "a * b, 10^6 ints (contiguous)",
            [
                Contender("gentensor a * b", lambda: a * b),
                Contender("floor list(map(operator.mul, xs, ys))", lambda: list(map(mul, xs, ys)), goal=1.15),
                Contender("NumPy object a * b", lambda: na * nb, goal=2.0),
            ],
        ),
        Case(
            "a + 7, 10^6 ints (scalar)",
            [
                Contender("gentensor a + 7", lambda: a + 7),
                Contender("NumPy object a + 7", lambda: na + 7),
            ],
        ),
        Case(
            "a + b.T, 1000x1000 ints",
            [
                Contender("gentensor a + b.T", lambda: a + b.T),
                Contender("NumPy object a + b.T", lambda: na + nb.T, goal=2.0),
            ],
        ),
        Case(
            "row broadcast a + b[0], 1000x1000",
            [
                Contender("gentensor a + b[0]", lambda: a + row),
                Contender("NumPy object a + b[0]", lambda: na + nrow, goal=2.0),
            ],
        ),
        Case(
            "column broadcast a + b[:, :1]",
            [
                Contender("gentensor a + b[:, :1]", lambda: a + col),
                Contender("NumPy object a + b[:, :1]", lambda: na + ncol),
            ],
        ),
        Case(
            "sum(axis=0), 1000x1000 ints",
            [
                Contender("gentensor gt.sum(a, axis=0)", lambda: gt.sum(a, axis=0)),
                Contender("NumPy object a.sum(axis=0)", lambda: na.sum(axis=0), goal=2.0),
            ],
        ),
        Case(
            "sum(axis=1), 1000x1000 ints",
            [
                Contender("gentensor gt.sum(a, axis=1)", lambda: gt.sum(a, axis=1)),
                Contender("NumPy object a.sum(axis=1)", lambda: na.sum(axis=1), goal=2.0),
            ],
        ),
        Case(
            "sum(), 10^6 ints",
            [
                Contender("gentensor a.sum()", lambda: a.sum()),
                Contender("NumPy object a.sum()", lambda: na.sum()),
                Contender("Python sum(xs)", lambda: sum(xs)),
            ],
        ),
        Case(
            "a + b, 300x300 SymPy Integers",
            [
                Contender("gentensor a + b (symbolic)", lambda: ga + gb),
                Contender("NumPy object a + b", lambda: np_sa + np_sb),
                Contender("SymPy ImmutableDenseNDimArray a + b", lambda: sym_a + sym_b),
            ],
            before_each=clear_cache,
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds (a smoke test of the benchmark)")
    parser.add_argument("--cpu", action="store_true", help="time with process CPU time (steadier when the machine is busy)")
    args = parser.parse_args()
    met = report(cases(), rounds=3 if args.quick else 9, cpu_time=args.cpu)
    print("every stated goal met" if met else "some goals were MISSED in this run (see the goal column)")


if __name__ == "__main__":
    main()
