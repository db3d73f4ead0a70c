"""Creation: tensor, zeros, ones, full, eye, arange, fromfunction, symbols.

``tensor`` flattens nested data once, checks it is not ragged (saying where),
infers the ops from the element types (or uses ``ops=``) and converts only
when some element is not already native to the ops.
"""

from __future__ import annotations

import itertools
import math
import numbers
from fractions import Fraction
from typing import Any, Callable

from ..core.layout import normalize_shape
from ..core.operands import build, to_tensor
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ArgumentValueError
from ..resources import check_shape
from ..ops import as_ops, ElementOps, integers, ops_for_type, OpsSpec, symbolic
from ..parallel import index_columns, run_map

__all__ = ["tensor", "zeros", "ones", "full", "eye", "arange", "fromfunction", "symbols"]

def tensor(data: Any, /, *, ops: OpsSpec | None = None) -> Tensor[Any]:
    """A new tensor from nested lists/tuples, a scalar, a Tensor, a NumPy array or a SymPy matrix/array.

    Parameters
    ----------
    data
        Nested sequences (every sequence at one depth the same length); a
        scalar gives a 0-d tensor.
    ops : ops object, type or name, optional
        The element operations.  Inferred from the element types when omitted:
        all bool → booleans; int → integers; int and Fraction → rationals;
        SymPy anywhere → symbolic; float → floats; complex → complexes; a
        registered type → its ops; otherwise objects.

    Returns
    -------
    Tensor
        A new tensor (never a view of ``data``).

    Raises
    ------
    ShapeError
        Ragged data, with the index and lengths that disagree.
    ArgumentTypeError
        An element ``ops.convert`` cannot convert exactly.
    LimitError
        More than ``max_ndim`` axes or ``max_elements`` elements, or a SymPy
        element past the expression limits (:func:`gentensor.limits`).

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.tensor([[1, 2], [3, 4]])
    tensor([[1, 2],
            [3, 4]], ops=integers)
    >>> gt.tensor([1, Fraction(1, 2)]).ops, gt.tensor(5).shape
    (rationals, ())
    >>> gt.tensor([[1, 2], [3]])
    Traceback (most recent call last):
    ...
    gentensor.errors.ShapeError: tensor: ragged nested data: the entry at index [1] is length 1, expected a sequence of length 2 (as at index [0]); every sequence at one depth must have the same length
    """
    return to_tensor(data, ops)


def _filled(shape: Any, value: Any, ops: ElementOps, func: str) -> Tensor[Any]:
    dims = normalize_shape(shape, func)
    check_shape(dims, func)
    return Tensor._from_flat([value] * math.prod(dims), dims, ops)


def zeros(shape: Any, /, *, ops: OpsSpec = integers) -> Tensor[Any]:
    """A new tensor of ``ops.zero``.

    >>> import gentensor as gt
    >>> gt.zeros((2, 2), ops=gt.rationals)
    tensor([[0, 0],
            [0, 0]], ops=rationals)
    """
    target = as_ops(ops, "zeros")
    return _filled(shape, target.zero, target, "zeros")


def ones(shape: Any, /, *, ops: OpsSpec = integers) -> Tensor[Any]:
    """A new tensor of ``ops.one``.

    >>> import gentensor as gt
    >>> gt.ones(3).tolist()
    [1, 1, 1]
    """
    target = as_ops(ops, "ones")
    return _filled(shape, target.one, target, "ones")


def full(shape: Any, fill_value: Any, /, *, ops: OpsSpec | None = None) -> Tensor[Any]:
    """A new tensor with every element ``fill_value`` (ops inferred from it when omitted).

    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.full((2,), Fraction(1, 3))
    tensor([1/3, 1/3], ops=rationals)
    """
    target = ops_for_type(type(fill_value)) if ops is None else as_ops(ops, "full")
    return _filled(shape, target.convert(fill_value), target, "full")


