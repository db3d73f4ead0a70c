"""The table of Tensor methods (`gentensor._methods.TABLE`): installed, declared for type checkers, calls that bind.

Each row makes one method of `gentensor.Tensor` a delegate to a public
function.  These tests keep the three things that name a method in step:
the row, the method Python finds on the class, and the typed declaration
in ``gentensor/core/methods.py`` that mypy and readers see.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import gentensor as gt
from gentensor import _methods

DECLARATIONS = Path(_methods.__file__).parent / "core" / "methods.py"


def _declared() -> dict[str, ast.FunctionDef]:
    """The methods declared under ``if TYPE_CHECKING:`` in ``TensorMethods``."""
    tree = ast.parse(DECLARATIONS.read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TensorMethods")
    block = next(n for n in cls.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    return {f.name: f for f in block.body if isinstance(f, ast.FunctionDef)}


def _shape(args: ast.arguments) -> list[tuple[str, str, str | None]]:
    """``(name, kind, default source)`` of each parameter after ``self``, annotations left out."""
    out: list[tuple[str, str, str | None]] = []
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    for k, (a, d) in enumerate(zip(positional, defaults)):
        kind = "positional" if k < len(args.posonlyargs) else "either"
        out.append((a.arg, kind, None if d is None else ast.unparse(d)))
    if args.vararg:
        out.append((args.vararg.arg, "*", None))
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        out.append((a.arg, "keyword", None if d is None else ast.unparse(d)))
    if args.kwarg:
        out.append((args.kwarg.arg, "**", None))
    return out[1:]


def _runtime_shape(function: object) -> list[tuple[str, str, str | None]]:
    P = inspect.Parameter
    kinds = {P.POSITIONAL_ONLY: "positional", P.POSITIONAL_OR_KEYWORD: "either", P.VAR_POSITIONAL: "*",
             P.KEYWORD_ONLY: "keyword", P.VAR_KEYWORD: "**"}
    params = list(inspect.signature(function).parameters.values())[1:]  # type: ignore[arg-type]
    shape = []
    for p in params:
        default = None if p.default is P.empty else ast.unparse(ast.parse(repr(p.default), mode="eval").body)
        shape.append((p.name, kinds[p.kind], default))
    return shape


def test_every_row_is_installed_and_every_installed_method_declared() -> None:
    declared = _declared()
    for name in _methods.method_names():
        assert name in gt.Tensor.__dict__, f"Tensor.{name} is not set by install()"
        assert name in declared, f"Tensor.{name} has no declaration in core/methods.py (type checkers cannot see it)"
    extra = set(declared) - set(_methods.method_names())
    assert not extra, f"declared in core/methods.py but made by no row of the table: {sorted(extra)}"


@pytest.mark.parametrize("name", _methods.method_names())
def test_declaration_matches_the_installed_method(name: str) -> None:
    installed = gt.Tensor.__dict__[name]
    function = installed.fget if isinstance(installed, property) else installed
    declared = _declared()[name]
    # positional-or-keyword versus positional-only does not matter for a method's self; compare the rest
    assert _shape(declared.args) == _runtime_shape(function), name
    assert isinstance(installed, property) == any(ast.unparse(d) == "property" for d in declared.decorator_list)


@pytest.mark.parametrize("name", [n for n, r in _methods.TABLE.items() if isinstance(r, _methods.Method)])
def test_the_call_of_a_row_binds_to_its_function(name: str) -> None:
    """Each argument the delegate passes is one the function accepts, by position or by name."""
    row = _methods.TABLE[name]
    assert isinstance(row, _methods.Method)
    params = [p.split("=")[0].strip() for p in _methods._split(row.params) if p not in ("*", "/")]
    values = {p.lstrip("*"): object() for p in params}
    values["self"] = object()
    args: list[object] = []
    kwargs: dict[str, object] = {}
    for part in _methods._split(row.call_text()):
        if part.startswith("**"):
            kwargs.update({"some_keyword": object()})
        elif part.startswith("*"):
            args.extend([object(), object()])
        elif "=" in part:
            key = part.split("=", 1)[0].strip()
            kwargs[key] = object()
        else:
            args.append(values[part] if part in values else object())
    inspect.signature(row.function).bind(*args, **kwargs)


def test_a_method_documents_its_function() -> None:
    doc = inspect.getdoc(gt.Tensor.sum) or ""
    assert doc.startswith(inspect.getdoc(gt.sum).splitlines()[0])  # type: ignore[union-attr]
    assert "``x.sum(axis=None, keepdims=False)`` is ``gentensor.sum(x, axis=axis, keepdims=keepdims)``" in doc
    assert "gentensor.linalg.det(x, method=method)" in (inspect.getdoc(gt.Tensor.det) or "")
    assert str(inspect.signature(gt.Tensor.sum)) == "(self, axis=None, keepdims=False)"


def test_methods_call_their_functions() -> None:
    x = gt.tensor([[3, 1], [2, 5]])
    assert x.sum(0).tolist() == gt.sum(x, axis=0).tolist() == [5, 6]
    assert x.trace() == 8 and x.diagonal(1).tolist() == [1]
    assert x.take([0, 3]).tolist() == [3, 5] and x.repeat(2, axis=0).shape == (4, 2)
    assert x.swapaxes(0, 1).tolist() == x.T.tolist() and x.reshape(4).shape == (4,)
    assert x.transpose((1, 0)).tolist() == [[3, 2], [1, 5]] and x.clip(2, 4).tolist() == [[3, 2], [2, 4]]
    assert x.applyfunc(lambda v: v * 10).tolist() == [[30, 10], [20, 50]]
    assert round(gt.tensor([1.26]), 1).tolist() == [1.3] and divmod(7, gt.tensor([2]))[0].tolist() == [3]
    assert (3 - x).tolist() == [[0, 2], [1, -2]] and (1 < x).tolist() == [[True, False], [True, True]]
    y = x.copy()
    y += 1
    assert y.tolist() == [[4, 2], [3, 6]] and x.tolist() == [[3, 1], [2, 5]]


def test_a_reflected_operator_defers_to_a_foreign_type() -> None:
    class Foo:
        def __radd__(self, other: object) -> str:
            return "Foo.__radd__"

    assert gt.tensor([1]) + Foo() == "Foo.__radd__"
