"""Registering the toy's rules and kit (both under tests/) is all it takes to play it on the
site: no file outside tests/ names its ruleset or its scenario format, in code (a string
literal) or quoted in a template, a setting or a document."""
from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

from .rules import TOY

ROOT = Path(__file__).resolve().parents[2]
TEXT = (".py", ".html", ".txt", ".md", ".json", ".js", ".css", ".toml", ".ini", ".cfg", ".yml", ".yaml")


def _files():
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.split()
    for rel in listed:
        if not rel.startswith("tests/") and rel.endswith(TEXT) and (ROOT / rel).is_file():
            yield rel, (ROOT / rel).read_text(encoding="utf-8", errors="replace")


def mentions(names: set[str]) -> list[str]:
    quoted = re.compile(r"""["'`](%s)["'`]""" % "|".join(map(re.escape, names)))
    word = re.compile(r"\b(%s)\b" % "|".join(map(re.escape, names)))
    found = []
    for rel, text in _files():
        if rel.endswith(".py"):
            found += [f"{rel}:{node.lineno}: {node.value!r}" for node in ast.walk(ast.parse(text))
                      if isinstance(node, ast.Constant) and isinstance(node.value, str)
                      and (node.value in names or (len(node.value) < 40 and word.search(node.value)))]
        found += [f"{rel}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
                  for m in quoted.finditer(text)]
    return found


def test_no_file_outside_the_tests_names_the_toy_s_ruleset_or_scenario_format():
    names = {TOY.name, TOY.scenario_format}
    assert mentions(names) == []


def test_the_check_finds_a_name_written_in_code_or_quoted():
    assert mentions({"advanced"}) != []          # the default ruleset is named in its own package
