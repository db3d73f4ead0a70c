"""Input and output: the file formats and their registry, the save format, NumPy and SymPy interop."""

from __future__ import annotations

# The interface of this package to the layer above (the command line): not public, not in __all__.
from ._textmatrix import read_matrix
from .formats import format_names, register_format

__all__: list[str] = []
