"""The migrations to seats carry every game over exactly, and back: seat "union" is held by
the old Union player, seat "confederate" by the old Confederate player, Archie's seat of a
solo match is an Archie seat at the match's level; migrating back restores the columns.
(PostgreSQL under CI=true, SQLite otherwise: whichever database the tests run on.)"""
from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.play_helpers import make_scenario

BEFORE = [("games", "0016_totals_fit_any_game")]
AFTER = [("games", "0019_drop_player_columns")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_games_become_seats_and_back(lee, grant, django_user_model):
    archie = django_user_model.objects.create_user("archie", is_active=False)
    scenario_id = make_scenario().pk
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        old = migrate(BEFORE)
        Match, Game = old.get_model("games", "Match"), old.get_model("games", "Game")

        def game(match, number, union, confederate, **kw):
            return Game.objects.create(match=match, number=number, union_player_id=union.pk,
                                       confederate_player_id=confederate.pk, seed=number,
                                       seed_hash="h", state={}, **kw)

        finished = Match.objects.create(scenario_id=scenario_id, challenger_id=lee.pk,
                                        opponent_id=grant.pk, status="finished")
        done = game(finished, 1, lee, grant, deciding="", phase="over", winner_side="union",
                    finished_at="2026-01-01T00:00:00Z", outcome={"winner": "union"})
        playing = Match.objects.create(scenario_id=scenario_id, challenger_id=grant.pk,
                                       opponent_id=lee.pk, status="active")
        live = game(playing, 1, lee, grant, deciding="confederate")
        solo = Match.objects.create(scenario_id=scenario_id, challenger_id=lee.pk,
                                    opponent_id=archie.pk, status="active", archie_level="general")
        solo1 = game(solo, 1, archie, lee, phase="over", finished_at="2026-01-01T00:00:00Z")
        solo2 = game(solo, 2, lee, archie, deciding="confederate")

        new = migrate(AFTER)
        Seat = new.get_model("games", "Seat")
        held = {(s.game_id, s.name): (s.side, s.holder, s.player_id, s.archie_level)
                for s in Seat.objects.all()}
        assert held == {
            (done.pk, "union"): ("union", "member", lee.pk, ""),
            (done.pk, "confederate"): ("confederate", "member", grant.pk, ""),
            (live.pk, "union"): ("union", "member", lee.pk, ""),
            (live.pk, "confederate"): ("confederate", "member", grant.pk, ""),
            (solo1.pk, "union"): ("union", "archie", archie.pk, "general"),
            (solo1.pk, "confederate"): ("confederate", "member", lee.pk, ""),
            (solo2.pk, "union"): ("union", "member", lee.pk, ""),
            (solo2.pk, "confederate"): ("confederate", "archie", archie.pk, "general"),
        }
        Game = new.get_model("games", "Game")
        assert Game.objects.get(pk=live.pk).deciding == "confederate"

        back = migrate(BEFORE)
        Game = back.get_model("games", "Game")
        columns = dict((pk, (u, c)) for pk, u, c in Game.objects.values_list(
            "pk", "union_player_id", "confederate_player_id"))
        assert columns == {done.pk: (lee.pk, grant.pk), live.pk: (lee.pk, grant.pk),
                           solo1.pk: (archie.pk, lee.pk), solo2.pk: (lee.pk, archie.pk)}
    finally:
        migrate(latest)
