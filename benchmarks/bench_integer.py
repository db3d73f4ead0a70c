"""Exact integer and modular computation: gentensor side by side with FLINT, SymPy and NumPy.

Every case runs its contenders in one process, interleaved round by round,
and reports the best time of each (CPU time of the process by default,
steadier on a shared machine; ``--wall`` for wall-clock time); the ratio column is ``gentensor time /
contender time`` (below 1: gentensor is faster).  Conversions are counted
on both sides: gentensor starts from a tensor and ends with a tensor of
Python numbers; FLINT starts from Python lists and ends with Python ints
(``list(map(int, M.entries()))``), because that is what a Python user holds
before and after.

Cases marked "without FLINT" run with the pure-Python provider table (as
when python-flint is not installed).  SymPy's ``hermite_normal_form`` and
``smith_normal_form`` run once in a child process with
``SYMPY_GROUND_TYPES=python`` (pure-Python integers, like gentensor without
FLINT), after an untimed warm-up call on a 4x4 matrix, killed at the time limit: then the table shows ``>`` the limit and
the ratio is an upper bound.  A case may also carry an absolute budget for
gentensor's time.

    python benchmarks/bench_integer.py            # full run
    python benchmarks/bench_integer.py --quick    # fewer rounds, 30 s limit
    python benchmarks/bench_integer.py --only hnf # cases whose key starts with this
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

import numpy  # noqa: E402
import sympy  # noqa: E402

import _common  # noqa: E402
import gentensor as gt  # noqa: E402
from _common import fmt_time  # noqa: E402
from gentensor.linalg import _fast, _policy, _providers  # noqa: E402

try:
    import flint  # type: ignore[import-not-found]
except ImportError:
    flint = None

P = 2**31 - 1  # a word-size prime


class Contender(NamedTuple):
    name: str
    run: Callable[[], Any]
    goal: Optional[float] = None  # the largest acceptable gentensor/contender ratio, if the project sets one
    child: bool = False  # timed once in a child process (SYMPY_GROUND_TYPES=python), under the limit
    pure: bool = False  # run with the pure-Python provider table (as without python-flint)
    warm: Optional[Callable[[], Any]] = None  # run first in the child (imports, caches), untimed


class Case(NamedTuple):
    key: str
    title: str
    contenders: list[Contender]  # the first is gentensor
    budget: Optional[float] = None  # seconds gentensor may take at most, if the project sets it


# -- data (seeded, so a child process rebuilds the same matrices) ---------------------------


def ints(m: int, n: int, bound: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randint(-bound, bound) for _ in range(n)] for _ in range(m)]


def knapsack(n: int, seed: int = 30) -> list[list[int]]:
    """The lattice of a subset-sum problem: identity rows with the scaled weights appended."""
    rng = random.Random(seed)
    weights = [rng.randint(1, 2**60) for _ in range(n)]
    return [[int(i == j) for j in range(n)] + [w * 2**20] for i, w in enumerate(weights)]


def flint_ints(mat: Any) -> list[int]:
    return list(map(int, mat.entries()))


class pure_table:
    """The pure-Python provider table and no FLINT inside the int kernels, for one case's contender."""

    def __enter__(self) -> None:
        self.saved = _fast.flint_module
        _fast.flint_module = lambda: None  # type: ignore[assignment]
        _providers.register_builtin_providers(flint=False)

    def __exit__(self, *exc: Any) -> None:
        _fast.flint_module = self.saved  # type: ignore[assignment]
        _providers.register_builtin_providers()


# -- cases ---------------------------------------------------------------------------------


def modular_cases(n: int = 80) -> list[Case]:
    rows = [[v % P for v in row] for row in ints(n, n, P, 1)]
    x = gt.tensor(rows, ops=gt.modular(P))
    out = []
    for op in ("det", "inv", "rank"):
        ours = Contender(f"gentensor linalg.{op}", lambda op=op: getattr(gt.linalg, op)(x))
        contenders = [ours]
        if flint is not None:
            if op == "inv":
                theirs = lambda: flint_ints(flint.nmod_mat(rows, P).inv())  # noqa: E731
            else:
                theirs = lambda op=op: int(getattr(flint.nmod_mat(rows, P), op)())  # noqa: E731
            contenders.append(Contender(f"flint nmod_mat.{op} incl. conversion", theirs, goal=2.0))
        contenders.append(Contender(f"gentensor {op} without FLINT", lambda op=op: getattr(gt.linalg, op)(x), pure=True))
        out.append(Case(f"modp-{op}", f"modular(2**31-1) {op}, {n}x{n}", contenders))
    return out


