"""Tensor methods with a body of their own, and which operands an operator handles.

The rows of `gentensor._methods.TABLE` mostly delegate to a public function;
a `Special` row sets one of the functions here on the class as it is
(``reshape`` and ``transpose`` with NumPy's spellings, ``__eq__``,
``__contains__``, ``@=``, ``divmod``, ``__array__``, SymPy's printing hook,
``__array_namespace__``).  `known_operand` is the rule every operator of the
table applies first: an operand no ops knows, whose type has the reflected
method, makes the operator return ``NotImplemented``.

Examples
--------
>>> import gentensor as gt
>>> x = gt.tensor([[1, 2], [3, 4]])
>>> x.reshape(4).tolist(), 3 in x, known_operand(x, None)
([1, 2, 3, 4], True, False)
"""

from __future__ import annotations

from fractions import Fraction
from types import ModuleType
from typing import Any, Callable

from . import _namespace
from .arrays import manipulation
from .compute import elementwise, products, reductions
from .core.methods import API_VERSIONS
from .core.tensor import EmbeddedTensor, Tensor, is_array_like, reading_nested
from .errors import ArgumentValueError, ShapeError
from .io import interop
from .ops import booleans, known_ops_for_type

__all__ = [
    "known_operand",
    "defers",
    "reshape",
    "transpose",
    "__array_namespace__",
    "__contains__",
    "__eq__",
    "__ne__",
    "__imatmul__",
    "__divmod__",
    "__rdivmod__",
    "__array__",
    "sympy_printed",
]


# -- operands: which values an operator handles ------------------------------------------------------

#: Scalar types every built-in ops knows (checked first, for speed).
_PLAIN = frozenset((int, float, Fraction, bool, complex))


def known_operand(x: Tensor[Any], other: Any) -> bool:
    """True when an operator of ``x`` handles ``other``; else it returns ``NotImplemented``.

    Tensors and array-like data, scalars of a type some ops claims, and values
    ``x.ops`` converts (a user ring's own elements).

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([1])
    >>> known_operand(x, 2), known_operand(x, [3]), known_operand(x, None)
    (True, True, False)
    """
    tp = type(other)
    if tp in _PLAIN or tp is Tensor or is_array_like(other) or known_ops_for_type(tp) is not None:
        return True
    try:
        x._ops.convert(other)
    except Exception:  # convert refuses with TypeError by contract; a user's may raise others
        return False
    return True


def defers(x: Tensor[Any], other: Any, reflected: str) -> bool:
    """True when an operator of ``x`` should return ``NotImplemented`` for ``other``.

    That is when no ops knows ``other`` and its type has the reflected method
    (``__radd__`` for ``+``): a user class, NumPy or SymPy then gets its turn.
    An unknown operand with no reflected method is handled here, so the error
    names the value and the ops (Python's own would not).
    """
    return not known_operand(x, other) and getattr(type(other), reflected, None) is not None


def _equality(x: Tensor[Any], other: Any, function: Callable[[Any, Any], Any], negate: bool) -> Any:
    """``x == other`` (``x != other`` with ``negate``): ``function`` when an ops knows ``other``, else each element's ``==``."""
    if known_operand(x, other):
        return function(x, other)
    return _foreign_equal(x, other, negate)


def _foreign_equal(x: Tensor[Any], other: Any, negate: bool) -> Tensor[Any]:
    """``x == other`` for an object no ops knows: each element's own ``==``, never raising."""

    def eq(v: Any) -> bool:
        try:
            return bool(v == other) is not negate
        except Exception:
            return negate

    return Tensor._from_flat(list(map(eq, x._elements())), x.shape, booleans)


# -- methods with a body of their own -----------------------------------------------------------------


def reshape(x: Tensor[Any], /, *shape: Any, copy: bool | None = None) -> Tensor[Any]:
    """The same elements in a new shape: a view when the layout allows, else a copy.

    ``copy=False`` raises instead of copying; ``copy=True`` always copies.
    One dimension may be ``-1`` (inferred).  The shape is one tuple or
    several ints; see [`gentensor.reshape`][gentensor.arrays.manipulation.reshape].

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.arange(6)
    >>> x.reshape((2, 3)).base is x, x.reshape(3, -1).shape
    (True, (3, 2))
    """
    if len(shape) == 1 and not isinstance(shape[0], int):
        shape = shape[0]
    return manipulation.reshape(x, shape, copy=copy)


def transpose(x: Tensor[Any], /, *axes: Any) -> Tensor[Any]:
    """Permute the axes (reverse them when none are given): a view.

    The axes are one tuple or several ints; see [`gentensor.permute_dims`][gentensor.arrays.manipulation.permute_dims].

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.zeros((2, 3, 4)).transpose(1, 2, 0).shape, gt.zeros((2, 3)).transpose().shape
    ((3, 4, 2), (3, 2))
    """
    if not axes:
        return x.T
    if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
        axes = tuple(axes[0])
    return manipulation.permute_dims(x, axes)


def __array_namespace__(x: Tensor[Any], /, *, api_version: str | None = None) -> ModuleType:
    """The namespace of the Array API functions for this tensor: the ``gentensor`` module.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.tensor([1]).__array_namespace__(api_version="2023.12").__name__
    'gentensor'
    """
    if api_version is not None and api_version not in API_VERSIONS:
        raise ArgumentValueError(
            f"__array_namespace__: unsupported Array API version {api_version!r}; use one of {', '.join(API_VERSIONS)}"
        )
    return _namespace.module


