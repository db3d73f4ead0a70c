"""Exact decompositions: LDL (rational or fraction-free), Cholesky and QR.

Everything is computed exactly over the field of the entries (integers give
rationals; SymPy expressions go through SymPy's fraction fields and leave in
a reduced form).  Square roots appear only where the factorization needs
them (``cholesky``, normalised ``qr``) and are then SymPy square roots; the
orthogonal variant ``qr(x, normalize=False)`` stays rational.  Floats and
complex floats run the same algorithms in floating point (modified
Gram-Schmidt for QR).

Signatures follow the Array API standard where it has the function
(``cholesky(x, /, *, upper=False)``, ``qr(x, /, *, mode='reduced')``), with
keyword extensions; results with several parts are NamedTuples; stacks of
matrices work throughout.  Pseudo-inverses and general and least-squares
solutions are in `gentensor.linalg.solutions`.

Examples
--------
>>> import gentensor as gt
>>> a = gt.tensor([[4, 2], [2, 3]])
>>> gt.linalg.cholesky(a).tolist()
[[2, 0], [1, sqrt(2)]]
>>> q, r = gt.linalg.qr(a, normalize=False)
>>> [[str(v) for v in row] for row in q.tolist()]
[['4', '-4/5'], ['2', '8/5']]
"""

from __future__ import annotations

from functools import partial
from typing import Any, NamedTuple, Optional

from ..compute import conjugator
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import ArgumentValueError, DomainError, NotPositiveDefiniteError, SingularMatrixError
from ..ops import ElementOps, capabilities_of, symbolic
from . import _lapack, _policy
from ._decomp import ZeroPivot, ldl_fraction_free_rows, ldl_rows, mgs_rows, orthogonal_rows
from ._stack import Stack, run, stack_of, wrap_matrices

__all__ = [
    "ldl",
    "cholesky",
    "qr",
    "LDLResult",
    "QRResult",
]


class LDLResult(NamedTuple):
    """The result of [`ldl`][gentensor.linalg.decompositions.ldl]: ``p @ x @ p.mT == l @ d @ l.mT`` (``l.H`` for Hermitian ``x``).

    Examples
    --------
    >>> import gentensor as gt
    >>> p, l, d = gt.linalg.ldl(gt.tensor([[0, 1], [1, 0]]))
    >>> d.tolist()
    [[Fraction(0, 1), Fraction(1, 1)], [Fraction(1, 1), Fraction(0, 1)]]
    """

    p: Tensor[Any]
    l: Tensor[Any]  # noqa: E741  (the standard name of the factor)
    d: Tensor[Any]


class QRResult(NamedTuple):
    """The result of [`qr`][gentensor.linalg.decompositions.qr]: ``x == Q @ R``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.qr(gt.tensor([[3], [4]])).Q.tolist()
    [[3/5], [4/5]]
    """

    Q: Tensor[Any]
    R: Tensor[Any]


# -- shared checks --------------------------------------------------------------------


def _field_stack(x: Any, func: str, *, square: bool, inner_product: bool = False) -> tuple[Stack, ElementOps]:
    """The matrices of ``x`` converted to the field their results live in (integers -> rationals).

    ``inner_product``: the algorithm needs ``<v, v> == 0`` only for ``v == 0``,
    which fails in positive characteristic (``[1, 2]`` is isotropic mod 5).
    """
    stack = stack_of(x, func, square=square)
    caps = _policy.check_commutative(stack.ops, func)
    field = _policy.field_ops(stack.ops)
    if not capabilities_of(field).field:
        raise DomainError(
            f"{func}: needs a field (got ops {stack.ops!r}, which is not one and names no fraction field); "
            "convert first, e.g. .astype(gt.rationals) or .astype(gt.symbolic)"
        )
    if inner_product and caps.characteristic != 0:
        raise DomainError(
            f"{func}: orthogonality needs characteristic 0 (got ops {stack.ops!r} with characteristic "
            f"{caps.characteristic}: non-zero vectors can have length 0); a user ring declares "
            "Capabilities(characteristic=0)"
        )
    if field is not stack.ops:
        convert = field.convert
        matrices = [[[convert(v) for v in row] for row in m] for m in stack.matrices]
        stack = Stack(stack.batch, stack.m, stack.n, field, matrices)
    del caps
    return stack, field


