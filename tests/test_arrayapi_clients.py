"""Real Array API clients on tensors: every ``array_api_extra`` function and ``einops.array_api``.

Each client function runs twice, on gentensor tensors and on NumPy arrays of
the same values (``int64`` for the integers, ``float64`` for the floats and
as the approximation of the rationals), and the results must agree: exactly
where NumPy keeps integers, to rounding otherwise.  Where NumPy keeps
integers, gentensor keeps the rationals exact too.  A call that cannot work
on a kind of tensor (the client itself refuses the dtype, or asks for an
infinity inside an exact tensor) must fail with the error listed in
``REFUSED``, never give a wrong answer.
"""

from __future__ import annotations

import warnings
from fractions import Fraction as F
from typing import Any, Callable

import pytest

import gentensor as gt
from tests.numpy_oracle import assert_agree, exact, plain

np = pytest.importorskip("numpy")
xpx = pytest.importorskip("array_api_extra", reason="the test extra is not installed (pip install -e '.[test]')")
einops_xp = pytest.importorskip("einops.array_api", reason="the test extra is not installed (pip install -e '.[test]')")

DATA: dict[str, list[list[Any]]] = {
    "integers": [[3, -1, 4], [1, 0, 5], [-2, 6, 5]],
    "rationals": [[F(3, 2), -1, F(4, 3)], [1, 0, F(5, 7)], [F(-2, 9), 6, F(5, 7)]],
    "floats": [[1.5, -1.0, 0.25], [1.0, 0.0, 5.5], [-2.0, 6.0, 5.5]],
}
KINDS = list(DATA)


def operands(kind: str) -> tuple[Any, Any]:
    """The tensor and the NumPy array of the same values."""
    x = gt.tensor(DATA[kind])
    assert x.ops is getattr(gt, kind)
    dtype = np.int64 if kind == "integers" else np.float64
    return x, np.asarray([[float(v) if kind != "integers" else v for v in row] for row in DATA[kind]], dtype=dtype)


