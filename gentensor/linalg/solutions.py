"""Solutions of any linear system: rank factorization, pseudo-inverse, general and least-squares solutions.

``rank_factorization`` splits a matrix into pivot columns and reduced rows;
the Moore-Penrose ``pinv`` follows from it exactly; ``gauss_jordan_solve``
gives every solution of a square or rectangular, singular or regular system
(SymPy's form), and ``lstsq`` the least-squares solution of minimal norm.
All exact over the field of the entries (integers give rationals); floats
use NumPy's SVD for ``pinv``.

Examples
--------
>>> import gentensor as gt
>>> gt.linalg.pinv(gt.tensor([[1, 0], [0, 2]])).tolist()
[[Fraction(1, 1), Fraction(0, 1)], [Fraction(0, 1), Fraction(1, 2)]]
"""

from __future__ import annotations

from functools import partial
from typing import Any, NamedTuple, Optional

from ..arrays.composition import concat
from ..compute import conjugator
from ..compute.elementary import conj as conjugate
from ..compute.elementary import real
from ..compute.products import matmul
from ..core.operands import as_tensor, common_ops
from ..core.tensor import Tensor
from ..errors import NoSolutionError, ShapeError
from ..ops import ElementOps, capabilities_of, integers, symbolic
from . import _lapack, _policy
from ._charpoly import matmul as _matmul_rows
from ._stack import arithmetic, run, stack_of, wrap_matrices
from .decompositions import _field_stack

__all__ = [
    "rank_factorization",
    "pinv",
    "gauss_jordan_solve",
    "lstsq",
    "RankFactorization",
    "GeneralSolution",
    "LstsqResult",
]


class LstsqResult(NamedTuple):
    """The result of [`lstsq`][gentensor.linalg.solutions.lstsq]: the minimal-norm least-squares solution, residuals and rank.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.lstsq(gt.tensor([[1], [1]]), gt.tensor([1, 2])).solution.tolist()
    [Fraction(3, 2)]
    """

    solution: Tensor[Any]
    residuals: Any
    rank: Any


class RankFactorization(NamedTuple):
    """The result of [`rank_factorization`][gentensor.linalg.solutions.rank_factorization]: ``x == c @ f`` with ``c`` of full column rank.

    Examples
    --------
    >>> import gentensor as gt
    >>> c, f = gt.linalg.rank_factorization(gt.tensor([[1, 2], [2, 4]]))
    >>> c.tolist(), [[str(v) for v in row] for row in f.tolist()]
    ([[1], [2]], [['1', '2']])
    """

    c: Tensor[Any]
    f: Tensor[Any]


def _rref_rows(rows: list[list[Any]], ops: ElementOps) -> tuple[list[list[Any]], list[int]]:
    return _policy.rref([list(r) for r in rows], ops, "rank_factorization", _policy.kernel_of(ops, "rref"))


def rank_factorization(x: Tensor[Any], /) -> RankFactorization:
    """``x == c @ f`` with ``c`` the pivot columns of ``x`` and ``f`` the non-zero rows of its reduced echelon form.

    ``c`` has full column rank and ``f`` full row rank, both ``r`` = the rank
    (SymPy's ``rank_decomposition``).

    Returns
    -------
    RankFactorization
        ``(c, f)``: new tensors of shapes ``(m, r)`` (the ops of ``x``) and
        ``(r, n)`` (its field: integers give rationals).

    Raises
    ------
    ShapeError
        ``x`` is not one matrix (the rank differs across a stack).
    DomainError
        The ring is not a field and has no fraction field.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2, 3], [2, 4, 6], [1, 0, 1]])
    >>> c, f = gt.linalg.rank_factorization(x)
    >>> c.tolist(), gt.array_equal(c @ f, x)
    ([[1, 2], [2, 4], [1, 0]], True)
    """
    x = as_tensor(x, "rank_factorization")
    if x.ndim != 2:
        raise ShapeError(
            f"rank_factorization: expects one matrix, ndim == 2 (got shape {x.shape}); loop over a stack"
        )
    stack, field = _field_stack(x, "rank_factorization", square=False)
    rows, pivots = _rref_rows(stack.matrices[0], field)
    r = len(pivots)
    m, n = x.shape
    c = x[:, list(pivots)] if r else Tensor._from_flat([], (m, 0), x.ops)
    return RankFactorization(c.copy(), wrap_matrices([rows[:r]], (), (r, n), field))


