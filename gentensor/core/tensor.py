"""Tensor: one shared Storage + a Layout + an ops; views, indexing, operators.

The storage (a Python list, or a packed NumPy buffer of machine words: see
`gentensor.core.storage`) is shared by every view of it; a view is a new
`Layout` over the same storage, so views cost O(ndim) and writes through
them land in the original.  Elements always come out as Python objects of
the ops' type.  Operators and methods
served by higher layers (arithmetic, products, reductions, linear algebra,
display) call them through `gentensor.core.layers.upper`, so imports
point down.

Operators come in forward/reverse pairs made by one factory (as CPython's
``fractions`` makes them): each returns ``NotImplemented`` for an operand no
ops knows, so the other operand's reflected method gets its turn.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from contextvars import ContextVar
from fractions import Fraction
from math import prod
from typing import Any, Generic, Iterator, TypeVar

import numpy as np

from ..errors import ArgumentTypeError, ArgumentValueError, IndexingError, ReadOnlyError, ShapeError
from ..ops import ElementOps, OpsSpec, as_ops, booleans, capabilities_of, known_ops_for_type, packing_of, result_ops
from . import kernels as _kernels
from .indexing import resolve, resolve_simple
from .storage import Storage, pack_values, packed_storage, promote, view_of
from .layers import upper
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
#: Scalar types every built-in ops knows (checked first, for speed).
_PLAIN = frozenset((int, float, Fraction, bool, complex))


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


def _known_operand(x: "Tensor[Any]", other: Any) -> bool:
    """True when an operator of ``x`` handles ``other``; else it returns ``NotImplemented``.

    Tensors and array-like data, scalars of a type some ops claims, and values
    ``x.ops`` converts (a user ring's own elements).
    """
    tp = type(other)
    if tp in _PLAIN or tp is Tensor or is_array_like(other) or known_ops_for_type(tp) is not None:
        return True
    try:
        x._ops.convert(other)
    except Exception:  # convert refuses with TypeError by contract; a user's may raise others
        return False
    return True


def _defers(x: "Tensor[Any]", other: Any, reflected: str) -> bool:
    """True when an operator of ``x`` should return ``NotImplemented`` for ``other``.

    That is when no ops knows ``other`` and its type has the reflected method
    (``__radd__`` for ``+``): a user class, NumPy or SymPy then gets its turn.
    An unknown operand with no reflected method is handled here, so the error
    names the value and the ops (Python's own would not).
    """
    return not _known_operand(x, other) and getattr(type(other), reflected, None) is not None


def _binary(name: str, symbol: str, dunder: str, rdunder: str, *, layer: str = "elementwise", reverse_name: str | None = None) -> Any:
    """The forward and reverse operator methods of one binary operation (a pair, as ``fractions`` makes them).

    ``reverse_name`` is the operation the reflected method runs with the
    operands in their own order (``<`` is reflected as ``>``); by default the
    same operation with the operands swapped.
    """

    def forward(self: "Tensor[Any]", other: Any) -> Any:
        if _defers(self, other, f"__{rdunder}__"):
            return NotImplemented
        return getattr(getattr(upper, layer), name)(self, other)

    def reverse(self: "Tensor[Any]", other: Any) -> Any:
        if reverse_name is not None:
            return getattr(getattr(upper, layer), reverse_name)(self, other)
        return getattr(getattr(upper, layer), name)(other, self)

    forward.__name__ = f"__{dunder}__"
    forward.__doc__ = f"``x {symbol} y`` (see `gentensor.{name}`)."
    reverse.__name__ = f"__{rdunder}__"
    reverse.__doc__ = f"``y {symbol} x`` with ``x`` on the right (see `gentensor.{reverse_name or name}`)."
    return forward, reverse


def _inplace(name: str, symbol: str, dunder: str) -> Any:
    """The in-place operator method ``x <op>= y`` (written into ``x``'s storage)."""

    def method(self: "Tensor[Any]", other: Any) -> Any:
        if _defers(self, other, f"__r{dunder}__"):
            return NotImplemented
        return upper.elementwise.inplace(name, self, other)

    method.__name__ = f"__i{dunder}__"
    method.__doc__ = f"``x {symbol} y`` in place (see `gentensor.elementwise.inplace`)."
    return method


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
        self._store = data if type(data) is Storage else Storage(data)
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
        cls, array: Any, shape: tuple[int, ...], ops: ElementOps, bounds: Any = None, exact: bool = False
    ) -> "Tensor[Any]":
        """A new C-contiguous tensor owning ``array`` (machine values of ``ops.packing``, any shape of that size).

        ``bounds`` encloses the values of an integer array (``exact`` when they are its min and max).
        """
        packing = packing_of(ops)
        assert packing is not None, "only an ops that packs has packed tensors"
        return cls._new(packed_storage(array, packing, bounds, exact), Layout.contiguous(shape), ops)

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
        layout, pos, shape = resolve(key, self._layout, "__setitem__", _index_array)
        store = self._store
        if store.packing is not None and not isinstance(value, Tensor) and not is_array_like(value):
            # One element written everywhere: convert it once and fill the machine words.
            machine = store.packing.scalar(self._ops.convert(value))
            if machine is not None:
                if pos is None:
                    view_of(store, layout)[...] = machine
                else:
                    store.data[np.asarray(pos, dtype=np.intp)] = machine
                store.written((int(machine), int(machine)) if store.packing.bounded else None)
                return
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
            value = upper.operands.to_tensor(value)
        if value._ops is not ops:
            result_ops(ops, value._ops)  # raises OpsMismatchError when they cannot meet
        lay = value._layout
        extra = lay.ndim - len(shape)
        if extra > 0 and all(n == 1 for n in lay.shape[:extra]):
            lay = lay.drop_axes(range(extra))  # leading length-1 axes are dropped, as NumPy assigns
        lay = lay.broadcast_to(shape)
        if lay is None:
            raise ShapeError(f"{func}: cannot broadcast a value of shape {value.shape} to shape {shape}")
        values = _kernels.gather(value._store, lay)
        return upper.operands.convert_values(values, value._ops, ops)

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

    def __contains__(self, value: Any) -> bool:
        """``value in x``: whether some element equals ``value`` (NumPy's ``(x == value).any()``).

        Examples
        --------
        >>> import gentensor as gt
        >>> 2 in gt.tensor([[1, 2], [3, 4]]), 5 in gt.tensor([1, 2]), None in gt.tensor([1])
        (True, False, False)
        """
        equal = self == value
        return bool(upper.reductions.any(equal)) if isinstance(equal, Tensor) else bool(equal)

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

    def astype(self, dtype: OpsSpec, /, *, copy: bool = True) -> "Tensor[Any]":
        """A new tensor with every element converted to ``dtype`` (an ops object, a type or a name).

        ``copy=False`` returns ``x`` itself when it already has that ops.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.tensor([1, 2]).astype(gt.rationals)
        tensor([1, 2], ops=rationals)
        """
        target = as_ops(dtype, "astype")
        if not copy and target is self._ops:
            return self
        if target is not self._ops and upper.namespace.isdtype(target, "bool"):
            return self != self._ops.zero  # a cast to bool: zero is False, anything else True (as NumPy)
        els = upper.operands.convert_values(self._elements(), self._ops, target)
        return Tensor._from_flat(els, self.shape, target)

    # -- views (the array layer) ------------------------------------------------
    def transpose(self, *axes: Any) -> "Tensor[E]":
        """Permute the axes (reverse them when none are given): a view.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.zeros((2, 3, 4)).transpose(1, 2, 0).shape
        (3, 4, 2)
        """
        if not axes:
            return self.T
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        return upper.manipulation.permute_dims(self, axes)  # type: ignore[no-any-return]

    def reshape(self, *shape: Any, copy: bool | None = None) -> "Tensor[E]":
        """The same elements in a new shape: a view when the layout allows, else a copy.

        ``copy=False`` raises instead of copying; ``copy=True`` always copies.
        One dimension may be ``-1`` (inferred).

        Examples
        --------
        >>> import gentensor as gt
        >>> x = gt.arange(6)
        >>> x.reshape((2, 3)).base is x, x.reshape(3, -1).shape
        (True, (3, 2))
        """
        if len(shape) == 1 and not isinstance(shape[0], int):
            shape = shape[0]
        return upper.manipulation.reshape(self, shape, copy=copy)  # type: ignore[no-any-return]

    # -- operators: the element-wise and product layers --------------------------
    __add__, __radd__ = _binary("add", "+", "add", "radd")
    __sub__, __rsub__ = _binary("subtract", "-", "sub", "rsub")
    __mul__, __rmul__ = _binary("multiply", "*", "mul", "rmul")
    __truediv__, __rtruediv__ = _binary("divide", "/", "truediv", "rtruediv")
    __floordiv__, __rfloordiv__ = _binary("floor_divide", "//", "floordiv", "rfloordiv")
    __mod__, __rmod__ = _binary("remainder", "%", "mod", "rmod")
    __pow__, __rpow__ = _binary("power", "**", "pow", "rpow")
    __matmul__, __rmatmul__ = _binary("matmul", "@", "matmul", "rmatmul", layer="products")
    # x < y and its reflection y > x are one pair; so are <= and >=.
    __lt__, __gt__ = _binary("less", "<", "lt", "gt", reverse_name="greater")
    __le__, __ge__ = _binary("less_equal", "<=", "le", "ge", reverse_name="greater_equal")
    # Bitwise operators (logical for booleans masks): the bitwise layer.
    __and__, __rand__ = _binary("bitwise_and", "&", "and", "rand", layer="bitwise")
    __or__, __ror__ = _binary("bitwise_or", "|", "or", "ror", layer="bitwise")
    __xor__, __rxor__ = _binary("bitwise_xor", "^", "xor", "rxor", layer="bitwise")
    __lshift__, __rlshift__ = _binary("bitwise_left_shift", "<<", "lshift", "rlshift", layer="bitwise")
    __rshift__, __rrshift__ = _binary("bitwise_right_shift", ">>", "rshift", "rrshift", layer="bitwise")

    __iadd__ = _inplace("add", "+=", "add")
    __isub__ = _inplace("subtract", "-=", "sub")
    __imul__ = _inplace("multiply", "*=", "mul")
    __itruediv__ = _inplace("divide", "/=", "truediv")
    __ifloordiv__ = _inplace("floor_divide", "//=", "floordiv")
    __imod__ = _inplace("remainder", "%=", "mod")
    __ipow__ = _inplace("power", "**=", "pow")
    __iand__ = _inplace("bitwise_and", "&=", "and")
    __ior__ = _inplace("bitwise_or", "|=", "or")
    __ixor__ = _inplace("bitwise_xor", "^=", "xor")
    __ilshift__ = _inplace("bitwise_left_shift", "<<=", "lshift")
    __irshift__ = _inplace("bitwise_right_shift", ">>=", "rshift")

    def __imatmul__(self, other: Any) -> Any:  # type: ignore[misc]  # (__matmul__ is made by _binary)
        if _defers(self, other, "__rmatmul__"):
            return NotImplemented
        result = upper.products.matmul(self, other)
        if result.shape != self.shape:
            raise ShapeError(f"@=: the result shape {result.shape} differs from the target shape {self.shape}")
        self[...] = result
        return self

    def __eq__(self, other: Any) -> Any:  # type: ignore[override]
        """``x == y`` element-wise; with an object gentensor does not know, each element's own ``==``.

        Never raises for a foreign object (NumPy semantics): ``x == None`` is
        element-wise ``False``.

        Examples
        --------
        >>> import gentensor as gt
        >>> (gt.tensor([1, 2]) == 2).tolist(), (gt.tensor([1, 2]) == None).tolist()
        ([False, True], [False, False])
        """
        if _known_operand(self, other):
            return upper.elementwise.equal(self, other)
        return _foreign_equal(self, other, False)

    def __ne__(self, other: Any) -> Any:  # type: ignore[override]
        """``x != y`` element-wise (the negation of ``==``)."""
        if _known_operand(self, other):
            return upper.elementwise.not_equal(self, other)
        return _foreign_equal(self, other, True)

    def __neg__(self) -> Any:
        return upper.elementwise.negative(self)

    def __pos__(self) -> Any:
        return upper.elementwise.positive(self)

    def __abs__(self) -> Any:
        return upper.elementwise.abs(self)

    def __invert__(self) -> Any:
        """``~x``: bitwise not of integers, logical not of a booleans mask (see [`gentensor.bitwise_invert`][gentensor.compute.bitwise.bitwise_invert]).

        Examples
        --------
        >>> import gentensor as gt
        >>> (~gt.tensor([True, False])).tolist(), (~gt.tensor([0, 5])).tolist()
        ([False, True], [-1, -6])
        """
        return upper.bitwise.bitwise_invert(self)

    def __round__(self, ndigits: int | None = None) -> Any:
        """``round(x, ndigits)`` element-wise (NumPy: a tensor, not a number).

        Examples
        --------
        >>> import gentensor as gt
        >>> from fractions import Fraction
        >>> round(gt.tensor([Fraction(5, 2), Fraction(7, 3)])).tolist()
        [Fraction(2, 1), Fraction(2, 1)]
        """
        return upper.elementwise.round(self, decimals=0 if ndigits is None else ndigits)

    def __divmod__(self, other: Any) -> Any:
        """``divmod(x, y)``: the pair ``(x // y, x % y)``, element-wise.

        Examples
        --------
        >>> import gentensor as gt
        >>> q, r = divmod(gt.tensor([7, -7]), 3)
        >>> q.tolist(), r.tolist()
        ([2, -3], [1, 2])
        """
        if _defers(self, other, "__rdivmod__"):
            return NotImplemented
        ew = upper.elementwise
        return ew.floor_divide(self, other), ew.remainder(self, other)

    def __rdivmod__(self, other: Any) -> Any:
        ew = upper.elementwise
        return ew.floor_divide(other, self), ew.remainder(other, self)

    def _sympy_(self) -> Any:
        """SymPy's view of the tensor (``sympify(x)``, ``sympy.lambdify(args, x)``): see `to_sympy`."""
        return upper.interop.to_sympy(self)

    # -- interop -----------------------------------------------------------------
    def __array__(self, dtype: Any = None, copy: bool | None = None) -> Any:
        """A new NumPy array of the elements (used by ``np.asarray(x)``): see [`gentensor.to_numpy`][gentensor.io.interop.to_numpy].

        Machine numbers where every element fits one (``int64`` here), else an object array.

        Examples
        --------
        >>> import gentensor as gt, numpy as np
        >>> np.asarray(gt.tensor([[1, 2], [3, 4]]).T)
        array([[1, 3],
               [2, 4]])
        >>> np.asarray(gt.tensor([1, 2**70]))
        array([1, 1180591620717411303424], dtype=object)
        """
        if _READING.get():
            raise EmbeddedTensor
        return upper.interop.to_numpy(self, dtype=dtype, copy=copy)

    def __reduce__(self) -> Any:
        """Pickle support: a view pickles only its own elements.

        Examples
        --------
        >>> import gentensor as gt, pickle
        >>> pickle.loads(pickle.dumps(gt.arange(4).reshape((2, 2)).T)).tolist()
        [[0, 2], [1, 3]]
        """
        return upper.interop.tensor_reduce(self)

    # -- display -----------------------------------------------------------------
    def __repr__(self) -> str:
        return upper.display.tensor_repr(self)  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return upper.display.tensor_str(self)  # type: ignore[no-any-return]

    def _repr_latex_(self) -> str | None:
        return upper.rich.latex_repr(self)  # type: ignore[no-any-return]

    def _repr_html_(self) -> str | None:
        return upper.rich.html_repr(self)  # type: ignore[no-any-return]


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


def _index_array(item: Any, func: str) -> tuple[Any, tuple[int, ...], str]:
    """An index array's flat values (a NumPy array of ints or bools), shape and element kind (for `.indexing`).

    Packed index tensors hand over their machine values; others are read
    into a NumPy array.  Values of another kind come back as a list (the
    indexer refuses them), or an empty ``intp`` array when there are none.
    """
    if not isinstance(item, Tensor):
        try:
            item = upper.operands.to_tensor(item)
        except (ShapeError, TypeError) as e:
            raise IndexingError(f"{func}: invalid index array {item!r}: {e}") from None
    kind = capabilities_of(item._ops).kind
    machine = {"bool": np.bool_, "integer": np.int64}.get(kind)
    store = item._store
    if machine is not None and store.packing is not None and store.packing.dtype == machine:
        return view_of(store, item._layout).reshape(-1), item.shape, kind
    values = item._elements()
    if machine is None:
        return (values if values else np.zeros(0, dtype=np.intp)), item.shape, kind
    try:
        return np.array(values, dtype=machine), item.shape, kind
    except OverflowError:
        bad = next(v for v in values if not -(2**63) <= v < 2**63)
        raise IndexingError(f"{func}: index {bad} is out of range (got an index past any axis length)") from None


def _foreign_equal(x: Tensor[Any], other: Any, negate: bool) -> Tensor[Any]:
    """``x == other`` for an object no ops knows: each element's own ``==``, never raising."""

    def eq(v: Any) -> bool:
        try:
            return bool(v == other) is not negate
        except Exception:
            return negate

    return Tensor._from_flat(list(map(eq, x._elements())), x.shape, booleans)
