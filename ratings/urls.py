from django.urls import path

from ratings.views import expected, leaderboard, member

app_name = "ratings"

urlpatterns = [
    path("clubs/<slug:slug>/", leaderboard.leaderboard, name="leaderboard"),
    path("members/<str:username>/", member.member, name="member"),
    path("expected/", expected.expected, name="expected"),
]
