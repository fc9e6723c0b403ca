"""Canary leak fuzz: every hidden part of a game (each hand, each deck's order, the split of
the extra cards, the seed and the random state, the private and secret parts of the log)
is replaced by a unique canary string; then every API endpoint of the OpenAPI document is
called by every kind of requester, and each response is searched for the canaries that
requester may not see.  None may be found.  The leagues and the calendar have secrets too:
a club's invitation secret (shown only to its organisers) and each member's private feed
address (shown only to that member); a match's chat is for its two players; a solo game hides
Archie's hand and deck from its player. Team games are walked too, an Epic and a Doubles game,
each seat's member a requester of his own: a side's hand is its holder's alone (the Commanding
General's in Epic, each Major-General's own in Doubles, hidden from his team-mate), and each
team's chat is its own while the game is played."""
from __future__ import annotations

import random
import re
import secrets
from types import SimpleNamespace

import pytest
import yaml

from games import services
from games.models import Game, GameAction, GameReview
from tests.api.helpers import anonymous, token_client
from tests.play_helpers import start_match

pytestmark = pytest.mark.django_db

SIDES = ("union", "confederate")


class Canaries:
    """Unique canary strings, each with the requesters entitled to see it."""

    def __init__(self):
        #: canary -> who may see it: a side, "@username", a tuple of those, or None (nobody)
        self.owner: dict[str, str | tuple | None] = {}

    def card(self, cid: str, owner: str | None) -> str:
        """A copy id the engine still reads as the same card, with a unique suffix."""
        canary = f"{cid.split('-', 1)[0]}-cnry{secrets.token_hex(6)}"
        self.owner[canary] = owner
        return canary

    def number(self) -> int:
        value = int("7" + "".join(str(secrets.randbelow(10)) for _ in range(17)))
        self.owner[str(value)] = None
        return value

    def text(self, owner: str | tuple | None = None) -> str:
        canary = f"CANARY{secrets.token_hex(8)}"
        self.owner[canary] = owner
        return canary

    def hidden_from(self, side: str | None, username: str | None = None) -> list[str]:
        """The canaries hidden from the requester playing ``side`` (None: no side) who is
        the member ``username`` (None: a visitor)."""
        me = {side, f"@{username}"}
        return [c for c, owner in self.owner.items()
                if owner is None or not me & (set(owner) if isinstance(owner, tuple) else {owner})]


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


def plant(game, canaries: Canaries, *, seed: bool = True, owners: dict | None = None) -> None:
    """Replace every hidden part of a stored game with canaries; in a team game (``owners``:
    seat -> "@member") each hand belongs to the member holding it."""
    state = game.state
    engine = services.load_engine(game)
    owners = owners or {}
    for side in SIDES:
        holder = owners.get(engine.hand_owner(side), side)
        state["hands"][side] = [canaries.card(c, holder) for c in state["hands"][side]]
        state["decks"][side] = [canaries.card(c, None) for c in state["decks"][side]]
    for seat, hand in ((state.get("team") or {}).get("hands") or {}).items():
        state["team"]["hands"][seat] = [canaries.card(c, owners[seat]) for c in hand]
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
                owner = owners.get(e["private"]["side"], e["private"]["side"])
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
    # the match's chat is for its two players only
    from games.models import ChatMessage
    ChatMessage.objects.create(match=match, author=lee, text=canaries.text(("@lee", "@grant")))
    # a solo game: Archie's hand and deck are hidden from its player
    solo = services.start_solo(lee, match.scenario, "recruit")
    alone = solo.current_game()
    plant(alone, canaries)
    # an Epic and a Doubles game, a few turns in, each team with a chat of its own
    epic, epic_match = team_game("epic", match.scenario, canaries)
    doubles, doubles_match = team_game("doubles", match.scenario, canaries)
    return (canaries, [game, over, alone, epic, doubles],
            [match, match2, solo, epic_match, doubles_match])


