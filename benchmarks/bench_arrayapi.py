"""The Array API's sorting, set and statistics functions: gentensor beside Python's own and NumPy object arrays.

Goals (gentensor time / contender time): ``sort`` and ``argsort`` of 10^6
ints within 2x of ``sorted()`` on a list; ``unique_values`` within 2x of
NumPy's ``np.unique`` on an object array of the same ints; ``mean`` of 10^6
ints (an exact Fraction) within 1.5x of ``sum()`` plus one ``Fraction``.

    python benchmarks/bench_arrayapi.py           # full run
    python benchmarks/bench_arrayapi.py --quick   # fewer rounds
    python benchmarks/bench_arrayapi.py --cpu     # CPU time instead of wall time (a busy machine)
"""

from __future__ import annotations

import argparse
import random
from fractions import Fraction

from _common import Case, Contender, report

import numpy as np  # noqa: E402  (after _common puts the in-tree package on the path)

import gentensor as gt  # noqa: E402

N = 10**6


def random_ints(count: int, seed: int, spread: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(-spread, spread) for _ in range(count)]


def cases(n: int = N) -> list[Case]:
    xs = random_ints(n, 1, 10**9)
    few = random_ints(n, 2, 1000)  # many repeats: what unique is for
    x, fx = gt.tensor(xs), gt.tensor(few)
    nx, nfew = np.array(xs, dtype=object), np.array(few, dtype=object)
    positions = range(n)

    # The contenders compute the same thing (checked once, here).
    assert gt.sort(x).tolist() == sorted(xs)
    assert gt.argsort(x).tolist() == sorted(positions, key=xs.__getitem__)
    assert gt.unique_values(fx).tolist() == np.unique(nfew).tolist()
    assert gt.mean(x) == Fraction(sum(xs), n)
    counts = gt.unique_counts(fx)
    values, numpy_counts = np.unique(nfew, return_counts=True)
    assert counts.counts.tolist() == numpy_counts.tolist()

    return [
        Case(
            "sort, 10^6 ints",
            [
                Contender("gentensor gt.sort(x)", lambda: gt.sort(x)),
                Contender("Python sorted(xs)", lambda: sorted(xs), goal=2.0),
                Contender("NumPy object np.sort(a)", lambda: np.sort(nx)),
            ],
        ),
        Case(
            "argsort, 10^6 ints",
            [
                Contender("gentensor gt.argsort(x)", lambda: gt.argsort(x)),
                Contender("Python sorted(xs)", lambda: sorted(xs), goal=2.0),
                Contender("Python sorted(range(n), key=xs[i])", lambda: sorted(positions, key=xs.__getitem__)),
                Contender("NumPy object np.argsort(a, stable)", lambda: np.argsort(nx, kind="stable")),
            ],
        ),
        Case(
            "unique, 10^6 ints in [-1000, 1000)",
            [
                Contender("gentensor gt.unique_values(x)", lambda: gt.unique_values(fx)),
                Contender("NumPy object np.unique(a)", lambda: np.unique(nfew), goal=2.0),
                Contender("Python sorted(set(xs))", lambda: sorted(set(few))),
            ],
        ),
        Case(
            "unique_counts, 10^6 ints in [-1000, 1000)",
            [
                Contender("gentensor gt.unique_counts(x)", lambda: gt.unique_counts(fx)),
                Contender("NumPy object np.unique(counts)", lambda: np.unique(nfew, return_counts=True)),
            ],
        ),
        Case(
            "mean, 10^6 ints (exact Fraction)",
            [
                Contender("gentensor gt.mean(x)", lambda: gt.mean(x)),
                Contender("Python Fraction(sum(xs), n)", lambda: Fraction(sum(xs), n), goal=1.5),
                Contender("NumPy object a.mean() (inexact)", lambda: nx.mean()),
            ],
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
