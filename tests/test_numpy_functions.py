"""NumPy's functions on tensors against the same calls on NumPy arrays.

Every call runs twice: on tensors (NumPy dispatches to gentensor through
``__array_function__`` / ``__array_ufunc__``) and on NumPy arrays of the same
values.  The results must agree -- exactly where NumPy's result is integral,
to rounding where NumPy rounds (gentensor is exact there: integer data gives
rationals, checked separately).  Then: every gentensor function that has a
NumPy counterpart is reachable through NumPy, and every NumPy function a
user types daily either works on tensors or raises with a specific hint.
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace
from typing import Any, Callable

import pytest

import gentensor as gt
from gentensor import _hints
from gentensor import _numpy_protocol as proto
from gentensor.linalg import _HINTS as LINALG_HINTS
from tests.numpy_oracle import assert_agree, exact, plain

np = pytest.importorskip("numpy")

RAW = {
    "X": [[3, 1, 2], [0, 5, 4]],
    "S": [[2, 1], [1, 3]],
    "V": [1, 2, 3],
    "W": [3, 1, 4, 1, 5, 9, 2, 6],
    "B": [0, 2, 2, 5, 1],
    "F": [[1.5, -2.0, 0.25], [4.0, float("nan"), 1.0]],
    "G": [0.5, 2.0, -1.0],
    "C": [1 + 2j, -1j],
    "T": [[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], [[12, 13, 14, 15], [16, 17, 18, 19], [20, 21, 22, 23]]],
    "P": [0, 1, 2],
    "N": [float("nan"), -1.0, 0.0, 2.0],
}


def operands(kind: str) -> SimpleNamespace:
    if kind == "numpy":
        return SimpleNamespace(**{k: np.asarray(v) for k, v in RAW.items()})
    return SimpleNamespace(**{k: gt.tensor(v) for k, v in RAW.items()})


#: id -> a NumPy call on the operands (tensors or arrays).
CALLS: dict[str, Callable[[Any], Any]] = {
    # order statistics and weights (exact for integer data)
    "median": lambda d: np.median(d.X),
    "median_axis": lambda d: np.median(d.X, axis=1, keepdims=True),
    "quantile": lambda d: np.quantile(d.W, [0.0, 0.25, 0.5, 0.875, 1.0]),
    "quantile_method": lambda d: np.quantile(d.W, 0.375, method="median_unbiased"),
    "quantile_lower": lambda d: np.quantile(d.X, 0.5, axis=0, method="lower"),
    "percentile": lambda d: np.percentile(d.W, [12.5, 50, 75]),
    "percentile_nearest": lambda d: np.percentile(d.X, 50, axis=1, method="nearest"),
    "average": lambda d: np.average(d.X),
    "average_weights": lambda d: np.average(d.X, axis=1, weights=d.V),
    "average_returned": lambda d: np.average(d.X, axis=0, weights=d.X + 1, returned=True),
    "ptp": lambda d: np.ptp(d.X, axis=1),
    # membership, counting, closeness
    "isin": lambda d: np.isin(d.X, d.V),
    "isin_invert": lambda d: np.isin(d.W, d.V, invert=True),
    "bincount": lambda d: np.bincount(d.B),
    "bincount_weights": lambda d: np.bincount(d.B, weights=d.W[:5], minlength=8),
    "isclose": lambda d: np.isclose(d.G, d.G + 1e-9),
    "isclose_tol": lambda d: np.isclose(d.X, d.X + 1, atol=1),
    "isclose_nan": lambda d: np.isclose(d.F, d.F, equal_nan=True),
    "allclose": lambda d: np.allclose(d.G, d.G * (1 + 1e-7)),
    "allclose_false": lambda d: np.allclose(d.X, d.X + 1),
    # products of polynomials
    "convolve": lambda d: np.convolve(d.W, d.V),
    "convolve_same": lambda d: np.convolve(d.V, d.W, mode="same"),
    "convolve_valid": lambda d: np.convolve(d.W, d.V, mode="valid"),
    "polymul": lambda d: np.polymul(d.V, d.V),
    "polymul_leading_zero": lambda d: np.polymul(d.P, d.V),
    # NumPy's defaults where they are not gentensor's (the first two axes; all axes of both)
    "trace_3d": lambda d: np.trace(d.T),
    "trace_3d_offset": lambda d: np.trace(d.T, offset=1, axis1=1, axis2=2),
    "diagonal_3d": lambda d: np.diagonal(d.T),
    "diagonal_3d_axes": lambda d: np.diagonal(d.T, axis1=2, axis2=0),
    "inner_2d": lambda d: np.inner(d.X, d.X),
    "inner_3d_2d": lambda d: np.inner(d.T, d.T[0]),
    "inner_scalar": lambda d: np.inner(2, d.X),
    "vdot_2d": lambda d: np.vdot(d.X, d.X),
    "vdot_complex": lambda d: np.vdot(d.C, d.C),
    "heaviside_nan": lambda d: np.heaviside(d.N, 0.5),
    "divmod_floats": lambda d: np.divmod(d.G, 0.75),
    "divmod_ints": lambda d: np.divmod(d.W, 3),
    "divmod_ints_by_float": lambda d: np.divmod(d.W, 2.5),
    "polymul_scalar": lambda d: np.polymul(2, d.V),
    "correlate": lambda d: np.correlate(d.W, d.V),
    "correlate_full": lambda d: np.correlate(d.W, d.V, "full"),
    "polyval": lambda d: np.polyval(d.V, 3),
    "polyval_array": lambda d: np.polyval(d.V, d.W),
    # padding and diagonals
    "pad": lambda d: np.pad(d.X, 1),
    "pad_constant": lambda d: np.pad(d.X, ((1, 0), (2, 1)), constant_values=((7, 8), (9, 6))),
    "pad_edge": lambda d: np.pad(d.X, (2, 3), mode="edge"),
    "pad_reflect": lambda d: np.pad(d.V, 5, mode="reflect"),
    "pad_symmetric": lambda d: np.pad(d.X, ((3, 1), (4, 2)), mode="symmetric"),
    "pad_wrap": lambda d: np.pad(d.X, ((2, 3), (4, 0)), "wrap"),
    "diag": lambda d: np.diag(d.X),
    "diag_k": lambda d: np.diag(d.X, 1),
    "diag_vector": lambda d: np.diag(d.V, -2),
    "diagflat": lambda d: np.diagflat(d.S),
    "ediff1d": lambda d: np.ediff1d(d.X),
    # shapes, joining, cutting
    "array_split": lambda d: np.array_split(d.W, 3),
    "array_split_indices": lambda d: np.array_split(d.W, [2, 5]),
    "array_split_axis": lambda d: np.array_split(d.X, 2, axis=1),
    "hsplit": lambda d: np.hsplit(d.W, 4),
    "vsplit": lambda d: np.vsplit(d.X, 2),
    "dsplit": lambda d: np.dsplit(np.reshape(d.W, (1, 2, 4)), 2),
    "fliplr": lambda d: np.fliplr(d.X),
    "flipud": lambda d: np.flipud(d.X),
    "rot90": lambda d: np.rot90(d.X),
    "rot90_2": lambda d: np.rot90(d.X, 2),
    "rot90_3": lambda d: np.rot90(d.X, -1, axes=(1, 0)),
    "append": lambda d: np.append(d.X, d.V),
    "append_axis": lambda d: np.append(d.X, [d.V], axis=0),
    "delete": lambda d: np.delete(d.W, [0, 3, -1]),
    "delete_slice": lambda d: np.delete(d.X, slice(0, 2), axis=1),
    "delete_int": lambda d: np.delete(d.X, 1, axis=0),
    "partition": lambda d: np.sort(np.partition(d.W, 3)),
    "argpartition": lambda d: np.sort(np.take(d.W, np.argpartition(d.W, 3))),
    "extract": lambda d: np.extract(d.X > 1, d.X),
    "compress": lambda d: np.compress([True, False, True], d.X, axis=1),
    "array_equiv": lambda d: np.array_equiv(d.X, d.X),
    "array_equiv_broadcast": lambda d: np.array_equiv(np.ones((2, 3), dtype=int), [1, 1, 1]),
    "broadcast_arrays": lambda d: np.broadcast_arrays(d.X, d.V),
    "meshgrid": lambda d: np.meshgrid(d.V, d.W[:2]),
    "meshgrid_ij": lambda d: np.meshgrid(d.V, d.W[:2], indexing="ij"),
    "shares_memory": lambda d: np.shares_memory(d.X, d.X[0]),
    "may_share_memory": lambda d: np.may_share_memory(d.X, np.flip(d.X)),
    "fix": lambda d: np.fix(d.G),
    "real": lambda d: np.real(d.C),
    "imag": lambda d: np.imag(d.C),
    # sets
    "union1d": lambda d: np.union1d(d.W, d.V),
    "intersect1d": lambda d: np.intersect1d(d.W, d.X),
    "setdiff1d": lambda d: np.setdiff1d(d.W, d.V),
    "setxor1d": lambda d: np.setxor1d(d.W, d.V),
    # linear algebra
    "norm": lambda d: np.linalg.norm(d.G),
    "norm_matrix": lambda d: np.linalg.norm(d.G[:2] * np.reshape(d.G[:2], (2, 1))),
    "norm_ord": lambda d: np.linalg.norm(d.S, 1),
    "norm_axis": lambda d: np.linalg.norm(d.X, axis=0),
    "norm_axes": lambda d: np.linalg.norm(np.reshape(d.W, (2, 2, 2)), ord=np.inf, axis=(0, 2)),
    "norm_inf": lambda d: np.linalg.norm(d.V, np.inf),
    "multi_dot": lambda d: np.linalg.multi_dot([d.S, d.S, d.S]),
    "lstsq": lambda d: np.linalg.lstsq(d.S, d.V[:2])[0],
    # ufuncs gentensor spells another way
    "fabs": lambda d: np.fabs(d.G),
    "divmod": lambda d: np.divmod(d.W, 3),
    "matvec": lambda d: np.matvec(d.X, d.V),
    "vecmat": lambda d: np.vecmat(d.V[:2], d.X),
    "fmax": lambda d: np.fmax(d.F, 1.0),
    "fmin": lambda d: np.fmin(d.F, d.F[::-1]),
    "heaviside": lambda d: np.heaviside(d.G, 0.5),
    "exp2": lambda d: np.exp2(d.V),
    "deg2rad": lambda d: np.deg2rad(d.G),
    "radians": lambda d: np.radians(d.V),
    "rad2deg": lambda d: np.rad2deg(d.G),
    "degrees": lambda d: np.degrees(d.G),
    # dtypes, and creation with like=
    "astype": lambda d: np.astype(d.X, np.float64),
    "astype_name": lambda d: np.astype(d.X, "float64"),
    "result_type": lambda d: np.result_type(d.X, np.float64) == np.float64 if isinstance(d.X, np.ndarray) else np.result_type(d.X, np.float64) is gt.floats,
    "can_cast": lambda d: np.can_cast(d.X, np.float64),
    "zeros_like_arg": lambda d: np.zeros((2, 3), dtype=np.int64, like=d.X),
    "ones": lambda d: np.ones(3, dtype=np.float64, like=d.X),
    "empty_shape": lambda d: np.empty((0, 2), like=d.X).shape,
    "full": lambda d: np.full((2, 2), 7, like=d.X),
    "eye": lambda d: np.eye(3, k=1, dtype=np.int64, like=d.X),
    "identity": lambda d: np.identity(2, dtype=np.int64, like=d.X),
    "arange": lambda d: np.arange(2, 11, 3, like=d.X),
    "asarray": lambda d: np.asarray([[1, 2]], like=d.X),
    "linspace": lambda d: np.linspace(np.reshape(d.V[:1], ()), 5, 5, endpoint=False),
    "linspace_tensor": lambda d: np.linspace(0, np.reshape(d.V[1:2], ()), 5, retstep=True),
}

#: Calls NumPy answers in floats where gentensor is exact (integer data): the values agree, gentensor's are exact.
EXACT_WHERE_NUMPY_ROUNDS = {
    "median", "median_axis", "quantile", "quantile_method", "percentile", "average", "average_weights",
    "average_returned", "bincount_weights", "diag_vector", "exp2", "lstsq", "norm_ord", "norm_inf", "linspace_tensor",
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_numpy_call_on_tensors_agrees_with_numpy_on_arrays(name: str) -> None:
    tensors, arrays = operands("gentensor"), operands("numpy")
    before = {k: repr(v.tolist()) for k, v in vars(tensors).items()}  # repr: NaN equals itself
    got = CALLS[name](tensors)
    want = CALLS[name](arrays)
    assert not isinstance(got, np.ndarray), f"{name}: a NumPy array came back (the call did not reach gentensor)"
    assert_agree(plain(got), plain(want))
    if name in EXACT_WHERE_NUMPY_ROUNDS:
        assert exact(plain(got)), (name, got)
    assert {k: repr(v.tolist()) for k, v in vars(tensors).items()} == before  # inputs unchanged


def test_results_are_tensors_in_the_exact_ring() -> None:
    x = gt.tensor([[3, 1, 2], [0, 5, 4]])
    assert isinstance(np.quantile(x, [0.5]), gt.Tensor) and np.quantile(x, [0.5]).ops is gt.rationals
    assert np.median(gt.tensor([10**30, 10**30 + 1])) == Fraction(2 * 10**30 + 1, 2)  # NumPy: object or overflow
    assert np.convolve(gt.tensor([2**70, 1]), gt.tensor([2**70, -1])).tolist() == [2**140, 0, -1]
    assert np.bincount(gt.tensor([0, 1, 1]), weights=gt.tensor([Fraction(1, 3)] * 3)).tolist() == [Fraction(1, 3), Fraction(2, 3)]
    assert np.pad(x.astype(gt.rationals), 1, constant_values=Fraction(1, 2))[0, 0] == Fraction(1, 2)
    with pytest.raises(gt.ArgumentTypeError, match="no exact value"):
        np.pad(x, 1, constant_values=0.5)
    assert np.isclose(gt.tensor([Fraction(1, 3)]), gt.tensor([Fraction(1, 3) + Fraction(1, 10**20)]), rtol=0, atol=0).tolist() == [False]
    assert np.linalg.norm(gt.tensor([1, 1])) == gt.sqrt(gt.tensor([2]).astype(gt.symbolic)).item()


#: NumPy functions a NumPy user types every day (reductions, shapes, sets, statistics, linear algebra, ...).
DAILY = """
sum prod mean std var min max amin amax argmin argmax cumsum cumprod diff median percentile quantile average
ptp all any count_nonzero sort argsort unique where nonzero argwhere searchsorted clip round abs sqrt exp log
sin cos maximum minimum floor ceil reshape ravel transpose squeeze expand_dims flip fliplr flipud rot90 roll
concatenate stack vstack hstack dstack column_stack split array_split hsplit vsplit tile repeat append insert
delete pad diag diagonal trace tril triu zeros_like ones_like full_like empty_like dot matmul outer inner kron
cross einsum tensordot meshgrid isin bincount allclose isclose convolve correlate array_equal array_equiv shape
ndim size copy atleast_1d atleast_2d take take_along_axis histogram polyval polymul cumulative_sum sign square
power mod gcd lcm isnan isinf isfinite nanmax nanmin nansum nanmean nanmedian nanstd interp linspace
broadcast_to broadcast_arrays moveaxis swapaxes partition argpartition union1d intersect1d setdiff1d vdot
fill_diagonal flatnonzero diagflat vander trapezoid cov corrcoef real imag conj angle nan_to_num unravel_index
ix_ resize select apply_along_axis floor_divide divide negative cbrt exp2 heaviside fmax fmin fabs deg2rad
fix rint around astype result_type digitize gradient ediff1d extract compress trim_zeros rollaxis lexsort
""".split()
DAILY_LINALG = "det inv solve norm matrix_rank eig eigvals eigh eigvalsh qr matrix_power pinv lstsq cholesky svd multi_dot cond slogdet".split()


def _reachable(name: str) -> bool:
    func = getattr(np, name, None)
    if isinstance(func, np.ufunc):
        return func.__name__ in proto.UFUNCS
    return name in proto.FUNCTIONS


def test_every_daily_numpy_function_works_or_hints() -> None:
    silent = []
    for name in DAILY:
        if not _reachable(name) and not (proto.REFUSED.get(name) or _hints.hint(name)):
            silent.append(name)
    for name in DAILY_LINALG:
        if f"linalg.{name}" not in proto.FUNCTIONS and not (proto.REFUSED.get(f"linalg.{name}") or LINALG_HINTS.get(name)):
            silent.append(f"linalg.{name}")
    assert not silent, f"NumPy functions that neither work on tensors nor name an alternative: {silent}"
    working = [n for n in DAILY if _reachable(n)] + [n for n in DAILY_LINALG if f"linalg.{n}" in proto.FUNCTIONS]
    assert len(working) >= 0.8 * (len(DAILY) + len(DAILY_LINALG)), len(working)


@pytest.mark.parametrize("name", [n for n in DAILY if not _reachable(n)])
def test_a_refused_daily_function_names_its_alternative(name: str) -> None:
    func = getattr(np, name)
    x = gt.tensor([[1, 2], [3, 4]])
    with pytest.raises(TypeError) as info:
        if isinstance(func, np.ufunc):
            func(x)
        else:  # what NumPy hands to the tensor, whatever the other arguments
            proto.array_function(func, (gt.Tensor,), (x,), {})
    text = str(info.value)
    assert text.startswith(f"numpy.{getattr(func, '__name__', name)}: not implemented for gentensor tensors; use "), text
    assert "the gentensor function of the same purpose" not in text, text


#: gentensor names with a NumPy namesake that NumPy never hands to __array_function__ (no array argument).
NOT_DISPATCHED = {"get_printoptions", "isdtype", "load", "printoptions"}


def test_every_gentensor_function_with_a_numpy_namesake_is_reachable() -> None:
    missing = []
    for space, npspace, prefix in ((gt, np, ""), (gt.linalg, np.linalg, "linalg.")):
        for name in space.__all__:
            theirs = getattr(npspace, name, None)
            if theirs is None or isinstance(theirs, type) or not callable(theirs) or prefix + name in NOT_DISPATCHED:
                continue
            if isinstance(theirs, np.ufunc):
                if theirs.__name__ not in proto.UFUNCS:
                    missing.append(prefix + name)
            elif prefix + name not in proto.FUNCTIONS and prefix + name not in proto.REFUSED:
                missing.append(prefix + name)
    assert not missing, missing


def test_refused_namesakes_say_why() -> None:
    with pytest.raises(TypeError, match=r"numpy.save: .*gt.save\(path, x\) \(gentensor's exact format\)"):
        np.save("/nonexistent/never-written.npy", gt.tensor([1]))
    with pytest.raises(TypeError, match=r"numpy.linalg.eigvals: .*gt.linalg.eigenvals"):
        np.linalg.eigvals(gt.tensor([[1, 0], [0, 2]]))
