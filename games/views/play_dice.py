"""The dice of the game page: each roll's faces, which of them hit, and the result in words.

Read from the (already redacted) log events only.  Which face hits follows the printed
dice table: a unit's own symbol hits it, sabres hit in melee and on a fresh unit's first
fire, a flag makes it retreat; against a lone general, sabres and cavalry hit.  The totals
in words are the engine's own (``hits``, ``flags``, ``flags_ignored``), so a special rule
that adds hits is counted even where no single die shows it.
"""
from __future__ import annotations

from django.utils.html import format_html
from games.engine import side_name

FACE_NAMES = {"flag": "flag", "swords": "sabres", "cavalry": "cavalry", "artillery": "artillery",
              "infantry": "infantry"}
#: How many rolls the strip beside the board keeps.
STRIP = 6


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def _marks(e: dict) -> list[str]:
    """'hit', 'flag' or '' for each die of an attack event."""
    rolls = e.get("rolls") or []
    if e["type"] == "attack" and e.get("target_kind") == "general":
        return ["hit" if f in ("swords", "cavalry") else "" for f in rolls]
    if e["type"] != "attack":
        return [""] * len(rolls)
    swords_hit = bool(e.get("melee") or e.get("fresh"))
    out = []
    for f in rolls:
        if f == e.get("target_kind") or (f == "swords" and swords_hit):
            out.append("hit")
        elif f == "flag":
            out.append("flag")
        else:
            out.append("")
    return out


def result_words(e: dict) -> str:
    """'2 hits, 1 retreat' and the like."""
    t = e["type"]
    if t == "attack" and e.get("target_kind") == "general":
        return "the general is hit" if e.get("hits") else "the general is missed"
    if t in ("general_attacked", "sharpshooter"):
        return "the general is hit" if e.get("killed") else "missed"
    if t == "order_roll":
        return "rolled for orders"
    if t == "reroll":
        return "sabres rerolled"
    if t == "prebattle_roll":
        return "pre-battle dice: each symbol hurts the other side"
    hits = int(e.get("hits") or 0)
    parts = [_plural(hits, "hit") if hits else "no hit"]
    flags = int(e.get("flags") or 0)
    ignored = len(e.get("flags_ignored") or [])
    if flags - ignored > 0:
        parts.append(_plural(flags - ignored, "retreat"))
    if ignored:
        parts.append(_plural(ignored, "flag") + " ignored")
    return ", ".join(parts)


_MARK_WORDS = {"hit": ("hit", ": hit", " (hit)"), "flag": ("flag", ": retreat", " (retreat)"),
               "": ("", "", "")}


def die_html(face: str, name: str, mark: str) -> str:
    """One die: its face drawn (a shape of the page's dice sprite), its mark, its words."""
    cls, title, words = _MARK_WORDS.get(mark, _MARK_WORDS[""])
    return format_html('<span class="die {}{}" title="{}{}"><svg viewBox="0 0 24 24" aria-hidden="true">'
                       '<use href="#die-{}"/></svg><span class="sr">{}{}</span></span>',
                       face, f" {cls}" if cls else "", name, title, face, name, words)


#: The events whose dice the tray shows.
ROLL_TYPES = ("attack", "general_attacked", "sharpshooter", "order_roll", "reroll", "prebattle_roll")


def roll_of(e: dict) -> dict | None:
    """The roll an event records, for the page: dice with their marks and words, or None."""
    rolls = e.get("rolls")
    if e["type"] not in ROLL_TYPES or not rolls:
        return None
    marks = _marks(e)
    return {
        "side": e.get("side") or "",
        "side_name": side_name(e.get("side")),
        "dice": [{"face": f, "name": FACE_NAMES.get(f, str(f)), "mark": m,
                  "html": die_html(f, FACE_NAMES.get(f, str(f)), m)} for f, m in zip(rolls, marks)],
        "result": result_words(e),
        "melee": bool(e.get("melee")),
    }


def dice_tray(lines: list[dict], version: int) -> dict:
    """The last roll (``new`` when the last action rolled it) and the strip of the few before."""
    rolls = [ln for ln in lines if ln.get("roll")]
    if not rolls:
        return {"last": None, "strip": []}
    last = rolls[-1]
    return {"last": last, "new": last["index"] == version,
            "strip": list(reversed(rolls[-STRIP - 1:-1]))}
