"""The engine under [`gentensor.compute.elementwise`][gentensor.compute.elementwise]: operands, promotion, broadcasting, the loop.

Every element-wise function reduces to one shape: find the result ops, turn
each operand into a *stream* (a flat list in C order of the broadcast shape,
or ``itertools.repeat`` of one converted element for scalars and size-1
operands) and run ``list(map(f, *streams))``, where ``f`` is an ``ops``
member.  For the built-in numeric ops ``f`` is a C function of
`operator`, so the loop runs at the pure-Python floor.

The hot case (two C-contiguous tensors of one ops and one shape) reads the
storage lists directly, without a copy when a tensor owns exactly its
elements.  Strided and broadcast operands are read as lazy chains of rows
(`row_stream`): one C-speed extended slice per row, consumed while
still in the CPU cache, each repeated row sliced once.

Errors: a zero division, a failed exact division or a domain error met in
the loop is re-raised (same type) naming the index of the first failing
element and its operands.
"""

from __future__ import annotations

import concurrent.futures as cf
import itertools
from math import prod
from typing import Any, Callable, Iterator, NamedTuple, Sequence, Tuple

from ..core import kernels as _kernels
from ..core.layout import Layout, broadcast_shapes, collapse, unravel
from ..core.operands import as_operand, convert_scalar, convert_values, operand_ops
from ..core.storage import objects_of
from ..core.tensor import Tensor
from ..errors import DomainError, GentensorError, NotDivisibleError
from ..ops import ElementOps, OpsSpec, as_ops, infer_ops
from ..ops import short_repr
from ..parallel import ParallelPolicy, auto_machine_words, resolve, run_map
from ..resources import paused_gc
from . import _packed

__all__ = [
    "Guarded",
    "element_function",
    "arithmetic_ops",
    "flat_values",
    "values_at",
    "broadcast_values",
    "streams_for",
    "row_stream",
    "run",
    "compute",
    "binary",
    "unary",
    "packed_kernel",
    "wrap_results",
    "result",
]

_repeat = itertools.repeat


class Guarded:
    """An element function with a C-speed ``fast`` version that raises where ``safe`` has a special value.

    Calling it calls ``safe``.  `run` and the hot loop of `binary`
    map ``fast`` first and, only when it raises (``ValueError`` or an
    ``ArithmeticError``: IEEE's ``1.0 / 0.0``, ``sqrt(-1.0)``), map ``safe``
    over the whole operation again; so floats keep the speed of
    `operator` and still give ``inf``/``nan`` as NumPy does.

    Examples
    --------
    >>> import operator
    >>> g = Guarded(operator.truediv, lambda a, b: float("inf") if b == 0 else a / b)
    >>> g(1.0, 0.0), run("divide", g, [[1.0, 2.0], [0.0, 4.0]], (2,))
    (inf, [inf, 0.5])
    """

    __slots__ = ("fast", "safe")

    def __init__(self, fast: Callable[..., Any], safe: Callable[..., Any]) -> None:
        self.fast = fast
        self.safe = safe

    def __call__(self, *args: Any) -> Any:
        return self.safe(*args)

    def __reduce__(self) -> Any:
        return (Guarded, (self.fast, self.safe))


def element_function(ops: ElementOps, name: str) -> Callable[..., Any] | None:
    """The element function ``name`` of ``ops`` (its ``elementary`` table), guarded when a fast one exists; else ``None``.

    Examples
    --------
    >>> import gentensor as gt
    >>> element_function(gt.integers, "sqrt")(81), element_function(gt.floats, "log")(0.0)
    (9, -inf)
    >>> element_function(gt.modular(5), "sqrt") is None
    True
    """
    table = getattr(ops, "elementary", None)
    if table is None or name not in table:
        return None
    safe = table[name]
    fast = getattr(ops, "fast_elementary", {}).get(name)
    return safe if fast is None else Guarded(fast, safe)


def arithmetic_ops(ops: ElementOps) -> ElementOps:
    """The ops arithmetic on ``ops`` elements gives (``ops.arithmetic_ops``: integers for booleans)."""
    return getattr(ops, "arithmetic_ops", ops)


