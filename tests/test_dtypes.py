"""Dtypes are ops: aliases, ``x.dtype``, result_type, can_cast, isdtype, iinfo/finfo, the info namespace, conversions."""

from __future__ import annotations

import math
import operator
import sys
from fractions import Fraction

import pytest

import gentensor as gt
from toyring import Gauss, gaussian

ALL_OPS = [gt.booleans, gt.integers, gt.rationals, gt.floats, gt.complexes, gt.symbolic, gt.objects, gt.modular(7), gaussian]


def test_aliases_are_the_builtin_ops() -> None:
    for name in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"):
        assert getattr(gt, name) is gt.integers
    assert gt.float32 is gt.float64 is gt.floats and gt.complex64 is gt.complex128 is gt.complexes
    assert gt.bool is gt.booleans
    assert gt.tensor([1]).dtype is gt.int64 and gt.tensor([True]).dtype is gt.bool
    # unbounded: no wraparound where a fixed-width int64 would overflow
    assert (gt.tensor([2**62], dtype=gt.int64) * 4).tolist() == [2**64]


@pytest.mark.parametrize("ops", ALL_OPS, ids=str)
def test_dtype_is_ops(ops: object) -> None:
    x = gt.tensor([ops.one], ops=ops)
    assert x.dtype is x.ops is ops and x.device == "cpu"


def test_result_type_follows_promotion() -> None:
    assert gt.result_type(gt.int64, gt.float64) is gt.floats
    assert gt.result_type(gt.tensor([1]), Fraction(1, 2)) is gt.rationals
    assert gt.result_type(gt.tensor([True]), gt.tensor([1])) is gt.integers
    assert gt.result_type(gt.modular(5), 3) is gt.modular(5)
    assert gt.result_type("rationals", int) is gt.rationals
    with pytest.raises(gt.OpsMismatchError, match="result_type"):
        gt.result_type(gt.modular(5), gt.modular(7))
    with pytest.raises(TypeError):
        gt.result_type()


@pytest.mark.parametrize("a", ALL_OPS, ids=str)
@pytest.mark.parametrize("b", ALL_OPS, ids=str)
def test_can_cast_agrees_with_result_ops(a: object, b: object) -> None:
    try:
        expected = gt.result_ops(a, b) is b
    except gt.OpsMismatchError:
        expected = False
    assert gt.can_cast(a, b) is expected
    assert gt.can_cast(a, a) is True


def test_can_cast_examples() -> None:
    assert gt.can_cast(gt.bool, gt.int64) and gt.can_cast(gt.int64, gt.float64) and gt.can_cast(gt.float64, gt.symbolic)
    assert not gt.can_cast(gt.float64, gt.int64) and not gt.can_cast(gt.complex128, gt.float64)
    assert gt.can_cast(gt.tensor([1]), gt.rationals)


KINDS = {
    gt.booleans: {"bool"},
    gt.integers: {"signed integer", "integral", "numeric"},
    gt.rationals: {"numeric", "rational"},
    gt.floats: {"real floating", "numeric"},
    gt.complexes: {"complex floating", "numeric"},
    gt.symbolic: {"symbolic"},
    gt.objects: {"object"},
    gt.modular(7): {"numeric", "modular"},
    gaussian: {"user"},
}
KIND_NAMES = ["bool", "signed integer", "unsigned integer", "integral", "real floating", "complex floating",
              "numeric", "rational", "symbolic", "modular", "object", "user"]


@pytest.mark.parametrize("ops", ALL_OPS, ids=str)
def test_isdtype_reads_the_capability_kind(ops: object) -> None:
    for kind in KIND_NAMES:
        assert gt.isdtype(ops, kind) is (kind in KINDS[ops]), (ops, kind)
    assert gt.isdtype(ops, ops) and gt.isdtype(ops, ("bool", ops))
    assert gt.isdtype(ops, tuple(KIND_NAMES)) is bool(KINDS[ops])


def test_isdtype_refuses_unknown_kinds() -> None:
    with pytest.raises(ValueError, match="unknown kind"):
        gt.isdtype(gt.int64, "integer")


