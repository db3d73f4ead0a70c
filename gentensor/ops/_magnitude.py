"""Magnitudes in log space: rigorous bounds for values too large to enclose, and the cost of evaluating them.

``exp(exp(exp(20)))`` is about ``2**(2**(7*10**8))``: no interval of floating
numbers holds it, and evaluating it (or ``sin`` of it) needs a billion bits
of working precision.  Its magnitude in log space is small, though:
``log2`` of it lies in an interval whose endpoints are ordinary multiple
precision numbers.  `survey` walks an expression once and returns, for its
value,

* a `Mag`: whether it is real, its sign when known, and an interval holding
  ``log2`` of its absolute value (``lo = -inf``: it may be 0) -- a proof of
  non-zero when ``lo`` is finite, of the sign when ``sign`` is not 0;
* its **cost**: about how many bits of working precision SymPy and mpmath
  would need to evaluate it numerically, the largest ``log2 |x|`` among the
  arguments ``x`` of functions that reduce their argument (``sin``, ``exp``,
  ``floor``, ...).  `too_costly` compares it with the budget: ``16 *
  zero_test_bits`` of [`gentensor.limits`][gentensor.resources.limits].

Sub-expressions small enough are enclosed as boxes by `gentensor.ops._enclose`
(64 bits); only the parts that do not fit are bounded in log space, by the
rules of `_Survey`.  Expressions with free symbols have no `Mag` (their
value is a function), but their numeric parts still have a cost.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

from ..resources import BoundedMemo
from ._enclose import _Evaluator
from ._interval import Box, Interval, _Fail, _is_zero, _lib

__all__ = ["Mag", "Survey", "survey", "too_costly", "precision_budget"]

_P = 64  # precision of the log-space bounds
_CAP = 1 << 60  # log2 magnitudes past 2**60 are not turned back into values


class Mag(NamedTuple):
    """Bounds on a value: real or not, its sign (1, -1, or 0 when unknown), and ``log2 |v|`` in ``[lo, hi]``."""

    real: bool
    sign: int
    lo: Any  # raw mpf, may be -inf
    hi: Any  # raw mpf, may be +inf

    @property
    def nonzero(self) -> bool:
        """True when the value is proven non-zero."""
        return self.sign != 0 or _lib().mpf_gt(self.lo, _lib().fninf)


class Survey(NamedTuple):
    """What `survey` found: the `Mag` of the value (``None`` when none is known) and the evaluation cost in bits."""

    mag: Optional[Mag]
    cost: float


def precision_budget() -> int:
    """The working precision (bits) SymPy may be asked to use on an element: ``16 * zero_test_bits``."""
    from ..resources import get_limits

    return 16 * max(get_limits().zero_test_bits, 64)


def too_costly(e: Any) -> bool:
    """True when evaluating ``e`` numerically would need more than `precision_budget` bits.

    Examples
    --------
    >>> import sympy
    >>> too_costly(sympy.exp(sympy.exp(sympy.exp(20)))), too_costly(sympy.exp(sympy.pi) - 23)
    (True, False)
    """
    if not hasattr(e, "func") or not getattr(e, "args", ()):
        return False
    return survey(e).cost > precision_budget()


_MEMO = BoundedMemo(4096)  # expression -> Survey


def survey(e: Any) -> Survey:
    """The `Mag` and evaluation cost of the SymPy expression ``e`` (remembered for recent expressions).

    Examples
    --------
    >>> import sympy
    >>> s = survey(sympy.exp(sympy.exp(sympy.exp(20))) - 1)
    >>> s.mag.sign, s.cost > 10**8
    (1, True)
    """
    found = _MEMO.get(e)
    if found is not None:
        return found
    try:
        out = _Survey().run(e)
    except RecursionError:
        out = Survey(None, float("inf"))
    _MEMO.remember(e, out)
    return out


# -- intervals of log2 |v| -------------------------------------------------------------------------


def _ln2() -> Interval:
    lib = _lib()
    two = lib.from_int(2)
    return lib.mpi_log((two, two), _P + 10)  # type: ignore[no-any-return]


def _log2_bounds(a: Any, b: Any) -> tuple[Any, Any]:
    """``log2`` of ``[a, b]`` for ``0 <= a <= b`` (``-inf`` for 0, ``+inf`` for ``inf``)."""
    lib = _lib()
    ln2 = _ln2()

    def one(v: Any, upper: bool) -> Any:
        if v == lib.fzero:
            return lib.fninf
        if v == lib.finf:
            return lib.finf
        iv = lib.mpi_div(lib.mpi_log((v, v), _P + 10), ln2, _P)
        return iv[1] if upper else iv[0]

    return one(a, False), one(b, True)


def _pow2(L: Any, upper: bool) -> Any:
    """A bound of ``2**L`` (lower or upper); past ``2**60`` the upper bound is ``inf``, the lower one clamped."""
    lib = _lib()
    if L == lib.fninf:
        return lib.fzero
    if L == lib.finf:
        return lib.finf if upper else lib.from_int(_CAP)
    cap = lib.from_int(_CAP)
    if lib.mpf_gt(L, cap):
        if upper:
            return lib.finf
        L = cap
    if lib.mpf_lt(L, lib.mpf_neg(cap)):
        return lib.mpf_shift(lib.fone, -_CAP) if upper else lib.fzero
    iv = lib.mpi_exp(lib.mpi_mul((L, L), _ln2(), _P + 70), _P)
    return iv[1] if upper else iv[0]


def _values(m: Mag) -> tuple[Any, Any]:
    """The real interval ``[a, b]`` a real `Mag` stands for."""
    lib = _lib()
    small, large = _pow2(m.lo, False), _pow2(m.hi, True)
    if m.sign > 0:
        return small, large
    if m.sign < 0:
        return lib.mpf_neg(large), lib.mpf_neg(small)
    return lib.mpf_neg(large), large


def _from_values(a: Any, b: Any) -> Mag:
    """The `Mag` of a real value in ``[a, b]``."""
    lib = _lib()
    if lib.mpf_sign(a) > 0:
        lo, hi = _log2_bounds(a, b)
        return Mag(True, 1, lo, hi)
    if lib.mpf_sign(b) < 0:
        lo, hi = _log2_bounds(lib.mpf_neg(b), lib.mpf_neg(a))
        return Mag(True, -1, lo, hi)
    top = _mpf_max(lib.mpf_neg(a), b)
    return Mag(True, 0, lib.fninf, _log2_bounds(top, top)[1])


def _from_box(box: Box) -> Mag:
    lib = _lib()
    re, im = box
    if _is_zero(im):
        return _from_values(re[0], re[1])
    size = lib.mpci_abs(box, _P)
    lo, hi = _log2_bounds(size[0], size[1])
    return Mag(False, 0, lo, hi)


def _add_logs(x: Any, y: Any, upper: bool) -> Any:
    lib = _lib()
    if lib.fninf in (x, y):
        return lib.fninf
    if lib.finf in (x, y):
        return lib.finf
    return lib.mpf_add(x, y, _P, lib.round_ceiling if upper else lib.round_floor)


def _scale_logs(m: Mag, k: Interval) -> tuple[Any, Any]:
    """``[lo, hi] * k`` for an interval ``k`` of rationals (``k`` does not contain 0)."""
    lib = _lib()
    lo, hi = lib.mpi_mul((m.lo, m.hi), k, _P)
    if lib.fnan in (lo, hi):
        return lib.fninf, lib.finf
    return lo, hi


def _mpf_max(x: Any, y: Any) -> Any:
    return x if _lib().mpf_ge(x, y) else y


def _plus_one(v: Any) -> Any:
    lib = _lib()
    return v if v in (lib.finf, lib.fninf) else lib.mpf_add(v, lib.fone, _P, lib.round_ceiling)


def _minus_one(v: Any) -> Any:
    lib = _lib()
    return v if v in (lib.finf, lib.fninf) else lib.mpf_sub(v, lib.fone, _P, lib.round_floor)


def _add(x: Mag, y: Mag) -> Mag:
    """``x + y``: same signs add; a term larger than the other decides the sign and bounds the size."""
    lib = _lib()
    real = x.real and y.real
    hi = _plus_one(_mpf_max(x.hi, y.hi))
    if real and x.sign and x.sign == y.sign:
        return Mag(True, x.sign, _mpf_max(x.lo, y.lo), hi)
    for big, small in ((x, y), (y, x)):
        if big.lo != lib.fninf and lib.mpf_gt(big.lo, small.hi):
            # |big| >= 2**lo > 2**hi >= |small|: the sum keeps big's sign, |sum| >= 2**lo - 2**hi
            return Mag(real, big.sign if real else 0, _log2_difference(big.lo, small.hi), hi)
    return Mag(real, 0, lib.fninf, hi)


def _log2_difference(lo: Any, hi: Any) -> Any:
    """A lower bound of ``log2(2**lo - 2**hi)`` for ``lo > hi`` (``lo + log2(1 - 2**(hi - lo))``)."""
    lib = _lib()
    if hi == lib.fninf:
        return lo
    gap = lib.mpf_sub(hi, lo, _P, lib.round_ceiling)  # < 0
    if lib.mpf_lt(gap, lib.from_int(-_P)):  # 1 - 2**gap > 1 - 2**-64: its log2 is above -2**-32
        return lib.mpf_sub(lo, lib.mpf_shift(lib.fone, -_P // 2), _P, lib.round_floor)
    part = _pow2(gap, True)  # 2**(hi - lo) < 1, rounded up
    rest = lib.mpf_sub(lib.fone, part, _P, lib.round_floor)
    if lib.mpf_sign(rest) <= 0:
        return lib.fninf
    return lib.mpf_add(lo, _log2_bounds(rest, rest)[0], _P, lib.round_floor)


def _mul(x: Mag, y: Mag) -> Mag:
    lib = _lib()
    real = x.real and y.real
    lo = _add_logs(x.lo, y.lo, False)
    if lib.fninf in (x.lo, y.lo):
        lo = lib.fninf
    hi = _add_logs(x.hi, y.hi, True)
    if lib.fninf in (x.hi, y.hi):
        hi = lib.fninf  # a factor is exactly 0
    elif lib.finf in (x.hi, y.hi):
        hi = lib.finf
    return Mag(real, x.sign * y.sign if real else 0, lo, hi)


def _zero() -> Mag:
    lib = _lib()
    return Mag(True, 0, lib.fninf, lib.fninf)


# -- the walk ------------------------------------------------------------------------------------

_REDUCING = frozenset(
    "exp sin cos tan cot sec csc sinh cosh tanh coth sech csch floor ceiling frac Mod sinc "
    "gamma loggamma factorial factorial2 erf erfc erfi LambertW zeta".split()
)


class _Survey:
    """One walk: boxes where they exist (`_Evaluator` at 64 bits), `Mag` rules elsewhere, and the cost."""

    def __init__(self) -> None:
        self.ev = _Evaluator(_P, {})
        self.failed: set[Any] = set()
        self.mags: dict[Any, Optional[Mag]] = {}
        self.cost = 0.0

    def run(self, e: Any) -> Survey:
        mag = self.mag(e)
        return Survey(mag, self.cost)

    def charge(self, arg: Optional[Mag]) -> None:
        """Add the cost of reducing an argument of size ``arg``."""
        if arg is None:
            return
        lib = _lib()
        if arg.hi == lib.finf:
            self.cost = float("inf")
        elif arg.hi != lib.fninf:
            self.cost = max(self.cost, lib.to_float(arg.hi, rnd=lib.round_ceiling))

    def box(self, e: Any) -> Optional[Box]:
        if e in self.failed:
            return None
        if e.args and not all(a in self.ev.memo for a in e.args):
            return None
        try:
            return self.ev.box(e)
        except (_Fail, ArithmeticError, ValueError, OverflowError, TypeError, AttributeError):
            self.failed.add(e)
            return None

    def mag(self, e: Any) -> Optional[Mag]:
        if e in self.mags:
            return self.mags[e]
        args = [self.mag(a) for a in e.args]
        name = type(e).__name__
        if name in _REDUCING or (e.is_Pow and not e.exp.is_Integer):
            for a in (args if not e.is_Pow else [self._exponent_size(e, args)]):
                self.charge(a)
        box = self.box(e)
        out = _from_box(box) if box is not None else self.rule(e, name, args)
        self.mags[e] = out
        return out

    def _exponent_size(self, e: Any, args: list[Optional[Mag]]) -> Optional[Mag]:
        """The size of ``x * log(b)`` for ``b**x``: what exp reduces."""
        base, exponent = args
        if base is None or exponent is None:
            return exponent
        lib = _lib()
        top = _mpf_max(lib.mpf_abs(base.hi) if base.hi not in (lib.finf, lib.fninf) else lib.finf, lib.fone)
        return Mag(exponent.real, 0, lib.fninf, _add_logs(exponent.hi, _log2_bounds(top, top)[1], True))

    def rule(self, e: Any, name: str, args: list[Optional[Mag]]) -> Optional[Mag]:
        """Bounds in log space where no box exists (a value too large, a huge argument)."""
        lib = _lib()
        if e.is_Number:
            return self.number(e)
        if any(a is None for a in args) or not e.args:
            return None
        if e.is_Add:
            out = args[0]
            for a in args[1:]:
                out = _add(out, a)  # type: ignore[arg-type]
            return out
        if e.is_Mul:
            out = args[0]
            for a in args[1:]:
                out = _mul(out, a)  # type: ignore[arg-type]
            return out
        if e.is_Pow:
            return self.power(e, args[0], args[1])  # type: ignore[arg-type]
        x = args[0]
        assert x is not None
        if name == "exp":
            return self.exp(x)
        if name == "log" and len(args) == 1 and x.real and x.sign > 0:
            return _from_values(*self.log_values(x))
        if name in ("sin", "cos") and x.real:
            return Mag(True, 0, lib.fninf, lib.fzero)  # |sin|, |cos| <= 1
        if name == "atan" and x.real:
            lo = _minus_one(x.lo) if lib.mpf_lt(x.hi, lib.fzero) else (lib.from_int(-2) if x.lo != lib.fninf else lib.fninf)
            return Mag(True, x.sign, lo, lib.fone)  # |atan| < pi/2 < 2; |atan t| >= |t|/2 for |t| < 1, >= 1/4 when nonzero past
        if name == "Abs":
            return Mag(True, 1 if x.nonzero else 0, x.lo, x.hi)
        if name in ("floor", "ceiling") and x.real and x.lo != lib.fninf and lib.mpf_ge(x.lo, lib.from_int(2)):
            return Mag(True, x.sign, _minus_one(x.lo), _plus_one(x.hi))  # |x| >= 4: |floor x - x| < 1 <= |x|/2
        return None

    def number(self, e: Any) -> Optional[Mag]:
        lib = _lib()
        if e.is_Rational:
            p, q = int(e.p), int(e.q)
            if p == 0:
                return _zero()
            a = lib.from_rational(abs(p), q, _P, lib.round_floor)
            b = lib.from_rational(abs(p), q, _P, lib.round_ceiling)
            lo, hi = _log2_bounds(a, b)
            return Mag(True, 1 if p > 0 else -1, lo, hi)
        return None

    def exp(self, x: Mag) -> Optional[Mag]:
        lib = _lib()
        if not x.real:
            return None
        a, b = _values(x)
        log2e = lib.mpi_div(lib.mpi_one, _ln2(), _P)
        lo = lib.fninf if a == lib.fninf else lib.mpi_mul((a, a), log2e, _P)[0]
        hi = lib.finf if b == lib.finf else lib.mpi_mul((b, b), log2e, _P)[1]
        return Mag(True, 1, lo, hi)

    def log_values(self, x: Mag) -> tuple[Any, Any]:
        """``log x = log2(x) * ln 2`` for ``x > 0``: the real interval."""
        lib = _lib()
        ln2 = _ln2()

        def times(v: Any, upper: bool) -> Any:
            if v in (lib.finf, lib.fninf):
                return v
            iv = lib.mpi_mul((v, v), ln2, _P)
            return iv[1] if upper else iv[0]

        return times(x.lo, False), times(x.hi, True)

    def power(self, e: Any, base: Mag, exponent: Mag) -> Optional[Mag]:
        lib = _lib()
        k = e.exp
        if k.is_Rational:
            p, q = int(k.p), int(k.q)
            scale = (lib.from_rational(p, q, _P, lib.round_floor), lib.from_rational(p, q, _P, lib.round_ceiling))
            lo, hi = _scale_logs(base, scale)
            if k.is_Integer:
                n = int(k)
                if base.real:
                    sign = base.sign if n % 2 else (1 if base.nonzero else 0)
                    return Mag(True, sign, lo, hi)
                return Mag(False, 0, lo, hi)
            if base.real and base.sign > 0:
                return Mag(True, 1, lo, hi)
            return Mag(False, 0, lo, hi)
        if base.real and base.sign > 0 and exponent.real:
            return self.exp(_mul(exponent, _from_values(*self.log_values(base))))
        return None
