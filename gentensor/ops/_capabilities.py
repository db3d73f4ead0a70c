"""What a ring is: the capabilities every algorithm chooses by.

An ops object describes its elements' algebra once, in an immutable
[`Capabilities`][gentensor.ops._capabilities.Capabilities].  Linear algebra, division, ordering, the Array API's
``isdtype`` -- every choice that depends on the ring reads these fields and
never asks *which* ops it is, so a user ring that declares the same
capabilities as a built-in gets the same algorithms.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, fields
from typing import Any
from ..errors import ArgumentTypeError, ArgumentValueError

__all__ = ["Capabilities", "KINDS", "capabilities_of", "python_semantics"]

#: The display names of the kinds of elements an ops may declare
#: (``Capabilities.kind``); no algorithm reads them (the capability fields
#: ``mask``, ``index``, ``floating``, ... answer the dtype-like questions).
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
    """The facts about an ops that algorithms choose by.

    Every choice that depends on the ring reads these fields (or a provider
    registered for the ops), never the ops' identity or its ``kind``: a user
    ring that declares what a built-in declares gets the built-in's
    algorithms, and one that declares nothing gets the generic ones, which
    are right for any ring.

    Attributes
    ----------
    kind : str
        A display name for what the elements are: one of ``"bool"``,
        ``"integer"``, ``"rational"``, ``"real floating"``, ``"complex
        floating"``, ``"symbolic"``, ``"modular"``, ``"object"``,
        ``"user"``.  No algorithm reads it; the fields below answer the
        questions it names.
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
    mask : bool
        The elements are Python ``bool``: a tensor of them is a boolean mask
        (indexing, ``where``), and their logical functions are the bitwise ones.
    index : bool
        The elements are Python ``int`` (never ``bool``): a tensor of them is
        an index array (indexing, ``take``, ``sorter=``), and the integer-only
        functions (``isqrt``, ``is_prime``, ``powmod``'s fast path) take them.
    rational : bool
        The elements are exact rational numbers as Python ``int`` or
        ``fractions.Fraction`` (so also true for the integers): the built-in
        ``sum``, ``math.log`` and bit sizes apply to them directly.
    floating : bool
        The elements are IEEE 754 double-precision numbers, Python ``float``
        or ``complex``: NumPy and LAPACK compute with them, and ``finfo``
        describes them.  Implies ``exact=False``.
    complex : bool
        Floating-point complex numbers (``complex``): conjugation is not the
        identity and absolute values live in ``ops.real_ops``.  Implies
        ``floating``.
    symbolic : bool
        The elements are SymPy expressions: SymPy's methods (``diff``,
        ``subs``, ``simplify``) apply, and their order is decided where SymPy
        can decide it (``ops.lt`` may raise ``UndecidableError``).
    residues : bool
        The elements are the Python ints ``0 <= a < characteristic`` (``Z/nZ``
        in canonical form).  Implies a characteristic of at least 2.

    The fields must agree: a field is an integral domain with exact division,
    a Euclidean domain is an integral domain with exact division, and the
    element-type fields imply what they say above.  All default to the answer
    that is right for any ring (``False``, or ``True`` for ``commutative`` and
    ``exact``), so a user ring only declares what it knows.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.integers.capabilities.euclidean, gt.modular(6).capabilities.zero_divisors
    (True, True)
    >>> caps = gt.integers.capabilities
    >>> caps.index, caps.rational, caps.mask, gt.booleans.capabilities.mask
    (True, True, False, True)
    >>> gt.complexes.capabilities.floating, gt.complexes.capabilities.complex, gt.modular(5).capabilities.residues
    (True, True, True)
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
    mask: bool = False
    index: bool = False
    rational: bool = False
    floating: bool = False
    complex: bool = False
    symbolic: bool = False
    residues: bool = False

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
        for name, needs, holds in _IMPLIES:
            if getattr(self, name) and not holds(self):
                raise ArgumentValueError(f"Capabilities: {name}=True needs {needs} (got {self!r})")

    @property
    def zero_divisors(self) -> bool:
        """True when the ring may have zero divisors (it is not an integral domain)."""
        return not self.integral_domain

    @property
    def dtype_kinds(self) -> frozenset[str]:
        """The kind names ``gt.isdtype`` matches: the Array API's kinds these capabilities meet, and ``kind``.

        The standard's kinds (``"integral"``, ``"real floating"``, ...) are
        read off the fields (``index``, ``floating``, ...) alone; gentensor's
        own names (``"rational"``, ``"symbolic"``, ``"modular"``,
        ``"object"``, ``"user"``) are the display name ``kind`` itself.

        Examples
        --------
        >>> import gentensor as gt
        >>> sorted(gt.integers.capabilities.dtype_kinds)
        ['integer', 'integral', 'numeric', 'signed integer']
        """
        names = {name for name, test in _STANDARD_KINDS.items() if test(self)}
        if self.kind not in _STANDARD_KINDS:  # a display name never claims a standard kind the fields deny
            names.add(self.kind)
        return frozenset(names)


#: What each element-type field implies: (field, what it needs, the test).
_IMPLIES = (
    ("floating", "exact=False", lambda c: not c.exact),
    ("complex", "floating=True", lambda c: c.floating),
    ("rational", "exact=True", lambda c: c.exact),
    ("index", "rational=True", lambda c: c.rational),
    ("residues", "a characteristic of at least 2", lambda c: isinstance(c.characteristic, int) and c.characteristic >= 2),
)

#: The Array API's kinds of ``isdtype``, each as a test of capabilities.
_STANDARD_KINDS = {
    "bool": lambda c: c.mask,
    "signed integer": lambda c: c.index,
    "unsigned integer": lambda c: False,  # integers are signed and unbounded
    "integral": lambda c: c.index,
    "real floating": lambda c: c.floating and not c.complex,
    "complex floating": lambda c: c.complex,
    "numeric": lambda c: c.rational or c.floating or c.residues,
}


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


#: The protocol members that may be Python's own operator, and that operator.
_PYTHON_MEMBERS = {
    "lt": operator.lt,
    "le": operator.le,
    "equal": operator.eq,
    "add": operator.add,
    "is_zero": operator.not_,
    "int_pow": operator.pow,
}


def python_semantics(ops: Any, member: str) -> bool:
    """True when ``ops.<member>`` is Python's own operator for it, so Python's built-ins answer for the ring.

    ``lt``/``le``: ``<``/``<=`` (``sorted`` without a key, ``max``, ``bisect``
    order the elements as ``ops.lt`` does); ``equal``: ``==`` (hashing groups
    equal elements); ``add``: ``+`` (the built-in ``sum``); ``is_zero``:
    ``not`` (an element's truth is being non-zero, for Python and NumPy);
    ``int_pow``: ``**``.  The ring's knowledge stays here: algorithms ask this
    question instead of comparing functions themselves.

    Examples
    --------
    >>> import gentensor as gt
    >>> python_semantics(gt.integers, "lt"), python_semantics(gt.integers, "is_zero"), python_semantics(gt.modular(5), "lt")
    (True, True, False)
    """
    python = _PYTHON_MEMBERS.get(member)
    if python is None:
        raise ArgumentValueError(f"python_semantics: unknown member {member!r}; use one of {', '.join(_PYTHON_MEMBERS)}")
    return getattr(ops, member, None) is python
