"""The hexes of a draft's special rules moved with the map: a region cleared takes its hexes
out of the rules, a region copied carries the rule hexes inside it and a paste makes them
join the same rule (the rule is added when the draft has none like it), and a mirrored half
mirrors the rule hexes it holds (docs/editor.md, "The tray"). The data given is never
changed: each function answers a new list of special rules."""
from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping

from games.engine import SIDES, SPECIAL_RULES, HexBoard

from .shape import in_half, mirrored_hex

#: The parameters of a special rule that are hexes picked on the map: a list of hexes, or a
#: list of groups of hexes (docs/scenarios.md, the special rules' table).
HEX_PARAMS = ("hexes", "groups")

Key = tuple[int, int]
#: The highest group a pasted hex may name (a clipboard is the member's own session data).
MAX_GROUP = 100


def _key(h) -> Key | None:
    if isinstance(h, Mapping) and type(h.get("col")) is int and type(h.get("row")) is int:
        return h["col"], h["row"]
    return None


def rules_of(data) -> list:
    value = data.get("special_rules") if isinstance(data, Mapping) else None
    return list(value) if isinstance(value, list) else []


def hex_param(rule) -> str | None:
    """Which of :data:`HEX_PARAMS` the special rule (an entry of ``special_rules``) takes,
    from the engine's declared rules; None for a rule without hexes."""
    name = rule.get("rule") if isinstance(rule, Mapping) else None
    params = SPECIAL_RULES.get(name, ()) if isinstance(name, str) else ()
    return next((p for p in HEX_PARAMS if p in params), None)


def listed(rule) -> list[tuple[int | None, list]]:
    """The rule's lists of hexes: (None, its hexes), or (g, group g) for a rule of groups."""
    param = hex_param(rule)
    if param == "hexes":
        return [(None, rule["hexes"])] if isinstance(rule.get("hexes"), list) else []
    if param == "groups" and isinstance(rule.get("groups"), list):
        return [(g, group) for g, group in enumerate(rule["groups"]) if isinstance(group, list)]
    return []


def identity(rule) -> dict:
    """The rule without its hexes: what a pasted or mirrored hex's rule is known by."""
    return {k: v for k, v in rule.items() if k not in HEX_PARAMS}


def _empty(rule: Mapping) -> dict:
    """A copy of the rule with no hexes picked yet."""
    param = hex_param(rule)
    return {**copy.deepcopy(identity(rule)), **({param: [] if param == "hexes" else [[]]} if param else {})}


def without(rules: list, hexes: set[Key]) -> list:
    """The rules with ``hexes`` taken out of their hexes (a group left empty is dropped)."""
    out = []
    for rule in rules:
        if not any(_key(h) in hexes for _, hs in listed(rule) for h in hs):
            out.append(rule)
            continue
        rule = copy.deepcopy(rule)
        if hex_param(rule) == "hexes":
            rule["hexes"] = [h for h in rule["hexes"] if _key(h) not in hexes]
        else:
            groups = [[h for h in g if _key(h) not in hexes] if isinstance(g, list) else g
                      for g in rule["groups"]]
            rule["groups"] = [g for g in groups if g != []] or [[]]
        out.append(rule)
    return out


def _add(rule: dict, group: int | None, hexes: Iterable[Key]) -> None:
    """Add the hexes (once each) to the rule's hexes, or to its group ``group`` (made when
    the rule has fewer groups). The rule is changed: give it a copy."""
    if group is None:
        if not isinstance(rule.get("hexes"), list):
            rule["hexes"] = []
        target = rule["hexes"]
    else:
        if not isinstance(rule.get("groups"), list):
            rule["groups"] = []
        groups = rule["groups"]
        if groups == [[]] and group > 0:
            group = 0
        while len(groups) <= group:
            groups.append([])
        if not isinstance(groups[group], list):
            groups[group] = []
        target = groups[group]
    have = {_key(h) for h in target}
    for key in hexes:
        if key not in have:
            target.append({"col": key[0], "row": key[1]})
            have.add(key)


def _tidy(rules: list) -> list:
    """The rules with the groups left empty between others dropped."""
    for rule in rules:
        if hex_param(rule) == "groups" and isinstance(rule.get("groups"), list) and [] in rule["groups"]:
            rule["groups"] = [g for g in rule["groups"] if g != []] or [[]]
    return rules


def _join(rules: list, wanted: dict) -> int:
    """The index of the rule known as ``wanted`` (added, with no hexes, when there is none)."""
    for i, rule in enumerate(rules):
        if isinstance(rule, Mapping) and identity(rule) == wanted:
            return i
    rules.append(_empty(wanted))
    return len(rules) - 1


def mirrored(data, board: HexBoard, half: str, target: str) -> list:
    """The special rules after ``half`` is mirrored onto ``target``: the rule hexes of the
    half mirrored onto are dropped, and each rule hex of ``half`` has its twin. Across the
    centre column the twin joins the same rule (and group); turned half a turn, the pieces
    change side, so a rule of one side has its twins in the same rule for the other side
    (added when the battle has none)."""
    drop = {(h.col, h.row) for h in board.hexes if in_half(board, h.col, h.row, target)}
    rules = [copy.deepcopy(r) for r in without(rules_of(data), drop)]
    swap = half in ("top", "bottom")
    for i in range(len(rules)):
        rule = rules[i]
        twins = [(g, [mirrored_hex(board, *k, half) for k in map(_key, hs)
                      if k is not None and in_half(board, *k, half)]) for g, hs in listed(rule)]
        twins = [(g, ks) for g, ks in twins if ks]
        if not twins:
            continue
        dest = i
        if swap and rule.get("side") in SIDES:
            other = next(s for s in SIDES if s != rule["side"])
            dest = _join(rules, {**identity(rule), "side": other})
        for g, keys in twins:
            _add(rules[dest], g, keys)
    return _tidy(rules)


def copied(data, hexes: set[Key], corner: Key) -> list[dict]:
    """The rule hexes inside a region, counted from its corner, each with its rule (without
    its hexes) and its group: the clipboard's ``rule_hexes``."""
    out = []
    for rule in rules_of(data):
        for g, hs in listed(rule):
            for key in map(_key, hs):
                if key in hexes:
                    out.append({"rule": copy.deepcopy(identity(rule)), "group": g,
                                "hex": {"col": key[0] - corner[0], "row": key[1] - corner[1]}})
    return out


def pasted(data, clipped, covered: set[Key], at: Key, on_board) -> tuple[list, list[str]]:
    """The special rules after a paste at ``at`` that covers ``covered``: the covered hexes
    leave their rules, and each copied rule hex that lands on the board joins its rule (the
    same rule and parameters; the rule is added when the draft has none). Also the names of
    the rules added."""
    rules = [copy.deepcopy(r) for r in without(rules_of(data), covered)]
    added = []
    for item in clipped if isinstance(clipped, list) else []:
        rule, key = item.get("rule") if isinstance(item, Mapping) else None, _key(item.get("hex"))
        if not isinstance(rule, Mapping) or key is None or hex_param(rule) is None:
            continue
        key = (at[0] + key[0], at[1] + key[1])
        if not on_board(*key):
            continue
        before = len(rules)
        i = _join(rules, dict(rule))
        if len(rules) > before:
            added.append(str(rule.get("rule")).replace("_", " "))
        group = item.get("group")
        if hex_param(rule) == "hexes":
            group = None
        elif not (type(group) is int and 0 <= group < MAX_GROUP):
            group = 0
        _add(rules[i], group, [key])
    return _tidy(rules), added
