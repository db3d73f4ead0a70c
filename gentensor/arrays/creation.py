"""Creation: tensor, asarray, zeros, ones, full, empty, the ``*_like`` forms, eye, arange, fromfunction, symbols.

``tensor`` flattens nested data once, checks it is not ragged (saying where),
infers the ops from the element types (or uses ``ops=``) and converts only
when some element is not already native to the ops.

``dtype=`` is a synonym of ``ops=`` everywhere (the Array API's spelling; a
dtype *is* an ops), and ``device=`` accepts the only device, ``"cpu"``.
Without either, ``zeros``/``ones``/``empty``/``eye`` make integers (exact by
default, where NumPy and the standard make floats).
"""

from __future__ import annotations

import itertools
import math
import numbers
from fractions import Fraction
from typing import Any, Callable

import numpy as np

from ..core.layout import Layout, normalize_shape
from ..core.operands import build, convert_scalar, to_tensor
from ..core.storage import filled_storage
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ArgumentValueError
from ..ops import ElementOps, OpsSpec, as_ops, integers, ops_for_type, packing_of, symbolic
from ..resources import check_shape
from ..parallel import index_columns, run_map
from .dtypes import check_device, resolve_dtype

__all__ = [
    "tensor",
    "asarray",
    "zeros",
    "ones",
    "full",
    "empty",
    "zeros_like",
    "ones_like",
    "full_like",
    "empty_like",
    "eye",
    "arange",
    "fromfunction",
    "symbols",
]


