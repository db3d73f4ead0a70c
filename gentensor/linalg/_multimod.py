"""Exact determinants and adjugates of whole stacks of small integer matrices, by elimination modulo word-size primes.

One Python call per matrix costs more than the arithmetic of an 8x8
determinant, so a stack is eliminated all at once: NumPy arrays of shape
``(n, n, primes, count)`` (entry ``(i, j)`` of every matrix for every
prime is one contiguous block), one step of Gaussian elimination per column
over every matrix and every prime together, then the Chinese remainder
theorem under the Hadamard bound.  Nothing is rounded:

* residues are doubles holding integers below ``2**25``; a product of two
  residues is below ``2**50``, a sum of two such products below ``2**53``,
  so every product is exact, and ``t - floor(t / p) * p`` reduces it (the
  computed quotient is at most one off, which leaves the representative in
  ``[-p, 2p)``: still a residue, still small enough);
* the first elimination steps, while the minors stay below ``2**52``
  (`exact_steps`: three for 8x8 matrices of two-digit entries), are
  fraction-free (Bareiss) in exact double arithmetic, shared by all
  primes; Sylvester's identity connects the rest;
* the determinant is the product of the Hadamard bound's row norms at most
  (``|det A| <= prod_i |a_i|``), so primes whose product exceeds twice it
  determine it (symmetric residues); the bound is computed in doubles and
  enlarged past its rounding error;
* the CRT runs in mixed radix (Garner, "The residue number system", IRE
  Trans. Electron. Comput., 1959; Knuth, *The Art of Computer Programming*
  2, 4.3.2): the digits are residues, and the result is assembled in
  ``int64`` when the bound is below ``2**62``, in Python ints otherwise.

Elimination is *division-free* (each row below the pivot becomes ``pivot *
row - a * pivot_row``), so no modular inverse is needed per step; the
determinant is the last pivot divided by ``prod_c u_c**(n-c-2)`` (the
scalings of the earlier steps), one inverse per matrix and prime at the end,
all of them at once (`_inverse`: Montgomery's simultaneous inversion, as a
product tree).  A column without a non-zero entry mod p means ``det = 0 mod p``.
The adjugate comes from Gauss-Jordan elimination of ``[A | I]`` mod p
(``adj = det * A^-1``) when ``det != 0 mod p``; an adjugate entry is at most
the product of all row norms but one.

Cost: about ``n**3 / 3`` multiply-reduce steps per matrix and prime, each
a handful of double operations, over arrays of the whole stack (in chunks
that stay in cache).  Entries must be integers below ``2**53`` in absolute
value; the callers fall back to exact per-matrix kernels otherwise.
"""

from __future__ import annotations

import math
from typing import Any, Optional

from ..ops._modular import is_prime

__all__ = ["PRIME_BITS", "primes", "det_stack", "adjugate_stack", "as_doubles", "MAX_ENTRY"]

#: Primes below this: residues, products and sums of two products stay exact in doubles.
PRIME_BITS = 25

#: Entries at most this (in absolute value) are exact doubles, and reducing them mod p stays exact.
MAX_ENTRY = 2**52

#: Matrices eliminated together (times the number of primes): the arrays stay within the caches.
CHUNK_ELEMENTS = 2**18

_PRIMES: list[int] = []


def primes(count: int) -> list[int]:
    """The ``count`` largest primes below ``2**PRIME_BITS``, largest first.

    Examples
    --------
    >>> primes(2)
    [33554393, 33554383]
    """
    candidate = _PRIMES[-1] - 2 if _PRIMES else 2**PRIME_BITS - 1
    while len(_PRIMES) < count:
        if is_prime(candidate):
            _PRIMES.append(candidate)
        candidate -= 2
    return _PRIMES[:count]


def as_doubles(np: Any, flat: Any, count: int, n: int) -> Optional[Any]:
    """The stack as doubles of shape ``(count, n, n)``, or ``None`` when an entry is not an integer below ``2**53``.

    ``flat`` is a list of Python ints or an integer array (read only, not copied but converted).

    Examples
    --------
    >>> import numpy
    >>> as_doubles(numpy, [1, 2, 3, 4], 1, 2).tolist()
    [[[1.0, 2.0], [3.0, 4.0]]]
    >>> as_doubles(numpy, [2**70, 0, 0, 1], 1, 2) is None
    True
    """
    try:
        if isinstance(flat, np.ndarray):
            if flat.dtype.kind not in "iu":
                return None
            ints = flat
        else:  # through int64: NumPy converts a list of ints to int64 faster than to doubles
            ints = np.fromiter(flat, dtype=np.int64, count=count * n * n)
    except (OverflowError, TypeError, ValueError):
        return None
    if ints.size and max(int(ints.max()), -int(ints.min())) > MAX_ENTRY:
        return None  # not an exact double, or too large to reduce exactly (see `_reduce`)
    return ints.astype(float).reshape(count, n, n)


