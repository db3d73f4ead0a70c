"""Floating-point linear algebra: gentensor beside ``numpy.linalg`` on the same float64 (and complex128) matrices.

A NumPy user's daily float work -- determinants, solves, inverses, SVD,
symmetric eigenproblems, Cholesky, QR, least squares, norms -- on 200x200
matrices and on stacks of small ones.  gentensor hands the packed buffer to
the same LAPACK routines, so the goal is NumPy's time (at most 1.5x: the
call's checks and the result tensor).  ``lstsq`` goes through the
pseudo-inverse's SVD and always computes the residuals (NumPy's ``gelsd``
gives them only for full column rank): goal 2x.  The
"gentensor elimination" rows time the pure-Python elimination every float
matrix ran before (``method="gauss"`` still runs it).

    python benchmarks/bench_float_linalg.py           # full run (median of 9 rounds)
    python benchmarks/bench_float_linalg.py --quick   # median of 5 rounds
"""

from __future__ import annotations


from _common import Case, Contender, main_of

import numpy as np  # noqa: E402  (after _common puts the in-tree package on the path)

import gentensor as gt  # noqa: E402

#: The largest acceptable gentensor / NumPy ratio where both run the same LAPACK routine.
GOAL = 1.5
#: ... and where gentensor computes more than NumPy (lstsq: the pseudo-inverse and every residual).
LSTSQ_GOAL = 2.0


def _pair(title: str, ours, numpy_call, goal: float = GOAL, before=None) -> Case:  # type: ignore[no-untyped-def]
    contenders = [Contender("gentensor", ours), Contender("numpy.linalg", numpy_call, goal=goal)]
    if before is not None:
        contenders.append(Contender("gentensor elimination (before)", before))
    return Case(title, contenders)


def cases() -> list[Case]:
    rng = np.random.default_rng(5)
    n = 200
    a = rng.standard_normal((n, n))
    b = rng.standard_normal((n, 10))
    spd = a @ a.T + n * np.eye(n)
    z = a + 1j * rng.standard_normal((n, n))
    tall = rng.standard_normal((n, n // 2))
    stack = rng.standard_normal((10_000, 4, 4))
    small = rng.standard_normal((40, 40))
    ga, gb, gspd, gz, gtall, gstack, gsmall = (gt.tensor(v) for v in (a, b, spd, z, tall, stack, small))
    vector = rng.standard_normal(10**6)
    gvector = gt.tensor(vector)

    # The same answers first (to rounding: both run LAPACK, possibly in another blocking).
    assert np.isclose(gt.linalg.det(ga), np.linalg.det(a), rtol=1e-9)
    assert np.allclose(gt.to_numpy(gt.linalg.solve(ga, gb)), np.linalg.solve(a, b))
    assert np.allclose(gt.to_numpy(gt.linalg.inv(ga)), np.linalg.inv(a))
    assert np.allclose(gt.to_numpy(gt.linalg.svdvals(ga)), np.linalg.svd(a, compute_uv=False))
    assert np.allclose(gt.to_numpy(gt.linalg.eigvalsh(gspd)), np.linalg.eigvalsh(spd))
    assert np.allclose(gt.to_numpy(gt.linalg.cholesky(gspd)), np.linalg.cholesky(spd))
    assert np.allclose(gt.to_numpy(gt.linalg.pinv(gtall)), np.linalg.pinv(tall))
    assert np.allclose(gt.to_numpy(gt.linalg.det(gstack)), np.linalg.det(stack))
    assert np.isclose(gt.linalg.vector_norm(gvector), np.linalg.norm(vector))

    return [
        _pair("det, 200x200", lambda: gt.linalg.det(ga), lambda: np.linalg.det(a)),
        _pair("det, 40x40", lambda: gt.linalg.det(gsmall), lambda: np.linalg.det(small),
              before=lambda: gt.linalg.det(gsmall, method="gauss")),
        _pair("slogdet, 200x200", lambda: gt.linalg.slogdet(ga), lambda: np.linalg.slogdet(a)),
        _pair("solve, 200x200 and 200x10", lambda: gt.linalg.solve(ga, gb), lambda: np.linalg.solve(a, b)),
        _pair("inv, 200x200", lambda: gt.linalg.inv(ga), lambda: np.linalg.inv(a)),
        _pair("inv, 200x200 complex", lambda: gt.linalg.inv(gz), lambda: np.linalg.inv(z)),
        _pair("det, 10^4 stacked 4x4", lambda: gt.linalg.det(gstack), lambda: np.linalg.det(stack)),
        _pair("inv, 10^4 stacked 4x4", lambda: gt.linalg.inv(gstack), lambda: np.linalg.inv(stack)),
        _pair("svd, 200x200", lambda: gt.linalg.svd(ga), lambda: np.linalg.svd(a)),
        _pair("svdvals, 200x200", lambda: gt.linalg.svdvals(ga), lambda: np.linalg.svd(a, compute_uv=False)),
        _pair("matrix_rank, 200x200", lambda: gt.linalg.matrix_rank(ga), lambda: np.linalg.matrix_rank(a)),
        _pair("eigh, 200x200", lambda: gt.linalg.eigh(gspd), lambda: np.linalg.eigh(spd)),
        _pair("eigvalsh, 200x200", lambda: gt.linalg.eigvalsh(gspd), lambda: np.linalg.eigvalsh(spd)),
        _pair("cholesky, 200x200", lambda: gt.linalg.cholesky(gspd), lambda: np.linalg.cholesky(spd)),
        _pair("qr, 200x200", lambda: gt.linalg.qr(ga), lambda: np.linalg.qr(a)),
        _pair("pinv, 200x100", lambda: gt.linalg.pinv(gtall), lambda: np.linalg.pinv(tall)),
        _pair("lstsq, 200x100 and 200", lambda: gt.linalg.lstsq(gtall, ga[:, 0]), lambda: np.linalg.lstsq(tall, a[:, 0]), LSTSQ_GOAL),
        _pair("vector_norm, 10^6", lambda: gt.linalg.vector_norm(gvector), lambda: np.linalg.norm(vector)),
    ]


def main() -> int:
    return main_of(cases, __doc__ or "")


if __name__ == "__main__":
    raise SystemExit(main())
