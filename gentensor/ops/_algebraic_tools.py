"""The certified tools of exact algebraic-number decisions: root boxes, enclosures, annihilating polynomials.

`._algebraic_zero` (the zero test's decision) and `._numberfield`
(number fields) are built on these:

* `root_box` -- a box certain to hold a ``CRootOf``: SymPy's exact isolating
  interval, narrowed by disks around mpmath's ``polyroots`` approximations
  (every root ``z`` of a squarefree ``f`` of degree ``d`` lies within
  ``d*|f(z0)/f'(z0)|`` of ``z0``; pairwise disjoint disks hold one root each,
  and the disk meeting the root's interval is its own);
* `enclose_algebraic` -- rigorous interval enclosures of expressions holding
  ``CRootOf`` objects (`._enclose` with the roots as boxed symbols);
* annihilating polynomials from power sums (composed sums and products,
  powers, reciprocals, ``A(x**q)`` for ``q``-th roots), pruned after each
  step to the factors over ``Q`` whose value on the sub-expression's box may
  be zero: `minimal_polynomial` and `vanishing_factor`, a rigorous version
  of the factor choice SymPy's ``minimal_polynomial`` makes numerically.

Limits: polynomials of degree ``_MAX_DEGREE`` (64), coefficients of
``_MAX_BITS``; past them, or past a deadline, the tools give up (``None``).
"""

from __future__ import annotations

import threading
import time
from fractions import Fraction
from math import comb
from typing import Any, Optional

from ._interval import Box, Interval, _abs, _add, _Fail, _lib, _mul, _pow, _rbox, excludes_zero
from ._zerotools import NONZERO, ZERO, ZeroTest

__all__ = ["root_box", "enclose_algebraic", "minimal_polynomial", "vanishing_factor", "composed_sum"]

_MAX_DEGREE = 64  # annihilating polynomials of at most this degree
_MAX_BITS = 1 << 14  # bits of any one coefficient of a polynomial
_REFINE_STEPS = 12  # steps of SymPy's own interval refinement before giving up on a match


class _NotHere(Exception):
    """Internal: the expression is outside the forms this step decides."""


def _classes() -> tuple[Any, Any]:
    from sympy import AlgebraicNumber
    from sympy.polys.rootoftools import ComplexRootOf

    return ComplexRootOf, AlgebraicNumber


_DISKS: dict[tuple[tuple[int, ...], int], Optional[list[Box]]] = {}
_DISKS_LOCK = threading.Lock()
_DISKS_SIZE = 512


def root_box(r: Any, prec: int) -> Optional[Box]:
    """A box certain to contain the ``CRootOf`` ``r``, about ``2**-prec`` wide (``None`` if none was certified).

    Examples
    --------
    >>> import sympy, mpmath
    >>> r = sympy.CRootOf(sympy.Symbol("x")**3 - 2, 0)   # the real cube root of 2
    >>> (lo, hi), (im_lo, im_hi) = root_box(r, 64)
    >>> with mpmath.workdps(60):
    ...     mpmath.mpf(lo) < mpmath.cbrt(2) < mpmath.mpf(hi), mpmath.mpf(hi) - mpmath.mpf(lo) < 2**-60, im_lo == im_hi == mpmath.mpf(0)._mpf_
    (True, True, True)
    """
    f = r.poly
    coeffs = tuple(int(c) for c in f.all_coeffs()) if f.domain.is_ZZ else None
    if coeffs is None:
        from sympy import lcm_list

        den = int(lcm_list([c.q for c in f.all_coeffs()]))
        coeffs = tuple(int(c * den) for c in f.all_coeffs())
    disks = _disks(coeffs, prec)
    if disks is None:
        return None
    lib = _lib()
    real = bool(r.is_real)
    interval = r._get_interval()
    for _ in range(_REFINE_STEPS):
        rect = _rectangle(interval, real, prec)
        meeting = [d for d in disks if _meets(d, rect)]
        if len(meeting) == 1:
            box = _intersect(meeting[0], rect)
            if real:
                return box[0], (lib.fzero, lib.fzero)
            return box
        if not meeting:  # pragma: no cover - the isolating interval holds a root, which lies in a disk
            return None
        interval = interval.refine()
    return None


def _rectangle(interval: Any, real: bool, prec: int) -> Box:
    lib = _lib()

    def iv(a: Any, b: Any) -> Interval:
        return (
            lib.from_rational(int(a.numerator), int(a.denominator), prec + 20, lib.round_floor),
            lib.from_rational(int(b.numerator), int(b.denominator), prec + 20, lib.round_ceiling),
        )

    if real:
        return iv(interval.a, interval.b), (lib.fzero, lib.fzero)
    return iv(interval.ax, interval.bx), iv(interval.ay, interval.by)


