"""Normal and condensed forms reached exactly: fraction-free LU, Hessenberg and bidiagonal forms, singular values.

* `fflu` -- SymPy's ``LUdecompositionFF``: ``p @ x == l @ inv(d) @ u`` with
  every entry of ``l``, ``d``, ``u`` in the ring (each a minor of ``x``):
  only exact divisions (``ops.exquo``), so integers stay integers.
* `hessenberg` -- ``x == p @ h @ inv(p)`` with ``h`` upper Hessenberg, by
  elimination with pivoting (a similarity over the field, no square roots;
  SymPy's ``upper_hessenberg_decomposition`` uses Householder reflections
  and a unitary ``p`` with square roots in it).
* `bidiagonal` -- ``x == p @ b @ q`` with ``b`` upper bidiagonal, ``p`` and
  ``q`` invertible, by alternating row and column elimination (again no
  square roots; SymPy's ``bidiagonal_decomposition`` is unitary).
* `singular_values` -- exactly: square roots of the eigenvalues of
  ``x^H x``, largest first, ordered by proven comparisons.

Examples
--------
>>> import gentensor as gt
>>> p, l, d, u = gt.linalg.fflu(gt.tensor([[1, 2], [3, 4]]))
>>> l.tolist(), d.tolist(), u.tolist()
([[1, 0], [3, -2]], [[1, 0], [0, -2]], [[1, 2], [0, -2]])
>>> gt.linalg.singular_values(gt.tensor([[3, 0], [0, -4]])).tolist()
[4, 3]
"""

from __future__ import annotations

from functools import cmp_to_key, partial
from typing import TYPE_CHECKING, Any, NamedTuple, Optional

import numpy as np

from .._docs import section, sections
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import DomainError, ShapeError
from ..ops import ElementOps, capabilities_of, floats, symbolic
from . import _lapack, _policy
from ._dense import identity_rows
from ._stack import run, stack_of, wrap_matrices

if TYPE_CHECKING:
    from sympy import Expr

__all__ = [
    "fflu",
    "hessenberg",
    "bidiagonal",
    "singular_values",
    "condition_number",
    "companion",
    "jordan_block",
    "block_diag",
    "FFLUResult",
    "HessenbergResult",
    "BidiagonalResult",
]


class FFLUResult(NamedTuple):
    """The result of [`fflu`][gentensor.linalg.forms.fflu]: ``p @ x == l @ inv(d) @ u``, all in the ring of ``x``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.fflu(gt.tensor([[2, 1], [4, 3]])).u.tolist()
    [[2, 1], [0, 2]]
    """

    p: Tensor[Any]
    l: Tensor[Any]  # noqa: E741  (the standard name of the factor)
    d: Tensor[Any]
    u: Tensor[Any]


class HessenbergResult(NamedTuple):
    """The result of [`hessenberg`][gentensor.linalg.forms.hessenberg]: ``x == p @ h @ inv(p)``, ``h`` upper Hessenberg.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 10]])
    >>> h, p = gt.linalg.hessenberg(x)
    >>> gt.array_equal(x, p @ h @ gt.linalg.inv(p)), gt.linalg.is_upper_hessenberg(h)
    (True, True)
    """

    h: Tensor[Any]
    p: Tensor[Any]


class BidiagonalResult(NamedTuple):
    """The result of [`bidiagonal`][gentensor.linalg.forms.bidiagonal]: ``x == p @ b @ q``, ``b`` upper bidiagonal.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2], [3, 4]])
    >>> p, b, q = gt.linalg.bidiagonal(x)
    >>> gt.array_equal(x, p @ b @ q), gt.linalg.is_upper(b)
    (True, True)
    """

    p: Tensor[Any]
    b: Tensor[Any]
    q: Tensor[Any]


# -- fraction-free LU ---------------------------------------------------------------------------------


