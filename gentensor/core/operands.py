"""The one operand path: whatever a public function receives becomes a Tensor or an element here.

Every public function and operator sends its inputs through this module, so
they all accept the same things:

* a [`Tensor`][gentensor.core.tensor.Tensor] (used as is);
* *array-like* data (`is_array_like`): nested lists and tuples, ``range``
  and other sequences, NumPy arrays, SymPy matrices and N-dim arrays -- built
  into a new tensor by `to_tensor` (the body of [`gentensor.tensor`][gentensor.arrays.creation.tensor]);
* anything else is a scalar: an element, converted to the ops it meets.

Generators and other one-pass iterators are refused (they would be consumed
by the first look), as are strings, dicts and sets (not data).  Then the
operands' ops meet in [`gentensor.result_ops`][gentensor.ops._registry.result_ops] (`operand_ops`,
`common_ops`) and their values are converted (`convert_values`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import numpy as np
from fractions import Fraction
from typing import Any

from ..errors import ArgumentTypeError, GentensorError, LimitError, OpsMismatchError, ShapeError
from ..resources import check_shape, get_limits
from ..ops import as_ops, ElementOps, infer_ops, known_ops_for_type, OpsSpec, packing_of, result_ops
from .layout import Layout
from .storage import pack_values
from .tensor import _READING, EmbeddedTensor, Tensor, _foreign_kind, is_array_like

__all__ = [
    "is_array_like",
    "to_tensor",
    "as_tensor",
    "as_operand",
    "operand_ops",
    "common_ops",
    "convert_scalar",
    "convert_values",
    "elements_as",
]

_NEST = (list, tuple, range)
_NOT_DATA = (str, bytes, bytearray, memoryview, dict, set, frozenset)


# -- building a tensor from data ----------------------------------------------------------------
def _unravel(k: int, shape: list[int]) -> list[int]:
    idx = []
    for n in reversed(shape):
        k, r = divmod(k, n)
        idx.append(r)
    return idx[::-1]


def _nested_shape(data: Any) -> list[int]:
    """The shape read down the first entries (checked against every entry later).

    Refuses nesting past ``max_ndim`` ([`gentensor.limits`][gentensor.resources.limits]), which is
    also how a list that contains itself (followed forever otherwise) is caught.
    """
    max_ndim = get_limits().max_ndim
    shape: list[int] = []
    probe = data
    while isinstance(probe, _NEST) or isinstance(probe, Tensor):
        if isinstance(probe, Tensor):
            shape.extend(probe.shape)
            break
        shape.append(len(probe))
        if len(shape) > max_ndim:
            if _contains_itself(data):
                raise ShapeError("tensor: the nested data contains itself (a list inside its own items); it has no shape")
            raise ShapeError(
                f"tensor: nested data deeper than {max_ndim} levels; tensors have at most max_ndim={max_ndim} axes "
                "(raise it with gt.limits(max_ndim=...))"
            )
        if not probe:
            break
        probe = probe[0]
    if len(shape) > max_ndim:
        raise ShapeError(
            f"tensor: {len(shape)} axes are more than the max_ndim={max_ndim} a tensor may have "
            "(raise it with gt.limits(max_ndim=...))"
        )
    return shape


def _contains_itself(data: Any) -> bool:
    """True when following first entries from ``data`` comes back to a sequence already met."""
    seen: set[int] = set()
    probe = data
    while isinstance(probe, _NEST) and probe:
        if id(probe) in seen:
            return True
        seen.add(id(probe))
        probe = probe[0]
    return False


def _flatten(data: Any) -> tuple[list[Any], tuple[int, ...], set[type], list[Any]]:
    """Nested sequences → (flat elements, shape, set of element types, ops of embedded tensors)."""
    embedded: list[Any] = []
    shape = _nested_shape(data)
    items: list[Any] = [data]
    for depth, n in enumerate(shape):
        types = set(map(type, items))
        if Tensor in types:
            embedded.extend(it.ops for it in items if isinstance(it, Tensor))
            items = [it.tolist() if isinstance(it, Tensor) else it for it in items]
            types = set(map(type, items))
        if not types <= {list, tuple, range} or any(len(it) != n for it in items):
            k = next(k for k, it in enumerate(items) if not isinstance(it, _NEST) or len(it) != n)
            bad = items[k]
            where = _unravel(k, shape[:depth])
            got = f"length {len(bad)}" if isinstance(bad, _NEST) else f"a scalar {bad!r}"
            raise ShapeError(
                f"tensor: ragged nested data: the entry at index {where} is {got}, expected a sequence of "
                f"length {n} (as at index {[0] * depth}); every sequence at one depth must have the same length"
            )
        items = list(itertools.chain.from_iterable(items))
    types = set(map(type, items))
    if Tensor in types and all(it.ndim == 0 for it in items if isinstance(it, Tensor)):
        embedded.extend(it.ops for it in items if isinstance(it, Tensor))
        items = [it.item() if isinstance(it, Tensor) else it for it in items]  # 0-d tensors are elements
        types = set(map(type, items))
    if types & {list, tuple, range} or Tensor in types:
        k = next(k for k, it in enumerate(items) if isinstance(it, (list, tuple, range, Tensor)))
        raise ShapeError(
            f"tensor: ragged nested data: the entry at index {_unravel(k, shape)} is a sequence, but the "
            f"entries at index {[0] * len(shape)} are scalars; every sequence at one depth must have the same length"
        )
    return items, tuple(shape), types, embedded


def _from_numpy(data: Any) -> tuple[list[Any], tuple[int, ...]]:
    shape = tuple(int(n) for n in data.shape)
    kind, itemsize = data.dtype.kind, data.dtype.itemsize
    if (kind == "f" and itemsize > 8) or (kind == "c" and itemsize > 16):
        # Extended-precision floats have no exact Python float: they become exact Fractions.
        if kind == "c":
            raise ArgumentTypeError(
                f"tensor: NumPy {data.dtype} values have no exact Python equivalent; "
                "convert the array to complex128 first (data.astype(complex))"
            )
        return [Fraction(*v.as_integer_ratio()) for v in data.reshape(-1)], shape
    flat = data.reshape(-1).tolist() if data.ndim else [data.tolist()]
    return flat, shape


#: NumPy dtype kinds read as Python ints (the element path reads these arrays with ``tolist()``).
_INTEGRAL = "iu"


def _natural_ops(array: Any) -> ElementOps | None:
    """The ops ``_from_numpy``'s Python values would infer for ``array`` (ints, bools, floats, complexes), if it packs."""
    kind = array.dtype.kind
    python_type = {"b": bool, "i": int, "u": int, "f": float, "c": complex}.get(kind)
    if python_type is None or (kind == "f" and array.dtype.itemsize > 8) or (kind == "c" and array.dtype.itemsize > 16):
        return None
    return infer_ops({python_type})