def _conj_t(rows: list[list[Any]], conj: Any) -> list[list[Any]]:
    """The conjugate transpose of a matrix given as rows (at least one row)."""
    return [[v if conj is None else conj(v) for v in col] for col in zip(*rows)]


def _pinv_task(rows: list[list[Any]], ops: ElementOps, conj: Any) -> list[list[Any]]:
    m = len(rows)
    n = len(rows[0]) if m else 0
    R, pivots = _rref_rows(rows, ops)
    r = len(pivots)
    if r == 0:
        return [[ops.zero] * m for _ in range(n)]
    convert = ops.convert
    C = [[row[p] for p in pivots] for row in rows]
    F = [list(row) for row in R[:r]]
    CH = _conj_t(C, conj)
    FH = _conj_t(F, conj)
    if conj is not None:
        CH = [[convert(v) for v in row] for row in CH]
        FH = [[convert(v) for v in row] for row in FH]
    # pinv = FH (F FH)^-1 (CH C)^-1 CH = FH ((CH C)(F FH))^-1 CH
    M = _matmul_rows(_matmul_rows(CH, C, ops), _matmul_rows(F, FH, ops), ops)
    X = _policy.solve(M, CH, ops, "pinv", _policy.kernel_of(ops, "solve"))
    assert X is not None  # M is a product of two invertible r x r matrices
    out = _matmul_rows(FH, X, ops)
    if capabilities_of(ops).symbolic:
        from ._symbolic import canonical_rows

        out = canonical_rows(out)
    return out


def pinv(
    x: Tensor[Any], /, *, rtol: Any = None, executor: Any = None, workers: Optional[int] = None
) -> Tensor[Any]:
    """The Moore-Penrose pseudo-inverse, exactly: ``x @ p @ x == x``, ``p @ x @ p == p``, both products Hermitian.

    From the rank factorization ``x = c @ f``: ``pinv(x) = f.H @ inv(c.H @ c @ f @ f.H) @ c.H``,
    all in exact arithmetic (rationals for integers).  Floating-point
    matrices use NumPy's SVD-based ``pinv`` with ``rtol``.

    Parameters
    ----------
    x : Tensor
        Shape ``(..., m, n)``.
    rtol
        Relative cut-off for small singular values (floating point only; an
        exact rank needs none and ignores it).

    Returns
    -------
    Tensor
        A new tensor of shape ``(..., n, m)``.

    Raises
    ------
    DomainError
        The ring is not a field and has no fraction field, or cannot conjugate.
    ImportError
        Floating-point input without NumPy.

    Examples
    --------
    >>> import gentensor as gt
    >>> [[str(v) for v in row] for row in gt.linalg.pinv(gt.tensor([[1, 2], [2, 4]])).tolist()]
    [['1/25', '2/25'], ['2/25', '4/25']]
    >>> gt.linalg.pinv(gt.tensor([[1, 0], [0, 0], [0, 1]])).tolist() == [[1, 0, 0], [0, 0, 1]]
    True
    """
    t = as_tensor(x, "pinv")
    if _lapack.applies(t.ops) and t.ndim >= 2:
        return _lapack.pinv(t, t.ops, rtol)[0]  # one SVD, as numpy.linalg.pinv
    stack, field = _field_stack(x, "pinv", square=False, inner_product=True)
    m, n = stack.m, stack.n
    if not capabilities_of(field).exact:
        return _lapack.pinv(as_tensor(x, "pinv"), field, rtol)[0]
    conj = conjugator(field, "pinv")
    results = run(partial(_pinv_task, ops=field, conj=conj), stack, "pinv", executor, workers)
    return wrap_matrices(results, stack.batch, (n, m), field)