def matmul_case(n: int = 100) -> list[Case]:
    a, b = ints(n, n, 1000, 2), ints(n, n, 1000, 3)
    ga, gb = gt.tensor(a), gt.tensor(b)
    na, nb = numpy.array(a, dtype=object), numpy.array(b, dtype=object)
    assert (ga @ gb).tolist() == (na @ nb).tolist()
    cases = []
    if flint is not None:
        cases.append(Case("matmul-flint", f"int @ {n}x{n}, entries in [-1000, 1000]", [
            Contender("gentensor a @ b", lambda: ga @ gb),
            Contender("flint fmpz_mat product incl. conversion",
                      lambda: flint_ints(flint.fmpz_mat(a) * flint.fmpz_mat(b)), goal=2.0),
        ]))
    cases.append(Case("matmul-pure", f"int @ {n}x{n} without FLINT", [
        Contender("gentensor a @ b (packed int kernel)", lambda: ga @ gb, pure=True),
        Contender("NumPy object a @ b", lambda: na @ nb, goal=1.3),
    ]))
    return cases


def _sympy_hnf(n: int, seed: int) -> Any:
    from sympy.matrices.normalforms import hermite_normal_form

    return hermite_normal_form(sympy.Matrix(ints(n, n, 99, seed)))


def _sympy_snf(n: int, seed: int) -> Any:
    from sympy.matrices.normalforms import smith_normal_form

    return smith_normal_form(sympy.Matrix(ints(n, n, 99, seed)), domain=sympy.ZZ)


def normal_form_cases() -> list[Case]:
    out = []
    for n in (20, 60):
        out += _normal_form_cases(n)
    return out


def _normal_form_cases(n: int) -> list[Case]:
    rows = ints(n, n, 99, 100 + n)
    x = gt.tensor(rows)
    out = []
    for name, ours, theirs, oracle in (
        ("hnf", gt.linalg.hnf, lambda: flint_ints(flint.fmpz_mat(rows).hnf()), _sympy_hnf),
        ("snf", gt.linalg.elementary_divisors, lambda: flint.fmpz_mat(rows).snf(), _sympy_snf),
    ):
        if flint is not None:
            out.append(Case(f"{name}-flint-{n}", f"{name} {n}x{n}, entries in [-99, 99]", [
                Contender(f"gentensor {ours.__name__}", lambda ours=ours: ours(x)),
                Contender(f"flint fmpz_mat.{name} incl. conversion", theirs, goal=2.0),
            ]))
        out.append(Case(f"{name}-pure-{n}", f"{name} {n}x{n} without FLINT", [
            Contender(f"gentensor {ours.__name__}", lambda ours=ours: ours(x), pure=True),
            Contender(f"SymPy {oracle.__name__[1:]} (python ints)", lambda oracle=oracle: oracle(n, 100 + n),
                      goal=0.1 if n == 20 else None, child=True, warm=lambda oracle=oracle: oracle(4, 0)),
        ], budget=10.0 if n == 60 else None))
    return out


def lll_cases(n: int = 30) -> list[Case]:
    rows = knapsack(n)
    x = gt.tensor(rows)
    out = []
    for delta in (Fraction(3, 4), Fraction(99, 100)):
        contenders = [Contender(f"gentensor lll(delta={delta})", lambda delta=delta: gt.linalg.lll(x, delta=delta))]
        if flint is not None:
            contenders.append(Contender(f"flint fmpz_mat.lll(delta={float(delta)}) incl. conversion",
                                        lambda delta=delta: flint_ints(flint.fmpz_mat(rows).lll(delta=float(delta))), goal=2.0))
        contenders.append(Contender("gentensor lll without FLINT", lambda delta=delta: gt.linalg.lll(x, delta=delta), pure=True))
        out.append(Case(f"lll-{delta.denominator}", f"lll, {n}-dim knapsack lattice, delta {delta}", contenders))
    return out


