"""The package's layers, checked from its source: imports point down, no cycles, no ring switches.

``docs/architecture.md`` describes the layers; these tests keep it true.  Every
``import`` statement of the package is read with :mod:`ast` -- at module
level and inside functions alike -- and resolved to the module it names.
"""

from __future__ import annotations

import ast
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


#: The built-in ops objects: comparing an ops with one of them is choosing by which ring it is.
BUILTIN_OPS = frozenset({"integers", "rationals", "symbolic", "floats", "complexes", "objects", "booleans", "modular"})
#: The private ops classes, which stay inside gentensor.ops.
PRIVATE_OPS_CLASSES = frozenset(
    {"IntegerOps", "RationalOps", "FloatOps", "ComplexOps", "BooleanOps", "ModularOps", "SymbolicOps", "ObjectOps"}
)
#: Where ring knowledge lives, and where the display name ``kind`` may be read.
RING_PACKAGES = ("gentensor.ops", "gentensor.display")


def _terminal(node: ast.AST) -> str:
    """The last name of ``node``: ``ops`` for ``x.ops``, ``caps`` for ``caps``, ``""`` otherwise."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


class RingChoices(ast.NodeVisitor):
    """Finds choices by which ring it is in one module's syntax tree.

    * any read of ``Capabilities.kind`` -- of ``capabilities_of(x)``,
      ``x.capabilities``, ``getattr(x, "capabilities")``, a name bound to
      one of those (or named ``caps``), or of an ops (``ops.kind``) --
      except inside an f-string, where it is only shown; a name bound to
      such a ``kind`` counts as the kind itself;
    * ``getattr(x, "kind")``;
    * an ``is``/``is not``/``==``/``!=``/``in``/``not in`` comparison with a
      built-in ops (``gt.integers``, or a name imported from gentensor),
      and ``x.name == "..."`` on an ops;
    * a private ops class by name.
    """

    def __init__(self, tree: ast.Module) -> None:
        self.found: list[tuple[int, str]] = []
        self.imported = {
            a.asname or a.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("gentensor"))
            for a in node.names
        }
        self.caps_names = {"caps", "capabilities"}
        self.kind_names: set[str] = set()
        self._bind(tree)

    # -- what an expression is ---------------------------------------------------------------
    def _is_caps(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Call):
            f = _terminal(node.func)
            if f == "capabilities_of":
                return True
            if f == "getattr" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
                return node.args[1].value == "capabilities"
            return False
        if isinstance(node, ast.Attribute) and node.attr == "capabilities":
            return True
        if isinstance(node, ast.Name):
            return node.id in self.caps_names or node.id.endswith("_caps")
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            return self._is_caps(node.elt)
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            return any(self._is_caps(e) for e in node.elts)
        return False

    def _is_ops(self, node: ast.AST) -> bool:
        name = _terminal(node)
        return "ops" in name.lower() or name in BUILTIN_OPS and self._is_builtin(node)

    def _is_kind(self, node: ast.AST) -> bool:
        """A read of the display name: ``caps.kind``, ``ops.kind`` or a name bound to one."""
        if isinstance(node, ast.Attribute) and node.attr == "kind":
            return self._is_caps(node.value) or self._is_ops(node.value)
        return isinstance(node, ast.Name) and node.id in self.kind_names

    def _is_builtin(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Call):
            return _terminal(node.func) == "modular" and self._is_builtin(node.func)
        if isinstance(node, ast.Attribute):
            return node.attr in BUILTIN_OPS and _terminal(node.value) in ("gt", "gentensor", "ops")
        if isinstance(node, ast.Name):
            return node.id in BUILTIN_OPS and node.id in self.imported
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(self._is_builtin(e) for e in node.elts)
        return False

    def _bind(self, tree: ast.Module) -> None:
        """Names bound to capabilities or to their kind, anywhere in the module (to a fixed point)."""
        while True:
            before = (len(self.caps_names), len(self.kind_names))
            for node in ast.walk(tree):
                pairs: list[tuple[ast.AST, ast.AST]] = []
                if isinstance(node, ast.Assign):
                    pairs = [(t, node.value) for t in node.targets]
                elif isinstance(node, (ast.AnnAssign, ast.NamedExpr)) and node.value is not None:
                    pairs = [(node.target, node.value)]
                elif isinstance(node, (ast.For, ast.comprehension)):
                    if self._is_caps(node.iter) and isinstance(node.target, ast.Name):
                        self.caps_names.add(node.target.id)
                for target, value in pairs:
                    if isinstance(target, ast.Name):
                        if self._is_caps(value):
                            self.caps_names.add(target.id)
                        elif self._is_kind(value):
                            self.kind_names.add(target.id)
            if (len(self.caps_names), len(self.kind_names)) == before:
                return

    # -- the visit ------------------------------------------------------------------------------
    def _report(self, node: ast.AST, what: str) -> None:
        self.found.append((getattr(node, "lineno", 0), what))

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        for value in node.values:  # an f-string may show the kind; its other parts are still code
            if isinstance(value, ast.FormattedValue) and not self._is_kind(value.value):
                self.visit(value.value)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if self._is_kind(node):
            self._report(node, "reads the display name kind")
        self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load) and node.id in self.kind_names:
            self._report(node, f"reads {node.id}, a copy of the display name kind")
        if node.id in PRIVATE_OPS_CLASSES:
            self._report(node, f"names the private ops class {node.id}")

    def visit_Call(self, node: ast.Call) -> None:
        if _terminal(node.func) == "getattr" and len(node.args) >= 2:
            name = node.args[1]
            if isinstance(name, ast.Constant) and name.value == "kind":
                self._report(node, 'getattr(..., "kind")')
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        sides = [node.left, *node.comparators]
        for op, left, right in zip(node.ops, sides, sides[1:]):
            if not isinstance(op, (ast.Is, ast.IsNot, ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
                continue
            if self._is_builtin(left) or self._is_builtin(right):
                self._report(node, "compares with a built-in ops")
            for a, b in ((left, right), (right, left)):
                named = isinstance(a, ast.Attribute) and a.attr == "name" and self._is_ops(a.value)
                if named and isinstance(b, ast.Constant) and isinstance(b.value, str):
                    self._report(node, "compares an ops' name")
        self.generic_visit(node)


def ring_choices(source: str) -> list[tuple[int, str]]:
    """The choices by which ring it is in ``source`` (line, what), by `RingChoices`."""
    tree = ast.parse(source)
    finder = RingChoices(tree)
    finder.visit(tree)
    return sorted(set(finder.found))


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not n.startswith("gentensor.ops")))
def test_no_choice_by_which_ring_outside_ops(name: str) -> None:
    """Algorithms read capabilities and providers, never the ring's kind or identity; private ops classes stay in ops.

    ``display/`` may show and choose by the kind (how an element is
    written); it too never names a private ops class.
    """
    lines = MODULES[name].read_text(encoding="utf-8").splitlines()
    found = ring_choices("\n".join(lines))
    if name.startswith(RING_PACKAGES):
        found = [(k, what) for k, what in found if "private ops class" in what]
    bad = [f"{name}:{k}: {what}: {lines[k - 1].strip()}" for k, what in found]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(
    "source",
    [
        'if caps.kind == "integer": pass',
        'ok = capabilities_of(ops).kind in ("integer", "rational")',
        'ok = x.ops.capabilities.kind != "bool"',
        'c = capabilities_of(ops)\nok = c.kind not in ("symbolic",)',
        'kind = capabilities_of(ops).kind\nif kind == "bool": pass',
        'machine = {"bool": 1, "integer": 2}.get(capabilities_of(ops).kind)',
        'match caps.kind:\n    case "integer":\n        pass',
        'ok = getattr(caps, "kind") == "bool"',
        'ok = getattr(x, "kind", None)',
        'ok = ops.kind == "integer"',
        'ok = all(k.kind == "bool" for k in [getattr(x._ops, "capabilities", None) for x in xs])',
        "from gentensor.ops import integers\nok = ops is integers",
        "from ..ops import booleans\nok = x._ops is not booleans",
        "from ..ops import floats, complexes\nok = ops in (floats, complexes)",
        "ok = x.ops is gt.rationals",
        "ok = ops == gt.modular(7)",
        'ok = ops.name == "integers"',
        "ok = isinstance(ops, ModularOps)",
    ],
)
def test_the_ring_check_sees_what_it_looks_for(source: str) -> None:
    # A check that cannot fail is no check: each form of choosing by ring is found.
    assert ring_choices(source), source


@pytest.mark.parametrize(
    "source",
    [
        'msg = f"got elements of kind {caps.kind!r}"',
        'ok = array.dtype.kind in "biu"',
        'ok = pool.kind == "threads"',
        'ok = group.kind == "field"',
        "ok = caps.field and ops is other",
        "ok = caps.index or caps.mask",
        "gt.Capabilities(kind='user', field=True)",
        "integers = 3\nok = x is integers",
    ],
)
def test_the_ring_check_passes_what_is_allowed(source: str) -> None:
    assert not ring_choices(source), source


def test_the_import_reader_sees_late_imports() -> None:
    assert "gentensor.core.layers" in GRAPH["gentensor.core.tensor"]
    assert "gentensor.compute.elementwise" in GRAPH["gentensor"]


def test_architecture_page_names_every_package() -> None:
    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    for name in MODULES:
        if _is_package(name) and name != "gentensor":
            assert f"`{name.split('.', 1)[1]}/`" in text, f"docs/architecture.md does not describe {name}"
