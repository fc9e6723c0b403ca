from django.urls import path

from . import views
from .views import rules

urlpatterns = [
    path("scenarios/", views.scenario_list, name="scenario_list"),
    path("scenarios/import/", views.scenario_import, name="scenario_import"),
    path("scenarios/<slug:slug>/", views.scenario_detail, name="scenario_detail"),
    path("scenarios/<slug:slug>.json", views.scenario_download, name="scenario_download"),
    path("rules/<slug:name>/", rules.ruleset_page, name="ruleset"),
]
