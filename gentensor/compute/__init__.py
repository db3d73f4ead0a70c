"""Computation on elements: element-wise arithmetic, reductions, products and einsum."""

from __future__ import annotations

# The interface of this package to the layers above it: names they use from its private modules,
# without a leading underscore (not public: not in __all__).
from ._contract import matmul_flat, matmul_flat_int
from ._engine import flat_values
from ._euclid import Euclid, gcdex as euclid_gcdex
from ._functions import conjugator
from ._packedproducts import matrix_power as packed_matrix_power, result as packed_result

__all__: list[str] = []
