"""Eigen-theory, exactly: characteristic and minimal polynomials, eigenvalues, eigenvectors, Jordan forms.

Eigenvalues are roots of the characteristic polynomial, which is factored
exactly over the field of the matrix entries (the rationals, or rational
functions of the symbols).  Rational roots come out as SymPy rationals,
quadratic ones as radicals, higher-degree ones as ``CRootOf`` (or radicals
for binomials; ``CRootOf`` too where a radical would be the root of a number
past ``max_modulus_bits``, which SymPy would factor).  The eigenvectors of conjugate eigenvalues are computed once
in the exact field ``Q[t]/(g)`` and specialised to each root, so no zero test
ever has to decide whether an expression with radicals vanishes (see
`._algebraic` and `._eigenspaces`).

Results are SymPy expressions in symbolic tensors and compare with SymPy
Matrix's own up to order and the normalisation of bases: ``A @ P == P @ D``.
Functions whose result has a fixed shape (``eigenvals(multiple=True)``,
``diagonalize``, ``jordan_form``, ``is_diagonalizable``, ``charpoly``) work
on stacks of matrices; ``eigenvects`` takes one matrix.

Works for every exact ring of characteristic 0 whose elements SymPy reads
(integers, rationals, symbolic, a user ring with ``_sympy_`` elements);
``charpoly`` for any commutative ring and ``minpoly`` for any field or
integral domain with exact division.  Others get [`DomainError`][gentensor.errors.DomainError].

Examples
--------
>>> import gentensor as gt
>>> a = gt.tensor([[2, 1], [1, 2]])
>>> gt.linalg.eigenvals(a)
{1: 1, 3: 1}
>>> p, d = gt.linalg.diagonalize(a)
>>> gt.array_equal(a @ p, p @ d)
True
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any, NamedTuple, Optional

from .._docs import section, sections
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import DomainError, NotDiagonalizableError, ShapeError
from ..ops import ElementOps, booleans, symbolic
from . import _policy
from ._algebraic import charpoly_field, diagonal_blocks, factor_groups, field_matrix, triangular_groups
from ._eigenspaces import Eigenspace as _Eigenspace, eigenspaces, is_diagonalizable_rows, jordan_blocks, minpoly_rows
from . import _numeric_eigen
from ._polyout import polynomials as _polynomials
from ._stack import Stack, nest, run, stack_of, wrap_matrices

__all__ = [
    "charpoly",
    "minpoly",
    "eigenvals",
    "eigenvects",
    "left_eigenvects",
    "diagonalize",
    "jordan_form",
    "is_diagonalizable",
    "Eigenspace",
    "DiagonalizeResult",
    "JordanResult",
]

#: The errors of the functions that find eigenvalues first, named once for their docstrings (see gentensor._docs).
AS_EIGENVALS = ("ShapeError, NonSquareError, DomainError", "As [`eigenvals`][gentensor.linalg.eigen.eigenvals].")


class Eigenspace(NamedTuple):
    """One eigenvalue of [`eigenvects`][gentensor.linalg.eigen.eigenvects]: its value, algebraic multiplicity and eigenspace basis.

    ``basis`` is an ``(n, k)`` symbolic tensor whose columns are independent
    eigenvectors (``k`` is the geometric multiplicity).

    Examples
    --------
    >>> import gentensor as gt
    >>> e = gt.linalg.eigenvects(gt.tensor([[1, 1], [0, 1]]))[0]
    >>> e.value, e.multiplicity, e.basis.tolist()
    (1, 2, [[1], [0]])
    """

    value: Any
    multiplicity: int
    basis: Tensor[Any]


class DiagonalizeResult(NamedTuple):
    """The result of [`diagonalize`][gentensor.linalg.eigen.diagonalize]: ``x == p @ d @ inv(p)`` with ``d`` diagonal.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[0, 1], [1, 0]])
    >>> p, d = gt.linalg.diagonalize(x)
    >>> d.tolist(), gt.array_equal(x @ p, p @ d)
    ([[-1, 0], [0, 1]], True)
    """

    p: Tensor[Any]
    d: Tensor[Any]


class JordanResult(NamedTuple):
    """The result of [`jordan_form`][gentensor.linalg.eigen.jordan_form]: ``x == p @ j @ inv(p)`` with ``j`` in Jordan normal form.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.jordan_form(gt.tensor([[3, 1], [-1, 1]])).j.tolist()
    [[2, 1], [0, 2]]
    """

    p: Tensor[Any]
    j: Tensor[Any]


# -- the characteristic and minimal polynomials ------------------------------------------


def charpoly(
    x: Tensor[Any], /, symbol: Any = None, *, poly: bool = False, executor: Any = None, workers: Optional[int] = None
) -> Tensor[Any] | Any:
    """The characteristic polynomial ``det(t*I - x)``: its coefficients, or a SymPy polynomial in ``symbol``.

    Monic of degree ``n``; any commutative ring works; integer coefficients
    are ``int``.  Integers, rationals and moduli run FLINT's kernel when
    python-flint is installed; otherwise a field whose zero test is decided
    (a prime modulus, floats, a user field) is first reduced to Hessenberg
    form by similarity (about ``n**3`` operations), and symbolic entries and
    the other rings run Berkowitz's division-free algorithm (the Linear
    algebra page of the docs says which ring runs what).

    Parameters
    ----------
    x : Tensor
        Shape ``(..., n, n)``.
    symbol : SymPy Symbol or str, optional
        When given, the polynomial as a SymPy expression in ``symbol`` (a
        ``PurePoly`` with ``poly=True``, as SymPy's ``Matrix.charpoly``).
    poly : bool
        Return a ``sympy.PurePoly`` (one matrix only).
    executor, workers
        Parallel policy for stacks (see [`gentensor.parallel`][gentensor.parallel.parallel]).

    Returns
    -------
    Tensor, SymPy expression or PurePoly
        Without ``symbol``: a new tensor of shape ``x.shape[:-2] + (n + 1,)``
        in the ops of ``x``, highest degree first.  With ``symbol``: the
        polynomial (a new symbolic tensor of them for a stack).

    Raises
    ------
    ShapeError, NonSquareError
        ``x`` is not a (stack of) square matrices; ``poly=True`` on a stack.
    DomainError
        The ops is not commutative; with ``symbol``, SymPy cannot read the coefficients.
    ValueError
        ``symbol`` occurs in the matrix.  SymPy's ``Matrix.charpoly(x)`` then
        answers silently in a dummy ``_x``, so ``p.subs(x, v)`` no longer
        evaluates the polynomial; gentensor asks for another symbol instead.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> gt.linalg.charpoly(gt.tensor([[1, 2], [3, 4]])).tolist()
    [1, -5, -2]
    >>> lam = sympy.Symbol("lambda")
    >>> gt.linalg.charpoly(gt.tensor([[1, 2], [3, 4]]), lam)
    lambda**2 - 5*lambda - 2
    >>> gt.linalg.charpoly(gt.tensor([[1, 2], [3, 4]]), "t", poly=True)
    PurePoly(t**2 - 5*t - 2, t, domain='ZZ')
    """
    stack = stack_of(x, "charpoly", square=True)
    _policy.check_commutative(stack.ops, "charpoly")
    task = partial(_policy.charpoly, ops=stack.ops, provider=_policy.kernel_of(stack.ops, "charpoly"))
    results = run(task, stack, "charpoly", executor, workers)
    if symbol is not None or poly:
        return _polynomials(results, stack, "lambda" if symbol is None else symbol, poly, "charpoly")
    flat = [c for coeffs in results for c in coeffs]
    return Tensor._from_flat(flat, stack.batch + (stack.n + 1,), stack.ops)


def _minpoly_task(rows: list[list[Any]], ops: ElementOps, field: bool, provider: Any) -> list[Any]:
    if provider is not None:
        found = provider(rows, ops)
        if found is not NotImplemented:
            return list(found)
    return minpoly_rows(rows, ops, field)


def minpoly(
    x: Tensor[Any], /, symbol: Any = None, *, poly: bool = False, executor: Any = None, workers: Optional[int] = None
) -> Tensor[Any] | Any:
    """The minimal polynomial: the monic polynomial of least degree with ``m(x) == 0``.

    It divides the characteristic polynomial and has the same roots; ``x`` is
    diagonalizable exactly when it has no repeated root.  A registered
    ``"minpoly"`` kernel provider runs first (see [`gentensor.register_provider`][gentensor.ops._providers.register_provider]);
    otherwise the first linear dependency among ``I, x, x**2, ...`` is found
    by elimination (fraction-free over integral domains: integers give
    ``int`` coefficients).

    Parameters
    ----------
    x : Tensor
        A square matrix, or a stack when ``symbol`` is given (the degrees differ).
    symbol, poly
        As for [`charpoly`][gentensor.linalg.eigen.charpoly].

    Returns
    -------
    Tensor, SymPy expression or PurePoly
        Without ``symbol``: a new 1-d tensor of coefficients, highest degree
        first, in the ops of ``x``.

    Raises
    ------
    ShapeError, NonSquareError
        ``x`` is not square; a stack without ``symbol``.
    DomainError
        The ring is inexact, not commutative, or has zero divisors.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.minpoly(gt.tensor([[2, 0, 0], [0, 2, 0], [0, 0, 3]])).tolist()
    [1, -5, 6]
    >>> gt.linalg.minpoly(gt.tensor([[2, 1], [0, 2]]), "t")
    t**2 - 4*t + 4
    """
    stack = stack_of(x, "minpoly", square=True)
    caps = _policy.check_commutative(stack.ops, "minpoly")
    cls = _policy.ring_class(caps)
    provider = _policy.kernel_of(stack.ops, "minpoly")
    if provider is None and cls in ("inexact field", "ring"):
        why = "floating-point powers never become exactly dependent" if cls == "inexact field" else (
            "the ring has zero divisors or no exact division"
        )
        raise DomainError(
            f"minpoly: needs an exact field or an integral domain with exact division (got ops {stack.ops!r}: {why}); "
            "convert first, e.g. .astype(gt.rationals)"
        )
    if stack.batch and symbol is None:
        raise ShapeError(
            f"minpoly: the minimal polynomials of a stack differ in degree (got a stack of shape {stack.batch}); "
            "pass symbol= to get one expression per matrix"
        )
    task = partial(_minpoly_task, ops=stack.ops, field=cls == "field", provider=provider)
    results = run(task, stack, "minpoly", executor, workers)
    if symbol is not None or poly:
        return _polynomials(results, stack, "lambda" if symbol is None else symbol, poly, "minpoly")
    return Tensor._from_flat(list(results[0]), (len(results[0]),), stack.ops)


# -- eigenvalues and eigenvectors ---------------------------------------------------------


def _sympy_stack(x: Any, func: str) -> Stack:
    """The matrices of ``x`` with SymPy entries, after checking the ring has eigen-theory here."""
    stack = stack_of(x, func, square=True)
    ops = stack.ops
    caps = _policy.check_commutative(ops, func)
    if not caps.exact or caps.characteristic != 0:
        what = (
            "floating-point numbers"
            if not caps.exact
            else "characteristic unknown: declare characteristic=0 in its capabilities if its elements are numbers"
            if caps.characteristic is None
            else f"characteristic {caps.characteristic}"
        )
        hint = (
            "eigenvals, eigenvects and diagonalize answer numerically for floats; the Jordan form and "
            "diagonalizability are not continuous in the entries: convert first, e.g. .astype(gt.rationals)"
            if not caps.exact
            else "convert first, e.g. .astype(gt.rationals) or .astype(gt.symbolic)"
        )
        raise DomainError(
            f"{func}: exact eigen-theory needs numbers or expressions of characteristic 0 (got ops {ops!r}, {what}); "
            + hint
        )
    convert = symbolic.convert
    try:
        matrices = [[[convert(v) for v in row] for row in m] for m in stack.matrices]
    except TypeError:
        raise DomainError(
            f"{func}: SymPy cannot read the elements of ops {ops!r} (got a tensor with ops {ops!r}); "
            "eigenvalues live in an algebraic closure SymPy computes in: give the elements a _sympy_ method"
        ) from None
    return Stack(stack.batch, stack.m, stack.n, symbolic, matrices)


def _groups(rows: list[list[Any]]) -> tuple[Any, list[Any]]:
    """The matrix in its field and its eigenvalue groups (block-triangular structure used when there is some)."""
    M = field_matrix(rows)
    blocks = diagonal_blocks(rows)
    if len(blocks) > 1:
        return M, factor_groups(M, None, blocks)
    return M, factor_groups(M, charpoly_field(M))


def _eigenvals_task(rows: list[list[Any]]) -> list[tuple[Any, int]]:
    groups = triangular_groups(rows, diagonal_blocks(rows))  # read off the diagonal, nothing factored
    if groups is None:
        _, groups = _groups(rows)
    return [(v, g.multiplicity) for g in groups for v in g.values]


def eigenvals(x: Tensor[Any], /, *, multiple: bool = False, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any] | Any:
    """Exact eigenvalues with their algebraic multiplicities.

    Rational eigenvalues are SymPy rationals; irrational ones are radicals
    (quadratic factors, binomials) or ``CRootOf`` (numbers of higher
    degree, and radicals of a number past ``max_modulus_bits``); symbolic matrices give expressions in their symbols.  Rational
    eigenvalues come first, ascending.

    Parameters
    ----------
    x : Tensor
        Shape ``(..., n, n)``: integers, rationals, symbolic, or any exact
        ring of characteristic 0 whose elements SymPy reads.
    multiple : bool
        Return every eigenvalue repeated by its multiplicity, as a tensor
        (SymPy's ``multiple=True``).

    Returns
    -------
    dict or Tensor
        ``{eigenvalue: multiplicity}`` for one matrix (nested tuples of dicts
        for a stack, shaped like the batch axes); with ``multiple=True`` a
        new symbolic tensor of shape ``x.shape[:-1]``.

    Raises
    ------
    ShapeError, NonSquareError
        ``x`` is not a (stack of) square matrices.
    DomainError
        The ring is inexact or of positive characteristic, SymPy cannot read
        its elements, or the roots of a symbolic factor of degree > 4 have no
        closed form.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.eigenvals(gt.tensor([[2, 0, 0], [0, 3, 4], [0, 4, 9]]))
    {1: 1, 2: 1, 11: 1}
    >>> gt.linalg.eigenvals(gt.tensor([[1, 1], [1, 0]]))
    {1/2 - sqrt(5)/2: 1, 1/2 + sqrt(5)/2: 1}
    >>> gt.linalg.eigenvals(gt.tensor([[[1, 1], [0, 1]], [[0, 1], [-1, 0]]]), multiple=True).tolist()
    [[1, 1], [-I, I]]
    """
    if _numeric_eigen.applies(x, "eigenvals"):  # floats: LAPACK through NumPy
        stack, values, ops = _numeric_eigen.eigenvalues(x, "eigenvals")
        if multiple:
            return Tensor._from_flat([v for vs in values for v in vs], stack.batch + (stack.n,), ops)
        found = [dict(_numeric_eigen.grouped(vs)) for vs in values]
        return found[0] if not stack.batch else nest(found, stack.batch)
    stack = _sympy_stack(x, "eigenvals")
    results = run(_eigenvals_task, stack, "eigenvals", executor, workers)
    if multiple:
        flat = [v for pairs in results for v, m in pairs for _ in range(m)]
        return Tensor._from_flat(flat, stack.batch + (stack.n,), symbolic)
    dicts = [dict(pairs) for pairs in results]
    return dicts[0] if not stack.batch else nest(dicts, stack.batch)


def _eigenvects_task(rows: list[list[Any]]) -> list[_Eigenspace]:
    M, groups = _groups(rows)
    return eigenspaces(M, rows, groups)


def eigenvects(x: Tensor[Any], /) -> list[Eigenspace]:
    """Every eigenvalue with its algebraic multiplicity and a basis of its eigenspace.

    As SymPy's ``Matrix.eigenvects``: each basis vector is read off the
    reduced echelon form of ``x - value*I`` (a one in a free position).
    Conjugate eigenvalues get conjugate vectors, computed once in the exact
    algebraic extension.

    Returns
    -------
    list of Eigenspace
        ``(value, multiplicity, basis)`` with ``basis`` a new symbolic tensor
        of shape ``(n, k)``.

    Raises
    ------
    ShapeError, NonSquareError
        ``x`` is not one square matrix (loop over a stack: the bases differ in size).
    DomainError
        As [`eigenvals`][gentensor.linalg.eigen.eigenvals].

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[2, 1], [1, 2]])
    >>> [(e.value, e.multiplicity, e.basis.tolist()) for e in gt.linalg.eigenvects(a)]
    [(1, 1, [[-1], [1]]), (3, 1, [[1], [1]])]
    >>> e = gt.linalg.eigenvects(gt.tensor([[0, -2], [1, 0]]))
    >>> [(s.value, s.basis.tolist()) for s in e]
    [(-sqrt(2)*I, [[-sqrt(2)*I], [1]]), (sqrt(2)*I, [[sqrt(2)*I], [1]])]
    """
    if _numeric_eigen.applies(x, "eigenvects"):
        t = as_tensor(x, "eigenvects")
        if t.ndim != 2:
            raise ShapeError(f"eigenvects: expects one matrix, ndim == 2 (got shape {t.shape}); loop over a stack")
        return [Eigenspace(v, m, b) for v, m, b in _numeric_eigen.eigenvectors(t, "eigenvects")[1]]
    stack = _sympy_stack(x, "eigenvects")
    if stack.batch:
        raise ShapeError(
            f"eigenvects: expects one matrix, ndim == 2 (got shape {stack.batch + (stack.n, stack.n)}); "
            "loop over a stack (the eigenspaces differ in size)"
        )
    out = []
    for space in _eigenvects_task(stack.matrices[0]):
        k = len(space.vectors)
        flat = [space.vectors[j][i] for i in range(stack.n) for j in range(k)]
        out.append(Eigenspace(space.value, space.multiplicity, Tensor._from_flat(flat, (stack.n, k), symbolic)))
    return out


def left_eigenvects(x: Tensor[Any], /) -> list[Eigenspace]:
    """Left eigenvectors: every eigenvalue with a basis of ``{v : v @ x == value * v}`` as the rows of its tensor.

    SymPy's ``Matrix.left_eigenvects``: the eigenvectors of ``x.mT``, transposed.

    Returns
    -------
    list of Eigenspace
        ``(value, multiplicity, basis)`` with ``basis`` a new ``(k, n)`` tensor.

    Raises
    ------
    ShapeError, NonSquareError, DomainError
        As [`eigenvects`][gentensor.linalg.eigen.eigenvects].

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[1, 1], [0, 2]])
    >>> [(e.value, e.basis.tolist()) for e in gt.linalg.left_eigenvects(a)]
    [(1, [[-1, 1]]), (2, [[0, 1]])]
    """
    t = as_tensor(x, "left_eigenvects")
    if t.ndim != 2:
        raise ShapeError(f"left_eigenvects: expects one matrix, ndim == 2 (got shape {t.shape}); loop over a stack")
    return [Eigenspace(e.value, e.multiplicity, e.basis.mT.copy()) for e in eigenvects(t.mT)]


def _diagonal(values: list[Any], n: int) -> list[list[Any]]:
    rows = [[symbolic.zero] * n for _ in range(n)]
    for i, v in enumerate(values):
        rows[i][i] = v
    return rows


def _diagonalize_task(rows: list[list[Any]]) -> tuple[list[list[Any]], list[list[Any]]]:
    n = len(rows)
    columns, values = [], []
    for space in _eigenvects_task(rows):
        if len(space.vectors) < space.multiplicity:
            k = len(space.vectors)
            raise NotDiagonalizableError(
                f"diagonalize: the matrix is not diagonalizable: the eigenvalue {space.value} has algebraic "
                f"multiplicity {space.multiplicity} but only {k} independent eigenvector{'s' if k != 1 else ''} "
                f"(got a {n}x{n} matrix); use gt.linalg.jordan_form"
            )
        columns.extend(space.vectors)
        values.extend([space.value] * len(space.vectors))
    P = [[columns[j][i] for j in range(n)] for i in range(n)]
    return P, _diagonal(values, n)


@sections(
    section(
        "Raises",
        (
            "NotDiagonalizableError",
            "A matrix has too few independent eigenvectors (see [`jordan_form`][gentensor.linalg.eigen.jordan_form]).",
        ),
        AS_EIGENVALS,
    )
)
def diagonalize(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> DiagonalizeResult:
    """``(p, d)`` with ``d`` diagonal (the eigenvalues) and ``x == p @ d @ inv(p)``.

    The columns of ``p`` are the eigenvectors of [`eigenvects`][gentensor.linalg.eigen.eigenvects], in the
    order of [`eigenvals`][gentensor.linalg.eigen.eigenvals]; complex and ``CRootOf`` eigenvalues are fine.

    Returns
    -------
    DiagonalizeResult
        ``(p, d)``: new symbolic tensors of the shape of ``x``.

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[1, 2], [2, 1]])
    >>> p, d = gt.linalg.diagonalize(a)
    >>> p.tolist(), d.tolist()
    ([[-1, 1], [1, 1]], [[-1, 0], [0, 3]])
    >>> gt.array_equal(a @ p, p @ d)
    True
    """
    if _numeric_eigen.applies(x, "diagonalize"):
        return _numeric_diagonalize(as_tensor(x, "diagonalize"))
    return DiagonalizeResult(*_similarity(x, "diagonalize", _diagonalize_task, executor, workers))


def _similarity(x: Any, func: str, task: Any, executor: Any, workers: Optional[int]) -> tuple[Tensor[Any], Tensor[Any]]:
    """``(p, m)`` with ``x == p @ m @ inv(p)`` for each matrix, ``task`` finding them (diagonalize, jordan_form)."""
    stack = _sympy_stack(x, func)
    results = run(task, stack, func, executor, workers)
    shape = (stack.n, stack.n)
    p = wrap_matrices([r[0] for r in results], stack.batch, shape, symbolic)
    return p, wrap_matrices([r[1] for r in results], stack.batch, shape, symbolic)


def jordan_chains_of(rows: list[list[Any]]) -> list[tuple[Any, list[list[Any]]]]:
    """Every Jordan chain of one matrix (SymPy expressions) as ``(eigenvalue, [vectors])``, blocks in `jordan_form` order."""
    M, groups = _groups(rows)
    return jordan_blocks(M, rows, groups)


def _numeric_diagonalize(t: Tensor[Any]) -> DiagonalizeResult:
    """``(p, d)`` of a float matrix (or stack) from LAPACK's eigenvectors, matrix by matrix."""
    from ..arrays.composition import stack as stack_tensors

    if t.ndim < 2 or t.shape[-1] != t.shape[-2]:
        stack_of(t, "diagonalize", square=True)  # raises the shape error
    if t.ndim > 2:
        parts = [_numeric_diagonalize(t[k]) for k in range(t.shape[0])]
        common = next((part.p.ops for part in parts if part.p.ops is not parts[0].p.ops), parts[0].p.ops)
        ps = [part.p.astype(common) for part in parts]
        ds = [part.d.astype(common) for part in parts]
        return DiagonalizeResult(stack_tensors(ps), stack_tensors(ds))
    n, _, P = _numeric_eigen.eigenvectors(t, "diagonalize")
    values = _numeric_eigen.eigenvalues(t, "diagonalize")[1][0]
    zero = P.ops.zero
    D = [[P.ops.convert(values[i]) if i == j else zero for j in range(n)] for i in range(n)]
    return DiagonalizeResult(P, Tensor._from_flat([v for row in D for v in row], (n, n), P.ops))


