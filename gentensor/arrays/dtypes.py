"""Data types are ops: the Array API's dtype functions, aliases, devices and the inspection namespace.

A tensor's ``dtype`` is its ``ops`` (``x.dtype is x.ops``), and every
``dtype=`` argument accepts what ``ops=`` accepts (an ops, a Python type, a
built-in's name).  For code written against the Array API standard the
standard's names are aliases of the built-in ops:

=====================================================  ==================  =======================================
``int8`` ... ``int64``, ``uint8`` ... ``uint64``        ``gt.integers``     unbounded Python ints: no overflow, no wraparound
``float32``, ``float64``                                ``gt.floats``       Python floats (IEEE double precision)
``complex64``, ``complex128``                           ``gt.complexes``    Python complex numbers (double precision)
``bool``                                                ``gt.booleans``     ``True``/``False``
=====================================================  ==================  =======================================

Kinds ([`isdtype`][gentensor.arrays.dtypes.isdtype]) come from ``ops.capabilities.dtype_kinds``: the standard's
``"bool"``, ``"signed integer"``, ``"unsigned integer"``, ``"integral"``,
``"real floating"``, ``"complex floating"``, ``"numeric"``, and gentensor's own
``"rational"``, ``"symbolic"``, ``"modular"``, ``"object"``, ``"user"``.
The only device is ``"cpu"``.

Examples
--------
>>> import gentensor as gt
>>> x = gt.tensor([1, 2])
>>> x.dtype is gt.int64 is gt.integers, gt.isdtype(x.dtype, "integral"), x.device
(True, True, 'cpu')
>>> gt.result_type(x, gt.float64), gt.can_cast(gt.int64, gt.rationals)
(floats, True)
"""

from __future__ import annotations

import builtins
import math
import sys
from typing import Any, NamedTuple

import numpy as np

from ..core.operands import as_tensor, operand_ops
from ..core.storage import view_of
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ArgumentValueError, DomainError, OpsMismatchError
from ..ops import (
    ElementOps,
    OpsSpec,
    as_ops,
    booleans,
    capabilities_of,
    complexes,
    floats,
    integers,
    is_ops,
    result_ops,
)

__all__ = [
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float32",
    "float64",
    "complex64",
    "complex128",
    "e",
    "pi",
    "inf",
    "nan",
    "newaxis",
    "astype",
    "result_type",
    "can_cast",
    "isdtype",
    "iinfo",
    "finfo",
    "IInfo",
    "FInfo",
]

# -- aliases of the built-in ops (documented deviations: integers are unbounded) -------------------
bool = booleans
"""The Array API's ``bool``: ``gt.booleans``."""
int8 = integers
"""The Array API's ``int8``: ``gt.integers`` (unbounded: no wrap-around, no overflow)."""
int16 = integers
"""The Array API's ``int16``: ``gt.integers`` (unbounded)."""
int32 = integers
"""The Array API's ``int32``: ``gt.integers`` (unbounded)."""
int64 = integers
"""The Array API's ``int64``: ``gt.integers`` (unbounded)."""
uint8 = integers
"""The Array API's ``uint8``: ``gt.integers`` (unbounded, and signed: negative values stay negative)."""
uint16 = integers
"""The Array API's ``uint16``: ``gt.integers`` (unbounded, signed)."""
uint32 = integers
"""The Array API's ``uint32``: ``gt.integers`` (unbounded, signed)."""
uint64 = integers
"""The Array API's ``uint64``: ``gt.integers`` (unbounded, signed)."""
float32 = floats
"""The Array API's ``float32``: ``gt.floats`` (Python floats: double precision)."""
float64 = floats
"""The Array API's ``float64``: ``gt.floats``."""
complex64 = complexes
"""The Array API's ``complex64``: ``gt.complexes`` (Python complex: double precision)."""
complex128 = complexes
"""The Array API's ``complex128``: ``gt.complexes``."""

#: The standard's dtype names and the ops each one is (for ``__array_namespace_info__().dtypes()``).
DTYPE_NAMES: dict[str, Any] = {
    "bool": booleans,
    "int8": integers, "int16": integers, "int32": integers, "int64": integers,
    "uint8": integers, "uint16": integers, "uint32": integers, "uint64": integers,
    "float32": floats, "float64": floats,
    "complex64": complexes, "complex128": complexes,
}

# -- constants -------------------------------------------------------------------------------------
e = math.e
"""Euler's number as a float (``math.e``); ``sympy.E`` is the exact one."""
pi = math.pi
"""π as a float (``math.pi``); ``sympy.pi`` is the exact one."""
inf = math.inf
"""Positive infinity (a float)."""
nan = math.nan
"""Not a number (a float)."""
newaxis = None
"""``None``: ``x[:, gt.newaxis]`` inserts an axis of length 1."""


