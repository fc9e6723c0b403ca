"""The scenarios shipped with the site, loaded once for engine tests."""
import functools
import json
import pathlib

from games.engine import load_scenario

FOLDER = pathlib.Path(__file__).resolve().parents[2] / "games" / "scenarios"
SLUGS = sorted(p.stem for p in FOLDER.glob("*.json") if p.stem != "schema")


#: The options a shipped battle's matches are played under, beyond the ruleset's defaults: a
#: battle laid out on two maps goes with the house rule of multi mapsets (docs/rulings.md H99).
TERMS: dict[str, dict] = {"gettysburg-picketts-charge-two-maps": {"multi_mapsets": True}}


@functools.cache
def shipped(slug):
    return load_scenario(json.loads((FOLDER / f"{slug}.json").read_text()))
