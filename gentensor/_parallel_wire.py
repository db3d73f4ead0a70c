"""Shipping elements to worker processes and back without paying for re-evaluation.

Plain pickle rebuilds a SymPy ``Add``, ``Mul`` or ``Pow`` by calling its
constructor, which canonicalises the arguments all over again (``Mul.flatten``
and assumption deduction): unpickling ``expand((s + 7)**8)`` costs more than a
third of computing it, and the parent does all of that unpickling alone.  The
arguments of an object that already exists are canonical, so here those three
classes are rebuilt from their arguments without evaluation -- the same object
(equal, same hash, same ``srepr``) for a fraction of the cost.

:func:`pack` turns a list (or a list of columns) into a :class:`Packed` byte
string when it holds SymPy objects, and leaves anything else alone so the
executor's own pickler handles it; :func:`unpack` reverses it.  SymPy is never
imported here: nothing is packed unless SymPy is already loaded.
"""

from __future__ import annotations

import io
import pickle
import sys
from typing import Any, Callable, NamedTuple, Optional

__all__ = ["Packed", "pack", "unpack"]


class Packed(NamedTuple):
    """A pickled payload made by :func:`pack`."""

    blob: bytes


def rebuild_assoc(cls: Any, args: tuple[Any, ...], is_commutative: Any) -> Any:
    """An ``Add``/``Mul`` from canonical arguments, without re-canonicalising them."""
    return cls._exec_constructor_postprocessors(cls._from_args(args, is_commutative))


def rebuild_pow(cls: Any, base: Any, exp: Any) -> Any:
    """A ``Pow`` from canonical arguments, without re-evaluating it."""
    return cls(base, exp, evaluate=False)


_REDUCERS: Optional[dict[type, Callable[[Any], Any]]] = None


def _reducers() -> dict[type, Callable[[Any], Any]]:
    global _REDUCERS
    if _REDUCERS is None:
        from sympy import Add, Mul, Pow

        def assoc(obj: Any) -> Any:
            return (rebuild_assoc, (type(obj), obj.args, obj.is_commutative))

        def power(obj: Any) -> Any:
            return (rebuild_pow, (type(obj), *obj.args))

        _REDUCERS = {Add: assoc, Mul: assoc, Pow: power}
    return _REDUCERS


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        reduce = _reducers().get(type(obj))  # exact classes only: subclasses keep their own pickling
        return NotImplemented if reduce is None else reduce(obj)


def _is_sympy(probe: Any) -> bool:
    sympy = sys.modules.get("sympy")
    return sympy is not None and any(isinstance(v, sympy.Basic) for v in probe)


def pack(values: Any, probe: Any) -> Any:
    """``values`` as :class:`Packed` bytes if an element of ``probe`` is a SymPy object, else unchanged.

    ``probe`` is a few representative elements (the first of each column).
    """
    if not _is_sympy(probe):
        return values
    buf = io.BytesIO()
    try:
        _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(values)
    except Exception:
        return values  # let the executor's own pickler try (and report)
    return Packed(buf.getvalue())


def unpack(values: Any) -> Any:
    """The inverse of :func:`pack`."""
    return pickle.loads(values.blob) if type(values) is Packed else values
