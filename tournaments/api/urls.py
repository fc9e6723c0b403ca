"""Routes of the clubs, competitions, pairings and calendar API (mounted under /api/v1/)."""
from django.urls import path
from rest_framework.routers import SimpleRouter

from .calendar import CalendarViewSet
from .clubs import ClubViewSet
from .competitions import CompetitionViewSet
from .pairings import PairingViewSet
from .proposals import ScenarioProposalViewSet

router = SimpleRouter()
router.register("clubs", ClubViewSet, basename="club")
router.register("competitions", CompetitionViewSet, basename="competition")
router.register("pairings", PairingViewSet, basename="pairing")
router.register("scenario-proposals", ScenarioProposalViewSet, basename="scenario-proposal")

urlpatterns = router.urls + [
    path("calendar/", CalendarViewSet.as_view({"get": "retrieve"}), name="calendar"),
    path("calendar/feed/", CalendarViewSet.as_view({"get": "feed"}), name="calendar-feed"),
    path("calendar/feed/reset/", CalendarViewSet.as_view({"post": "reset"}), name="calendar-feed-reset"),
]
