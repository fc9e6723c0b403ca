"""Team games end on the pages on every double-board battle, each under Doubles and under
Grand Battle Cry, Epic on the double-board battle laid out for it, and on four single-board
scenarios per mode (Epic, Doubles, Grand Battle Cry), beside the four games
tests/web/test_team_games_through_the_pages.py plays wholly through the pages. (Epic seats a
Major-General per general figure: the three club layouts stand six figures a side, 14 seats,
more than a team table's 8; `gettysburg-double-epic` stands three, 8 seats: ruling B4.)

A whole team game through the pages takes 500 to 2,000 posts, so each game here is played
by seeded random choices in the engine first (to know its length), its opening recorded in
the game's log as the service records it (each step with its side, seat, member and events:
the log replays), and its last LAST steps posted from the page of the member holding the
deciding seat, the page offering exactly that seat's legal actions at the first of them,
until the page shows the result. The seeds are pinned: the deal, the dice and the choices.
"""
from __future__ import annotations

import random
import re
import zlib

import pytest
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Game, GameAction
from tests.play_helpers import make_scenario
from tests.web.test_play_every_choice import HX, canon, check_offered

pytestmark = pytest.mark.django_db

#: steps posted through the pages at the end of each game
LAST = 10
STEP_CAP = 4_000
SKIPPED = ("transfer", "pass_initiative")
#: (ruleset, mode, scenario) not already played to its end in the pages sample
GAMES = [
    *[("advanced", "doubles", slug) for slug in ("gettysburg-double", "chickamauga-double")],
    *[("standard", "grand", slug) for slug in ("shiloh-double", "chickamauga-double")],
    ("advanced", "epic", "gettysburg-double-epic"),
    *[("advanced", "epic", slug) for slug in ("antietam", "perryville", "chancellorsville")],
    *[("advanced", "doubles", slug) for slug in ("shiloh", "chancellorsville", "pea-ridge")],
    *[("standard", "grand", slug) for slug in ("shiloh", "fredericksburg", "antietam", "dranesville")],
]


def test_every_double_board_and_four_single_boards_a_mode_end_on_the_pages():
    from tests.web.test_team_games_through_the_pages import TEAM_GAMES

    played = {(m, s) for _, m, s in GAMES} | {(m, s) for _, m, s, _ in TEAM_GAMES}
    doubles = {"gettysburg-double", "shiloh-double", "chickamauga-double"}
    for mode in ("doubles", "grand"):
        assert {s for m, s in played if m == mode and s.endswith("-double")} == doubles, mode
    assert ("epic", "gettysburg-double-epic") in played
    for mode in ("epic", "doubles", "grand"):
        assert len({s for m, s in played if m == mode and "-double" not in s}) >= 4, mode


def random_game(engine, rng) -> list[dict]:
    """The actions of a seeded random game from ``engine`` (which it plays) to its end."""
    actions = []
    while not engine.outcome and len(actions) < STEP_CAP:
        legal = engine.legal_actions()
        action = rng.choice([a for a in legal if a["type"] not in SKIPPED] or legal)
        engine.apply(action)
        actions.append(action)
    assert engine.outcome, f"no result after {STEP_CAP} steps"
    return actions


def record_opening(row: Game, actions: list[dict], members: dict, sides: dict) -> None:
    """Apply ``actions`` to the game and record each in its log as the service does."""
    engine = services.load_engine(row)
    rows, version, now = [], row.version, timezone.now()
    for action in actions:
        seat = engine.deciding
        events = engine.apply(action)
        version += 1
        rows.append(GameAction(game=row, index=version, side=sides[seat], seat=seat,
                               actor=members[seat], action=action, events=events, created=now))
    GameAction.objects.bulk_create(rows)
    Game.objects.filter(pk=row.pk).update(version=version, state=engine.to_dict(), phase=engine.phase,
                                          deciding=engine.deciding, turn=engine.turn)


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "mode", "slug"), GAMES, ids=[f"{m}-{s}" for _, m, s in GAMES])
def test_a_team_game_ends_on_the_pages(django_user_model, monkeypatch, ruleset, mode, slug):
    seed = zlib.crc32(f"{slug}/{mode}/end".encode())
    monkeypatch.setattr(services, "engine_seed", lambda secret: seed)
    scenario = make_scenario(slug=slug)
    options = {"team_mode": mode}
    plan = services.team_seat_plan(scenario, ruleset, options)
    members = {spec.name: django_user_model.objects.create_user(f"m{n}", password="x")
               for n, spec in enumerate(plan)}
    sides = {spec.name: spec.side for spec in plan}
    first = plan[0].name
    match = services.open_table(members[first], scenario, ruleset=ruleset, options=options, seat=first)
    for seat, member in members.items():
        if seat != first:
            services.take_table_seat(match.pk, member, seat)
    row = match.games.get(number=1)
    actions = random_game(services.load_engine(row), random.Random(seed))
    assert len(actions) > LAST
    record_opening(row, actions[:-LAST], members, sides)
    clients = {}
    for seat, member in members.items():
        clients[seat] = Client()
        clients[seat].force_login(member)
    for n, action in enumerate(actions[-LAST:]):
        row = Game.objects.get(pk=row.pk)
        assert not row.is_over
        client = clients[row.deciding]
        if n == 0:
            check_offered(client, row)
        r = client.post(f"/play/games/{row.pk}/act/", {"action": canon(action), "version": row.version}, **HX)
        body = r.content.decode()
        assert r.status_code == 200 and 'role="alert"' not in body, body[:400]
    row = Game.objects.get(pk=row.pk)
    assert row.is_over and row.winner_side in ("union", "confederate")
    body = clients[first].get(f"/play/games/{row.pk}/").content.decode()
    assert "The game is over:" in body and " wins" in body
    log = body.split('class="log"')[1]
    assert "_" not in re.sub(r"<[^>]+>", "", log.split("</section>")[0])
    # the log (the opening recorded here, the end posted) replays to the final state
    *_, (_, _, final, _) = services.rebuild_steps(row)
    assert final.to_dict() == row.state
