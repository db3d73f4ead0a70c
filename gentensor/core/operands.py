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

from collections.abc import Sequence
from typing import Any

from ..errors import ArgumentTypeError, GentensorError, LimitError, OpsMismatchError
from ..ops import ElementOps, as_ops, convert_values, known_ops_for_type, result_ops
from .tensor import Tensor, _short, build, is_array_like, to_tensor

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


def elements_as(x: Tensor[Any], ops: ElementOps) -> list[Any]:
    """A fresh list of ``x``'s elements in C order, converted to ``ops``.

    Examples
    --------
    >>> import gentensor as gt
    >>> elements_as(gt.tensor([[1, 2], [3, 4]]).T, gt.integers)
    [1, 3, 2, 4]
    """
    return convert_values(x._elements(), x._ops, ops)
