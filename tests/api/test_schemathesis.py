"""Property-based run of the whole API against its own OpenAPI document, on a live test
server (schemathesis): for every operation, requests generated from the document, sent by
a member with a play token.  No answer may be a server error, and every answer must match
the document (status code, content type, body).  Bounded: a dozen examples per operation
that takes a query or a body; an operation whose only input is the id or slug in its path
(which ``aim`` points at one of a few real objects or at none) gets half as many, and one
with no input at all a single one (every example would be the same request).  Derandomized
so that every run tries the same ones, no shrinking, no example database.
``API_FUZZ_EXAMPLES=200`` runs more examples, freshly random, for a deeper search by hand."""
from __future__ import annotations

import os
from collections import Counter
from types import SimpleNamespace

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_schema_conformance,
                                               status_code_conformance)

from accounts.tokens import create_token
from campaigns import services as campaign_services
from games import services
from games.models import Game
from tests.campaigns.helpers import load_plan
from tests.play_helpers import make_scenario, start_match
from tests.tournaments.helpers import make_club, make_competition
from tournaments import services as league_services
from tournaments.models import Competition

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES", 12))
DERANDOMIZE = "API_FUZZ_EXAMPLES" not in os.environ
def examples_for(operation) -> int:
    """A dozen examples for an operation with a query or a body to vary, fewer for one
    whose requests can differ only by the object they name (or not at all)."""
    if len(operation.query) or len(operation.body):
        return EXAMPLES
    if len(operation.path_parameters):
        return max(1, EXAMPLES // 2)
    return 1


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@pytest.fixture
def world(live_server, lee, grant, meade, settings, monkeypatch):
    """A game in progress (lee to act), a finished one, a challenge to lee, an open seek, a
    campaign invitation to lee and a campaign lee plays. Archie's reviews and self-play runs
    asked for here are made at once (the tasks run in the server) and quickly: a few
    iterations a turn, and self-play by random moves."""
    from games import balance
    from games.ai import selfplay
    settings.REVIEW_ITERATIONS_PER_TURN = 8
    monkeypatch.setattr(balance, "self_play",
                        lambda *args, **kw: selfplay.self_play(*args, **{**kw, "level": "random"}))
    scenario = make_scenario()
    make_scenario(slug="shiloh")
    match, game = start_match(lee, grant, side="union")
    done_match, done = start_match(grant, meade, side="union")
    Game.objects.filter(pk=done.pk).update(deadline="2020-01-01T00:00:00Z")
    services.claim_timeout(done.pk, done.player_of("confederate" if done.deciding == "union" else "union"))
    challenge = services.create_challenge(grant, lee, scenario)
    seek = services.post_seek(meade, scenario)
    plan = load_plan("jackson-valley-1862")
    invited = campaign_services.invite(grant, lee, campaign_services.Terms(plan=plan))
    campaign = campaign_services.invite(lee, meade, campaign_services.Terms(plan=plan, side="confederate"))
    campaign_services.accept(campaign.pk, meade)
    solo = services.start_solo(lee, scenario, "recruit")
    # a league at the table that lee plays in (round 1 published) and one lee organises
    club = make_club(meade, [lee, grant])
    comp = make_competition(club, meade, [lee, grant], mode=Competition.Mode.TABLE)
    rnd = league_services.publish_round(league_services.draft_round(comp, meade), meade)
    own = make_club(lee, [grant], name="Lee's own club")
    own_comp = make_competition(own, lee, [lee, grant], name="Lee's cup", mode=Competition.Mode.TABLE)
    _, secret = create_token(lee, "schemathesis", "play")
    return SimpleNamespace(
        base=live_server.url, headers={"Authorization": f"Bearer {secret}"},
        ids={"games": [game.pk, done.pk, solo.current_game().pk],
             "matches": [match.pk, challenge.pk, seek.pk, done_match.pk, solo.pk],
             "competitions": [comp.pk, own_comp.pk], "pairings": [rnd.pairings.get().pk],
             "campaigns": [invited.pk, campaign.pk]},
        slugs={"scenarios": ["bench-field", "shiloh"], "clubs": [club.slug, own.slug],
               "campaign-plans": [plan.slug]})


KINDS = ("matches", "competitions", "pairings", "clubs", "scenarios", "campaigns", "campaign-plans")
#: Paths whose slug names an object of another kind: a scenario's balance names the scenario.
SLUG_OF = {"balance": "scenarios"}


def aim(case, world) -> None:
    """Point most generated ids and slugs at real objects, so that the run goes past the 404."""
    params = case.path_parameters or {}
    kind = next((k for k in KINDS if case.path.startswith((f"/api/v1/{k}/", f"/api/v1/ratings/{k}/"))),
                "games")
    if "id" in params and str(params["id"]).isdigit() and int(params["id"]) % 5:
        params["id"] = world.ids[kind][int(params["id"]) % len(world.ids[kind])]
    if "slug" in params and len(str(params["slug"])) % 5:
        slugs = world.slugs[next((v for k, v in SLUG_OF.items() if case.path.startswith(f"/api/v1/{k}/")),
                                 kind)]
        params["slug"] = slugs[len(str(params["slug"])) % len(slugs)]
    if "username" in params and len(str(params["username"])) % 5:
        params["username"] = "lee"


def test_the_api_keeps_to_its_document(world):
    schema = schemathesis.openapi.from_url(f"{world.base}/api/schema/")
    schema.config.generation.update(modes=[GenerationMode.POSITIVE], max_examples=EXAMPLES)
    failures, operations, sent = [], 0, []
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1

        @given(case=operation.as_strategy())
        @settings(max_examples=examples_for(operation), deadline=None, phases=[Phase.explicit, Phase.generate],
                  suppress_health_check=list(HealthCheck), database=None, derandomize=DERANDOMIZE)
        def run(case):
            aim(case, world)
            response = case.call_and_validate(base_url=world.base, headers=world.headers, checks=CHECKS)
            sent.append((operation.path, response.status_code))

        try:
            run()
        except (Exception, BaseExceptionGroup) as exc:   # noqa: BLE001 - gather every operation's failure
            failures.append(f"{operation.method.upper()} {operation.path}: {exc}")
    assert operations >= 45
    print(f"{len(sent)} requests; answers: {sorted(Counter(code for _, code in sent).items())}")
    assert len(sent) >= operations * 3, "too few examples were sent"
    assert not failures, "\n\n".join(failures)
