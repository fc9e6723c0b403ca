"""Scenario files: parsing and validation (``load_scenario``).

The format is documented for club editors in ``docs/scenarios.md`` and described by
``games/scenarios/schema.json``.  ``load_scenario`` checks everything the schema
cannot: hexes on the board, one unit per hex, box limits, rough terrain, dates...
and reports every problem at once, each naming its field and hex.
"""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field

from ..core.errors import ScenarioError
from .hexgrid import BOARD, BOARD_WORDS, DIRECTIONS, WIDTHS, HexBoard, board_named
from .terrain import BASE_KINDS, BUILDING_DEFAULTS, BUILDING_NAMES, KINDS, OBSTACLES
from .units import BOX_LIMITS, FULL_FIGURES, SIDES, UNIT_KINDS

POSITIONS = ("top", "bottom")
#: The most flags any one number of a scenario may stand for: the flags to win, an
#: objective's worth, a special rule's flags.  It keeps every total a game can reach
#: small (docs/scenarios.md).
MAX_FLAGS = 20
#: The most special rules a scenario may carry (each may add flags).
MAX_RULES = 20

#: Special-rule hooks a scenario may name, with their required parameters.
SPECIAL_RULES: dict[str, tuple[str, ...]] = {
    "temporary_flags": ("side", "hexes"),
    "hold_together_flags": ("side", "groups", "flags"),
    "flank_clear_flags": ("side", "section", "flags"),
    "remove_card": ("card",),
    "hand_shrinks_per_flag_lost": ("side",),
    "los_clear": ("terrain",),
    "bridge_crossing_only": (),
    "unit_dice": ("special", "dice"),
    "sabers_hit_and_reroll": ("special",),
    "no_attack_on_entry": ("hexes",),
    "ignore_flag_on_hexes": ("side", "hexes"),
}

_LISTS = ("terrain", "units", "generals", "flag_tokens", "special_rules")
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class UnitSetup:
    id: str
    side: str
    kind: str
    hex: int
    figures: int
    green: bool = False
    fresh: bool = False
    horse: bool = False
    special: str | None = None


@dataclass(frozen=True)
class GeneralSetup:
    id: str
    side: str
    hex: int
    name: str = ""


@dataclass(frozen=True)
class Objective:
    hex: int
    side: str
    flags: int
    name: str = ""


@dataclass(frozen=True)
class Scenario:
    """A validated scenario: fixed description of one battle (never changes in play)."""

    data: dict
    slug: str
    name: str
    dates: tuple
    first_side: str
    positions: dict            # side -> "top" | "bottom"
    cards: dict                # side -> hand size
    flags: dict                # side -> flags to win
    territorial: dict          # side -> bool
    terrain: tuple             # per hex: base kind or None
    obstacles: tuple           # per hex: {direction: kind} or None
    units: tuple               # UnitSetup
    generals: tuple            # GeneralSetup
    objectives: tuple          # Objective
    special_rules: tuple = field(default_factory=tuple)
    board: HexBoard = BOARD    # the board it is played on (the file's ``board``)
    #: Per building hex (farm or town), "house" or "town": what the house rule of buildings
    #: (seed 002, L87-89) treats it as; a terrain entry's ``buildings`` names it, else the
    #: kind's default (:data:`~.terrain.BUILDING_DEFAULTS`).
    buildings: dict = field(default_factory=dict)

    def side_at(self, position: str) -> str:
        return next(s for s, p in self.positions.items() if p == position)


def _hex(board: HexBoard, value, where: str, errors: list) -> int | None:
    if not isinstance(value, dict) or not isinstance(value.get("col"), int) or not isinstance(
        value.get("row"), int
    ):
        errors.append(f"{where}: a hex must be {{\"col\": int, \"row\": int}}, got {value!r}")
        return None
    c, r = value["col"], value["row"]
    if not board.on_board(c, r):
        which = "the board" if board is BOARD else f"the {board.name} board"
        hint = ""
        if board is BOARD:
            fits = next((n for n in WIDTHS if n != board.name and board_named(n).on_board(c, r)), None)
            if fits is not None:
                hint = f'; a battle on {BOARD_WORDS[fits].split(",")[0]} says "board": "{fits}"'
        errors.append(f"{where}: hex ({c},{r}) is not on {which} ({board.describe()}){hint}")
        return None
    return board.hex_index(c, r)