def quiet(f: Callable[[], Any]) -> Any:
    """Call ``f`` with the client's deprecation warnings silenced (deprecated names still count)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return f()


#: name (or name:variant) -> the call, given the namespace and the 3x3 operand.
CALLS: dict[str, Callable[[Any, Any], Any]] = {
    "angle": lambda xp, x: xpx.angle(x, xp=xp),
    "apply_where": lambda xp, x: xpx.apply_where(x > 0, (x, x), lambda a, b: a * b, fill_value=0, xp=xp),
    "argpartition": lambda xp, x: xpx.argpartition(xp.reshape(x, (9,)), 4, xp=xp),
    "at": lambda xp, x: xpx.at(x, (1, 2)).add(7, copy=True, xp=xp),
    "at:set": lambda xp, x: xpx.at(x, x > 1).set(0, copy=True, xp=xp),
    "atleast_nd": lambda xp, x: xpx.atleast_nd(x[0], ndim=3, xp=xp),
    "broadcast_shapes": lambda xp, x: quiet(lambda: xpx.broadcast_shapes(x.shape, (1, 3))),
    "cov": lambda xp, x: xpx.cov(x, xp=xp),
    "create_diagonal": lambda xp, x: xpx.create_diagonal(x[0], offset=1, xp=xp),
    "default_dtype": lambda xp, x: xpx.default_dtype(xp) == xp.float64,
    "deg2rad": lambda xp, x: xpx.deg2rad(x, xp=xp),
    "diag_indices": lambda xp, x: xpx.diag_indices(3, xp=xp),
    "expand_dims": lambda xp, x: quiet(lambda: xpx.expand_dims(x, axis=(0, 2), xp=xp)),
    "isclose": lambda xp, x: xpx.isclose(x, x + 1, atol=1, xp=xp),
    "isclose:rtol": lambda xp, x: xpx.isclose(x, x * 2, rtol=0.6, xp=xp),
    "isclose:self": lambda xp, x: xpx.isclose(x, x, xp=xp),
    "isin": lambda xp, x: xpx.isin(x, x[0], xp=xp),
    "isin:invert": lambda xp, x: xpx.isin(x, x[:, 0], invert=True, xp=xp),
    "kron": lambda xp, x: xpx.kron(x[:2, :2], x, xp=xp),
    "lazy_apply": lambda xp, x: xpx.lazy_apply(lambda a: a * 2, x, xp=xp),
    "nan_to_num": lambda xp, x: xpx.nan_to_num(x, xp=xp),
    "nanmax": lambda xp, x: xpx.nanmax(x, axis=0, xp=xp),
    "nanmin": lambda xp, x: xpx.nanmin(x, axis=1, xp=xp),
    "nansum": lambda xp, x: xpx.nansum(x, axis=0, xp=xp),
    "nanmean": lambda xp, x: xpx.nanmean(x, axis=1, xp=xp),
    "nunique": lambda xp, x: xpx.nunique(x, xp=xp),
    "one_hot": lambda xp, x: xpx.one_hot(xp.asarray([0, 2, 1]), 3, xp=xp),
    "pad": lambda xp, x: xpx.pad(x, 1, xp=xp),
    "pad:value": lambda xp, x: xpx.pad(x, (1, 2), constant_values=7, xp=xp),
    "partition": lambda xp, x: xpx.partition(xp.reshape(x, (9,)), 4, xp=xp),
    "rad2deg": lambda xp, x: xpx.rad2deg(x, xp=xp),
    "searchsorted": lambda xp, x: xpx.searchsorted(xp.sort(xp.reshape(x, (9,))), x[1], side="right", xp=xp),
    "setdiff1d": lambda xp, x: xpx.setdiff1d(x[0], x[1], xp=xp),
    "sinc": lambda xp, x: xpx.sinc(x, xp=xp),
    "tril_indices": lambda xp, x: xpx.tril_indices(3, offset=1, xp=xp),
    "triu_indices": lambda xp, x: xpx.triu_indices(3, xp=xp),
    "union1d": lambda xp, x: xpx.union1d(x[0], x[2], xp=xp),
    "unravel_index": lambda xp, x: xpx.unravel_index(xp.asarray([1, 4, 8]), (3, 3), xp=xp),
}

#: (name, kind) -> the error the call must raise on gentensor, and why it cannot apply.
REFUSED: dict[tuple[str, str], tuple[type[BaseException], str]] = {
    # the client itself accepts only the standard's floating dtypes (NumPy's ints are refused as well)
    ("sinc", "integers"): (ValueError, "real floating"),
    ("sinc", "rationals"): (ValueError, "real floating"),
    ("deg2rad", "rationals"): (TypeError, "floating"),
    ("rad2deg", "rationals"): (TypeError, "floating"),
    # isclose treats every non-floating dtype as fixed-width integers (int(atol), floor division);
    # rationals have no integer limits, so the client stops at iinfo instead of a wrong answer
    ("isclose", "rationals"): (gt.DomainError, "iinfo: needs an integer ops"),
    ("isclose:rtol", "rationals"): (gt.DomainError, "iinfo: needs an integer ops"),
    ("isclose:self", "rationals"): (gt.DomainError, "iinfo: needs an integer ops"),
    # nanmin/nanmax fill with -inf/inf in the input's dtype: an exact tensor holds no infinity
    ("nanmax", "integers"): (gt.ArgumentTypeError, "cannot convert -inf"),
    ("nanmin", "integers"): (gt.ArgumentTypeError, "cannot convert inf"),
    ("nanmax", "rationals"): (gt.ArgumentTypeError, "cannot convert -inf"),
    ("nanmin", "rationals"): (gt.ArgumentTypeError, "cannot convert inf"),
    # nanmean fills with nan in the dtype of the mean: exact means (rationals) hold no NaN
    ("nanmean", "integers"): (gt.ArgumentTypeError, "cannot convert nan"),
    ("nanmean", "rationals"): (gt.ArgumentTypeError, "cannot convert nan"),
}

#: The client's generic code mixes a float fill value into the tensor (``where(isnan(x), 0.0, x)``), so
#: exact input comes back as floats of the same values (NumPy's own nan_to_num, which the client calls
#: for NumPy arrays, keeps int64).
CLIENT_FLOATS = {"nan_to_num"}

#: Results that are a valid answer in many orders: compared by the property, not element by element.
PARTITIONS = {"partition", "argpartition"}


def integer_valued(value: Any) -> bool:
    """True when NumPy's result (on int64 data) holds only integers and booleans."""
    if isinstance(value, list):
        return all(integer_valued(v) for v in value)
    return isinstance(value, (bool, int)) and not isinstance(value, float)


def assert_partitioned(got: list[Any], values: list[Any], k: int, by_index: bool) -> None:
    picked = [values[i] for i in got] if by_index else got
    assert sorted(picked) == sorted(values)
    pivot = sorted(values)[k]
    assert picked[k] == pivot and all(v <= pivot for v in picked[:k]) and all(v >= pivot for v in picked[k:])


CASES = [(name, kind) for name in CALLS for kind in KINDS]


