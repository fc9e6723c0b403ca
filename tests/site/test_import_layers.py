"""The code is layered (docs/architecture.md): the import graph of the project's modules has
no circle, and the standard rules do not lean on the Advanced ones.

The graph is read from the source: every import, at module level or inside a function, of a
module under games/, campaigns/, tournaments/, accounts/ or battlecry_site/.  Imports made only
for type annotations (under ``if TYPE_CHECKING:``) are left out: they never run.

``from a.b import c`` imports the package ``a.b`` (runs its ``__init__``) before it looks for
``c``, so it counts as an import of ``a.b`` as well as of the module ``a.b.c`` when there is
one; ``from . import x`` likewise imports the enclosing package.  A package whose ``__init__``
imports a module that imports the package back is therefore a circle: whichever of the two is
imported first finds the other half-built.
"""
from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "campaigns", "tournaments", "accounts", "ratings", "battlecry_site")
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
    """The project modules ``module`` imports: ``from a.b import c`` names the package or
    module ``a.b`` and also the module ``a.b.c`` when there is one; relative imports are
    resolved."""
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
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known]
    found = set()
    for name in names:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)
    return found


def import_graph(reader=None) -> nx.DiGraph:
    reader = reader or imports_of
    modules = project_modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for module, path in modules.items():
        graph.add_edges_from((module, target) for target in reader(module, path, modules))
    return graph


def inits_imported_back(graph: nx.DiGraph) -> list[tuple[str, str]]:
    """(package, module): the package's ``__init__`` imports the module, which imports the
    package back (directly or through other modules)."""
    return sorted((package, module) for package, path in project_modules().items()
                  if path.name == "__init__.py"
                  for module in graph.successors(package) if nx.has_path(graph, module, package))


def test_the_project_modules_import_each_other_without_a_circle():
    graph = import_graph()
    assert graph.number_of_edges() > 200                    # the reader did find the imports
    circles = sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)
    assert circles == []


def test_no_package_init_imports_a_module_that_imports_the_package_back():
    assert inits_imported_back(import_graph()) == []


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
    assert found == {"games", "games.tasks", "games.models"}


def test_the_reader_counts_the_package_a_from_import_goes_through():
    path = _write("from . import services\nfrom .engine import view_event\nimport accounts.tokens\n")
    found = imports_of("games.example", path, project_modules())
    assert found == {"games", "games.services", "games.engine", "accounts.tokens"}


def test_a_circle_through_a_package_init_is_found():
    """games.engine.core's __init__ imports .chance: a chance module that imported a sibling
    module through the package (``from games.engine.core import options``) would close a
    circle, though it names only the module ``options``."""
    planted = _write("from games.engine.core import options\n")

    def reader(module, path, modules):
        return imports_of(module, planted if module == "games.engine.core.chance" else path, modules)
    assert inits_imported_back(import_graph(reader)) == [("games.engine.core", "games.engine.core.chance")]


def _write(text: str) -> Path:
    import tempfile
    handle = tempfile.NamedTemporaryFile("w", suffix=".py", delete=False)
    handle.write(text)
    handle.close()
    return Path(handle.name)