def team_game(mode: str, scenario, canaries: Canaries):
    """A team table of ``mode`` seated by one member a seat, 40 random steps in, its hands and
    log planted with canaries and each team's chat holding one only the team may read."""
    from django.contrib.auth import get_user_model

    plan = services.team_seat_plan(scenario, "advanced", {"team_mode": mode})
    members = {spec.name: get_user_model().objects.create_user(f"{mode}{n}", password="x")
               for n, spec in enumerate(plan)}
    first = plan[0].name
    match = services.open_table(members[first], scenario, ruleset="advanced",
                                options={"team_mode": mode}, seat=first)
    for seat, member in members.items():
        if seat != first:
            services.take_table_seat(match.pk, member, seat)
    game = match.games.get(number=1)
    rng = random.Random(5)
    for _ in range(40):
        game.refresh_from_db()
        legal = services.load_engine(game).legal_actions()
        action = rng.choice([a for a in legal if a["type"] != "transfer"] or legal)
        services.act(game.pk, members[game.deciding], action, game.version)
    game.refresh_from_db()
    owners = {seat: f"@{m.get_username()}" for seat, m in members.items()}
    plant(game, canaries, owners=owners)
    for side in SIDES:
        team = tuple(o for seat, o in owners.items() if seat.startswith(side))
        services.post_team_chat(game.pk, next(m for s, m in members.items() if s.startswith(side)),
                                canaries.text(team))
    return game, match


@pytest.fixture
def league(lee, grant, meade):
    """A league at the table of a club with a canary invitation secret, whose members' private
    feed addresses are canaries each owned by that member; round 1 is published."""
    from accounts.models import Profile
    from tests.tournaments.helpers import make_club, make_competition
    from tournaments import services as league_services
    from tournaments.models import Club, Competition

    def plant(canaries: Canaries):
        club = make_club(meade, [lee, grant], name="Army of the Potomac Club")
        Club.objects.filter(pk=club.pk).update(invite_token=canaries.text("@meade"))   # its organiser
        for user in (lee, grant, meade):
            Profile.objects.filter(user=user).update(feed_token=canaries.text(f"@{user.username}"))
        comp = make_competition(club, meade, [lee, grant], mode=Competition.Mode.TABLE)
        rnd = league_services.publish_round(league_services.draft_round(comp, meade), meade)
        club.refresh_from_db()
        return SimpleNamespace(club=club, comp=comp, pairing=rnd.pairings.get())
    return plant


def api_paths(client):
    document = yaml.safe_load(client.get("/api/schema/").content)
    return document["paths"]


LEAGUE_BODIES = [{"username": "lee"}, {"token": "guess"}, {"note": "not so"}, {"who": "home"},
                 {"game1_winner": "home", "game1_flags_home": 5, "game1_flags_away": 2, "game2_winner": "",
                  "game2_flags_home": 3, "game2_flags_away": 3}]


def calls(paths, game, match, scenario_slug, league=None):
    """(method, url, body) for every operation, with the path filled in for this game (and
    for the league's club, competition and pairing)."""
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
                ids = {"/api/v1/matches/": match.pk, "/api/v1/competitions/": league.comp.pk,
                       "/api/v1/pairings/": league.pairing.pk}
                url = url.replace("{id}", str(next((v for k, v in ids.items() if url.startswith(k)), game.pk)))
            club_path = url.startswith(("/api/v1/clubs/", "/api/v1/ratings/clubs/"))
            url = url.replace("{slug}", league.club.slug if club_path else scenario_slug)
            url = url.replace("{username}", "lee")
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
                if not url.startswith("/api/v1/games/"):
                    bodies += LEAGUE_BODIES
                out += [(method, url, b) for b in bodies]
    return out


