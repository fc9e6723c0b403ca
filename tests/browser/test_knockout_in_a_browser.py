"""An organiser starts a tournament's knockout in a real browser (Debian's Chromium,
headless): pairs the semi-finals from the console, previews and publishes them; one
semi-final is reported and confirmed by its players, the other entered by the organiser;
the bracket on the competition page then shows both winners in the final."""
from __future__ import annotations

import pytest

from tests.browser.test_run_a_league import browser, log_in  # noqa: F401 - the browser fixture

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club(django_user_model):
    """A tournament whose one Swiss round is played, with a knockout of the top four to
    come; made before Playwright starts (its event loop forbids the ORM).  Returns the
    players by seed (1 first)."""
    from tests.play_helpers import make_scenario
    from tournaments import services, tables

    scenario = make_scenario()
    make = django_user_model.objects.create_user
    meade = make("meade", email="meade@example.org", password="Gettysburg-1863")
    players = [make(n, email=f"{n}@example.org", password="Gettysburg-1863")
               for n in ("lee", "grant", "hood", "sickles")]
    club = services.create_club(meade, "Round Top Club")
    for u in players:
        services.join_by_invitation(club, u, club.invite_token)
    comp = services.create_competition(club, meade, services.Terms(
        name="Little Round Top Cup", kind="tournament", swiss_rounds=1, knockout_size=4,
        scenarios=(scenario,), mode="table"))
    for u in players:
        services.add_player(comp, meade, u)
    rnd = services.publish_round(services.draft_round(comp, meade, seed=7), meade)
    for p in rnd.pairings.all():
        services.set_result(p, meade, services.GameScores("home", 6, 1, "home", 6, 3))
    return {"comp": comp.pk, "seeds": [line.player.username for line in tables.table(comp)]}


def test_organiser_starts_the_knockout_and_the_bracket_advances(browser, live_server, club):  # noqa: F811
    url = live_server.url
    s1, s2, s3, s4 = club["seeds"]
    comp = club["comp"]

    # The organiser pairs the knockout from the console, previews it and publishes it.
    meade = log_in(browser, url, "meade")
    meade.goto(f"{url}/leagues/{comp}/console/")
    meade.get_by_role("button", name="Pair the knockout's next round").click()
    draft = meade.locator("#draft").inner_text()
    assert f"(1) {s1}" in draft and f"(4) {s4}" in draft and f"(2) {s2}" in draft
    meade.get_by_role("button", name="Publish the semi-finals").click()
    meade.wait_for_selector("text=Round published")

    # Seed 4 reports winning semi-final 1 at the table; seed 1 confirms.
    low = log_in(browser, url, s4)
    low.goto(f"{url}/leagues/mine/")
    low.locator("#play ~ ul a").first.click()
    assert "semi-finals" in low.content()
    low.select_option("#id_game1_winner", "away")
    low.fill("#id_game1_flags_home", "4")
    low.fill("#id_game1_flags_away", "6")
    low.select_option("#id_game2_winner", "away")
    low.fill("#id_game2_flags_home", "5")
    low.fill("#id_game2_flags_away", "6")
    low.get_by_role("button", name="Report").click()
    low.wait_for_selector("text=Result reported")
    high = log_in(browser, url, s1)
    high.goto(f"{url}/leagues/mine/")
    high.locator("#answer ~ ul a").first.click()
    high.get_by_role("button", name="Confirm the result").click()
    high.wait_for_selector("text=Result confirmed")
    assert s4 in high.locator("#through").inner_text()

    # The organiser enters semi-final 2 from the bracket's link: one game each, equal
    # flags, no figures: seed 2 goes through on the better seed.
    meade.goto(f"{url}/leagues/{comp}/")
    meade.locator("#bracket .bracket-match").nth(1).get_by_role("link").click()
    for field, value in (("game1_flags_home", "6"), ("game1_flags_away", "3"),
                         ("game2_flags_home", "3"), ("game2_flags_away", "6")):
        meade.fill(f"section:has(#fix) #id_{field}", value)
    meade.select_option("section:has(#fix) #id_game1_winner", "home")
    meade.select_option("section:has(#fix) #id_game2_winner", "away")
    meade.get_by_role("button", name="Save the result").click()
    meade.wait_for_selector("text=Result saved")
    assert s2 in meade.locator("#through").inner_text()

    # The bracket shows the two winners in the final, and the console its draft.
    meade.goto(f"{url}/leagues/{comp}/")
    final = meade.locator("#bracket section[aria-label='Final']").inner_text()
    assert s4 in final and s2 in final and s1 not in final and s3 not in final
    meade.goto(f"{url}/leagues/{comp}/console/")
    assert "Publish the final" in meade.content()