# -- values in C order ----------------------------------------------------------------
def _contiguous_values(t: Tensor[Any]) -> list[Any] | None:
    """``t``'s elements in C order when it is C-contiguous (its storage itself if exactly them), else ``None``."""
    lay = t._layout
    if not lay.is_contiguous:
        return None
    store = t._store
    if store.packing is not None:
        return objects_of(store, lay)
    data = store.data
    n = lay.size
    start = lay.offset
    if start == 0 and len(data) == n:
        return data
    return data[start : start + n]


def flat_values(t: Tensor[Any]) -> list[Any]:
    """The elements of ``t`` in C order: its storage list itself when it holds exactly them.

    The result may be ``t``'s storage: read it, never mutate it.
    """
    values = _contiguous_values(t)
    return _kernels.gather(t._store, t._layout) if values is None else values


def values_at(t: Tensor[Any], shape: tuple[int, ...]) -> list[Any]:
    """The elements of ``t`` broadcast to ``shape``, in C order (possibly ``t``'s storage)."""
    lay = t._layout
    if lay.shape == shape:
        return flat_values(t)
    b = lay.broadcast_to(shape)
    assert b is not None  # shapes were checked by broadcast_shapes
    return _kernels.gather(t._store, b)


def broadcast_values(*operands: Any, func: str = "broadcast") -> tuple[tuple[int, ...], list[list[Any]]]:
    """The broadcast shape of ``operands`` and each one's elements at that shape (fresh lists).

    Tensors give their elements unconverted; any other value counts as a 0-d
    operand repeated everywhere.  Shapes that do not broadcast raise
    [`ShapeError`][gentensor.errors.ShapeError] naming both shapes and the axis.

    Examples
    --------
    >>> import gentensor as gt
    >>> broadcast_values(gt.tensor([[1], [2]]), gt.tensor([10, 20, 30]))
    ((2, 3), [[1, 1, 1, 2, 2, 2], [10, 20, 30, 10, 20, 30]])
    """
    shape = broadcast_shapes(*(t.shape for t in operands if isinstance(t, Tensor)), func=func)
    n = prod(shape)
    out = []
    for t in operands:
        if isinstance(t, Tensor):
            values = values_at(t, shape)
            out.append(values[:] if values is t._store.data or values is t._store.objects else values)
        else:
            out.append([t] * n)
    return shape, out


def streams_for(
    operands: Sequence[Any], ops: ElementOps, shape: tuple[int, ...], func: str
) -> list[Any]:
    """One stream per operand, of ``ops`` elements in C order of ``shape``.

    A list for a C-contiguous operand of that shape (its storage itself when
    it holds exactly those elements); ``repeat(element)`` for scalars and
    size-1 operands; otherwise a lazy chain of the operand's rows.
    """
    streams: list[Any] = []
    for t in operands:
        if isinstance(t, Tensor):
            lay = t._layout
            if lay.size == 1 and lay.shape != shape:
                element = t._at(lay.offset)
                if t._ops is not ops:
                    element = convert_values([element], t._ops, ops)[0]
                streams.append(_repeat(element))
            elif (lay.shape == shape and lay.is_contiguous) or prod(shape) == 0 or t._store.packing is not None:
                streams.append(convert_values(values_at(t, shape), t._ops, ops))
            else:
                b = lay if lay.shape == shape else lay.broadcast_to(shape)
                assert b is not None  # shapes were checked by broadcast_shapes
                streams.append(row_stream(t._store.data, b, t._ops, ops))
        else:
            streams.append(_repeat(convert_scalar(t, ops, func)))
    return streams