def _machine_array(data: Any, ops: OpsSpec | None) -> Tensor[Any] | None:
    """A packed copy of a NumPy array of machine numbers, when its natural ops packs them as they are; else ``None``."""
    natural = _natural_ops(data)
    if natural is None:
        return None
    target = natural if ops is None else as_ops(ops, "tensor")
    if target is not natural:
        return None  # another ops converts each value (residues, rationals): the element path does it
    packing = packing_of(target)
    if packing is None or packing.to_machine is not None:
        return None
    shape = tuple(int(n) for n in data.shape)
    check_shape(shape, "tensor")
    if data.dtype.kind in _INTEGRAL and data.dtype != packing.dtype:
        lo, hi = packing.lo, packing.hi
        assert lo is not None and hi is not None  # an integer packing has bounds
        if data.size and (int(data.min()) < lo or int(data.max()) > hi):
            return None  # uint64 values past the word: Python ints
    return Tensor._from_array(np.array(data, dtype=packing.dtype, order="C", copy=True), shape, target)


def _machine_nested(data: Any, ops: OpsSpec | None) -> Tensor[Any] | None:
    """Nested lists of Python ints (or bools) read by NumPy in C, when they give ``int64`` (``bool``); else ``None``.

    NumPy's own dtype discovery decides: ``int64`` means every entry was an
    int that fits the word (or a bool among ints: integers, as here),
    ``bool`` that every entry was a bool.  Anything else -- floats (which
    could hide ints past the word), objects, ragged or embedded tensors --
    takes the element path, which infers the ops and explains errors.
    """
    if ops is not None or not data:
        return None
    token = _READING.set(True)
    try:
        array = np.array(data)
    except (EmbeddedTensor, ValueError, TypeError, OverflowError, RecursionError):
        return None
    finally:
        _READING.reset(token)
    if array.dtype.kind not in "b" and array.dtype != np.int64:
        return None
    if array.ndim > get_limits().max_ndim:
        return None
    return _machine_array(array, None)


