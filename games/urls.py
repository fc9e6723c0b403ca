from django.urls import path

from . import views
from .views import balance, rules

urlpatterns = [
    path("scenarios/", views.scenario_list, name="scenario_list"),
    path("scenarios/import/", views.scenario_import, name="scenario_import"),
    path("scenarios/<slug:slug>/", views.scenario_detail, name="scenario_detail"),
    path("scenarios/<slug:slug>.json", views.scenario_download, name="scenario_download"),
    path("balance/", balance.balance_table, name="balance_table"),
    path("balance/<slug:slug>/", balance.scenario_balance, name="scenario_balance"),
    path("balance/<slug:slug>/runs/", balance.start_balance_run, name="start_balance_run"),
    path("rules/<slug:name>/", rules.ruleset_page, name="ruleset"),
]
