"""Vector and matrix norms, exact where the ring allows: ``vector_norm`` and ``matrix_norm`` (Array API signatures).

Sums of absolute values and maxima stay in the ring of the absolute values
(integers stay integers, rationals rationals); a norm that needs a root
(``ord=2``, Frobenius, ``p``-norms) is a SymPy expression for exact rings --
``sqrt(5)``, not ``2.236...`` -- and a float for floating-point tensors.
Spectral norms (``ord=2``, ``-2``, ``"nuc"`` of a matrix) come from the exact
eigenvalues of ``x.H @ x`` (NumPy's SVD for floats).

Examples
--------
>>> import gentensor as gt
>>> gt.linalg.vector_norm(gt.tensor([1, 2])), gt.linalg.matrix_norm(gt.tensor([[1, 2], [3, 4]]), ord=1)
(sqrt(5), 6)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable

import numpy as np

from ..arrays.manipulation import permute_dims
from ..compute import conjugator
from ..core.layout import normalize_axis
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..errors import ArgumentValueError, DomainError, ShapeError
from ..ops import ElementOps, capabilities_of, defines, integers, symbolic
from . import _lapack

__all__ = ["vector_norm", "matrix_norm"]

_INF = math.inf


def _arithmetic(t: Tensor[Any]) -> Tensor[Any]:
    """``t`` in the ops its arithmetic runs in: a booleans tensor counts as integers (``|True| + |True| == 2``)."""
    ops = getattr(t.ops, "arithmetic_ops", t.ops)
    return t if ops is t.ops else t.astype(ops)


def _absolute(ops: ElementOps, func: str) -> tuple[Callable[[Any], Any], ElementOps]:
    """``abs`` of ``ops``' elements and the ops of the results (``floats`` for complexes)."""
    if not defines(ops, "abs"):
        raise DomainError(
            f"{func}: the ops {ops!r} has no absolute value (got a tensor with ops {ops!r}); define ops.abs, "
            "or convert with .astype(...)"
        )
    return ops.abs, getattr(ops, "real_ops", ops)  # type: ignore[attr-defined]


def _extreme(values: list[Any], ops: ElementOps, largest: bool, func: str) -> Any:
    """The largest (smallest) of ``values``: by ``ops.lt`` in an ordered ring, SymPy's ``Max``/``Min`` for expressions."""
    caps = capabilities_of(ops)
    if caps.ordered:
        best = values[0]
        for v in values[1:]:
            if ops.lt(best, v) if largest else ops.lt(v, best):  # type: ignore[attr-defined]
                best = v
        return best
    if caps.symbolic:
        import sympy

        return (sympy.Max if largest else sympy.Min)(*values)
    raise DomainError(f"{func}: the ops {ops!r} has no order to take a maximum in (got ops {ops!r})")


def _root(total: Any, p: Any, ops: ElementOps) -> tuple[Any, ElementOps]:
    """``total ** (1/p)``: a SymPy root for exact rings, a float root for floats."""
    if not capabilities_of(ops).exact:
        return ops.power(total, 1.0 / float(p)), ops  # type: ignore[attr-defined]
    import sympy

    try:
        value = symbolic.convert(total)
    except TypeError:
        raise DomainError(f"vector_norm: SymPy cannot take roots of {ops!r} elements (got {total!r})") from None
    return value ** sympy.Rational(1, p) if isinstance(p, int) else value ** (1 / sympy.nsimplify(p)), symbolic