def _from_sympy(data: Any) -> tuple[list[Any], tuple[int, ...]]:
    shape = tuple(int(n) for n in data.shape)
    flat = [data[idx] for idx in itertools.product(*map(range, shape))] if shape else [data[()]]
    return flat, shape


def build(
    items: list[Any], shape: tuple[int, ...], types: set[type], ops: OpsSpec | None, embedded: Sequence[Any] = ()
) -> Tensor[Any]:
    """A new tensor of ``items`` (C order), with ``ops`` given or inferred from ``types``.

    Elements are converted only when some are not native to the ops.
    """
    check_shape(shape, "tensor")
    if ops is None:
        # Tensors inside the data bring their own ops (modular elements are plain ints).
        target = result_ops(infer_ops(types), *embedded) if embedded else infer_ops(types)
    else:
        target = as_ops(ops, "tensor")
    native = getattr(target, "native_types", ())
    if not types <= set(native):
        items = convert_values(items, None, target)
    return Tensor._new(pack_values(items, target), Layout.contiguous(shape), target)


def to_tensor(data: Any, ops: OpsSpec | None = None) -> Tensor[Any]:
    """A new tensor from any data [`gentensor.tensor`][gentensor.arrays.creation.tensor] accepts (see there).

    Examples
    --------
    >>> to_tensor(range(4)).tolist(), to_tensor([[1, 2]]).shape
    ([0, 1, 2, 3], (1, 2))
    """
    if isinstance(data, Tensor):
        if ops is None:
            return data.copy()
        return data.astype(ops)
    if isinstance(data, _NEST):
        fast = _machine_nested(data, ops)
        if fast is not None:
            return fast
        items, shape, types, embedded = _flatten(data)
        return build(items, shape, types, ops, embedded)
    kind = _foreign_kind(data)
    if kind == "numpy":
        fast = _machine_array(data, ops)
        if fast is not None:
            return fast
    if kind is not None:
        items, shape = _from_numpy(data) if kind == "numpy" else _from_sympy(data)
        return build(items, shape, set(map(type, items)), ops)
    if isinstance(data, _NOT_DATA) and ops is None:
        raise ArgumentTypeError(
            f"tensor: cannot build a tensor from a {type(data).__name__} (got {_short(data)}); "
            "pass nested lists of elements (strings are not parsed)"
        )
    if isinstance(data, Iterator):
        raise ArgumentTypeError(
            f"tensor: cannot build a tensor from a one-pass iterator (got a {type(data).__name__}); "
            "materialise it first: gt.tensor(list(...))"
        )
    if isinstance(data, Sequence) and not isinstance(data, _NOT_DATA):
        return to_tensor(list(data), ops)
    return build([data], (), {type(data)}, ops)


def _short(value: Any, limit: int = 60) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -- operands of public functions -----------------------------------------------------------------
def as_tensor(value: Any, func: str) -> Tensor[Any]:
    """``value`` itself when it is a Tensor, else a new tensor of it (a scalar gives a 0-d tensor).

    Errors name ``func``.

    Examples
    --------
    >>> as_tensor([[1, 2]], "f").shape, as_tensor(7, "f").shape
    ((1, 2), ())
    """
    if isinstance(value, Tensor):
        return value
    try:
        return to_tensor(value)
    except (GentensorError, TypeError) as e:  # the same error, naming the caller
        cls = type(e) if isinstance(e, GentensorError) else ArgumentTypeError
        raise cls(f"{func}: {str(e).removeprefix('tensor: ')}") from None


def as_operand(value: Any) -> Any:
    """A Tensor as is; array-like data as a new tensor; anything else is a scalar, returned as is.

    Examples
    --------
    >>> as_operand([1, 2]).shape, as_operand(5)
    ((2,), 5)
    """
    if isinstance(value, Tensor) or not is_array_like(value):
        return value
    return to_tensor(value)