def _log2_hadamard(np: Any, F: Any) -> Any:
    """An upper bound for ``log2 |det|`` of each matrix (rows of ``F``, doubles): the Hadamard bound, enlarged."""
    norms2 = np.einsum("...ij,...ij->...i", F, F)
    # Each squared norm is within n u of the exact one; zero rows (det 0) count as norm 1.
    logs = np.log2(np.maximum(norms2, 1.0)) * 0.5
    # The relative margin covers the rounding of the norms, logs and sum (far below 2**-40 for n <= 16);
    # the absolute one, a log2 near 0.  Too large a bound only costs a prime more, too small a wrong CRT.
    return logs.sum(axis=-1) * (1 + 2.0**-40) + 2.0**-20


def _reduce(np: Any, t: Any, p: Any, inv: Any) -> Any:
    """``t mod p`` up to a representative in ``[-p, 2p)``.

    ``t`` is an exact integer with ``|t| + p < 2**53`` (so ``floor(t / p) * p`` is exact too): an entry
    up to ``MAX_ENTRY``, or a sum of two products of representatives (``8 p**2 + p < 2**53``).
    """
    # t * inv is t / p rounded twice (1/p, then the product), so the floor may be one off either way:
    # the difference is then in [-p, 2p) instead of [0, p), still exact (all terms below 2**53).
    return t - np.floor(t * inv) * p


def _mulmod(np: Any, a: Any, b: Any, p: Any, inv: Any) -> Any:
    """``a * b mod p`` for representatives in ``[-p, 2p)``: the product is below ``4 p**2 < 2**52``, exact."""
    return _reduce(np, a * b, p, inv)


def _canonical(np: Any, r: Any, p: Any) -> Any:
    """The representative in ``[0, p)`` of one in ``[-p, 2p)``."""
    r = r + p * (r < 0)
    return r - p * (r >= p)


def _inverse(np: Any, x: Any, ps: list[int], p: Any, inv: Any) -> Any:
    """The inverses mod p of the non-zero residues ``x`` (``(primes, count)``, canonical), all at once.

    A product tree along each row: pairwise products up to one product per
    prime (inverted in Python), then down again, ``inv(a) = inv(a*b) * b``:
    about four products per entry instead of a power ``x**(p-2)`` each.
    """
    # Up: level t holds the products of 2**t consecutive entries (odd lengths padded with a 1).
    levels = [x]
    while levels[-1].shape[1] > 1:
        a = levels[-1]
        if a.shape[1] % 2:
            a = np.concatenate([a, np.ones((a.shape[0], 1))], axis=1)
        levels.append(_canonical(np, _mulmod(np, a[:, 0::2], a[:, 1::2], p, inv), p))
    root = levels[-1]
    # The only true inversions: one per prime, on Python ints (the product of non-zero residues is non-zero).
    down = np.array([[float(pow(int(v), -1, q))] for v, q in zip(root[:, 0], ps)])
    # Down: the inverse of a pair's product times one factor is the inverse of the other factor.
    for a in reversed(levels[:-1]):
        m = a.shape[1]
        if m % 2:
            a = np.concatenate([a, np.ones((a.shape[0], 1))], axis=1)
        out = np.empty_like(a)
        out[:, 0::2] = _mulmod(np, down, a[:, 1::2], p, inv)
        out[:, 1::2] = _mulmod(np, down, a[:, 0::2], p, inv)
        down = out[:, :m]
    return down


