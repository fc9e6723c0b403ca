"""URLs of the whole site."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from games.views import lobby as play_lobby, welcome
from tournaments.views import clubs as tournament_views

from . import help_views, views

admin.site.site_header = "Battle Cry club administration"
admin.site.site_title = "Battle Cry club admin"

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/", include("accounts.urls")),
    path("help/", help_views.help_index, name="help"),
    path("help/a-turn/", help_views.help_turn, name="help_turn"),
    path("welcome/", welcome.welcome, name="welcome"),
    path("", include("games.urls")),
    path("play/", include("games.urls_play")),
    path("editor/", include("games.urls_editor")),
    path("play/new/", play_lobby.new_match, name="match_new"),
    path("calendar/", include("tournaments.calendar_urls")),
    path("api/v1/", include("battlecry_site.api.urls")),
    path("leagues/", include("tournaments.urls")),
    path("campaigns/", include("campaigns.urls")),
    path("ratings/", include("ratings.urls")),
    path("tournaments/", tournament_views.index, {"kind": "tournament"}, name="tournaments"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("admin/", admin.site.urls),
]