def _vector(values: list[Any], ops: ElementOps, ord: Any, func: str) -> tuple[Any, ElementOps]:
    """The ``ord``-norm of one vector of ``ops`` elements, and the ops it lives in."""
    if ord == 0:  # the count of non-zeros: an int in exact rings, a real floating-point number otherwise (Array API)
        count = sum(1 for v in values if not ops.is_zero(v))
        if capabilities_of(ops).exact:
            return count, integers
        real = getattr(ops, "real_ops", ops)
        return real.convert(count), real
    absolute, real = _absolute(ops, func)
    if ord in (_INF, -_INF):
        if not values:
            raise ShapeError(f"{func}: the max norm of an empty vector is undefined (got ord={ord}, size 0)")
        return _extreme([absolute(v) for v in values], real, ord == _INF, func), real
    if ord == 1:
        return real.sum(map(absolute, values)), real
    exact = capabilities_of(ops).exact
    if ord < 0 and any(ops.is_zero(v) for v in values):  # sum(|x|**p) diverges: the norm's limit is 0
        return (symbolic.zero, symbolic) if exact else (real.zero, real)
    if ord == 2 and exact and (conj := conjugator(ops, func)) is not None:
        squares = [ops.mul(conj(v), v) for v in values]  # |v|**2 without Abs for expressions
        return _root(ops.sum(squares), 2, ops)
    if ord == 2:
        return _root(real.sum(real.mul(a, a) for a in map(absolute, values)), 2, real)
    if exact:
        return _root(symbolic.sum(_power(absolute(v), ord, real) for v in values), ord, symbolic)
    return _root(real.sum(_power(absolute(v), ord, real) for v in values), ord, real)


def _power(a: Any, p: Any, ops: ElementOps) -> Any:
    if capabilities_of(ops).exact:
        return symbolic.convert(a) ** p
    return ops.power(a, float(p))  # type: ignore[attr-defined]


def _check_ord(ord: Any, func: str) -> Any:
    """``ord`` as a Python number: SymPy's ``oo``/``-oo`` become ``inf``/``-inf``, its integers ``int`` (as ``matrix_norm`` reads them)."""
    if type(ord).__module__.startswith("sympy") and getattr(ord, "is_number", False) and ord.is_extended_real:
        if ord.is_infinite:
            ord = _INF if ord.is_extended_positive else -_INF
        elif ord.is_Integer:
            ord = int(ord)
        elif ord.is_Rational:
            ord = Fraction(int(ord.p), int(ord.q))
        else:
            ord = float(ord)
    if isinstance(ord, bool) or not isinstance(ord, (int, float, Fraction)) or (isinstance(ord, float) and math.isnan(ord)):
        raise ArgumentValueError(f"{func}: ord must be a number, inf or -inf (got {ord!r})")
    return ord


