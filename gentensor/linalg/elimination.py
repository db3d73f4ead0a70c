"""Elimination: ``inv``, ``adjugate``, ``solve``, ``rref``, ``nullspace``, ``lu``, ``matrix_power`` and ``explain``.

The functions of `gentensor.linalg` that eliminate (``det`` and ``rank`` are in
`.measures`): each copies the matrices of a stack out as rows, runs the
per-matrix task the ring's policy chooses (`._policy`, or a kernel provider
the ops has) and wraps the results in new tensors.  They are public as
``gt.linalg.<name>``; this module holds them so that the package namespace
holds nothing else.
"""

from __future__ import annotations

import operator
from fractions import Fraction
from functools import partial
from typing import Any, NamedTuple, Optional

from .._docs import section, sections
from ..arrays.creation import eye
from ..arrays.manipulation import broadcast_to
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ArgumentValueError, NonSquareError, ShapeError, SingularMatrixError
from ..ops import ZERO, ElementOps, as_ops
from . import _lapack, _policy
from ._policy import LinalgPlan
from ._stack import arithmetic, nest, packed_elements, run, stack_of, system_of, system_shapes, wrap_matrices
from ._userzero import with_iszerofunc
from .functions import domain_power, fractional_power
from .measures import _ISZEROFUNC, _from_words, _in_bulk, _kernel, _result_ops
from .power import positive_power
from .minors import adjugates

__all__ = ["inv", "adjugate", "solve", "rref", "nullspace", "lu", "matrix_power", "explain", "RrefResult", "LUResult"]


class RrefResult(NamedTuple):
    """The result of [`rref`][gentensor.linalg.rref]: the reduced row echelon form and its pivot columns.

    ``pivots`` is a tuple of column indices for one matrix; for a stack it is
    nested like the batch axes (a tuple of tuples for one batch axis).

    Examples
    --------
    >>> import gentensor as gt
    >>> r = gt.linalg.rref(gt.tensor([[1, 2], [2, 4]]))
    >>> r.matrix.tolist(), r.pivots
    ([[Fraction(1, 1), Fraction(2, 1)], [Fraction(0, 1), Fraction(0, 1)]], (0,))
    """

    matrix: Tensor[Any]
    pivots: Any


class LUResult(NamedTuple):
    """The result of [`lu`][gentensor.linalg.lu]: ``p @ x == l @ u``.

    ``p`` is a permutation matrix, ``l`` unit lower triangular, ``u`` upper
    triangular (row echelon form).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.lu(gt.tensor([[0, 1], [1, 1]])).p.tolist()
    [[Fraction(0, 1), Fraction(1, 1)], [Fraction(1, 1), Fraction(0, 1)]]
    """

    p: Tensor[Any]
    l: Tensor[Any]  # noqa: E741  (the standard name of the factor)
    u: Tensor[Any]



#: What inv and adjugate return, and the error they share.
_SAME_SHAPE = section("Returns", ("Tensor", "A new tensor of the shape of ``x``."))
_NOT_SQUARE = ("ShapeError, NonSquareError", "``x`` is not a (stack of) square matrices.")


# -- tasks: one matrix each (module-level so worker processes can run them) ----------


def _singular(func: str, n: int) -> SingularMatrixError:
    return SingularMatrixError(f"{func}: the matrix is singular (got a {n}x{n} matrix with determinant 0)")




def _inv_task(rows: list[list[Any]], ops: ElementOps, provider: Any) -> list[list[Any]]:
    out = _policy.inv(rows, ops, "inv", provider)
    if out is None:
        raise _singular("inv", len(rows))
    return out


def _solve_task(pair: tuple[list[list[Any]], list[list[Any]]], ops: ElementOps, provider: Any) -> list[list[Any]]:
    A, B = pair
    out = _policy.solve(A, B, ops, "solve", provider)
    if out is None:
        raise _singular("solve", len(A))
    return out


def _lu_task(rows: list[list[Any]], ops: ElementOps, provider: Any) -> tuple[list[int], list[list[Any]], list[list[Any]]]:
    return _policy.lu(rows, ops, "lu", provider)




# -- the public functions ---------------------------------------------------------------



