"""What a ring is: the capabilities every algorithm chooses by.

An ops object describes its elements' algebra once, in an immutable
[`Capabilities`][gentensor.ops._capabilities.Capabilities].  Linear algebra, division, ordering, the Array API's
``isdtype`` -- every choice that depends on the ring reads these fields and
never asks *which* ops it is, so a user ring that declares the same
capabilities as a built-in gets the same algorithms.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any
from ..errors import ArgumentTypeError, ArgumentValueError

__all__ = ["Capabilities", "KINDS", "capabilities_of"]

#: The kinds of elements an ops may declare (``Capabilities.kind``); they answer
#: dtype-like questions (is this a mask? an integer index? a float?), never
#: algorithmic ones.
KINDS = (
    "bool",
    "integer",
    "rational",
    "real floating",
    "complex floating",
    "symbolic",
    "modular",
    "object",
    "user",
)


@dataclass(frozen=True)
class Capabilities:
    """The algebraic facts about an ops that algorithms choose by.

    Attributes
    ----------
    kind : str
        What the elements are, in dtype terms: one of ``"bool"``,
        ``"integer"`` (Python ints, usable as indices), ``"rational"``,
        ``"real floating"``, ``"complex floating"``, ``"symbolic"``,
        ``"modular"``, ``"object"``, ``"user"``.
    commutative : bool
        ``a*b == b*a``.  Determinants and elimination need it.
    exact : bool
        Arithmetic and equality are exact (not floating point).
    integral_domain : bool
        No zero divisors: ``a*b == 0`` only when ``a == 0`` or ``b == 0``.
        Fraction-free (Bareiss) elimination needs it.
    field : bool
        Every non-zero element has an inverse (``ops.div``).
    exact_division : bool
        ``ops.exquo(a, b)`` returns ``q`` with ``a == b*q`` whenever one exists.
    euclidean : bool
        ``ops.divmod`` (and hence ``ops.gcd``) exist: a Euclidean domain.
        Hermite/Smith forms and Bézout coefficients need it.
    ordered : bool
        ``ops.lt`` / ``ops.le`` give a total order compatible with ``+``
        (sorting, ``min``/``max``, ``sign``).
    characteristic : int or None
        The characteristic (``0`` for the integers, ``n`` for ``Z/nZ``);
        ``None`` when unknown.

    The fields must agree: a field is an integral domain with exact division,
    a Euclidean domain is an integral domain with exact division.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.integers.capabilities.euclidean, gt.modular(6).capabilities.zero_divisors
    (True, True)
    >>> gt.Capabilities(field=True)
    Traceback (most recent call last):
    ...
    gentensor.errors.ArgumentValueError: Capabilities: a field is an integral domain with exact division (got field=True with integral_domain=False, exact_division=False); set all three
    """

    kind: str = "user"
    commutative: bool = True
    exact: bool = True
    integral_domain: bool = False
    field: bool = False
    exact_division: bool = False
    euclidean: bool = False
    ordered: bool = False
    characteristic: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ArgumentValueError(f"Capabilities: unknown kind {self.kind!r}; use one of {', '.join(KINDS)}")
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "bool" and not isinstance(value, bool):
                raise ArgumentTypeError(f"Capabilities: {f.name} must be a bool (got {value!r})")
        if self.field and not (self.integral_domain and self.exact_division):
            raise ArgumentValueError(
                "Capabilities: a field is an integral domain with exact division (got field=True with "
                f"integral_domain={self.integral_domain}, exact_division={self.exact_division}); set all three"
            )
        if self.euclidean and not (self.integral_domain and self.exact_division):
            raise ArgumentValueError(
                "Capabilities: a Euclidean domain is an integral domain with exact division (got euclidean=True "
                f"with integral_domain={self.integral_domain}, exact_division={self.exact_division}); set all three"
            )
        c = self.characteristic
        if c is not None and (isinstance(c, bool) or not isinstance(c, int) or c < 0):
            raise ArgumentValueError(f"Capabilities: characteristic must be a non-negative int or None (got {c!r})")

    @property
    def zero_divisors(self) -> bool:
        """True when the ring may have zero divisors (it is not an integral domain)."""
        return not self.integral_domain


def capabilities_of(ops: Any) -> Capabilities:
    """The capabilities of ``ops``: its own ``capabilities``, or ones read off its flags.

    An ops that does not declare ``capabilities`` is described by its flags
    (``is_commutative``, ``is_exact``, ``is_field``, ``has_exquo``,
    ``is_ordered``), reading exact division as "an integral domain with exact
    division", as the protocol promises.

    Examples
    --------
    >>> import gentensor as gt
    >>> capabilities_of(gt.rationals).field
    True
    """
    caps = getattr(ops, "capabilities", None)
    if isinstance(caps, Capabilities):
        return caps
    return capabilities_from_flags(ops)


def capabilities_from_flags(ops: Any) -> Capabilities:
    """Capabilities read off the protocol's flags (for ops that declare none)."""
    field = bool(getattr(ops, "is_field", False))
    exquo = bool(getattr(ops, "has_exquo", False)) or field
    return Capabilities(
        kind="user",
        commutative=bool(getattr(ops, "is_commutative", True)),
        exact=bool(getattr(ops, "is_exact", True)),
        integral_domain=exquo,
        field=field,
        exact_division=exquo,
        ordered=bool(getattr(ops, "is_ordered", False)),
        characteristic=None,
    )
