"""The core layer: strided layouts, the hot loops, indexing, the Tensor and its operands.

Everything above (array building, element-wise work, products, linear
algebra, files, display) builds on these modules; they import only
`gentensor.ops` and [`gentensor.errors`][gentensor.errors].  See ``docs/architecture.md``.
"""

from __future__ import annotations

__all__: list[str] = []
