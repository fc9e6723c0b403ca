"""Options are declared once, by their ruleset (games/engine/core/options.py): site code
outside the engine never names one. Forms, API fields, pages and the services' checks are
built from the declarations (games/option_fields.py, games/api/options.py,
games/presentation/options.py), and what a page or task needs to know about the options in
force is asked of the ruleset (``victory_for``, ``site_steps``).

A name counts where Python code writes it as a string (a whole word in the string: the phase
``"nightfall"`` counts, the task ``"games.nightfall_check"`` and the action
``"end_by_nightfall"`` do not, being other names); the name of an option members choose also
counts as an identifier (``match.nightfall``, ``nightfall=True``) and, with its label, in a
template. An option the site sets itself (``chosen_on`` empty) counts where code uses its
name as an options key: ``options["archie"]``, ``options.get("archie")``, a mapping of
option names (``PREBATTLE_OPTION = {...}``), ``option.name == "archie"``; elsewhere its name
may be a word of the site's own (``archie`` is the computer opponent's name, its variables,
its API fields), which is not the option. Comments and docstrings are not code and are not
read; tests may name options.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from games.engine import RULESETS
from tests.budget import REGISTERED_BY_TESTS

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "campaigns", "tournaments", "accounts", "battlecry_site")
SKIPPED_DIRS = ("games/engine/", "/migrations/")

#: What may name an option, and why; each entry is (path, option name).
EXEMPT = {
    # The presentation layer's per-ruleset words: the words of each phase a ruleset declares
    # (Nightfall's phase is called like its option) and of the reasons its games end.
    ("games/presentation/battlecry.py", "nightfall"),
    # The old top-level API field, kept so that existing clients keep working: accepted and
    # mapped into ``options``, still answered. The one list of such fields is
    # games/api/options.py's LEGACY_TOP_LEVEL; no other option gets a top-level field.
    ("games/api/options.py", "nightfall"),
    ("games/api/serializers.py", "nightfall"),
    ("tournaments/api/serializers.py", "nightfall"),
    # The seats Archie holds reach a Battle Cry engine as its ``archie`` option (set by the
    # ruleset from ``Game.new(..., computer_seats=...)``, games/engine/battlecry/seating.py);
    # Battle Cry's log words and Archie's Battle Cry evaluation read it back, and the solo
    # page quotes that option's description for each ruleset but the default.
    ("games/presentation/log.py", "archie"),
    ("games/ai/evaluation.py", "archie"),
    ("games/views/solo.py", "archie"),          # each ruleset's words for Archie's side
    # Archie's Battle Cry evaluation weighs a unit as the house rules in force make it: six
    # figures to a full infantry unit, the profiles' dice (docs/rulings.md H52-H55).
    ("games/ai/evaluation.py", "icon_firepower"),
    ("games/ai/evaluation.py", "six_figure_infantry"),
    ("games/ai/evaluation.py", "artillery_profile"),
    ("games/ai/evaluation.py", "cavalry_profile"),
}


def declared(public_only: bool = False) -> dict[str, set[str]]:
    """Every option name of every registered ruleset (only those members choose, with
    ``public_only``), with the labels members read (of the options chosen on forms).

    The options of a ruleset the tests define (tests/budget.py, ``REGISTERED_BY_TESTS``)
    count as the options the site sets itself: only where code uses them as an options key.
    Their names are plain words ("turns") that the site's sentences use in their own sense,
    and no site file names such a ruleset at all (tests/toy)."""
    out: dict[str, set[str]] = {}
    for name, rules in RULESETS.items():
        for option in rules.options:
            if option.public and name not in REGISTERED_BY_TESTS:
                out.setdefault(option.name, set()).add(option.label)
            elif not public_only:
                out.setdefault(option.name, set())
    return out


def _word(name: str) -> re.Pattern:
    return re.compile(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])")


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and node.body and isinstance(node.body[0], ast.Expr) \
                and isinstance(node.body[0].value, ast.Constant):
            ids.add(id(node.body[0].value))
    return ids


def _optionish(node: ast.AST) -> bool:
    return "option" in ast.unparse(node).lower()


def key_uses(tree: ast.AST, names: set[str]) -> list[tuple[int, str]]:
    """Where a name is used as an options key (see the module's docstring)."""
    def named(node) -> str | None:
        ok = isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names
        return node.value if ok else None

    found = []
    for node in ast.walk(tree):
        keys: list = []
        if isinstance(node, ast.Subscript) and _optionish(node.value):
            keys = [node.slice]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("get", "pop", "setdefault") and node.args \
                and _optionish(node.func.value):
            keys = [node.args[0]]
        elif isinstance(node, ast.Compare) and any(
                isinstance(x, ast.Attribute) and x.attr == "name" for x in [node.left, *node.comparators]):
            keys = [node.left, *node.comparators]
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_optionish(t) for t in targets):
                keys = list(ast.walk(node.value))
        found += [(node.lineno, n) for n in map(named, keys) if n]
    return found


