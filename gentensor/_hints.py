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

__all__ = ["HINTS", "LINALG", "hint", "message"]

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
    "array_split": "gt.split (sections must divide the axis; np.array_split on a tensor allows uneven ones)",
    "nanmax": "gt.max (NaN propagates); skip NaNs with gt.max(x[~gt.isnan(x)])",
    "nanmin": "gt.min (NaN propagates); skip NaNs with gt.min(x[~gt.isnan(x)])",
    "nansum": "gt.sum(x[~gt.isnan(x)])",
    "nanmean": "gt.mean(x[~gt.isnan(x)])",
    "ptp": "gt.max(x) - gt.min(x)",
    "append": "gt.concat",
    "insert": "gt.concat of slices",
    "delete": "gt.concat of slices, or a boolean mask x[mask]",
    "resize": "gt.reshape (the size must stay)",
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
    "argpartition": "gt.argsort (a sorted order is a partition for every kth)",
    "partition": "gt.sort (a sorted tensor is a partition for every kth)",
    "fill_diagonal": "x[gt.arange(n), gt.arange(n)] = value",
    "in1d": "gt.isin (NumPy's newer name; it keeps the shape of x)",
    "histogram": "gt.unique_counts (exact values), gt.bincount, or gt.searchsorted on bin edges",
    "set_printoptions": "gt.printoptions (a context manager)",
    "random": "Python's random module with gt.tensor or gt.fromfunction (gentensor has no random generator)",
    "fft": "NumPy on np.asarray(x.astype(gt.complexes), dtype=complex) (gentensor has no FFT)",
    "asfarray": "x.astype(gt.floats)",
    "copyto": "dst[...] = src",
    # NaN-skipping reductions: exact rings have no NaN, so the plain reduction is the answer there
    "nanargmax": "gt.argmax (exact rings have no NaN); on floats gt.argmax(gt.where(gt.isnan(x), -gt.inf, x))",
    "nanargmin": "gt.argmin (exact rings have no NaN); on floats gt.argmin(gt.where(gt.isnan(x), gt.inf, x))",
    "nanprod": "gt.prod(x[~gt.isnan(x)])",
    "nanstd": "gt.std(x[~gt.isnan(x)])",
    "nanvar": "gt.var(x[~gt.isnan(x)])",
    "nanmedian": "gt.median(x[~gt.isnan(x)])",
    "nanquantile": "gt.quantile(x[~gt.isnan(x)], q)",
    "nanpercentile": "gt.percentile(x[~gt.isnan(x)], q)",
    "nancumsum": "gt.cumulative_sum(gt.where(gt.isnan(x), 0.0, x))",
    "nancumprod": "gt.cumulative_prod(gt.where(gt.isnan(x), 1.0, x))",
    "nan_to_num": "gt.where(gt.isnan(x), 0.0, x) (exact rings have no NaN or infinity)",
    # the daily functions gentensor answers in other words
    "angle": "gt.atan2(gt.imag(x), gt.real(x))",
    "select": "nested gt.where(cond, choice, default)",
    "piecewise": "nested gt.where, or gt.map with a Python function",
    "apply_along_axis": "gt.stack([f(v) for v in gt.unstack(gt.moveaxis(x, axis, -1).reshape((-1, n)))])",
    "vectorize": "gt.map(f, x) (element by element, with broadcasting)",
    "block": "gt.concat of gt.concat rows",
    "trim_zeros": "slicing between the first and last gt.flatnonzero(x)",
    "trapezoid": "gt.sum((y[1:] + y[:-1]) / 2) * dx (exact for exact samples)",
    "gradient": "gt.diff(x) (forward differences), or (x[2:] - x[:-2]) / 2 inside",
    "interp": "gt.searchsorted on xp and the line between the two neighbours",
    "digitize": "gt.searchsorted(bins, x, side='right')",
    "cov": "array_api_extra.cov(x) (runs on tensors), or d @ d.mT / (n - 1) with d = x - gt.mean(x, axis=1, keepdims=True)",
    "corrcoef": "the covariance (see np.cov) divided by the outer product of the standard deviations",
    "isreal": "gt.imag(x) == 0",
    "iscomplex": "gt.imag(x) != 0",
    "iscomplexobj": "gt.isdtype(x.dtype, 'complex floating')",
    "isrealobj": "not gt.isdtype(x.dtype, 'complex floating')",
    "isscalar": "isinstance(v, gt.Tensor) (tensors), or a plain element",
    "ix_": "reshaped index tensors: x[i.reshape((-1, 1)), j] (broadcasting)",
    "unravel_index": "divmod on the flat index: gt.divmod(i, ncols)",
    "ravel_multi_index": "i * ncols + j",
    "lexsort": "gt.argsort on the last key, then stable gt.argsort on the earlier ones",
    "tril_indices": "gt.nonzero(gt.tril(gt.ones((n, n))))",
    "triu_indices": "gt.nonzero(gt.triu(gt.ones((n, n))))",
    "tril_indices_from": "gt.nonzero(gt.tril(gt.ones_like(x)))",
    "triu_indices_from": "gt.nonzero(gt.triu(gt.ones_like(x)))",
    "diag_indices": "(gt.arange(n), gt.arange(n))",
    "put": "x.reshape((-1,))[indices] = values (a view of a contiguous tensor)",
    "put_along_axis": "x[index tensors] = values",
    "place": "x[mask] = values",
    "vander": "gt.stack([x ** k for k in reversed(range(n))], axis=1)",
    "polyadd": "gt.pad the shorter coefficients on the left, then +",
    "polysub": "gt.pad the shorter coefficients on the left, then -",
    "polyder": "p[:-1] * gt.arange(len(p) - 1, 0, -1)",
    "polyint": "gt.concat([p / gt.arange(len(p), 0, -1), [0]])",
    "polydiv": "sympy.div on x.to_sympy() polynomials (exact), or gt.linalg on the coefficients",
    "polyfit": "gt.linalg.lstsq on the Vandermonde matrix (exact least squares)",
    "roots": "gt.linalg.eigenvals of the companion matrix (exact), or sympy.roots",
    "poly": "gt.linalg.charpoly (exact, highest degree first)",
    "logspace": "10 ** gt.linspace(start, stop, num) on floats",
    "geomspace": "gt.exp(gt.linspace(gt.log(a), gt.log(b), num)) on floats",
    "histogram2d": "gt.unique_counts of the pairs, or gt.searchsorted on bin edges",
    "einsum_path": "gt.einsum (it chooses the order itself)",
    "gcd": "the number-theory functions gt.gcd / gt.lcm, or gt.map(math.gcd, a, b)",
    "lcm": "the number-theory functions gt.gcd / gt.lcm, or gt.map(math.lcm, a, b)",
    "rot90": "gt.flip(x.mT, axis=-2) for one quarter turn (x.mT[::-1] for a matrix, a view)",
    "fliplr": "gt.flip(x, axis=1), or the view x[:, ::-1]",
    "flipud": "gt.flip(x, axis=0), or the view x[::-1]",
    "hsplit": "gt.split(x, sections, axis=1) (axis=0 for a 1-d x)",
    "vsplit": "gt.split(x, sections, axis=0)",
    "tri": "gt.tril(gt.ones((n, m), ops=gt.integers), k=k)",
    "diagflat": "gt.diag(x.reshape((-1,)), k=k)",
    "indices": "gt.meshgrid(gt.arange(n0), gt.arange(n1), indexing='ij')",
    "polyval": "Horner's rule on tensors: r = p[0], then r = r * x + p[i] for each next coefficient (exact for exact ones)",
    "ediff1d": "gt.diff(x.reshape((-1,)))",
    "choose": "nested gt.where(index == k, choices[k], ...), or gt.take_along_axis of gt.stack(choices)",
    "compress": "x[mask] with a boolean tensor, or gt.take(x, gt.nonzero(mask)[0], axis=k)",
    "extract": "x[condition] with a boolean tensor",
    "putmask": "x[mask] = values",
    "frompyfunc": "gt.map(f, x) (element by element, with broadcasting)",
    "setdiff1d": "gt.unique_values(x[~gt.isin(x, y)])",
    "union1d": "gt.unique_values(gt.concat([x.reshape((-1,)), y.reshape((-1,))]))",
    "intersect1d": "gt.unique_values(x[gt.isin(x, y)])",
    "mask_indices": "gt.nonzero of the mask itself, e.g. gt.nonzero(gt.triu(gt.ones((n, n), ops=gt.integers)))",
    "packbits": "gt.to_numpy(x) and NumPy's packbits (bits in bytes are NumPy's storage, not elements)",
    "unpackbits": "NumPy's unpackbits, then gt.tensor of the result",
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


#: ``numpy.linalg``/SciPy spellings ``gt.linalg`` answers with a hint (its ``__getattr__``).
LINALG: dict[str, str] = {
    "norm": "gt.linalg.vector_norm or gt.linalg.matrix_norm (the Array API's split of NumPy's norm)",
    "eig": "gt.linalg.eigenvects (exact, or LAPACK's for floats) or gt.linalg.diagonalize; gt.linalg.eigh for symmetric/Hermitian ones",
    "eigvals": "gt.linalg.eigenvals (exact, or LAPACK's for floats); gt.linalg.eigvalsh for symmetric/Hermitian ones",
    "multi_dot": "functools.reduce(gt.matmul, matrices)",
    "cond": "gt.linalg.condition_number",
    "tensorsolve": "gt.linalg.solve on the reshaped matrix",
    "tensorinv": "gt.linalg.inv on the reshaped matrix",
}