def _fflu_rows(A: list[list[Any]], ops: ElementOps) -> tuple[list[list[Any]], ...]:
    """``(P, L, D, U)`` of the fraction-free LU of the rows (``A`` is consumed): ``P A = L D^-1 U``.

    Bareiss elimination to row echelon form, skipping columns without a
    pivot (any rank, any shape): each pivot row ``k`` records its pivot in
    ``L[k][k]`` and ``D[k][k] = previous pivot * pivot``; rows past the rank
    get ones.  Every division is exact (Sylvester's identity).

    Uses ``ops.zero, ops.one, ops.is_zero, ops.mul, ops.sub, ops.exquo``.
    """
    m, n = len(A), len(A[0]) if A else 0
    U = A
    L = [[ops.zero] * m for _ in range(m)]
    D = [[ops.zero] * m for _ in range(m)]
    P = identity_rows(m, ops.zero, ops.one)
    old, r = ops.one, 0
    for col in range(n):
        if r == m:
            break
        pivot = next((i for i in range(r, m) if not ops.is_zero(U[i][col])), None)
        if pivot is None:
            continue
        if pivot != r:
            U[r], U[pivot] = U[pivot], U[r]
            P[r], P[pivot] = P[pivot], P[r]
            L[r][:r], L[pivot][:r] = L[pivot][:r], L[r][:r]
        ukk = U[r][col]
        L[r][r] = ukk
        D[r][r] = ops.mul(old, ukk)
        for i in range(r + 1, m):
            uik = U[i][col]
            L[i][r] = uik
            for j in range(col + 1, n):
                U[i][j] = ops.exquo(ops.sub(ops.mul(ukk, U[i][j]), ops.mul(U[r][j], uik)), old)
            U[i][col] = ops.zero
        old, r = ukk, r + 1
    for i in range(r, m):
        L[i][i] = D[i][i] = ops.one
    return P, L, D, U


