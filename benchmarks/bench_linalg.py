"""Exact linear algebra benchmarks: gentensor side by side with SymPy, pure Python and FLINT.

Every case runs its contenders in one process, interleaved round by round,
and reports the median time of each.  The ratio column is
``gentensor time / contender time``: below 1 gentensor is faster (0.02 means
50x faster).  Where the project states a goal for a ratio, the goal column
shows it and whether this run met it.

Slow contenders (SymPy ``Matrix.det`` on large or symbolic matrices) are
timed once, in the first round; those that take minutes run once in a child
process with a time limit: when the limit is hit the table shows ``>`` the
limit and the ratio is an upper bound.
SymPy's ``DomainMatrix`` is also timed in a child process with
``SYMPY_GROUND_TYPES=python`` (pure-Python ground types, like gentensor).
The symbolic cases clear SymPy's cache before every timed call.

    python benchmarks/bench_linalg.py                  # full run
    python benchmarks/bench_linalg.py --quick          # fewer rounds, shorter limits
    python benchmarks/bench_linalg.py --only det-int   # cases whose key starts with this
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, NamedTuple, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the in-tree package, also without an install

import sympy  # noqa: E402
from sympy.core.cache import clear_cache  # noqa: E402

import _common  # noqa: E402
import gentensor as gt  # noqa: E402
from _common import fmt_time  # noqa: E402
from gentensor.linalg import _dense, _fast  # noqa: E402

flint = _common.flint_or_none()  # None with GENTENSOR_NO_FLINT=1: the default install against its alternatives


# -- the pure-Python floors --------------------------------------------------------------


def bareiss_floor(rows: list[list[int]]) -> int:
    """A straightforward Bareiss determinant on lists of Python ints (index loops)."""
    M = [row[:] for row in rows]
    n = len(M)
    sign, prev = 1, 1
    for k in range(n - 1):
        if M[k][k] == 0:
            for i in range(k + 1, n):
                if M[i][k] != 0:
                    M[k], M[i] = M[i], M[k]
                    sign = -sign
                    break
            else:
                return 0
        pk = M[k][k]
        for i in range(k + 1, n):
            for j in range(k + 1, n):
                M[i][j] = (M[i][j] * pk - M[i][k] * M[k][j]) // prev
        prev = pk
    return sign * M[n - 1][n - 1] if n else 1


def gauss_fractions_floor(rows: list[list[Fraction]]) -> Fraction:
    """Straightforward Gaussian elimination on Fractions (index loops)."""
    M = [row[:] for row in rows]
    n = len(M)
    det = Fraction(1)
    for k in range(n):
        p = next((i for i in range(k, n) if M[i][k] != 0), None)
        if p is None:
            return Fraction(0)
        if p != k:
            M[k], M[p] = M[p], M[k]
            det = -det
        det *= M[k][k]
        for i in range(k + 1, n):
            f = M[i][k] / M[k][k]
            for j in range(k + 1, n):
                M[i][j] -= f * M[k][j]
    return det


# -- data (seeded, so a child process rebuilds the same matrices) -------------------------


def int_rows(n: int, seed: int = 1) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randint(-99, 99) for _ in range(n)] for _ in range(n)]


def frac_rows(n: int, seed: int = 2) -> list[list[Fraction]]:
    rng = random.Random(seed)
    return [[Fraction(rng.randint(-9, 9), rng.randint(1, 9)) for _ in range(n)] for _ in range(n)]


X = sympy.Symbol("x")


def poly_rows(n: int, seed: int = 3) -> list[list[Any]]:
    rng = random.Random(seed)
    return [[rng.randint(-9, 9) * X ** rng.randint(0, 2) + rng.randint(-9, 9) for _ in range(n)] for _ in range(n)]


def symbol_rows(n: int) -> list[list[Any]]:
    return [[sympy.Symbol(f"a_{i}_{j}") for j in range(n)] for i in range(n)]


def hilbert(n: int) -> list[list[Fraction]]:
    return [[Fraction(1, i + j + 1) for j in range(n)] for i in range(n)]


def small_stack(count: int, n: int, seed: int = 4) -> list[list[list[int]]]:
    rng = random.Random(seed)
    return [[[rng.randint(-9, 9) for _ in range(n)] for _ in range(n)] for _ in range(count)]


# -- cases -------------------------------------------------------------------------------------


class Contender(NamedTuple):
    name: str
    run: Callable[[], Any]
    goal: Optional[float] = None  # the largest acceptable gentensor/contender ratio, if the project sets one
    once: bool = False  # slow: timed in the first round only
    child: bool = False  # very slow: timed once in a child process, under the time limit
    env: Optional[dict[str, str]] = None  # extra environment of the child


class Case(NamedTuple):
    key: str
    title: str
    contenders: list[Contender]  # the first is gentensor
    symbolic: bool = False


def det_int_case(n: int) -> Case:
    rows = int_rows(n)
    t = gt.tensor(rows)
    contenders = [
        Contender("gentensor det (auto)", lambda: gt.linalg.det(t)),
        Contender("pure-Python Bareiss (the floor)", lambda: bareiss_floor(rows), goal=1.2),
        Contender("SymPy Matrix.det()", lambda: sympy.Matrix(rows).det(), goal=0.02, once=True),
    ]
    if flint is not None:
        contenders.insert(1, Contender("gentensor det, generic path", lambda: _without_flint(lambda: gt.linalg.det(t))))
        contenders.append(Contender("flint fmpz_mat.det incl. conversion", lambda: int(flint.fmpz_mat(rows).det()), goal=2.0))
    # What the int-specialised Bareiss copy (linalg/_fast.py) buys over the generic kernel through ops members.
    contenders.append(
        Contender("generic Bareiss kernel via ops (no int copy)", lambda: _dense.det_bareiss([r[:] for r in rows], gt.integers))
    )
    return Case(f"det-int-{n}", f"det, {n}x{n} ints in [-99, 99]", contenders)


def _without_flint(f: Callable[[], Any]) -> Any:
    saved = _fast.flint_module
    _fast.flint_module = lambda: None  # type: ignore[assignment]
    try:
        return f()
    finally:
        _fast.flint_module = saved  # type: ignore[assignment]


def det_rat_case(n: int) -> Case:
    rows = frac_rows(n)
    t = gt.tensor(rows)
    return Case(
        f"det-rat-{n}",
        f"det, {n}x{n} Fractions p/q",
        [
            Contender("gentensor det (auto)", lambda: gt.linalg.det(t)),
            Contender("pure-Python Gauss on Fractions", lambda: gauss_fractions_floor(rows), goal=0.2),
            Contender("SymPy Matrix.det()", lambda: sympy.Matrix(rows).det(), goal=0.02, once=True),
        ],
    )


def _domain_matrix_det(rows: list[list[Any]]) -> Any:
    from sympy.polys.matrices import DomainMatrix

    M = DomainMatrix.from_list_sympy(len(rows), len(rows), rows)
    return M.domain.to_sympy(M.det())


def det_poly_case(n: int) -> Case:
    from sympy.polys.matrices import DomainMatrix

    rows = poly_rows(n)
    t = gt.tensor(rows)
    prebuilt = DomainMatrix.from_list_sympy(n, n, rows)
    return Case(
        f"det-poly-{n}",
        f"det, {n}x{n} a*x**k + b in ZZ[x]",
        [
            Contender("gentensor det (auto)", lambda: gt.linalg.det(t)),
            Contender("SymPy Matrix.det()", lambda: sympy.Matrix(rows).det(), goal=0.02, once=True),
            Contender("DomainMatrix ZZ[x]: convert+det+back", lambda: _domain_matrix_det(rows), goal=2.0),
            Contender("DomainMatrix ZZ[x]: det only", lambda: prebuilt.det()),
        ],
        symbolic=True,
    )


def det_symbols_case(n: int) -> Case:
    rows = symbol_rows(n)
    t = gt.tensor(rows)
    slow = {"once": True} if n <= 5 else {"child": True}  # SymPy needs seconds at n = 5, many minutes at n = 6
    return Case(
        f"det-symbols-{n}",
        f"det, {n}x{n} distinct symbols",
        [
            Contender("gentensor det (auto)", lambda: gt.linalg.det(t)),
            Contender("SymPy Matrix.det()", lambda: sympy.Matrix(rows).det(), goal=1.0, **slow),
        ],
        symbolic=True,
    )


def charpoly_symbols_case(n: int) -> list[Case]:
    """The characteristic polynomial of a matrix of distinct symbols (Berkowitz over ZZ[a_ij]).

    As coefficient expressions (``gt.linalg.charpoly(x)`` against SymPy's
    ``Matrix.charpoly().all_coeffs()``), and as a ``PurePoly`` (SymPy's own
    result type, kept in its polynomial domain; gentensor builds it from the
    coefficient expressions).
    """
    rows = symbol_rows(n)
    t = gt.tensor(rows)
    lam = sympy.Symbol("lambda")
    return [
        Case(f"charpoly-symbols-{n}", f"charpoly, {n}x{n} distinct symbols, coefficients", [
            Contender("gentensor charpoly (coefficients)", lambda: gt.linalg.charpoly(t)),
            Contender("SymPy Matrix.charpoly().all_coeffs()", lambda: sympy.Matrix(rows).charpoly(lam).all_coeffs(), goal=1.0),
        ], symbolic=True),
        Case(f"charpoly-symbols-{n}-poly", f"charpoly, {n}x{n} distinct symbols, PurePoly", [
            Contender("gentensor charpoly(x, lam, poly=True)", lambda: gt.linalg.charpoly(t, lam, poly=True)),
            Contender("SymPy Matrix.charpoly(lam)", lambda: sympy.Matrix(rows).charpoly(lam)),
        ], symbolic=True),
    ]


def inv_int_case(n: int) -> Case:
    rows = int_rows(n, seed=5)
    t = gt.tensor(rows)
    M = sympy.Matrix(rows)
    contenders = [
        Contender("gentensor inv (auto)", lambda: gt.linalg.inv(t)),
        Contender("SymPy Matrix.inv(), prebuilt Matrix", lambda: M.inv(), goal=0.1),
        Contender("SymPy Matrix(rows).inv(), from lists", lambda: sympy.Matrix(rows).inv()),
    ]
    if flint is not None:
        contenders.insert(1, Contender("gentensor inv, generic path", lambda: _without_flint(lambda: gt.linalg.inv(t))))
        contenders.append(Contender("flint fmpq_mat inv incl. conversion", lambda: _flint_inv(rows)))
    return Case(f"inv-int-{n}", f"inv, {n}x{n} ints in [-99, 99]", contenders)


def _flint_inv(rows: list[list[Any]]) -> Any:
    n = len(rows)
    inv = flint.fmpq_mat(flint.fmpz_mat(rows)).inv()
    return [[Fraction(int(inv[i, j].p), int(inv[i, j].q)) for j in range(n)] for i in range(n)]


def inv_hilbert_case(n: int) -> Case:
    rows = hilbert(n)
    t = gt.tensor(rows)
    M = sympy.Matrix(rows)
    contenders = [
        Contender("gentensor inv (auto)", lambda: gt.linalg.inv(t)),
        Contender("SymPy Matrix.inv(), prebuilt Matrix", lambda: M.inv()),
    ]
    if flint is not None:
        contenders.insert(1, Contender("gentensor inv, generic path", lambda: _without_flint(lambda: gt.linalg.inv(t))))
    return Case(f"inv-hilbert-{n}", f"inv, {n}x{n} Hilbert matrix (exact)", contenders)


def det_stack_case(count: int, n: int) -> Case:
    stack = small_stack(count, n)
    t = gt.tensor(stack)
    return Case(
        f"det-stack-{count}",
        f"det of a ({count}, {n}, {n}) int stack",
        [
            Contender("gentensor det (batched)", lambda: gt.linalg.det(t)),
            Contender("pure-Python Bareiss, a loop", lambda: [bareiss_floor(m) for m in stack]),
            Contender("SymPy Matrix.det(), a loop", lambda: [sympy.Matrix(m).det() for m in stack], once=True),
        ],
    )


def domain_matrix_python_case(key: str, title: str, rows: Callable[[], list[list[Any]]]) -> Contender:
    """SymPy DomainMatrix (convert + det + back) with pure-Python ground types, in a child process."""
    return Contender(
        "DomainMatrix, SYMPY_GROUND_TYPES=python",
        lambda: _domain_matrix_det(rows()),
        child=True,
        env={"SYMPY_GROUND_TYPES": "python"},
    )


def all_cases() -> list[Case]:
    cases = [
        det_int_case(80),
        det_rat_case(40),
        det_poly_case(8),
        det_symbols_case(5),
        det_symbols_case(6),
        inv_int_case(20),
        inv_hilbert_case(30),
        det_stack_case(1000, 4),
    ] + charpoly_symbols_case(5)
    # DomainMatrix with pure-Python ground types, next to the in-process contenders.
    extra = {
        "det-int-80": lambda: [[sympy.Integer(v) for v in row] for row in int_rows(80)],
        "det-rat-40": lambda: [[sympy.Rational(v.numerator, v.denominator) for v in row] for row in frac_rows(40)],
        "det-poly-8": lambda: poly_rows(8),
    }
    out = []
    for case in cases:
        if case.key in extra:
            case = case._replace(contenders=case.contenders + [domain_matrix_python_case(case.key, case.title, extra[case.key])])
        out.append(case)
    return out


# -- timing ---------------------------------------------------------------------------------------


def time_once(case: Case, contender: Contender) -> float:
    if case.symbolic:
        clear_cache()
    gc.collect()
    start = time.perf_counter()
    contender.run()
    return time.perf_counter() - start


def time_in_child(case: Case, index: int, limit: float) -> tuple[float, bool]:
    """``(seconds, finished)``: one timed run in a fresh interpreter, killed after ``limit`` seconds."""
    return _common.time_in_child(__file__, [case.key, str(index)], limit, case.contenders[index].env)


def run_case(case: Case, rounds: int, limit: float) -> list[tuple[float, bool]]:
    """The median of ``rounds`` interleaved samples per contender after one untimed call each (``once``: the first
    round only, no untimed call; ``child``: once, apart)."""
    results: list[tuple[float, bool]] = [(float("inf"), True)] * len(case.contenders)
    for index, contender in enumerate(case.contenders):
        if contender.child:
            results[index] = time_in_child(case, index, limit)
    samples: dict[int, list[float]] = {i: [] for i, c in enumerate(case.contenders) if not c.child}
    for contender in case.contenders:  # one untimed call each: one-time costs (lazy imports, self-checks) apart
        if not (contender.child or contender.once):
            time_once(case, contender)
    for round_ in range(rounds):
        for index, contender in enumerate(case.contenders):
            if contender.child or (contender.once and round_):
                continue
            samples[index].append(time_once(case, contender))
    for index, values in samples.items():
        results[index] = (_common.median(values), True)
    return results


def report(cases: list[Case], rounds: int, limit: float) -> bool:
    print(f"{'case':<40} {'contender':<42} {'time':>12}  {'ratio':>8}  goal")
    print("-" * 118)
    all_met = True
    for case in cases:
        results = run_case(case, rounds, limit)
        ours = results[0][0]
        for i, (contender, (t, finished)) in enumerate(zip(case.contenders, results)):
            title = case.title if i == 0 else ""
            shown = fmt_time(t) if finished else ">" + fmt_time(t).strip().rjust(11)
            if i == 0:
                print(f"{title:<40} {contender.name:<42} {shown:>12}")
                continue
            ratio = ours / t
            ratio_text = f"{ratio:8.4f}" if finished else f"<{ratio:7.4f}"
            goal = ""
            if contender.goal is not None:
                met = ratio <= contender.goal
                all_met &= met
                goal = f"<= {contender.goal:g}  {'met' if met else 'MISSED'}"
            print(f"{title:<40} {contender.name:<42} {shown:>12}  {ratio_text}  {goal}")
        sys.stdout.flush()
    return all_met


def child(key: str, index: int) -> None:
    case = next(c for c in all_cases() if c.key == key)
    print(time_once(case, case.contenders[index]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds and a 30 s limit for child-process contenders")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per in-process contender (default 5, quick 2)")
    parser.add_argument("--limit", type=float, default=None, help="seconds allowed to a child-process contender (default 900)")
    parser.add_argument("--only", default="", help="run only the cases whose key starts with this (e.g. det-int)")
    parser.add_argument("--child", nargs=2, metavar=("CASE", "INDEX"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child[0], int(args.child[1]))
        return 0
    rounds = args.rounds or (2 if args.quick else 5)
    limit = args.limit or (30.0 if args.quick else 900.0)
    from sympy.external.gmpy import GROUND_TYPES

    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
        f"SymPy {sympy.__version__} (ground types {GROUND_TYPES}); "
        f"python-flint {'%s' % flint.__version__ if flint else 'not installed or hidden (GENTENSOR_NO_FLINT=1)'}"
    )
    print(f"median of {rounds} interleaved rounds in process; slow contenders once; child-process contenders once, limit {limit:g} s\n")
    cases = [c for c in all_cases() if c.key.startswith(args.only)]
    met = report(cases, rounds, limit)
    print("\nall goals met" if met else "\nsome goals MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