def python_hits(tree: ast.AST, names: dict[str, set[str]],
                identifiers: frozenset[str] | None = None) -> list[tuple[int, str]]:
    """Strings and identifiers naming any of ``names``; with ``identifiers`` given, the other
    names count only as options keys (:func:`key_uses`)."""
    if identifiers is not None:
        private = set(names) - identifiers
        public = {n: names[n] for n in identifiers if n in names}
        return sorted(set(python_hits(tree, public) + key_uses(tree, private)))
    idents = set(names)
    docs = _docstrings(tree)
    patterns = {name: _word(name) for name in names}
    found = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            words = [n for n, p in patterns.items() if p.search(node.value)]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.keyword) and node.arg:
            words = [node.arg]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words = [node.name]
        elif isinstance(node, ast.arg):
            words = [node.arg]
        if not isinstance(node, ast.Constant):
            words = [w for w in words if w in idents]
        found += [(getattr(node, "lineno", 0), w) for w in words if w in names]
    return found


def template_hits(text: str, names: dict[str, set[str]]) -> list[tuple[int, str]]:
    found = []
    for lineno, line in enumerate(text.splitlines(), 1):
        for name, labels in names.items():
            if _word(name).search(line) or any(_word(label).search(line) for label in labels):
                found.append((lineno, name))
    return found


def site_files(suffix: str):
    roots = [ROOT / p for p in PACKAGES] + ([ROOT / "templates"] if suffix == ".html" else [])
    for root in roots:
        for path in sorted(root.rglob(f"*{suffix}")):
            rel = path.relative_to(ROOT).as_posix()
            if not any(s in f"/{rel}" or rel.startswith(s) for s in SKIPPED_DIRS):
                yield rel, path


def hits() -> list[tuple[str, int, str]]:
    names, public = declared(), declared(public_only=True)
    out = []
    for rel, path in site_files(".py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        out += [(rel, line, name) for line, name in python_hits(tree, names, frozenset(public))]
    for rel, path in site_files(".html"):
        out += [(rel, line, name) for line, name in template_hits(path.read_text(encoding="utf-8"), public)]
    return out


def offences() -> list[str]:
    return [f"{rel}:{line} names the option {name!r}" for rel, line, name in hits()
            if (rel, name) not in EXEMPT]


def test_site_code_never_names_a_declared_option():
    found = offences()
    assert found == [], ("options are declared by their ruleset; ask the declaration "
                         "(games/option_fields.py, games/presentation/options.py):\n" + "\n".join(found))


def test_the_check_sees_an_option_named_in_code_or_a_template():
    names = {"nightfall": {"Nightfall"}}
    tree = ast.parse('"""Nightfall docs: nightfall."""\n'
                     'x = match.nightfall\nf(nightfall=True)\nd["nightfall"]\n'
                     'queue("games.nightfall_check")\nkind = "end_by_nightfall"\n')
    assert sorted(python_hits(tree, names)) == [(2, "nightfall"), (3, "nightfall"), (4, "nightfall")]
    assert template_hits("{% if m.options %}\n with Nightfall\n", names) == [(2, "nightfall")]
    # a name the site sets itself counts only as a string
    tree = ast.parse('archie = side\nctx = {"archie": 1}\noptions.get("archie")\nstate["options"]["archie"]\n'
                     'OPTION = {"u": "archie"}\nif o.name == "archie": pass\n')
    assert python_hits(tree, {"archie": set()}, frozenset()) == [(3, "archie"), (4, "archie"),
                                                                  (5, "archie"), (6, "archie")]


def test_every_exemption_is_still_needed():
    assert EXEMPT - {(rel, name) for rel, _, name in hits()} == set()
