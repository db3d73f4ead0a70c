"""The package's layers, checked from its source: imports point down, no cycles, no ring switches.

``docs/architecture.md`` describes the layers; these tests keep it true.  Every
``import`` statement of the package is read with :mod:`ast` -- at module
level and inside functions alike -- and resolved to the module it names.
"""

from __future__ import annotations

import ast
import types
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "gentensor"

#: The layers, lowest first: a module may import its own layer and the ones below.
LAYERS: list[tuple[str, ...]] = [
    ("gentensor.errors", "gentensor.resources", "gentensor._docs", "gentensor._hints"),
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
        "gentensor",
    ),
]

#: Inside the core, the order of its modules.
CORE_ORDER = [
    "gentensor.core.layout",
    "gentensor.core.storage",
    "gentensor.core.kernels",
    "gentensor.core.indexing",
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
    assert not upward, "upward imports (a Tensor method served by a higher layer is a row of gentensor._methods.TABLE):\n" + "\n".join(upward)


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
    cycles = _cycles(GRAPH)
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
    * an ``is``/``is not`` comparison with one of Python's operators
      (``ops.lt is operator.lt``): whether a member is Python's own is asked
      of ``ops`` (``python_semantics``);
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
            if isinstance(op, (ast.Is, ast.IsNot)) and any(
                isinstance(side, ast.Attribute) and _terminal(side.value) == "operator" for side in (left, right)
            ):
                self._report(node, "compares a member with one of Python's operators")
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
        "ok = ops.is_zero is operator.not_",
        "key = None if lt is operator.lt else _key(lt)",
        'ok = getattr(ops, "lt", None) is not operator.lt',
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
        'ok = python_semantics(ops, "lt")',
        "f = operator.lt if reverse else operator.gt",
    ],
)
def test_the_ring_check_passes_what_is_allowed(source: str) -> None:
    assert not ring_choices(source), source


def test_the_import_reader_sees_late_imports() -> None:
    assert "gentensor.linalg.solutions" in GRAPH["gentensor.linalg.solvers"]  # `from .solutions import lstsq` in qr_solve
    assert "gentensor.compute.elementwise" in GRAPH["gentensor"]


def test_architecture_page_names_every_package() -> None:
    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    for name in MODULES:
        if _is_package(name) and name != "gentensor":
            assert f"`{name.split('.', 1)[1]}/`" in text, f"docs/architecture.md does not describe {name}"


# -- each package's private modules and names stay inside it ---------------------------------------


def _package_of(module: str) -> str:
    """The subpackage of gentensor a module belongs to (``gentensor.linalg``), or ``gentensor`` itself."""
    parts = module.split(".")
    if len(parts) >= 2 and f"gentensor.{parts[1]}" in MODULES and _is_package(f"gentensor.{parts[1]}"):
        return f"gentensor.{parts[1]}"
    return "gentensor"


def _is_private(part: str) -> bool:
    return part.startswith("_") and not (part.startswith("__") and part.endswith("__"))


