"""Resource limits: one policy for every input path, so bad input fails fast instead of hanging.

A 15-byte file can ask for a number with a billion digits, a power with a
billion bits, a tree thousands of levels deep or a tensor of 2**63 elements.
Every input path -- the API ([`gentensor.tensor`][gentensor.arrays.creation.tensor], the creation
functions, reshapes), [`gentensor.load`][gentensor.io.files.load], the command line's text, CSV
and JSON reader, [`gentensor.modular`][gentensor.ops._modular.modular] -- checks what it is asked to
build against the limits below *before* building it, and refuses with a
[`LimitError`][gentensor.errors.LimitError] (or, for a file, a
[`FormatError`][gentensor.errors.FormatError] naming the place) whose message names
the limit and how to raise it.

The symbolic zero test's budget lives here too (``zero_test_bits``,
``zero_test_seconds``) with the policy for an undecided zero test
(``undecided``); see ``docs/safety.md``.

The limits in force are a context variable: [`limits`][gentensor.resources.limits] changes them inside
a ``with`` block (other threads and async tasks keep theirs);
[`set_limits`][gentensor.resources.set_limits] changes the process-wide defaults that new threads start
from; [`get_limits`][gentensor.resources.get_limits] reads them.

Examples
--------
>>> import gentensor as gt
>>> gt.get_limits().max_ndim
64
>>> with gt.limits(max_elements=10):
...     gt.zeros(11)
Traceback (most recent call last):
...
gentensor.errors.LimitError: zeros: the shape (11,) has 11 elements, more than max_elements=10; raise it with gt.limits(max_elements=...)
"""

from __future__ import annotations

import contextlib
import gc
import threading
import math
from fractions import Fraction
from contextvars import ContextVar
from dataclasses import dataclass, fields, replace
from typing import Any, Callable, Iterator, Sequence

from ._docs import public_dir as _public_dir
from .errors import ArgumentTypeError, ArgumentValueError, LimitError

__all__ = [
    "check_axes",
    "Limits",
    "limits",
    "get_limits",
    "set_limits",
    "check_shape",
    "check_ndim",
    "check_digits",
    "check_bits",
    "check_number_bits",
    "count_text",
]
__dir__ = _public_dir(globals())  # the public names, not the imports this module is built from

UNDECIDED = ("raise", "zero", "nonzero")


@dataclass(frozen=True)
class Limits:
    """The resource limits in force (read them with [`get_limits`][gentensor.resources.get_limits], change them with [`limits`][gentensor.resources.limits]).

    Attributes
    ----------
    max_digits : int
        Decimal digits in one number read from text (a cell, a JSON number, a
        decimal mantissa).  CPython converts decimal text to ``int`` in
        quadratic time: 100 000 digits take about 0.05 s.
    max_bits : int
        Bits of any number an input may build: a hexadecimal integer in a
        saved file, a decimal exponent (``1e999999999``), a power of numbers
        (``3**(2**19)``), a product of such powers; also the *total* bits of
        all the numbers in one expression.
    max_exponent : int
        The largest integer exponent of a power of a non-number (``(x+1)**n``)
        in a cell or a saved expression: expanding ``(x+1)**1000000`` would
        exhaust memory.
    max_depth : int
        Nesting of one expression: parentheses in a cell, levels of a saved
        SymPy tree, levels of an expression given to the API.  SymPy recurses
        once per level (or more), so deep trees would hit Python's recursion
        limit later.
    max_nodes : int
        Nodes (sub-expressions) of one expression.
    max_ndim : int
        Axes of a tensor (NumPy's limit); deeper nested data is refused.
    max_elements : int
        Elements of one tensor a call may build.
    max_modulus_bits : int
        Bits of a number whose primality or exact roots are computed: the
        modulus of [`gentensor.modular`][gentensor.ops._modular.modular], the arguments of
        ``is_prime`` and ``next_prime``, an integer whose symbolic square root
        SymPy factors (a 4096-bit primality test takes a fraction of a
        second, ``next_prime`` about a second).
    max_file_bytes : int
        Bytes of a file [`gentensor.load`][gentensor.io.files.load] reads (checked before reading;
        a file object is read up to this many bytes).
    zero_test_bits : int
        The highest precision, in bits, at which the symbolic zero test
        evaluates an expression to prove it non-zero.
    zero_test_seconds : float
        The time budget of one symbolic zero test, and of each other call
        into SymPy's numerics on an element (a comparison, a sort key,
        ``floor``, printing in SymPy's order): SymPy is stopped inside its
        own computation when it runs out (see ``docs/safety.md``).
    undecided : str
        What the symbolic zero test does when it can neither prove an element
        zero nor prove it non-zero: ``"raise"`` (the default) raises
        [`UndecidableError`][gentensor.errors.UndecidableError]; ``"zero"`` takes it to be
        zero (it then evaluated to within ``2**-zero_test_bits`` of 0 at every
        point tried, or could not be evaluated at all); ``"nonzero"`` takes it
        to be non-zero (what SymPy does).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.Limits().max_digits, gt.Limits().undecided
    (100000, 'raise')
    """

    max_digits: int = 100_000
    max_bits: int = 1 << 20
    max_exponent: int = 10_000
    max_depth: int = 100
    max_nodes: int = 100_000
    max_ndim: int = 64
    max_elements: int = 100_000_000
    max_modulus_bits: int = 4096
    max_file_bytes: int = 1 << 30
    zero_test_bits: int = 1024
    zero_test_seconds: float = 2.0
    undecided: str = "raise"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "undecided":
                if value not in UNDECIDED:
                    raise ArgumentValueError(
                        f"limits: undecided must be one of {', '.join(map(repr, UNDECIDED))} (got {value!r})"
                    )
            elif f.name == "zero_test_seconds":
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
                    raise ArgumentValueError(f"limits: zero_test_seconds must be a number >= 0 (got {value!r})")
            elif isinstance(value, bool) or not isinstance(value, int):
                raise ArgumentTypeError(f"limits: {f.name} must be an int (got {value!r})")
            elif value < 1:
                raise ArgumentValueError(f"limits: {f.name} must be at least 1 (got {value!r})")


