"""NumPy's ``__array_function__`` and ``__array_ufunc__`` for tensors: NumPy calls run gentensor's functions.

``np.sum(x)``, ``np.concatenate([x, y])``, ``np.add(x, 1)``, ``np.sqrt(x)``,
``np.linalg.det(x)`` and ``ndarray + tensor`` return what the gentensor
function of the same purpose returns (exact results, the tensors' ops).  A
NumPy function or ufunc gentensor does not implement raises ``TypeError``
naming the gentensor alternative, so a tensor never silently becomes an
object ndarray (convert explicitly with ``np.asarray(x)`` for that).

Each NumPy function maps to a gentensor function and a table of its
arguments: a NumPy argument is passed on under its gentensor name (or
position); one with no counterpart is accepted only at its default value
(``np.sum(x, where=m)`` raises, naming the argument).  ``out=`` works when it
is a tensor: the result is written into it.

Examples
--------
>>> import gentensor as gt, numpy as np
>>> x = gt.tensor([[1, 2], [3, 4]])
>>> np.sum(x), np.sum(x, axis=0).tolist(), np.add(x, 1).tolist()
(10, [4, 6], [[2, 3], [4, 5]])
>>> np.mean(x), type(np.concatenate([x, x])).__name__, np.linalg.det(x)
(Fraction(5, 2), 'Tensor', -2)
"""

from __future__ import annotations

import inspect
from functools import lru_cache
from typing import Any, Callable

from . import _hints
from ._numpy_adapters import ADAPTERS, UFUNC_ADAPTERS
from .errors import ArgumentTypeError
from . import _namespace
from .core.tensor import Tensor

__all__ = ["array_function", "array_ufunc", "FUNCTIONS", "UFUNCS", "REFUSED"]

#: ``(target, arguments)``: the gentensor function (a name in ``gentensor``, or ``"linalg.<name>"``)
#: and, for each NumPy argument, its position (an int) or keyword (a str) in the gentensor call;
#: ``"-"`` marks an argument that is accepted at any value and ignored (``kind=`` of a sort: all
#: gentensor sorts are stable, so every kind gives the same result).  A key ``"#name"`` gives the
#: keyword ``name`` a value of its own: NumPy's default where it differs from gentensor's.
Spec = tuple[str, dict[str, Any]]

_A = {"a": 0}
_AXK = {"a": 0, "axis": "axis", "keepdims": "keepdims"}

