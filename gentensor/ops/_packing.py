"""Packed storage: which ops keep their elements in a buffer of machine words, and how to compute there exactly.

A tensor's elements live either in a Python list (any ring) or, when its ops
declares a [`Packing`][gentensor.ops._packing.Packing], in a one-dimensional NumPy array of machine
words: ``int64`` for [`gentensor.integers`][gentensor.ops._numeric.integers] while every value fits,
``bool``, ``float64``, ``complex128``, and ``int64`` residues for
``gt.modular(n)`` when the product of two residues fits a word.  What packs
and how packed values combine is ring knowledge, so it lives here, with the
ops: the tensor core only asks an ops for its packing.

Exactness never depends on the storage.  The integer kernels work on
*bounds*: every packed integer buffer carries an enclosure ``(lo, hi)`` of
its values, and a kernel runs in machine arithmetic only when the bounds of
its operands prove that every result fits the word (``a + b`` needs
``lo_a + lo_b >= -2**63`` and ``hi_a + hi_b < 2**63``; products take the
corners; powers ``max|a| ** k``; shifts ``max|a| * 2**k``).  When they do
not, the kernel declines and the caller computes with Python ints -- so
there is no wraparound, ever.  A result's bounds come from the same
arithmetic, so chains of operations rarely need to look at the values.

A user ops packs by declaring ``packing = gt.Packing(dtype, ...)``; see
`Packing` and ``docs/concepts/storage.md``.  The built-in packings are in
`._packings`.
``GENTENSOR_NO_PACKED=1`` in the environment (read at import) keeps every
tensor in list storage, the reference the packed paths are tested against.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from ..errors import ArgumentTypeError, ArgumentValueError

__all__ = ["Packing", "packing_of", "PACKING_DISABLED", "INT64_MIN", "INT64_MAX", "Bounds"]

#: The range of a machine word (NumPy ``int64``).
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1

#: An enclosure ``(lo, hi)`` of the values of a packed integer buffer (inclusive).
Bounds = tuple[int, int]

#: ``GENTENSOR_NO_PACKED=1``: every tensor keeps its elements in a Python list.
PACKING_DISABLED = os.environ.get("GENTENSOR_NO_PACKED", "").strip().lower() not in ("", "0", "false", "no")

#: A planned kernel: the function of the packed operands, and the bounds of its results (``None`` off integers).
Planned = tuple[Callable[..., Any], "Bounds | None"]


def packing_of(ops: Any) -> "Packing | None":
    """The packing ``ops`` declares (``ops.packing``), or ``None``: its elements stay in Python lists.

    Always ``None`` under ``GENTENSOR_NO_PACKED=1``.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.integers.packing, packing_of(gt.rationals)
    (Packing('int64'), None)
    """
    if PACKING_DISABLED:
        return None
    packing = getattr(ops, "packing", None)
    return packing if isinstance(packing, Packing) else None


class Packing:
    """How an ops keeps its elements in a NumPy buffer of machine words, and its vectorised kernels.

    Declare one as the ops' ``packing`` attribute.  Elements are stored as
    machine values of ``dtype``; gentensor picks the packed buffer whenever
    every element converts (and falls back to a Python list when one does
    not), and hands elements out as Python objects of the ops' type.  Every
    element must have exactly one machine value (equal elements, equal
    values), so that equality and ``unique`` may read the machine values.

    Parameters
    ----------
    dtype : str or numpy.dtype
        A boolean, integer, floating-point or complex NumPy dtype.
    lo, hi : int, optional
        For an integer dtype, the machine values that are elements
        (inclusive; by default the dtype's whole range), e.g. ``0`` and
        ``p - 1`` for residues mod ``p``.
    to_machine : callable, optional
        ``list of elements -> list of Python numbers`` (by default the
        elements are Python numbers already).  It may raise ``TypeError`` or
        ``ValueError`` for elements that do not pack.
    from_machine : callable, optional
        ``list of Python numbers -> list of elements``, the inverse.
    ordered : bool
        The machine values' order (NumPy's) is the ops' order, so sorting
        and searching may compare them directly.
    kernels : mapping, optional
        Vectorised element functions by name (``"add"``, ``"subtract"``,
        ``"multiply"``, ``"negative"``, ``"equal"``, ``"less"``, ...): each
        receives NumPy arrays of ``dtype`` (broadcastable) and returns the
        array of results, which must be exactly what the ops' element
        functions give (elements of this packing, or ``bool`` for
        comparisons).  Functions without a kernel map the ops' element
        functions over the unpacked elements.

    Attributes
    ----------
    bounded : bool
        Integer words: every buffer carries bounds of its values, and kernels run only when they prove the results fit.
    plain : bool
        The machine values are the elements themselves (neither ``to_machine`` nor ``from_machine``).
    discrete : bool
        Integer or boolean words: NumPy's equality and order of them are exact, so NumPy may group, count and sort them.
    real : bool
        The words are not complex: NumPy's comparisons apply to them.
    signed : bool
        Signed integer words, usable as NumPy indices as they are.
    logical : bool
        Boolean words, a NumPy mask as they stand.

    These are read from ``dtype`` and the translations; the rest of gentensor asks them, never the dtype's kind.

    Raises
    ------
    ArgumentValueError
        An unsupported dtype, or ``lo``/``hi`` outside the dtype or given for a non-integer dtype.

    Examples
    --------
    A prime field whose elements are Python ints in ``[0, p)``:

    >>> import gentensor as gt, numpy as np
    >>> p = 101
    >>> class GF(gt.BaseOps):
    ...     name = "GF(101)"
    ...     is_field = True
    ...     packing = gt.Packing("int64", lo=0, hi=p - 1, kernels={
    ...         "add": lambda a, b: (a + b) % p,
    ...         "multiply": lambda a, b: (a * b) % p,
    ...     })
    ...     def convert(self, v): return int(v) % p
    ...     def add(self, a, b): return (a + b) % p
    ...     def mul(self, a, b): return a * b % p
    ...     def neg(self, a): return -a % p
    ...     def equal(self, a, b): return a == b
    ...     def div(self, a, b): return a * pow(b, -1, p) % p
    >>> x = gt.tensor([50, 60, 100], ops=GF())
    >>> (x + x).tolist(), (x * x).tolist()
    ([100, 19, 99], [76, 65, 1])
    """

    __slots__ = (
        "dtype", "lo", "hi", "to_machine", "from_machine", "kernels", "bounded", "ordered", "plain", "discrete", "real",
        "signed", "logical", "_narrow",
    )

    def __init__(
        self,
        dtype: Any,
        *,
        lo: int | None = None,
        hi: int | None = None,
        to_machine: Callable[[list[Any]], Iterable[Any]] | None = None,
        from_machine: Callable[[list[Any]], Iterable[Any]] | None = None,
        ordered: bool = False,
        kernels: Mapping[str, Callable[..., Any]] | None = None,
    ) -> None:
        try:
            dt = np.dtype(dtype)
        except TypeError:
            raise ArgumentValueError(f"Packing: {dtype!r} is not a NumPy dtype; use e.g. 'int64', 'uint8', 'bool', 'float64'") from None
        if dt.kind not in "biufc" or dt.itemsize > 16 or (dt.kind == "f" and dt.itemsize > 8):
            raise ArgumentValueError(
                f"Packing: the dtype must be a boolean, integer, float64-or-narrower or complex dtype (got {dt}); "
                "elements that do not fit a machine word stay in Python lists"
            )
        integral = dt.kind in "iu"
        if not integral and (lo is not None or hi is not None):
            raise ArgumentValueError(f"Packing: lo and hi bound integer dtypes only (got lo={lo!r}, hi={hi!r} for {dt})")
        if integral:
            info = np.iinfo(dt)
            lo = int(info.min) if lo is None else lo
            hi = int(info.max) if hi is None else hi
            for name, value in (("lo", lo), ("hi", hi)):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise ArgumentTypeError(f"Packing: {name} must be an int (got {value!r})")
            if not int(info.min) <= lo <= hi <= int(info.max):
                raise ArgumentValueError(
                    f"Packing: need {int(info.min)} <= lo <= hi <= {int(info.max)} for {dt} (got lo={lo}, hi={hi})"
                )
        for name, f in (("to_machine", to_machine), ("from_machine", from_machine)):
            if f is not None and not callable(f):
                raise ArgumentTypeError(f"Packing: {name} must be callable (got {f!r})")
        table = dict(kernels or {})
        for name, f in table.items():
            if not isinstance(name, str) or not callable(f):
                raise ArgumentTypeError(f"Packing: kernels maps names to callables (got {name!r}: {f!r})")
        self.dtype = dt
        self.lo = lo
        self.hi = hi
        self.to_machine = to_machine
        self.from_machine = from_machine
        self.kernels = table
        self.ordered = bool(ordered)
        #: Integer buffers carry bounds, and their results are proven to fit.
        self.bounded = integral
        #: The machine values are the elements themselves (no ``to_machine``/``from_machine``).
        self.plain = to_machine is None and from_machine is None
        #: The machine values are integers or booleans: NumPy's equality and order of them are exact (no NaN, no
        #: signed zero), so NumPy may group, count and sort them.
        self.discrete = dt.kind in "biu"
        #: The machine values are real numbers (not complex): NumPy's comparisons apply.
        self.real = dt.kind != "c"
        #: The machine values are signed integers, usable as NumPy indices as they are.
        self.signed = dt.kind == "i"
        #: The machine values are NumPy booleans (a mask as it stands).
        self.logical = dt.kind == "b"
        info_range = (int(np.iinfo(dt).min), int(np.iinfo(dt).max)) if integral else None
        self._narrow = integral and (lo, hi) != info_range

    def __repr__(self) -> str:
        extra = f", lo={self.lo}, hi={self.hi}" if self._narrow else ""
        return f"Packing({str(self.dtype)!r}{extra})"

    # -- elements in and out ----------------------------------------------------------------
    def pack(self, values: Sequence[Any]) -> Any:
        """The elements ``values`` as a new 1-d array of ``dtype``, or ``None`` when one does not pack.

        Examples
        --------
        >>> import gentensor as gt
        >>> gt.integers.packing.pack([1, 2, 3]), gt.integers.packing.pack([1, 2**70])
        (array([1, 2, 3]), None)
        """
        if self.to_machine is not None:
            try:
                values = list(self.to_machine(list(values)))
            except (TypeError, ValueError, OverflowError):
                return None
        try:
            array = np.array(values, dtype=self.dtype)
        except (OverflowError, TypeError, ValueError):
            return None
        if array.ndim != 1 or array.shape[0] != len(values):
            return None
        return array if self._in_range(array) else None

    def _in_range(self, array: Any) -> bool:
        return not (self._narrow and array.size and (int(array.min()) < self.lo or int(array.max()) > self.hi))  # type: ignore[operator]

    def holds(self, array: Any) -> bool:
        """Whether ``array`` already is this packing's machine values of elements, as a kernel result may be.

        True when it has the packing's dtype, the machine values are the
        elements themselves (no ``to_machine``/``from_machine``), and every
        value lies in the packing's range.

        Examples
        --------
        >>> import numpy as np
        >>> from gentensor.ops import integers, modular, packing_of
        >>> packing_of(integers).holds(np.array([1, -2])), packing_of(modular(7)).holds(np.array([1, -2]))
        (True, False)
        """
        return (
            array.dtype == self.dtype and self.to_machine is None and self.from_machine is None and self._in_range(array)
        )

    def unpack(self, array: Any) -> list[Any]:
        """The elements of a packed array (any shape) as a flat list of Python objects of the ops' type."""
        values = array.reshape(-1).tolist() if array.ndim != 1 else array.tolist()
        return values if self.from_machine is None else list(self.from_machine(values))

    def element(self, array: Any, position: int) -> Any:
        """The element at ``position`` of a 1-d packed array, as a Python object of the ops' type."""
        value = array.item(position)
        return value if self.from_machine is None else list(self.from_machine([value]))[0]

    def scalar(self, element: Any) -> Any:
        """A converted element as a 0-d array of ``dtype``, or ``None`` when it does not pack."""
        packed = self.pack([element])
        return None if packed is None else packed.reshape(())

    # -- computing ---------------------------------------------------------------------------
    def kernel(self, name: str, bounds: Sequence["Bounds | None"]) -> "Planned | None":
        """The vectorised ``name`` for operands with these bounds: ``(function, result bounds)``, or ``None``.

        ``None`` means "compute element by element": no kernel, or the
        bounds do not prove that the results fit.
        """
        f = self.kernels.get(name)
        if f is None:
            return None
        return f, ((self.lo, self.hi) if self.bounded else None)  # type: ignore[return-value]

    def cast(self, array: Any, source: "Packing") -> "tuple[Any, Bounds | None] | None":
        """``array`` (packed by ``source``) converted into this packing with its bounds, or ``None``: convert element-wise."""
        return None

    def reduction(self, name: str, bounds: "Bounds | None", count: int) -> "Planned | None":
        """A vectorised reduction ``name`` (``"sum"``, ``"prod"``, ``"cumulative_sum"``, ...) over ``count`` elements per result.

        Returns ``(function(array, axis) -> array, result bounds)`` or
        ``None`` (element by element).
        """
        return None

    def matmul(self, bounds_a: "Bounds | None", bounds_b: "Bounds | None", k: int) -> "Planned | None":
        """A vectorised matrix product over inner length ``k``: ``(function(a, b) -> array, bounds)`` or ``None``."""
        return None

    def vecdot(self, bounds_a: "Bounds | None", bounds_b: "Bounds | None", k: int) -> "Planned | None":
        """Dot products over a last axis of length ``k`` (other axes broadcast): ``(function(a, b) -> array, bounds)`` or ``None``.

        ``None`` (the default): ``vecdot`` multiplies by the ``multiply``
        kernel, then sums by the ``"sum"`` reduction.
        """
        return None

    def grouped_sum(self, bounds: "Bounds | None", count: int) -> "Planned | None":
        """Sums of weights by bin (weighted ``bincount``) over ``count`` weights: ``(function(bins, weights, length)
        -> array, bounds)`` or ``None``.

        ``bins`` is an ``intp`` array of non-negative bin numbers, ``weights``
        this packing's machine values of the same length; the result holds,
        for each bin below ``length``, exactly what ``ops.sum`` gives for its
        weights in order (``ops.zero`` for none).  ``None`` (the default):
        ``bincount`` sums each bin with ``ops.sum`` on the elements.
        """
        return None

    def contraction(self, bounds: Sequence["Bounds | None"], terms: int) -> "Planned | None":
        """A vectorised ``einsum`` (``function(subscripts, *arrays) -> array``) whose sums have ``terms`` terms, or ``None``."""
        return None

    def bounds_of(self, array: Any) -> "Bounds | None":
        """The exact bounds ``(min, max)`` of an integer buffer (``None`` when empty or not integral)."""
        if not self.bounded or array.size == 0:
            return None
        return int(array.min()), int(array.max())
