"""Packed storage: gentensor on machine words beside NumPy int64, NumPy object arrays, the list path and FLINT.

NumPy ``int64`` is the machine's limit for element-wise work on values that
fit a word (it wraps around where gentensor proves or computes exactly);
NumPy object arrays and gentensor's own list storage (the same tensor built
with ``Tensor._from_flat``, as every tensor was stored before packing) are
the old way.  FLINT figures include the conversion from Python data unless
the contender's name says "own time".

    python benchmarks/bench_storage.py           # full run (median of 9 rounds)
    python benchmarks/bench_storage.py --quick   # median of 5 rounds
    python benchmarks/bench_storage.py --cpu     # CPU time (steadier on a shared machine)
"""

from __future__ import annotations

import argparse
import gc
import tempfile
import time
import tracemalloc
from concurrent.futures import ThreadPoolExecutor

from _common import Case, Contender, machine, report

import numpy as np  # noqa: E402  (after _common puts the in-tree package on the path)

import gentensor as gt  # noqa: E402
from gentensor.core.tensor import Tensor  # noqa: E402

try:
    import flint  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - the FLINT rows are left out
    flint = None

N = 10**6


def _listed(array: np.ndarray, ops: object = gt.integers) -> Tensor:
    """The same elements in list storage (the path every tensor took before packing)."""
    return Tensor._from_flat(array.reshape(-1).tolist(), array.shape, ops)  # type: ignore[arg-type]


def elementwise_cases() -> list[Case]:
    rng = np.random.default_rng(1)
    A, B = rng.integers(-1000, 1000, N), rng.integers(-1000, 1000, N)
    a, b = gt.tensor(A), gt.tensor(B)
    la, lb = _listed(A), _listed(B)
    oa, ob = A.astype(object), B.astype(object)
    big_a, big_b = rng.integers(-(2**40), 2**40, N), rng.integers(-(2**40), 2**40, N)
    ba, bb = gt.tensor(big_a), gt.tensor(big_b)
    lba, lbb = _listed(big_a), _listed(big_b)
    assert (a + b).tolist() == (A + B).tolist() and (a % 7).tolist() == (A % 7).tolist()
    assert (ba * bb).tolist() == (big_a.astype(object) * big_b.astype(object)).tolist()
    assert gt.sum(a) == int(A.sum()) and gt.cumulative_sum(a).tolist() == np.cumsum(A).tolist()

    def case(title: str, ours, machine_word, goal: float, listed=None, objects=None) -> Case:
        contenders = [Contender("gentensor (packed)", ours), Contender("NumPy int64", machine_word, goal=goal)]
        if listed is not None:
            contenders.append(Contender("gentensor list storage (before)", listed))
        if objects is not None:
            contenders.append(Contender("NumPy object array", objects))
        return Case(title, contenders)

    return [
        case("a + b, 10^6 small ints", lambda: a + b, lambda: A + B, 1.5, lambda: la + lb, lambda: oa + ob),
        case("a * b, 10^6 small ints", lambda: a * b, lambda: A * B, 1.5, lambda: la * lb, lambda: oa * ob),
        case("a % 7, 10^6 small ints", lambda: a % 7, lambda: A % 7, 1.5, lambda: la % 7, lambda: oa % 7),
        case("a > 0, 10^6 small ints", lambda: a > 0, lambda: A > 0, 1.5, lambda: la > 0, lambda: oa > 0),
        case("a * a + 1, 10^6 small ints", lambda: a * a + 1, lambda: A * A + 1, 1.5, lambda: la * la + 1, lambda: oa * oa + 1),
        case("sum, 10^6 small ints", lambda: gt.sum(a), lambda: A.sum(), 2.0, lambda: gt.sum(la), lambda: oa.sum()),
        case("max, 10^6 small ints", lambda: gt.max(a), lambda: A.max(), 2.0, lambda: gt.max(la), lambda: oa.max()),
        case(
            "cumulative_sum, 10^6 small ints",
            lambda: gt.cumulative_sum(a),
            lambda: np.cumsum(A),
            2.0,
            lambda: gt.cumulative_sum(la),
            lambda: np.cumsum(oa),
        ),
        Case(
            "a * b past 2**63 (values ~2**40): exact",
            [
                Contender("gentensor (packed in, exact out)", lambda: ba * bb),
                Contender("gentensor list storage (before)", lambda: lba * lbb, goal=1.0),
                Contender("NumPy object array", lambda: big_a.astype(object) * big_b.astype(object)),
            ],
        ),
    ]