def fflu(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> FFLUResult:
    """Fraction-free LU: ``p @ x == l @ inv(d) @ u`` with ``l``, ``d``, ``u`` in the ring of ``x``.

    Any ``n x m`` matrix over an integral domain with exact division, of any
    rank: ``u`` is a row echelon form whose entries are minors of ``x``.  The
    factors are python-flint's ``fmpz_mat.fflu`` (SymPy's
    ``LUdecompositionFF`` needs full rank and differs in the last diagonal
    entries of ``l`` and ``d``; both satisfy the identity).

    Returns
    -------
    FFLUResult
        ``(p, l, d, u)``: new tensors, ``p``, ``l``, ``d`` of shape ``(..., n, n)``
        and ``u`` of the shape of ``x``.

    Raises
    ------
    DomainError
        The ring has no exact division (or is not commutative).

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[1, 2, 3], [2, 5, 7], [3, 5, 3]])
    >>> p, l, d, u = gt.linalg.fflu(a)
    >>> gt.array_equal(l @ gt.linalg.inv(d) @ u, p @ a), u.tolist()
    (True, [[1, 2, 3], [0, 1, 1], [0, 0, -5]])
    >>> gt.linalg.fflu(gt.tensor([[1, 2], [2, 4]])).u.tolist()
    [[1, 2], [0, 0]]
    """
    stack = stack_of(x, "fflu", square=False)
    caps = _policy.check_commutative(stack.ops, "fflu")
    if not (caps.exact_division or caps.field):
        raise DomainError(f"fflu: needs an integral domain with exact division (got ops {stack.ops!r}); convert first")
    results = run(partial(_fflu_rows, ops=stack.ops), stack, "fflu", executor, workers)
    n, m = stack.m, stack.n
    parts = [wrap_matrices([r[k] for r in results], stack.batch, (n, n) if k < 3 else (n, m), stack.ops) for k in range(4)]
    return FFLUResult(*parts)


# -- similarity to Hessenberg form, equivalence to bidiagonal form ------------------------------------------


def _hessenberg_rows(A: list[list[Any]], F: ElementOps) -> tuple[list[list[Any]], list[list[Any]]]:
    """``(H, P)`` with ``A == P H P^-1`` (``A`` is consumed): Gaussian elimination applied as a similarity.

    Uses ``F.zero, F.one, F.is_zero, F.div, F.mul, F.add, F.sub``.
    """
    n = len(A)
    P = identity_rows(n, F.zero, F.one)
    for k in range(n - 2):
        pivot = next((r for r in range(k + 1, n) if not F.is_zero(A[r][k])), None)
        if pivot is None:
            continue
        if pivot != k + 1:  # similarity by a transposition: swap rows and columns
            A[pivot], A[k + 1] = A[k + 1], A[pivot]
            for row in A:
                row[pivot], row[k + 1] = row[k + 1], row[pivot]
            for row in P:
                row[pivot], row[k + 1] = row[k + 1], row[pivot]
        for i in range(k + 2, n):
            if F.is_zero(A[i][k]):
                continue
            f = F.div(A[i][k], A[k + 1][k])
            A[i] = [F.sub(a, F.mul(f, b)) for a, b in zip(A[i], A[k + 1])]  # row i -= f row k+1
            for row in A:  # ... and column k+1 += f column i keeps the similarity
                row[k + 1] = F.add(row[k + 1], F.mul(f, row[i]))
            for row in P:  # P <- P E^-1: column k+1 of P gains f times column i
                row[k + 1] = F.add(row[k + 1], F.mul(f, row[i]))
    return A, P


#: The error of the forms computed over the field of the entries (see gentensor._docs).
_NO_FIELD = ("DomainError", "The ring is not a field and names no field of fractions.")


def _field_rows(x: Any, func: str, square: bool) -> Any:
    from .decompositions import _field_stack

    return _field_stack(x, func, square=square)


@sections(section("Raises", ("ShapeError, NonSquareError", "``x`` is not a (stack of) square matrices."), _NO_FIELD))
def hessenberg(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> HessenbergResult:
    """``(h, p)`` with ``h`` upper Hessenberg and ``x == p @ h @ inv(p)``: a similarity by elimination.

    Exact over the field of the entries (no square roots): ``p`` is a
    product of permutations and elementary matrices, not unitary as SymPy's
    ``upper_hessenberg_decomposition`` (whose Householder form needs roots).

    Returns
    -------
    HessenbergResult
        ``(h, p)``: new tensors of the shape of ``x``.

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 10]])
    >>> h, p = gt.linalg.hessenberg(a)
    >>> gt.linalg.is_upper_hessenberg(h), gt.array_equal(a @ p, p @ h)
    (True, True)
    """
    stack, field = _field_rows(x, "hessenberg", square=True)
    results = run(partial(_hessenberg_rows, F=field), stack, "hessenberg", executor, workers)
    shape = (stack.n, stack.n)
    return HessenbergResult(
        wrap_matrices([r[0] for r in results], stack.batch, shape, field),
        wrap_matrices([r[1] for r in results], stack.batch, shape, field),
    )


def _bidiagonal_rows(A: list[list[Any]], F: ElementOps) -> tuple[list[list[Any]], ...]:
    """``(P, B, Q)`` with ``A == P B Q`` (``A`` is consumed): row elimination below, column elimination to the right.

    Uses ``F.zero, F.one, F.is_zero, F.div, F.mul, F.add, F.sub``.
    """
    m, n = len(A), len(A[0]) if A else 0
    P = identity_rows(m, F.zero, F.one)
    Q = identity_rows(n, F.zero, F.one)
    for k in range(min(m, n)):
        pivot = next((r for r in range(k, m) if not F.is_zero(A[r][k])), None)
        if pivot is not None:
            if pivot != k:  # rows k, pivot of A; columns of P (A = P B)
                A[k], A[pivot] = A[pivot], A[k]
                for row in P:
                    row[k], row[pivot] = row[pivot], row[k]
            for i in range(k + 1, m):
                if not F.is_zero(A[i][k]):
                    f = F.div(A[i][k], A[k][k])
                    A[i] = [F.sub(a, F.mul(f, b)) for a, b in zip(A[i], A[k])]
                    for row in P:
                        row[k] = F.add(row[k], F.mul(f, row[i]))
        if k + 1 >= n:
            continue
        pivot = next((c for c in range(k + 1, n) if not F.is_zero(A[k][c])), None)
        if pivot is None:
            continue
        if pivot != k + 1:  # columns of A; rows of Q (A = B Q)
            for row in A:
                row[k + 1], row[pivot] = row[pivot], row[k + 1]
            Q[k + 1], Q[pivot] = Q[pivot], Q[k + 1]
        for j in range(k + 2, n):
            if not F.is_zero(A[k][j]):
                f = F.div(A[k][j], A[k][k + 1])
                for row in A:
                    row[j] = F.sub(row[j], F.mul(f, row[k + 1]))
                Q[k + 1] = [F.add(a, F.mul(f, b)) for a, b in zip(Q[k + 1], Q[j])]
    return P, A, Q


@sections(section("Raises", ("ShapeError", "``x.ndim < 2``."), _NO_FIELD))
def bidiagonal(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> BidiagonalResult:
    """``(p, b, q)`` with ``b`` upper bidiagonal and ``x == p @ b @ q``, ``p`` and ``q`` invertible.

    Exact elimination over the field of the entries (rows below the
    diagonal, columns right of the superdiagonal); SymPy's
    ``bidiagonal_decomposition`` is the unitary (Householder) variant, with
    square roots.

    Returns
    -------
    BidiagonalResult
        ``(p, b, q)``: new tensors of shapes ``(..., m, m)``, ``(..., m, n)``, ``(..., n, n)``.

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 10]])
    >>> p, b, q = gt.linalg.bidiagonal(a)
    >>> [[str(v) for v in row] for row in b.tolist()], gt.array_equal(p @ b @ q, a)
    ([['1', '2', '0'], ['0', '-3', '-3/2'], ['0', '0', '1']], True)
    """
    stack, field = _field_rows(x, "bidiagonal", square=False)
    results = run(partial(_bidiagonal_rows, F=field), stack, "bidiagonal", executor, workers)
    m, n = stack.m, stack.n
    return BidiagonalResult(
        wrap_matrices([r[0] for r in results], stack.batch, (m, m), field),
        wrap_matrices([r[1] for r in results], stack.batch, (m, n), field),
        wrap_matrices([r[2] for r in results], stack.batch, (n, n), field),
    )


# -- singular values ----------------------------------------------------------------------------------------


def _compare(a: Any, b: Any) -> int:
    """The order of two real algebraic numbers, proven (zero test, then enclosures)."""
    from ..ops import enclose_algebraic
    from ..ops import interval_negative as _negative, interval_positive as _positive

    d = a - b
    if symbolic.is_zero(d):
        return 0
    for prec in (64, 256, 1024, 4096):
        box = enclose_algebraic(d, prec)
        if box is not None and _positive(box[0]):
            return 1
        if box is not None and _negative(box[0]):
            return -1
    raise DomainError(f"singular_values: cannot order {a} and {b}")


def singular_values(x: Tensor[Any], /) -> Tensor[Any]:
    """The singular values, exactly, largest first: square roots of the eigenvalues of ``x^H x`` (or ``x x^H``).

    ``n`` values (the number of columns) with multiplicity, as SymPy's
    ``singular_values``: the eigenvalues of ``x^H x``.
    Floating-point matrices give [`svdvals`][gentensor.linalg.arrayapi.svdvals].

    Returns
    -------
    Tensor
        A new 1-d symbolic tensor (floats for float input).

    Raises
    ------
    ShapeError
        ``x`` is not one matrix.
    DomainError
        The eigenvalues cannot be written (see [`eigenvals`][gentensor.linalg.eigen.eigenvals]) or ordered.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.singular_values(gt.tensor([[1, 1], [0, 1]])).tolist()
    [sqrt(sqrt(5)/2 + 3/2), sqrt(3/2 - sqrt(5)/2)]
    """
    import sympy

    from .eigen import eigenvals

    x = as_tensor(x, "singular_values")
    if x.ndim != 2:
        raise ShapeError(f"singular_values: expects one matrix, ndim == 2 (got shape {x.shape})")
    _policy.check_numbers(x.ops, "singular_values", "square roots of its eigenvalues")
    if not capabilities_of(x.ops).exact:
        from .arrayapi import svdvals

        return svdvals(x)
    s = x.astype(symbolic)
    gram = s.H @ s
    found: Any = eigenvals(gram)  # one matrix: a dict of eigenvalues and their multiplicities
    values = [sympy.sqrt(v) for v, k in found.items() for _ in range(k)]
    values.sort(key=cmp_to_key(_compare), reverse=True)
    return Tensor._from_flat(values, (len(values),), symbolic)


def condition_number(x: Tensor[Any], /) -> Tensor[Any] | float | Expr:
    """The 2-norm condition number: the largest singular value over the smallest (``oo`` when singular).

    Exact and symbolic matrices get an exact value (SymPy's ``Matrix.condition_number``);
    float and complex matrices a float from LAPACK's singular values (``inf`` when
    a singular value is zero), as ``numpy.linalg.cond``, also for a stack
    of them (a new floats tensor of the batch shape).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.condition_number(gt.tensor([[3, 0], [0, -4]])), gt.linalg.condition_number(gt.tensor([[1, 0], [0, 0]]))
    (4/3, oo)
    """
    import sympy

    t = as_tensor(x, "condition_number")
    _policy.check_numbers(t.ops, "condition_number", "singular values")
    if _lapack.applies(t.ops) and t.ndim > 2:  # a stack of float matrices: one ratio each, as numpy.linalg.cond
        from .arrayapi import svdvals

        s = _lapack.array_of(svdvals(t))
        if not s.shape[-1]:
            return _lapack.tensor_of(np.zeros(s.shape[:-1]), floats)
        with np.errstate(all="ignore"):
            ratio = np.where(s[..., -1] == 0, np.inf, s[..., 0] / s[..., -1])
        return _lapack.tensor_of(ratio, floats)
    values = singular_values(x).tolist()
    if not capabilities_of(as_tensor(x, "condition_number").ops).exact:  # LAPACK's singular values, as numpy.linalg.cond
        if not values:
            return 0.0
        return values[0] / values[-1] if values[-1] else float("inf")
    if not values:
        return sympy.S.Zero  # SymPy's value for an empty matrix
    if symbolic.is_zero(values[-1]):
        return sympy.oo
    return sympy.simplify(values[0] / values[-1]) if not values[0].is_Rational else values[0] / values[-1]


# -- constructors ----------------------------------------------------------------------------------------------


def companion(coefficients: Any, /, *, ops: Any = None) -> Tensor[Any]:
    """The companion matrix of the monic polynomial with these coefficients (highest degree first, leading 1).

    Its characteristic polynomial is the polynomial (SymPy's ``Matrix.companion``:
    ones on the subdiagonal, the negated coefficients in the last column).

    Parameters
    ----------
    coefficients : sequence or Tensor
        ``[1, c_{n-1}, ..., c_0]``; a SymPy ``Poly`` is read by its ``all_coeffs()``.

    Returns
    -------
    Tensor
        A new ``(n, n)`` tensor in the ops of the coefficients (or ``ops``).

    Raises
    ------
    ArgumentValueError
        The coefficients are not one row (``ndim != 1``), or the polynomial is constant or not monic.

    Examples
    --------
    >>> import gentensor as gt
    >>> c = gt.linalg.companion([1, -5, -2])
    >>> c.tolist(), gt.linalg.charpoly(c).tolist()
    ([[0, 2], [1, 5]], [1, -5, -2])
    """
    from ..arrays.creation import tensor
    from ..errors import ArgumentValueError

    if hasattr(coefficients, "all_coeffs"):
        coefficients = coefficients.all_coeffs()
    c = tensor(coefficients, ops=ops)
    if c.ndim != 1 or c.shape[0] < 2:
        raise ArgumentValueError(f"companion: needs the coefficients of a polynomial of degree >= 1 (got shape {c.shape})")
    values = c.tolist()
    o = c.ops
    if not o.equal(values[0], o.one):
        raise ArgumentValueError(f"companion: the polynomial must be monic (got leading coefficient {values[0]})")
    n = len(values) - 1
    rows = [[o.zero] * n for _ in range(n)]
    for i in range(1, n):
        rows[i][i - 1] = o.one
    for i in range(n):
        rows[i][n - 1] = o.neg(values[n - i])
    return Tensor._from_flat([v for row in rows for v in row], (n, n), o)


def jordan_block(size: int, value: Any, /, *, ops: Any = None) -> Tensor[Any]:
    """The ``size x size`` Jordan block: ``value`` on the diagonal, ones just above it (SymPy's convention).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.jordan_block(3, 2).tolist()
    [[2, 1, 0], [0, 2, 1], [0, 0, 2]]
    """
    from ..arrays.creation import tensor
    from ..errors import ArgumentTypeError

    if isinstance(size, bool) or not isinstance(size, int) or size < 0:
        raise ArgumentTypeError(f"jordan_block: size must be an int >= 0 (got {size!r})")
    v = tensor(value, ops=ops)
    o = v.ops
    element = v.item()
    rows = [[element if i == j else (o.one if j == i + 1 else o.zero) for j in range(size)] for i in range(size)]
    return Tensor._from_flat([x for row in rows for x in row], (size, size), o)


def block_diag(*matrices: Any, ops: Any = None) -> Tensor[Any]:
    """The block-diagonal matrix with these matrices (or scalars) on its diagonal (SymPy's ``Matrix.diag``).

    Parameters
    ----------
    *matrices : Tensor, array-like or scalar
        The blocks, top left first; a scalar is a 1x1 block.
    ops : ops, optional
        The ops of the result (by default the blocks' common ops).

    Returns
    -------
    Tensor
        A new ``(sum of rows, sum of columns)`` tensor.

    Raises
    ------
    ShapeError
        A block has more than two axes.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.block_diag([[1, 2], [3, 4]], 5).tolist()
    [[1, 2, 0], [3, 4, 0], [0, 0, 5]]
    """
    from ..arrays.creation import tensor
    from ..core.operands import common_ops

    blocks = [tensor(m) if not isinstance(m, Tensor) else m for m in matrices]
    for b in blocks:
        if b.ndim > 2:
            raise ShapeError(f"block_diag: blocks are matrices or scalars (got a block of shape {b.shape})")
    target = common_ops([b.ops for b in blocks], "block_diag") if ops is None and blocks else ops
    if target is None:
        from ..ops import integers as target  # no blocks: an empty integer matrix
    shapes = [(1, 1) if b.ndim == 0 else ((1, b.shape[0]) if b.ndim == 1 else b.shape) for b in blocks]
    m, n = sum(s[0] for s in shapes), sum(s[1] for s in shapes)
    rows = [[target.zero] * n for _ in range(m)]
    r = c = 0
    for b, (bm, bn) in zip(blocks, shapes):
        values = [target.convert(v) for v in b._elements()]
        for i in range(bm):
            for j in range(bn):
                rows[r + i][c + j] = values[i * bn + j]
        r, c = r + bm, c + bn
    return Tensor._from_flat([v for row in rows for v in row], (m, n), target)
