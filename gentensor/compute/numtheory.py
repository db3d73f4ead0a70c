"""Number theory element by element: gcd, lcm, divmod, Bézout coefficients, modular inverses and powers, CRT, primes.

Operands broadcast as in NumPy (tensors, array-likes or scalars); results
are new tensors (the element itself when every operand is a scalar).  The
functions work over the integers and over any ring whose capabilities say
*Euclidean* (``ops.divmod``: Gaussian integers, polynomials over a field, a
user ring), choosing by those capabilities and members:

* ``gcd`` uses ``ops.gcd`` when the ops defines it (``math.gcd`` for the
  integers), otherwise Euclid's algorithm on ``ops.divmod``; results are
  canonical (non-negative integers; the ring's canonical associate,
  ``ops.canonical_unit``, otherwise).
* ``invmod``/``powmod``/``isqrt`` on integers run Python's ``pow`` and
  ``math.isqrt``; other Euclidean rings use the extended Euclidean
  algorithm and square-and-multiply with remainders.
* ``is_prime``/``next_prime`` are for integers: deterministic Miller-Rabin
  below 3.3e24, SymPy's test above.

Failures name the index of the element: a non-invertible element
(``NotDivisibleError``), residues that no number satisfies
(``NoSolutionError``), a negative square root (``DomainError``).

Examples
--------
>>> import gentensor as gt
>>> gt.gcd(gt.tensor([12, 18, -8]), 30).tolist(), gt.lcm([4, 6], 10).tolist()
([6, 6, 2], [20, 30])
>>> gt.crt(gt.tensor([[2, 3, 2], [1, 1, 1]]), [3, 5, 7]).tolist()
[23, 1]
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any, Callable, NamedTuple, Optional, Sequence

from .._docs import section, sections
from ..arrays.manipulation import moveaxis
from ..ops import short_repr, short_str
from ..core.layout import broadcast_shapes, normalize_axis
from ..core.operands import as_operand, as_tensor, convert_scalar, convert_values, operand_ops
from ..core.tensor import Tensor
from ..errors import ArgumentValueError, DomainError, ShapeError
from ..ops import ElementOps, booleans, capabilities_of, defines, integers
from ._engine import arithmetic_ops, compute, flat_values, result, run
from . import _numtheory_kernels as _k
from . import _packed
from ._euclid import Euclid, gcdex as _gcdex

__all__ = [
    "gcd",
    "lcm",
    "divmod",
    "gcdex",
    "invmod",
    "powmod",
    "isqrt",
    "crt",
    "is_prime",
    "next_prime",
    "DivmodResult",
    "GcdexResult",
]


class DivmodResult(NamedTuple):
    """The result of [`divmod`][gentensor.compute.numtheory.divmod]: ``a == b * quotient + remainder``.

    Examples
    --------
    >>> import gentensor as gt
    >>> q, r = gt.divmod(gt.tensor([7, -7]), 3)
    >>> q.tolist(), r.tolist()
    ([2, -3], [1, 2])
    """

    quotient: Any
    remainder: Any


class GcdexResult(NamedTuple):
    """The result of [`gcdex`][gentensor.compute.numtheory.gcdex]: ``s * a + t * b == gcd``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.gcdex(240, 46)
    GcdexResult(gcd=2, s=-9, t=47)
    """

    gcd: Any
    s: Any
    t: Any


# -- ring checks and the element-wise driver --------------------------------------------


#: What the element-wise functions here return (see gentensor._docs).
_IN_OPS = section("Returns", ("Tensor or element", "A new tensor in the operands' ops (the element itself for scalars)."))
_NOT_EUCLIDEAN = section("Raises", ("DomainError", "The ring is not Euclidean."))
_NOT_INTEGER = section("Raises", ("DomainError", "``x`` is not integer-valued."))
_INTEGERS = section("Returns", ("Tensor or element", "A new integers tensor (the element itself for a scalar)."))


def _euclid(ops: ElementOps, func: str) -> Euclid:
    """The Euclidean members of ``ops``; [`DomainError`][gentensor.errors.DomainError] before any work when it has none."""
    caps = capabilities_of(ops)
    if caps.euclidean and defines(ops, "divmod"):
        return Euclid(ops)
    if caps.field:
        hint = "every non-zero element of a field is a unit"
    elif caps.residues:
        hint = "compute on the integers (x.astype(gt.integers)) and pass the modulus"
    else:
        hint = "declare euclidean=True in the ops' Capabilities and define ops.divmod"
    raise DomainError(f"{func}: needs a Euclidean domain with ops.divmod (got ops={ops.name}); {hint}")


def _integer_kind(ops: ElementOps, func: str) -> None:
    if not capabilities_of(ops).index:
        raise DomainError(f"{func}: needs integers (got ops={ops.name}); convert with .astype(gt.integers)")


def _operands(func: str, values: Sequence[Any]) -> tuple[tuple[Any, ...], ElementOps]:
    operands = tuple(as_operand(v) for v in values)
    return operands, arithmetic_ops(operand_ops(operands, func))


def _out(operands: tuple[Any, ...], values: list[Any], shape: tuple[int, ...], ops: ElementOps) -> Any:
    """A new tensor of ``values``, 0-d included; the element itself when no operand was a tensor."""
    if not any(isinstance(t, Tensor) for t in operands):
        return values[0]
    return result(values, shape, ops)


def _apply(func: str, f: Callable[..., Any], operands: tuple[Any, ...], ops: ElementOps) -> tuple[list[Any], tuple[int, ...]]:
    """``f`` over the broadcast operands converted to ``ops``: ``(values, shape)``."""
    tensors = [t for t in operands if isinstance(t, Tensor)]
    if not tensors:
        args = [convert_scalar(v, ops, func) for v in operands]
        return run(func, f, [[a] for a in args], ()), ()
    shape = broadcast_shapes(*(t.shape for t in tensors), func=func)
    return compute(func, f, operands, ops, shape), shape


def _packed_kernel(func: str, operands: tuple[Any, ...], ops: ElementOps, out: ElementOps) -> Any:
    """``func`` by the packing's kernel of that name (``gcd``, ``lcm``, ``isqrt``) when an operand is a packed tensor
    and its bounds allow; else ``NotImplemented`` (the element path, which also names a bad element)."""
    tensors = [t for t in operands if isinstance(t, Tensor)]
    if not any(t._store.packing is not None and t.size >= _packed.PACKED_MINIMUM for t in tensors):
        return NotImplemented
    shape = broadcast_shapes(*(t.shape for t in tensors), func=func)
    return _packed.elementwise(func, operands, ops, out, shape, lambda v: convert_scalar(v, ops, func))


def _on_integers(func: str, x: Any, f: Callable[[Any], Any], out: Optional[ElementOps] = None) -> Any:
    """``f`` on every element of the integer-valued ``x``; the results in ``out`` (by default the ops of ``x``)."""
    operands, ops = _operands(func, (x,))
    _integer_kind(ops, func)
    done = _packed_kernel(func, operands, ops, out or ops)
    if done is not NotImplemented:
        return done
    values, shape = _apply(func, f, operands, ops)
    return _out(operands, values, shape, out or ops)


def _column(value: Any, shape: tuple[int, ...], ops: ElementOps, func: str) -> list[Any]:
    """One operand broadcast to ``shape`` as a list of ``ops`` elements."""
    n = math.prod(shape)
    if isinstance(value, Tensor):
        lay = value._layout.broadcast_to(shape)
        assert lay is not None  # shapes were checked by broadcast_shapes
        from ..core import kernels

        return convert_values(kernels.gather(value._store, lay), value.ops, ops)
    return [convert_scalar(value, ops, func)] * n


# -- gcd, lcm, divmod, gcdex -------------------------------------------------------------


def _gcd(R: Euclid, a: Any, b: Any) -> Any:
    return _gcdex(a, b, R)[0]


def _lcm(R: Euclid, gcd_: Callable[[Any, Any], Any], a: Any, b: Any) -> Any:
    if R.is_zero(a) or R.is_zero(b):
        return R.zero
    return R.normal(R.mul(R.exact(a, gcd_(a, b)), b))


def _gcd_function(ops: ElementOps, R: Euclid) -> Callable[[Any, Any], Any]:
    return ops.gcd if defines(ops, "gcd") else partial(_gcd, R)  # type: ignore[attr-defined]


@sections(_IN_OPS)
def gcd(a: Any, b: Any, /) -> Tensor[Any] | Any:
    """Greatest common divisor, element-wise with broadcasting (non-negative for integers).

    Raises
    ------
    DomainError
        The ring is not Euclidean.
    ShapeError
        The shapes do not broadcast.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.gcd(gt.tensor([[12, 0], [-9, 7]]), gt.tensor([18, 0])).tolist()
    [[6, 0], [9, 7]]
    """
    operands, ops = _operands("gcd", (a, b))
    R = _euclid(ops, "gcd")
    done = _packed_kernel("gcd", operands, ops, ops)
    if done is not NotImplemented:
        return done
    values, shape = _apply("gcd", _gcd_function(ops, R), operands, ops)
    return _out(operands, values, shape, ops)


@sections(_IN_OPS, _NOT_EUCLIDEAN)
def lcm(a: Any, b: Any, /) -> Tensor[Any] | Any:
    """Least common multiple, element-wise with broadcasting (non-negative for integers; 0 if either is 0).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.lcm(gt.tensor([4, -6, 0]), 10).tolist()
    [20, 30, 0]
    """
    operands, ops = _operands("lcm", (a, b))
    R = _euclid(ops, "lcm")
    done = _packed_kernel("lcm", operands, ops, ops)
    if done is not NotImplemented:
        return done
    values, shape = _apply("lcm", partial(_lcm, R, _gcd_function(ops, R)), operands, ops)
    return _out(operands, values, shape, ops)


def divmod(a: Any, b: Any, /) -> DivmodResult:
    """Euclidean division element-wise: ``(q, r)`` with ``a == b*q + r`` (``ops.divmod``).

    For integers this is Python's ``divmod`` (floor division; ``r`` has the
    sign of ``b``), as ``divmod(x, y)`` on tensors and NumPy's ``divmod``.
    In other Euclidean rings the remainder is smaller than ``b`` in the
    ring's Euclidean measure.

    Returns
    -------
    DivmodResult
        ``(quotient, remainder)``: new tensors (elements for scalars).

    Raises
    ------
    DomainError
        The ring is not Euclidean.
    ZeroDivisionError
        A divisor is zero (the message names its index).

    Examples
    --------
    >>> import gentensor as gt
    >>> q, r = gt.divmod(gt.tensor([17, -17, 5]), gt.tensor([5, 5, -3]))
    >>> q.tolist(), r.tolist()
    ([3, -4, -2], [2, 3, -1])
    """
    operands, ops = _operands("divmod", (a, b))
    R = _euclid(ops, "divmod")
    pairs, shape = _apply("divmod", R.divmod, operands, ops)
    return DivmodResult(_out(operands, [p[0] for p in pairs], shape, ops), _out(operands, [p[1] for p in pairs], shape, ops))


@sections(_NOT_EUCLIDEAN)
def gcdex(a: Any, b: Any, /) -> GcdexResult:
    """Extended gcd element-wise: Bézout coefficients ``s, t`` with ``s*a + t*b == gcd(a, b)``.

    The gcd is canonical (non-negative for integers), the coefficients are
    those of the extended Euclidean algorithm (for integers ``|s| <= |b|/(2g)``
    and ``|t| <= |a|/(2g)`` apart from trivial cases).

    Returns
    -------
    GcdexResult
        ``(gcd, s, t)``: new tensors (elements for scalars).

    Examples
    --------
    >>> import gentensor as gt
    >>> g, s, t = gt.gcdex(gt.tensor([240, 7]), gt.tensor([46, 0]))
    >>> g.tolist(), s.tolist(), t.tolist()
    ([2, 7], [-9, 1], [47, 0])
    """
    operands, ops = _operands("gcdex", (a, b))
    R = _euclid(ops, "gcdex")
    triples, shape = _apply("gcdex", partial(_gcdex_swapped, R), operands, ops)
    return GcdexResult(*(_out(operands, [t[i] for t in triples], shape, ops) for i in range(3)))


def _gcdex_swapped(R: Euclid, a: Any, b: Any) -> tuple[Any, Any, Any]:
    return _gcdex(a, b, R)


# -- inverses and powers modulo m -----------------------------------------------------------


def _unit_inverse(ops: ElementOps, a: Any) -> Any:
    inverse = getattr(ops, "inverse", None)
    if callable(inverse):
        return inverse(a)
    return ops.div(ops.one, a)


def invmod(a: Any, m: Any = None, /) -> Tensor[Any] | Any:
    """The inverse of ``a`` modulo ``m`` element-wise (``0 <= x < m`` for integers), or in ``a``'s own ring.

    With ``m``: ``x`` with ``a*x == 1 (mod m)``, over the integers or any
    Euclidean ring (by the extended Euclidean algorithm).  Without ``m``: the
    inverse in the ring of ``a`` itself, e.g. of ``gt.modular(n)`` elements.

    Returns
    -------
    Tensor or element
        A new tensor (the element itself for scalars).

    Raises
    ------
    NotDivisibleError
        An element is not a unit (``gcd(a, m) != 1``); the message names its index.
    DomainError
        ``m`` is missing for a ring that is not ``Z/n`` or a field, or the ring is not Euclidean.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.invmod(gt.tensor([3, 5]), 7).tolist(), gt.invmod(gt.tensor([5, 7], ops=gt.modular(12))).tolist()
    ([5, 3], [5, 7])
    >>> gt.invmod(gt.tensor([1, 4]), 6)
    Traceback (most recent call last):
    ...
    gentensor.errors.NotDivisibleError: invmod: at index (1,) (got 4 and 6): invmod: 4 has no inverse mod 6 (gcd 2 is not 1)
    """
    if m is None:
        operands, ops = _operands("invmod", (a,))
        caps = capabilities_of(ops)
        if not (caps.field or callable(getattr(ops, "inverse", None))):
            raise DomainError(
                f"invmod: give the modulus m for elements of {ops.name} (got invmod(a) with ops={ops.name}); "
                "without m only Z/n (gt.modular) and fields have inverses of their own"
            )
        values, shape = _apply("invmod", partial(_unit_inverse, ops), operands, ops)
        return _out(operands, values, shape, ops)
    operands, ops = _operands("invmod", (a, m))
    R = _euclid(ops, "invmod")
    f = _k.invmod_int if capabilities_of(ops).index else partial(_k.invmod_euclid, R)
    values, shape = _apply("invmod", f, operands, ops)
    return _out(operands, values, shape, ops)


def powmod(a: Any, k: Any, m: Any, /) -> Tensor[Any] | Any:
    """``a**k mod m`` element-wise, by square-and-multiply (``pow(a, k, m)`` for integers).

    ``k`` is an integer (a tensor of them broadcasts too); a negative ``k``
    takes the power of the inverse, which must exist.  Over any Euclidean
    ring the result is the remainder modulo ``m``.

    Returns
    -------
    Tensor or element
        A new tensor in the ops of ``a`` and ``m`` (the element itself for scalars).

    Raises
    ------
    NotDivisibleError
        ``k < 0`` and an element is not invertible, or a modulus is not positive.
    DomainError
        The ring is not Euclidean.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.powmod(gt.tensor([2, 3, 10]), 100, 13).tolist(), gt.powmod(3, -1, 7)
    ([3, 3, 3], 5)
    """
    operands, ops = _operands("powmod", (a, m))
    R = _euclid(ops, "powmod")
    if capabilities_of(ops).index:
        operands, ops = _operands("powmod", (a, k, m))
        _integer_kind(ops, "powmod")
        values, shape = _apply("powmod", _k.powmod_int, operands, ops)
        return _out(operands, values, shape, ops)
    a_op, k_op, m_op = (as_operand(v) for v in (a, k, m))
    tensors = [t for t in (a_op, k_op, m_op) if isinstance(t, Tensor)]
    shape = broadcast_shapes(*(t.shape for t in tensors), func="powmod")
    columns = [_column(a_op, shape, ops, "powmod"), _column(k_op, shape, integers, "powmod"), _column(m_op, shape, ops, "powmod")]
    values = run("powmod", partial(_k.powmod_euclid, R), columns, shape)
    return _out(operands, values, shape, ops)


# -- integer square roots and primes ------------------------------------------------------


@sections(_INTEGERS)
def isqrt(x: Any, /) -> Tensor[Any] | Any:
    """The integer square root ``floor(sqrt(x))`` element-wise (exact, any size).

    Raises
    ------
    DomainError
        ``x`` is not integer-valued, or an element is negative (its index is named).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.isqrt(gt.tensor([0, 15, 16, 10**40])).tolist()
    [0, 3, 4, 100000000000000000000]
    """
    return _on_integers("isqrt", x, _k.isqrt_int)


@sections(_NOT_INTEGER)
def is_prime(x: Any, /) -> Tensor[Any] | bool:
    """Primality element-wise: a booleans tensor (deterministic Miller-Rabin below 3.3e24, SymPy above).

    Negative numbers, 0 and 1 are not prime.

    Returns
    -------
    Tensor or bool
        A new booleans tensor (a ``bool`` for a scalar).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.is_prime(gt.arange(10)).tolist()
    [False, False, True, True, False, True, False, True, False, False]
    """
    return _on_integers("is_prime", x, _k.is_prime_int, booleans)


@sections(_INTEGERS, _NOT_INTEGER)
def next_prime(x: Any, /) -> Tensor[Any] | Any:
    """The smallest prime greater than ``x``, element-wise.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.next_prime(gt.tensor([-5, 2, 13, 100])).tolist(), gt.next_prime(2**61)
    ([2, 3, 17, 101], 2305843009213693967)
    """
    return _on_integers("next_prime", x, _k.next_prime_int)


# -- the Chinese remainder theorem -------------------------------------------------------------


def crt(residues: Any, moduli: Any, /, *, axis: int = -1) -> Tensor[Any] | Any:
    """Chinese remaindering along an axis: the ``x`` with ``x == r_i (mod m_i)`` for every ``i``.

    ``residues`` holds ``k`` residues along ``axis`` for each position;
    ``moduli`` is the sequence of the ``k`` moduli (non-zero; positive for
    integers), the same for every position.  Moduli need not be coprime: the
    result is unique modulo their lcm, and residues that contradict each
    other raise [`NoSolutionError`][gentensor.errors.NoSolutionError].  Coprime moduli take one pass of
    whole-column products (``x = sum(r_i * e_i) mod M`` with the CRT basis
    ``e_i``); the others are merged pairwise.  Any Euclidean ring works
    (polynomials: interpolation).

    Returns
    -------
    Tensor or element
        A new tensor of ``residues``' shape without ``axis``, each value its
        canonical remainder modulo the lcm (``0 <= x < lcm`` for integers);
        the element itself for 1-d ``residues``.

    Raises
    ------
    ShapeError
        ``moduli`` does not have one modulus per residue along ``axis``.
    NoSolutionError
        The residues at some position are inconsistent (its index is named).
    DomainError
        The ring is not Euclidean.
    ValueError
        A modulus is zero (or negative for integers).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.crt(gt.tensor([2, 3, 2]), [3, 5, 7])
    23
    >>> gt.crt(gt.tensor([[1, 3], [3, 5]]), [4, 6], axis=0).tolist()
    [9, 11]
    >>> gt.crt(gt.tensor([1, 2]), [4, 6])
    Traceback (most recent call last):
    ...
    gentensor.errors.NoSolutionError: crt: the residues at index () are inconsistent (got 1 mod 4 and 2 mod 6): gcd 2 does not divide their difference
    """
    x = as_tensor(residues, "crt")
    if x.ndim == 0:
        raise ShapeError(f"crt: residues need an axis of residues (got a 0-d tensor {x.item()!r})")
    ax = normalize_axis(axis, x.ndim, "crt")
    k = x.shape[ax]
    mods = as_tensor(moduli, "crt")
    if mods.ndim != 1 or mods.shape[0] != k:
        raise ShapeError(
            f"crt: moduli must be a sequence of {k} moduli, one per residue along axis {axis} "
            f"(got moduli of shape {mods.shape} for residues of shape {x.shape})"
        )
    R = _euclid(arithmetic_ops(operand_ops([x, mods], "crt")), "crt")
    ops = R.ops
    m = [R.normal(v) for v in convert_values(mods.tolist(), arithmetic_ops(mods.ops), ops)]
    for v in m:
        if R.is_zero(v):
            raise ArgumentValueError(f"crt: the moduli must be non-zero (got {short_repr([short_str(v) for v in m], 120)})")
    moved = moveaxis(x, ax, -1)
    out_shape = moved.shape[:-1]
    values = convert_values(flat_values(moved), x.ops, ops)
    count = math.prod(out_shape)
    columns = [values[i::k] for i in range(k)] if k else []
    if not k:
        combined = [R.zero] * count
    elif _k.pairwise_coprime(m, R):
        combined = _k.crt_coprime(columns, m, R)
    else:
        combined = _k.crt_merge(columns, m, R, out_shape)
    # Like a reduction along the axis: the element itself when no axis is left.
    return result(combined, out_shape, ops) if out_shape else combined[0]