def row_stream(data: list[Any], lay: Layout, src: Any, ops: ElementOps) -> Iterator[Any]:
    """The elements of a strided or broadcast layout, converted from ``src`` to ``ops``, as a lazy chain of rows.

    Each row is one C-speed extended slice, taken when the consumer reaches
    it, so it is used while still in the CPU cache (gathering a transposed
    operand whole and then mapping reads every element from memory twice);
    a row that repeats (a broadcast) is sliced and converted once, and a
    column broadcast is ``repeat(element)`` per row, so a broadcast never
    builds the full-size list.
    """
    shape, strides = collapse(lay.shape, lay.strides)
    if not shape:
        return iter(convert_values([data[lay.offset]], src, ops))
    n, step = shape[-1], strides[-1]
    starts = _kernels.row_starts(lay.offset, shape[:-1], strides[:-1])
    if step == 0:  # every row is one element repeated
        firsts = convert_values([data[p] for p in starts], src, ops)
        return itertools.chain.from_iterable(map(_repeat, firsts, _repeat(n)))
    span = n * step

    def rows() -> Iterator[list[Any]]:
        last, row = -1, []
        for p in starts:
            if p != last:
                stop = p + span
                row = convert_values(data[p : stop if stop >= 0 else None : step], src, ops)
                last = p
            yield row

    return itertools.chain.from_iterable(rows())


# -- the loop ---------------------------------------------------------------------
_LOCATED = (ZeroDivisionError, NotDivisibleError, DomainError)


def _located(func: str, f: Callable[..., Any], streams: list[Any], shape: tuple[int, ...], err: Exception) -> Exception:
    """``err`` re-raised as the same type (a ``TypeError`` as `DomainError`) with the index and operands of the first failing element.

    ``streams`` must be fresh (lists or repeats, or new lazy chains).
    """
    for k, args in enumerate(itertools.islice(zip(*streams), prod(shape))):
        try:
            f(*args)
        except type(err):
            idx = unravel(k, shape)
            shown = " and ".join(short_repr(a) for a in args)  # never a huge number, never SymPy's numerics
            if isinstance(err, ZeroDivisionError):
                msg = f"{func}: division by zero at index {idx} (got {shown})"
            elif not isinstance(err, _LOCATED):  # the elements' own TypeError: they do not combine
                return DomainError(f"{func}: the elements do not combine at index {idx} (got {shown}): {err}; "
                                   "use elements of one kind")
            else:
                msg = f"{func}: at index {idx} (got {shown}): {err}"
            try:
                return type(err)(msg)
            except Exception:  # an exception class with another constructor
                return err
    if not isinstance(err, _LOCATED + (ZeroDivisionError,)):
        return DomainError(f"{func}: the elements do not combine: {err}; use elements of one kind")
    return err


def run(
    func: str,
    f: Callable[..., Any],
    streams: list[Any],
    shape: tuple[int, ...],
    remake: Callable[[], list[Any]] | None = None,
) -> list[Any]:
    """``list(map(f, *streams))`` over the ``prod(shape)`` elements of ``shape``.

    Arithmetic errors (zero division, not divisible, domain) are re-raised
    naming the index of the first failing element, and the elements' own
    ``TypeError`` (``"a" < 1`` in ``gt.objects``) as `DomainError`; ``remake`` gives fresh
    streams for that search when some stream is a one-pass iterator.  A
    `Guarded` ``f`` runs its fast version first.
    """
    if type(f) is Guarded:
        try:
            return _map(f.fast, streams, shape)
        except (ValueError, ArithmeticError):
            streams = remake() if remake is not None else streams
            f = f.safe
    try:
        return _map(f, streams, shape)
    except GentensorError as e:
        if not isinstance(e, _LOCATED):
            raise
        fresh = remake() if remake is not None else streams
        raise _located(func, f, fresh, shape, e) from None
    except (ZeroDivisionError, TypeError) as e:  # the elements' own errors (``"a" < 1``, ``None + None``)
        fresh = remake() if remake is not None else streams
        raise _located(func, f, fresh, shape, e) from None


def _map(f: Callable[..., Any], streams: list[Any], shape: tuple[int, ...]) -> list[Any]:
    n = prod(shape)
    if n >= _BULK:  # many new elements (Fractions, SymPy objects): no collection cycles meanwhile
        with paused_gc():
            return _map_all(f, streams, n)
    return _map_all(f, streams, n)