def _residue_arrays(np: Any, F: Any, ps: list[int], out: Optional[Any] = None) -> tuple[Any, Any, Any]:
    """``(A, p, 1/p)``: the matrices of ``F`` (``(count, r, c)``) reduced mod each prime, laid out
    ``(r, c, primes, count)`` -- one entry of every matrix for every prime is one contiguous row -- and
    the moduli as a ``(primes, 1)`` column.  ``out``, when given, is a buffer of that shape to fill."""
    p = np.array(ps, dtype=float)[:, None]
    inv = 1.0 / p
    A = np.empty(F.shape[1:] + (len(ps), F.shape[0])) if out is None else out
    A[:, :, 0, :] = np.moveaxis(F, 0, -1)
    if len(ps) > 1:  # the same integers for every prime; reduced below when they need it
        A[:, :, 1:, :] = A[:, :, :1, :]
    if float(np.abs(F).max(initial=0.0)) >= min(ps):  # entries below every prime are residues already
        A[...] = _reduce(np, A, p, inv)
    return A, p, inv


def _nonzero(np: Any, r: Any, p: Any) -> Any:
    """Where a representative in ``[-p, 2p)`` is not 0 mod p (0, p and -p are its zeros there)."""
    return (r != 0) & (r != p) & (r != -p)


def _pivot(np: Any, A: Any, c: int, p: Any, sign: Any, alive: Any) -> None:
    """Bring a row with an entry non-zero mod p in column ``c`` to row ``c``, in every matrix and for every prime (in place)."""
    ok = _nonzero(np, A[c, c], p)
    if ok.all():
        return  # the usual case: no exchange anywhere
    nz = _nonzero(np, A[c:, c], p)  # (rows, primes, count)
    has = nz.any(axis=0)
    swap = ~ok & has
    alive &= has  # no pivot in column c: det == 0 mod p for that matrix and prime
    if swap.any():
        # Exchange rows only where needed, each (prime, matrix) with its own first non-zero row.
        pi, mi = np.nonzero(swap)
        rows = c + nz[:, pi, mi].argmax(axis=0)
        top = A[c, :, pi, mi].copy()
        A[c, :, pi, mi] = A[rows, :, pi, mi]
        A[rows, :, pi, mi] = top
        sign[pi, mi] *= -1
    dead = ~has
    if dead.any():  # singular mod p: any pivot will do, the residue is 0
        A[c, c][dead] = 1.0


def _step(np: Any, A: Any, c: int, work: Any, other: Any, p: Any, inv: Any) -> None:
    """One division-free elimination step below pivot ``(c, c)``: ``row_i <- u * row_i - a_ic * row_c`` mod p."""
    r = A.shape[0] - c - 1
    rest = A[c + 1 :, c + 1 :]
    t, q = work[:r, :r], other[:r, :r]
    # t = u * rest - (column below the pivot) x (pivot row right of it): each term below 4 p**2, the
    # difference below 8 p**2 < 2**53, exact.  Then `_reduce` written out into the preallocated buffers.
    np.multiply(rest, A[c, c], out=t)
    np.multiply(A[c + 1 :, c][:, None], A[c, c + 1 :][None, :], out=q)
    t -= q
    np.multiply(t, inv, out=q)
    np.floor(q, out=q)
    q *= p
    np.subtract(t, q, out=rest)


def exact_steps(bound: float, n: int) -> int:
    """How many fraction-free (Bareiss) steps stay exact in doubles for ``n x n`` entries at most ``bound``.

    Step ``c`` combines ``(c+1)``-minors, each at most ``(sqrt(c+1) * bound)**(c+1)`` (Hadamard), into
    numerators at most twice the square of that; below ``2**52`` every product, difference and (exact)
    quotient is computed exactly, and the minors left reduce mod p exactly.

    Examples
    --------
    >>> exact_steps(99, 8), exact_steps(2**30, 8), exact_steps(1, 3)
    (3, 0, 2)
    """
    k = 0
    while k < n - 1:
        # log2 of the Hadamard bound of a (k+1)-minor: (k+1) rows of norm at most sqrt(k+1) * bound.
        log_h = (k + 1) * math.log2(math.sqrt(k + 1) * max(bound, 1.0))
        if not 2 * log_h + 1 + 2.0**-20 < 52:  # 2**52, not 2**53: the minors must also reduce exactly
            break
        k += 1
    return k


def _bareiss(np: Any, X: Any, k: int) -> tuple[Any, Any]:
    """``k`` fraction-free steps without row exchanges, in place on ``X`` (``(n, n, count)``, exact integers):
    ``(the last pivot, bad)``; afterwards ``X[k:, k:]`` holds ``(k+1)``-minors and, by Sylvester's identity,
    ``det X[k:, k:] == det X * pivot**(n-k-1)``.  ``bad`` marks a zero pivot (those matrices say nothing)."""
    prev = None
    bad = np.zeros(X.shape[2:], dtype=bool)
    for c in range(k):
        u = X[c, c]
        bad |= u == 0
        t = X[c + 1 :, c + 1 :] * u
        t -= X[c + 1 :, c][:, None] * X[c, c + 1 :][None, :]
        if prev is not None:
            t /= prev  # exact: the quotient is a minor
        X[c + 1 :, c + 1 :] = t
        prev = u
    return (np.ones(X.shape[2:]) if prev is None else prev), bad


