"""The game log in plain words, one sentence per event, for the game page and the API.

Every event told here has already been passed through ``view_event`` for the reader's side
(so draws are named only to their owner and secrets never arrive); a :class:`Tracker`
follows where each piece stands.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from games.engine import CARDS, RULESETS, SIDES, other, side_name, view_event

from . import kit, prebattle
from .tracker import Tracker
from .words import REASONS, UNDONE, card_name, faces, hex_label


class Archie(NamedTuple):
    """The side Archie plays in a game, and whether its ruleset has it play from the top of
    its deck (no hand) or from a hand like any player."""
    side: str
    from_deck: bool


def archie_in(state: dict) -> Archie | None:
    """Archie's seat in a game, read from its saved state or any side's view of it (both
    name the ruleset and the options); None for a game between two members."""
    side = (state.get("options") or {}).get("archie")
    if side is None:
        return None
    return Archie(side, RULESETS[state["ruleset"]].archie_plays_from_deck)


def describe(e: dict, viewer: str | None, tr: Tracker, archie: Archie | None = None) -> str | None:
    """One (already redacted) event as a sentence for ``viewer``; None for events not shown.
    ``archie``: Archie's seat, whose draws and cards are told as Archie's."""
    t = e["type"]
    side = side_name(e.get("side"))
    by_archie = archie is not None and e.get("side") == archie.side
    player = f"Archie ({side})" if by_archie else side
    from_deck = by_archie and archie is not None and archie.from_deck
    if t == "draw" and from_deck:
        return f"{player} drew the top card of its deck."
    if t == "card_played":
        name = e.get('name') or card_name(e.get('card'))
        text = (f"{player} drew {name} from the top of its deck and played it" if from_deck
                else f"{player} played {name}")
        if e.get("mode") == "skirmish":
            text += " as a skirmish action"
        if e.get("copies"):
            text += f" (as {CARDS[e['copies']].name})" if e["copies"] in CARDS else ""
        orders = e.get("orders")
        if orders is not None:
            text += f": {orders} order{'s' if orders != 1 else ''}"
        return text + "."
    if t == "ordered":
        return f"{side} ordered {tr.unit(e['unit'], own=e.get('side') == tr.units.get(e['unit'], {}).get('side'))}."
    if t == "fallback":
        return e.get("text")
    if t == "order_roll":
        return f"{side} rolled {faces(e['rolls'])} for {card_name(e.get('card'))}."
    if t == "moved":
        text = f"{tr.unit(e['unit'])[0].upper()}{tr.unit(e['unit'])[1:]} moved to {hex_label(e['to'])}"
        if e.get("general"):
            text += " with its general"
        return text + "."
    if t == "general_moved":
        text = f"{_cap(tr.general(e['general']))} moved to {hex_label(e['to'])}"
        if e.get("joined"):
            text += f" and took command of {tr.unit(e['joined'])}"
        return text + "."
    if t == "battle_phase":
        return f"{side} moves on to battle."
    if t == "attack":
        target = ("the " + side_name(_other(e.get("side"))) + " general" if e.get("target_kind") == "general"
                  else tr.unit(e.get("target")))
        text = (f"{tr.unit(e['unit'])[0].upper()}{tr.unit(e['unit'])[1:]} "
                f"{'fought' if e.get('melee') else 'fired on'} {target}"
                f" with {e['dice']} {'die' if e['dice'] == 1 else 'dice'}")
        mods = [m.get("why") for m in e.get("modifiers") or [] if m.get("why")]
        if mods:
            text += f" ({'; '.join(mods)})"
        text += f": {faces(e['rolls'])}."
        if e.get("fired_back"):
            text = "Return fire: " + text
        elif e.get("parting_shot"):
            text = "Withdrawal fire (swords count as flags): " + text
        elif e.get("fallback_fire"):
            text = "Fire at cavalry falling back: " + text
        elif e.get("breakthrough"):
            text = "Breakthrough attack: " + text
        if e.get("target_kind") == "general":
            text += " The general is hit!" if e.get("hits") else " The general is missed."
        else:
            text += f" {e.get('hits', 0)} hit{'s' if e.get('hits', 0) != 1 else ''}"
            if e.get("flags"):
                text += f", {e['flags']} flag{'s' if e['flags'] != 1 else ''}"
                if e.get("flags_added"):
                    text += f" ({len(e['flags_added'])} added: {', '.join(e['flags_added'])})"
                if e.get("flags_ignored"):
                    text += f" ({len(e['flags_ignored'])} ignored)"
            text += "."
        return text
    if t == "first_fire_roll":
        return (f"{_cap(tr.unit(e['unit']))} tried to fire first: {faces(e['rolls'])}, "
                f"{'it fires before the attack' if e.get('succeeded') else 'no'}.")
    if t == "reroll":
        return f"Sabres rerolled: {faces(e['rolls'])}."
    if t == "eliminated":
        return f"The {side_name(e.get('side'))} {e.get('kind')} at {hex_label(e.get('hex'))} was eliminated."
    if t == "retreated":
        if e.get("from") == e.get("to"):
            text = f"{_cap(tr.unit(e['unit']))} could not retreat"
        else:
            text = f"{_cap(tr.unit(e['unit']))} retreated to {hex_label(e['to'])}"
        if e.get("figures_lost"):
            text += f" and lost {e['figures_lost']} figure{'s' if e['figures_lost'] != 1 else ''}"
        return text + "."
    if t == "withdrew":
        u = tr.units.get(e["unit"]) or {}
        went = "fell back" if e.get("fallback") else "withdrew"
        return (f"The {side_name(u.get('side'))} {u.get('kind', 'unit')} at {hex_label(e.get('from'))} "
                f"{went} to {hex_label(e['to'])} before the melee.")
    if t == "morale_check":
        mods = [f"{m['why']} {m['value']:+d}" for m in e.get("modifiers") or []]
        return (f"{_cap(tr.unit(e['unit']))} checked morale ({e.get('reason')}): morale "
                f"{e['morale']}{' (' + '; '.join(mods) + ')' if mods else ''}, "
                f"{faces(e['rolls']) if e.get('rolls') else 'no dice'}: "
                f"{'passed' if e.get('passed') else 'failed'}.")
    if t == "status":
        return f"{_cap(tr.unit(e['unit']))} is now {e['status']}."
    if t == "command_roll":
        orders = [f"{n} {kind}" for kind, n in (e.get("orders") or {}).items() if n]
        return (f"{side} rolled {faces(e['rolls'])} for command"
                f"{' (' + str(e['rerolled']) + ' rolled again)' if e.get('rerolled') else ''}: "
                f"{', '.join(orders) if orders else 'no orders'}.")
    if t == "refit":
        return (f"{side} gives up the turn to discard up to {e['cards']} "
                f"card{'s' if e['cards'] != 1 else ''} and refill the hand.")
    if t == "rally_roll":
        return (f"{_cap(tr.unit(e['unit']))} rallied with {e['dice']} "
                f"{'die' if e['dice'] == 1 else 'dice'}: {faces(e['rolls'])}, "
                f"{'a figure comes back' if e.get('regained') else 'no figure comes back'}.")
    if t == "entry_roll":
        return (f"{_cap(tr.unit(e['unit']))} tried to enter {hex_label(e['to'])} under the "
                f"enemy's fire: {faces(e['rolls'])}, "
                f"{'it goes in' if e.get('entered') else 'it stops short'}.")
    if t == "ground_entry_roll":
        return (f"{_cap(tr.unit(e['unit']))} tried to enter the ground at {hex_label(e['hex'])}: "
                f"{faces(e['rolls'])}, {'it goes in' if e.get('entered') else 'it stops short'}.")
    if t == "shaken_roll":
        return (f"{_cap(tr.unit(e['unit']))} rolled on entering {hex_label(e['hex'])}: "
                f"{faces(e['rolls'])}, {'Shaken' if e.get('shaken') else 'it keeps its order'}.")
    if t == "zone_passage":
        rolled = f" (rolled {faces(e['rolls'])})" if e.get("rolls") else ""
        return (f"{_cap(tr.unit(e['unit']))} retreated past the enemy{rolled} and "
                f"{'lost a figure' if e.get('figures_lost') else 'kept its last figure'}.")
    if t == "recovery_roll":
        return (f"{_cap(tr.unit(e['unit']))} rolled to steady itself: {faces(e['rolls'])}, "
                f"{'no longer Shaken' if e.get('recovered') else 'still Shaken'}.")
    if t == "evaded":
        who = tr.unit(e["unit"]) if e.get("unit") else tr.general(e.get("general"))
        return f"{_cap(who)} evaded the melee to {hex_label(e['to'])}."
    if t == "breakthrough":
        return f"{_cap(tr.unit(e['unit']))} broke through to {hex_label(e['to'])}."
    if t == "ordered_general":
        return f"{side} ordered {tr.general(e['general'])}."
    if t == "short_of_supplies":
        return f"Short of Supplies: {tr.unit(e['unit'])} may not be ordered in its next turn."
    if t == "crowding_roll":
        result = ("lost a figure" if e.get("figures_lost") else "must fall back"
                  if e.get("flag") else "no harm")
        return (f"{_cap(tr.unit(e['unit']))} rolled for the crowded retreat: "
                f"{faces(e['rolls'])}, {result}.")
    if t == "changed_places":
        return (f"{_cap(tr.unit(e['unit']))} changed places with {tr.unit(e['with'])}, "
                f"moving to {hex_label(e['to'])}.")
    if t == "took_ground":
        return (f"{_cap(tr.unit(e['unit']))} took ground at {hex_label(e['to'])}"
                f"{', ' + tr.general(e['general']) + ' with it' if e.get('general') else ''}.")
    if t == "general_attacked":
        return (f"{_cap(tr.general(e['general']))} was attacked with {e['dice']} dice: "
                f"{faces(e['rolls'])}; {'hit' if e.get('killed') else 'missed'}.")
    if t == "general_eliminated":
        if e.get("wounded"):
            return (f"{_cap(tr.general(e['general'], e.get('name')))} was wounded and carried "
                    "off the field.")
        return f"{_cap(tr.general(e['general'], e.get('name')))} was lost."
    if t == "pressed_on":
        return f"{_cap(tr.unit(e['unit']))} broke through on to {hex_label(e['to'])}."
    if t == "wound_roll":
        return (f"{_cap(tr.general(e['general']))} was struck down: {faces(e['rolls'])}, "
                f"{'only wounded' if e.get('wounded') else 'killed'}.")
    if t == "general_return_roll":
        return (f"The wounded {side} general rolled to return: {faces(e['rolls'])}"
                f"{', he is back at ' + hex_label(e['hex']) if e.get('returned') else ', not yet'}.")
    if t == "general_risk":
        return (f"{_cap(tr.general(e['general']))} was at risk: {faces(e['rolls'])}; "
                f"{'he falls' if e.get('killed') else 'he is unhurt'}.")
    if t == "general_retreated":
        if e.get("from") == e.get("to"):
            return f"{_cap(tr.general(e['general']))} stayed where he was."
        return f"{_cap(tr.general(e['general']))} retreated to {hex_label(e['to'])}."
    if t == "general_trapped":
        return f"{_cap(tr.general(e['general']))} had nowhere to retreat."
    if t == "sharpshooter":
        return (f"Sharpshooter: {tr.unit(e['unit'])} fired at {tr.general(e['general'])}: "
                f"{faces(e['rolls'])}; {'he falls' if e.get('killed') else 'missed'}.")
    if t == "rallied":
        return f"{_cap(tr.unit(e['unit']))} rallied to {e['figures']} figures."
    if t == "reinforced":
        return f"{side} called up {e['kind']} at {hex_label(e['hex'])}."
    if t == "fieldwork_built":
        return f"{side} built fieldworks at {hex_label(e['hex'])}."
    if t == "short_supply":
        return f"Short Supply: {tr.unit(e['unit'])} is sent back."
    if t == "sent_back":
        return f"{_cap(tr.unit(e['unit']))} went back to {hex_label(e['to'])}."
    if t == "move_again":
        return "Hit and Run: the cavalry may move again."
    if t == "draw":
        if e.get("cards") and (viewer == e.get("side")
                               or (viewer or "").startswith(f"{e.get('side')}-")):
            return f"You drew {', '.join(card_name(c) for c in e['cards'])}."
        return f"{side} drew {e['count']} card{'s' if e['count'] != 1 else ''}."
    if t == "reshuffle":
        return f"{side} shuffled the discards into a new deck of {e['cards']} cards."
    if t == "kept_card":
        return f"{side} kept one of the two cards drawn and discarded {card_name(e.get('discarded'))}."
    if t == "discarded":
        return f"{side} discarded {card_name(e.get('card'))}."
    if t == "turn":
        return f"Turn {e['turn']}: the {side} player's turn."
    if t == "terrain_flag":
        taken = "turned the terrain flag on" if e.get("turned") else "took a terrain flag on"
        return f"{side} {taken} {hex_label(e.get('hex'))}: it counts as a flag for them."
    if t == "temporary_flags":
        return f"{side} now holds {e['flags']} temporary flag{'s' if e['flags'] != 1 else ''}."
    if t == "game_over":
        winner = side_name(e.get("winner"))
        why = REASONS.get(e.get("reason") or "", str(e.get("reason", "")).replace("_", " "))
        return (f"The game is over: the {winner} player wins ({why})." if winner
                else f"The game is over: a draw ({why}).")
    if t == "undone":
        return f"{side} took back a step ({UNDONE.get(e.get('action') or '', 'a step')})."
    if t in ("deck_built",):
        return None
    if t.startswith("prebattle_"):
        return prebattle.describe(e, tr.unit, hex_label)
    if t in TEAM_EVENTS:
        return TEAM_EVENTS[t](e, tr)
    return kit.unworded(t)


def seat_words(seat: str | None) -> str:
    """A team game's seat in words: "the Union Commanding General", "Union Major-General 2"."""
    side, _, rest = (seat or "").partition("-")
    if rest == "commander":
        return f"the {side_name(side)} commander"
    if rest.startswith("major-"):
        return f"{side_name(side)} Major-General {rest[6:]}"
    if rest in ("left", "centre", "right"):
        return f"the {side_name(side)} Field General of the {rest} flank"
    return side_name(side) or "nobody"


