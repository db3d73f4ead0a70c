"""Tensor: one flat storage list + a Layout + an ops; views, indexing, dunders.

The storage list is shared by every view of it; a view is a new
:class:`~gentensor._layout.Layout` over the same list, so views cost O(ndim)
and writes through them land in the original.  Operations that belong to a
higher layer (arithmetic, products, reductions, linear algebra) are imported
inside the dunder that needs them, keeping imports pointing down.
"""

from __future__ import annotations

from typing import Any, Generic, Iterator, TypeVar

from . import kernels as _kernels
from .indexing import resolve, resolve_simple
from .layout import Layout, normalize_axis, normalize_shape
from ._tensor_layers import LayerMethods
from ..errors import ReadOnlyError, ShapeError
from ..ops import as_ops, result_ops

__all__ = ["Tensor"]

E = TypeVar("E")  # the element type


class Tensor(LayerMethods, Generic[E]):
    """An N-dimensional strided tensor of elements handled by an ``ops`` object.

    There is no public constructor: build tensors with :func:`gentensor.tensor`
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

    __slots__ = ("_data", "_layout", "_ops", "_base", "_readonly", "__weakref__")
    _data: list[Any]  # the storage, shared by every view of it
    _layout: Layout
    _ops: Any
    _base: "Tensor[Any] | None"  # the owner of _data (None for the owner itself)
    _readonly: bool
    __array_priority__ = 1000  # NumPy defers binary operators to us
    __hash__ = None  # type: ignore[assignment]  # == is element-wise

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("Tensor has no public constructor; build tensors with gt.tensor(data, ops=...)")

    # -- construction (internal) ---------------------------------------------
    @classmethod
    def _new(
        cls, data: list[Any], layout: Layout, ops: Any, base: "Tensor | None" = None, readonly: bool = False
    ) -> "Tensor[Any]":
        self = object.__new__(cls)
        self._data = data
        self._layout = layout
        self._ops = ops
        self._base = base
        self._readonly = readonly
        return self

    @classmethod
    def _from_flat(cls, data: list[Any], shape: tuple[int, ...], ops: Any) -> "Tensor[Any]":
        """A new C-contiguous tensor owning ``data`` (already converted elements)."""
        return cls._new(data, Layout.contiguous(shape), ops)

    def _view(self, layout: Layout, readonly: bool = False) -> "Tensor[E]":
        owner = self._base if self._base is not None else self
        return Tensor._new(self._data, layout, self._ops, owner, self._readonly or readonly)

    def _elements(self) -> list[E]:
        """A fresh list of all elements in C order."""
        return _kernels.gather(self._data, self._layout)

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
    def ops(self) -> Any:
        """The element operations of this tensor."""
        return self._ops

    @property
    def base(self) -> "Tensor[E] | None":
        """The tensor that owns the storage this view shares; ``None`` for an owner.

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
            layout = simple[0]
            return self._view(layout) if layout.shape else self._data[layout.offset]
        layout, pos, shape = resolve(key, self._layout, "__getitem__")
        if not shape and key is not Ellipsis and not (isinstance(key, tuple) and any(k is Ellipsis for k in key)):
            # every axis indexed by an int (or a 0-d index array): the element, as NumPy
            return self._data[layout.offset if pos is None else pos[0]]
        if pos is None:
            return self._view(layout)
        return Tensor._from_flat(list(map(self._data.__getitem__, pos)), shape, self._ops)

    def __setitem__(self, key: Any, value: Any) -> None:
        if self._readonly:
            raise ReadOnlyError(
                "__setitem__: this tensor is a read-only view (it repeats elements through stride 0); "
                "write to a copy: y = x.copy()"
            )
        layout, pos, shape = resolve(key, self._layout, "__setitem__")
        values = self._values_for(value, shape, "__setitem__")
        if pos is None:
            _kernels.scatter(self._data, layout, values)
        else:
            data = self._data
            for p, v in zip(pos, values):
                data[p] = v

    def _values_for(self, value: Any, shape: tuple[int, ...], func: str) -> list[Any]:
        """``value`` converted to this tensor's ops and broadcast to ``shape``, as a list."""
        ops = self._ops
        if not isinstance(value, Tensor):
            from ..arrays.creation import _is_array_like, tensor  # sibling layer: nested data to a tensor

            if isinstance(value, (list, tuple)) or _is_array_like(value):
                value = tensor(value)
            else:
                from math import prod

                return [ops.convert(value)] * prod(shape)
        if value._ops is not ops:
            result_ops(ops, value._ops)  # raises OpsMismatchError when they cannot meet
        lay = value._layout
        extra = lay.ndim - len(shape)
        if extra > 0 and all(n == 1 for n in lay.shape[:extra]):
            lay = lay.drop_axes(range(extra))  # leading length-1 axes are dropped, as NumPy assigns
        lay = lay.broadcast_to(shape)
        if lay is None:
            raise ShapeError(f"{func}: cannot broadcast a value of shape {value.shape} to shape {shape}")
        values = _kernels.gather(value._data, lay)
        if value._ops is not ops:
            values = ops.convert_list(values) if hasattr(ops, "convert_list") else list(map(ops.convert, values))
        return values

    def item(self) -> E:
        """The only element of a size-1 tensor.

        >>> import gentensor as gt
        >>> gt.tensor([[7]]).item()
        7
        """
        if self.size != 1:
            raise ShapeError(f"item: only size-1 tensors have one item (got shape {self.shape})")
        return self._data[self._layout.offset]

    def tolist(self) -> Any:
        """The elements as nested Python lists (a 0-d tensor gives its element).

        >>> import gentensor as gt
        >>> gt.arange(6).reshape((2, 3)).tolist()
        [[0, 1, 2], [3, 4, 5]]
        """
        shape = self.shape
        if 0 in shape:
            return _empty_nested(shape)
        if not shape:
            return self._data[self._layout.offset]
        # Rows come straight out of storage (one C-level slice each), then nest.
        els: list[Any] = _kernels.rows(self._data, self._layout)
        if len(shape) == 1:
            return els[0]
        for n in reversed(shape[1:-1]):
            els = [els[i : i + n] for i in range(0, len(els), n)]
        return els

    def __len__(self) -> int:
        if not self.ndim:
            raise TypeError("len: a 0-d tensor has no length (got shape ()); use x.item()")
        return self.shape[0]

    def __iter__(self) -> Iterator[Any]:
        if not self.ndim:
            raise TypeError("iter: a 0-d tensor cannot be iterated (got shape ()); use x.item()")
        for i in range(self.shape[0]):
            yield self[i]

    def __bool__(self) -> bool:
        if self.size != 1:
            raise ValueError(
                f"__bool__: the truth value of a tensor with {self.size} elements is ambiguous "
                f"(got shape {self.shape}); use gt.all(x) or gt.any(x)"
            )
        v = self.item()
        return bool(v) if v is True or v is False else not self._ops.is_zero(v)

    def copy(self) -> "Tensor[E]":
        """A new tensor with the same elements (C-contiguous, owns its storage).

        >>> import gentensor as gt
        >>> x = gt.tensor([1, 2]); y = x.copy(); y[0] = 9
        >>> x.tolist(), y.tolist()
        ([1, 2], [9, 2])
        """
        return Tensor._from_flat(self._elements(), self.shape, self._ops)

    def contiguous(self) -> "Tensor[E]":
        """``x`` itself when C-contiguous, else a new contiguous copy.

        >>> import gentensor as gt
        >>> x = gt.zeros((2, 3))
        >>> x.contiguous() is x, x.T.contiguous().is_contiguous
        (True, True)
        """
        return self if self.is_contiguous else self.copy()

    def astype(self, ops: Any) -> "Tensor[Any]":
        """A new tensor with every element converted to ``ops`` (an ops object or a type).

        >>> import gentensor as gt
        >>> gt.tensor([1, 2]).astype(gt.rationals)
        tensor([1, 2], ops=rationals)
        """
        target = as_ops(ops, "astype")
        els = self._elements()
        if target is not self._ops:
            convert_list = getattr(target, "convert_list", None)
            els = convert_list(els) if convert_list is not None else [target.convert(v) for v in els]
        return Tensor._from_flat(els, self.shape, target)

    # -- views ---------------------------------------------------------------
    def transpose(self, *axes: Any) -> "Tensor[E]":
        """Permute the axes (reverse them when none are given): a view.

        >>> import gentensor as gt
        >>> gt.zeros((2, 3, 4)).transpose(1, 2, 0).shape
        (3, 4, 2)
        """
        from ..arrays.manipulation import permute_dims

        if not axes:
            return self.T
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        return permute_dims(self, axes)

    def reshape(self, *shape: Any, copy: bool | None = None) -> "Tensor[E]":
        """The same elements in a new shape: a view when the layout allows, else a copy.

        ``copy=False`` raises instead of copying; ``copy=True`` always copies.
        One dimension may be ``-1`` (inferred).

        >>> import gentensor as gt
        >>> x = gt.arange(6)
        >>> x.reshape((2, 3)).base is x, x.reshape(3, -1).shape
        (True, (3, 2))
        """
        from ..arrays.manipulation import reshape

        if len(shape) == 1 and not isinstance(shape[0], int):
            shape = shape[0]
        return reshape(self, shape, copy=copy)

    # -- arithmetic: element-wise layer (imported lazily: it sits above) -------
    def _binary(self, name: str, other: Any, reflected: bool = False) -> Any:
        from ..compute import elementwise  # higher layer

        if reflected:
            return getattr(elementwise, name)(other, self)
        return getattr(elementwise, name)(self, other)

    def __add__(self, other: Any) -> Any:
        return self._binary("add", other)

    def __radd__(self, other: Any) -> Any:
        return self._binary("add", other, True)

    def __sub__(self, other: Any) -> Any:
        return self._binary("subtract", other)

    def __rsub__(self, other: Any) -> Any:
        return self._binary("subtract", other, True)

    def __mul__(self, other: Any) -> Any:
        return self._binary("multiply", other)

    def __rmul__(self, other: Any) -> Any:
        return self._binary("multiply", other, True)

    def __truediv__(self, other: Any) -> Any:
        return self._binary("divide", other)

    def __rtruediv__(self, other: Any) -> Any:
        return self._binary("divide", other, True)

    def __floordiv__(self, other: Any) -> Any:
        return self._binary("floor_divide", other)

    def __rfloordiv__(self, other: Any) -> Any:
        return self._binary("floor_divide", other, True)

    def __mod__(self, other: Any) -> Any:
        return self._binary("remainder", other)

    def __rmod__(self, other: Any) -> Any:
        return self._binary("remainder", other, True)

    def __pow__(self, other: Any) -> Any:
        return self._binary("power", other)

    def __rpow__(self, other: Any) -> Any:
        return self._binary("power", other, True)

    def __matmul__(self, other: Any) -> Any:
        from ..compute import products  # higher layer

        if not _matmul_operand(other):
            return NotImplemented
        return products.matmul(self, other)

    def __rmatmul__(self, other: Any) -> Any:
        from ..compute import products  # higher layer

        if not _matmul_operand(other):
            return NotImplemented
        return products.matmul(other, self)

    def _inplace(self, name: str, other: Any) -> "Tensor[E]":
        from ..compute import elementwise  # higher layer

        return elementwise.inplace(name, self, other)

    def __iadd__(self, other: Any) -> "Tensor[E]":
        return self._inplace("add", other)

    def __isub__(self, other: Any) -> "Tensor[E]":
        return self._inplace("subtract", other)

    def __imul__(self, other: Any) -> "Tensor[E]":
        return self._inplace("multiply", other)

    def __itruediv__(self, other: Any) -> "Tensor[E]":
        return self._inplace("divide", other)

    def __ifloordiv__(self, other: Any) -> "Tensor[E]":
        return self._inplace("floor_divide", other)

    def __imod__(self, other: Any) -> "Tensor[E]":
        return self._inplace("remainder", other)

    def __ipow__(self, other: Any) -> "Tensor[E]":
        return self._inplace("power", other)

    def __imatmul__(self, other: Any) -> "Tensor[E]":
        from ..compute import products  # higher layer

        result = products.matmul(self, other)
        if result.shape != self.shape:
            raise ShapeError(f"@=: the result shape {result.shape} differs from the target shape {self.shape}")
        self[...] = result
        return self

    def __neg__(self) -> Any:
        from ..compute import elementwise  # higher layer

        return elementwise.negative(self)

    def __pos__(self) -> Any:
        from ..compute import elementwise  # higher layer

        return elementwise.positive(self)

    def __abs__(self) -> Any:
        from ..compute import elementwise  # higher layer

        return elementwise.abs(self)

    def __eq__(self, other: Any) -> Any:  # type: ignore[override]
        return self._binary("equal", other)

    def __ne__(self, other: Any) -> Any:  # type: ignore[override]
        return self._binary("not_equal", other)

    def __lt__(self, other: Any) -> Any:
        return self._binary("less", other)

    def __le__(self, other: Any) -> Any:
        return self._binary("less_equal", other)

    def __gt__(self, other: Any) -> Any:
        return self._binary("greater", other)

    def __ge__(self, other: Any) -> Any:
        return self._binary("greater_equal", other)

    # -- display (a sibling layer, imported lazily to keep import order simple) --
    def __repr__(self) -> str:
        from ..display import tensor_repr

        return tensor_repr(self)

    def __str__(self) -> str:
        from ..display import tensor_str

        return tensor_str(self)

    def _repr_latex_(self) -> str:
        from ..display._rich import tensor_latex  # sibling display layer

        return tensor_latex(self)

    def _repr_html_(self) -> str:
        from ..display._rich import tensor_html  # sibling display layer

        return tensor_html(self)


def _empty_nested(shape: tuple[int, ...]) -> list[Any]:
    """Nested lists for a shape with a zero-length axis."""
    if shape[0] == 0:
        return []
    return [_empty_nested(shape[1:]) for _ in range(shape[0])]


def _matmul_operand(other: Any) -> bool:
    """True for what ``@`` accepts beside a Tensor: tensors, nested sequences, NumPy/SymPy arrays."""
    if isinstance(other, (Tensor, list, tuple)):
        return True
    module = type(other).__module__ or ""
    return (module.startswith("numpy") or module.startswith("sympy")) and hasattr(other, "shape")
