"""A team match through the pages, on the toy's four seats: the table opened from the lobby
and filled seat by seat, each member's game page saying which seat must act and what the
others wait for (and offering buttons only to the member deciding), a late seat taken over
and handed back, the team chat read by the team alone until the game ends, the team's
resignation by consent, and the match's result for each member of the winning team."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Game, Match

from .pages import buttons, fragment, play_to_the_end
from .teams import four_members, seated_table, toy_scenario
from .test_toy_through_the_pages import logged_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(django_user_model, lee, grant, meade):
    return four_members(django_user_model, lee, grant, meade)


def test_a_team_table_is_opened_and_filled_from_the_lobby(members):
    clients = {seat: logged_in(m) for seat, m in members.items()}
    host = clients["union-1"]
    scenario = toy_scenario()
    assert "Open a team table" in host.get("/play/").content.decode()
    r = host.post("/play/tables/new/", {"scenario": scenario.pk, "ruleset": "toy", "deadline_hours": 72,
                                        "turns": 4, "message": "Four for the crossroads"})
    assert r.status_code == 303, r.content.decode()[:2000]
    match = Match.objects.get()
    table = r["Location"]
    assert table == f"/play/tables/{match.pk}/" and match.status == Match.Status.TABLE
    page = host.get(table).content.decode()
    for seat, role in (("union-1", "left wing"), ("confederate-2", "right wing")):
        assert re.search(rf'data-seat="{seat}">.*?{role}', page, re.S)
    lobby = Client().get("/play/").content.decode()
    assert "4 of 4 seats free" in lobby and "Four for the crossroads" in lobby
    # the host keeps a seat for meade, another member cannot take it
    r = host.post(f"{table}invite/", {"seat": "union-2", "member": "meade"})
    assert r.status_code == 303
    assert "kept for" in clients["confederate-1"].get(table).content.decode()
    r = clients["confederate-1"].post(f"{table}take/", {"seat": "union-2"}, follow=True)
    assert "kept for the member invited" in r.content.decode()
    for seat in ("union-1", "confederate-1", "confederate-2"):
        assert clients[seat].post(f"{table}take/", {"seat": seat}).status_code == 303
    assert "a seat is kept for you" in clients["union-2"].get("/play/").content.decode()
    r = clients["union-2"].post(f"{table}take/", {"seat": "union-2"})     # the last seat
    game = match.games.get(number=1)
    assert r.status_code == 303 and r["Location"] == f"/play/games/{game.pk}/"
    assert "the game has started" in host.get(table).content.decode()


def test_each_page_says_which_seat_acts_and_only_its_member_gets_buttons(members):
    match = seated_table(members)
    game = match.games.get(number=1)
    clients = {m.pk: logged_in(m) for m in members.values()}
    for seat, member in members.items():
        page = fragment(clients[member.pk], game)
        panel = re.search(r'<section class="seats-panel".*?</section>', page, re.S)[0]
        assert re.search(r'data-seat="union-1">.*?must act', panel, re.S)
        assert re.search(r'data-seat="confederate-2">.*?waits for union-1 \(left wing\), held by lee',
                         panel, re.S)
        assert bool(buttons(page)) == (seat == "union-1")
    # a few turns through the pages: only the deciding member's page ever offers a button
    steps = {"n": 0}

    def stop_after_eight(game, n):
        steps["n"] = n
        if n >= 8:
            raise StopIteration

    with pytest.raises(StopIteration):
        play_to_the_end(clients, game, seed=4, each_step=stop_after_eight)
    assert steps["n"] == 8


def test_a_late_seat_is_taken_over_and_taken_back_on_the_page(members):
    match = seated_table(members)
    game = match.games.get(number=1)
    lee, meade = members["union-1"], members["union-2"]
    a, m = logged_in(lee), logged_in(meade)
    url = f"/play/games/{game.pk}/"
    assert "Take this seat over" not in fragment(a, game)
    # union-1 acts; then confederate-1, then union-2 (meade) is late
    for who in (a, logged_in(members["confederate-1"])):
        b = buttons(fragment(who, game))[-1]          # pass
        who.post(b["url"], {"action": b["action"], "version": b["version"]}, HTTP_HX_REQUEST="true")
    game.refresh_from_db()
    assert game.deciding == "union-2"
    poll_before = a.get(f"{url}version/", {"v": game.poll_token})
    assert poll_before.status_code == 204
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    page = fragment(a, game)
    assert "Take this seat over" in page and "Hand it to Archie" in page and "(time is up)" in page
    assert "Claim the game" not in fragment(logged_in(members["confederate-1"]), game)
    assert "you may take the late seat over" in a.get("/play/").content.decode()
    assert "you may claim the game" not in logged_in(members["confederate-1"]).get("/play/").content.decode()
    r = a.post(f"{url}seats/union-2/claim/", {"version": game.version}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and 'class="message error"' not in r.content.decode()
    # the others' pages learn of it by their poll, though no action was played
    assert m.get(f"{url}version/", {"v": game.poll_token}, HTTP_HX_REQUEST="true").status_code == 200
    game.refresh_from_db()
    page = fragment(a, game)
    assert buttons(page) and "standing in for meade" in page
    assert "Take my seat back" in fragment(m, game) and not buttons(fragment(m, game))
    r = m.post(f"{url}seats/union-2/back/", HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    game.refresh_from_db()
    assert buttons(fragment(m, game)) and not buttons(fragment(a, game))


def test_the_team_chat_is_the_team_s_own_until_the_game_ends(members):
    match = seated_table(members)
    game = match.games.get(number=1)
    lee, grant, meade = (logged_in(members[s]) for s in ("union-1", "confederate-1", "union-2"))
    url = f"/play/games/{game.pk}/team-chat/"
    b = buttons(fragment(lee, game))[-1]
    lee.post(b["url"], {"action": b["action"], "version": b["version"]}, HTTP_HX_REQUEST="true")
    game.refresh_from_db()
    r = lee.post(url, {"text": "Hold the woods at B2"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and "Hold the woods at B2" in r.content.decode()
    assert grant.post(url, {"text": "Flank them"}).status_code == 303
    assert "Hold the woods at B2" in meade.get(f"/play/games/{game.pk}/").content.decode()
    assert "Hold the woods at B2" in meade.get(url, HTTP_HX_REQUEST="true").content.decode()
    for outsider in (grant, Client()):
        assert "Hold the woods" not in outsider.get(f"/play/games/{game.pk}/").content.decode()
    assert "Flank them" not in lee.get(f"/play/games/{game.pk}/").content.decode()
    assert Client().get(url).status_code == 403
    # the Confederate team resigns: only once both its members agree
    hood = logged_in(members["confederate-2"])
    r = grant.post(f"/play/games/{game.pk}/resign/", {"confirm": "yes", "version": game.version}, follow=True)
    assert "once every member of the team agrees" in r.content.decode()
    assert "1 of 2" in fragment(hood, game)
    game.refresh_from_db()
    assert not game.is_over
    hood.post(f"/play/games/{game.pk}/resign/", {"confirm": "yes", "version": game.version})
    game.refresh_from_db()
    assert game.is_over and game.winner_side == "union"
    replay = Client().get(f"/play/games/{game.pk}/replay/").content.decode()
    assert "Hold the woods at B2" in replay and "Flank them" in replay
    # the replay names the seat that took each step and its member
    assert "Union, union-1 (lee)" in Client().get(f"/play/games/{game.pk}/replay/", {"step": 1}).content.decode()


def test_a_team_match_is_played_through_the_pages_and_counts_for_each_winner(members):
    match = seated_table(members)
    clients = {m.pk: logged_in(m) for m in members.values()}
    play_to_the_end(clients, match.games.get(number=1), seed=7)
    game2 = match.games.get(number=2)
    assert game2.holds(members["union-1"], "confederate-1")
    play_to_the_end(clients, game2, seed=8)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winning_team
    winners = {u.pk for u in match.winners()}
    assert len(winners) == 2
    for member in members.values():
        page = clients[member.pk].get(f"/play/matches/{match.pk}/").content.decode()
        assert "win the match" in page
        lobby = clients[member.pk].get("/play/").content.decode()
        assert ("Your team won" in lobby) == (member.pk in winners)
