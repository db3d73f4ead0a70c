"""``gt.objects``: duck-typed elements, whatever supports Python's operators.

Capabilities are unknown, so the flags are conservative (not a field, no exact
division, not exact); everything else is delegated to the objects' own
operators.  It absorbs every other ops in promotion.
"""
# mypy: disable-error-code="assignment"
# (members that are operator functions replace BaseOps methods: same call, no binding)

from __future__ import annotations

import operator
from typing import Any, Iterable

from ._capabilities import Capabilities
from ._codec import decode_object, encode_object
from ._parse import parse_cell
from ._protocol import BaseOps

__all__ = ["objects", "ObjectOps"]


class ObjectOps(BaseOps):
    """Ops for arbitrary Python objects through their operators.

    Examples
    --------
    >>> import gentensor as gt
    >>> gt.objects.add("ab", "cd"), gt.objects.mul([0], 2)
    ('abcd', [0, 0])
    """

    name = "objects"
    zero = 0
    one = 1
    capabilities = Capabilities(kind="object", exact=False, ordered=True)
    returns_bool = True
    power = staticmethod(operator.pow)
    int_pow = staticmethod(operator.pow)

    @staticmethod
    def round(a: Any, ndigits: int = 0) -> Any:
        return round(a, ndigits)
    add = staticmethod(operator.add)
    sub = staticmethod(operator.sub)
    mul = staticmethod(operator.mul)
    neg = staticmethod(operator.neg)
    div = staticmethod(operator.truediv)
    floordiv = staticmethod(operator.floordiv)
    mod = staticmethod(operator.mod)
    abs = staticmethod(operator.abs)
    lt = staticmethod(operator.lt)
    le = staticmethod(operator.le)

    def convert(self, value: Any) -> Any:
        return value

    def convert_list(self, values: Iterable[Any]) -> list[Any]:
        return list(values)

    def equal(self, a: Any, b: Any) -> bool:
        return bool(a == b)

    def is_zero(self, a: Any) -> bool:
        return bool(a == 0)

    def sum(self, values: Iterable[Any]) -> Any:
        return sum(values, self.zero)

    def pow(self, a: Any, k: int) -> Any:
        return a**k

    def parse(self, text: str) -> Any:
        """The number or expression spelled by ``text``."""
        return parse_cell(text)

    to_json = staticmethod(encode_object)

    def from_json(self, value: Any) -> Any:
        return decode_object(value, "")

    def spec(self) -> dict[str, Any]:
        return {"builtin": "objects"}

    def absorbs(self, other: Any) -> bool:
        return True

    def __reduce__(self) -> str:
        return "objects"


objects = ObjectOps()
"""``gt.objects``: any Python objects, through their own operators (capabilities unknown: not exact, not a field)."""
