"""Bitwise and logical operations element-wise: ``&``, ``|``, ``^``, ``~``, ``<<``, ``>>`` and ``logical_*``.

The bitwise functions work where the ops' table of element functions has
them: integers (Python's unbounded ints, two's complement semantics as
Python has them: ``~5 == -6``) and booleans (where they are the logical
operations and the result stays booleans, so masks combine with ``&``, ``|``,
``^`` and ``~``); shifts on integers only.  Other rings raise
[`DomainError`][gentensor.errors.DomainError].

The logical functions take any ops and read each element's truth
semantically (``not ops.is_zero(a)``; the zero test of SymPy expressions
normalises); their results are booleans.

Examples
--------
>>> import gentensor as gt
>>> x = gt.arange(6)
>>> ((x > 1) & (x < 4)).tolist(), (~(x > 1)).tolist()
([False, False, True, True, False, False], [True, True, False, False, False, False])
>>> (gt.tensor([12, 10]) ^ 6).tolist(), (gt.tensor([1, 2]) << 3).tolist()
([10, 12], [8, 16])
"""

from __future__ import annotations

import operator
from functools import partial
from typing import TYPE_CHECKING, Any, Callable

from ..ops import ElementOps, booleans
from ._engine import Plan, binary, unary
from ._functions import function_plan

if TYPE_CHECKING:
    from ..core.tensor import Tensor

__all__ = [
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "bitwise_invert",
    "bitwise_left_shift",
    "bitwise_right_shift",
    "logical_and",
    "logical_or",
    "logical_xor",
    "logical_not",
]


