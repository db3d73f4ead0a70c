"""Exact integer and modular computation: gentensor side by side with FLINT, SymPy, NumPy and the pure-Python floors.

Every case runs its contenders in one process, interleaved round by round,
and reports the median time of each (CPU time of the process by default,
steadier on a shared machine; ``--wall`` for wall-clock time); the ratio
column is ``gentensor time / contender time`` (below 1: gentensor is
faster).  Conversions are counted on both sides: gentensor starts from a
tensor and ends with a tensor of Python numbers; FLINT starts from Python
lists and ends with Python ints (``list(map(int, M.entries()))``), because
that is what a Python user holds before and after.

Run it twice: as is (python-flint installed: gentensor's FLINT kernels
against FLINT), and with ``GENTENSOR_NO_FLINT=1`` (the default install:
gentensor's pure-Python kernels against the pure-Python floors, NumPy and
SymPy; FLINT contenders are then left out).  In the first run, contenders
marked "without FLINT" also run with the pure-Python provider table.

SymPy's ``hermite_normal_form``, ``smith_normal_form`` and ``DomainMatrix``
run once in a child process with ``SYMPY_GROUND_TYPES=python``
(pure-Python integers, like gentensor without FLINT), after an untimed
warm-up call, killed at the time limit: then the table shows ``>`` the
limit and the ratio is an upper bound.  A case may also carry an absolute
budget for gentensor's time.

    python benchmarks/bench_integer.py            # full run
    python benchmarks/bench_integer.py --quick    # fewer rounds, 30 s limit
    python benchmarks/bench_integer.py --only lll # cases whose key starts with this
    GENTENSOR_NO_FLINT=1 python benchmarks/bench_integer.py --quick
"""

from __future__ import annotations

import argparse
import gc
import operator
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
from gentensor.linalg import _charpoly, _fast, _policy, _providers  # noqa: E402

flint = _common.flint_or_none()

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


def pure_path(name: str, run: Callable[[], Any]) -> Contender:
    """gentensor's pure-Python kernels: the default install (in the FLINT run, through the pure provider table)."""
    return Contender(name, run, pure=flint is not None)


def without_flint(contenders: list[Contender], name: str, run: Callable[[], Any]) -> None:
    """Add the pure-Python path as one more contender (the FLINT run only: otherwise it is gentensor itself)."""
    if flint is not None:
        contenders.append(Contender(name, run, pure=True))


def modular_cases(n: int = 80) -> list[Case]:
    rows = [[v % P for v in row] for row in ints(n, n, P, 1)]
    x = gt.tensor(rows, ops=gt.modular(P))
    out = []
    for op in ("det", "inv", "rank"):
        contenders = [Contender(f"gentensor linalg.{op}", lambda op=op: getattr(gt.linalg, op)(x))]
        if flint is not None:
            if op == "inv":
                theirs = lambda: flint_ints(flint.nmod_mat(rows, P).inv())  # noqa: E731
            else:
                theirs = lambda op=op: int(getattr(flint.nmod_mat(rows, P), op)())  # noqa: E731
            contenders.append(Contender(f"flint nmod_mat.{op} incl. conversion", theirs, goal=2.0))
        without_flint(contenders, f"gentensor {op} without FLINT", lambda op=op: getattr(gt.linalg, op)(x))
        out.append(Case(f"modp-{op}", f"modular(2**31-1) {op}, {n}x{n}", contenders))
    return out


def rank_floor(rows: list[list[int]], p: int) -> int:
    """Forward elimination mod p on whole rows, as one writes it (the floor of a pure-Python rank)."""
    M = [r[:] for r in rows]
    m, ncols, rank = len(M), len(M[0]), 0
    for c in range(ncols):
        piv = next((i for i in range(rank, m) if M[i][c]), None)
        if piv is None:
            continue
        M[rank], M[piv] = M[piv], M[rank]
        inv, top = pow(M[rank][c], -1, p), M[rank]
        for i in range(rank + 1, m):
            f = M[i][c] * inv % p
            if f:
                M[i] = [(x - f * y) % p for x, y in zip(M[i], top)]
        rank += 1
    return rank


