"""The packing of ``gt.modular(n)``: ``int64`` residues in ``[0, n)`` when the product of two fits a word.

Its kernels reduce every result to ``[0, n)`` in NumPy (sums and differences
by one comparison, products by a remainder); matrix products are exact in
float64 BLAS, split into 16-bit halves when their sums could pass ``2**53``
(`._matkernels.modular_matmul`).  Larger moduli stay in lists (their
products need Python ints or FLINT).

Examples
--------
>>> import numpy as np
>>> modular_packing(7).kernel("add", [None, None])[0](np.array([3, 6]), np.array([5, 6])).tolist()
[1, 5]
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

from ._matkernels import int_vecdot, modular_matmul
from ._packing import INT64_MAX, Bounds, Packing, Planned
from ._packings import _IntoKernel, _lanes

__all__ = ["ModularPacking", "modular_packing"]


class ModularPacking(Packing):
    """``int64`` residues in ``[0, n)`` for ``gt.modular(n)`` when ``(n - 1)**2`` fits a word (``n <= 3037000500``)."""

    __slots__ = ("n", "_table")

    def __init__(self, n: int) -> None:
        super().__init__("int64", lo=0, hi=n - 1)
        self.n = n
        m = np.int64(n)

        # Each takes ``out=`` (int64, like its operands), so large results go into recycled buffers.
        def add(a: Any, b: Any, out: Any = None) -> Any:
            r = np.add(a, b, out=out)  # in [0, 2n - 1): r, or r - n when that is not negative
            if r.ndim == 0:
                return np.remainder(r, m)
            less = np.subtract(r, m)  # negative exactly when r < n: as uint64 then larger than r
            np.minimum(r.view(np.uint64), less.view(np.uint64), out=r.view(np.uint64))
            return r

        def subtract(a: Any, b: Any, out: Any = None) -> Any:
            r = np.subtract(a, b, out=out)  # in (-n, n): r, or r + n when r is negative
            if r.ndim == 0:
                return np.remainder(r, m)
            more = np.add(r, m)  # as uint64 a negative r is larger than r + n, a non-negative one smaller
            np.minimum(r.view(np.uint64), more.view(np.uint64), out=r.view(np.uint64))
            return r

        def multiply(a: Any, b: Any, out: Any = None) -> Any:
            r = np.multiply(a, b, out=out)
            return np.remainder(r, m, out=r) if r.ndim else np.remainder(r, m)

        def negative(a: Any, out: Any = None) -> Any:
            r = np.negative(a, out=out)
            return np.remainder(r, m, out=r) if r.ndim else np.remainder(r, m)

        self._table: dict[str, Callable[..., Any]] = {
            "add": _IntoKernel(add),
            "subtract": _IntoKernel(subtract),
            "multiply": _IntoKernel(multiply),
            "square": _IntoKernel(multiply),
            "negative": _IntoKernel(negative),
            "positive": np.copy,
            "equal": np.equal,
            "not_equal": np.not_equal,
        }

    def kernel(self, name: str, bounds: Sequence[Bounds | None]) -> Planned | None:
        f = self._table.get(name)
        return None if f is None else (f, (0, self.n - 1))

    def cast(self, array: Any, source: Packing) -> tuple[Any, Bounds | None] | None:
        if source.dtype.kind in "biu" and not isinstance(source, ModularPacking):
            return np.remainder(array.astype(np.int64), np.int64(self.n)), (0, self.n - 1)
        return None

    def reduction(self, name: str, bounds: Bounds | None, count: int) -> Planned | None:
        if name != "sum":
            return None
        n = self.n
        chunk = max(1, (INT64_MAX - n) // max(1, n - 1))  # terms an int64 partial sum (plus the running total) holds
        return (lambda a, axis: _modular_sum(a, axis, n, chunk)), (0, n - 1)

    def vecdot(self, bounds_a: Bounds | None, bounds_b: Bounds | None, k: int) -> Planned | None:
        n = self.n
        if (n - 1) ** 2 * k > INT64_MAX:
            return None  # products, then the chunked modular sum
        m = np.int64(n)
        return (lambda a, b: np.remainder(int_vecdot(a, b), m)), (0, n - 1)

    def matmul(self, bounds_a: Bounds | None, bounds_b: Bounds | None, k: int) -> Planned | None:
        n = self.n
        top = (n - 1) ** 2
        return (lambda a, b: modular_matmul(a, b, n, top)), (0, n - 1)


def _modular_sum(a: Any, axis: Any, n: int, chunk: int) -> Any:
    """Sums of residues over ``axis`` mod ``n``, each int64 partial sum over at most ``chunk`` terms (exact)."""
    m = np.int64(n)
    lanes = _lanes(a, axis)
    total = np.zeros(lanes.shape[:-1], dtype=np.int64)
    for start in range(0, lanes.shape[-1], chunk):
        part = np.add.reduce(lanes[..., start : start + chunk], axis=-1, dtype=np.int64)
        total = np.remainder(total + part, m)
    return total


def modular_packing(n: int) -> Packing | None:
    """The packing of ``gt.modular(n)``: ``int64`` residues when the product of two fits a word, else ``None``."""
    return ModularPacking(n) if (n - 1) ** 2 <= INT64_MAX else None
