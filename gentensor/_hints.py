"""Hints for NumPy names that gentensor spells differently, or answers another way.

``gt.arccos`` raises ``AttributeError`` naming ``gt.acos``; ``np.nanmax(x)``
on a tensor raises ``TypeError`` with the same hint (see
`gentensor._numpy_protocol`).  The table is the "coming from NumPy"
cheat sheet in code form (``docs/numpy.md`` shows it as a page).

Examples
--------
>>> import gentensor as gt
>>> gt.arccos
Traceback (most recent call last):
...
AttributeError: module 'gentensor' has no attribute 'arccos'; NumPy's arccos is gt.acos (the Array API's name)...
"""

from __future__ import annotations

__all__ = ["HINTS", "hint", "message"]

_SAME = "the Array API's name"

#: NumPy's name -> what to use in gentensor.
HINTS: dict[str, str] = {
    "arccos": f"gt.acos ({_SAME})",
    "arcsin": f"gt.asin ({_SAME})",
    "arctan": f"gt.atan ({_SAME})",
    "arctan2": f"gt.atan2 ({_SAME})",
    "arccosh": f"gt.acosh ({_SAME})",
    "arcsinh": f"gt.asinh ({_SAME})",
    "arctanh": f"gt.atanh ({_SAME})",
    "absolute": "gt.abs",
    "fabs": "gt.abs",
    "mod": "gt.remainder (Python's sign convention, as NumPy's mod)",
    "fmod": "gt.remainder (note: Python's sign convention, the sign of the divisor)",
    "true_divide": "gt.divide (exact: integers give rationals)",
    "invert": f"gt.bitwise_invert ({_SAME}) or ~x",
    "bitwise_not": f"gt.bitwise_invert ({_SAME}) or ~x",
    "left_shift": f"gt.bitwise_left_shift ({_SAME}) or x << k",
    "right_shift": f"gt.bitwise_right_shift ({_SAME}) or x >> k",
    "rint": "gt.round",
    "around": "gt.round",
    "fix": "gt.trunc",
    "float_power": "gt.power on floats: gt.power(x.astype(gt.floats), y)",
    "transpose": "gt.permute_dims(x, axes) or x.T",
    "rollaxis": "gt.moveaxis",
    "unique": "gt.unique_values, gt.unique_counts, gt.unique_inverse or gt.unique_all (the Array API's four)",
    "array": "gt.tensor (or gt.asarray)",
    "asanyarray": "gt.asarray",
    "ascontiguousarray": "x.contiguous()",
    "ndarray": "gt.Tensor (built with gt.tensor)",
    "dot": "gt.matmul (x @ y), gt.vecdot or gt.tensordot",
    "inner": "gt.vecdot",
    "vdot": "gt.linalg.vecdot (conjugates complex floats)",
    "identity": "gt.eye",
    "atleast_1d": "gt.reshape or gt.expand_dims",
    "atleast_2d": "gt.reshape or gt.expand_dims",
    "atleast_3d": "gt.reshape or gt.expand_dims",
    "array_split": "gt.split",
    "nanmax": "gt.max (NaN propagates); skip NaNs with gt.max(x[~gt.isnan(x)])",
    "nanmin": "gt.min (NaN propagates); skip NaNs with gt.min(x[~gt.isnan(x)])",
    "nansum": "gt.sum(x[~gt.isnan(x)])",
    "nanmean": "gt.mean(x[~gt.isnan(x)])",
    "average": "gt.mean, or gt.sum(w * x) / gt.sum(w) with weights",
    "median": "gt.sort(x) and the middle element(s)",
    "ptp": "gt.max(x) - gt.min(x)",
    "append": "gt.concat",
    "insert": "gt.concat of slices",
    "delete": "gt.concat of slices, or a boolean mask x[mask]",
    "resize": "gt.reshape (the size must stay)",
    "isclose": "exact equality gt.equal; for floats gt.abs(a - b) <= tol",
    "allclose": "exact equality gt.array_equal; for floats gt.all(gt.abs(a - b) <= tol)",
    "cbrt": "gt.power(x, 1/3) on non-negative floats, or x.astype(gt.symbolic) ** Fraction(1, 3)",
    "exp2": "gt.power(2, x)",
    "deg2rad": "x * (gt.pi / 180)",
    "rad2deg": "x * (180 / gt.pi)",
    "radians": "x * (gt.pi / 180)",
    "degrees": "x * (180 / gt.pi)",
    "heaviside": "gt.where",
    "int_": "gt.int64 (an alias of gt.integers: unbounded Python ints)",
    "float_": "gt.float64 (an alias of gt.floats)",
    "complex_": "gt.complex128 (an alias of gt.complexes)",
    "bool_": "gt.bool (an alias of gt.booleans)",
    "dtype": "x.dtype, which is x.ops; dtypes are ops (gt.int64 names gt.integers)",
    "shape": "x.shape",
    "ndim": "x.ndim",
    "size": "x.size",
    "argpartition": "gt.argsort",
    "partition": "gt.sort",
    "fill_diagonal": "x[gt.arange(n), gt.arange(n)] = value",
    "isin": "gt.any(gt.expand_dims(x, axis=-1) == values, axis=-1)",
    "in1d": "gt.any(gt.expand_dims(x, axis=-1) == values, axis=-1)",
    "bincount": "gt.unique_counts",
    "histogram": "gt.unique_counts (exact values), or gt.searchsorted on bin edges",
    "set_printoptions": "gt.printoptions (a context manager)",
    "random": "Python's random module with gt.tensor or gt.fromfunction (gentensor has no random generator)",
    "fft": "NumPy on np.asarray(x.astype(gt.complexes), dtype=complex) (gentensor has no FFT)",
    "pad": "gt.concat with gt.full blocks",
    "asfarray": "x.astype(gt.floats)",
    "copyto": "dst[...] = src",
    "gcd": "the number-theory functions gt.gcd / gt.lcm, or gt.map(math.gcd, a, b)",
    "lcm": "the number-theory functions gt.gcd / gt.lcm, or gt.map(math.lcm, a, b)",
}


def hint(name: str) -> str | None:
    """What to use instead of NumPy's ``name``, or ``None``.

    Examples
    --------
    >>> hint("absolute")
    'gt.abs'
    """
    return HINTS.get(name)


def message(name: str, module: str = "gentensor") -> str:
    """The ``AttributeError`` text for a missing ``gt.<name>``, with a hint when there is one.

    Examples
    --------
    >>> message("fabs")
    "module 'gentensor' has no attribute 'fabs'; NumPy's fabs is gt.abs"
    >>> message("frobnicate")
    "module 'gentensor' has no attribute 'frobnicate'"
    """
    text = f"module {module!r} has no attribute {name!r}"
    found = HINTS.get(name)
    if found is None or name.startswith("__"):
        return text
    return f"{text}; NumPy's {name} is {found}"
