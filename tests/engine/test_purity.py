"""The rules stay pure: nothing under games/engine/, games/ai/, tournaments/pairing/,
tournaments/annual/, ratings/method/ or in campaigns/scoring.py may import Django, the other frameworks of
the site, or the site's own Django apps.

The files are read with ``ast``, not imported, so a forbidden import is found even in code
that is never run. Folders that do not exist yet are skipped.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# folder -> its own package, which it may of course import
PURE_PACKAGES = {
    "games/engine": "games.engine",
    "games/ai": "games.ai",
    "tournaments/pairing": "tournaments.pairing",
    "tournaments/annual": "tournaments.annual",
    "campaigns/scoring.py": "campaigns.scoring",
    "ratings/method": "ratings.method",
}
ALWAYS_ALLOWED = ("games.engine",)  # Archie and the pairing code may use the engine
FORBIDDEN_ROOTS = {
    # frameworks of the site
    "django", "rest_framework", "drf_spectacular", "drf_spectacular_sidecar", "template_partials",
    "celery", "kombu", "redis", "psycopg", "psycopg2", "dj_database_url", "dj_email_url", "whitenoise",
    # the site's own apps and project
    "games", "campaigns", "tournaments", "accounts", "ratings", "battlecry_site",
}


def module_of(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def absolute(node: ast.ImportFrom, path: Path, root: Path) -> str:
    """The absolute module name of a relative ``from ... import``."""
    if node.level == 0:
        return node.module or ""
    package = module_of(path, root).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
    return ".".join(base + ([node.module] if node.module else []))


def imported_modules(path: Path, root: Path = ROOT):
    """(line, module) for every import, including importlib.import_module("...") and __import__("...")."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = absolute(node, path, root)
            yield node.lineno, base
            for alias in node.names:  # "from games import models" imports games.models
                yield node.lineno, f"{base}.{alias.name}" if base else alias.name
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    yield node.lineno, arg.value


def is_forbidden(module: str, own_package: str) -> bool:
    root = module.split(".")[0]
    if root.startswith("django"):
        return True
    if root not in FORBIDDEN_ROOTS:
        return False
    for allowed in (own_package, *ALWAYS_ALLOWED):
        if module == allowed or module.startswith(allowed + "."):
            return False
    return True


def python_files(folder: str) -> list[Path]:
    path = ROOT / folder
    return [path] if path.is_file() else sorted(path.rglob("*.py"))


def existing_folders() -> list[str]:
    return [folder for folder in PURE_PACKAGES if (ROOT / folder).exists()]


def test_pure_packages_import_no_framework_and_no_site_app():
    folders = existing_folders()
    if not folders:
        pytest.skip("none of the pure folders exists yet")
    offences = []
    scanned = 0
    for folder in folders:
        for path in python_files(folder):
            scanned += 1
            for line, module in imported_modules(path):
                if is_forbidden(module, PURE_PACKAGES[folder]):
                    offences.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert offences == [], "pure code imports the site:\n" + "\n".join(offences)
    assert scanned > 0, f"no Python file found under {', '.join(folders)}"


def test_the_engine_is_a_package_once_it_exists():
    engine = ROOT / "games" / "engine"
    if not engine.is_dir():
        pytest.skip("games/engine does not exist yet")
    assert (engine / "__init__.py").is_file(), "games/engine must be a package (the games.engine facade)"


@pytest.mark.parametrize(
    "source, filename, forbidden",
    [
        ("import django", "games/engine/x.py", True),
        ("from django.db import models", "games/engine/x.py", True),
        ("import django_htmx", "games/engine/x.py", True),
        ("from games import models", "games/engine/x.py", True),
        ("from games.models import Match", "games/engine/x.py", True),
        ("from .. import services", "games/engine/x.py", True),
        ("from ..services import apply_action", "games/engine/x.py", True),
        ("import accounts.models", "tournaments/pairing/x.py", True),
        ("import importlib\nimportlib.import_module('django.conf')", "games/ai/x.py", True),
        ("import celery", "games/ai/x.py", True),
        ("from . import hexgrid", "games/engine/x.py", False),
        ("from .rules import combat", "games/engine/sub/x.py", False),
        ("from games.engine import Game", "games/ai/x.py", False),
        ("from games.ai.search import best", "games/ai/x.py", False),
        ("from tournaments.pairing.swiss import pair", "tournaments/pairing/x.py", False),
        ("from .anniversaries import ANNIVERSARIES", "tournaments/annual/x.py", False),
        ("from tournaments.models import Reminder", "tournaments/annual/x.py", True),
        ("import json, random, dataclasses", "games/engine/x.py", False),
    ],
)
def test_the_checker_itself(tmp_path, source, filename, forbidden):
    path = tmp_path / filename
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source)
    folder = next(f for f in PURE_PACKAGES if filename.startswith(f + "/"))
    found = any(is_forbidden(m, PURE_PACKAGES[folder]) for _, m in imported_modules(path, root=tmp_path))
    assert found is forbidden


SITE_FILES = ("games/board_svg.py", "games/services.py", "games/views", "games/models")


def site_files() -> list[Path]:
    out = []
    for name in SITE_FILES:
        path = ROOT / name
        out += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return out


def test_the_site_uses_only_the_engines_public_api():
    """Views, the board drawing, services and models import names from ``games.engine``
    itself (its ``__all__``), never from the modules inside it."""
    import games.engine

    public = set(games.engine.__all__)
    offences = []
    for path in site_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("games.engine"):
                names = {a.name for a in node.names}
                if node.module != "games.engine" or not names <= public:
                    offences.append(f"{path.relative_to(ROOT)}:{node.lineno} imports "
                                    f"{node.module}: {', '.join(sorted(names))}")
            elif isinstance(node, ast.Import):
                offences += [f"{path.relative_to(ROOT)}:{node.lineno} imports {a.name}"
                             for a in node.names if a.name.startswith("games.engine.")]
    assert offences == [], "the site reaches into the engine:\n" + "\n".join(offences)