# -- dtype= and device= arguments ----------------------------------------------------------------------
def resolve_dtype(ops: OpsSpec | None, dtype: OpsSpec | None, func: str, default: Any = None) -> Any:
    """The ops an ``ops=``/``dtype=`` pair names (they are synonyms), ``default`` when neither is given.

    Examples
    --------
    >>> import gentensor as gt
    >>> resolve_dtype(None, gt.float64, "f"), resolve_dtype(gt.integers, None, "f"), resolve_dtype(None, None, "f")
    (floats, integers, None)
    >>> resolve_dtype(gt.integers, gt.floats, "zeros")
    Traceback (most recent call last):
    ...
    gentensor.errors.ArgumentTypeError: zeros: ops= and dtype= name the same thing and disagree (got ops=integers, dtype=floats); pass one of them
    """
    if dtype is None:
        return default if ops is None else as_ops(ops, func)
    target = as_ops(dtype, func)
    if ops is not None and as_ops(ops, func) is not target:
        raise ArgumentTypeError(
            f"{func}: ops= and dtype= name the same thing and disagree (got ops={ops!r}, dtype={dtype!r}); "
            "pass one of them"
        )
    return target


def check_device(device: Any, func: str) -> None:
    """Accept ``device=None`` or ``"cpu"`` (the only device); refuse anything else.

    Examples
    --------
    >>> check_device("cpu", "zeros")
    >>> check_device("cuda", "zeros")
    Traceback (most recent call last):
    ...
    gentensor.errors.ArgumentValueError: zeros: unknown device 'cuda'; gentensor tensors live on the only device 'cpu'
    """
    if device is not None and device != "cpu":
        raise ArgumentValueError(f"{func}: unknown device {device!r}; gentensor tensors live on the only device 'cpu'")


# -- the dtype functions ------------------------------------------------------------------------
def astype(x: Tensor[Any], dtype: OpsSpec, /, *, copy: Any = True, device: Any = None) -> Tensor[Any]:
    """``x`` with every element converted to ``dtype`` (an ops, a type or a name); ``x.astype(dtype)`` calls it.

    Parameters
    ----------
    x : Tensor
    dtype : ops, type or name
    copy : bool
        ``False`` returns ``x`` itself when it already has that ops.
    device : {"cpu", None}

    Returns
    -------
    Tensor
        A new tensor (``x`` itself only with ``copy=False`` and the same ops).

    Raises
    ------
    TypeError
        An element has no exact value in ``dtype`` (``astype(gt.tensor([0.5]), gt.int64)``).
    UndecidableError
        A cast of symbolic elements to ``bool`` meets an element whose zero
        test is undecided.

    Notes
    -----
    A cast to ``bool`` follows the standard: zero is ``False`` and every
    other element (NaN included) ``True``, as ``x != 0``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.astype(gt.tensor([1, 2]), gt.float64).tolist()
    [1.0, 2.0]
    >>> gt.astype(gt.tensor([0.0, 1.5, -2.0]), gt.bool).tolist()
    [False, True, True]
    >>> x = gt.tensor([1, 2]); gt.astype(x, gt.integers, copy=False) is x
    True
    """
    x = as_tensor(x, "astype")
    check_device(device, "astype")
    target = as_ops(dtype, "astype")
    if target is x.ops and not copy:
        return x
    if isdtype(target, "bool") and target is not x.ops:
        return _truth(x)
    return x._cast(target)


def _truth(x: Tensor[Any]) -> Tensor[Any]:
    """The standard's cast to ``bool``: ``False`` for zero, ``True`` for anything else (``x != 0``, NaN included).

    Computed here from the storage: the element-wise layer (``!=``) sits above this one.  Packed words
    are compared with the word of zero (a packing's words are canonical); other elements ask the ops'
    zero test, which decides symbolic zeros soundly or raises.
    """
    store, layout, ops = x._store, x._layout, x.ops
    if store.packing is not None:
        zero = store.packing.pack([ops.zero])
        if zero is not None:
            return Tensor._from_array(np.asarray(np.not_equal(view_of(store, layout), zero[0])), layout.shape, booleans)
    is_zero = ops.is_zero
    return Tensor._from_flat([not is_zero(v) for v in x._elements()], layout.shape, booleans)


def _ops_of(value: Any, func: str) -> Any:
    if isinstance(value, Tensor):
        return value.ops
    if is_ops(value) or isinstance(value, (type, str)):
        return as_ops(value, func)
    return operand_ops((value,), func)


