"""Anniversary reminder e-mails: to members who asked, N days ahead and on the day, once
each however often the periodic task runs."""
from __future__ import annotations

import os
import threading

import pytest
from django.core import mail
from django.db import connection

from accounts.models import Profile
from tests.support import service_unavailable
from tournaments.models import AnniversaryReminder
from tournaments.tasks import send_anniversary_reminders

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _public_address(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://club.example.org"]


def opt_in(user, days=7, tz="UTC"):
    Profile.objects.filter(user=user).update(anniversary_reminders=True, reminder_days_before=days,
                                             time_zone=tz)


def test_days_ahead_then_on_the_day_each_once(lee, frozen):
    opt_in(lee, days=7)
    frozen(2026, 9, 10, 8)
    assert send_anniversary_reminders() == 1
    assert send_anniversary_reminders() == 0                 # the task runs again: nothing more
    assert len(mail.outbox) == 1
    ahead = mail.outbox[0]
    assert ahead.to == ["lee@example.org"]
    assert ahead.subject == "Battle Cry: coming anniversaries: Antietam"
    assert "In 7 days, on Thursday 17 September: the 164th anniversary of Antietam" in ahead.body
    assert "https://club.example.org/play/new/?scenario=antietam" in ahead.body
    assert "https://club.example.org/scenarios/antietam/" in ahead.body
    assert "https://club.example.org/accounts/profile/" in ahead.body

    frozen(2026, 9, 11, 8)                                   # the next day: sent already
    assert send_anniversary_reminders() == 0

    frozen(2026, 9, 17, 9)
    assert send_anniversary_reminders() == 2                 # Antietam today, Chickamauga in 3 days
    assert send_anniversary_reminders() == 0
    assert len(mail.outbox) == 2
    day = mail.outbox[1]
    assert "Today, 164 years ago: Antietam" in day.body
    assert "In 3 days, on Sunday 20 September: the 163rd anniversary of Chickamauga (2nd Day)" in day.body
    rows = set(AnniversaryReminder.objects.values_list("battle", "year", "kind"))
    assert rows == {(23, 2026, "ahead"), (23, 2026, "on_the_day"), (24, 2026, "ahead")}


def test_on_the_day_only_with_a_double_date_in_one_e_mail(lee, frozen):
    opt_in(lee, days=0)
    frozen(2026, 5, 24, 12)
    assert send_anniversary_reminders() == 0
    frozen(2026, 5, 25, 12)
    assert send_anniversary_reminders() == 2
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.subject == "Battle Cry: today is the anniversary of New Hope Church and Winchester"
    assert "Today, 162 years ago: New Hope Church" in message.body
    assert "Today, 164 years ago: Winchester" in message.body


def test_in_the_members_own_time_zone_and_not_before_seven_in_the_morning(lee, frozen):
    opt_in(lee, days=0, tz="America/Chicago")
    frozen(2026, 9, 17, 11)          # 06:00 on the 17th in Chicago
    assert send_anniversary_reminders() == 0
    frozen(2026, 9, 17, 12)          # 07:00
    assert send_anniversary_reminders() == 1
    frozen(2026, 9, 18, 3)           # 22:00 on the 17th in Chicago: sent already
    assert send_anniversary_reminders() == 0
    assert len(mail.outbox) == 1


def test_a_missed_run_catches_up_before_the_day(lee, frozen):
    opt_in(lee, days=7)
    frozen(2026, 9, 14, 8)            # the task did not run from the 10th to the 13th
    assert send_anniversary_reminders() == 2
    assert len(mail.outbox) == 1
    assert "In 3 days, on Thursday 17 September: the 164th anniversary of Antietam" in mail.outbox[0].body
    assert "In 6 days, on Sunday 20 September" in mail.outbox[0].body


def test_only_members_who_asked_and_have_an_address(lee, grant, meade, frozen):
    opt_in(lee)
    opt_in(meade)
    meade.email = ""
    meade.save()
    frozen(2026, 9, 17, 8)
    send_anniversary_reminders()
    assert [m.to for m in mail.outbox] == [["lee@example.org"]]


def test_each_year_reminds_again(lee, frozen):
    opt_in(lee, days=0)
    frozen(2027, 9, 17, 8)
    assert send_anniversary_reminders() == 1
    frozen(2026, 9, 17, 8)
    assert send_anniversary_reminders() == 1
    assert len(mail.outbox) == 2


def test_a_failed_send_is_tried_again(lee, frozen, monkeypatch):
    import tournaments.tasks as tasks

    opt_in(lee, days=0)
    frozen(2026, 9, 17, 8)

    def broken(*args, **kwargs):
        raise ConnectionError("mail server down")
    monkeypatch.setattr(tasks, "send_mail", broken)
    with pytest.raises(ConnectionError):
        send_anniversary_reminders()
    assert not AnniversaryReminder.objects.exists()
    monkeypatch.undo()
    frozen(2026, 9, 17, 9)
    assert send_anniversary_reminders() == 1


def test_the_profile_form_sets_the_reminders(client, lee):
    client.force_login(lee)
    response = client.post("/accounts/profile/", {
        "display_name": "", "club": "", "time_zone": "Europe/London", "email_notifications": "daily",
        "anniversary_reminders": "on", "reminder_days_before": "3"})
    assert response.status_code == 302
    profile = Profile.objects.get(user=lee)
    assert profile.anniversary_reminders and profile.reminder_days_before == 3
    response = client.post("/accounts/profile/", {
        "display_name": "", "club": "", "time_zone": "Europe/London", "email_notifications": "daily",
        "anniversary_reminders": "on", "reminder_days_before": "31"})
    assert response.status_code == 200 and "less than or equal to 30" in response.content.decode()
    # Left empty, the days keep their value.
    response = client.post("/accounts/profile/", {
        "display_name": "", "club": "", "time_zone": "Europe/London", "email_notifications": "daily",
        "reminder_days_before": ""})
    assert response.status_code == 302
    profile.refresh_from_db()
    assert not profile.anniversary_reminders and profile.reminder_days_before == 3


def test_the_periodic_task_is_registered_hourly():
    from django_celery_beat.models import PeriodicTask

    task = PeriodicTask.objects.get(name="Anniversary reminders")
    assert task.task == "tournaments.send_anniversary_reminders" and task.enabled
    assert (task.interval.every, task.interval.period) == (1, "hours")


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_runs_at_once_send_one_e_mail(django_user_model, frozen):
    if connection.vendor != "postgresql":
        service_unavailable("PostgreSQL", "two runs at once need its row locks; DATABASE_URL is "
                            f"{os.environ.get('DATABASE_URL') or 'unset'}")
    lee = django_user_model.objects.create_user("lee", email="lee@example.org")
    opt_in(lee, days=0)
    frozen(2026, 9, 17, 8)
    start = threading.Barrier(4)
    counts: list[object] = []

    def run():
        try:
            start.wait()
            try:
                counts.append(send_anniversary_reminders())
            except Exception as e:  # noqa: BLE001 - reported below
                counts.append(repr(e))
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(counts, key=str) == [0, 0, 0, 1], counts
    assert len(mail.outbox) == 1
    assert AnniversaryReminder.objects.count() == 1
