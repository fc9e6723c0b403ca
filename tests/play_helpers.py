"""Helpers for the play-by-web tests (matches, games, positions)."""
from __future__ import annotations

import json
from pathlib import Path

from games.engine.battlecry.sample import sample_scenario

ROOT = Path(__file__).resolve().parents[1]


def make_scenario(data: dict | None = None, slug: str | None = None):
    """A Scenario row: the engine's sample open battle, or a shipped file by slug."""
    from games.models import Scenario

    if slug:
        folder = ROOT / "games" / "scenarios"
        path = folder / f"{slug}.json"
        if not path.exists():               # a file of another format, in its format's folder
            path = next(folder.glob(f"*/{slug}.json"))
        data = json.loads(path.read_text())
    data = data or sample_scenario()
    sc = Scenario.objects.filter(slug=data["slug"]).first()
    if sc:
        return sc
    sc = Scenario(data=data)
    sc.fill_from_data()
    sc.save()
    return sc


def start_match(challenger, opponent, scenario=None, side="union", **kw):
    """A challenge accepted at once: returns (match, game 1)."""
    from games import services

    scenario = scenario or make_scenario()
    match = services.create_challenge(challenger, opponent, scenario, side=side, **kw)
    services.accept(match.pk, opponent)
    match.refresh_from_db()
    return match, match.games.get(number=1)


def act(game, user, action):
    """Apply an action at the game's current version (refreshing the row first)."""
    from games import services

    game.refresh_from_db()
    result = services.act(game.pk, user, action, game.version)
    game.refresh_from_db()
    return result


def player(game, side):
    return game.player_of("union") if side == "union" else game.player_of("confederate")


def set_state(game, engine):
    """Put an engine position into a game row (test set-up only; the log no longer replays)."""
    game.state = engine.to_dict()
    game.phase = engine.phase
    game.deciding = engine.active_side or ""
    game.turn = engine.turn
    game.save()


def skirmish_data(general_on=(4, 8), slug="browser-skirmish") -> dict:
    """A small open battle: the Union infantry on (12,6) can reach (13,5) and fire on the
    Confederate infantry on (13,3); the Union general stands on ``general_on``."""
    def U(side, kind, col, row):
        return {"side": side, "kind": kind, "hex": {"col": col, "row": row}}

    units = [U("union", "infantry", 12, 6), U("union", "infantry", 8, 6),
             U("union", "cavalry", 16, 6), U("union", "artillery", 12, 8),
             U("confederate", "infantry", 13, 3), U("confederate", "infantry", 9, 3),
             U("confederate", "cavalry", 17, 3), U("confederate", "artillery", 12, 0)]
    return {
        "format": 1, "slug": slug, "name": slug.replace("-", " ").capitalize(),
        "dates": ["1862-06-01"],
        "sides": {"union": {"position": "bottom", "cards": 4, "flags": 4},
                  "confederate": {"position": "top", "cards": 4, "flags": 4}},
        "first_side": "union", "terrain": [{"kind": "woods", "hex": {"col": 9, "row": 3}}],
        "units": units,
        "generals": [{"side": "union", "hex": {"col": general_on[0], "row": general_on[1]},
                      "name": "Meade"},
                     {"side": "confederate", "hex": {"col": 20, "row": 0}, "name": "Lee"}],
    }


def first_turn_but_its_end(game):
    """On the skirmish of ``skirmish_data(general_on=(12, 6))`` dealt with engine seed 3, the
    Union plays its first turn (a move and a shot) up to "end the turn", which is left to the
    test; any answer of the Confederates on the way is their first legal action."""
    from games import services

    game.refresh_from_db()
    union, confederate = game.player_of("union"), game.player_of("confederate")
    H = lambda c, r: {"col": c, "row": r}  # noqa: E731
    act(game, union, {"type": "play_card", "card": services.load_engine(game).hands["union"][0],
                      "mode": "skirmish"})
    act(game, union, {"type": "order", "unit": "u1"})
    act(game, union, {"type": "move", "unit": "u1", "to": H(13, 5)})
    act(game, union, {"type": "end_movement"})
    act(game, union, {"type": "attack", "unit": "u1", "target": H(13, 3)})
    if game.deciding == "confederate":
        act(game, confederate, services.load_engine(game).legal_actions()[0])
    assert {"type": "end_turn"} in services.load_engine(game).legal_actions()
    return game