def _roots_ops(ops: ElementOps, func: str) -> ElementOps:
    """Where square roots of ``ops``' elements live: SymPy for exact rings of characteristic 0, else the ops."""
    caps = capabilities_of(ops)
    if not caps.exact:
        return ops
    if caps.characteristic not in (0, None) or not defines_sympy(ops):
        raise DomainError(
            f"{func}: needs square roots, which exist for numbers and expressions of characteristic 0 "
            f"(got ops {ops!r}); for factors without roots use gt.linalg.ldl or qr(..., normalize=False)"
        )
    return symbolic


def defines_sympy(ops: ElementOps) -> bool:
    """True when SymPy reads ``ops``' elements (tried on ``ops.one``)."""
    try:
        symbolic.convert(ops.one)
    except TypeError:
        return False
    return True


def _sqrt(value: Any, ops: ElementOps, target: ElementOps) -> Any:
    """The principal square root of ``value`` (an element of ``ops``) as an element of ``target``."""
    if target is ops and not capabilities_of(ops).exact:
        return ops.power(value, 0.5)  # type: ignore[attr-defined]
    import sympy

    return sympy.sqrt(symbolic.convert(value))


def _times_root(v: Any, root: Any) -> Any:
    """``v * root`` for a SymPy rational ``v`` and a root ``c*sqrt(m)``, built directly in SymPy's canonical form.

    ``Rational * Integer**(1/2)`` is the ``Mul`` of the two with the
    coefficient first; building it skips ``Mul.flatten`` (the cost of
    normalising QR and Cholesky factors of rational matrices).  Anything
    else is an ordinary product.
    """
    if getattr(v, "is_Rational", False):
        c, rest = root.as_coeff_Mul()
        half = rest.is_Pow and rest.exp.is_Rational and (rest.exp.p, rest.exp.q) == (1, 2)
        if half and rest.base.is_Integer:
            coeff = v * c
            if coeff == 0:
                return symbolic.zero
            if coeff == 1:
                return rest
            from sympy import Mul

            return Mul._from_args((coeff, rest))
    return v * root


def _check_hermitian(rows: list[list[Any]], ops: ElementOps, hermitian: bool, func: str) -> None:
    conj = conjugator(ops, func) if hermitian else None
    n = len(rows)
    for i in range(n):
        for j in range(i, n):
            other = rows[j][i] if conj is None else conj(rows[j][i])
            if not ops.equal(rows[i][j], other):
                kind = "Hermitian" if hermitian else "symmetric"
                hint = "; for symbols that are not real=True pass hermitian=False" if hermitian else ""
                raise ArgumentValueError(
                    f"{func}: the matrix must be {kind} (got x[{i}, {j}] = {ops.format(rows[i][j])} and "
                    f"{'the conjugate of ' if conj else ''}x[{j}, {i}] = {ops.format(other)}){hint}"
                )


def _provided(ops: ElementOps, key: str, provider: Any, *args: Any) -> Any:
    if provider is None:
        return NotImplemented
    return provider(*args, ops)


def _permutation(perm: list[int], ops: ElementOps) -> list[list[Any]]:
    n = len(perm)
    P = [[ops.zero] * n for _ in range(n)]
    for i, j in enumerate(perm):
        P[i][j] = ops.one
    return P


# -- LDL and Cholesky ---------------------------------------------------------------------


def _ldl_task(rows: list[list[Any]], ops: ElementOps, hermitian: bool, provider: Any) -> Any:
    _check_hermitian(rows, ops, hermitian, "ldl")
    found = _provided(ops, "ldl", provider, rows)
    perm, L, D = ldl_rows(rows, ops) if found is NotImplemented else found
    return _permutation(perm, ops), L, D


