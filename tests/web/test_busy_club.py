"""A busy club: the lobby, the game page, its poll and its actions cost the same number of
queries whatever the club's size and the game's history; the opponent is found by search."""
from __future__ import annotations

import json
import random
import re

import pytest
from django.contrib.auth import get_user_model

from games import services
from games.models import Game, Match
from tests.play_helpers import make_scenario, start_match

pytestmark = pytest.mark.django_db

#: The most queries these requests may take (the target is 15 for any page).  The lobby
#: takes 12 (13 once the games waiting for the member's move fill more than a page): session,
#: user, profile, the notifications notice, its lists and their counts, and one query of the
#: battles for its three forms.  What must hold too is that the count does not grow with the
#: club or the history (asserted below).
MAX_QUERIES = 13
#: An action: the page's queries, the locked game row, the new log row and the saved game,
#: the queued follow-up task and the log since the cached one.
MAX_ACTION_QUERIES = 15


def crowd(n: int) -> None:
    """``n`` more members (the lobby must not read them one by one)."""
    User = get_user_model()
    User.objects.bulk_create([User(username=f"member{i:04d}", email=f"m{i}@example.org")
                              for i in range(n)])


def play_random(game: Game, steps: int, seed: int = 3) -> Game:
    """Play ``steps`` random legal actions through the services (the game's real log)."""
    rnd = random.Random(seed)
    for _ in range(steps):
        game.refresh_from_db()
        if game.is_over or not game.deciding:
            break
        legal = services.load_engine(game).legal_actions()
        services.act(game.pk, game.player_of(game.deciding), rnd.choice(legal), game.version)
    game.refresh_from_db()
    return game


def finished_matches(user, other, count: int) -> None:
    scenario = make_scenario()
    Match.objects.bulk_create([
        Match(scenario=scenario, challenger=user, opponent=other, status=Match.Status.FINISHED,
              winner=user, challenger_flags=6, opponent_flags=3, decided_by="flags")
        for _ in range(count)])


# -- finding an opponent ----------------------------------------------------------------------------
def test_typing_a_few_letters_suggests_members_by_username_or_name(client, lee, grant, meade):
    grant.profile.display_name = "Ulysses Grant"
    grant.profile.save()
    client.force_login(lee)
    options = client.get("/play/members/", {"c-opponent": "ulys"}, HTTP_HX_REQUEST="true")
    assert options.content.decode() == '<option value="grant">Ulysses Grant (grant)</option>'
    options = client.get("/play/members/", {"c-opponent": "e"}, HTTP_HX_REQUEST="true").content.decode()
    assert '<option value="meade">' in options and '"lee"' not in options     # never yourself


def test_without_javascript_the_search_page_links_to_a_prefilled_challenge(client, lee, grant):
    client.force_login(lee)
    html = client.get("/play/members/", {"q": "gra"}).content.decode()
    assert 'href="/play/new/?opponent=grant"' in html
    form = client.get("/play/new/?opponent=grant").content.decode()
    assert 'name="c-opponent" value="grant"' in form


def test_a_challenge_to_an_unknown_name_says_so_and_suggests_close_names(client, lee, grant):
    sc = make_scenario()
    client.force_login(lee)
    r = client.post("/play/challenge/", {"c-opponent": "gran", "c-scenario": sc.pk, "c-side": "union",
                                         "c-deadline_hours": 48})
    html = r.content.decode()
    assert r.status_code == 400 and "No member is called “gran”" in html and "Did you mean grant?" in html
    r = client.post("/play/challenge/", {"c-opponent": "GRANT", "c-scenario": sc.pk, "c-side": "union",
                                         "c-deadline_hours": 48})
    assert r.status_code == 303 and Match.objects.get().opponent == grant


def test_search_takes_one_query_in_a_big_club(client, lee, django_assert_max_num_queries):
    crowd(400)
    client.force_login(lee)
    client.get("/play/members/", {"q": "member"}, HTTP_HX_REQUEST="true")
    with django_assert_max_num_queries(4):            # session, user, the search itself
        html = client.get("/play/members/", {"q": "member"}, HTTP_HX_REQUEST="true").content.decode()
    assert html.count("<option") == 10


# -- the lobby --------------------------------------------------------------------------------------
def test_the_lobby_costs_the_same_queries_in_a_big_club_with_a_long_history(
        client, lee, grant, django_assert_max_num_queries):
    for _ in range(3):
        start_match(lee, grant)
    finished_matches(lee, grant, 2)
    client.force_login(lee)
    with django_assert_max_num_queries(MAX_QUERIES) as small:
        assert client.get("/play/").status_code == 200
    crowd(300)
    for _ in range(30):
        start_match(lee, grant)
    finished_matches(lee, grant, 45)
    with django_assert_max_num_queries(MAX_QUERIES) as big:
        html = client.get("/play/").content.decode()
    # at most one more: counting the games waiting for your move once they fill more than a page
    assert len(big.captured_queries) <= len(small.captured_queries) + 1
    assert "member0001" not in html                     # no member list in the page
    assert "Page 1 of 2" in html and "More games" in html and "Older" in html