def bitwise_and(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """``x1 & x2`` element-wise with broadcasting (integers; logical *and* for booleans).

    Returns
    -------
    Tensor
        A new tensor (booleans stay booleans).

    Raises
    ------
    DomainError
        The ops has no bitwise operations (rationals, floats, ``modular(n)``, ...).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.bitwise_and(gt.tensor([12, 10]), 6).tolist(), (gt.tensor([True, False]) & True).tolist()
    ([4, 2], [True, False])
    """
    return binary("bitwise_and", x1, x2, function_plan("bitwise_and"), promote_bool=False)


def bitwise_or(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """``x1 | x2`` element-wise with broadcasting (integers; logical *or* for booleans).

    Returns
    -------
    Tensor
        A new tensor (booleans stay booleans).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.bitwise_or(gt.tensor([12, 10]), 1).tolist()
    [13, 11]
    """
    return binary("bitwise_or", x1, x2, function_plan("bitwise_or"), promote_bool=False)


def bitwise_xor(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """``x1 ^ x2`` element-wise with broadcasting (integers; logical *xor* for booleans).

    Returns
    -------
    Tensor
        A new tensor (booleans stay booleans).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.bitwise_xor(gt.tensor([True, True]), gt.tensor([True, False])).tolist()
    [False, True]
    """
    return binary("bitwise_xor", x1, x2, function_plan("bitwise_xor"), promote_bool=False)


def bitwise_invert(x: Any, /) -> Tensor[Any] | Any:
    """``~x`` element-wise: ``-x - 1`` for integers, logical *not* for booleans.

    Returns
    -------
    Tensor
        A new tensor (booleans stay booleans).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.bitwise_invert(gt.tensor([0, 5])).tolist(), (~gt.tensor([True, False])).tolist()
    ([-1, -6], [False, True])
    """
    return unary("bitwise_invert", x, function_plan("bitwise_invert"), promote_bool=False)


def bitwise_left_shift(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """``x1 << x2`` element-wise (integers; ``x2`` must be non-negative).

    Returns
    -------
    Tensor
        A new tensor of integers.

    Raises
    ------
    ArgumentValueError
        A negative shift count.
    LimitError
        A result of more than ``max_bits`` bits ([`gentensor.limits`][gentensor.resources.limits]).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.bitwise_left_shift(gt.tensor([1, 3]), gt.tensor([4, 1])).tolist()
    [16, 6]
    """
    return binary("bitwise_left_shift", x1, x2, function_plan("bitwise_left_shift"))


def bitwise_right_shift(x1: Any, x2: Any, /) -> Tensor[Any] | Any:
    """``x1 >> x2`` element-wise (integers; rounds toward minus infinity, as Python's ``>>``).

    Returns
    -------
    Tensor
        A new tensor of integers.

    Raises
    ------
    ArgumentValueError
        A negative shift count.

    Examples
    --------
    >>> import gentensor as gt
    >>> (gt.tensor([16, -16]) >> 2).tolist()
    [4, -4]
    """
    return binary("bitwise_right_shift", x1, x2, function_plan("bitwise_right_shift"))


# -- logical -----------------------------------------------------------------------------------
def _truth(is_zero: Callable[[Any], Any], a: Any) -> bool:
    return not is_zero(a)


def _logical(op: Callable[[Any, Any], Any], is_zero: Callable[[Any], Any], a: Any, b: Any) -> bool:
    return bool(op(not is_zero(a), not is_zero(b)))


def _logical_plan(op: Callable[[Any, Any], Any]) -> Plan:
    def plan(ops: ElementOps) -> tuple[Callable[..., Any], Any]:
        if ops.is_zero is operator.not_:  # Python truth is the zero test (numbers, booleans)
            return partial(_logical, op, operator.not_), booleans
        return partial(_logical, op, ops.is_zero), booleans

    return plan


def logical_and(x1: Any, x2: Any, /) -> Tensor[Any] | bool:
    """True where both elements are non-zero (``not ops.is_zero``), with broadcasting.

    Returns
    -------
    Tensor
        A new booleans tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.logical_and(gt.tensor([1, 0, 2]), gt.tensor([3, 4, 0])).tolist()
    [True, False, False]
    """
    if _both_booleans(x1, x2):
        return bitwise_and(x1, x2)
    return binary("logical_and", x1, x2, _logical_plan(operator.and_), promote_bool=False)


def logical_or(x1: Any, x2: Any, /) -> Tensor[Any] | bool:
    """True where either element is non-zero, with broadcasting.

    Returns
    -------
    Tensor
        A new booleans tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.logical_or(gt.tensor([True, False]), gt.tensor([False, False])).tolist()
    [True, False]
    """
    if _both_booleans(x1, x2):
        return bitwise_or(x1, x2)
    return binary("logical_or", x1, x2, _logical_plan(operator.or_), promote_bool=False)


def logical_xor(x1: Any, x2: Any, /) -> Tensor[Any] | bool:
    """True where exactly one element is non-zero, with broadcasting.

    Returns
    -------
    Tensor
        A new booleans tensor.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.logical_xor(gt.tensor([1, 1, 0]), gt.tensor([1, 0, 0])).tolist()
    [False, True, False]
    """
    if _both_booleans(x1, x2):
        return bitwise_xor(x1, x2)
    return binary("logical_xor", x1, x2, _logical_plan(operator.xor), promote_bool=False)


def logical_not(x: Any, /) -> Tensor[Any] | bool:
    """True where an element is zero (``ops.is_zero``).

    Returns
    -------
    Tensor
        A new booleans tensor.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> t = sympy.Symbol("t")
    >>> gt.logical_not(gt.tensor([(t + 1)**2 - t**2 - 2*t - 1, t])).tolist()
    [True, False]
    """
    return unary("logical_not", x, _not_plan, promote_bool=False)


def _not_plan(ops: ElementOps) -> tuple[Callable[..., Any], Any]:
    is_zero = ops.is_zero
    if is_zero is operator.not_:
        return operator.not_, booleans
    return partial(_is_zero_bool, is_zero), booleans


def _is_zero_bool(is_zero: Callable[[Any], Any], a: Any) -> bool:
    return bool(is_zero(a))


def _both_booleans(x1: Any, x2: Any) -> bool:
    kinds = [getattr(getattr(x, "_ops", None), "capabilities", None) for x in (x1, x2)]
    return all(k is not None and k.kind == "bool" for k in kinds)
