"""Storage: the elements a tensor shares with its views -- a Python list, or a packed NumPy buffer.

Every view of a tensor holds the same `Storage` object, so when its
representation changes every view sees it:

* **list** storage holds the elements themselves (any ring);
* **packed** storage holds a 1-d C-contiguous NumPy array of machine words,
  for ops that declare a [`Packing`][gentensor.ops._packing.Packing] (integers that fit ``int64``,
  booleans, floats, complexes, small moduli).  Integer buffers also carry
  ``bounds``: an enclosure ``(lo, hi)`` of their values that kernels use to
  prove their results fit the word.

Packed storage is chosen when data comes in (``gt.tensor``, the creation
functions, kernel results), and a list that a packed kernel needs is packed
on first use (`packed_view`); a write of a value that does not fit the word
*promotes* the storage back to a list (`promote`), for every view at once.
Elements always come out as Python objects of the ops' type.
"""

from __future__ import annotations

import os
import sys
import threading
import warnings
from typing import Any

import numpy as np

from ..ops import Bounds, Packing, packing_of
from .layout import Layout

__all__ = [
    "Storage",
    "RecycledStorage",
    "recycled_buffer",
    "RECYCLE_MINIMUM",
    "list_storage",
    "packed_storage",
    "pack_values",
    "packed_view",
    "view_of",
    "bounds_of",
    "exact_bounds_of",
    "promote",
    "reader",
    "filled_storage",
    "objects_of",
    "Operand",
    "operand_of",
]


class Storage:
    """The elements shared by a tensor and all its views.

    Attributes
    ----------
    data : list or numpy.ndarray
        The elements (list storage) or their machine values (packed: a 1-d
        C-contiguous array).
    packing : Packing or None
        The packing of ``data`` (``None`` for a list).
    bounds : (int, int) or None
        For packed integers, an enclosure of every value (exact when
        ``exact``); ``None`` when not known yet.
    version : int
        Bumped on every write (caches of derived data compare it).
    """

    __slots__ = ("data", "packing", "bounds", "exact", "version", "unpackable", "objects", "__weakref__")

    def __init__(self, data: Any, packing: Packing | None = None, bounds: Bounds | None = None, exact: bool = False) -> None:
        self.data = data
        self.packing = packing
        self.bounds = bounds
        self.exact = exact
        self.version = 0
        #: A list whose ops packs, but whose elements did not: not tried again until a write.
        self.unpackable = False
        #: Packed: the elements as Python objects, kept after an element-by-element path read them (until a write).
        self.objects: list[Any] | None = None

    @property
    def packed(self) -> bool:
        return self.packing is not None

    def __len__(self) -> int:
        return len(self.data)

    def __repr__(self) -> str:
        kind = f"packed {self.data.dtype}" if self.packing is not None else "list"
        return f"<Storage: {kind}, {len(self.data)} elements>"

    def written(self, bounds: Bounds | None = None, exact: bool = False) -> None:
        """Record a write: new bounds of the values written (merged into the old ones), and a new version."""
        self.version += 1
        self.unpackable = False
        self.objects = None
        if self.packing is None or not self.packing.bounded:
            return
        if bounds is None or self.bounds is None:
            self.bounds, self.exact = None, False
        else:
            self.bounds = (min(self.bounds[0], bounds[0]), max(self.bounds[1], bounds[1]))
            self.exact = False


class RecycledStorage(Storage):
    """Packed storage of a large buffer, which it hands back for reuse when it dies unshared.

    An element-wise result of a million words is a fresh 8 MB buffer; when a
    chain such as ``a * a + 1`` frees one such buffer per step, the C
    allocator returns the memory to the system and the next result pays a
    page fault per page touched (about 1 ms for 8 MB, more than the
    arithmetic).  Keeping the last few freed buffers (`recycled_buffer`)
    avoids that.  A buffer is kept only when nothing but this storage refers
    to it (no view, no NumPy array handed to the user, no exported buffer):
    reuse can never change a value anybody can see.
    """

    __slots__ = ()

    def __del__(self) -> None:
        if self.packing is None or not _COUNTS_WORK or sys.is_finalizing():
            return
        if _references(self) != _UNSHARED[self.data.base is not None]:
            return  # somebody else refers to the buffer (a view, an array, an export): it is theirs too
        data = self.data
        owner = data if data.base is None else data.base
        if type(owner) is np.ndarray and owner.flags.owndata and owner.flags.writeable and owner.flags.c_contiguous:
            _RECYCLE.keep(owner)