def _held_by(e: dict) -> str:
    return ", ".join(sorted(e["units"])) or "no unit"


#: The events of a team game (Epic, Doubles), each told by a function of the event and the tracker.
TEAM_EVENTS = {
    "command_transferred": lambda e, tr: (
        f"{_cap(tr.unit(e['unit']))} now takes orders from {seat_words(e['to'])}."),
    "command_confirmed": lambda e, tr: (
        f"The {side_name(e['side'])} Commanding General confirmed who commands which units."),
    "card_given": lambda e, tr: (
        f"The {side_name(e['side'])} Commanding General gave {seat_words(e['to'])} "
        + (f"{card_name(e['card'])}." if e.get("card") else "a command card.")),
    "initiative_roll": lambda e, tr: (
        f"{seat_words(e['seat'])} acted on his own initiative and rolled {faces(e['rolls'])}."),
    "initiative_passed": lambda e, tr: f"{seat_words(e['seat'])} waited for orders.",
    "initiative_no_effect": lambda e, tr: (
        f"{seat_words(e['seat'])}'s roll has no effect on the units he commands."),
    "initiative_pinned": lambda e, tr: (
        f"{seat_words(e['seat'])} may not move units in his side's next turn."),
    "initiative_retreat": lambda e, tr: (
        f"{seat_words(e['seat'])} must pull {tr.unit(e['unit'])} back a hex."),
    "card_assigned": lambda e, tr: (
        f"The {side_name(e['side'])} Commander-in-Chief gave {seat_words(e['to'])} a card."),
    "command_given": lambda e, tr: (
        f"The {side_name(e['side'])} Commander-in-Chief has given his orders "
        f"({e['cards']} card{'s' if e['cards'] != 1 else ''})."),
    "field_general_done": lambda e, tr: (
        f"{_cap(seat_words(e['seat']))} has "
        + ("moved his units." if e["step"] == "move" else "fought his battles.")),
    "offensive_roll": lambda e, tr: (
        f"All-Out Offensive: {seat_words(e['seat'])} rolled {faces(e['rolls'])}."),
    "cup_draw": lambda e, tr: f"Drawn from the cup: {seat_words(e['seat'])} plays next.",
    "cup_refilled": lambda e, tr: "The cup is empty: every player's names go back in.",
    "general_withdrawn": lambda e, tr: (
        f"{e['name']} ({side_name(e['side'])}) is taken off the board: one figure a player."),
    "killed_in_action": lambda e, tr: (
        f"{seat_words(e['seat'])} is killed in action; his units pass to "
        + (", ".join(sorted({seat_words(s) for s in e['units'].values()})) or "nobody") + "."),
}


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _other(side):
    return other(side) if side in SIDES else None


