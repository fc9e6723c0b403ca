"""The toy ruleset played through /api/v1/ only, with no Battle Cry in the path: its
scenario listed, its options documented and taken, a challenge made and accepted, both
games played by the holders of the four seats, a solo match against Archie, the replay,
and no response showing a member the cards of seats they do not hold."""
from __future__ import annotations

import datetime as dt
import random
import re

import pytest

from games.models import Game, GameAction, Match, Scenario
from tests.api.helpers import anonymous, api_document, assert_conforms, token_client
from tests.api.test_leak_canaries import Canaries
from tests.play_helpers import make_scenario

from .rules import SCENARIO, SEATS

pytestmark = pytest.mark.django_db

UNION_SEATS = {s.name for s in SEATS if s.side == "union"}
CONFEDERATE_SEATS = {s.name for s in SEATS if s.side == "confederate"}


@pytest.fixture
def crossroads():
    return Scenario.objects.create(format="toy", slug="crossroads", name="Crossroads",
                                   data=dict(SCENARIO, slug="crossroads"),
                                   date=dt.date(1863, 7, 1), anniversary=701)


@pytest.fixture(autouse=True)
def quick_archie(settings):
    settings.ARCHIE_ITERATIONS = 8


def path(url: str) -> str:
    return url.split("testserver", 1)[-1]


def challenge(client, **terms):
    body = {"opponent": "grant", "scenario": "crossroads", "side": "union", "ruleset": "toy", **terms}
    return client.post("/api/v1/matches/challenges/", body, format="json")


def test_the_scenarios_api_lists_a_toy_scenario_under_its_ruleset(crossroads, lee):
    listed = anonymous().get("/api/v1/scenarios/?ruleset=toy").json()
    assert [s["slug"] for s in listed["results"]] == ["crossroads"]
    assert listed["results"][0]["format"] == "toy"
    others = anonymous().get("/api/v1/scenarios/").json()["results"]
    assert "crossroads" in {s["slug"] for s in others}
    detail = anonymous().get("/api/v1/scenarios/crossroads/")
    assert detail.status_code == 200
    assert detail.json()["data"]["width"] == 5


def test_the_schema_documents_the_options_of_the_rulesets_registered_when_it_is_served():
    """The toy is registered after start-up; the schema is made when it is asked for, so it
    lists the toy's options with the rules that have them."""
    from django.test import Client
    import yaml
    schemas = yaml.safe_load(Client().get("/api/schema/").content)["components"]["schemas"]
    ambush = schemas["MatchOptionsRequest"]["properties"]["ambush"]
    assert ambush["type"] == "boolean" and "toy" in ambush["description"]
    turns = schemas["SoloOptionsRequest"]["properties"]["turns"]
    assert "Rules that have it: toy" in turns["description"]
    enum = schemas[turns["allOf"][0]["$ref"].rsplit("/", 1)[1]]
    assert enum["enum"] == [4, 8, 12]
    # a game's view is Battle Cry's typed one or another ruleset's, with its board
    view = schemas["GameDetail"]["properties"]["view"]
    variants = schemas[view["allOf"][0]["$ref"].rsplit("/", 1)[1]] if "allOf" in view else view
    assert [v["$ref"].rsplit("/", 1)[1] for v in variants["oneOf"]] == ["GameView", "RulesetView"]
    assert "board" in schemas["RulesetView"]["required"]


def test_the_toys_options_are_taken_and_a_wrong_one_is_refused_by_name(crossroads, lee, grant):
    client = token_client(lee)
    wrong_value = challenge(client, options={"turns": 5})
    assert wrong_value.status_code == 400 and "turns" in wrong_value.content.decode()
    unknown = challenge(client, options={"ambuscade": True})
    assert unknown.status_code == 400 and "ambuscade" in unknown.content.decode()
    battle = make_scenario()                    # the default rules have no such option
    body = {"opponent": "grant", "scenario": battle.slug, "side": "union", "options": {"ambush": True}}
    not_these_rules = client.post("/api/v1/matches/challenges/", body, format="json")
    assert not_these_rules.status_code == 409
    assert "mbush" in not_these_rules.json()["message"]
    assert not Match.objects.exists()
    made = challenge(client, options={"ambush": True, "turns": 4})
    assert made.status_code == 201, made.content
    assert made.json()["options"] == {"ambush": True, "turns": 4}
    assert made.json()["ruleset"] == "toy"


