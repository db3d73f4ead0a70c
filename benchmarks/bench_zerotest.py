"""The symbolic zero test and the input limits, side by side with what SymPy does.

Cases:

* deciding a batch of constants (zeros SymPy cannot see, tiny non-zeros,
  ordinary non-zeros): ``gt.symbolic.zero_test`` against ``simplify(e) == 0``
  and ``e.equals(0)`` -- which are faster *and* which are right (the table
  counts wrong answers);
* the rank of a symbolic matrix whose entries obey a hidden relation
  (``sin``/``cos``): ``gt.linalg.rank`` against ``sympy.Matrix.rank``;
* the cost of the limits on the API path: ``gt.tensor`` of 10 000 SymPy
  expressions with the expression checks against the same call without them.

Run ``python benchmarks/bench_zerotest.py`` (``--quick`` for one round).
SymPy's cache is cleared before every timed call.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

import sympy
from sympy.core.cache import clear_cache

from _common import Case, Contender, report

import gentensor as gt  # noqa: E402
from gentensor.ops import _symbolic, _zerotest  # noqa: E402

R = sympy.Rational
X = sympy.Symbol("x")


def constants() -> list[tuple[Any, bool]]:
    """(expression, is it zero) pairs: the issue's zeros, identities, tiny and plain non-zeros."""
    atan_zero = sympy.atan(R(1, 2)) + sympy.atan(R(1, 3)) - sympy.pi / 4
    sin_zero = sympy.sin(sympy.pi / 7) * sympy.sin(2 * sympy.pi / 7) * sympy.sin(3 * sympy.pi / 7) - sympy.sqrt(7) / 8
    return [
        (atan_zero, True),
        (sin_zero, True),
        (4 * sympy.atan(R(1, 5)) - sympy.atan(R(1, 239)) - sympy.pi / 4, True),
        (sympy.sqrt(2) + sympy.sqrt(3) - sympy.sqrt(5 + 2 * sympy.sqrt(6)), True),
        (sympy.log(6) - sympy.log(2) - sympy.log(3), True),
        (sympy.exp(sympy.pi * sympy.sqrt(163)) - 262537412640768744, False),
        (atan_zero + R(1, 10**40), False),
        (sympy.E**sympy.pi - sympy.pi**sympy.E, False),
        (sympy.sqrt(2) - R(14142, 10000), False),
    ]


def _ours(batch: list[tuple[Any, bool]]) -> list[bool | None]:
    _zerotest.clear_cache()
    out = []
    for e, _ in batch:
        v = gt.symbolic.zero_test(e).verdict
        out.append(None if v == "unknown" else v == "zero")
    return out


def _simplify(batch: list[tuple[Any, bool]]) -> list[bool | None]:
    return [sympy.simplify(e) == 0 for e, _ in batch]


def _equals(batch: list[tuple[Any, bool]]) -> list[bool | None]:
    return [e.equals(0) for e, _ in batch]


def wrong(answers: list[bool | None], batch: list[tuple[Any, bool]]) -> int:
    return sum(a is not None and a != truth for a, (_, truth) in zip(answers, batch))


def zero_test_case() -> Case:
    batch = constants()
    for name, f in (("gentensor zero_test", _ours), ("SymPy simplify(e) == 0", _simplify), ("SymPy e.equals(0)", _equals)):
        print(f"{name}: {wrong(f(batch), batch)} wrong answers of {len(batch)}", file=sys.stderr)
    return Case(
        f"zero test, {len(batch)} constants",
        [
            Contender("gentensor zero_test (proven)", lambda: _ours(batch)),
            Contender("SymPy simplify(e) == 0", lambda: _simplify(batch)),
            Contender("SymPy e.equals(0)", lambda: _equals(batch)),
        ],
        before_each=clear_cache,
    )


def trig_rows(n: int, seed: int = 1) -> list[list[Any]]:
    rng = random.Random(seed)
    rows = [[sympy.sin(X) * rng.randint(1, 5) + sympy.cos(X) * rng.randint(-3, 3) + rng.randint(-2, 2) for _ in range(n)] for _ in range(n)]
    rows[-1] = [a + b for a, b in zip(rows[0], rows[1])]  # rank n - 1
    return rows


def rank_case(n: int) -> Case:
    rows = trig_rows(n)
    t = gt.tensor(rows, ops=gt.symbolic)

    def ours() -> Any:
        _zerotest.clear_cache()
        return gt.linalg.rank(t)

    return Case(
        f"rank, {n}x{n} sin/cos entries",
        [
            Contender("gentensor rank (proven pivots)", ours),
            Contender("SymPy Matrix.rank()", lambda: sympy.Matrix(rows).rank()),
        ],
        before_each=clear_cache,
    )


def api_limits_case(count: int) -> Case:
    rng = random.Random(2)
    y = sympy.Symbol("y")
    values = [rng.randint(-9, 9) * X**2 + rng.randint(-9, 9) * y + rng.randint(-9, 9) for _ in range(count)]
    checked = _symbolic.check_expr

    def unchecked() -> Any:
        _symbolic.check_expr = lambda *a, **k: None
        try:
            return gt.tensor(values, ops=gt.symbolic)
        finally:
            _symbolic.check_expr = checked

    return Case(
        f"gt.tensor of {count} SymPy values",
        [
            Contender("gentensor, expression limits checked", lambda: gt.tensor(values, ops=gt.symbolic)),
            Contender("the same without the checks", unchecked),
        ],
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one round (a smoke test)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    rounds = 1 if args.quick else args.rounds
    cases = [zero_test_case(), rank_case(4 if args.quick else 6), api_limits_case(10_000)]
    report(cases, rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
