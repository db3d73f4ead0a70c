"""Input and output: the save format, matrix files for the command line, NumPy and SymPy interop."""

from __future__ import annotations

__all__: list[str] = []
