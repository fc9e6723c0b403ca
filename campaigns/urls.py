"""URLs of campaigns (namespace "campaigns", under /campaigns/)."""
from django.urls import path

from campaigns import views

app_name = "campaigns"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new, name="new"),
    path("<int:pk>/", views.campaign, name="campaign"),
    path("<int:pk>/accept/", views.accept, name="accept"),
    path("<int:pk>/decline/", views.decline, name="decline"),
    path("<int:pk>/withdraw/", views.cancel, name="cancel"),
    path("<int:pk>/place/accept/", views.accept_place, name="accept_place"),
    path("<int:pk>/place/decline/", views.decline_place, name="decline_place"),
    path("<int:pk>/command/offer/", views.offer_command, name="offer_command"),
    path("<int:pk>/command/take/", views.take_command, name="take_command"),
    path("<int:pk>/start-next/", views.start_held, name="start_held"),
]
