"""The periodic tasks of play by web, as django-celery-beat rows (edited in the admin later).

Re-running is harmless: rows are found by name and updated.  See docs/decisions.md,
"Play by web".
"""
import json

from django.db import migrations

# name, task, every (seconds)
PERIODIC = [
    ("Turn deadline reminders", "games.send_reminders", 15 * 60),
    ("Turn deadlines passed (claimable games)", "games.announce_timeouts", 15 * 60),
    ("Nightfall sweep", "games.nightfall_sweep", 10 * 60),
    ("Daily digest of games waiting", "games.daily_digest", 24 * 60 * 60),
]


def create(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    for name, task, seconds in PERIODIC:
        every, period = (seconds // 60, "minutes") if seconds < 86400 else (seconds // 86400, "days")
        schedule, _ = IntervalSchedule.objects.get_or_create(every=every, period=period)
        PeriodicTask.objects.update_or_create(
            name=name, defaults={"task": task, "interval": schedule, "enabled": True,
                                 "args": json.dumps([]), "kwargs": json.dumps({})})


def remove(apps, schema_editor):
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    PeriodicTask.objects.filter(name__in=[p[0] for p in PERIODIC]).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0002_matches"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create, remove)]