def play_to_the_end(clients: dict, game_url: str, rng: random.Random) -> dict:
    """Each member polls their legal actions and acts (an attack when there is one) until
    the game is over; every answer is checked against the schema."""
    for _ in range(200):
        game = clients["lee"].get(game_url).json()
        assert_conforms(game, "GameDetail")
        if game["finished_at"]:
            return game
        holds = {name: {s["name"] for s in game["seats"] if s["member"]["username"] == name} for name in clients}
        movers = 0
        for name, client in clients.items():
            legal = client.get(game_url + "legal-actions/").json()
            assert_conforms(legal, "LegalActions")
            if not legal["your_turn"]:
                assert legal["actions"] == []
                continue
            movers += 1
            assert legal["deciding"] in holds[name]
            attacks = [a for a in legal["actions"] if a["type"] == "attack"]
            action = attacks[0] if attacks else rng.choice(legal["actions"])
            acted = client.post(game_url + "actions/", {"version": legal["version"], "action": action},
                                format="json")
            assert acted.status_code == 201, acted.content
            assert_conforms(acted.json(), "Acted")
        assert movers, "nobody could act in an unfinished game"
    raise AssertionError("the game did not end")


def test_a_toy_match_played_through_the_api_by_the_holders_of_the_four_seats(crossroads, lee, grant):
    clients = {"lee": token_client(lee), "grant": token_client(grant)}
    made = challenge(clients["lee"], options={"ambush": True, "turns": 4})
    assert made.status_code == 201, made.content
    match = made.json()
    accepted = clients["grant"].post(f"/api/v1/matches/{match['id']}/accept/")
    assert accepted.status_code == 200, accepted.content
    rng = random.Random(5)
    for number, lee_holds in ((1, UNION_SEATS), (2, CONFEDERATE_SEATS)):
        mine = clients["lee"].get(f"/api/v1/games/?match={match['id']}&status=active").json()["results"]
        assert [g["number"] for g in mine] == [number]
        seats = {s["name"]: s for s in mine[0]["seats"]}
        assert set(seats) == {s.name for s in SEATS}
        for name, seat in seats.items():
            assert seat["holder"] == "member"
            assert seat["member"]["username"] == ("lee" if name in lee_holds else "grant")
            assert seat["side"] == ("union" if name in UNION_SEATS else "confederate")
        game_url = path(mine[0]["url"])
        game = play_to_the_end(clients, game_url, rng)
        assert game["outcome"]["reason"] in ("turns", "eliminated")
        assert game["view"]["outcome"] == game["outcome"]
        assert game["turn"] <= 4
        # the replay, step by step, for anybody, ends where the game ended
        views = []
        for step in range(game["version"] + 1):
            replayed = anonymous().get(game_url + f"replay/{step}/")
            assert replayed.status_code == 200, replayed.content
            assert_conforms(replayed.json(), "ReplayStep")
            views.append(replayed.json()["view"])
        assert views[0]["turn"] == 1 and views[0]["outcome"] is None and views[0]["hand"] is None
        assert views[-1]["outcome"] == game["outcome"] and views[-1]["board"] == game["view"]["board"]
        assert len({repr(v["board"]) for v in views}) > 2          # the board moves step by step
        assert anonymous().get(game_url + f"replay/{game['version'] + 1}/").status_code == 404
        events = anonymous().get(game_url + "events/?page_size=200").json()
        assert events["count"] == game["version"]
        assert all(line["text"] for e in events["results"] for line in e["lines"])
    finished = anonymous().get(f"/api/v1/matches/{match['id']}/").json()
    assert finished["status"] == "finished"


def test_a_solo_toy_match_against_archie_holding_both_seats_of_its_side(
        crossroads, lee, django_capture_on_commit_callbacks):
    client = token_client(lee)
    with django_capture_on_commit_callbacks(execute=True):
        made = client.post("/api/v1/solo/", {"scenario": "crossroads", "level": "veteran", "ruleset": "toy",
                                             "options": {"turns": 4}}, format="json")
    assert made.status_code == 201, made.content
    match = made.json()
    game = client.get(f"/api/v1/games/?match={match['id']}").json()["results"][0]
    archie_seats = {s["name"] for s in game["seats"] if s["holder"] == "archie"}
    mine = {s["name"] for s in game["seats"] if s["holder"] == "member"}
    assert (mine, archie_seats) == (UNION_SEATS, CONFEDERATE_SEATS)   # the first seat's side is the person's
    assert all(s["member"]["username"] == "lee" for s in game["seats"] if s["name"] in mine)
    game_url = path(game["url"])
    rng = random.Random(2)
    for _ in range(100):
        legal = client.get(game_url + "legal-actions/").json()
        if not legal["your_turn"]:
            break
        assert legal["deciding"] in mine
        with django_capture_on_commit_callbacks(execute=True):       # Archie's tasks run inline
            acted = client.post(game_url + "actions/", {"version": legal["version"],
                                                        "action": rng.choice(legal["actions"])}, format="json")
        assert acted.status_code == 201, acted.content
    detail = client.get(game_url).json()
    assert detail["finished_at"] and detail["outcome"]["reason"] in ("turns", "eliminated")
    log = anonymous().get(game_url + "events/?page_size=200").json()["results"]
    archie_moves = [e for e in log if any(ev.get("seat") in archie_seats for ev in e["events"])]
    assert {ev["seat"] for e in archie_moves for ev in e["events"] if ev.get("seat")} == archie_seats
    assert {e["side"] for e in archie_moves} == {"confederate"}
    assert len(archie_moves) >= 4                      # both of its seats, every round
    assert all(line["text"] for e in log for line in e["lines"])