def _private_imports(name: str, source: str) -> list[str]:
    """The imports in ``source`` (of module ``name``) that reach another package's private modules or names.

    ``from ..ops._codec import x``, ``from ..ops import _x`` and ``import gentensor.ops._codec``
    are private reaches from outside ``gentensor.ops``; each package offers what the others need
    under names without a leading underscore (in its ``__init__.py``).
    """
    package = name if name in MODULES and _is_package(name) else name.rpartition(".")[0]
    mine = _package_of(name)
    bad = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            paths = [a.name.split(".") for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = base + (node.module.split(".") if node.module else [])
            else:
                target = (node.module or "").split(".")
            paths = [target + [a.name] for a in node.names]
        else:
            continue
        for parts in paths:
            if parts[0] != "gentensor" or len(parts) < 3:
                continue
            owner = _package_of(".".join(parts))
            if owner == "gentensor" or owner == mine:
                continue  # top-level modules are not packages; a package's own privates are its own
            if any(map(_is_private, parts[2:])):
                bad.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
                break
    return bad


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_import_of_another_packages_private_parts(name: str) -> None:
    bad = _private_imports(name, MODULES[name].read_text(encoding="utf-8"))
    assert not bad, "import the package's interface (its __init__.py) instead:\n" + "\n".join(bad)


def test_the_private_import_check_sees_what_it_looks_for() -> None:
    reaches = [
        "from ..ops._codec import show",
        "from ..ops import _show",
        "import gentensor.ops._codec",
        "from gentensor.compute._engine import flat_values",
        "from .. import ops\nfrom ..ops import _packing",
    ]
    for source in reaches:
        assert _private_imports("gentensor.linalg.norms", source), source
    assert _private_imports("gentensor", "from .display import _rich")  # the namespace is outside display
    fine = [
        "from ..ops import ElementOps, show_value",
        "from ._stack import run",  # the package's own private module
        "from .. import ops",
        "from ..core.tensor import Tensor",
        "import gentensor.ops",
    ]
    for source in fine:
        assert not _private_imports("gentensor.linalg.norms", source), source
    assert not _private_imports("gentensor.ops._registry", "from ._codec import _Bad")

# -- run time: the calls a Tensor method makes -------------------------------------------------------------
#
# A Tensor method served by a higher layer (``x.sum()``, ``x + y``, ``repr(x)``) is a row of
# gentensor._methods.TABLE.  A module that calls one depends, at run time, on the module of the function the
# row delegates to -- an edge no import statement shows.  These tests record those edges while every
# docstring example of the package runs, and look for cycles in the imports plus those calls.


def _row_targets(row: object) -> set[str]:
    """The gentensor modules whose code a row of the table runs (a Special row: what its body names)."""
    from gentensor import _methods

    if isinstance(row, _methods.Special):
        found: set[str] = set()
        seen: set[object] = set()

        home = row.function.__module__  # type: ignore[attr-defined]

        def scan(code: types.CodeType, names: dict[str, object]) -> None:
            # ``names``: the globals of the function whose code this is (its module's)
            for name in code.co_names:
                obj = names.get(name)
                if isinstance(obj, types.ModuleType):
                    found.add(obj.__name__)
                elif isinstance(obj, types.FunctionType) and obj not in seen:
                    seen.add(obj)
                    if obj.__module__ == home:
                        scan(obj.__code__, obj.__globals__)
                    else:
                        found.add(obj.__module__)
                elif isinstance(obj, type) and obj.__module__.startswith("gentensor"):
                    found.add(obj.__module__)
            for const in code.co_consts:
                if isinstance(const, types.CodeType):
                    scan(const, names)

        scan(row.function.__code__, row.function.__globals__)  # type: ignore[attr-defined]
        return {m for m in found if m in MODULES}
    if isinstance(row, _methods.InPlace):
        return {_methods.elementwise.inplace.__module__}
    functions = [row.function, getattr(row, "reflected", None)]  # type: ignore[attr-defined]
    return {f.__module__ for f in functions if f is not None}


def _targets_by_method() -> dict[str, set[str]]:
    from gentensor import _methods

    targets: dict[str, set[str]] = {}
    for name, row in _methods.TABLE.items():
        targets[name] = _row_targets(row)
        if isinstance(row, _methods.Operator):
            targets[row.reflection] = _row_targets(row)
    return targets


@pytest.fixture(scope="module")
def call_edges() -> dict[str, set[str]]:
    """``caller module -> modules`` for every call of a table method made by gentensor's own code.

    Each method the table installs is wrapped for the run; the wrapper notes
    the module of the frame that called it (doctest frames, the examples
    themselves, are not the package's code), and the package's doctests run.
    """
    import doctest
    import functools
    import importlib
    import sys
    import warnings

    import gentensor as gt
    from gentensor import _methods

    targets = _targets_by_method()
    edges: dict[str, set[str]] = {}

    def recording(name: str, original: object) -> object:
        def wrapper(*args: object, **kwargs: object) -> object:
            frame = sys._getframe(1)
            caller = frame.f_globals.get("__name__", "")
            if caller in MODULES and not frame.f_code.co_filename.startswith("<"):
                edges.setdefault(caller, set()).update(targets[name] - {caller})
            return original(*args, **kwargs)  # type: ignore[operator]

        return functools.update_wrapper(wrapper, original)  # type: ignore[arg-type]

    saved = {name: gt.Tensor.__dict__[name] for name in _methods.method_names()}
    for name, original in saved.items():
        if isinstance(original, property):
            setattr(gt.Tensor, name, property(recording(name, original.fget)))
        else:
            setattr(gt.Tensor, name, recording(name, original))
    flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    failed = []
    try:
        for name in sorted(MODULES):
            if name in ("gentensor.__main__",):
                continue
            module = importlib.import_module(name)
            runner = doctest.DocTestRunner(optionflags=flags)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for test in doctest.DocTestFinder(exclude_empty=True).find(module, name):
                    result = runner.run(test, out=lambda _text: None)
                    if result.failed:
                        failed.append(test.name)
    finally:
        for name, original in saved.items():
            setattr(gt.Tensor, name, original)
    assert not failed, f"examples that fail under the recording wrappers: {failed[:10]}"
    assert len(edges) >= 5  # the examples did reach the table (a recorder that saw nothing is no check)
    return edges


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
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

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return cycles


#: Calls through a Tensor method that go up a layer, each a known debt (the list must shrink, never grow).
KNOWN_UPWARD_CALLS: set[tuple[str, str]] = set()

#: The runtime cycles the table's call edges close, each a known debt (the list must shrink, never grow).
KNOWN_RUNTIME_CYCLES: list[list[str]] = []  # none left; a new one fails the test below


def test_table_methods_reach_only_lower_layers_from_below(call_edges: dict[str, set[str]]) -> None:
    """No module below the top layer calls, through a Tensor method, a function of a higher layer."""
    upward = {(src, dst) for src, targets in call_edges.items() for dst in targets if _layer(dst) > _layer(src)}
    listed = [f"{src} (layer {_layer(src)}) calls {dst} (layer {_layer(dst)}) through a Tensor method" for src, dst in upward]
    assert upward == KNOWN_UPWARD_CALLS, "\n".join(sorted(listed))


def test_no_runtime_cycles_through_the_table(call_edges: dict[str, set[str]]) -> None:
    """Imports plus the calls through the table: no cycle but the known ones, and none through the core."""
    graph = {name: set(GRAPH[name]) | call_edges.get(name, set()) for name in MODULES}
    cycles = _cycles(graph)
    assert cycles == KNOWN_RUNTIME_CYCLES, cycles
    assert not [c for c in cycles if any(m.startswith("gentensor.core") for m in c)]


def test_the_table_is_the_only_way_up() -> None:
    # The core has no locator of higher modules, and only the top layer reads the namespace holder.
    assert "gentensor.core.layers" not in MODULES
    readers = {name for name, targets in GRAPH.items() if "gentensor._namespace" in targets}
    assert readers and all(_layer(name) == len(LAYERS) - 1 for name in readers), readers


def test_the_cycle_counter_sees_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_runtime_cycles_at_all(call_edges: dict[str, set[str]]) -> None:
    # The builder of tensors from nested data lives beside Tensor (core/tensor.py): no hook hands it over.
    import gentensor.core.tensor as tensor_module

    assert not hasattr(tensor_module, "connect_operand_path")
    graph = {name: set(GRAPH[name]) | call_edges.get(name, set()) for name in MODULES}
    assert not _cycles(graph), _cycles(graph)