def test_the_lobby_forms_offer_every_battle_from_one_query(client, lee, django_assert_max_num_queries):
    """The challenge, seek and solo forms name a battle with its subtitle, and the selected
    battle is the first; one query of battles serves the three forms."""
    chancellorsville = make_scenario(slug="chancellorsville")
    make_scenario(slug="chickamauga")
    client.force_login(lee)
    with django_assert_max_num_queries(MAX_QUERIES) as lobby:
        html = client.get("/play/").content.decode()
    assert sum('FROM "games_scenario"' in q["sql"] for q in lobby.captured_queries) == 1
    assert html.count("Chancellorsville: 3rd Day</option>") == 3            # challenge, seek, solo
    # the battle's own options only: a deadline choice may share the battle's number
    assert len(re.findall(rf'<option value="{chancellorsville.pk}"[^>]*>Chancellorsville', html)) == 3
    solo = html[html.index('id="play-archie"'):]
    assert "Chancellorsville: 3rd Day</option>" in solo[:solo.index("</form>")]


def test_the_lobby_lists_the_games_waiting_for_your_move_first(client, lee, grant):
    waiting = [start_match(lee, grant, side="confederate")[1] for _ in range(26)]   # union acts first
    _, mine = start_match(lee, grant, side="union")
    client.force_login(lee)
    html = client.get("/play/").content.decode()
    assert html.index(f"/play/games/{mine.pk}/") < html.index(f"/play/games/{waiting[0].pk}/")
    assert "(1) Play" in html                            # the title counts it over every page
    second = client.get("/play/?games=2").content.decode()
    assert f"/play/games/{mine.pk}/" not in second and "Previous games" in second
    assert second.count("/play/games/") >= 2


# -- the match, replay, scenario and profile pages -----------------------------------------------------
def test_the_match_replay_scenario_and_profile_pages_cost_the_same_queries_in_a_big_club(
        client, lee, grant, django_assert_max_num_queries):
    match, game = start_match(lee, grant, make_scenario(slug="fredericksburg"))
    game = play_random(game, 40)
    if not game.is_over:
        services.resign(game.pk, grant, game.version)     # replays are of finished games
    client.force_login(lee)
    urls = (f"/play/matches/{match.pk}/", f"/play/games/{game.pk}/replay/",
            f"/play/games/{game.pk}/replay/?step=10", f"/scenarios/{match.scenario.slug}/",
            "/accounts/profile/")

    def queries() -> dict:
        counted = {}
        for url in urls:
            client.get(url)                       # what is kept after a first visit is kept
            with django_assert_max_num_queries(15) as page:
                assert client.get(url).status_code == 200, url
            counted[url] = len(page.captured_queries)
        return counted

    small = queries()
    crowd(1000)
    for _ in range(20):
        start_match(lee, grant)
    finished_matches(lee, grant, 60)
    assert queries() == small, small


# -- the game page, its poll and its actions with a long history --------------------------------------
@pytest.fixture
def long_game(lee, grant, monkeypatch):
    """A game 120 actions in and still going: the deal is pinned, so the random play is
    the same every run."""
    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)
    monkeypatch.setattr(services, "engine_seed", lambda secret: LONG_GAME_DEAL)
    _, game = start_match(lee, grant)
    return play_random(game, 120)


#: An engine seed whose game is still going after ``play_random``'s 120 actions.
LONG_GAME_DEAL = 3


def test_the_game_page_and_its_poll_cost_few_queries_late_in_a_game(
        client, lee, long_game, django_assert_max_num_queries):
    assert long_game.version >= 60
    client.force_login(lee)
    url = f"/play/games/{long_game.pk}/"
    with django_assert_max_num_queries(MAX_QUERIES):
        assert client.get(url).status_code == 200
    with django_assert_max_num_queries(MAX_QUERIES):
        assert client.get(url, HTTP_HX_REQUEST="true").status_code == 200
    with django_assert_max_num_queries(1):            # the version: no session, no member
        r = client.get(f"{url}version/?v={long_game.version}", HTTP_HX_REQUEST="true")
    assert r.status_code == 204
    assert "private" in r["Cache-Control"] and "Cookie" in r["Vary"]