def indexing_cases() -> list[Case]:
    rng = np.random.default_rng(2)
    A, B = rng.integers(-1000, 1000, N), rng.integers(-1000, 1000, N)
    M = A > 0
    I = rng.integers(0, N, N)
    a, b, m, idx = gt.tensor(A), gt.tensor(B), gt.tensor(M), gt.tensor(I)
    la, lm = _listed(A), _listed(M, gt.booleans)
    assert a[m].tolist() == A[M].tolist() and gt.take(a, idx).tolist() == A[I].tolist()
    assert gt.where(m, a, b).tolist() == np.where(M, A, B).tolist()
    assert gt.sort(a).tolist() == np.sort(A).tolist() and gt.unique_values(a).tolist() == np.unique(A).tolist()
    w, W = gt.tensor(A), A.copy()

    def write_gt() -> None:
        w[m] = 0

    def write_np() -> None:
        W[M] = 0

    def case(title: str, ours, machine_word, goal: float, listed=None) -> Case:
        contenders = [Contender("gentensor (packed)", ours), Contender("NumPy int64", machine_word, goal=goal)]
        if listed is not None:
            contenders.append(Contender("gentensor list storage (before)", listed))
        return Case(title, contenders)

    return [
        case("x[mask], 10^6", lambda: a[m], lambda: A[M], 1.5, lambda: la[lm]),
        case("x[mask] = 0, 10^6", write_gt, write_np, 1.5),
        case("take(x, idx), 10^6 indices", lambda: gt.take(a, idx), lambda: A[I], 1.5),
        case("where(mask, a, b), 10^6", lambda: gt.where(m, a, b), lambda: np.where(M, A, B), 1.5),
        case("sort, 10^6", lambda: gt.sort(a), lambda: np.sort(A), 2.0),
        case("unique_values, 10^6", lambda: gt.unique_values(a), lambda: np.unique(A), 2.0),
    ]


def reading_cases(folder: str) -> list[Case]:
    """Reading a CSV of 10^6 small ints: gentensor's reader beside NumPy's C reader and the Python floor."""
    X = np.random.default_rng(4).integers(-1000, 1000, (1000, 1000))
    path = f"{folder}/m.csv"
    np.savetxt(path, X, fmt="%d", delimiter=",")

    def floor() -> list[list[int]]:
        with open(path, encoding="utf-8") as f:
            return [[int(c) for c in line.split(",")] for line in f]

    assert gt.load(path).tolist() == np.loadtxt(path, delimiter=",", dtype=np.int64).tolist() == floor() == X.tolist()
    return [
        Case(
            "read a 1000x1000 CSV of ints",
            [
                Contender("gentensor gt.load", lambda: gt.load(path)),
                Contender("NumPy loadtxt int64", lambda: np.loadtxt(path, delimiter=",", dtype=np.int64)),
                Contender("Python int() per cell", floor),
            ],
        )
    ]


def product_cases() -> list[Case]:
    rng = np.random.default_rng(3)
    A, B = rng.integers(-100, 101, (200, 200)), rng.integers(-100, 101, (200, 200))
    a, b = gt.tensor(A), gt.tensor(B)
    rows_a, rows_b = A.tolist(), B.tolist()
    assert (a @ b).tolist() == (A.astype(object) @ B.astype(object)).tolist()
    p = 2**31 - 1
    M = rng.integers(0, p, (80, 80))
    mp = gt.tensor(M.tolist(), ops=gt.modular(p))
    stack_a, stack_b = rng.integers(-100, 101, (10**4, 4, 4)), rng.integers(-100, 101, (10**4, 4, 4))
    sa, sb = gt.tensor(stack_a), gt.tensor(stack_b)
    cases = [
        Case(
            "a @ b, 200x200 ints in [-100, 100]",
            [
                Contender("gentensor (packed)", lambda: a @ b),
                Contender("NumPy int64 @", lambda: A @ B),
            ]
            + ([Contender("FLINT fmpz_mat (with conversion)", lambda: flint.fmpz_mat(rows_a) * flint.fmpz_mat(rows_b), goal=1.0)] if flint else []),
        ),
        Case(
            "a @ b, (10^4, 4, 4) stacks of ints",
            [
                Contender("gentensor (packed)", lambda: sa @ sb),
                Contender("NumPy int64 @", lambda: stack_a @ stack_b),
            ]
            + (
                [
                    Contender(
                        "FLINT loop (with conversion)",
                        lambda: [flint.fmpz_mat(x) * flint.fmpz_mat(y) for x, y in zip(stack_a.tolist(), stack_b.tolist())],
                        goal=0.2,
                    )
                ]
                if flint
                else []
            ),
        ),
    ]
    if flint:
        own = flint.nmod_mat(M.tolist(), p)
        assert gt.linalg.det(mp) == int(own.det())
        cases.append(
            Case(
                "det mod 2**31-1, 80x80",
                [
                    Contender("gentensor (packed)", lambda: gt.linalg.det(mp)),
                    Contender("FLINT nmod_mat det (own time)", lambda: own.det(), goal=3.0),
                    Contender("FLINT nmod_mat (with conversion)", lambda: flint.nmod_mat(M.tolist(), p).det()),
                ],
            )
        )
        rng = np.random.default_rng(7)
        B = rng.integers(0, p, (200, 200))
        big, theirs = gt.tensor(B, ops=gt.modular(p)), flint.nmod_mat(B.tolist(), p)
        R = rng.integers(0, p, (200, 10))
        right, their_right = gt.tensor(R, ops=gt.modular(p)), flint.nmod_mat(R.tolist(), p)
        assert gt.linalg.rank(big) == theirs.rank() and gt.linalg.inv(big).tolist() == [
            [int(v) for v in theirs.inv().entries()[i * 200 : (i + 1) * 200]] for i in range(200)
        ]
        for name, mine, own_call in (
            ("inv", lambda: gt.linalg.inv(big), lambda: theirs.inv()),
            ("rank", lambda: gt.linalg.rank(big), lambda: theirs.rank()),
            ("rref", lambda: gt.linalg.rref(big), lambda: theirs.rref()),
            ("solve", lambda: gt.linalg.solve(big, right), lambda: theirs.solve(their_right)),
        ):
            cases.append(
                Case(
                    f"{name} mod 2**31-1, 200x200",
                    [
                        Contender("gentensor (packed)", mine),
                        Contender(f"FLINT nmod_mat {name} (own time)", own_call, goal=1.5),
                    ],
                )
            )
        Z = rng.integers(-100, 100, (200, 200))
        z, their_z = gt.tensor(Z), flint.fmpz_mat(Z.tolist())
        assert gt.linalg.det(z) == int(their_z.det()) and gt.linalg.matrix_rank(z) == their_z.rank()
        for name, mine, own_call, converting in (
            ("det", lambda: gt.linalg.det(z), lambda: their_z.det(), lambda: flint.fmpz_mat(Z.tolist()).det()),
            ("rank", lambda: gt.linalg.matrix_rank(z), lambda: their_z.rank(), lambda: flint.fmpz_mat(Z.tolist()).rank()),
        ):
            cases.append(
                Case(
                    f"{name} of 200x200 ints in [-100, 100]",
                    [
                        Contender("gentensor (packed)", mine),
                        Contender(f"FLINT fmpz_mat {name} (own time)", own_call, goal=1.5),
                        Contender("FLINT fmpz_mat (with conversion)", converting),
                    ],
                )
            )
    return cases


