"""Matrix calculus and symbolic tools on tensors of SymPy expressions.

The derivative of a whole tensor with respect to a whole tensor of variables
([`jacobian`][gentensor.compute.calculus.jacobian], [`hessian`][gentensor.compute.calculus.hessian]), the SymPy conveniences a Matrix user
reaches for (``free_symbols``, ``has``, ``xreplace``, ``integrate``, ``limit``,
``series``), complex conjugation ([`conjugate`][gentensor.compute.elementary.conj], the ``.H`` of a tensor)
and evaluation on numbers or NumPy arrays ([`lambdify`][gentensor.compute.calculus.lambdify]).

Shapes follow the tensor, never a matrix convention: ``jacobian(f, v)`` has
shape ``f.shape + v.shape`` for any shapes, so the Jacobian of a vector
field is a matrix, that of a scalar a gradient, and that of a matrix-valued
function a 4-d tensor.  Tensors of numbers are read as SymPy numbers
(constants); rings SymPy cannot read (integers mod n, user rings without
``_sympy_``) are refused with [`DomainError`][gentensor.errors.DomainError].

Examples
--------
>>> import gentensor as gt, sympy
>>> r, t = sympy.symbols("r t")
>>> gt.jacobian([r * sympy.cos(t), r * sympy.sin(t)], [r, t]).tolist()
[[cos(t), -r*sin(t)], [sin(t), r*cos(t)]]
"""

from __future__ import annotations

from typing import Any, Callable

from .._docs import section, sections
from ..core.operands import as_tensor
from ..core.tensor import Tensor, is_array_like
from ..errors import ArgumentTypeError, ArgumentValueError, DomainError, LimitError, ShapeError
from ..ops import capabilities_of, symbolic
from ._symbolic import SYMBOLIC_RESULT, each_element
from .elementary import conj

__all__ = [
    "jacobian",
    "hessian",
    "free_symbols",
    "has",
    "xreplace",
    "integrate",
    "limit",
    "series",
    "conjugate",
    "conjugate_transpose",
    "lambdify",
    "as_symbolic",
]

def as_symbolic(x: Any, func: str) -> Tensor[Any]:
    """``x`` as a tensor of SymPy expressions (numbers become SymPy numbers), else ``DomainError``.

    Examples
    --------
    >>> import gentensor as gt
    >>> as_symbolic([1, 2], "f").ops
    symbolic
    """
    t = as_tensor(x, func)
    caps = capabilities_of(t.ops)
    if caps.symbolic:
        return t
    if caps.characteristic not in (0, None):
        raise DomainError(
            f"{func}: needs SymPy expressions or numbers of characteristic 0 (got a tensor with ops {t.ops!r}); "
            "convert with x.astype(gt.symbolic) first"
        )
    try:
        return t.astype(symbolic)
    except TypeError:
        raise DomainError(
            f"{func}: SymPy cannot read the elements of ops {t.ops!r} (got a tensor with ops {t.ops!r}); "
            "give the elements a _sympy_ method or convert with x.astype(gt.symbolic)"
        ) from None


def _variables(v: Any, func: str) -> Tensor[Any]:
    """The differentiation variables: one SymPy object (shape ``()``) or an array-like of them."""
    if is_array_like(v) or isinstance(v, Tensor):
        t = as_tensor(v, func)
        if not t.size:
            return Tensor._from_flat([], t.shape, symbolic)
        if not capabilities_of(t.ops).symbolic:
            raise ArgumentTypeError(f"{func}: the variables must be SymPy symbols (got a tensor with ops {t.ops!r})")
    else:
        try:
            t = Tensor._from_flat([symbolic.convert(v)], (), symbolic)
        except TypeError:
            t = Tensor._from_flat([v], (), symbolic)  # refused just below, with the variable named
    for s in t._elements():
        if not getattr(s, "_diff_wrt", False):
            raise ArgumentTypeError(
                f"{func}: cannot differentiate with respect to {s!r} (got a variable of type {type(s).__name__}); "
                "use SymPy symbols, e.g. sympy.symbols('x y') or gt.symbols('q', 3)"
            )
    return t


