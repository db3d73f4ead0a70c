"""How ``Tensor`` reaches the code above it: one table, filled once by the public namespace.

Imports point down: the layers above the tensor (operands, array building,
element-wise arithmetic, reductions, products, linear algebra, files,
display) import `gentensor.core.tensor`, never the other way round.  Yet
``x + y``, ``x.sum()``, ``x.det()`` and ``repr(x)`` are Tensor methods.  They
call through `upper`, a table of those modules that
``gentensor/__init__.py`` fills with `connect` right after importing
them::

    def sum(self, ...):
        return upper.reductions.sum(self, ...)

This is the only way the core reaches upward; ``tests/test_architecture.py``
fails on any other upward import.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..errors import ArgumentValueError

__all__ = ["upper", "connect", "LAYERS"]

#: The modules a Tensor method may reach, by the name it uses.
LAYERS = (
    "operands",
    "creation",
    "manipulation",
    "elementwise",
    "calculus",
    "reductions",
    "products",
    "linalg",
    "interop",
    "display",
    "rich",
    "bitwise",
    "statistics",
    "searching",
    "sorting",
    "numpy",
    "namespace",
)


class _Upper:
    """The table of modules above the tensor; attributes are set by `connect`."""

    __slots__ = LAYERS

    operands: ModuleType
    creation: ModuleType
    manipulation: ModuleType
    elementwise: ModuleType
    calculus: ModuleType
    reductions: ModuleType
    products: ModuleType
    linalg: ModuleType
    interop: ModuleType
    display: ModuleType
    rich: ModuleType
    bitwise: ModuleType
    statistics: ModuleType
    searching: ModuleType
    sorting: ModuleType
    numpy: ModuleType
    namespace: ModuleType

    def __getattr__(self, name: str) -> Any:  # only reached for a slot not yet set
        if name not in LAYERS:
            raise AttributeError(name)
        raise RuntimeError(
            f"gentensor: the {name!r} layer is not connected yet; import gentensor (the package) "
            "before using tensors"
        )


upper = _Upper()


def connect(**modules: ModuleType) -> None:
    """Register the modules above the tensor (called once, by ``gentensor/__init__.py``).

    Examples
    --------
    >>> from gentensor.core.layers import upper
    >>> upper.reductions.__name__
    'gentensor.compute.reductions'
    """
    for name, module in modules.items():
        if name not in LAYERS:
            raise ArgumentValueError(f"connect: unknown layer {name!r}; the layers are {', '.join(LAYERS)}")
        setattr(upper, name, module)
