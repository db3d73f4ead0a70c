"""Products and composition benchmarks: gentensor side by side with NumPy object arrays and SymPy.

Every case runs all its contenders in one process, interleaved round by
round (so a busy machine slows them alike), and reports the best time of
each.  The ratio column is ``gentensor time / contender time``: below 1
gentensor is faster.  Where the project states a goal for a ratio, the goal
column shows it and whether this run met it.

SymPy caches the results of building expressions; the symbolic cases clear
that cache before every timed call, for every contender, so no contender
reuses products built by another.

    python benchmarks/bench_products.py           # full run
    python benchmarks/bench_products.py --quick   # fewer rounds
"""

from __future__ import annotations

import argparse
import operator
import random
import sys

from _common import Case, Contender, report

import numpy as np  # noqa: E402  (after _common puts the in-tree package on the path)
import sympy  # noqa: E402
from sympy.core.cache import clear_cache  # noqa: E402

import gentensor as gt  # noqa: E402


# -- the cases ---------------------------------------------------------------------
def triple_loop(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    n, k, m = len(a), len(b), len(b[0])
    out = [[0] * m for _ in range(n)]
    for i in range(n):
        for j in range(m):
            s = 0
            for t in range(k):
                s += a[i][t] * b[t][j]
            out[i][j] = s
    return out


def map_floor(a: list[list[int]], b: list[list[int]]) -> list[list[int]]:
    columns = list(zip(*b))
    return [[sum(map(operator.mul, row, col)) for col in columns] for row in a]


def integer_matmul_case(n: int) -> Case:
    rng = random.Random(1)
    a = [[rng.randint(-1000, 1000) for _ in range(n)] for _ in range(n)]
    b = [[rng.randint(-1000, 1000) for _ in range(n)] for _ in range(n)]
    ga, gb = gt.tensor(a), gt.tensor(b)
    na, nb = np.array(a, dtype=object), np.array(b, dtype=object)
    assert (ga @ gb).tolist() == (na @ nb).tolist() == map_floor(a, b)
    return Case(
        f"int @ {n}x{n}",
        [
            Contender("gentensor a @ b", lambda: ga @ gb),
            Contender("NumPy object a @ b", lambda: na @ nb, goal=1.3),
            Contender("pure Python triple loop", lambda: triple_loop(a, b)),
            Contender("pure Python sum(map(mul)) floor", lambda: map_floor(a, b)),
        ],
    )


def symbolic_matmul_case(n: int) -> Case:
    ga, gb = gt.symbols("a", (n, n)), gt.symbols("b", (n, n))
    sa, sb = sympy.Matrix(ga.tolist()), sympy.Matrix(gb.tolist())
    na, nb = np.array(ga.tolist(), dtype=object), np.array(gb.tolist(), dtype=object)
    arr_a, arr_b = sympy.ImmutableDenseNDimArray(ga.tolist()), sympy.ImmutableDenseNDimArray(gb.tolist())
    assert sympy.Matrix((ga @ gb).tolist()) == sa * sb
    return Case(
        f"symbolic @ {n}x{n}",
        [
            Contender("gentensor a @ b", lambda: ga @ gb),
            Contender("NumPy object a @ b", lambda: na @ nb, goal=0.5),
            Contender("SymPy Matrix a * b", lambda: sa * sb, goal=1.0),
            Contender(
                "SymPy NDimArray product+contraction",
                lambda: sympy.tensorcontraction(sympy.tensorproduct(arr_a, arr_b), (1, 2)),
            ),
        ],
        before_each=clear_cache,
    )


def einsum_case(n: int) -> Case:
    rng = random.Random(2)
    a = [[rng.randint(-1000, 1000) for _ in range(n)] for _ in range(n)]
    b = [[rng.randint(-1000, 1000) for _ in range(n)] for _ in range(n)]
    ga, gb = gt.tensor(a), gt.tensor(b)
    na, nb = np.array(a, dtype=object), np.array(b, dtype=object)
    assert gt.einsum("ij,jk->ik", ga, gb).tolist() == np.einsum("ij,jk->ik", na, nb).tolist()
    return Case(
        f"einsum('ij,jk->ik') int {n}x{n}",
        [
            Contender("gentensor einsum", lambda: gt.einsum("ij,jk->ik", ga, gb)),
            Contender("gentensor matmul", lambda: gt.matmul(ga, gb), goal=1.5),
            Contender("NumPy object einsum", lambda: np.einsum("ij,jk->ik", na, nb)),
        ],
    )


def einsum_chain_case(n: int) -> Case:
    rng = np.random.default_rng(8)
    a, b, c = (rng.integers(-100, 101, (n, n)) for _ in range(3))
    ga, gb, gc = gt.tensor(a), gt.tensor(b), gt.tensor(c)
    oa, ob, oc = a.astype(object), b.astype(object), c.astype(object)
    assert gt.einsum("ij,jk,kl->il", ga, gb, gc).tolist() == (oa @ ob @ oc).tolist()
    return Case(
        f"einsum('ij,jk,kl->il') int {n}x{n}",
        [
            Contender("gentensor einsum", lambda: gt.einsum("ij,jk,kl->il", ga, gb, gc)),
            Contender("NumPy int64 einsum(optimize=True)", lambda: np.einsum("ij,jk,kl->il", a, b, c, optimize=True), goal=1.5),
            Contender("NumPy int64 einsum", lambda: np.einsum("ij,jk,kl->il", a, b, c)),
            Contender("NumPy object einsum(optimize=True)", lambda: np.einsum("ij,jk,kl->il", oa, ob, oc, optimize=True)),
        ],
    )


def tensordot_case() -> Case:
    rng = np.random.default_rng(6)
    a, b = rng.integers(-1000, 1001, (30, 40, 50)), rng.integers(-1000, 1001, (50, 40, 20))
    ga, gb = gt.tensor(a), gt.tensor(b)
    oa, ob = a.astype(object), b.astype(object)
    axes = ([1, 2], [1, 0])
    assert gt.tensordot(ga, gb, axes=axes).tolist() == np.tensordot(oa, ob, axes=axes).tolist()
    return Case(
        "tensordot (30,40,50) x (50,40,20) int over 2 axes",
        [
            Contender("gentensor tensordot", lambda: gt.tensordot(ga, gb, axes=axes)),
            Contender("NumPy int64 tensordot", lambda: np.tensordot(a, b, axes=axes), goal=1.5),
            Contender("NumPy object tensordot", lambda: np.tensordot(oa, ob, axes=axes)),
        ],
    )


def vecdot_case(rows: int, k: int) -> Case:
    rng = np.random.default_rng(7)
    a, b = rng.integers(-1000, 1001, (rows, k)), rng.integers(-1000, 1001, (rows, k))
    ga, gb = gt.tensor(a), gt.tensor(b)
    oa, ob = a.astype(object), b.astype(object)
    assert gt.vecdot(ga, gb).tolist() == (oa * ob).sum(axis=-1).tolist()
    return Case(
        f"vecdot of {rows} pairs of int vectors of length {k}" if rows > 1 else f"vecdot of two int vectors of length {k}",
        [
            Contender("gentensor vecdot", lambda: gt.vecdot(ga, gb)),
            Contender("NumPy int64 vecdot", lambda: np.vecdot(a, b), goal=1.5),
            Contender("NumPy int64 (a * b).sum(-1)", lambda: (a * b).sum(axis=-1)),
            Contender("NumPy object vecdot", lambda: np.vecdot(oa, ob)),
        ],
    )


def ndim_array_case(n: int) -> Case:
    """SymPy's N-dim arrays contract through a full tensor product (n**4 entries), so they get a small size."""
    rng = random.Random(5)
    a = [[rng.randint(-1000, 1000) for _ in range(n)] for _ in range(n)]
    ga = gt.tensor(a)
    arr = sympy.ImmutableDenseNDimArray(a)
    expected = sympy.tensorcontraction(sympy.tensorproduct(arr, arr), (1, 2))
    assert gt.einsum("ij,jk->ik", ga, ga).tolist() == expected.tolist()
    return Case(
        f"einsum('ij,jk->ik') int {n}x{n}",
        [
            Contender("gentensor einsum", lambda: gt.einsum("ij,jk->ik", ga, ga)),
            Contender(
                "SymPy NDimArray product+contraction",
                lambda: sympy.tensorcontraction(sympy.tensorproduct(arr, arr), (1, 2)),
            ),
        ],
    )


def trace_einsum_case(n: int) -> Case:
    rng = random.Random(3)
    a = [[rng.randint(-1000, 1000) for _ in range(n)] for _ in range(n)]
    ga = gt.tensor(a)
    na = np.array(a, dtype=object)
    assert gt.trace(ga) == np.trace(na) == gt.einsum("ii", ga)
    return Case(
        f"trace {n}x{n} int",
        [
            Contender("gentensor trace", lambda: gt.trace(ga)),
            Contender("gentensor einsum('ii')", lambda: gt.einsum("ii", ga)),
            Contender("NumPy object trace", lambda: np.trace(na)),
        ],
    )


def kron_case(n: int) -> Case:
    rng = random.Random(4)
    a = [[rng.randint(-9, 9) for _ in range(n)] for _ in range(n)]
    ga = gt.tensor(a)
    na = np.array(a, dtype=object)
    assert gt.kron(ga, ga).tolist() == np.kron(na, na).tolist()
    return Case(
        f"kron {n}x{n} (x) {n}x{n} int",
        [Contender("gentensor kron", lambda: gt.kron(ga, ga)), Contender("NumPy object kron", lambda: np.kron(na, na))],
    )


def concat_case(n: int, axis: int) -> Case:
    ga = gt.arange(n * n).reshape((n, n))
    gb = gt.arange(n * n).reshape((n, n))
    na = np.array(ga.tolist(), dtype=object)
    nb = np.array(gb.tolist(), dtype=object)
    assert gt.concat([ga, gb], axis=axis).tolist() == np.concatenate([na, nb], axis=axis).tolist()
    return Case(
        f"concat two {n}x{n} int, axis={axis}",
        [
            Contender("gentensor concat", lambda: gt.concat([ga, gb], axis=axis)),
            Contender("NumPy object concatenate", lambda: np.concatenate([na, nb], axis=axis)),
        ],
    )


def concat_views_case(n: int) -> Case:
    ga = gt.arange(n * n).reshape((n, n)).T
    na = np.array(gt.arange(n * n).reshape((n, n)).tolist(), dtype=object).T
    assert gt.concat([ga, ga], axis=1).tolist() == np.concatenate([na, na], axis=1).tolist()
    return Case(
        f"concat two transposed {n}x{n}, axis=1",
        [
            Contender("gentensor concat", lambda: gt.concat([ga, ga], axis=1)),
            Contender("NumPy object concatenate", lambda: np.concatenate([na, na], axis=1)),
        ],
    )


def stack_case(count: int, n: int) -> Case:
    gs = [gt.arange(n * n).reshape((n, n)) for _ in range(count)]
    ns = [np.array(g.tolist(), dtype=object) for g in gs]
    assert gt.stack(gs, axis=-1).tolist() == np.stack(ns, axis=-1).tolist()
    return Case(
        f"stack {count} of {n}x{n} int, axis=-1",
        [
            Contender("gentensor stack", lambda: gt.stack(gs, axis=-1)),
            Contender("NumPy object stack", lambda: np.stack(ns, axis=-1)),
        ],
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds (same sizes, noisier numbers)")
    parser.add_argument("--rounds", type=int, default=None, help="timing rounds per case (default 7, quick 2)")
    args = parser.parse_args(argv)
    rounds = args.rounds or (2 if args.quick else 7)
    print(f"gentensor {gt.__version__} products and composition")
    cases = [
        integer_matmul_case(100),
        symbolic_matmul_case(12),
        einsum_case(60),
        einsum_chain_case(60),
        tensordot_case(),
        vecdot_case(333_333, 3),
        vecdot_case(1, 1_000_000),
        ndim_array_case(12),
        trace_einsum_case(300),
        kron_case(30),
        concat_case(1000, 0),
        concat_case(1000, 1),
        concat_views_case(1000),
        stack_case(100, 100),
    ]
    met = report(cases, rounds)
    print("all stated goals met" if met else "some stated goals were missed (see the goal column)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