def _ldl_free_task(rows: list[list[Any]], ops: ElementOps, hermitian: bool) -> Any:
    _check_hermitian(rows, ops, hermitian, "ldl")
    n = len(rows)
    try:
        perm, L, d = ldl_fraction_free_rows(rows, ops)
    except ZeroPivot as e:
        raise SingularMatrixError(
            f"ldl: no fraction-free factorization: pivot {e.args[0] + 1} is 0 and no later diagonal entry is "
            f"non-zero (got a {n}x{n} matrix, singular or needing 2x2 pivots); use fraction_free=False"
        ) from None
    D = [[ops.zero] * n for _ in range(n)]
    for k, v in enumerate(d):
        D[k][k] = v
    return _permutation(perm, ops), L, D


def ldl(
    x: Tensor[Any],
    /,
    *,
    hermitian: bool = True,
    fraction_free: bool = False,
    executor: Any = None,
    workers: Optional[int] = None,
) -> LDLResult:
    """``p @ x @ p.mT == l @ d @ l.H`` for a Hermitian (or symmetric) matrix, exactly.

    ``l`` is unit lower triangular and ``d`` block diagonal.  Without
    pivoting when every pivot is non-zero (``p`` is the identity and ``d``
    diagonal, as SymPy's ``LDLdecomposition``); a zero pivot is avoided by a
    symmetric row and column swap, and where no diagonal entry is left a
    symmetric 2x2 block goes into ``d`` (Bunch-Kaufman style), so every
    Hermitian matrix factors, singular and indefinite ones included.

    Parameters
    ----------
    x : Tensor
        Shape ``(..., n, n)`` over a field or an integral domain with a
        fraction field (integers give rationals).
    hermitian : bool
        ``x`` is Hermitian and ``l.H`` is meant (the default, as SymPy); with
        ``False``, ``x`` must be symmetric and the identity uses ``l.mT``
        (symbolic entries that are not declared real).
    fraction_free : bool
        Stay in the ring of ``x``: ``p @ x @ p.mT == l @ inv(d) @ l.H`` with
        ``l`` lower triangular (its diagonal the leading principal minors)
        and ``d`` diagonal (products of consecutive minors), all computed by
        exact division -- integers stay integers, and any integral domain
        with ``exquo`` works.  Needs a non-singular ``x`` with 1x1 pivots.

    Returns
    -------
    LDLResult
        ``(p, l, d)``: new tensors of the shape of ``x``.

    Raises
    ------
    ValueError
        ``x`` is not Hermitian (symmetric).
    SingularMatrixError
        ``fraction_free=True`` and no non-zero pivot is left.
    ShapeError, NonSquareError
        ``x`` is not a (stack of) square matrices.
    DomainError
        The ring is not a field and has no fraction field.

    Examples
    --------
    >>> import gentensor as gt
    >>> p, l, d = gt.linalg.ldl(gt.tensor([[4, 2], [2, 5]]))
    >>> [[str(v) for v in row] for row in l.tolist()], [[str(v) for v in row] for row in d.tolist()]
    ([['1', '0'], ['1/2', '1']], [['4', '0'], ['0', '4']])
    >>> a = gt.tensor([[0, 1, 2], [1, 0, 3], [2, 3, 0]])
    >>> p, l, d = gt.linalg.ldl(a)
    >>> gt.array_equal(p @ a @ p.mT, l @ d @ l.mT)
    True
    >>> gt.linalg.ldl(gt.tensor([[4, 2], [2, 5]]), fraction_free=True).l.tolist()
    [[4, 0], [2, 16]]
    """
    if fraction_free:
        stack = stack_of(x, "ldl", square=True)
        caps = _policy.check_commutative(stack.ops, "ldl")
        if not (caps.integral_domain and caps.exact_division):
            raise DomainError(
                f"ldl: fraction_free=True needs an integral domain with exact division (got ops {stack.ops!r}); "
                "use fraction_free=False over a field"
            )
        task = partial(_ldl_free_task, ops=stack.ops, hermitian=hermitian)
        results = run(task, stack, "ldl", executor, workers)
        shape = (stack.n, stack.n)
        return LDLResult(*(wrap_matrices([r[i] for r in results], stack.batch, shape, stack.ops) for i in range(3)))
    stack, field = _field_stack(x, "ldl", square=True)
    task = partial(_ldl_task, ops=field, hermitian=hermitian, provider=_policy.kernel_of(field, "ldl"))
    results = run(task, stack, "ldl", executor, workers)
    shape = (stack.n, stack.n)
    return LDLResult(*(wrap_matrices([r[i] for r in results], stack.batch, shape, field) for i in range(3)))