def _one_at_a_time(x: gt.Tensor) -> list[Any]:
    """The path before bulk stacks: the matrices cut into rows, one provider call each."""
    from gentensor.linalg._stack import stack_of

    stack = stack_of(x, "det", square=True)
    kernel = _policy.kernel_of(stack.ops, "det")
    return [_policy.det(rows, stack.ops, "auto", kernel) for rows in stack.matrices]


def stacked_cases(count: int = 10**4, n: int = 4) -> list[Case]:
    rng = random.Random(4)
    stack = [[[rng.randint(-99, 99) for _ in range(n)] for _ in range(n)] for _ in range(count)]
    x = gt.tensor(stack)
    floats = numpy.array(stack, dtype=float)
    assert gt.linalg.det(x).tolist() == _one_at_a_time(x)
    contenders = [
        Contender("gentensor linalg.det (bulk)", lambda: gt.linalg.det(x)),
        Contender("one matrix at a time (the path before)", lambda: _one_at_a_time(x), goal=0.2),
        Contender("NumPy float det (inexact)", lambda: numpy.linalg.det(floats)),
    ]
    if flint is not None:
        contenders.append(Contender("loop of flint fmpz_mat(m).det()", lambda: [int(flint.fmpz_mat(m).det()) for m in stack]))
    cases = [Case("stack-det", f"det of a ({count}, {n}, {n}) int stack", contenders)]
    cases.append(Case("stack-det-pure", f"det of a ({count}, {n}, {n}) int stack without FLINT", [
        Contender("gentensor linalg.det (bulk)", lambda: gt.linalg.det(x), pure=True),
        Contender("one matrix at a time (the path before)", lambda: _one_at_a_time(x), goal=0.2, pure=True),
    ]))
    small = [m for m in stack[:1000] if gt.linalg.det(gt.tensor(m))]
    xs = gt.tensor(small)
    cases.append(Case("stack-inv", f"inv of a ({len(small)}, {n}, {n}) int stack", [
        Contender("gentensor linalg.inv (bulk)", lambda: gt.linalg.inv(xs)),
        Contender("one matrix at a time", lambda: [_policy.inv([list(r) for r in m], gt.integers) for m in small]),
    ]))
    return cases


def rational_cases(n: int = 10) -> list[Case]:
    rng = random.Random(5)
    rows = [[Fraction(rng.randint(-9, 9), rng.randint(1, 9)) for _ in range(n)] for _ in range(n)]
    x = gt.tensor(rows)
    contenders = [Contender("gentensor linalg.inv", lambda: gt.linalg.inv(x))]
    if flint is not None:
        def theirs() -> Any:
            M = flint.fmpq_mat([[flint.fmpq(v.numerator, v.denominator) for v in row] for row in rows]).inv()
            return [Fraction(int(e.p), int(e.q)) for e in M.entries()]

        contenders.append(Contender("flint fmpq_mat.inv incl. conversion", theirs))
    return [Case("rat-inv", f"rational inv, {n}x{n}", contenders)]


def det_mod_cases(n: int = 80) -> list[Case]:
    rows = ints(n, n, 10**6, 6)
    x = gt.tensor(rows)
    contenders = [Contender("gentensor linalg.det_mod(x, p)", lambda: gt.linalg.det_mod(x, P))]
    if flint is not None:
        contenders.append(Contender("flint nmod_mat.det incl. conversion",
                                    lambda: int(flint.nmod_mat([[v % P for v in r] for r in rows], P).det())))
    contenders.append(Contender("gentensor det_mod without FLINT", lambda: gt.linalg.det_mod(x, P), pure=True))
    contenders.append(Contender("gentensor det(x) % p", lambda: gt.linalg.det(x) % P))
    return [Case("det-mod", f"det mod 2**31-1, {n}x{n} ints in [-10**6, 10**6]", contenders)]