def _map_all(f: Callable[..., Any], streams: list[Any], n: int) -> list[Any]:
    for s in streams:
        if type(s) is not _repeat:  # a finite stream ends the map
            return list(map(f, *streams))
    return list(itertools.islice(map(f, *streams), n))


_BULK = 4096  # elements from which a loop pauses the cyclic collector (its youngest generation holds 700)


def compute(func: str, f: Callable[..., Any], operands: Sequence[Any], ops: ElementOps, shape: tuple[int, ...]) -> list[Any]:
    """``f`` applied to ``operands`` broadcast to ``shape`` and converted to ``ops``: a flat C-order list."""

    def fresh_streams() -> list[Any]:
        return streams_for(operands, ops, shape, func)

    return run(func, f, fresh_streams(), shape, fresh_streams)


def result(values: list[Any], shape: tuple[int, ...], ops: ElementOps) -> Tensor[Any]:
    """A new tensor of ``values`` (0-d for shape ``()``: tensors in give a tensor out, as the Array API says)."""
    return Tensor._from_flat(values, shape, ops)


#: A plan maps the operands' common ops to (element function, result ops).
Plan = Callable[[Any], Tuple[Callable[..., Any], Any]]


def binary(
    func: str,
    a: Any,
    b: Any,
    plan: Plan,
    *,
    promote_bool: bool = True,
    executor: Any = None,
    workers: Any = None,
) -> Any:
    """Apply ``plan(ops) -> (f, result_ops)`` element-wise to ``a`` and ``b`` with broadcasting.

    Packed operands go to their ops' vectorised kernel first (`gentensor.compute._packed`).
    Under a parallel policy (the context's, or ``executor=``/``workers=``)
    packed kernels run in chunks on the thread pool, and the other
    elements go through `gentensor.parallel.run_map`.
    Returns a new tensor (0-d included), or the element itself for scalar operands.
    """
    policy = resolve(executor, workers, where=func)
    if type(a) is Tensor and type(b) is Tensor:
        ops = a._ops
        if (
            ops is b._ops
            and a._layout.size >= _packed.PACKED_MINIMUM
            and a._store.packing is not None
            and b._store.packing is not None
            and a._layout.shape == b._layout.shape
            and (not promote_bool or arithmetic_ops(ops) is ops)
        ):
            # The hot packed case: one ops, one shape, both packed.
            f, out_ops = plan(ops)
            shape = a._layout.shape
            done = _packed.same_shape(func, a, b, ops, out_ops, shape, _thread_policy(policy, prod(shape)))
            if done is not NotImplemented:
                return done
    elif _worth_packing(a) and type(b) in _native(a._ops, promote_bool):
        # A packed tensor and a native scalar (a > 0, a * 3): no promotion, no conversion, no broadcasting to work out.
        f, out_ops = plan(a._ops)
        done = _packed.with_scalar(func, a, b, False, a._ops, out_ops, _thread_policy(policy, a._layout.size))
        if done is not NotImplemented:
            return done
    elif _worth_packing(b) and type(a) in _native(b._ops, promote_bool):
        f, out_ops = plan(b._ops)
        done = _packed.with_scalar(func, b, a, True, b._ops, out_ops, _thread_policy(policy, b._layout.size))
        if done is not NotImplemented:
            return done
    if _worth_packing(a) or _worth_packing(b):
        done = _packed_call(func, (a, b), plan, promote_bool, policy)
        if done is not NotImplemented:
            return done
    if policy.mode != "serial":
        return _parallel(func, (a, b), plan, promote_bool, executor, workers)
    if type(a) is Tensor and type(b) is Tensor:
        ops = a._ops
        la = a._layout
        if ops is b._ops and la.shape == b._layout.shape and (not promote_bool or arithmetic_ops(ops) is ops):
            # The hot path: one ops, one shape, no promotion and no broadcasting.
            f, out_ops = plan(ops)
            shape = la.shape
            xs, ys = _contiguous_values(a), _contiguous_values(b)
            if xs is not None and ys is not None:
                values = run(func, f, [xs, ys], shape)
            else:
                values = compute(func, f, (a, b), ops, shape)
            return result(values, shape, out_ops)
    elif type(a) is Tensor and type(b) in _native(a._ops, promote_bool):
        # A tensor and a native scalar (x + 1): map(f, xs, repeat(c)).
        return _with_scalar(func, a, b, plan, False)
    elif type(b) is Tensor and type(a) in _native(b._ops, promote_bool):
        return _with_scalar(func, b, a, plan, True)
    else:
        a, b = as_operand(a), as_operand(b)
    return _general(func, (a, b), plan, promote_bool)