def _cholesky_task(
    rows: list[list[Any]], ops: ElementOps, target: ElementOps, hermitian: bool, upper: bool, provider: Any
) -> list[list[Any]]:
    n = len(rows)
    _check_hermitian(rows, ops, hermitian, "cholesky")
    try:
        found = _provided(ops, "ldl.nopivot", provider, rows)
        _, L, D = ldl_rows(rows, ops, pivoting=False) if found is NotImplemented else found
    except ZeroPivot as e:
        raise NotPositiveDefiniteError(
            f"cholesky: the matrix is not positive definite: pivot {e.args[0] + 1} is 0 (got a {n}x{n} matrix); "
            "gt.linalg.ldl factors any symmetric matrix"
        ) from None
    caps = capabilities_of(ops)
    roots = []
    for k in range(n):
        d = D[k][k]
        if caps.exact and caps.ordered:
            bad = not ops.lt(ops.zero, d)  # type: ignore[attr-defined]
        elif caps.exact:
            bad = getattr(symbolic.convert(d), "is_positive", None) is False
        else:
            bad = not complex(d).real > 0
        if bad:
            raise NotPositiveDefiniteError(
                f"cholesky: the matrix is not positive definite: pivot {k + 1} is {ops.format(d)} "
                f"(got a {n}x{n} matrix); gt.linalg.ldl factors any symmetric matrix"
            )
        roots.append(_sqrt(d, ops, target))
    if target is ops:
        out = [[ops.mul(L[i][k], roots[k]) if k <= i else ops.zero for k in range(n)] for i in range(n)]
    else:
        convert = target.convert
        out = [[_times_root(convert(L[i][k]), roots[k]) if k <= i else target.zero for k in range(n)] for i in range(n)]
    if upper:
        conj = conjugator(target, "cholesky") if hermitian else None
        out = [[out[j][i] if conj is None else target.convert(conj(out[j][i])) for j in range(n)] for i in range(n)]
    return out


def cholesky(
    x: Tensor[Any], /, *, upper: bool = False, hermitian: bool = True, executor: Any = None, workers: Optional[int] = None
) -> Tensor[Any]:
    """The Cholesky factor ``L`` with ``x == L @ L.H`` (``x == U.H @ U`` with ``upper=True``), exactly.

    ``L`` is lower triangular with a positive diagonal: the square roots of
    the pivots, which are SymPy square roots for exact rings (``sqrt(2)``,
    ``sqrt(a)``), floating-point ones for floats.  Computed from the
    fraction-free-friendly LDL factorization, one square root per pivot.

    Parameters
    ----------
    x : Tensor
        A positive definite Hermitian matrix or a stack of them.
    upper : bool
        Return the upper factor ``U = L.H`` instead (Array API).
    hermitian : bool
        With ``False``: a symmetric ``x`` and ``x == L @ L.mT`` (symbols not
        declared real; the factor is then a formal identity).

    Returns
    -------
    Tensor
        A new tensor of the shape of ``x``: symbolic for exact rings, the ops
        of ``x`` for floats.

    Raises
    ------
    NotPositiveDefiniteError
        A pivot is zero or provably negative (a symbolic pivot whose sign
        SymPy cannot decide is taken as positive, as SymPy does).
    ValueError
        ``x`` is not Hermitian (symmetric): exactly, or for floats within
        ``1e-10`` of the largest entry (LAPACK then reads the lower
        triangle, as ``numpy.linalg.cholesky``).
    DomainError
        The ring has no square roots here (integers mod n, a user ring).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.cholesky(gt.tensor([[4, 2], [2, 3]])).tolist()
    [[2, 0], [1, sqrt(2)]]
    >>> gt.linalg.cholesky(gt.tensor([[4.0, 2.0], [2.0, 3.0]]), upper=True).tolist()
    [[2.0, 1.0], [0.0, 1.4142135623730951]]
    """
    t = as_tensor(x, "cholesky")
    caps = capabilities_of(t.ops)
    if caps.floating and (hermitian or not caps.complex) and t.ndim >= 2 and t.shape[-1] == t.shape[-2]:
        return _lapack.cholesky(t, upper)  # LAPACK's potrf
    stack, field = _field_stack(x, "cholesky", square=True)
    target = _roots_ops(field, "cholesky")
    task = partial(
        _cholesky_task,
        ops=field,
        target=target,
        hermitian=hermitian,
        upper=upper,
        provider=_policy.kernel_of(field, "ldl.nopivot"),
    )
    results = run(task, stack, "cholesky", executor, workers)
    return wrap_matrices(results, stack.batch, (stack.n, stack.n), target)