class GeneralSolution(NamedTuple):
    """Every solution of ``a @ x == b``: ``x == particular + nullspace @ t`` for any ``t``.

    ``particular`` is the solution with every free variable zero (shape of
    ``b`` with ``n`` rows); the columns of ``nullspace`` (shape ``(n, f)``)
    span the solutions of ``a @ x == 0``.

    Examples
    --------
    >>> import gentensor as gt
    >>> s = gt.linalg.gauss_jordan_solve(gt.tensor([[1, 2]]), gt.tensor([3]))
    >>> s.particular.tolist(), s.nullspace.tolist()
    ([Fraction(3, 1), Fraction(0, 1)], [[Fraction(-2, 1)], [Fraction(1, 1)]])
    """

    particular: Tensor[Any]
    nullspace: Tensor[Any]

    def parametric(self, name: str = "tau") -> tuple[Tensor[Any], Tensor[Any]]:
        """``(solution, parameters)``: the general solution in symbols ``name_i`` (SymPy's ``gauss_jordan_solve`` form).

        Examples
        --------
        >>> import gentensor as gt
        >>> sol, params = gt.linalg.gauss_jordan_solve(gt.tensor([[1, 2]]), gt.tensor([3])).parametric()
        >>> sol.tolist(), params.tolist()
        ([3 - 2*tau_0, tau_0], [tau_0])
        """
        from ..arrays.creation import symbols

        f = self.nullspace.shape[-1]
        shape = (f,) if self.particular.ndim == 1 else (f, self.particular.shape[-1])
        params = symbols(name, shape)
        return self.particular.astype(symbolic) + matmul(self.nullspace.astype(symbolic), params), params


def gauss_jordan_solve(a: Tensor[Any], b: Tensor[Any], /) -> GeneralSolution:
    """The general solution of ``a @ x == b`` for any ``m x n`` matrix ``a``, by Gauss-Jordan elimination.

    SymPy's ``gauss_jordan_solve``: square or not, singular or not, one
    particular solution and a basis of the null space of ``a``; a unique
    solution has an ``(n, 0)`` null space.

    Parameters
    ----------
    a : Tensor
        One ``m x n`` matrix.
    b : Tensor
        Shape ``(m,)`` or ``(m, k)``.

    Returns
    -------
    GeneralSolution
        ``(particular, nullspace)``: new tensors in the field of the
        operands (rationals for integers); ``.parametric()`` writes the
        solution with parameter symbols.

    Raises
    ------
    NoSolutionError
        No solution exists (the message names the contradictory row).
    ShapeError
        ``a`` is not one matrix, or ``b`` does not have ``m`` rows.
    DomainError
        The ring is not a field and has no fraction field.

    Examples
    --------
    >>> import gentensor as gt
    >>> s = gt.linalg.gauss_jordan_solve(gt.tensor([[1, 2, 3], [2, 4, 7]]), gt.tensor([1, 3]))
    >>> [str(v) for v in s.particular.tolist()], [[str(v) for v in r] for r in s.nullspace.tolist()]
    (['-2', '0', '1'], [['-2'], ['1'], ['0']])
    """
    a = as_tensor(a, "gauss_jordan_solve")
    b = as_tensor(b, "gauss_jordan_solve")
    if a.ndim != 2:
        raise ShapeError(f"gauss_jordan_solve: a must be one matrix (got shape {a.shape}); loop over a stack")
    m, n = a.shape
    vector = b.ndim == 1
    if b.ndim not in (1, 2) or b.shape[0] != m:
        raise ShapeError(
            f"gauss_jordan_solve: b must have shape ({m},) or ({m}, k) to match a (got a of shape {a.shape}, "
            f"b of shape {b.shape})"
        )
    ops = arithmetic(common_ops([a.ops, b.ops], "gauss_jordan_solve"))
    bb = b.reshape((m, 1)) if vector else b
    k = bb.shape[1]
    aug = concat([a.astype(ops), bb.astype(ops)], axis=1)
    stack, field = _field_stack(aug, "gauss_jordan_solve", square=False)
    R, pivots = _rref_rows(stack.matrices[0], field) if m and n + k else ([[]] * m, [])
    for i, p in enumerate(pivots):
        if p >= n:
            raise NoSolutionError(
                f"gauss_jordan_solve: the system has no solution: row {i + 1} of the reduced system reads 0 == 1 "
                f"(got a of shape {a.shape}, b of shape {b.shape}); gt.linalg.lstsq gives the least-squares solution"
            )
    zero, one = field.zero, field.one
    X = [[zero] * k for _ in range(n)]
    for i, p in enumerate(pivots):
        X[p] = list(R[i][n:])
    free = [c for c in range(n) if c not in pivots]
    N = [[zero] * len(free) for _ in range(n)]
    for j, f in enumerate(free):
        N[f][j] = one
        for i, p in enumerate(pivots):
            N[p][j] = field.neg(R[i][f])
    particular = wrap_matrices([X], (), (n, k), field)
    return GeneralSolution(
        particular.reshape((n,)) if vector else particular, wrap_matrices([N], (), (n, len(free)), field)
    )


