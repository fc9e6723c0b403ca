"""Canary leak fuzz: every hidden part of a game (each hand, each deck's order, the split of
the extra cards, the seed and the random state, the private and secret parts of the log)
is replaced by a unique canary string; then every API endpoint of the OpenAPI document is
called by every kind of requester, and each response is searched for the canaries that
requester may not see.  None may be found."""
from __future__ import annotations

import re
import secrets

import pytest
import yaml

from games import services
from games.models import Game, GameAction
from tests.api.helpers import anonymous, token_client
from tests.play_helpers import start_match

pytestmark = pytest.mark.django_db

SIDES = ("union", "confederate")


class Canaries:
    """Unique canary strings, each with the requesters entitled to see it."""

    def __init__(self):
        self.owner: dict[str, str | None] = {}         # canary -> the side that may see it, or None

    def card(self, cid: str, owner: str | None) -> str:
        """A copy id the engine still reads as the same card, with a unique suffix."""
        canary = f"{cid.split('-', 1)[0]}-cnry{secrets.token_hex(6)}"
        self.owner[canary] = owner
        return canary

    def number(self) -> int:
        value = int("7" + "".join(str(secrets.randbelow(10)) for _ in range(17)))
        self.owner[str(value)] = None
        return value

    def text(self, owner: str | None = None) -> str:
        canary = f"CANARY{secrets.token_hex(8)}"
        self.owner[canary] = owner
        return canary

    def hidden_from(self, side: str | None) -> list[str]:
        return [c for c, owner in self.owner.items() if owner is None or owner != side]


def play_a_few_turns(game, users, turns=3):
    """Play on with a simple plan until ``turns`` turns have begun (the log gets draws)."""
    for _ in range(300):
        game.refresh_from_db()
        if game.turn > turns or game.is_over:
            return
        engine = services.load_engine(game)
        legal = engine.legal_actions()
        order = ["attack", "order", "confirm_orders", "end_movement", "end_turn", "play_card"]
        action = next((a for kind in order for a in legal if a["type"] == kind), legal[0])
        services.act(game.pk, users[game.deciding], action, game.version)


def plant(game, canaries: Canaries, *, seed: bool = True) -> None:
    """Replace every hidden part of a stored game with canaries."""
    state = game.state
    for side in SIDES:
        state["hands"][side] = [canaries.card(c, side) for c in state["hands"][side]]
        state["decks"][side] = [canaries.card(c, None) for c in state["decks"][side]]
    if seed:
        game.seed = canaries.number()
        state["seed"] = game.seed
        state["rng"] = canaries.number()

    def hide(events):
        for e in events:
            if "secret" in e:
                e["secret"] = {k: [canaries.text() for _ in v] if isinstance(v, list) else canaries.text()
                               for k, v in e["secret"].items()}
            if "private" in e and e["private"].get("cards"):
                owner = e["private"]["side"]
                e["private"]["cards"] = [canaries.text(owner) for _ in e["private"]["cards"]]
        return events

    game.setup_events = hide(game.setup_events)
    game.save()
    for row in GameAction.objects.filter(game=game):
        row.events = hide(row.events)
        row.action = {**row.action, "canary": canaries.text()}       # actions are never shown
        row.save()


@pytest.fixture
def planted(lee, grant):
    canaries = Canaries()
    match, game = start_match(lee, grant, side="union")
    users = {"union": lee, "confederate": grant}
    play_a_few_turns(game, users)
    game.refresh_from_db()
    plant(game, canaries)
    # a finished game too: claimed on time (its seed is public from then on)
    match2, over = start_match(grant, lee, side="union")
    Game.objects.filter(pk=over.pk).update(deadline="2020-01-01T00:00:00Z")
    services.claim_timeout(over.pk, over.player_of("confederate" if over.deciding == "union" else "union"))
    over.refresh_from_db()
    plant(over, canaries, seed=False)
    return canaries, [game, over], [match, match2]


def api_paths(client):
    document = yaml.safe_load(client.get("/api/schema/").content)
    return document["paths"]


def calls(paths, game, match, scenario_slug):
    """(method, url, body) for every operation, with the path filled in for this game."""
    engine = services.load_engine(game)
    view = engine.view(None)
    hexes = [f"{u['hex']['col']},{u['hex']['row']}" for u in view["units"][:6]]
    out = []
    for path, operations in paths.items():
        for method in operations:
            if method not in ("get", "post", "patch", "put", "delete"):
                continue
            url = path
            if "{id}" in url:
                url = url.replace("{id}", str(match.pk if url.startswith("/api/v1/matches/") else game.pk))
            url = url.replace("{slug}", scenario_slug)
            if "{step}" in url:
                for step in {0, game.version // 2, game.version}:
                    out.append((method, url.replace("{step}", str(step)), None))
                continue
            if url.endswith("/reachable/"):
                out += [(method, f"{url}?hex={h}", None) for h in hexes]
            elif url.endswith("/attack-preview/"):
                out += [(method, f"{url}?from={a}&to={b}", None) for a in hexes[:3] for b in hexes[3:]]
            elif url.endswith("/events/"):
                out += [(method, f"{url}?since={s}", None) for s in (0, 1, game.version - 1)]
            elif method == "get":
                out.append((method, url, None))
            else:
                bodies = [{}, {"version": max(game.version - 1, 0), "action": {"type": "end_turn"}},
                          {"version": game.version, "action": {"type": "discard", "card": "x"}},
                          {"version": game.version, "action": {"type": "play_card", "card": "attack_centre",
                                                               "mode": "section"}}]
                out += [(method, url, b) for b in bodies]
    return out


def test_no_api_response_shows_a_requester_what_they_may_not_see(planted, lee, grant, meade):
    canaries, games, matches = planted
    requesters = {"anonymous": (anonymous(), None), "non_player": (token_client(meade), None)}
    paths = api_paths(anonymous())
    checked = 0
    for game, match in zip(games, matches):
        for side in SIDES:
            user = game.player_of(side)
            requesters[f"{side} of game {game.number}/{game.pk}"] = (token_client(user), side)
        for name, (client, side) in requesters.items():
            if name.startswith(("union", "confederate")) and f"/{game.pk}" not in name:
                continue
            hidden = canaries.hidden_from(side)
            pattern = re.compile("|".join(map(re.escape, hidden)))
            for method, url, body in calls(paths, game, match, match.scenario.slug):
                response = getattr(client, method)(url, body, format="json") if body is not None \
                    else getattr(client, method)(url)
                assert response.status_code < 500, (name, method, url, response.content[:300])
                found = pattern.findall(response.content.decode("utf-8", "replace"))
                assert not found, f"{name} saw {found[:3]} in {method.upper()} {url}"
                checked += 1
    game = games[0]
    # the canaries are really there: each player's own hand comes back to them
    own = token_client(game.player_of("union")).get(f"/api/v1/games/{game.pk}/").json()["view"]["hand"]
    assert own and all("-cnry" in c for c in own)
    assert checked > 200