def test_iinfo_and_finfo() -> None:
    info = gt.iinfo(gt.modular(256))
    assert (info.bits, info.min, info.max, info.dtype) == (8, 0, 255, gt.modular(256))
    assert gt.iinfo(gt.tensor([1], ops=gt.modular(5))).max == 4
    # integers are unbounded: infinite limits, so every range check a client makes is exact
    for alias in (gt.int8, gt.int64, gt.uint64, gt.tensor([1])):
        assert gt.iinfo(alias) == (math.inf, math.inf, -math.inf, gt.integers)
    assert -(2**4000) > gt.iinfo(gt.int64).min and 2**4000 < gt.iinfo(gt.int64).max
    with pytest.raises(gt.DomainError, match="needs an integer ops"):
        gt.iinfo(gt.rationals)
    with pytest.raises(gt.DomainError):
        gt.iinfo(gt.floats)
    f = gt.finfo(gt.float64)
    assert (f.bits, f.eps, f.max, f.min, f.smallest_normal) == (
        64, sys.float_info.epsilon, sys.float_info.max, -sys.float_info.max, sys.float_info.min
    )
    assert gt.finfo(gt.complex128).dtype is gt.floats and gt.finfo(gt.tensor([1.0])).eps == f.eps
    for exact in (gt.integers, gt.rationals, gt.symbolic):
        with pytest.raises(gt.DomainError, match="finfo"):
            gt.finfo(exact)


def test_namespace_info() -> None:
    info = gt.__array_namespace_info__()
    assert info.capabilities() == {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}
    assert info.default_device() == "cpu" and info.devices() == ["cpu"]
    assert info.default_dtypes() == {
        "real floating": gt.floats, "complex floating": gt.complexes, "integral": gt.integers, "indexing": gt.integers
    }
    assert set(info.dtypes()) == {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                                  "float32", "float64", "complex64", "complex128"}
    assert set(info.dtypes(kind="integral")) == {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}
    assert info.dtypes(kind="bool") == {"bool": gt.booleans}
    with pytest.raises(ValueError):
        info.dtypes(device="gpu")


def test_array_namespace_and_versions() -> None:
    x = gt.tensor([1])
    for v in (None, "2021.12", "2022.12", "2023.12", "2024.12"):
        assert x.__array_namespace__(api_version=v) is gt
    with pytest.raises(ValueError, match="version"):
        x.__array_namespace__(api_version="2099.12")
    xp = x.__array_namespace__()
    assert xp.sum(xp.asarray([1, 2, 3], dtype=xp.int64)) == 6


def test_astype_function_and_method() -> None:
    x = gt.tensor([1, 2])
    assert gt.astype(x, gt.float64).tolist() == [1.0, 2.0]
    assert gt.astype(x, gt.int64, copy=False) is x and gt.astype(x, gt.int64) is not x
    assert x.astype(gt.rationals).ops is gt.rationals and x.astype(gt.integers, copy=False) is x
    with pytest.raises(TypeError):
        gt.astype(gt.tensor([0.5]), gt.int64)
    with pytest.raises(ValueError):
        gt.astype(x, gt.floats, device="gpu")


@pytest.mark.parametrize(
    "values, ops",
    [([0, 3, -2], gt.integers), ([Fraction(0), Fraction(1, 3)], gt.rationals), ([0.0, -0.0, 1.5, math.nan, math.inf], gt.floats),
     ([0j, 1j], gt.complexes), ([0, 3], gt.modular(5)), ([True, False], gt.booleans)],
)
def test_astype_to_bool_is_nonzero_as_numpy(values: list, ops: object) -> None:
    import numpy as np

    x = gt.tensor(values, ops=ops)
    got = gt.astype(x, gt.bool)
    assert got.ops is gt.booleans
    assert got.tolist() == np.asarray(values, dtype=object).astype(bool).tolist()


def test_astype_symbolic_to_bool_uses_the_zero_test() -> None:
    import sympy

    x = gt.tensor([sympy.Integer(0), sympy.sqrt(2) - 1, sympy.sqrt(8) - 2 * sympy.sqrt(2)], ops=gt.symbolic)
    assert gt.astype(x, gt.bool).tolist() == [False, True, False]


def test_scalar_conversions_of_one_element_tensors() -> None:
    assert int(gt.tensor([[3]])) == 3 and float(gt.tensor(Fraction(1, 2))) == 0.5 and complex(gt.tensor([2])) == 2
    assert operator.index(gt.tensor(4)) == 4 and bool(gt.tensor([0])) is False and bool(gt.tensor(2 < 3)) is True
    assert [10, 20, 30][gt.tensor(2)] == 30
    with pytest.raises(TypeError):
        int(gt.tensor([1, 2]))
    with pytest.raises(TypeError):
        operator.index(gt.tensor(1.0))


def test_constants() -> None:
    import math

    assert gt.e == math.e and gt.pi == math.pi and gt.inf == math.inf and math.isnan(gt.nan)
    assert gt.newaxis is None and gt.arange(3)[:, gt.newaxis].shape == (3, 1)


def test_gauss_elements_keep_their_ring() -> None:
    g = gt.tensor([Gauss(1, 1)], ops=gaussian)
    assert g.dtype is gaussian and gt.result_type(g, 2) is gaussian
