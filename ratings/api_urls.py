"""Routes of the ratings API (mounted under /api/v1/ by battlecry_site.api.urls)."""
from django.urls import path

from ratings import api

urlpatterns = [
    path("ratings/members/<str:username>/", api.MemberRatingsView.as_view(), name="rating-member"),
    path("ratings/members/<str:username>/history/", api.MemberHistoryView.as_view(), name="rating-history"),
    path("ratings/clubs/<slug:slug>/", api.LeaderboardView.as_view(), name="rating-leaderboard"),
    path("ratings/expected/", api.ExpectedView.as_view(), name="rating-expected"),
]
