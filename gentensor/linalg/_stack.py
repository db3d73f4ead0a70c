"""Copying matrices out of a tensor as rows, running one task per matrix, wrapping results back.

The public functions of [`gentensor.linalg`][gentensor.linalg] work on a matrix or a stack
of matrices (leading axes are batch axes); the kernels work on one matrix as
a fresh ``list[list]``.  This module is the bridge: `stack_of` checks
shapes and cuts the elements into rows, `run` runs a task per matrix
(under the parallel policy for stacks), `wrap_matrices` builds the
result tensor.
"""

from __future__ import annotations

import math
from typing import Any, Callable, NamedTuple, Sequence

import numpy as np

from ..arrays.manipulation import broadcast_to
from ..core.layout import broadcast_shapes
from ..core.operands import as_tensor, common_ops, elements_as
from ..core.storage import view_of
from ..core.tensor import Tensor
from ..errors import DomainError, LimitError, NonSquareError, ShapeError, UndecidableError
from ..ops import capabilities_of, ElementOps, packing_of
from ..parallel import run_tasks
from ..parallel import watch
from ..resources import get_limits

__all__ = ["Stack", "arithmetic", "flat_of", "packed_elements", "stack_of", "system_of", "system_shapes", "Shapes", "run", "wrap_matrices", "nest"]


class Stack(NamedTuple):
    """The matrices of a (stack of) matrices, as rows, with the batch shape and ops."""

    batch: tuple[int, ...]
    m: int
    n: int
    ops: ElementOps
    matrices: list[Any]  # one item per matrix: its rows (or a pair of row lists for solve)


def arithmetic(ops: ElementOps) -> ElementOps:
    """The ops linear algebra computes in (``ops.arithmetic_ops``: integers for booleans)."""
    return getattr(ops, "arithmetic_ops", ops)


def packed_elements(x: Tensor[Any]) -> Any:
    """The elements of ``x`` in C order as a 1-d NumPy array (read only; possibly ``x``'s storage), when its storage
    packs machine words that are the elements themselves (ints, floats); else ``None``.

    Examples
    --------
    >>> import gentensor as gt
    >>> words = packed_elements(gt.tensor([[1, 2], [3, 4]]))  # None in list storage (GENTENSOR_NO_PACKED=1)
    >>> words is None or words.tolist() == [1, 2, 3, 4], packed_elements(gt.tensor([[1, 2]], ops=gt.rationals))
    (True, None)
    """
    packing = x._store.packing
    if packing is None or packing.from_machine is not None:
        return None
    return view_of(x._store, x._layout).reshape(-1)


def stack_of(x: Any, func: str, *, square: bool, ops: ElementOps | None = None) -> Stack:
    """The matrices of ``x`` as fresh rows (booleans read as integers), after the shape checks.

    Examples
    --------
    >>> import gentensor as gt
    >>> stack_of(gt.tensor([[1, 2], [3, 4]]), "f", square=True).matrices
    [[[1, 2], [3, 4]]]
    """
    x = as_tensor(x, func)
    if x.ndim >= 2 and x.size and (ops is None or ops is x.ops) and arithmetic(x.ops) is x.ops:
        words = packed_elements(x) if not square or x.shape[-1] == x.shape[-2] else None
        if words is not None:
            # Machine words that are the elements themselves (ints, floats): the rows straight from NumPy, in C.
            *batch, m, n = x.shape
            return Stack(tuple(batch), m, n, x.ops, words.reshape((-1, m, n)).tolist())
    batch, m, n, ops, flat = flat_of(x, func, square=square, ops=ops)
    size = m * n
    if size:
        # Slices of the flat C-order list: every row a fresh list the kernels may consume.
        matrices = [[flat[s + i * n : s + (i + 1) * n] for i in range(m)] for s in range(0, len(flat), size)]
    else:  # m x 0 or 0 x n matrices: no elements to slice, but the rows (or none) still exist
        count = math.prod(batch)
        lim = get_limits().max_elements
        if count * max(m, 1) > lim:  # a tensor of no elements may still hold 2**30 empty matrices
            raise LimitError(
                f"{func}: a stack of {count} empty {m}x{n} matrices is more than max_elements={lim} matrices and rows "
                "to work on; raise it with gt.limits(max_elements=...)"
            )
        matrices = [[[] for _ in range(m)] for _ in range(count)]
    return Stack(tuple(batch), m, n, ops, matrices)


