"""Rigorous enclosures of SymPy expressions, for the zero test.

`enclose` evaluates an expression at a given precision and returns a
box ``(re, im)`` of two real intervals that is *guaranteed* to contain its
exact value (its principal value, as SymPy defines it), or ``None`` when the
expression has a part it cannot enclose (an unsupported function, a pole, a
branch point, a symbol with no value).  The arithmetic is `._interval`'s.
The zero test (`gentensor.ops._zerotest`) proves an element non-zero when
the box excludes 0.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from ._interval import (
    Box,
    Interval,
    _abs,
    _add,
    _arg,
    _bounded,
    _cos_sin,
    _cosh_sinh,
    _exact,
    _excludes,
    _exp,
    _Fail,
    _finite,
    _half,
    _inv,
    _is_zero,
    _lib,
    _log,
    _mul,
    _neg,
    _negative,
    _positive,
    _pow,
    _rbox,
    _real,
    _sub,
    _widen,
    excludes_zero,
)

__all__ = ["enclose", "excludes_zero", "Box"]


# -- the evaluator ----------------------------------------------------------------------------------


def enclose(
    e: Any, prec: int, values: Optional[dict[Any, Box]] = None, exact: Optional[Callable[[Any], bool]] = None
) -> Optional[Box]:
    """A box containing the value of ``e`` at precision ``prec``, or ``None`` when none can be found.

    ``values`` gives boxes for the free symbols (and for applied undefined
    functions, callables from a box to a box, keyed by the function's name).
    ``exact(d)``, when given, answers whether the constant ``d`` is proven
    zero: ``floor``, ``ceiling`` and ``frac`` of a value whose box holds an
    integer ``n`` use it to find out whether the value *is* ``n``.

    Examples
    --------
    >>> import sympy
    >>> box = enclose(sympy.pi - 3, 64)
    >>> excludes_zero(box)
    True
    >>> enclose(sympy.Symbol("x") + 1, 64) is None
    True
    """
    try:
        return _Evaluator(prec, values or {}, exact).box(e)
    except (_Fail, ZeroDivisionError, ValueError, OverflowError, ArithmeticError):
        return None
    except RecursionError:
        return None


class _Evaluator:
    def __init__(self, prec: int, values: dict[Any, Any], exact: Optional[Callable[[Any], bool]] = None) -> None:
        self.prec = prec
        self.values = values
        self.exact = exact
        self.memo: dict[Any, Box] = {}

    def box(self, e: Any) -> Box:
        found = self.memo.get(e)
        if found is None:
            found = self._box(e)
            self.memo[e] = found
        return found

    def _box(self, e: Any) -> Box:
        lib = _lib()
        prec = self.prec
        if e.is_Number:
            return self.number(e)
        if e.is_Symbol:
            if e in self.values:
                return self.values[e]  # type: ignore[no-any-return]
            raise _Fail(f"no value for {e}")
        if e.is_Add:
            out = self.box(e.args[0])
            for a in e.args[1:]:
                out = _add(out, self.box(a), prec + 10)
            return out
        if e.is_Mul:
            out = self.box(e.args[0])
            for a in e.args[1:]:
                out = _mul(out, self.box(a), prec + 10)
            return out
        if e.is_Pow:
            b, x = e.args
            return _pow(self.box(b), x, self.box(x), prec + 10)
        name = type(e).__name__
        const = _CONSTANTS.get(name)
        if const is not None and not e.args:
            return const(prec)
        if name == "ImaginaryUnit":
            return lib.mpi_zero, lib.mpi_one
        fn = _FUNCTIONS.get(name)
        if fn is not None:
            return fn(self, *e.args)
        if _is_undefined_function(e):
            witness = self.values.get(type(e).__name__)
            if witness is None:
                raise _Fail(f"no value for {type(e).__name__}")
            return witness([self.box(a) for a in e.args], prec)  # type: ignore[no-any-return]
        raise _Fail(f"cannot enclose {name}")

    def number(self, e: Any) -> Box:
        lib = _lib()
        prec = self.prec + 10
        if e.is_Integer:
            n = int(e)
            return _rbox((lib.from_int(n, prec, lib.round_floor), lib.from_int(n, prec, lib.round_ceiling)))
        if e.is_Rational:
            p, q = int(e.p), int(e.q)
            return _rbox((lib.from_rational(p, q, prec, lib.round_floor), lib.from_rational(p, q, prec, lib.round_ceiling)))
        if e.is_Float:
            v = e._mpf_
            if v in (lib.finf, lib.fninf, lib.fnan):
                raise _Fail("an infinite Float")
            return _rbox(_exact(v))
        raise _Fail(f"the number {e} is not finite")

    # Functions: each receives the evaluator and the SymPy arguments.

    def real_arg(self, a: Any) -> Interval:
        return _real(self.box(a))


def _is_undefined_function(e: Any) -> bool:
    from sympy.core.function import AppliedUndef

    return isinstance(e, AppliedUndef)


def _const(get: Callable[[int, Any], Any]) -> Callable[[int], Box]:
    def make(prec: int) -> Box:
        lib = _lib()
        p = prec + 10
        return _rbox(_widen((get(p, lib.round_floor), get(p, lib.round_ceiling)), p))

    return make


def _golden(prec: int) -> Box:
    lib = _lib()
    p = prec + 10
    five = _exact(lib.from_int(5))
    root = _widen(lib.mpi_sqrt(five, p), p)
    return _rbox(lib.mpi_div(lib.mpi_add(root, lib.mpi_one, p), _exact(lib.from_int(2)), p))


def _lazy_constant(attr: str) -> Callable[[int], Box]:
    def make(prec: int) -> Box:
        return _const(getattr(_lib(), attr))(prec)

    return make


_CONSTANTS: dict[str, Callable[[int], Box]] = {
    "Pi": _lazy_constant("mpf_pi"),
    "Exp1": _lazy_constant("mpf_e"),
    "EulerGamma": _lazy_constant("mpf_euler"),
    "Catalan": _lazy_constant("mpf_catalan"),
    "GoldenRatio": _golden,
}


# -- functions ------------------------------------------------------------------------------------------


def _f_exp(ev: _Evaluator, a: Any) -> Box:
    return _exp(ev.box(a), ev.prec + 10)


def _f_log(ev: _Evaluator, a: Any, *base: Any) -> Box:
    p = ev.prec + 10
    out = _log(ev.box(a), p)
    if base:
        out = _mul(out, _inv(_log(ev.box(base[0]), p), p), p)
    return out


def _cos_sin_box(ev: _Evaluator, a: Any) -> tuple[Box, Box]:
    """``(cos a, sin a)`` for a complex argument.

    ``cos(x+iy) = cos x cosh y - i sin x sinh y`` and
    ``sin(x+iy) = sin x cosh y + i cos x sinh y``; a real argument skips the
    hyperbolic factors.
    """
    x, p = ev.box(a), ev.prec + 10
    c, s = _cos_sin(x[0], p)
    if _is_zero(x[1]):
        return _rbox(c), _rbox(s)
    ch, sh = _cosh_sinh(x[1], p)
    lib = _lib()
    cos = lib.mpi_mul(c, ch, p), lib.mpi_neg(lib.mpi_mul(s, sh, p))
    sin = lib.mpi_mul(s, ch, p), lib.mpi_mul(c, sh, p)
    return cos, sin


def _f_sin(ev: _Evaluator, a: Any) -> Box:
    return _cos_sin_box(ev, a)[1]


def _f_cos(ev: _Evaluator, a: Any) -> Box:
    return _cos_sin_box(ev, a)[0]


def _ratio(num: Callable[[_Evaluator, Any], Box], den: Callable[[_Evaluator, Any], Box]) -> Callable[[_Evaluator, Any], Box]:
    def f(ev: _Evaluator, a: Any) -> Box:
        p = ev.prec + 10
        return _mul(num(ev, a), _inv(den(ev, a), p), p)

    return f


def _one(ev: _Evaluator, a: Any) -> Box:
    return _rbox(_lib().mpi_one)


def _f_atan(ev: _Evaluator, a: Any) -> Box:
    lib = _lib()
    x, p = ev.real_arg(a), ev.prec + 10
    return _rbox(_widen(lib.mpi_atan(x, p), p))


def _f_acot(ev: _Evaluator, a: Any) -> Box:
    lib = _lib()
    x, p = ev.real_arg(a), ev.prec + 10
    if not _excludes(x):
        raise _Fail("acot near 0")
    return _rbox(_widen(lib.mpi_atan(lib.mpi_div(lib.mpi_one, x, p + 10), p), p))


def _unit_root(ev: _Evaluator, x: Interval, p: int) -> Interval:
    """sqrt(1 - x**2) for a real interval inside [-1, 1]."""
    lib = _lib()
    if lib.mpf_lt(x[0], lib.fnone) or lib.mpf_gt(x[1], lib.fone):
        raise _Fail("asin/acos outside [-1, 1]")
    inside = lib.mpi_sub(lib.mpi_one, lib.mpi_square(x, p + 10), p + 10)
    inside = (_max0(inside[0]), inside[1])  # 1 - x**2 >= 0 on [-1, 1]
    return _widen(lib.mpi_sqrt(inside, p), p)


def _max0(v: Any) -> Any:
    lib = _lib()
    return v if lib.mpf_sign(v) >= 0 else lib.fzero


def _f_asin(ev: _Evaluator, a: Any) -> Box:
    lib = _lib()
    x, p = ev.real_arg(a), ev.prec + 10
    return _rbox(_widen(lib.mpi_atan2(x, _unit_root(ev, x, p), p), p))


def _f_acos(ev: _Evaluator, a: Any) -> Box:
    lib = _lib()
    x, p = ev.real_arg(a), ev.prec + 10
    return _rbox(_widen(lib.mpi_atan2(_unit_root(ev, x, p), x, p), p))


def _f_atan2(ev: _Evaluator, y: Any, x: Any) -> Box:
    yi, xi = ev.real_arg(y), ev.real_arg(x)
    return _rbox(_arg((xi, yi), ev.prec + 10))  # atan2(y, x) is the argument of x + iy


def _f_sinh(ev: _Evaluator, a: Any) -> Box:
    x, p = ev.box(a), ev.prec + 10
    if _is_zero(x[1]):
        return _rbox(_cosh_sinh(x[0], p)[1])
    e1, e2 = _exp(x, p), _exp(_neg(x), p)
    return _half(_sub(e1, e2, p), p)


def _f_cosh(ev: _Evaluator, a: Any) -> Box:
    x, p = ev.box(a), ev.prec + 10
    if _is_zero(x[1]):
        return _rbox(_cosh_sinh(x[0], p)[0])
    return _half(_add(_exp(x, p), _exp(_neg(x), p), p), p)


def _f_asinh(ev: _Evaluator, a: Any) -> Box:
    lib = _lib()
    x, p = ev.real_arg(a), ev.prec + 10
    root = _widen(lib.mpi_sqrt(lib.mpi_add(lib.mpi_square(x, p + 10), lib.mpi_one, p + 10), p + 10), p + 10)
    inner = lib.mpi_add(x, root, p + 10)
    if not _positive(inner):
        raise _Fail("asinh: cancellation")
    return _rbox(_widen(lib.mpi_log(inner, p), p))


def _f_acosh(ev: _Evaluator, a: Any) -> Box:
    lib = _lib()
    x, p = ev.real_arg(a), ev.prec + 10
    if lib.mpf_lt(x[0], lib.fone):
        raise _Fail("acosh below 1")
    root = _widen(lib.mpi_sqrt(lib.mpi_sub(lib.mpi_square(x, p + 10), lib.mpi_one, p + 10), p + 10), p + 10)
    return _rbox(_widen(lib.mpi_log(lib.mpi_add(x, root, p + 10), p), p))


def _f_atanh(ev: _Evaluator, a: Any) -> Box:
    lib = _lib()
    x, p = ev.real_arg(a), ev.prec + 10
    if not (lib.mpf_gt(x[0], lib.fnone) and lib.mpf_lt(x[1], lib.fone)):
        raise _Fail("atanh outside (-1, 1)")
    up = _widen(lib.mpi_log(lib.mpi_add(lib.mpi_one, x, p + 10), p + 10), p + 10)
    down = _widen(lib.mpi_log(lib.mpi_sub(lib.mpi_one, x, p + 10), p + 10), p + 10)
    return _rbox(lib.mpi_mul(lib.mpi_sub(up, down, p), _exact(lib.mpf_shift(lib.fone, -1)), p))


def _f_abs(ev: _Evaluator, a: Any) -> Box:
    return _rbox(_abs(ev.box(a), ev.prec + 10))


def _f_re(ev: _Evaluator, a: Any) -> Box:
    return _rbox(ev.box(a)[0])


def _f_im(ev: _Evaluator, a: Any) -> Box:
    return _rbox(ev.box(a)[1])


def _f_conjugate(ev: _Evaluator, a: Any) -> Box:
    re, im = ev.box(a)
    return re, _lib().mpi_neg(im)


def _f_arg(ev: _Evaluator, a: Any) -> Box:
    return _rbox(_arg(ev.box(a), ev.prec + 10))


def _f_sign(ev: _Evaluator, a: Any) -> Box:
    lib = _lib()
    x, p = ev.box(a), ev.prec + 10
    if _is_zero(x[1]):
        if _positive(x[0]):
            return _rbox(lib.mpi_one)
        if _negative(x[0]):
            return _rbox(lib.mpi_neg(lib.mpi_one))
        raise _Fail("sign near 0")
    size = _abs(x, p)
    if not _positive(size):
        raise _Fail("sign near 0")
    return _mul(x, _rbox(lib.mpi_div(lib.mpi_one, size, p)), p)


def _integer_part(iv: Interval, up: bool, ev: Optional[_Evaluator] = None, a: Any = None) -> Interval:
    """floor (or ceiling) of every value in ``iv``, when they agree.

    When the box holds exactly one integer ``n`` where they change (a value
    at ``n`` itself, such as a hidden zero), ``ev.exact`` decides whether the
    expression ``a`` equals ``n``: then the answer is ``n``.
    """
    lib = _lib()
    if not _finite(iv):
        raise _Fail("floor of an unbounded interval")
    _bounded(iv, 4 * ev.prec if ev is not None else 4096, "floor")
    rnd = lib.round_ceiling if up else lib.round_floor
    ia = lib.to_int(iv[0], rnd)
    ib = lib.to_int(iv[1], rnd)
    if ia != ib:
        n = ia if up else ib  # the one integer in the box where the value could sit
        if ib - ia == 1 and ev is not None and ev.exact is not None and a is not None and ev.exact(a - n):
            v = lib.from_int(n)
            return v, v
        raise _Fail("floor undecided")
    v = lib.from_int(ia)
    return v, v


def _f_floor(ev: _Evaluator, a: Any) -> Box:
    return _rbox(_integer_part(ev.real_arg(a), False, ev, a))


def _f_ceiling(ev: _Evaluator, a: Any) -> Box:
    return _rbox(_integer_part(ev.real_arg(a), True, ev, a))


def _f_frac(ev: _Evaluator, a: Any) -> Box:
    lib = _lib()
    x = ev.real_arg(a)
    return _rbox(lib.mpi_sub(x, _integer_part(x, False, ev, a), ev.prec + 10))


def _extreme(compare: str) -> Callable[..., Box]:
    """``Min`` (``compare="mpf_lt"``) or ``Max`` (``"mpf_gt"``): both ends of the result are the extremes of the ends.

    ``min`` is monotone in each argument, so ``min(x_i)`` lies between the
    least lower end and the least upper end (``max`` likewise).
    """

    def f(ev: _Evaluator, *args: Any) -> Box:
        better = getattr(_lib(), compare)
        ivs = [ev.real_arg(a) for a in args]
        lo, hi = ivs[0]
        for a, b in ivs[1:]:
            lo = a if better(a, lo) else lo
            hi = b if better(b, hi) else hi
        return _rbox((lo, hi))

    return f


def _gamma_like(kind: int) -> Callable[[_Evaluator, Any], Box]:
    def f(ev: _Evaluator, a: Any) -> Box:
        lib = _lib()
        x, p = ev.real_arg(a), ev.prec + 10
        if kind == 1:
            x = lib.mpi_add(x, lib.mpi_one, p + 10)  # factorial(n) = gamma(n + 1)
        if not _positive(x) or not _finite(x):
            raise _Fail("gamma away from the positive reals")
        return _rbox(_widen(lib.mpi_gamma(x, p, 3 if kind == 3 else 0), p))

    return f


_FUNCTIONS: dict[str, Callable[..., Box]] = {
    "exp": _f_exp,
    "log": _f_log,
    "sin": _f_sin,
    "cos": _f_cos,
    "tan": _ratio(_f_sin, _f_cos),
    "cot": _ratio(_f_cos, _f_sin),
    "sec": _ratio(_one, _f_cos),
    "csc": _ratio(_one, _f_sin),
    "atan": _f_atan,
    "acot": _f_acot,
    "asin": _f_asin,
    "acos": _f_acos,
    "atan2": _f_atan2,
    "sinh": _f_sinh,
    "cosh": _f_cosh,
    "tanh": _ratio(_f_sinh, _f_cosh),
    "coth": _ratio(_f_cosh, _f_sinh),
    "sech": _ratio(_one, _f_cosh),
    "csch": _ratio(_one, _f_sinh),
    "asinh": _f_asinh,
    "acosh": _f_acosh,
    "atanh": _f_atanh,
    "Abs": _f_abs,
    "re": _f_re,
    "im": _f_im,
    "conjugate": _f_conjugate,
    "arg": _f_arg,
    "sign": _f_sign,
    "floor": _f_floor,
    "ceiling": _f_ceiling,
    "frac": _f_frac,
    "Min": _extreme("mpf_lt"),
    "Max": _extreme("mpf_gt"),
    "gamma": _gamma_like(0),
    "factorial": _gamma_like(1),
    "loggamma": _gamma_like(3),
}
