"""Layout: the shape/strides/offset arithmetic of strided views (no elements).

A layout maps a multi-index ``(i0, i1, ...)`` to the storage position
``offset + i0*strides[0] + i1*strides[1] + ...``.  Every view operation is a
new layout computed in O(ndim); `Layout.reshape` answers ``None`` when
no strides can express the new shape over the same storage (the caller then
copies).
"""

from __future__ import annotations

import operator
from math import prod
from typing import Any, Sequence

from ..errors import ArgumentTypeError, AxisError, ShapeError
from ..resources import check_axes, check_ndim, check_shape

__all__ = ["Layout", "as_int", "normalize_axis", "normalize_shape", "broadcast_shapes", "contiguous_strides", "unravel"]


#: The C-order layouts at offset 0 made last, by shape (at most `_CONTIGUOUS_KEPT`): every new tensor needs one.
_CONTIGUOUS: dict[tuple[int, ...], "Layout"] = {}
_CONTIGUOUS_KEPT = 1024


def contiguous_strides(shape: Sequence[int]) -> tuple[int, ...]:
    """C-order (row-major) strides, in elements, for ``shape``.

    Examples
    --------
    >>> contiguous_strides((2, 3, 4))
    (12, 4, 1)
    """
    strides = []
    step = 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


def unravel(flat: int, shape: Sequence[int]) -> tuple[int, ...]:
    """The C-order index in ``shape`` of the element at position ``flat`` (as NumPy's ``unravel_index``).

    Examples
    --------
    >>> unravel(5, (2, 3))
    (1, 2)
    """
    index = []
    for size in reversed(shape):
        flat, r = divmod(flat, size)
        index.append(r)
    return tuple(reversed(index))


def as_int(value: object, func: str, what: str) -> int:
    """``value`` as an ``int`` (anything with ``__index__``, as NumPy's integers), refusing ``bool`` and the rest.

    Examples
    --------
    >>> as_int(3, "f", "k")
    3
    >>> as_int(True, "f", "k")
    Traceback (most recent call last):
    ...
    gentensor.errors.ArgumentTypeError: f: k must be an int (got True)
    """
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise ArgumentTypeError(f"{func}: {what} must be an int (got {value!r})")


def normalize_axis(axis: int, ndim: int, func: str) -> int:
    """``axis`` as a number in ``[0, ndim)``; negative counts from the end.

    Examples
    --------
    >>> normalize_axis(-1, 3, "f")
    2
    """
    try:
        a = operator.index(axis)
    except TypeError:
        raise ArgumentTypeError(f"{func}: axis must be an int (got {axis!r})") from None
    if not -ndim <= a < ndim:
        if ndim == 0:
            raise AxisError(f"{func}: axis {a} is out of range for a tensor with ndim 0 (it has no axes)")
        raise AxisError(
            f"{func}: axis {a} is out of range for a tensor with ndim {ndim} (valid: {-ndim} to {ndim - 1})"
        )
    return a % ndim if ndim else a


def normalize_shape(shape: object, func: str) -> tuple[int, ...]:
    """A shape argument (an int or a sequence of ints) as a tuple of non-negative ints.

    More axes than ``max_ndim`` ([`gentensor.limits`][gentensor.resources.limits]) raise ``LimitError``.

    Examples
    --------
    >>> normalize_shape(3, "f"), normalize_shape([2, 0], "f")
    ((3,), (2, 0))
    """
    if type(shape) is tuple:  # the common case: a tuple of non-negative Python ints, as it is
        for n in shape:
            if type(n) is not int or n < 0:
                break
        else:
            check_ndim(len(shape), func)
            check_axes(shape, func)
            return shape
    if isinstance(shape, bool):
        raise ArgumentTypeError(f"{func}: a shape must be an int or a tuple of ints (got {shape!r})")
    try:
        dims: tuple[int, ...] = (operator.index(shape),)  # type: ignore[arg-type]
    except TypeError:
        if not isinstance(shape, (tuple, list)):
            raise ArgumentTypeError(f"{func}: a shape must be an int or a tuple of ints (got {shape!r})") from None
        check_ndim(len(shape), func)
        try:
            dims = tuple(operator.index(n) for n in shape)
        except TypeError:
            raise ArgumentTypeError(f"{func}: every dimension must be an int (got {tuple(shape)!r})") from None
        if any(isinstance(n, bool) for n in shape):
            raise ArgumentTypeError(f"{func}: every dimension must be an int, not a bool (got {tuple(shape)!r})")
    if any(n < 0 for n in dims):
        raise ShapeError(f"{func}: dimensions must be non-negative (got {dims!r})")
    check_axes(dims, func)
    return dims


