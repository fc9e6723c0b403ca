"""Helpers for the play-by-web tests (matches, games, positions)."""
from __future__ import annotations

import json
from pathlib import Path

from games.engine.sample import sample_scenario

ROOT = Path(__file__).resolve().parents[1]


def make_scenario(data: dict | None = None, slug: str | None = None):
    """A Scenario row: the engine's sample open battle, or a shipped file by slug."""
    from games.models import Scenario

    if slug:
        data = json.loads((ROOT / "games" / "scenarios" / f"{slug}.json").read_text())
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
    return game.union_player if side == "union" else game.confederate_player


def set_state(game, engine):
    """Put an engine position into a game row (test set-up only; the log no longer replays)."""
    game.state = engine.to_dict()
    game.phase = engine.phase
    game.deciding = engine.active_side or ""
    game.turn = engine.turn
    game.save()
