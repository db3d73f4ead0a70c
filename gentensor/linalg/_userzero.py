"""A caller's own zero test for elimination, where the sound one cannot decide (SymPy's ``iszerofunc=``).

The symbolic zero test answers zero, non-zero or unknown, and elimination
raises [`UndecidableError`][gentensor.errors.UndecidableError] on an unknown pivot rather than guess.  A caller
who knows more about their expressions (their symbols' ranges, a physical
fact) passes ``iszerofunc=f`` to ``det``, ``inv``, ``solve``, ``rank``,
``rref``, ``nullspace`` or ``lu``: the sound test still runs first, and only
for an element it cannot decide is ``f(element)`` asked -- ``True`` (zero),
``False`` (non-zero) or ``None`` (also unknown: the ``UndecidableError``
stays).  The answer is then only as right as ``f``: that is the caller's
responsibility.  The elimination runs through the generic kernels (SymPy's
domains have their own zero tests), on `UserZeroOps`.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from ..errors import ArgumentTypeError
from ..ops import BaseOps, Capabilities, ElementOps, capabilities_of, undecided
from ..ops._zerotools import NONZERO, UNKNOWN, ZERO, ZeroTest

__all__ = ["UserZeroOps", "with_iszerofunc"]


class UserZeroOps(BaseOps):
    """The ops of ``inner`` whose undecided zero tests ask ``iszerofunc``.

    Uses ``inner.zero_test`` and the arithmetic of ``inner``.
    """

    def __init__(self, inner: Any, iszerofunc: Callable[[Any], Optional[bool]]) -> None:
        self.inner = inner
        self.iszerofunc = iszerofunc
        self.name = inner.name
        self.zero, self.one = inner.zero, inner.one
        self._caps = capabilities_of(inner)
        for member in ("convert", "add", "sub", "mul", "neg", "sum", "prod", "format", "latex"):
            setattr(self, member, getattr(inner, member))

    @property
    def capabilities(self) -> Capabilities:  # type: ignore[override]
        return self._caps

    def zero_test(self, a: Any) -> ZeroTest:
        found: ZeroTest = self.inner.zero_test(a)
        if found.verdict != UNKNOWN:
            return found
        answer = self.iszerofunc(a)
        if answer is None:
            return found
        return ZeroTest(ZERO if answer else NONZERO, "iszerofunc")

    def is_zero(self, a: Any) -> bool:
        found = self.zero_test(a)
        if found.verdict == UNKNOWN:
            return undecided(a, "iszerofunc", found)
        return found.verdict == ZERO

    def equal(self, a: Any, b: Any) -> bool:
        return bool(a == b) or self.is_zero(self.inner.sub(a, b))

    def div(self, a: Any, b: Any) -> Any:
        if self.is_zero(b):
            raise ZeroDivisionError(f"{self.name}.div: division by an element that is zero (got {b})")
        quotient = a / b
        cancel = getattr(quotient, "cancel", None)  # SymPy: one reduced fraction over the generators
        return cancel() if cancel is not None else quotient

    exquo = div


def with_iszerofunc(ops: ElementOps, iszerofunc: Any, func: str) -> Optional[UserZeroOps]:
    """`UserZeroOps` over ``ops`` when ``iszerofunc`` is given and ``ops`` can be undecided, else ``None``.

    Raises
    ------
    ArgumentTypeError
        ``iszerofunc`` is not callable.

    Examples
    --------
    >>> import gentensor as gt
    >>> with_iszerofunc(gt.integers, lambda e: None, "rank") is None
    True
    """
    if iszerofunc is None:
        return None
    if not callable(iszerofunc):
        raise ArgumentTypeError(f"{func}: iszerofunc must be callable, returning True, False or None (got {iszerofunc!r})")
    if getattr(ops, "zero_test", None) is None:
        return None  # every zero test of this ring is decided: the function is never needed
    return UserZeroOps(ops, iszerofunc)
