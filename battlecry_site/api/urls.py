"""/api/v1/: every app's endpoints, and a JSON 404 for any other path under it."""
from django.urls import include, path, re_path
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, authentication_classes, permission_classes, throttle_classes
from rest_framework.exceptions import NotFound

app_name = "api-v1"


@extend_schema(exclude=True)
@api_view(["GET", "POST", "PUT", "PATCH", "DELETE"])
@authentication_classes([])
@permission_classes([])
@throttle_classes([])
def not_found(request, rest=""):
    raise NotFound("There is no such API endpoint; see /api/docs/.")


urlpatterns = [
    path("", include("accounts.api_urls")),
    path("", include("games.api.urls")),
    path("", include("campaigns.api.urls")),
    path("", include("tournaments.api.urls")),
    path("", include("ratings.api_urls")),
    # [\s\S]: any character, a line break included (a path may carry an encoded one).
    re_path(r"^(?P<rest>[\s\S]*)$", not_found, name="not-found"),
]
