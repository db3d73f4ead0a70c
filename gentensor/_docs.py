"""Numpydoc sections shared by a family of functions, written once.

Functions of one family (the SymPy conveniences, the properties of a matrix,
the NumPy-named views...) often return and raise the same things.  Their
shared sections are written once with `section` and placed into each
function's own docstring by `sections`, where numpydoc has them; the
summary, the examples and what is the function's own stay in its source.

The docstring is complete at import time (``help()``, doctest and
``inspect`` see it).  Griffe reads source, not objects: the API pages take
the docstring of a function so marked from the object
(``docs/_hooks/table_functions.py``, by the attribute `MARK`); so also for
a family made from a table (`made`: one body, a docstring per row).

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
>>> print(twice.__doc__.partition("Examples")[0])
``x + x``.
<BLANKLINE>
Returns
-------
Tensor
    A new tensor of the shape of ``x``.
<BLANKLINE>
<BLANKLINE>
"""

from __future__ import annotations

import inspect
import re
from typing import Any, Callable, TypeVar

__all__ = ["MARK", "ORDER", "section", "sections", "made", "examples", "view", "public_dir"]

F = TypeVar("F", bound=Callable[..., Any])

#: The attribute set on a function whose docstring `sections` completed.
MARK = "__doc_sections__"

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


#: The numpydoc sections, in the order a docstring has them.
ORDER = ("Parameters", "Returns", "Yields", "Raises", "Warns", "See Also", "Notes", "References", "Examples")


_TITLE = re.compile(r"^(" + "|".join(ORDER) + r")\n-+\n", re.MULTILINE)


def sections(*parts: str) -> Callable[[F], F]:
    """Decorator: put the shared sections ``parts`` (made by `section`) into the function's docstring.

    Each part goes where numpydoc has it (Parameters first, then Returns,
    Raises, ..., Examples last) among the sections the docstring already
    has.  Raises ``RuntimeError`` at import when the docstring has no
    ``Examples`` section (every public function has one) or already has a
    section of a part's title.

    Examples
    --------
    >>> @sections(section("Returns", ("int", "The answer.")))
    ... def answer():
    ...     '''The answer.
    ...
    ...     Raises
    ...     ------
    ...     ValueError
    ...         Never.
    ...
    ...     Examples
    ...     --------
    ...     >>> answer()
    ...     42
    ...     '''
    ...     return 42
    >>> [line for line in answer.__doc__.splitlines() if line in ORDER]
    ['Returns', 'Raises', 'Examples']
    """

    def apply(f: F) -> F:
        doc = inspect.cleandoc(f.__doc__ or "")
        starts = [m.start() for m in _TITLE.finditer(doc)]
        blocks = [doc[a:b].strip() for a, b in zip(starts, starts[1:] + [len(doc)])]
        titles = [b.split("\n", 1)[0] for b in blocks]
        if "Examples" not in titles:
            raise RuntimeError(f"sections: {f.__module__}.{f.__qualname__} has no Examples section")
        for part in parts:
            title = part.split("\n", 1)[0]
            if title in titles:
                raise RuntimeError(f"sections: {f.__module__}.{f.__qualname__} has its own {title} section")
            at = next(i for i, t in enumerate(titles) if ORDER.index(t) > ORDER.index(title))
            blocks.insert(at, part)
            titles.insert(at, title)
        f.__doc__ = "\n\n".join([doc[: starts[0]].strip(), *blocks]) + "\n"
        setattr(f, MARK, parts)
        return f

    return apply


def view(note: str = "") -> str:
    """The Returns section of a function returning a view of ``x`` (``note`` says more, as ``"; writes go through"``).

    Examples
    --------
    >>> print(view("; writes go through"))
    Returns
    -------
    Tensor
        A view of ``x`` (shares storage; writes go through).
    """
    return section("Returns", ("Tensor", f"A view of ``x`` (shares storage{note})."))


def made(f: F, name: str, module: str, doc: str) -> F:
    """``f`` (a function made by a factory) named ``module.name`` with the numpydoc docstring ``doc``.

    The pages and ``help()`` then show it as a function of its own; bind it
    at module level under ``name`` (``is_lower = _band("is_lower", ...)``).

    Examples
    --------
    >>> times3 = made(lambda x: 3 * x, "times3", __name__, "``3 * x``.")
    >>> times3.__name__, times3(2), times3.__doc__.strip()
    ('times3', 6, '``3 * x``.')
    """
    f.__name__ = f.__qualname__ = name
    f.__module__ = module
    f.__doc__ = inspect.cleandoc(doc) + "\n"
    setattr(f, MARK, ())
    return f


def examples(*calls_and_results: str, setup: str = "import gentensor as gt") -> str:
    """An Examples section: ``>>> setup``, then each call (``>>> `` prefixed) followed by its result (``""``: none).

    Examples
    --------
    >>> examples("len([1, 2])", "2").splitlines()
    ['Examples', '--------', '>>> import gentensor as gt', '>>> len([1, 2])', '2']
    """
    body = [f">>> {setup}"] + [f">>> {line}" if k % 2 == 0 else line for k, line in enumerate(calls_and_results) if line]
    return "Examples\n--------\n" + "\n".join(body)


def public_dir(namespace: dict[str, Any]) -> Callable[[], list[str]]:
    """A module's ``__dir__``: the names of its ``__all__`` and its dunders, not the imports it is built from.

    Use it as ``__dir__ = public_dir(globals())`` after ``__all__``.

    Examples
    --------
    >>> space = {"__all__": ["f"], "f": len, "Any": object, "__doc__": None}
    >>> public_dir(space)()
    ['__all__', '__doc__', 'f']
    """

    def __dir__() -> list[str]:
        return sorted(set(namespace["__all__"]) | {n for n in namespace if n.startswith("__") and n.endswith("__")})

    return __dir__
