"""Interop: NumPy and SymPy conversion, pickle support, exact save/load.

NumPy and SymPy are imported only inside the functions that need them, so
``import gentensor`` stays light.  The tensor methods delegate here:
``np.asarray(x)`` → `to_numpy`, ``x.to_sympy()`` →
`to_sympy`, ``pickle`` → `tensor_reduce`.  The other direction
(``gt.tensor(ndarray)``, ``gt.tensor(sympy.Matrix)``) lives in
[`gentensor.tensor`][gentensor.arrays.creation.tensor].  The file format of [`save`][gentensor.io._saveload.save]/[`load`][gentensor.io._saveload.load] is in
``docs/format.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from ..errors import ArgumentTypeError, ArgumentValueError
from ._saveload import load, save
from ..core.operands import as_tensor
from ..core.tensor import Tensor
from ..core.storage import view_of
from ..ops import ElementOps, Packing, canonical_ops, packing_of

if TYPE_CHECKING:
    import numpy
    import sympy

__all__ = ["save", "load", "to_numpy", "to_sympy"]


def to_numpy(x: Tensor[Any], /, dtype: Any = None, copy: bool | None = None) -> numpy.ndarray:
    """The elements of ``x`` as a NumPy array: machine numbers where they fit one, else ``dtype=object``.

    This is ``Tensor.__array__``, so ``np.asarray(x)`` and ``np.array(x)``
    call it.  Elements that are machine numbers (the ops declares a
    packing, as integers, booleans, floats, complexes and small moduli do,
    and every value fits it) come as that dtype -- ``int64``, ``bool``,
    ``float64``, ``complex128`` -- copied straight from packed storage
    without a Python object in between.  Otherwise the elements themselves
    go into an object array (ints past the word stay Python ints, Fractions
    stay Fractions), as NumPy does with ``np.array([2**70])``.  A view gives
    only its own elements, in its own order.

    Parameters
    ----------
    x : Tensor
    dtype : NumPy dtype, optional
        Convert to this dtype (e.g. ``float``, or ``object`` for Python
        objects whatever the elements).
    copy : bool or None
        NumPy's protocol flag.  The array never shares storage with ``x``
        (gentensor keeps facts about its storage, such as the bounds that
        prove integer kernels exact, which outside writes would break), so
        ``copy=False`` raises.

    Returns
    -------
    numpy.ndarray
        A new array of shape ``x.shape``.

    Raises
    ------
    ArgumentValueError
        ``copy=False``: NumPy cannot view a tensor's storage without copying.

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> a = to_numpy(gt.tensor([[1, Fraction(1, 2)], [3, 4]]).T)
    >>> a.dtype, a.shape, a[0, 1], a[1, 0]
    (dtype('O'), (2, 2), Fraction(3, 1), Fraction(1, 2))
    >>> to_numpy(gt.tensor([[1, 2], [3, 4]])).dtype, to_numpy(gt.tensor([1, 2**70])).dtype
    (dtype('int64'), dtype('O'))
    """
    if copy is False:
        raise ArgumentValueError(
            "__array__: NumPy gets a copy of a tensor's elements, never its storage "
            "(got copy=False); use np.asarray(x) or copy=None"
        )
    x = as_tensor(x, "to_numpy")
    if dtype is not None:
        try:
            dtype = np.dtype(dtype)
        except (TypeError, ValueError):
            raise ArgumentTypeError(
                f"to_numpy: dtype must be something NumPy reads as a dtype, such as float or 'int64' (got {dtype!r}); "
                "a gentensor ops is not one: leave dtype out for an object array of the elements"
            ) from None
    out = None if dtype == np.dtype(object) else _machine_array(x)
    if out is None:
        els = x._elements()
        out = np.fromiter(els, dtype=object, count=len(els)).reshape(x.shape)
    if dtype is not None and dtype != out.dtype:
        out = out.astype(dtype)
    return out


def _machine_array(x: Tensor[Any]) -> Any:
    """A new array of ``x``'s machine values when its elements are the numbers its ops packs as they are, else ``None``.

    Packed storage is copied in C; list storage of an ops that declares a
    packing is packed (``None`` when a value does not fit), so the dtype
    does not depend on how the tensor happens to be stored.
    """
    packing = getattr(x.ops, "packing", None)
    if not isinstance(packing, Packing) or packing.from_machine is not None or packing.to_machine is not None:
        return None
    store = x._store
    if store.packing is not None:
        return view_of(store, x._layout).copy()
    if x.size == 0:
        return np.zeros(x.shape, dtype=packing.dtype)
    packed = packing.pack(x._elements())
    return None if packed is None else packed.reshape(x.shape)


def to_sympy(x: Tensor[Any], /) -> sympy.ImmutableMatrix | sympy.ImmutableDenseNDimArray:
    """``x`` as a SymPy object: a 2-d tensor gives an ``ImmutableMatrix``, any other an ``ImmutableDenseNDimArray``.

    Elements become SymPy numbers and expressions (ints → ``Integer``,
    Fractions → ``Rational``, modular ints → their ``Integer`` representative).
    An ops may supply ``to_sympy(element)`` for its own elements.

    Returns
    -------
    sympy.ImmutableMatrix or sympy.ImmutableDenseNDimArray
        A new SymPy object (SymPy objects never share storage).

    Raises
    ------
    TypeError
        An element has no SymPy equivalent (give its ops a ``to_sympy`` method).

    Examples
    --------
    >>> import gentensor as gt
    >>> from fractions import Fraction
    >>> to_sympy(gt.tensor([[1, Fraction(1, 2)], [3, 4]]))
    Matrix([
    [1, 1/2],
    [3,   4]])
    >>> to_sympy(gt.arange(3))
    [0, 1, 2]
    """
    import sympy

    x = as_tensor(x, "to_sympy")
    els = x._elements()
    own = getattr(x.ops, "to_sympy", None)
    convert: Callable[[Any], Any] = own if callable(own) else _sympy_converter(x.ops)
    values = list(map(convert, els))
    if x.ndim == 2:
        rows, cols = x.shape
        return sympy.ImmutableMatrix(rows, cols, values)
    return sympy.ImmutableDenseNDimArray(values, x.shape)


def _sympy_converter(ops: ElementOps) -> Callable[[Any], Any]:
    from ..ops import symbolic

    def convert(v: Any) -> Any:
        try:
            return symbolic.convert(v)
        except TypeError:
            raise ArgumentTypeError(
                f"to_sympy: the {ops.name} element {v!r} has no SymPy equivalent; "
                "give the ops a to_sympy(element) method"
            ) from None

    return convert


def _rebuild(elements: list[Any], shape: tuple[int, ...], ops: ElementOps) -> Tensor[Any]:
    """Unpickle a tensor: a new contiguous owner of ``elements`` (see `tensor_reduce`)."""
    return Tensor._from_flat(elements, tuple(shape), canonical_ops(ops))


def _rebuild_packed(array: Any, shape: tuple[int, ...], ops: ElementOps, bounds: Any) -> Tensor[Any]:
    """Unpickle a packed tensor: its machine values, packed again (or unpacked where packing is off)."""
    ops = canonical_ops(ops)
    if packing_of(ops) is not None:
        return Tensor._from_array(array, tuple(shape), ops, bounds)
    return Tensor._from_flat(ops.packing.unpack(array), tuple(shape), ops)  # type: ignore[attr-defined]


def tensor_reduce(x: Tensor[Any], /) -> tuple[Any, tuple[Any, ...]]:
    """The pickle recipe of ``x`` (``Tensor.__reduce__``): its own elements (or machine values), shape and ops.

    A view pickles only the elements it shows, never the whole storage, and
    unpickles as a new contiguous tensor; packed storage travels as its
    NumPy array (8 bytes per integer, not a Python object each).  Built-in ops unpickle as the same
    objects (``gt.integers``, ``gt.modular(7)``); a registered user ops comes
    back as the registered instance.

    Returns
    -------
    tuple
        ``(reconstructor, (elements, shape, ops))``.

    Examples
    --------
    >>> import gentensor as gt
    >>> big = gt.zeros((1000, 1000))
    >>> f, args = tensor_reduce(big[3])
    >>> len(args[0]), args[1], args[2]
    (1000, (1000,), integers)
    >>> f(*args).shape
    (1000,)
    """
    store = x._store
    if store.packing is not None:
        return _rebuild_packed, (view_of(store, x._layout).copy(), x.shape, x.ops, store.bounds)
    return _rebuild, (x._elements(), x.shape, x.ops)
