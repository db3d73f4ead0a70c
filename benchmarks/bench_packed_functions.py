"""NumPy's everyday functions on packed storage: gentensor beside NumPy int64 (and float64) and NumPy object arrays.

Element-wise arithmetic, masks, reductions and products have their own
scripts (`bench_storage.py`, `bench_products.py`); these are the functions a
NumPy user reaches for next -- powers, casts, ``repeat``/``tile``,
triangles, ``nonzero``, set membership and counts, closeness, convolution,
``cross``, quantiles, matrix powers, the standard deviation, rows and
``take_along_axis``, ``gcd``/``lcm``/``isqrt``, powers of residues, and the
float ``round``/``max``/casts/``linspace`` -- on 10^6 small ints (or a
1000x1000 matrix, or 10^6 floats).  Each was a Python loop over the elements
before this script; the goal column holds the ratio to NumPy's own function
on machine numbers (its results wrap around past the word, gentensor's do
not).

    python benchmarks/bench_packed_functions.py           # full run (median of 9 rounds)
    python benchmarks/bench_packed_functions.py --quick   # median of 5 rounds
"""

from __future__ import annotations

import math

from _common import Case, Contender, main_of

import numpy as np  # noqa: E402  (after _common puts the in-tree package on the path)

import gentensor as gt  # noqa: E402

N = 10**6
#: The largest acceptable gentensor / NumPy ratio for these functions.
GOAL = 2.0


def _pair(title: str, ours, numpy_int64, objects=None) -> Case:  # type: ignore[no-untyped-def]
    contenders = [Contender("gentensor (packed)", ours), Contender("NumPy (machine numbers)", numpy_int64, goal=GOAL)]
    if objects is not None:
        contenders.append(Contender("NumPy object array", objects))
    return Case(title, contenders)


