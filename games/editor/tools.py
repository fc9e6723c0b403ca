"""The editor's tools: each takes a draft's data, its board and the posted parameters, and
returns what it did in words and the fields it changed (new values). The data given is
never changed. Parameters are refused with :class:`EditRefused`, whose message a member
reads; the handlers are listed in :data:`TOOLS`, by the name the tray posts."""
from __future__ import annotations

import copy
from collections.abc import Callable, Mapping

from games.engine import BUILDING_DEFAULTS, BUILDING_NAMES, FULL_FIGURES, SIDE_NAMES, SIDES, TERRAIN, HexBoard

from . import rule_hexes
from .rule_hexes import hex_param
from .shape import HALVES, in_half, mirrored_direction, mirrored_hex, on_board

#: Longest name of a general, an objective or a special unit's slug.
MAX_NAME = 60
#: Hexes one stroke (a drag) may paint at once.
MAX_STROKE = 400


class EditRefused(ValueError):
    """An edit the draft cannot take; ``str()`` says why, for the member."""


Changes = dict
Result = tuple[str, Changes]


def parse_hexes(board: HexBoard, params: Mapping) -> list[tuple[int, int]]:
    """The hexes of a click (``col``, ``row``) or of a stroke (``hexes``: "c,r c,r ...")."""
    raw = params.get("hexes")
    if raw:
        pairs = str(raw).split()
        if len(pairs) > MAX_STROKE:
            raise EditRefused(f"A stroke paints at most {MAX_STROKE} hexes at once.")
        items = [p.split(",", 1) for p in pairs]
    else:
        items = [[params.get("col"), params.get("row")]]
    out: list[tuple[int, int]] = []
    for item in items:
        try:
            col, row = int(str(item[0])), int(str(item[1]))
        except (TypeError, ValueError, IndexError):
            raise EditRefused("Choose a hex on the board (a column and a row, whole numbers).") from None
        if not on_board(board, col, row):
            raise EditRefused(f"There is no hex ({col},{row}) on this board.")
        if (col, row) not in out:
            out.append((col, row))
    return out


def _name(params: Mapping, field: str, what: str) -> str:
    value = str(params.get(field) or "").strip()
    if len(value) > MAX_NAME:
        raise EditRefused(f"{what}: at most {MAX_NAME} characters.")
    if any(ord(ch) < 32 or ch in "<>" for ch in value):
        raise EditRefused(f"{what}: one line of plain text, without < or >.")
    return value


def _choice(params: Mapping, field: str, choices, what: str) -> str:
    value = params.get(field)
    if value not in choices:
        raise EditRefused(f"{what}: choose one of {', '.join(choices)}.")
    return str(value)


def _number(params: Mapping, field: str, low: int, high: int, what: str, default: int | None = None) -> int:
    raw = params.get(field)
    if (raw is None or raw == "") and default is not None:
        return default
    try:
        value = int(str(raw))
    except (TypeError, ValueError):
        raise EditRefused(f"{what}: a whole number from {low} to {high}.") from None
    if not low <= value <= high:
        raise EditRefused(f"{what}: a whole number from {low} to {high}.")
    return value


def _flag(params: Mapping, field: str) -> bool:
    return str(params.get(field, "")).lower() in ("1", "true", "on", "yes")


def _at(entry, key) -> bool:
    h = entry.get("hex") if isinstance(entry, dict) else None
    return isinstance(h, dict) and (h.get("col"), h.get("row")) == key


def _hexjson(key) -> dict:
    return {"col": key[0], "row": key[1]}


def _list(data, field) -> list:
    """The field's entries in a new list (the entries themselves are shared: a tool that
    changes one copies it first)."""
    value = data.get(field)
    return list(value) if isinstance(value, list) else []


def _where(hexes) -> str:
    return f"({hexes[0][0]},{hexes[0][1]})" if len(hexes) == 1 else f"{len(hexes)} hexes"


# -- the tools -------------------------------------------------------------------------------
def base_kinds() -> tuple[str, ...]:
    """The hex terrain kinds of the engine's terrain table, read when asked."""
    return tuple(k for k in sorted(TERRAIN) if not TERRAIN[k].obstacle)


def _obstacles() -> tuple[str, ...]:
    """The hexside kinds of the engine's terrain table (fence, entrenchment, fieldwork, and
    any the table gains), read when asked: a new kind joins the tray and this tool with no
    change to the editor."""
    return tuple(k for k in sorted(TERRAIN) if TERRAIN[k].obstacle)