def _references(store: Storage) -> tuple[int, int]:
    """The reference counts of ``store.data`` and of the array owning its memory (0 when it owns it), as seen here."""
    data = store.data
    owner = data.base
    if owner is None:
        return sys.getrefcount(data), 0
    if type(owner) is not np.ndarray:
        return -1, -1  # memory of another object (bytes, a memory map): never recycled
    return sys.getrefcount(data), sys.getrefcount(owner)


def _probe(view: bool, extra: str = "") -> tuple[int, int]:
    """`_references` of a storage whose buffer nothing else refers to, or with one outside reference more
    (``extra``: ``"data"`` to the storage's array, ``"owner"`` to the array owning a view's memory)."""
    array = np.empty(2)
    store = Storage(array.reshape(-1) if view else array)
    del array
    held = store.data if extra == "data" else store.data.base if extra == "owner" else None
    counts = _references(store)
    del held
    return counts


#: The counts `_references` sees for an unshared buffer (its own, or a view's owner), measured by the same code at
#: import: how many references the interpreter itself adds is its business (3.14 borrows more of them).
_UNSHARED = {False: _probe(False), True: _probe(True)} if hasattr(sys, "getrefcount") else {}
#: Recycling only where an outside reference shows in the counts (checked here; never on an interpreter
#: without reference counts).
_COUNTS_WORK = (
    bool(_UNSHARED)
    and _probe(False) == _UNSHARED[False]
    and _probe(True) == _UNSHARED[True]
    and _probe(False, "data") != _UNSHARED[False]
    and _probe(True, "data") != _UNSHARED[True]
    and _probe(True, "owner") != _UNSHARED[True]
)


class _Recycler:
    """The last freed large buffers (at most ``count`` of them, ``capacity`` bytes together), by size."""

    def __init__(self, capacity: int, count: int = 8) -> None:
        self.capacity = capacity
        self.count = count
        self.buffers: list[Any] = []
        self.held = 0
        self.lock = threading.Lock()

    def keep(self, buffer: Any) -> None:
        size = buffer.nbytes
        if size > self.capacity:
            return
        with self.lock:
            self.buffers.append(buffer)
            self.held += size
            while self.held > self.capacity or len(self.buffers) > self.count:
                self.held -= self.buffers.pop(0).nbytes

    def take(self, size: int) -> Any:
        with self.lock:
            buffers = self.buffers
            for k in range(len(buffers) - 1, -1, -1):
                if buffers[k].nbytes == size:
                    self.held -= size
                    return buffers.pop(k)
        return None


#: Packed result buffers from this size on are recycled: below it glibc's allocator reuses freed memory at once,
#: from it (its initial mmap threshold) a free may hand the memory back to the system, and the next result of that
#: size pays a page fault per page (``a * a + 1`` of 10^5 ints: 0.56 ms with a 1 MiB minimum, 0.05 ms with this).
RECYCLE_MINIMUM = 1 << 17
#: Bytes of freed buffers kept for reuse at most: ``GENTENSOR_RECYCLE_BYTES`` in the environment (read at import;
#: ``0`` keeps none), else 256 MiB.
RECYCLE_BYTES = 1 << 28


