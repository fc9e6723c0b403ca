"""Beat runs accounts.prune_throttles every hour: attempts older than every window go."""
import json

from django.db import migrations

NAME = "Forget old log-in and password-reset attempts"


def create(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    schedule, _ = IntervalSchedule.objects.get_or_create(every=1, period="hours")
    PeriodicTask.objects.update_or_create(
        name=NAME, defaults={"task": "accounts.prune_throttles", "interval": schedule, "enabled": True,
                             "args": json.dumps([]), "kwargs": json.dumps({})})


def remove(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=NAME).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_throttle"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create, remove)]
