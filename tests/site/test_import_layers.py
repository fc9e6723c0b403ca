"""The code is layered (docs/architecture.md): the import graph of the project's modules has
no circle, and the standard rules do not lean on the Advanced ones.

The graph is read from the source: every import, at module level or inside a function, of a
module under games/, campaigns/, tournaments/, accounts/ or battlecry_site/.  Imports made only
for type annotations (under ``if TYPE_CHECKING:``) are left out: they never run.
"""
from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "campaigns", "tournaments", "accounts", "battlecry_site")
STANDARD = "games.engine.battlecry.standard"
ADVANCED = "games.engine.battlecry.advanced"


def project_modules() -> dict[str, Path]:
    modules = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _annotation_only(tree: ast.Module) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            for inner in node.body:
                skipped.update(id(n) for n in ast.walk(inner))
    return skipped


def imports_of(module: str, path: Path, modules: Iterable[str]) -> set[str]:
    """The project modules ``module`` imports: ``from a.b import c`` names the module
    ``a.b.c`` when there is one, else ``a.b``; relative imports are resolved."""
    known = set(modules)
    tree = ast.parse(path.read_text(), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    skipped = _annotation_only(tree)
    names: list[str] = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            names += [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                      for alias in node.names]
    found = set()
    for name in names:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)
    return found


def import_graph() -> nx.DiGraph:
    modules = project_modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for module, path in modules.items():
        graph.add_edges_from((module, target) for target in imports_of(module, path, modules))
    return graph


def test_the_project_modules_import_each_other_without_a_circle():
    graph = import_graph()
    assert graph.number_of_edges() > 200                    # the reader did find the imports
    circles = sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)
    assert circles == []


def test_the_standard_rules_import_nothing_of_the_advanced_rules():
    graph = import_graph()
    leaks = sorted((a, b) for a, b in graph.edges
                   if (a == STANDARD or a.startswith(STANDARD + "."))
                   and (b == ADVANCED or b.startswith(ADVANCED + ".")))
    assert leaks == []


def test_the_reader_sees_imports_inside_functions():
    path = _write("def f():\n    from games import tasks\n    from .models import Game\n"
                  "if TYPE_CHECKING:\n    from games import services\n")
    found = imports_of("games.example", path, project_modules())
    assert found == {"games.tasks", "games.models"}


def _write(text: str) -> Path:
    import tempfile
    handle = tempfile.NamedTemporaryFile("w", suffix=".py", delete=False)
    handle.write(text)
    handle.close()
    return Path(handle.name)