def vector_norm(x: Any, /, *, axis: Any = None, keepdims: bool = False, ord: Any = 2) -> Tensor[Any] | Any:
    """The ``ord``-norm of a vector, or of each vector along ``axis`` (Array API ``vector_norm``).

    ``ord``: ``2`` (Euclidean, the default), ``1``, ``inf`` (largest
    absolute value), ``-inf`` (smallest), ``0`` (number of non-zero entries),
    or any other number ``p`` (``sum(|x|**p)**(1/p)``).  Exact rings keep
    ``1``, ``inf`` and ``0`` in the ring of their absolute values and give
    SymPy roots for the others.

    Parameters
    ----------
    x : Tensor or array-like
    axis : int, tuple of int or None
        The axes to reduce (``None``: all, as one vector).
    keepdims : bool
        Keep the reduced axes with length 1.

    Returns
    -------
    element or Tensor
        The norm itself when every axis is reduced (and not ``keepdims``),
        else a new tensor.

    Raises
    ------
    ValueError
        ``ord`` is not a number.
    DomainError
        The ring has no absolute value (or order, for ``inf``).

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> x = gt.tensor([[3, -4], [Fraction(1, 2), 0]])
    >>> gt.linalg.vector_norm(x, axis=1).tolist()
    [5, 1/2]
    >>> gt.linalg.vector_norm(x, ord=1), gt.linalg.vector_norm(x, ord=float("inf")), gt.linalg.vector_norm(x, ord=0)
    (Fraction(15, 2), Fraction(4, 1), 3)
    >>> gt.linalg.vector_norm(gt.tensor([3.0, 4.0]))
    5.0
    >>> import sympy
    >>> gt.linalg.vector_norm(x, ord=sympy.oo)  # SymPy's infinity, as matrix_norm takes it
    Fraction(4, 1)
    """
    ord = _check_ord(ord, "vector_norm")
    t = _arithmetic(as_tensor(x, "vector_norm"))
    if axis is None:
        axes = tuple(range(t.ndim))
    else:
        raw = (axis,) if isinstance(axis, int) else tuple(axis)
        axes = tuple(sorted({normalize_axis(a, t.ndim, "vector_norm") for a in raw}))
        if len(axes) != len(raw):
            raise ArgumentValueError(f"vector_norm: repeated axis (got axis={axis!r})")
    keep = [a for a in range(t.ndim) if a not in axes]
    if _lapack.applies(t.ops) and ord != 0 and t.size and axes:  # floating point: NumPy's norm (its order of summation)
        values = _lapack.array_of(t)
        with np.errstate(all="ignore"):
            if len(axes) == t.ndim and not keepdims and ord == 2:  # NumPy's norm: one dot product (BLAS)
                found = np.linalg.norm(values.reshape(-1))
            elif len(axes) == t.ndim and not keepdims:
                found = np.linalg.vector_norm(values, ord=float(ord))
            else:
                found = np.linalg.vector_norm(values, axis=axes, keepdims=keepdims, ord=float(ord))
        real = _absolute(t.ops, "vector_norm")[1]
        return _lapack.tensor_of(found, real) if np.ndim(found) else real.convert(found.item())
    moved = permute_dims(t, tuple(keep) + axes).contiguous()
    out_shape = tuple(t.shape[a] for a in keep)
    size = math.prod(t.shape[a] for a in axes)
    flat = moved._elements()
    results, out_ops = [], t.ops
    for s in range(math.prod(out_shape)):
        value, out_ops = _vector(flat[s * size : (s + 1) * size], t.ops, ord, "vector_norm")
        results.append(value)
    if not results:  # nothing to reduce into: the result ops of an empty vector
        out_ops = _vector([], t.ops, ord, "vector_norm")[1] if ord not in (_INF, -_INF) else t.ops
    if keepdims:
        out_shape = tuple(1 if a in axes else n for a, n in enumerate(t.shape))
    elif not out_shape:
        return results[0]
    return Tensor._from_flat(out_ops.convert_list(results), out_shape, out_ops)


_MATRIX_ORDS = ("fro", "nuc", 1, -1, 2, -2, _INF, -_INF)


def _matrix(rows: list[list[Any]], ops: ElementOps, ord: Any) -> tuple[Any, ElementOps]:
    func = "matrix_norm"
    if ord == "fro":
        return _vector([v for row in rows for v in row], ops, 2, func)
    if ord in (1, -1, _INF, -_INF):
        lines = rows if ord in (_INF, -_INF) else [list(c) for c in zip(*rows)]
        sums = [_vector(line, ops, 1, func) for line in lines]
        real = sums[0][1] if sums else ops
        if not sums:
            raise ShapeError(f"{func}: ord={ord} of an empty matrix is undefined")
        return _extreme([v for v, _ in sums], real, ord in (1, _INF), func), real
    return _spectral(rows, ops, ord)


def _spectral(rows: list[list[Any]], ops: ElementOps, ord: Any) -> tuple[Any, ElementOps]:
    """Norms from the singular values: ``2`` (largest), ``-2`` (smallest), ``"nuc"`` (their sum)."""
    caps = capabilities_of(ops)
    if not caps.exact:
        import numpy as np

        dtype = complex if caps.complex else float
        s = np.linalg.svd(np.array(rows, dtype=dtype), compute_uv=False)
        value = float(s.sum() if ord == "nuc" else (s.max() if ord == 2 else s.min()))
        real = getattr(ops, "real_ops", ops)
        return real.convert(value), real
    import sympy

    from .eigen import eigenvals

    conj = conjugator(ops, "matrix_norm")
    a = Tensor._from_flat([v for row in rows for v in row], (len(rows), len(rows[0]) if rows else 0), ops)
    ah = a.mT if conj is None else Tensor._from_flat([conj(v) for v in a.mT._elements()], a.mT.shape, ops)
    gram = ah @ a if a.shape[1] <= a.shape[0] else a @ ah
    values = [sympy.sqrt(v) for v in eigenvals(gram, multiple=True).tolist()]
    if ord == "nuc":
        return sympy.Add(*values), symbolic
    return (sympy.Max if ord == 2 else sympy.Min)(*values), symbolic


