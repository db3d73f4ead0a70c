"""The public namespace as a value, for the top layer's modules that look its functions up by name.

NumPy's dispatch (`gentensor._numpy_protocol`, `gentensor._numpy_adapters`)
finds gentensor's function for a NumPy name at call time, and
``x.__array_namespace__()`` returns the namespace itself.  Those modules sit
beside ``gentensor/__init__.py`` (the top layer) and cannot import it, so
``gentensor/__init__.py`` hands itself over once, with `connect`, after its
names are bound.  Only the top layer reads `module`; every function it finds
there is defined below it.

Examples
--------
>>> import gentensor as gt
>>> from gentensor import _namespace
>>> _namespace.module is gt
True
"""

from __future__ import annotations

from types import ModuleType

__all__ = ["module", "connect"]

#: The ``gentensor`` module, once `connect` has run (at the end of ``import gentensor``).
module: ModuleType


def connect(namespace: ModuleType) -> None:
    """Record the public namespace (called once, by ``gentensor/__init__.py``).

    Examples
    --------
    >>> import gentensor as gt
    >>> from gentensor import _namespace
    >>> _namespace.connect(gt); _namespace.module.__name__
    'gentensor'
    """
    global module
    module = namespace
