"""Every name of the Array API standard (2023.12, and the names 2024.12 adds) exists with a compatible signature.

The list below is kept here by hand (``fft`` aside).  Each entry is a
signature in the standard's notation: parameters before ``/`` are
positional-only, after ``*`` keyword-only, ``*name`` is variadic.  A
gentensor function is *compatible* when every call the standard allows works
on it: positional-only parameters at the same places (names free),
keyword-only parameters under the same names (positional-or-keyword is fine
too), positional-or-keyword ones at the same place and name, and no extra
parameter without a default.
"""

from __future__ import annotations

import inspect
import re

import pytest

import gentensor as gt
from gentensor import _methods

#: The standard's functions in the main namespace.
FUNCTIONS = """
abs(x, /)  acos(x, /)  acosh(x, /)  add(x1, x2, /)  asin(x, /)  asinh(x, /)  atan(x, /)  atan2(x1, x2, /)
atanh(x, /)  bitwise_and(x1, x2, /)  bitwise_left_shift(x1, x2, /)  bitwise_invert(x, /)  bitwise_or(x1, x2, /)
bitwise_right_shift(x1, x2, /)  bitwise_xor(x1, x2, /)  ceil(x, /)  clip(x, /, min, max)  conj(x, /)
copysign(x1, x2, /)  cos(x, /)  cosh(x, /)  divide(x1, x2, /)  equal(x1, x2, /)  exp(x, /)  expm1(x, /)
floor(x, /)  floor_divide(x1, x2, /)  greater(x1, x2, /)  greater_equal(x1, x2, /)  hypot(x1, x2, /)
imag(x, /)  isfinite(x, /)  isinf(x, /)  isnan(x, /)  less(x1, x2, /)  less_equal(x1, x2, /)  log(x, /)
log1p(x, /)  log2(x, /)  log10(x, /)  logaddexp(x1, x2, /)  logical_and(x1, x2, /)  logical_not(x, /)
logical_or(x1, x2, /)  logical_xor(x1, x2, /)  maximum(x1, x2, /)  minimum(x1, x2, /)  multiply(x1, x2, /)
negative(x, /)  nextafter(x1, x2, /)  not_equal(x1, x2, /)  positive(x, /)  pow(x1, x2, /)  real(x, /)
reciprocal(x, /)  remainder(x1, x2, /)  round(x, /)  sign(x, /)  signbit(x, /)  sin(x, /)  sinh(x, /)
square(x, /)  sqrt(x, /)  subtract(x1, x2, /)  tan(x, /)  tanh(x, /)  trunc(x, /)
arange(start, /, stop, step, *, dtype, device)  asarray(obj, /, *, dtype, device, copy)
empty(shape, *, dtype, device)  empty_like(x, /, *, dtype, device)  eye(n_rows, n_cols, /, *, k, dtype, device)
full(shape, fill_value, *, dtype, device)  full_like(x, /, fill_value, *, dtype, device)
linspace(start, stop, /, num, *, dtype, device, endpoint)  meshgrid(*arrays, indexing)
ones(shape, *, dtype, device)  ones_like(x, /, *, dtype, device)  tril(x, /, *, k)  triu(x, /, *, k)
zeros(shape, *, dtype, device)  zeros_like(x, /, *, dtype, device)
astype(x, dtype, /, *, copy, device)  can_cast(from_, to, /)  finfo(type, /)  iinfo(type, /)
isdtype(dtype, kind)  result_type(*arrays_and_dtypes)
take(x, indices, /, *, axis)  take_along_axis(x, indices, /, *, axis)
matmul(x1, x2, /)  matrix_transpose(x, /)  tensordot(x1, x2, /, *, axes)  vecdot(x1, x2, /, *, axis)
broadcast_arrays(*arrays)  broadcast_to(x, /, shape)  concat(arrays, /, *, axis)  expand_dims(x, /, axis)
flip(x, /, *, axis)  moveaxis(x, source, destination, /)  permute_dims(x, /, axes)  repeat(x, repeats, /, *, axis)
reshape(x, /, shape, *, copy)  roll(x, /, shift, *, axis)  squeeze(x, /, axis)  stack(arrays, /, *, axis)
tile(x, repetitions, /)  unstack(x, /, *, axis)
argmax(x, /, *, axis, keepdims)  argmin(x, /, *, axis, keepdims)  count_nonzero(x, /, *, axis, keepdims)
nonzero(x, /)  searchsorted(x1, x2, /, *, side, sorter)  where(condition, x1, x2, /)
unique_all(x, /)  unique_counts(x, /)  unique_inverse(x, /)  unique_values(x, /)
argsort(x, /, *, axis, descending, stable)  sort(x, /, *, axis, descending, stable)
cumulative_prod(x, /, *, axis, dtype, include_initial)  cumulative_sum(x, /, *, axis, dtype, include_initial)
max(x, /, *, axis, keepdims)  mean(x, /, *, axis, keepdims)  min(x, /, *, axis, keepdims)
prod(x, /, *, axis, dtype, keepdims)  std(x, /, *, axis, correction, keepdims)  sum(x, /, *, axis, dtype, keepdims)
var(x, /, *, axis, correction, keepdims)
all(x, /, *, axis, keepdims)  any(x, /, *, axis, keepdims)  diff(x, /, *, axis, n, prepend, append)
__array_namespace_info__()
"""