def _recycle_bytes() -> int:
    text = os.environ.get("GENTENSOR_RECYCLE_BYTES", "").strip()
    if not text:
        return RECYCLE_BYTES
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        warnings.warn(
            f"GENTENSOR_RECYCLE_BYTES must be a number of bytes >= 0 (got {text!r}); using {RECYCLE_BYTES}",
            RuntimeWarning,
            stacklevel=2,
        )
        return RECYCLE_BYTES
    return value


_RECYCLE = _Recycler(_recycle_bytes())


def recycled_buffer(shape: tuple[int, ...], dtype: Any) -> Any:
    """An uninitialised array of ``shape`` and ``dtype`` over a recycled buffer of exactly its size, or ``None``."""
    dtype = np.dtype(dtype)
    size = dtype.itemsize
    for n in shape:
        size *= n
    if size < RECYCLE_MINIMUM:
        return None
    buffer = _RECYCLE.take(size)
    if buffer is None:
        return None
    return np.ndarray(shape, dtype, buffer)


def list_storage(values: list[Any]) -> Storage:
    """A list storage holding ``values`` (not copied)."""
    return Storage(values)


def packed_storage(
    array: Any, packing: Packing, bounds: Bounds | None = None, exact: bool = False, recycle: bool = False
) -> Storage:
    """A packed storage over ``array`` (a fresh array the caller gives away), made 1-d and C-contiguous.

    ``recycle``: the array is an element-wise result, whose buffer goes back to the pool that such
    results are written into (`RecycledStorage`) when it is large; other results leave theirs to the
    C allocator, which reuses memory for the paths that allocate through NumPy.
    """
    flat = array.reshape(-1) if array.flags.c_contiguous else np.ravel(array)  # a view when C-contiguous; the caller owns it
    if not flat.flags.writeable:
        flat = flat.copy()
    if flat.dtype != packing.dtype:
        flat = flat.astype(packing.dtype)
    if recycle and flat.nbytes >= RECYCLE_MINIMUM:
        return RecycledStorage(flat, packing, bounds, exact)
    return Storage(flat, packing, bounds, exact)


def pack_values(values: list[Any], ops: Any) -> Storage:
    """Storage for ``values`` (elements of ``ops``): packed when the ops packs and every value fits, else the list."""
    packing = packing_of(ops)
    if packing is not None and values:
        array = packing.pack(values)
        if array is not None:
            return Storage(array, packing)
    return Storage(values)


def view_of(store: Storage, layout: Layout) -> Any:
    """The NumPy view of packed ``store`` through ``layout`` (shares memory: writes land in the storage)."""
    data = store.data
    size = data.itemsize
    return np.ndarray(layout.shape, data.dtype, data, layout.offset * size, tuple(s * size for s in layout.strides))


def packed_view(store: Storage, layout: Layout, ops: Any) -> Any:
    """The NumPy view through ``layout`` of ``store``, packing a list storage first when ``ops`` packs; else ``None``.

    A list is packed once (all its views then share the buffer); one whose
    elements do not fit is remembered as such until the next write.
    """
    if store.packing is None:
        if store.unpackable or not store.data:
            return None
        packing = packing_of(ops)
        if packing is None:
            return None
        array = packing.pack(store.data)
        if array is None:
            store.unpackable = True
            return None
        store.data, store.packing, store.bounds, store.exact = array, packing, None, False
    return view_of(store, layout)


def bounds_of(store: Storage, view: Any | None = None) -> Bounds | None:
    """Bounds of the values of a packed integer storage (or of ``view`` of it): cached ones, else computed exactly.

    A small view of a large storage gets its own exact bounds (not cached);
    otherwise the storage's bounds are computed once and kept until a write.
    """
    packing = store.packing
    if packing is None or not packing.bounded:
        return None
    if store.bounds is not None:
        return store.bounds
    data = store.data
    if view is not None and 4 * view.size < data.size:
        return packing.bounds_of(view)
    store.bounds, store.exact = packing.bounds_of(data), True
    return store.bounds