def _one_variable(v: Any, func: str) -> None:
    """Refuse a variable that is not one SymPy symbol (SymPy would quietly treat a number as a constant)."""
    if is_array_like(v) or isinstance(v, Tensor) or not getattr(v, "_diff_wrt", False):
        raise ArgumentTypeError(
            f"{func}: the variable must be one SymPy symbol (got {v!r} of type {type(v).__name__}); "
            "e.g. t = sympy.Symbol('t')"
        )


def _derivative(e: Any, v: Any, symbols: frozenset[Any] | set[Any]) -> Any:
    """``d e / d v``, skipping SymPy's work when ``v`` does not occur in ``e``."""
    if v.is_Symbol:
        if v not in symbols:
            return symbolic.zero
        return _diff(e, v)
    if not e.has(v):
        return symbolic.zero
    return e.diff(v)


def _diff(e: Any, v: Any) -> Any:
    """``d e / d v`` for a symbol ``v`` occurring in ``e``: the rules of SymPy's ``_eval_derivative``, applied directly.

    Sums, products, powers with constant exponents and functions that use the
    generic chain rule are differentiated here (the same canonical result as
    SymPy's, without a ``Derivative`` object per node); every other node is
    handed to SymPy's own ``diff``.
    """
    from sympy import Add, Function, Mul, S
    from sympy.core.function import ArgumentIndexError

    if e is v:
        return S.One
    if not e.has_free(v):
        return S.Zero
    if e.is_Add:
        return Add(*[_diff(a, v) for a in e.args])
    if e.is_Mul:
        args = list(e.args)
        terms = []
        for i, a in enumerate(args):
            d = _diff(a, v)
            if d is not S.Zero:
                terms.append(Mul(*args[:i], d, *args[i + 1 :]))
        return Add(*terms)
    if e.is_Pow and e.exp.is_Number:
        d = _diff(e.base, v)
        return S.Zero if d is S.Zero else e.exp * e.base ** (e.exp - 1) * d
    if isinstance(e, Function) and type(e)._eval_derivative is Function._eval_derivative:
        terms = []
        for i, a in enumerate(e.args, 1):
            d = _diff(a, v)
            if d is S.Zero:
                continue
            try:
                terms.append(e.fdiff(i) * d)
            except ArgumentIndexError:
                return e.diff(v)
        return Add(*terms)
    return e.diff(v)


def _free(e: Any) -> Any:
    return getattr(e, "free_symbols", ())


#: The errors of jacobian and hessian (see gentensor._docs).
_DERIVATIVE_ERRORS = section(
    "Raises",
    ("DomainError", "``f`` holds elements SymPy cannot read (integers mod n, a user ring)."),
    ("TypeError", "A variable is not something SymPy differentiates by."),
)


@sections(_DERIVATIVE_ERRORS)
def jacobian(f: Any, variables: Any, /) -> Tensor[Any]:
    """All first derivatives: ``J[i..., j...] = d f[i...] / d variables[j...]``.

    SymPy's ``Matrix.jacobian`` for any shapes: the result has shape
    ``f.shape + variables.shape``.  A scalar ``f`` gives the gradient, a
    vector ``f`` the Jacobian matrix, a single symbol as ``variables`` the
    element-wise derivative.

    Parameters
    ----------
    f : Tensor, array-like or SymPy expression
        The function(s): SymPy expressions (numbers count as constants).
    variables : SymPy symbol, or a tensor / array-like of them
        Symbols, or anything SymPy differentiates by (``q(t)``).

    Returns
    -------
    Tensor
        A new symbolic tensor of shape ``f.shape + variables.shape``.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> x, y = sympy.symbols("x y")
    >>> gt.jacobian([x**2 * y, x + y], [x, y]).tolist()
    [[2*x*y, x**2], [1, 1]]
    >>> gt.jacobian(x * y, [x, y]).tolist()
    [y, x]
    >>> q = gt.symbols("q", 2)
    >>> gt.jacobian(gt.tensor([[q[0] * q[1], q[0]], [q[1]**2, 1]]), q).shape
    (2, 2, 2)
    """
    ft = as_symbolic(f, "jacobian")
    vt = _variables(variables, "jacobian")
    vs = vt._elements()
    out: list[Any] = []
    for e in ft._elements():
        symbols = _free(e)
        out.extend(_derivative(e, v, symbols) for v in vs)
    return Tensor._from_flat(out, ft.shape + vt.shape, symbolic)