#: The ``linalg`` extension.
LINALG = """
cholesky(x, /, *, upper)  cross(x1, x2, /, *, axis)  det(x, /)  diagonal(x, /, *, offset)  eigh(x, /)
eigvalsh(x, /)  inv(x, /)  matmul(x1, x2, /)  matrix_norm(x, /, *, keepdims, ord)  matrix_power(x, n, /)
matrix_rank(x, /, *, rtol)  matrix_transpose(x, /)  outer(x1, x2, /)  pinv(x, /, *, rtol)  qr(x, /, *, mode)
slogdet(x, /)  solve(x1, x2, /)  svd(x, /, *, full_matrices)  svdvals(x, /)  tensordot(x1, x2, /, *, axes)
trace(x, /, *, offset, dtype)  vecdot(x1, x2, /, *, axis)  vector_norm(x, /, *, axis, keepdims, ord)
"""

#: Methods of the array object (operators included; the reflected and in-place forms are checked below).
METHODS = """
__abs__(self, /)  __add__(self, other, /)  __and__(self, other, /)  __array_namespace__(self, /, *, api_version)
__bool__(self, /)  __complex__(self, /)  __eq__(self, other, /)  __float__(self, /)  __floordiv__(self, other, /)
__ge__(self, other, /)  __getitem__(self, key, /)  __gt__(self, other, /)  __index__(self, /)  __int__(self, /)
__invert__(self, /)  __le__(self, other, /)  __lshift__(self, other, /)  __lt__(self, other, /)
__matmul__(self, other, /)  __mod__(self, other, /)  __mul__(self, other, /)  __ne__(self, other, /)
__neg__(self, /)  __or__(self, other, /)  __pos__(self, /)  __pow__(self, other, /)  __rshift__(self, other, /)
__setitem__(self, key, value, /)  __sub__(self, other, /)  __truediv__(self, other, /)  __xor__(self, other, /)
to_device(self, device, /, *, stream)
"""

#: Attributes of the array object, the constants, the dtypes and the version string.
ATTRIBUTES = ["dtype", "device", "mT", "ndim", "shape", "size", "T"]
CONSTANTS = ["e", "inf", "nan", "newaxis", "pi"]
DTYPES = [
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128",
]

#: Deliberately absent, with the reason (documented on docs/arrayapi.md): DLPack exchanges
#: fixed-width machine numbers, and gentensor's elements are Python objects.
ABSENT = {"from_dlpack": "DLPack", "__dlpack__": "DLPack", "__dlpack_device__": "DLPack"}

def _parse(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """``[(name, [(parameter, kind), ...]), ...]`` from the signatures in ``text``."""
    out = []
    for name, params in re.findall(r"(\w+)\(([^)]*)\)", text):
        kind = "positional"
        parsed = []
        raw = [p.strip() for p in params.split(",") if p.strip()]
        if "/" not in raw:
            kind = "either"
        for p in raw:
            if p == "/":
                kind = "either"
            elif p == "*":
                kind = "keyword"
            elif p.startswith("*"):
                parsed.append((p[1:], "variadic"))
                kind = "keyword"
            else:
                parsed.append((p, kind))
        out.append((name, parsed))
    return out


def _compatible(func: object, expected: list[tuple[str, str]], *, method: bool = False) -> list[str]:
    """The ways in which ``func``'s signature refuses a call the standard allows (empty when compatible)."""
    P = inspect.Parameter
    params = list(inspect.signature(func).parameters.values())
    if method:
        params, expected = params[1:], expected[1:]  # self
    problems = []
    positional = [p for p in params if p.kind in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD)]
    var_positional = any(p.kind is P.VAR_POSITIONAL for p in params)
    by_name = {p.name: p for p in params}
    used: set[str] = set()
    position = 0
    for name, kind in expected:
        if kind == "variadic":
            if not var_positional:
                problems.append(f"*{name} is not variadic")
            continue
        if kind in ("positional", "either"):
            if position >= len(positional):
                problems.append(f"{name} is not accepted at position {position}")
                continue
            p = positional[position]
            position += 1
            used.add(p.name)
            if kind == "either" and (p.kind is not P.POSITIONAL_OR_KEYWORD or p.name != name):
                problems.append(f"{name} must be positional-or-keyword at position {position - 1} (got {p})")
            continue
        p = by_name.get(name)
        if p is None or p.kind not in (P.KEYWORD_ONLY, P.POSITIONAL_OR_KEYWORD):
            problems.append(f"keyword {name}= is not accepted")
        else:
            used.add(name)
    for p in params:
        if p.name not in used and p.kind in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD, P.KEYWORD_ONLY):
            if p.default is P.empty:
                problems.append(f"extra required parameter {p.name}")
    return problems


