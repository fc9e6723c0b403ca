import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from accounts.models import Profile

pytestmark = pytest.mark.django_db


def logged_in_user(client):
    from django.contrib.auth import get_user

    user = get_user(client)
    return user if user.is_authenticated else None


# --- sign-up --------------------------------------------------------------------------------


def test_sign_up_creates_a_player_and_logs_in(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/accounts/signup/",
            {
                "username": "lee",
                "email": "lee@example.org",
                "password1": "Appomattox-1865",
                "password2": "Appomattox-1865",
            },
            follow=True,
        )
    assert response.redirect_chain[-1][0] == "/welcome/"      # the new member's first steps
    user = get_user_model().objects.get(username="lee")
    assert user.email == "lee@example.org"
    assert Profile.objects.filter(user=user).exists()
    assert logged_in_user(client) == user
    assert "Your account is ready" in response.content.decode()
    # The welcome e-mail is queued once the new account is committed.
    assert [m.to for m in mail.outbox] == [["lee@example.org"]]
    assert "Welcome to the Battle Cry club" in mail.outbox[0].subject


def test_sign_up_refuses_mismatched_passwords(client, player):
    response = client.post(
        "/accounts/signup/",
        {"username": "other", "email": "other@example.org", "password1": "Shiloh-1862!", "password2": "Shiloh-1862?"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "didn’t match" in html or "didn't match" in html
    assert not get_user_model().objects.filter(username="other").exists()


def page_text(response) -> str:
    """The page without its CSRF tokens (new on every page) and the member's own secret
    calendar-feed address (new for every member)."""
    html = response.content.decode()
    html = re.sub(r"/calendar/feeds/[A-Za-z0-9_-]+\.ics", "/calendar/feeds/TOKEN.ics", html)
    return re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+', r"\1", html)


def sign_up(client, username, email):
    client.logout()
    return client.post("/accounts/signup/", {"username": username, "email": email,
                                             "password1": "Shiloh-1862!", "password2": "Shiloh-1862!"},
                       follow=True)


def test_sign_up_does_not_tell_whether_an_address_belongs_to_a_member(
        client, player, django_capture_on_commit_callbacks):
    """Someone probing for members' addresses sees the same page for a taken address as
    for a free one; the member whose address it is gets an e-mail instead."""
    with django_capture_on_commit_callbacks(execute=True):
        fresh = sign_up(client, "probe1", "nobody@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        taken = sign_up(client, "probe2", "JEB@example.org")
    assert fresh.redirect_chain[-1][0] == taken.redirect_chain[-1][0] == "/welcome/"
    assert fresh.status_code == taken.status_code == 200
    same = page_text(fresh).replace("probe1", "probe2").replace("nobody@example.org", "JEB@example.org")
    assert same == page_text(taken)
    # The member whose address it is learns of the new account by e-mail (instead of a
    # welcome that would read as if they had signed up).
    assert [m.to for m in mail.outbox] == [["nobody@example.org"], ["jeb@example.org"]]
    assert '"probe2"' in mail.outbox[1].body and '"jeb"' in mail.outbox[1].body
    assert "Welcome" not in mail.outbox[1].subject


# --- log in and out -----------------------------------------------------------------------


def test_log_in_and_out(client, player, password):
    response = client.post("/accounts/login/", {"username": "jeb", "password": password}, follow=True)
    assert logged_in_user(client) == player
    assert "Welcome back, jeb." in response.content.decode()

    response = client.post("/accounts/logout/", follow=True)
    assert logged_in_user(client) is None
    assert "You have logged out." in response.content.decode()


def test_wrong_password_is_refused(client, player):
    response = client.post("/accounts/login/", {"username": "jeb", "password": "wrong"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    assert logged_in_user(client) is None


def test_login_goes_back_to_the_page_asked_for(client, player, password):
    response = client.get("/accounts/profile/")
    assert response.status_code == 302
    assert response.url == "/accounts/login/?next=/accounts/profile/"
    response = client.post("/accounts/login/?next=/accounts/profile/", {"username": "jeb", "password": password, "next": "/accounts/profile/"})
    assert response.url == "/accounts/profile/"


# --- rate limit ----------------------------------------------------------------------------


def fail_login(client, n, username="jeb", url="/accounts/login/"):
    response = None
    for _ in range(n):
        response = client.post(url, {"username": username, "password": "not-it"})
    return response


def test_login_is_refused_after_five_failures_with_a_clear_message(client, player, password, settings):
    assert settings.LOGIN_FAILURE_LIMIT == 5
    response = fail_login(client, 4)
    assert "Too many failed log-in attempts" not in response.content.decode()

    response = fail_login(client, 1)
    assert "Too many failed log-in attempts" in response.content.decode()
    assert "try again in 15 minutes" in response.content.decode()

    # Even the right password is refused while locked out.
    response = client.post("/accounts/login/", {"username": "jeb", "password": password})
    assert "Too many failed log-in attempts" in response.content.decode()
    assert logged_in_user(client) is None


def test_lockout_is_per_username_and_address(client, player, password, django_user_model):
    fail_login(client, 5)
    # The same player from another address may log in.
    other = client.post(
        "/accounts/login/", {"username": "jeb", "password": password}, REMOTE_ADDR="10.1.2.3"
    )
    assert other.status_code == 302
    client.logout()
    # Another player from the locked address may log in too.
    django_user_model.objects.create_user("grant", password=password)
    response = client.post("/accounts/login/", {"username": "grant", "password": password})
    assert response.status_code == 302


def test_lockout_ends_after_fifteen_minutes(client, player, password, monkeypatch):
    import time

    fail_login(client, 5)
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + 15 * 60 + 1)
    response = client.post("/accounts/login/", {"username": "jeb", "password": password})
    assert response.status_code == 302
    assert logged_in_user(client) == player


def test_successful_login_clears_earlier_failures(client, player, password):
    fail_login(client, 4)
    assert client.post("/accounts/login/", {"username": "jeb", "password": password}).status_code == 302
    client.logout()
    response = fail_login(client, 4)
    assert "Too many failed log-in attempts" not in response.content.decode()


def test_admin_login_shares_the_limit(client, django_user_model, password):
    django_user_model.objects.create_superuser("boss", "boss@example.org", password)
    fail_login(client, 5, username="boss", url="/admin/login/")
    response = client.post("/admin/login/?next=/admin/", {"username": "boss", "password": password})
    assert response.status_code == 200
    assert "Too many failed log-in attempts" in response.content.decode()


# --- passwords ----------------------------------------------------------------------------


def test_password_change(client, player, password):
    client.force_login(player)
    response = client.post(
        "/accounts/password/change/",
        {"old_password": password, "new_password1": "Antietam-1862!", "new_password2": "Antietam-1862!"},
        follow=True,
    )
    assert "Your password has been changed." in response.content.decode()
    assert logged_in_user(client) == player  # still logged in
    player.refresh_from_db()
    assert player.check_password("Antietam-1862!")


def test_password_change_needs_the_old_password(client, player):
    client.force_login(player)
    response = client.post(
        "/accounts/password/change/",
        {"old_password": "nope", "new_password1": "Antietam-1862!", "new_password2": "Antietam-1862!"},
    )
    assert response.status_code == 200
    assert "Your old password was entered incorrectly" in response.content.decode()


def test_password_reset_by_email(client, player, settings):
    settings.SITE_URL = "https://battlecry.example.org"
    response = client.post("/accounts/password/reset/", {"email": "jeb@example.org"}, follow=True)
    assert "Check your e-mail" in response.content.decode()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["jeb@example.org"]
    assert message.subject == "Reset your Battle Cry club password"
    # The link is on the site's public address, whatever Host the request came with.
    link = re.search(r"https://battlecry\.example\.org(/accounts/password/reset/\S+/)", message.body).group(1)

    response = client.get(link, follow=True)
    assert "Choose a new password" in response.content.decode()
    set_password_url = response.redirect_chain[-1][0]
    response = client.post(
        set_password_url, {"new_password1": "Vicksburg-1863!", "new_password2": "Vicksburg-1863!"}, follow=True
    )
    assert "Your new password is ready." in response.content.decode()

    response = client.post("/accounts/login/", {"username": "jeb", "password": "Vicksburg-1863!"})
    assert response.status_code == 302
    # The link works once only.
    response = client.get(link, follow=True)
    assert "This link no longer works" in response.content.decode()


def test_password_reset_emails_are_limited_per_address_and_per_client(client, player, django_user_model):
    """Asking again and again floods nobody's inbox: three e-mails an hour per address, and
    the page reads the same past the limit, so it tells nothing either."""
    pages = [client.post("/accounts/password/reset/", {"email": "jeb@example.org"}, follow=True)
             for _ in range(5)]
    assert len(mail.outbox) == 3
    assert all("Check your e-mail" in p.content.decode() for p in pages)
    # From another address the member can still get one... until that client has asked too often.
    for n in range(8):
        django_user_model.objects.create_user(f"member{n}", email=f"m{n}@example.org", password="Shiloh-1862!")
    for n in range(8):
        client.post("/accounts/password/reset/", {"email": f"m{n}@example.org"}, REMOTE_ADDR="10.9.9.9")
    assert len(mail.outbox) == 3 + 8
    for n in range(2):
        client.post("/accounts/password/reset/", {"email": f"m{n}@example.org"}, REMOTE_ADDR="10.9.9.9")
    assert len(mail.outbox) == 3 + 9  # the client's ninth e-mail within the hour is the last


def test_password_reset_for_an_unknown_address_sends_nothing(client, player):
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.org"}, follow=True)
    assert "Check your e-mail" in response.content.decode()
    assert mail.outbox == []


# --- profile ------------------------------------------------------------------------------


def test_every_user_gets_a_profile(django_user_model):
    user = django_user_model.objects.create_user("stonewall")
    assert user.profile.time_zone == "UTC"
    assert user.profile.name == "stonewall"
    assert user.profile.email_notifications == Profile.Notifications.EVERY_TURN


def test_profile_page_edits_the_profile(client, player):
    client.force_login(player)
    page = client.get("/accounts/profile/").content.decode()
    assert "Player profile" in page
    assert '<option value="Europe/London">' in page

    response = client.post(
        "/accounts/profile/",
        {
            "display_name": "J.E.B. Stuart",
            "club": "Richmond Wargamers",
            "time_zone": "America/New_York",
            "email_notifications": "daily",
        },
        follow=True,
    )
    assert "Your profile has been saved." in response.content.decode()
    profile = Profile.objects.get(user=player)
    assert (profile.display_name, profile.club, profile.time_zone, profile.email_notifications) == (
        "J.E.B. Stuart",
        "Richmond Wargamers",
        "America/New_York",
        "daily",
    )


def test_profile_refuses_an_unknown_time_zone(client, player):
    client.force_login(player)
    response = client.post(
        "/accounts/profile/",
        {"display_name": "", "club": "", "time_zone": "Mars/Olympus_Mons", "email_notifications": "none"},
    )
    assert response.status_code == 200
    assert "Mars/Olympus_Mons is not a known time zone" in response.content.decode()
    assert Profile.objects.get(user=player).time_zone == "UTC"


def test_profile_saves_in_place_with_htmx(client, player):
    client.force_login(player)
    response = client.post(
        "/accounts/profile/",
        {"display_name": "Jeb", "club": "", "time_zone": "Europe/Paris", "email_notifications": "none"},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<form id="profile-form"')
    assert "<html" not in html
    assert "Your profile has been saved." in html
    assert Profile.objects.get(user=player).time_zone == "Europe/Paris"


def test_pages_use_the_players_time_zone(rf, player):
    from django.contrib.auth.models import AnonymousUser
    from django.utils import timezone

    from accounts.middleware import TimezoneMiddleware, time_zone_on_demand

    seen = []

    def page(request):
        seen.append(timezone.get_current_timezone_name())

    @time_zone_on_demand
    def poll(request):
        seen.append(timezone.get_current_timezone_name())

    def handler(request):             # as Django's handler: the view's middleware, then the view
        middleware.process_view(request, request.view, (), {})
        request.view(request)

    middleware = TimezoneMiddleware(handler)
    player.profile.time_zone = "Asia/Tokyo"
    player.profile.save()

    for user, view in ((player, page), (AnonymousUser(), page), (player, poll)):
        request = rf.get("/")
        request.user, request.view = user, view
        middleware(request)

    # a poll reads the member only if it draws something (activate_member_time_zone)
    assert seen == ["Asia/Tokyo", "UTC", "UTC"]
    assert timezone.get_current_timezone_name() == "UTC"  # nothing leaks past the request


def test_old_attempts_are_forgotten_by_the_hourly_prune(client, player, password):
    """A guesser trying many usernames leaves rows behind; the hourly task deletes those
    whose attempts have all left the window, and a lock-out still in force stays."""
    from datetime import timedelta

    from django.utils import timezone
    from django_celery_beat.models import PeriodicTask

    from accounts.models import Throttle
    from accounts.tasks import prune_throttles

    for n in range(3):
        fail_login(client, 1, username=f"guess{n}")
    fail_login(client, 5)
    assert Throttle.objects.count() == 4
    locked = next(t for t in Throttle.objects.all() if len(t.stamps) == 5)
    Throttle.objects.exclude(pk=locked.pk).update(updated=timezone.now() - timedelta(hours=2))
    assert prune_throttles() == 3
    response = client.post("/accounts/login/", {"username": "jeb", "password": password})
    assert "Too many failed log-in attempts" in response.content.decode()
    assert PeriodicTask.objects.filter(task="accounts.prune_throttles", enabled=True).exists()


# --- sign-up limits -------------------------------------------------------------------------


def test_sign_ups_with_one_address_are_limited_and_so_are_its_e_mails(
        client, player, settings, django_capture_on_commit_callbacks):
    """Signing up again and again with a member's address does not flood them with mail."""
    settings.SIGNUP_LIMIT, settings.SIGNUP_CLIENT_LIMIT = 3, 100
    pages = []
    for n in range(15):
        with django_capture_on_commit_callbacks(execute=True):
            pages.append(sign_up(client, f"probe{n}", "jeb@example.org"))
    assert [m.to for m in mail.outbox] == [["jeb@example.org"]] * 3
    assert get_user_model().objects.filter(username__startswith="probe").count() == 3
    refused = pages[3]
    assert refused.status_code == 429
    assert "Too many sign-ups with this e-mail address" in refused.content.decode()
    assert "try again in 60 minutes" in refused.content.decode()
    # Another address from another client is not held up.
    other = client.post("/accounts/signup/", {"username": "stuart", "email": "stuart@example.org",
                                              "password1": "Shiloh-1862!", "password2": "Shiloh-1862!"},
                        REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 302


def test_sign_ups_from_one_client_are_limited(client, settings, django_capture_on_commit_callbacks):
    settings.SIGNUP_LIMIT, settings.SIGNUP_CLIENT_LIMIT = 3, 5
    statuses = []
    for n in range(7):
        with django_capture_on_commit_callbacks(execute=True):
            statuses.append(sign_up(client, f"spam{n}", f"spam{n}@example.org").status_code)
    assert statuses == [200] * 5 + [429] * 2
    assert len(mail.outbox) == 5
    assert client.post("/accounts/signup/", {"username": "stuart", "email": "stuart@example.org",
                                             "password1": "Shiloh-1862!", "password2": "Shiloh-1862!"},
                       REMOTE_ADDR="10.0.0.9").status_code == 302
