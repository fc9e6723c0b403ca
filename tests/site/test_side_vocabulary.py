"""One side vocabulary (games/engine/battlecry/sides.py, re-exported by ``games.engine``): the
code writes neither the two sides, nor their names, nor "the other side" by hand anywhere else."""
from __future__ import annotations

import ast
from pathlib import Path

from games.engine import CONFEDERATE, SIDE_NAMES, SIDES, UNION, other, side_name

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "campaigns", "tournaments", "accounts", "battlecry_site")
HOME = ROOT / "games" / "engine" / "battlecry" / "sides.py"
KEYS = {UNION, CONFEDERATE}
WORDS = KEYS | {"Union", "Confederate", "Confederacy", ""}


def _text(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def hand_written(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.IfExp) and {_text(node.body), _text(node.orelse)} == KEYS \
                and isinstance(node.test, ast.Compare) \
                and any(_text(x) in KEYS for x in [node.test.left, *node.test.comparators]):
            found.append((node.lineno, "the other side, inline: use other()"))
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)) and len(node.elts) == 2 \
                and {_text(x) for x in node.elts} == KEYS:
            found.append((node.lineno, "the two sides written out: use SIDES"))
        elif isinstance(node, ast.Dict) and KEYS <= {_text(k) for k in node.keys if k is not None} \
                and all(_text(v) in WORDS for v in node.values):
            found.append((node.lineno, "side names or other sides written out: use SIDE_NAMES / other()"))
        elif isinstance(node, ast.Tuple) and len(node.elts) == 2 and _text(node.elts[0]) in KEYS \
                and _text(node.elts[1]) in WORDS - KEYS:
            found.append((node.lineno, "a side's name written out: use SIDE_NAMES"))
        elif isinstance(node, ast.FunctionDef) and node.name == "other":
            found.append((node.lineno, "another other(): import it"))
        elif "Confederacy" in (_text(node) or ""):
            found.append((node.lineno, "the side's name is Confederate"))
    return found


def test_the_side_vocabulary_is_written_once():
    problems = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts or path == HOME:
                continue
            tree = ast.parse(path.read_text(), filename=str(path))
            problems += [f"{path.relative_to(ROOT)}:{line}: {why}" for line, why in hand_written(tree)]
    assert problems == []


def test_the_check_finds_what_it_looks_for():
    code = ('a = "confederate" if side == "union" else "union"\n'
            'SIDES = ("union", "confederate")\n'
            'NAMES = {"union": "Union", "confederate": "Confederacy"}\n'
            'def other(side):\n    return side\n')
    assert len(hand_written(ast.parse(code))) == 5      # the Confederacy string counts too


def test_the_vocabulary():
    assert SIDES == ("union", "confederate")
    assert [SIDE_NAMES[s] for s in SIDES] == ["Union", "Confederate"]
    assert other("union") == "confederate" and other("confederate") == "union"
    assert side_name(None) == "" and side_name("confederate") == "Confederate"