def broadcast_shapes(*shapes: tuple[int, ...], func: str = "broadcast_shapes") -> tuple[int, ...]:
    """The NumPy broadcast of several shapes.

    Raises
    ------
    ShapeError
        Naming both shapes and the axis (counted from the end) that disagree.

    Examples
    --------
    >>> broadcast_shapes((3, 1), (4,))
    (3, 4)
    """
    ndim = max((len(s) for s in shapes), default=0)
    result = [1] * ndim
    for shape in shapes:
        for k, n in enumerate(shape, ndim - len(shape)):
            r = result[k]
            if n != r:
                if r == 1:
                    result[k] = n
                elif n != 1:
                    other = next(s for s in shapes if len(s) >= ndim - k and s[k - ndim] == r)
                    raise ShapeError(
                        f"{func}: shapes {other} and {shape} do not broadcast: axis {k - ndim} "
                        f"has lengths {r} and {n}; lengths must match or be 1"
                    )
    if len(shapes) > 1:
        check_shape(result, func)  # the result of a broadcast operation has this many elements
    return tuple(result)


class _LayoutSlots:
    """The storage of a `Layout`; it is a Layout only once its fields are written."""

    __slots__ = ("shape", "strides", "offset", "_size", "_contiguous")
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    offset: int
    _size: int | None
    _contiguous: bool | None


_object_new = object.__new__


