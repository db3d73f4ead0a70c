"""The namespaces hold what they export: no import the modules are built from shows in ``dir()``."""

from __future__ import annotations

import importlib

import pytest
import sympy

import gentensor as gt


SPACES = ["gentensor", "gentensor.linalg", "gentensor.display", "gentensor.io", "gentensor.testing",
          "gentensor.resources", "gentensor.parallel"]


@pytest.mark.parametrize("name", SPACES)
def test_dir_lists_the_public_names_and_nothing_else(name: str) -> None:
    space = importlib.import_module(name)
    public = {n for n in dir(space) if not n.startswith("_")}
    assert public == set(space.__all__), sorted(public ^ set(space.__all__))
    assert "__version__" in dir(gt) and "__doc__" in dir(space)


def test_linalg_holds_no_import_it_is_built_from() -> None:
    """Not only hidden from ``dir()``: the names ``gt.linalg`` is built from are not attributes at all."""
    import types

    leftovers = [
        n for n, v in vars(gt.linalg).items()
        if not n.startswith("_") and n not in gt.linalg.__all__ and not isinstance(v, types.ModuleType)
    ]
    assert leftovers == []
    for name in ("partial", "Optional", "Any", "annotations", "Tensor", "Fraction"):
        with pytest.raises(AttributeError):
            getattr(gt.linalg, name)
    with pytest.raises(ImportError):
        exec("from gentensor.linalg import partial", {})


@pytest.mark.parametrize("name", ["annotations", "sys", "Any"])
def test_the_top_level_has_no_module_leftovers(name: str) -> None:
    assert not hasattr(gt, name)
    with pytest.raises(AttributeError, match=f"^module 'gentensor' has no attribute '{name}'"):
        getattr(gt, name)


def test_hidden_imports_still_work_inside() -> None:
    # the leftovers left dir(); the modules that use them still run
    assert gt.linalg.det(gt.tensor([[1, 2], [3, 4]])) == -2
    assert [n for n in ("partial", "Optional", "Any", "annotations") if n in dir(gt.linalg)] == []


def test_the_cholesky_error_names_the_conjugate() -> None:
    x = sympy.Symbol("x")
    with pytest.raises(gt.ArgumentValueError) as info:
        gt.linalg.cholesky(gt.tensor([[x, 1], [1, 2]]))
    assert str(info.value) == (
        "cholesky: the matrix must be Hermitian (got x[0, 0] = x and the conjugate of x[0, 0] = conjugate(x)); "
        "for symbols that are not real=True pass hermitian=False"
    )
    with pytest.raises(gt.ArgumentValueError, match=r"\(got x\[0, 1\] = 2 and x\[1, 0\] = 3\)"):
        gt.linalg.cholesky(gt.tensor([[1, 2], [3, 4]]))
    with pytest.raises(gt.ArgumentValueError, match=r"the conjugate of x\[1, 0\] = \(2-1j\)"):
        gt.linalg.cholesky(gt.tensor([[2, 2 + 1j], [2 + 1j, 3]]))


#: Public functions whose result is honestly an element of the ops (or a SymPy result): ``Any`` is their type.
ELEMENT_RESULTS = {"tolist"}


@pytest.mark.parametrize("space", [gt, gt.linalg], ids=["gentensor", "gentensor.linalg"])
def test_public_functions_name_their_return_type(space: object) -> None:
    """No public function says only ``-> Any``: a tensor, a bool, a result class (``| Any`` for an element)."""
    import inspect

    unnamed = []
    for name in space.__all__:  # type: ignore[attr-defined]
        f = getattr(space, name)
        if isinstance(f, type) or not callable(f) or name in ELEMENT_RESULTS:
            continue
        try:
            returns = inspect.signature(f).return_annotation
        except (TypeError, ValueError):
            continue
        if returns in ("Any", inspect.Signature.empty):
            unnamed.append(name)
    assert unnamed == []


def test_no_sphinx_role_in_any_docstring() -> None:
    """The docs site renders Markdown cross-references; a reStructuredText role would show raw."""
    import re
    from pathlib import Path

    role = re.compile(r":(?:class|meth|func|attr|mod|obj|data|exc):`")
    found = [
        f"{path.name}:{n}" for path in sorted(Path(gt.__file__).parent.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if role.search(line)
    ]
    assert found == []


def test_type_hints_of_linalg_functions_resolve() -> None:
    """The names annotations use live in the functions' own modules, not in the package namespace."""
    import typing

    for name in gt.linalg.__all__:
        f = getattr(gt.linalg, name)
        if callable(f) and not isinstance(f, type) and hasattr(f, "__globals__"):
            # raises NameError if an annotation's name is missing (SymPy's Expr is imported for type checkers only:
            # importing gentensor never imports SymPy)
            typing.get_type_hints(f, localns={"Expr": object})