_default = Limits()
_current: ContextVar[Limits | None] = ContextVar("gentensor_limits", default=None)


def get_limits() -> Limits:
    """The limits in force (in this thread / task).

    Returns
    -------
    Limits
        Frozen: change them with [`limits`][gentensor.resources.limits] (a block) or
        [`set_limits`][gentensor.resources.set_limits] (the process-wide defaults).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.get_limits().max_elements
    100000000
    """
    found = _current.get()
    return _default if found is None else found


def _changed(base: Limits, changes: dict[str, Any], func: str) -> Limits:
    names = {f.name for f in fields(Limits)}
    unknown = sorted(set(changes) - names)
    if unknown:
        raise ArgumentTypeError(f"{func}: unknown limit {unknown[0]!r}; the limits are {', '.join(sorted(names))}")
    return replace(base, **changes)


@contextlib.contextmanager
def limits(**changes: Any) -> Iterator[Limits]:
    """Context manager that changes resource limits inside a ``with`` block.

    Keywords are the fields of [`Limits`][gentensor.resources.Limits].  The setting is a context
    variable: other threads and async tasks keep their own (new threads
    start from the process-wide defaults, see [`set_limits`][gentensor.resources.set_limits]).

    Raises
    ------
    ArgumentTypeError
        An unknown limit name, or a value of the wrong type.
    ArgumentValueError
        A value out of range.

    Examples
    --------
    >>> import gentensor as gt
    >>> with gt.limits(max_digits=5) as lim:
    ...     print(lim.max_digits)
    ...     gt.load  # every reader in this block refuses numbers past 5 digits
    5
    <function load at ...>
    >>> gt.get_limits().max_digits
    100000
    """
    token = _current.set(_changed(get_limits(), changes, "limits"))
    try:
        yield get_limits()
    finally:
        _current.reset(token)


def set_limits(**changes: Any) -> Limits:
    """Change the process-wide default limits (those of threads that never entered [`limits`][gentensor.resources.limits]).

    Returns the new defaults.  Prefer [`limits`][gentensor.resources.limits] in library code.

    Examples
    --------
    >>> import gentensor as gt
    >>> old = gt.get_limits()
    >>> gt.set_limits(max_depth=200).max_depth
    200
    >>> gt.set_limits(max_depth=old.max_depth).max_depth
    100
    """
    global _default
    _default = _changed(_default, changes, "set_limits")
    return _default


def _raise_hint(name: str) -> str:
    return f"raise it with gt.limits({name}=...)"


def count_text(n: int) -> str:
    """A count for a message: as it is up to 30 digits, else ``about 2**k`` (no huge decimal conversion).

    Examples
    --------
    >>> count_text(12345), count_text(2**200 + 1)
    ('12345', 'about 2**200')
    """
    n = int(n)
    if -(10**30) < n < 10**30:
        return str(n)
    return f"about {'-' if n < 0 else ''}2**{abs(n).bit_length() - 1}"


def _shape_text(shape: Sequence[int]) -> str:
    shown = ", ".join(count_text(int(n)) for n in list(shape)[:8]) + (", ..." if len(shape) > 8 else ",")
    return f"({shown.rstrip(',') if len(shape) > 1 else shown})"


# -- checks used by the input paths ---------------------------------------------------------


def check_ndim(ndim: int, func: str) -> None:
    """Refuse a tensor with more axes than ``max_ndim``.

    Examples
    --------
    >>> check_ndim(3, "f")
    """
    lim = get_limits().max_ndim  # on every tensor's way in: inline, no _check
    if ndim > lim:
        raise LimitError(f"{func}: {ndim} axes are more than max_ndim={lim} a tensor may have; {_raise_hint('max_ndim')}")