def _meets(x: Box, y: Box) -> bool:
    lib = _lib()
    return all(lib.mpf_le(a[0], b[1]) and lib.mpf_le(b[0], a[1]) for a, b in zip(x, y))


def _intersect(x: Box, y: Box) -> Box:
    lib = _lib()

    def one(a: Interval, b: Interval) -> Interval:
        lo = a[0] if lib.mpf_ge(a[0], b[0]) else b[0]
        hi = a[1] if lib.mpf_le(a[1], b[1]) else b[1]
        return lo, hi

    return one(x[0], y[0]), one(x[1], y[1])


def _disks(coeffs: tuple[int, ...], prec: int) -> Optional[list[Box]]:
    """Square boxes around certified disks, one per root of the squarefree polynomial (``None`` if not certified)."""
    key = (coeffs, prec)
    if key in _DISKS:
        return _DISKS[key]
    out = _certified_disks(list(coeffs), prec)
    with _DISKS_LOCK:
        if len(_DISKS) >= _DISKS_SIZE:
            _DISKS.clear()
        _DISKS[key] = out
    return out


def _certified_disks(coeffs: list[int], prec: int) -> Optional[list[Box]]:
    import mpmath

    lib = _lib()
    d = len(coeffs) - 1
    ctx = mpmath.MPContext()
    ctx.prec = prec + 20
    try:
        approx = ctx.polyroots(coeffs, maxsteps=50 + 4 * d, extraprec=prec + 20)
    except (ctx.NoConvergence, ZeroDivisionError, ValueError):
        return None
    derivative = [c * (d - i) for i, c in enumerate(coeffs[:-1])]
    wp = prec + 40
    squares = []
    for z in approx:
        z = ctx.mpc(z)
        point = ((z.real._mpf_, z.real._mpf_), (z.imag._mpf_, z.imag._mpf_))
        fz = _abs(_horner(coeffs, point, wp), wp)
        dz = _abs(_horner(derivative, point, wp), wp)
        if lib.mpf_sign(dz[0]) <= 0:
            return None
        radius = lib.mpf_div(lib.mpf_mul(lib.from_int(d), fz[1], wp, lib.round_ceiling), dz[0], wp, lib.round_ceiling)
        squares.append(tuple((lib.mpf_sub(c, radius, wp, lib.round_floor), lib.mpf_add(c, radius, wp, lib.round_ceiling)) for c in (z.real._mpf_, z.imag._mpf_)))
    for i in range(len(squares)):
        for j in range(i):
            if _meets(squares[i], squares[j]):  # type: ignore[arg-type]
                return None
    return squares  # type: ignore[return-value]


def _horner(coeffs: list[Any], x: Box, prec: int) -> Box:
    """The value of the polynomial (integer or ``Fraction`` coefficients, highest first) on the box ``x``."""
    out: Optional[Box] = None
    for c in coeffs:
        cb = _number_box(c, prec)
        out = cb if out is None else _add(_mul(out, x, prec), cb, prec)
    assert out is not None
    return out


def _number_box(c: Any, prec: int) -> Box:
    lib = _lib()
    p, q = (c.numerator, c.denominator) if isinstance(c, Fraction) else (int(c), 1)
    return _rbox((lib.from_rational(p, q, prec, lib.round_floor), lib.from_rational(p, q, prec, lib.round_ceiling)))


def enclose_algebraic(e: Any, prec: int) -> Optional[Box]:
    """A box certain to contain ``e``, which may hold ``CRootOf`` objects (``None`` when none can be found).

    Examples
    --------
    >>> import sympy
    >>> from gentensor.ops._interval import excludes_zero
    >>> r = sympy.CRootOf(sympy.Symbol("x")**5 - sympy.Symbol("x") - 1, 0)
    >>> excludes_zero(enclose_algebraic(r - sympy.Rational(1167303978, 10**9), 64))
    True
    """
    root_class, _ = _classes()
    return _enclose_with_roots(e, sorted(e.atoms(root_class), key=str), prec)


def _enclose_with_roots(e: Any, roots: list[Any], prec: int) -> Optional[Box]:
    """A box around ``e`` with every ``CRootOf`` replaced by its certified box (``None`` if not enclosed)."""
    from sympy import Dummy

    from ._enclose import enclose

    values: dict[Any, Box] = {}
    subs = {}
    for r in roots:
        box = root_box(r, prec)
        if box is None:
            return None
        s = Dummy("r")
        subs[r] = s
        values[s] = box
    return enclose(e.xreplace(subs), prec, values)


# -- 3. annihilating polynomials --------------------------------------------------------------------------

Poly = list[Fraction]  # monic, highest degree first


