"""SymPy's family of ``*_solve`` methods: triangular and diagonal substitution, Cramer's rule, and solves through a factorization.

Each returns the exact solution ``x`` of ``a @ x == b`` (``b`` a vector or a
matrix of right-hand sides, shapes as in [`solve`][gentensor.linalg.solve]).  The triangular and
diagonal solvers substitute directly (``n**2`` operations) after checking
the shape of ``a``; ``cholesky_solve`` and ``ldl_solve`` check that ``a`` is
Hermitian, as SymPy's do, then solve exactly (the answer does not depend on
the factorization); ``qr_solve`` is the least-squares solution of a matrix of
full column rank; ``cramer_solve`` takes ``n + 1`` determinants and one
division per entry.

Examples
--------
>>> import gentensor as gt
>>> gt.linalg.lower_triangular_solve(gt.tensor([[2, 0], [1, 1]]), gt.tensor([4, 3])).tolist()
[Fraction(2, 1), Fraction(1, 1)]
>>> gt.linalg.cramer_solve(gt.tensor([[2, 1], [1, 3]]), gt.tensor([3, 5])).tolist()
[Fraction(4, 5), Fraction(7, 5)]
"""

from __future__ import annotations

from typing import Any

from .._docs import examples, made, section, sections
from ..core.operands import as_tensor, common_ops
from ..core.tensor import Tensor
from ..errors import ArgumentValueError, DomainError, NonSquareError, ShapeError, SingularMatrixError
from ..ops import ElementOps
from . import _policy
from ._stack import arithmetic
from .measures import det
from .measures import rank as matrix_rank

__all__ = [
    "lower_triangular_solve",
    "upper_triangular_solve",
    "diagonal_solve",
    "cholesky_solve",
    "ldl_solve",
    "qr_solve",
    "cramer_solve",
    "pinv_solve",
]


def _system(a: Any, b: Any, func: str) -> tuple[Tensor[Any], Tensor[Any], bool, ElementOps]:
    """``(a, b as a matrix, b was a vector, field)`` for one square system, shapes checked."""
    a = as_tensor(a, func)
    b = as_tensor(b, func)
    if a.ndim != 2:
        raise ShapeError(f"{func}: a must be one matrix (got shape {a.shape}); loop over a stack, or use gt.linalg.solve")
    n = a.shape[0]
    if a.shape[1] != n:
        raise NonSquareError(f"{func}: a must be square (got shape {a.shape})")
    vector = b.ndim == 1
    if b.ndim not in (1, 2) or b.shape[0] != n:
        raise ShapeError(f"{func}: b must have shape ({n},) or ({n}, k) to match a (got {b.shape})")
    ops = arithmetic(common_ops([a.ops, b.ops], func))
    _policy.check_commutative(ops, func)
    field = _policy.field_ops(ops)
    return a, (b.reshape((n, 1)) if vector else b), vector, field


def _rows(t: Tensor[Any], field: ElementOps) -> list[list[Any]]:
    convert = field.convert
    return [[convert(v) for v in row] for row in t.tolist()]


def _result(X: list[list[Any]], vector: bool, field: ElementOps) -> Tensor[Any]:
    n, k = len(X), len(X[0]) if X else 0
    out = Tensor._from_flat([v for row in X for v in row], (n, k), field)
    return out.reshape((n,)) if vector else out


def _substitute(A: list[list[Any]], B: list[list[Any]], field: ElementOps, order: list[int], func: str) -> list[list[Any]]:
    """Solve a triangular system by substitution, rows taken in ``order``.

    Uses ``field.is_zero, field.sub, field.mul, field.div``.
    """
    n, k = len(A), len(B[0]) if B else 0
    X: list[list[Any]] = [[field.zero] * k for _ in range(n)]
    done: list[int] = []
    for i in order:
        pivot = A[i][i]
        if field.is_zero(pivot):
            raise SingularMatrixError(f"{func}: the matrix is singular (got a zero on the diagonal at row {i})")
        for c in range(k):
            acc = B[i][c]
            for j in done:
                acc = field.sub(acc, field.mul(A[i][j], X[j][c]))
            X[i][c] = field.div(acc, pivot)
        done.append(i)
    return X


