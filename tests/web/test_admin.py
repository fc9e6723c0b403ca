import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

pytestmark = pytest.mark.django_db

OUR_APPS = ["accounts", "games", "campaigns", "tournaments", "ratings"]


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


# --- hidden fields: no oracle for a staff member who plays ------------------------------------


@pytest.fixture
def viewer(client, django_user_model, password):
    """A staff member who also plays, with only the "view" permissions on games."""
    from django.contrib.auth.models import Permission

    user = django_user_model.objects.create_user("clerk", password=password, is_staff=True)
    user.user_permissions.set(Permission.objects.filter(
        content_type__app_label="games", codename__in=["view_game", "view_gameaction", "view_match"]))
    client.force_login(user)
    return user


@pytest.fixture
def played(lee, grant):
    from tests.play_helpers import act, start_match
    from games import services

    _, game = start_match(lee, grant, side="union")
    card = services.load_engine(game).hands["union"][0]
    act(game, lee, {"type": "play_card", "card": card, "mode": "skirmish"})
    return game


def listing(client, url, query):
    response = client.get(url, query)
    return response.status_code, response.content.decode()


@pytest.mark.parametrize("lookup", ["seed__lt", "seed__gte", "seed", "secret_seed__startswith",
                                    "state__hands__union__0", "state__decks__union__contains",
                                    "state__hands__union__0__startswith", "setup_events__contains",
                                    "match__games__seed__lt", "match__games__state__hands__union__0"])
def test_game_list_refuses_filters_on_hidden_fields(client, viewer, played, lookup):
    """A filter that answers yes or no would give the seed away in about 60 requests and
    the opponent's hand in about 30: every one of them is refused, whatever the value."""
    url = reverse("admin:games_game_changelist")
    hand = played.state["hands"]["confederate"]
    values = [str(played.seed), str(played.seed + 1), played.secret_seed[:1], hand[0], hand[0][:2], "0"]
    answers = {listing(client, url, {lookup: v}) for v in values}
    assert {status for status, _ in answers} <= {302, 400}
    assert not any("game 1" in html for _, html in answers)


@pytest.mark.parametrize("lookup", ["action__card", "action__type", "events__contains",
                                    "events__0__cards__0", "game__seed__lt", "game__state__hands__union__0"])
def test_action_list_refuses_filters_on_hidden_fields(client, viewer, played, lookup):
    url = reverse("admin:games_gameaction_changelist")
    card = played.actions.get().action["card"]
    for value in (card, "play_card", "x", str(played.seed)):
        status, html = listing(client, url, {lookup: value})
        assert status in (302, 400), (lookup, value)


@pytest.mark.parametrize("url_name, lookup", [
    ("admin:games_match_changelist", "games__seed__lt"),
    ("admin:games_match_changelist", "games__state__hands__union__0"),
    ("admin:games_match_changelist", "games__actions__events__contains"),
    ("admin:games_scenario_changelist", "matches__games__seed__lt"),
    ("admin:accounts_user_changelist", "games_as_union__seed__lt"),
    ("admin:accounts_user_changelist", "games_as_union__state__hands__union__0"),
])
def test_related_lists_refuse_filters_reaching_hidden_fields(staff_client, played, url_name, lookup):
    status, _ = listing(staff_client, reverse(url_name), {lookup: "1"})
    assert status in (302, 400)


def test_hidden_fields_are_never_searched_or_ordered_on(rf, viewer):
    from games.admin import HIDDEN_FIELDS, touches_hidden_field

    for model_admin in admin.site._registry.values():
        request = rf.get("/")
        request.user = viewer
        for name in list(model_admin.get_search_fields(request)) + list(model_admin.get_ordering(request) or []):
            assert not touches_hidden_field(model_admin.model, name.lstrip("^=@-")), (model_admin, name)
        for name in model_admin.list_display:
            if isinstance(name, str) and model_admin.model in HIDDEN_FIELDS:
                assert name not in HIDDEN_FIELDS[model_admin.model]


def test_plain_filters_still_work_for_staff(client, viewer, played):
    status, html = listing(client, reverse("admin:games_game_changelist"), {"phase": played.phase})
    assert status == 200 and "game 1" in html
