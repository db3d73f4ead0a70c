"""The Array API's ``linalg`` extension names that gentensor had under other spellings, and the numeric ones.

Thin names (the standard's signatures over gentensor's functions):
``matmul``, ``vecdot`` (conjugating the first argument for complex floats,
as the standard says), ``tensordot``, ``outer``, ``cross``, ``diagonal`` and
``trace`` of the last two axes, ``matrix_transpose``, ``matrix_rank``.

``slogdet`` is exact where the ring allows: the sign is an element of the
ring (``-1``, ``0``, ``1`` for integers and rationals, ``det/|det|`` for
complexes, SymPy's ``sign`` for symbolic), ``logabsdet`` a float computed
from the exact determinant (``-inf`` for a singular matrix; SymPy's
``log(Abs(det))`` for symbolic).  Floats use LAPACK's LU factors (no overflow).

``eigh``, ``eigvalsh``, ``svd``, ``svdvals`` are numeric: they need
``floats`` or ``complexes`` (capabilities ``floating``) and run NumPy's
LAPACK (`gentensor.linalg._lapack`), as ``numpy.linalg`` does.  Exact rings raise
[`DomainError`][gentensor.errors.DomainError] (their eigenvalues and singular values are generally
irrational): convert with ``.astype(gt.floats)``, or use SymPy
(``x.to_sympy().eigenvects()``) for exact ones.

Examples
--------
>>> import gentensor as gt
>>> gt.linalg.matrix_rank(gt.tensor([[1, 2], [2, 4]])), gt.linalg.slogdet(gt.tensor([[2, 0], [0, -3]])).sign
(1, -1)
>>> [round(v, 12) for v in gt.linalg.eigvalsh(gt.tensor([[2.0, 1.0], [1.0, 2.0]])).tolist()]
[1.0, 3.0]
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from .._docs import sections, view
from ..arrays.dtypes import resolve_dtype
from ..arrays.manipulation import diagonal as _diagonal
from ..arrays.manipulation import matrix_transpose as _matrix_transpose
from ..compute import products as _products
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import DomainError, ShapeError
from ..ops import OpsSpec, capabilities_of, floats, integers
from . import _lapack, _policy
from ._stack import stack_of
from .measures import _from_words, _per_matrix

__all__ = [
    "matmul",
    "vecdot",
    "tensordot",
    "outer",
    "cross",
    "diagonal",
    "trace",
    "matrix_transpose",
    "matrix_rank",
    "slogdet",
    "eigh",
    "eigvalsh",
    "svd",
    "svdvals",
    "SlogdetResult",
    "EighResult",
    "SVDResult",
]


class SlogdetResult(NamedTuple):
    """The result of [`slogdet`][gentensor.linalg.arrayapi.slogdet]: ``det == sign * exp(logabsdet)``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.slogdet(gt.tensor([[0, 1], [1, 0]]))
    SlogdetResult(sign=-1, logabsdet=0.0)
    """

    sign: Any
    logabsdet: Any


class EighResult(NamedTuple):
    """The result of [`eigh`][gentensor.linalg.arrayapi.eigh]: ascending ``eigenvalues`` and the ``eigenvectors`` as columns.

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[2.0, 1.0], [1.0, 2.0]])
    >>> w, v = gt.linalg.eigh(a)
    >>> gt.allclose(a @ v, v * w)
    True
    """

    eigenvalues: Tensor[Any]
    eigenvectors: Tensor[Any]


class SVDResult(NamedTuple):
    """The result of [`svd`][gentensor.linalg.arrayapi.svd]: ``x == U @ diag(S) @ Vh``, ``S`` descending.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[0.0, 2.0], [1.0, 0.0]])
    >>> U, S, Vh = gt.linalg.svd(x)
    >>> S.tolist(), gt.allclose((U * S) @ Vh, x)
    ([2.0, 1.0], True)
    """

    U: Tensor[Any]
    S: Tensor[Any]
    Vh: Tensor[Any]


# -- thin names ---------------------------------------------------------------------------------------
def matmul(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """The matrix product (the Array API's ``linalg.matmul``): see [`gentensor.matmul`][gentensor.compute.products.matmul].

    Returns
    -------
    Tensor or element
        A new tensor; the element itself for two 1-d inputs.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.matmul(gt.tensor([[1, 2]]), gt.tensor([[3], [4]])).tolist()
    [[11]]
    """
    return _products.matmul(x1, x2)


def vecdot(x1: Any, x2: Any, /, *, axis: int = -1) -> Tensor[Any] | Any:
    """Dot products along ``axis``, conjugating ``x1`` for complex floats: ``sum(conj(x1) * x2)``.

    Other rings (SymPy expressions included) are not conjugated.

    Returns
    -------
    Tensor or element
        A new tensor; the element itself when no axis remains.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.vecdot(gt.tensor([1j, 2]), gt.tensor([1j, 3]))
    (7+0j)
    >>> gt.linalg.vecdot(gt.tensor([[1, 2], [3, 4]]), gt.tensor([1, 1])).tolist()
    [3, 7]
    """
    return _products.vecdot(x1, x2, axis=axis)


def tensordot(x1: Any, x2: Any, /, *, axes: Any = 2) -> Tensor[Any] | Any:
    """Sum of products over ``axes`` (the Array API's ``linalg.tensordot``): see [`gentensor.tensordot`][gentensor.compute.products.tensordot].

    Returns
    -------
    Tensor or element

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.tensordot(gt.tensor([[1, 2], [3, 4]]), gt.tensor([[1, 0], [0, 1]]))
    5
    """
    return _products.tensordot(x1, x2, axes=axes)


def outer(x1: Any, x2: Any, /) -> Tensor[Any]:
    """Every product ``x1[i] * x2[j]`` of two vectors, as a matrix: [`gentensor.outer`][gentensor.compute.products.outer].

    Returns
    -------
    Tensor
        A new ``(x1.size, x2.size)`` tensor; other shapes are flattened first, as ``gt.outer`` does.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.outer(gt.tensor([1, 2]), gt.tensor([3, 4])).tolist()
    [[3, 4], [6, 8]]
    """
    return _products.outer(x1, x2)


def cross(x1: Any, x2: Any, /, *, axis: int = -1) -> Tensor[Any]:
    """Cross products of length-3 vectors along ``axis``: see [`gentensor.cross`][gentensor.compute.products.cross].

    Returns
    -------
    Tensor
        A new tensor of the broadcast shape of ``x1`` and ``x2``: ``axis`` holds the three components.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.cross(gt.tensor([0, 1, 0]), gt.tensor([0, 0, 1])).tolist()
    [1, 0, 0]
    """
    return _products.cross(x1, x2, axis=axis)


@sections(view())
def diagonal(x: Any, /, *, offset: int = 0) -> Tensor[Any]:
    """The diagonal of each matrix (the last two axes); ``offset > 0`` above the main one.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.diagonal(gt.tensor([[1, 2], [3, 4]]), offset=1).tolist()
    [2]
    """
    return _diagonal(as_tensor(x, "diagonal"), offset=offset, axis1=-2, axis2=-1)


def trace(x: Any, /, *, offset: int = 0, dtype: OpsSpec | None = None) -> Tensor[Any] | Any:
    """The sum of the diagonal of each matrix (the last two axes), in ``dtype`` when given.

    Returns
    -------
    Tensor or element
        The element itself for one matrix (as [`gentensor.trace`][gentensor.compute.products.trace]), else a new tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.trace(gt.tensor([[1, 2], [3, 4]])), gt.linalg.trace(gt.tensor([[1, 2], [3, 4]]), dtype=gt.float64)
    (5, 5.0)
    """
    t = as_tensor(x, "trace")
    target = resolve_dtype(None, dtype, "trace")
    if target is not None and target is not t.ops:
        t = t.astype(target)
    return _products.trace(t, offset=offset)


@sections(view())
def matrix_transpose(x: Any, /) -> Tensor[Any]:
    """The last two axes swapped: see [`gentensor.matrix_transpose`][gentensor.arrays.manipulation.matrix_transpose].

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.matrix_transpose(gt.tensor([[1, 2]])).tolist()
    [[1], [2]]
    """
    return _matrix_transpose(as_tensor(x, "matrix_transpose"))


def _numeric(x: Any, func: str) -> Tensor[Any]:
    """``x`` as a tensor of floats or complexes, or [`DomainError`][gentensor.errors.DomainError] for other rings."""
    t = as_tensor(x, func)
    if not capabilities_of(t.ops).floating:
        raise DomainError(
            f"{func}: needs floating-point elements (got ops {t.ops!r}); the results are generally irrational, "
            "so they have no exact value here: convert with .astype(gt.floats), or use SymPy "
            "(x.to_sympy().eigenvects(), .singular_values()) for exact symbolic ones"
        )
    if t.ndim < 2:
        raise ShapeError(f"{func}: expects a matrix or a stack of matrices, ndim >= 2 (got shape {t.shape})")
    return t


def matrix_rank(x: Any, /, *, rtol: Any = None) -> Tensor[Any] | int:
    """The rank of each matrix: exact for exact rings, by singular values for floats.

    Exact rings use [`gentensor.linalg.rank`][gentensor.linalg.rank] (no tolerance is involved,
    so ``rtol`` does not apply).  Floats and complexes count the singular
    values above ``rtol * max(S)`` (default ``rtol``: ``max(m, n) * eps``).

    Returns
    -------
    int or Tensor
        An ``int`` for one matrix, a new integers tensor for a stack.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.matrix_rank(gt.tensor([[1, 2], [2, 4]])), gt.linalg.matrix_rank(gt.tensor([[1.0, 2.0], [2.0, 4.0]]))
    (1, 1)
    """
    t = as_tensor(x, "matrix_rank")
    if capabilities_of(t.ops).exact:  # as gt.linalg.rank: no tolerance involved
        words = _from_words(t, "rank", None, None, square=False)  # packed words: "rank.words"
        if words is not None:
            return _per_matrix(words, t, integers)
        stack = stack_of(t, "matrix_rank", square=False)
        _policy.check_commutative(stack.ops, "matrix_rank")
        provider = _policy.kernel_of(stack.ops, "rank")
        exact = [_policy.rank(rows, stack.ops, "matrix_rank", provider) for rows in stack.matrices]
        return exact[0] if not stack.batch else Tensor._from_flat(exact, stack.batch, integers)
    t = _numeric(t, "matrix_rank")
    ranks = _lapack.matrix_rank(t, rtol, "matrix_rank")
    return ranks if isinstance(ranks, int) else _lapack.tensor_of(ranks, integers)


def _parity(perm: list[int]) -> int:
    """``1`` for an even permutation, ``-1`` for an odd one."""
    seen = [False] * len(perm)
    sign = 1
    for i in range(len(perm)):
        if seen[i]:
            continue
        j, length = i, 0
        while not seen[j]:
            seen[j] = True
            j = perm[j]
            length += 1
        if length % 2 == 0:
            sign = -sign
    return sign


def _exact_log_abs(d: Any) -> float:
    """``log|d|`` of an exact int or Fraction as a float (exact to rounding, also for huge values)."""
    if d == 0:
        return -math.inf
    num, den = (d.numerator, d.denominator) if hasattr(d, "denominator") else (d, 1)
    return math.log(abs(num)) - math.log(den)


def slogdet(x: Any, /) -> SlogdetResult:
    """The sign and the natural logarithm of the absolute value of the determinant.

    Returns
    -------
    SlogdetResult
        ``(sign, logabsdet)``: elements for one matrix (as [`det`][gentensor.linalg.det]
        returns the element), new tensors for a stack.  ``sign`` is in the
        matrix's ops; ``logabsdet`` is a float (``-inf`` when singular), or a
        SymPy expression for symbolic matrices.

    Raises
    ------
    DomainError
        The ring has no absolute value (``modular(n)``, a user ring without ``abs``).

    Examples
    --------
    >>> import gentensor as gt
    >>> s, logabs = gt.linalg.slogdet(gt.tensor([[10**200, 0], [0, -(10**200)]]))
    >>> s, round(logabs, 6)
    (-1, 921.034037)
    >>> gt.linalg.slogdet(gt.tensor([[2.0, 1.0], [4.0, 2.0]]))
    SlogdetResult(sign=0.0, logabsdet=-inf)
    """
    t = as_tensor(x, "slogdet")
    if capabilities_of(t.ops).floating and t.ndim >= 2 and t.shape[-1] == t.shape[-2]:  # LAPACK's LU
        return SlogdetResult(*_lapack.slogdet(t))
    stack = stack_of(t, "slogdet", square=True)
    ops = stack.ops
    caps = capabilities_of(ops)
    if caps.floating:
        signs, logs = [], []
        provider = _policy.kernel_of(ops, "lu")
        for rows in stack.matrices:
            perm, _, u = _policy.lu(rows, ops, "slogdet", provider)
            sign: Any = ops.one * _parity(perm)
            logabs = 0.0
            for i in range(stack.n):
                v = u[i][i]
                if v == 0:
                    sign, logabs = ops.zero, -math.inf
                    break
                sign = sign * (v / abs(v))
                logabs += math.log(abs(v))
            signs.append(sign)
            logs.append(logabs)
        out_sign, out_log = signs, logs
        log_ops: Any = floats
    else:
        _policy.check_method("slogdet", "auto", ops)
        provider = _policy.kernel_of(ops, "det")
        dets = [_policy.det(rows, ops, "auto", provider) for rows in stack.matrices]
        if caps.symbolic:
            import sympy

            out_sign = [sympy.sign(d) for d in dets]
            out_log = [sympy.log(sympy.Abs(d)) for d in dets]
            log_ops = ops
        elif caps.rational or caps.mask:
            lt, zero = ops.lt, ops.zero  # type: ignore[attr-defined]
            out_sign = [ops.one if lt(zero, d) else (ops.neg(ops.one) if lt(d, zero) else zero) for d in dets]
            out_log = [_exact_log_abs(d) for d in dets]
            log_ops = floats
        else:
            raise DomainError(
                f"slogdet: {ops!r} elements have no absolute value or logarithm (got ops {ops!r}); "
                "use gt.linalg.det for the determinant itself"
            )
    if not stack.batch:
        return SlogdetResult(out_sign[0], out_log[0])
    return SlogdetResult(
        Tensor._from_flat(out_sign, stack.batch, ops), Tensor._from_flat(out_log, stack.batch, log_ops)
    )


def eigh(x: Any, /) -> EighResult:
    """Eigenvalues (ascending) and eigenvectors of a symmetric / Hermitian matrix of floats or complexes.

    LAPACK's divide and conquer (``syevd``/``heevd``, as ``numpy.linalg.eigh``)
    on a matrix first checked to be Hermitian within ``1e-10`` of its largest
    entry; the signs (phases) of the eigenvectors are LAPACK's.

    Returns
    -------
    EighResult
        ``eigenvalues`` (floats, shape ``(..., n)``) and ``eigenvectors``
        (columns, the matrix's ops, shape ``(..., n, n)``): ``x @ V == V * w``.

    Raises
    ------
    DomainError
        The elements are not floats or complexes.
    NonSquareError
        The matrices are not square.
    ValueError
        A matrix is not Hermitian (``x != conj(x).mT`` beyond rounding).

    Examples
    --------
    >>> import gentensor as gt
    >>> w, v = gt.linalg.eigh(gt.tensor([[2.0, 0.0], [0.0, 1.0]]))
    >>> w.tolist(), v.tolist()
    ([1.0, 2.0], [[0.0, 1.0], [1.0, 0.0]])
    """
    return _eigh(x, "eigh")


def _eigh(x: Any, func: str) -> EighResult:
    t = _numeric(x, func)
    if t.shape[-1] != t.shape[-2]:
        stack_of(t, func, square=True)  # the usual NonSquareError
    w, v = _lapack.eigh(t, func)
    assert v is not None
    return EighResult(w, v)


def eigvalsh(x: Any, /) -> Tensor[Any]:
    """The eigenvalues (ascending) of a symmetric / Hermitian matrix of floats or complexes (see [`eigh`][gentensor.linalg.arrayapi.eigh]).

    Returns
    -------
    Tensor
        A new tensor of floats, shape ``(..., n)``.

    Examples
    --------
    >>> import gentensor as gt
    >>> [round(v, 12) for v in gt.linalg.eigvalsh(gt.tensor([[0.0, 1j], [-1j, 0.0]])).tolist()]
    [-1.0, 1.0]
    """
    t = _numeric(x, "eigvalsh")
    if t.shape[-1] != t.shape[-2]:
        stack_of(t, "eigvalsh", square=True)  # the usual NonSquareError
    return _lapack.eigh(t, "eigvalsh", vectors=False)[0]


def svd(x: Any, /, *, full_matrices: bool = True) -> SVDResult:
    """The singular value decomposition ``x == U @ diag(S) @ Vh`` of floats or complexes (LAPACK's ``gesdd``).

    Parameters
    ----------
    full_matrices : bool
        ``True``: ``U`` is ``m x m`` and ``Vh`` is ``n x n``; ``False``: ``k = min(m, n)`` columns / rows.

    Returns
    -------
    SVDResult
        ``U``, ``S`` (floats, descending) and ``Vh``, new tensors.

    Raises
    ------
    DomainError
        The elements are not floats or complexes.

    Examples
    --------
    >>> import gentensor as gt
    >>> u, s, vh = gt.linalg.svd(gt.tensor([[3.0, 0.0], [0.0, 4.0], [0.0, 0.0]]))
    >>> u.shape, s.tolist(), vh.shape
    ((3, 3), [4.0, 3.0], (2, 2))
    """
    t = _numeric(x, "svd")
    return SVDResult(*_lapack.svd(t, full_matrices))


def svdvals(x: Any, /) -> Tensor[Any]:
    """The singular values (descending) of each matrix of floats or complexes.

    Returns
    -------
    Tensor
        A new tensor of floats, shape ``(..., min(m, n))``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.svdvals(gt.tensor([[0.0, 2.0], [1.0, 0.0]])).tolist()
    [2.0, 1.0]
    """
    t = _numeric(x, "svdvals")
    return _lapack.tensor_of(_lapack.svdvals(t, "svdvals"), floats)