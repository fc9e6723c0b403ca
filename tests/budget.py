"""What each ruleset and each way of playing must prove through the pages and the API, and
what that costs: one row each (docs/testing.md, "The budget").

The engine proves every registered ruleset on every shipped scenario whatever the rows say
(tests/engine/test_every_ruleset.py); the rows bound the slow part, the games and the leak
walks run through the site.  ``tests/test_budget.py`` checks that every registered ruleset
and every way of playing has its row, that each row's tests exist, and that the page games
the rows count are the ones the page test plays.

``seconds`` is what the row's tests took on the 2-core development machine, with other work
running on it (docs/testing.md, "Figures"); a new row states its own after one run.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    #: random games posted through the game page to their end
    page_games: int
    #: leak walks (``path::test``): each viewer's pages searched for what it may not see
    leak_walks: tuple[str, ...]
    #: how the walks choose the pages they fetch
    sampled: str
    #: the row's page games and leak walks on the development machine
    seconds: int


#: The walk of an Advanced game through the game pages, shared by the modes that show a game.
GAME_PAGES = "every page and fragment at every moment; the board with a unit selected for every " \
             "k-th unit, the next k-th at the next moment (each viewer sees every unit selected)"

#: The rulesets the test suite defines and registers while its own tests run.
REGISTERED_BY_TESTS = {"toy"}

#: One row per registered ruleset (games.engine.RULESETS).
RULESETS: dict[str, Row] = {
    "advanced": Row(
        page_games=37,                         # the default ruleset: every shipped scenario,
                                               # the 4 double-board battles and the one on two
                                               # maps among them
        leak_walks=("tests/web/test_play_leaks.py::test_no_page_shows_hidden_cards_through_a_turn",),
        sampled=f"4 viewers x 4 moments of one turn; {GAME_PAGES} (k=4)",
        seconds=522),                          # 365 for the 32 single boards, about 57 for the
                                               # 4 double boards (the 4th, Epic's, 6 s), about 6 for
                                               # the one on two maps (25 s at load 8); 94 for the house-rule
                                               # presets' 32 page games (tests/web/test_house_presets_pages.py:
                                               # 337 s at load 8 and 90 s of CPU, against 174 s and 51 s
                                               # for its former 14 games in the same hour, so 60 s
                                               # scaled by 1.74) and their browser turn
                                               # (tests/browser/test_house_preset_in_a_browser.py, 14 s)
    "standard": Row(
        page_games=4,                          # tests/web/test_random_games_through_the_pages.py
        leak_walks=("tests/web/test_standard_ruleset_leaks.py"
                    "::test_no_page_of_a_standard_game_shows_hidden_cards_through_a_turn",),
        sampled=f"4 viewers x 2 moments of one turn; {GAME_PAGES} (k=2)",
        seconds=62),
    # The 1961 Milton Bradley game (games/engine/mb1961/): its one map through the pages, and
    # its own walk, match, solo and API tests (tests/mb1961/).
    "1961": Row(
        page_games=1,                          # its map in tests/web/test_random_games_through_the_pages.py
        leak_walks=("tests/mb1961/test_mb1961_page_leaks.py"
                    "::test_no_page_of_a_1961_game_shows_the_seed_or_the_dice_to_come",),
        sampled="4 viewers (each side's member, a member who does not play, a visitor) at every "
                "new moment (a turn begun, a battle offered) of the first two rounds: the game "
                "page, its fragment, its board, a piece selected, the poll's answer and the match page",
        seconds=38),                           # 28 s in all on a quiet machine (load 0.8); 100 s at load 10;
                                               # + about 3 s for the board, seek, tournament and replay tests
    # The toy skirmish of the tests (tests/toy/), registered when its tests run: its two
    # match games and its solo game are played through the pages by its own tests.
    "toy": Row(
        page_games=0,                          # none in tests/web/test_random_games_through_the_pages.py
        leak_walks=("tests/toy/test_toy_page_leaks.py"
                    "::test_no_page_of_a_toy_game_shows_a_seat_s_card_to_anyone_else",),
        sampled="4 viewers (each side's member, a member who does not play, a visitor) at every "
                "step of a whole 4-turn game: the game page, its fragment, its board, the poll's "
                "answer and the match page",
        seconds=7),                            # the leak walk 4.6 s, the match, solo and import 2 s
}

#: One row per way of playing on the site; a new mode (team play, for instance) adds its
#: row.  Their page games are played under the default ruleset by the modes' own tests.
MODES: dict[str, Row] = {
    "match": Row(
        page_games=0,                          # the ruleset rows' page games are matches
        leak_walks=("tests/api/test_leak_canaries.py"
                    "::test_no_api_response_shows_a_requester_what_they_may_not_see",),
        sampled="every API operation, by every kind of requester, for a game in play, a finished "
                "one and a solo one, an Epic and a Doubles game (each seat's member a requester); "
                "an answer that names no game is fetched once per member and searched for each "
                "game's canaries",
        seconds=90),                           # 70 s before the team games; 304 s at load 16 with them
    "solo": Row(page_games=0, leak_walks=(
        "tests/api/test_leak_canaries.py::test_no_api_response_shows_a_requester_what_they_may_not_see",),
        sampled="the solo game of the canary walk", seconds=0),
    "campaign": Row(page_games=0, leak_walks=(
        "tests/web/test_campaign_leaks.py::test_campaign_pages_show_no_hidden_card",
        "tests/web/test_campaign_leaks.py::test_the_pre_battle_steps_show_no_deck_card_or_seed",
        "tests/campaigns/test_campaign_api_leaks.py"),
        sampled="every campaign page per viewer; the pre-battle game's pages, every unit selected",
        seconds=32),
    "league": Row(page_games=0, leak_walks=(
        "tests/web/test_league_leaks.py::test_league_pages_show_no_hidden_card",),
        sampled="every league page and fragment per viewer", seconds=8),
    "tournament": Row(page_games=0, leak_walks=(
        "tests/web/test_league_leaks.py::test_league_pages_show_no_hidden_card",),
        sampled="the league walk (the same pages: tournaments list, bracket fragment)", seconds=0),
    # Team play: its 4 page games (tests/web/test_team_games_through_the_pages.py: Epic and
    # Doubles on single boards, Doubles and Grand Battle Cry on double boards: 90 s on a
    # lighter day, 364 s with the machine loaded) and its leak walks (the toy's 45 s; the
    # Epic and Doubles walk 39 s, 99 s loaded).
    "team": Row(page_games=4, leak_walks=(
        "tests/toy/test_toy_page_leaks.py"
        "::test_no_page_of_a_team_game_shows_a_seat_s_card_or_a_team_s_chat_to_anyone_else",
        "tests/toy/test_team_api.py"
        "::test_no_api_response_shows_a_member_a_team_mate_s_cards_or_the_other_team_s_chat",
        "tests/web/test_team_game_leaks.py"
        "::test_no_page_or_api_answer_shows_a_seat_another_seat_s_cards",
        "tests/web/test_grand_battle_cry_leaks.py"
        "::test_no_page_or_api_answer_shows_a_grand_battle_cry_seat_another_seat_s_cards"),
        sampled="a four-seat team game of four members, one seat each, played to its end through "
                "the pages; at every third step each member, a non-player and a visitor fetch every "
                "page, fragment, the table page and the team chat (each seat is seen acting); and "
                "every GET of the API about the game, its match and table, by each of them; an "
                "Epic (6 seats) and a Doubles game (4 seats) of Battle Cry, 24 steps through the "
                "pages, every page, fragment, the table and the game's API answers fetched by each "
                "member, a non-player and a visitor at every sixth step, the board selections "
                "sampled as in the game walk (k=8); a Grand Battle Cry game (8 seats, the double "
                "board) walked the same way at two moments of its first 12 steps, the Confederate "
                "hand dealt canary cards",
        # 114 s on a quiet machine (load 0.8); the GBC double game 36 s. Added since, measured
        # at load 10 and divided by 4 (the ratio of the row's loaded and quiet figures): the
        # Grand Battle Cry walk (75 s loaded), the team games ending on the pages (50 s) and
        # the team games through the API (22 s); then Epic on the double board, its game
        # ending on the pages and its table opened by the form and the API (2 s at load 4)
        seconds=157),
    "annual": Row(page_games=0, leak_walks=(
        "tests/web/test_annual_leaks.py::test_annual_pages_show_no_hidden_card",),
        sampled="every Annual Games page, fragment and feed per viewer", seconds=11),
}
