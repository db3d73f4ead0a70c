"""One matrix per task for [`gentensor.linalg.lattice`][gentensor.linalg.lattice]: ring checks, providers, and the task functions.

The public functions cut a stack into matrices and run one of these tasks per
matrix (module level, so worker processes can run them); each task asks the
ring's kernel provider first (FLINT for integers) and falls back to the
generic kernels of `._lattice` and `._lll`.

The provider convention: a provider is looked up once per stack (by the
public function) and passed in, ``None`` when the ring has none; called, it
returns its result or ``NotImplemented`` to decline (a shape or size it does
not handle), and then the generic kernel runs.  Empty matrices never reach a
provider.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import Any, Callable, Optional

from ..errors import DomainError
from ..ops import ElementOps, capabilities_of, defines, provider_info
from . import _lattice, _lll, _smith
from ._dense import solve_den

__all__ = [
    "euclidean",
    "kernel",
    "hnf_transform_with",
    "hnf_task",
    "hnf_transform_task",
    "snf_task",
    "snf_transform_task",
    "lll_task",
    "det_mod_task",
    "integer_kernel_task",
    "solve_integer_task",
    "solve_den_with",
    "det_with",
]


def euclidean(ops: ElementOps, func: str) -> None:
    """Refuse, before any work, a ring without Euclidean division."""
    caps = capabilities_of(ops)
    if caps.euclidean and defines(ops, "divmod"):
        return
    if caps.field:
        hint = "over a field every normal form is the reduced row echelon form: use gt.linalg.rref"
    elif caps.residues:
        hint = "compute over the integers, x.astype(gt.integers), or use det_mod"
    else:
        hint = "declare euclidean=True in the ops' Capabilities and define ops.divmod"
    raise DomainError(f"{func}: needs a Euclidean domain with ops.divmod (got ops={ops.name}); {hint}")


def kernel(ops: ElementOps, key: str) -> Optional[Callable[..., Any]]:
    """The function of the provider registered for ``key`` (``"hnf"``, ``"lll"``...), or ``None``."""
    info = provider_info(ops, key)
    return None if info is None else info.function


def hnf_transform_with(ops: ElementOps, provider: Any) -> Callable[[list[list[Any]], int], tuple[Any, Any]]:
    """``(rows, ncols) -> (H, U)``: the provider's Hermite form with transform, or the generic one."""
    R = _lattice.Euclid(ops)

    def step(rows: list[list[Any]], ncols: int) -> tuple[Any, Any]:
        if provider is not None and rows and ncols:
            found = provider([list(r) for r in rows], ops)
            if found is not NotImplemented:
                return found  # type: ignore[no-any-return]
        return _lattice.hnf_transform(rows, R, n=ncols)

    return step


def hnf_task(rows: list[list[Any]], ops: ElementOps, provider: Any, solve_provider: Any = None) -> list[list[Any]]:
    """The Hermite form of one matrix; the generic path gets the ring's fast determinant and solver."""
    if provider is not None and rows and rows[0]:
        found = provider(rows, ops)
        if found is not NotImplemented:
            return found  # type: ignore[no-any-return]
    return _lattice.hnf(
        rows, _lattice.Euclid(ops), partial(det_with, ops=ops), solver=partial(solve_den_with, ops=ops, provider=solve_provider)
    )


def det_with(rows: list[list[Any]], ops: ElementOps) -> Any:
    """The determinant through the linear-algebra policy (the ring's provider when it has one)."""
    from . import _policy

    return _policy.det(rows, ops)


def hnf_transform_task(rows: list[list[Any]], ops: ElementOps, n: int, provider: Any) -> tuple[Any, Any]:
    """``(H, U)`` of one matrix with ``n`` columns."""
    return hnf_transform_with(ops, provider)(rows, n)


def snf_task(rows: list[list[Any]], ops: ElementOps, provider: Any, hnf_provider: Any, solve_provider: Any) -> list[Any]:
    """The elementary divisors of one matrix; the generic path's first Hermite form and its cyclic
    test use the ring's Hermite-form and solve providers when it has them."""
    if provider is not None and rows and rows[0]:
        found = provider(rows, ops)
        if found is not NotImplemented:
            return found  # type: ignore[no-any-return]
    R = _lattice.Euclid(ops)
    return _smith.snf_diagonal(
        rows, R, partial(hnf_task, ops=ops, provider=hnf_provider), partial(solve_den_with, ops=ops, provider=solve_provider)
    )


def solve_den_with(A: list[list[Any]], B: list[list[Any]], ops: ElementOps, provider: Any) -> Any:
    """Fraction-free solve ``(Y, d)`` with ``A @ Y == d * B``: the ``"solve_den"`` provider, or Bareiss via ops."""
    if provider is not None:
        found = provider(A, B, ops)
        if found is not NotImplemented:
            return found
    return solve_den(A, B, ops)


def snf_transform_task(rows: list[list[Any]], ops: ElementOps, n: int, provider: Any) -> tuple[Any, Any, Any]:
    """``(D, U, V)`` of one matrix with ``n`` columns (``provider``: the Hermite form with transform)."""
    return _smith.snf_transform(rows, _lattice.Euclid(ops), n, hnf_transform_with(ops, provider))


def lll_task(rows: list[list[Any]], ops: ElementOps, n: int, delta: Fraction, transform: bool, provider: Any) -> Any:
    """``(basis, U or None)`` for one matrix with ``n`` columns."""
    if provider is not None and rows and n:
        found = provider(rows, delta, ops)
        if found is not NotImplemented:
            return found
    return _lll.lll(rows, delta, _lattice.Euclid(ops), n, transform)


def det_mod_task(rows: list[list[Any]], ops: ElementOps, modulus: Any, provider: Any) -> Any:
    """The determinant of one square matrix modulo ``modulus``."""
    if provider is not None and rows:
        found = provider(rows, modulus, ops)
        if found is not NotImplemented:
            return found
    return _smith.det_mod(rows, modulus, _lattice.Euclid(ops))


def integer_kernel_task(rows: list[list[Any]], ops: ElementOps, n: int, provider: Any) -> list[list[Any]]:
    """The kernel basis of one matrix with ``n`` columns (``provider``: the Hermite form with transform)."""
    return _smith.integer_kernel(rows, _lattice.Euclid(ops), n, hnf_transform_with(ops, provider))


def solve_integer_task(pair: tuple[list[list[Any]], list[list[Any]]], ops: ElementOps, n: int, provider: Any) -> Any:
    """`._smith.solve_integer` for one pair ``(A, B)``: each column of ``B`` is one right-hand side."""
    A, B = pair
    columns = _lattice.transpose(B, 0) if B and B[0] else []
    return _smith.solve_integer(A, columns, _lattice.Euclid(ops), n, hnf_transform_with(ops, provider))