# -- QR ----------------------------------------------------------------------------------


def _orthogonal(rows: list[list[Any]], ops: ElementOps, source: list[list[Any]], conj: Any, provider: Any) -> Any:
    """``(Q, R, d)`` of `._decomp.orthogonal_rows` by the provider, the Gram kernel or MGS."""
    found = _provided(ops, "orthogonal", provider, rows)
    if found is not NotImplemented:
        return found
    if not capabilities_of(ops).exact:
        return mgs_rows(rows, conj, ops)
    if conj is None:
        return orthogonal_rows(rows, None, ops)
    convert = ops.convert
    return orthogonal_rows(rows, [[convert(conj(v)) for v in row] for row in source], ops)


def _complement(columns: list[list[Any]], norms: list[Any], m: int, count: int, ops: ElementOps, conj: Any) -> list[list[Any]]:
    """``count`` more orthogonal vectors (with their squared norms appended to ``norms``), from the unit vectors."""
    extra: list[list[Any]] = []
    zero, one = ops.zero, ops.one
    for i in range(m):
        if len(extra) == count:
            break
        f = [one if r == i else zero for r in range(m)]
        for q, d in zip(columns + extra, norms):
            c = q[i] if conj is None else conj(q[i])  # <q, e_i>
            if not ops.is_zero(c):
                coef = ops.div(c, d)
                f = [ops.sub(a, ops.mul(coef, b)) for a, b in zip(f, q)]
        d = ops.sum(ops.mul(a if conj is None else conj(a), a) for a in f)
        if not ops.is_zero(d):
            extra.append(f)
            norms.append(d)
    return extra


def _qr_task(
    rows: list[list[Any]],
    ops: ElementOps,
    source_ops: ElementOps,
    source: list[list[Any]],
    target: ElementOps,
    mode: str,
    normalize: bool,
    provider: Any,
) -> tuple[list[list[Any]], list[list[Any]]]:
    m = len(rows)
    n = len(rows[0]) if m else 0
    conj = conjugator(source_ops, "qr")
    Q, R, d = _orthogonal(rows, ops, source, conj, provider)
    if not normalize:
        return Q, R
    convert = target.convert
    tconj = conjugator(target, "qr")
    keep = [k for k in range(n) if not ops.is_zero(d[k])]
    columns = [[convert(Q[i][k]) for i in range(m)] for k in keep]
    norms = [convert(d[k]) for k in keep]
    size = min(m, n) if mode == "reduced" else m
    columns += _complement(columns, norms, m, size - len(keep), target, tconj)
    roots = [_sqrt(v, target, target) for v in norms]
    # 1/sqrt(d) = sqrt(d)/d: one division per column (d is a tested non-zero), then products
    inverse = [target.mul(r, target.div(target.one, d)) for r, d in zip(roots, norms)]
    times = _times_root if capabilities_of(target).exact else target.mul
    qcols = [[times(v, r) for v in col] for col, r in zip(columns, inverse)]
    rrows = [[times(convert(R[k][j]), r) for j in range(n)] for k, r in zip(keep, roots)]
    rrows += [[target.zero] * n for _ in range(len(qcols) - len(keep))]
    return [[qcols[j][i] for j in range(len(qcols))] for i in range(m)], rrows