def plant(game: Game, canaries: Canaries, owner_of) -> dict[str, list[str]]:
    """Every seat's card and the deck's order replaced by canaries; the seed and the random
    state too. Returns the canaries of the log's private parts (after the deal), by seat."""
    told: dict[str, list[str]] = {}

    def hide(e: dict, logged: bool = True) -> None:
        if e.get("private", {}).get("cards"):
            seat = e["private"]["side"]
            e["private"]["cards"] = [canaries.text(owner_of(seat)) for _ in e["private"]["cards"]]
            if logged:
                told.setdefault(seat, []).extend(e["private"]["cards"])

    state = game.state
    for seat, cards in state["hands"].items():
        state["hands"][seat] = [f"{c.split('-', 1)[0]}-{canaries.text(owner_of(seat))}" for c in cards]
    state["deck"] = [f"{c.split('-', 1)[0]}-{canaries.text(None)}" for c in state["deck"]]
    game.seed = canaries.number()
    state["seed"] = game.seed
    state["rng"] = canaries.number()
    for e in game.setup_events:
        hide(e, logged=False)                # the deal: told in the replay's step 0
    game.save()
    for row in GameAction.objects.filter(game=game):
        for e in row.events:
            hide(e)
        row.save()
    return told


def game_urls(game: Game) -> list[str]:
    """Every GET of the OpenAPI document about ``game`` (its match and table too), and the
    lists that name no object."""
    urls = []
    for template, operations in api_document()["paths"].items():
        if "get" not in operations or "{slug}" in template or "{step}" in template:
            continue
        if "{id}" in template:
            if not template.startswith(("/api/v1/games/", "/api/v1/matches/", "/api/v1/tables/")):
                continue
            ident = game.pk if template.startswith("/api/v1/games/") else game.match_id
            template = template.replace("{id}", str(ident))
        if template.endswith(("/reachable/", "/attack-preview/")):
            urls += [f"{template}?hex=0,0&from=0,0&to=0,1", f"{template}?sel=0,0"]
        urls.append(template)
    urls += [f"/api/v1/games/{game.pk}/events/?since={s}" for s in (0, 1, game.version - 1)]
    urls += [f"/api/v1/games/{game.pk}/legal-actions/?sel=0,3"]
    return urls


def test_no_api_response_shows_a_member_the_cards_of_seats_they_do_not_hold(crossroads, lee, grant, meade):
    from games import services
    made = challenge(token_client(lee), options={"turns": 8})
    services.accept(made.json()["id"], grant)
    game = Match.objects.get().games.get(number=1)
    holders = {s.name: s.player for s in game.seat_rows()}
    rng = random.Random(3)
    for _ in range(12):             # cards played while the deck lasts (each draws another), then on
        game.refresh_from_db()
        engine = services.load_engine(game)
        cards = [a for a in engine.legal_actions() if a["type"] == "play_card"]
        action = cards[0] if cards and engine.deck else rng.choice(
            [a for a in engine.legal_actions() if a["type"] != "play_card"])
        services.act(game.pk, holders[game.deciding], action, game.version)
    game.refresh_from_db()
    canaries = Canaries()
    told = plant(game, canaries, lambda seat: f"@{holders[seat].username}")
    urls = game_urls(game)
    requesters = {"lee": token_client(lee), "grant": token_client(grant), "meade": token_client(meade),
                  None: anonymous()}
    for username, client in requesters.items():
        hidden = canaries.hidden_from(None, username)
        pattern = re.compile("|".join(map(re.escape, hidden)))
        for url in urls:
            response = client.get(url)
            assert response.status_code < 500, (username, url, response.content[:300])
            found = pattern.findall(response.content.decode())
            assert not found, f"{username} saw {found[:3]} in {url}"
    # the canaries are really there: a member holding two seats may see their own cards
    own = token_client(lee).get(f"/api/v1/games/{game.pk}/").json()["view"]["hand"]
    assert own and all(canaries.owner.get(c.split("-", 1)[1]) == "@lee" for c in own)
    # and the log tells lee the cards drawn by both of the seats lee holds
    log = token_client(lee).get(f"/api/v1/games/{game.pk}/events/?page_size=200").content.decode()
    assert UNION_SEATS <= set(told)
    for seat in UNION_SEATS:
        assert all(c in log for c in told[seat]), seat