def tensor(data: Any, /, *, ops: OpsSpec | None = None, dtype: OpsSpec | None = None) -> Tensor[Any]:
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
    dtype : ops object, type or name, optional
        The same as ``ops`` (the Array API's name).

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
        element past the expression limits ([`gentensor.limits`][gentensor.resources.limits]).

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
    return to_tensor(data, resolve_dtype(ops, dtype, "tensor"))


def asarray(
    obj: Any,
    /,
    *,
    dtype: OpsSpec | None = None,
    device: Any = None,
    copy: bool | None = None,
    ops: OpsSpec | None = None,
) -> Tensor[Any]:
    """``obj`` as a tensor: the tensor itself when it already is one of that ops, else a new tensor.

    Parameters
    ----------
    obj
        A tensor, or anything [`gentensor.tensor`][gentensor.arrays.creation.tensor] accepts.
    dtype, ops : ops object, type or name, optional
        The ops of the result (synonyms); by default ``obj``'s own or the inferred one.
    device : {"cpu", None}
    copy : bool or None
        ``True``: always a new tensor.  ``None``: reuse ``obj`` when it is a
        tensor of the requested ops.  ``False``: never copy; raise when a
        copy would be needed (``obj`` is not a tensor, or has another ops).

    Returns
    -------
    Tensor
        ``obj`` itself, or a new tensor.

    Raises
    ------
    ValueError
        ``copy=False`` and a copy is needed.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([1, 2])
    >>> gt.asarray(x) is x, gt.asarray(x, copy=True) is x, gt.asarray([1, 2], dtype=gt.float64).tolist()
    (True, False, [1.0, 2.0])
    """
    check_device(device, "asarray")
    target = resolve_dtype(ops, dtype, "asarray")
    if isinstance(obj, Tensor):
        if target is None or target is obj.ops:
            if copy:
                return obj.copy()
            return obj
        if copy is False:
            raise ArgumentValueError(
                f"asarray: converting {obj.ops!r} elements to {target!r} needs a copy (got copy=False); "
                "pass copy=None to allow it"
            )
        return obj.astype(target)
    if copy is False:
        raise ArgumentValueError(
            f"asarray: a {type(obj).__name__} is not a gentensor Tensor, so making one copies it (got copy=False); "
            "pass copy=None to allow it"
        )
    return to_tensor(obj, target)


def _filled(shape: Any, value: Any, ops: ElementOps, func: str) -> Tensor[Any]:
    dims = normalize_shape(shape, func)
    check_shape(dims, func)
    return Tensor._new(filled_storage(value, math.prod(dims), ops), Layout.contiguous(dims), ops)


def _ops_for(ops: OpsSpec | None, dtype: OpsSpec | None, device: Any, func: str) -> ElementOps:
    check_device(device, func)
    return resolve_dtype(ops, dtype, func, integers)  # type: ignore[no-any-return]


def zeros(shape: Any, *, dtype: OpsSpec | None = None, device: Any = None, ops: OpsSpec | None = None) -> Tensor[Any]:
    """A new tensor of ``ops.zero`` (integers unless ``dtype``/``ops`` says otherwise).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.zeros((2, 2), ops=gt.rationals)
    tensor([[0, 0],
            [0, 0]], ops=rationals)
    >>> gt.zeros(2, dtype=gt.float64).tolist()
    [0.0, 0.0]
    """
    target = _ops_for(ops, dtype, device, "zeros")
    return _filled(shape, target.zero, target, "zeros")


def ones(shape: Any, *, dtype: OpsSpec | None = None, device: Any = None, ops: OpsSpec | None = None) -> Tensor[Any]:
    """A new tensor of ``ops.one`` (integers unless ``dtype``/``ops`` says otherwise).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.ones(3).tolist()
    [1, 1, 1]
    """
    target = _ops_for(ops, dtype, device, "ones")
    return _filled(shape, target.one, target, "ones")


def empty(shape: Any, *, dtype: OpsSpec | None = None, device: Any = None, ops: OpsSpec | None = None) -> Tensor[Any]:
    """A new tensor of the given shape, filled with ``ops.zero`` (Python has no uninitialised storage).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.empty((2, 1)).tolist()
    [[0], [0]]
    """
    target = _ops_for(ops, dtype, device, "empty")
    return _filled(shape, target.zero, target, "empty")


def full(
    shape: Any, fill_value: Any, *, dtype: OpsSpec | None = None, device: Any = None, ops: OpsSpec | None = None
) -> Tensor[Any]:
    """A new tensor with every element ``fill_value`` (ops inferred from it when omitted).

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.full((2,), Fraction(1, 3))
    tensor([1/3, 1/3], ops=rationals)
    """
    check_device(device, "full")
    target = resolve_dtype(ops, dtype, "full") or ops_for_type(type(fill_value))
    return _filled(shape, target.convert(fill_value), target, "full")


def _like(x: Any, func: str, ops: OpsSpec | None, dtype: OpsSpec | None, device: Any) -> tuple[tuple[int, ...], ElementOps]:
    check_device(device, func)
    if not isinstance(x, Tensor):
        x = to_tensor(x)
    return x.shape, resolve_dtype(ops, dtype, func, x.ops)


def zeros_like(x: Tensor[Any], /, *, dtype: OpsSpec | None = None, device: Any = None, ops: OpsSpec | None = None) -> Tensor[Any]:
    """A new tensor of ``x``'s shape and ops (or ``dtype``) filled with ``ops.zero``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.zeros_like(gt.tensor([[1.5, 2.5]])).tolist()
    [[0.0, 0.0]]
    """
    shape, target = _like(x, "zeros_like", ops, dtype, device)
    return _filled(shape, target.zero, target, "zeros_like")


def ones_like(x: Tensor[Any], /, *, dtype: OpsSpec | None = None, device: Any = None, ops: OpsSpec | None = None) -> Tensor[Any]:
    """A new tensor of ``x``'s shape and ops (or ``dtype``) filled with ``ops.one``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.ones_like(gt.tensor([1, 2]), dtype=gt.rationals)
    tensor([1, 1], ops=rationals)
    """
    shape, target = _like(x, "ones_like", ops, dtype, device)
    return _filled(shape, target.one, target, "ones_like")


def empty_like(x: Tensor[Any], /, *, dtype: OpsSpec | None = None, device: Any = None, ops: OpsSpec | None = None) -> Tensor[Any]:
    """A new tensor of ``x``'s shape and ops (or ``dtype``), filled with ``ops.zero``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.empty_like(gt.tensor([7, 8])).tolist()
    [0, 0]
    """
    shape, target = _like(x, "empty_like", ops, dtype, device)
    return _filled(shape, target.zero, target, "empty_like")


def full_like(
    x: Tensor[Any], /, fill_value: Any, *, dtype: OpsSpec | None = None, device: Any = None, ops: OpsSpec | None = None
) -> Tensor[Any]:
    """A new tensor of ``x``'s shape and ops (or ``dtype``) with every element ``fill_value``.

    Raises
    ------
    TypeError
        ``fill_value`` has no exact value in the ops (``full_like(integers, 0.5)``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.full_like(gt.tensor([1, 2, 3], ops=gt.modular(5)), 7).tolist()
    [2, 2, 2]
    """
    shape, target = _like(x, "full_like", ops, dtype, device)
    return _filled(shape, convert_scalar(fill_value, target, "full_like"), target, "full_like")


def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: OpsSpec | None = None,
    device: Any = None,
    ops: OpsSpec | None = None,
) -> Tensor[Any]:
    """A new matrix with ``ops.one`` on diagonal ``k`` and ``ops.zero`` elsewhere (integers by default).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.eye(2, 3, k=1).tolist()
    [[0, 1, 0], [0, 0, 1]]
    """
    target = _ops_for(ops, dtype, device, "eye")
    m = n_rows if n_cols is None else n_cols
    n_rows, m = normalize_shape((n_rows, m), "eye")
    check_shape((n_rows, m), "eye")
    out = _filled((n_rows, m), target.zero, target, "eye")
    diagonal = range(max(0, -k), min(n_rows, m - k))
    if len(diagonal):
        out[list(diagonal), [i + k for i in diagonal]] = target.one
    return out