def _native(ops: ElementOps, promote_bool: bool) -> tuple[type, ...]:
    """Scalar types that need neither promotion nor conversion next to a tensor of ``ops``."""
    if promote_bool and arithmetic_ops(ops) is not ops:
        return ()
    return getattr(ops, "native_types", ())  # type: ignore[no-any-return]


def _with_scalar(func: str, t: Tensor[Any], c: Any, plan: Plan, reflected: bool) -> Any:
    f, out_ops = plan(t._ops)
    shape = t._layout.shape
    xs = flat_values(t)
    streams = [_repeat(c), xs] if reflected else [xs, _repeat(c)]
    return result(run(func, f, streams, shape), shape, out_ops)


class _Scalars(NamedTuple):
    """The result of an element-wise operation on scalars only (no tensor among the operands)."""

    value: Any


def _prepared(
    func: str, operands: tuple[Any, ...], plan: Plan, promote_bool: bool
) -> tuple[ElementOps, Callable[..., Any], Any, tuple[int, ...]] | _Scalars:
    """The operation's ops, element function, result ops and broadcast shape; or the value, for scalars only."""
    ops = operand_ops(operands, func)
    if promote_bool:
        ops = arithmetic_ops(ops)
    f, out_ops = plan(ops)
    tensors = [t for t in operands if isinstance(t, Tensor)]
    if not tensors:
        return _Scalars(f(*(convert_scalar(v, ops, func) for v in operands)))
    return ops, f, out_ops, broadcast_shapes(*(t.shape for t in tensors), func=func)


def _general(func: str, operands: tuple[Any, ...], plan: Plan, promote_bool: bool) -> Any:
    prepared = _prepared(func, operands, plan, promote_bool)
    if isinstance(prepared, _Scalars):
        return prepared.value
    ops, f, out_ops, shape = prepared
    return result(compute(func, f, operands, ops, shape), shape, out_ops)


def unary(
    func: str,
    x: Any,
    plan: Plan,
    *,
    promote_bool: bool = True,
    executor: Any = None,
    workers: Any = None,
    kernel: str | None = None,
) -> Any:
    """Apply ``plan(ops) -> (f, result_ops)`` to every element of ``x`` (a new tensor).

    Booleans are computed as integers unless ``promote_bool=False``.  A
    packed tensor runs its packing's kernel named ``kernel`` (default:
    ``func``) when there is one.
    """
    policy = resolve(executor, workers, where=func)
    if _worth_packing(x):
        done = _packed_call(func, (x,), plan, promote_bool, policy, kernel)
        if done is not NotImplemented:
            return done
    if policy.mode != "serial":
        return _parallel(func, (x,), plan, promote_bool, executor, workers)
    x = as_operand(x)
    if not isinstance(x, Tensor):
        ops = operand_ops((x,), func)
        if promote_bool:
            ops = arithmetic_ops(ops)
        f, _ = plan(ops)
        return f(convert_scalar(x, ops, func))
    ops = arithmetic_ops(x._ops) if promote_bool else x._ops
    f, out_ops = plan(ops)
    shape = x._layout.shape
    values = convert_values(flat_values(x), x._ops, ops)
    return result(run(func, f, [values], shape), shape, out_ops)


def _packed_only(*values: Any) -> Any:
    raise AssertionError("packed_kernel never maps element functions")  # pragma: no cover


