"""Symbolic matrix algebra benchmarks: gentensor side by side with SymPy's Matrix.

The cases of the "switch from SymPy Matrix" issue: exact eigenvalues, Jordan
forms, LDL/Cholesky/QR of a rational SPD matrix, a 20x20 Jacobian, the
inverse of a 4x4 matrix of symbols -- each for one matrix, and for a stack of
100 matrices against a Python loop over SymPy Matrices -- and eigenvalues of
8x8 integer matrices with irreducible characteristic polynomials (goal
0.5x), of a diagonal matrix of 50 symbols (goal: under 0.1 s), and the
matrix exponential of a 6x6 rational matrix with Jordan blocks (goal 1x).
Every case runs its contenders in one process, interleaved round by round;
SymPy's cache and its root-isolation caches (which ``CRootOf`` keeps across
calls) are cleared before every timed call.  Run with ``GENTENSOR_NO_FLINT=1``
for the figures without python-flint (SymPy keeps its own ground types).  The ratio column is ``gentensor time /
contender time`` (below 1: gentensor is faster); the goals are the project's:
never slower than SymPy for one matrix (ratio <= 1), at least 3x faster for a
stack of 100 (ratio <= 0.33).  The SymPy loops over 100 matrices are timed
once (first round only).

    python benchmarks/bench_symbolic.py            # full run (5 rounds)
    python benchmarks/bench_symbolic.py --quick    # 2 rounds, the stacks once
    python benchmarks/bench_symbolic.py --only qr  # cases whose key starts with this
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the in-tree package, also without an install

import sympy  # noqa: E402
from sympy.core.cache import clear_cache  # noqa: E402

import gentensor as gt  # noqa: E402
from benchmarks._common import fmt_time, machine  # noqa: E402

STACK = 100
SINGLE_GOAL = 1.0
STACK_GOAL = 1 / 3
EIGEN_GOAL = 0.5  # eigenvalues of an irreducible characteristic polynomial: factor once, no re-factoring per root
DIAGONAL_LIMIT = 0.1  # seconds: eigenvalues of a diagonal matrix of 50 symbols


class Contender(NamedTuple):
    name: str
    run: Callable[[], Any]
    goal: float | None = None
    once: bool = False  # time in the first round only (slow loops)


class Case(NamedTuple):
    key: str
    title: str
    contenders: list[Contender]  # the first is gentensor


# -- data -----------------------------------------------------------------------------------


def unimodular(rng: random.Random, n: int) -> sympy.Matrix:
    S = sympy.eye(n)
    for _ in range(3 * n):
        i, j = rng.sample(range(n), 2)
        E = sympy.eye(n)
        E[i, j] = rng.randint(-2, 2)
        S = S * E
    return S


def integer_spectrum(seed: int, n: int = 8) -> list[list[Fraction]]:
    """An n x n rational matrix with integer eigenvalues: S D S^-1 with a rational S."""
    rng = random.Random(seed)
    S = unimodular(rng, n) * sympy.diag(*[sympy.Rational(1, rng.randint(1, 3)) for _ in range(n)])
    A = S * sympy.diag(*[rng.randint(-5, 5) for _ in range(n)]) * S.inv()
    return [[Fraction(int(v.p), int(v.q)) for v in A.row(i)] for i in range(n)]


def defective(seed: int) -> list[list[int]]:
    """A 6x6 integer matrix with Jordan blocks of sizes 3, 2 and 1."""
    rng = random.Random(seed)
    J = sympy.diag(
        sympy.Matrix([[2, 1, 0], [0, 2, 1], [0, 0, 2]]), sympy.Matrix([[-1, 1], [0, -1]]), sympy.Matrix([[5]])
    )
    S = unimodular(rng, 6)
    A = S * J * S.inv()
    return [[int(v) for v in A.row(i)] for i in range(6)]


def defective_rational(seed: int) -> list[list[Fraction]]:
    """A 6x6 rational matrix with Jordan blocks of sizes 3, 2 and 1: S J S^-1 with a rational S."""
    rng = random.Random(seed)
    J = sympy.diag(
        sympy.Matrix([[2, 1, 0], [0, 2, 1], [0, 0, 2]]), sympy.Matrix([[-1, 1], [0, -1]]), sympy.Matrix([[5]])
    )
    S = unimodular(rng, 6) * sympy.diag(*[sympy.Rational(1, rng.randint(1, 3)) for _ in range(6)])
    A = S * J * S.inv()
    return [[Fraction(int(v.p), int(v.q)) for v in A.row(i)] for i in range(6)]


def spd(seed: int, n: int = 12) -> list[list[Fraction]]:
    """A rational symmetric positive definite matrix B^T B + I."""
    rng = random.Random(seed)
    B = sympy.Matrix(n, n, lambda i, j: sympy.Rational(rng.randint(-5, 5), rng.randint(1, 4)))
    A = B.T * B + sympy.eye(n)
    return [[Fraction(int(v.p), int(v.q)) for v in A.row(i)] for i in range(n)]


XS = sympy.symbols("x0:20")


def system(seed: int) -> list[Any]:
    """20 expressions in 20 variables: a few quadratic terms and a trigonometric coupling each."""
    rng = random.Random(seed)
    return [
        sum(rng.randint(-3, 3) * XS[rng.randrange(20)] * XS[rng.randrange(20)] for _ in range(4))
        + sympy.sin(XS[k]) * XS[(k + 1) % 20]
        for k in range(20)
    ]


def irreducible_charpoly(seed: int, n: int = 8) -> list[list[int]]:
    """A random n x n integer matrix (entries -9..9) whose characteristic polynomial is irreducible."""
    rng = random.Random(seed)
    while True:
        rows = [[rng.randint(-9, 9) for _ in range(n)] for _ in range(n)]
        if sympy.Poly(sympy.Matrix(rows).charpoly().as_expr()).is_irreducible:
            return rows


DIAGONAL_SYMBOLS = 50


def symbol_diagonal(n: int = DIAGONAL_SYMBOLS) -> list[list[Any]]:
    xs = sympy.symbols(f"d0:{n}")
    return [[xs[i] if i == j else sympy.S.Zero for j in range(n)] for i in range(n)]


def sym(rows: list[list[Any]]) -> sympy.Matrix:
    return sympy.Matrix([[sympy.sympify(v) for v in row] for row in rows])


# -- the cases ------------------------------------------------------------------------------------


def pair(key: str, title: str, ours: Callable[[], Any], theirs: Callable[[], Any], stacked: bool) -> Case:
    goal = STACK_GOAL if stacked else SINGLE_GOAL
    name = f"SymPy Matrix, a loop over {STACK}" if stacked else "SymPy Matrix"
    return Case(key, title, [Contender("gentensor", ours), Contender(name, theirs, goal=goal, once=stacked)])


def all_cases() -> list[Case]:
    cases = []
    eig = integer_spectrum(1)
    eig_t, eig_m = gt.tensor(eig), sym(eig)
    eigs = [integer_spectrum(s) for s in range(STACK)]
    eigs_t, eigs_m = gt.tensor(eigs), [sym(m) for m in eigs]
    cases += [
        pair("eigenvals-8", "eigenvals, 8x8 rational, integer spectrum", lambda: gt.linalg.eigenvals(eig_t), eig_m.eigenvals, False),
        pair("eigenvals-8-stack", f"eigenvals, {STACK} x 8x8", lambda: gt.linalg.eigenvals(eigs_t), lambda: [m.eigenvals() for m in eigs_m], True),
    ]
    irr = [irreducible_charpoly(seed) for seed in range(3)]
    for k, rows in enumerate(irr):
        t, m = gt.tensor(rows), sym(rows)
        cases.append(
            Case(
                f"eigenvals-8-irreducible-{k}",
                f"eigenvals, 8x8 int, irreducible charpoly #{k}",
                [
                    Contender("gentensor", lambda t=t: gt.linalg.eigenvals(t)),
                    Contender("SymPy Matrix", m.eigenvals, goal=EIGEN_GOAL),
                ],
            )
        )
    diag = symbol_diagonal()
    diag_t, diag_m = gt.tensor(diag), sym(diag)
    cases.append(
        Case(
            "eigenvals-diagonal-symbols",
            f"eigenvals, diagonal of {DIAGONAL_SYMBOLS} symbols",
            [Contender("gentensor", lambda: gt.linalg.eigenvals(diag_t)), Contender("SymPy Matrix", diag_m.eigenvals)],
        )
    )
    jd = defective(2)
    jd_t, jd_m = gt.tensor(jd), sym(jd)
    ex = defective_rational(5)
    ex_t, ex_m = gt.tensor(ex), sym(ex)
    cases.append(
        Case(
            "exp-6",
            "exp, 6x6 rational, Jordan blocks 3, 2, 1",
            [Contender("gentensor", lambda: gt.linalg.matrix_exp(ex_t)), Contender("SymPy Matrix", ex_m.exp, goal=SINGLE_GOAL)],
        )
    )
    jds = [defective(s) for s in range(STACK)]
    jds_t, jds_m = gt.tensor(jds), [sym(m) for m in jds]
    cases += [
        pair("jordan-6", "jordan_form, 6x6 defective integer", lambda: gt.linalg.jordan_form(jd_t), jd_m.jordan_form, False),
        pair("jordan-6-stack", f"jordan_form, {STACK} x 6x6", lambda: gt.linalg.jordan_form(jds_t), lambda: [m.jordan_form() for m in jds_m], True),
    ]
    a = spd(3)
    a_t, a_m = gt.tensor(a), sym(a)
    stack = [spd(s) for s in range(STACK)]
    stack_t, stack_m = gt.tensor(stack), [sym(m) for m in stack]
    for name, ours, theirs in (
        ("ldl", gt.linalg.ldl, lambda m: m.LDLdecomposition()),
        ("cholesky", gt.linalg.cholesky, lambda m: m.cholesky()),
        ("qr", gt.linalg.qr, lambda m: m.QRdecomposition()),
    ):
        cases += [
            pair(f"{name}-12", f"{name}, 12x12 rational SPD", lambda f=ours: f(a_t), lambda g=theirs: g(a_m), False),
            pair(
                f"{name}-12-stack",
                f"{name}, {STACK} x 12x12",
                lambda f=ours: f(stack_t),
                lambda g=theirs: [g(m) for m in stack_m],
                True,
            ),
        ]
    f = system(4)
    fs = [system(s) for s in range(STACK)]
    fs_t = gt.tensor(fs)
    cases += [
        pair("jacobian-20", "jacobian, 20 expressions x 20 vars", lambda: gt.jacobian(f, list(XS)), lambda: sympy.Matrix(f).jacobian(XS), False),
        pair(
            "jacobian-20-stack",
            f"jacobian, {STACK} systems of 20",
            lambda: gt.jacobian(fs_t, list(XS)),
            lambda: [sympy.Matrix(g).jacobian(XS) for g in fs],
            True,
        ),
    ]
    s4 = gt.symbols("a", (4, 4))
    s4_m = sympy.Matrix(s4.tolist())
    ss = gt.symbols("a", (STACK, 4, 4))
    ss_m = [sympy.Matrix(ss[k].tolist()) for k in range(STACK)]
    cases += [
        pair("inv-4-symbols", "inv, 4x4 of distinct symbols", lambda: gt.linalg.inv(s4), s4_m.inv, False),
        pair("inv-4-symbols-stack", f"inv, {STACK} x 4x4 of symbols", lambda: gt.linalg.inv(ss), lambda: [m.inv() for m in ss_m], True),
    ]
    return cases


# -- timing ---------------------------------------------------------------------------------------


def clear_root_caches() -> None:
    """SymPy's root isolation caches (kept across calls by CRootOf): cleared so each call isolates afresh."""
    from sympy.polys import rootoftools

    rootoftools._reals_cache = rootoftools._pure_key_dict()
    rootoftools._complexes_cache = rootoftools._pure_key_dict()