class Entry(NamedTuple):
    """One log row, light (no model instance).  ``action`` stays on the server: a kept
    card's id is in it."""
    index: int                  # type: ignore[assignment]  # a field, not tuple.index
    side: str
    events: list
    action: dict
    #: The seat whose decision the step was (a team game's take-back asks), when known.
    seat: str = ""


def event_lines(events: list, viewer: str | None, tr: Tracker,
                archie: Archie | None = None) -> Iterator[tuple[dict, str]]:
    """``(event, sentence)`` for each event of one log entry that ``viewer`` is told of
    (each event redacted for ``viewer``); ``tr`` follows the entry's moves."""
    withdrew = {e.get("unit") for e in events if e["type"] == "withdrew"}
    for raw in events:
        if raw["type"] == "retreated" and raw.get("unit") in withdrew:
            tr.follow(raw)          # a withdrawal moves the unit once: one line says so
            continue
        e = view_event(raw, viewer)
        text = describe(e, viewer, tr, archie)
        tr.follow(e)
        if text:
            yield e, text


def told(entries, viewer: str | None, tr: Tracker, archie: Archie | None = None,
         taken_back: frozenset | set = frozenset()) -> Iterator[tuple[object, list[tuple[dict, str]]]]:
    """``(entry, [(event, sentence), ...])`` for each log entry in order (``entries``: rows
    with ``index`` and ``events``, from the start of the game or from where ``tr`` stands).
    An entry in ``taken_back`` is told as nothing, and its moves are not followed."""
    for entry in entries:
        if entry.index in taken_back:
            yield entry, []
        else:
            yield entry, list(event_lines(entry.events, viewer, tr, archie))
