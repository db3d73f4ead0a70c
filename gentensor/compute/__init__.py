"""Computation on elements: element-wise arithmetic, reductions, products and einsum."""

from __future__ import annotations

__all__: list[str] = []
