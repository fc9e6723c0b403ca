"""Campaign files (``campaigns/campaigns/<slug>.json``): reading and checking them.

A file is checked against ``schema.json`` and against the scenarios it names: each must
be known (``scenario_slugs``), and every scenario must field a Union and a Confederate
army so that each seat can keep its army from battle to battle.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from jsonschema import Draft202012Validator
from games.engine import SIDES

CAMPAIGN_DIR = Path(__file__).resolve().parent / "campaigns"
SCHEMA_PATH = CAMPAIGN_DIR / "schema.json"


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def campaign_files(paths=()) -> list[Path]:
    """The campaign files among ``paths`` (files or folders; default: the shipped folder)."""
    files: list[Path] = []
    for raw in paths or [CAMPAIGN_DIR]:
        path = Path(raw)
        if path.is_dir():
            files.extend(p for p in sorted(path.glob("*.json")) if p.name != "schema.json")
        elif path.is_file():
            files.append(path)
        else:
            raise FileNotFoundError(f"{raw}: no such file or folder")
    return files


def campaign_errors(data, scenarios: dict) -> list[str]:
    """Every problem with a campaign's data; ``scenarios`` maps each known scenario slug to
    its scenario data (the ``sides`` are read from it)."""
    if not isinstance(data, dict):
        return ["file: a campaign file is one JSON object ({ ... })"]
    problems = []
    for err in sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        where = ".".join(str(p) for p in err.absolute_path) or "file"
        problems.append(f"{where}: {err.message}")
    for i, slug in enumerate(data.get("battles") or []):
        if not isinstance(slug, str):
            continue
        scenario = scenarios.get(slug)
        if scenario is None:
            problems.append(f"battles.{i}: no scenario {slug!r} is loaded")
            continue
        sides = scenario.get("sides") or {}
        if set(sides) != set(SIDES):
            problems.append(f"battles.{i}: {slug!r} does not field a Union and a Confederate army")
    return problems


def read_campaign(path: Path, scenarios: dict) -> tuple[dict | None, list[str]]:
    """The file's data and its problems, each prefixed with the file's name."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        return None, [f"{path.name}: the file is not UTF-8 text"]
    except json.JSONDecodeError as exc:
        return None, [f"{path.name}: not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"]
    problems = campaign_errors(data, scenarios)
    if not problems and data["slug"] != path.stem:
        problems.append(f"slug: {data['slug']!r} must be the file's name without .json ({path.stem!r})")
    return data, [f"{path.name}: {p}" for p in problems]