def matrix_norm(x: Any, /, *, keepdims: bool = False, ord: Any = "fro") -> Tensor[Any] | Any:
    """A norm of a matrix, or of each matrix of a stack (Array API ``matrix_norm``).

    ``ord``: ``"fro"`` (Frobenius, the default), ``1`` / ``-1`` (largest /
    smallest column sum of absolute values), ``inf`` / ``-inf`` (rows),
    ``2`` / ``-2`` (largest / smallest singular value), ``"nuc"`` (their sum).
    Exact rings give exact values: column and row sums stay in the ring of
    absolute values; Frobenius and spectral norms are SymPy expressions.

    Returns
    -------
    element or Tensor
        For one matrix the norm itself; for a stack a new tensor of shape
        ``x.shape[:-2]`` (``keepdims``: ``x.shape[:-2] + (1, 1)``).

    Raises
    ------
    ShapeError
        ``x.ndim < 2``, or ``ord`` -1 (-inf) of a matrix with no columns (rows): the smallest of no sums.
    ValueError
        An unknown ``ord``.
    DomainError
        The ring has no absolute value or order (or no roots, for ``"fro"``).

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[1, -2], [3, 4]])
    >>> gt.linalg.matrix_norm(a), gt.linalg.matrix_norm(a, ord=1), gt.linalg.matrix_norm(a, ord=float("inf"))
    (sqrt(30), 6, 7)
    >>> gt.linalg.matrix_norm(gt.tensor([[3, 0], [0, 4]]), ord=2)
    4
    >>> gt.linalg.matrix_norm(gt.tensor([[[1, 0], [0, 1]], [[2, 0], [0, 0]]]), ord="nuc").tolist()
    [2, 2]
    """
    if ord not in _MATRIX_ORDS or isinstance(ord, bool):
        raise ArgumentValueError(f"matrix_norm: ord must be one of 'fro', 'nuc', 1, -1, 2, -2, inf, -inf (got {ord!r})")
    t = _arithmetic(as_tensor(x, "matrix_norm"))
    if t.ndim < 2:
        raise ShapeError(f"matrix_norm: expects a matrix or a stack of matrices, ndim >= 2 (got shape {t.shape})")
    *batch, m, n = t.shape
    flat = t._elements()
    results, out_ops = [], t.ops
    for s in range(0, len(flat), m * n) if m * n else range(0):
        rows = [flat[s + i * n : s + (i + 1) * n] for i in range(m)]
        value, out_ops = _matrix(rows, t.ops, ord)
        results.append(value)
    if m * n == 0:  # zeros in the ring of absolute values (reals for complexes), as NumPy's norms of empty matrices
        count = math.prod(batch)
        lines = n if ord in (1, -1) else m  # the column (row) sums compared: each 0 when there are any
        if ord in ("fro", "nuc", 2, -2, 1, _INF) or lines:
            real = _absolute(t.ops, "matrix_norm")[1]
            results, out_ops = [real.zero] * count, real
        elif count:  # the smallest of no sums
            raise ShapeError(f"matrix_norm: ord={ord} of a matrix with no {'columns' if ord == -1 else 'rows'} is undefined (got shape {t.shape})")
    shape = tuple(batch) + ((1, 1) if keepdims else ())
    if not shape:
        return results[0]
    return Tensor._from_flat(out_ops.convert_list(results), shape, out_ops)