def thread_cases() -> list[Case]:
    x = gt.arange(10**7) - 5 * 10**6

    def threads() -> object:
        with gt.parallel("threads", workers=2):
            return x * x + x

    def threads_mod() -> object:
        with gt.parallel("threads", workers=2):
            return x % 7

    source = np.arange(10**7)
    target = np.empty_like(source)
    halves = [slice(0, len(source) // 2), slice(len(source) // 2, None)]
    pool = ThreadPoolExecutor(2)

    def copy_serial() -> None:
        np.copyto(target, source)

    def copy_threads() -> None:
        list(pool.map(lambda part: np.copyto(target[part], source[part]), halves))

    # (checked on a few elements: a 10^7-element list of Python ints would leave the heap fragmented for the timings)
    assert threads()[:3].tolist() == (x * x + x)[:3].tolist() == [v * v + v for v in range(-5 * 10**6, -5 * 10**6 + 3)]
    assert threads_mod()[-3:].tolist() == (x % 7)[-3:].tolist() == [v % 7 for v in range(5 * 10**6 - 3, 5 * 10**6)]
    return [
        Case(
            "a * a + a, 10^7 ints: threads",
            [
                Contender("gentensor threads, 2 workers", threads),
                Contender("gentensor serial", lambda: x * x + x, goal=1 / 1.5),
            ],
        ),
        # The machine's own limit for memory-bound work: NumPy copying 80 MB with one thread and with two.
        Case(
            "NumPy copy of 10^7 int64: threads (the memory bandwidth)",
            [
                Contender("NumPy copyto, 2 threads", copy_threads),
                Contender("NumPy copyto, 1 thread", copy_serial),
            ],
        ),
        # Integer division is compute-bound (a * a + a is memory-bound): the same two threads, for contrast.
        Case(
            "a % 7, 10^7 ints: threads",
            [
                Contender("gentensor threads, 2 workers", threads_mod),
                Contender("gentensor serial", lambda: x % 7, goal=1 / 1.5),
            ],
        ),
    ]


def memory() -> None:
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    x = gt.arange(N)
    y = gt.tensor(np.arange(N))
    z = gt.tensor(list(range(N)))
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    per = (after - before) / (3 * N)
    listed = Tensor._from_flat(list(range(N)), (N,), gt.integers)  # noqa: F841 (measured below)
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    again = Tensor._from_flat(list(range(N)), (N,), gt.integers)
    end = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    print(f"memory: a packed 10^6-int tensor takes {per:.2f} bytes per element (goal <= 9); list storage {(end - start) / N:.1f}")
    del x, y, z, again


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 rounds instead of 9")
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall time")
    args = parser.parse_args()
    rounds = 5 if args.quick else 9
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        cases = elementwise_cases() + indexing_cases() + reading_cases(folder) + product_cases()
        met = report(cases, rounds, cpu_time=args.cpu, median=True)
    # Threads need wall-clock time (CPU time adds up over the workers).
    met &= report(thread_cases(), rounds, cpu_time=False, median=True)
    memory()
    print(f"\n{machine()}; {time.perf_counter() - start:.0f} s in all; goals {'met' if met else 'NOT all met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
