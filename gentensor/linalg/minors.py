"""What a matrix has: minors and cofactors, row and column spaces, the permanent, the components of its pattern.

Every function works over any ring through its ops (determinants by the
ring's own algorithm, `gentensor.linalg.det`); those that take a stack of
matrices answer one tensor for the stack.

Examples
--------
>>> import gentensor as gt
>>> a = gt.tensor([[2, -1], [-1, 2]])
>>> gt.linalg.cofactor_matrix(a).tolist(), gt.linalg.permanent(a)
([[2, 1], [1, 2]], 5)
"""

from __future__ import annotations

from functools import partial
from typing import Any, Optional

from .._docs import section, sections
from ..core.layout import as_int
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import IndexingError, LimitError, NonSquareError
from ..ops import ElementOps
from . import _policy
from ._stack import Stack, run, stack_of, wrap_matrices
from .measures import det
from .properties import _NOT_SQUARE, _PER_MATRIX

__all__ = [
    "minor_submatrix",
    "minor",
    "cofactor",
    "cofactor_matrix",
    "columnspace",
    "rowspace",
    "permanent",
    "connected_components",
    "strongly_connected_components",
]

MAX_PERMANENT = 20  # Ryser's formula takes n * 2**n products


# -- minors and cofactors -----------------------------------------------------------------------------


def _index(k: Any, size: int, func: str, what: str) -> int:
    k = as_int(k, func, what)
    if not -size <= k < size:
        raise IndexingError(f"{func}: {what} {k} is out of range for a dimension of size {size}")
    return k % size


def minor_submatrix(x: Tensor[Any], i: int, j: int, /) -> Tensor[Any]:
    """``x`` without row ``i`` and column ``j`` (negative indices count from the end); stacks too.

    Returns
    -------
    Tensor
        A new tensor of shape ``x.shape[:-2] + (m - 1, n - 1)``.

    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    IndexingError
        ``i`` or ``j`` is out of range.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.minor_submatrix(gt.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]]), 1, 1).tolist()
    [[1, 3], [7, 9]]
    """
    stack = stack_of(x, "minor_submatrix", square=False)
    i = _index(i, stack.m, "minor_submatrix", "the row")
    j = _index(j, stack.n, "minor_submatrix", "the column")
    out = [[[v for c, v in enumerate(row) if c != j] for r, row in enumerate(rows) if r != i] for rows in stack.matrices]
    return wrap_matrices(out, stack.batch, (stack.m - 1, stack.n - 1), stack.ops)


@sections(_PER_MATRIX, section("Raises", _NOT_SQUARE, ("IndexingError", "``i`` or ``j`` is out of range.")))
def minor(x: Tensor[Any], i: int, j: int, /) -> Tensor[Any] | Any:
    """The ``(i, j)`` minor: the determinant of [`minor_submatrix`][gentensor.linalg.minors.minor_submatrix].

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.minor(gt.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 10]]), 0, 0)
    2
    """
    x = as_tensor(x, "minor")
    if x.ndim >= 2 and x.shape[-1] != x.shape[-2]:
        raise NonSquareError(f"minor: needs a square matrix (got shape {x.shape})")
    return det(minor_submatrix(x, i, j))


def cofactor(x: Tensor[Any], i: int, j: int, /) -> Tensor[Any] | Any:
    """The ``(i, j)`` cofactor ``(-1)**(i + j) * minor(x, i, j)``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.cofactor(gt.tensor([[1, 2], [3, 4]]), 0, 1)
    -3
    """
    x = as_tensor(x, "cofactor")
    m = minor(x, i, j)
    i, j = i % x.shape[-2], j % x.shape[-1]
    if (i + j) % 2 == 0:
        return m
    return -m if isinstance(m, Tensor) else x.ops.neg(m)


def adjugates(x: Any, func: str, executor: Any, workers: Optional[int]) -> tuple[Stack, list[list[list[Any]]]]:
    """The square matrices of ``x`` and the adjugate of each, as rows (for `adjugate` and `cofactor_matrix`)."""
    stack = stack_of(x, func, square=True)
    _policy.check_commutative(stack.ops, func)
    task = partial(_policy.adjugate, ops=stack.ops, provider=_policy.kernel_of(stack.ops, "adjugate"))
    return stack, run(task, stack, func, executor, workers)