def __contains__(x: Tensor[Any], value: Any, /) -> bool:
    """``value in x``: whether some element equals ``value`` (NumPy's ``(x == value).any()``).

    Examples
    --------
    >>> import gentensor as gt
    >>> 2 in gt.tensor([[1, 2], [3, 4]]), 5 in gt.tensor([1, 2]), None in gt.tensor([1])
    (True, False, False)
    """
    equal = x == value
    return bool(reductions.any(equal)) if isinstance(equal, Tensor) else bool(equal)


def __eq__(x: Tensor[Any], other: Any, /) -> Any:
    """``x == y`` element-wise; with an object gentensor does not know, each element's own ``==``.

    Never raises for a foreign object (NumPy semantics): ``x == None`` is
    element-wise ``False``.

    Examples
    --------
    >>> import gentensor as gt
    >>> (gt.tensor([1, 2]) == 2).tolist(), (gt.tensor([1, 2]) == None).tolist()
    ([False, True], [False, False])
    """
    return _equality(x, other, elementwise.equal, False)


def __ne__(x: Tensor[Any], other: Any, /) -> Any:
    """``x != y`` element-wise (the negation of ``==``).

    Examples
    --------
    >>> import gentensor as gt
    >>> (gt.tensor([1, 2]) != 2).tolist(), (gt.tensor([1]) != "a").tolist()
    ([True, False], [True])
    """
    return _equality(x, other, elementwise.not_equal, True)


def __imatmul__(x: Tensor[Any], other: Any, /) -> Any:
    """``x @= y``: the product written into ``x`` (its shape must not change).

    Examples
    --------
    >>> import gentensor as gt
    >>> x = gt.tensor([[1, 2], [3, 4]]); x @= gt.tensor([[0, 1], [1, 0]]); x.tolist()
    [[2, 1], [4, 3]]
    """
    if defers(x, other, "__rmatmul__"):
        return NotImplemented
    result = products.matmul(x, other)
    if result.shape != x.shape:
        raise ShapeError(f"@=: the result shape {result.shape} differs from the target shape {x.shape}")
    x[...] = result
    return x


def __divmod__(x: Tensor[Any], other: Any, /) -> Any:
    """``divmod(x, y)``: the pair ``(x // y, x % y)``, element-wise.

    Examples
    --------
    >>> import gentensor as gt
    >>> q, r = divmod(gt.tensor([7, -7]), 3)
    >>> q.tolist(), r.tolist()
    ([2, -3], [1, 2])
    """
    if defers(x, other, "__rdivmod__"):
        return NotImplemented
    return elementwise.floor_divide(x, other), elementwise.remainder(x, other)


def __rdivmod__(x: Tensor[Any], other: Any, /) -> Any:
    """``divmod(y, x)`` with the tensor ``x`` on the right.

    Examples
    --------
    >>> import gentensor as gt
    >>> [t.tolist() for t in divmod(7, gt.tensor([2, 3]))]
    [[3, 2], [1, 1]]
    """
    return elementwise.floor_divide(other, x), elementwise.remainder(other, x)


def __array__(x: Tensor[Any], /, dtype: Any = None, copy: bool | None = None) -> Any:
    """A new NumPy array of the elements (used by ``np.asarray(x)``): see [`gentensor.to_numpy`][gentensor.io.interop.to_numpy].

    Machine numbers where every element fits one (``int64`` here), else an object array.

    Examples
    --------
    >>> import gentensor as gt, numpy as np
    >>> np.asarray(gt.tensor([[1, 2], [3, 4]]).T)
    array([[1, 3],
           [2, 4]])
    >>> np.asarray(gt.tensor([1, 2**70]))
    array([1, 1180591620717411303424], dtype=object)
    """
    if reading_nested():
        raise EmbeddedTensor  # gt.tensor is reading nested data with NumPy: its own path takes this tensor
    return interop.to_numpy(x, dtype=dtype, copy=copy)


def sympy_printed(x: Tensor[Any], printer: Any, /) -> Any:
    """SymPy's printers (``sympy.sstr``, ``srepr``, ``latex``, ``pprint``) print a tensor as its SymPy matrix.

    SymPy's printers look for ``_sympystr``, ``_sympyrepr``, ``_latex`` and
    ``_pretty`` before dispatching on the class name.

    Examples
    --------
    >>> import gentensor as gt, sympy
    >>> sympy.sstr(gt.tensor([[sympy.Symbol("x"), 1]])), sympy.srepr(gt.tensor([[1]]))
    ('Matrix([[x, 1]])', 'ImmutableDenseMatrix([[Integer(1)]])')
    >>> sympy.latex(gt.tensor([[1, 2], [3, 4]]))
    '\\\\left[\\\\begin{matrix}1 & 2\\\\\\\\3 & 4\\\\end{matrix}\\\\right]'
    >>> sympy.pprint(gt.tensor([[1, 2], [3, 4]]), use_unicode=False)
    [1  2]
    [    ]
    [3  4]
    """
    return printer._print(interop.to_sympy(x))
