"""Array building and manipulation: creation functions, views, joining and cutting tensors."""

from __future__ import annotations

__all__: list[str] = []
