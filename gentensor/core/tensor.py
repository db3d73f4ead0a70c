"""Tensor: one shared Storage + a Layout + an ops; views, indexing, operators.

The storage (a Python list, or a packed NumPy buffer of machine words: see
`gentensor.core.storage`) is shared by every view of it; a view is a new
`Layout` over the same storage, so views cost O(ndim) and writes through
them land in the original.  Elements always come out as Python objects of
the ops' type.  The operators and the methods served by higher layers
(arithmetic, products, reductions, linear algebra, display) are not here:
they are delegates to the public functions, made from the table in
`gentensor._methods` and set on the class at the end of ``import gentensor``
(declared for type checkers in `gentensor.core.methods`).  This module calls
no higher layer.

The builder of tensors from data, `to_tensor` (the body of
[`gentensor.tensor`][gentensor.arrays.creation.tensor]), is here too, which
makes the module longer than most: nested data may hold tensors, and
``__setitem__`` and index arrays read nested data, so the class and the
builder need each other, and one module keeps that free of an import cycle.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator as IteratorABC
from collections.abc import Sequence
from contextvars import ContextVar
from fractions import Fraction
from math import prod
from typing import Any, Generic, Iterator, TypeVar

import numpy as np

from ..errors import ArgumentTypeError, ArgumentValueError, IndexingError, ReadOnlyError, ShapeError
from ..ops import ElementOps, OpsSpec, as_ops, capabilities_of, convert_values, infer_ops, packing_of, result_ops
from ..resources import check_shape, get_limits
from . import kernels as _kernels
from .indexing import masked, resolve, resolve_simple, scattered_along, taken_along, value_layout, whole_mask, written_words
from .storage import Storage, pack_values, packed_storage, promote, view_of
from .layout import Layout
from .methods import TensorMethods

__all__ = ["Tensor", "is_array_like"]

E = TypeVar("E")  # the element type

_NOT_DATA = (str, bytes, bytearray, memoryview, dict, set, frozenset)

#: Set while NumPy reads nested data for `gentensor.tensor`: a tensor met inside raises `EmbeddedTensor`
#: (its own ops must take part, so the element path reads the data instead).
_READING: ContextVar[bool] = ContextVar("gentensor_reading_nested", default=False)


class EmbeddedTensor(Exception):
    """Internal: a tensor inside nested data that NumPy was reading (never escapes `gentensor.tensor`)."""

_object_new = object.__new__


def reading_nested() -> bool:
    """True while NumPy reads nested data for `gentensor.tensor` (a tensor's ``__array__`` then raises `EmbeddedTensor`)."""
    return _READING.get()


def _foreign_kind(value: Any) -> str | None:
    """``"numpy"`` for a NumPy array, ``"sympy"`` for a SymPy matrix or N-dim array, else ``None``."""
    module = type(value).__module__ or ""
    if module.startswith("numpy"):
        np = sys.modules.get("numpy")
        return "numpy" if np is not None and isinstance(value, np.ndarray) else None
    if module.startswith("sympy") and hasattr(value, "shape") and hasattr(value, "tolist"):
        return "sympy"
    return None


def is_array_like(value: Any) -> bool:
    """True for what gentensor reads as an array wherever it meets it (not as a scalar).

    Tensors, lists, tuples, ``range`` and other sequences (not strings or
    bytes), NumPy arrays (not NumPy scalars), SymPy matrices and N-dim arrays.

    Examples
    --------
    >>> is_array_like([1, 2]), is_array_like(range(3)), is_array_like(5), is_array_like("ab")
    (True, True, False, False)
    """
    if isinstance(value, (Tensor, list, tuple, range)):
        return True
    if isinstance(value, _NOT_DATA):
        return False
    return isinstance(value, Sequence) or _foreign_kind(value) is not None


class Tensor(TensorMethods, Generic[E]):
    """An N-dimensional strided tensor of elements handled by an ``ops`` object.

    There is no public constructor: build tensors with [`gentensor.tensor`][gentensor.arrays.creation.tensor]
    and the other creation functions.

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2, 3], [4, 5, 6]])
    >>> x.shape, x.ndim, x.size, x.ops
    ((2, 3), 2, 6, integers)
    >>> y = x.T          # a view: no element is copied
    >>> y[0, 1] = 40     # writes through to x
    >>> x.tolist()
    [[1, 2, 3], [40, 5, 6]]
    """

    __slots__ = ("_store", "_layout", "_ops", "_base", "_readonly", "__weakref__")
    _store: Storage  # the elements, shared by every view of them
    _layout: Layout
    _ops: ElementOps
    _base: "Tensor[Any] | None"  # the owner of the storage (None for the owner itself)
    _readonly: bool
    __array_priority__ = 1000  # NumPy defers binary operators to us
    _op_priority = 20.0  # SymPy defers binary operators to us (without converting the tensor first)
    _iterable = False  # SymPy reads a tensor through _sympy_, not element by element
    __hash__ = None  # type: ignore[assignment]  # == is element-wise

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise ArgumentTypeError("Tensor: there is no public constructor (got Tensor(...)); build tensors with gt.tensor(data, ops=...)")

    # -- construction (internal) ---------------------------------------------
    @classmethod
    def _new(
        cls, data: "list[Any] | Storage", layout: Layout, ops: ElementOps, base: "Tensor | None" = None, readonly: bool = False
    ) -> "Tensor[Any]":
        """A tensor over ``data``: a `Storage`, or a list of elements (kept as list storage)."""
        self = object.__new__(cls)
        self._store = data if isinstance(data, Storage) else Storage(data)
        self._layout = layout
        self._ops = ops
        self._base = base
        self._readonly = readonly
        return self

    @classmethod
    def _from_flat(cls, data: list[Any], shape: tuple[int, ...], ops: ElementOps) -> "Tensor[Any]":
        """A new C-contiguous tensor owning ``data`` (already converted elements), in list storage.

        A packed kernel that later reads it packs it then (`gentensor.core.storage.packed_view`).
        """
        return cls._new(Storage(data), Layout.contiguous(shape), ops)

    @classmethod
    def _from_values(cls, values: list[Any], shape: tuple[int, ...], ops: ElementOps) -> "Tensor[Any]":
        """A new C-contiguous tensor of ``values`` (converted elements), packed now when the ops packs them all."""
        return cls._new(pack_values(values, ops), Layout.contiguous(shape), ops)

    @classmethod
    def _from_array(
        cls, array: Any, shape: tuple[int, ...], ops: ElementOps, bounds: Any = None, exact: bool = False,
        recycle: bool = False,
    ) -> "Tensor[Any]":
        """A new C-contiguous tensor owning ``array`` (machine values of ``ops.packing``, any shape of that size).

        ``bounds`` encloses the values of an integer array (``exact`` when they are its min and max).
        """
        packing = packing_of(ops)
        assert packing is not None, "only an ops that packs has packed tensors"
        return cls._new(packed_storage(array, packing, bounds, exact, recycle), Layout.contiguous(shape), ops)

    def _at(self, position: int) -> E:
        """The element at storage position ``position`` (a Python object of the ops' type)."""
        store = self._store
        if store.packing is None:
            return store.data[position]  # type: ignore[no-any-return]
        return store.packing.element(store.data, position)  # type: ignore[no-any-return]

    def _view(self, layout: Layout, readonly: bool = False) -> "Tensor[E]":
        """A view of this tensor's storage through ``layout`` (its base is the storage's owner)."""
        view: Tensor[E] = _object_new(Tensor)
        view._store = self._store
        view._layout = layout
        view._ops = self._ops
        base = self._base
        view._base = self if base is None else base
        view._readonly = self._readonly or readonly
        return view

    def _elements(self) -> list[E]:
        """A fresh list of all elements in C order."""
        return _kernels.gather(self._store, self._layout)

    # -- attributes ----------------------------------------------------------
    @property
    def shape(self) -> tuple[int, ...]:
        """The length of each axis."""
        return self._layout.shape

    @property
    def ndim(self) -> int:
        """The number of axes."""
        return len(self._layout.shape)

    @property
    def size(self) -> int:
        """The number of elements."""
        return self._layout.size

    @property
    def strides(self) -> tuple[int, ...]:
        """Storage steps per axis, in elements (may be negative or 0)."""
        return self._layout.strides

    @property
    def ops(self) -> ElementOps:
        """The element operations of this tensor (what its elements are and how they combine).

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1, 2]).ops
        integers
        """
        return self._ops

    @property
    def base(self) -> "Tensor[E] | None":
        """The tensor that owns the storage this view shares; ``None`` for an owner.

        Examples
        --------
        >>> import gentensor as gt
        >>> x = gt.zeros((2, 2))
        >>> x.base is None, x.T.base is x, x.T[0].base is x
        (True, True, True)
        """
        return self._base

    @property
    def is_contiguous(self) -> bool:
        """True when the elements lie in C order without gaps in storage."""
        return self._layout.is_contiguous

    @property
    def T(self) -> "Tensor[E]":
        """All axes reversed: a view of ``x`` (shares storage)."""
        lay = self._layout
        return self._view(Layout(lay.shape[::-1], lay.strides[::-1], lay.offset))

    @property
    def mT(self) -> "Tensor[E]":
        """The last two axes swapped (a stack of transposed matrices): a view.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.zeros((5, 2, 3)).mT.shape
        (5, 3, 2)
        """
        if self.ndim < 2:
            raise ShapeError(f"mT: needs a tensor with ndim >= 2 (got shape {self.shape})")
        axes = list(range(self.ndim))
        axes[-2], axes[-1] = axes[-1], axes[-2]
        return self._view(self._layout.permute(axes))

    # -- element access ------------------------------------------------------
    def __getitem__(self, key: Any) -> Any:
        simple = resolve_simple(key, self._layout)
        if simple is not None:  # ints and slices only: a view, or the element itself
            shape, strides, offset = simple
            if shape:
                return self._view(Layout(shape, strides, offset))
            store = self._store
            if store.packing is None:
                return store.data[offset]
            return store.packing.element(store.data, offset)
        if type(key) is Tensor:
            chosen = masked(self, key, Tensor)
            if chosen is not None:  # x[mask] with a mask of x's whole shape: no positions computed
                return chosen
        if type(key) is Tensor or type(key) is tuple:
            taken = taken_along(self, key, Tensor)
            if taken is not None:  # x[idx], x[:, idx], both packed: one NumPy take along that axis
                return Tensor._from_array(taken, taken.shape, self._ops, self._store.bounds)
        layout, pos, shape = resolve(key, self._layout, "__getitem__", _index_array)
        if not shape and key is not Ellipsis and not (isinstance(key, tuple) and any(k is Ellipsis for k in key)):
            # every axis indexed by an int (or a 0-d index array): the element, as NumPy
            return self._at(layout.offset if pos is None else int(pos[0]))
        if pos is None:
            return self._view(layout)
        return _gathered(self, pos, shape)

    def __setitem__(self, key: Any, value: Any) -> None:
        if self._readonly:
            raise ReadOnlyError(
                "__setitem__: this tensor is a read-only view (it repeats elements through stride 0); "
                "write to a copy: y = x.copy()"
            )
        store = self._store
        if store.packing is not None and scattered_along(self, key, value, Tensor):  # x[idx] = v, x[:, idx] = v
            return
        if type(key) is Tensor and store.packing is not None and not isinstance(value, Tensor) and not is_array_like(value):
            mask = whole_mask(self, key)
            view = view_of(store, self._layout) if mask is not None else None
            if view is not None and view.flags.c_contiguous:  # x[mask] = v: one scatter into the words
                machine = store.packing.scalar(self._ops.convert(value))
                if machine is not None:
                    view.reshape(-1)[np.flatnonzero(mask)] = machine
                    store.written((int(machine), int(machine)) if store.packing.bounded else None)
                    return
        layout, pos, shape = resolve(key, self._layout, "__setitem__", _index_array)
        if store.packing is not None and not isinstance(value, Tensor) and not is_array_like(value):
            # One element written everywhere: convert it once and fill the machine words.
            machine = store.packing.scalar(self._ops.convert(value))
            if machine is not None:
                if pos is None and not shape:  # one element: its word
                    store.data[layout.offset] = machine
                elif pos is None:
                    view_of(store, layout)[...] = machine
                else:
                    store.data[np.asarray(pos, dtype=np.intp)] = machine
                store.written((int(machine), int(machine)) if store.packing.bounded else None)
                return
        if type(value) is Tensor and written_words(self, layout, pos, shape, value):
            return  # packed into packed, one ops: words to words
        values = self._values_for(value, shape, "__setitem__")
        if pos is None:
            _kernels.write(self._store, layout, values)
        else:
            _scattered(self._store, pos, values)

    def _values_for(self, value: Any, shape: tuple[int, ...], func: str) -> list[Any]:
        """``value`` converted to this tensor's ops and broadcast to ``shape``, as a list."""
        ops = self._ops
        if not isinstance(value, Tensor):
            if not is_array_like(value):
                return [ops.convert(value)] * prod(shape)
            value = to_tensor(value)
        if value._ops is not ops:
            result_ops(ops, value._ops)  # raises OpsMismatchError when they cannot meet
        values = _kernels.gather(value._store, value_layout(value, shape, func))
        return convert_values(values, value._ops, ops)

    def item(self) -> E:
        """The only element of a size-1 tensor.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([[7]]).item()
        7
        """
        if self.size != 1:
            raise ShapeError(f"item: only size-1 tensors have one item (got shape {self.shape})")
        return self._at(self._layout.offset)

    def tolist(self) -> Any:
        """The elements as nested Python lists (a 0-d tensor gives its element).

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.arange(6).reshape((2, 3)).tolist()
        [[0, 1, 2], [3, 4, 5]]
        """
        shape = self.shape
        if 0 in shape:
            return _empty_nested(shape)
        if not shape:
            return self._at(self._layout.offset)
        store = self._store
        if store.packing is not None:
            view = view_of(store, self._layout)
            if store.packing.from_machine is None:
                return view.tolist()  # nested Python numbers, in C
            els = store.packing.unpack(view)
            for n in reversed(shape[1:]):
                els = [els[i : i + n] for i in range(0, len(els), n)]
            return els
        # Rows come straight out of storage (one C-level slice each), then nest.
        els = _kernels.rows(store.data, self._layout)
        if len(shape) == 1:
            return els[0]
        for n in reversed(shape[1:-1]):
            els = [els[i : i + n] for i in range(0, len(els), n)]
        return els

    def __len__(self) -> int:
        if not self.ndim:
            raise ArgumentTypeError("len: a 0-d tensor has no length (got shape ()); use x.item()")
        return self.shape[0]

    def __iter__(self) -> Iterator[Any]:
        if not self.ndim:
            raise ArgumentTypeError("iter: a 0-d tensor cannot be iterated (got shape ()); use x.item()")
        for i in range(self.shape[0]):
            yield self[i]

    def __bool__(self) -> bool:
        if self.size != 1:
            raise ArgumentValueError(
                f"__bool__: the truth value of a tensor with {self.size} elements is ambiguous "
                f"(got shape {self.shape}); use gt.all(x) or gt.any(x)"
            )
        v = self.item()
        return bool(v) if v is True or v is False else not self._ops.is_zero(v)

    def _scalar(self, func: str) -> Any:
        if self.size != 1:
            raise ArgumentTypeError(
                f"{func}: only one-element tensors can be converted to Python scalars (got shape {self.shape}); "
                "index an element first, e.g. x[0] or x.item()"
            )
        return self._at(self._layout.offset)

    def __int__(self) -> int:
        """``int(x)`` of a one-element tensor (truncates, as ``int`` of its element does).

        Examples
        --------
        >>> import gentensor as gt
        >>> from fractions import Fraction
        >>> int(gt.tensor([Fraction(7, 2)])), float(gt.tensor([[3]])), complex(gt.tensor(2))
        (3, 3.0, (2+0j))
        """
        return int(self._scalar("int"))

    def __float__(self) -> float:
        """``float(x)`` of a one-element tensor."""
        return float(self._scalar("float"))

    def __complex__(self) -> complex:
        """``complex(x)`` of a one-element tensor."""
        return complex(self._scalar("complex"))

    def __index__(self) -> int:
        """``operator.index(x)`` of a one-element tensor of ints (integers, ``modular(n)``).

        Examples
        --------
        >>> import gentensor as gt, operator
        >>> operator.index(gt.tensor(3)), [10, 20, 30][gt.tensor([2])]
        (3, 30)
        """
        v = self._scalar("__index__")
        if type(v) is not int:
            raise ArgumentTypeError(
                f"__index__: only tensors of ints can be used as an index (got an element of type "
                f"{type(v).__name__}, ops {self._ops!r}); convert with .astype(gt.integers)"
            )
        return v

    def copy(self) -> "Tensor[E]":
        """A new tensor with the same elements (C-contiguous, owns its storage).

        Examples
        --------
        >>> import gentensor as gt
        >>> x = gt.tensor([1, 2]); y = x.copy(); y[0] = 9
        >>> x.tolist(), y.tolist()
        ([1, 2], [9, 2])
        """
        store = self._store
        if store.packing is not None:
            copied = view_of(store, self._layout).copy()
            return Tensor._from_array(copied, self.shape, self._ops, store.bounds, store.exact and copied.size == store.data.size)
        return Tensor._from_flat(self._elements(), self.shape, self._ops)

    def contiguous(self) -> "Tensor[E]":
        """``x`` itself when C-contiguous, else a new contiguous copy.

        Examples
        --------
        >>> import gentensor as gt
        >>> x = gt.zeros((2, 3))
        >>> x.contiguous() is x, x.T.contiguous().is_contiguous
        (True, True)
        """
        return self if self.is_contiguous else self.copy()

    def _cast(self, dtype: OpsSpec, /, *, copy: bool = True) -> "Tensor[Any]":
        """A new tensor with every element converted exactly to ``dtype`` (an ops object, a type or a name).

        The core's conversion, element by element through the target's
        ``convert``: what ``gt.tensor(x, ops=...)`` does.  The public
        ``x.astype`` (``gentensor.astype``) adds the standard's cast to bool
        on top.  ``copy=False`` returns ``x`` itself when it already has that
        ops.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1, 2])._cast(gt.rationals)
        tensor([1, 2], ops=rationals)
        """
        target = as_ops(dtype, "astype")
        if target is self._ops:
            return self.copy() if copy else self
        store = self._store
        packing = packing_of(target)
        if store.packing is not None and packing is not None:
            # packed to packed in one NumPy call where the target's packing casts exactly as ``convert`` does
            # (ints to floats rounded to nearest, bools to ints, ints to residues)
            cast = packing.cast(view_of(store, self._layout), store.packing)
            if cast is not None:
                array, bounds = cast
                if np.may_share_memory(array, store.data):
                    array = array.copy()
                return Tensor._from_array(array, self.shape, target, bounds)
        els = convert_values(self._elements(), self._ops, target)
        return Tensor._from_flat(els, self.shape, target)


def _empty_nested(shape: tuple[int, ...]) -> list[Any]:
    """Nested lists for a shape with a zero-length axis."""
    if shape[0] == 0:
        return []
    return [_empty_nested(shape[1:]) for _ in range(shape[0])]


def _gathered(x: Tensor[Any], positions: Any, shape: tuple[int, ...]) -> Tensor[Any]:
    """A new tensor of the elements of ``x``'s storage at ``positions`` (C order of ``shape``)."""
    store = x._store
    if store.packing is not None:
        picked = store.data[np.asarray(positions, dtype=np.intp)]
        return Tensor._from_array(picked, shape, x._ops, store.bounds)
    data = store.data
    if type(positions) is not list:
        positions = positions.tolist()
    return Tensor._from_flat(list(map(data.__getitem__, positions)), shape, x._ops)


def _scattered(store: Storage, positions: Any, values: list[Any]) -> None:
    """Write ``values`` at storage ``positions`` (the last write wins where a position repeats)."""
    packing = store.packing
    if packing is not None:
        array = packing.pack(values) if values else None
        if array is not None:
            store.data[np.asarray(positions, dtype=np.intp)] = array
            store.written(packing.bounds_of(array))
            return
        if not values:
            return
        promote(store)
    data = store.data
    for p, v in zip(positions.tolist() if type(positions) is not list else positions, values):
        data[p] = v
    store.written()


def _index_array(item: Any, func: str) -> tuple[Any, tuple[int, ...], Any]:
    """An index array's flat values (a NumPy array of ints or bools), shape and capabilities (for `.indexing`).

    Packed index tensors hand over their machine values; others are read
    into a NumPy array.  Values of another kind come back as a list (the
    indexer refuses them), or an empty ``intp`` array when there are none.
    """
    if not isinstance(item, Tensor):
        try:
            item = to_tensor(item)
        except (ShapeError, TypeError) as e:
            raise IndexingError(f"{func}: invalid index array {item!r}: {e}") from None
    caps = capabilities_of(item._ops)
    machine = np.bool_ if caps.mask else np.int64 if caps.index else None
    store = item._store
    if machine is not None and store.packing is not None and store.packing.dtype == machine:
        return view_of(store, item._layout).reshape(-1), item.shape, caps
    values = item._elements()
    if machine is None:
        return (values if values else np.zeros(0, dtype=np.intp)), item.shape, caps
    try:
        return np.array(values, dtype=machine), item.shape, caps
    except OverflowError:
        bad = next(v for v in values if not -(2**63) <= v < 2**63)
        raise IndexingError(f"{func}: index {bad} is out of range (got an index past any axis length)") from None


# -- building a tensor from data -----------------------------------------------------------------------------
# Here, beside Tensor: nested data may hold tensors, and ``__setitem__`` and index arrays read nested data,
# so the builder and the class need each other (one module, no import cycle).
_NEST = (list, tuple, range)


def _unravel(k: int, shape: list[int]) -> list[int]:
    idx = []
    for n in reversed(shape):
        k, r = divmod(k, n)
        idx.append(r)
    return idx[::-1]


def _nested_shape(data: Any) -> list[int]:
    """The shape read down the first entries (checked against every entry later).

    Refuses nesting past ``max_ndim`` ([`gentensor.limits`][gentensor.resources.limits]), which is
    also how a list that contains itself (followed forever otherwise) is caught.
    """
    max_ndim = get_limits().max_ndim
    shape: list[int] = []
    probe = data
    while isinstance(probe, _NEST) or isinstance(probe, Tensor):
        if isinstance(probe, Tensor):
            shape.extend(probe.shape)
            break
        shape.append(len(probe))
        if len(shape) > max_ndim:
            if _contains_itself(data):
                raise ShapeError("tensor: the nested data contains itself (a list inside its own items); it has no shape")
            raise ShapeError(
                f"tensor: nested data deeper than {max_ndim} levels; tensors have at most max_ndim={max_ndim} axes "
                "(raise it with gt.limits(max_ndim=...))"
            )
        if not probe:
            break
        probe = probe[0]
    if len(shape) > max_ndim:
        raise ShapeError(
            f"tensor: {len(shape)} axes are more than the max_ndim={max_ndim} a tensor may have "
            "(raise it with gt.limits(max_ndim=...))"
        )
    return shape


def _contains_itself(data: Any) -> bool:
    """True when following first entries from ``data`` comes back to a sequence already met."""
    seen: set[int] = set()
    probe = data
    while isinstance(probe, _NEST) and probe:
        if id(probe) in seen:
            return True
        seen.add(id(probe))
        probe = probe[0]
    return False


def _flatten(data: Any) -> tuple[list[Any], tuple[int, ...], set[type], list[Any]]:
    """Nested sequences → (flat elements, shape, set of element types, ops of embedded tensors)."""
    embedded: list[Any] = []
    shape = _nested_shape(data)
    items: list[Any] = [data]
    for depth, n in enumerate(shape):
        types = set(map(type, items))
        if Tensor in types:
            embedded.extend(it.ops for it in items if isinstance(it, Tensor))
            items = [it.tolist() if isinstance(it, Tensor) else it for it in items]
            types = set(map(type, items))
        if not types <= {list, tuple, range} or any(len(it) != n for it in items):
            k = next(k for k, it in enumerate(items) if not isinstance(it, _NEST) or len(it) != n)
            bad = items[k]
            where = _unravel(k, shape[:depth])
            got = f"length {len(bad)}" if isinstance(bad, _NEST) else f"a scalar {bad!r}"
            raise ShapeError(
                f"tensor: ragged nested data: the entry at index {where} is {got}, expected a sequence of "
                f"length {n} (as at index {[0] * depth}); every sequence at one depth must have the same length"
            )
        items = list(itertools.chain.from_iterable(items))
    types = set(map(type, items))
    if Tensor in types and all(it.ndim == 0 for it in items if isinstance(it, Tensor)):
        embedded.extend(it.ops for it in items if isinstance(it, Tensor))
        items = [it.item() if isinstance(it, Tensor) else it for it in items]  # 0-d tensors are elements
        types = set(map(type, items))
    if types & {list, tuple, range} or Tensor in types:
        k = next(k for k, it in enumerate(items) if isinstance(it, (list, tuple, range, Tensor)))
        raise ShapeError(
            f"tensor: ragged nested data: the entry at index {_unravel(k, shape)} is a sequence, but the "
            f"entries at index {[0] * len(shape)} are scalars; every sequence at one depth must have the same length"
        )
    return items, tuple(shape), types, embedded


def _from_numpy(data: Any) -> tuple[list[Any], tuple[int, ...]]:
    shape = tuple(int(n) for n in data.shape)
    kind, itemsize = data.dtype.kind, data.dtype.itemsize
    if (kind == "f" and itemsize > 8) or (kind == "c" and itemsize > 16):
        # Extended-precision floats have no exact Python float: they become exact Fractions.
        if kind == "c":
            raise ArgumentTypeError(
                f"tensor: NumPy {data.dtype} values have no exact Python equivalent; "
                "convert the array to complex128 first (data.astype(complex))"
            )
        return [Fraction(*v.as_integer_ratio()) for v in data.reshape(-1)], shape
    flat = data.reshape(-1).tolist() if data.ndim else [data.tolist()]
    return flat, shape


#: NumPy dtype kinds read as Python ints (the element path reads these arrays with ``tolist()``).
_INTEGRAL = "iu"


def _natural_ops(array: Any) -> ElementOps | None:
    """The ops ``_from_numpy``'s Python values would infer for ``array`` (ints, bools, floats, complexes), if it packs."""
    kind = array.dtype.kind
    python_type = {"b": bool, "i": int, "u": int, "f": float, "c": complex}.get(kind)
    if python_type is None or (kind == "f" and array.dtype.itemsize > 8) or (kind == "c" and array.dtype.itemsize > 16):
        return None
    return infer_ops({python_type})


def _machine_array(data: Any, ops: OpsSpec | None) -> Tensor[Any] | None:
    """A packed copy of a NumPy array of machine numbers, when its natural ops packs them as they are; else ``None``."""
    natural = _natural_ops(data)
    if natural is None:
        return None
    target = natural if ops is None else as_ops(ops, "tensor")
    if target is not natural:
        return None  # another ops converts each value (residues, rationals): the element path does it
    packing = packing_of(target)
    if packing is None or packing.to_machine is not None:
        return None
    shape = tuple(int(n) for n in data.shape)
    check_shape(shape, "tensor")
    if data.dtype.kind in _INTEGRAL and data.dtype != packing.dtype:
        lo, hi = packing.lo, packing.hi
        assert lo is not None and hi is not None  # an integer packing has bounds
        if data.size and (int(data.min()) < lo or int(data.max()) > hi):
            return None  # uint64 values past the word: Python ints
    return Tensor._from_array(np.array(data, dtype=packing.dtype, order="C", copy=True), shape, target)


def _machine_nested(data: Any, ops: OpsSpec | None) -> Tensor[Any] | None:
    """Nested lists of Python ints (or bools) read by NumPy in C, when they give ``int64`` (``bool``); else ``None``.

    NumPy's own dtype discovery decides: ``int64`` means every entry was an
    int that fits the word (or a bool among ints: integers, as here),
    ``bool`` that every entry was a bool.  Anything else -- floats (which
    could hide ints past the word), objects, ragged or embedded tensors --
    takes the element path, which infers the ops and explains errors.
    """
    if ops is not None or not data:
        return None
    token = _READING.set(True)
    try:
        array = np.array(data)
    except (EmbeddedTensor, ValueError, TypeError, OverflowError, RecursionError):
        return None
    finally:
        _READING.reset(token)
    if array.dtype.kind not in "b" and array.dtype != np.int64:
        return None
    if array.ndim > get_limits().max_ndim:
        return None
    return _machine_array(array, None)


def _from_range(r: range, ops: OpsSpec | None) -> Tensor[Any] | None:
    """A ``range`` checked against the limits by its length before any element is made; NumPy's ``arange`` when
    its values are words (``None``: the element path, for big ints or a given ops)."""
    step = r.step
    count = max(0, (r.stop - r.start + step - (1 if step > 0 else -1)) // step)  # len(r), which may pass a C index
    check_shape((count,), "tensor")
    if ops is not None or not count or not (-(2**63) <= min(r.start, r.stop) and max(r.start, r.stop) < 2**63):
        return None
    try:
        array = np.arange(r.start, r.start + count * step, step, dtype=np.int64)
    except (OverflowError, ValueError):  # NumPy's own bounds of arange: the element path
        return None
    if len(array) != count:
        return None
    return _machine_array(array, None)


def _from_sympy(data: Any) -> tuple[list[Any], tuple[int, ...]]:
    shape = tuple(int(n) for n in data.shape)
    flat = [data[idx] for idx in itertools.product(*map(range, shape))] if shape else [data[()]]
    return flat, shape


def build(
    items: list[Any], shape: tuple[int, ...], types: set[type], ops: OpsSpec | None, embedded: Sequence[Any] = ()
) -> Tensor[Any]:
    """A new tensor of ``items`` (C order), with ``ops`` given or inferred from ``types``.

    Elements are converted only when some are not native to the ops.
    """
    check_shape(shape, "tensor")
    if ops is None:
        # Tensors inside the data bring their own ops (modular elements are plain ints).
        target = result_ops(infer_ops(types), *embedded) if embedded else infer_ops(types)
    else:
        target = as_ops(ops, "tensor")
    native = getattr(target, "native_types", ())
    if not types <= set(native):
        items = convert_values(items, None, target)
    return Tensor._new(pack_values(items, target), Layout.contiguous(shape), target)


def to_tensor(data: Any, ops: OpsSpec | None = None) -> Tensor[Any]:
    """A new tensor from any data [`gentensor.tensor`][gentensor.arrays.creation.tensor] accepts (see there).

    Examples
    --------
    >>> to_tensor(range(4)).tolist(), to_tensor([[1, 2]]).shape
    ([0, 1, 2, 3], (1, 2))
    """
    if isinstance(data, Tensor):
        if ops is None:
            return data.copy()
        return data._cast(ops)
    if type(data) is range:
        fast = _from_range(data, ops)
        if fast is not None:
            return fast
    if isinstance(data, _NEST):
        fast = _machine_nested(data, ops)
        if fast is not None:
            return fast
        items, shape, types, embedded = _flatten(data)
        return build(items, shape, types, ops, embedded)
    kind = _foreign_kind(data)
    if kind == "numpy":
        fast = _machine_array(data, ops)
        if fast is not None:
            return fast
    if kind is not None:
        items, shape = _from_numpy(data) if kind == "numpy" else _from_sympy(data)
        return build(items, shape, set(map(type, items)), ops)
    if isinstance(data, _NOT_DATA) and ops is None:
        raise ArgumentTypeError(
            f"tensor: cannot build a tensor from a {type(data).__name__} (got {_short(data)}); "
            "pass nested lists of elements (strings are not parsed)"
        )
    if isinstance(data, IteratorABC):
        raise ArgumentTypeError(
            f"tensor: cannot build a tensor from a one-pass iterator (got a {type(data).__name__}); "
            "materialise it first: gt.tensor(list(...))"
        )
    if isinstance(data, Sequence) and not isinstance(data, _NOT_DATA):
        return to_tensor(list(data), ops)
    return build([data], (), {type(data)}, ops)


def _short(value: Any, limit: int = 60) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
