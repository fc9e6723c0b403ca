"""The periodic sweep that requeues games waiting on Archie (see docs/archie.md)."""
import json

from django.db import migrations

NAME = "Archie sweep (games stuck on Archie's decision)"


def create(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    schedule, _ = IntervalSchedule.objects.get_or_create(every=1, period="minutes")
    PeriodicTask.objects.update_or_create(
        name=NAME, defaults={"task": "games.archie_sweep", "interval": schedule, "enabled": True,
                             "args": json.dumps([]), "kwargs": json.dumps({})})


def remove(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=NAME).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0004_solo_matches"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create, remove)]