def flat_of(
    x: Any, func: str, *, square: bool, ops: ElementOps | None = None
) -> tuple[tuple[int, ...], int, int, ElementOps, list[Any]]:
    """``(batch, m, n, ops, elements)``: the checks of `stack_of`, the elements as one flat C-order list.

    Examples
    --------
    >>> import gentensor as gt
    >>> flat_of(gt.tensor([[[1, 2], [3, 4]]]), "f", square=True)
    ((1,), 2, 2, integers, [1, 2, 3, 4])
    """
    x = as_tensor(x, func)
    if x.ndim < 2:
        raise ShapeError(f"{func}: expects a matrix or a stack of matrices, ndim >= 2 (got shape {x.shape})")
    *batch, m, n = x.shape
    if square and m != n:
        raise NonSquareError(f"{func}: expects square matrices (got shape {x.shape}); the last two axes must be equal")
    if ops is None:
        ops = arithmetic(x.ops)
    flat = elements_as(x, ops)
    # Every kernel assumes a * b == b * a (determinants, Bareiss' identity, Berkowitz): refuse a
    # non-commutative symbol before any work rather than return a wrong answer.
    caps = capabilities_of(ops)
    if caps.symbolic or not (caps.exact or caps.floating):  # SymPy expressions, or arbitrary Python objects
        bad = next((v for v in flat if getattr(v, "is_commutative", True) is False), None)
        if bad is not None:
            raise DomainError(
                f"{func}: the matrix has a non-commutative entry (got {bad}); linear algebra needs commuting "
                "entries: use commutative symbols"
            )
    return tuple(batch), m, n, ops, flat


class Shapes(NamedTuple):
    """The systems ``a @ x == b`` after the shape checks: ``b`` as ``(..., m, k)``, the common ops, the batch shape."""

    a: Tensor[Any]
    b: Tensor[Any]
    batch: tuple[int, ...]
    m: int
    n: int
    k: int
    vector: bool
    ops: ElementOps


def system_shapes(a: Any, b: Any, func: str, *, square: bool) -> Shapes:
    """The shape checks of `system_of`: ``b`` reshaped to ``(m, 1)`` when it is a vector, the batch axes broadcast.

    Examples
    --------
    >>> import gentensor as gt
    >>> s = system_shapes(gt.tensor([[1, 2], [3, 4]]), gt.tensor([5, 6]), "f", square=True)
    >>> s.b.shape, s.batch, s.k, s.vector
    ((2, 1), (), 1, True)
    """
    a = as_tensor(a, func)
    b = as_tensor(b, func)
    if a.ndim < 2:
        raise ShapeError(f"{func}: a must be a matrix or a stack of matrices (got a of shape {a.shape})")
    m, n = a.shape[-2:]
    if square and m != n:
        raise NonSquareError(f"{func}: a must be square (got a of shape {a.shape})")
    vector = b.ndim == 1
    if b.ndim == 0 or b.shape[-1 if vector else -2] != m:
        raise ShapeError(
            f"{func}: b must have shape ({m},) or (..., {m}, k) to match a (got a of shape {a.shape}, b of shape {b.shape})"
        )
    ops = arithmetic(common_ops([a.ops, b.ops], func))
    if vector:
        b = b.reshape((m, 1))
    k = b.shape[-1]
    try:
        batch = broadcast_shapes(a.shape[:-2], b.shape[:-2], func=func)
    except ShapeError:
        raise ShapeError(
            f"{func}: the batch axes of a and b do not broadcast (got {a.shape[:-2]} and {b.shape[:-2]})"
        ) from None
    return Shapes(a, b, batch, m, n, k, vector, ops)


def system_of(a: Any, b: Any, func: str, *, square: bool, shapes: Shapes | None = None) -> tuple[Stack, int, bool]:
    """The systems ``a @ x == b`` as ``(pairs, k, vector)``, after the shape checks (`system_shapes`, or ``shapes``).

    ``b`` is a vector when it is 1-d (shape ``(m,)``, ``m`` the rows of
    ``a``), otherwise a matrix or a stack of matrices ``(..., m, k)``; the
    batch axes of ``a`` and ``b`` broadcast (NumPy 2 rules).  ``pairs`` is
    ``Stack(batch, m, n, ops, [(A, B), ...])``: the rows of each matrix of
    ``a`` beside the rows of its right-hand sides, in the common ops;
    ``vector`` says the caller drops the last axis of its result.

    Examples
    --------
    >>> import gentensor as gt
    >>> pairs, k, vector = system_of(gt.tensor([[1, 2], [3, 4]]), gt.tensor([5, 6]), "f", square=True)
    >>> pairs.matrices, k, vector
    ([([[1, 2], [3, 4]], [[5], [6]])], 1, True)
    """
    s = shapes if shapes is not None else system_shapes(a, b, func, square=square)
    sa = stack_of(broadcast_to(s.a, s.batch + (s.m, s.n)), func, square=square, ops=s.ops)
    sb = stack_of(broadcast_to(s.b, s.batch + (s.m, s.k)), func, square=False, ops=s.ops)
    return Stack(s.batch, s.m, s.n, s.ops, list(zip(sa.matrices, sb.matrices))), s.k, s.vector


