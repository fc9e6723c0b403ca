import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

pytestmark = pytest.mark.django_db

OUR_APPS = ["accounts", "games", "campaigns", "tournaments"]


@pytest.fixture
def staff_client(client, django_user_model, password):
    boss = django_user_model.objects.create_superuser("boss", "boss@example.org", password)
    client.force_login(boss)
    return client


def test_every_model_of_the_site_is_in_the_admin():
    missing = [
        model._meta.label
        for app in OUR_APPS
        for model in apps.get_app_config(app).get_models()
        if model not in admin.site._registry
    ]
    assert missing == []


def test_admin_index_lists_every_model(staff_client):
    html = staff_client.get("/admin/").content.decode()
    for model in admin.site._registry:
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        assert url in html, model._meta.label


@pytest.mark.parametrize("model", list(admin.site._registry), ids=lambda m: m._meta.label)
def test_admin_pages_open(staff_client, rf, model):
    meta = model._meta
    changelist = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
    response = staff_client.get(changelist)
    assert response.status_code == 200
    request = rf.get(changelist)
    request.user = response.wsgi_request.user
    if admin.site._registry[model].has_add_permission(request):
        assert staff_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_add")).status_code == 200


def test_player_profile_is_editable_in_the_admin(staff_client, player):
    html = staff_client.get(reverse("admin:accounts_user_change", args=[player.pk])).content.decode()
    assert "Profile" in html
    assert 'name="profile-0-time_zone"' in html
