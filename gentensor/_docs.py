"""Numpydoc sections shared by a family of functions, written once.

Functions of one family (the SymPy conveniences, the properties of a matrix,
the NumPy-named views...) often return and raise the same things.  Their
shared sections are written once with `section` and placed into each
function's own docstring by `sections`, in front of its ``Examples``; the
summary, the parameters and the examples stay in the function's source.

The docstring is complete at import time (``help()``, doctest and
``inspect`` see it).  Griffe reads source, not objects: the API pages take
the docstring of a function so marked from the object
(``docs/_hooks/table_functions.py``, by the attribute `MARK`).

Examples
--------
>>> RETURNS = section("Returns", ("Tensor", "A new tensor of the shape of ``x``."))
>>> @sections(RETURNS)
... def twice(x):
...     '''``x + x``.
...
...     Examples
...     --------
...     >>> twice(2)
...     4
...     '''
...     return x + x
>>> print(twice.__doc__)
``x + x``.
<BLANKLINE>
Returns
-------
Tensor
    A new tensor of the shape of ``x``.
<BLANKLINE>
Examples
--------
>>> twice(2)
4
<BLANKLINE>
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, TypeVar

__all__ = ["MARK", "section", "sections"]

F = TypeVar("F", bound=Callable[..., Any])

#: The attribute set on a function whose docstring `sections` completed.
MARK = "__doc_sections__"

_EXAMPLES = "\nExamples\n--------\n"


def section(title: str, *entries: tuple[str, str]) -> str:
    """A numpydoc section: ``title``, its underline, and one ``(head, text)`` entry per item.

    ``text`` may hold several lines; each is indented under its head.

    Examples
    --------
    >>> print(section("Raises", ("ShapeError", "``x.ndim < 2``.")))
    Raises
    ------
    ShapeError
        ``x.ndim < 2``.
    """
    lines = [title, "-" * len(title)]
    for head, text in entries:
        lines.append(head)
        lines += [f"    {line}" for line in text.splitlines()]
    return "\n".join(lines)


def sections(*parts: str) -> Callable[[F], F]:
    """Decorator: put the shared sections ``parts`` into the function's docstring, before its ``Examples``.

    Raises ``RuntimeError`` at import when the docstring has no
    ``Examples`` section (every public function has one).

    Examples
    --------
    >>> @sections(section("Returns", ("int", "The answer.")))
    ... def answer():
    ...     '''The answer.
    ...
    ...     Examples
    ...     --------
    ...     >>> answer()
    ...     42
    ...     '''
    ...     return 42
    >>> "Returns\\n-------\\nint" in answer.__doc__
    True
    """

    def apply(f: F) -> F:
        doc = inspect.cleandoc(f.__doc__ or "")
        head, found, examples = doc.partition(_EXAMPLES)
        if not found:
            raise RuntimeError(f"sections: {f.__module__}.{f.__qualname__} has no Examples section")
        f.__doc__ = "\n\n".join([head.rstrip(), *parts, _EXAMPLES.strip() + "\n" + examples]) + "\n"
        setattr(f, MARK, parts)
        return f

    return apply