def packed_kernel(func: str, operands: tuple[Any, ...]) -> Any:
    """``func`` of ``operands`` (the first a packed tensor) by its packing's kernel of that name, when there is
    one and the bounds prove it exact; else ``NotImplemented`` (the caller then composes the operation).

    For an operation that is a composition of others (``clip``) and that a
    packing may run in one pass; no promotion of booleans.
    """
    if not _worth_packing(operands[0]):
        return NotImplemented
    try:
        return _packed_call(func, operands, lambda ops: (_packed_only, ops), False, resolve(where=func))
    except GentensorError:  # operands that do not meet: the composition raises its own error
        return NotImplemented


def _worth_packing(x: Any) -> bool:
    """A packed tensor with enough elements that its kernel beats mapping element functions."""
    return type(x) is Tensor and x._store.packing is not None and x._layout.size >= _packed.PACKED_MINIMUM


def _packed_call(
    func: str, operands: tuple[Any, ...], plan: Plan, promote_bool: bool, policy: ParallelPolicy, kernel: str | None = None
) -> Any:
    """The operation by its packed kernel (`gentensor.compute._packed`), or ``NotImplemented``."""
    operands = tuple(as_operand(v) for v in operands)
    ops = operand_ops(operands, func)
    if promote_bool:
        ops = arithmetic_ops(ops)
    f, out_ops = plan(ops)
    tensors = [t for t in operands if isinstance(t, Tensor)]
    shape = broadcast_shapes(*(t.shape for t in tensors), func=func)
    threads = _thread_policy(policy, prod(shape))
    name = func if kernel is None else kernel
    return _packed.elementwise(name, operands, ops, out_ops, shape, lambda v: convert_scalar(v, ops, func), threads)


def _thread_policy(policy: ParallelPolicy, n: int) -> ParallelPolicy | None:
    """The policy a packed kernel runs under: threads (NumPy releases the GIL) unless serial or too small to pay."""
    if policy.mode == "serial":
        return None
    if policy.mode == "auto":
        chosen = auto_machine_words(n, policy.workers, _packed.THREAD_MINIMUM)
        return None if chosen.mode == "serial" else chosen._replace(timeout=policy.timeout)
    if n < _packed.THREAD_MINIMUM:
        return None
    if policy.mode == "executor":
        # A thread pool of the caller's runs the chunks; a process pool would only copy the buffers.
        return policy if isinstance(policy.executor, cf.ThreadPoolExecutor) else None
    return policy


def _parallel(
    func: str, operands: tuple[Any, ...], plan: Plan, promote_bool: bool, executor: Any, workers: Any
) -> Any:
    """The element-wise operation with materialised, converted columns, run under the parallel policy."""
    operands = tuple(as_operand(v) for v in operands)
    prepared = _prepared(func, operands, plan, promote_bool)
    if isinstance(prepared, _Scalars):
        return prepared.value
    ops, f, out_ops, shape = prepared
    n = prod(shape)
    columns = [
        convert_values(values_at(v, shape), v._ops, ops) if isinstance(v, Tensor) else [convert_scalar(v, ops, func)] * n
        for v in operands
    ]
    values = run_map(f, columns, executor=executor, workers=workers, index_shape=shape, where=func)
    return result(values, shape, out_ops)


# -- results of arbitrary functions ----------------------------------------------------
def wrap_results(
    values: list[Any], shape: tuple[int, ...], ops: OpsSpec | None, default_ops: Any, func: str, *, element: bool = False
) -> Any:
    """A new tensor of results of a user function: ``ops`` given, or inferred from the types.

    With ``element=True`` (reductions), shape ``()`` gives the (converted)
    element itself; otherwise a 0-d tensor.

    With no results at all (a zero-size shape) and no ``ops``, ``default_ops``
    is used.  Results are converted only when some are not native to the ops.
    """
    types = set(map(type, values))
    if ops is None:
        target = infer_ops(types) if values else default_ops
    else:
        target = as_ops(ops, func)
    native = getattr(target, "native_types", ())
    if values and not types <= set(native):
        values = convert_values(values, None, target)
    if element and not shape:
        return values[0]
    return result(values, shape, target)
