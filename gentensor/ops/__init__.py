"""Element operations: what a ring is and everything that depends on it.

The protocol ([`ElementOps`][gentensor.ops._protocol.ElementOps]) and its helper base ([`BaseOps`][gentensor.ops._protocol.BaseOps]), the
built-in ops, the capabilities algorithms choose by ([`Capabilities`][gentensor.ops._capabilities.Capabilities]),
the kernel-provider registry ([`register_provider`][gentensor.ops._providers.register_provider]), how elements are
written to files and read from text (``to_json``/``from_json``/``parse``), and
type inference and promotion ([`result_ops`][gentensor.ops._registry.result_ops]).  Nothing here knows about
tensors.
"""

from __future__ import annotations

from ._capabilities import KINDS, Capabilities, capabilities_of, python_semantics
from ._modular import modular
from ._numeric import booleans, complexes, floats, integers, rationals
from ._objects import objects
from ._packing import Packing, packing_of
from ._polynomial import polynomials
from ._parse import parse_cell
from ._protocol import BaseOps, ElementOps, OpsSpec, defines, require
from ._providers import Provider, provider, provider_info, register_provider, unregister_provider
from ._registry import (
    as_ops,
    canonical_ops,
    infer_ops,
    is_ops,
    known_ops_for_type,
    ops_for_type,
    ops_from_spec,
    register_ops,
    registered_ops,
    result_ops,
)
from ._symbolic import symbolic
from ._zerotest import undecided, zero_test, ZeroTest

# The interface of this package to the other layers of gentensor: names they use from its private
# modules, without a leading underscore (not public: not in __all__, not in the documentation).
from ._algebraic_tools import enclose_algebraic
from ._budget import OutOfTime, bounded, within
from ._magnitude import too_costly
from ._show import short_repr, short_str
from ._codec import _Bad as CodecError, _show as show_value
from ._elementary import TRANSCENDENTAL
from ._interval import _negative as interval_negative, _positive as interval_positive
from ._modular import is_prime
from ._numeric import coprime_fraction
from ._protocol import repeated_squaring
from ._registry import convert_values
from ._numberfield import NumberField, OutsideField, cached_field, generators
from ._packing import Bounds
from ._parse import checked_int, exact_decimal, short_ints
from ._polynomial import as_euclidean
from ._zerotest import integer_value
from ._zerotools import NONZERO, UNKNOWN, ZERO, Walk, _degree_bound as degree_bound, _expansion_terms as expansion_terms

__all__ = [
    "ElementOps",
    "OpsSpec",
    "BaseOps",
    "Capabilities",
    "KINDS",
    "capabilities_of",
    "python_semantics",
    "defines",
    "require",
    "booleans",
    "integers",
    "rationals",
    "symbolic",
    "floats",
    "complexes",
    "objects",
    "modular",
    "Packing",
    "packing_of",
    "polynomials",
    "register_ops",
    "result_ops",
    "as_ops",
    "infer_ops",
    "is_ops",
    "ops_for_type",
    "known_ops_for_type",
    "registered_ops",
    "ops_from_spec",
    "canonical_ops",
    "parse_cell",
    "Provider",
    "register_provider",
    "unregister_provider",
    "provider",
    "provider_info",
    "ZeroTest",
    "zero_test",
    "undecided",
]