def paint_terrain(data, board: HexBoard, params) -> Result:
    """Lay a base terrain kind (``open`` clears it) on the hexes, keeping their obstacles."""
    kind = _choice(params, "kind", base_kinds(), "Terrain")
    hexes = parse_hexes(board, params)
    obstacles = _obstacles()
    terrain = [t for t in _list(data, "terrain")
               if not (any(_at(t, h) for h in hexes) and t.get("kind") not in obstacles)]
    if kind != "open":
        terrain.extend({"hex": _hexjson(h), "kind": kind} for h in hexes)
    return f"{TERRAIN[kind].label} on {_where(hexes)}", {"terrain": terrain}


def paint_hexside(data, board: HexBoard, params) -> Result:
    """Put an obstacle on one side of the hexes, or take it off if it is there already (a
    side holds one obstacle: another one there is replaced)."""
    obstacles = _obstacles()
    kind = _choice(params, "kind", obstacles, "Hexside")
    side = _choice(params, "side", tuple(board.directions), "Side of the hex")
    hexes = parse_hexes(board, params)
    terrain = [dict(t, sides=list(t["sides"])) if isinstance(t, dict) and isinstance(t.get("sides"), list)
               else t for t in _list(data, "terrain")]
    removing = all(any(_at(t, h) and t.get("kind") == kind and isinstance(t.get("sides"), list)
                       and side in t["sides"] for t in terrain) for h in hexes)
    for h in hexes:
        for t in terrain:
            if _at(t, h) and t.get("kind") in obstacles and isinstance(t.get("sides"), list) \
                    and side in t["sides"]:
                t["sides"] = [s for s in t["sides"] if s != side]
        if not removing:
            mine = next((t for t in terrain if _at(t, h) and t.get("kind") == kind
                         and isinstance(t.get("sides"), list)), None)
            if mine is None:
                terrain.append({"hex": _hexjson(h), "kind": kind, "sides": [side]})
            else:
                mine["sides"].append(side)
    terrain = [t for t in terrain
               if not (isinstance(t, dict) and t.get("kind") in obstacles and t.get("sides") == [])]
    verb = "off" if removing else "on"
    return f"{TERRAIN[kind].label} {verb} the {side} side of {_where(hexes)}", {"terrain": terrain}


def place_unit(data, board: HexBoard, params) -> Result:
    side = _choice(params, "side", SIDES, "Side")
    kind = _choice(params, "kind", tuple(FULL_FIGURES), "Unit")
    full = FULL_FIGURES[kind]
    figures = _number(params, "figures", 1, full, "Figures", default=full)
    horse = _flag(params, "horse")
    if horse and kind != "artillery":
        raise EditRefused("Horse artillery: only an artillery unit can be horse artillery.")
    special = _name(params, "special", "Special unit")
    if special and not all(ch.islower() or ch.isdigit() or ch == "-" for ch in special):
        raise EditRefused("Special unit: a short name in lowercase letters, digits and hyphens "
                          "(vmi-cadets).")
    hexes = parse_hexes(board, params)
    units = [u for u in _list(data, "units") if not any(_at(u, h) for h in hexes)]
    for h in hexes:
        unit: dict = {"hex": _hexjson(h), "side": side, "kind": kind}
        if figures != full:
            unit["figures"] = figures
        if _flag(params, "green"):
            unit["green"] = True
        if kind == "infantry" and _flag(params, "not_fresh"):
            unit["fresh"] = False
        if horse:
            unit["horse"] = True
        if special:
            unit["special"] = special
        units.append(unit)
    return f"{SIDE_NAMES[side]} {kind} on {_where(hexes)}", {"units": units}


def place_general(data, board: HexBoard, params) -> Result:
    side = _choice(params, "side", SIDES, "Side")
    name = _name(params, "name", "General's name")
    hexes = parse_hexes(board, params)
    generals = [g for g in _list(data, "generals") if not any(_at(g, h) for h in hexes)]
    for h in hexes:
        general = {"hex": _hexjson(h), "side": side, "name": name or "General"}
        generals.append(general)
    return f"{SIDE_NAMES[side]} general on {_where(hexes)}", {"generals": generals}


def place_flag(data, board: HexBoard, params) -> Result:
    side = _choice(params, "side", SIDES, "Side that can capture it")
    flags = _number(params, "flags", 1, 20, "Flags it is worth", default=1)
    name = _name(params, "name", "Objective's name")
    hexes = parse_hexes(board, params)
    tokens = [o for o in _list(data, "flag_tokens") if not any(_at(o, h) for h in hexes)]
    for h in hexes:
        token: dict = {"kind": "objective", "hex": _hexjson(h), "side": side, "flags": flags}
        if name:
            token["name"] = name
        tokens.append(token)
    return f"Objective for the {SIDE_NAMES[side]} on {_where(hexes)}", {"flag_tokens": tokens}


