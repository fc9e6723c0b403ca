"""The kit of the 1961 game (games/presentation/kit.py): its words, its choices (a piece
selected, then its squares; the battles), the side panel, the legend and the map in the
square renderer's shape (games/board_square.py: railroads, stations, state lines, the last
moves)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.board_square import cell_name, render_square
from games.engine import SIDE_NAMES
from games.engine.mb1961.ruleset import RULES_1961

from .kit import Choices, Presenter, act_button, register_presenter, select_link

KIND_WORDS = {"I": "infantry", "C": "cavalry", "A": "artillery"}
GROUND_WORDS = {"open": "Open ground", "mountain": "Mountain (stops a piece)",
                "river": "River (stops a piece)", "water": "Sea or lake: no square"}
_SIDE_OF_MARK = {name[0].upper(): side for side, name in SIDE_NAMES.items()}


def square_name(col: int, row: int) -> str:
    """The one name of a square on the page, in the log and through the API: the board key's
    column letters and row counted from the north edge, whatever the map's size."""
    return cell_name(col, row, 0, rows_down=True)


def piece_words(pid: Any) -> str:
    """``UI3`` -> ``Union infantry 3``."""
    pid = str(pid)
    side = _SIDE_OF_MARK.get(pid[:1], "")
    return f"{SIDE_NAMES.get(side, '?')} {KIND_WORDS.get(pid[1:2], 'piece')} {pid[2:]}"


def _pieces(view: Mapping) -> list:
    return list((view.get("board") or {}).get("pieces") or [])


def _key(cell: Any) -> tuple[int, int]:
    if isinstance(cell, Mapping):
        return int(cell["col"]), int(cell["row"])
    return int(cell[0]), int(cell[1])


#: The map part of ``board`` for the last maps drawn, by the identity of the view's list of
#: squares (the engine shares one list a map between its views; the entry holds the list, so
#: its identity is not reused while it is kept).
_MAPS: dict[int, tuple[list, dict]] = {}


def _map_of(m: Mapping) -> dict:
    """What the renderer draws of the map itself: the squares with their ground, words and
    state lines, the railroads, the stations and the states' names."""
    kept = _MAPS.get(id(m["cells"]))
    if kept is not None and kept[0] is m["cells"]:
        return kept[1]
    cells: dict[tuple[int, int], dict] = {}
    state_of = {}
    names = m.get("state_names") or {}
    for c in m["cells"]:
        key = (c["col"], c["row"])
        state_of[key] = c["state"]
        cells[key] = {"col": c["col"], "row": c["row"], "terrain": c["ground"],
                      "label": f"{square_name(c['col'], c['row'])}, {names.get(c['state'], '')}"}
    for col in range(m["width"]):
        for row in range(m["height"]):
            if (col, row) not in cells:
                cells[(col, row)] = {"col": col, "row": row, "terrain": "water", "label": square_name(col, row)}
    for key, state in state_of.items():
        borders = [e for e, (dc, dr) in (("n", (0, -1)), ("e", (1, 0)), ("s", (0, 1)), ("w", (-1, 0)))
                   if state_of.get((key[0] + dc, key[1] + dr), state) != state]
        if borders:
            cells[key]["borders"] = borders
    for st in m.get("stations", []):
        cell = cells[(st["col"], st["row"])]
        cell["station"] = st["name"]
        cell["label"] += f", {st['name']} station"
    static = {"width": m["width"], "height": m["height"], "name": m.get("name", ""), "rows_down": True,
              "cells": sorted(cells.values(), key=lambda c: (c["row"], c["col"])),
              "tracks": [[_key(s) for s in line["squares"]] for line in m.get("railroads", [])],
              "regions": _regions(state_of, names), "ground_words": GROUND_WORDS}
    if len(_MAPS) >= 8:
        _MAPS.clear()
    _MAPS[id(m["cells"])] = (m["cells"], static)
    return static


def _regions(state_of: Mapping[tuple[int, int], str], names: Mapping[str, str]) -> list[dict]:
    """Each state's name, written on its square nearest the middle of its squares."""
    squares: dict[str, list[tuple[int, int]]] = {}
    for key, state in state_of.items():
        squares.setdefault(state, []).append(key)
    out = []
    for state, keys in sorted(squares.items()):
        if not names.get(state):
            continue
        mc, mr = sum(k[0] for k in keys) / len(keys), sum(k[1] for k in keys) / len(keys)
        col, row = min(keys, key=lambda k: ((k[0] - mc) ** 2 + (k[1] - mr) ** 2, k))
        out.append({"col": col, "row": row, "name": names[state]})
    return out