def operand_ops(operands: Sequence[Any], func: str) -> ElementOps:
    """The ops of the result of combining ``operands`` (tensors and scalars).

    Tensors' ops meet in [`gentensor.result_ops`][gentensor.ops._registry.result_ops] (a mismatch is an
    [`OpsMismatchError`][gentensor.errors.OpsMismatchError]).  A scalar of a known type (int, Fraction,
    float, a SymPy expression, a registered class) widens the result as NumPy
    promotes kinds (integers + 0.5 → floats); when it cannot (``modular(5)``
    with a float) or its type is unknown, it is converted to the tensors' ops
    later, which raises ``TypeError`` if impossible.

    Examples
    --------
    >>> import gentensor as gt
    >>> operand_ops([gt.tensor([1]), 0.5], "add")
    floats
    """
    tensor_ops = [t._ops for t in operands if isinstance(t, Tensor)]
    ops = tensor_ops[0] if tensor_ops else None
    for other in tensor_ops[1:]:
        if other is not ops:
            try:
                ops = result_ops(ops, other)
            except OpsMismatchError:
                raise OpsMismatchError(
                    f"{func}: cannot combine tensors with ops {ops!r} and {other!r}; "
                    "convert one side explicitly with .astype(...)"
                ) from None
    for value in operands:
        if isinstance(value, Tensor):
            continue
        s_ops = known_ops_for_type(type(value))
        if s_ops is None or s_ops is ops:
            continue
        if ops is None:
            ops = s_ops
            continue
        try:
            ops = result_ops(ops, s_ops)
        except OpsMismatchError:
            pass  # keep the tensors' ops; converting the scalar decides
    return as_ops(object) if ops is None else ops


def common_ops(ops_list: Sequence[Any], func: str) -> ElementOps:
    """The ops the result of combining operands with these ops lives in.

    Raises
    ------
    OpsMismatchError
        Two of them cannot meet (naming both and the function).

    Examples
    --------
    >>> from gentensor.ops import integers, rationals
    >>> common_ops([integers, rationals, integers], "f")
    rationals
    """
    result = ops_list[0]
    for other in ops_list[1:]:
        if other is result:
            continue
        try:
            result = result_ops(result, other)
        except OpsMismatchError:
            raise OpsMismatchError(
                f"{func}: the inputs have element ops that cannot be combined (got {result!r} and {other!r}); "
                "convert one input explicitly with .astype(...)"
            ) from None
    return result


def convert_scalar(value: Any, ops: ElementOps, func: str) -> Any:
    """``value`` as an element of ``ops``; ``TypeError`` naming the value and the ops.

    Examples
    --------
    >>> import gentensor as gt
    >>> convert_scalar(3, gt.rationals, "f")
    Fraction(3, 1)
    """
    try:
        return ops.convert(value)
    except LimitError:
        raise
    except (TypeError, ValueError, ArithmeticError) as e:
        raise ArgumentTypeError(
            f"{func}: cannot use the scalar {_short(value)} (type {type(value).__name__}) with elements of "
            f"{ops!r}: {e}"
        ) from None


def convert_values(values: list[Any], source: ElementOps | None, target: ElementOps) -> list[Any]:
    """``values`` (elements of ``source``, or of unknown ops when ``None``) as elements of ``target``.

    The same list when the ops agree, else a new one.

    Examples
    --------
    >>> from gentensor.ops import integers, rationals
    >>> convert_values([1, 2], integers, rationals)
    [Fraction(1, 1), Fraction(2, 1)]
    """
    if source is target:
        return values
    convert_list = getattr(target, "convert_list", None)
    if convert_list is not None:
        return list(convert_list(values))
    return list(map(target.convert, values))


def elements_as(x: Tensor[Any], ops: ElementOps) -> list[Any]:
    """A fresh list of ``x``'s elements in C order, converted to ``ops``.

    Examples
    --------
    >>> import gentensor as gt
    >>> elements_as(gt.tensor([[1, 2], [3, 4]]).T, gt.integers)
    [1, 3, 2, 4]
    """
    return convert_values(x._elements(), x._ops, ops)
