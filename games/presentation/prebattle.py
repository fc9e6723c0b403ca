"""The campaign pre-battle steps in words: their prompts, choices and log lines.

Kept apart from choices.py and log.py, which call in here for the pre-battle phases and
events (games/engine/battlecry/advanced/prebattle.py holds the rules)."""
from __future__ import annotations

from collections.abc import Callable
from games.engine import side_name

PHASES = ("prebattle_roll", "prebattle_loss", "prebattle_retreat")


def describe(e: dict, unit: Callable[[str], str], hex_label: Callable) -> str | None:
    """A pre-battle event in plain words; None if ``e`` is not one."""
    t = e["type"]
    side, by = side_name(e.get("side")), side_name(e.get("by"))
    if t == "prebattle_roll":
        n = e["dice"]
        return f"Pre-battle dice: the {side} player rolled {n} {'die' if n == 1 else 'dice'}."
    if t == "prebattle_loss":
        return (f"Pre-battle dice: {unit(e['unit'])} lost a figure to the {by} roll "
                f"({e['figures_left']} left).")
    if t == "prebattle_retreat":
        return f"Pre-battle dice: {unit(e['unit'])} must fall back a hex (the {by} roll)."
    if t == "prebattle_no_effect":
        return (f"Pre-battle dice: the {by} {e['face']} result has no {side} target left; "
                "no effect.")
    if t == "prebattle_hand":
        if e.get("short"):
            return (f"The {side} player starts with {e['cards']} command card{'s' if e['cards'] != 1 else ''}, "
                    f"{e['short']} short, and draws 2 at the end of each turn until the hand is full.")
        return None
    return None


def choices(ch, phase: str, legal: list, units: dict, unit_label, key_of, act_button, select_link,
            selected) -> None:
    """Fill the page's choices for a pre-battle decision (clicks on the board and buttons)."""
    if phase == "prebattle_roll":
        ch.prompt = "Before the battle: roll your campaign dice against the enemy army."
        ch.group("Your roll", [act_button("Roll the pre-battle dice", a) for a in legal])
        return
    if phase == "prebattle_loss":
        kind = units.get(legal[0]["unit"], {}).get("kind", "") if legal else ""
        ch.prompt = f"Pre-battle dice: choose which of your {kind} units loses a figure."
        buttons = []
        for a in legal:
            u = units.get(a["unit"])
            if u:
                key = key_of(u["hex"])
                ch.light("eligible", key)
                ch.clicks[key] = {"action": a}
                buttons.append(act_button(f"Remove a figure from {unit_label(a['unit'])}", a))
        ch.group("Which unit?", buttons)
        return
    ch.prompt = ("Pre-battle dice: choose one of your units to fall back a hex (each unit only once). "
                 "A unit that cannot fall back loses a figure instead.")
    by_unit: dict = {}
    for a in legal:
        by_unit.setdefault(a["unit"], []).append(a)
    pick = []
    for uid, acts in by_unit.items():
        u = units.get(uid)
        if not u:
            continue
        key = key_of(u["hex"])
        ch.light("eligible", key)
        if key != selected:
            ch.clicks[key] = {"select": key}
        pick.append(select_link(f"Select {unit_label(uid)}", key))
        if key == selected:
            buttons = []
            for a in acts:
                to = key_of(a["to"])
                ch.light("reachable", to)
                ch.clicks[to] = {"action": a}
                label = "Stay and lose a figure" if to == key else "Fall back to the highlighted hex"
                buttons.append(act_button(f"{label} ({a['to']['col']},{a['to']['row']})", a))
            ch.group(f"Fall back: {unit_label(uid)}", buttons)
    ch.group("Units that may fall back", pick)