def cases() -> list[Case]:
    rng = np.random.default_rng(11)
    a, b = rng.integers(-1000, 1000, N), rng.integers(-1000, 1000, N)
    ga, gb = gt.tensor(a), gt.tensor(b)
    oa = a.astype(object)
    counts = rng.integers(0, 1000, N)
    gcounts = gt.tensor(counts)
    m = rng.integers(-100, 100, (1000, 1000))
    gm = gt.tensor(m)
    v3, w3 = rng.integers(-100, 100, (N // 3, 3)), rng.integers(-100, 100, (N // 3, 3))
    gv3, gw3 = gt.tensor(v3), gt.tensor(w3)
    long, short = rng.integers(-1000, 1000, 10_000), rng.integers(-1000, 1000, 100)
    glong, gshort = gt.tensor(long), gt.tensor(short)
    floats = rng.random(N)
    gfloats = gt.tensor(floats)
    close = a + (rng.random(N) < 0.001)
    gclose = gt.tensor(close)
    probe = np.array([1, 2, 3, 500, -999])
    gprobe = gt.tensor(probe)

    # The same answers first (exactly; NumPy's float reductions sum in another order).
    assert (ga**2).tolist() == (a**2).tolist()
    assert ga.astype(gt.floats).tolist() == a.astype(float).tolist()
    assert gt.repeat(ga, 2).tolist() == np.repeat(a, 2).tolist()
    assert gt.tril(gm).tolist() == np.tril(m).tolist()
    assert gt.nonzero(ga)[0].tolist() == np.nonzero(a)[0].tolist()
    assert gt.isin(ga, gprobe).tolist() == np.isin(a, probe).tolist()
    assert gt.bincount(gcounts).tolist() == np.bincount(counts).tolist()
    assert gt.bincount(gcounts, weights=ga).tolist() == np.bincount(counts, weights=a).astype(np.int64).tolist()
    assert gt.unique_counts(gcounts).counts.tolist() == np.unique(counts, return_counts=True)[1].tolist()
    assert gt.allclose(ga, gclose) == np.allclose(a, close)
    assert gt.convolve(glong, gshort).tolist() == np.convolve(long, short).tolist()
    assert gt.cross(gv3, gw3).tolist() == np.cross(v3, w3).tolist()
    assert float(gt.median(ga)) == float(np.median(a))
    assert abs(gt.std(gfloats) - float(np.std(floats))) < 1e-12
    order = np.argsort(m, axis=1, kind="stable")
    gorder = gt.tensor(order)
    rows = rng.integers(0, 1000, 1000)
    grows = gt.tensor(rows)
    positive = rng.integers(0, 10**6, N)
    gpositive = gt.tensor(positive)
    p = 10007
    residues = rng.integers(0, p, N)
    gresidues = gt.tensor(residues.tolist(), ops=gt.modular(p))
    normal = rng.standard_normal(N) * 100
    gnormal = gt.tensor(normal)
    whole = np.round(normal)
    gwhole = gt.tensor(whole)
    assert gt.take_along_axis(gm, gorder, axis=1).tolist() == np.take_along_axis(m, order, axis=1).tolist()
    assert gm[grows].tolist() == m[rows].tolist()
    assert gt.lcm(ga, gb).tolist() == np.lcm(a, b).tolist() and gt.gcd(ga, gb).tolist() == np.gcd(a, b).tolist()
    assert gt.isqrt(gpositive).tolist() == [math.isqrt(v) for v in positive.tolist()]
    assert (gresidues**5).tolist() == [pow(v, 5, p) for v in residues.tolist()]
    assert gt.round(gnormal).tolist() == np.round(normal).tolist() and gt.max(gnormal) == float(np.max(normal))
    assert gwhole.astype(gt.integers).tolist() == whole.astype(np.int64).tolist()
    assert gt.linspace(0.0, 1.0, N).tolist() == np.linspace(0.0, 1.0, N).tolist()
    small_m = m[:100, :100]
    gsmall_m = gt.tensor(small_m)
    picks = rng.integers(0, N, 10**5)
    gpicks = gt.tensor(picks)
    target, gtarget = a.copy(), gt.tensor(a)
    target[picks] = target[picks] + 1
    gtarget[gpicks] = gtarget[gpicks] + 1
    assert gtarget.tolist() == target.tolist()
    assert gt.flatnonzero(ga).tolist() == np.flatnonzero(a).tolist()
    assert gt.argwhere(gm > 0).tolist() == np.argwhere(m > 0).tolist()
    assert gt.clip(ga, -10, 10).tolist() == np.clip(a, -10, 10).tolist()
    assert gt.diag(ga[:1000]).tolist() == np.diag(a[:1000]).tolist()
    assert gt.quantile(gfloats, 0.3) == float(np.quantile(floats, 0.3))
    assert gt.array_equal(ga, gb) == np.array_equal(a, b)
    assert gt.sort(gm, axis=0).tolist() == np.sort(m, axis=0).tolist()
    assert (gfloats * 2.0).tolist() == (floats * 2.0).tolist()
    assert gt.linalg.matrix_power(gsmall_m, 5).tolist() == np.linalg.matrix_power(small_m, 5).tolist()  # fits int64

    return [
        _pair("a ** 2, 10^6 small ints", lambda: ga**2, lambda: a**2, lambda: oa**2),
        _pair("astype(floats), 10^6 ints", lambda: ga.astype(gt.floats), lambda: a.astype(np.float64)),
        _pair("repeat(a, 2), 10^6 ints", lambda: gt.repeat(ga, 2), lambda: np.repeat(a, 2), lambda: np.repeat(oa, 2)),
        _pair("tile(a, 2), 10^6 ints", lambda: gt.tile(ga, 2), lambda: np.tile(a, 2)),
        _pair("tril, 1000x1000 ints", lambda: gt.tril(gm), lambda: np.tril(m)),
        _pair("nonzero, 10^6 ints", lambda: gt.nonzero(ga), lambda: np.nonzero(a)),
        _pair("isin(a, 5 values), 10^6 ints", lambda: gt.isin(ga, gprobe), lambda: np.isin(a, probe)),
        _pair("bincount, 10^6 ints in [0, 1000)", lambda: gt.bincount(gcounts), lambda: np.bincount(counts)),
        _pair("bincount(x, weights=w), 10^6 ints", lambda: gt.bincount(gcounts, weights=ga), lambda: np.bincount(counts, weights=a)),
        _pair("unique_counts, 10^6 ints in [0, 1000)", lambda: gt.unique_counts(gcounts), lambda: np.unique(counts, return_counts=True)),
        _pair("allclose, 10^6 ints", lambda: gt.allclose(ga, gclose), lambda: np.allclose(a, close)),
        _pair("convolve, 10^4 * 10^2 ints", lambda: gt.convolve(glong, gshort), lambda: np.convolve(long, short)),
        _pair("cross, 3.3*10^5 int 3-vectors", lambda: gt.cross(gv3, gw3), lambda: np.cross(v3, w3)),
        _pair("median, 10^6 ints", lambda: gt.median(ga), lambda: np.median(a)),
        _pair("matrix_power(m, 5), 100x100 ints in [-100, 100)", lambda: gt.linalg.matrix_power(gsmall_m, 5), lambda: np.linalg.matrix_power(small_m, 5)),
        _pair("take_along_axis(m, argsort), 1000x1000 ints", lambda: gt.take_along_axis(gm, gorder, axis=1), lambda: np.take_along_axis(m, order, axis=1)),
        _pair("m[rows], 1000 rows of 1000 ints", lambda: gm[grows], lambda: m[rows]),
        _pair("gcd(a, b), 10^6 ints", lambda: gt.gcd(ga, gb), lambda: np.gcd(a, b)),
        _pair("lcm(a, b), 10^6 ints", lambda: gt.lcm(ga, gb), lambda: np.lcm(a, b)),
        # NumPy has no integer square root: its float root, floored, does less (inexact past 2**52; gentensor
        # corrects the float root by one each way, exactly): goal 3x
        Case("isqrt, 10^6 ints in [0, 10^6)", [Contender("gentensor (packed)", lambda: gt.isqrt(gpositive)),
             Contender("NumPy floor(sqrt(a)) (inexact)", lambda: np.floor(np.sqrt(positive)).astype(np.int64), goal=3.0)]),
        _pair("residues mod 10007 ** 5, 10^6", lambda: gresidues**5, lambda: residues**5 % p),
        _pair("round, 10^6 floats", lambda: gt.round(gnormal), lambda: np.round(normal)),
        _pair("max, 10^6 floats", lambda: gt.max(gnormal), lambda: np.max(normal)),
        # NumPy's cast checks nothing (0.5 becomes 0, 1e300 garbage); gentensor proves every value whole and in
        # the word first (else converts element by element, raising on a fraction): goal 3x
        Case("astype(integers), 10^6 whole floats", [Contender("gentensor (packed)", lambda: gwhole.astype(gt.integers)),
             Contender("NumPy astype(int64) (unchecked)", lambda: whole.astype(np.int64), goal=3.0)]),
        _pair("linspace(0, 1, 10^6)", lambda: gt.linspace(0.0, 1.0, N), lambda: np.linspace(0.0, 1.0, N)),
        _pair("flatnonzero, 10^6 ints", lambda: gt.flatnonzero(ga), lambda: np.flatnonzero(a)),
        _pair("argwhere(m > 0), 1000x1000 ints", lambda: gt.argwhere(gm > 0), lambda: np.argwhere(m > 0)),
        _pair("clip(a, -10, 10), 10^6 ints", lambda: gt.clip(ga, -10, 10), lambda: np.clip(a, -10, 10)),
        _pair("x[idx] = x[idx] + 1, 10^5 of 10^6 ints", lambda: gtarget.__setitem__(gpicks, gtarget[gpicks] + 1),
              lambda: target.__setitem__(picks, target[picks] + 1)),
        _pair("diag of 1000 ints", lambda: gt.diag(ga[:1000]), lambda: np.diag(a[:1000])),
        _pair("sort(m, axis=0), 1000x1000 ints", lambda: gt.sort(gm, axis=0), lambda: np.sort(m, axis=0)),
        _pair("array_equal, 10^6 ints", lambda: gt.array_equal(ga, ga), lambda: np.array_equal(a, a)),
        _pair("a * 2.0, 10^6 floats", lambda: gfloats * 2.0, lambda: floats * 2.0),
        _pair("quantile(x, 0.3), 10^6 floats", lambda: gt.quantile(gfloats, 0.3), lambda: np.quantile(floats, 0.3)),
        # std adds left to right (as the element path does, bit for bit); NumPy adds pairwise: no goal
        Case("std, 10^6 floats", [Contender("gentensor (packed)", lambda: gt.std(gfloats)), Contender("NumPy float64", lambda: np.std(floats))]),
    ]


def main() -> int:
    return main_of(cases, __doc__ or "")


if __name__ == "__main__":
    raise SystemExit(main())