@sections(_DERIVATIVE_ERRORS)
def hessian(f: Any, variables: Any, /) -> Tensor[Any]:
    """All second derivatives: ``H[i..., j..., k...] = d² f[i...] / d v[j...] d v[k...]``.

    For a scalar ``f`` and a vector of variables, SymPy's ``hessian(f, v)``;
    in general shape ``f.shape + v.shape + v.shape``.  Each mixed derivative is
    computed once (the result is symmetric in the two variable blocks).

    Returns
    -------
    Tensor
        A new symbolic tensor of shape ``f.shape + variables.shape * 2``.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> x, y = sympy.symbols("x y")
    >>> gt.hessian(x**3 * y + y**2, [x, y]).tolist()
    [[6*x*y, 3*x**2], [3*x**2, 2]]
    """
    ft = as_symbolic(f, "hessian")
    vt = _variables(variables, "hessian")
    vs = vt._elements()
    k = len(vs)
    out: list[Any] = []
    for e in ft._elements():
        symbols = _free(e)
        block: list[Any] = [None] * (k * k)
        for i, vi in enumerate(vs):
            g = _derivative(e, vi, symbols)
            g_symbols = _free(g)
            for j in range(i, k):
                block[i * k + j] = block[j * k + i] = _derivative(g, vs[j], g_symbols)
        out.extend(block)
    return Tensor._from_flat(out, ft.shape + vt.shape + vt.shape, symbolic)


def _each(func: str, x: Any, f: Callable[[Any], Any], *args: Any, **kwargs: Any) -> Tensor[Any]:
    """``f`` on every element; ``args``/``kwargs`` are what the caller passed on to SymPy (for the error)."""
    t = as_symbolic(x, func)
    values = each_element(func, t._elements(), f, args, kwargs)
    return Tensor._from_flat(symbolic.convert_list(values), t.shape, symbolic)


def free_symbols(x: Any, /) -> set[Any]:
    """The SymPy symbols occurring in any element (an empty set for numbers).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> a, b = sympy.symbols("a b")
    >>> sorted(gt.tensor([[a + 1, 2], [b, a]]).free_symbols, key=str)
    [a, b]
    """
    t = as_tensor(x, "free_symbols")
    out: set[Any] = set()
    for e in t._elements():
        out.update(_free(e))
    return out


def has(x: Any, /, *patterns: Any) -> bool:
    """True when some element contains one of ``patterns`` (SymPy's ``has``).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> a, b = sympy.symbols("a b")
    >>> t = gt.tensor([sympy.sin(a), b])
    >>> t.has(sympy.sin), t.has(a + b)
    (True, False)
    """
    t = as_tensor(x, "has")
    return any(getattr(e, "has", None) is not None and e.has(*patterns) for e in t._elements())


@sections(SYMBOLIC_RESULT)
def xreplace(x: Any, rule: dict[Any, Any], /) -> Tensor[Any]:
    """Replace subexpressions exactly as written (SymPy's ``xreplace``: no maths, just a tree rewrite).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> a, b = sympy.symbols("a b")
    >>> gt.tensor([a + b, 2 * a]).xreplace({a: 3}).tolist()
    [b + 3, 6]
    """
    if not isinstance(rule, dict):
        raise ArgumentTypeError(f"xreplace: the rule must be a dict {{old: new}} (got {type(rule).__name__})")
    return _each("xreplace", x, lambda e: e.xreplace(rule), rule)


@sections(SYMBOLIC_RESULT)
def integrate(x: Any, /, *args: Any, **kwargs: Any) -> Tensor[Any]:
    """Integrate every element (``sympy.integrate`` arguments: a symbol, or ``(symbol, a, b)``).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> t = sympy.Symbol("t")
    >>> gt.tensor([t, sympy.cos(t)]).integrate(t).tolist()
    [t**2/2, sin(t)]
    >>> gt.tensor([t, 1]).integrate((t, 0, 2)).tolist()
    [2, 2]
    """
    import sympy

    return _each("integrate", x, lambda e: sympy.integrate(e, *args, **kwargs), *args, **kwargs)