FUNCTIONS: dict[str, Spec] = {
    # reductions and statistics
    "sum": ("sum", {**_AXK, "dtype": "dtype"}),
    "prod": ("prod", {**_AXK, "dtype": "dtype"}),
    "max": ("max", _AXK),
    "amax": ("max", _AXK),
    "min": ("min", _AXK),
    "amin": ("min", _AXK),
    "all": ("all", _AXK),
    "any": ("any", _AXK),
    "mean": ("mean", _AXK),
    "var": ("var", {**_AXK, "ddof": "correction", "correction": "correction"}),
    "std": ("std", {**_AXK, "ddof": "correction", "correction": "correction"}),
    "cumsum": ("cumsum", {"a": 0, "axis": "axis", "dtype": "dtype"}),
    "cumprod": ("cumprod", {"a": 0, "axis": "axis", "dtype": "dtype"}),
    "cumulative_sum": ("cumulative_sum", {"x": 0, "axis": "axis", "dtype": "dtype", "include_initial": "include_initial"}),
    "cumulative_prod": ("cumulative_prod", {"x": 0, "axis": "axis", "dtype": "dtype", "include_initial": "include_initial"}),
    "diff": ("diff", {"a": 0, "n": "n", "axis": "axis", "prepend": "prepend", "append": "append"}),
    "count_nonzero": ("count_nonzero", _AXK),
    "argmax": ("argmax", _AXK),
    "argmin": ("argmin", _AXK),
    "trace": ("trace", {"a": 0, "offset": "offset", "axis1": "axis1", "axis2": "axis2", "#axis1": 0, "#axis2": 1}),
    # searching, sorting, sets
    "sort": ("sort", {"a": 0, "axis": "axis", "kind": "-", "stable": "-"}),
    "argsort": ("argsort", {"a": 0, "axis": "axis", "kind": "-", "stable": "-"}),
    "nonzero": ("nonzero", _A),
    "argwhere": ("argwhere", _A),
    "flatnonzero": ("flatnonzero", _A),
    "where": ("where", {"condition": 0, "x": 1, "y": 2}),
    "searchsorted": ("searchsorted", {"a": 0, "v": 1, "side": "side", "sorter": "sorter"}),
    "clip": ("clip", {"a": 0, "a_min": 1, "a_max": 2, "min": 1, "max": 2}),
    "round": ("round", {"a": 0, "decimals": "decimals"}),
    "around": ("round", {"a": 0, "decimals": "decimals"}),
    "array_equal": ("array_equal", {"a1": 0, "a2": 1}),
    # shapes and views
    "reshape": ("reshape", {"a": 0, "shape": 1, "newshape": 1, "copy": "copy"}),
    "ravel": ("ravel", _A),
    "squeeze": ("squeeze", {"a": 0, "axis": 1}),
    "expand_dims": ("expand_dims", {"a": 0, "axis": 1}),
    "moveaxis": ("moveaxis", {"a": 0, "source": 1, "destination": 2}),
    "swapaxes": ("swapaxes", {"a": 0, "axis1": 1, "axis2": 2}),
    "flip": ("flip", {"m": 0, "axis": 1}),
    "broadcast_to": ("broadcast_to", {"array": 0, "shape": 1}),
    "diagonal": ("diagonal", {"a": 0, "offset": "offset", "axis1": "axis1", "axis2": "axis2", "#axis1": 0, "#axis2": 1}),
    "matrix_transpose": ("matrix_transpose", {"x": 0}),
    "permute_dims": ("permute_dims", {"a": 0, "axes": 1}),
    "transpose": ("_transpose", {"a": 0, "axes": 1}),
    "unique": ("_unique", {"ar": 0, "return_index": "return_index", "return_inverse": "return_inverse",
                           "return_counts": "return_counts", "sorted": "-"}),
    "unique_values": ("unique_values", {"x": 0}),
    "unique_counts": ("unique_counts", {"x": 0}),
    "unique_inverse": ("unique_inverse", {"x": 0}),
    "unique_all": ("unique_all", {"x": 0}),
    "copy": ("asarray", {"a": 0, "#copy": True}),
    # joining and cutting
    "concatenate": ("concat", {"arrays": 0, "axis": "axis"}),
    "concat": ("concat", {"arrays": 0, "axis": "axis"}),
    "stack": ("stack", {"arrays": 0, "axis": "axis"}),
    "unstack": ("unstack", {"x": 0, "axis": "axis"}),
    "hstack": ("hstack", {"tup": 0}),
    "vstack": ("vstack", {"tup": 0}),
    "dstack": ("dstack", {"tup": 0}),
    "column_stack": ("column_stack", {"tup": 0}),
    "split": ("split", {"ary": 0, "indices_or_sections": 1, "axis": "axis"}),
    "tile": ("tile", {"A": 0, "reps": 1}),
    "repeat": ("repeat", {"a": 0, "repeats": 1, "axis": "axis"}),
    "take": ("take", {"a": 0, "indices": 1, "axis": "axis", "#axis": None}),
    "take_along_axis": ("take_along_axis", {"arr": 0, "indices": 1, "axis": "axis"}),
    "roll": ("roll", {"a": 0, "shift": 1, "axis": "axis"}),
    "tril": ("tril", {"m": 0, "k": "k"}),
    "triu": ("triu", {"m": 0, "k": "k"}),
    # creation from a tensor
    "zeros_like": ("zeros_like", {"a": 0, "dtype": "dtype"}),
    "ones_like": ("ones_like", {"a": 0, "dtype": "dtype"}),
    "empty_like": ("empty_like", {"prototype": 0, "dtype": "dtype"}),
    "full_like": ("full_like", {"a": 0, "fill_value": 1, "dtype": "dtype"}),
    # products
    "outer": ("outer", {"a": 0, "b": 1}),
    "inner": ("_np.inner", {"a": 0, "b": 1}),
    "vdot": ("_np.vdot", {"a": 0, "b": 1}),
    "vecdot": ("linalg.vecdot", {"x1": 0, "x2": 1, "axis": "axis"}),
    "tensordot": ("tensordot", {"a": 0, "b": 1, "axes": "axes"}),
    "kron": ("kron", {"a": 0, "b": 1}),
    "cross": ("cross", {"a": 0, "b": 1, "axis": "axis"}),
    "einsum": ("einsum", {}),
    "dot": ("_dot", {"a": 0, "b": 1}),
    # numpy.linalg
    "linalg.det": ("linalg.det", _A),
    "linalg.inv": ("linalg.inv", _A),
    "linalg.solve": ("linalg.solve", {"a": 0, "b": 1}),
    "linalg.matrix_rank": ("linalg.matrix_rank", {"A": 0, "rtol": "rtol"}),
    "linalg.matrix_power": ("linalg.matrix_power", {"a": 0, "n": 1}),
    "linalg.slogdet": ("linalg.slogdet", _A),
    "linalg.eigh": ("linalg.eigh", {"a": 0, "UPLO": "-"}),
    "linalg.eigvalsh": ("linalg.eigvalsh", {"a": 0, "UPLO": "-"}),
    "linalg.svd": ("_svd", {"a": 0, "full_matrices": "full_matrices", "compute_uv": "compute_uv"}),
    "linalg.svdvals": ("linalg.svdvals", {"x": 0}),
    "linalg.cond": ("linalg.condition_number", {"x": 0}),
    "linalg.outer": ("linalg.outer", {"x1": 0, "x2": 1}),
    "linalg.cross": ("linalg.cross", {"x1": 0, "x2": 1, "axis": "axis"}),
    "linalg.vecdot": ("linalg.vecdot", {"x1": 0, "x2": 1, "axis": "axis"}),
    "linalg.tensordot": ("linalg.tensordot", {"x1": 0, "x2": 1, "axes": "axes"}),
    "linalg.trace": ("linalg.trace", {"x": 0, "offset": "offset", "dtype": "dtype"}),
    "linalg.diagonal": ("linalg.diagonal", {"x": 0, "offset": "offset"}),
    "linalg.matrix_transpose": ("linalg.matrix_transpose", {"x": 0}),
    "linalg.matmul": ("linalg.matmul", {"x1": 0, "x2": 1}),
    "linalg.cholesky": ("linalg.cholesky", {"a": 0, "upper": "upper"}),
    "linalg.qr": ("linalg.qr", {"a": 0, "mode": "mode"}),
    "linalg.pinv": ("linalg.pinv", {"a": 0, "rtol": "rtol"}),
    "linalg.matrix_norm": ("linalg.matrix_norm", {"x": 0, "keepdims": "keepdims", "ord": "ord"}),
    "linalg.vector_norm": ("linalg.vector_norm", {"x": 0, "axis": "axis", "keepdims": "keepdims", "ord": "ord"}),
    "linalg.norm": ("_np.norm", {"x": 0, "ord": "ord", "axis": "axis", "keepdims": "keepdims"}),
    "linalg.multi_dot": ("_np.multi_dot", {"arrays": 0}),
    "linalg.lstsq": ("_np.lstsq", {"a": 0, "b": 1, "rcond": "-"}),
    # order statistics, weights, counting, closeness, padding, convolution
    "median": ("median", {**_AXK, "overwrite_input": "-"}),
    "quantile": ("quantile", {**_AXK, "q": 1, "method": "method", "interpolation": "method", "overwrite_input": "-"}),
    "percentile": ("percentile", {**_AXK, "q": 1, "method": "method", "interpolation": "method", "overwrite_input": "-"}),
    "average": ("average", {**_AXK, "weights": "weights", "returned": "returned"}),
    "ptp": ("_np.ptp", {**_AXK}),
    "isin": ("isin", {"element": 0, "test_elements": 1, "invert": "invert", "assume_unique": "-", "kind": "-"}),
    "bincount": ("bincount", {"x": 0, "weights": 1, "minlength": "minlength"}),
    "isclose": ("isclose", {"a": 0, "b": 1, "rtol": "rtol", "atol": "atol", "equal_nan": "equal_nan"}),
    "allclose": ("allclose", {"a": 0, "b": 1, "rtol": "rtol", "atol": "atol", "equal_nan": "equal_nan"}),
    "convolve": ("convolve", {"a": 0, "v": 1, "mode": "mode"}),
    "polymul": ("_np.polymul", {"a1": 0, "a2": 1}),
    "correlate": ("_np.correlate", {"a": 0, "v": 1, "mode": "mode"}),
    "polyval": ("_np.polyval", {"p": 0, "x": 1}),
    "pad": ("pad", {"array": 0, "pad_width": 1, "mode": "mode", "constant_values": "constant_values"}),
    "diag": ("diag", {"v": 0, "k": "k"}),
    "diagflat": ("_np.diagflat", {"v": 0, "k": "k"}),
    "ediff1d": ("_np.ediff1d", {"ary": 0}),
    # more shapes, joining and cutting
    "array_split": ("_np.array_split", {"ary": 0, "indices_or_sections": 1, "axis": "axis"}),
    "hsplit": ("_np.hsplit", {"ary": 0, "indices_or_sections": 1}),
    "vsplit": ("_np.vsplit", {"ary": 0, "indices_or_sections": 1}),
    "dsplit": ("_np.dsplit", {"ary": 0, "indices_or_sections": 1}),
    "fliplr": ("_np.fliplr", {"m": 0}),
    "flipud": ("_np.flipud", {"m": 0}),
    "rot90": ("_np.rot90", {"m": 0, "k": "k", "axes": "axes"}),
    "append": ("_np.append", {"arr": 0, "values": 1, "axis": "axis"}),
    "delete": ("_np.delete", {"arr": 0, "obj": 1, "axis": "axis"}),
    "partition": ("_np.partition", {"a": 0, "kth": 1, "axis": "axis", "kind": "-"}),
    "argpartition": ("_np.argpartition", {"a": 0, "kth": 1, "axis": "axis", "kind": "-"}),
    "extract": ("_np.extract", {"condition": 0, "arr": 1}),
    "compress": ("_np.compress", {"condition": 0, "a": 1, "axis": "axis"}),
    "array_equiv": ("_np.array_equiv", {"a1": 0, "a2": 1}),
    "broadcast_arrays": ("broadcast_arrays", {"subok": "-"}),
    "meshgrid": ("meshgrid", {"indexing": "indexing", "copy": "-"}),
    "shares_memory": ("shares_memory", {"a": 0, "b": 1, "max_work": "-"}),
    "may_share_memory": ("shares_memory", {"a": 0, "b": 1, "max_work": "-"}),
    "fix": ("trunc", {"x": 0}),
    "real": ("real", {"val": 0}),
    "imag": ("imag", {"val": 0}),
    # sets of values
    "union1d": ("_np.union1d", {"ar1": 0, "ar2": 1}),
    "intersect1d": ("_np.intersect1d", {"ar1": 0, "ar2": 1, "assume_unique": "-"}),
    "setdiff1d": ("_np.setdiff1d", {"ar1": 0, "ar2": 1, "assume_unique": "-"}),
    "setxor1d": ("_np.setxor1d", {"ar1": 0, "ar2": 1, "assume_unique": "-"}),
    # dtypes
    "astype": ("astype", {"x": 0, "dtype": 1, "copy": "copy", "device": "device"}),
    "result_type": ("result_type", {}),
    "can_cast": ("can_cast", {"from_": 0, "to": 1}),
    # creation with like=tensor (gentensor's defaults: integers when no dtype is given)
    "zeros": ("zeros", {"shape": 0, "dtype": "dtype", "device": "device"}),
    "ones": ("ones", {"shape": 0, "dtype": "dtype", "device": "device"}),
    "empty": ("empty", {"shape": 0, "dtype": "dtype", "device": "device"}),
    "full": ("full", {"shape": 0, "fill_value": 1, "dtype": "dtype", "device": "device"}),
    "eye": ("eye", {"N": 0, "M": 1, "k": "k", "dtype": "dtype", "device": "device"}),
    "identity": ("eye", {"n": 0, "dtype": "dtype"}),
    "arange": ("arange", {"start_or_stop": 0, "stop": 1, "step": 2, "dtype": "dtype", "device": "device"}),
    "asarray": ("asarray", {"a": 0, "dtype": "dtype", "copy": "copy", "device": "device"}),
    "linspace": ("_np.linspace", {"start": 0, "stop": 1, "num": "num", "endpoint": "endpoint", "retstep": "retstep", "dtype": "dtype"}),
    # attributes as functions
    "shape": ("_attr.shape", _A),
    "ndim": ("_attr.ndim", _A),
    "size": ("_attr.size", {"a": 0}),
}

