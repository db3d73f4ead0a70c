"""Method overhead: a Tensor method or operator against the public function it delegates to, on tiny tensors.

Tensor's methods served by a higher layer (``x.sum()``, ``x + y``,
``repr(x)``) are delegates made from the table in ``gentensor/_methods.py``.
On a 3-element tensor the work is small, so the delegate's own cost shows:
each case times a loop of 2,000 calls of the method and of the function it
calls, interleaved round by round in one process.  The ratio is
``method / function`` (1.00: the delegate costs nothing measurable).  No
FLINT, no conversion: Python ints in list storage and packed.

    python benchmarks/bench_methods.py           # full run
    python benchmarks/bench_methods.py --quick   # fewer rounds
"""

from __future__ import annotations

import argparse
from typing import Any, Callable

from _common import Case, Contender, report

import gentensor as gt
from gentensor.display import tensor_repr

CALLS = 2000


def _loop(f: Callable[[], Any]) -> Callable[[], None]:
    def run() -> None:
        for _ in range(CALLS):
            f()

    return run


def cases() -> list[Case]:
    x, y = gt.tensor([1, 2, 3]), gt.tensor([4, 5, 6])
    q = gt.tensor([[1, 2], [3, 4]])
    pairs = [
        ("x.sum()", lambda: x.sum(), "gt.sum(x)", lambda: gt.sum(x)),
        ("x.max(0)", lambda: x.max(0), "gt.max(x, axis=0)", lambda: gt.max(x, axis=0)),
        ("x + y", lambda: x + y, "gt.add(x, y)", lambda: gt.add(x, y)),
        ("x * 2", lambda: x * 2, "gt.multiply(x, 2)", lambda: gt.multiply(x, 2)),
        ("2 - x (reflected)", lambda: 2 - x, "gt.subtract(2, x)", lambda: gt.subtract(2, x)),
        ("x == y", lambda: x == y, "gt.equal(x, y)", lambda: gt.equal(x, y)),
        ("-x", lambda: -x, "gt.negative(x)", lambda: gt.negative(x)),
        ("q.reshape(4)", lambda: q.reshape(4), "gt.reshape(q, 4)", lambda: gt.reshape(q, 4)),
        ("repr(x)", lambda: repr(x), "tensor_repr(x)", lambda: tensor_repr(x)),
    ]
    return [
        Case(f"{CALLS} x {title}", [Contender(f"method {title}", _loop(m)), Contender(name, _loop(f))])
        for title, m, name, f in pairs
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds (a smoke test of the benchmark)")
    parser.add_argument("--cpu", action="store_true", help="time with process CPU time (steadier when the machine is busy)")
    args = parser.parse_args()
    report(cases(), rounds=3 if args.quick else 15, cpu_time=args.cpu)


if __name__ == "__main__":
    main()
