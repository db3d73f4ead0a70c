"""The package's layers, checked from its source: imports point down, no cycles, no ring switches.

``docs/architecture.md`` describes the layers; these tests keep it true.  Every
``import`` statement of the package is read with :mod:`ast` -- at module
level and inside functions alike -- and resolved to the module it names.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "gentensor"

#: The layers, lowest first: a module may import its own layer and the ones below.
LAYERS: list[tuple[str, ...]] = [
    ("gentensor.errors", "gentensor.resources"),
    ("gentensor.ops", "gentensor.parallel"),
    ("gentensor.core",),
    ("gentensor.arrays",),
    ("gentensor.compute",),
    ("gentensor.linalg",),
    ("gentensor.io", "gentensor.display"),
    (
        "gentensor.cli",
        "gentensor.testing",
        "gentensor._demo",
        "gentensor.__main__",
        "gentensor._numpy_protocol",
        "gentensor._hints",
        "gentensor",
    ),
]

#: Inside the core, the order of its modules (Tensor reaches upward only through core.layers).
CORE_ORDER = [
    "gentensor.core.layout",
    "gentensor.core.storage",
    "gentensor.core.kernels",
    "gentensor.core.indexing",
    "gentensor.core.layers",
    "gentensor.core.methods",
    "gentensor.core.tensor",
    "gentensor.core.operands",
]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _imports(name: str) -> set[str]:
    """Every gentensor module that module ``name`` imports, anywhere in its body."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    package = name if _is_package(name) else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "gentensor")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "gentensor":
                continue
            for alias in node.names:  # "from . import x" may name a submodule
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in MODULES else target)
    return {m for m in found if m in MODULES and m != name}


GRAPH = {name: _imports(name) for name in MODULES}


def _layer(name: str) -> int:
    best = -1
    best_len = -1
    for k, group in enumerate(LAYERS):
        for prefix in group:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = k, len(prefix)
    assert best >= 0, f"{name} belongs to no layer: add it to LAYERS and docs/architecture.md"
    return best


def test_every_module_has_a_layer() -> None:
    for name in MODULES:
        _layer(name)


def test_imports_point_down() -> None:
    upward = [
        f"{src} (layer {_layer(src)}) imports {dst} (layer {_layer(dst)})"
        for src, targets in GRAPH.items()
        for dst in targets
        if _layer(dst) > _layer(src)
    ]
    assert not upward, "upward imports (use gentensor.core.layers.upper from Tensor):\n" + "\n".join(upward)


def test_core_modules_import_in_order() -> None:
    rank = {name: k for k, name in enumerate(CORE_ORDER)}
    assert set(rank) | {"gentensor.core"} == {n for n in MODULES if n.startswith("gentensor.core")}
    wrong = [
        f"{src} imports {dst}"
        for src in CORE_ORDER
        for dst in GRAPH[src]
        if dst in rank and rank[dst] >= rank[src]
    ]
    assert not wrong, "\n".join(wrong)


def test_no_import_cycles() -> None:
    # Tarjan's strongly connected components over every import (late imports included).
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in GRAPH:
        if v not in index:
            visit(v)
    assert not cycles, f"import cycles: {cycles}"


_BUILTIN_OPS = r"(gt\.)?(integers|rationals|symbolic|floats|complexes|objects|booleans)"
_IDENTITY = re.compile(rf"\bis( not)? {_BUILTIN_OPS}\b|\b(ops|_ops)\s+(not )?in \(|isinstance\([^)]*Ops\)")
_PRIVATE_OPS_CLASS = re.compile(r"\b(IntegerOps|RationalOps|FloatOps|ComplexOps|BooleanOps|ModularOps|SymbolicOps|ObjectOps)\b")


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not n.startswith("gentensor.ops")))
def test_no_choice_by_ops_identity_outside_ops(name: str) -> None:
    """Algorithms read capabilities, never which ops it is; private ops classes stay in gentensor.ops."""
    bad = []
    for k, line in enumerate(MODULES[name].read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("#", 1)[0]
        if code.lstrip().startswith((">>>", "...")):
            continue  # doctests compare results with `is`, which is fine
        if _IDENTITY.search(code) or _PRIVATE_OPS_CLASS.search(code):
            bad.append(f"{name}:{k}: {line.strip()}")
    assert not bad, "\n".join(bad)


def test_the_checks_see_what_they_look_for() -> None:
    # The patterns catch the forms the ops seam removed (a check that cannot fail is no check).
    for line in ("if ops is integers:", "if x._ops is not booleans", "isinstance(ops, ModularOps)", "ops in (floats, complexes)"):
        assert _IDENTITY.search(line) or _PRIVATE_OPS_CLASS.search(line), line
    assert not _IDENTITY.search("if caps.field and ops is other:")
    # And the import reader sees a late import inside a function.
    assert "gentensor.core.layers" in GRAPH["gentensor.core.tensor"]
    assert "gentensor.compute.elementwise" in GRAPH["gentensor"]


def test_architecture_page_names_every_package() -> None:
    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    for name in MODULES:
        if _is_package(name) and name != "gentensor":
            assert f"`{name.split('.', 1)[1]}/`" in text, f"docs/architecture.md does not describe {name}"