def arange(
    start: Any,
    /,
    stop: Any = None,
    step: Any = 1,
    *,
    dtype: OpsSpec | None = None,
    device: Any = None,
    ops: OpsSpec | None = None,
) -> Tensor[Any]:
    """Evenly spaced values in ``[start, stop)``, exactly (Fraction steps stay Fractions).

    Raises
    ------
    ArgumentValueError
        ``step`` is zero, or the range is infinite.
    LimitError
        More than ``max_elements`` values ([`gentensor.limits`][gentensor.resources.limits]).

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.arange(5).tolist(), gt.arange(1, 2, Fraction(1, 3))
    ([0, 1, 2, 3, 4], tensor([  1, 4/3, 5/3], ops=rationals))
    """
    if ops is None and dtype is None and device is None and type(start) is int and type(step) is int and step:
        ints = range(start, stop, step) if type(stop) is int else range(0, start, step) if stop is None else None
        try:
            count = len(ints) if ints is not None else -1
        except OverflowError:  # more values than a machine index: the general path refuses it
            count = -1
        if count > 0:  # Python ints: the machine arange when they fit the word (the common call)
            check_shape((count,), "arange")
            packed = _machine_arange(ints.start, ints.step, count, integers)  # type: ignore[union-attr]
            if packed is not None:
                return packed
    check_device(device, "arange")
    ops = resolve_dtype(ops, dtype, "arange")
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
    if type(start) is int and type(stop) is int and type(step) is int and count:
        packed = _machine_arange(start, step, count, integers if ops is None else as_ops(ops, "arange"))
        if packed is not None:
            return packed
    values = [start + k * step for k in range(count)]
    # The bounds take part in inference: arange(Fraction(1, 2)) is [0] over the rationals.
    types = {type(start), type(stop), type(step), *map(type, values)}
    return build(values, (count,), types, ops)


def _machine_arange(start: int, step: int, count: int, ops: ElementOps) -> Tensor[Any] | None:
    """``arange`` of ints as a packed tensor, when ``ops`` takes ints as they are and packs them all; else ``None``."""
    packing = packing_of(ops)
    if packing is None or not packing.signed or packing.to_machine is not None:
        return None
    if int not in getattr(ops, "native_types", ()):
        return None  # ints are converted first (residues): the element path does it
    last = start + (count - 1) * step
    lo, hi = min(start, last), max(start, last)
    if lo < packing.lo or hi > packing.hi:  # type: ignore[operator]
        return None
    values = np.arange(count, dtype=np.int64)
    values *= step if count > 1 else 1  # one value: the step (which may not fit a word) plays no part
    values += start
    return Tensor._from_array(values, (count,), ops, (lo, hi), True)


