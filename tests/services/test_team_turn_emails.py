"""Turn e-mails in team games: each seat's member is e-mailed when the decision reaches his
seat (a Major-General when his Commanding General gives him a card, a team-mate when the
card's carrier leaves him a melee), nobody else; a member with several decisions due, in
one game or several, gets one e-mail listing them."""
from __future__ import annotations

import pytest
from django.core import mail

from games.tasks import notify_turn
from tests.services.test_take_back_across_seats import legal, step, team_game, unit_at

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(django_user_model, lee, grant, meade):
    make = django_user_model.objects.create_user
    return {"lee": lee, "grant": grant, "meade": meade,
            "hooker": make("hooker", email="hooker@example.org", password="x"),
            "hood": make("hood", email="hood@example.org", password="x")}

EPIC = ("union-commander", "union-major-1", "union-major-2", "confederate-commander",
        "confederate-major-1")


def epic_game(members):
    return team_game("epic", dict(zip(EPIC, (members["lee"], members["meade"], members["hooker"],
                                             members["grant"], members["hood"]))))


def told(game) -> list[tuple[str, str]]:
    """Run the turn e-mail task for the game as it stands; (addressee, subject) of each sent."""
    game.refresh_from_db()
    mail.outbox.clear()
    notify_turn(game.pk, game.version)
    return [(m.to[0].split("@")[0], m.subject) for m in mail.outbox]


def test_each_seat_is_told_when_the_decision_reaches_it(members):
    game = epic_game(members)
    step(game, {"type": "confirm_command"})
    step(game, {"type": "confirm_command"})
    assert game.deciding == "union-commander"
    assert told(game) == []                      # he confirmed his command a moment ago
    card = legal(game, "give_card")[0]["card"]
    step(game, {"type": "give_card", "card": card, "to": "union-major-1"})
    # the card's carrier, not his Commanding General nor his team-mate, is told
    assert told(game) == [("meade", "Battle Cry: your move in Melee on the right")]
    assert f"/play/games/{game.pk}/" in mail.outbox[0].body
    assert told(game) == []                                 # once per decision
    step(game, {"type": "play_card", "card": card, "mode": "skirmish"})
    step(game, {"type": "order", "unit": unit_at(game, 4, 8)})
    step(game, {"type": "end_movement"})
    # the right-hand Major-General must melee: the decision reached his seat
    assert (game.phase, game.deciding) == ("battle", "union-major-2")
    assert told(game) == [("hooker", "Battle Cry: your move in Melee on the right")]


def test_one_e_mail_lists_the_decisions_due_in_several_team_games(members):
    first, second = epic_game(members), epic_game(members)
    for game in (first, second):
        step(game, {"type": "confirm_command"})
        step(game, {"type": "confirm_command"})
        card = legal(game, "give_card")[0]["card"]
        step(game, {"type": "give_card", "card": card, "to": "union-major-1"})
    assert told(first) == [("meade", "Battle Cry: 2 moves waiting for you")]
    body = mail.outbox[0].body
    assert f"/play/games/{first.pk}/" in body and f"/play/games/{second.pk}/" in body
    assert told(second) == []                               # listed already in the digest


def test_a_member_holding_a_claimed_seat_is_told_once_for_both(members):
    from datetime import timedelta

    from django.utils import timezone

    from games import services
    from games.models import Game

    first, second = epic_game(members), epic_game(members)
    for game in (first, second):
        step(game, {"type": "confirm_command"})
        step(game, {"type": "confirm_command"})
    # in the second game the Commanding General's time ran out and his Major-General claims
    # the seat: the same member now must act for the Union in both games
    Game.objects.filter(pk=second.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    services.claim_seat(second.pk, members["meade"], "union-commander")
    second.refresh_from_db()
    assert second.holds(members["meade"], "union-commander")
    card = legal(first, "give_card")[0]["card"]
    step(first, {"type": "give_card", "card": card, "to": "union-major-1"})
    assert told(first) == [("meade", "Battle Cry: 2 moves waiting for you")]
