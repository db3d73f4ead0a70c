"""Operand handling shared by composition and products: coercion, common ops, conversion.

A public function receives tensors (or data :func:`gentensor.tensor` accepts),
finds the ops its result lives in with :func:`gentensor.result_ops`, and reads
each operand's elements converted to that ops.  The helpers here do those
three steps with messages that name the calling function.
"""

from __future__ import annotations

from typing import Any, Sequence

from .tensor import Tensor
from ..errors import OpsMismatchError
from ..ops import result_ops

__all__ = ["as_tensor", "common_ops", "convert_values", "elements_as"]


def as_tensor(value: Any, func: str, *, scalars: bool = False) -> Tensor[Any]:
    """``value`` itself when it is a Tensor, else a new tensor built from array-like data.

    Nested lists/tuples, NumPy arrays and SymPy matrices are accepted; other
    values (scalars) only when ``scalars`` is true, as 0-d tensors.

    >>> as_tensor([[1, 2]], "f").shape
    (1, 2)
    """
    if isinstance(value, Tensor):
        return value
    from ..arrays.creation import tensor  # creation sits beside this layer; imported on use

    module = type(value).__module__ or ""
    if isinstance(value, (list, tuple)) or module.startswith(("numpy", "sympy.matrices", "sympy.tensor")):
        return tensor(value)
    if scalars:
        return tensor(value)
    raise TypeError(
        f"{func}: expected a gentensor Tensor (got {type(value).__name__}); wrap data with gt.tensor(...)"
    )


def common_ops(ops_list: Sequence[Any], func: str) -> Any:
    """The ops the result of combining operands with these ops lives in.

    Raises
    ------
    OpsMismatchError
        Two of them cannot meet (naming both and the function).

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


def convert_values(values: list[Any], source: Any, target: Any) -> list[Any]:
    """``values`` (elements of ``source``) as elements of ``target``; the same list when the ops agree.

    >>> from fractions import Fraction
    >>> from gentensor.ops import integers, rationals
    >>> convert_values([1, 2], integers, rationals) == [Fraction(1), Fraction(2)]
    True
    """
    if source is target:
        return values
    convert = getattr(target, "convert_list", None)
    if convert is not None:
        return list(convert(values))
    return list(map(target.convert, values))


def elements_as(x: Tensor[Any], ops: Any) -> list[Any]:
    """A fresh list of ``x``'s elements in C order, converted to ``ops``.

    >>> import gentensor as gt
    >>> elements_as(gt.tensor([[1, 2], [3, 4]]).T, gt.integers)
    [1, 3, 2, 4]
    """
    return convert_values(x._elements(), x._ops, ops)