def exact_bounds_of(store: Storage, view: Any) -> Bounds | None:
    """Exact bounds of ``view``'s values (tighter than cached ones derived from arithmetic)."""
    packing = store.packing
    if packing is None or not packing.bounded:
        return None
    if store.bounds is not None and store.exact:
        return store.bounds
    if view.size * 4 < store.data.size:
        return packing.bounds_of(view)
    store.bounds, store.exact = packing.bounds_of(store.data), True
    return store.bounds


def objects_of(store: Storage, layout: Layout) -> list[Any]:
    """The elements of packed ``store`` through a C-contiguous ``layout``, from its kept Python objects.

    The first element-by-element path to read a packed storage unpacks it
    once and keeps the list until the next write, so repeating such work
    (exact products past the word, functions without a kernel) reads the
    objects as list storage would.  The result may be that list: read it,
    never mutate it.
    """
    objects = store.objects
    if objects is None:
        assert store.packing is not None
        objects = store.objects = store.packing.unpack(store.data)
    start, n = layout.offset, layout.size
    if start == 0 and n == len(objects):
        return objects
    return objects[start : start + n]


def promote(store: Storage) -> None:
    """Turn a packed storage into list storage in place (every view sees it): values that do not fit are coming."""
    packing = store.packing
    if packing is None:
        return
    store.data = store.objects if store.objects is not None else packing.unpack(store.data)
    store.packing, store.bounds, store.exact, store.objects = None, None, False, None
    store.version += 1


class _PackedReader:
    """Element access by storage position into a packed storage (``reader[pos]``)."""

    __slots__ = ("array", "packing")

    def __init__(self, array: Any, packing: Packing) -> None:
        self.array = array
        self.packing = packing

    def __getitem__(self, position: int) -> Any:
        return self.packing.element(self.array, position)


def reader(store: Storage) -> Any:
    """Something indexable by storage position that gives elements: the list itself, or a reader of the packed buffer."""
    return store.data if store.packing is None else _PackedReader(store.data, store.packing)


def filled_storage(value: Any, count: int, ops: Any) -> Storage:
    """Storage of ``count`` copies of the element ``value``: a filled machine buffer when it packs."""
    packing = packing_of(ops)
    if packing is not None and count:
        scalar = packing.scalar(value)
        if scalar is not None:
            bounds = (int(scalar), int(scalar)) if packing.bounded else None
            return Storage(np.full(count, scalar, dtype=packing.dtype), packing, bounds, True)
    return Storage([value] * count)


class Operand:
    """A packed operand: its NumPy view (or array), its storage (``None`` for a converted copy), its bounds."""

    __slots__ = ("array", "store", "bounds", "exact")

    def __init__(self, array: Any, store: Storage | None, bounds: Bounds | None, exact: bool) -> None:
        self.array = array
        self.store = store
        self.bounds = bounds
        self.exact = exact

    def tighten(self) -> bool:
        """Replace derived bounds by the exact ones of the values; ``True`` when they got tighter."""
        if self.exact or self.store is None or self.bounds is None:
            return False
        exact = exact_bounds_of(self.store, self.array)
        self.exact = True
        if exact is None or exact == self.bounds:
            return False
        self.bounds = exact
        return True


def operand_of(store: Storage, layout: Layout, source: Any, ops: Any, packing: Packing) -> Operand | None:
    """The elements of ``store`` through ``layout`` (of ops ``source``) as a packed operand of ``ops``, or ``None``.

    A list storage is packed first when it can be; elements of another ops
    are cast when the packings know how (booleans to integers, integers to
    floats, integers to residues), else ``None`` (convert element-wise).
    """
    view = packed_view(store, layout, source)
    if view is None:
        return None
    if source is ops:
        bounds = bounds_of(store, view) if packing.bounded else None
        exact = bool(store.exact) or (bounds is not None and store.bounds is None)
        return Operand(view, store, bounds, exact)
    assert store.packing is not None
    cast = packing.cast(view, store.packing)
    if cast is None:
        return None
    array, bounds = cast
    return Operand(array, None, bounds, True)
