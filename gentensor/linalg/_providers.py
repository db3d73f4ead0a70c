"""The built-in kernel providers of linear algebra: one table of fast paths, by ops and operation.

Each entry says: for tensors of this ops, this operation runs this kernel
(instead of the generic algorithm of `._policy`, which the ops'
capabilities choose).  Calling conventions (the matrix is a fresh
``list[list]`` the kernel may consume; ``ops`` comes last):

============== ====================================== ==============================
operation      arguments                              returns
============== ====================================== ==============================
det, det.<m>   rows, ops                              the determinant
inv            rows, ops                              rows of the inverse, or None
solve          A rows, B rows, ops                    rows of X, or None
rank           rows, ops                              an int
rref           rows, ops                              (rows, pivot columns)
adjugate       rows, ops                              rows
charpoly       rows, ops                              coefficients, highest first
lu             rows, ops                              (perm, L rows, U rows)
minpoly        rows, ops                              coefficients, highest first
ldl, ldl.<m>   rows, ops                              (perm, L rows, D rows)
orthogonal     rows, ops                              (Q rows, R rows, |q_k|^2 list)
============== ====================================== ==============================

A provider returns ``NotImplemented`` to decline (the generic algorithm then
runs), leaving its inputs unchanged.  ``None`` from inv/solve means singular.

=================== ===========================================================
integers            Bareiss on Python ints; FLINT ``fmpz_mat`` when installed
rationals           rows scaled to integers, the integer kernels, one division
                    (products: rows and columns scaled, one integer product)
symbolic            entries that are SymPy numbers go to the integer/rational
                    kernels; others through SymPy's polynomial domains
modular-prime       Gaussian elimination on raw ints mod p (rank: forward only;
                    charpoly: Hessenberg); products reduced once per dot product
modular-composite   lifted to the integers (never dividing by a zero divisor),
                    reduced mod n at the end; Berkowitz where division-free
=================== ===========================================================
"""

from __future__ import annotations

import math
import operator
from fractions import Fraction
from typing import Any, Optional

from ..ops import (
    BaseOps,
    ElementOps,
    capabilities_of,
    integers,
    rationals,
    register_provider,
    symbolic,
    unregister_provider,
)
from . import _decomp, _eigenspaces, _fast, _symbolic
from ._charpoly import adjugate_berkowitz, charpoly_berkowitz, det_berkowitz
from ._bulk import det_stack_int, det_stack_mod, inv_stack_int, solve_stack_int
from ._products import matmul_mod, matmul_rat
from ._hnf_int import hnf_int, hnf_transform_int, snf_int
from ._dense import identity_rows
from ..compute import matmul_flat_int

__all__ = ["ModularLift", "register_builtin_providers"]