def cofactor_matrix(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """The matrix of cofactors: the transpose of the adjugate (division-free, any commutative ring).

    Returns
    -------
    Tensor
        A new tensor of the shape of ``x``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.cofactor_matrix(gt.tensor([[1, 2], [3, 4]])).tolist()
    [[4, -3], [-2, 1]]
    """
    stack, results = adjugates(x, "cofactor_matrix", executor, workers)
    transposed = [[list(column) for column in zip(*adj)] for adj in results]
    return wrap_matrices(transposed, stack.batch, (stack.n, stack.n), stack.ops)


# -- subspaces ------------------------------------------------------------------------------------------

#: The error of the functions that take one matrix (`_one_matrix`).
_ONE_MATRIX = section("Raises", ("ShapeError", "``x`` is not one matrix."))
_ONE_SQUARE_MATRIX = section("Raises", ("ShapeError", "``x`` is not one matrix."), _NOT_SQUARE)


@sections(_ONE_MATRIX)
def columnspace(x: Tensor[Any], /) -> Tensor[Any]:
    """A basis of the column space: the columns of ``x`` where its reduced echelon form has pivots (SymPy's choice).

    Returns
    -------
    Tensor
        A new ``(m, r)`` tensor (``r`` the rank) in the ops of ``x``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.columnspace(gt.tensor([[1, 2, 3], [2, 4, 7]])).tolist()
    [[1, 3], [2, 7]]
    """
    x = _one_matrix(x, "columnspace")
    _, pivots = _rref(x, "columnspace")
    return x[:, list(pivots)].copy() if pivots else x[:, :0].copy()


@sections(_ONE_MATRIX)
def rowspace(x: Tensor[Any], /) -> Tensor[Any]:
    """A basis of the row space: the non-zero rows of the reduced row echelon form.

    SymPy returns the rows of an echelon form; both span the same space.

    Returns
    -------
    Tensor
        A new ``(r, n)`` tensor over the field of ``x`` (integers give rationals).

    Examples
    --------
    >>> import gentensor as gt
    >>> [[str(v) for v in row] for row in gt.linalg.rowspace(gt.tensor([[1, 2], [2, 4]])).tolist()]
    [['1', '2']]
    """
    x = _one_matrix(x, "rowspace")
    matrix, pivots = _rref(x, "rowspace")
    return matrix[: len(pivots)].copy()


def _rref(x: Tensor[Any], func: str) -> tuple[Tensor[Any], list[int]]:
    """The reduced row echelon form of one matrix (over its field) and its pivot columns."""
    stack = stack_of(x, func, square=False)
    field = _policy.field_ops(stack.ops)
    rows, pivots = _policy.rref(stack.matrices[0], stack.ops, func, _policy.kernel_of(stack.ops, "rref"))
    flat = [field.convert(v) for row in rows for v in row]
    return Tensor._from_flat(flat, (stack.m, stack.n), field), list(pivots)


def _one_matrix(x: Any, func: str, square: bool = False) -> Tensor[Any]:
    from ..errors import ShapeError

    x = as_tensor(x, func)
    if x.ndim != 2:
        raise ShapeError(f"{func}: expects one matrix, ndim == 2 (got shape {x.shape}); loop over a stack")
    if square and x.shape[0] != x.shape[1]:
        raise NonSquareError(f"{func}: needs a square matrix (got shape {x.shape})")
    return x


# -- the permanent -------------------------------------------------------------------------------------


def _permanent_rows(rows: list[list[Any]], ops: ElementOps) -> Any:
    """Ryser's formula with a Gray code: ``n * 2**n`` additions and products, no division.

    Uses ``ops.zero, ops.add, ops.sub, ops.mul, ops.prod, ops.neg``.
    """
    n = len(rows)
    if n == 0:
        return ops.one
    sums = [ops.zero] * n
    total = ops.zero
    members = 0
    previous = 0
    for k in range(1, 1 << n):
        gray = k ^ (k >> 1)
        changed = (gray ^ previous).bit_length() - 1
        previous = gray
        if gray >> changed & 1:
            sums = [ops.add(s, row[changed]) for s, row in zip(sums, rows)]
            members += 1
        else:
            sums = [ops.sub(s, row[changed]) for s, row in zip(sums, rows)]
            members -= 1
        term = ops.prod(sums)
        total = ops.add(total, term) if (n - members) % 2 == 0 else ops.sub(total, term)
    return total


@sections(_PER_MATRIX, section("Raises", _NOT_SQUARE, ("LimitError", "More than 20 rows.")))
def permanent(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any] | Any:
    """The permanent: the determinant's sum over permutations without the signs (Ryser's formula).

    Any commutative ring; ``n * 2**n`` operations, so at most
    ``MAX_PERMANENT`` (20) rows.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.permanent(gt.tensor([[1, 2], [3, 4]])), gt.linalg.permanent(gt.ones((4, 4), ops=gt.integers))
    (10, 24)
    """
    stack = stack_of(x, "permanent", square=True)
    _policy.check_commutative(stack.ops, "permanent")
    if stack.n > MAX_PERMANENT:
        raise LimitError(
            f"permanent: Ryser's formula takes n * 2**n steps (got n = {stack.n}, more than {MAX_PERMANENT})"
        )
    results = run(partial(_permanent_rows, ops=stack.ops), stack, "permanent", executor, workers)
    return results[0] if not stack.batch else Tensor._from_flat(results, stack.batch, stack.ops)


# -- the graph of the non-zero pattern ------------------------------------------------------------------------


@sections(_ONE_SQUARE_MATRIX)
def strongly_connected_components(x: Tensor[Any], /) -> list[list[int]]:
    """The diagonal blocks of a block-triangular form: index sets strongly connected through non-zero entries.

    Entry ``(i, j)`` links ``i`` to ``j`` when it is not structurally zero;
    permuting rows and columns by the concatenated components (in the
    order returned, sinks first) makes ``x`` block lower triangular
    (SymPy's ``strongly_connected_components``; its order may differ).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.strongly_connected_components(gt.tensor([[1, 2, 0], [0, 3, 0], [0, 4, 5]]))
    [[1], [0], [2]]
    """
    from ._algebraic import diagonal_blocks

    x = _one_matrix(x, "strongly_connected_components", square=True)
    return diagonal_blocks(x.tolist())


@sections(_ONE_SQUARE_MATRIX)
def connected_components(x: Tensor[Any], /) -> list[list[int]]:
    """Index sets connected through non-zero entries in either direction: the blocks of a block-diagonal form.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.connected_components(gt.tensor([[1, 0, 2], [0, 3, 0], [4, 0, 5]]))
    [[0, 2], [1]]
    """
    x = _one_matrix(x, "connected_components", square=True)
    rows = x.tolist()
    n = len(rows)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(n):
        for j in range(n):
            if i != j and not rows[i][j] == 0:
                parent[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    return sorted(groups.values())
