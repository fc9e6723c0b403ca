"""Routes of the games API (mounted under /api/v1/ by battlecry_site.api.urls)."""
from django.urls import path
from rest_framework.routers import SimpleRouter

from .balance import BalanceListView, BalanceRunsView, BalanceRunView, ScenarioBalanceView
from .drafts import DraftViewSet
from .games import GameViewSet
from .matches import MatchViewSet
from .review import GameReviewView
from .scenarios import ScenarioViewSet
from .solo import SoloViewSet
from .tables import TableViewSet
from .team_games import TeamGameViewSet

router = SimpleRouter()
router.register("scenarios", ScenarioViewSet, basename="scenario")
router.register("matches", MatchViewSet, basename="match")
router.register("games", GameViewSet, basename="game")
router.register("drafts", DraftViewSet, basename="draft")
router.register("games", TeamGameViewSet, basename="team-game")
router.register("tables", TableViewSet, basename="table")

urlpatterns = router.urls + [
    path("solo/", SoloViewSet.as_view({"post": "create"}), name="solo"),
    path("solo/levels/", SoloViewSet.as_view({"get": "levels"}), name="solo-levels"),
    path("games/<int:id>/review/", GameReviewView.as_view(), name="game-review"),
    path("balance/", BalanceListView.as_view(), name="balance-list"),
    path("balance/<slug:slug>/", ScenarioBalanceView.as_view(), name="balance-detail"),
    path("balance/<slug:slug>/runs/", BalanceRunsView.as_view(), name="balance-runs"),
    path("balance/<slug:slug>/runs/<int:id>/", BalanceRunView.as_view(), name="balance-run"),
]