def result_type(*arrays_and_dtypes: Any) -> ElementOps:
    """The ops a result combining these tensors, dtypes (ops) and scalars has: [`gentensor.result_ops`][gentensor.ops._registry.result_ops] over them.

    Returns
    -------
    ops

    Raises
    ------
    OpsMismatchError
        Two of them cannot be combined (``modular(5)`` with ``modular(7)``).
    TypeError
        Nothing was given.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> gt.result_type(gt.tensor([1]), gt.tensor([True])), gt.result_type(gt.int64, Fraction(1, 2))
    (integers, rationals)
    """
    if not arrays_and_dtypes:
        raise ArgumentTypeError("result_type: needs at least one tensor, dtype or scalar (got none)")
    found = [_ops_of(v, "result_type") for v in arrays_and_dtypes]
    try:
        return result_ops(*found)  # type: ignore[no-any-return]
    except OpsMismatchError as err:
        raise OpsMismatchError(f"result_type: {str(err).removeprefix('result_ops: ')}") from None


def can_cast(from_: Any, to: OpsSpec, /) -> builtins.bool:
    """True when every element of ``from_`` (a dtype or a tensor) converts exactly into ``to`` by promotion.

    That is when combining the two gives ``to`` (``integers`` → ``rationals``
    → ``floats`` → ``complexes``; everything numeric → ``symbolic``).

    Returns
    -------
    bool
        Whether promoting the ops of ``from_`` with ``to`` gives ``to``: decided from the ops alone (no element is read).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.can_cast(gt.int64, gt.float64), gt.can_cast(gt.float64, gt.int64), gt.can_cast(gt.tensor([1]), gt.symbolic)
    (True, False, True)
    """
    source = _ops_of(from_, "can_cast")
    target = as_ops(to, "can_cast")
    try:
        return result_ops(source, target) is target
    except OpsMismatchError:
        return False


#: The kind names ``isdtype`` accepts: the standard's, then gentensor's own (``Capabilities.kind``).
_KIND_NAMES = (
    "bool", "signed integer", "unsigned integer", "integral", "real floating", "complex floating", "numeric",
    "rational", "symbolic", "modular", "object", "user",
)


def isdtype(dtype: OpsSpec, kind: Any) -> builtins.bool:
    """True when ``dtype`` (an ops) is of the given kind (a kind name, an ops, or a tuple of them).

    Kinds are the standard's (``"bool"``, ``"signed integer"``, ``"unsigned
    integer"``, ``"integral"``, ``"real floating"``, ``"complex floating"``,
    ``"numeric"``) or a capability kind of gentensor (``"rational"``,
    ``"symbolic"``, ``"modular"``, ``"object"``, ``"user"``).  Integers are
    signed and unbounded, so no ops is an ``"unsigned integer"``.

    Returns
    -------
    bool

    Raises
    ------
    ValueError
        An unknown kind name.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.isdtype(gt.int64, "integral"), gt.isdtype(gt.rationals, ("numeric", "bool")), gt.isdtype(gt.symbolic, "symbolic")
    (True, True, True)
    """
    ops = as_ops(dtype, "isdtype")
    if isinstance(kind, tuple):
        return any(isdtype(ops, k) for k in kind)
    if isinstance(kind, str):
        if kind in _KIND_NAMES:
            return kind in capabilities_of(ops).dtype_kinds
        raise ArgumentValueError(f"isdtype: unknown kind {kind!r}; use one of {', '.join(_KIND_NAMES)}, or a dtype")
    return as_ops(kind, "isdtype") is ops


class IInfo(NamedTuple):
    """Limits of an integer-like ops ([`iinfo`][gentensor.arrays.dtypes.iinfo]): ``bits``, ``max``, ``min``, ``dtype``.

    For ``modular(n)`` they are ints; for the unbounded ``gt.integers`` they
    are ``math.inf`` and ``-math.inf``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.iinfo(gt.modular(256))
    IInfo(bits=8, max=255, min=0, dtype=modular(256))
    """

    bits: int | float
    max: int | float
    min: int | float
    dtype: Any


class FInfo(NamedTuple):
    """Machine limits of a floating-point ops ([`finfo`][gentensor.arrays.dtypes.finfo]).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.finfo(gt.float64).eps
    2.220446049250313e-16
    """

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: Any


