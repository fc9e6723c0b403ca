"""Options on the forms and pages: the fields come from the chosen ruleset's declarations,
follow the ruleset select (HTMX) and still work posted without JavaScript; the match and
game pages list the options in force in the ruleset's words."""
from __future__ import annotations

import pytest
from django import forms

from games.engine import RULESETS, Option
from games.forms_play import SeekForm, SoloForm
from games.models import Match
from games.option_fields import form_field, option_fields, options_from
from tests.play_helpers import make_scenario, start_match

pytestmark = pytest.mark.django_db


def test_each_kind_of_option_gets_its_field_with_the_declared_words():
    flag = form_field(Option("fog", bool, False, "Hidden units.", label="Fog of war"))
    assert isinstance(flag, forms.BooleanField) and flag.label == "Fog of war"
    assert flag.help_text == "Hidden units." and flag.initial is False and not flag.required
    count = form_field(Option("scouts", int, 2, "Scouts per side."))
    assert isinstance(count, forms.IntegerField) and count.initial == 2 and count.label == "Scouts"
    side = form_field(Option("spy", str, None, "Who has a spy.", choices=(None, "union", "confederate")))
    assert isinstance(side, forms.TypedChoiceField)
    assert [v for v, _ in side.choices] == ["", "union", "confederate"]
    assert side.clean("") is None and side.clean("union") == "union"


def test_the_forms_offer_the_options_of_the_ruleset_chosen():
    house = [o.name for o in RULESETS["advanced"].options if o.label.startswith("House rule")]
    assert list(option_fields("advanced", "match")) == ["nightfall", *house] and house
    assert option_fields("standard", "match") == {}
    assert "nightfall" in SoloForm().fields and "nightfall" in SeekForm(prefix="s").fields
    standard = SeekForm({"s-ruleset": "standard"}, prefix="s")
    assert "nightfall" not in standard.fields
    # read back as the options mapping: only what differs from the default
    assert options_from("advanced", "match", {"nightfall": True}) == {"nightfall": True}
    assert options_from("advanced", "match", {"nightfall": False}) == {}


def test_the_options_fieldset_follows_the_ruleset_select(client, lee):
    client.force_login(lee)
    page = client.get("/play/solo/").content.decode()
    assert 'id="options"' in page and 'name="nightfall"' in page and 'hx-get="/play/options/"' in page
    advanced = client.get("/play/options/", {"place": "match", "prefix": "c", "c-ruleset": "advanced"},
                          HTTP_HX_REQUEST="true").content.decode()
    assert 'id="c-options"' in advanced and 'name="c-nightfall"' in advanced and "Nightfall" in advanced
    assert "Each card is played once" in advanced         # the description is the help text
    standard = client.get("/play/options/", {"place": "match", "prefix": "c", "c-ruleset": "standard"},
                          HTTP_HX_REQUEST="true").content.decode()
    assert 'id="c-options"' in standard and "nightfall" not in standard
    assert client.get("/play/options/", {"place": "nowhere"}).status_code == 400


def test_without_javascript_an_option_the_rules_lack_is_refused_by_its_label(client, lee, grant):
    sc = make_scenario()
    client.force_login(lee)
    r = client.post("/play/seek/", {"s-scenario": sc.pk, "s-ruleset": "standard", "s-side": "union",
                                    "s-deadline_hours": 72, "s-nightfall": "on"})
    assert r.status_code == 400 and "The standard rules have no Nightfall" in r.content.decode()
    r = client.post("/play/seek/", {"s-scenario": sc.pk, "s-ruleset": "advanced", "s-side": "union",
                                    "s-deadline_hours": 72, "s-nightfall": "on"})
    assert r.status_code == 303 and Match.objects.get().options == {"nightfall": True}


def test_a_house_rule_without_the_one_it_needs_is_refused_with_the_reason(client, lee, grant):
    sc = make_scenario()
    client.force_login(lee)
    r = client.post("/play/seek/", {"s-scenario": sc.pk, "s-ruleset": "advanced", "s-side": "union",
                                    "s-deadline_hours": 72, "s-first_fire": "on"})
    page = r.content.decode()
    assert r.status_code == 400 and "House rule: first fire needs House rule: return fire" in page
    assert "requires option" not in page and not Match.objects.exists()
    r = client.post("/play/seek/", {"s-scenario": sc.pk, "s-ruleset": "advanced", "s-side": "union",
                                    "s-deadline_hours": 72, "s-first_fire": "on", "s-return_fire": "on"})
    assert r.status_code == 303
    assert Match.objects.get().options == {"first_fire": True, "return_fire": True}


def test_the_match_and_game_pages_list_the_options_in_force(client, lee, grant):
    match, game = start_match(lee, grant, options={"nightfall": True})
    client.force_login(lee)
    assert "<dt>Options</dt><dd>Nightfall;" in client.get(f"/play/matches/{match.pk}/").content.decode()
    assert "· Nightfall" in client.get(f"/play/games/{game.pk}/").content.decode()
    plain, _ = start_match(lee, grant)
    assert "<dt>Options</dt><dd>None;" in client.get(f"/play/matches/{plain.pk}/").content.decode()
    # Archie's side, set by the site in the game's options, is not an option chosen
    assert match.options_in_force == [{"name": "nightfall", "label": "Nightfall", "value": "yes",
                                       "text": "Nightfall"}]
