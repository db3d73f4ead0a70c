"""The exception tree of gentensor: one place, each class also a built-in.

Every error raised on bad input is one of these classes, so callers can catch
``gt.GentensorError`` for "anything gentensor refused" or the matching
built-in (``ValueError``, ``TypeError``, ``IndexError``, ``ArithmeticError``)
for code written against NumPy.  Input past a resource limit
([`gentensor.resources`][gentensor.resources]) is a [`LimitError`][gentensor.errors.LimitError]; a symbolic element whose
zero test cannot be decided is an [`UndecidableError`][gentensor.errors.UndecidableError].  Messages follow one pattern::

    "<function>: <what is wrong> (got <value>)[; <how to fix>]"

Examples
--------
>>> import gentensor as gt
>>> issubclass(gt.AxisError, IndexError) and issubclass(gt.AxisError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "GentensorError",
    "ShapeError",
    "AxisError",
    "NonSquareError",
    "OpsMismatchError",
    "DomainError",
    "NotDivisibleError",
    "SingularMatrixError",
    "ReadOnlyError",
    "FormatError",
    "NoSolutionError",
    "NotRegularFileError",
    "NotDiagonalizableError",
    "NotPositiveDefiniteError",
    "IndexingError",
    "ArgumentTypeError",
    "ArgumentValueError",
    "LimitError",
    "UndecidableError",
]


class GentensorError(Exception):
    """Base class of every error gentensor raises on purpose.

    Examples
    --------
    >>> import gentensor as gt
    >>> try:
    ...     gt.tensor([[1, 2], [3]])
    ... except gt.GentensorError as e:
    ...     print(type(e).__name__)
    ShapeError
    """


class ShapeError(GentensorError, ValueError):
    """A shape is wrong: ragged data, shapes that do not broadcast, a bad reshape.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.zeros((2, 3)).reshape(4)
    Traceback (most recent call last):
    ...
    gentensor.errors.ShapeError: reshape: cannot reshape a tensor of shape (2, 3) (size 6) into shape (4,) (size 4)
    """


class AxisError(ShapeError, IndexError):
    """An axis number is out of range for the tensor's ``ndim``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.squeeze(gt.zeros((1, 2)), axis=5)
    Traceback (most recent call last):
    ...
    gentensor.errors.AxisError: squeeze: axis 5 is out of range for a tensor with ndim 2 (valid: -2 to 1)
    """


class NonSquareError(ShapeError):
    """A square matrix (or stack of them) was needed.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.det(gt.zeros((2, 3)))
    Traceback (most recent call last):
    ...
    gentensor.errors.NonSquareError: det: expects square matrices (got shape (2, 3)); the last two axes must be equal
    """


class OpsMismatchError(GentensorError, TypeError):
    """Two element operations cannot be combined (e.g. ``modular(5)`` with ``modular(7)``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.result_ops(gt.modular(5), gt.modular(7))
    Traceback (most recent call last):
    ...
    gentensor.errors.OpsMismatchError: result_ops: cannot combine modular(5) with modular(7); convert one side explicitly with .astype(...)
    """


class DomainError(GentensorError, TypeError):
    """The element operations cannot do what was asked (e.g. field division on integers).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.integers.div(1, 2)
    Traceback (most recent call last):
    ...
    gentensor.errors.DomainError: integers.div: integers are not a field (got 1 / 2); use gt.rationals or exquo
    """


class NotDivisibleError(GentensorError, ArithmeticError):
    """An exact division has no result in the ring (``exquo`` failed).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.integers.exquo(7, 2)
    Traceback (most recent call last):
    ...
    gentensor.errors.NotDivisibleError: integers.exquo: 7 is not divisible by 2
    """


class SingularMatrixError(GentensorError, ArithmeticError):
    """A matrix that must be invertible is singular.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.inv(gt.tensor([[1, 2], [2, 4]]))
    Traceback (most recent call last):
    ...
    gentensor.errors.SingularMatrixError: inv: the matrix is singular (got a 2x2 matrix with determinant 0)
    """


class ReadOnlyError(GentensorError, ValueError):
    """A write to a read-only view (``broadcast_to`` results repeat elements).

    Examples
    --------
    >>> import gentensor as gt
    >>> b = gt.broadcast_to(gt.tensor([1, 2]), (2, 2))
    >>> b[0, 0] = 5
    Traceback (most recent call last):
    ...
    gentensor.errors.ReadOnlyError: __setitem__: this tensor is a read-only view (it repeats elements through stride 0); write to a copy: y = x.copy()
    """


class FormatError(GentensorError, ValueError):
    """A file cannot be read: malformed, truncated, of an unknown version, or naming what is not allowed.

    The message names the file and the place in it (a line and column, or a
    path into the JSON document such as ``data[3]``).

    Examples
    --------
    >>> import gentensor as gt, io
    >>> gt.load(io.StringIO('{"gentensor": 1}'))
    Traceback (most recent call last):
    ...
    gentensor.errors.FormatError: load: <file object>: $: not a gentensor file (the top level must be an object with "format": "gentensor")
    """


class NoSolutionError(GentensorError, ValueError):
    """A system of equations has no solution in the ring asked for: none at all
    (``gt.linalg.gauss_jordan_solve`` of an inconsistent system) or none in the integers
    (``gt.linalg.solve_integer``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.solve_integer(gt.tensor([[2]]), gt.tensor([1]))
    Traceback (most recent call last):
    ...
    gentensor.errors.NoSolutionError: solve_integer: a @ x == b has no integer solution (got b = [1]); it has rational solutions, but no integer one
    """


class NotRegularFileError(GentensorError, OSError):
    """A file operation met something that is not a regular file: a FIFO, a device, a socket.

    ``gt.save`` replaces regular files only (atomically); it refuses to
    replace ``/dev/null`` or a named pipe.  To write to one, pass a file
    object opened on it.

    Examples
    --------
    >>> import gentensor as gt
    >>> issubclass(gt.NotRegularFileError, OSError) and issubclass(gt.NotRegularFileError, gt.GentensorError)
    True
    """


class NotDiagonalizableError(GentensorError, ArithmeticError):
    """A matrix has no basis of eigenvectors (``gt.linalg.diagonalize``); ``jordan_form`` always exists.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.diagonalize(gt.tensor([[1, 1], [0, 1]]))
    Traceback (most recent call last):
    ...
    gentensor.errors.NotDiagonalizableError: diagonalize: the matrix is not diagonalizable: the eigenvalue 1 has algebraic multiplicity 2 but only 1 independent eigenvector (got a 2x2 matrix); use gt.linalg.jordan_form
    """


class NotPositiveDefiniteError(GentensorError, ArithmeticError):
    """A matrix that must be positive definite is not (``gt.linalg.cholesky``).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.linalg.cholesky(gt.tensor([[1, 2], [2, 1]]))
    Traceback (most recent call last):
    ...
    gentensor.errors.NotPositiveDefiniteError: cholesky: the matrix is not positive definite: pivot 2 is -3 (got a 2x2 matrix); gt.linalg.ldl factors any symmetric matrix
    """
class IndexingError(GentensorError, IndexError, ValueError):
    """An index is out of range or not an index (a float, a zero slice step, too many indices).

    Also an ``IndexError`` (as NumPy raises for out-of-range and malformed
    indices) and a ``ValueError`` (as NumPy raises for a zero slice step).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.tensor([1, 2])[5]
    Traceback (most recent call last):
    ...
    gentensor.errors.IndexingError: __getitem__: index 5 is out of range for axis 0 with size 2
    """


class ArgumentTypeError(GentensorError, TypeError):
    """An argument has the wrong type (a float where a dimension must be an int, a string for a tensor).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.zeros((2.5,))
    Traceback (most recent call last):
    ...
    gentensor.errors.ArgumentTypeError: zeros: every dimension must be an int (got (2.5,))
    """


class ArgumentValueError(GentensorError, ValueError):
    """An argument has the right type but a value the function does not accept.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.modular(1)
    Traceback (most recent call last):
    ...
    gentensor.errors.ArgumentValueError: modular: the modulus must be at least 2 (got 1); use gt.integers for plain integers
    """


class LimitError(GentensorError, ValueError):
    """Input past a resource limit: too many digits, a power too large, a tree too deep, too many elements.

    The message names the limit and how to raise it ([`gentensor.limits`][gentensor.resources.limits]).
    Files refused for the same reason raise [`FormatError`][gentensor.errors.FormatError] naming the
    place in the file and the limit.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.zeros((2**63,))
    Traceback (most recent call last):
    ...
    gentensor.errors.LimitError: zeros: the shape (9223372036854775808,) has 9223372036854775808 elements, more than max_elements=100000000; raise it with gt.limits(max_elements=...)
    """


class UndecidableError(DomainError):
    """The zero test could not decide whether a symbolic element is zero, and the answer matters.

    Raised instead of guessing: neither a proof that the element is zero nor a
    rigorous bound that it is not was found within the zero test's budget.
    The message shows the element and how to proceed (raise the budget, or
    accept an assumption with ``gt.limits(undecided="zero")`` or
    ``undecided="nonzero"``).  The element is in ``.element``.

    Examples
    --------
    >>> import gentensor as gt
    >>> issubclass(gt.UndecidableError, gt.DomainError)
    True
    """

    def __init__(self, message: str, element: object = None) -> None:
        super().__init__(message)
        self.element = element
