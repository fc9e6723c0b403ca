"""The periodic task of the leagues (the round deadline e-mail), as a django-celery-beat row.

Re-running is harmless: the row is found by name and updated.
"""
import json

from django.db import migrations

NAME = "League round deadlines close"
TASK = "tournaments.warn_round_deadlines"


def create(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    schedule, _ = IntervalSchedule.objects.get_or_create(every=1, period="hours")
    PeriodicTask.objects.update_or_create(
        name=NAME, defaults={"task": TASK, "interval": schedule, "enabled": True,
                             "args": json.dumps([]), "kwargs": json.dumps({})})


def remove(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=NAME).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create, remove)]
