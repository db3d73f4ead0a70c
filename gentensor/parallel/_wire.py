"""Shipping element columns to worker processes and back without paying twice.

Process pools pay for every element twice: pickled on one side, rebuilt on
the other, and the parent does its half alone.  Two kinds of exact element
make plain pickle far dearer than it needs to be:

* ``Fraction``: unpickling calls ``Fraction(n, d)``, which recomputes
  ``gcd(n, d)`` -- as dear as the multiplication that produced the value when
  numerators are large.  A column of Fractions travels here as two lists of
  ints (pickled at C speed) and is rebuilt without the gcd: a Fraction that
  exists is already in lowest terms.
* SymPy ``Add``, ``Mul``, ``Pow``: unpickling calls the constructor, which
  canonicalises the arguments again (``Mul.flatten``, assumption deduction);
  rebuilding ``expand((s + 7)**8)`` costs a third of computing it.  The
  arguments of an existing object are canonical, so those three classes are
  rebuilt from them without evaluation -- the same object (equal, same hash,
  same ``srepr``).

`pack_column` encodes one list (a column of arguments or of results);
any other column is returned unchanged for the executor's own pickler.
`unpack_column` reverses it.  SymPy is never imported here: its columns
are recognised only when SymPy is already loaded.
"""

from __future__ import annotations

import io
import pickle
import sys
import time
from fractions import Fraction
from typing import Any, Callable, NamedTuple, Optional, Sequence

from ..ops import coprime_fraction

__all__ = ["FractionColumn", "SympyColumn", "Transfer", "pack_column", "unpack_column", "transfer_seconds"]


class FractionColumn(NamedTuple):
    """A column of Fractions as numerators and denominators."""

    numerators: list[int]
    denominators: list[int]


class SympyColumn(NamedTuple):
    """A column holding SymPy objects, pickled with the non-evaluating rebuilds."""

    blob: bytes


# ---------------------------------------------------------------- Fractions


_make_fraction = coprime_fraction
_numerator = Fraction.numerator.fget  # type: ignore[attr-defined]
_denominator = Fraction.denominator.fget  # type: ignore[attr-defined]


# ---------------------------------------------------------------- SymPy


def rebuild_assoc(cls: Any, args: tuple[Any, ...], is_commutative: Any) -> Any:
    """An ``Add``/``Mul`` from canonical arguments, without re-canonicalising them."""
    return cls._exec_constructor_postprocessors(cls._from_args(args, is_commutative))


def rebuild_pow(cls: Any, base: Any, exp: Any) -> Any:
    """A ``Pow`` from canonical arguments, without re-evaluating it."""
    return cls(base, exp, evaluate=False)


def rebuild_fraction(numerator: int, denominator: int) -> Fraction:
    """A Fraction from the numerator and denominator of an existing one (already in lowest terms)."""
    return _make_fraction(numerator, denominator)


_SYMPY_REDUCERS: Optional[dict[type, Callable[[Any], Any]]] = None


def _reducers() -> dict[type, Callable[[Any], Any]]:
    global _SYMPY_REDUCERS
    if _SYMPY_REDUCERS is None:
        from sympy import Add, Mul, Pow

        def assoc(obj: Any) -> Any:
            return (rebuild_assoc, (type(obj), obj.args, obj.is_commutative))

        def power(obj: Any) -> Any:
            return (rebuild_pow, (type(obj), *obj.args))

        def fraction(obj: Fraction) -> Any:
            return (rebuild_fraction, (obj.numerator, obj.denominator))

        _SYMPY_REDUCERS = {Add: assoc, Mul: assoc, Pow: power, Fraction: fraction}
    return _SYMPY_REDUCERS


class _Pickler(pickle.Pickler):
    """Pickle with the fast rebuilds; exact classes only (subclasses keep their own pickling)."""

    def reducer_override(self, obj: Any) -> Any:
        reduce = _reducers().get(type(obj))
        return NotImplemented if reduce is None else reduce(obj)


# ---------------------------------------------------------------- columns


def pack_column(values: Sequence[Any]) -> Any:
    """``values`` encoded for the trip to another process (see the module docstring), or unchanged."""
    if not values:
        return values
    first = values[0]
    if type(first) is Fraction and set(map(type, values)) == {Fraction}:
        return FractionColumn(list(map(_numerator, values)), list(map(_denominator, values)))
    sympy = sys.modules.get("sympy")
    if sympy is not None and isinstance(first, sympy.Basic):
        buf = io.BytesIO()
        try:
            _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(values)
        except Exception:
            return values  # let the executor's own pickler try (and report)
        return SympyColumn(buf.getvalue())
    return values


def unpack_column(column: Any) -> Any:
    """The list that `pack_column` encoded."""
    kind = type(column)
    if kind is FractionColumn:
        return list(map(_make_fraction, column.numerators, column.denominators))
    if kind is SympyColumn:
        return pickle.loads(column.blob)
    return column


class Transfer(NamedTuple):
    """Seconds per element to ship arguments out and results back, split by who pays."""

    parent: float  # encode + pickle the arguments, unpickle + decode the result
    worker: float  # unpickle + decode the arguments, encode + pickle the result


def transfer_seconds(args: Sequence[Sequence[Any]], results: Sequence[Any]) -> Optional[Transfer]:
    """Measure `Transfer` on a sample (None: the elements cannot be pickled).

    ``args`` holds a few elements of each column and ``results`` their results.
    """
    m = len(results)
    if m == 0:
        return None
    try:
        sides = [0.0, 0.0]
        for column, sender in [*((c, 0) for c in args), (results, 1)]:
            t0 = time.perf_counter()
            blob = pickle.dumps(pack_column(column), protocol=pickle.HIGHEST_PROTOCOL)
            t1 = time.perf_counter()
            unpack_column(pickle.loads(blob))
            t2 = time.perf_counter()
            sides[sender] += t1 - t0
            sides[1 - sender] += t2 - t1
        return Transfer(sides[0] / m, sides[1] / m)
    except Exception:
        return None
