"""Exact matrix products, contractions and dot products on machine words, for the built-in packings.

The integer packing proves a bound on every sum of products first (from
the operands' bounds); these kernels then compute within it: float64 BLAS
below ``2**53`` (where every partial sum of integers is exact, whatever the
order), int64 below ``2**63``.  Residues mod n split into 16-bit halves
when their sums could pass ``2**53``.

Examples
--------
>>> import numpy as np
>>> a = np.arange(6, dtype=np.int64).reshape(2, 3)
>>> f, bounds = int_matmul(5 * 5 * 3)
>>> f(a, a.T).tolist(), bounds
([[5, 14], [14, 50]], (-75, 75))
>>> modular_matmul(a, a.T, 7, 36).tolist()
[[5, 0], [0, 1]]
"""

from __future__ import annotations

from math import isqrt
from typing import Any

import numpy as np

from ._packing import INT64_MAX, Planned

__all__ = ["FLOAT_EXACT", "int_matmul", "exact_matmul", "int_vecdot", "float_einsum", "int_einsum", "modular_matmul"]


#: Products of integers below 2**53 in size are exact in float64: BLAS computes them.
FLOAT_EXACT = 2**53


#: Multiply-adds below which an int64 product uses NumPy's own loop rather than BLAS: multithreaded
#: BLAS can stall for milliseconds waking its threads when another program holds a core, and below
#: this size one core does the work in a few milliseconds anyway.
_BLAS_MINIMUM = 2**24

#: Multiply-adds of one matrix product up to which OpenBLAS runs it on the calling thread
#: (``m * n * k <= 65536 * GEMM_MULTITHREAD_THRESHOLD``, 4 by default): no thread to wake, no stall.
_BLAS_ONE_THREAD = 2**18

#: Multiply-adds below which NumPy's int64 loop beats the two conversions to float64 and back.
_BLAS_WORTH = 2**12

#: The smallest side of the result blocks that single-threaded BLAS runs faster than NumPy's int64 loop.
_BLOCK_MINIMUM = 8


def int_matmul(bound: int) -> Planned | None:
    """Exact ``a @ b`` of int64 matrices whose sums of products stay below ``bound`` in size."""
    if bound > INT64_MAX:
        return None
    if bound < FLOAT_EXACT:
        # Every product and partial sum is an integer below 2**53: float64 holds each exactly, whatever the order.
        return exact_matmul, (-bound, bound)
    return np.matmul, (-bound, bound)


def _work(a: Any, b: Any) -> int:
    """Multiply-adds of ``a @ b`` (batch included)."""
    return int(a.size) * int(b.shape[-1])


def exact_matmul(a: Any, b: Any) -> Any:
    """``a @ b`` of int64 matrices whose sums of products stay below 2**53, each entry exact.

    float64 BLAS for one matrix product that BLAS runs on one thread (at
    least `_BLAS_WORTH` multiply-adds, at most `_BLAS_ONE_THREAD`: 16x16 to
    64x64), for one larger matrix product cut into blocks of that size (up
    to `_BLAS_MINIMUM`: multithreaded BLAS can stall for milliseconds waking
    its threads when another program holds a core), and for large work;
    NumPy's int64 loop for stacks of matrices, matrix-vector products and
    inner lengths too long for blocks.
    """
    work = _work(a, b)
    if work >= _BLAS_MINIMUM:
        return _float_matmul(a, b)
    if a.ndim == 2 == b.ndim and a.shape[0] > 1 and b.shape[1] > 1 and work >= _BLAS_WORTH:
        if work <= _BLAS_ONE_THREAD:
            return _float_matmul(a, b)
        side = isqrt(_BLAS_ONE_THREAD // a.shape[1])
        if side >= _BLOCK_MINIMUM:
            return _blocked_float_matmul(a, b, side)
    return np.matmul(a, b)


def float_einsum(subscripts: str, *arrays: Any) -> Any:
    # Two operands: NumPy's contraction (BLAS) makes no intermediate but the result; more: one loop, none at all.
    floats = [a.astype(np.float64) for a in arrays]
    return np.einsum(subscripts, *floats, optimize=len(arrays) == 2).astype(np.int64)


def int_einsum(subscripts: str, *arrays: Any) -> Any:
    return np.einsum(subscripts, *arrays, dtype=np.int64, optimize=False)


def _float_matmul(a: Any, b: Any) -> Any:
    return np.matmul(a.astype(np.float64), b.astype(np.float64)).astype(np.int64)


def _blocked_float_matmul(a: Any, b: Any, side: int) -> Any:
    """``a @ b`` in float64 BLAS as ``side x side`` blocks of the result, each small enough that OpenBLAS runs it on
    the calling thread (at most `_BLAS_ONE_THREAD` multiply-adds): 3-4 times NumPy's int64 loop, and no
    thread to wake (the exactness argument is `exact_matmul`'s, block by block)."""
    fa, fb = a.astype(np.float64), b.astype(np.float64)
    m, n = a.shape[0], b.shape[1]
    out = np.empty((m, n), dtype=np.float64)
    for r in range(0, m, side):
        for c in range(0, n, side):
            np.matmul(fa[r : r + side], fb[:, c : c + side], out=out[r : r + side, c : c + side])
    return out.astype(np.int64)


def int_vecdot(a: Any, b: Any) -> Any:
    """Dot products of int64 vectors along the last axis (broadcasting the others), every partial sum proven to fit."""
    vecdot = getattr(np, "vecdot", None)  # NumPy 2
    if vecdot is not None:
        return vecdot(a, b)
    return np.einsum("...i,...i->...", a, b, dtype=np.int64)


def modular_matmul(a: Any, b: Any, n: int, top: int) -> Any:
    """``a @ b mod n`` with every partial sum exact in float64 (BLAS), whatever ``n`` (below 2**32).

    When the sums of products of residues can pass 2**53, each matrix is
    split into 16-bit halves (``a = a1 * 2**16 + a0``): the four half
    products have terms below 2**32, so their sums over up to 2**21 terms are
    exact in float64; the results are recombined modulo ``n``.
    """
    m = np.int64(n)
    k = a.shape[-1]
    if top * k < FLOAT_EXACT:
        return np.remainder(exact_matmul(a, b), m)
    chunk = 2**20  # terms per exact float sum of 32-bit products
    total = None
    for start in range(0, max(k, 1), chunk):
        pa, pb = a[..., start : start + chunk], b[..., start : start + chunk, :]
        a1, a0 = np.right_shift(pa, 16), np.bitwise_and(pa, 0xFFFF)
        b1, b0 = np.right_shift(pb, 16), np.bitwise_and(pb, 0xFFFF)
        high = np.remainder(exact_matmul(a1, b1), m)
        middle = np.remainder(exact_matmul(a1, b0) + exact_matmul(a0, b1), m)
        low = np.remainder(exact_matmul(a0, b0), m)
        shift = np.int64(2**16 % n)
        piece = np.remainder(np.remainder(high * shift, m) * shift + middle * shift, m)
        piece = np.remainder(piece + low, m)
        total = piece if total is None else np.remainder(total + piece, m)
    return total