#: The buildings tool's choices: a house or a town named, or the kind's own (a farm is a
#: house, a town a town), which leaves the file's entry without a ``buildings`` mark.
BUILDING_CHOICES = ("default", *BUILDING_NAMES)


def mark_buildings(data, board: HexBoard, params) -> Result:
    """Name what the house rule of buildings treats farm or town hexes as (docs/scenarios.md):
    ``house`` or ``town``, or ``default`` to take the mark off. Refused, naming the hexes,
    where a hex is neither a farm nor a town."""
    choice = _choice(params, "buildings", BUILDING_CHOICES, "Buildings")
    hexes = parse_hexes(board, params)
    terrain = _list(data, "terrain")
    found: dict[tuple[int, int], int] = {}
    for i, t in enumerate(terrain):
        if isinstance(t, dict) and t.get("kind") in BUILDING_DEFAULTS:
            found.update((h, i) for h in hexes if _at(t, h))
    missing = [h for h in hexes if h not in found]
    if missing:
        named = ", ".join(f"({c},{r})" for c, r in missing[:6]) + (" ..." if len(missing) > 6 else "")
        raise EditRefused(f"Buildings: only a farm or a town has buildings, and {named} "
                          f"{'is' if len(missing) == 1 else 'are'} neither; lay the terrain first.")
    for i in found.values():
        entry = {k: v for k, v in terrain[i].items() if k != "buildings"}
        if choice != "default":
            entry["buildings"] = choice
        terrain[i] = entry
    what = "as their kind" if choice == "default" else f"a {choice}"
    return f"Buildings {what} on {_where(hexes)}", {"terrain": terrain}


#: What the eraser can take off a hex, and the fields that hold it.
LAYERS = {"all": ("terrain", "units", "generals", "flag_tokens"), "terrain": ("terrain",),
          "units": ("units",), "generals": ("generals",), "flag_tokens": ("flag_tokens",)}


def erase(data, board: HexBoard, params) -> Result:
    layer = params.get("layer") or "all"
    if layer not in LAYERS:
        raise EditRefused(f"Erase: choose one of {', '.join(LAYERS)}.")
    hexes = parse_hexes(board, params)
    changes = {field: [e for e in _list(data, field) if not any(_at(e, h) for h in hexes)]
               for field in LAYERS[layer]}
    if layer == "all":              # everything: the hexes leave the special rules too
        rules = rule_hexes.without(rule_hexes.rules_of(data), set(hexes))
        if rules != rule_hexes.rules_of(data):
            changes["special_rules"] = rules
    return f"Erased {_where(hexes)}", changes


def mirror(data, board: HexBoard, params) -> Result:
    """Copy one half onto the other: across the centre column (``left``, ``right``: the
    sides stay), or turned half a turn (``top``, ``bottom``: each piece changes side, so
    both armies face the same ground). The other half is cleared first. The special rules'
    hexes go with the map (:func:`rule_hexes.mirrored`)."""
    half = _choice(params, "half", HALVES, "Mirror")
    target = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}[half]
    swap = half in ("top", "bottom")
    changes: dict = {}
    for field in ("terrain", "units", "generals", "flag_tokens"):
        kept, copies = [], []
        for e in _list(data, field):
            h = e.get("hex") if isinstance(e, dict) else None
            key = (h.get("col"), h.get("row")) if isinstance(h, dict) else None
            if key is None or not on_board(board, *key):        # (on_board checks the types)
                kept.append(e)
                continue
            if in_half(board, *key, target):
                continue                  # the half mirrored onto is drawn anew
            kept.append(e)
            if not in_half(board, *key, half):
                continue
            twin = copy.deepcopy(e)
            twin["hex"] = _hexjson(mirrored_hex(board, *key, half))
            if isinstance(twin.get("sides"), list):
                twin["sides"] = [mirrored_direction(board, d, half)
                                 if isinstance(d, str) and d in board.opposite else d
                                 for d in twin["sides"]]
            if swap and twin.get("side") in SIDES:
                twin["side"] = next(s for s in SIDES if s != twin["side"])
            copies.append(twin)
        changes[field] = kept + copies
    if isinstance(data.get("special_rules"), list):
        changes["special_rules"] = rule_hexes.mirrored(data, board, half, target)
    return f"Mirrored the {half} half onto the {target} half", changes