def _date(value, where, errors):
    try:
        return _dt.date.fromisoformat(value)
    except (TypeError, ValueError):
        errors.append(f"{where}: {value!r} is not a valid date (YYYY-MM-DD)")
        return None


def load_scenario(data: dict) -> Scenario:
    """Parse and validate a scenario (a dict from JSON).

    Raises :class:`ScenarioError` listing every problem found.
    """
    errors: list[str] = []
    if not isinstance(data, dict):
        raise ScenarioError("the scenario must be a JSON object")
    shape = [f"{key}: must be a list of objects" for key in _LISTS
             if not isinstance(data.get(key, []), list)
             or not all(isinstance(x, dict) for x in data.get(key, []))]
    if shape:
        raise ScenarioError(shape)
    if data.get("format", 1) != 1:
        errors.append(f"format: unknown format version {data.get('format')!r} (expected 1)")
    slug = data.get("slug")
    if not isinstance(slug, str) or not _SLUG.match(slug):
        errors.append("slug: use lowercase letters, digits and hyphens, e.g. 'first-bull-run'")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        errors.append("name: the battle needs a name")
    dates = data.get("dates")
    parsed_dates = []
    if not isinstance(dates, list) or not dates:
        errors.append("dates: give at least one date, e.g. [\"1861-07-21\"]")
    else:
        for i, d in enumerate(dates):
            pd = _date(d, f"dates[{i}]", errors)
            if pd:
                parsed_dates.append(pd)

    board = BOARD
    size = data.get("board", "single")
    if size not in WIDTHS:
        errors.append(f"board: {size!r} is not a board size; write "
                      + " or ".join(f'"{n}" ({w})' for n, w in BOARD_WORDS.items()))
    else:
        board = board_named(size)

    sides = data.get("sides")
    positions, cards, flags, territorial = {}, {}, {}, {}
    if not isinstance(sides, dict) or set(sides) != set(SIDES):
        errors.append("sides: must name exactly 'union' and 'confederate'")
        sides = {}
    for s, info in sides.items():
        where = f"sides.{s}"
        if not isinstance(info, dict):
            errors.append(f"{where}: must be an object")
            continue
        pos = info.get("position")
        if pos not in POSITIONS:
            errors.append(f"{where}.position: must be 'top' or 'bottom', got {pos!r}")
        positions[s] = pos
        c = info.get("cards")
        if not isinstance(c, int) or not 1 <= c <= 10:
            errors.append(f"{where}.cards: the hand size must be a whole number from 1 to 10")
        cards[s] = c
        f = info.get("flags")
        if type(f) is not int or not 1 <= f <= MAX_FLAGS:
            errors.append(f"{where}.flags: flags to win must be a whole number from 1 to "
                          f"{MAX_FLAGS}, got {f!r}")
        flags[s] = f
        territorial[s] = bool(info.get("territorial", False))
    if len(positions) == 2 and set(positions.values()) != set(POSITIONS):
        errors.append("sides: one side must be at the top and the other at the bottom")
    std_flags = data.get("standard_flags")
    if std_flags is not None and not (
            isinstance(std_flags, dict) and set(std_flags) == set(SIDES)
            and all(type(v) is int and 1 <= v <= MAX_FLAGS for v in std_flags.values())):
        errors.append("standard_flags: give the flags each side needs under the standard rules, "
                      f'from 1 to {MAX_FLAGS}, e.g. {{"union": 6, "confederate": 6}}')
    first = data.get("first_side")
    if first not in SIDES:
        errors.append(f"first_side: must be 'union' or 'confederate', got {first!r}")

    terrain: list = [None] * board.size
    obstacles: list = [None] * board.size
    buildings: dict[int, str] = {}
    for i, t in enumerate(data.get("terrain", [])):
        where = f"terrain[{i}]"
        kind = t.get("kind") if isinstance(t, dict) else None
        h = _hex(board, t.get("hex") if isinstance(t, dict) else None, where + ".hex", errors)
        if kind not in KINDS:
            errors.append(f"{where}.kind: unknown terrain {kind!r} (known: {', '.join(sorted(KINDS))})")
            continue
        if h is None:
            continue
        at = f"{where} at {board.hexes[h]}"
        if kind in OBSTACLES:
            sides_ = t.get("sides")
            if not isinstance(sides_, list) or not sides_:
                errors.append(f"{at}: {kind} must name the hexsides it protects, e.g. [\"NE\", \"NW\"]")
                continue
            bad = [d for d in sides_ if d not in DIRECTIONS]
            if bad:
                errors.append(f"{at}.sides: {bad} are not hexsides (use {', '.join(DIRECTIONS)})")
                continue
            obs = dict(obstacles[h] or {})
            for d in sides_:
                if d in obs:
                    errors.append(f"{at}: side {d} already has a {obs[d]}")
                obs[d] = kind
            obstacles[h] = obs
        else:
            if "sides" in t:
                errors.append(f"{at}: {kind} is not a hexside obstacle and takes no 'sides'")
            if terrain[h] is not None:
                errors.append(f"{at}: the hex already holds {terrain[h]}; one terrain tile per hex")
                continue
            named = t.get("buildings", BUILDING_DEFAULTS.get(kind))
            if "buildings" in t and kind not in BUILDING_DEFAULTS:
                errors.append(f"{at}.buildings: only {' and '.join(sorted(BUILDING_DEFAULTS))} "
                              f"hexes are buildings, not {kind}")
            elif named is not None and named not in BUILDING_NAMES:
                errors.append(f"{at}.buildings: {named!r} is not 'house' or 'town'")
            elif named is not None:
                buildings[h] = named
            if kind != "open":
                terrain[h] = kind

    units: list[UnitSetup] = []
    unit_at: dict[int, str] = {}
    counts: dict = {s: {k: 0 for k in BOX_LIMITS} for s in SIDES}
    for i, u in enumerate(data.get("units", [])):
        where = f"units[{i}]"
        if not isinstance(u, dict):
            errors.append(f"{where}: must be an object")
            continue
        h = _hex(board, u.get("hex"), where + ".hex", errors)
        side, kind = u.get("side"), u.get("kind")
        if side not in SIDES:
            errors.append(f"{where}.side: must be 'union' or 'confederate', got {side!r}")
        if kind not in UNIT_KINDS:
            errors.append(f"{where}.kind: unknown unit {kind!r} (known: {', '.join(UNIT_KINDS)})")
        if h is None or side not in SIDES or kind not in UNIT_KINDS:
            continue
        at = f"{where} at {board.hexes[h]}"
        if h in unit_at:
            errors.append(f"{at}: two units on one hex ({unit_at[h]} is already there)")
        if terrain[h] is not None and KINDS[terrain[h]].impassable:
            errors.append(f"{at}: no unit may stand on {terrain[h]} terrain")
        full = FULL_FIGURES[kind]
        figs = u.get("figures", full)
        if not isinstance(figs, int) or not 1 <= figs <= full:
            errors.append(f"{at}.figures: a {kind} unit has 1 to {full} figures, got {figs!r}")
            figs = full
        if u.get("horse") and kind != "artillery":
            errors.append(f"{at}.horse: only artillery can be horse artillery")
        uid = f"u{len(units) + 1}"
        unit_at[h] = uid
        counts[side][kind] += 1
        units.append(UnitSetup(
            id=uid, side=side, kind=kind, hex=h, figures=figs,
            green=bool(u.get("green", False)),
            fresh=bool(u.get("fresh", kind == "infantry")),
            horse=bool(u.get("horse", False)),
            special=u.get("special") or None,
        ))
    generals: list[GeneralSetup] = []
    general_at: dict[int, str] = {}
    for i, g in enumerate(data.get("generals", [])):
        where = f"generals[{i}]"
        if not isinstance(g, dict):
            errors.append(f"{where}: must be an object")
            continue
        h = _hex(board, g.get("hex"), where + ".hex", errors)
        side = g.get("side")
        if side not in SIDES:
            errors.append(f"{where}.side: must be 'union' or 'confederate', got {side!r}")
            continue
        if h is None:
            continue
        at = f"{where} at {board.hexes[h]}"
        if h in general_at:
            errors.append(f"{at}: two generals on one hex")
        occupant = unit_at.get(h)
        if occupant and next(u.side for u in units if u.id == occupant) != side:
            errors.append(f"{at}: a general cannot stand with an enemy unit")
        gid = f"g{len(generals) + 1}"
        general_at[h] = gid
        counts[side]["general"] += 1
        generals.append(GeneralSetup(id=gid, side=side, hex=h, name=str(g.get("name", ""))))
    for s in SIDES:
        for k, limit in BOX_LIMITS.items():
            if counts[s][k] > limit * board.boxes:
                errors.append(f"units: {s} has {counts[s][k]} {k} units; " + (
                    f"the box holds {limit}" if board.boxes == 1
                    else f"the {board.boxes} boxes of a {board.name} board hold {limit * board.boxes}"))
        if sides and not any(isinstance(u, dict) and u.get("side") == s
                             for u in data.get("units", [])):
            errors.append(f"units: {s} has no units")

    objectives: list[Objective] = []
    for i, f in enumerate(data.get("flag_tokens", [])):
        where = f"flag_tokens[{i}]"
        if not isinstance(f, dict) or f.get("kind") != "objective":
            errors.append(f"{where}.kind: flag tokens on the map are objectives ('objective'); "
                          "special units carry 'special' instead")
            continue
        h = _hex(board, f.get("hex"), where + ".hex", errors)
        side = f.get("side")
        if side not in SIDES:
            errors.append(f"{where}.side: the side that can capture it, 'union' or 'confederate'")
            continue
        val = f.get("flags", 1)
        if type(val) is not int or not 1 <= val <= MAX_FLAGS:
            errors.append(f"{where}.flags: an objective is worth a whole number of flags from 1 "
                          f"to {MAX_FLAGS}, got {val!r}")
            continue
        if h is not None and any(o.hex == h for o in objectives):
            errors.append(f"{where}.hex: one flag token per hex")
        elif h is not None:
            objectives.append(Objective(hex=h, side=side, flags=val, name=str(f.get("name", ""))))
    for s, is_terr in territorial.items():
        if is_terr and not any(o.side == s for o in objectives):
            errors.append(f"sides.{s}.territorial: {s} needs at least one objective hex to hold")

    rules = []
    if isinstance(data.get("special_rules"), list) and len(data["special_rules"]) > MAX_RULES:
        errors.append(f"special_rules: at most {MAX_RULES} special rules, got "
                      f"{len(data['special_rules'])}")
    for i, r in enumerate(data.get("special_rules", [])):
        where = f"special_rules[{i}]"
        name_ = r.get("rule") if isinstance(r, dict) else None
        if name_ not in SPECIAL_RULES:
            errors.append(f"{where}.rule: unknown special rule {name_!r} "
                          f"(known: {', '.join(sorted(SPECIAL_RULES))})")
            continue
        missing = [p for p in SPECIAL_RULES[name_] if p not in r]
        if missing:
            errors.append(f"{where}: {name_} needs {', '.join(missing)}")
            continue
        if "side" in r and r["side"] not in SIDES:
            errors.append(f"{where}.side: must be 'union' or 'confederate'")
            continue
        if "terrain" in r and r["terrain"] not in BASE_KINDS:
            errors.append(f"{where}.terrain: unknown terrain {r['terrain']!r}")
            continue
        bad = [k for k in ("flags", "flags_per_hex") if k in r
               and (type(r[k]) is not int or not 1 <= r[k] <= MAX_FLAGS)]
        if bad:
            errors.extend(f"{where}.{k}: {name_} gives a whole number of flags from 1 to "
                          f"{MAX_FLAGS}, got {r[k]!r}" for k in bad)
            continue
        parsed = dict(r)
        if "groups" in r:
            groups = []
            for gi, group in enumerate(r["groups"] if isinstance(r["groups"], list) else []):
                hs = [_hex(board, x, f"{where}.groups[{gi}][{j}]", errors) for j, x in enumerate(group)]
                groups.append(tuple(h for h in hs if h is not None))
            if not groups or not all(groups):
                errors.append(f"{where}.groups: give one or more non-empty lists of hexes")
            parsed["groups"] = tuple(groups)
        if "hexes" in r:
            hs = [_hex(board, x, f"{where}.hexes[{j}]", errors) for j, x in enumerate(r["hexes"])]
            parsed["hexes"] = tuple(h for h in hs if h is not None)
            if len(set(parsed["hexes"])) != len(parsed["hexes"]):
                errors.append(f"{where}.hexes: name each hex once")
        rules.append(parsed)

    if errors:
        raise ScenarioError(errors)
    return Scenario(
        data=data, slug=str(slug), name=str(name), dates=tuple(parsed_dates), first_side=str(first),
        positions=positions, cards=cards, flags=flags, territorial=territorial,
        terrain=tuple(terrain), obstacles=tuple(obstacles), units=tuple(units),
        generals=tuple(generals), objectives=tuple(objectives), special_rules=tuple(rules),
        board=board, buildings=buildings,
    )

