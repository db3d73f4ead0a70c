"""Floating-point linear algebra through NumPy's LAPACK: the kernels of every ops whose capabilities say ``floating``.

An ops that declares ``floating`` promises IEEE 754 doubles (Python
``float``, or ``complex`` with ``complex``): NumPy's ``float64`` and
``complex128`` hold them exactly, so ``numpy.linalg`` computes with the very
values a matrix holds.  A packed tensor hands over its buffer (a view, no
copy when its layout allows); a tensor in list storage is converted once.
Results come back packed (or through ``ops.convert`` for an ops that does
not pack).  Each function takes a whole stack at once, in one LAPACK call
(which runs on the BLAS library's own threads).

Decisions, each as NumPy takes it:

* ``det``, ``slogdet``: LU with partial pivoting (``getrf``).
* ``inv``, ``solve``: the same LU; a matrix is singular when an LU pivot
  is exactly zero, or when finite input gives a non-finite result (a pivot
  too small for doubles, where NumPy returns ``inf``/``nan``), and
  `SingularMatrixError` then names its index in the stack.
* ``svd``, ``svdvals``: divide and conquer (``gesdd``); singular values
  descending.  NaN and infinite entries are refused first (LAPACK would
  report "did not converge"), naming the entry.
* ``eigh``, ``eigvalsh``: ``syevd``/``heevd`` on a matrix first checked to be
  Hermitian within ``1e-10`` of its largest entry; eigenvalues ascending.
* ``cholesky``: ``potrf`` (the lower triangle) on a matrix first checked to
  be Hermitian within ``1e-10`` of its largest entry, as for ``eigh``: a
  product like ``y @ y.mT.copy()`` is symmetric only up to rounding.

The signs (phases) of singular vectors and eigenvectors are LAPACK's; only
the invariants (``U @ diag(S) @ Vh == x``, ``x @ V == V * w`` up to rounding)
are promised.

Examples
--------
>>> import gentensor as gt
>>> det(gt.tensor([[2.0, 1.0], [1.0, 3.0]]))
5.000000000000001
>>> svdvals(gt.tensor([[3.0, 0.0], [0.0, -4.0]]), "svdvals").tolist()
[4.0, 3.0]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.tensor import Tensor
from ..errors import ArgumentValueError, NotPositiveDefiniteError, SingularMatrixError
from ..ops import ElementOps, capabilities_of, floats, packing_of
from ._stack import packed_elements

__all__ = [
    "applies",
    "array_of",
    "tensor_of",
    "check_finite",
    "check_hermitian",
    "det",
    "slogdet",
    "inv",
    "solve",
    "svd",
    "svdvals",
    "matrix_rank",
    "pinv",
    "eigh",
    "cholesky",
    "qr",
]

#: The relative tolerance of the Hermitian check of ``eigh`` (against the largest entry).
HERMITIAN_RTOL = 1e-10


def applies(ops: ElementOps) -> bool:
    """True when ``ops`` declares floating-point elements: its matrices go to LAPACK.

    Examples
    --------
    >>> import gentensor as gt
    >>> applies(gt.floats), applies(gt.complexes), applies(gt.rationals)
    (True, True, False)
    """
    return capabilities_of(ops).floating


def _dtype(ops: ElementOps) -> Any:
    return np.complex128 if capabilities_of(ops).complex else np.float64


def array_of(x: Tensor[Any], ops: ElementOps | None = None) -> Any:
    """The elements of ``x`` (in ``ops``, by default its own) as a NumPy array of shape ``x.shape`` (read only).

    A packed tensor gives its buffer (a view where its layout allows); list
    storage is converted once.

    Examples
    --------
    >>> import gentensor as gt
    >>> array_of(gt.tensor([[1.0, 2.0]])).dtype.name, array_of(gt.tensor([1, 2]), gt.complexes).tolist()
    ('float64', [(1+0j), (2+0j)])
    """
    if ops is not None and x.ops is not ops:
        x = x.astype(ops)
    dtype = _dtype(x.ops)
    words = packed_elements(x)
    if words is not None and words.dtype == dtype:
        return words.reshape(x.shape)
    return np.array(x._elements(), dtype=dtype).reshape(x.shape)


def tensor_of(array: Any, ops: ElementOps) -> Tensor[Any]:
    """A new tensor of ``ops`` from a LAPACK result: packed when the ops packs these words, else element by element.

    Examples
    --------
    >>> import numpy as np, gentensor as gt
    >>> tensor_of(np.array([[1.5, 2.0]]), gt.floats).tolist()
    [[1.5, 2.0]]
    """
    packing = packing_of(ops)
    array = np.ascontiguousarray(array)
    if packing is not None and packing.holds(array):
        return Tensor._from_array(array, array.shape, ops)
    convert = ops.convert
    return Tensor._from_flat([convert(v) for v in array.reshape(-1).tolist()], array.shape, ops)


def _result(values: Any, ops: ElementOps) -> Any:
    """An element for one matrix (a 0-d result), else a tensor."""
    return ops.convert(values.item()) if not values.ndim else tensor_of(values, ops)


def _index(flat: int, batch: tuple[int, ...]) -> str:
    return f" at index {tuple(int(i) for i in np.unravel_index(flat, batch))}" if batch else ""


def check_finite(a: Any, func: str) -> None:
    """Refuse NaN and infinite entries: an iterative decomposition has no meaningful result for them.

    NumPy's LAPACK routines fail on them too ("did not converge"); here the
    message names the entry.

    Examples
    --------
    >>> check_finite(np.array([1.0, float("inf")]), "svd")
    Traceback (most recent call last):
    ...
    gentensor.errors.ArgumentValueError: svd: the matrix has a non-finite entry (got inf); NaN and infinite entries have no decomposition -- replace them first (for example with gt.where(gt.isfinite(x), x, 0.0))
    """
    finite = np.isfinite(a)
    if not finite.all():
        bad = a[~finite].reshape(-1)[0].item()
        raise ArgumentValueError(
            f"{func}: the matrix has a non-finite entry (got {bad!r}); NaN and infinite entries have no "
            "decomposition -- replace them first (for example with gt.where(gt.isfinite(x), x, 0.0))"
        )


def check_hermitian(a: Any, func: str, rtol: float = HERMITIAN_RTOL) -> None:
    """Refuse a matrix that is not Hermitian (symmetric) within ``rtol`` times its largest entry.

    Examples
    --------
    >>> check_hermitian(np.array([[1.0, 2.0], [2.5, 1.0]]), "eigh")
    Traceback (most recent call last):
    ...
    gentensor.errors.ArgumentValueError: eigh: the matrix is not symmetric/Hermitian (got x[0, 1] = 2.0 and the conjugate of x[1, 0] = 2.5, beyond 1e-10 of the largest entry); it needs Hermitian input
    """
    if not a.size:
        return
    other = np.conj(np.swapaxes(a, -1, -2))
    scale = np.abs(a).max(axis=(-2, -1), keepdims=True)
    bad = np.abs(a - other) > rtol * scale
    if bad.any():
        *where, i, j = (int(v) for v in np.argwhere(bad)[0])
        at = f" at index {tuple(where)}" if where else ""
        raise ArgumentValueError(
            f"{func}: the matrix{at} is not symmetric/Hermitian (got x[{i}, {j}] = {a[tuple(where) + (i, j)].item()!r} and "
            f"the conjugate of x[{j}, {i}] = {other[tuple(where) + (i, j)].item()!r}, beyond {rtol:g} of the largest "
            "entry); it needs Hermitian input"
        )


def det(x: Tensor[Any]) -> Any:
    """The determinant of each matrix (LU with partial pivoting): an element for one matrix, else a tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> det(gt.tensor([[[1.0, 2.0], [3.0, 4.0]], [[2.0, 0.0], [0.0, 2.0]]])).tolist()
    [-2.0000000000000004, 4.0]
    """
    with np.errstate(all="ignore"):
        return _result(np.linalg.det(array_of(x)), x.ops)


def slogdet(x: Tensor[Any]) -> tuple[Any, Any]:
    """``(sign, logabsdet)`` of each matrix: the sign in the matrix's ops, ``log|det|`` as floats.

    Examples
    --------
    >>> import gentensor as gt
    >>> slogdet(gt.tensor([[2.0, 1.0], [4.0, 2.0]]))
    (0.0, -inf)
    """
    with np.errstate(all="ignore"):
        sign, logabs = np.linalg.slogdet(array_of(x))
    return _result(sign.astype(_dtype(x.ops)), x.ops), _result(logabs, floats)


def _overflowed(a: Any, b: Any, out: Any, func: str) -> None:
    """Refuse a non-finite result from finite input: the matrix is singular to working precision.

    LAPACK reports only an exactly zero pivot; a subnormal one (an exactly
    singular matrix with a tiny entry, or one too close to singular for
    doubles) gives ``inf``/``nan`` entries instead, which NumPy returns.  No
    double can hold that inverse, so gentensor raises, naming the matrix.
    """
    finite = np.isfinite(out)
    if finite.all() or not np.isfinite(a).all() or (b is not None and not np.isfinite(b).all()):
        return
    flat = finite.reshape((-1,) + out.shape[-2:]).all(axis=(-2, -1))
    k = int(np.argmin(flat))
    n = a.shape[-1]
    raise SingularMatrixError(
        f"{func}: the matrix{_index(k, a.shape[:-2])} is singular to working precision (got a {n}x{n} matrix whose "
        "LU meets a pivot too small for doubles: the result overflows); gt.linalg.pinv or lstsq give least-squares answers"
    )


def _singular_at(a: Any, func: str) -> SingularMatrixError:
    """The error for the first matrix of the stack ``a`` whose LU meets a zero pivot."""
    batch = a.shape[:-2]
    flat = a.reshape((-1,) + a.shape[-2:])
    for k in range(flat.shape[0]):
        try:
            np.linalg.inv(flat[k])
        except np.linalg.LinAlgError:
            break
    else:  # pragma: no cover - LAPACK said one is singular
        k = 0
    n = a.shape[-1]
    return SingularMatrixError(f"{func}: the matrix{_index(k, batch)} is singular (got a {n}x{n} matrix with an exactly zero LU pivot)")


def inv(x: Tensor[Any], ops: ElementOps) -> Tensor[Any]:
    """The inverse of each matrix, in ``ops``; `SingularMatrixError` names the first singular one.

    Examples
    --------
    >>> import gentensor as gt
    >>> inv(gt.tensor([[2.0, 0.0], [0.0, 4.0]]), gt.floats).tolist()
    [[0.5, 0.0], [0.0, 0.25]]
    """
    a = array_of(x, ops)
    try:
        with np.errstate(all="ignore"):
            out = np.linalg.inv(a)
    except np.linalg.LinAlgError:
        check_finite(a, "inv")  # NaN makes LAPACK report a singular matrix: say what it is
        raise _singular_at(a, "inv") from None
    _overflowed(a, None, out, "inv")
    return tensor_of(out, ops)


def solve(a: Tensor[Any], b: Tensor[Any], batch: tuple[int, ...], ops: ElementOps) -> Tensor[Any]:
    """``x`` with ``a @ x == b`` for each matrix (``b`` of shape ``(..., n, k)``; batch axes broadcast to ``batch``).

    Examples
    --------
    >>> import gentensor as gt
    >>> solve(gt.tensor([[2.0, 0.0], [0.0, 4.0]]), gt.tensor([[1.0], [1.0]]), (), gt.floats).tolist()
    [[0.5], [0.25]]
    """
    A = array_of(a, ops)
    B = array_of(b, ops)
    A = np.broadcast_to(A, batch + A.shape[-2:])
    B = np.broadcast_to(B, batch + B.shape[-2:])
    try:
        with np.errstate(all="ignore"):
            out = np.linalg.solve(A, B)
    except np.linalg.LinAlgError:
        check_finite(A, "solve")  # NaN makes LAPACK report a singular matrix: say what it is
        raise _singular_at(A, "solve") from None
    _overflowed(A, B, out, "solve")
    return tensor_of(out, ops)


def svd(x: Tensor[Any], full_matrices: bool) -> tuple[Tensor[Any], Tensor[Any], Tensor[Any]]:
    """``(U, S, Vh)`` of each matrix (``x.ops``, floats, ``x.ops``), after the finiteness check.

    Examples
    --------
    >>> import gentensor as gt
    >>> u, s, vh = svd(gt.tensor([[0.0, 2.0], [1.0, 0.0]]), True)
    >>> s.tolist()
    [2.0, 1.0]
    """
    a = array_of(x)
    check_finite(a, "svd")
    u, s, vh = np.linalg.svd(a, full_matrices=full_matrices)
    return tensor_of(u, x.ops), tensor_of(s, floats), tensor_of(vh, x.ops)


def svdvals(x: Tensor[Any], func: str) -> Any:
    """The singular values of each matrix, descending, as a float64 array of shape ``(..., min(m, n))``.

    Examples
    --------
    >>> import gentensor as gt
    >>> svdvals(gt.tensor([[0.0, 2.0], [1.0, 0.0]]), "svdvals").tolist()
    [2.0, 1.0]
    """
    a = array_of(x)
    check_finite(a, func)
    return np.linalg.svd(a, compute_uv=False)  # the values alone, as NumPy (svd's S up to rounding)


def _tolerance(rtol: Any, batch: list[int], m: int, n: int, func: str) -> Any:
    """The relative cut-off for singular values: ``max(m, n) * eps`` by default, a number, or (Array API) a tensor
    broadcast against the stack's batch shape, made ready to compare with the ``(..., k)`` singular values.

    Examples
    --------
    >>> import gentensor as gt
    >>> _tolerance(gt.tensor([0.1, 0.2]), [2], 3, 3, "pinv").tolist()
    [[0.1], [0.2]]
    """
    if rtol is None:
        return max(m, n) * float(np.finfo(np.float64).eps)
    if not isinstance(rtol, Tensor) or rtol.ndim == 0:
        value = float(rtol.item() if isinstance(rtol, Tensor) else rtol)
        if not value >= 0:
            raise ArgumentValueError(f"{func}: rtol must be a number >= 0 (got {rtol!r})")
        return value
    try:
        values = np.asarray(rtol.tolist(), dtype=np.float64)
    except (TypeError, ValueError):
        raise ArgumentValueError(f"{func}: rtol must hold real numbers (got a tensor with ops {rtol.ops!r})") from None
    if not (values >= 0).all():
        raise ArgumentValueError(f"{func}: rtol must be >= 0 everywhere (got {rtol!r})")
    try:
        return np.broadcast_to(values, tuple(batch))[..., None]
    except ValueError:
        raise ArgumentValueError(
            f"{func}: rtol of shape {values.shape} does not broadcast against the stack's shape {tuple(batch)}"
        ) from None


def pinv(x: Tensor[Any], ops: ElementOps, rtol: Any, func: str = "pinv") -> tuple[Tensor[Any], Any]:
    """The pseudo-inverse of each matrix (in ``ops``), and its rank, from one SVD as ``numpy.linalg.pinv`` computes it.

    Singular values above ``rtol * max(S)`` (default ``rtol``: ``max(m, n) *
    eps``) are inverted, the others dropped; the rank is their count (an
    ``int`` for one matrix, else an int64 array).

    Examples
    --------
    >>> import gentensor as gt
    >>> p, rank = pinv(gt.tensor([[2.0, 0.0], [0.0, 0.0]]), gt.floats, None)
    >>> p.tolist(), rank
    ([[0.5, 0.0], [0.0, 0.0]], 1)
    """
    a = array_of(x, ops)
    check_finite(a, func)
    *batch, m, n = a.shape
    if not min(m, n):
        empty = np.zeros(tuple(batch) + (n, m), dtype=a.dtype)
        return tensor_of(empty, ops), (0 if not batch else np.zeros(batch, dtype=np.int64))
    tol = _tolerance(rtol, batch, m, n, func)
    u, s, vh = np.linalg.svd(a, full_matrices=False)
    large = s > tol * s[..., :1]
    inverse = np.divide(1.0, s, out=np.zeros_like(s), where=large)
    out = np.matmul(np.conj(np.swapaxes(vh, -1, -2)), inverse[..., :, None] * np.conj(np.swapaxes(u, -1, -2)))
    ranks = large.sum(axis=-1)
    return tensor_of(out, ops), (int(ranks) if not batch else ranks.astype(np.int64))


def matrix_rank(x: Tensor[Any], rtol: Any, func: str) -> Any:
    """The rank of each matrix: its singular values above ``rtol * max(S)`` (default ``rtol``: ``max(m, n) * eps``).

    An ``int`` for one matrix, else an int64 array of the batch shape.

    Examples
    --------
    >>> import gentensor as gt
    >>> matrix_rank(gt.tensor([[1.0, 2.0], [2.0, 4.0]]), None, "matrix_rank")
    1
    """
    *batch, m, n = x.shape
    tol = _tolerance(rtol, batch, m, n, func)
    if not min(m, n):
        return 0 if not batch else np.zeros(batch, dtype=np.int64)
    values = svdvals(x, func)  # (..., k), descending
    ranks = (values > tol * values[..., :1]).sum(axis=-1)
    return int(ranks) if not batch else ranks.astype(np.int64)


def eigh(x: Tensor[Any], func: str, vectors: bool = True) -> tuple[Tensor[Any], Tensor[Any] | None]:
    """Eigenvalues (ascending, floats) and eigenvectors (columns, ``x.ops``) of each Hermitian matrix.

    Examples
    --------
    >>> import gentensor as gt
    >>> w, v = eigh(gt.tensor([[2.0, 0.0], [0.0, 1.0]]), "eigh")
    >>> w.tolist(), v.tolist()
    ([1.0, 2.0], [[0.0, 1.0], [1.0, 0.0]])
    """
    a = array_of(x)
    check_finite(a, func)
    check_hermitian(a, func)
    if not vectors:
        return tensor_of(np.linalg.eigvalsh(a), floats), None  # the values alone, as NumPy (eigh's up to rounding)
    w, v = np.linalg.eigh(a)
    return tensor_of(w, floats), tensor_of(v, x.ops)


def cholesky(x: Tensor[Any], upper: bool) -> Tensor[Any]:
    """The Cholesky factor ``L`` (or ``U = L.H``) of each Hermitian (up to rounding) positive definite matrix.

    Examples
    --------
    >>> import gentensor as gt
    >>> cholesky(gt.tensor([[4.0, 2.0], [2.0, 5.0]]), False).tolist()
    [[2.0, 0.0], [1.0, 2.0]]
    """
    a = array_of(x)
    other = np.swapaxes(a, -1, -2)
    if a.dtype.kind == "c":
        other = np.conj(other)
    # Exactly Hermitian and finite (a finite sum: no NaN, no inf) is the common case, checked in two cheap passes;
    # otherwise the full checks say what is wrong, or accept symmetry up to rounding.
    with np.errstate(all="ignore"):  # a sum of huge finite entries may overflow: then the full checks run
        finite_sum = bool(np.isfinite(np.sum(a)))
    if not (np.array_equal(a, other) and finite_sum):
        check_finite(a, "cholesky")
        check_hermitian(a, "cholesky")  # up to rounding, as eigh; LAPACK then reads the lower triangle, as NumPy
    try:
        with np.errstate(all="ignore"):
            low = np.linalg.cholesky(a)
    except np.linalg.LinAlgError:
        n = a.shape[-1]
        flat = a.reshape((-1, n, n))
        k = next((k for k in range(flat.shape[0]) if not _positive_definite(flat[k])), 0)
        raise NotPositiveDefiniteError(
            f"cholesky: the matrix{_index(k, a.shape[:-2])} is not positive definite (got a {n}x{n} matrix on which "
            "LAPACK's factorization met a pivot that is not positive); gt.linalg.ldl factors any symmetric matrix"
        ) from None
    out = np.conj(np.swapaxes(low, -1, -2)) if upper else low
    return tensor_of(out, x.ops)


def qr(x: Tensor[Any], mode: str) -> tuple[Tensor[Any], Tensor[Any]] | None:
    """``(Q, R)`` of each matrix by Householder (``geqrf``), with ``R``'s diagonal made real and positive.

    That is the factorization Gram-Schmidt gives (unique for full column
    rank): each column of ``Q`` and row of ``R`` is multiplied by the phase
    of the diagonal entry, which leaves ``Q @ R`` as it was.  ``None`` when a
    diagonal entry is exactly zero or a dimension is empty (the caller's
    Gram-Schmidt then completes ``Q`` its own way).

    Examples
    --------
    >>> import gentensor as gt
    >>> q, r = qr(gt.tensor([[0.0, 1.0], [-2.0, 0.0]]), "reduced")
    >>> [r[i, i] for i in range(2)], [abs(v) for v in q.reshape((4,)).tolist()]
    ([2.0, 1.0], [0.0, 1.0, 1.0, 0.0])
    """
    a = array_of(x)
    m, n = a.shape[-2:]
    k = min(m, n)
    if not k or not a.size:
        return None
    check_finite(a, "qr")
    q, r = np.linalg.qr(a, mode="complete" if mode == "complete" else "reduced")
    d = np.diagonal(r, axis1=-2, axis2=-1)[..., :k]
    if (d == 0).any():
        return None
    phase = d / np.abs(d)
    q[..., :, :k] *= phase[..., None, :]
    r[..., :k, :] *= np.conj(phase)[..., :, None]
    idx = np.arange(k)
    r[..., idx, idx] = np.abs(d)  # exactly real and positive
    r = np.triu(r)  # the zeros below the diagonal, which the phases made -0.0, are +0.0 again (as NumPy's R)
    return tensor_of(q, x.ops), tensor_of(r, x.ops)


def _positive_definite(a: Any) -> bool:
    try:
        np.linalg.cholesky(a)
    except np.linalg.LinAlgError:
        return False
    return True