def timed(run: Callable[[], Any]) -> float:
    clear_cache()
    clear_root_caches()
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        run()
        return time.perf_counter() - start
    finally:
        gc.enable()


def report(cases: list[Case], rounds: int) -> bool:
    from sympy.external.gmpy import GROUND_TYPES

    print(machine())
    print(f"SymPy ground types: {GROUND_TYPES}; python-flint: {'yes' if _has_flint() else 'no'}")
    print(f"best of {rounds} interleaved rounds (loops over {STACK} SymPy Matrices: one round); SymPy cache cleared per call")
    print("ratio = gentensor / contender (below 1: gentensor is faster)\n")
    print(f"{'case':<42} {'contender':<34} {'time':>11}  {'ratio':>6}  goal")
    print("-" * 110)
    all_met = True
    for case in cases:
        best = [float("inf")] * len(case.contenders)
        for r in range(rounds):
            for i, c in enumerate(case.contenders):
                if c.once and r:
                    continue
                best[i] = min(best[i], timed(c.run))
        ours = best[0]
        for i, (c, t) in enumerate(zip(case.contenders, best)):
            ratio = "" if i == 0 else f"{ours / t:6.2f}"
            goal = ""
            if c.goal is not None:
                met = ours / t <= c.goal
                all_met &= met
                goal = f"<= {c.goal:.2g} {'met' if met else 'MISSED'}"
            print(f"{case.title if i == 0 else '':<42} {c.name:<34} {fmt_time(t):>11}  {ratio:>6}  {goal}")
        if case.key == "eigenvals-diagonal-symbols":
            met = ours < DIAGONAL_LIMIT
            all_met &= met
            print(f"{'':<42} {'absolute goal':<34} {fmt_time(DIAGONAL_LIMIT):>11}          {'met' if met else 'MISSED'}")
        print()
    return all_met


def _has_flint() -> bool:
    try:
        import flint  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 rounds")
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--only", default=None, help="run the cases whose key starts with this")
    args = parser.parse_args(argv)
    rounds = args.rounds or (2 if args.quick else 5)
    cases = [c for c in all_cases() if args.only is None or c.key.startswith(args.only)]
    met = report(cases, rounds)
    print("every goal met" if met else "some goals missed (see the goal column)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
