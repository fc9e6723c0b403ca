"""The site never tests a ruleset's name: what differs between rulesets is declared by the
ruleset (its options, cards, terrain, scenario format) or read by its own kit, so a
ruleset registered tomorrow works on every page without an edit to the site."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from games.engine import rulesets

ROOT = Path(__file__).resolve().parents[2]
#: Where site code lives (Python and templates).
SITE = ("games", "campaigns", "tournaments", "accounts", "ratings", "battlecry_site", "templates")
#: Where a ruleset's name belongs: the engine (each ruleset's own package), and the kits
#: that carry what one kind of game brings to the site.
OWN = ("games/engine/", "games/kits/battlecry.py")
#: Still keyed by ruleset name, to move into the rulesets' kits: the phase words and
#: Archie's dice table.
NOT_YET = ("games/presentation/words.py",)


def _site_files():
    for top in SITE:
        for path in sorted((ROOT / top).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if (path.suffix not in (".py", ".html", ".txt") or "/migrations/" in rel
                    or rel.startswith(OWN + NOT_YET)):
                continue
            yield rel, path


def _python_literals(source: str) -> list[tuple[int, str]]:
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def names_in_site_code(names) -> list[str]:
    found = []
    quoted = re.compile(r"""["'](%s)["']""" % "|".join(map(re.escape, names)))
    for rel, path in _site_files():
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".py":
            found += [f"{rel}:{line}: {value!r}" for line, value in _python_literals(text) if value in names]
        else:
            found += [f"{rel}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
                      for m in quoted.finditer(text)]
    return found


def test_no_registered_ruleset_is_named_in_site_code():
    names = set(rulesets())
    assert len(names) >= 2
    assert names_in_site_code(names) == [], (
        "site code names a ruleset: declare the difference on the ruleset (or its kit) and "
        "use DEFAULT_RULESET for a default")


def test_the_check_finds_a_name():
    assert _python_literals('if game.ruleset == "advanced":\n    pass\n') == [(1, "advanced")]
    assert any(rel == "games/views/rules.py" for rel, _ in _site_files())
    assert not any(rel.startswith("games/engine/") for rel, _ in _site_files())
