"""The determinant and the rank: the two numbers of a matrix the other linear algebra builds on.

They live below ``gt.linalg``'s package module so that the functions built
on them (Cramer's rule, minors and cofactors, the solvers) call them
directly: ``gentensor/linalg/__init__.py`` imports those modules, and a call
back into it through ``a.det()`` closed a cycle at run time.  The public
names are ``gt.linalg.det`` and ``gt.linalg.rank``.

Examples
--------
>>> import gentensor as gt
>>> det(gt.tensor([[2, 1], [1, 3]])), rank(gt.tensor([[1, 2], [2, 4]]))
(5, 1)
"""

from __future__ import annotations

from functools import partial
from typing import Any, Optional

from .._docs import section, sections
from ..compute import flat_values
from ..core.operands import as_tensor, convert_values
from ..core.tensor import Tensor
from ..ops import ElementOps, integers
from ..parallel import resolve
from . import _lapack, _policy
from ._numberfield import number_field_kernel
from ._stack import Stack, arithmetic, packed_elements, run, run_words, stack_of, wrap_matrices
from ._userzero import with_iszerofunc

__all__ = ["det", "rank"]

#: The parameter the functions below share with det (see gentensor._docs).
_ISZEROFUNC = section(
    "Parameters",
    ("iszerofunc : callable, optional", "Your zero test where the sound one cannot decide, as for [`det`][gentensor.linalg.det]."),
)


def _det_task(rows: list[list[Any]], ops: ElementOps, method: str, provider: Any) -> Any:
    return _policy.det(rows, ops, method, provider)


def _kernel(ops: ElementOps, key: str) -> Any:
    """The provider of ``key``; for expressions, behind the kernel for matrices of algebraic numbers."""
    found = _policy.kernel_of(ops, key)
    if getattr(ops, "zero_test", None) is None:
        return found
    return number_field_kernel(key, found)


def _result_ops(ops: ElementOps, func: str) -> ElementOps:
    """Where results involving division live; refuses non-commutative ops up front."""
    _policy.check_commutative(ops, func)
    return _policy.field_ops(ops)


def _in_bulk(x: Any, func: str) -> Any:
    """A stack of small matrices through the ``"<func>.stack"`` provider (flat elements, count, n, ops), or ``None``.

    ``det.stack`` returns the determinants, ``inv.stack`` the inverses as rows;
    either may decline (``NotImplemented``) and the per-matrix path runs.
    """
    x = as_tensor(x, func)
    if x.ndim < 3:
        return None
    ops = arithmetic(x.ops)
    *batch_axes, m, n = x.shape
    if m != n:
        return None  # the per-matrix path raises the usual error
    batch = tuple(batch_axes)
    # Machine words that are the elements themselves go, as one array, to a provider that reads them
    # ("<func>.stack.words"); anything else as Python objects to "<func>.stack".
    words = packed_elements(x) if ops is x.ops else None
    kernel = None if words is None else _policy.kernel_of(ops, f"{func}.stack.words")
    flat: Any = words
    if kernel is None:
        kernel = _policy.kernel_of(ops, f"{func}.stack")
        if kernel is None:
            return None
        flat = convert_values(flat_values(x), x.ops, ops)  # read only: may be x's storage itself
    count = len(flat) // (n * n) if n else 0
    if not count:
        return None
    found = kernel(flat, count, n, ops)
    if found is NotImplemented:
        return None
    if func == "det":
        return Tensor._from_flat(found, batch, ops)
    return wrap_matrices(found, batch, (n, n), _result_ops(ops, func))


def _from_words(x: Tensor[Any], func: str, executor: Any, workers: Any, square: bool = True) -> list[Any] | None:
    """Each matrix of packed ``x`` as one ``(m, n)`` array of its words to the ``"<func>.words"`` provider:
    the results in C order of the stack, or ``None``.

    For a provider that reads machine words without Python objects (FLINT's
    C functions on residues, `._flintc`).  A stack runs in this thread
    unless a parallel policy is in force (then the per-matrix path
    distributes it); any ``NotImplemented`` hands the whole call back.
    """
    ops = arithmetic(x.ops)
    if ops is not x.ops or x.ndim < 2 or 0 in x.shape[-2:] or (square and x.shape[-1] != x.shape[-2]):
        return None
    kernel = _policy.kernel_of(ops, f"{func}.words")
    if kernel is None or (x.ndim > 2 and resolve(executor, workers, where=func).mode != "serial"):
        return None
    words = packed_elements(x)
    if words is None:
        return None
    return run_words(partial(_words_task, kernel=kernel, ops=ops), words.reshape((-1,) + x.shape[-2:]), x.shape[:-2], func, executor, workers)


def _words_task(matrix: Any, kernel: Any, ops: ElementOps) -> Any:
    return kernel(matrix, ops)


def _per_matrix(found: list[Any], x: Tensor[Any], ops: ElementOps) -> Any:
    """One result per matrix of ``x``: the result itself for one matrix, else a tensor of the stack's shape."""
    return found[0] if x.ndim == 2 else Tensor._from_flat(found, x.shape[:-2], ops)


# -- the public functions ---------------------------------------------------------------