class Layout(_LayoutSlots):
    """Shape, strides (in elements, may be negative or 0) and offset of a view.

    Immutable: every method returns a new layout, and assigning an attribute
    raises.  ``size`` and ``is_contiguous`` are computed the first time they
    are asked for, then kept.

    (A layout is written as a plain slots object and then becomes a Layout,
    whose ``__setattr__`` refuses: making one costs three attribute writes,
    not three calls of ``object.__setattr__``.)

    Examples
    --------
    >>> lay = Layout.contiguous((2, 3))
    >>> lay.permute((1, 0)).strides
    (1, 3)
    >>> lay.offset = 5
    Traceback (most recent call last):
    ...
    AttributeError: Layout is immutable: make a new one (got an assignment to offset)
    """

    __slots__ = ()

    def __new__(
        cls,
        shape: tuple[int, ...],
        strides: tuple[int, ...],
        offset: int = 0,
        size: int | None = None,
        contiguous: bool | None = None,
    ) -> "Layout":
        # ``size`` and ``contiguous`` may be passed when already known (they are not checked).
        self = _object_new(_LayoutSlots)
        self.shape = shape
        self.strides = strides
        self.offset = offset
        self._size = size
        self._contiguous = contiguous
        self.__class__ = Layout
        return self  # type: ignore[return-value]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Layout is immutable: make a new one (got an assignment to {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Layout is immutable (got a deletion of {name})")

    def __reduce__(self) -> tuple[type, tuple[tuple[int, ...], tuple[int, ...], int]]:
        return (Layout, (self.shape, self.strides, self.offset))

    @classmethod
    def contiguous(cls, shape: tuple[int, ...], offset: int = 0) -> "Layout":
        """The C-order (row-major) layout of ``shape`` starting at ``offset``.

        Examples
        --------
        >>> Layout.contiguous((2, 3)).strides, Layout.contiguous((2, 3)).is_contiguous
        ((3, 1), True)
        """
        if offset or type(shape) is not tuple:
            return cls(shape, contiguous_strides(shape), offset, None, True)
        found = _CONTIGUOUS.get(shape)
        if found is None:  # layouts are immutable: one per shape serves every new tensor of that shape
            if len(_CONTIGUOUS) >= _CONTIGUOUS_KEPT:
                _CONTIGUOUS.clear()
            found = _CONTIGUOUS[shape] = cls(shape, contiguous_strides(shape), 0, None, True)
        return found

    def __repr__(self) -> str:
        return f"Layout(shape={self.shape}, strides={self.strides}, offset={self.offset})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and (self.shape, self.strides, self.offset) == (
            other.shape,
            other.strides,
            other.offset,
        )

    def __hash__(self) -> int:
        return hash((self.shape, self.strides, self.offset))

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        """The number of elements (the product of the shape)."""
        known = self._size
        if known is None:
            known = prod(self.shape)
            _set_size(self, known)
        return known

    @property
    def is_contiguous(self) -> bool:
        """C-contiguous: strides of a row-major layout (length-1 axes may have any stride)."""
        known = self._contiguous
        if known is None:
            known = _is_contiguous(self.shape, self.strides)
            _set_contiguous(self, known)
        return known

    def extent(self) -> tuple[int, int]:
        """Lowest and highest storage position touched (size must be > 0)."""
        lo = hi = self.offset
        for n, s in zip(self.shape, self.strides):
            if s > 0:
                hi += (n - 1) * s
            else:
                lo += (n - 1) * s
        return lo, hi

    # -- view arithmetic -----------------------------------------------------
    def permute(self, axes: Sequence[int]) -> "Layout":
        return Layout(
            tuple(self.shape[a] for a in axes), tuple(self.strides[a] for a in axes), self.offset
        )

    def insert_axis(self, position: int) -> "Layout":
        shape = self.shape[:position] + (1,) + self.shape[position:]
        strides = self.strides[:position] + (0,) + self.strides[position:]
        return Layout(shape, strides, self.offset)

    def drop_axes(self, axes: Sequence[int]) -> "Layout":
        """Remove length-1 axes."""
        keep = [k for k in range(self.ndim) if k not in axes]
        return Layout(
            tuple(self.shape[k] for k in keep), tuple(self.strides[k] for k in keep), self.offset
        )

    def flip(self, axes: Sequence[int]) -> "Layout":
        strides = list(self.strides)
        offset = self.offset
        for a in axes:
            n = self.shape[a]
            if n > 0:
                offset += (n - 1) * strides[a]
            strides[a] = -strides[a]
        return Layout(self.shape, tuple(strides), offset)

    def broadcast_to(self, shape: tuple[int, ...]) -> "Layout | None":
        """Stride-0 layout of the broadcast to ``shape``; ``None`` if it does not broadcast."""
        extra = len(shape) - self.ndim
        if extra < 0:
            return None
        strides = [0] * extra
        for k, (n, s) in enumerate(zip(self.shape, self.strides)):
            target = shape[extra + k]
            if n == target:
                strides.append(s if n != 1 else 0)
            elif n == 1:
                strides.append(0)
            else:
                return None
        return Layout(tuple(shape), tuple(strides), self.offset)

    def diagonal(self, offset: int, axis1: int, axis2: int) -> "Layout":
        n1, n2 = self.shape[axis1], self.shape[axis2]
        s1, s2 = self.strides[axis1], self.strides[axis2]
        start = self.offset
        if offset >= 0:
            length = max(0, min(n1, n2 - offset))
            if length:
                start += offset * s2
        else:
            length = max(0, min(n1 + offset, n2))
            if length:
                start -= offset * s1
        keep = [k for k in range(self.ndim) if k not in (axis1, axis2)]
        return Layout(
            tuple(self.shape[k] for k in keep) + (length,),
            tuple(self.strides[k] for k in keep) + (s1 + s2,),
            start,
        )

    def reshape(self, shape: tuple[int, ...]) -> "Layout | None":
        """A layout of ``shape`` over the same storage, or ``None`` when a copy is needed.

        Groups the old axes (length-1 axes dropped) into runs whose product
        matches a run of new axes; each old run must be internally contiguous.

        Examples
        --------
        >>> Layout.contiguous((4, 6)).permute((1, 0)).reshape((24,)) is None
        True
        >>> Layout.contiguous((4, 6)).reshape((2, 2, 6)).strides
        (12, 6, 1)
        """
        if self.size == 0 or self.is_contiguous:
            return Layout.contiguous(shape, self.offset)
        old = [(n, s) for n, s in zip(self.shape, self.strides) if n != 1]
        new_strides = [0] * len(shape)
        ni = oi = 0
        while ni < len(shape) and oi < len(old):
            nj, oj = ni + 1, oi + 1
            new_n, old_n = shape[ni], old[oi][0]
            while new_n != old_n:
                if new_n < old_n:
                    new_n *= shape[nj]
                    nj += 1
                else:
                    old_n *= old[oj][0]
                    oj += 1
            for k in range(oi, oj - 1):
                if old[k][1] != old[k + 1][0] * old[k + 1][1]:
                    return None
            new_strides[nj - 1] = old[oj - 1][1]
            for k in range(nj - 1, ni, -1):
                new_strides[k - 1] = new_strides[k] * shape[k]
            ni, oi = nj, oj
        return Layout(tuple(shape), tuple(new_strides), self.offset)


# The slots are written only here, through their descriptors: __setattr__ refuses.
# The memo slots are written through their descriptors (Layout.__setattr__ refuses).
_set_size: Any = vars(_LayoutSlots)["_size"].__set__
_set_contiguous: Any = vars(_LayoutSlots)["_contiguous"].__set__


def _is_contiguous(shape: tuple[int, ...], strides: tuple[int, ...]) -> bool:
    if 0 in shape:
        return True
    step = 1
    for n, s in zip(reversed(shape), reversed(strides)):
        if n != 1 and s != step:
            return False
        step *= n
    return True


def collapse(shape: Sequence[int], strides: Sequence[int]) -> tuple[list[int], list[int]]:
    """Drop length-1 axes and merge neighbours that walk storage as one axis.

    Examples
    --------
    >>> collapse((2, 1, 3, 4), (12, 99, 4, 1))
    ([24], [1])
    """
    out_n: list[int] = []
    out_s: list[int] = []
    for n, s in zip(shape, strides):
        if n == 1:
            continue
        if out_n and out_s[-1] == n * s:
            out_n[-1] *= n
            out_s[-1] = s
        else:
            out_n.append(n)
            out_s.append(s)
    return out_n, out_s