def _triangular(a: Any, b: Any, func: str, lower: bool) -> Tensor[Any]:
    a, b, vector, field = _system(a, b, func)
    A, B = _rows(a, field), _rows(b, field)
    n = len(A)
    other = [(i, j) for i in range(n) for j in range(n) if (j > i if lower else j < i)]
    if any(not field.is_zero(A[i][j]) for i, j in other):
        shape = "lower" if lower else "upper"
        raise ArgumentValueError(f"{func}: a must be {shape} triangular (got a non-zero entry on the other side)")
    order = list(range(n)) if lower else list(range(n - 1, -1, -1))
    return _result(_substitute(A, B, field, order, func), vector, field)


#: What the solvers by substitution return and raise (see gentensor._docs).
_SOLUTION = section("Returns", ("Tensor", "A new tensor shaped like ``b``, over the field of the entries."))
_SUBSTITUTION = (
    ("SingularMatrixError", "A diagonal entry is zero."),
    ("ShapeError, NonSquareError", "The shapes do not fit."),
)


def _triangular_solver(lower: bool, call: str, result: str) -> Any:
    """``lower_triangular_solve`` (forward substitution) or ``upper_triangular_solve`` (back substitution)."""
    side, other, way = ("lower", "above", "forward") if lower else ("upper", "below", "back")
    name = f"{side}_triangular_solve"

    def solve(a: Tensor[Any], b: Tensor[Any], /) -> Tensor[Any]:
        return _triangular(a, b, name, lower=lower)

    raises = section("Raises", ("ArgumentValueError", f"``a`` has a non-zero entry {other} the diagonal."), *_SUBSTITUTION)
    summary = f"Solve ``a @ x == b`` for {side} triangular ``a`` by {way} substitution."
    return made(solve, name, __name__, "\n\n".join([summary, _SOLUTION, raises, examples(call, result)]))


lower_triangular_solve = _triangular_solver(
    True,
    "gt.linalg.lower_triangular_solve(gt.tensor([[1, 0], [2, 1]]), gt.tensor([[1], [4]])).tolist()",
    "[[Fraction(1, 1)], [Fraction(2, 1)]]",
)
upper_triangular_solve = _triangular_solver(
    False,
    "gt.linalg.upper_triangular_solve(gt.tensor([[2, 1], [0, 4]]), gt.tensor([4, 8])).tolist()",
    "[Fraction(1, 1), Fraction(2, 1)]",
)


@sections(_SOLUTION, section("Raises", ("ArgumentValueError", "``a`` is not diagonal."), *_SUBSTITUTION))
def diagonal_solve(a: Tensor[Any], b: Tensor[Any], /) -> Tensor[Any]:
    """Solve ``a @ x == b`` for diagonal ``a``: each row divided by its diagonal entry.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.diagonal_solve(gt.tensor([[2, 0], [0, 4]]), gt.tensor([1, 1])).tolist()
    [Fraction(1, 2), Fraction(1, 4)]
    """
    a, b, vector, field = _system(a, b, "diagonal_solve")
    A, B = _rows(a, field), _rows(b, field)
    n = len(A)
    if any(not field.is_zero(A[i][j]) for i in range(n) for j in range(n) if i != j):
        raise ArgumentValueError("diagonal_solve: a must be diagonal (got a non-zero entry off the diagonal)")
    return _result(_substitute(A, B, field, list(range(n)), "diagonal_solve"), vector, field)


def _hermitian_solver(name: str, sympy_name: str, call: str, result: str) -> Any:
    """``name(a, b)``: the exact solve of ``a @ x == b`` for Hermitian ``a``, under the name of SymPy's ``sympy_name``.

    SymPy factors ``a`` first (Cholesky or LDL); exact arithmetic needs no
    factorization, so both names solve the same way.  ``call`` and
    ``result`` make the docstring's example.
    """

    def solve(a: Tensor[Any], b: Tensor[Any], /) -> Tensor[Any]:
        from .properties import is_hermitian

        a, b, vector, field = _system(a, b, name)
        if not is_hermitian(a):
            raise ArgumentValueError(f"{name}: a must be Hermitian (symmetric for real entries), as its factorization needs")
        X = _policy.solve(_rows(a, field), _rows(b, field), field, name)
        if X is None:
            raise SingularMatrixError(f"{name}: the matrix is singular (got a {a.shape[0]}x{a.shape[0]} matrix with determinant 0)")
        return _result(X, vector, field)

    summary = f"Solve ``a @ x == b`` for Hermitian ``a`` (SymPy's ``{sympy_name}``) by exact elimination: no square roots."
    returns = section("Returns", ("Tensor", "The solution, a new tensor over the field of ``a`` and ``b`` (integers give rationals)."))
    raises = section("Raises", ("ArgumentValueError", "``a`` is not Hermitian."), ("SingularMatrixError", "``a`` is singular."))
    doc = "\n\n".join([summary, returns, raises, examples(call, result)])
    return made(solve, name, __name__, doc)


