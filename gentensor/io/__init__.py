"""Input and output: the file formats and their registry, the save format, NumPy and SymPy interop."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._docs import public_dir as _public_dir

if TYPE_CHECKING:
    from ._textmatrix import read_matrix
    from ._files import read_stream
    from .formats import format_names, register_format

__all__: list[str] = []
__dir__ = _public_dir(globals())  # the public names, not the imports this module is built from

#: The interface of this package to the layer above (the command line): not public, not in __all__.
#: The formats are imported on first use, so ``import gentensor`` does not pay for them.
_INTERFACE = ("read_matrix", "format_names", "register_format", "read_stream")


def __getattr__(name: str) -> Any:
    if name == "read_stream":
        from ._files import read_stream

        return read_stream
    if name in _INTERFACE:
        from . import _textmatrix, formats  # _textmatrix registers the built-in formats

        return getattr(_textmatrix if name == "read_matrix" else formats, name)
    raise AttributeError(f"module 'gentensor.io' has no attribute {name!r}")