@sections(
    _ISZEROFUNC,
    _SAME_SHAPE,
    section(
        "Raises",
        _NOT_SQUARE,
        ("SingularMatrixError", "A matrix is not invertible (over its ring)."),
        ("DomainError", "The ops is not commutative or has no division at all."),
    ),
)
def inv(x: Tensor[Any], /, *, iszerofunc: Any = None, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """Exact inverse of a square matrix or of each matrix of a stack.

    Integers give rationals.  Over a ring without field division (``Z/n``
    with composite ``n``, a user ring with ``exquo``) the inverse is computed
    in the ring and exists exactly when the determinant is a unit.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.inv(gt.tensor([[2, 1], [1, 1]])).tolist()
    [[Fraction(1, 1), Fraction(-1, 1)], [Fraction(-1, 1), Fraction(2, 1)]]
    >>> gt.linalg.inv(gt.tensor([[1, 2], [3, 5]], ops=gt.modular(6))).tolist()
    [[1, 2], [3, 5]]
    """
    x = as_tensor(x, "inv")
    if iszerofunc is None and _lapack.applies(x.ops) and x.ndim >= 2 and x.shape[-1] == x.shape[-2]:
        return _lapack.inv(x, _result_ops(x.ops, "inv"))  # floating point: LAPACK's LU
    found = _in_bulk(x, "inv") if iszerofunc is None else None
    if found is not None:
        return found
    if iszerofunc is None and _result_ops(x.ops, "inv") is x.ops:
        words = _from_words(x, "inv", executor, workers)  # packed residues: "inv.words", the inverses packed
        if words is not None:
            import numpy as np  # packed words: NumPy is there

            return Tensor._from_array(np.stack(words).reshape(x.shape), x.shape, x.ops)
    stack = stack_of(x, "inv", square=True)
    out_ops = _result_ops(stack.ops, "inv")
    user = with_iszerofunc(stack.ops, iszerofunc, "inv")
    task = partial(_inv_task, ops=user or stack.ops, provider=None if user else _kernel(stack.ops, "inv"))
    results = run(task, stack, "inv", executor, workers)
    return wrap_matrices(results, stack.batch, (stack.n, stack.n), out_ops)




@sections(_SAME_SHAPE, section("Raises", _NOT_SQUARE, ("DomainError", "The ops is not commutative.")))
def adjugate(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """The adjugate (classical adjoint): ``x @ adjugate(x) == det(x) * I``, also for singular ``x``.

    Stays in the ring of ``x`` (no division needed).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.adjugate(gt.tensor([[1, 2], [3, 4]])).tolist()
    [[4, -2], [-3, 1]]
    >>> gt.linalg.adjugate(gt.tensor([[1, 2], [2, 4]])).tolist()
    [[4, -2], [-2, 1]]
    """
    stack, results = adjugates(x, "adjugate", executor, workers)
    return wrap_matrices(results, stack.batch, (stack.n, stack.n), stack.ops)


@sections(_ISZEROFUNC)
def solve(
    a: Tensor[Any], b: Tensor[Any], /, *, iszerofunc: Any = None, executor: Any = None, workers: Optional[int] = None
) -> Tensor[Any]:
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
    shapes = system_shapes(a, b, "solve", square=True)
    if iszerofunc is None and _lapack.applies(shapes.ops):  # floating point: LAPACK's LU
        out = _lapack.solve(shapes.a, shapes.b, shapes.batch, _result_ops(shapes.ops, "solve"))
        return out.reshape(shapes.batch + (shapes.n,)) if shapes.vector else out
    if iszerofunc is None and not shapes.batch and _result_ops(shapes.ops, "solve") is shapes.ops:
        found = _solved_words(shapes)  # packed residues: "solve.words", the solution packed
        if found is not None:
            return found
    pairs, k, vector = system_of(a, b, "solve", square=True, shapes=shapes)
    batch, n, ops = pairs.batch, pairs.n, pairs.ops
    out_ops = _result_ops(ops, "solve")
    user = with_iszerofunc(ops, iszerofunc, "solve")
    bulk = _policy.kernel_of(ops, "solve.stack") if batch and user is None else None
    found = NotImplemented if bulk is None else bulk(pairs.matrices, n, k, ops)
    if found is not NotImplemented:
        results = found
    else:
        task = partial(_solve_task, ops=user or ops, provider=None if user else _kernel(ops, "solve"))
        results = run(task, pairs, "solve", executor, workers)
    out = wrap_matrices(results, batch, (n, k), out_ops)
    if vector:
        return out.reshape(batch + (n,))
    return out



def _solved_words(shapes: Any) -> Tensor[Any] | None:
    """One system of packed tensors of one ops through the ``"solve.words"`` provider, or ``None``."""
    a, b, ops = shapes.a, shapes.b, shapes.ops
    kernel = _policy.kernel_of(ops, "solve.words")
    if kernel is None or a.ops is not ops or b.ops is not ops:
        return None
    words_a, words_b = packed_elements(a), packed_elements(b)
    if words_a is None or words_b is None or not shapes.n or not shapes.k:
        return None
    found = kernel(words_a.reshape(shapes.n, shapes.n), words_b.reshape(shapes.n, shapes.k), ops)
    if found is NotImplemented:
        return None
    shape = (shapes.n,) if shapes.vector else (shapes.n, shapes.k)
    return Tensor._from_array(found.reshape(shape), shape, ops)


@sections(_ISZEROFUNC)
def rref(x: Tensor[Any], /, *, iszerofunc: Any = None, executor: Any = None, workers: Optional[int] = None) -> RrefResult:
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
    if iszerofunc is None:
        x = as_tensor(x, "rref")
        words = _from_words(x, "rref", executor, workers, square=False) if _result_ops(x.ops, "rref") is x.ops else None
        if words is not None:  # packed residues: "rref.words", the forms packed
            import numpy as np  # packed words: NumPy is there

            matrix = Tensor._from_array(np.stack([w[0] for w in words]).reshape(x.shape), x.shape, x.ops)
            found = [w[1] for w in words]
            return RrefResult(matrix, found[0] if x.ndim == 2 else nest(found, x.shape[:-2]))
    stack = stack_of(x, "rref", square=False)
    out_ops = _result_ops(stack.ops, "rref")
    user = with_iszerofunc(stack.ops, iszerofunc, "rref")
    task = partial(_policy.rref, ops=user or stack.ops, provider=None if user else _kernel(stack.ops, "rref"))
    results = run(task, stack, "rref", executor, workers)
    forms = [r[0] for r in results]
    if user is not None:  # entries the tests (the sound one, then the caller's) call zero are written as zero
        forms = [[[user.zero if user.zero_test(v).verdict == ZERO else v for v in row] for row in m] for m in forms]
    matrix = wrap_matrices(forms, stack.batch, (stack.m, stack.n), out_ops)
    pivots = [tuple(r[1]) for r in results]
    return RrefResult(matrix, pivots[0] if not stack.batch else nest(pivots, stack.batch))


@sections(_ISZEROFUNC)
def nullspace(x: Tensor[Any], /, *, iszerofunc: Any = None) -> Tensor[Any]:
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
    matrix, pivots = rref(x, iszerofunc=iszerofunc)
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


@sections(_ISZEROFUNC)
def lu(x: Tensor[Any], /, *, iszerofunc: Any = None, executor: Any = None, workers: Optional[int] = None) -> LUResult:
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
    stack = stack_of(x, "lu", square=False)
    out_ops = _result_ops(stack.ops, "lu")
    user = with_iszerofunc(stack.ops, iszerofunc, "lu")
    provider = None if user else _policy.kernel_of(stack.ops, "lu")
    results = run(partial(_lu_task, ops=user or stack.ops, provider=provider), stack, "lu", executor, workers)
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
        wrap_matrices(perms, stack.batch, (m, m), out_ops),
        wrap_matrices([[[convert(v) for v in row] for row in r[1]] for r in results], stack.batch, (m, m), out_ops),
        wrap_matrices([[[convert(v) for v in row] for row in r[2]] for r in results], stack.batch, (m, n), out_ops),
    )


def matrix_power(x: Tensor[Any], n: int, /) -> Tensor[Any]:
    """``x @ x @ … @ x`` (``n`` factors) by repeated squaring; stacks of matrices work.

    ``n == 0`` gives identity matrices (``ops.one`` on the diagonal);
    negative ``n`` takes powers of [`inv`][gentensor.linalg.inv] of ``x``.

    Returns
    -------
    Tensor
        A new tensor of the shape of ``x``.

    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    NonSquareError
        The last two axes differ in length.
    SingularMatrixError
        ``n < 0`` and a matrix is not invertible.

    Examples
    --------
    >>> import gentensor as gt
    >>> f = gt.tensor([[1, 1], [1, 0]])
    >>> gt.matrix_power(f, 10).tolist(), gt.matrix_power(f, 0).tolist()
    ([[89, 55], [55, 34]], [[1, 0], [0, 1]])
    >>> gt.linalg.matrix_power(gt.tensor([[2, 0], [0, 4]]), -1).tolist()
    [[Fraction(1, 2), Fraction(0, 1)], [Fraction(0, 1), Fraction(1, 4)]]
    """
    x = as_tensor(x, "matrix_power")
    if x.ndim < 2:
        raise ShapeError(f"matrix_power: needs a tensor with ndim >= 2 (got shape {x.shape})")
    if x.shape[-1] != x.shape[-2]:
        raise NonSquareError(f"matrix_power: needs square matrices (got shape {x.shape})")
    if isinstance(n, bool):
        raise ArgumentTypeError(f"matrix_power: the exponent must be an int (got {n!r})")
    try:
        power = operator.index(n)
    except TypeError:
        if isinstance(n, Fraction) or type(n).__module__.startswith("sympy"):  # x**(1/2), x**n: Jordan form
            return fractional_power(x, n)
        raise ArgumentTypeError(
            f"matrix_power: the exponent must be an int, a Fraction or a SymPy expression (got {n!r})"
        ) from None
    if x.ops is not arithmetic(x.ops):
        x = x.astype(arithmetic(x.ops))  # powers of a booleans matrix count paths, as integers
    if power < 0:
        x = inv(x)
        power = -power
    if power == 0:
        return broadcast_to(eye(x.shape[-1], ops=x.ops), x.shape).copy()
    found = domain_power(x, power) if power > 1 else None  # expressions: in their domain, canonical results
    return found if found is not None else positive_power(x, power)


def explain(operation: str, x: Any, /, *, method: str = "auto") -> LinalgPlan:
    """Which algorithm, and which kernel, ``gt.linalg.<operation>`` runs for ``x`` (a tensor or an ops).

    The algorithm follows from the ring's capabilities (see
    [`gentensor.Capabilities`][gentensor.ops._capabilities.Capabilities]): Gaussian elimination over a field,
    fraction-free Bareiss over an integral domain with exact division,
    division-free Berkowitz over any commutative ring.  The kernel is
    ``"generic"`` (the algorithm through the ops' arithmetic) or a registered
    provider's description ([`gentensor.register_provider`][gentensor.ops._providers.register_provider]).
    An ops that declares ``floating`` runs ``det``, ``inv`` and ``solve`` by
    LAPACK's LU (``numpy.linalg``) unless a ``method`` is given.

    Parameters
    ----------
    operation : {"det", "inv", "solve", "adjugate", "rank", "rref", "lu", "charpoly"}
    x : Tensor, array-like or ops
    method : str
        For ``"det"``: the ``method=`` to explain.

    Returns
    -------
    LinalgPlan
        ``(operation, ops, algorithm, kernel)``.

    Raises
    ------
    ArgumentValueError
        An unknown operation.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.explain("det", gt.modular(7)).algorithm, gt.linalg.explain("det", gt.modular(6)).algorithm
    ('gauss', 'bareiss')
    >>> gt.linalg.explain("det", gt.tensor([[1.5]]))[2:], gt.linalg.explain("charpoly", gt.integers).algorithm
    (('lu', 'LAPACK (numpy.linalg)'), 'berkowitz')
    >>> gt.linalg.explain("det", gt.floats, method="gauss").algorithm
    'gauss'
    
    """
    if not isinstance(operation, str) or operation not in _policy.POLICY:
        raise ArgumentValueError(f"explain: unknown operation {operation!r}; one of {', '.join(_policy.POLICY)}")
    if isinstance(x, Tensor) or not hasattr(x, "convert"):
        ops = arithmetic(as_tensor(x, "explain").ops)
    else:
        ops = as_ops(x, "explain")
    if method != "auto":
        if operation != "det":
            raise ArgumentValueError(f"explain: only det takes a method (got operation={operation!r}, method={method!r})")
        if method == "gauss":  # run in the fraction field (see det)
            ops = _policy.field_ops(ops)
        _policy.check_method("det", method, ops)
    elif operation in ("det", "inv", "solve") and _lapack.applies(ops):  # see det, inv, solve
        return LinalgPlan(operation, ops, "lu", "LAPACK (numpy.linalg)")
    return _policy.plan(operation, ops, method)
