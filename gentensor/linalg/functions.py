"""Functions of a matrix, exactly: exponential, logarithm, square root, any power, any analytic function.

Every function ``f`` of a square matrix ``A`` is computed from its Jordan
form ``A = P J P^-1``: on a Jordan block of eigenvalue ``lam`` and size ``s``,
``f(J)`` is upper triangular with ``f^(m)(lam) / m!`` on the ``m``-th
superdiagonal, so

    f(A) = sum over eigenvalues lam and m < s of  f^(m)(lam)/m! * C(lam, m),

with ``C(lam, m) = sum_a P[:, a] P^-1[a + m, :]`` over the block's columns.
The matrices ``C`` are computed exactly in the field of ``P`` (the rationals
for rational eigenvalues, the number field of the eigenvalues otherwise, see
`gentensor.ops._numberfield`), so each entry of the result is a short sum
of ``f`` values with exact coefficients -- ``exp(2*t)*(t + 1) - exp(3*t)``,
not a product of three matrices of expressions.  This is how SymPy's
``Matrix.exp``, ``log``, ``pow`` and ``analytic_func`` are defined; the
principal branch of ``log`` and of non-integer powers is taken.

Examples
--------
>>> import gentensor as gt, sympy
>>> t = sympy.Symbol("t")
>>> gt.linalg.matrix_exp(gt.tensor([[1, 1], [0, 1]]), t).tolist()
[[exp(t), t*exp(t)], [0, exp(t)]]
>>> gt.linalg.matrix_sqrt(gt.tensor([[4, 0], [0, 9]])).tolist()
[[2, 0], [0, 3]]
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Optional

from .._docs import section, sections
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, DomainError
from ..ops import symbolic
from ._dense import identity_rows, solve_field
from ._eigenspaces import exact_rows
from ._stack import run, wrap_matrices
from .eigen import AS_EIGENVALS, _sympy_stack, jordan_chains_of

__all__ = ["matrix_exp", "matrix_log", "matrix_sqrt", "matrix_function", "fractional_power", "domain_power"]

#: What the functions of a matrix return (see gentensor._docs).
_RESULT = section("Returns", ("Tensor", "A new symbolic tensor of the shape of ``x``."))

#: f^(m)(lam) / m!: the coefficient of the m-th superdiagonal of f on a Jordan block.
Derivative = Callable[[Any, int], Any]


def _apply(rows: list[list[Any]], derivative: Derivative) -> list[list[Any]]:
    """``f(A)`` for one matrix of SymPy expressions (see the module docstring)."""
    import sympy

    n = len(rows)
    if n == 0:
        return []
    chains = jordan_chains_of(rows)
    columns = [v for _, chain in chains for v in chain]
    P = [[columns[j][i] for j in range(n)] for i in range(n)]
    F, PF, back = exact_rows(P)
    inverse = solve_field([row[:] for row in PF], identity_rows(n, F.zero, F.one), F)
    if inverse is None:  # pragma: no cover - Jordan chains are independent
        raise DomainError("matrix function: internal error: the Jordan basis is singular")
    terms: list[list[list[Any]]] = [[[] for _ in range(n)] for _ in range(n)]
    start = 0
    for value, chain in chains:
        size = len(chain)
        for m in range(size):
            g = derivative(value, m)
            if g == 0:
                continue
            for i in range(n):
                for j in range(n):
                    c = F.sum(F.mul(PF[i][a], inverse[a + m][j]) for a in range(start, start + size - m))
                    if not F.is_zero(c):
                        terms[i][j].append(back(c, value) * g)
        start += size
    return [[sympy.Add(*terms[i][j]) for j in range(n)] for i in range(n)]


def _run(x: Any, func: str, derivative: Derivative, executor: Any, workers: Optional[int]) -> Tensor[Any]:
    stack = _sympy_stack(x, func)
    results = run(partial(_apply, derivative=derivative), stack, func, executor, workers)
    return wrap_matrices(results, stack.batch, (stack.n, stack.n), symbolic)


# -- the derivatives of each function ------------------------------------------------------------


def _exp_derivative(value: Any, m: int, t: Any) -> Any:
    import sympy

    if t is None:
        return sympy.exp(value) / sympy.factorial(m)
    return t**m * sympy.exp(value * t) / sympy.factorial(m)


def _log_derivative(value: Any, m: int) -> Any:
    import sympy

    if symbolic.is_zero(value):
        raise DomainError(
            "matrix_log: the matrix is singular (got the eigenvalue 0); a singular matrix has no logarithm"
        )
    if m == 0:
        return sympy.log(value)
    return sympy.Integer(-1) ** (m - 1) / (m * value**m)


def _power_derivative(value: Any, m: int, p: Any, func: str) -> Any:
    import sympy

    if p.is_Integer and p >= 0:
        return sympy.binomial(p, m) * value ** (p - m) if m <= p else sympy.S.Zero
    if symbolic.is_zero(value) and p.is_number:
        raise DomainError(
            f"{func}: the matrix is singular (got the eigenvalue 0 and the exponent {p}); a singular matrix "
            "has only non-negative integer powers"
        )
    return sympy.binomial(p, m) * value ** (p - m)


def _function_derivative(value: Any, m: int, f: Any, z: Any) -> Any:
    import sympy

    return sympy.diff(f, z, m).subs(z, value) / sympy.factorial(m)


# -- the public functions ------------------------------------------------------------------------------


@sections(_RESULT, section("Raises", AS_EIGENVALS))
def matrix_exp(x: Tensor[Any], t: Any = None, /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """The matrix exponential ``exp(x)``, or ``exp(x*t)`` for a (symbolic) scalar ``t``: exact.

    Computed through the Jordan form (see the module docstring), as SymPy's
    ``Matrix.exp``: rational eigenvalues give sums of ``exp(lam*t) * t**m``
    with rational coefficients; algebraic ones ``CRootOf`` or radicals.
    ``gt.exp`` is the element-wise exponential.

    Parameters
    ----------
    x : Tensor
        A square matrix or a stack, of exact numbers or expressions whose
        eigenvalues can be written (see [`eigenvals`][gentensor.linalg.eigen.eigenvals]).
    t : SymPy expression or number, optional
        The time: ``exp(x*t)`` (solutions of ``y' = x y`` are ``exp(x*t) @ y0``).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> gt.linalg.matrix_exp(gt.tensor([[0, 0], [0, 0]])).tolist()
    [[1, 0], [0, 1]]
    >>> t = sympy.Symbol("t")
    >>> gt.linalg.matrix_exp(gt.tensor([[2, 1], [0, 2]]), t).tolist()
    [[exp(2*t), t*exp(2*t)], [0, exp(2*t)]]
    >>> gt.linalg.matrix_exp(gt.tensor([[0, -1], [1, 0]]), sympy.Symbol("s", real=True)).tolist()
    [[cos(s), -sin(s)], [sin(s), cos(s)]]
    """
    if t is not None:
        t = symbolic.convert(t)
    out = _run(x, "matrix_exp", partial(_exp_derivative, t=t), executor, workers)
    return _real_form(out, x, t)


def _real_form(out: Tensor[Any], x: Any, t: Any) -> Tensor[Any]:
    """``exp`` of a real matrix at a real time is real: complex exponentials of radicals become cos and sin."""
    import sympy
    from sympy.polys.rootoftools import ComplexRootOf

    values = out._elements()
    if not any(v.has(sympy.I) for v in values) or (t is not None and t.is_real is not True):
        return out
    entries = [symbolic.convert(v) for v in _stack_elements(x)]
    if not all(v.is_real is True for v in entries) or any(v.has(ComplexRootOf) for v in values):
        return out
    return Tensor._from_flat([sympy.expand_complex(v) if v.has(sympy.I) else v for v in values], out.shape, symbolic)


def _stack_elements(x: Any) -> list[Any]:
    from ..core.operands import as_tensor

    return as_tensor(x, "matrix_exp")._elements()


@sections(_RESULT)
def matrix_log(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """The principal matrix logarithm: ``matrix_exp(matrix_log(x)) == x`` for invertible ``x``.

    Through the Jordan form with the principal branch of ``log`` on each
    eigenvalue (SymPy's ``Matrix.log``).

    Raises
    ------
    DomainError
        ``x`` is singular (no logarithm), or as [`eigenvals`][gentensor.linalg.eigen.eigenvals].
    ShapeError, NonSquareError
        ``x`` is not a (stack of) square matrices.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.matrix_log(gt.tensor([[1, 1], [0, 1]])).tolist()
    [[0, 1], [0, 0]]
    """
    return _run(x, "matrix_log", _log_derivative, executor, workers)


@sections(_RESULT)
def fractional_power(x: Tensor[Any], p: Any, /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """``x**p`` for a rational or symbolic exponent ``p`` (principal branch), through the Jordan form.

    Integer exponents go to [`matrix_power`][gentensor.linalg.matrix_power] (which calls this for the
    others): ``matrix_power(x, sympy.Rational(1, 2))`` is a square root,
    ``matrix_power(x, n)`` for a symbol ``n`` the closed form SymPy gives
    for ``M**n``.

    Raises
    ------
    DomainError
        ``x`` is singular and ``p`` is a number that is not a non-negative
        integer, or as [`eigenvals`][gentensor.linalg.eigen.eigenvals].
    ArgumentTypeError
        ``p`` is not a number or a SymPy expression.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> n = sympy.Symbol("n")
    >>> gt.linalg.fractional_power(gt.tensor([[1, 1], [0, 1]]), n).tolist()
    [[1, n], [0, 1]]
    """
    try:
        exponent = symbolic.convert(p)
    except (TypeError, ValueError):
        raise ArgumentTypeError(f"matrix_power: the exponent must be a number or a SymPy expression (got {p!r})") from None
    return _run(x, "matrix_power", partial(_power_derivative, p=exponent, func="matrix_power"), executor, workers)


@sections(_RESULT)
def matrix_sqrt(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """The principal square root: ``s @ s == x`` with the principal root of each eigenvalue.

    Raises
    ------
    DomainError
        ``x`` is singular (a singular matrix has square roots only in special
        cases, and no principal one is defined here), or as [`eigenvals`][gentensor.linalg.eigen.eigenvals].

    Examples
    --------
    >>> import gentensor as gt
    >>> s = gt.linalg.matrix_sqrt(gt.tensor([[4, 1], [0, 4]]))
    >>> s.tolist(), gt.array_equal(s @ s, gt.tensor([[4, 1], [0, 4]]))
    ([[2, 1/4], [0, 2]], True)
    """
    import sympy

    half = sympy.Rational(1, 2)
    return _run(x, "matrix_sqrt", partial(_power_derivative, p=half, func="matrix_sqrt"), executor, workers)


@sections(
    _RESULT,
    section("Raises", ("ArgumentTypeError", "``f`` is an expression and ``symbol`` is not a SymPy Symbol."), AS_EIGENVALS),
)
def matrix_function(
    x: Tensor[Any], f: Any, symbol: Any = None, /, *, executor: Any = None, workers: Optional[int] = None
) -> Tensor[Any]:
    """``f(x)`` for an analytic function ``f`` given as a SymPy expression in ``symbol`` (SymPy's ``analytic_func``).

    Parameters
    ----------
    x : Tensor
        A square matrix or a stack.
    f : SymPy expression or callable
        ``f`` in terms of ``symbol`` (``sympy.sin(z)``), or a callable taking
        a SymPy symbol and returning such an expression.
    symbol : SymPy Symbol, optional
        The variable of ``f`` (not needed for a callable).

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> z = sympy.Symbol("z")
    >>> gt.linalg.matrix_function(gt.tensor([[0, 1], [0, 0]]), sympy.sin(z), z).tolist()
    [[0, 1], [0, 0]]
    >>> gt.linalg.matrix_function(gt.tensor([[1, 0], [0, 2]]), lambda z: z**2 + 1).tolist()
    [[2, 0], [0, 5]]
    """
    import sympy

    if callable(f) and not isinstance(f, sympy.Basic):
        symbol = sympy.Dummy("z")
        f = sympy.sympify(f(symbol))
    if not isinstance(symbol, sympy.Symbol):
        raise ArgumentTypeError(
            f"matrix_function: symbol must be the SymPy Symbol f is written in (got {symbol!r}); "
            "or pass f as a callable"
        )
    return _run(x, "matrix_function", partial(_function_derivative, f=sympy.sympify(f), z=symbol), executor, workers)


def domain_power(x: Tensor[Any], power: int) -> Optional[Tensor[Any]]:
    """``x**power`` (``power >= 1``) for expressions, squared in SymPy's domain of the entries; ``None`` if none fits.

    Repeated squaring on expressions builds trees that double each step;
    in the domain (``QQ<I>``, ``QQ(x, y)``, ...) every product is reduced, so
    the result comes back in canonical expanded form (``a + b*I``,
    expanded polynomials), as SymPy's ``M**k``.  The sizes are checked
    against ``max_bits`` after each squaring.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> domain_power(gt.tensor([[1 + sympy.I, 0], [0, 1]]), 4).tolist()
    [[-4, 0], [0, 1]]
    """
    from ..resources import get_limits
    from . import _symbolic
    from ._charpoly import matmul
    from ._stack import stack_of

    if getattr(x.ops, "zero_test", None) is None or not x.size:
        return None
    stack = stack_of(x, "matrix_power", square=True)
    max_bits, max_nodes = get_limits().max_bits, get_limits().max_nodes
    out = []
    for rows in stack.matrices:
        found = _symbolic.matrix_field(rows)
        if found is NotImplemented:  # floats inside expressions
            return None
        ops, M, back = found
        result, base, k = None, M, power
        while True:
            if k & 1:
                result = base if result is None else matmul(result, base, ops)
            k >>= 1
            if not k:
                break
            base = matmul(base, base, ops)
            _check_power_entries(base, max_bits, max_nodes)
        assert result is not None
        out.append([[back(v) for v in row] for row in result])
    return wrap_matrices(out, stack.batch, (stack.n, stack.n), symbolic)


def _check_power_entries(rows: list[list[Any]], max_bits: int, max_nodes: int) -> None:
    """`LimitError` when an entry of a power (a domain element) outgrew the expression limits.

    The size of an entry is read off its text: a polynomial in symbols has
    about one node per three characters (checked against ``max_nodes``), a
    number about four bits per digit (checked against ``max_bits``).
    """
    from ..errors import LimitError

    for row in rows:
        for v in row:
            size = len(str(v))
            symbolic_entry = hasattr(v, "ring") or hasattr(v, "field")
            if symbolic_entry:
                if size // 3 > max_nodes:
                    raise LimitError(
                        f"matrix_power: an entry of the power grew too large (about {size // 3} nodes, more than "
                        f"max_nodes={max_nodes}); raise it with gt.limits(max_nodes=...)"
                    )
            elif size * 4 > max_bits:
                raise LimitError(
                    f"matrix_power: an entry of the power grew too large (past max_bits={max_bits}); "
                    "raise it with gt.limits(max_bits=...)"
                )