def _power(np: Any, x: Any, e: int, p: Any, inv: Any) -> Any:
    result = np.ones_like(x)
    while e:
        if e & 1:
            result = _mulmod(np, result, x, p, inv)
        e >>= 1
        if e:
            x = _mulmod(np, x, x, p, inv)
    return result


def _fraction(np: Any, u: Any, sign: Any, p: Any, inv: Any) -> tuple[Any, Any]:
    """``(num, den)`` with ``det == num / den`` (mod p) from the pivots ``u`` (``(s, primes, count)``) of
    division-free elimination: each step ``c`` scales the ``s-c-1`` rows below by ``u_c``, so
    ``det = sign * u_{s-1} / prod_{c <= s-3} u_c**(s-c-2)``."""
    s = u.shape[0]
    # Step c scales the rows below it by u_c, so the product of the pivots is det * prod_c u_c**(s-c-1);
    # dividing it by that leaves u_{s-1} over the exponents s-c-2 (the last two steps contribute none).
    prefix = np.ones(u.shape[1:])
    den = np.ones(u.shape[1:])
    for c in range(s - 2):  # den = prod_c (u_0 ... u_c): u_c appears s-c-2 times
        prefix = _mulmod(np, prefix, u[c], p, inv)
        den = _mulmod(np, den, prefix, p, inv)
    return u[s - 1] * sign, den


def _pivots(np: Any, F: Any, ps: list[int], buffer: Any) -> tuple[Any, Any, Any]:
    """Every determinant of ``F`` (``(count, n, n)`` doubles holding integers) as ``num / den`` mod every prime,
    without row exchanges: ``(num, den, bad)``, each ``(primes, count)``; ``bad`` marks where a pivot
    vanished (then num and den say nothing).

    The first `exact_steps` steps are fraction-free in exact double arithmetic, shared by all primes; the
    rest is division-free elimination mod each prime.  ``buffer``: a flat array of at least ``3 * n*n *
    primes * count`` doubles to work in.
    """
    count, n = F.shape[0], F.shape[-1]
    k = exact_steps(float(np.abs(F).max(initial=0.0)), n)
    X = buffer[: n * n * count].reshape(n, n, count)
    X[...] = np.moveaxis(F, 0, -1)
    prev, bad = _bareiss(np, X, k)
    s = n - k
    shape = (s, s, len(ps), count)
    size = s * s * len(ps) * count
    start = n * n * count
    A, work, other = (buffer[start + i * size : start + (i + 1) * size].reshape(shape) for i in range(3))
    p = np.array(ps, dtype=float)[:, None]
    inv = 1.0 / p
    A[...] = X[k:, k:, None, :]
    A[...] = _reduce(np, A, p, inv)
    # No row exchanges: a pivot that vanishes mod p makes that matrix "bad", redone by the caller.
    for c in range(s - 1):
        _step(np, A, c, work, other, p, inv)
    u = A[np.arange(s), np.arange(s)]  # (s, primes, count): the pivots mod p
    num, den = _fraction(np, u, np.ones(u.shape[1:]), p, inv)
    # Sylvester: det X[k:, k:] == det * prev**(s-1) (prev: the last exact pivot), so divide by that too.
    den = _mulmod(np, den, _power(np, _reduce(np, prev * np.ones((len(ps), 1)), p, inv), s - 1, p, inv), p, inv)
    # A zero pivot u_c (c < s-1) shows up as a zero factor of den; u_{s-2} has exponent 0 in den, so it
    # is checked on its own.  (u_{s-1} == 0 is a true zero determinant mod p, not a failure.)
    bad = bad | ~_nonzero(np, den, p)
    if s >= 2:
        bad |= ~_nonzero(np, u[s - 2], p)
    return num, den, bad


