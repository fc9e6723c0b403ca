"""A ruleset brings its own kit: the facade deals and rebuilds a game under any registered
ruleset, a ruleset registered later appears in every choice of rules, a scenario is offered
only to the rulesets of its format, and the rules page shows what the ruleset declares."""
from __future__ import annotations

import pytest

from games import services
from games.engine import DEFAULT_RULESET, Game, OptionError, get_ruleset, rulesets
from games.models import Scenario
from tests.kit_toy import PILE, Pile, pile_registered
from tests.play_helpers import make_scenario

PILE_FILE = {"slug": "small-pile", "name": "A small pile", "counters": 5}


def test_the_facade_deals_and_rebuilds_a_game_of_any_registered_ruleset():
    with pile_registered():
        game = Game.new(PILE.load_scenario(PILE_FILE), ruleset=PILE.name, options={"fast": True}, seed=1)
        assert isinstance(game, Pile) and game.counters == 2
        game.apply({"type": "take", "n": 1})
        again = Game.from_dict(game.to_dict())
        assert (again.counters, again.deciding, again.turn) == (1, "second", 2)
        with pytest.raises(OptionError):
            Game.new(PILE_FILE, ruleset=PILE.name, options={"nightfall": True})
    with pytest.raises(ValueError, match="unknown ruleset"):
        Game.new(PILE_FILE, ruleset=PILE.name)


def test_a_ruleset_registered_later_is_offered_by_forms_and_the_api():
    from campaigns.api.serializers import CampaignTermsSerializer
    from games.api.serializers import MatchTermsSerializer
    from games.forms_play import SeekForm
    from tournaments.api.serializers import NewCompetitionSerializer

    def offered():
        return ({n for n, _ in SeekForm().fields["ruleset"].choices},
                set(MatchTermsSerializer().fields["ruleset"].choices),
                set(CampaignTermsSerializer().fields["ruleset"].choices),
                set(NewCompetitionSerializer().fields["ruleset"].choices))

    assert all(PILE.name not in names for names in offered())
    with pile_registered():
        assert all(PILE.name in names for names in offered())
        assert PILE.name in rulesets()
    assert all(PILE.name not in names for names in offered())


@pytest.mark.django_db
def test_a_scenario_is_offered_only_to_the_rulesets_of_its_format(client):
    battle = make_scenario()
    assert battle.format == get_ruleset(DEFAULT_RULESET).scenario_format
    with pile_registered():
        pile = Scenario(format=PILE.scenario_format, data=PILE_FILE, slug="small-pile", name="A small pile",
                        date="1861-07-21", anniversary=721)
        pile.save()
        assert [r.name for r in pile.playing_rulesets()] == [PILE.name]
        assert PILE.name not in [r.name for r in battle.playing_rulesets()]
        assert DEFAULT_RULESET in [r.name for r in battle.playing_rulesets()]
        assert list(Scenario.playable_under(PILE.name)) == [pile]
        assert battle not in Scenario.playable_under(PILE.name)
        assert battle in Scenario.playable_under(DEFAULT_RULESET)
        with pytest.raises(services.ActionRefused, match="cannot be played under"):
            services.check_rules(battle, PILE.name)
        with pytest.raises(services.ActionRefused, match="cannot be played under"):
            services.check_rules(pile, DEFAULT_RULESET)
        services.check_rules(pile, PILE.name)          # its own rules play it
        assert pile.preview_ruleset() == PILE.name
        listed = client.get(f"/api/v1/scenarios/?ruleset={PILE.name}").json()["results"]
        assert [(s["slug"], s["format"]) for s in listed] == [("small-pile", PILE.scenario_format)]
        listed = client.get(f"/api/v1/scenarios/?ruleset={DEFAULT_RULESET}").json()["results"]
        assert battle.slug in [s["slug"] for s in listed] and "small-pile" not in [s["slug"] for s in listed]


@pytest.mark.django_db
def test_the_rules_page_of_a_ruleset_without_cards_or_terrain(client):
    with pile_registered():
        response = client.get(f"/rules/{PILE.name}/")
        assert response.status_code == 200
        html = response.content.decode()
        main = html[html.index("<main"):html.index("</main>")]
        assert PILE.description in main
        for line in PILE.summary:
            assert line in main
        assert "Play with a smaller pile." in main             # its option, in words
        for word in ("Command cards", "Terrain", "Union", "Confederate", "flag", "hex"):
            assert word not in main, word
        assert f"/rules/{PILE.name}/" in client.get(f"/rules/{DEFAULT_RULESET}/").content.decode()
    assert client.get(f"/rules/{PILE.name}/").status_code == 404


def test_the_facade_knows_no_particular_game():
    import ast
    from pathlib import Path

    import games.engine.facade as facade

    tree = ast.parse(Path(facade.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "collections.abc", "typing", "core"}, imported
