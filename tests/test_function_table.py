"""The table of element-wise functions (gentensor/compute/_table.py) and the functions made from it.

Each row is one public function of its module, bound once, typed by its
form, documented from the row (examples run as doctests), dispatched to the
engine under its own name; each alias is the same object under a second
name, and every pair of public names bound to one object is declared; the
IEEE rules a row states for floats hold, and agree with NumPy.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import math
import pickle
from collections import defaultdict
from typing import Any

import numpy as np
import pytest

import gentensor as gt
from gentensor.compute import _maker, _table
from gentensor.compute._table import BINARY, BINARY_PARALLEL, BOOL, CUSTOM, LOGICAL, ROWS, UNARY, UNARY_PARALLEL

MODULES = ("elementwise", "transcendental", "elementary", "bitwise")
MADE = [r for r in ROWS if r.form != CUSTOM]


def module_of(name: str) -> Any:
    return importlib.import_module(f"gentensor.compute.{name}")


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
def test_each_row_is_one_public_function_of_its_module(row: _table.Row) -> None:
    f = getattr(module_of(row.module), row.name)
    assert f is getattr(gt, row.name)
    assert row.name in module_of(row.module).__all__
    assert (f.__name__, f.__qualname__, f.__module__) == (row.name, row.name, f"gentensor.compute.{row.module}")
    assert pickle.loads(pickle.dumps(f)) is f  # by reference, through its public module
    assert f.__doc__ == _maker.docstring(row)
    for call, output in row.examples:
        assert (f">>> {call}\n{output}" if output else f">>> {call}") in f.__doc__


def test_the_element_wise_modules_hold_table_functions_only() -> None:
    declared = {r.name for r in ROWS} | {a for r in ROWS for a, _, _ in r.aliases}
    public = {n for m in MODULES for n in module_of(m).__all__}
    assert public - declared == {"map"}  # map applies a user's function: no row
    assert len({r.name for r in ROWS}) == len(ROWS)


def test_every_alias_in_the_namespace_is_one_object_declared_once() -> None:
    names = defaultdict(list)
    for n in gt.__all__:
        names[id(getattr(gt, n))].append(n)
    groups = [sorted(g) for g in names.values() if len(g) > 1]
    table = [sorted([r.name, *(a for a, _, _ in r.aliases)]) for r in ROWS if r.aliases]
    for r in ROWS:
        for alias, module, _ in r.aliases:
            assert getattr(gt, alias) is getattr(gt, r.name) is getattr(module_of(module), alias)
            assert alias in module_of(module).__all__
    functions = [g for g in groups if callable(getattr(gt, g[0])) and not isinstance(getattr(gt, g[0]), gt.BaseOps)]
    assert sorted(functions) == sorted(table), "a function under two public names is not declared in the table"
    # The rest are the dtype names of the built-in ops (gt.int64 is gt.integers, ...).
    assert all(isinstance(getattr(gt, g[0]), gt.BaseOps) for g in groups if g not in functions)


PROTOCOLS = {UNARY: "Unary", BINARY: "Binary", UNARY_PARALLEL: "UnaryParallel", BINARY_PARALLEL: "BinaryParallel",
             LOGICAL: "Binary"}


@pytest.mark.parametrize("row", MADE, ids=lambda r: r.name)
def test_the_binding_is_typed_by_the_form(row: _table.Row) -> None:
    result = "bool" if row.result == BOOL else "Any"
    assert _maker.__annotations__[row.name] == f"{PROTOCOLS[row.form]}[{result}]"
    f = getattr(gt, row.name)
    assert inspect.signature(f).return_annotation == f"Tensor[Any] | {result}"
    protocol = getattr(_maker, PROTOCOLS[row.form])
    expected = [(p.name, p.kind, p.default) for p in inspect.signature(protocol.__call__).parameters.values()][1:]
    assert [(p.name, p.kind, p.default) for p in inspect.signature(f).parameters.values()] == expected


def test_each_function_has_its_doctest_collected_in_its_module() -> None:
    for r in ROWS:
        found = {t.name for t in doctest.DocTestFinder().find(module_of(r.module)) if t.examples}
        assert f"gentensor.compute.{r.module}.{r.name}" in found
    aliases = {t.name for t in doctest.DocTestFinder().find(_maker) if t.examples}
    assert aliases == {f"gentensor.compute._maker.__test__.{a}" for r in ROWS for a, _, _ in r.aliases}


# -- the engine dispatches packed kernels by the name it is given -----------------------------------------
class Recorder:
    def __init__(self) -> None:
        self.names: list[str] = []

    def __call__(self, name: str, *args: Any, **kwargs: Any) -> Any:
        self.names.append(name)
        return None


@pytest.mark.parametrize("row", MADE, ids=lambda r: r.name)
def test_the_engine_gets_the_row_name(row: _table.Row, monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder()
    monkeypatch.setattr(_maker, "unary", recorder)
    monkeypatch.setattr(_maker, "binary", recorder)
    f = getattr(gt, row.name)
    operands = [gt.tensor([1, 2])] * (1 if row.form in (UNARY, UNARY_PARALLEL) else 2)
    f(*operands)
    assert recorder.names == [row.name]
    if row.form == LOGICAL:  # two masks: the bitwise function (and its packed kernel)
        f(gt.tensor([True, False]), gt.tensor([True, True]))
        assert recorder.names == [row.name, row.booleans_as]


# -- IEEE 754 for floats, as NumPy ---------------------------------------------------------------------
NUMPY = {"asin": "arcsin", "acos": "arccos", "atan": "arctan", "asinh": "arcsinh", "acosh": "arccosh",
         "atanh": "arctanh", "atan2": "arctan2", "conj": "conjugate"}
IEEE = [(r, args, value) for r in ROWS for args, value in r.ieee]


def same_float(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("row, args, value", IEEE, ids=[f"{r.name}{a}" for r, a, _ in IEEE])
def test_the_ieee_rules_hold_and_agree_with_numpy(row: _table.Row, args: tuple[float, ...], value: Any) -> None:
    f = getattr(gt, row.name)
    got = f(*(gt.tensor([a]) for a in args)).tolist()[0]
    assert same_float(got, value), (got, value)
    with np.errstate(all="ignore"):
        theirs = getattr(np, NUMPY.get(row.name, row.name))(*(np.float64(a) for a in args))
    assert same_float(got, theirs.item()), (got, theirs)
    assert f"``{row.name}({', '.join(map(repr, args))})`` is ``{value!r}``" in f.__doc__


# -- the API pages ---------------------------------------------------------------------------------------
def test_the_pages_show_each_function_once_and_each_alias_as_its_own_entry() -> None:
    conj = gt.conj
    assert _maker.api_docstring("gentensor.compute.elementary", "conj", conj) == conj.__doc__
    alias = _maker.api_docstring("gentensor.compute.elementary", "conjugate", conj)
    assert alias is not None and alias.startswith("``conjugate`` is NumPy's and SymPy's name of [`conj`]")
    assert _maker.api_docstring("gentensor.compute.calculus", "conjugate", conj) is None  # another binding
    assert _maker.api_docstring("gentensor.compute.elementwise", "map", gt.map) is None
    assert _maker.api_docstring("gentensor.compute.elementwise", "power", gt.power) == gt.power.__doc__


def test_documented_refuses_a_function_that_is_not_its_custom_row() -> None:
    def sqrt(x: Any, /) -> Any:
        return x

    with pytest.raises(RuntimeError, match="is not the CUSTOM row"):
        _maker.documented(sqrt)
