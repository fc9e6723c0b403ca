"""An Epic game (Advanced rules, team_mode epic) set up and played through the pages as club
members do: the table opened with the lobby's form, its seats taken, and each seat's page
offering only that seat's decisions: the Commanding Generals settle the command and give a
card, the Major-General given it plays it; the others see neither the hand nor buttons."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Match
from tests.play_helpers import make_scenario
from tests.toy.pages import buttons, fragment

pytestmark = pytest.mark.django_db

SEATS = ("union-commander", "union-major-1", "union-major-2",
         "confederate-commander", "confederate-major-1", "confederate-major-2")


def logged_in(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def members(django_user_model):
    return {seat: django_user_model.objects.create_user(f"m{n}", password="x")
            for n, seat in enumerate(SEATS)}


def open_epic_table(host: Client, slug: str = "shiloh") -> str:
    scenario = make_scenario(slug=slug)
    form = host.get("/play/tables/new/", {"ruleset": "advanced"}).content.decode()
    assert 'name="team_mode"' in form and ">Epic<" in form
    r = host.post("/play/tables/new/", {"scenario": scenario.pk, "ruleset": "advanced",
                                        "team_mode": "none", "deadline_hours": 72})
    assert r.status_code == 400 and "choose a team game" in r.content.decode()
    r = host.post("/play/tables/new/", {"scenario": scenario.pk, "ruleset": "advanced",
                                        "team_mode": "epic", "deadline_hours": 72})
    assert r.status_code == 303, r.content.decode()[:2000]
    return r["Location"]


def post(client, button):
    r = client.post(button["url"], {"action": button["action"], "version": button["version"]},
                    HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and 'class="message error"' not in r.content.decode()
    return r


def test_an_epic_table_is_opened_filled_and_played_seat_by_seat(members):
    clients = {seat: logged_in(m) for seat, m in members.items()}
    table = open_epic_table(clients["union-commander"])
    page = clients["union-commander"].get(table).content.decode()
    for seat, role in (("union-commander", "Commanding General"),
                       ("union-major-1", "Major-General (Sherman)"),
                       ("confederate-major-2", "Major-General (Bragg)")):
        assert re.search(rf'data-seat="{seat}">.*?{re.escape(role)}', page, re.S), seat
    for seat in SEATS:
        assert clients[seat].post(f"{table}take/", {"seat": seat}).status_code == 303
    game = Match.objects.get().games.get(number=1)

    def pages():
        game.refresh_from_db()
        return {seat: fragment(clients[seat], game) for seat in SEATS}

    # each seat's page says how many units each Major-General commands
    panel = pages()["union-major-2"]
    for seat in ("union-major-1", "union-major-2", "confederate-major-1"):
        assert re.search(rf'data-seat="{seat}">.*?, commands \d+ units?:', panel, re.S), seat
    assert ", commands " not in re.search(r'data-seat="union-commander">(.*?)</li>', panel, re.S)[1]
    # the deal: each Commanding General settles his side's command, the first side first
    for commander in ("confederate-commander", "union-commander"):
        seen = pages()
        assert game.deciding == commander
        for seat, page in seen.items():
            assert bool(buttons(page)) == (seat == commander), seat
        offered = buttons(seen[commander])
        assert any('"transfer"' in b["action"] for b in offered)
        assert "Share your side" in seen[commander]
        post(clients[commander], next(b for b in offered if "confirm_command" in b["action"]))
    # the Commanding General holds the hand and gives a card; his Major-Generals see no hand
    seen = pages()
    commander = game.deciding
    side = commander.split("-")[0]
    assert "Your hand" in seen[commander]
    for seat in SEATS:
        assert ("Your hand" in seen[seat]) == seat.endswith("commander"), seat
    give = [b for b in buttons(seen[commander]) if '"give_card"' in b["action"]]
    label = re.search(r'Give to the (Major-General \([^)]+\))', seen[commander])
    assert give and label
    to_first = next(b for b in give if f'"{side}-major-1"' in b["action"])
    card = re.search(r'"card":"([^"]+)"', to_first["action"])[1]
    post(clients[commander], to_first)
    # the Major-General given the card plays it from his own page; nobody else may act
    seen = pages()
    assert game.deciding == f"{side}-major-1"
    assert "The card given to you" in seen[f"{side}-major-1"]
    for seat, page in seen.items():
        assert bool(buttons(page)) == (seat == f"{side}-major-1"), seat
    mate = f"{side}-major-2"
    assert card not in "".join(b["action"] for b in buttons(seen[mate]))
    play = buttons(seen[f"{side}-major-1"])
    assert all(f'"card":"{card}"' in b["action"] for b in play)
    post(clients[f"{side}-major-1"], play[0])
    game.refresh_from_db()
    assert game.deciding == f"{side}-major-1" and game.phase in ("order", "move", "battle")


def test_epic_on_the_double_board_is_offered_on_the_battle_laid_out_for_it(members):
    """Ruling B4: the table form, the lobby and the API open an Epic table of eight on
    gettysburg-double-epic; on the club's six-generals layout they refuse it and say why."""
    from tests.api.helpers import token_client

    host = logged_in(members["union-commander"])
    six, three = make_scenario(slug="gettysburg-double"), make_scenario(slug="gettysburg-double-epic")
    form = host.get("/play/tables/new/", {"ruleset": "advanced"}).content.decode()
    assert "Gettysburg: 2nd &amp; 3rd Days, for Epic games: three generals a side" in form
    r = host.post("/play/tables/new/", {"scenario": six.pk, "ruleset": "advanced",
                                        "team_mode": "epic", "deadline_hours": 72})
    assert r.status_code == 400 and "at most 8 seats; these terms have 14" in r.content.decode()
    r = host.post("/play/tables/new/", {"scenario": three.pk, "ruleset": "advanced",
                                        "team_mode": "epic", "deadline_hours": 72})
    assert r.status_code == 303, r.content.decode()[:2000]
    page = host.get(r["Location"]).content.decode()
    for seat, role in (("union-commander", "Commanding General"),
                       ("union-major-1", "Major-General (Hancock)"),
                       ("union-major-2", "Major-General (Sickles)"),
                       ("union-major-3", "Major-General (Sykes)"),
                       ("confederate-commander", "Commanding General"),
                       ("confederate-major-1", "Major-General (Pickett)"),
                       ("confederate-major-2", "Major-General (McLaws)"),
                       ("confederate-major-3", "Major-General (Hood)")):
        assert re.search(rf'data-seat="{seat}">.*?{re.escape(role)}', page, re.S), seat
    assert "8 of 8 seats free" in Client().get("/play/").content.decode()
    api = token_client(members["confederate-commander"])
    refused = api.post("/api/v1/tables/", {"scenario": "gettysburg-double", "ruleset": "advanced",
                                           "options": {"team_mode": "epic"}}, format="json")
    assert refused.status_code == 409 and "these terms have 14" in str(refused.json())
    r = api.post("/api/v1/tables/", {"scenario": "gettysburg-double-epic", "ruleset": "advanced",
                                     "options": {"team_mode": "epic"}}, format="json")
    assert r.status_code == 201, r.json()
    assert [s["role"] for s in r.json()["seats"]][4:] == [
        "Commanding General", "Major-General (Pickett)", "Major-General (McLaws)", "Major-General (Hood)"]
