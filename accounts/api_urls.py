from django.urls import path

from . import api

urlpatterns = [
    path("me/", api.MyProfileView.as_view(), name="api-me"),
]