def iinfo(type: Any, /) -> IInfo:
    """The limits of an integer ops: ``modular(n)`` holds ``0`` ... ``n - 1``; ``integers`` have none.

    ``gt.integers`` (and its aliases ``int8`` ... ``uint64``) are Python's
    unbounded ints, so their ``max`` is ``math.inf``, their ``min``
    ``-math.inf`` and their ``bits`` ``math.inf``: every comparison with a
    limit is exact and true to the type (``n <= iinfo(gt.int64).max`` for
    every int ``n``: no value overflows), which is what code written for
    fixed-width integers asks of ``iinfo`` (is a value in range? is a
    tolerance below one unit?).  A limit is not an element: putting it into
    an integer tensor as a fill value raises a clear error instead of
    wrapping around.

    Returns
    -------
    IInfo

    Raises
    ------
    DomainError
        The ops is not integral (``finfo`` describes floats; rationals and
        symbolic elements have no limits of either kind).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.iinfo(gt.modular(7)).max
    6
    >>> gt.iinfo(gt.int64)
    IInfo(bits=inf, max=inf, min=-inf, dtype=integers)
    >>> 2**1000 < gt.iinfo(gt.int8).max
    True
    """
    ops = type.ops if isinstance(type, Tensor) else as_ops(type, "iinfo")
    caps = capabilities_of(ops)
    if caps.residues and caps.characteristic:
        n = caps.characteristic
        return IInfo(bits=(n - 1).bit_length(), max=n - 1, min=0, dtype=ops)
    if isdtype(ops, "integral"):
        return IInfo(bits=math.inf, max=math.inf, min=-math.inf, dtype=ops)
    raise DomainError(
        f"iinfo: needs an integer ops (got {ops!r}); finfo describes floats, and {ops!r} elements "
        "have no limits of either kind"
    )


def finfo(type: Any, /) -> FInfo:
    """The limits of the floating-point ops (``floats``; ``complexes`` report their parts' floats).

    Returns
    -------
    FInfo

    Raises
    ------
    DomainError
        The ops is not floating point (exact rings have no rounding to describe).

    Examples
    --------
    >>> import gentensor as gt
    >>> info = gt.finfo(gt.complex128)
    >>> info.bits, info.max, info.smallest_normal, info.dtype
    (64, 1.7976931348623157e+308, 2.2250738585072014e-308, floats)
    """
    ops = type.ops if isinstance(type, Tensor) else as_ops(type, "finfo")
    if not capabilities_of(ops).floating:
        raise DomainError(
            f"finfo: needs a floating-point ops (got {ops!r}); {ops!r} elements are exact or not numbers, "
            "so there are no rounding limits to report"
        )
    fi = sys.float_info
    real = getattr(ops, "real_ops", ops)
    return FInfo(bits=64, eps=fi.epsilon, max=fi.max, min=-fi.max, smallest_normal=fi.min, dtype=real)


# -- the inspection namespace -------------------------------------------------------------------
class Info:
    """What ``gt.__array_namespace_info__()`` returns: the namespace's capabilities, devices and dtypes.

    Examples
    --------
    >>> import gentensor as gt
    >>> info = gt.__array_namespace_info__()
    >>> info.default_device(), info.devices(), info.capabilities()["boolean indexing"]
    ('cpu', ['cpu'], True)
    >>> info.default_dtypes()["integral"], sorted(info.dtypes(kind="real floating"))
    (integers, ['float32', 'float64'])
    """

    __slots__ = ()

    def capabilities(self) -> dict[str, Any]:
        """Boolean-mask indexing and data-dependent shapes are supported; at most 64 axes."""
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}

    def default_device(self) -> str:
        """The only device: ``"cpu"``."""
        return "cpu"

    def devices(self) -> list[str]:
        """The devices tensors can live on: ``["cpu"]``."""
        return ["cpu"]

    def default_dtypes(self, *, device: Any = None) -> dict[str, Any]:
        """The ops used when none is given: integers for integral and indexing, floats, complexes."""
        check_device(device, "default_dtypes")
        return {"real floating": floats, "complex floating": complexes, "integral": integers, "indexing": integers}

    def dtypes(self, *, device: Any = None, kind: Any = None) -> dict[str, Any]:
        """The standard's dtype names and the ops each is, optionally only those of ``kind`` (as [`isdtype`][gentensor.arrays.dtypes.isdtype])."""
        check_device(device, "dtypes")
        return {name: ops for name, ops in DTYPE_NAMES.items() if kind is None or isdtype(ops, kind)}


def array_namespace_info() -> Info:
    """The inspection namespace of the Array API (``gt.__array_namespace_info__()``).

    Examples
    --------
    >>> array_namespace_info().devices()
    ['cpu']
    """
    return Info()