def lstsq(a: Tensor[Any], b: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> LstsqResult:
    """The exact least-squares solution of minimal norm: ``pinv(a) @ b``, with residuals and rank.

    Minimises ``|a @ x - b|`` (and among the minimisers ``|x|``) exactly;
    for a consistent system it is a solution.

    Parameters
    ----------
    a : Tensor
        Shape ``(..., m, n)``.
    b : Tensor
        Shape ``(m,)`` or ``(..., m, k)``; batch axes broadcast.

    Returns
    -------
    LstsqResult
        ``(solution, residuals, rank)``: ``solution`` of shape
        ``(..., n)`` or ``(..., n, k)``; ``residuals`` the squared norms of
        ``b - a @ solution`` (per column; always given, unlike NumPy);
        ``rank`` of ``a`` (an ``int`` for one matrix).

    Raises
    ------
    ShapeError
        The shapes do not fit.
    DomainError
        As [`pinv`][gentensor.linalg.solutions.pinv].

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[1, 0], [1, 1], [1, 2]])
    >>> x, res, rank = gt.linalg.lstsq(a, gt.tensor([6, 0, 0]))
    >>> [str(v) for v in x.tolist()], str(res), rank
    (['5', '-3'], '6', 2)
    """
    a = as_tensor(a, "lstsq")
    b = as_tensor(b, "lstsq")
    if a.ndim < 2 or b.ndim == 0 or b.shape[-1 if b.ndim == 1 else -2] != a.shape[-2]:
        raise ShapeError(
            f"lstsq: b must have shape (m,) or (..., m, k) for a of shape (..., m, n) (got a of shape {a.shape}, "
            f"b of shape {b.shape})"
        )
    floating = _lapack.applies(a.ops)
    p, found = _lapack.pinv(a, a.ops, None, "lstsq") if floating else (pinv(a, executor=executor, workers=workers), None)
    x = matmul(p, b)
    # a vector b against a stack: each x is a vector too (a column for the product, then dropped)
    fitted = matmul(a, x.reshape(x.shape + (1,))).reshape(x.shape[:-1] + (a.shape[-2],)) if b.ndim == 1 else matmul(a, x)
    residual = b - fitted
    squares = conjugate(residual) * residual
    if capabilities_of(squares.ops).complex:  # |r|**2 of complex floats: real, as NumPy's residuals
        squares = real(squares)
    residuals = squares.sum(axis=-1 if b.ndim == 1 else -2) if isinstance(squares, Tensor) else squares
    if floating:  # the rank at which pinv's SVD cut (as numpy.linalg.lstsq's rank)
        return LstsqResult(x, residuals, found if isinstance(found, int) else _lapack.tensor_of(found, integers))
    stack = stack_of(a, "lstsq", square=False)
    ranks = run(partial(_policy.rank, ops=_policy.field_ops(stack.ops)), _field_stack(a, "lstsq", square=False)[0], "lstsq", executor, workers)
    rank = ranks[0] if not stack.batch else Tensor._from_flat(ranks, stack.batch, integers)
    return LstsqResult(x, residuals, rank)