#: A single matrix with at least this many elements may run long: a timer is shown if it does.
WATCH_SIZE = 16


def run(task: Callable[[Any], Any], stack: Stack, func: str, executor: Any, workers: Any) -> list[Any]:
    """``task`` on each matrix of the stack: directly for one matrix, under the parallel policy for stacks.

    Long work shows progress where someone watches (see [`gentensor.progress`][gentensor.parallel._progress.progress]):
    a bar over the matrices of a stack, a timer for one big matrix.
    """
    if not stack.batch:
        # One matrix: run it here (no pool to start); small ones skip even the progress timer.
        timer = watch(func) if stack.m * stack.n >= WATCH_SIZE else None
        try:
            if timer is None:
                return [task(stack.matrices[0])]
            with timer:
                return [task(stack.matrices[0])]
        except UndecidableError as e:  # raised by a pivot search: name the function called
            raise UndecidableError(f"{func}: {str(e).removeprefix('pivot search: ')}", e.element) from None
    return run_tasks(
        task, stack.matrices, executor=executor, workers=workers, index_shape=stack.batch, where=func, unit="matrices"
    )


def run_words(
    kernel: Callable[[Any], Any], matrices: Any, batch: tuple[int, ...], func: str, executor: Any, workers: Any
) -> list[Any] | None:
    """``kernel`` on each matrix of a packed stack's words (an ``(count, m, n)`` array), shown as `run` shows work;
    ``None`` as soon as the kernel declines one (``NotImplemented``): the caller's own path then answers."""
    first = matrices[0]
    timer = watch(func) if not batch and first.size >= WATCH_SIZE else None
    if timer is None:
        found = kernel(first)
    else:
        with timer:
            found = kernel(first)
    if found is NotImplemented:
        return None
    if not batch:
        return [found]

    def task(k: int) -> Any:
        return found if k == 0 else kernel(matrices[k])

    results = run_tasks(task, range(len(matrices)), executor=executor, workers=workers, where=func, unit="matrices")
    return None if any(r is NotImplemented for r in results) else results


def wrap_matrices(
    results: "Sequence[list[list[Any]] | np.ndarray[Any, Any]]", batch: tuple[int, ...], shape: tuple[int, ...], ops: ElementOps
) -> Tensor[Any]:
    """A new tensor of shape ``batch + shape`` from one list of rows per matrix (packed when its elements fit words).

    A kernel may give a matrix as a NumPy array of the ops' packed dtype
    instead (FLINT's LLL does); when every matrix is one, the tensor is
    built from them without Python ints in between.
    """
    arrays = [r for r in results if isinstance(r, np.ndarray)] if results and not isinstance(results[0], list) else []
    if arrays and len(arrays) == len(results):
        packing = packing_of(ops)
        if packing is not None and all(packing.holds(a) for a in arrays):
            joined = arrays[0] if len(arrays) == 1 else np.stack(arrays)
            return Tensor._from_array(joined.reshape(batch + shape), batch + shape, ops)
    flat = [v for matrix in results for row in (matrix.tolist() if isinstance(matrix, np.ndarray) else matrix) for v in row]
    return Tensor._from_values(flat, batch + shape, ops)


def nest(values: list[Any], batch: tuple[int, ...]) -> Any:
    """A flat list of per-matrix values as nested tuples shaped like ``batch``.

    Examples
    --------
    >>> nest([1, 2, 3, 4], (2, 2))
    ((1, 2), (3, 4))
    """
    if len(batch) <= 1:
        return tuple(values)
    # Split along the first batch axis (C order: it varies slowest), then recurse on the rest.
    step = len(values) // batch[0] if batch[0] else 0
    return tuple(nest(values[i * step : (i + 1) * step], batch[1:]) for i in range(batch[0]))
