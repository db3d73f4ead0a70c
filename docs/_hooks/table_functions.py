"""Griffe extension: the API pages show the element-wise functions made from gentensor's table as Python sees them.

The element-wise functions are made from the rows of
``gentensor/compute/_table.py`` (``sqrt: Unary[Any] = function("sqrt")`` in ``compute/_maker.py``, imported by
their public modules), and the ones with a body of their own take their
docstrings from their rows (``@documented``).  Griffe reads source, where the
first are imports of attributes and the second have no docstring; this extension asks gentensor which members of
a module are made from the table (``_maker.api_docstring``) and gives each
the signature and docstring of the object Python has, at the line of its
binding (so ``members_order: source`` keeps the order of the module).
Everything else on the pages stays static analysis.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from typing import Any

import griffe


class TableFunctions(griffe.Extension):
    """Members made from gentensor's table of element-wise functions, documented from the objects themselves."""

    def on_module_members(self, *, mod: griffe.Module, agent: Any, **kwargs: Any) -> None:
        if not mod.path.startswith("gentensor.compute."):
            return
        from gentensor.compute import _maker

        runtime = importlib.import_module(mod.path)
        for name, member in list(mod.members.items()):
            obj = getattr(runtime, name, None)
            doc = _maker.api_docstring(mod.path, name, obj)
            if doc is None:
                continue
            # The line of the binding (an import of a made function is an alias in griffe's eyes).
            if member.is_alias:
                lineno, endlineno = member.alias_lineno, member.alias_endlineno
            else:
                lineno, endlineno = member.lineno, member.endlineno
            function = _function(name, obj, mod, lineno, endlineno)
            mod.set_member(name, function)
            function.docstring = griffe.Docstring(
                doc,
                lineno=lineno,
                parent=function,
                parser=agent.docstring_parser,
                parser_options=agent.docstring_options,
            )


def _annotation(text: Any, mod: griffe.Module) -> Any:
    if text is inspect.Parameter.empty:
        return None
    return griffe.safe_get_annotation(ast.parse(str(text), mode="eval").body, parent=mod)


def _function(name: str, obj: Any, mod: griffe.Module, lineno: int | None, endlineno: int | None) -> griffe.Function:
    """A griffe function with ``obj``'s runtime signature under ``name``."""
    signature = inspect.signature(obj)
    parameters = griffe.Parameters(
        *(
            griffe.Parameter(
                p.name,
                annotation=_annotation(p.annotation, mod),
                kind=griffe.ParameterKind(p.kind.description),
                default=None if p.default is p.empty else repr(p.default),
            )
            for p in signature.parameters.values()
        )
    )
    return griffe.Function(
        name,
        lineno=lineno,
        endlineno=endlineno,
        parameters=parameters,
        returns=_annotation(signature.return_annotation, mod),
    )