#: NumPy ufunc name -> the gentensor function of the same element-wise operation.
UFUNCS: dict[str, str] = {
    "add": "add", "subtract": "subtract", "multiply": "multiply", "divide": "divide", "true_divide": "divide",
    "floor_divide": "floor_divide", "remainder": "remainder", "mod": "remainder", "power": "power",
    "negative": "negative", "positive": "positive", "absolute": "abs", "sign": "sign", "sqrt": "sqrt",
    "square": "square", "reciprocal": "reciprocal", "exp": "exp", "expm1": "expm1", "log": "log",
    "log1p": "log1p", "log2": "log2", "log10": "log10", "sin": "sin", "cos": "cos", "tan": "tan",
    "arcsin": "asin", "arccos": "acos", "arctan": "atan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh",
    "arcsinh": "asinh", "arccosh": "acosh", "arctanh": "atanh", "arctan2": "atan2", "hypot": "hypot",
    "logaddexp": "logaddexp", "floor": "floor", "ceil": "ceil", "trunc": "trunc", "rint": "round",
    "conjugate": "conj", "maximum": "maximum", "minimum": "minimum", "isnan": "isnan", "isinf": "isinf",
    "isfinite": "isfinite", "signbit": "signbit", "copysign": "copysign", "nextafter": "nextafter",
    "equal": "equal", "not_equal": "not_equal", "less": "less", "less_equal": "less_equal",
    "greater": "greater", "greater_equal": "greater_equal", "logical_and": "logical_and",
    "logical_or": "logical_or", "logical_xor": "logical_xor", "logical_not": "logical_not",
    "bitwise_and": "bitwise_and", "bitwise_or": "bitwise_or", "bitwise_xor": "bitwise_xor",
    "invert": "bitwise_invert", "bitwise_invert": "bitwise_invert", "left_shift": "bitwise_left_shift",
    "right_shift": "bitwise_right_shift", "bitwise_left_shift": "bitwise_left_shift",
    "bitwise_right_shift": "bitwise_right_shift", "matmul": "matmul", "vecdot": "linalg.vecdot",
    "gcd": "gcd", "lcm": "lcm", "fabs": "abs", "divmod": "_uf.divmod",
    "matvec": "_uf.matvec", "vecmat": "_uf.vecmat", "fmax": "_uf.fmax", "fmin": "_uf.fmin",
    "heaviside": "_uf.heaviside", "exp2": "_uf.exp2", "deg2rad": "_uf.deg2rad", "radians": "_uf.radians",
    "rad2deg": "_uf.rad2deg", "degrees": "_uf.degrees",
}

