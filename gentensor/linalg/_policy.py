"""Policy: which algorithm runs for which ring -- one table over capabilities, then the providers.

The public functions hand each matrix here as a fresh ``list[list]`` (the
rows may be consumed) with its ops.  For every operation the choice is made
in two steps:

1. **A kernel provider**, when the ops has one ([`gentensor.provider`][gentensor.ops._providers.provider]):
   the integer Bareiss loop on Python ints (FLINT when installed), rationals
   with denominators cleared, SymPy's polynomial rings for symbolic
   matrices, elimination on raw ints mod p, Z/n lifted to the integers.
   They are registered in `._providers`.
2. Otherwise **the generic algorithm the capabilities call for**, from the
   table below, running on the ops' own arithmetic:

============ ================================================================
inexact field  Gaussian elimination with partial pivoting (``gauss``);
               characteristic polynomials by Hessenberg reduction
field          Gaussian elimination (``gauss``); characteristic polynomials
               by Hessenberg reduction (``hessenberg``, ``O(n**3)``)
domain         fraction-free Bareiss elimination (``bareiss``): an integral
               domain with exact division; quotients go to its
               ``fraction_field`` when it names one
ring           division-free Berkowitz (``berkowitz``): any commutative ring,
               zero divisors included
============ ================================================================

A user ring that declares the capabilities of a built-in therefore runs the
built-in's algorithm; a provider only makes it faster.  Results come back as
plain values; ``None`` means "singular" and the public layer raises with the
caller's name.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional

from ..errors import ArgumentValueError, DomainError, NotDivisibleError, SingularMatrixError
from ..ops import Capabilities, ElementOps, capabilities_of, defines, provider_info
from ._charpoly import adjugate_berkowitz, charpoly_berkowitz, charpoly_hessenberg, det_berkowitz, matmul
from ._dense import (
    det_bareiss,
    det_gauss,
    det_laplace,
    echelon_bareiss,
    identity_rows,
    lu_field,
    rref_den,
    rref_field,
    solve_den,
    solve_field,
)

__all__ = [
    "METHODS",
    "LOOKUP",
    "kernel_of",
    "RING_CLASSES",
    "ring_class",
    "check_commutative",
    "check_method",
    "field_ops",
    "LinalgPlan",
    "plan",
]

METHODS = ("auto", "bareiss", "gauss", "berkowitz", "laplace")

#: The classes of ring the table distinguishes, from the most structure to the least.
RING_CLASSES = ("inexact field", "field", "domain", "ring")

#: operation -> ring class -> the generic algorithm (``None``: the operation needs more structure).
POLICY: dict[str, dict[str, Optional[str]]] = {
    "det": {"inexact field": "gauss", "field": "gauss", "domain": "bareiss", "ring": "berkowitz"},
    "inv": {"inexact field": "gauss", "field": "gauss", "domain": "bareiss", "ring": "berkowitz"},
    "solve": {"inexact field": "gauss", "field": "gauss", "domain": "bareiss", "ring": "berkowitz"},
    "adjugate": {"inexact field": "berkowitz", "field": "berkowitz", "domain": "berkowitz", "ring": "berkowitz"},
    "charpoly": {"inexact field": "hessenberg", "field": "hessenberg", "domain": "berkowitz", "ring": "berkowitz"},
    "rank": {"inexact field": "gauss", "field": "gauss", "domain": "bareiss", "ring": None},
    "rref": {"inexact field": "gauss", "field": "gauss", "domain": "bareiss", "ring": None},
    "lu": {"inexact field": "gauss", "field": "gauss", "domain": "gauss", "ring": None},
}

# One entry point per operation of the table, of the same name (det, inv, solve, ...).
__all__ += list(POLICY)

#: The ``method=`` values of ``det`` that each ring class admits.
_FIT = {
    "inexact field": METHODS,
    "field": METHODS,
    "domain": ("auto", "bareiss", "berkowitz", "laplace"),
    "ring": ("auto", "berkowitz", "laplace"),
}


def ring_class(caps: Capabilities) -> str:
    """The row of the policy table for a ring with these capabilities.

    Examples
    --------
    >>> import gentensor as gt
    >>> [ring_class(o.capabilities) for o in (gt.floats, gt.rationals, gt.integers, gt.modular(6))]
    ['inexact field', 'field', 'domain', 'ring']
    """
    # From the most structure down: Bareiss needs an integral domain with exact division (its
    # divisions are exact only without zero divisors); Berkowitz needs nothing but the ring axioms.
    if caps.field:
        return "field" if caps.exact else "inexact field"
    if caps.integral_domain and caps.exact_division:
        return "domain"
    return "ring"


def check_numbers(ops: ElementOps, func: str, what: str) -> Capabilities:
    """The capabilities of ``ops``; [`DomainError`][gentensor.errors.DomainError] unless its elements are numbers
    (characteristic 0), which ``what`` (an order, a square root, an eigenvalue) needs.

    Residues mod ``n`` and a user ring that does not declare ``characteristic=0`` are refused: their
    representatives as integers would give an answer about other numbers.

    Examples
    --------
    >>> import gentensor as gt
    >>> check_numbers(gt.rationals, "f", "an order").characteristic
    0
    >>> check_numbers(gt.modular(7), "f", "an order")
    Traceback (most recent call last):
    ...
    gentensor.errors.DomainError: f: needs an order, which the elements of modular(7) (characteristic 7) do not have; convert first, e.g. .astype(gt.integers) for their representatives
    """
    caps = capabilities_of(ops)
    if caps.characteristic != 0:
        known = "characteristic unknown: declare characteristic=0 in its capabilities if its elements are numbers" if caps.characteristic is None else f"characteristic {caps.characteristic}"
        raise DomainError(
            f"{func}: needs {what}, which the elements of {ops.name} ({known}) do not have; "
            "convert first, e.g. .astype(gt.integers) for their representatives"
        )
    return caps


def check_commutative(ops: ElementOps, func: str) -> Capabilities:
    """The capabilities of ``ops``; [`DomainError`][gentensor.errors.DomainError] when it is not commutative."""
    caps = capabilities_of(ops)
    if not caps.commutative:
        raise DomainError(
            f"{func}: determinants and elimination need a commutative ring "
            f"(got ops={ops.name} with is_commutative = False)"
        )
    return caps


def check_method(func: str, method: Any, ops: ElementOps) -> None:
    """Refuse an unknown method, or one that cannot work over this ring, before any work."""
    if method not in METHODS:
        valid = ", ".join(repr(m) for m in METHODS)
        raise ArgumentValueError(f"{func}: unknown method (got {method!r}); valid: {valid}")
    cls = ring_class(check_commutative(ops, func))
    fit = _FIT[cls]
    if method in fit:
        return
    if method == "gauss":
        why = f"it divides by pivots and {ops.name} is not a field"
    elif capabilities_of(ops).exact_division:
        why = f"it divides exactly by earlier pivots and {ops.name} has zero divisors"
    else:
        why = f"it needs exact division (exquo) and {ops.name} has none"
    fits = ", ".join(repr(m) for m in fit)
    raise DomainError(
        f"{func}: method {method!r} does not work over {ops.name}: {why} (got method={method!r}); "
        f"methods that fit: {fits}"
    )


def field_ops(ops: ElementOps) -> ElementOps:
    """The ops results of division live in: ``ops`` for a field, else its fraction field (if named)."""
    if capabilities_of(ops).field:
        return ops
    field = getattr(ops, "fraction_field", None)
    return ops if field is None else field


class LinalgPlan(NamedTuple):
    """What runs for one operation over one ops (see [`gentensor.linalg.explain`][gentensor.linalg.explain]).

    ``algorithm`` is what the ring's capabilities call for, or what a
    registered provider runs; ``kernel`` is ``"generic"`` (the algorithm
    through the ops' arithmetic) or the provider's description.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.explain("rank", gt.floats)
    LinalgPlan(operation='rank', ops=floats, algorithm='gauss', kernel='generic')
    """

    operation: str
    ops: ElementOps
    algorithm: str
    kernel: str


def plan(operation: str, ops: ElementOps, method: str = "auto") -> LinalgPlan:
    """The algorithm and kernel for ``operation`` over ``ops`` (``method`` names one for ``det``)."""
    # The same two steps as the operations below: a provider for the key first, then the table.
    key = operation if method == "auto" else f"{operation}.{method}"
    info = provider_info(ops, key)
    caps = check_commutative(ops, operation)
    if method != "auto":
        algorithm = method
    else:
        algorithm = POLICY[operation][ring_class(caps)] or "none"
    if info is not None:
        return LinalgPlan(operation, ops, info.algorithm, info.description or "provider")
    return LinalgPlan(operation, ops, algorithm, "generic")


#: Marks "look the provider up now" (the public functions look it up once per stack and pass it).
LOOKUP: Any = object()


def kernel_of(ops: ElementOps, key: str) -> Optional[Callable[..., Any]]:
    """The provider function registered for ``key`` (``"det"``, ``"det.bareiss"``, ``"inv"``...), or ``None``."""
    info = provider_info(ops, key)
    return None if info is None else info.function


def _provided(ops: ElementOps, key: str, provider: Any, *args: Any) -> Any:
    """The provider's result, or ``NotImplemented`` (no provider, or it declined)."""
    if provider is LOOKUP:
        provider = kernel_of(ops, key)
    if provider is None:
        return NotImplemented
    return provider(*args, ops)


def _pivot_key(caps: Capabilities) -> Optional[Callable[[Any], Any]]:
    """Partial pivoting by magnitude for inexact fields; exact rings take the first non-zero pivot."""
    # In exact arithmetic every non-zero pivot gives the same answer, so the first one is cheapest; in
    # floating point the largest keeps the multipliers at most 1 and the rounding errors bounded.
    return None if caps.exact else abs


def _needs_field(func: str, ops: ElementOps, what: str = "a field or an integral domain with exact division") -> DomainError:
    caps = capabilities_of(ops)
    if caps.exact_division and not caps.integral_domain:
        hint = f"{ops.name} has zero divisors; use a prime modulus"
    else:
        hint = "convert the tensor first, e.g. .astype(gt.rationals) or .astype(gt.symbolic)"
    return DomainError(f"{func}: needs {what} (got ops={ops.name}); {hint}")


def _over(ops: ElementOps, num: list[list[Any]], den: Any, func: str, singular_hint: str) -> list[list[Any]]:
    """``num / den`` entry by entry: in the fraction field when ``ops`` names one, else by ``exquo``."""
    field = getattr(ops, "fraction_field", None)
    if field is not None and not capabilities_of(ops).field:
        to_fraction = ops.to_fraction  # type: ignore[attr-defined]
        return [[to_fraction(v, den) for v in row] for row in num]
    # No fraction field: the result must lie in the ring itself, so each division must be exact.
    try:
        return [[ops.exquo(v, den) for v in row] for row in num]
    except NotDivisibleError:
        raise NotDivisibleError(
            f"{func}: {singular_hint} over {ops.name}: the division by {ops.format(den)} "
            f"is not exact (got a determinant of {ops.format(den)} up to sign)"
        ) from None


def _unit_inverse(d: Any, ops: ElementOps, func: str) -> Any:
    """``1 / d`` in a ring where ``d`` may fail to be a unit (``SingularMatrixError`` then)."""
    try:
        return ops.div(ops.one, d)
    except (NotDivisibleError, ZeroDivisionError):
        raise SingularMatrixError(
            f"{func}: the matrix is not invertible over {ops.name}: its determinant is not a unit "
            f"(got det = {ops.format(d)})"
        ) from None
    except DomainError:
        raise DomainError(
            f"{func}: needs division, and {ops.name} has neither exact division nor field division "
            f"(got ops={ops.name}); define exquo (has_exquo = True) or div (is_field = True) on the ops"
        ) from None


# -- the operations ------------------------------------------------------------------


def det(rows: list[list[Any]], ops: ElementOps, method: str = "auto", provider: Any = LOOKUP) -> Any:
    """Determinant of one square matrix (rows consumed); ``method`` checked by `check_method`."""
    if not rows:
        return ops.one  # the empty product: det of the 0 x 0 matrix
    if provider is LOOKUP:
        provider = kernel_of(ops, "det" if method == "auto" else f"det.{method}")
    if provider is not None:  # the hot path of stacked determinants: no more calls than needed
        found = provider(rows, ops)
        if found is not NotImplemented:
            return found
    caps = capabilities_of(ops)
    if method == "auto":
        method = POLICY["det"][ring_class(caps)] or "berkowitz"
    if method == "bareiss":
        return det_bareiss(rows, ops)
    if method == "gauss":
        return det_gauss(rows, ops, _pivot_key(caps))
    if method == "laplace":
        return det_laplace(rows, ops)
    return det_berkowitz(rows, ops)


def inv(
    rows: list[list[Any]], ops: ElementOps, func: str = "inv", provider: Any = LOOKUP
) -> Optional[list[list[Any]]]:
    """Inverse of one square matrix in ``field_ops(ops)``; ``None`` when singular."""
    if not rows:
        return []
    found = _provided(ops, "inv", provider, rows)
    if found is not NotImplemented:
        return found  # type: ignore[no-any-return]
    # A^-1 is the solution of A X = I.  Over a domain without a fraction field X = adj(A) / det(A) must
    # lie in the ring, so an exact division fails exactly when det(A) is not a unit (no inverse there).
    try:
        return solve(rows, identity_rows(len(rows), ops.zero, ops.one), ops, func)
    except NotDivisibleError:
        raise SingularMatrixError(
            f"{func}: the matrix is not invertible over {ops.name}: its determinant is not a unit"
        ) from None


#: The ring classes whose elimination divides by pivots.
_FIELDS = ("field", "inexact field")


def _class_and_pivots(ops: ElementOps) -> tuple[str, Any]:
    """The ring class of ``ops`` and, for a field, how pivots are chosen (`_pivot_key`)."""
    caps = capabilities_of(ops)
    cls = ring_class(caps)
    return cls, (_pivot_key(caps) if cls in _FIELDS else None)


def solve(
    A: list[list[Any]], B: list[list[Any]], ops: ElementOps, func: str = "solve", provider: Any = LOOKUP
) -> Optional[list[list[Any]]]:
    """``X`` with ``A @ X == B`` for one square ``A``, in ``field_ops(ops)``; ``None`` when singular."""
    if not A:
        return [list(row) for row in B]
    found = _provided(ops, "solve", provider, A, B)
    if found is not NotImplemented:
        return found  # type: ignore[no-any-return]
    cls, key = _class_and_pivots(ops)
    if cls in _FIELDS:
        return solve_field(A, B, ops, key)
    if cls == "domain":
        result = solve_den(A, B, ops)
        if result is None:
            return None
        num, den = result
        return _over(ops, num, den, func, "the solution is not in the ring")
    # Only ring operations: adjugate and determinant by Berkowitz, then one unit inverse.
    d = det_berkowitz(A, ops)
    if ops.is_zero(d):
        return None
    unit = _unit_inverse(d, ops, func)
    X = matmul(adjugate_berkowitz(A, ops), [list(row) for row in B], ops)
    return [[ops.mul(v, unit) for v in row] for row in X]


def adjugate(rows: list[list[Any]], ops: ElementOps, provider: Any = LOOKUP) -> list[list[Any]]:
    """The adjugate of one square matrix, in ``ops`` (division-free)."""
    if not rows:
        return []
    found = _provided(ops, "adjugate", provider, rows)
    if found is not NotImplemented:
        return found  # type: ignore[no-any-return]
    return adjugate_berkowitz(rows, ops)


def rank(rows: list[list[Any]], ops: ElementOps, func: str = "rank", provider: Any = LOOKUP) -> int:
    """Rank of one matrix (over the field of fractions of an integral domain)."""
    if not rows or not rows[0]:
        return 0
    found = _provided(ops, "rank", provider, rows)
    if found is not NotImplemented:
        return int(found)
    cls, key = _class_and_pivots(ops)
    if cls in _FIELDS:
        return len(rref_field(rows, ops, key))
    if cls == "domain":
        return len(echelon_bareiss(rows, ops))
    raise _needs_field(func, ops)


def rref(
    rows: list[list[Any]], ops: ElementOps, func: str = "rref", provider: Any = LOOKUP
) -> tuple[list[list[Any]], list[int]]:
    """``(rows, pivots)`` of the reduced row echelon form, in ``field_ops(ops)``."""
    if not rows or not rows[0]:
        return [list(row) for row in rows], []
    found = _provided(ops, "rref", provider, rows)
    if found is not NotImplemented:
        return found  # type: ignore[no-any-return]
    cls, key = _class_and_pivots(ops)
    if cls in _FIELDS:
        return rows, rref_field(rows, ops, key)
    if cls == "domain" and getattr(ops, "fraction_field", None) is not None:
        den, pivots = rref_den(rows, ops)
        return _over(ops, rows, den, func, "the reduced form"), pivots
    raise _needs_field(func, ops, "a field (integers are promoted to rationals)")


def lu(
    rows: list[list[Any]], ops: ElementOps, func: str = "lu", provider: Any = LOOKUP
) -> tuple[list[int], list[list[Any]], list[list[Any]]]:
    """``(perm, L, U)`` with ``P @ A == L @ U`` over ``field_ops(ops)``."""
    found = _provided(ops, "lu", provider, rows)
    if found is not NotImplemented:
        return found  # type: ignore[no-any-return]
    cls, key = _class_and_pivots(ops)
    if cls in _FIELDS:
        return lu_field(rows, ops, key)
    field = field_ops(ops)
    if field is not ops:
        convert = field.convert
        return lu_field([[convert(v) for v in row] for row in rows], field)
    raise _needs_field(func, ops, "a field (integers are promoted to rationals)")


def charpoly(rows: list[list[Any]], ops: ElementOps, provider: Any = LOOKUP) -> list[Any]:
    """Coefficients of ``det(t*I - A)``, highest degree first, in ``ops``.

    Over a field, Hessenberg reduction (``O(n**3)``); otherwise, and over a
    field whose zero test can be undecided (``ops.zero_test``: pivots would
    need proofs), division-free Berkowitz (``O(n**4)``).
    """
    if not rows:
        return [ops.one]
    found = _provided(ops, "charpoly", provider, rows)
    if found is not NotImplemented:
        return found  # type: ignore[no-any-return]
    caps = capabilities_of(ops)
    # Hessenberg divides by pivots it must know to be non-zero; where zero can be undecided, a pivot
    # search might have to raise, while Berkowitz needs no decision at all.
    if POLICY["charpoly"][ring_class(caps)] == "hessenberg" and getattr(ops, "zero_test", None) is None:
        return charpoly_hessenberg(rows, ops, _pivot_key(caps))
    return charpoly_berkowitz(rows, ops)


def has_division(ops: ElementOps) -> bool:
    """True when the ring can divide at all (a field, exact division, or a fraction field)."""
    caps = capabilities_of(ops)
    return caps.field or caps.exact_division or defines(ops, "div")