def _pivots_exchanging(np: Any, F: Any, ps: list[int]) -> tuple[Any, Any, Any]:
    """`_pivots` with row exchanges and no exact phase: ``(num, den, zero)``; ``zero`` marks the matrices
    singular mod p (their determinant is 0 mod p)."""
    n = F.shape[-1]
    shape = (n, n, len(ps), F.shape[0])
    A, p, inv = _residue_arrays(np, F, ps, np.empty(shape))
    work, other = np.empty(shape), np.empty(shape)
    sign = np.ones(shape[2:])
    alive = np.ones(shape[2:], dtype=bool)
    for c in range(n):
        _pivot(np, A, c, p, sign, alive)
        if c < n - 1:
            _step(np, A, c, work, other, p, inv)
    num, den = _fraction(np, A[np.arange(n), np.arange(n)], sign, p, inv)
    return num, den, ~alive


def _determinants(np: Any, num: Any, den: Any, zero: Any, ps: list[int]) -> Any:
    """``num / den mod p`` (canonical), 0 where ``zero``."""
    p = np.array(ps, dtype=float)[:, None]
    inv = 1.0 / p
    den = _canonical(np, _reduce(np, den, p, inv), p)
    den[zero] = 1.0  # any invertible value: the result is overwritten with 0 there
    det = _mulmod(np, num, _inverse(np, den, ps, p, inv), p, inv)
    det = _canonical(np, _reduce(np, det, p, inv), p)
    det[zero] = 0.0
    return det


def det_residues(np: Any, F: Any, ps: list[int]) -> Any:
    """``det mod p`` of every matrix of ``F`` (``(count, n, n)`` doubles holding integers) for every prime: ``(primes, count)``."""
    return _determinants(np, *_pivots_exchanging(np, F, ps), ps)


def inverse_residues(np: Any, F: Any, ps: list[int]) -> tuple[Any, Any]:
    """``(A^-1 mod p, invertible)``: Gauss-Jordan on ``[A | I]`` mod every prime; shapes ``(n, n, primes, count)`` and ``(primes, count)``."""
    n = F.shape[-1]
    eye = np.broadcast_to(np.eye(n), F.shape)
    A, p, inv = _residue_arrays(np, np.concatenate([F, eye], axis=-1), ps)
    lead = A.shape[2:]
    sign = np.ones(lead)
    alive = np.ones(lead, dtype=bool)
    for c in range(n):
        _pivot(np, A, c, p, sign, alive)
        # Gauss-Jordan: scale the pivot row to a pivot of 1, then clear column c in every other row.
        r = _inverse(np, _canonical(np, A[c, c], p), ps, p, inv)
        row = _reduce(np, A[c] * r, p, inv)  # (2n, primes, count)
        col = A[:, c].copy()
        col[c] = 0.0
        A = _reduce(np, A - col[:, None] * row[None], p, inv)
        A[c] = row
    return _canonical(np, A[:, n:], p), alive


