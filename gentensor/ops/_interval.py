"""Complex interval arithmetic over mpmath's ``libmpi``: boxes that are guaranteed to hold a value.

A *box* ``(re, im)`` is two real intervals (pairs of raw mpf values).  Every
operation here returns a box containing every exact result for values in its
argument boxes: arithmetic rounds outward (``mpmath.libmp.libmpi``), and the
results of transcendental functions are widened by a few more units in the
last place, so a slightly misrounded library value cannot make a box too
small.  Where an operation is not defined on a box (a logarithm or an
argument of a box around 0, an exponential of a huge interval) it raises
``_Fail``.  `._enclose` evaluates whole SymPy expressions with these.
mpmath ships with SymPy and is imported on first use.
"""

from __future__ import annotations

import threading
from typing import Any

__all__ = ["excludes_zero", "cuts_met", "Box", "Interval"]

Interval = tuple[Any, Any]  # (lower, upper): raw mpf tuples
Box = tuple[Interval, Interval]  # (real part, imaginary part)


_CUTS = threading.local()  # .n: boxes of this thread that met a branch cut (see `cuts_met`)


def cuts_met() -> int:
    """How many boxes this thread has met at a branch cut so far (the argument of a box at the negative axis).

    Numerics that are not intervals (SymPy's ``evalf``) may land on either
    side of a cut its box meets: a caller compares the count before and
    after an enclosure to know whether such numerics can be trusted.
    """
    return getattr(_CUTS, "n", 0)


class _Fail(Exception):
    """Internal: the expression cannot be enclosed at this point (unsupported, a pole, a branch point)."""


_LIB: list[Any] = []


def _lib() -> Any:
    """``mpmath.libmp`` and its interval functions (``libmpi``) as one namespace, made once."""
    if not _LIB:
        from types import SimpleNamespace

        from mpmath import libmp
        from mpmath.libmp import libmpi

        _LIB.append(SimpleNamespace(**{**vars(libmp), **vars(libmpi)}))
    return _LIB[0]


# -- helpers on raw intervals ---------------------------------------------------------------------


def _exact(v: Any) -> Interval:
    return (v, v)


def _is_zero(iv: Interval) -> bool:
    fzero = _lib().fzero
    return iv[0] == fzero and iv[1] == fzero


def _positive(iv: Interval) -> bool:
    return _lib().mpf_sign(iv[0]) > 0


def _negative(iv: Interval) -> bool:
    return _lib().mpf_sign(iv[1]) < 0


def _excludes(iv: Interval) -> bool:
    return _positive(iv) or _negative(iv)


def excludes_zero(box: Box) -> bool:
    """True when the box provably does not contain 0 (its real or imaginary part has a sign)."""
    return _excludes(box[0]) or _excludes(box[1])


def _finite(iv: Interval) -> bool:
    lib = _lib()
    return all(v not in (lib.finf, lib.fninf, lib.fnan) for v in iv)


def _bounded(iv: Interval, log2_limit: int, what: str) -> None:
    """`_Fail` unless every endpoint of ``iv`` is below ``2**log2_limit`` in magnitude.

    exp of 2**30 already has a billion-bit exponent, and the argument
    reduction of sin at 2**k needs k more bits: larger arguments are not
    enclosed (the zero test then tries other methods).
    """
    lib = _lib()
    for v in iv:
        if v in (lib.finf, lib.fninf, lib.fnan):
            raise _Fail(f"{what} of an unbounded interval")
        if v != lib.fzero and v[2] + v[3] > log2_limit:  # exponent + bit count: log2 of the magnitude
            raise _Fail(f"{what} of a huge argument")


def _widen(iv: Interval, prec: int) -> Interval:
    """``iv`` made larger by 2**(8 - prec) relative (a margin for library rounding), checked finite."""
    lib = _lib()
    a, b = iv
    if lib.fnan in iv:
        raise _Fail("nan")
    if lib.mpf_gt(a, b):  # a library result that is no interval: nothing may be concluded from it
        raise _Fail("an inverted interval")
    shift = 8 - prec

    def away(v: Any, rnd: Any, sign: int) -> Any:
        if v in (lib.finf, lib.fninf) or v == lib.fzero:
            return v
        delta = lib.mpf_shift(lib.mpf_abs(v), shift)
        return lib.mpf_add(v, delta if sign > 0 else lib.mpf_neg(delta), prec, rnd)

    return away(a, lib.round_floor, -1), away(b, lib.round_ceiling, 1)


def _real(box: Box) -> Interval:
    """The real interval of a box on the real line, else `_Fail`."""
    if not _is_zero(box[1]):
        raise _Fail("a real function of a complex value")
    return box[0]


def _rbox(iv: Interval) -> Box:
    z = _lib().fzero
    return iv, (z, z)


# -- complex arithmetic on boxes ------------------------------------------------------------------


def _add(x: Box, y: Box, prec: int) -> Box:
    lib = _lib()
    return lib.mpi_add(x[0], y[0], prec), lib.mpi_add(x[1], y[1], prec)