def fromfunction(
    f: Callable[..., Any],
    shape: Any,
    /,
    *,
    ops: OpsSpec | None = None,
    dtype: OpsSpec | None = None,
    executor: Any = None,
    workers: Any = None,
    timeout: float | None = None,
) -> Tensor[Any]:
    """A new tensor whose element at ``(i, j, ...)`` is ``f(i, j, ...)``.

    ``executor=``/``workers=``/``timeout=`` choose the parallel policy for
    the calls of ``f`` (default: the one in force, see
    [`gentensor.parallel`][gentensor.parallel.parallel]); the result is identical to the serial one.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.fromfunction(lambda i, j: Fraction(1, i + j + 1), (2, 2))
    tensor([[  1, 1/2],
            [1/2, 1/3]], ops=rationals)
    """
    ops = resolve_dtype(ops, dtype, "fromfunction")
    dims = normalize_shape(shape, "fromfunction")
    check_shape(dims, "fromfunction")
    if not dims:
        values = [f()]
    elif math.prod(dims):
        columns = index_columns(dims)
        values = run_map(
            f, columns, executor=executor, workers=workers, timeout=timeout, index_shape=dims, where="fromfunction"
        )
    else:  # no elements (a zero-length axis, however long the others): f is never called
        values = []
    return build(values, dims, set(map(type, values)), ops)


def symbols(name: str, shape: Any, /, **assumptions: bool) -> Tensor[Any]:
    """A new symbolic tensor of distinct SymPy symbols ``name_i_j``, with SymPy assumptions.

    Parameters
    ----------
    name : str
        The common stem (an identifier).
    shape : int or tuple of int
        The shape of the tensor.
    **assumptions : bool
        SymPy assumptions given to every symbol (``real=True``,
        ``positive=True``, ``integer=True``, ...), as ``sympy.Symbol`` takes them.

    Returns
    -------
    Tensor
        A new symbolic tensor.

    Raises
    ------
    TypeError
        ``name`` is not an identifier, or an assumption is not a bool.
    ValueError
        SymPy does not know an assumption, or they contradict each other.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.symbols("a", (2, 2))
    tensor([[a_0_0, a_0_1],
            [a_1_0, a_1_1]], ops=symbolic)
    >>> q = gt.symbols("q", 3, real=True)
    >>> q[0].is_real, gt.conjugate(q).tolist() == q.tolist()
    (True, True)
    """
    import sympy

    if not isinstance(name, str) or not name.isidentifier():
        raise ArgumentTypeError(f"symbols: name must be an identifier string (got {name!r})")
    for key, value in assumptions.items():
        if not isinstance(value, bool):
            raise ArgumentTypeError(f"symbols: the assumption {key} must be True or False (got {key}={value!r})")
    dims = normalize_shape(shape, "symbols")
    check_shape(dims, "symbols")
    from sympy.core.assumptions import _assume_defined

    unknown = sorted(set(assumptions) - set(_assume_defined))
    if unknown:
        raise ArgumentValueError(
            f"symbols: SymPy knows no assumption {unknown[0]!r} (got {unknown[0]}={assumptions[unknown[0]]}); "
            "e.g. real, positive, integer, nonzero"
        )
    try:
        sympy.Symbol(name, **assumptions)
    except Exception:  # SymPy's InconsistentAssumptions lists every derived fact; say it briefly
        shown = ", ".join(f"{k}={v}" for k, v in assumptions.items())
        raise ArgumentValueError(f"symbols: the assumptions contradict each other (got {shown})") from None
    values = [
        sympy.Symbol("_".join([name, *map(str, idx)]), **assumptions)
        for idx in itertools.product(*map(range, dims))
    ] if math.prod(dims) else []  # itertools.product would first list every range, however long
    return Tensor._from_flat(values, dims, symbolic)