def qr(
    x: Tensor[Any],
    /,
    *,
    mode: str = "reduced",
    normalize: bool = True,
    executor: Any = None,
    workers: Optional[int] = None,
) -> QRResult:
    """``x == Q @ R`` with orthonormal columns in ``Q`` and ``R`` upper triangular, exactly.

    Gram-Schmidt in exact arithmetic: the norms are SymPy square roots
    (``Q`` of an integer matrix has entries like ``3*sqrt(2)/10``).  With
    ``normalize=False`` no root is taken: ``Q`` has orthogonal (not unit)
    columns, ``R`` is unit upper triangular, and both stay in the field of
    ``x`` (rationals for integers) -- the fraction-free orthogonal variant.

    A column that depends on earlier ones adds no direction: with
    ``normalize=True`` ``Q`` is completed with further orthonormal columns
    (and zero rows of ``R``) to its full shape; with ``normalize=False`` that
    column of ``Q`` is zero.  Complex entries use the Hermitian inner
    product (symbols not declared real appear conjugated, as in SymPy).

    Parameters
    ----------
    x : Tensor
        Shape ``(..., m, n)``.
    mode : {"reduced", "complete"}
        ``Q`` of shape ``(..., m, k)`` and ``R`` ``(..., k, n)`` with ``k =
        min(m, n)``; or ``Q`` square ``(..., m, m)`` and ``R`` ``(..., m, n)``.
    normalize : bool
        ``False``: ``Q`` of shape ``(..., m, n)`` with orthogonal columns and
        ``R`` of shape ``(..., n, n)`` unit upper triangular (``mode`` must be
        ``"reduced"``).

    Returns
    -------
    QRResult
        ``(Q, R)``, new tensors: symbolic for exact rings when normalised,
        else in the field of ``x``.

    Raises
    ------
    ValueError
        An unknown ``mode``, or ``mode="complete"`` with ``normalize=False``.
    DomainError
        The ring has no square roots (``normalize=True``) or no field here.

    Examples
    --------
    >>> import gentensor as gt
    >>> q, r = gt.linalg.qr(gt.tensor([[1, 1], [1, 0], [0, 1]]))
    >>> q.tolist()
    [[sqrt(2)/2, sqrt(6)/6], [sqrt(2)/2, -sqrt(6)/6], [0, sqrt(6)/3]]
    >>> r.tolist()
    [[sqrt(2), sqrt(2)/2], [0, sqrt(6)/2]]
    >>> gt.linalg.qr(gt.tensor([[1, 1], [1, 0], [0, 1]]), mode="complete").Q.shape
    (3, 3)
    """
    if mode not in ("reduced", "complete"):
        raise ArgumentValueError(f"qr: mode must be 'reduced' or 'complete' (got {mode!r})")
    if mode == "complete" and not normalize:
        raise ArgumentValueError("qr: mode='complete' needs normalize=True (got normalize=False); orthogonal columns only span x")
    t = as_tensor(x, "qr")
    if normalize and _lapack.applies(t.ops) and t.ndim >= 2:
        found = _lapack.qr(t, mode)  # LAPACK's Householder QR, R's diagonal made positive
        if found is not None:
            return QRResult(*found)
    raw = stack_of(x, "qr", square=False)
    stack, field = _field_stack(x, "qr", square=False, inner_product=True)
    target = _roots_ops(field, "qr") if normalize else field
    conjugator(raw.ops, "qr")  # refuse rings that cannot conjugate before any work
    pairs = Stack(stack.batch, stack.m, stack.n, field, list(zip(stack.matrices, raw.matrices)))
    task = partial(
        _qr_pair_task,
        ops=field,
        source_ops=raw.ops,
        target=target,
        mode=mode,
        normalize=normalize,
        provider=_policy.kernel_of(field, "orthogonal"),
    )
    results = run(task, pairs, "qr", executor, workers)
    m, n = stack.m, stack.n
    k = n if not normalize else (min(m, n) if mode == "reduced" else m)
    return QRResult(
        wrap_matrices([r[0] for r in results], stack.batch, (m, k), target),
        wrap_matrices([r[1] for r in results], stack.batch, (k, n) if normalize else (n, n), target),
    )


def _qr_pair_task(pair: Any, **options: Any) -> Any:
    rows, source = pair
    return _qr_task(rows, source=source, **options)