def _power_sums(a: Poly, n: int) -> list[Fraction]:
    """``p_0 .. p_n``, the power sums of the roots of the monic ``a`` (Newton's identities)."""
    d = len(a) - 1
    p = [Fraction(d)]
    for k in range(1, n + 1):
        s = k * a[k] if k <= d else Fraction(0)
        for i in range(1, min(k - 1, d) + 1):
            s += a[i] * p[k - i]
        p.append(-s)
    return p


def _from_power_sums(p: list[Fraction], n: int) -> Poly:
    """The monic polynomial of degree ``n`` whose roots have the power sums ``p`` (Newton's identities)."""
    a = [Fraction(1)]
    for k in range(1, n + 1):
        s = p[k]
        for i in range(1, k):
            s += a[i] * p[k - i]
        a.append(-s / k)
    return a


def composed_sum(a: Poly, b: Poly) -> Poly:
    """Roots ``alpha + beta`` for every pair of roots."""
    da, db = len(a) - 1, len(b) - 1
    n = da * db
    pa, pb = _power_sums(a, n), _power_sums(b, n)
    p = [sum((comb(k, j) * pa[j] * pb[k - j] for j in range(k + 1)), Fraction(0)) for k in range(n + 1)]
    return _from_power_sums(p, n)


def _composed_product(a: Poly, b: Poly) -> Poly:
    """Roots ``alpha * beta`` for every pair of roots."""
    n = (len(a) - 1) * (len(b) - 1)
    pa, pb = _power_sums(a, n), _power_sums(b, n)
    return _from_power_sums([pa[k] * pb[k] for k in range(n + 1)], n)


def _power(a: Poly, k: int) -> Poly:
    """Roots ``alpha**k`` (``k >= 1``)."""
    d = len(a) - 1
    pa = _power_sums(a, d * k)
    return _from_power_sums([pa[i * k] for i in range(d + 1)], d)


def _reciprocal(a: Poly) -> Poly:
    """Roots ``1/alpha`` (the zero roots dropped first)."""
    while len(a) > 1 and a[-1] == 0:
        a = a[:-1]
    rev = a[::-1]
    return [c / rev[0] for c in rev]


def _radical(a: Poly, q: int) -> Poly:
    """``a(x**q)``: its roots include every ``q``-th root of a root of ``a``."""
    out: Poly = []
    for i, c in enumerate(a):
        out.append(c)
        if i < len(a) - 1:
            out.extend([Fraction(0)] * (q - 1))
    return out