#: NumPy functions gentensor has a function of the same name for, with another meaning: refused, with the way.
REFUSED: dict[str, str] = {
    "save": "gt.save(path, x) (gentensor's exact format), or np.save(path, np.asarray(x)) for .npy",
    "fromfunction": "gt.fromfunction(f, shape), which calls f once per element (NumPy's calls it once, on index arrays)",
    "printoptions": "gt.printoptions",
    "linalg.eig": "gt.linalg.eigenvects (exact eigenvalues, multiplicities and eigenvectors), or gt.linalg.eigh for floats",
    "linalg.eigvals": "gt.linalg.eigenvals (exact, with multiplicities), or gt.linalg.eigvalsh for floats",
}

#: ``ufunc.reduce`` / ``ufunc.accumulate``: the gentensor reduction (NumPy's default axis is 0).
_REDUCE = {"add": "sum", "multiply": "prod", "maximum": "max", "minimum": "min", "logical_and": "all", "logical_or": "any"}
_ACCUMULATE = {"add": "cumulative_sum", "multiply": "cumulative_prod"}


def _target(name: str) -> Callable[..., Any] | None:
    """The gentensor callable called ``name`` (``"linalg.det"`` inside ``gt.linalg``), or ``None``."""
    if name.startswith("_np."):
        return ADAPTERS.get(name[4:])
    if name.startswith("_uf."):
        return UFUNC_ADAPTERS.get(name[4:])
    if name.startswith("_"):
        return _SPECIAL.get(name)
    space: Any = _namespace.module
    for part in name.split("."):
        space = getattr(space, part, None)
        if space is None:
            return None
    return space  # type: ignore[no-any-return]


