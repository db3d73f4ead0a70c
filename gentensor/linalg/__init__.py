"""Exact linear algebra over any commutative ring: ``gt.linalg``.

Every function takes a matrix or a stack of matrices (leading axes are batch
axes), copies each matrix out as rows, lets :mod:`._dispatch` choose the
algorithm for the ring, and wraps the result in a new tensor.  For one
matrix, :func:`det` returns the element itself and :func:`rank` an ``int``.

Exact answers need no tolerance: integers use fraction-free Bareiss
elimination, rationals are eliminated over the integers after clearing
denominators, SymPy expressions go through SymPy's polynomial rings, and
composite moduli never divide by a zero divisor.  See ``docs/linalg.md``.

>>> import gentensor as gt
>>> a = gt.tensor([[2, 1], [1, 3]])
>>> gt.linalg.det(a), gt.linalg.inv(a).tolist()
(5, [[Fraction(3, 5), Fraction(-1, 5)], [Fraction(-1, 5), Fraction(2, 5)]])
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any, Callable, NamedTuple, Optional

from ..core.operands import as_tensor, common_ops, elements_as
from ..core.tensor import Tensor
from ..errors import NonSquareError, ShapeError, SingularMatrixError
from ..ops import booleans, integers
from ..parallel import run_tasks
from ..compute.products import matrix_power
from . import _dispatch

__all__ = [
    "det",
    "inv",
    "adjugate",
    "solve",
    "rank",
    "rref",
    "nullspace",
    "lu",
    "charpoly",
    "matrix_power",
    "RrefResult",
    "LUResult",
]


class RrefResult(NamedTuple):
    """The result of :func:`rref`: the reduced row echelon form and its pivot columns.

    ``pivots`` is a tuple of column indices for one matrix; for a stack it is
    nested like the batch axes (a tuple of tuples for one batch axis).

    >>> import gentensor as gt
    >>> r = gt.linalg.rref(gt.tensor([[1, 2], [2, 4]]))
    >>> r.matrix.tolist(), r.pivots
    ([[Fraction(1, 1), Fraction(2, 1)], [Fraction(0, 1), Fraction(0, 1)]], (0,))
    """

    matrix: Tensor[Any]
    pivots: Any


class LUResult(NamedTuple):
    """The result of :func:`lu`: ``p @ x == l @ u``.

    ``p`` is a permutation matrix, ``l`` unit lower triangular, ``u`` upper
    triangular (row echelon form).

    >>> import gentensor as gt
    >>> gt.linalg.lu(gt.tensor([[0, 1], [1, 1]])).p.tolist()
    [[Fraction(0, 1), Fraction(1, 1)], [Fraction(1, 1), Fraction(0, 1)]]
    """

    p: Tensor[Any]
    l: Tensor[Any]  # noqa: E741  (the standard name of the factor)
    u: Tensor[Any]


# -- copying matrices out and results back ------------------------------------------


class _Stack(NamedTuple):
    batch: tuple[int, ...]
    m: int
    n: int
    ops: Any
    matrices: list[Any]  # one item per matrix: its rows (or a pair of row lists for solve)


def _stack(x: Any, func: str, *, square: bool, ops: Any = None) -> _Stack:
    """The matrices of ``x`` as fresh rows (booleans read as integers), after the shape checks."""
    x = as_tensor(x, func)
    if x.ndim < 2:
        raise ShapeError(f"{func}: expects a matrix or a stack of matrices, ndim >= 2 (got shape {x.shape})")
    *batch, m, n = x.shape
    if square and m != n:
        raise NonSquareError(f"{func}: expects square matrices (got shape {x.shape}); the last two axes must be equal")
    if ops is None:
        ops = integers if x.ops is booleans else x.ops
    flat = elements_as(x, ops)
    size = m * n
    if size:
        matrices = [[flat[s + i * n : s + (i + 1) * n] for i in range(m)] for s in range(0, len(flat), size)]
    else:  # m x 0 or 0 x n matrices: no elements to slice, but the rows (or none) still exist
        matrices = [[[] for _ in range(m)] for _ in range(math.prod(batch))]
    return _Stack(tuple(batch), m, n, ops, matrices)


def _run(task: Callable[[Any], Any], stack: _Stack, func: str, executor: Any, workers: Any) -> list[Any]:
    """``task`` on each matrix of the stack: directly for one matrix, under the parallel policy for stacks."""
    if not stack.batch:
        return [task(stack.matrices[0])]
    return run_tasks(task, stack.matrices, executor=executor, workers=workers, index_shape=stack.batch, where=func)


def _wrap_matrices(results: list[list[list[Any]]], batch: tuple[int, ...], shape: tuple[int, ...], ops: Any) -> Tensor[Any]:
    flat = [v for matrix in results for row in matrix for v in row]
    return Tensor._from_flat(flat, batch + shape, ops)


def _nest(values: list[Any], batch: tuple[int, ...]) -> Any:
    """A flat list of per-matrix values as nested tuples shaped like ``batch``."""
    if len(batch) <= 1:
        return tuple(values)
    step = len(values) // batch[0] if batch[0] else 0
    return tuple(_nest(values[i * step : (i + 1) * step], batch[1:]) for i in range(batch[0]))


def _singular(func: str, n: int) -> SingularMatrixError:
    return SingularMatrixError(f"{func}: the matrix is singular (got a {n}x{n} matrix with determinant 0)")


# -- tasks: one matrix each (module-level so worker processes can run them) ----------


def _det_task(rows: list[list[Any]], ops: Any, method: str, kind: str) -> Any:
    return _dispatch.det_checked(rows, ops, method, kind, "det")


def _inv_task(rows: list[list[Any]], ops: Any) -> list[list[Any]]:
    out = _dispatch.inv(rows, ops, "inv")
    if out is None:
        raise _singular("inv", len(rows))
    return out


def _solve_task(pair: tuple[list[list[Any]], list[list[Any]]], ops: Any) -> list[list[Any]]:
    A, B = pair
    out = _dispatch.solve(A, B, ops, "solve")
    if out is None:
        raise _singular("solve", len(A))
    return out


def _lu_task(rows: list[list[Any]], ops: Any) -> tuple[list[int], list[list[Any]], list[list[Any]]]:
    return _dispatch.lu(rows, ops, "lu")


# -- the public functions ---------------------------------------------------------------


def det(x: Tensor[Any], /, *, method: str = "auto", executor: Any = None, workers: Optional[int] = None) -> Any:
    """Determinant of a square matrix, or of each matrix of a stack.

    Parameters
    ----------
    x : Tensor
        Shape ``(..., n, n)``.
    method : {"auto", "bareiss", "gauss", "berkowitz", "laplace"}
        ``"bareiss"``: fraction-free elimination (exact division only);
        ``"gauss"``: elimination with field division; ``"berkowitz"``:
        division-free, any commutative ring; ``"laplace"``: cofactor
        expansion (memoised, ``n * 2**(n-1)`` products).  ``"auto"`` picks
        the best method that works for the ring (see ``docs/linalg.md``).
    executor, workers
        Parallel policy for stacks (see :func:`gentensor.parallel`).

    Returns
    -------
    element or Tensor
        For one matrix the determinant itself (an ``int`` for integers,
        ``ops.one`` for a 0x0 matrix); for a stack a new tensor of shape ``x.shape[:-2]``.

    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    NonSquareError
        The last two axes differ.
    DomainError
        ``method`` cannot work over the ring (the message names the methods
        that can), or the ops is not commutative.
    ValueError
        ``method`` is not one of the names above.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.det(gt.tensor([[2, 3, 1], [4, 1, 0], [0, 5, 7]]))
    -50
    >>> gt.linalg.det(gt.tensor([[[1, 2], [3, 4]], [[2, 0], [0, 2]]])).tolist()
    [-2, 4]
    >>> gt.linalg.det(gt.tensor([[3, 1], [1, 5]], ops=gt.modular(6)), method="berkowitz")
    2
    """
    stack = _stack(x, "det", square=True)
    kind = _dispatch.ring_kind(stack.ops, "det")
    _dispatch.check_method("det", method, stack.ops, kind)
    task = partial(_det_task, ops=stack.ops, method=method, kind=kind)
    results = _run(task, stack, "det", executor, workers)
    if not stack.batch:
        return results[0]
    return Tensor._from_flat(results, stack.batch, stack.ops)


def inv(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """Exact inverse of a square matrix or of each matrix of a stack.

    Integers give rationals.  Over a ring without field division (``Z/n``
    with composite ``n``, a user ring with ``exquo``) the inverse is computed
    in the ring and exists exactly when the determinant is a unit.

    Returns
    -------
    Tensor
        A new tensor of the shape of ``x``.

    Raises
    ------
    ShapeError, NonSquareError
        ``x`` is not a (stack of) square matrices.
    SingularMatrixError
        A matrix is not invertible (over its ring).
    DomainError
        The ops is not commutative or has no division at all.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.inv(gt.tensor([[2, 1], [1, 1]])).tolist()
    [[Fraction(1, 1), Fraction(-1, 1)], [Fraction(-1, 1), Fraction(2, 1)]]
    >>> gt.linalg.inv(gt.tensor([[1, 2], [3, 5]], ops=gt.modular(6))).tolist()
    [[1, 2], [3, 5]]
    """
    stack = _stack(x, "inv", square=True)
    out_ops = _result_ops(stack.ops, "inv")
    results = _run(partial(_inv_task, ops=stack.ops), stack, "inv", executor, workers)
    return _wrap_matrices(results, stack.batch, (stack.n, stack.n), out_ops)


def _result_ops(ops: Any, func: str) -> Any:
    """Where results involving division live; refuses non-commutative ops up front."""
    _dispatch.ring_kind(ops, func)
    return _dispatch.field_ops(ops)


def adjugate(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """The adjugate (classical adjoint): ``x @ adjugate(x) == det(x) * I``, also for singular ``x``.

    Stays in the ring of ``x`` (no division needed).

    Returns
    -------
    Tensor
        A new tensor of the shape of ``x``.

    Raises
    ------
    ShapeError, NonSquareError
        ``x`` is not a (stack of) square matrices.
    DomainError
        The ops is not commutative.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.adjugate(gt.tensor([[1, 2], [3, 4]])).tolist()
    [[4, -2], [-3, 1]]
    >>> gt.linalg.adjugate(gt.tensor([[1, 2], [2, 4]])).tolist()
    [[4, -2], [-2, 1]]
    """
    stack = _stack(x, "adjugate", square=True)
    _dispatch.ring_kind(stack.ops, "adjugate")
    results = _run(partial(_dispatch.adjugate, ops=stack.ops), stack, "adjugate", executor, workers)
    return _wrap_matrices(results, stack.batch, (stack.n, stack.n), stack.ops)


def solve(a: Tensor[Any], b: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """The exact solution ``x`` of ``a @ x == b`` for square, invertible ``a``.

    ``b`` is a vector when it is 1-d (shape ``(n,)``), otherwise a matrix or
    a stack of matrices ``(..., n, k)``; batch axes broadcast (NumPy 2 rules).
    Integers give rationals.

    Returns
    -------
    Tensor
        A new tensor: shape ``a.shape[:-1]`` for a vector ``b``, else the
        broadcast batch shape plus ``(n, k)``.

    Raises
    ------
    ShapeError, NonSquareError
        Shapes that do not fit (the message shows both).
    SingularMatrixError
        ``a`` (a matrix of the stack) is singular.
    OpsMismatchError
        The ops of ``a`` and ``b`` cannot be combined.
    NotDivisibleError
        Over a ring with ``exquo``: the solution is not in the ring.

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[2, 1], [1, 3]])
    >>> gt.linalg.solve(a, gt.tensor([3, 5])).tolist()
    [Fraction(4, 5), Fraction(7, 5)]
    >>> gt.linalg.solve(a, gt.tensor([[1, 0], [0, 1]])).tolist() == gt.linalg.inv(a).tolist()
    True
    """
    from ..arrays.manipulation import broadcast_to  # a sibling layer, used only here

    a = as_tensor(a, "solve")
    b = as_tensor(b, "solve")
    if a.ndim < 2:
        raise ShapeError(f"solve: a must be a matrix or a stack of matrices (got a of shape {a.shape})")
    n = a.shape[-1]
    if a.shape[-2] != n:
        raise NonSquareError(f"solve: a must be square (got a of shape {a.shape})")
    vector = b.ndim == 1
    if b.ndim == 0 or b.shape[-1 if vector else -2] != n:
        raise ShapeError(
            f"solve: b must have shape ({n},) or (..., {n}, k) to match a (got a of shape {a.shape}, b of shape {b.shape})"
        )
    ops = common_ops([a.ops, b.ops], "solve")
    if ops is booleans:
        ops = integers
    out_ops = _result_ops(ops, "solve")
    if vector:
        b = b.reshape((n, 1))
    batch = _broadcast_batch(a.shape[:-2], b.shape[:-2])
    k = b.shape[-1]
    sa = _stack(broadcast_to(a, batch + (n, n)), "solve", square=True, ops=ops)
    sb = _stack(broadcast_to(b, batch + (n, k)), "solve", square=False, ops=ops)
    pairs = _Stack(batch, n, k, ops, list(zip(sa.matrices, sb.matrices)))
    results = _run(partial(_solve_task, ops=ops), pairs, "solve", executor, workers)
    out = _wrap_matrices(results, batch, (n, k), out_ops)
    if vector:
        return out.reshape(batch + (n,))
    return out


def _broadcast_batch(s: tuple[int, ...], t: tuple[int, ...]) -> tuple[int, ...]:
    width = max(len(s), len(t))
    s = (1,) * (width - len(s)) + tuple(s)
    t = (1,) * (width - len(t)) + tuple(t)
    out = []
    for p, q in zip(s, t):
        if p != q and 1 not in (p, q):
            raise ShapeError(f"solve: the batch axes of a and b do not broadcast (got {s} and {t})")
        out.append(q if p == 1 else p)
    return tuple(out)


def rank(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Any:
    """Rank of a matrix (over the field of fractions), or of each matrix of a stack.

    Returns
    -------
    int or Tensor
        An ``int`` for one matrix; for a stack a new integers tensor of shape ``x.shape[:-2]``.

    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    DomainError
        The ring has zero divisors (``Z/n``, ``n`` composite) or no exact division.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.rank(gt.tensor([[1, 2, 3], [2, 4, 6], [1, 0, 1]]))
    2
    >>> gt.linalg.rank(gt.eye(3))
    3
    """
    stack = _stack(x, "rank", square=False)
    _dispatch.ring_kind(stack.ops, "rank")
    results = _run(partial(_dispatch.rank, ops=stack.ops), stack, "rank", executor, workers)
    if not stack.batch:
        return results[0]
    return Tensor._from_flat(results, stack.batch, integers)


def rref(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> RrefResult:
    """Reduced row echelon form and pivot columns (over a field; integers give rationals).

    Returns
    -------
    RrefResult
        ``(matrix, pivots)``: a new tensor of the shape of ``x`` and a tuple
        of pivot column indices (nested tuples for a stack).

    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    DomainError
        The ring is not a field and has no field of fractions here.

    Examples
    --------
    >>> import gentensor as gt
    >>> m, piv = gt.linalg.rref(gt.tensor([[2, 4, 2], [1, 3, 4]]))
    >>> [[str(v) for v in row] for row in m.tolist()], piv
    ([['1', '0', '-5'], ['0', '1', '3']], (0, 1))
    """
    stack = _stack(x, "rref", square=False)
    out_ops = _result_ops(stack.ops, "rref")
    results = _run(partial(_dispatch.rref, ops=stack.ops), stack, "rref", executor, workers)
    matrix = _wrap_matrices([r[0] for r in results], stack.batch, (stack.m, stack.n), out_ops)
    pivots = [tuple(r[1]) for r in results]
    return RrefResult(matrix, pivots[0] if not stack.batch else _nest(pivots, stack.batch))


def nullspace(x: Tensor[Any], /) -> Tensor[Any]:
    """A basis of the null space ``{v : x @ v == 0}`` as the columns of an ``(n, k)`` tensor.

    The basis read off the reduced row echelon form (one vector per free
    column, with a one there), as SymPy's ``nullspace``; integers give rationals.

    Returns
    -------
    Tensor
        A new 2-d tensor; ``k == 0`` (shape ``(n, 0)``) when ``x`` has full column rank.

    Raises
    ------
    ShapeError
        ``x`` is not 2-d (null spaces of a stack differ in size; loop over it).
    DomainError
        The ring is not a field and has no field of fractions here.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.nullspace(gt.tensor([[1, 2], [2, 4]])).tolist()
    [[Fraction(-2, 1)], [Fraction(1, 1)]]
    """
    x = as_tensor(x, "nullspace")
    if x.ndim != 2:
        raise ShapeError(f"nullspace: expects one matrix, ndim == 2 (got shape {x.shape}); loop over a stack")
    matrix, pivots = rref(x)
    ops = matrix.ops
    m, n = x.shape
    rows = matrix.tolist()
    free = [c for c in range(n) if c not in pivots]
    basis = []
    for f in free:
        v = [ops.zero] * n
        v[f] = ops.one
        for i, p in enumerate(pivots):
            v[p] = ops.neg(rows[i][f])
        basis.append(v)
    flat = [basis[j][i] for i in range(n) for j in range(len(free))]
    return Tensor._from_flat(flat, (n, len(free)), ops)


def lu(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> LUResult:
    """LU factorisation with row permutation: ``p @ x == l @ u`` for any ``m x n`` matrix over a field.

    Integers are promoted to rationals; singular and rectangular matrices are
    fine (``u`` is then a row echelon form).  Floats use partial pivoting.

    Returns
    -------
    LUResult
        ``(p, l, u)``, new tensors of shapes ``(..., m, m)``, ``(..., m, m)``
        and ``(..., m, n)``.

    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    DomainError
        The ring is not a field (integers excepted).

    Examples
    --------
    >>> import gentensor as gt
    >>> p, l, u = gt.linalg.lu(gt.tensor([[0, 2], [1, 1], [2, 2]]))
    >>> [[str(v) for v in row] for row in l.tolist()]
    [['1', '0', '0'], ['0', '1', '0'], ['2', '0', '1']]
    >>> [[str(v) for v in row] for row in u.tolist()]
    [['1', '1'], ['0', '2'], ['0', '0']]
    """
    stack = _stack(x, "lu", square=False)
    out_ops = _result_ops(stack.ops, "lu")
    results = _run(partial(_lu_task, ops=stack.ops), stack, "lu", executor, workers)
    m, n = stack.m, stack.n
    zero, one = out_ops.zero, out_ops.one
    perms = []
    for perm, _, _ in results:
        P = [[zero] * m for _ in range(m)]
        for i, j in enumerate(perm):
            P[i][j] = one
        perms.append(P)
    convert = out_ops.convert
    return LUResult(
        _wrap_matrices(perms, stack.batch, (m, m), out_ops),
        _wrap_matrices([[[convert(v) for v in row] for row in r[1]] for r in results], stack.batch, (m, m), out_ops),
        _wrap_matrices([[[convert(v) for v in row] for row in r[2]] for r in results], stack.batch, (m, n), out_ops),
    )


def charpoly(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """Coefficients of the characteristic polynomial ``det(t*I - x)``, highest degree first.

    Monic, ``n + 1`` coefficients, computed without division (Berkowitz), so
    any commutative ring works; integer coefficients are ``int``.

    Returns
    -------
    Tensor
        A new tensor of shape ``x.shape[:-2] + (n + 1,)`` in the ops of ``x``.

    Raises
    ------
    ShapeError, NonSquareError
        ``x`` is not a (stack of) square matrices.
    DomainError
        The ops is not commutative.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.charpoly(gt.tensor([[1, 2], [3, 4]])).tolist()
    [1, -5, -2]
    """
    stack = _stack(x, "charpoly", square=True)
    _dispatch.ring_kind(stack.ops, "charpoly")
    results = _run(partial(_dispatch.charpoly, ops=stack.ops), stack, "charpoly", executor, workers)
    flat = [c for coeffs in results for c in coeffs]
    return Tensor._from_flat(flat, stack.batch + (stack.n + 1,), stack.ops)