def _jordan_task(rows: list[list[Any]]) -> tuple[list[list[Any]], list[list[Any]]]:
    n = len(rows)
    columns: list[list[Any]] = []
    J = [[symbolic.zero] * n for _ in range(n)]
    for value, chain in jordan_chains_of(rows):
        start = len(columns)
        for i, v in enumerate(chain):
            J[start + i][start + i] = value
            if i:
                J[start + i - 1][start + i] = symbolic.one
        columns.extend(chain)
    P = [[columns[j][i] for j in range(n)] for i in range(n)]
    return P, J


@sections(section("Raises", AS_EIGENVALS))
def jordan_form(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> JordanResult:
    """``(p, j)`` with ``j`` the Jordan normal form of ``x`` and ``x == p @ j @ inv(p)``.

    ``j`` is block diagonal; each block has one eigenvalue on its diagonal
    and ones just above it (SymPy's convention).  Blocks of one eigenvalue
    are adjacent, longest first, eigenvalues in the order of
    [`eigenvals`][gentensor.linalg.eigen.eigenvals].  The columns of ``p`` are Jordan chains: the first
    column of each block an eigenvector.

    Returns
    -------
    JordanResult
        ``(p, j)``, new symbolic tensors of the shape of ``x`` with ``x @ p == p @ j``.

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[5, 4, 2, 1], [0, 1, -1, -1], [-1, -1, 3, 0], [1, 1, -1, 2]])
    >>> p, j = gt.linalg.jordan_form(a)
    >>> j.tolist()
    [[1, 0, 0, 0], [0, 2, 0, 0], [0, 0, 4, 1], [0, 0, 0, 4]]
    >>> gt.array_equal(a @ p, p @ j)
    True
    """
    return JordanResult(*_similarity(x, "jordan_form", _jordan_task, executor, workers))


def _is_diagonalizable_task(rows: list[list[Any]]) -> bool:
    M = field_matrix(rows)
    return is_diagonalizable_rows(M, rows, charpoly_field(M))


def is_diagonalizable(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any] | bool:
    """True when ``x`` has a basis of eigenvectors (over the complex numbers).

    Decided without computing eigenvectors: the square-free part of the
    characteristic polynomial must annihilate ``x``.

    Returns
    -------
    bool or Tensor
        A ``bool`` for one matrix; a new booleans tensor of shape
        ``x.shape[:-2]`` for a stack.

    A non-square matrix is not diagonalizable (``False``, SymPy's convention).

    Raises
    ------
    ShapeError, DomainError
        As [`eigenvals`][gentensor.linalg.eigen.eigenvals].

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.is_diagonalizable(gt.tensor([[1, 1], [0, 1]])), gt.linalg.is_diagonalizable(gt.tensor([[0, -1], [1, 0]]))
    (False, True)
    >>> gt.linalg.is_diagonalizable(gt.zeros((2, 3)))
    False
    """
    t = as_tensor(x, "is_diagonalizable")
    if t.ndim >= 2 and t.shape[-1] != t.shape[-2]:  # SymPy's convention: a non-square matrix is not diagonalizable
        return False if t.ndim == 2 else Tensor._from_flat([False] * math.prod(t.shape[:-2]), t.shape[:-2], booleans)
    stack = _sympy_stack(t, "is_diagonalizable")
    results = run(_is_diagonalizable_task, stack, "is_diagonalizable", executor, workers)
    if not stack.batch:
        return results[0]
    return Tensor._from_flat(results, stack.batch, booleans)