class ModularLift(BaseOps):
    """Ops for the division-free kernels over Z/n at C speed.

    Products stay unreduced Python ints and every ``sum`` reduces mod ``n``;
    Berkowitz and list matrix products only ever multiply inside a sum, so
    each dot product is one ``sum(map(mul, ...))`` plus one ``%``.
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.name = f"lifted modular({n})"
        self.zero = 0
        self.one = 1 % n
        self.mul = operator.mul  # type: ignore[method-assign,assignment]

    def equal(self, a: int, b: int) -> bool:
        return (a - b) % self.n == 0

    def sum(self, values: Any) -> int:
        return sum(values) % self.n

    def neg(self, a: int) -> int:
        return -a % self.n

    def add(self, a: int, b: int) -> int:
        return (a + b) % self.n


# -- integers ------------------------------------------------------------------------


def det_int(rows: list[list[int]], ops: ElementOps | None = None) -> int:
    """Determinant of an int matrix: formulas up to 4x4, FLINT when installed, else Bareiss on ints."""
    if len(rows) <= 4:
        return _fast.det_small(rows)
    flint = _fast.flint_module()
    if flint is not None:
        return _fast.det_int_flint(rows, flint)
    return _fast.det_int(rows)


def _det_int_bareiss(rows: list[list[int]], ops: ElementOps) -> int:
    return _fast.det_int(rows)


def _inv_int_scaled(rows: list[list[int]], scales: Optional[list[int]] = None) -> Optional[list[list[Fraction]]]:
    """Inverse of an int matrix ``B`` times ``diag(scales)`` (``None`` when singular)."""
    n = len(rows)
    flint = _fast.flint_module()
    if flint is not None:
        result = _fast.inv_int_flint(rows, flint)
    else:
        result = _fast.solve_den_int(rows, identity_rows(n, 0, 1))
    if result is None:
        return None
    num, den = result
    if scales is not None:
        num = [[v * s for v, s in zip(row, scales)] for row in num]
    return _fast.fractions_over(num, den)


def _inv_int(rows: list[list[int]], ops: ElementOps) -> Optional[list[list[Fraction]]]:
    return _inv_int_scaled(rows)


def _solve_int(A: list[list[int]], B: list[list[int]], ops: ElementOps) -> Optional[list[list[Fraction]]]:
    result = _fast.solve_den_int([list(row) for row in A], [list(row) for row in B])
    return None if result is None else _fast.fractions_over(*result)


def _solve_den_int(A: list[list[int]], B: list[list[int]], ops: ElementOps) -> Optional[tuple[list[list[int]], int]]:
    return _fast.solve_den_int([list(row) for row in A], [list(row) for row in B])


def _rank_int(rows: list[list[int]], ops: ElementOps) -> int:
    return len(_fast.echelon_int(rows))


def _rref_int(rows: list[list[int]], ops: ElementOps) -> tuple[list[list[Fraction]], list[int]]:
    den, pivots = _fast.rref_den_int(rows)
    return _fast.fractions_over(rows, den), pivots


def adjugate_int(rows: list[list[int]], ops: ElementOps | None = None) -> list[list[int]]:
    """Integer adjugate: ``det * inverse`` by fraction-free solving, Berkowitz when singular."""
    result = _fast.solve_den_int([row[:] for row in rows], identity_rows(len(rows), 0, 1))
    if result is None:
        return adjugate_berkowitz(rows, integers)
    return result[0]


def _charpoly_int(rows: list[list[int]], ops: ElementOps) -> list[int]:
    flint = _fast.flint_module()
    if flint is not None:
        return [int(c) for c in reversed(flint.fmpz_mat(rows).charpoly().coeffs())]
    return charpoly_berkowitz(rows, integers)


# -- rationals: denominators cleared, then the integer kernels ---------------------------------


def _det_rat(rows: list[list[Fraction]], ops: ElementOps) -> Fraction:
    ints, scales = _fast.clear_row_denominators(rows)
    return Fraction(det_int(ints), math.prod(scales))


def _det_rat_bareiss(rows: list[list[Fraction]], ops: ElementOps) -> Fraction:
    ints, scales = _fast.clear_row_denominators(rows)
    return Fraction(_fast.det_int(ints), math.prod(scales))


def _inv_rat(rows: list[list[Fraction]], ops: ElementOps) -> Optional[list[list[Fraction]]]:
    ints, scales = _fast.clear_row_denominators(rows)
    return _inv_int_scaled(ints, scales)


def _solve_rat(A: list[list[Fraction]], B: list[list[Fraction]], ops: ElementOps) -> Optional[list[list[Fraction]]]:
    n = len(A)
    aug, _ = _fast.clear_row_denominators([list(ra) + list(rb) for ra, rb in zip(A, B)])
    return _solve_int([row[:n] for row in aug], [row[n:] for row in aug], ops)


def _rank_rat(rows: list[list[Fraction]], ops: ElementOps) -> int:
    return len(_fast.echelon_int(_fast.clear_row_denominators(rows)[0]))


def _rref_rat(rows: list[list[Fraction]], ops: ElementOps) -> tuple[list[list[Fraction]], list[int]]:
    return _rref_int(_fast.clear_row_denominators(rows)[0], ops)


def _adjugate_rat(rows: list[list[Fraction]], ops: ElementOps) -> list[list[Fraction]]:
    # adj(A) = adj(d*A) / d**(n-1) for the common denominator d.
    d = _fast.common_denominator([v for row in rows for v in row])
    ints = [[(v * d).numerator for v in row] for row in rows]
    scale = d ** (len(rows) - 1)
    return [[Fraction(v, scale) for v in row] for row in adjugate_int(ints)]


def _charpoly_rat(rows: list[list[Fraction]], ops: ElementOps) -> list[Fraction]:
    # A = B / d with B integral: coefficient i of A is that of B over d**i.
    d = _fast.common_denominator([v for row in rows for v in row])
    coeffs = _charpoly_int([[(v * d).numerator for v in row] for row in rows], ops)
    return [Fraction(c, d**i) for i, c in enumerate(coeffs)]


# -- symbolic: numbers go to the number kernels, the rest through SymPy's domains ---------------


def _sym_numbers(rows: list[list[Any]]) -> Optional[tuple[ElementOps, list[list[Any]]]]:
    """``(integers | rationals, rows)`` when every entry is a SymPy Integer/Rational, else ``None``."""
    if not all(getattr(v, "is_Rational", False) for row in rows for v in row):
        return None
    if all(v.is_Integer for row in rows for v in row):
        return integers, [[int(v) for v in row] for row in rows]
    return rationals, [[Fraction(int(v.p), int(v.q)) for v in row] for row in rows]


def _to_sym(rows: list[list[Any]]) -> list[list[Any]]:
    convert = symbolic.convert
    return [[convert(v) for v in row] for row in rows]


def _sym_det(method: str) -> Any:
    def det(rows: list[list[Any]], ops: ElementOps) -> Any:
        from . import _policy  # the policy runs the number kernels (a sibling module)

        numbers = _sym_numbers(rows)
        if numbers is not None:
            nops, nrows = numbers
            if method == "gauss" and not capabilities_of(nops).field:  # Gauss needs the field
                nops, nrows = rationals, [[Fraction(v) for v in row] for row in nrows]
            return symbolic.convert(_policy.det(nrows, nops, method))
        return _symbolic.det_sym(rows, method)

    return det


def _sym_inv(rows: list[list[Any]], ops: ElementOps) -> Any:
    from . import _policy

    numbers = _sym_numbers(rows)
    if numbers is not None:
        out = _policy.inv(numbers[1], numbers[0])
        return None if out is None else _to_sym(out)
    return _symbolic.inv_sym(rows)


def _sym_solve(A: list[list[Any]], B: list[list[Any]], ops: ElementOps) -> Any:
    from . import _policy

    n = len(A)
    numbers = _sym_numbers([list(ra) + list(rb) for ra, rb in zip(A, B)])
    if numbers is not None:
        nops, nrows = numbers
        out = _policy.solve([r[:n] for r in nrows], [r[n:] for r in nrows], nops)
        return None if out is None else _to_sym(out)
    return _symbolic.solve_sym(A, B)


def _sym_rank(rows: list[list[Any]], ops: ElementOps) -> Any:
    from . import _policy

    numbers = _sym_numbers(rows)
    if numbers is not None:
        return _policy.rank(numbers[1], numbers[0])
    return _symbolic.rank_sym(rows)


def _sym_rref(rows: list[list[Any]], ops: ElementOps) -> Any:
    from . import _policy

    numbers = _sym_numbers(rows)
    if numbers is not None:
        out, pivots = _policy.rref(numbers[1], numbers[0])
        return _to_sym(out), pivots
    return _symbolic.rref_sym(rows)


def _sym_lu(rows: list[list[Any]], ops: ElementOps) -> Any:
    if not rows or not rows[0]:
        return NotImplemented
    return _symbolic.lu_sym(rows)


def _sym_adjugate(rows: list[list[Any]], ops: ElementOps) -> Any:
    from . import _policy

    numbers = _sym_numbers(rows)
    if numbers is not None:
        return _to_sym(_policy.adjugate(numbers[1], numbers[0]))
    return _symbolic.adjugate_sym(rows)


def _sym_charpoly(rows: list[list[Any]], ops: ElementOps) -> Any:
    from . import _policy

    numbers = _sym_numbers(rows)
    if numbers is not None:
        return [symbolic.convert(c) for c in _policy.charpoly(numbers[1], numbers[0])]
    return _symbolic.charpoly_sym(rows)


# -- integers mod n ---------------------------------------------------------------------


def _modulus(ops: ElementOps) -> int:
    """n for Z/nZ: the characteristic the ops declares."""
    n = capabilities_of(ops).characteristic
    assert n  # the "modular-*" families are Z/nZ with n >= 2
    return n


def _det_modp(rows: list[list[int]], ops: ElementOps) -> int:
    return _fast.det_modp(rows, _modulus(ops))


def _det_modn_berkowitz(rows: list[list[int]], ops: ElementOps) -> int:
    return det_berkowitz(rows, ModularLift(_modulus(ops)))


def _inv_modp(rows: list[list[int]], ops: ElementOps) -> Optional[list[list[int]]]:
    n = len(rows)
    aug = [row + ident for row, ident in zip(rows, identity_rows(n, 0, 1))]
    pivots = _fast.rref_modp(aug, _modulus(ops))
    if len(pivots) < n or pivots[-1] >= n:
        return None
    return [row[n:] for row in aug]


def _solve_modp(A: list[list[int]], B: list[list[int]], ops: ElementOps) -> Optional[list[list[int]]]:
    n = len(A)
    aug = [list(ra) + list(rb) for ra, rb in zip(A, B)]
    pivots = _fast.rref_modp(aug, _modulus(ops))
    if len(pivots) < n or pivots[n - 1] >= n:
        return None
    return [row[n:] for row in aug]


def _rank_modp(rows: list[list[int]], ops: ElementOps) -> int:
    return _fast.rank_modp(rows, _modulus(ops))


def _rref_modp(rows: list[list[int]], ops: ElementOps) -> tuple[list[list[int]], list[int]]:
    return rows, _fast.rref_modp(rows, _modulus(ops))


def _adjugate_mod(rows: list[list[int]], ops: ElementOps) -> list[list[int]]:
    n = _modulus(ops)
    return [[v % n for v in row] for row in adjugate_int(rows)]


def _adjugate_modp(rows: list[list[int]], ops: ElementOps) -> list[list[int]]:
    """``det(A) * A^-1`` mod p when ``A`` is invertible (two eliminations mod p, FLINT's where it is there);
    the integer adjugate reduced otherwise (its entries grow with the size: 120x120 of 61-bit residues took 26 s)."""
    from . import _policy

    p = _modulus(ops)
    d = _policy.det([list(row) for row in rows], ops)
    if d % p:
        inverse = _policy.inv([list(row) for row in rows], ops)
        if inverse is not None:
            return [[d * v % p for v in row] for row in inverse]
    return _adjugate_mod(rows, ops)


def _charpoly_mod(rows: list[list[int]], ops: ElementOps) -> list[int]:
    return charpoly_berkowitz(rows, ModularLift(_modulus(ops)))


def _charpoly_modp(rows: list[list[int]], ops: ElementOps) -> list[int]:
    return _fast.charpoly_modp(rows, _modulus(ops))


def _det_modn(rows: list[list[int]], ops: ElementOps) -> int:
    return det_int(rows) % _modulus(ops)


def _solve_modn(A: list[list[int]], B: list[list[int]], ops: ElementOps) -> Optional[list[list[int]]]:
    """Solve over Z/n by lifting to the integers: ``det * X`` exactly, then one unit inverse mod n."""
    from ._policy import _unit_inverse

    result = _fast.solve_den_int([list(row) for row in A], [list(row) for row in B])
    if result is None:
        return None
    Y, d = result
    m = _modulus(ops)
    unit = _unit_inverse(d % m, ops, "solve")
    return [[v * unit % m for v in row] for row in Y]


def _inv_modn(rows: list[list[int]], ops: ElementOps) -> Optional[list[list[int]]]:
    from ._policy import _unit_inverse

    result = _fast.solve_den_int(rows, identity_rows(len(rows), 0, 1))
    if result is None:
        return None
    Y, d = result
    m = _modulus(ops)
    unit = _unit_inverse(d % m, ops, "inv")
    return [[v * unit % m for v in row] for row in Y]


def _key(ops: Any) -> Any:
    """A family name as itself, an ops by identity (the registry's own keys)."""
    return ops if isinstance(ops, str) else id(ops)


def register_builtin_providers(*, flint: Optional[bool] = None) -> None:
    """Register every kernel of the table above, then FLINT's (`._flint`) when python-flint is installed.

    Idempotent; run when ``gentensor.linalg`` is imported.  ``flint=False``
    restores the pure-Python table alone (FLINT-only operations are
    unregistered), ``flint=True`` adds FLINT's; tests use both.
    """
    table: list[tuple[Any, str, Any, str, str]] = [
        (integers, "matmul", matmul_flat_int, "product", "dot products of Python ints, packed several to a machine word"),
        (rationals, "matmul", matmul_rat, "product", "rows and columns scaled to ints, one integer product, one division per entry"),
        ("modular-prime", "matmul", matmul_mod, "product", "dot products of ints, one reduction each"),
        ("modular-composite", "matmul", matmul_mod, "product", "dot products of ints, one reduction each"),
        (integers, "det", det_int, "bareiss", "Bareiss on Python ints (FLINT fmpz_mat when installed)"),
        (integers, "det.stack", det_stack_int, "formula", "stacks of n <= 4: formulas over the stack, int64 when proven safe"),
        (integers, "inv.stack", inv_stack_int, "formula", "stacks of n <= 4: adjugate over the stack, one division"),
        (integers, "solve.stack", solve_stack_int, "formula", "stacks of n <= 4: adjugate over the stack, one division"),
        ("modular-prime", "det.stack", det_stack_mod, "formula", "stacks of n <= 4: integer formulas, reduced mod p"),
        ("modular-composite", "det.stack", det_stack_mod, "formula", "stacks of n <= 4: integer formulas, reduced mod n"),
        (integers, "det.stack.words", det_stack_int, "formula", "det.stack read from the packed int64 words"),
        (integers, "inv.stack.words", inv_stack_int, "formula", "inv.stack read from the packed int64 words"),
        ("modular-prime", "det.stack.words", det_stack_mod, "formula", "det.stack read from the packed residues"),
        ("modular-composite", "det.stack.words", det_stack_mod, "formula", "det.stack read from the packed residues"),
        (integers, "det.bareiss", _det_int_bareiss, "bareiss", "Bareiss on Python ints"),
        (integers, "inv", _inv_int, "bareiss", "fraction-free solve on ints (FLINT when installed)"),
        (integers, "solve", _solve_int, "bareiss", "fraction-free solve on ints"),
        (integers, "solve_den", _solve_den_int, "bareiss", "fraction-free solve on ints: (det * X, det)"),
        (integers, "rank", _rank_int, "bareiss", "fraction-free echelon form on ints"),
        (integers, "rref", _rref_int, "bareiss", "fraction-free Gauss-Jordan on ints"),
        (integers, "adjugate", adjugate_int, "bareiss", "det times inverse on ints; Berkowitz when singular"),
        (integers, "charpoly", _charpoly_int, "berkowitz", "Berkowitz on ints (FLINT when installed)"),
        (integers, "hnf", hnf_int, "hnf", "Hermite form modulo the determinant, on ints"),
        (integers, "hnf.transform", hnf_transform_int, "hnf", "Hermite form of [A | I] modulo its determinant, on ints"),
        (integers, "snf", snf_int, "snf", "cyclic test, then alternating Hermite forms modulo the determinant, on ints"),
        (rationals, "det", _det_rat, "bareiss", "rows scaled to ints, then the integer determinant"),
        (rationals, "det.bareiss", _det_rat_bareiss, "bareiss", "rows scaled to ints, Bareiss on ints"),
        (rationals, "inv", _inv_rat, "bareiss", "rows scaled to ints, fraction-free solve"),
        (rationals, "solve", _solve_rat, "bareiss", "rows scaled to ints, fraction-free solve"),
        (rationals, "rank", _rank_rat, "bareiss", "rows scaled to ints, fraction-free echelon form"),
        (rationals, "rref", _rref_rat, "bareiss", "rows scaled to ints, fraction-free Gauss-Jordan"),
        (rationals, "adjugate", _adjugate_rat, "bareiss", "one common denominator, the integer adjugate"),
        (rationals, "charpoly", _charpoly_rat, "berkowitz", "one common denominator, the integer charpoly"),
        (symbolic, "inv", _sym_inv, "bareiss", "SymPy polynomial domains, fraction-free"),
        (symbolic, "solve", _sym_solve, "bareiss", "SymPy polynomial domains, fraction-free"),
        (symbolic, "rank", _sym_rank, "bareiss", "SymPy polynomial domains, fraction-free"),
        (symbolic, "rref", _sym_rref, "bareiss", "SymPy polynomial domains, fraction-free"),
        (symbolic, "lu", _sym_lu, "gauss", "SymPy fraction fields"),
        (symbolic, "adjugate", _sym_adjugate, "berkowitz", "SymPy polynomial domains, division-free"),
        (symbolic, "charpoly", _sym_charpoly, "berkowitz", "SymPy polynomial domains, division-free"),
        (symbolic, "ldl", _decomp.ldl_sym, "ldl", "SymPy fraction fields"),
        (symbolic, "ldl.nopivot", _decomp.ldl_sym_nopivot, "ldl", "SymPy fraction fields"),
        (symbolic, "orthogonal", _decomp.orthogonal_sym, "gram", "SymPy fraction fields, Gram matrix"),
        (symbolic, "minpoly", _eigenspaces.minpoly_sym, "krylov", "SymPy fraction fields"),
        ("modular-prime", "det", _det_modp, "gauss", "Gaussian elimination on ints mod p"),
        ("modular-prime", "det.gauss", _det_modp, "gauss", "Gaussian elimination on ints mod p"),
        ("modular-prime", "det.berkowitz", _det_modn_berkowitz, "berkowitz", "Berkowitz, reduced once per sum"),
        ("modular-prime", "inv", _inv_modp, "gauss", "Gauss-Jordan on ints mod p"),
        ("modular-prime", "solve", _solve_modp, "gauss", "Gauss-Jordan on ints mod p"),
        ("modular-prime", "rank", _rank_modp, "gauss", "forward elimination on ints mod p"),
        ("modular-prime", "rref", _rref_modp, "gauss", "Gauss-Jordan on ints mod p"),
        ("modular-prime", "adjugate", _adjugate_modp, "elimination", "det times inverse mod p; the integer adjugate, reduced, when singular"),
        ("modular-prime", "charpoly", _charpoly_modp, "hessenberg", "Hessenberg reduction and recurrence on ints mod p"),
        ("modular-composite", "det", _det_modn, "bareiss", "lifted to the integers, reduced mod n"),
        ("modular-composite", "det.berkowitz", _det_modn_berkowitz, "berkowitz", "Berkowitz, reduced once per sum"),
        ("modular-composite", "inv", _inv_modn, "bareiss", "lifted to the integers, one unit inverse mod n"),
        ("modular-composite", "solve", _solve_modn, "bareiss", "lifted to the integers, one unit inverse mod n"),
        ("modular-composite", "adjugate", _adjugate_mod, "bareiss", "the integer adjugate, reduced mod n"),
        ("modular-composite", "charpoly", _charpoly_mod, "berkowitz", "Berkowitz, reduced once per sum"),
    ]
    for method in ("auto", "bareiss", "gauss", "berkowitz", "laplace"):
        key = "det" if method == "auto" else f"det.{method}"
        algorithm = "bareiss/laplace by size" if method == "auto" else method
        table.append((symbolic, key, _sym_det(method), algorithm, "SymPy polynomial domains"))
    for ops, operation, function, algorithm, description in table:
        register_provider(ops, operation, function, algorithm=algorithm, description=description)
    from . import _flint  # the FLINT table (python-flint is imported when a kernel first runs)

    if flint is None:
        flint = _fast.flint_available()
    if flint:
        # FLINT runs the same class of algorithm as the kernel it replaces (keep that name for explain),
        # and that kernel stays the fallback when python-flint cannot be used after all.
        pure = {(_key(ops), operation): (function, algorithm) for ops, operation, function, algorithm, _ in table}
        for ops, operation, function, algorithm, description in _flint.TABLE:
            fallback, algorithm = pure.get((_key(ops), operation), (None, algorithm))
            provider = _flint.FlintOr(function, fallback)
            register_provider(ops, operation, provider, algorithm=algorithm, description=description)
    else:
        keys = {(_key(ops), operation) for ops, operation, *_ in table}
        for ops, operation, *_ in _flint.TABLE:
            if (_key(ops), operation) not in keys:
                unregister_provider(ops, operation)