def _case(namespace: str, name: str, params: list[tuple[str, str]]) -> object:
    return pytest.param(namespace, name, params, id=f"{namespace}.{name}")


CASES = [_case("gt", n, p) for n, p in _parse(FUNCTIONS)] + [_case("linalg", n, p) for n, p in _parse(LINALG)]


@pytest.mark.parametrize("namespace, name, params", CASES)
def test_function_exists_with_a_compatible_signature(namespace: str, name: str, params: list) -> None:
    space = gt if namespace == "gt" else gt.linalg
    assert hasattr(space, name), f"{namespace}.{name} is missing"
    func = getattr(space, name)
    assert callable(func)
    problems = _compatible(func, params)
    assert not problems, f"{namespace}.{name}{inspect.signature(func)}: " + "; ".join(problems)
    if namespace == "gt" and not name.startswith("__"):
        assert name in gt.__all__
    if namespace == "linalg":
        assert name in gt.linalg.__all__


@pytest.mark.parametrize("name, params", _parse(METHODS), ids=[n for n, _ in _parse(METHODS)])
def test_array_method_exists_with_a_compatible_signature(name: str, params: list) -> None:
    method = getattr(gt.Tensor, name)
    problems = _compatible(method, params, method=True)
    assert not problems, f"Tensor.{name}: " + "; ".join(problems)
    # A method is the tensor's own (core/) or a row of the table of delegates (gentensor/_methods.py).
    if name in _methods.method_names():
        assert gt.Tensor.__dict__[name] is method
    else:
        assert method.__module__.startswith("gentensor.core."), (name, method.__module__)


@pytest.mark.parametrize("op", ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul",
                                "and", "or", "xor", "lshift", "rshift"])
def test_reflected_and_inplace_operators_exist(op: str) -> None:
    assert callable(getattr(gt.Tensor, f"__r{op}__"))
    assert callable(getattr(gt.Tensor, f"__i{op}__"))


def test_attributes_constants_dtypes_and_version() -> None:
    x = gt.tensor([[1, 2], [3, 4]])
    for name in ATTRIBUTES:
        getattr(x, name)
    for name in CONSTANTS + DTYPES:
        assert hasattr(gt, name) and name in gt.__all__, name
    assert gt.__array_api_version__ == "2024.12"
    assert x.__array_namespace__() is gt


def test_deliberately_absent_names_stay_absent() -> None:
    # DLPack exchanges machine numbers; a tensor of Python objects has none to share (docs/arrayapi.md).
    for name in ABSENT:
        assert not hasattr(gt, name) and not hasattr(gt.Tensor, name), name


def test_the_lists_are_the_whole_standard() -> None:
    # 2024.12 has 133 functions in the main namespace (fft aside; 6 of them new since 2023.12):
    # 132 here plus from_dlpack, deliberately absent; the info function; 23 in linalg.
    names = [n for n, _ in _parse(FUNCTIONS)] + [f"linalg.{n}" for n, _ in _parse(LINALG)]
    assert len(names) == len(set(names))
    assert len(_parse(FUNCTIONS)) == 132 + 1 and len(_parse(LINALG)) == 23
    assert "from_dlpack" in ABSENT
    assert {"nextafter", "reciprocal", "take_along_axis", "count_nonzero", "cumulative_prod", "diff"} <= set(names)


def test_the_signature_check_can_fail() -> None:
    def keyword_only_x(*, x: int) -> None: ...

    def extra_required(x: int, y: int, /) -> None: ...

    def fine(x: int, /, *, axis: int = 0, executor: object = None) -> None: ...

    assert _compatible(keyword_only_x, [("x", "positional")])
    assert _compatible(extra_required, [("x", "positional")])
    assert _compatible(fine, [("x", "positional"), ("axis", "keyword")]) == []
    assert _compatible(fine, [("x", "positional"), ("keepdims", "keyword")])


def test_the_docs_page_lists_every_name_with_its_status() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "arrayapi.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `([\w.]+)` \| (\w+) \|", page, re.M))
    expected = {n: "yes" for n, _ in _parse(FUNCTIONS)} | {f"linalg.{n}": "yes" for n, _ in _parse(LINALG)}
    expected["from_dlpack"] = "absent"
    assert {k: v for k, v in rows.items() if k in expected} == expected