@pytest.mark.parametrize("name, kind", CASES, ids=[f"{n}-{k}" for n, k in CASES])
def test_array_api_extra_agrees_with_numpy(name: str, kind: str) -> None:
    x, a = operands(kind)
    call = CALLS[name]
    refused = REFUSED.get((name, kind))
    if refused is not None:
        error, text = refused
        with pytest.raises(error, match=text):
            call(gt, x)
        assert x.tolist() == DATA[kind]  # a refused call leaves its input alone
        return
    got = plain(call(gt, x))
    assert x.tolist() == DATA[kind]  # the client's functions never write into their input
    if name in PARTITIONS:
        values = x.reshape((9,)).tolist()
        assert_partitioned(got, values, 4, by_index=name == "argpartition")
        return
    want = plain(call(np, a))
    if name in CLIENT_FLOATS:
        want = [[float(v) for v in row] for row in want]
    elif kind == "rationals" and integer_valued(plain(call(np, operands("integers")[1]))):
        assert exact(got), f"{name}: rationals became inexact: {got}"
    assert_agree(got, want)


def test_every_array_api_extra_function_is_tried() -> None:
    public = {n for n in xpx.__all__ if callable(getattr(xpx, n))} - {"testing"}
    tried = {n.split(":")[0] for n in CALLS}
    assert public - tried == set(), "array_api_extra functions not run against gentensor"


@pytest.mark.xfail(
    strict=True,
    raises=AttributeError,
    reason="gentensor's reductions over all axes return the element itself, not a 0-d tensor (a documented "
    "deviation, docs/arrayapi.md); nanmean without an axis reads .dtype of that element",
)
def test_nanmean_without_axis() -> None:
    x, a = operands("floats")
    assert_agree(plain(xpx.nanmean(x, xp=gt)), plain(xpx.nanmean(a)))


def test_iinfo_answers_the_clients_range_question_exactly() -> None:
    # isclose asks whether 1/rtol exceeds the integer maximum; for unbounded ints it never does,
    # so a tolerance relative to a huge integer is honoured (a fixed int64 limit would drop it)
    big = 10**30
    x = gt.tensor([big, big])
    y = gt.tensor([big + 10**10, big + 10**12])
    assert xpx.isclose(x, y, rtol=1e-19, atol=0, xp=gt).tolist() == [True, False]


# -- einops.array_api ---------------------------------------------------------------------------------

EINOPS: dict[str, Callable[[Any], Any]] = {
    "rearrange": lambda x: einops_xp.rearrange(x, "a b -> b a"),
    "rearrange:split": lambda x: einops_xp.rearrange(x[:2], "a (b c) -> (a c) b", c=1),
    "reduce_sum": lambda x: einops_xp.reduce(x, "a b -> a", "sum"),
    "reduce_mean": lambda x: einops_xp.reduce(x, "a b -> b", "mean"),
    "reduce_max": lambda x: einops_xp.reduce(x, "a b -> b", "max"),
    "reduce_min": lambda x: einops_xp.reduce(x, "a b -> a", "min"),
    "reduce_prod": lambda x: einops_xp.reduce(x, "a b -> a", "prod"),
    "repeat": lambda x: einops_xp.repeat(x, "a b -> a b c", c=2),
    "pack": lambda x: einops_xp.pack([x, x[0]], "*")[0],
    "unpack": lambda x: einops_xp.unpack(einops_xp.pack([x, x[0]], "*")[0], [(3, 3), (3,)], "*"),
}
EINOPS_CASES = [(name, kind) for name in EINOPS for kind in KINDS]


@pytest.mark.parametrize("name, kind", EINOPS_CASES, ids=[f"{n}-{k}" for n, k in EINOPS_CASES])
def test_einops_array_api_agrees_with_numpy(name: str, kind: str) -> None:
    x, a = operands(kind)
    got, want = plain(EINOPS[name](x)), plain(EINOPS[name](a))
    if kind != "floats" and name != "reduce_mean":
        assert exact(got), got
    assert_agree(got, want)


def test_at_set_takes_an_element_as_a_zero_d_tensor() -> None:
    """docs/arrayapi.md: the client takes arrays and Python numbers; a Fraction element goes in as a 0-d tensor."""
    q = gt.tensor([[F(1, 2), 3], [-1, F(2, 3)]])
    with pytest.raises(TypeError):
        xpx.at(q)[0, 1].set(q[1, 1])
    assert xpx.at(q)[0, 1].set(gt.asarray(q[1, 1]), copy=True).tolist() == [[F(1, 2), F(2, 3)], [-1, F(2, 3)]]
    assert q.tolist() == [[F(1, 2), 3], [-1, F(2, 3)]]  # copy=True: the input is unchanged
    assert xpx.at(q)[0, 1].set(gt.asarray(q[1, 1])) is q  # the default may write in place, as on NumPy arrays
    assert q.tolist() == [[F(1, 2), F(2, 3)], [-1, F(2, 3)]]
