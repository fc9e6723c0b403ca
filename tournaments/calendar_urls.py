"""URLs of the anniversary calendar (under /calendar/)."""
from django.urls import path

from . import calendar_views

urlpatterns = [
    path("", calendar_views.calendar_page, name="calendar"),
    path("anniversaries.ics", calendar_views.public_feed, name="calendar_feed"),
    path("feeds/<str:token>.ics", calendar_views.member_feed, name="calendar_member_feed"),
]