cholesky_solve = _hermitian_solver(
    "cholesky_solve",
    "cholesky_solve",
    "gt.linalg.cholesky_solve(gt.tensor([[4, 2], [2, 3]]), gt.tensor([2, 1])).tolist()",
    "[Fraction(1, 2), Fraction(0, 1)]",
)
ldl_solve = _hermitian_solver(
    "ldl_solve",
    "LDLsolve",
    "gt.linalg.ldl_solve(gt.tensor([[1, 2], [2, 1]]), gt.tensor([3, 3])).tolist()",
    "[Fraction(1, 1), Fraction(1, 1)]",
)


def qr_solve(a: Tensor[Any], b: Tensor[Any], /) -> Tensor[Any]:
    """The least-squares solution for ``a`` of full column rank (SymPy's ``QRsolve``): exact.

    Raises
    ------
    DomainError
        ``a`` does not have full column rank (use [`lstsq`][gentensor.linalg.solutions.lstsq] for the minimal-norm one).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.qr_solve(gt.tensor([[1, 0], [0, 1], [1, 1]]), gt.tensor([1, 1, 0])).tolist()
    [Fraction(1, 3), Fraction(1, 3)]
    """
    from .solutions import lstsq

    a = as_tensor(a, "qr_solve")
    if a.ndim != 2:
        raise ShapeError(f"qr_solve: a must be one matrix (got shape {a.shape})")
    rank = matrix_rank(a)
    if rank != a.shape[1]:
        raise DomainError(
            f"qr_solve: a must have full column rank (got rank {rank} for {a.shape[1]} columns); "
            "use gt.linalg.lstsq for the minimal-norm solution"
        )
    return lstsq(a, b).solution


def cramer_solve(a: Tensor[Any], b: Tensor[Any], /) -> Tensor[Any]:
    """Cramer's rule: ``x[i] = det(a with column i replaced by b) / det(a)``.

    ``n + 1`` determinants per right-hand side, each division-free for
    integral domains: for small systems of expressions.

    Raises
    ------
    SingularMatrixError
        ``det(a)`` is zero.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> x, y = sympy.symbols("x y")
    >>> gt.linalg.cramer_solve(gt.tensor([[x, 1], [1, y]]), gt.tensor([1, 0])).tolist()
    [y/(x*y - 1), -1/(x*y - 1)]
    """
    a, b, vector, field = _system(a, b, "cramer_solve")
    ops = a.ops
    A = a.tolist()
    d = det(a)
    if ops.is_zero(d):
        raise SingularMatrixError(f"cramer_solve: the matrix is singular (got a {len(A)}x{len(A)} matrix with determinant 0)")
    n, k = b.shape
    columns = b.tolist()
    X = [[field.zero] * k for _ in range(n)]
    for c in range(k):
        for i in range(n):
            replaced = [[columns[r][c] if j == i else v for j, v in enumerate(row)] for r, row in enumerate(A)]
            minor = det(Tensor._from_flat([v for row in replaced for v in row], (n, n), a.ops))
            X[i][c] = field.div(field.convert(minor), field.convert(d))
    return _result(X, vector, field)


def pinv_solve(a: Tensor[Any], b: Tensor[Any], /) -> Tensor[Any]:
    """``pinv(a) @ b``: the least-squares solution of minimal norm (SymPy's ``pinv_solve`` without free parameters).

    Returns
    -------
    Tensor
        A new tensor with ``a.shape[-1]`` rows (a vector for a 1-d ``b``); integers give rationals.

    Raises
    ------
    ShapeError
        ``a`` is not a matrix, or ``b`` has no matching rows (as for [`pinv`][gentensor.linalg.solutions.pinv] and ``@``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.pinv_solve(gt.tensor([[1, 1], [1, 1]]), gt.tensor([2, 2])).tolist()
    [Fraction(1, 1), Fraction(1, 1)]
    """
    from .solutions import pinv

    a = as_tensor(a, "pinv_solve")
    b = as_tensor(b, "pinv_solve")
    return pinv(a) @ b