def all_cases() -> list[Case]:
    return (
        modular_cases() + matmul_case() + normal_form_cases() + lll_cases() + stacked_cases()
        + rational_cases() + det_mod_cases()
    )


# -- timing -----------------------------------------------------------------------------------


#: CPU time of this process by default (steadier on a shared machine); ``--wall`` for wall-clock time.
CLOCK: Callable[[], float] = time.process_time


def time_once(contender: Contender) -> float:
    gc.collect()
    if contender.pure:
        with pure_table():
            start = CLOCK()
            contender.run()
            return CLOCK() - start
    start = CLOCK()
    contender.run()
    return CLOCK() - start


def time_in_child(case: Case, index: int, limit: float) -> tuple[float, bool]:
    args = [case.key, str(index)] + (["--wall"] if CLOCK is time.perf_counter else [])
    return _common.time_in_child(__file__, args, limit, {"SYMPY_GROUND_TYPES": "python"})


def run_case(case: Case, rounds: int, limit: float) -> list[tuple[float, bool]]:
    results: list[tuple[float, bool]] = [(float("inf"), True)] * len(case.contenders)
    for index, contender in enumerate(case.contenders):
        if contender.child:
            results[index] = time_in_child(case, index, limit)
    for _ in range(rounds):
        for index, contender in enumerate(case.contenders):
            if not contender.child:
                results[index] = (min(results[index][0], time_once(contender)), True)
    return results


def report(cases: list[Case], rounds: int, limit: float) -> bool:
    print(f"{'case':<46} {'contender':<50} {'time':>12}  {'ratio':>8}  goal")
    print("-" * 132)
    all_met = True
    for case in cases:
        results = run_case(case, rounds, limit)
        ours = results[0][0]
        for i, (contender, (t, finished)) in enumerate(zip(case.contenders, results)):
            title = case.title if i == 0 else ""
            shown = fmt_time(t) if finished else ">" + fmt_time(t).strip().rjust(11)
            if i == 0:
                goal = ""
                if case.budget is not None:
                    met = ours <= case.budget
                    all_met &= met
                    goal = f"          <= {case.budget:g} s  {'met' if met else 'MISSED'}"
                print(f"{title:<46} {contender.name:<50} {shown:>12}{goal}")
                continue
            ratio = ours / t
            ratio_text = f"{ratio:8.3f}" if finished else f"<{ratio:7.3f}"
            goal = ""
            if contender.goal is not None:
                met = ratio <= contender.goal
                all_met &= met
                goal = f"<= {contender.goal:g}  {'met' if met else 'MISSED'}"
            print(f"{title:<46} {contender.name:<50} {shown:>12}  {ratio_text}  {goal}")
        sys.stdout.flush()
    return all_met


def child(key: str, index: int) -> None:
    case = next(c for c in all_cases() if c.key == key)
    contender = case.contenders[index]
    if contender.warm is not None:
        contender.warm()
    print(time_once(contender))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds and a 30 s limit for child-process contenders")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per in-process contender (default 5, quick 2)")
    parser.add_argument("--limit", type=float, default=None, help="seconds allowed to a child-process contender (default 600)")
    parser.add_argument("--only", default="", help="run only the cases whose key starts with this (e.g. hnf)")
    parser.add_argument("--wall", action="store_true", help="time wall-clock instead of this process's CPU time")
    parser.add_argument("--child", nargs=2, metavar=("CASE", "INDEX"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    if args.child:
        child(args.child[0], int(args.child[1]))
        return 0
    rounds = args.rounds or (2 if args.quick else 5)
    limit = args.limit or (30.0 if args.quick else 600.0)
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
        f"NumPy {numpy.__version__}; SymPy {sympy.__version__}; "
        f"python-flint {flint.__version__ if flint else 'not installed'}"
    )
    clock = "wall-clock" if args.wall else "CPU"
    print(f"best of {rounds} rounds of {clock} time in process; SymPy normal forms once in a child process "
          f"(python ints, after a warm-up call), limit {limit:g} s\n")
    cases = [c for c in all_cases() if c.key.startswith(args.only)]
    met = report(cases, rounds, limit)
    print("\nall goals met" if met else "\nsome goals MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