def det(
    x: Tensor[Any], /, *, method: str = "auto", iszerofunc: Any = None, executor: Any = None, workers: Optional[int] = None
) -> Tensor[Any] | Any:
    """Determinant of a square matrix, or of each matrix of a stack.

    Parameters
    ----------
    x : Tensor
        Shape ``(..., n, n)``.
    method : {"auto", "bareiss", "gauss", "berkowitz", "laplace"}
        ``"bareiss"``: fraction-free elimination (exact division only);
        ``"gauss"``: elimination with field division (a ring that is not a
        field but names one, as the integers, eliminates in it and the
        result comes back to the ring, as SymPy does); ``"berkowitz"``:
        division-free, any commutative ring; ``"laplace"``: cofactor
        expansion (memoised, ``n * 2**(n-1)`` products).  ``"auto"`` picks
        the best method that works for the ring (see ``docs/linalg.md``).
    iszerofunc : callable, optional
        Your zero test for the elements the sound one cannot decide
        (``True``/``False``, or ``None`` for unknown), as SymPy's methods take
        it; the answer is then as right as your function (see
        ``docs/linalg.md``).  Without it an undecidable pivot raises
        ``UndecidableError``.
    executor, workers
        Parallel policy for stacks (see [`gentensor.parallel`][gentensor.parallel.parallel]).

    Returns
    -------
    element or Tensor
        For one matrix the determinant itself (an ``int`` for integers,
        ``ops.one`` for a 0x0 matrix); for a stack a new tensor of shape ``x.shape[:-2]``.

    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    NonSquareError
        The last two axes differ.
    DomainError
        ``method`` cannot work over the ring (the message names the methods
        that can), or the ops is not commutative.
    ArgumentValueError
        ``method`` is not one of the names above.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.det(gt.tensor([[2, 3, 1], [4, 1, 0], [0, 5, 7]]))
    -50
    >>> gt.linalg.det(gt.tensor([[[1, 2], [3, 4]], [[2, 0], [0, 2]]])).tolist()
    [-2, 4]
    >>> gt.linalg.det(gt.tensor([[3, 1], [1, 5]], ops=gt.modular(6)), method="berkowitz")
    2
    >>> gt.linalg.det(gt.tensor([[2, 3], [1, 4]]), method="gauss")
    5
    """
    if method == "auto" and iszerofunc is None:
        x = as_tensor(x, "det")
        if _lapack.applies(x.ops) and x.ndim >= 2 and x.shape[-1] == x.shape[-2]:  # floating point: LAPACK's LU
            return _lapack.det(x)
        found = _in_bulk(x, "det")  # stacks of small matrices in bulk ("det.stack", see _bulk.py)
        if found is not None:
            return found
        words = _from_words(x, "det", executor, workers)  # packed matrices straight to a provider ("det.words")
        if words is not None:
            return _per_matrix(words, x, x.ops)
    stack = stack_of(x, "det", square=True)
    user = with_iszerofunc(stack.ops, iszerofunc, "det")
    if user is not None:  # the caller's zero test where the sound one cannot decide: generic kernels
        _policy.check_method("det", method, user)
        results = run(partial(_det_task, ops=user, method=method, provider=None), stack, "det", executor, workers)
        return results[0] if not stack.batch else Tensor._from_flat(results, stack.batch, stack.ops)
    if method == "gauss" and _policy.field_ops(stack.ops) is not stack.ops:  # SymPy's convention: in the fraction field
        return _det_in_fraction_field(stack, executor, workers)
    _policy.check_method("det", method, stack.ops)
    key = "det" if method == "auto" else f"det.{method}"
    provider = _kernel(stack.ops, key) if method == "auto" else _policy.kernel_of(stack.ops, key)
    task = partial(_det_task, ops=stack.ops, method=method, provider=provider)
    results = run(task, stack, "det", executor, workers)
    if not stack.batch:
        return results[0]
    return Tensor._from_flat(results, stack.batch, stack.ops)


def _det_in_fraction_field(stack: Stack, executor: Any, workers: Optional[int]) -> Any:
    """``det(method="gauss")`` of a ring with a fraction field: eliminated there, the result brought back to the ring."""
    ops, field = stack.ops, _policy.field_ops(stack.ops)
    _policy.check_method("det", "gauss", field)
    matrices = [[[field.convert(v) for v in row] for row in m] for m in stack.matrices]
    inner = Stack(stack.batch, stack.m, stack.n, field, matrices)
    task = partial(_det_task, ops=field, method="gauss", provider=_policy.kernel_of(field, "det.gauss"))
    results = [ops.convert(v) for v in run(task, inner, "det", executor, workers)]
    return results[0] if not stack.batch else Tensor._from_flat(results, stack.batch, ops)


@sections(_ISZEROFUNC)
def rank(x: Tensor[Any], /, *, iszerofunc: Any = None, executor: Any = None, workers: Optional[int] = None) -> Tensor[Any] | int:
    """Rank of a matrix (over the field of fractions), or of each matrix of a stack.

    Returns
    -------
    int or Tensor
        An ``int`` for one matrix; for a stack a new integers tensor of shape ``x.shape[:-2]``.

    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    DomainError
        The ring has zero divisors (``Z/n``, ``n`` composite) or no exact division.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.rank(gt.tensor([[1, 2, 3], [2, 4, 6], [1, 0, 1]]))
    2
    >>> gt.linalg.rank(gt.eye(3))
    3
    """
    if iszerofunc is None:
        x = as_tensor(x, "rank")
        words = _from_words(x, "rank", executor, workers, square=False)  # packed words: "rank.words"
        if words is not None:
            return _per_matrix(words, x, integers)
    stack = stack_of(x, "rank", square=False)
    _policy.check_commutative(stack.ops, "rank")
    user = with_iszerofunc(stack.ops, iszerofunc, "rank")
    task = partial(_policy.rank, ops=user or stack.ops, provider=None if user else _kernel(stack.ops, "rank"))
    results = run(task, stack, "rank", executor, workers)
    if not stack.batch:
        return results[0]
    return Tensor._from_flat(results, stack.batch, integers)