def test_a_poll_with_nothing_new_touches_no_engine_and_no_template(client, lee, grant, monkeypatch):
    _, game = start_match(lee, grant)
    client.force_login(grant)
    url = f"/play/games/{game.pk}/version/"

    def no_engine(*args, **kwargs):
        raise AssertionError("the engine was loaded for a poll with nothing new")

    monkeypatch.setattr(services, "load_engine", no_engine)
    monkeypatch.setattr(services.EngineGame, "from_dict", no_engine)
    r = client.get(url, {"v": game.version}, HTTP_HX_REQUEST="true")
    assert r.status_code == 204 and r.content == b"" and not r.templates
    # a browser that kept the tag of the fragment it shows asks with it: 304, nothing sent
    r = client.get(url, {"v": "stale"}, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=r["ETag"])
    assert r.status_code == 304 and not r.templates
    monkeypatch.undo()
    r = client.get(url, {"v": game.version - 1 if game.version else "x"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and r["ETag"] == f'"g{game.pk}v{game.version}"'
    assert 'id="game"' in r.content.decode()


def test_an_action_late_in_a_game_costs_few_queries(client, long_game, django_assert_max_num_queries):
    game = long_game
    assert game.version == 120 and not game.is_over and game.deciding
    client.force_login(game.player_of(game.deciding))
    legal = services.load_engine(game).legal_actions()
    with django_assert_max_num_queries(MAX_ACTION_QUERIES):
        r = client.post(f"/play/games/{game.pk}/act/",
                        {"action": json.dumps(legal[0]), "version": game.version},
                        HTTP_HX_REQUEST="true")
    assert r.status_code == 200 and 'role="alert"' not in r.content.decode()


# -- the log kept one action at a time ---------------------------------------------------------------
VIEWERS = ("union", "confederate", None)


def full_log(game, viewer):
    """The log as the page drew it before: every line rebuilt from the start."""
    from games.views.play_log import Entry, log_lines
    entries = [Entry(*r) for r in game.actions.order_by("index")
               .values_list("index", "side", "events", "action")]
    return log_lines(services.load_engine(game).scenario, entries, viewer)


def test_the_log_kept_action_by_action_reads_as_the_log_rebuilt_from_the_start(lee, grant, monkeypatch):
    from games.views.play_history import LOG_LINES, history, recent_entries
    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)    # a deal that lasts 90 actions
    _, game = start_match(lee, grant)
    rnd = random.Random(11)
    for step in range(90):
        game.refresh_from_db()
        if game.is_over or not game.deciding:
            break
        legal = services.load_engine(game).legal_actions()
        services.act(game.pk, game.player_of(game.deciding), rnd.choice(legal), game.version)
        game.refresh_from_db()
        for viewer in VIEWERS:               # each viewpoint folds in the new entry
            hist = history(game, services.load_engine(game).scenario, viewer, recent_entries(game))
            if step % 15 == 0 or step == 89:
                lines = full_log(game, viewer)
                assert hist.total == len(lines) and hist.lines == lines[-LOG_LINES:]
    assert game.version >= 60, f"the game ended after {game.version} actions"


def test_a_viewpoint_that_looks_rarely_reads_the_whole_log_without_it_being_rebuilt(lee, grant, monkeypatch):
    """A viewpoint that looks once in many actions (a team game's seat waiting its turn) gets
    the log rebuilt from the start, yet after its first look (told from the first entry) it
    is folded from the state kept at its last look."""
    from games.views import play_history
    monkeypatch.setattr(services, "new_seed", lambda: "0" * 32)    # a deal that lasts 90 actions
    _, game = start_match(lee, grant)
    rebuilt = []
    monkeypatch.setattr(play_history, "rebuild", lambda *a, _r=play_history.rebuild: rebuilt.append(a) or _r(*a))
    rnd = random.Random(11)
    looks = (0, 45, 89)                      # gaps wider than the take-back window
    assert looks[1] - looks[0] > play_history.UNDO_WINDOW
    for step in range(90):
        game.refresh_from_db()
        legal = services.load_engine(game).legal_actions()
        services.act(game.pk, game.player_of(game.deciding), rnd.choice(legal), game.version)
        if step in looks:
            game.refresh_from_db()
            hist = play_history.history(game, services.load_engine(game).scenario, "union")
            lines = full_log(game, "union")
            assert hist.total == len(lines) and hist.lines == lines[-play_history.LOG_LINES:]
            assert len(rebuilt) == 1, f"told from the first entry again at step {step}"
    assert game.version == 90


def test_a_cached_log_of_one_side_is_never_served_to_the_other_or_to_a_spectator(lee, grant):
    """Each side's log names its own draws; the cached state of one viewpoint is never the
    answer for another: each reads as its own log rebuilt from the start."""
    from games.views.play_history import history, recent_entries
    _, game = start_match(lee, grant)
    rnd = random.Random(5)
    while True:                              # up to the first card drawn (the end of a turn)
        game.refresh_from_db()
        legal = services.load_engine(game).legal_actions()
        ends = [a for a in legal if a["type"] == "end_turn"]
        services.act(game.pk, game.player_of(game.deciding), (ends or legal)[0] if ends
                     else rnd.choice(legal), game.version)
        game.refresh_from_db()
        if any(e["type"] == "draw" for e in game.actions.order_by("index").last().events):
            break           # (an end of turn may first hand over a move, e.g. Hit and Run)
    scenario = services.load_engine(game).scenario
    drawer = "union"
    own = history(game, scenario, drawer, recent_entries(game))     # cached first
    others = {v: history(game, scenario, v, recent_entries(game)) for v in ("confederate", None)}
    assert own.lines == full_log(game, drawer)[-len(own.lines):]
    for viewer, hist in others.items():
        assert hist.lines == full_log(game, viewer)[-len(hist.lines):]
        assert hist.lines != own.lines, f"{viewer or 'a spectator'} got the drawer's log"


# -- the #game fragment drawn once per (game, version, viewpoint) -------------------------------------
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def poll(client, game):
    r = client.get(f"/play/games/{game.pk}/version/", {"v": "old"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    return CSRF.sub("", r.content.decode())


def test_a_kept_fragment_of_one_side_is_never_served_to_the_other_or_to_a_spectator(
        client, lee, grant, meade):
    _, game = start_match(lee, grant)
    play_random(game, 12)
    viewers = {"union": lee, "confederate": grant, "spectator": meade}
    kept = {}
    for name, user in viewers.items():        # each viewpoint drawn once and kept
        client.force_login(user)
        kept[name] = poll(client, game)
        assert poll(client, game) == kept[name]             # the kept copy, as drawn
    assert kept["union"] != kept["confederate"] != kept["spectator"] != kept["union"]
    from django.core.cache import cache
    cache.clear()
    for name, user in viewers.items():        # each kept copy is what that viewer gets fresh
        client.force_login(user)                # (and fresh pages pass the leak tests)
        assert poll(client, game) == kept[name]


def test_a_game_that_reuses_an_id_never_gets_the_kept_pages_of_the_old_one(client, lee, grant):
    """The cache can outlive the database (a restore, a reset): a new game with the same id
    and version as a game drawn before shows its own hand and log, not the old game's."""
    _, old = start_match(lee, grant)
    play_random(old, 6)
    client.force_login(lee)
    before = poll(client, old)
    _, other = start_match(lee, grant)
    play_random(other, 6, seed=9)
    other.refresh_from_db()
    old.refresh_from_db()
    assert other.version == old.version and other.seed_hash != old.seed_hash
    # the old row now holds another game, as after a restore that reused its id
    fields = ("state", "setup_events", "version", "phase", "deciding", "turn", "seed",
              "secret_seed", "seed_hash")
    Game.objects.filter(pk=old.pk).update(**{f: getattr(other, f) for f in fields})
    old.refresh_from_db()
    after = poll(client, old)
    assert after != before
    from django.core.cache import cache
    cache.clear()
    assert poll(client, old) == after            # what it shows is what a fresh drawing shows


def test_a_poll_that_finds_a_move_dates_it_in_the_members_time_zone(client, lee, grant):
    """The poll reads the member only when it draws the game, and then in their time zone."""
    from datetime import datetime, timezone as dt_timezone
    _, game = start_match(lee, grant)
    Game.objects.filter(pk=game.pk).update(deadline=datetime(2026, 7, 3, 12, 0, tzinfo=dt_timezone.utc))
    grant.profile.time_zone = "Asia/Tokyo"
    grant.profile.save()
    client.force_login(grant)                  # waiting for Lee's move, until the deadline
    assert "until Fri 3 Jul, 21:00" in poll(client, game)


def test_each_viewer_gets_their_own_csrf_token_in_a_kept_fragment(lee, grant, meade):
    from django.test import Client
    _, game = start_match(lee, grant)
    first, second = Client(), Client()
    first.force_login(lee)
    second.force_login(lee)
    a = first.get(f"/play/games/{game.pk}/version/", {"v": "x"}, HTTP_HX_REQUEST="true").content.decode()
    b = second.get(f"/play/games/{game.pk}/version/", {"v": "x"}, HTTP_HX_REQUEST="true").content.decode()
    assert "csrf-token" not in a and "csrf-token" not in b
    tokens = [set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', t)) for t in (a, b)]
    assert all(tokens) and tokens[0].isdisjoint(tokens[1])


def test_only_members_may_search_the_members(client, grant):
    r = client.get("/play/members/", {"q": "gra"})
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
