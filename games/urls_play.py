"""URLs of play by web: the lobby, matches and games (namespace "play", under /play/)."""
from django.urls import path

from games.views import chat, lobby, play, play_replay, review, solo, table, team_chat, welcome

app_name = "play"

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("challenge/", lobby.challenge, name="challenge"),
    path("seek/", lobby.seek, name="seek"),
    path("solo/", solo.solo, name="solo"),
    path("first-game/", welcome.first_game, name="first_game"),
    path("members/", lobby.members, name="members"),
    path("options/", lobby.option_fields, name="option_fields"),
    path("matches/<int:match_id>/", lobby.match_page, name="match"),
    path("matches/<int:match_id>/accept/", lobby.accept, name="accept"),
    path("matches/<int:match_id>/decline/", lobby.decline, name="decline"),
    path("matches/<int:match_id>/withdraw/", lobby.cancel, name="cancel"),
    path("matches/<int:match_id>/join/", lobby.join, name="join"),
    path("matches/<int:match_id>/hints/", play.match_hints, name="hints"),
    path("matches/<int:match_id>/chat/", chat.match_chat, name="chat"),
    path("matches/<int:match_id>/chat/share/", chat.match_chat_share, name="chat_share"),
    path("tables/new/", table.table_new, name="table_new"),
    path("tables/<int:match_id>/", table.table_page, name="table"),
    path("tables/<int:match_id>/take/", table.table_take, name="table_take"),
    path("tables/<int:match_id>/leave/", table.table_leave, name="table_leave"),
    path("tables/<int:match_id>/invite/", table.table_invite, name="table_invite"),
    path("tables/<int:match_id>/archie/", table.table_archie, name="table_archie"),
    path("tables/<int:match_id>/withdraw/", table.table_withdraw, name="table_withdraw"),
    path("games/<int:game_id>/", play.game_page, name="game"),
    path("games/<int:game_id>/seats/<str:seat>/claim/", play.seat_claim, name="seat_claim"),
    path("games/<int:game_id>/seats/<str:seat>/archie/", play.seat_archie, name="seat_archie"),
    path("games/<int:game_id>/seats/<str:seat>/back/", play.seat_back, name="seat_back"),
    path("games/<int:game_id>/resign/withdraw/", play.game_resign_withdraw, name="resign_withdraw"),
    path("games/<int:game_id>/team-chat/", team_chat.team_chat, name="team_chat"),
    path("games/<int:game_id>/act/", play.game_act, name="act"),
    path("games/<int:game_id>/version/", play.game_version, name="version"),
    path("games/<int:game_id>/claim/", play.game_claim, name="claim"),
    path("games/<int:game_id>/replay/", play_replay.game_replay, name="replay"),
    path("games/<int:game_id>/review/", review.game_review, name="review"),
    path("games/<int:game_id>/undo/", play.game_undo, name="undo"),
    path("games/<int:game_id>/resign/", play.game_resign, name="resign"),
]