def check_shape(shape: Sequence[int], func: str) -> None:
    """Refuse a shape with more than ``max_ndim`` axes or ``max_elements`` elements.

    Examples
    --------
    >>> check_shape((2, 3), "f")
    """
    check_ndim(len(shape), func)
    check_axes(shape, func)
    lim = get_limits().max_elements
    n = math.prod(shape)  # a zero-length axis means no elements, whatever the others
    if n > lim:
        raise LimitError(
            f"{func}: the shape {_shape_text(shape)} has {count_text(n)} elements, more than max_elements={lim}; "
            f"{_raise_hint('max_elements')}"
        )


def check_axes(shape: Sequence[int], func: str) -> None:
    """Refuse an axis longer than ``max_elements`` in an empty shape: ``(0, 2**62)`` holds no element, but a
    reduction over its first axis would make ``2**62`` of them, and loops over its lanes would never end.

    Examples
    --------
    >>> check_axes((0, 5), "f")
    """
    if 0 not in shape:
        return  # a shape with elements: its count is the limit that applies (check_shape)
    lim = get_limits().max_elements
    for n in shape:
        if n > lim:
            raise LimitError(
                f"{func}: the shape {_shape_text(shape)} has an axis of length {count_text(n)}, more than "
                f"max_elements={lim} (no tensor within the limits fills it); {_raise_hint('max_elements')}"
            )


def log2_size(v: Any) -> float:
    """``log2`` of an exact number's numerator times its denominator: about its bits (0 for 0 and +-1).

    Python ints, Fractions and SymPy rationals; anything else (floats, which
    cannot grow past ``inf``; expressions; a user ring's elements) counts as 0.

    Examples
    --------
    >>> from fractions import Fraction
    >>> log2_size(1024), log2_size(Fraction(1, 8)), log2_size(-1), log2_size(2.5)
    (10.0, 3.0, 0.0, 0.0)
    """
    if isinstance(v, int):
        p, q = abs(v), 1
    elif isinstance(v, Fraction):
        p, q = abs(v.numerator), v.denominator
    elif getattr(v, "is_Rational", False):  # a SymPy Integer or Rational
        p, q = abs(int(v.p)), int(v.q)
    else:
        return 0.0
    return (math.log2(p) if p > 1 else 0.0) + (math.log2(q) if q > 1 else 0.0)


def _refuse_past(name: str, count: int, says: Callable[[str], str]) -> None:
    """``LimitError`` when ``count`` is past the limit ``name``: ``says(count as text)``, the limit, how to raise it."""
    lim = getattr(get_limits(), name)
    if count > lim:
        raise LimitError(f"{says(count_text(count))}, more than {name}={lim}; {_raise_hint(name)}")


def check_digits(ndigits: int, what: str) -> None:
    """Refuse a decimal number written with more than ``max_digits`` digits (``what`` names it).

    Examples
    --------
    >>> check_digits(10, "the cell")
    """
    _refuse_past("max_digits", ndigits, lambda n: f"{what} has {n} digits")


def check_bits(nbits: int, what: str) -> None:
    """Refuse a number of more than ``max_bits`` bits (``what`` names where it comes from).

    Examples
    --------
    >>> check_bits(64, "the power")
    """
    _refuse_past("max_bits", nbits, lambda n: f"{what} would have {n if n.startswith('about') else 'about ' + n} bits")


def check_number_bits(nbits: int, func: str, what: str = "the number") -> None:
    """Refuse a number given to ``func`` that has more than ``max_bits`` bits.

    Examples
    --------
    >>> check_number_bits(64, "isqrt")
    """
    _refuse_past("max_bits", nbits, lambda n: f"{func}: {what} has {n} bits")


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """Internal: CPython's cyclic garbage collector paused while a bulk loop builds many objects.

    Building 10^6 Fractions triggers hundreds of collections, each walking
    every tracked object: about a third of the time of rational element-wise
    work.  The elements built are not cyclic, so nothing is lost by pausing;
    a collector paused already (by the caller, or another thread in such a
    loop) is left as it was.

    Examples
    --------
    >>> import gc
    >>> with paused_gc():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class BoundedMemo(dict):  # type: ignore[type-arg]
    """Internal: a memo of at most ``size`` entries, emptied when full; writes under a lock (threads share it).

    Reads are plain ``dict`` lookups.  Emptying all at once keeps the cost of
    a write constant and the memory bounded, which is all a memo of recent
    answers needs.

    Examples
    --------
    >>> memo = BoundedMemo(2)
    >>> memo.remember("a", 1); memo.remember("b", 2); memo.remember("c", 3)
    >>> dict(memo)
    {'c': 3}
    """

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        self.lock = threading.Lock()

    def remember(self, key: Any, value: Any) -> None:
        with self.lock:
            if len(self) >= self.size:
                self.clear()
            self[key] = value