@sections(SYMBOLIC_RESULT)
def limit(x: Any, variable: Any, point: Any, /, dir: str = "+") -> Tensor[Any]:
    """The limit of every element as ``variable`` tends to ``point`` (``sympy.limit``).

    ``dir`` is ``"+"`` (from above), ``"-"`` or ``"+-"`` (both sides), as in SymPy.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> t = sympy.Symbol("t")
    >>> gt.tensor([sympy.sin(t) / t, (1 + t)**(1 / t)]).limit(t, 0).tolist()
    [1, E]
    """
    import sympy

    if dir not in ("+", "-", "+-"):
        raise ArgumentValueError(f"limit: dir must be '+', '-' or '+-' (got {dir!r})")
    _one_variable(variable, "limit")
    return _each("limit", x, lambda e: sympy.limit(e, variable, point, dir), variable, point, dir)


@sections(SYMBOLIC_RESULT)
def series(x: Any, /, variable: Any = None, x0: Any = 0, n: int = 6, dir: str = "+") -> Tensor[Any]:
    """The series expansion of every element around ``variable = x0`` up to order ``n`` (SymPy's ``series``).

    Each element keeps SymPy's order term ``O(...)``; ``x.applyfunc(lambda e:
    e.removeO())`` drops it.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> t = sympy.Symbol("t")
    >>> gt.tensor([sympy.exp(t), sympy.cos(t)]).series(t, 0, 3).tolist()
    [1 + t + t**2/2 + O(t**3), 1 - t**2/2 + O(t**3)]
    """
    if dir not in ("+", "-"):
        raise ArgumentValueError(f"series: dir must be '+' or '-' (got {dir!r})")
    if variable is not None:
        _one_variable(variable, "series")

    def expand(e: Any) -> Any:
        if e.is_number and variable is not None:
            return e
        return e.series(variable, x0, n, dir)

    return _each("series", x, expand, variable, x0, n, dir)


def conjugate_transpose(x: Any, /) -> Tensor[Any]:
    """The conjugate transpose ``conjugate(x).mT`` of a matrix or stack (``x.H``).

    Returns
    -------
    Tensor
        A new tensor of shape ``x.shape[:-2] + (n, m)``.

    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    DomainError
        As [`conjugate`][gentensor.compute.elementary.conj].

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.tensor([[1, 2j], [3, 4]]).H.tolist()
    [[(1-0j), (3-0j)], [-2j, (4-0j)]]
    """
    t = as_tensor(x, "conjugate_transpose")
    if t.ndim < 2:
        raise ShapeError(f"H: needs a tensor with ndim >= 2 (got shape {t.shape}); use conjugate(x) for vectors")
    return conj(t.mT)  # type: ignore[no-any-return]


def _check_lambdify_args(args: Any, sympy: Any, depth: int = 0) -> None:
    """Refuse arguments SymPy cannot name as parameters (numbers, None, dicts...) before it generates code."""
    if isinstance(args, (list, tuple)) and depth < 8:
        for a in args:
            _check_lambdify_args(a, sympy, depth + 1)
        return
    if isinstance(args, sympy.Basic) and not args.is_number:
        return
    raise ArgumentTypeError(
        f"lambdify: the arguments must be SymPy symbols or (nested) lists of them (got {args!r} of type "
        f"{type(args).__name__}); e.g. gt.lambdify([t, w], x) with t, w = sympy.symbols('t w')"
    )