def modular_floor_cases(n: int = 80, k: int = 120) -> list[Case]:
    """The pure-Python paths mod p against their floors: rank (forward elimination) and @ (one % per dot product)."""
    rows = [[v % P for v in row] for row in ints(n, n, P, 7)]
    rows[-1] = [(2 * a + b) % P for a, b in zip(rows[0], rows[1])]
    x = gt.tensor(rows, ops=gt.modular(P))
    assert gt.linalg.rank(x) == rank_floor(rows, P)
    a, b = ints(k, k, P, 8), ints(k, k, P, 9)
    a, b = [[v % P for v in r] for r in a], [[v % P for v in r] for r in b]
    xa, xb = gt.tensor(a, ops=gt.modular(P)), gt.tensor(b, ops=gt.modular(P))
    columns = [list(col) for col in zip(*b)]

    def floor() -> Any:
        return [[sum(map(operator.mul, row, col)) % P for col in columns] for row in a]

    return [
        Case("floor-rank", f"modular(2**31-1) rank, {n}x{n}, rank {n - 1}, without FLINT", [
            pure_path("gentensor linalg.rank", lambda: gt.linalg.rank(x)),
            Contender("forward elimination on whole rows (floor)", lambda: rank_floor(rows, P), goal=1.0),
        ]),
        Case("floor-matmul", f"modular(2**31-1) @, {k}x{k}, without FLINT", [
            pure_path("gentensor a @ b", lambda: xa @ xb),
            Contender("sum(map(mul, row, col)) % p (floor)", floor, goal=1.1),
        ]),
    ]


def charpoly_cases() -> list[Case]:
    out = []
    for n in (100, 200):
        rows = [[v % P for v in row] for row in ints(n, n, P, 10 + n)]
        x = gt.tensor(rows, ops=gt.modular(P))
        contenders = [pure_path("gentensor charpoly (Hessenberg)", lambda x=x: gt.linalg.charpoly(x))]
        if n == 100:  # the previous kernel: Berkowitz, O(n**4); at 200 it takes 12 s
            contenders.append(Contender("Berkowitz, reduced once per sum (the path before)",
                                        lambda rows=rows: _charpoly.charpoly_berkowitz(rows, _providers.ModularLift(P))))
        if flint is not None:
            contenders.append(Contender("flint nmod_mat.charpoly incl. conversion",
                                        lambda rows=rows: [int(c) for c in flint.nmod_mat(rows, P).charpoly().coeffs()]))
        out.append(Case(f"charpoly-modp-{n}", f"modular(2**31-1) charpoly, {n}x{n}, without FLINT", contenders,
                        budget=3.0 if n == 200 else None))
    return out


def _dm_rref_den(n: int) -> Any:
    from sympy.polys.matrices import DomainMatrix

    rows = _rref_rows(n)
    return DomainMatrix([[sympy.ZZ(v) for v in r] for r in rows], (n, n + 5), sympy.ZZ).rref_den()


def _rref_rows(n: int) -> list[list[int]]:
    rows = ints(n, n + 5, 99, 11)
    rows[-1] = [a + b for a, b in zip(rows[0], rows[1])]
    return rows


def rref_cases(n: int = 60) -> list[Case]:
    rows = _rref_rows(n)
    x = gt.tensor(rows)
    contenders = [pure_path("gentensor linalg.rref", lambda: gt.linalg.rref(x)),
                  Contender("SymPy DomainMatrix(ZZ).rref_den() (python ints)", lambda: _dm_rref_den(n), goal=1.0, child=True,
                            warm=lambda: _dm_rref_den(4))]
    if flint is not None:
        contenders.append(Contender("flint fmpz_mat.rref incl. conversion", lambda: flint.fmpz_mat(rows).rref()))
    return [Case("rref-int", f"rref of {n}x{n + 5} ints in [-99, 99], rank {n - 1}, without FLINT", contenders)]


def _fraction_rows(n: int, seed: int) -> list[list[Fraction]]:
    rng = random.Random(seed)
    return [[Fraction(rng.randint(-9, 9), rng.randint(1, 9)) for _ in range(n)] for _ in range(n)]


def _dm_qq_matmul(n: int) -> Any:
    from sympy.polys.matrices import DomainMatrix

    QQ = sympy.QQ
    a = DomainMatrix([[QQ(v.numerator, v.denominator) for v in r] for r in _fraction_rows(n, 12)], (n, n), QQ)
    b = DomainMatrix([[QQ(v.numerator, v.denominator) for v in r] for r in _fraction_rows(n, 13)], (n, n), QQ)
    return a.matmul(b)


def fraction_matmul_cases(n: int = 100) -> list[Case]:
    a, b = _fraction_rows(n, 12), _fraction_rows(n, 13)
    xa, xb = gt.tensor(a), gt.tensor(b)
    na, nb = numpy.array(a, dtype=object), numpy.array(b, dtype=object)
    contenders = [pure_path("gentensor a @ b", lambda: xa @ xb),
                  Contender("SymPy DomainMatrix(QQ) @ (python ground types)", lambda: _dm_qq_matmul(n), goal=1.0, child=True,
                            warm=lambda: _dm_qq_matmul(4)),
                  Contender("NumPy object a @ b (Fractions)", lambda: na @ nb)]
    if flint is not None:
        contenders.append(Contender("flint fmpq_mat product incl. conversion", lambda: flint.fmpq_mat(
            [[flint.fmpq(v.numerator, v.denominator) for v in r] for r in a]) * flint.fmpq_mat(
            [[flint.fmpq(v.numerator, v.denominator) for v in r] for r in b])))
    return [Case("rat-matmul", f"Fraction @, {n}x{n}, entries p/q with |p|, q <= 9, without FLINT", contenders)]


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
        pure_path("gentensor a @ b (packed int kernel)", lambda: ga @ gb),
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
            pure_path(f"gentensor {ours.__name__}", lambda ours=ours: ours(x)),
            Contender(f"SymPy {oracle.__name__[1:]} (python ints)", lambda oracle=oracle: oracle(n, 100 + n),
                      goal=0.1 if n == 20 else None, child=True, warm=lambda oracle=oracle: oracle(4, 0)),
        ], budget=10.0 if n == 60 else None))
    return out