@lru_cache(maxsize=None)
def _signature(func: Any) -> inspect.Signature | None:
    try:
        return inspect.signature(func)
    except (TypeError, ValueError):
        return None


def _refuse(what: str, detail: str) -> TypeError:
    name = what.rsplit(".", 1)[-1]
    alternative = REFUSED.get(what.removeprefix("numpy."))
    if alternative is None:
        alternative = _hints.LINALG.get(name) if what.startswith("numpy.linalg.") else _hints.hint(name)
    fix = f"use {alternative}" if alternative else "use the gentensor function of the same purpose"
    return TypeError(
        f"{what}: {detail} for gentensor tensors; {fix}, or convert explicitly with np.asarray(x) "
        "(an object array)"
    )


def _public_name(func: Any) -> str:
    """``"sum"`` for ``np.sum``, ``"linalg.det"`` for ``np.linalg.det``, ``"fft.fft"`` for ``np.fft.fft``."""
    module = getattr(func, "__module__", "") or ""
    name = getattr(func, "__name__", repr(func))
    sub = module.removeprefix("numpy").lstrip(".")
    if sub and not sub.startswith("_") and "._" not in sub:
        return f"{sub}.{name}"
    return str(name)


def _shown(value: Any) -> str:
    if isinstance(value, Tensor):
        return f"a tensor of shape {value.shape}"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def array_function(func: Any, types: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """Run the gentensor counterpart of the NumPy function ``func`` (``Tensor.__array_function__``).

    Raises
    ------
    TypeError
        ``func`` has no gentensor counterpart, or an argument has none (both named).
    """
    name = _public_name(func)
    spec = FUNCTIONS.get(name)
    shown = f"numpy.{name}"
    if spec is None:
        raise _refuse(shown, "not implemented")
    target_name, table = spec
    target = _target(target_name)
    if target is None:
        raise _refuse(shown, f"gentensor has no {target_name} in this installation")
    if name == "einsum":
        return target(*args)
    sig = _signature(func)
    if sig is None:
        return target(*args, **kwargs)
    try:
        bound = sig.bind(*args, **kwargs)
    except TypeError as e:
        raise ArgumentTypeError(f"{shown}: {e}") from None
    positional: dict[int, Any] = {}
    keywords: dict[str, Any] = {k[1:]: v for k, v in table.items() if k.startswith("#")}
    out = None
    given: list[tuple[str, Any, Any]] = []
    for arg, value in bound.arguments.items():
        param = sig.parameters[arg]
        if param.kind is param.VAR_KEYWORD:  # np.pad(x, 1, constant_values=2): NumPy's **kwargs
            given.extend((k, v, inspect.Parameter.empty) for k, v in value.items())
        else:
            given.append((arg, value, param.default))
    for arg, value, default in given:
        if sig.parameters.get(arg) is not None and sig.parameters[arg].kind is inspect.Parameter.VAR_POSITIONAL:
            positional.update(enumerate(_dtypes(value) if arg == "arrays_and_dtypes" else value))
            continue
        if value is default or (default is None and value is None):
            continue
        if arg == "dtype":
            value = _dtype(value)
        if arg == "out":
            out = value
            continue
        where = table.get(arg)
        if where is None:
            if _is_default_like(arg, value):
                continue
            raise _refuse(shown, f"the argument {arg}={_shown(value)} is not supported")
        if where == "-":
            continue
        if isinstance(where, int):
            positional[where] = value
        else:
            keywords[where] = value
    # A gap (clip(x, max=2) leaves min out) is the gentensor default, None.
    call = [positional.get(k) for k in range(max(positional) + 1)] if positional else []
    result = target(*call, **keywords)
    return _write_out(result, out, shown)


def _dtype(value: Any) -> Any:
    """A NumPy dtype (``np.dtype("float64")``, ``"int64"``, ``np.float64``) as the gentensor alias of that name."""
    name = getattr(value, "name", None) if type(value).__module__.startswith("numpy") else None
    if isinstance(value, str):
        name = value
    if name is not None:
        alias = getattr(_namespace.module, name, None)
        if alias is not None and not callable(alias):
            return alias
    return value


def _dtypes(values: Any) -> list[Any]:
    return [v if isinstance(v, Tensor) else _dtype(v) for v in values]


def _is_default_like(arg: str, value: Any) -> bool:
    """NumPy's ``_NoValue`` sentinel, and a memory ``order`` that C order satisfies, count as not given."""
    if type(value).__name__ == "_NoValueType":
        return True
    return arg == "order" and value in ("C", "K", "A")


def _write_out(result: Any, out: Any, shown: str) -> Any:
    if out is None:
        return result
    if isinstance(out, tuple) and len(out) == 1:
        out = out[0]
    if not isinstance(out, Tensor):
        raise _refuse(shown, f"out= must be a gentensor Tensor (got {type(out).__name__})")
    out[...] = result
    return out


def array_ufunc(ufunc: Any, method: str, inputs: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """Run the gentensor counterpart of a NumPy ufunc call (``Tensor.__array_ufunc__``).

    ``__call__`` runs the element-wise function; ``reduce`` and
    ``accumulate`` of ``add``, ``multiply`` (and ``reduce`` of ``maximum``,
    ``minimum``, ``logical_and``, ``logical_or``) run the reductions.

    Raises
    ------
    TypeError
        A ufunc, method or argument gentensor does not implement.
    """
    name = ufunc.__name__
    shown = f"numpy.{name}" + ("" if method == "__call__" else f".{method}")
    out = kwargs.pop("out", None)
    if method == "__call__":
        target = _target(UFUNCS.get(name, "")) if name in UFUNCS else None
        if target is None:
            raise _refuse(shown, "not implemented")
        extra = {k: v for k, v in kwargs.items() if not (k in ("casting", "order", "subok") or v is None or v is True)}
        if extra:
            raise _refuse(shown, f"the arguments {', '.join(extra)} are not supported")
        return _write_out(target(*inputs), out, shown)
    if method in ("reduce", "accumulate"):
        table = _REDUCE if method == "reduce" else _ACCUMULATE
        target = _target(table[name]) if name in table else None
        if target is None:
            raise _refuse(shown, "not implemented")
        axis = kwargs.pop("axis", 0)
        keywords: dict[str, Any] = {"axis": axis}
        if kwargs.pop("keepdims", False):
            keywords["keepdims"] = True
        dtype = kwargs.pop("dtype", None)
        if dtype is not None:
            keywords["dtype"] = dtype
        leftover = {k: v for k, v in kwargs.items() if type(v).__name__ != "_NoValueType"}
        if leftover:
            raise _refuse(shown, f"the arguments {', '.join(leftover)} are not supported")
        return _write_out(target(*inputs, **keywords), out, shown)
    raise _refuse(shown, f"the ufunc method {method!r} is not implemented")


# -- functions whose NumPy semantics need a small adapter -----------------------------------------------
def _dot(a: Any, b: Any) -> Any:
    """NumPy's ``dot``: a product by a scalar for 0-d, ``matmul`` up to 2-d, else the last axis of ``a`` with
    the second-to-last of ``b``."""
    ns = _namespace.module
    a, b = ns.asarray(a), ns.asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return ns.multiply(a, b)
    if a.ndim <= 2 and b.ndim <= 2:
        return ns.matmul(a, b)
    return ns.tensordot(a, b, axes=([a.ndim - 1], [b.ndim - 2 if b.ndim >= 2 else 0]))


def _svd(a: Any, full_matrices: bool = True, compute_uv: bool = True) -> Any:
    linalg = _namespace.module.linalg
    if not compute_uv:
        return linalg.svdvals(a)
    return linalg.svd(a, full_matrices=full_matrices)


def _transpose(a: Any, axes: Any = None) -> Any:
    """NumPy's ``transpose``: every axis reversed, or permuted by ``axes`` (a view)."""
    ns = _namespace.module
    x = ns.asarray(a)
    return x.T if axes is None else ns.permute_dims(x, axes)


def _unique(ar: Any, return_index: bool = False, return_inverse: bool = False, return_counts: bool = False) -> Any:
    """NumPy's ``unique`` (without ``axis``): the sorted distinct values, and the parts asked for, as NumPy orders them."""
    ns = _namespace.module
    x = ns.asarray(ar)
    if not (return_index or return_inverse or return_counts):
        return ns.unique_values(x)
    r = ns.unique_all(x)
    parts = [r.values]
    if return_index:
        parts.append(r.indices)
    if return_inverse:
        parts.append(r.inverse_indices)
    if return_counts:
        parts.append(r.counts)
    return tuple(parts)


def _attr(name: str) -> Callable[..., Any]:
    def get(a: Any) -> Any:
        return getattr(_namespace.module.asarray(a), name)

    return get


_SPECIAL: dict[str, Callable[..., Any]] = {
    "_dot": _dot,
    "_transpose": _transpose,
    "_unique": _unique,
    "_svd": _svd,
    "_attr.shape": _attr("shape"),
    "_attr.ndim": _attr("ndim"),
    "_attr.size": _attr("size"),
}
