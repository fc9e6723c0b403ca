"""The scenarios shipped with the site, loaded once for engine tests."""
import functools
import json
import pathlib

from games.engine import load_scenario

FOLDER = pathlib.Path(__file__).resolve().parents[2] / "games" / "scenarios"
SLUGS = sorted(p.stem for p in FOLDER.glob("*.json") if p.stem != "schema")


@functools.cache
def shipped(slug):
    return load_scenario(json.loads((FOLDER / f"{slug}.json").read_text()))