def test_no_api_response_shows_a_requester_what_they_may_not_see(planted, league, lee, grant, meade,
                                                                monkeypatch, settings):
    # The walk sends every operation from one address, past the address's hourly budget as
    # operations are added: the budgets have their own tests (test_conventions.py,
    # test_throttle_counts.py), this one looks for leaks.
    from rest_framework.throttling import SimpleRateThrottle
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES",
                        {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                         "address": "100000/hour", "token": "100000/hour"})
    canaries, games, matches = planted
    # the walk sends more requests from one address than the API allows an hour: a refused
    # request would show nothing, so no rate applies here (DRF reads the rates once)
    from rest_framework.throttling import SimpleRateThrottle
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"token": None, "address": None})
    club = league(canaries)
    # the canaries are really there: a member's own feed address comes back to them
    feed = token_client(grant).get("/api/v1/calendar/feed/").json()["url"]
    assert canaries.owner.get(feed.rsplit("/", 1)[1][:-4]) == "@grant"
    requesters = {"anonymous": (anonymous(), None, None), "non_player": (token_client(meade), None, "meade")}
    paths = api_paths(anonymous())
    checked = 0
    # A call whose address names none of the three games (the leagues, the calendar, the
    # lists...) gets the same answer for a requester whichever game is being walked: it is
    # sent once per member and its answer searched again for each game's requester (whose
    # hidden canaries differ with the side they play).
    answers: dict[tuple, tuple[int, str]] = {}
    for game, match in zip(games, matches):
        for side in SIDES:
            user = game.player_of(side)
            if match.team:                  # each seat's member, who sees only what his seat may
                for seat in game.seat_rows():
                    if seat.side == side:
                        requesters[f"{seat.name} of game {game.number}/{game.pk}"] = (
                            token_client(seat.player), None, seat.player.get_username())
            elif user.is_active:            # Archie's seat cannot log in
                requesters[f"{side} of game {game.number}/{game.pk}"] = (token_client(user), side,
                                                                         user.get_username())
        for name, (client, side, username) in requesters.items():
            if name.startswith(("union", "confederate")) and f"/{game.pk}" not in name:
                continue
            hidden = canaries.hidden_from(side, username)
            pattern = re.compile("|".join(map(re.escape, hidden)))
            for method, url, body in calls(paths, game, match, match.scenario.slug, club):
                key = (username, method, url, repr(body))
                if key not in answers or _names_a_game(url, games, matches):
                    response = getattr(client, method)(url, body, format="json") if body is not None \
                        else getattr(client, method)(url)
                    answers[key] = (response.status_code, response.content.decode("utf-8", "replace"))
                status, content = answers[key]
                assert status < 500 and status != 429, (name, method, url, content[:300])
                found = pattern.findall(content)
                assert not found, f"{name} saw {found[:3]} in {method.upper()} {url}"
                checked += 1
    game = games[0]
    # the canaries are really there: each player's own hand comes back to them
    own = token_client(game.player_of("union")).get(f"/api/v1/games/{game.pk}/").json()["view"]["hand"]
    assert own and all("-cnry" in c for c in own)
    # and each Doubles Major-General's own hand to him, his team's chat to its members
    doubles = games[4]
    for seat in doubles.seat_rows():
        mine = token_client(seat.player).get(f"/api/v1/games/{doubles.pk}/").json()["view"]["hand"]
        assert mine and all("-cnry" in c for c in mine), seat.name
        chat = token_client(seat.player).get(f"/api/v1/games/{doubles.pk}/team-chat/").json()
        assert [canaries.owner[m["text"]] for m in chat] == [
            tuple(f"@{s.player.get_username()}" for s in doubles.seat_rows() if s.side == seat.side)]

    assert checked > 200
    assert len(answers) > 1000                      # the calls really sent
    # Archie's review: every requester was refused it for the games in progress (asking
    # included; a visitor who asks is refused for not being logged in first), and none exists
    live = [g for g in games if not g.is_over]
    for g in live:
        refused = {status for (_, method, url, _), (status, _) in answers.items()
                   if url == f"/api/v1/games/{g.pk}/review/"}
        assert 409 in refused and refused <= {401, 409}, refused
    assert not GameReview.objects.filter(game__in=live).exists()


def _names_a_game(url: str, games, matches) -> bool:
    return any(f"/games/{g.pk}/" in url for g in games) or any(f"/matches/{m.pk}/" in url for m in matches)