def _garner(np: Any, residues: Any, ps: list[int], bits: float) -> list[int]:
    """The integers in ``(-M/2, M/2]`` (``M = prod ps``) with the given residues (axis 0), assembled in mixed radix."""
    k = len(ps)
    # x = d_0 + d_1 p_0 + d_2 p_0 p_1 + ...: digit i is (x - d_0 - ... ) / (p_0 ... p_{i-1}) mod p_i,
    # computed as ((r_i - d_0) / p_0 - d_1) / p_1 ... mod p_i -- only residues below 2**25 throughout.
    digits: list[Any] = []
    for i, q in enumerate(ps):
        fq = float(q)
        v = residues[i] * 1.0
        for j in range(i):
            v = _canonical(np, _reduce(np, (v - digits[j]) * float(pow(ps[j], -1, q)), fq, 1.0 / fq), fq)
        # symmetric digits: (-q/2, q/2], so that the assembled value is the symmetric residue mod prod ps
        v = v - fq * (v > q // 2)
        digits.append(v)
    # Horner on the digits, from the most significant: int64 suffices below 2**62 (with symmetric digits
    # no partial value exceeds the final bound by more than half a modulus), Python ints otherwise.
    if bits < 62:
        out = digits[k - 1].astype(np.int64)
        for j in range(k - 2, -1, -1):
            out = out * ps[j] + digits[j].astype(np.int64)
        return out.ravel().tolist()  # type: ignore[no-any-return]
    total = digits[k - 1].astype(np.int64).astype(object)
    for j in range(k - 2, -1, -1):
        total = total * ps[j] + digits[j].astype(np.int64).astype(object)
    return total.ravel().tolist()  # type: ignore[no-any-return]


def _primes_for(bits: float) -> list[int]:
    """Enough primes for integers below ``2**bits`` in absolute value (their product exceeds ``2**(bits+1)``)."""
    k = max(1, math.ceil((bits + 2) / (PRIME_BITS - 1)))  # a first guess; every prime exceeds 2**(PRIME_BITS-1)
    # The product must exceed twice the bound: symmetric residues then determine |x| < 2**bits.
    while sum(math.log2(q) for q in primes(k)) <= bits + 1.01:
        k += 1
    return primes(k)


def det_stack(np: Any, F: Any) -> list[int]:
    """The determinants of the stack ``F`` (doubles of shape ``(count, n, n)`` holding integers below ``2**52``,
    as `as_doubles` makes them), exactly, as Python ints.

    Cost: ``sum_{r < n} r**2`` (about ``n**3 / 3``) multiply-reduce steps per matrix and prime past the
    exact steps, one prime per 24 bits of the largest Hadamard bound, as whole-stack array operations.

    Examples
    --------
    >>> import numpy
    >>> det_stack(numpy, as_doubles(numpy, [2, 3, 1, 4, 1, 0, 0, 5, 7], 1, 3))
    [-50]
    """
    count = F.shape[0]
    if not count:
        return []
    with np.errstate(all="ignore"):  # a zero pivot divides by zero: that matrix is redone with exchanges
        return _det_stack(np, F)


def _det_stack(np: Any, F: Any) -> list[int]:
    count = F.shape[0]
    bits = float(_log2_hadamard(np, F).max())
    ps = _primes_for(bits)
    n = F.shape[-1]
    k = len(ps)
    step = max(1, CHUNK_ELEMENTS // (k * n * n))  # matrices per chunk: its arrays stay in cache
    buffer = np.empty(4 * n * n * k * min(step, count))  # reused: fresh pages cost more than the work
    num, den = np.empty((k, count)), np.empty((k, count))
    bad = np.empty((k, count), dtype=bool)
    for s in range(0, count, step):
        chunk = F[s : s + step]
        m = chunk.shape[0]
        num[:, s : s + m], den[:, s : s + m], bad[:, s : s + m] = _pivots(np, chunk, ps, buffer)
    zero = np.zeros((k, count), dtype=bool)
    redo = np.nonzero(bad.any(axis=0))[0]
    if redo.size:  # a pivot vanished: these matrices again, mod p with row exchanges
        num[:, redo], den[:, redo], zero[:, redo] = _pivots_exchanging(np, F[redo], ps)
    return _garner(np, _determinants(np, num, den, zero, ps), ps, bits)


def adjugate_stack(np: Any, F: Any) -> Optional[tuple[list[int], list[list[int]]]]:
    """``(dets, adjugates)`` of a stack of doubles as for `det_stack` (each adjugate's entries in C order);
    ``None`` when a matrix is singular modulo one of the primes (the caller then takes another path).

    Cost: Gauss-Jordan on ``[A | I]`` (about ``n**3`` multiply-reduce steps per matrix and prime) besides
    the determinants; the adjugate entries are bounded by the same Hadamard bound.

    Examples
    --------
    >>> import numpy
    >>> adjugate_stack(numpy, as_doubles(numpy, [2, 1, 1, 1], 1, 2))
    ([1], [[1, -1, -1, 2]])
    """
    count, n = F.shape[0], F.shape[-1]
    if not count:
        return [], []
    bits = float(_log2_hadamard(np, F).max())
    ps = _primes_for(bits)
    step = max(1, CHUNK_ELEMENTS // (2 * len(ps) * n * n))
    dets: list[int] = []
    adjs: list[list[int]] = []
    for s in range(0, count, step):
        chunk = F[s : s + step]
        d = det_residues(np, chunk, ps)
        X, alive = inverse_residues(np, chunk, ps)
        if not alive.all():
            return None  # singular mod some prime: adj = det * A^-1 does not apply there
        p = np.array(ps, dtype=float)[:, None]
        # adj(A) = det(A) A^-1 mod p; its entries are (n-1)-minors, within the same Hadamard bound.
        adj = _canonical(np, _reduce(np, X * d, p, 1.0 / p), p)  # (n, n, primes, count)
        m = chunk.shape[0]
        dets += _garner(np, d, ps, bits)
        values = _garner(np, np.moveaxis(adj, 2, 0).reshape(len(ps), n * n * m), ps, bits)  # entry-major
        adjs += [values[i :: m] for i in range(m)]
    return dets, adjs