def rule_targets(data) -> list[tuple[str, str]]:
    """What the rule-hexes tool can pick hexes for, as (target, words): ``"i"`` for the
    hexes of special rule i, ``"i/g"`` for group g of a rule of groups, ``"i/new"`` for a
    group to add."""
    out = []
    for i, rule in enumerate(_list(data, "special_rules")):
        param = hex_param(rule)
        if param is None:
            continue
        words = f"{i + 1}. {str(rule['rule']).replace('_', ' ')}"
        if isinstance(rule.get("side"), str) and rule["side"] in SIDE_NAMES:
            words += f" ({SIDE_NAMES[rule['side']]})"
        if param == "hexes":
            out.append((str(i), words))
            continue
        groups = rule.get("groups") if isinstance(rule.get("groups"), list) else []
        out.extend((f"{i}/{g}", f"{words}, group {g + 1}") for g in range(len(groups)))
        out.append((f"{i}/new", f"{words}, a new group"))
    return out


def target_hexes(data, target) -> set[tuple[int, int]]:
    """The hexes already picked for ``target`` (to mark them on the board)."""
    try:
        _, rule, param, group = _target(data, target)
    except EditRefused:
        return set()
    listed = rule.get("hexes") if group is None else (
        rule["groups"][group] if group < len(rule["groups"]) else [])
    return {(h["col"], h["row"]) for h in (listed if isinstance(listed, list) else [])
            if isinstance(h, Mapping) and type(h.get("col")) is int and type(h.get("row")) is int}


def _target(data, target) -> tuple[int, dict, str, int | None]:
    """(the rule's index, the rule, its hex parameter, the group's index or None) named by
    ``target``."""
    rules = _list(data, "special_rules")
    head, _, tail = str(target or "").partition("/")
    if not head.isdigit() or int(head) >= len(rules) or hex_param(rules[int(head)]) is None:
        raise EditRefused("Rule hexes: choose one of the battle's special rules that names hexes "
                          "(add it under the battle's details first).")
    index = int(head)
    rule = rules[index]
    param = str(hex_param(rule))
    if param == "hexes":
        if tail:
            raise EditRefused("Rule hexes: that rule has no groups.")
        return index, rule, param, None
    groups = rule.get("groups") if isinstance(rule.get("groups"), list) else []
    if tail == "new":
        return index, rule, param, len(groups)
    if not tail.isdigit() or int(tail) >= len(groups):
        raise EditRefused("Rule hexes: choose one of the rule's groups, or a new group.")
    return index, rule, param, int(tail)


def pick_rule_hexes(data, board: HexBoard, params) -> Result:
    """Add the hexes to a special rule's hexes (or to one group of them), or take them out
    when every one is in already: a hex is picked, or unpicked, by clicking it."""
    index, rule, param, group = _target(data, params.get("target"))
    hexes = parse_hexes(board, params)
    rule = copy.deepcopy(rule)
    if param == "hexes":
        listed = rule.get("hexes") if isinstance(rule.get("hexes"), list) else []
    else:
        groups = rule.get("groups") if isinstance(rule.get("groups"), list) else []
        rule["groups"] = groups
        if group == len(groups):
            groups.append([])
        listed = groups[group] if isinstance(groups[group], list) else []
    picked = {(h.get("col"), h.get("row")) for h in listed if isinstance(h, Mapping)}
    removing = all(h in picked for h in hexes)
    if removing:
        listed = [h for h in listed if not (isinstance(h, Mapping) and (h.get("col"), h.get("row")) in hexes)]
    else:
        listed = listed + [_hexjson(h) for h in hexes if h not in picked]
    if param == "hexes":
        rule["hexes"] = listed
    else:
        rule["groups"][group] = listed
        rule["groups"] = [g for g in rule["groups"] if g != []] or [[]]
    rules = _list(data, "special_rules")
    rules[index] = rule
    what = f"special rule {index + 1} ({str(rule['rule']).replace('_', ' ')})" + (
        f", group {group + 1}" if group is not None else "")
    verb = "taken out of" if removing else "added to"
    return f"{_where(hexes)} {verb} the hexes of {what}", {"special_rules": rules}


ToolHandler = Callable[[dict, HexBoard, Mapping], Result]

#: The tray's tools by the name it posts.
TOOLS: dict[str, ToolHandler] = {
    "terrain": paint_terrain,
    "hexside": paint_hexside,
    "unit": place_unit,
    "general": place_general,
    "flag": place_flag,
    "erase": erase,
    "mirror": mirror,
    "rule": pick_rule_hexes,
    "buildings": mark_buildings,
}
