"""The game state and the engine's public facade (see docs/architecture.md).

A :class:`Game` is one playthrough of a :class:`~games.engine.battlecry.scenario.Scenario`.
Everything a player does is an *action* (a JSON-safe dict with a ``type``);
:meth:`Game.apply` checks it, changes the state and returns *events* describing what
happened, dice and draws included, so that a game is rebuilt exactly from its log.

Hidden information (hands, deck order, the seed and the random state) leaves the
engine only through :meth:`Game.view` and :func:`view_event`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from types import MappingProxyType
from typing import Any, cast

from .. import dice as _dice
from .cards import EXTRA_SUFFIX, card_of, extra_ids, player_deck_ids
from .combat import attack_profile, dice_profile
from ...core import SeatSpec, check_result, derive_seed, get_ruleset, one_deciding, one_seat_per_side
from ...core.chance import next_random, shuffled
from ...core.errors import IllegalAction
from .movement import MOVE_AGAIN, forget_after_unit_move, general_destinations, unit_destinations
from ..pieces import General, Unit
from ..scenario import Scenario, load_scenario
from ..terrain import BUILDING_DEFAULTS, KINDS
from ..state import Cards, Decisions, Effects, Field, Pending, Pieces, Score, Turn, _clone
from . import (battle, breakthrough, dice_command, discard_instead, doubles, effects, epic, hand,
               house_ground, movement, prebattle, profiles, rally_action, shaken, tactics,
               terrain_victory, turn)
from ..teams import Team, seat_specs
from ..state import State
from ..units import CAVALRY, GENERAL_MOVE, INFANTRY, SIDES, other

DECISIONS = ("retreat", "general_retreat", "withdraw", "take_ground", "discard", "keep_card",
             "rally", "reinforce", "supply_move", "fight_back", "nightfall", "assign_command",
             "refit", "press_on",
             *prebattle.PHASES)
_STEPS = {
    "play_card": ("play_card", "refit"),
    "order": ("order", "confirm_orders"),
    "move": ("move", "move_general", "change_places", "end_movement"),
    "battle": ("attack", "end_turn", "rally_unit"),
    "move_again": ("move", "end_turn"),
    "rally": ("rally", "end_rally"),
    "reinforce": ("reinforce",),
    "supply_move": ("supply_move",),
    "fight_back": ("fight_back", "decline"),
    "nightfall": ("end_by_nightfall",),
    "retreat": ("retreat",),
    "general_retreat": ("general_retreat",),
    "withdraw": ("withdraw", "stand"),
    "take_ground": ("take_ground", "hold_ground"),
    "discard": ("discard",),
    "keep_card": ("keep_card",),
    "refit": ("refit_card", "end_refit"),
    "press_on": ("press_on", "hold_ground"),
    **prebattle.STEPS,
}

#: The steps of a team game (Epic: docs/rulings.md E1-E12; Doubles: D1-D9) beside the
#: base ones.
_TEAM_STEPS = {"epic": {**_STEPS, **epic.STEPS}, "doubles": {**_STEPS, **doubles.STEPS}}
#: The rules of each team mode.
_TEAM_RULES = {"epic": epic, "doubles": doubles}

#: Every phase a game can be in: a turn step or a decision, or the end.
PHASES = (*_STEPS, *epic.PHASES, "over")

#: Markers on units: the Advanced rules have none but the house rule of Shaken.
_NO_MARKERS: Mapping[str, str] = MappingProxyType({})
_ONE_SEAT_PER_SIDE = one_seat_per_side(SIDES)


class Game(State):
    """One game of Battle Cry: the whole state, and the only way to change it."""

    #: ``hand_limit_before_keep``: a game saved before the hand limit waited for the
    #: keep-one choice of a two-card draw (docs/rulings.md, ruling 3) plays on and replays
    #: as it was played, checking the limit with both drawn cards still in hand.
    #: ``team``: the teams of an Epic or Doubles game (None when each side has one seat).
    __slots__ = ("hand_limit_before_keep", "team")
    hand_limit_before_keep: bool
    team: Team | None

    # -- creation --------------------------------------------------------------------------
    @classmethod
    def _setup(cls, scenario: Scenario, ruleset: str, options: dict, seed: int) -> "Game":
        """The deal of a new game (called by the ruleset, options already checked)."""
        g = cls()
        g.scenario = scenario
        g.ruleset = ruleset
        g.options = options
        g.seed = seed
        g.rng = g.seed
        g.board = scenario.board
        g.outcome = None
        g.hand_limit_before_keep = False
        g.team = None
        g.current = Turn(1, scenario.first_side, "play_card")
        g.fx = Effects()
        g.pieces = Pieces(
            {s.id: Unit(s.id, s.side, s.kind, profiles.setup_figures(options, s.kind, s.figures),
                        s.hex, s.green, s.fresh, s.horse, s.special)
             for s in scenario.units},
            {s.id: General(s.id, s.side, s.hex, s.name) for s in scenario.generals},
            [dict(o) if o else None for o in scenario.obstacles], 0, [], [])
        g._claim_pieces()
        g.cards = Cards({s: [] for s in SIDES}, {s: [] for s in SIDES}, {s: [] for s in SIDES},
                        {s: None for s in SIDES}, {s: [] for s in SIDES})
        g.score = Score({s: [] for s in SIDES}, {s: 0 for s in SIDES}, {s: 0 for s in SIDES},
                        {s: [] for s in SIDES})
        g.decisions = Decisions([], {})
        g._derive()
        g._events = []
        g._script_rolls, g._script_draws = [], []
        removed = {r["card"] for r in scenario.special_rules if r["rule"] == "remove_card"}
        extras = extra_ids()
        g._shuffle(extras)
        first, second = scenario.first_side, other(scenario.first_side)
        piles = {first: extras[:7], second: extras[7:]}
        for side in (first, second):
            deck = [c for c in player_deck_ids() + piles[side] if card_of(c).key not in removed]
            g._shuffle(deck)
            g.cards.decks[side] = deck
            g._event({"type": "deck_built", "side": side, "cards": len(deck),
                      "secret": {"extras": piles[side], "order": list(deck)}})
        if prebattle.wanted(g):
            prebattle.begin(g)          # the deal waits for the campaign's pre-battle dice
        elif options.get("team_mode") == "doubles":
            doubles.setup(g)            # a hand for each player, the first turn from the cup
        else:
            for side in (first, second):
                if side != g.archie and not dice_command.in_force(g):
                    hand._draw(g, side, hand.capacity(g, side))
            tactics.begin_turn_cards(g)
        if options.get("team_mode", "none") == "epic":
            epic.setup(g)
        g.setup_events = g._events
        g._events = []
        return g

    def _reset_turn(self) -> None:
        """A fresh turn record (same number, side and step) and no card effects."""
        c = self.current
        self.current = Turn(c.number, c.active, c.step)
        self.fx = Effects()

    def _derive(self) -> None:
        """Tables fixed for the whole game, from the scenario and its special rules."""
        sc = self.scenario
        rules = sc.special_rules
        terrain = list(sc.terrain)
        clear = {r["terrain"] for r in rules if r["rule"] == "los_clear"}
        bridge_only = any(r["rule"] == "bridge_crossing_only" for r in rules)
        no_attack_hexes: set[int] = set()
        extra_defence: dict[int, int] = {}
        flag_ignore_hexes: dict[tuple[int, str | None], int] = {}
        for r in rules:
            if r["rule"] == "no_attack_on_entry":
                no_attack_hexes.update(r["hexes"])
                for h in r["hexes"]:
                    extra_defence[h] = r.get("attack_reduction", 0)
                    flag_ignore_hexes[(h, None)] = r.get("ignore_flags", 0)
            elif r["rule"] == "ignore_flag_on_hexes":
                for h in r["hexes"]:
                    flag_ignore_hexes[(h, r["side"])] = r.get("flags", 1)
        obstacles = self.pieces.obstacles
        self.field = Field(
            positions=sc.positions,
            terrain=terrain,
            blocks=[t is not None and KINDS[t].blocks_los and t not in clear for t in terrain],
            impassable=[t is not None and (KINDS[t].impassable or (bridge_only and t == "river"))
                        for t in terrain],
            closed=[t is not None and bridge_only and t == "river" and not KINDS[t].impassable
                    for t in terrain],
            stops=[(t is not None and KINDS[t].stops)
                   or any(KINDS[k].stops for k in (obstacles[i] or {}).values())
                   for i, t in enumerate(terrain)],
            special_dice={r["special"]: tuple(r["dice"]) for r in rules if r["rule"] == "unit_dice"},
            no_attack_hexes=no_attack_hexes,
            extra_defence=extra_defence,
            flag_ignore_hexes=flag_ignore_hexes,
            sabre_rerolls={r["special"] for r in rules if r["rule"] == "sabers_hit_and_reroll"},
            initial_generals={s: sum(1 for x in sc.generals if x.side == s) for s in SIDES},
        )
        house_ground.derive(self)
        self.cache = {}                      # answers that hold while no unit moves
        pieces = self.pieces
        pieces.unit_at = [None] * self.board.size
        pieces.general_at = [None] * self.board.size
        for u in pieces.units.values():
            pieces.unit_at[u.hex] = u.id
        for gen in pieces.generals.values():
            pieces.general_at[gen.hex] = gen.id

    # -- serialisation -----------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The whole state, secrets included, as JSON-safe data (a fresh copy).  The form is
        flat (one key per field, as saved games have always been stored)."""
        cards, score, current, decisions, pieces = (self.cards, self.score, self.current,
                                                    self.decisions, self.pieces)
        shared = _clone({
            "scenario": self.scenario.data, "options": self.options, "outcome": self.outcome,
            "hands": cards.hands, "decks": cards.decks, "discards": cards.discards,
            "captured": score.captured, "returned_extras": cards.returned_extras,
            "temp_flags": score.temp_flags,
            "last_card": cards.last_card, "pending": decisions.pending,
            "prebattle": decisions.prebattle,
            "order_rule": current.order_rule, "fx": self.fx.to_dict(),
            "reinforced": score.reinforced, "casualties": score.casualties,
            "ordered": current.ordered, "moved": current.moved,
        })
        legacy: dict[str, Any] = ({"hand_limit_before_keep": True}
                                  if self.hand_limit_before_keep else {})
        if self.team is not None:
            legacy["team"] = self.team.to_dict()
        if self.options.get(terrain_victory.OPTION):
            legacy["terrain_flags"] = self._terrain_flags()
        return {
            **shared, **legacy, "ruleset": self.ruleset, "seed": self.seed, "rng": self.rng,
            "turn": current.number, "active": current.active, "step": current.step,
            "units": [u.to_dict(self.board.hexes) for u in pieces.units.values()],
            "generals": [g.to_dict(self.board.hexes) for g in pieces.generals.values()],
            "obstacles": [dict(o) if o else None for o in pieces.obstacles],
            "card": current.card, "mode": current.mode, "effect": current.effect,
            "orders_left": current.orders_left, "fieldworks_built": pieces.fieldworks_built,
            "locked": sorted(current.locked), "gen_moved": sorted(current.gen_moved),
            "attacked": sorted(current.attacked),
        }

    @classmethod
    def from_dict(cls, d: dict, scenario: Scenario | None = None) -> "Game":
        """Rebuild a game from :meth:`to_dict` output under the ruleset it names (pass
        ``scenario`` to skip re-validation)."""
        return get_ruleset(d["ruleset"]).from_dict(d, scenario)

    @classmethod
    def _load(cls, d: dict, scenario: Scenario | None = None) -> "Game":
        """Rebuild an Advanced-rules game from :meth:`to_dict` output."""
        g = cls()
        g.scenario = scenario or load_scenario(d["scenario"])
        d = {k: _clone(v) for k, v in d.items() if k != "scenario"}
        g.board = g.scenario.board
        g.ruleset, g.options, g.seed, g.rng = d["ruleset"], d["options"], d["seed"], d["rng"]
        g.outcome = d["outcome"]
        g.hand_limit_before_keep = bool(d.get("hand_limit_before_keep"))
        g.team = Team.from_dict(d["team"]) if d.get("team") else None
        g.current = Turn(d["turn"], d["active"], d["step"], d["card"], d["mode"], d["effect"],
                         d["order_rule"], d["orders_left"], d["ordered"], d["moved"],
                         set(d["locked"]), set(d["gen_moved"]), set(d["attacked"]))
        g.fx = Effects.from_dict(d["fx"])
        g.pieces = Pieces({u["id"]: Unit.from_dict(u, g.board.index_of) for u in d["units"]},
                          {x["id"]: General.from_dict(x, g.board.index_of) for x in d["generals"]},
                          d["obstacles"], d["fieldworks_built"], [], [])
        g._claim_pieces()
        g.cards = Cards(d["hands"], d["decks"], d["discards"], d["last_card"],
                        d.get("returned_extras") or {s: [] for s in SIDES})
        g.score = Score(d["captured"], d["temp_flags"], d["casualties"], d["reinforced"],
                        {g.board.index_of(x["hex"]): x["side"] for x in d.get("terrain_flags", ())})
        g.decisions = Decisions(d["pending"], d.get("prebattle") or {})
        g._derive()
        g._events, g._script_rolls, g._script_draws = [], [], []
        g.setup_events = []
        return g

    def _claim_pieces(self) -> None:
        """Make this game the owner of every piece it holds (it may change them in place)."""
        self._token = token = object()
        for u in self.pieces.units.values():
            u.owner = token
        for gen in self.pieces.generals.values():
            gen.owner = token

    def writable_unit(self, u: Unit) -> Unit:
        """The unit u, safe to change: pieces are shared between copies of a game until one
        of them changes a piece, which first takes a private copy (copy on write)."""
        if u.owner is not self._token:
            u = u.copy()
            u.owner = self._token
            self.pieces.units[u.id] = u
        return u

    def writable_general(self, g: General) -> General:
        """The general g, safe to change (see :meth:`writable_unit`)."""
        if g.owner is not self._token:
            g = g.copy()
            g.owner = self._token
            self.pieces.generals[g.id] = g
        return g

    def copy(self) -> "Game":
        """An independent copy of the state (fast; shares only the immutable scenario, and
        pieces until either game changes one: copy on write).  It starts with the answers
        this game keeps in ``cache`` (they hold for the same table, whatever the hidden
        cards), so a search's copies of one position need not work out its reach again."""
        g = Game.__new__(Game)
        self._token = object()          # neither game owns the shared pieces any more
        g._token = object()
        # shared: never changed in play
        g.scenario, g.ruleset, g.options, g.field = self.scenario, self.ruleset, self.options, self.field
        g.board = self.board
        g.seed, g.rng, g.outcome = self.seed, self.rng, self.outcome
        g.hand_limit_before_keep = self.hand_limit_before_keep
        g.team = self.team.copy() if self.team is not None else None
        p = self.pieces
        # a hex's sides are replaced, never edited: a shallow copy of obstacles is enough
        g.pieces = Pieces(p.units.copy(), p.generals.copy(), p.obstacles[:], p.fieldworks_built,
                          p.unit_at[:], p.general_at[:])
        g.cards = self.cards.copy()
        g.current = self.current.copy()
        g.fx = self.fx.copy()
        g.score = self.score.copy()
        g.decisions = self.decisions.copy()
        g.cache = self.cache.copy()
        g._events, g._script_rolls, g._script_draws = [], [], []
        g.setup_events = []
        return g

    def determinize(self, seat: str, seed: int) -> "Game":
        """A game consistent with everything ``side`` has seen, for a search to play on.

        Its ``view(side)`` equals this game's.  The cards ``side`` cannot see (its own
        deck, the other side's hand and deck) are re-dealt from exactly those cards:
        base cards stay with their owner (each side's base deck is public), extra cards
        whose owner is unknown are shared out again, and an extra card known to be a
        side's (it went back into that side's deck from its discard pile) stays with it.
        The random stream and the seed are fresh, drawn from ``seed`` alone, so no
        future die or draw of this game can be read from the result.
        """
        side = seat           # one seat per side, named after it
        if self.team is not None and self.team.mode == "doubles" and seat not in SIDES:
            return doubles.determinize(self, seat, seed)
        # a side's name (not a seat of a team game) stands for what its whole team knows
        if self.team is not None and seat not in SIDES:
            try:
                side = self.team.member(seat).side
            except KeyError:
                raise ValueError(f"this game has no seat {seat!r}") from None
            if epic.sees_hand(self, seat) is None:
                return self._determinize_blind(seat, side, seed)
        if side not in SIDES:
            raise ValueError(f"determinize needs a side, not {side!r}")
        g = self.copy()
        g.seed = g.rng = derive_seed(seed, 0)
        foe = other(side)
        own_deck, foe_hand, foe_deck = g.cards.decks[side], g.cards.hands[foe], g.cards.decks[foe]
        known_own, known_foe = self.cards.returned_extras[side], self.cards.returned_extras[foe]
        own_fixed, floating = _split_unknown_extras(own_deck, known_own)
        foe_fixed, foe_floating = _split_unknown_extras(foe_hand + foe_deck, known_foe)
        floating = shuffled(sorted(floating + foe_floating), seed, 1)
        mine = len(own_deck) - len(own_fixed)
        # sorted first, so the new order owes nothing to the hidden one
        own = shuffled(sorted(own_fixed + floating[:mine]), seed, 2)
        theirs = shuffled(sorted(foe_fixed + floating[mine:]), seed, 3)
        held = len(foe_hand)
        g.cards.decks[side] = own
        g.cards.hands[foe], g.cards.decks[foe] = theirs[:held], theirs[held:]
        for item in g.decisions.pending:
            if item["do"] == "keep_card" and item["side"] == foe:
                item["cards"] = g.cards.hands[foe][-len(item["cards"]):]
        return g

    def _determinize_blind(self, seat: str, side: str, seed: int) -> "Game":
        """An Epic Major-General does not see his side's hand (E10), but for the card he was
        given: the rest of it is dealt again with the side's deck, as unseen cards."""
        team = self.team
        given = team.given if team is not None and team.acting == seat else None
        src = self.copy()
        held = [c for c in src.cards.hands[side] if c != given]
        src.cards.hands[side] = [c for c in src.cards.hands[side] if c == given]
        src.cards.decks[side] = src.cards.decks[side] + held
        g = src.determinize(side, seed)
        deck = g.cards.decks[side]
        g.cards.hands[side] = g.cards.hands[side] + deck[len(deck) - len(held):]
        del deck[len(deck) - len(held):]
        for item in g.decisions.pending:
            if item["do"] == "keep_card" and item["side"] == side:
                item["cards"] = g.cards.hands[side][-len(item["cards"]):]
        return g

    @property
    def markers(self) -> Mapping[str, str]:
        """Markers on units by unit id, as every side sees them: Shaken under the house rule
        (advanced/shaken.py), none otherwise."""
        if not self.options.get("shaken_marker"):
            return _NO_MARKERS
        return {u.id: shaken.MARKER for u in self.pieces.units.values() if u.shaken}

    # -- options read by the rules ----------------------------------------------------------
    @property
    def archie(self) -> str | None:
        """The side Archie plays (option ``archie``), or None."""
        return self.options.get("archie")

    @property
    def nightfall(self) -> bool:
        """Option ``nightfall``: each card once, no reshuffle; the game ends when a side
        cannot play."""
        return bool(self.options.get("nightfall"))

    @property
    def auto_retreat(self) -> bool:
        """Option ``auto_retreat``: the engine takes retreat and withdrawal decisions with
        its default policy (docs/rulings.md)."""
        return bool(self.options.get("auto_retreat"))

    # -- reading a game (for the site, Archie and tests; the rules use the groups) -----------
    @property
    def turn(self) -> int:
        """The turn number (1 for the first side's first turn)."""
        return self.current.number

    @property
    def active(self) -> str:
        """The side whose turn it is."""
        return self.current.active

    @property
    def units(self) -> dict[str, Unit]:
        return self.pieces.units

    @property
    def generals(self) -> dict[str, General]:
        return self.pieces.generals

    @property
    def hands(self) -> dict[str, list[str]]:
        return self.cards.hands

    @property
    def decks(self) -> dict[str, list[str]]:
        return self.cards.decks

    @property
    def casualties(self) -> dict[str, int]:
        """Figures each side has eliminated (Nightfall's tie-break)."""
        return self.score.casualties

    # -- whose decision ----------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """What is being decided now: a turn step, a decision, or ``"over"``."""
        if self.outcome:
            return "over"
        if self.decisions.pending:
            return self.decisions.pending[0]["do"]
        return self.current.step

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        """One seat per side, named after it; a team game's seats (Epic) otherwise."""
        if self.team is not None:
            return seat_specs(self.team.members)
        return _ONE_SEAT_PER_SIDE

    @property
    def deciding_seats(self) -> tuple[str, ...]:
        """One seat decides at a time."""
        return one_deciding(self.deciding)

    @property
    def deciding(self) -> str | None:
        """The seat whose decision it is: the active side's own seat (a team game: the
        seat the team rules name, docs/rulings.md E3)."""
        if self.team is not None:
            return _TEAM_RULES[self.team.mode].deciding(self)
        return self.active_side

    def hand_owner(self, side: str) -> str:
        """The seat holding ``side``'s hand in play: the side's own seat, its Commanding
        General (Epic), or the Major-General whose turn it is (Doubles)."""
        team = self.team
        if team is None:
            return side
        return team.holder[side] if team.mode == "doubles" else team.commander(side)

    @property
    def active_side(self) -> str | None:
        """The side that must act now (the defender during its decisions)."""
        if self.outcome:
            return None
        return self.decisions.pending[0]["side"] if self.decisions.pending else self.current.active

    # -- chance ------------------------------------------------------------------------------
    def _rand(self) -> int:
        self.rng, out = next_random(self.rng)
        return out

    def _shuffle(self, items: list) -> None:
        _dice.shuffle(self._rand, items)

    def _roll(self, n: int) -> list[str]:
        return _dice.roll(self._rand, n, self._script_rolls)

    def _event(self, e: dict) -> None:
        if self._events is not None:          # None on the search path: no events kept
            self._events.append(e)

    # -- lookups -----------------------------------------------------------------------------
    def _unit(self, uid):
        u = self.pieces.units.get(uid) if isinstance(uid, str) else None
        if u is None:
            raise IllegalAction("There is no such unit on the board.")
        return u

    def _general(self, gid):
        g = self.pieces.generals.get(gid) if isinstance(gid, str) else None
        if g is None:
            raise IllegalAction("There is no such general on the board.")
        return g

    def place_unit(self, u, to: int):
        """Move unit u (and the general commanding it) to hex ``to``; return that general's id."""
        u = self.writable_unit(u)
        pieces = self.pieces
        frm = u.hex
        gid = pieces.general_at[frm]
        pieces.unit_at[frm] = None
        pieces.unit_at[to] = u.id
        u.hex = to
        if gid is not None:
            pieces.general_at[frm] = None
            pieces.general_at[to] = gid
            self.writable_general(pieces.generals[gid]).hex = to
        forget_after_unit_move(self, u.side, gid is not None)
        return gid

    def _hex(self, h) -> int:
        """The index of hex ``h`` as a player names it; IllegalAction when it names none."""
        try:
            return self.board.index_of(h)
        except (KeyError, TypeError, ValueError):
            raise IllegalAction(f"{h!r} is not a hex on the board.") from None

    def _h(self, i: int) -> dict:
        """Hex i as a fresh ``{"col", "row"}`` dict."""
        return self.board.hexes[i].to_json()

    def attack_range(self, unit) -> int:
        return len(dice_profile(self, unit))

    # -- rule hooks (scenario rules and options) ---------------------------------------------
    def extra_hits(self, attacker, target, faces: list, melee: bool) -> int:
        """Extra hits from a special unit that hits on sabres and rerolls them once."""
        if attacker.special not in self.field.sabre_rerolls or melee:
            return 0
        swords = faces.count(_dice.SWORDS)
        if not swords:
            return 0
        rerolled = self._roll(swords)
        self._event({"type": "reroll", "unit": attacker.id, "rolls": rerolled})
        extra = swords + sum(1 for f in rerolled if f == _FACE_FOR_KIND[target.kind])
        faces.extend(f for f in rerolled if f == _dice.FLAG)
        return extra

    def extra_flags_ignored(self, target) -> int:
        return (self.field.flag_ignore_hexes.get((target.hex, None), 0)
                + self.field.flag_ignore_hexes.get((target.hex, target.side), 0))

    @property
    def hand_reduction(self) -> dict:
        out = {}
        for r in self.scenario.special_rules:
            if r["rule"] == "hand_shrinks_per_flag_lost":
                out[r["side"]] = len(self.score.captured[other(r["side"])])
        return out

    def start_of_turn(self) -> None:
        """Temporary flags are checked at the start of their holder's turn."""
        side = self.current.active
        total = 0
        for r in self.scenario.special_rules:
            if r.get("side") != side:
                continue
            if r["rule"] == "temporary_flags":
                held = sum(1 for h in r["hexes"] if self.pieces.unit_at[h] is not None
                           and self.pieces.units[self.pieces.unit_at[h]].side == side)
                total += held * r.get("flags_per_hex", 1)
            elif r["rule"] == "hold_together_flags":
                if all(any(self.pieces.unit_at[h] is not None and self.pieces.units[self.pieces.unit_at[h]].side == side
                           for h in group) for group in r["groups"]):
                    total += r["flags"]
            elif r["rule"] == "flank_clear_flags":
                pos = self.field.positions[side]
                if not any(u.side != side and r["section"] in self.board.section_of[pos][u.hex]
                           for u in self.pieces.units.values()):
                    total += r["flags"]
        if total != self.score.temp_flags[side]:
            self._event({"type": "temporary_flags", "side": side, "flags": total})
        self.score.temp_flags[side] = total

    # -- victory -----------------------------------------------------------------------------
    def objectives_held(self, side: str) -> list:
        unit_at, units = self.pieces.unit_at, self.pieces.units
        return [o for o in self.scenario.objectives if o.side == side
                and unit_at[o.hex] is not None and units[unit_at[o.hex]].side == side]

    def flags(self, side: str) -> int:
        """Flags on this side's victory stand now: captured figures, objectives, temporary."""
        return (len(self.score.captured[side]) + sum(o.flags for o in self.objectives_held(side))
                + self.score.temp_flags[side]
                + (terrain_victory.count(self, side) if self.score.terrain_flags else 0))

    def flags_needed(self, side: str) -> int:
        if self.options.get(terrain_victory.OPTION):
            return terrain_victory.FLAGS_TO_WIN
        return 8 if self.scenario.territorial[side] else self.scenario.flags[side]

    def _terrain_view(self) -> list[dict]:
        """The terrain of the view; a building the scenario names against its kind's default
        (a farm named a town, a town a house: docs/scenarios.md) says so."""
        named = self.scenario.buildings
        out = []
        for i, t in enumerate(self.field.terrain):
            if t:
                entry = {"hex": self._h(i), "kind": t}
                if i in named and named[i] != BUILDING_DEFAULTS.get(t):
                    entry["buildings"] = named[i]
                out.append(entry)
        return out

    def _terrain_flags(self) -> list[dict]:
        """The terrain flag tokens (house rule of terrain victory points), as JSON."""
        return [{"hex": self._h(h), "side": s} for h, s in sorted(self.score.terrain_flags.items())]

    def check_end_of_turn(self) -> None:
        for side in (self.current.active, other(self.current.active)):
            if self.flags(side) >= self.flags_needed(side):
                self._finish(side, "flags")
                return
            if (side == self.current.active and self.scenario.territorial[side]
                    and self.objectives_held(side)):
                self._finish(side, "objective")
                return

    def check_generals(self, side: str) -> None:
        if self.team is not None:
            _TEAM_RULES[self.team.mode].general_fell(self, side)
        if self.field.initial_generals[side] and not any(g.side == side for g in self.pieces.generals.values()):
            self._finish(other(side), "generals")

    def _finish(self, winner: str | None, reason: str, flags: Mapping[str, int] | None = None) -> None:
        if self.outcome:
            return
        counted = {s: self.flags(s) for s in SIDES}
        counted.update(flags or {})
        self.outcome = {"winner": winner, "reason": reason, "turn": self.current.number, "flags": counted}
        self.decisions.pending = []
        self._event({"type": "game_over", **self.outcome})

    def award(self, winner: str | None, reason: str,
              flags: Mapping[str, int] | None = None) -> list[dict]:
        """End the game with a result decided outside the rules; return its events.

        For a deadline claim, an adjudication, a resignation or a Nightfall end the site
        rules on: ``winner`` is a side or ``None`` (a draw), ``reason`` a short code
        (``"timeout"``, ``"resigned"``, ...), ``flags`` overrides the flag count of a side
        (a timeout claim counts the claimant's flags as enough to win).  The game is over
        afterwards; :class:`IllegalAction` if it already was.
        """
        if self.outcome:
            raise IllegalAction("The game is over.")
        check_result(winner, reason, flags, SIDES)
        self._events = []
        self._finish(winner, reason, flags)
        events, self._events = self._events, []
        return events

    # -- actions -----------------------------------------------------------------------------
    def legal_actions(self, seat: str | None = None) -> list[dict]:
        """Every action the deciding seat may take now (empty when the game is over).

        The hexes in these actions are shared read-only dicts (:class:`~.hexgrid.HexJSON`).
        """
        if seat is not None and seat != self.deciding:
            return []
        if self.outcome:
            return []
        if self.team is not None:
            own = self.phase in epic.STEPS and self.team.mode == "epic"
            rules = _TEAM_RULES[self.team.mode]
            return rules.legal_actions(self, [] if own or self.phase == "assign_command"
                                       else self._base_actions())
        return self._base_actions()

    def _base_actions(self) -> list[dict]:
        phase = self.phase
        side = cast(str, self.active_side)     # None only at nightfall, which needs no side
        out: list[dict] = []
        if phase == "play_card":
            for cid in self.cards.hands[side]:
                out.extend(tactics.card_choices(self, cid))
            if discard_instead.offered(self, side):
                out.append({"type": "refit"})
        elif phase == "order":
            out = [{"type": "order", "unit": u.id} for u in turn.orderable(self)]
            out.append({"type": "confirm_orders"})
        elif phase == "move_again":
            for uid in self.fx.hit_and_run:
                u = self.pieces.units.get(uid)
                if u is not None and turn.unit_can_move(self, u):
                    for h in unit_destinations(self, u, MOVE_AGAIN):
                        out.append({"type": "move", "unit": uid, "to": self.board.hex_json[h]})
            out.append({"type": "end_turn"})
        elif phase == "move":
            for uid in self.current.ordered:
                u = self.pieces.units.get(uid)
                if u is not None and turn.unit_can_move(self, u):
                    out += [{"type": "move", "unit": uid, "to": self.board.hex_json[h]}
                            for h in unit_destinations(self, u)]
            for gen in self.pieces.generals.values():
                if turn.general_can_move(self, gen):
                    gid = gen.id
                    out += [{"type": "move_general", "general": gid, "to": self.board.hex_json[h]}
                            for h in general_destinations(self, gen)]
            out += turn.change_places_choices(self)
            out.append({"type": "end_movement"})
        elif phase == "battle":
            compulsory = battle.compulsory_melees(self)
            for fighter in battle.battle_candidates(self):
                for h in battle.attack_targets(self, fighter, compulsory):
                    out.append({"type": "attack", "unit": fighter.id, "target": self.board.hex_json[h]})
                if not compulsory:
                    for h in battle.sharpshooter_targets(self, fighter):
                        out.append({"type": "attack", "unit": fighter.id, "target": self.board.hex_json[h],
                                    "general": True})
            if not compulsory:
                if self.options.get("rally_action"):
                    out += [{"type": "rally_unit", "unit": uid} for uid in self.current.ordered
                            if uid in self.pieces.units
                            and rally_action.may_rally(self, self.pieces.units[uid])]
                out.append({"type": "end_turn"})
        else:
            item = self.decisions.pending[0]
            if phase in prebattle.PHASES:
                out = prebattle.choices(self)
            elif phase == "retreat":
                out = [{"type": "retreat", "unit": item["unit"], "to": self.board.hex_json[h]}
                       for h in item["options"]]
            elif phase == "general_retreat":
                out = [{"type": "general_retreat", "general": item["general"], "to": self.board.hex_json[h]}
                       for h in item["options"]]
            elif phase == "withdraw":
                out = [{"type": "withdraw", "unit": item["unit"], "to": self.board.hex_json[h]}
                       for h in item["options"]] + [{"type": "stand", "unit": item["unit"]}]
            elif phase == "take_ground":
                if item.get("follow") or not breakthrough.others_may_advance(self):
                    out = [{"type": "take_ground", "unit": item["unit"]}]
                else:
                    for uid in breakthrough.movers(self, item):
                        out.append({"type": "take_ground", "unit": uid})
                        if breakthrough.general_to_pick_up(self, item, uid) is not None:
                            out.append({"type": "take_ground", "unit": uid, "general": True})
                out.append({"type": "hold_ground", "unit": item["unit"]})
            elif phase == "discard":
                out = [{"type": "discard", "card": c} for c in self.cards.hands[side]]
            elif phase == "keep_card":
                out = [{"type": "keep_card", "card": c} for c in item["cards"]]
            elif phase == "refit":
                out = discard_instead.choices(self, item)
            elif phase == "press_on":
                out = [{"type": "press_on", "unit": item["unit"], "to": self.board.hex_json[h]}
                       for h in item["options"]] + [{"type": "hold_ground", "unit": item["unit"]}]
            elif phase == "rally":
                out = [{"type": "rally", "unit": u.id} for u in effects.rally_targets(self, item)]
                out.append({"type": "end_rally"})
            elif phase == "reinforce":
                out = [{"type": "reinforce", "kind": k, "to": self.board.hex_json[h]}
                       for k in item["kinds"] for h in item["options"]]
            elif phase == "supply_move":
                out = [{"type": "supply_move", "unit": item["unit"], "to": self.board.hex_json[h]}
                       for h in item["options"]]
            elif phase == "fight_back":
                out = [{"type": "fight_back", "card": c} for c in self.cards.hands[side]
                       if card_of(c).key == "fight_back"] + [{"type": "decline"}]
            elif phase == "nightfall":
                out = [{"type": "end_by_nightfall"}]
        return out

    def apply(self, action: dict, rolls: list | None = None, draws: list | None = None) -> list:
        """Check and carry out one action of the deciding side; return its events.

        ``rolls`` (die values 1-6 or face names) and ``draws`` (card copy ids) script
        the chance outcomes, in order, for replays and tests.  Raises
        :class:`IllegalAction` (and changes nothing) when the rules forbid the action.
        """
        if self.outcome:
            raise IllegalAction("The game is over.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("An action needs a type.")
        kind = action["type"]
        phase = self.phase
        mode = self.team.mode if self.team is not None else None
        if kind not in (_TEAM_STEPS[mode] if mode else _STEPS).get(phase, ()):
            raise IllegalAction(_wrong_step(kind, phase))
        self._events = []
        self._script_rolls = list(rolls or [])
        self._script_draws = list(draws or [])
        # every handler checks everything before it changes anything
        (_TEAM_HANDLERS[mode] if mode else _HANDLERS)[kind](self, action)
        self._settle()
        events, self._events = self._events, []
        return events

    # -- the search path ---------------------------------------------------------------------
    def apply_unchecked(self, action: dict) -> None:
        """Carry out an action taken from :meth:`legal_actions` or :meth:`sample_action`
        without checking it and without building events (for a search).

        Leaves the same state as :meth:`apply`.  An action that is not legal now gives
        an undefined state or an error: the site must use :meth:`apply`.
        """
        kind = action["type"]
        self._events = None
        self._script_rolls, self._script_draws = [], []
        try:
            if self.team is not None:
                mode = self.team.mode
                _TEAM_FAST[mode].get(kind, _TEAM_HANDLERS[mode][kind])(self, action)
            else:
                _FAST.get(kind, _HANDLERS[kind])(self, action)
            self._settle()
        finally:
            self._events = []

    def sample_action(self, rng) -> dict:
        """One of :meth:`legal_actions`, drawn uniformly at random with ``rng`` (a
        ``random.Random``), mostly without listing them all."""
        if self.outcome:
            raise IllegalAction("The game is over.")
        phase = self.phase
        if self.team is not None and phase in _TEAM_LISTED:
            return rng.choice(self.legal_actions())
        if phase == "order":
            # rejection sampling over every unit plus "confirm": exact and uniform
            units = list(self.pieces.units.values())
            eligible = partial(turn.order_eligible, self)
            n = len(units) + 1
            while True:
                i = rng.randrange(n)
                if i == n - 1:
                    return {"type": "confirm_orders"}
                if eligible(units[i]):
                    return {"type": "order", "unit": units[i].id}
        if phase == "move":
            return self._sample_move(rng)
        if phase == "play_card" and not discard_instead.offered(self, self.current.active):
            action = tactics.sample_card_choice(self, self.cards.hands[self.current.active], rng)
            if action is not None:
                return action
        return rng.choice(self.legal_actions())

    def _sample_move(self, rng) -> dict:
        """Rejection sampling: every piece that may move has one slot per hex within its
        allowance, each change of place (house rule of support) one, and "end movement" one;
        a slot that is not a legal move is drawn again.  Each legal action has exactly one slot, so the draw is uniform, and only
        the pieces drawn have their reach worked out."""
        key = ("slots", self.current.number)    # kept until a piece moves (movement.py)
        found = self.cache.get(key)
        if found is None:
            pieces: list[tuple[Unit | General, int]] = []
            total = 0
            within = self.board.within
            for uid in self.current.ordered:
                u = self.pieces.units.get(uid)
                if u is not None and turn.unit_can_move(self, u):
                    n = within[u.hex][movement.move_allowance(self, u)[0]]
                    pieces.append((u, n))
                    total += n
            for gen in self.pieces.generals.values():
                if turn.general_can_move(self, gen):
                    n = within[gen.hex][GENERAL_MOVE]
                    pieces.append((gen, n))
                    total += n
            self.cache[key] = found = (pieces, total, turn.change_places_choices(self))
        pieces, total, swaps = found
        while True:
            i = rng.randrange(total + len(swaps) + 1)
            if i == total + len(swaps):
                return {"type": "end_movement"}
            if i >= total:
                return swaps[i - total]             # each change of place: one slot
            for piece, n in pieces:
                if i < n:
                    break
                i -= n
            to = self.board.around[piece.hex][i]
            if isinstance(piece, Unit):
                if to in unit_destinations(self, piece):
                    return {"type": "move", "unit": piece.id, "to": self.board.hex_json[to]}
            elif to in general_destinations(self, piece):
                return {"type": "move_general", "general": piece.id, "to": self.board.hex_json[to]}

    def _settle(self) -> None:
        """Carry out pending items that need nobody's decision."""
        while self.decisions.pending and not self.outcome:
            item = self.decisions.pending[0]
            auto = (_TEAM_AUTOMATIC[self.team.mode] if self.team is not None
                    else _AUTOMATIC).get(item["do"])
            if auto is not None:
                self.decisions.pending.pop(0)
                auto(self, item)
                continue
            if item.get("ready"):
                return
            if battle._prepare(self, item):
                item["ready"] = True
                if self.team is not None and self.team.mode == "doubles":
                    doubles.before_decision(self, item)
                return
            self.decisions.pending.pop(0)
            battle._resolve_default(self, item)

    # -- questions the pages ask -------------------------------------------------------------
    def capacity(self, side: str) -> int:
        """How many cards ``side`` may hold now."""
        return hand.capacity(self, side)

    def compulsory_melees(self) -> list[str]:
        """Ids of the active side's units that must battle before the turn may end."""
        return battle.compulsory_melees(self)

    def reachable(self, h) -> list[dict]:
        """Hexes the unit (or lone general) on hex h may move to now; [] if none may move."""
        i = self._hex(h)
        if self.phase != "move":
            return []
        uid = self.pieces.unit_at[i]
        if uid is not None and turn.unit_can_move(self, self.pieces.units[uid]):
            return [self._h(x) for x in sorted(unit_destinations(self, self.pieces.units[uid]))]
        gid = self.pieces.general_at[i]
        if gid is not None and turn.general_can_move(self, self.pieces.generals[gid]):
            return [self._h(x) for x in sorted(general_destinations(self, self.pieces.generals[gid]))]
        return []

    def attack_preview(self, from_hex, to_hex) -> dict:
        """Dice, distance, line of sight, modifiers and whether the attack is allowed now."""
        a, b = self._hex(from_hex), self._hex(to_hex)
        uid = self.pieces.unit_at[a]
        if uid is None:
            return {"dice": 0, "distance": None, "los": False, "allowed": False,
                    "modifiers": [], "melee": False, "reason": "No unit there."}
        u = self.pieces.units[uid]
        prof = attack_profile(self, u, b)
        if prof["allowed"] and (self.phase != "battle" or b not in battle.attack_targets(self, u)):
            prof["allowed"] = False
            prof["reason"] = ("Not now: attacks come in the battle step of your turn."
                              if self.phase != "battle" or u.side != self.current.active else
                              "Melees come first, and only ordered units or units in melee battle.")
        return prof

    # -- what a side may see -----------------------------------------------------------------
    def view(self, side: str | None) -> dict:
        """The state as ``side`` may see it (``None``: a spectator).

        Never holds the other side's hand, any deck order, the seed or the random state.
        In a team game ``side`` names a seat: only the Commanding General sees the side's
        hand, only the deciding seat the details of a decision (docs/rulings.md E10).
        """
        if self.team is None:
            held = list(self.cards.hands[side]) if side in SIDES else None
            return self._view(side, held, side)
        deciding = self.deciding
        detail = self.active_side if side is not None and side == deciding else None
        rules = _TEAM_RULES[self.team.mode]
        out = self._view(side, rules.seat_hand(self, side), detail)
        out["deciding"] = deciding
        out["team"] = rules.public(self, side)
        return out

    def _view(self, viewer: str | None, held: list[str] | None, detail: str | None) -> dict:
        sc = self.scenario
        marked = bool(self.options.get("shaken_marker"))     # the units' markers are shown
        decision = None
        if self.decisions.pending and self.decisions.pending[0].get("ready"):
            item = self.decisions.pending[0]
            decision = {"kind": item["do"], "side": item["side"]}
            if detail == item["side"]:
                for key in ("unit", "general", "steps", "made", "left", "fallback", "breakthrough"):
                    if key in item:
                        decision[key] = item[key]
                if "options" in item:
                    decision["options"] = [self._h(h) for h in item["options"]]
                if item.get("crowded"):     # house rule of retreats: ends that cost a roll
                    decision["crowded"] = [self._h(h) for h in item["crowded"]]
                if "cards" in item:
                    decision["cards"] = list(item["cards"])
        out = {
            "scenario": {"slug": sc.slug, "name": sc.name, "board": sc.board.name},
            "ruleset": self.ruleset, "options": self.options,
            "turn": self.current.number, "active": self.current.active, "phase": self.phase,
            "deciding": self.active_side, "decision": decision, "viewer": viewer,
            "positions": dict(self.field.positions),
            "terrain": self._terrain_view(),
            "obstacles": [{"hex": self._h(i), "sides": dict(o)} for i, o in enumerate(self.pieces.obstacles) if o],
            "units": [{"id": u.id, "side": u.side, "kind": u.kind, "figures": u.figures,
                       "hex": self._h(u.hex), "green": u.green, "fresh": u.fresh, "horse": u.horse,
                       "special": u.special, "ordered": u.id in self.current.ordered,
                       "moved": u.id in self.current.moved, "attacked": u.id in self.current.attacked,
                       **({"status": shaken.MARKER if u.shaken else None} if marked else {})}
                      for u in self.pieces.units.values()],
            "generals": [{"id": g.id, "side": g.side, "name": g.name, "hex": self._h(g.hex)}
                         for g in self.pieces.generals.values()],
            "objectives": [{"hex": self._h(o.hex), "side": o.side, "flags": o.flags, "name": o.name,
                            "held": o in self.objectives_held(o.side)} for o in sc.objectives],
            "card": self.current.card, "mode": self.current.mode, "effect": self.current.effect,
            "orders_left": self.current.orders_left, "archie": self.archie,
            "casualties": dict(self.score.casualties),
            "hand": held,
            "hand_counts": {s: len(self.cards.hands[s]) for s in SIDES},
            "deck_counts": {s: len(self.cards.decks[s]) for s in SIDES},
            "discards": {s: list(self.cards.discards[s]) for s in SIDES},
            "captured": {s: list(self.score.captured[s]) for s in SIDES},
            "flags": {s: self.flags(s) for s in SIDES},
            "flags_needed": {s: self.flags_needed(s) for s in SIDES},
            "capacity": {s: hand.capacity(self, s) for s in SIDES},
            "last_card": dict(self.cards.last_card),
            "outcome": self.outcome,
        }
        if self.options.get(terrain_victory.OPTION):
            out["terrain_flags"] = self._terrain_flags()
        return out


Handler = Callable[[Game, dict], None]

#: The handler of each action type; each checks everything before it changes anything.
_HANDLERS: dict[str, Handler] = {
    "play_card": turn.do_play_card, "order": turn.do_order,
    "confirm_orders": turn.do_confirm_orders, "move": turn.do_move,
    "move_general": turn.do_move_general, "end_movement": turn.do_end_movement,
    "attack": battle.do_attack, "end_turn": turn.do_end_turn, "rally": tactics.do_rally,
    "end_rally": tactics.do_end_rally, "reinforce": tactics.do_reinforce,
    "supply_move": tactics.do_supply_move, "fight_back": tactics.do_fight_back,
    "decline": tactics.do_decline, "end_by_nightfall": tactics.do_end_by_nightfall,
    "retreat": battle.do_retreat, "general_retreat": battle.do_general_retreat,
    "withdraw": battle.do_withdraw, "stand": battle.do_stand, "take_ground": battle.do_take_ground,
    "hold_ground": battle.do_hold_ground, "discard": turn.do_discard,
    "keep_card": turn.do_keep_card, "rally_unit": rally_action.do_rally_unit,
    "change_places": turn.do_change_places,
    "refit": discard_instead.do_refit, "refit_card": discard_instead.do_refit_card,
    "end_refit": discard_instead.do_end_refit, "press_on": breakthrough.do_press_on,
    **prebattle.HANDLERS,
}
#: Handlers of the search path that skip the checks (the others are cheap enough).
_FAST: dict[str, Handler] = {
    "order": turn.order_unchecked, "move": turn.move_unchecked,
    "move_general": turn.move_general_unchecked, "attack": battle.attack_unchecked,
    "end_turn": turn.end_turn_unchecked, "play_card": turn.play_card_unchecked,
    "rally_unit": rally_action.rally_unit_unchecked, "refit": discard_instead.refit_unchecked,
    "change_places": turn.change_places_unchecked,
}
#: Pending items the engine carries out without anybody's decision.
_AUTOMATIC: dict[str, Callable[[Game, Pending], None]] = {
    "draw": turn.auto_draw, "finish_turn": turn.auto_finish_turn,
    "general_attack": battle.auto_general_attack, "finish_retreat": battle.finish_retreat,
    **prebattle.AUTOMATIC,
}
assert set(_HANDLERS) == {k for kinds in _STEPS.values() for k in kinds}
#: A team game's handlers by mode: its own actions, and base actions it checks or carries on.
_TEAM_HANDLERS: dict[str, dict[str, Handler]] = {
    mode: {**_HANDLERS, **rules.HANDLERS} for mode, rules in _TEAM_RULES.items()}
_TEAM_FAST: dict[str, dict[str, Handler]] = {
    mode: {**{k: v for k, v in _FAST.items() if k not in rules.HANDLERS}, **rules.FAST}
    for mode, rules in _TEAM_RULES.items()}
_TEAM_AUTOMATIC: dict[str, dict[str, Callable[[Game, Pending], None]]] = {
    mode: {**_AUTOMATIC, "finish_turn": rules.auto_finish_turn}
    for mode, rules in _TEAM_RULES.items()}
#: Phases of a team game whose actions are drawn from the full list (it is filtered).
_TEAM_LISTED = frozenset({*epic.STEPS, "play_card", "battle"})
for _mode, _steps in _TEAM_STEPS.items():
    assert set(_TEAM_HANDLERS[_mode]) == {k for kinds in _steps.values() for k in kinds}




def _split_unknown_extras(cards: list[str], known: list[str]) -> tuple[list[str], list[str]]:
    """(cards whose owner is known, extra cards whose owner is not) of one side's pile."""
    fixed, unknown = [], []
    for c in cards:
        if c.endswith(EXTRA_SUFFIX) and c not in known:
            unknown.append(c)
        else:
            fixed.append(c)
    return fixed, unknown


def view_event(event: dict, side: str | None) -> dict:
    """An event as ``side`` may see it: secrets removed, private parts only for their owner."""
    out = {k: v for k, v in event.items() if k not in ("secret", "private")}
    private = event.get("private")
    if private and private.get("side") == side:
        out.update({k: v for k, v in private.items() if k != "side"})
    return out


def _wrong_step(kind: str, phase: str) -> str:
    if phase == "over":
        return "The game is over."
    if phase in DECISIONS:
        return f"Waiting for a decision first: {phase.replace('_', ' ')}."
    names = {"play_card": "play a command card", "order": "order units",
             "move": "move ordered units", "battle": "battle"}
    return f"You can't do that now: it is time to {names.get(phase, phase)}."


_FACE_FOR_KIND = {INFANTRY: _dice.INFANTRY, CAVALRY: _dice.CAVALRY, "artillery": _dice.ARTILLERY}
__all__ = ["Game", "view_event"]