def _mul(x: Box, y: Box, prec: int) -> Box:
    lib = _lib()
    (a, b), (c, d) = x, y
    if _is_zero(b) and _is_zero(d):
        return _rbox(lib.mpi_mul(a, c, prec))
    wp = prec + 20
    re = lib.mpi_sub(lib.mpi_mul(a, c, wp), lib.mpi_mul(b, d, wp), prec)
    im = lib.mpi_add(lib.mpi_mul(a, d, wp), lib.mpi_mul(b, c, wp), prec)
    return re, im


def _contains_zero(x: Box) -> bool:
    return not excludes_zero(x)


def _inv(x: Box, prec: int) -> Box:
    lib = _lib()
    if _contains_zero(x):
        raise _Fail("division by an interval that contains 0")
    a, b = x
    if _is_zero(b):
        return _rbox(lib.mpi_div(lib.mpi_one, a, prec))
    return lib.mpci_div((lib.mpi_one, lib.mpi_zero), x, prec)  # type: ignore[no-any-return]


def _abs(x: Box, prec: int) -> Interval:
    lib = _lib()
    if _is_zero(x[1]):
        return lib.mpi_abs(x[0])  # type: ignore[no-any-return]
    return lib.mpci_abs(x, prec)  # type: ignore[no-any-return]


def _arg(x: Box, prec: int) -> Interval:
    """The principal argument, in (-pi, pi]; `_Fail` where it is not defined (at 0)."""
    lib = _lib()
    re, im = x
    if _is_zero(im):
        if _positive(re):
            return lib.mpi_zero  # type: ignore[no-any-return]
        if _negative(re):
            return lib.mpi_pi(prec)  # type: ignore[no-any-return]
        raise _Fail("the argument of an interval around 0")
    if _contains_zero(x):
        raise _Fail("the argument of a box around 0")
    if _negative(re) and not _excludes(im):
        # The box meets the branch cut: its points on the negative real axis have the argument pi, those just
        # below it almost -pi.  (mpi_atan2 returns the inverted [pi, -pi] for an imaginary part [-eps, 0].)
        _CUTS.n = cuts_met() + 1
        pi = _widen(lib.mpi_pi(prec), prec)
        return lib.mpf_neg(pi[1]), pi[1]
    return _widen(lib.mpi_atan2(im, re, prec), prec)


def _log(x: Box, prec: int) -> Box:
    lib = _lib()
    re, im = x
    if _is_zero(im) and _positive(re):
        return _rbox(_widen(lib.mpi_log(re, prec), prec))
    size = _abs(x, prec + 20)
    if not _positive(size):
        raise _Fail("log of a box around 0")
    return _widen(lib.mpi_log(size, prec), prec), _arg(x, prec)


def _exp(x: Box, prec: int) -> Box:
    lib = _lib()
    re, im = x
    _bounded(re, 24, "exp")
    if _is_zero(im):
        return _rbox(_widen(lib.mpi_exp(re, prec), prec))
    r = _widen(lib.mpi_exp(re, prec + 20), prec + 20)
    c, s = _cos_sin(im, prec + 20)
    return lib.mpi_mul(r, c, prec), lib.mpi_mul(r, s, prec)


def _cos_sin(iv: Interval, prec: int) -> tuple[Interval, Interval]:
    lib = _lib()
    _bounded(iv, 4 * prec, "sin")
    c, s = lib.mpi_cos_sin(iv, prec)
    return _widen(c, prec), _widen(s, prec)


def _pow(base: Box, exp_expr: Any, exp: Box, prec: int) -> Box:
    lib = _lib()
    if exp_expr.is_Integer:
        n = int(exp_expr)
        if n < 0 and _contains_zero(base):
            raise _Fail("a negative power of an interval around 0")
        if _is_zero(base[1]):
            return _rbox(lib.mpi_pow_int(base[0], n, prec))
        return lib.mpci_pow_int(base, n, prec)  # type: ignore[no-any-return]
    if _is_zero(base[1]) and _positive(base[0]) and _is_zero(exp[1]):
        return _rbox(_widen(lib.mpi_exp(lib.mpi_mul(_widen(lib.mpi_log(base[0], prec + 20), prec + 20), exp[0], prec + 20), prec), prec))
    # The principal value exp(w * log z).
    return _exp(_mul(exp, _log(base, prec + 20), prec + 20), prec)


def _cosh_sinh(iv: Interval, prec: int) -> tuple[Interval, Interval]:
    lib = _lib()
    _bounded(iv, 24, "cosh")
    e1 = _widen(lib.mpi_exp(iv, prec), prec)
    e2 = _widen(lib.mpi_exp(lib.mpi_neg(iv), prec), prec)
    half = _exact(lib.mpf_shift(lib.fone, -1))
    return lib.mpi_mul(lib.mpi_add(e1, e2, prec), half, prec), lib.mpi_mul(lib.mpi_sub(e1, e2, prec), half, prec)


def _neg(x: Box) -> Box:
    lib = _lib()
    return lib.mpi_neg(x[0]), lib.mpi_neg(x[1])


def _sub(x: Box, y: Box, p: int) -> Box:
    return _add(x, _neg(y), p)


def _half(x: Box, p: int) -> Box:
    lib = _lib()
    h = _exact(lib.mpf_shift(lib.fone, -1))
    return lib.mpi_mul(x[0], h, p), lib.mpi_mul(x[1], h, p)