def _dm_lll(rows: list[list[int]]) -> Any:
    from sympy.polys.matrices import DomainMatrix

    return DomainMatrix([[sympy.ZZ(v) for v in r] for r in rows], (len(rows), len(rows[0])), sympy.ZZ).lll()


def _lll_bases() -> list[tuple[str, str, list[list[int]]]]:
    out = [(f"random{n}", f"random {n}x{n} basis, entries in [-99, 99]", ints(n, n, 99, 40 + n)) for n in (20, 40, 60, 80)]
    out += [(f"knapsack{n}", f"{n}-dim knapsack lattice", knapsack(n)) for n in (30, 60)]
    return out


def lll_cases() -> list[Case]:
    out = []
    for key, title, rows in _lll_bases():
        x = gt.tensor(rows)
        for delta in (Fraction(3, 4), Fraction(99, 100)):
            ours = Contender(f"gentensor lll(delta={delta})", lambda x=x, delta=delta: gt.linalg.lll(x, delta=delta))
            if flint is not None:
                out.append(Case(f"lll-{key}-{delta.denominator}", f"lll, {title}, delta {delta}", [
                    ours,
                    Contender(f"flint fmpz_mat.lll(delta={float(delta)}) incl. conversion",
                              lambda rows=rows, delta=delta: flint_ints(flint.fmpz_mat(rows).lll(delta=float(delta))), goal=1.5),
                ]))
            elif key == "random20":  # the pure kernel against SymPy's (exact, python ints; its knapsack run fails an assertion)
                out.append(Case(f"lll-{key}-{delta.denominator}", f"lll, {title}, delta {delta}, without FLINT", [
                    ours,
                    Contender("SymPy DomainMatrix.lll (python ints)", lambda rows=rows: _dm_lll(rows), child=True,
                              warm=lambda: _dm_lll([[1, 0], [3, 1]])),
                ]))
    return out


def _one_at_a_time(x: gt.Tensor) -> list[Any]:
    """The path before bulk stacks: the matrices cut into rows, one provider call each."""
    from gentensor.linalg._stack import stack_of

    stack = stack_of(x, "det", square=True)
    kernel = _policy.kernel_of(stack.ops, "det")
    return [_policy.det(rows, stack.ops, "auto", kernel) for rows in stack.matrices]


def stacked_cases(count: int = 10**4) -> list[Case]:
    cases = []
    for n in (4, 8):
        rng = random.Random(4)
        stack = [[[rng.randint(-99, 99) for _ in range(n)] for _ in range(n)] for _ in range(count)]
        x = gt.tensor(stack)
        floats = numpy.array(stack, dtype=float)
        assert gt.linalg.det(x).tolist() == _one_at_a_time(x)
        contenders = [
            Contender("gentensor linalg.det (bulk)", lambda x=x: gt.linalg.det(x)),
            Contender("one matrix at a time (the path before)", lambda x=x: _one_at_a_time(x), goal=0.2 if n == 4 else None),
            Contender("NumPy float det (inexact)", lambda floats=floats: numpy.linalg.det(floats)),
        ]
        if flint is not None:
            contenders.append(Contender("loop of flint fmpz_mat(m).det() incl. conversion",
                                        lambda stack=stack: [int(flint.fmpz_mat(m).det()) for m in stack], goal=0.3 if n == 8 else None))
        cases.append(Case(f"stack-det-{n}", f"det of a ({count}, {n}, {n}) int stack", contenders))
    for n in (4, 6):
        rng = random.Random(5)
        small = [m for m in ([[rng.randint(-99, 99) for _ in range(n)] for _ in range(n)] for _ in range(1000))
                 if gt.linalg.det(gt.tensor(m))]
        xs = gt.tensor(small)
        contenders = [Contender("gentensor linalg.inv (bulk)", lambda xs=xs: gt.linalg.inv(xs)),
                      Contender("one matrix at a time", lambda small=small: [_policy.inv([list(r) for r in m], gt.integers) for m in small])]
        cases.append(Case(f"stack-inv-{n}", f"inv of a ({len(small)}, {n}, {n}) int stack", contenders))
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
    without_flint(contenders, "gentensor det_mod without FLINT", lambda: gt.linalg.det_mod(x, P))
    contenders.append(Contender("gentensor det(x) % p", lambda: gt.linalg.det(x) % P))
    return [Case("det-mod", f"det mod 2**31-1, {n}x{n} ints in [-10**6, 10**6]", contenders)]


