"""The hot loops over (storage, Layout): gather, scatter, positions.

A strided view of a list is read row by row with C-speed extended slices
``data[start:stop:step]`` (never element by element through a Python-level
multi-index); axes that walk storage as one are merged first, so a view of a
contiguous block is a single slice.  A packed storage (`gentensor.core.storage`)
is read through a NumPy view of the layout and unpacked in C.
"""

from __future__ import annotations

from typing import Any, Sequence

from .layout import Layout, collapse
from .storage import Storage, promote, view_of

__all__ = ["gather", "scatter", "write", "copy_into", "positions", "row_starts", "rows"]


def row_starts(offset: int, shape: Sequence[int], strides: Sequence[int]) -> list[int]:
    """Storage position of the first element of every row, in C order.

    Examples
    --------
    >>> row_starts(1, (2, 3), (10, 2))
    [1, 3, 5, 11, 13, 15]
    """
    starts = [offset]
    for n, s in zip(shape, strides):
        steps = range(0, n * s, s) if s else [0] * n
        starts = [b + d for b in starts for d in steps]
    return starts


def _rows(layout: Layout) -> tuple[list[int], int, int]:
    shape, strides = collapse(layout.shape, layout.strides)
    if not shape:
        return [layout.offset], 1, 1
    return row_starts(layout.offset, shape[:-1], strides[:-1]), shape[-1], strides[-1]


def gather(data: Any, layout: Layout) -> list[Any]:
    """The elements of ``layout`` over ``data`` as a new list, in C order.

    ``data`` may be a `Storage` (packed storage is unpacked to Python
    elements), a list or a ``range`` (which gathers storage positions).

    Examples
    --------
    >>> gather(list(range(6)), Layout.contiguous((2, 3)).permute((1, 0)))
    [0, 3, 1, 4, 2, 5]
    """
    if isinstance(data, Storage):
        if data.packing is not None:
            return data.packing.unpack(view_of(data, layout))
        data = data.data
    shape = layout.shape
    if 0 in shape:
        return []
    if len(shape) == 1:  # one strided run (a column, a diagonal): one extended slice
        n, s, start = shape[0], layout.strides[0], layout.offset
        if s == 0:
            return [data[start]] * n
        stop = start + n * s
        block = data[start : stop if stop >= 0 else None : s]
        return block if type(block) is list else list(block)
    if layout.is_contiguous:
        start = layout.offset
        block = data[start : start + layout.size]
        return block if type(block) is list else list(block)
    starts, n, s = _rows(layout)
    out: list[Any] = []
    extend = out.extend
    if s == 0:
        for b in starts:
            extend([data[b]] * n)
    elif s > 0:
        span = n * s
        for b in starts:
            extend(data[b : b + span : s])
    else:
        span = n * s
        for b in starts:
            stop = b + span
            extend(data[b : stop if stop >= 0 else None : s])
    return out


def rows(data: list[Any], layout: Layout) -> list[list[Any]]:
    """The rows (along the last axis) of ``layout`` over ``data``, each a new list, in C order.

    ``layout`` must have ``ndim >= 1`` and no zero-length axis.

    Examples
    --------
    >>> rows(list(range(6)), Layout.contiguous((2, 3)).permute((1, 0)))
    [[0, 3], [1, 4], [2, 5]]
    """
    shape, strides = layout.shape, layout.strides
    n, s = shape[-1], strides[-1]
    starts = row_starts(layout.offset, shape[:-1], strides[:-1])
    if s == 0:
        return [[data[b]] * n for b in starts]
    span = n * s
    if s > 0:
        return [data[b : b + span : s] for b in starts]
    return [data[b : b + span if b + span >= 0 else None : s] for b in starts]


def positions(layout: Layout) -> list[int]:
    """The storage position of every element of ``layout``, in C order.

    Examples
    --------
    >>> positions(Layout((2, 2), (1, 2), 0))
    [0, 2, 1, 3]
    """
    if 0 in layout.shape:
        return []
    lo, hi = layout.extent()
    return gather(range(hi + 1), layout)


def write(store: Storage, layout: Layout, values: list[Any]) -> None:
    """Write the elements ``values`` (C order) into ``store`` through ``layout`` (no repeated positions).

    Into packed storage the values are packed first; when one does not fit
    the word the storage is promoted to a list (for every view sharing it)
    and written there.  Either way the storage records the write.
    """
    packing = store.packing
    if packing is not None:
        array = packing.pack(values) if values else None
        if array is not None:
            view_of(store, layout)[...] = array.reshape(layout.shape)
            store.written(packing.bounds_of(array), exact=False)
            return
        if not values:
            return
        promote(store)
    scatter(store.data, layout, values)
    store.written()


def copy_into(store: Storage, layout: Layout, source: Storage, source_layout: Layout) -> None:
    """Write the elements of ``source`` (through ``source_layout``, the same shape) into ``store`` through ``layout``.

    Machine values go straight across when both storages are packed alike;
    otherwise the elements are gathered and written (`write`).
    """
    packing = store.packing
    if packing is not None and source.packing is packing:
        view_of(store, layout)[...] = view_of(source, source_layout)
        store.written(source.bounds)
        return
    write(store, layout, gather(source, source_layout))


def scatter(data: list[Any], layout: Layout, values: list[Any]) -> None:
    """Write ``values`` (C order, exactly ``layout.size`` of them) into ``data`` through ``layout``.

    The layout must not repeat storage positions (no stride 0 over length > 1).

    Examples
    --------
    >>> d = [0] * 6
    >>> scatter(d, Layout.contiguous((2, 3)).permute((1, 0)), [1, 2, 3, 4, 5, 6])
    >>> d
    [1, 3, 5, 2, 4, 6]
    """
    if 0 in layout.shape:
        return
    if layout.is_contiguous:
        start = layout.offset
        data[start : start + len(values)] = values
        return
    starts, n, s = _rows(layout)
    k = 0
    if s > 0:
        span = n * s
        for b in starts:
            data[b : b + span : s] = values[k : k + n]
            k += n
    else:
        span = n * s
        for b in starts:
            stop = b + span
            data[b : stop if stop >= 0 else None : s] = values[k : k + n]
            k += n
