"""Element operations: the protocol, the built-in ops, inference and promotion."""

from __future__ import annotations

from ._modular import ModularOps, modular
from ._numeric import booleans, complexes, floats, integers, rationals
from ._objects import objects
from ._protocol import BaseOps, ElementOps
from ._registry import as_ops, infer_ops, is_ops, ops_for_type, register_ops, result_ops
from ._symbolic import symbolic

__all__ = [
    "ElementOps",
    "BaseOps",
    "ModularOps",
    "booleans",
    "integers",
    "rationals",
    "symbolic",
    "floats",
    "complexes",
    "objects",
    "modular",
    "register_ops",
    "result_ops",
    "as_ops",
    "infer_ops",
    "is_ops",
    "ops_for_type",
]
