"""Taking back a step in a team game (rulings E13, D10): a step that handed the decision to
another seat of the side (the card's carrier ending his movement while a team-mate's unit
must melee) is final; a step that kept the decision in its seat is taken back as ever. The
game page offers the take-back exactly when the service would accept it."""
from __future__ import annotations

import pytest

from django.test import Client
from django.urls import reverse

from games import services
from tests.play_helpers import make_scenario

pytestmark = pytest.mark.django_db


def U(side, kind, col, row):
    return {"side": side, "kind": kind, "hex": {"col": col, "row": row}}


def G(side, col, row, name):
    return {"side": side, "hex": {"col": col, "row": row}, "name": name}


#: The Union's right-hand infantry (20,8) is in contact with a Confederate unit; its left-hand
#: one (4,8) is free. Two Union figures: two Major-Generals, one on each flank.
MELEE_ON_THE_RIGHT = {
    "format": 1, "slug": "melee-on-the-right", "name": "Melee on the right", "dates": ["1862-06-01"],
    "sides": {"union": {"position": "bottom", "cards": 4, "flags": 4},
              "confederate": {"position": "top", "cards": 4, "flags": 4}},
    "first_side": "union", "terrain": [],
    "units": [U("union", "infantry", 4, 8), U("union", "infantry", 20, 8),
              U("confederate", "infantry", 21, 7), U("confederate", "infantry", 12, 0)],
    "generals": [G("union", 2, 8, "Left"), G("union", 22, 8, "Right"),
                 G("confederate", 16, 0, "Reb")],
}


@pytest.fixture
def members(django_user_model, lee, grant, meade):
    make = django_user_model.objects.create_user
    return {"lee": lee, "grant": grant, "meade": meade,
            "hooker": make("hooker", email="hooker@example.org", password="x"),
            "hood": make("hood", email="hood@example.org", password="x")}


def team_game(mode: str, seating: dict):
    """A team table of ``mode`` on the position above, each seat taken by its member: game 1."""
    host_seat, host = next(iter(seating.items()))
    match = services.open_table(host, make_scenario(MELEE_ON_THE_RIGHT),
                                options={"team_mode": mode}, seat=host_seat)
    for seat, member in list(seating.items())[1:]:
        services.take_table_seat(match.pk, member, seat)
    return match.games.get(number=1)


def step(game, action):
    game.refresh_from_db()
    services.act(game.pk, game.deciding_player, action, game.version)
    game.refresh_from_db()


def legal(game, kind):
    return [a for a in services.load_engine(game).legal_actions() if a["type"] == kind]


def undo(game, user):
    game.refresh_from_db()
    services.undo(game.pk, user, game.version)
    game.refresh_from_db()


def take_back_offered(user, game) -> bool:
    """Whether ``user``'s game page shows the take-back button."""
    client = Client()
    client.force_login(user)
    page = client.get(reverse("play:game", args=[game.pk])).content.decode()
    return reverse("play:undo", args=[game.pk]) in page and "Take back:" in page


def unit_at(game, col, row):
    view = services.load_engine(game).view(game.deciding)
    return next(u["id"] for u in view["units"] if u["hex"] == {"col": col, "row": row})


def test_epic_the_carriers_end_of_movement_is_final_once_a_team_mate_must_melee(members):
    game = team_game("epic", {"union-commander": members["lee"], "union-major-1": members["meade"],
                              "union-major-2": members["hooker"],
                              "confederate-commander": members["grant"],
                              "confederate-major-1": members["hood"]})
    step(game, {"type": "confirm_command"})
    step(game, {"type": "confirm_command"})
    card = legal(game, "give_card")[0]["card"]
    step(game, {"type": "give_card", "card": card, "to": "union-major-1"})
    step(game, {"type": "play_card", "card": card, "mode": "skirmish"})
    left = unit_at(game, 4, 8)
    step(game, {"type": "order", "unit": left})
    # an ordinary take-back: the carrier's own step, while he still decides
    assert (game.phase, game.deciding) == ("move", "union-major-1")
    assert take_back_offered(members["meade"], game)
    undo(game, members["meade"])
    assert (game.phase, game.deciding) == ("order", "union-major-1")
    step(game, {"type": "order", "unit": left})
    step(game, {"type": "end_movement"})
    # the right-hand Major-General must melee: the decision is his now
    assert (game.phase, game.deciding) == ("battle", "union-major-2")
    # no seat's page offers to take back the step that passed the decision on
    assert not any(take_back_offered(members[m], game) for m in ("meade", "lee", "hooker"))
    before = game.version
    with pytest.raises(services.IllegalStep, match=r"The decision is the Major-General \(Right\)'s "
                                                   "now.*passed the decision to another seat is final"):
        undo(game, members["meade"])
    with pytest.raises(services.IllegalStep, match="decision is the Major-General"):
        undo(game, members["lee"])                 # nor his Commanding General
    with pytest.raises(services.IllegalStep, match="was the Major-General \\(Left\\)'s and passed "
                                                   "the decision to you"):
        undo(game, members["hooker"])
    game.refresh_from_db()
    assert (game.version, game.deciding) == (before, "union-major-2")
    assert legal(game, "attack")


def test_doubles_a_hand_over_to_the_team_mates_melee_is_final(members):
    game = team_game("doubles", {"union-major-1": members["meade"], "union-major-2": members["hooker"],
                                 "confederate-major-1": members["grant"]})
    step(game, {"type": "confirm_command"})
    step(game, {"type": "confirm_command"})
    while game.deciding_side != "union":          # the cup may draw the Confederate first
        kinds = {a["type"]: a for a in services.load_engine(game).legal_actions()}
        pick = next(kinds[k] for k in ("play_card", "confirm_orders", "end_movement", "end_turn",
                                       "attack", "retreat") if k in kinds) if kinds else None
        step(game, pick or services.load_engine(game).legal_actions()[0])
    carrier = game.deciding
    team_mate = "union-major-2" if carrier == "union-major-1" else "union-major-1"
    holder = {"union-major-1": members["meade"], "union-major-2": members["hooker"]}
    # the carrier hands every unit in contact to his team-mate, then plays a card
    for hand_over in legal(game, "transfer"):
        if hand_over["unit"] == unit_at(game, 20, 8) and hand_over["to"] == team_mate:
            step(game, hand_over)
    card = legal(game, "play_card")[0]["card"]
    step(game, {"type": "play_card", "card": card, "mode": "skirmish"})
    mine = [a["unit"] for a in legal(game, "order")]
    if mine:                                       # an ordinary take-back, as ever
        step(game, {"type": "order", "unit": mine[0]})
        undo(game, holder[carrier])
        assert game.deciding == carrier and legal(game, "order")
        step(game, {"type": "order", "unit": mine[0]})
    if game.phase == "order":
        step(game, {"type": "confirm_orders"})
    step(game, {"type": "end_movement"})
    assert (game.phase, game.deciding) == ("battle", team_mate)
    assert not take_back_offered(holder[team_mate], game)
    with pytest.raises(services.IllegalStep, match="decision is the Major-General .*'s now"):
        undo(game, holder[carrier])
    with pytest.raises(services.IllegalStep, match="passed the decision to you"):
        undo(game, holder[team_mate])
