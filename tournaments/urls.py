"""URLs of clubs, leagues and tournaments (namespace "leagues", under /leagues/)."""
from django.urls import path

from tournaments.views import annual, club_presets, clubs, competitions, console, pairings, scenario_proposals

app_name = "leagues"

urlpatterns = [
    path("", clubs.index, name="index"),
    path("mine/", competitions.my_games, name="mine"),
    path("clubs/new/", clubs.club_new, name="club_new"),
    path("clubs/<slug:slug>/", clubs.club, name="club"),
    path("clubs/<slug:slug>/join/<str:token>/", clubs.join, name="join"),
    path("clubs/<slug:slug>/ask/", clubs.ask, name="ask"),
    path("clubs/<slug:slug>/approve/", clubs.approve, name="approve"),
    path("clubs/<slug:slug>/role/", clubs.role, name="role"),
    path("clubs/<slug:slug>/invitation/", clubs.new_invitation, name="new_invitation"),
    path("clubs/<slug:slug>/new/", console.new_competition, name="competition_new"),
    path("clubs/<slug:slug>/presets/", club_presets.presets, name="club_presets"),
    path("clubs/<slug:slug>/presets/<int:pk>/remove/", club_presets.remove, name="club_preset_remove"),
    path("clubs/<slug:slug>/annual/", annual.club_years, name="annual_years"),
    path("clubs/<slug:slug>/scenarios/", scenario_proposals.club_proposals, name="scenario_proposals"),
    path("clubs/<slug:slug>/scenarios/<int:pk>/", scenario_proposals.answer, name="scenario_answer"),
    path("propose/<int:draft_id>/", scenario_proposals.propose, name="propose_scenario"),
    path("clubs/<slug:slug>/annual/new/", annual.annual_new, name="annual_new"),
    path("clubs/<slug:slug>/calendar.ics", annual.club_feed, name="club_feed"),
    path("<int:pk>/annual/arrange/", annual.arrange, name="annual_arrange"),
    path("<int:pk>/annual/close/", annual.close, name="annual_close"),
    path("<int:pk>/", competitions.competition, name="competition"),
    path("<int:pk>/standings.csv", competitions.standings_csv, name="standings_csv"),
    path("<int:pk>/results.csv", competitions.results_csv, name="results_csv"),
    path("<int:pk>/console/", console.console, name="console"),
    path("<int:pk>/console/add/", console.add_player, name="add_player"),
    path("<int:pk>/console/withdraw/", console.withdraw, name="withdraw"),
    path("<int:pk>/console/pair/", console.pair, name="pair"),
    path("<int:pk>/console/publish/", console.publish, name="publish"),
    path("<int:pk>/console/knockout/", console.set_knockout, name="set_knockout"),
    path("<int:pk>/console/discard/", console.discard, name="discard"),
    path("<int:pk>/console/close/", console.close, name="close"),
    path("pairings/<int:pk>/", pairings.pairing, name="pairing"),
    path("pairings/<int:pk>/report/", pairings.report, name="report"),
    path("pairings/<int:pk>/confirm/", pairings.confirm, name="confirm"),
    path("pairings/<int:pk>/dispute/", pairings.dispute, name="dispute"),
    path("pairings/<int:pk>/fix/", pairings.fix, name="fix"),
    path("pairings/<int:pk>/forfeit/", pairings.forfeit, name="forfeit"),
    path("pairings/<int:pk>/choose/", pairings.choose, name="choose"),
    path("pairings/<int:pk>/play/", pairings.play_on_site, name="play_on_site"),
]