def eye(n_rows: int, n_cols: int | None = None, /, *, k: int = 0, ops: OpsSpec = integers) -> Tensor[Any]:
    """A new matrix with ``ops.one`` on diagonal ``k`` and ``ops.zero`` elsewhere.

    >>> import gentensor as gt
    >>> gt.eye(2, 3, k=1).tolist()
    [[0, 1, 0], [0, 0, 1]]
    """
    target = as_ops(ops, "eye")
    m = n_rows if n_cols is None else n_cols
    n_rows, m = normalize_shape((n_rows, m), "eye")
    check_shape((n_rows, m), "eye")
    data = [target.zero] * (n_rows * m)
    for i in range(max(0, -k), min(n_rows, m - k)):
        data[i * m + i + k] = target.one
    return Tensor._from_flat(data, (n_rows, m), target)


def arange(start: Any, stop: Any = None, step: Any = 1, /, *, ops: OpsSpec | None = None) -> Tensor[Any]:
    """Evenly spaced values in ``[start, stop)``, exactly (Fraction steps stay Fractions).

    Raises
    ------
    ArgumentValueError
        ``step`` is zero, or the range is infinite.
    LimitError
        More than ``max_elements`` values (:func:`gentensor.limits`).

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.arange(5).tolist(), gt.arange(1, 2, Fraction(1, 3))
    ([0, 1, 2, 3, 4], tensor([  1, 4/3, 5/3], ops=rationals))
    """
    if stop is None:
        start, stop = 0, start
    for name, v in (("start", start), ("stop", stop), ("step", step)):
        if not isinstance(v, numbers.Number) and not hasattr(v, "is_Number"):
            raise ArgumentTypeError(f"arange: {name} must be a number (got {v!r})")
    if step == 0:
        raise ArgumentValueError("arange: step must not be zero (got step=0)")
    span = (stop - start) / step if not isinstance(start + stop + step, int) else Fraction(stop - start, step)
    try:
        count = max(0, math.ceil(span))
    except (OverflowError, ValueError, TypeError):  # an infinite or NaN float span
        raise ArgumentValueError(f"arange: the range from {start!r} to {stop!r} in steps of {step!r} is not finite") from None
    check_shape((count,), "arange")
    values = [start + k * step for k in range(count)]
    # The bounds take part in inference: arange(Fraction(1, 2)) is [0] over the rationals.
    types = {type(start), type(stop), type(step), *map(type, values)}
    return build(values, (count,), types, ops)


def fromfunction(
    f: Callable[..., Any], shape: Any, /, *, ops: OpsSpec | None = None, executor: Any = None, workers: Any = None
) -> Tensor[Any]:
    """A new tensor whose element at ``(i, j, ...)`` is ``f(i, j, ...)``.

    ``executor=``/``workers=`` choose the parallel policy for the calls of
    ``f`` (default: the one in force, see :func:`gentensor.parallel`); the
    result is identical to the serial one.

    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.fromfunction(lambda i, j: Fraction(1, i + j + 1), (2, 2))
    tensor([[  1, 1/2],
            [1/2, 1/3]], ops=rationals)
    """
    dims = normalize_shape(shape, "fromfunction")
    check_shape(dims, "fromfunction")
    if not dims:
        values = [f()]
    elif math.prod(dims):
        columns = index_columns(dims)
        values = run_map(f, columns, executor=executor, workers=workers, index_shape=dims, where="fromfunction")
    else:  # no elements (a zero-length axis, however long the others): f is never called
        values = []
    return build(values, dims, set(map(type, values)), ops)


def symbols(name: str, shape: Any, /) -> Tensor[Any]:
    """A new symbolic tensor of distinct SymPy symbols ``name_i_j``.

    >>> import gentensor as gt
    >>> gt.symbols("a", (2, 2))
    tensor([[a_0_0, a_0_1],
            [a_1_0, a_1_1]], ops=symbolic)
    """
    import sympy

    if not isinstance(name, str) or not name.isidentifier():
        raise ArgumentTypeError(f"symbols: name must be an identifier string (got {name!r})")
    dims = normalize_shape(shape, "symbols")
    check_shape(dims, "symbols")
    values = [
        sympy.Symbol("_".join([name, *map(str, idx)])) for idx in itertools.product(*map(range, dims))
    ] if math.prod(dims) else []  # itertools.product would first list every range, however long
    return Tensor._from_flat(values, dims, symbolic)
