"""NumPy spellings gentensor does not use raise AttributeError with a hint naming gentensor's."""

from __future__ import annotations

import pytest

import gentensor as gt
from gentensor import _hints


@pytest.mark.parametrize("name", sorted(_hints.HINTS))
def test_every_hint_is_for_a_name_gentensor_lacks_and_names_what_exists(name: str) -> None:
    if name in ("gcd", "lcm") and hasattr(gt, name):  # the number-theory module, once merged
        return
    assert not hasattr(gt, name), f"gt.{name} exists; its hint is dead"
    with pytest.raises(AttributeError, match=rf"^module 'gentensor' has no attribute '{name}'; NumPy's {name} is "):
        getattr(gt, name)
    # the names a hint points at exist
    for ref in _hints.HINTS[name].replace("(", " ").replace(")", " ").replace(",", " ").split():
        if ref.startswith("gt.") and ref[3:].replace("_", "").isalnum():
            path = ref[3:].split(".")
            obj = gt
            for part in path:
                if part in ("gcd", "lcm"):
                    break
                obj = getattr(obj, part)


def test_examples() -> None:
    with pytest.raises(AttributeError, match="gt.acos"):
        gt.arccos
    with pytest.raises(AttributeError, match="unique_values"):
        gt.unique
    with pytest.raises(AttributeError, match=r"^module 'gentensor' has no attribute 'frobnicate'$"):
        gt.frobnicate
    assert not hasattr(gt, "__wrapped__")  # dunder lookups by tools stay plain AttributeErrors
    from gentensor import concatenate, hstack  # the NumPy idioms now exist  # noqa: F401


def test_the_cheat_sheet_lists_every_hint() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "numpy.md").read_text(encoding="utf-8")
    for name, text in _hints.HINTS.items():
        if name in ("gcd", "lcm"):  # same name in gentensor (the number-theory functions)
            continue
        assert f"| `np.{name}` | {text} |" in page, name
