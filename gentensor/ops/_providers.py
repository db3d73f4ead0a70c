"""Kernel providers: fast implementations of an operation for one ops, found through one registry.

An algorithm is chosen by capabilities (Bareiss for an integral domain with
exact division, Gauss for a field, ...); a *provider* is a faster kernel of an
operation for one particular ops -- the integer Bareiss loop written on Python
ints, FLINT's ``fmpz_mat``, elimination mod p on raw ints, SymPy's polynomial
rings for symbolic matrices.  Providers are registered per ops
([`register_provider`][gentensor.ops._providers.register_provider]) or per *family* of ops that share a representation
(the ``modular(n)`` ops name the family ``"modular"`` in ``ops.kernel_family``;
their kernels read ``ops.n``), and looked up with [`provider`][gentensor.ops._providers.provider].

A provider may return ``NotImplemented`` to decline an input (for example a
symbolic matrix that SymPy's domains cannot hold); the caller then runs the
generic algorithm.  The calling conventions of each operation are listed in
``docs/architecture.md``.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ..errors import ArgumentTypeError

__all__ = ["Provider", "register_provider", "provider", "provider_info", "unregister_provider"]


class Provider(NamedTuple):
    """A registered kernel: the function, the algorithm it runs, and a one-line description.

    Examples
    --------
    >>> import gentensor as gt
    >>> info = gt.provider_info(gt.integers, "det")
    >>> info.algorithm
    'bareiss'
    """

    function: Callable[..., Any]
    algorithm: str
    description: str


# id(ops) -> (ops, {operation: Provider}); the ops is kept so its id stays unique.
_BY_OPS: dict[int, tuple[Any, dict[str, Provider]]] = {}
_BY_FAMILY: dict[str, dict[str, Provider]] = {}
# (id(ops), operation) -> (ops, the answer): lookups are on the path of every matrix of a stack.
_FOUND: dict[tuple[int, str], tuple[Any, Provider | None]] = {}


def _check_operation(operation: Any, func: str) -> str:
    if not isinstance(operation, str) or not operation:
        raise ArgumentTypeError(f"{func}: the operation must be a non-empty string such as 'det' (got {operation!r})")
    return operation


def register_provider(
    ops: Any,
    operation: str,
    function: Callable[..., Any],
    /,
    *,
    algorithm: str = "provider",
    description: str = "",
) -> None:
    """Make ``function`` the kernel of ``operation`` for ``ops`` (or for a family of ops).

    Parameters
    ----------
    ops : ops object or str
        The ops whose tensors use the kernel, or a family name that ops
        declare in ``ops.kernel_family`` (``"modular"`` for ``gt.modular(n)``).
    operation : str
        What the kernel computes, e.g. ``"det"``, ``"inv"``, ``"solve"``,
        ``"rank"``, ``"rref"``, ``"charpoly"``, or ``"det.bareiss"`` for one
        method.  The calling conventions are listed in
        ``docs/architecture.md``; linear-algebra kernels receive the rows of
        one matrix (a fresh ``list`` of ``list``\\ s they may consume) and the ops.
    function : callable
        The kernel.  It may return ``NotImplemented`` to decline an input.
    algorithm : str
        The name of the algorithm it runs (shown by ``gt.linalg.explain``).
    description : str
        One line for people reading ``explain``.

    Raises
    ------
    ArgumentTypeError
        ``function`` is not callable, or ``operation`` is not a string.

    Examples
    --------
    >>> import gentensor as gt
    >>> calls = []
    >>> class Mod5(gt.BaseOps):
    ...     name = "mod5"
    ...     is_field = True
    ...     def convert(self, v): return int(v) % 5
    ...     def add(self, a, b): return (a + b) % 5
    ...     def mul(self, a, b): return a * b % 5
    ...     def neg(self, a): return -a % 5
    ...     def equal(self, a, b): return a == b
    ...     def div(self, a, b): return a * pow(b, -1, 5) % 5
    >>> ops = Mod5()
    >>> def det_2x2(rows, ops):
    ...     calls.append(len(rows))
    ...     if len(rows) != 2:
    ...         return NotImplemented          # the generic algorithm takes over
    ...     (a, b), (c, d) = rows
    ...     return (a * d - b * c) % 5
    >>> gt.register_provider(ops, "det", det_2x2, algorithm="formula")
    >>> gt.linalg.det(gt.tensor([[1, 2], [3, 4]], ops=ops)), calls
    (3, [2])
    """
    _check_operation(operation, "register_provider")
    if not callable(function):
        raise ArgumentTypeError(f"register_provider: the kernel must be callable (got {function!r})")
    record = Provider(function, str(algorithm), str(description))
    _FOUND.clear()
    if isinstance(ops, str):
        _BY_FAMILY.setdefault(ops, {})[operation] = record
        return
    entry = _BY_OPS.setdefault(id(ops), (ops, {}))
    entry[1][operation] = record


def unregister_provider(ops: Any, operation: str, /) -> None:
    """Remove a kernel registered with [`register_provider`][gentensor.ops._providers.register_provider] (nothing happens when there is none).

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.ops.unregister_provider("no such family", "det")
    """
    _check_operation(operation, "unregister_provider")
    _FOUND.clear()
    if isinstance(ops, str):
        _BY_FAMILY.get(ops, {}).pop(operation, None)
    else:
        entry = _BY_OPS.get(id(ops))
        if entry is not None:
            entry[1].pop(operation, None)


def provider_info(ops: Any, operation: str, /) -> Provider | None:
    """The `Provider` record of ``operation`` for ``ops``, or ``None``.

    Registrations for the ops itself come first, then its family's.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.provider_info(gt.modular(7), "det").algorithm, gt.provider_info(gt.floats, "det") is None
    ('gauss', True)
    """
    try:
        cached = _FOUND.get((id(ops), operation))
    except TypeError:  # an unhashable operation: not a name
        cached = None
    if cached is not None and cached[0] is ops:
        return cached[1]
    if not isinstance(operation, str):
        raise ArgumentTypeError(
            f"provider: the operation must be a string such as 'det' or 'matmul' (got {operation!r} of type "
            f"{type(operation).__name__})"
        )
    found = _lookup(ops, operation)
    _FOUND[(id(ops), operation)] = (ops, found)
    return found


def _lookup(ops: Any, operation: str) -> Provider | None:
    entry = _BY_OPS.get(id(ops))
    if entry is not None and entry[0] is ops:
        found = entry[1].get(operation)
        if found is not None:
            return found
    family = getattr(ops, "kernel_family", None)
    if family is not None:
        return _BY_FAMILY.get(family, {}).get(operation)
    return None


def provider(ops: Any, operation: str, /) -> Callable[..., Any] | None:
    """The kernel registered for ``operation`` on ``ops``, or ``None`` (then the generic algorithm runs).

    Examples
    --------
    >>> import gentensor as gt
    >>> callable(gt.provider(gt.integers, "det")), gt.provider(gt.objects, "det")
    (True, None)
    """
    found = provider_info(ops, operation)
    return None if found is None else found.function
