"""The namespaces hold what they export: no import the modules are built from shows in ``dir()``."""

from __future__ import annotations

import pytest
import sympy

import gentensor as gt


@pytest.mark.parametrize("space", [gt, gt.linalg], ids=["gentensor", "gentensor.linalg"])
def test_dir_lists_the_public_names_and_nothing_else(space: object) -> None:
    public = {n for n in dir(space) if not n.startswith("_")}
    assert public == set(space.__all__), sorted(public ^ set(space.__all__))
    assert "__version__" in dir(gt) and "__doc__" in dir(space)


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