class Presenter1961(Presenter):
    """Words and pictures of the 1961 game."""

    phases = {"move": "spend the pips of the dice moving pieces, or stop moving",
              "battle": "fight a battle (the jump), or end the turn",
              "over": "the war is over"}
    reasons = {"eliminated": "every enemy piece was captured",
               "turns": "the rounds ran out and the captured pieces were counted",
               "lead": "a side reached the lead in captured pieces chosen"}
    has_cards = False
    has_flags = False

    def square(self, cell: Any) -> str:
        """A square as the board's key names it, on any map: its column letters and its row
        counted from the north edge ('A1' is the north-west corner; ruling M19)."""
        if cell is None:
            return "?"
        col, row = _key(cell)
        return square_name(col, row)

    def describe(self, event, viewer, tracker=None, archie=None):
        kind = event.get("type")
        side = SIDE_NAMES.get(str(event.get("side")), "?")

        def sq(cell):
            return self.square(cell)
        if kind == "turn":
            rolls = " and ".join(str(r) for r in event.get("rolls") or [])
            return f"Round {event.get('turn')}: the {side} rolled {rolls}, {event.get('pips')} pips."
        if kind == "moved":
            how = " by rail" if event.get("how") == "rail" else ""
            stop = ", and must stop there this turn" if event.get("stopped") else ""
            return (f"{piece_words(event.get('piece'))} moved{how} from {sq(event.get('from'))} "
                    f"to {sq(event.get('to'))}{stop} ({event.get('pips_left')} pips left).")
        if kind == "halted":
            return f"The {side} stopped moving with {event.get('pips_left')} pips unspent."
        if kind == "battle":
            attack, defence = (event.get("strength") or ["?", "?"])[:2]
            lost = ", ".join(piece_words(p) for p in event.get("defenders") or [])
            return (f"Battle: {piece_words(event.get('piece'))} jumped from {sq(event.get('from'))} "
                    f"to {sq(event.get('to'))}, strength {attack} against {defence}; "
                    f"captured: {lost}.")
        if kind == "turn_ended":
            return f"The {side} ended the turn without a battle."
        if kind == "surrounded":
            lost = ", ".join(piece_words(p) for p in event.get("pieces") or [])
            return f"Surrounded and unable to move, captured: {lost}."
        if kind == "game_over":
            winner = event.get("winner")
            flags = event.get("flags") or {}
            counts = ", ".join(f"{SIDE_NAMES.get(s, s)} {n}" for s, n in sorted(flags.items()))
            return ("The war is over: " + (f"the {SIDE_NAMES.get(str(winner), winner)} win" if winner else "a draw")
                    + f" ({self.reason_words(event)}; pieces captured: {counts}).")
        return super().describe(event, viewer, tracker, archie)

    def action_label(self, action):
        kind = action.get("type")
        if kind == "move":
            return f"{piece_words(action['piece'])} to {self.square(action['to'])}"
        if kind == "rail":
            return f"{piece_words(action['piece'])} by rail to {self.square(action['to'])}"
        if kind == "halt":
            return "Stop moving"
        if kind == "battle":
            return f"Battle: {piece_words(action['piece'])} jumps to {self.square(action['to'])}"
        if kind == "end_turn":
            return "End the turn without a battle"
        return super().action_label(action)

    def choices(self, engine, view, legal, selected=None, want_general=False) -> Choices:
        ch = Choices()
        pips = view.get("pips", 0)
        phase = view.get("phase", "")
        where = {p["id"]: (p["col"], p["row"]) for p in _pieces(view)}
        if phase == "battle":
            ch.prompt = ("Your infantry may jump once more, or end the turn." if view.get("chain")
                         else "Fight one battle (the jump), or end the turn.")
            buttons = []
            for a in legal:
                buttons.append(act_button(self._battle_label(engine, a), a,
                                          "secondary" if a["type"] == "end_turn" else ""))
                if a["type"] == "battle":
                    key = _key(a["to"])
                    ch.light("target", key)
                    ch.light("eligible", where[a["piece"]])
                    ch.clicks.setdefault(key, {"action": a})
            ch.group("Battles", [b for b in buttons if b["data"]["type"] == "battle"])
            ch.group("Or", [b for b in buttons if b["data"]["type"] == "end_turn"])
            return ch
        ch.prompt = f"{pips} pip{'s' if pips != 1 else ''} to spend: choose a piece, then its square."
        by_piece: dict[str, list[dict]] = {}
        for a in legal:
            if a["type"] in ("move", "rail"):
                by_piece.setdefault(a["piece"], []).append(a)
        chosen = None
        if selected is not None:
            chosen = next((p for p, sq in where.items() if sq == tuple(selected) and p in by_piece), None)
        links = []
        for pid in sorted(by_piece):
            key = where[pid]
            ch.light("eligible", key)
            if pid != chosen:
                ch.clicks[key] = {"select": key}
            links.append(select_link(f"{piece_words(pid)} ({self.square(key)})", key))
        if chosen is not None:
            moves = []
            for a in by_piece[chosen]:
                key = _key(a["to"])
                ch.light("reachable", key)
                ch.clicks[key] = {"action": a}
                moves.append(act_button(self.action_label(a), a))
            ch.group(f"Move {piece_words(chosen)} (one pip)", moves)
        ch.group("Pieces that can still move", links)
        ch.group("Or", [act_button("Stop moving" + (" (go to the battle)" if engine.battles() else ""),
                                   {"type": "halt"}, "secondary")]
                 if {"type": "halt"} in legal else [])
        return ch

    def _battle_label(self, engine, action) -> str:
        label = self.action_label(action)
        if action["type"] != "battle":
            return label
        b = next((b for b in engine.battles() if b.jumper == action["piece"]
                  and b.land == _key(action["to"])), None)
        if b is None:
            return label
        attack, defence = b.strengths
        lost = ", ".join(piece_words(p) for p in b.defenders)
        return f"{label} ({attack} against {defence}; captures {lost})"

    def board(self, view):
        m = view["board"]
        static = _map_of(m)
        stopped = set(view.get("stopped") or ())
        pieces = []
        for p in _pieces(view):
            words = piece_words(p["id"]) + (", stopped for this turn" if p["id"] in stopped else "")
            pieces.append({"col": p["col"], "row": p["row"], "side": p["side"], "id": p["id"],
                           "label": p["id"][1], "words": words})
        trail = view.get("moves") or view.get("last_moves") or []
        arrows = [{"from": _key(t["from"]), "to": _key(t["to"]), "cls": "jump" if t["how"] == "jump" else "last-move"}
                  for t in trail]
        return {**static, "pieces": pieces, "arrows": arrows}

    def stands(self, view, viewer, players):
        out = []
        captured = view.get("captured") or {}
        for side, player in players.items():
            mine = [p for p in _pieces(view) if p["side"] == side]
            counts = ", ".join(f"{sum(1 for p in mine if p['kind'] == k)} {k}" for k in ("infantry", "cavalry", "artillery"))
            lines = [f"Pieces on the map: {counts}", f"Enemy pieces captured: {captured.get(side, 0)}"]
            if view.get("active") == side and view.get("phase") == "move":
                lines.append(f"Dice: {' and '.join(str(d) for d in view.get('dice') or [])}; "
                             f"pips left: {view.get('pips', 0)}")
            out.append({"side": side, "name": SIDE_NAMES.get(side, side), "player": player,
                        "you": side == viewer, "lines": lines})
        return out

    def legend(self, view):
        def swatch(cell: dict, piece: dict | None = None) -> str:
            return render_square({"width": 1, "height": 1, "cells": [{"col": 0, "row": 0, **cell}],
                                  "pieces": [piece] if piece else []})

        terrain = [{"swatch": swatch({"terrain": g}), "label": w} for g, w in GROUND_WORDS.items()]
        terrain.append({"swatch": swatch({"terrain": "open", "station": "x", "links": [[-1, 0], [1, 0]]}),
                        "label": "Railroad station: a pip takes a piece to the next station"})
        terrain.append({"swatch": swatch({"terrain": "open", "borders": ["e"]}), "label": "State line"})
        pieces = [{"swatch": swatch({"terrain": "open"}, {"col": 0, "row": 0, "side": side, "label": letter}),
                   "label": f"{SIDE_NAMES[side]} {KIND_WORDS[letter]}: {words}"}
                  for side in SIDE_NAMES for letter, words in (("I", "1 square a pip, strength 2"),
                                                             ("C", "2 squares a pip, strength 1"),
                                                             ("A", "2 squares a pip, strength 2"))]
        return {"terrain": terrain, "pieces": pieces,
                "note": "Arrows show the moves of the turn under way, or of the last turn before "
                        "the first move: purple for a step or a rail hop, red dashed for a battle's "
                        "jump. A lit outline marks a piece that can still move, green its squares, "
                        "red a battle's landing square."}

    def victory(self, engine, view):
        limit = view.get("turn_limit")
        lead = view.get("lead_to_win")
        lines = ["Capture every enemy piece.",
                 f"Or have captured more pieces than the enemy after {limit} rounds."]
        if lead:
            lines.append(f"Or get {lead} captured pieces ahead of the enemy.")
        return {"sides": [{"side": s, "name": SIDE_NAMES[s], "lines": lines, "hand": ""} for s in SIDE_NAMES],
                "common": ["Equal captures when the rounds run out: a draw."],
                "summary": "Capture every enemy piece, or more of them than the enemy when the rounds run out."}


KIT_1961 = register_presenter(RULES_1961, Presenter1961())
