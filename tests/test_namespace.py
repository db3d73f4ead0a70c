"""The public namespace: complete, documented with doctests, consistent signatures, lazy SymPy."""

from __future__ import annotations

import importlib
import inspect
import math
import pkgutil
import subprocess
import sys

import pytest

import gentensor as gt
import gentensor.arrays.dtypes

# Every top-level name of ../shared/design/API.md (plus the ops seam's public names).
API_NAMES = [
    "Tensor", "tensor", "zeros", "ones", "full", "eye", "arange", "fromfunction", "symbols",
    "reshape", "permute_dims", "matrix_transpose", "moveaxis", "swapaxes", "squeeze", "expand_dims",
    "flip", "broadcast_to", "diagonal", "shares_memory",
    "concat", "stack", "unstack", "split", "take", "tile", "repeat", "where",
    "add", "subtract", "multiply", "divide", "floor_divide", "remainder", "power", "negative", "abs",
    "map", "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "array_equal",
    "sum", "prod", "min", "max", "all", "any", "cumulative_sum", "reduce",
    "matmul", "vecdot", "outer", "tensordot", "einsum", "kron", "trace", "cross", "matrix_power",
    "parallel", "save", "load",
    "ElementOps", "BaseOps", "integers", "rationals", "symbolic", "floats", "complexes", "objects",
    "booleans", "modular", "register_ops", "result_ops", "printoptions",
    "Capabilities", "register_provider", "provider", "provider_info",
    "GentensorError", "ShapeError", "AxisError", "NonSquareError", "OpsMismatchError", "DomainError",
    "NotDivisibleError", "SingularMatrixError", "linalg",
    "jacobian", "hessian", "wronskian", "conjugate", "lambdify",
    "NotDiagonalizableError", "NotPositiveDefiniteError", "NoSolutionError",
]
LINALG_NAMES = ["det", "inv", "adjugate", "solve", "rank", "rref", "nullspace", "lu", "charpoly", "matrix_power", "explain",
                "minpoly", "eigenvals", "eigenvects", "diagonalize", "jordan_form", "is_diagonalizable",
                "ldl", "cholesky", "qr", "rank_factorization", "pinv", "gauss_jordan_solve", "lstsq",
                "matrix_norm", "vector_norm", "wronskian"]


def test_api_names_are_public():
    missing = [n for n in API_NAMES if n not in gt.__all__ or not hasattr(gt, n)]
    assert not missing
    assert [n for n in LINALG_NAMES if n not in gt.linalg.__all__] == []


def test_all_has_no_duplicates_and_every_name_exists():
    assert len(gt.__all__) == len(set(gt.__all__))
    assert [n for n in gt.__all__ if not hasattr(gt, n)] == []


def test_star_import_gives_exactly_all():
    namespace: dict = {}
    exec("from gentensor import *", namespace)
    namespace.pop("__builtins__")
    assert sorted(namespace) == sorted(gt.__all__)


#: Plain values (floats and None) cannot carry a docstring; the module that defines them documents them.
CONSTANTS = {"e": math.e, "pi": math.pi, "inf": math.inf, "newaxis": None}


def test_constants_are_the_standard_values_and_documented():
    for name, value in CONSTANTS.items():
        assert getattr(gt, name) == value
    assert math.isnan(gt.nan)
    doc = gentensor.arrays.dtypes.__doc__ + (inspect.getsource(gentensor.arrays.dtypes))
    for name in [*CONSTANTS, "nan"]:
        assert f"{name} = " in doc


@pytest.mark.parametrize("name", sorted(set(gt.__all__) - set(CONSTANTS) - {"nan"}))
def test_every_public_name_has_a_doctest(name):
    obj = getattr(gt, name)
    doc = inspect.getdoc(obj) or ""
    assert doc.strip(), f"gt.{name} has no docstring"
    assert ">>>" in doc, f"gt.{name} has no doctest in its docstring"


def _public_functions():
    for name in sorted(gt.__all__):
        obj = getattr(gt, name)
        if inspect.isfunction(obj):
            yield name, obj


@pytest.mark.parametrize("name, func", list(_public_functions()), ids=[n for n, _ in _public_functions()])
def test_public_functions_are_typed_and_say_view_or_copy(name, func):
    sig = inspect.signature(func)
    assert sig.return_annotation is not inspect.Signature.empty, f"gt.{name} has no return annotation"
    for p in sig.parameters.values():
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            assert p.annotation is not inspect.Parameter.empty, f"gt.{name}: parameter {p.name} has no type hint"


VIEW_FUNCTIONS = ["reshape", "permute_dims", "matrix_transpose", "moveaxis", "swapaxes", "squeeze",
                  "expand_dims", "flip", "broadcast_to", "diagonal"]


@pytest.mark.parametrize("name", VIEW_FUNCTIONS)
def test_view_functions_take_the_tensor_positionally_and_say_view(name):
    func = getattr(gt, name)
    first = next(iter(inspect.signature(func).parameters.values()))
    assert first.kind is inspect.Parameter.POSITIONAL_ONLY
    assert "view of" in (func.__doc__ or "")


def test_options_are_keyword_only():
    for func, options in (
        (gt.reshape, ["copy"]), (gt.diagonal, ["offset", "axis1", "axis2"]), (gt.tensor, ["ops"]),
        (gt.zeros, ["ops"]), (gt.eye, ["k", "ops"]), (gt.fromfunction, ["ops"]), (gt.full, ["ops"]),
    ):
        params = inspect.signature(func).parameters
        for o in options:
            assert params[o].kind is inspect.Parameter.KEYWORD_ONLY, (func.__name__, o)


def test_tensor_public_members_are_documented():
    from gentensor.core.methods import TensorMethods

    for name, member in [*vars(gt.Tensor).items(), *vars(TensorMethods).items()]:
        if name.startswith("_"):
            continue
        doc = member.__doc__ if not isinstance(member, property) else member.fget.__doc__
        assert doc and doc.strip(), f"Tensor.{name} has no docstring"


def test_every_module_has_a_docstring_and_all():
    for info in pkgutil.walk_packages(gt.__path__, "gentensor."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        assert module.__doc__ and module.__doc__.strip(), f"{info.name} has no module docstring"
        assert isinstance(getattr(module, "__all__", None), (list, tuple)), f"{info.name} has no __all__"


def test_importing_gentensor_does_not_import_sympy():
    code = "import sys, gentensor; print('sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_no_public_constructor_points_at_tensor():
    with pytest.raises(TypeError, match=r"gt.tensor\(data, ops=...\)"):
        gt.Tensor()
