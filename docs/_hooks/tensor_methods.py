"""Griffe extension: the API page of the tensor shows the methods made from gentensor's table of Tensor methods.

Every method of ``gentensor.Tensor`` served by a layer above the core is a
delegate made at import time from the rows of ``gentensor/_methods.py``;
the class's source (``gentensor/core/methods.py``) only declares them, with
types and no docstring, for type checkers.  Griffe reads that source, so the
page has their signatures; this extension gives each the docstring of the
method Python has (``_methods.api_docstring``: the public function's, with
the line that says how the method calls it, and the method's own
parameters).  Everything else on the page stays static analysis.
"""

from __future__ import annotations

from typing import Any

import griffe


class TensorMethods(griffe.Extension):
    """Docstrings for the declared methods of ``TensorMethods``, from the delegates the table makes."""

    def on_class_members(self, *, cls: griffe.Class, agent: Any, **kwargs: Any) -> None:
        if cls.path != "gentensor.core.methods.TensorMethods":
            return
        from gentensor import _methods

        for name in _methods.method_names():
            member = cls.members.get(name)
            if member is None or member.is_alias:
                continue
            member.docstring = griffe.Docstring(
                _methods.api_docstring(name),
                lineno=member.lineno,
                parent=member,
                parser=agent.docstring_parser,
                parser_options=agent.docstring_options,
            )
