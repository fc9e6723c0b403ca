"""A Grand Battle Cry game of Shiloh between members (one a seat, or Archie in the seats
given), played through the services by a plain script until two or more Field Generals of
the side in turn move at the same time (ruling G11): the position the tests of parallel
moves start from."""
from __future__ import annotations

from games import services
from games.models import Game, Match, Seat
from tests.play_helpers import make_scenario

GRAND = {"team_mode": "grand"}
#: Kinds the script takes first, in this order (the first legal one of the earliest kind).
PREFERRED = ("assign_card", "end_command", "play_card", "order", "confirm_orders",
             "pass_initiative", "end_movement", "end_turn")


def grand_members(django_user_model) -> dict:
    scenario = make_scenario(slug="shiloh")
    plan = services.team_seat_plan(scenario, "standard", GRAND)
    return {spec.name: django_user_model.objects.create_user(
                f"m-{spec.name}", email=f"m-{spec.name}@example.org", password="x")
            for spec in plan}


def scripted(legal: list[dict]) -> dict:
    for kind in PREFERRED:
        found = [a for a in legal if a["type"] == kind]
        if found:
            return found[0]
    return legal[0]


def grand_game_moving_at_once(members: dict, monkeypatch, seed: int = 3) -> Game:
    """Deal the game (engine seed pinned) and play the script until several seats move."""
    monkeypatch.setattr(services, "engine_seed", lambda secret: seed)
    match = services.start_arranged_team_match(members, make_scenario(slug="shiloh"),
                                               options=GRAND, ruleset="standard")
    game = Match.objects.get(pk=match.pk).games.get(number=1)
    for _ in range(400):
        game = Game.objects.get(pk=game.pk)
        if len(game.deciding_seats) > 1:
            return game
        engine = services.load_engine(game)
        services.act(game.pk, game.deciding_player, scripted(engine.legal_actions(game.deciding)),
                     game.version)
    raise AssertionError("no two Field Generals came to move at the same time")


def hand_to_archie(game: Game, seat: str, level: str = "recruit") -> None:
    """Seat Archie in ``seat`` (set-up only: as a table would have seated him)."""
    Seat.objects.filter(game=game, name=seat).update(
        holder=Seat.Holder.ARCHIE, player=services.archie_user(), archie_level=level)


def moves_of(game: Game, seat: str) -> list[dict]:
    engine = services.load_engine(Game.objects.get(pk=game.pk))
    return [a for a in engine.legal_actions(seat) if a["type"] in ("move", "move_general")]
