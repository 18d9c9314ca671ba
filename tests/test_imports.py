"""The import graph of raguard and relapse: no circles, and no module imports a layer above its own.

Every import counts, at module level or inside a function (a lazy import only hides a circle), and
those under ``if TYPE_CHECKING`` too. Layers, lowest first: a module may import its own layer and
the ones below.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("raguard", "relapse")

#: (module-name prefix, layer); the longest matching prefix decides.
LAYERS: tuple[tuple[str, int], ...] = (
    ("raguard.errors", 0),
    ("raguard.models", 0),
    ("raguard.warning_types", 0),
    ("raguard.shapes", 0),
    ("raguard.lazy", 0),  # a lazily computed attribute (the context, the document indexes)
    ("raguard.normalize", 1),
    ("raguard.nlp", 2),
    ("raguard.query", 2),
    ("raguard.inputs", 2),
    ("raguard.documents", 2),
    ("raguard.metrics", 2),
    ("raguard.checkers", 3),
    ("raguard.align", 3),  # the context's sentence alignment (read by checkers and the score)
    ("raguard.score", 3),
    ("raguard.engine", 4),
    ("raguard.batch", 5),
    ("raguard.verifier", 6),
    ("raguard", 7),  # the package's __init__: the public API
    ("raguard.config", 7),  # a TOML file into Verifier arguments
    # front ends of the library: the command line, the HTTP service, adapters to other systems (the
    # Ray engine reads and writes the rows `raguard audit` does, with its functions)
    ("raguard.cli", 8),
    ("raguard.__main__", 8),
    ("raguard.server", 8),
    ("raguard.integrations", 8),
    ("relapse", 9),  # relapse uses raguard; raguard never imports relapse
)


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package modules ``name`` imports anywhere in its file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's package
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, base] if base else package)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
        for target in targets:
            while target and target not in modules:  # "import a.b.c" of a name inside a module
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def _layer(name: str) -> int:
    matches = [(len(prefix), layer) for prefix, layer in LAYERS if name == prefix or name.startswith(prefix + ".")]
    assert matches, f"{name} is in no layer: add it to LAYERS"
    return max(matches)[1]


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
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
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_walk_sees_lazy_and_type_checking_imports() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    modules = _modules()
    assert "raguard.checkers.base" in modules and "relapse.check" in modules
    # relapse imports raguard inside functions only (import relapse stays light): still seen
    assert any(t.startswith("raguard") for t in _imports("relapse.check", modules["relapse.check"], modules))


def test_no_import_circles() -> None:
    assert _cycles(_graph()) == []


def test_no_module_imports_a_layer_above_its_own() -> None:
    graph = _graph()
    upward = sorted(f"{a} (layer {_layer(a)}) imports {b} (layer {_layer(b)})"
                    for a, targets in graph.items() for b in targets if _layer(b) > _layer(a))
    assert upward == []