class _Annihilators:
    """Annihilating polynomials of every sub-expression, pruned to the factors that can vanish there."""

    def __init__(self, deadline: float, max_degree: int = _MAX_DEGREE) -> None:
        self.deadline = deadline
        self.max_degree = max_degree

    def run(self, e: Any, prec: int) -> tuple[Box, list[Poly]]:
        """The box and the pruned annihilating factors of ``e`` at precision ``prec``."""
        self.prec = prec
        self.memo: dict[Any, tuple[Box, list[Poly]]] = {}
        return self.node(e)

    def decide(self, e: Any, precisions: list[int]) -> Optional[ZeroTest]:
        for prec in precisions:
            if time.monotonic() > self.deadline:
                return None
            try:
                _, factors = self.run(e, prec)
            except _Fail:
                continue
            if not any(len(f) == 2 and f[1] == 0 for f in factors):
                return ZeroTest(NONZERO, f"annihilating polynomial without the root 0 ({prec} bits)")
            if len(factors) == 1:
                return ZeroTest(ZERO, f"annihilating polynomial x ({prec} bits)")
        return None

    def node(self, e: Any) -> tuple[Box, list[Poly]]:
        found = self.memo.get(e)
        if found is None:
            if time.monotonic() > self.deadline:
                raise _NotHere("out of time")
            found = self._node(e)
            self.memo[e] = found
        return found

    def _node(self, e: Any) -> tuple[Box, list[Poly]]:
        root_class, _ = _classes()
        prec = self.prec
        if e.is_Rational:
            c = Fraction(int(e.p), int(e.q))
            return _number_box(c, prec + 20), [[Fraction(1), -c]]
        if type(e).__name__ == "ImaginaryUnit":
            lib = _lib()
            return ((lib.fzero, lib.fzero), (lib.fone, lib.fone)), [[Fraction(1), Fraction(0), Fraction(1)]]
        if isinstance(e, root_class):
            box = root_box(e, prec)
            if box is None:
                raise _Fail("no certified box")
            f = e.poly.all_coeffs()
            return box, [[Fraction(int(c.p), int(c.q)) / Fraction(int(f[0].p), int(f[0].q)) for c in f]]
        if e.is_Add or e.is_Mul:
            box, ann = self.node(e.args[0])
            for arg in e.args[1:]:
                b2, a2 = self.node(arg)
                box = _add(box, b2, prec + 20) if e.is_Add else _mul(box, b2, prec + 20)
                combine = composed_sum if e.is_Add else _composed_product
                ann = self.prune(combine(self.product(ann), self.product(a2)), box)
            return box, ann
        if e.is_Pow and e.exp.is_Rational:
            import sympy

            from ._enclose import enclose

            base_box, base_ann = self.node(e.base)
            exp_box = enclose(e.exp, prec)
            assert exp_box is not None
            box = _pow(base_box, e.exp, exp_box, prec + 20)
            p, q = int(e.exp.p), int(e.exp.q)
            a = self.product(base_ann)
            if q > 1:
                inverse = sympy.Rational(1, q)
                unit_box = enclose(inverse, prec)
                assert unit_box is not None
                a = self.product(self.prune(self.checked(_radical(a, q)), _pow(base_box, inverse, unit_box, prec + 20)))
            if abs(p) > 1:
                if abs(p) * (len(a) - 1) > 64 * _MAX_DEGREE:
                    raise _NotHere("a huge power")
                a = _power(a, abs(p))
            if p < 0:
                a = _reciprocal(a)
            return box, self.prune(a, box)
        raise _NotHere(f"{type(e).__name__} is not an algebraic operation")

    def product(self, factors: list[Poly]) -> Poly:
        out = factors[0]
        for f in factors[1:]:
            out = _multiply(out, f)
        return out

    def checked(self, a: Poly) -> Poly:
        if len(a) - 1 > self.max_degree:
            raise _NotHere("degree over the limit")
        if any(max(c.numerator.bit_length(), c.denominator.bit_length()) > _MAX_BITS for c in a):
            raise _NotHere("coefficients over the limit")
        return a

    def prune(self, a: Poly, box: Box) -> list[Poly]:
        """The irreducible factors of ``a`` whose value on ``box`` may be 0 (at least one always is)."""
        import sympy

        self.checked(a)
        if time.monotonic() > self.deadline:
            raise _NotHere("out of time")
        x = sympy.Dummy("x")
        den = 1
        for c in a:
            den = den * c.denominator // _gcd(den, c.denominator)
        poly = sympy.Poly([int(c * den) for c in a], x, domain="ZZ")
        _, factors = poly.factor_list()
        kept = []
        for f, _m in factors:
            coeffs = [int(c) for c in f.all_coeffs()]
            value = _horner(coeffs, box, self.prec + 20)
            if not excludes_zero(value):
                kept.append([Fraction(c, coeffs[0]) for c in coeffs])
        if not kept:  # pragma: no cover - the sub-expression is a root of one of the factors
            raise _Fail("no factor vanishes on the box")
        return kept


def _precisions() -> list[int]:
    from ..resources import get_limits

    return sorted({64, 256, max(1024, get_limits().zero_test_bits)})


def minimal_polynomial(e: Any, deadline: float = float("inf")) -> Optional[Poly]:
    """The minimal polynomial over ``Q`` of the algebraic number ``e`` (monic, ``Fraction`` coefficients, highest first).

    ``e`` is built from rationals, ``I``, ``CRootOf`` objects and rational
    powers.  ``None`` when ``e`` is of another form, a limit is reached or
    the precision did not separate the candidate factors.

    Examples
    --------
    >>> import sympy
    >>> [str(c) for c in minimal_polynomial(sympy.sqrt(2) + sympy.I)]
    ['1', '0', '-2', '0', '9']
    """
    precisions = _precisions()
    try:
        _, factors = _Annihilators(deadline).run(e, precisions[0])
    except (_NotHere, _Fail):
        return None
    if len(factors) == 1:
        return factors[0]
    return vanishing_factor(_Annihilators(deadline).product(factors), e, deadline)


def vanishing_factor(a: Poly, e: Any, deadline: float = float("inf"), max_degree: int = _MAX_DEGREE) -> Optional[Poly]:
    """The irreducible factor of ``a`` (a polynomial vanishing at ``e``) that vanishes at ``e``, proven by enclosures of ``e``.

    ``None`` when no precision within the limits leaves one factor, or ``a``
    has a degree over ``max_degree``.
    """
    worker = _Annihilators(deadline, max_degree)
    for prec in _precisions():
        if time.monotonic() > deadline:
            return None
        box = enclose_algebraic(e, prec)
        if box is None:
            continue
        worker.prec = prec
        try:
            kept = worker.prune(a, box)
        except (_NotHere, _Fail):
            return None
        if len(kept) == 1:
            return kept[0]
        a = worker.product(kept)
    return None


def _gcd(a: int, b: int) -> int:
    from math import gcd

    return gcd(a, b)


def _multiply(a: Poly, b: Poly) -> Poly:
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out