#: Case builders by the prefix of their keys (a child process builds only the group it needs).
GROUPS: dict[str, Callable[[], list[Case]]] = {
    "modp": modular_cases,
    "floor": modular_floor_cases,
    "charpoly": charpoly_cases,
    "rref": rref_cases,
    "rat-matmul": fraction_matmul_cases,
    "matmul": matmul_case,
    "hnf": normal_form_cases,
    "snf": normal_form_cases,
    "lll": lll_cases,
    "stack": stacked_cases,
    "rat-inv": rational_cases,
    "det-mod": det_mod_cases,
}


def all_cases(only: str = "") -> list[Case]:
    out: list[Case] = []
    built: set[Any] = set()
    for prefix, build in GROUPS.items():
        if build in built or not (prefix.startswith(only) or only.startswith(prefix)):
            continue
        built.add(build)
        out += [c for c in build() if c.key.startswith(only)]
    return out


# -- timing -----------------------------------------------------------------------------------


#: CPU time of this process by default (steadier on a shared machine); ``--wall`` for wall-clock time.
CLOCK: Callable[[], float] = time.process_time


#: A timing shorter than this repeats the call (the mean of the repeats is one sample): timer noise.
MIN_SAMPLE = 0.02


def time_once(contender: Contender, loops: int = 1, collect: bool = True) -> float:
    if collect:
        gc.collect()
    if contender.pure:
        with pure_table():
            return _timed(contender.run, loops)
    return _timed(contender.run, loops)


def _timed(run: Callable[[], Any], loops: int) -> float:
    start = CLOCK()
    for _ in range(loops):
        run()
    return (CLOCK() - start) / loops


def _warm_time(contender: Contender) -> float:
    first = time_once(contender)
    # The second call follows the first at once: collecting garbage in between would cool the caches again, and a
    # cold call's time would make the samples a few calls long, each paying the cold start once more.
    return first if first >= MIN_SAMPLE else time_once(contender, collect=False)


def time_in_child(case: Case, index: int, limit: float) -> tuple[float, bool]:
    args = [case.key, str(index)] + (["--wall"] if CLOCK is time.perf_counter else [])
    return _common.time_in_child(__file__, args, limit, {"SYMPY_GROUND_TYPES": "python"})


def run_case(case: Case, rounds: int, limit: float) -> list[tuple[float, bool]]:
    """The median of ``rounds`` interleaved samples of each in-process contender; child contenders once."""
    results: list[tuple[float, bool]] = [(float("inf"), True)] * len(case.contenders)
    for index, contender in enumerate(case.contenders):
        if contender.child:
            results[index] = time_in_child(case, index, limit)
    # The first call pays one-time costs (imports, caches): the loop counts come from the second.
    loops = {i: max(1, int(MIN_SAMPLE / max(_warm_time(c), 1e-7))) for i, c in enumerate(case.contenders) if not c.child}
    samples: dict[int, list[float]] = {i: [] for i in loops}
    for _ in range(rounds):
        for index, contender in enumerate(case.contenders):
            if not contender.child:
                samples[index].append(time_once(contender, loops[index]))
    for index, values in samples.items():
        results[index] = (_common.median(values), True)
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
    case = next(c for c in all_cases(key) if c.key == key)
    contender = case.contenders[index]
    if contender.warm is not None:
        contender.warm()
    print(time_once(contender))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds and a 30 s limit for child-process contenders")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per in-process contender (default 7, quick 3)")
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
    rounds = args.rounds or (3 if args.quick else 7)
    limit = args.limit or (30.0 if args.quick else 600.0)
    hidden = os.environ.get("GENTENSOR_NO_FLINT", "").strip() not in ("", "0")
    status = "hidden (GENTENSOR_NO_FLINT=1)" if hidden else (flint.__version__ if flint else "not installed")
    print(_common.machine())
    print(f"python-flint {status}")
    clock = "wall-clock" if args.wall else "CPU"
    print(f"median of {rounds} interleaved rounds of {clock} time in process (calls under {MIN_SAMPLE * 1e3:g} ms "
          f"repeated within a sample); SymPy contenders once in a child process (python ints, after a warm-up call), "
          f"limit {limit:g} s\n")
    cases = all_cases(args.only)
    met = report(cases, rounds, limit)
    print("\nall goals met" if met else "\nsome goals MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