def lambdify(args: Any, x: Any, /, *, modules: Any = None, cse: bool = False) -> Callable[..., Any]:
    """A fast numerical function of ``args`` that evaluates every element of ``x`` at once.

    ``sympy.lambdify`` compiles one function for all elements; the returned
    function calls it and assembles a NumPy array.  Arguments may be numbers
    or NumPy arrays that broadcast together; for arguments of broadcast shape
    ``S`` the result has shape ``S + x.shape`` (batch axes first, as in NumPy),
    and constant elements are broadcast.

    Parameters
    ----------
    args
        The arguments, as for ``sympy.lambdify``: a symbol, a list or tuple
        of symbols (nested lists unpack), or a tensor of symbols (flattened).
    x : Tensor or array-like
        The expressions to evaluate.
    modules
        Passed to ``sympy.lambdify`` (default ``"numpy"``).
    cse : bool
        Eliminate common subexpressions across all elements first.

    Returns
    -------
    callable
        ``f(*values) -> numpy.ndarray`` of shape ``S + x.shape``.

    Raises
    ------
    ImportError
        NumPy is not installed.
    DomainError
        ``x`` holds elements SymPy cannot read.
    LimitError
        The expressions are nested too deeply for Python to compile.

    Examples
    --------
    >>> import gentensor as gt, sympy, numpy as np
    >>> t, w = sympy.symbols("t w")
    >>> rot = gt.tensor([[sympy.cos(w * t), -sympy.sin(w * t)], [sympy.sin(w * t), sympy.cos(w * t)]])
    >>> f = gt.lambdify([t, w], rot)
    >>> f(0.0, 1.0).tolist()
    [[1.0, -0.0], [0.0, 1.0]]
    >>> f(np.array([0.0, np.pi / 2]), 1.0).shape
    (2, 2, 2)
    """
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - NumPy is in the test extra
        raise ImportError("lambdify: needs NumPy (pip install numpy)") from None
    import sympy

    t = as_symbolic(x, "lambdify")
    if isinstance(args, Tensor):
        args = args._elements()
    _check_lambdify_args(args, sympy)
    shape = t.shape
    n = t.size
    # Long sums and products become one call each: Python compiles a + b + c ... as a chain of
    # binary operations nested as deep as the sum is long (a RecursionError at a few thousand terms).
    helpers = {_SUM: _sum_of, _PRODUCT: _product_of}
    chosen = list(modules) if isinstance(modules, (list, tuple)) else [modules or "numpy"]
    flat = [_flattened(e, sympy) for e in t._elements()]
    try:
        compiled = sympy.lambdify(args, flat, modules=[helpers, *chosen], cse=cse)
    except RecursionError:
        raise LimitError(
            f"lambdify: the expressions are nested too deeply for Python to compile (got shape {shape}); "
            "simplify them or evaluate them in parts"
        ) from None

    def evaluate(*values: Any) -> Any:
        out = [np.asarray(v) for v in compiled(*values)]
        if not out:
            return np.zeros(shape)
        batch = np.broadcast_shapes(*(a.shape for a in out))
        result = np.empty(batch + (n,), dtype=np.result_type(*out))
        for k, a in enumerate(out):
            result[..., k] = a
        return result.reshape(batch + shape)

    evaluate.__doc__ = f"The tensor of shape {shape} evaluated at the arguments (made by gt.lambdify)."
    return evaluate


_SUM, _PRODUCT = "_gentensor_sum", "_gentensor_product"
_LONG = 8  # sums and products with more terms are compiled as one call


def _sum_of(*terms: Any) -> Any:
    total = terms[0]
    for term in terms[1:]:
        total = total + term
    return total


def _product_of(*factors: Any) -> Any:
    total = factors[0]
    for factor in factors[1:]:
        total = total * factor
    return total


def _flattened(e: Any, sympy: Any) -> Any:
    """``e`` with every sum or product of more than `_LONG` terms as one call of a helper (same value)."""
    if not getattr(e, "args", ()):
        return e
    memo: dict[Any, Any] = {}

    def walk(node: Any) -> Any:
        if not node.args:
            return node
        found = memo.get(node)
        if found is not None:
            return found
        args = [walk(a) for a in node.args]
        if (node.is_Add or node.is_Mul) and len(args) > _LONG:
            out = sympy.Function(_SUM if node.is_Add else _PRODUCT)(*args)
        elif any(a is not b for a, b in zip(args, node.args)):
            out = node.func(*args, evaluate=False)
        else:
            out = node
        memo[node] = out
        return out

    return walk(e)


#: NumPy's other spelling of [`gentensor.conj`][gentensor.compute.elementary.conj] (the same function).
conjugate = conj
