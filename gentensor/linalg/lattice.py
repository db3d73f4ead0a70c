"""Integer lattices and normal forms: Hermite and Smith forms, LLL, integer kernels, Diophantine systems.

Over the integers and over any ring whose capabilities say *Euclidean*
(``ops.divmod``): Gaussian integers, polynomials over a field, a user ring.
Every function takes a matrix or a stack of matrices (leading axes are batch
axes) and checks the ring before any work.

Conventions (row style, as FLINT; see ``docs/linalg.md``):

* ``hnf(x)`` is ``H = U @ x`` with ``U`` unimodular, ``H`` in row echelon
  form with canonical (positive) pivots and the entries above each pivot
  reduced modulo it.  Unique.
* ``snf(x)`` is ``D = U @ x @ V``: diagonal, each entry dividing the next,
  zeros last.  ``elementary_divisors(x)`` is its diagonal.
* ``lll(x)``: the rows are a lattice basis, reduced with Lovász' constant
  ``delta`` and size-reduction ``|mu| <= 1/2``, checked exactly.
* ``integer_kernel(x)``: the columns are a basis of every integer ``v`` with
  ``x @ v == 0`` (not just a sublattice of them).
* ``solve_integer(a, b)``: a particular integer solution and a basis of the
  integer kernel, so every solution is ``particular + kernel @ t``.

With python-flint installed, integer matrices go to FLINT through the kernel
providers ([`gentensor.register_provider`][gentensor.ops._providers.register_provider]); results are the same.

Examples
--------
>>> import gentensor as gt
>>> gt.linalg.hnf(gt.tensor([[2, 4, 4], [-6, 6, 12], [10, -4, -16]])).tolist()
[[2, 4, 4], [0, 6, 0], [0, 0, 12]]
>>> gt.linalg.elementary_divisors(gt.tensor([[2, 4, 4], [-6, 6, 12], [10, -4, -16]])).tolist()
[2, 6, 12]
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from functools import partial
from typing import Any, Callable, NamedTuple, Optional

from .._docs import section, sections
from ..core.layout import unravel
from ..core.operands import convert_scalar
from ..core.tensor import Tensor
from ..errors import ArgumentTypeError, ArgumentValueError, DomainError, NoSolutionError, ShapeError
from ..ops import ElementOps, capabilities_of, defines, polynomials
from ..ops import as_euclidean
from . import _lattice
from . import _lattice_tasks as _t
from ._stack import Stack, run, stack_of, system_of, wrap_matrices

__all__ = [
    "hnf",
    "snf",
    "elementary_divisors",
    "lll",
    "integer_kernel",
    "solve_integer",
    "det_mod",
    "HNFResult",
    "SNFResult",
    "LLLResult",
    "IntegerSolutions",
]


class HNFResult(NamedTuple):
    """The result of ``hnf(x, transform=True)``: ``u @ x == h`` with ``u`` unimodular.

    Examples
    --------
    >>> import gentensor as gt
    >>> h, u = gt.linalg.hnf(gt.tensor([[2, 4], [3, 6]]), transform=True)
    >>> h.tolist(), (u @ gt.tensor([[2, 4], [3, 6]])).tolist() == h.tolist()
    ([[1, 2], [0, 0]], True)
    """

    h: Tensor[Any]
    u: Tensor[Any]


class SNFResult(NamedTuple):
    """The result of ``snf(x, transform=True)``: ``u @ x @ v == d`` with ``u``, ``v`` unimodular.

    Examples
    --------
    >>> import gentensor as gt
    >>> d, u, v = gt.linalg.snf(gt.tensor([[2, 0], [0, 3]]), transform=True)
    >>> d.tolist(), (u @ gt.tensor([[2, 0], [0, 3]]) @ v).tolist()
    ([[1, 0], [0, 6]], [[1, 0], [0, 6]])
    """

    d: Tensor[Any]
    u: Tensor[Any]
    v: Tensor[Any]


class LLLResult(NamedTuple):
    """The result of ``lll(x, transform=True)``: ``u @ x == basis`` with ``u`` unimodular.

    Examples
    --------
    >>> import gentensor as gt
    >>> basis, u = gt.linalg.lll(gt.tensor([[1, 0], [7, 1]]), transform=True)
    >>> basis.tolist(), u.tolist()
    ([[1, 0], [0, 1]], [[1, 0], [-7, 1]])
    """

    basis: Tensor[Any]
    u: Tensor[Any]


class IntegerSolutions(NamedTuple):
    """Every solution of ``a @ x == b`` over the ring: ``particular + kernel @ t`` for integer ``t``.

    ``particular`` has the shape of ``b`` with ``m`` replaced by ``n``;
    ``kernel`` is ``(..., n, k)``: its columns are a basis of the integer
    solutions of ``a @ x == 0``.

    Examples
    --------
    >>> import gentensor as gt
    >>> sol = gt.linalg.solve_integer(gt.tensor([[2, 4, 6]]), gt.tensor([10]))
    >>> sol.particular.tolist(), sol.kernel.tolist()
    ([0, 1, 1], [[1, 0], [1, 3], [-1, -2]])
    """

    particular: Tensor[Any]
    kernel: Tensor[Any]


#: The errors of the normal forms over a Euclidean ring (see gentensor._docs).
_NORMAL_FORM_ERRORS = section("Raises", ("ShapeError", "``x.ndim < 2``."), ("DomainError", "The ring is not Euclidean."))


def _stack(x: Any, func: str, square: bool = False) -> Stack:
    stack = stack_of(x, func, square=square)
    _t.euclidean(stack.ops, func)
    return stack


def _normal_form_stack(x: Any, func: str) -> tuple[Stack, Callable[[Tensor[Any]], Tensor[Any]]]:
    """The matrices over a Euclidean ring, and the way back to the ring of ``x``.

    A Euclidean ring as it is; an exact field seen as the Euclidean domain it
    is (SymPy's Smith form over a field); a matrix of expressions that are
    polynomials in one symbol over the rationals in ``Q[x]``
    (``gt.polynomials``), its results back as expressions.  Anything else
    gets the Euclidean refusal.
    """
    stack = stack_of(x, func, square=False)
    ops = stack.ops
    caps = capabilities_of(ops)
    if caps.euclidean and defines(ops, "divmod"):
        return stack, lambda t: t
    if caps.field and caps.exact and getattr(ops, "zero_test", None) is None:
        ring = as_euclidean(ops)
        return stack._replace(ops=ring), lambda t: Tensor._from_flat(t._elements(), t.shape, ops)
    ring = _polynomial_ring(stack) if getattr(ops, "zero_test", None) is not None else None
    if ring is not None:
        matrices = [[[ring.convert(v) for v in row] for row in m] for m in stack.matrices]
        back = lambda t: Tensor._from_flat([p.as_expr() for p in t._elements()], t.shape, ops)  # noqa: E731
        return stack._replace(ops=ring, matrices=matrices), back
    _t.euclidean(ops, func)  # raises the refusal
    return stack, lambda t: t  # pragma: no cover


def _transformed(
    task: Any, stack: Stack, back: Callable[[Tensor[Any]], Tensor[Any]], shapes: list[tuple[int, int]], func: str,
    executor: Any, workers: Any,
) -> list[Tensor[Any]]:
    """A normal form with its transforms: ``task`` gives a tuple of matrices per matrix, one tensor per ``shapes`` entry."""
    results = run(task, stack, func, executor, workers)
    return [back(wrap_matrices([r[k] for r in results], stack.batch, shape, stack.ops)) for k, shape in enumerate(shapes)]


def _polynomial_ring(stack: Stack) -> Any:
    """``Q[x]`` when every entry is a polynomial in one symbol ``x`` with rational coefficients, else ``None``."""
    symbols: set[Any] = set()
    for m in stack.matrices:
        for row in m:
            for v in row:
                symbols |= getattr(v, "free_symbols", set())
    if len(symbols) != 1:
        return None
    (x,) = symbols
    ring = polynomials(x)
    try:
        for m in stack.matrices:
            for row in m:
                for v in row:
                    ring.convert(v)
    except TypeError:
        return None
    return ring


# -- the public functions -------------------------------------------------------------


def hnf(x: Tensor[Any], /, *, transform: bool = False, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any] | HNFResult:
    """Hermite normal form (row style) of a matrix or of each matrix of a stack.

    ``H = U @ x`` with ``U`` unimodular (``det(U)`` a unit): the non-zero rows
    of ``H`` come first, each row's pivot (first non-zero entry) lies right of
    the previous row's, pivots are canonical (positive for integers) and the
    entries above a pivot are its remainders (``0 <= h < pivot``).  ``H`` is
    unique: two matrices have the same ``H`` exactly when their rows span the
    same lattice.

    Parameters
    ----------
    x : Tensor
        Shape ``(..., m, n)`` over a Euclidean ring (integers, booleans read
        as integers, or any ops with ``capabilities.euclidean``).
    transform : bool
        Also return ``U``.  It is canonical too: ``[H | U]`` is the Hermite
        form of ``[x | I]``, so its rows past the rank are the Hermite basis
        of the left kernel.
    executor, workers
        Parallel policy for stacks (see [`gentensor.parallel`][gentensor.parallel.parallel]).

    Returns
    -------
    Tensor or HNFResult
        A new tensor of the shape of ``x``; with ``transform``, ``(h, u)``
        with ``u`` of shape ``(..., m, m)``.

    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    DomainError
        The ring is not Euclidean (a field: use ``rref``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.hnf(gt.tensor([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]])).tolist()
    [[4, 0, -4, -8], [0, 1, 2, 3], [0, 0, 0, 0]]
    >>> h, u = gt.linalg.hnf(gt.tensor([[2, 3], [4, 5]]), transform=True)
    >>> h.tolist(), u.tolist()
    ([[2, 0], [0, 1]], [[-5, 3], [2, -1]])
    """
    stack, back = _normal_form_stack(x, "hnf")
    m, n, ops = stack.m, stack.n, stack.ops
    if transform:
        task: Any = partial(_t.hnf_transform_task, ops=ops, n=n, provider=_t.kernel(ops, "hnf.transform"))
        return HNFResult(*_transformed(task, stack, back, [(m, n), (m, m)], "hnf", executor, workers))
    task = partial(_t.hnf_task, ops=ops, provider=_t.kernel(ops, "hnf"), solve_provider=_t.kernel(ops, "solve_den"))
    return back(wrap_matrices(run(task, stack, "hnf", executor, workers), stack.batch, (m, n), ops))


@sections(_NORMAL_FORM_ERRORS)
def snf(x: Tensor[Any], /, *, transform: bool = False, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any] | SNFResult:
    """Smith normal form of a matrix or of each matrix of a stack: ``D = U @ x @ V``.

    ``D`` is diagonal with canonical entries (non-negative for integers),
    each dividing the next, zeros last; ``U`` and ``V`` are unimodular.  The
    diagonal is unique ([`elementary_divisors`][gentensor.linalg.lattice.elementary_divisors]); ``U`` and ``V`` are not.
    The cokernel ``Z**n / (row lattice of x)`` of an integer matrix is
    ``Z/d_1 + Z/d_2 + ...`` (``Z`` for each zero).

    Parameters
    ----------
    x : Tensor
        Shape ``(..., m, n)`` over a Euclidean ring.
    transform : bool
        Also return ``U`` (``(..., m, m)``) and ``V`` (``(..., n, n)``).
    executor, workers
        Parallel policy for stacks.

    Returns
    -------
    Tensor or SNFResult
        ``D``, a new tensor of the shape of ``x``; with ``transform``, ``(d, u, v)``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.snf(gt.tensor([[2, 4, 4], [-6, 6, 12], [10, -4, -16]])).tolist()
    [[2, 0, 0], [0, 6, 0], [0, 0, 12]]
    >>> d, u, v = gt.linalg.snf(gt.tensor([[4, 6]]), transform=True)
    >>> d.tolist(), (u @ gt.tensor([[4, 6]]) @ v).tolist()
    ([[2, 0]], [[2, 0]])
    """
    stack, back = _normal_form_stack(x, "snf")
    m, n, ops = stack.m, stack.n, stack.ops
    if transform:
        task: Any = partial(_t.snf_transform_task, ops=ops, n=n, provider=_t.kernel(ops, "hnf.transform"))
        return SNFResult(*_transformed(task, stack, back, [(m, n), (m, m), (n, n)], "snf", executor, workers))
    diagonals = _diagonals(stack, "snf", executor, workers)
    zero = ops.zero
    matrices = []
    for diag in diagonals:
        D = [[zero] * n for _ in range(m)]
        for i, v in enumerate(diag):
            D[i][i] = v
        matrices.append(D)
    return back(wrap_matrices(matrices, stack.batch, (m, n), ops))


def _diagonals(stack: Stack, func: str, executor: Any, workers: Any) -> list[list[Any]]:
    ops = stack.ops
    task = partial(
        _t.snf_task,
        ops=ops,
        provider=_t.kernel(ops, "snf"),
        hnf_provider=_t.kernel(ops, "hnf"),
        solve_provider=_t.kernel(ops, "solve_den"),
    )
    return run(task, stack, func, executor, workers)


@sections(_NORMAL_FORM_ERRORS)
def elementary_divisors(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """The ``min(m, n)`` diagonal entries of the Smith normal form (invariant factors), zeros last.

    Each divides the next; their product over the non-zero ones is the gcd of
    the largest non-vanishing minors.

    Returns
    -------
    Tensor
        A new tensor of shape ``x.shape[:-2] + (min(m, n),)`` in the ops of ``x``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.elementary_divisors(gt.tensor([[6, 0, 0], [0, 10, 0], [0, 0, 0]])).tolist()
    [2, 30, 0]
    >>> gt.linalg.elementary_divisors(gt.tensor([[[2, 0], [0, 3]], [[1, 1], [1, 1]]])).tolist()
    [[1, 6], [1, 0]]
    """
    stack, back = _normal_form_stack(x, "elementary_divisors")
    diagonals = _diagonals(stack, "elementary_divisors", executor, workers)
    k = min(stack.m, stack.n)
    return back(Tensor._from_flat([v for d in diagonals for v in d], stack.batch + (k,), stack.ops))


def _delta(delta: Any) -> Fraction:
    if type(delta) is not Fraction and (isinstance(delta, bool) or not isinstance(delta, (numbers.Rational, float))):
        raise ArgumentTypeError(f"lll: delta must be a rational number such as Fraction(3, 4) (got {delta!r})")
    value = delta if type(delta) is Fraction else Fraction(delta)
    if not (4 * value.numerator > value.denominator and value.numerator <= value.denominator):  # 1/4 < delta <= 1
        raise ArgumentValueError(f"lll: delta must satisfy 1/4 < delta <= 1 (got {value})")
    return value


def lll(
    x: Tensor[Any],
    /,
    *,
    delta: Any = Fraction(3, 4),
    transform: bool = False,
    executor: Any = None,
    workers: Optional[int] = None,
) -> Tensor[Any] | LLLResult:
    """LLL reduction of the lattice spanned by the rows of a matrix (or of each matrix of a stack).

    The result's rows span the same lattice and are LLL-reduced in exact
    arithmetic: with Gram-Schmidt vectors ``b*_i`` and coefficients ``mu``,
    ``|mu[i][j]| <= 1/2`` and ``delta * |b*_{i-1}|**2 <= |b*_i|**2 +
    mu[i][i-1]**2 * |b*_{i-1}|**2``.  With python-flint, FLINT reduces and
    the conditions are then proven (a floating-point certificate with
    rigorous error bounds, the exact check where it cannot decide, an exact
    repair if that fails).

    Linearly dependent rows (and so ``m > n``) are accepted, as FLINT does:
    the rows the rank falls short come out as zero rows, first, and the
    others are a reduced basis of the lattice the rows generate.  (SymPy's
    ``DomainMatrix.lll`` refuses such input; see ``docs/linalg.md``.)

    Parameters
    ----------
    x : Tensor
        Shape ``(..., m, n)`` over the integers (an ordered Euclidean ring).
    delta : Fraction, int or float
        Lovász' constant, ``1/4 < delta <= 1``; used exactly.  The default
        3/4 is the original paper's and SymPy's; python-flint's
        ``fmpz_mat.lll`` defaults to 0.99 (stronger reduction, more work):
        pass ``delta=Fraction(99, 100)`` for that.
    transform : bool
        Also return the unimodular ``u`` with ``u @ x == basis``.
    executor, workers
        Parallel policy for stacks.

    Returns
    -------
    Tensor or LLLResult
        The reduced basis, a new tensor of the shape of ``x``; with
        ``transform``, ``(basis, u)``.

    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    DomainError
        The ring is not an ordered Euclidean domain (integers).
    TypeError, ValueError
        ``delta`` is not a number in ``(1/4, 1]``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.lll(gt.tensor([[1, 1, 1], [-1, 0, 2], [3, 5, 6]])).tolist()
    [[0, 1, 0], [1, 0, 1], [-1, 0, 2]]
    >>> gt.linalg.lll(gt.tensor([[2, 0], [4, 0]])).tolist()
    [[0, 0], [2, 0]]
    """
    value = _delta(delta)
    stack = _stack(x, "lll")
    ops = stack.ops
    if not capabilities_of(ops).ordered:
        raise DomainError(
            f"lll: needs an ordered Euclidean domain such as the integers (got ops={ops.name}); "
            "lattice reduction measures lengths"
        )
    m, n = stack.m, stack.n
    # Without the transform, a provider that gives the basis as machine words ("lll.words") comes first.
    provider = None if transform else _t.kernel(ops, "lll.words")
    if provider is None:
        provider = _t.kernel(ops, "lll.transform" if transform else "lll")
    task = partial(_t.lll_task, ops=ops, n=n, delta=value, transform=transform, provider=provider)
    results = run(task, stack, "lll", executor, workers)
    basis = wrap_matrices([r[0] for r in results], stack.batch, (m, n), ops)
    if not transform:
        return basis
    return LLLResult(basis, wrap_matrices([r[1] for r in results], stack.batch, (m, m), ops))


def _same_size(kernels: list[list[Any]], batch: tuple[int, ...], func: str) -> int:
    sizes = sorted({len(k) for k in kernels})
    if len(sizes) > 1:
        raise ShapeError(
            f"{func}: the matrices of the stack have kernels of different ranks (got ranks {sizes} for batch "
            f"shape {batch}); call it on each matrix"
        )
    return sizes[0] if sizes else 0


def integer_kernel(x: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any]:
    """A basis of the integer kernel ``{v in Z**n : x @ v == 0}`` as the columns of an ``(n, k)`` tensor.

    The basis is *saturated*: every integer solution is an integer
    combination of the columns (a rational nullspace basis scaled to
    integers may only span a sublattice).  The columns are in Hermite form
    (as rows, canonical).  Over any Euclidean ring likewise.

    Returns
    -------
    Tensor
        A new tensor of shape ``x.shape[:-2] + (n, k)`` in the ops of ``x``;
        ``k == 0`` when ``x`` has full column rank.

    Raises
    ------
    ShapeError
        ``x.ndim < 2``, or the matrices of a stack have kernels of different ranks.
    DomainError
        The ring is not Euclidean.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.integer_kernel(gt.tensor([[2, 4, 6]])).tolist()
    [[1, 0], [1, 3], [-1, -2]]
    >>> gt.linalg.integer_kernel(gt.tensor([[1, 0], [0, 1]])).shape
    (2, 0)
    """
    stack = _stack(x, "integer_kernel")
    ops, n = stack.ops, stack.n
    task = partial(_t.integer_kernel_task, ops=ops, n=n, provider=_t.kernel(ops, "hnf.transform"))
    kernels = run(task, stack, "integer_kernel", executor, workers)
    k = _same_size(kernels, stack.batch, "integer_kernel")
    return wrap_matrices([_lattice.transpose(K, n) for K in kernels], stack.batch, (n, k), ops)


def solve_integer(a: Tensor[Any], b: Tensor[Any], /, *, executor: Any = None, workers: Optional[int] = None) -> IntegerSolutions:
    """Every integer solution of ``a @ x == b``: a particular solution and a basis of the kernel.

    ``a`` is ``(..., m, n)`` (any shape, any rank); ``b`` is ``(m,)`` or
    ``(..., m, k)``; batch axes broadcast.  The solutions are exactly
    ``particular + kernel @ t`` for integer vectors ``t``.  The particular
    solution is canonical: reduced modulo the kernel lattice (the Hermite
    basis of the kernel).  Over any Euclidean ring likewise.

    Returns
    -------
    IntegerSolutions
        ``(particular, kernel)``: new tensors of shape ``(..., n)`` (or
        ``(..., n, k)``) and ``(..., n, d)``.

    Raises
    ------
    NoSolutionError
        Some right-hand side has no solution over the ring (the message says
        whether it has rational ones).
    ShapeError
        Shapes that do not fit, or a stack whose kernels differ in rank.
    DomainError
        The ring is not Euclidean.

    Examples
    --------
    >>> import gentensor as gt
    >>> a = gt.tensor([[2, 3], [4, 7]])
    >>> gt.linalg.solve_integer(a, gt.tensor([5, 11])).particular.tolist()
    [1, 1]
    >>> gt.linalg.solve_integer(gt.tensor([[2, 4]]), gt.tensor([3]))
    Traceback (most recent call last):
    ...
    gentensor.errors.NoSolutionError: solve_integer: a @ x == b has no integer solution (got b = [3]); it has rational solutions, but no integer one
    """
    pairs, k, vector = system_of(a, b, "solve_integer", square=False)
    batch, n, ops = pairs.batch, pairs.n, pairs.ops
    _t.euclidean(ops, "solve_integer")
    task = partial(_t.solve_integer_task, ops=ops, n=n, provider=_t.kernel(ops, "hnf.transform"))
    results = run(task, pairs, "solve_integer", executor, workers)
    for index, (X, _, bad) in enumerate(results):
        if X is None:
            A, B = pairs.matrices[index]
            _no_solution(A, [row[bad] for row in B], ops, batch, index, vector)
    d = _same_size([r[1] for r in results], batch, "solve_integer")
    particular = wrap_matrices([_lattice.transpose(X, n) for X, _, _ in results], batch, (n, k), ops)
    kernel = wrap_matrices([_lattice.transpose(K, n) for _, K, _ in results], batch, (n, d), ops)
    return IntegerSolutions(particular.reshape(batch + (n,)) if vector else particular, kernel)


def _no_solution(A: list[list[Any]], b: list[Any], ops: ElementOps, batch: tuple[int, ...], index: int, vector: bool) -> None:
    from . import _policy  # the rank over the fraction field tells "no rational solution" apart

    shown = "[" + ", ".join(ops.format(v) for v in b) + "]"
    where = f" at batch index {unravel(index, batch)}" if batch else ""
    rank_a = _policy.rank([list(r) for r in A], ops) if A and A[0] else 0
    rank_ab = _policy.rank([list(r) + [v] for r, v in zip(A, b)], ops) if A else 0
    why = "it has no rational solution either" if rank_ab > rank_a else "it has rational solutions, but no integer one"
    column = "" if vector else " (a column of b)"
    raise NoSolutionError(f"solve_integer: a @ x == b has no integer solution{where} (got b = {shown}{column}); {why}")


def det_mod(x: Tensor[Any], m: Any, /, *, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any] | Any:
    """The determinant modulo ``m`` of a square matrix (or of each matrix of a stack), without the integer determinant.

    Elimination modulo ``m`` with unimodular row operations only, so ``m``
    may be composite (no division by a zero divisor happens) and entries
    never grow past ``m``; with python-flint, FLINT's ``nmod_mat`` for a
    prime ``m`` and the integer determinant otherwise.

    Parameters
    ----------
    x : Tensor
        Shape ``(..., n, n)`` over a Euclidean ring (the integers).
    m : int
        The modulus (for integers, ``m >= 1``).

    Returns
    -------
    element or Tensor
        The remainder (``0 <= det < m`` for integers) for one matrix; for a
        stack a new tensor of shape ``x.shape[:-2]``.

    Raises
    ------
    ShapeError, NonSquareError
        ``x`` is not a (stack of) square matrices.
    DomainError
        The ring is not Euclidean.
    ValueError
        ``m`` is zero (or negative for integers).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.det_mod(gt.tensor([[2, 3], [4, 1]]), 6), gt.linalg.det(gt.tensor([[2, 3], [4, 1]])) % 6
    (2, 2)
    >>> gt.linalg.det_mod(gt.tensor([[[10**30, 1], [1, 1]], [[3, 0], [0, 5]]]), 7).tolist()
    [0, 1]
    """
    stack = _stack(x, "det_mod", square=True)
    ops = stack.ops
    modulus = convert_scalar(m, ops, "det_mod")
    caps = capabilities_of(ops)
    if ops.is_zero(modulus) or (caps.ordered and ops.lt(modulus, ops.zero)):  # type: ignore[attr-defined]
        raise ArgumentValueError(f"det_mod: the modulus must be non-zero (positive for an ordered ring) (got {m!r})")
    task = partial(_t.det_mod_task, ops=ops, modulus=modulus, provider=_t.kernel(ops, "det_mod"))
    results = run(task, stack, "det_mod", executor, workers)
    if not stack.batch:
        return results[0]
    return Tensor._from_flat(results, stack.batch, ops)
