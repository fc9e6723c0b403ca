"""The anniversary reminders: their rows, and the hourly periodic task that sends them
(a django-celery-beat row, found by name, as in games/migrations/0003_periodic_tasks)."""
import json

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


REMINDER_TASK = "Anniversary reminders"


def create_periodic_task(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    hourly, _ = IntervalSchedule.objects.get_or_create(every=1, period="hours")
    PeriodicTask.objects.update_or_create(
        name=REMINDER_TASK,
        defaults={"task": "tournaments.send_anniversary_reminders", "interval": hourly,
                  "enabled": True, "args": json.dumps([]), "kwargs": json.dumps({})})


def remove_periodic_task(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=REMINDER_TASK).delete()


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [
        migrations.CreateModel(
            name='AnniversaryReminder',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('battle', models.PositiveSmallIntegerField(help_text='Number in the Annual Games list (1-31).')),
                ('year', models.PositiveSmallIntegerField(help_text='The year of the anniversary reminded of.')),
                ('kind', models.CharField(choices=[('ahead', 'Days ahead'), ('on_the_day', 'On the day')], max_length=12)),
                ('sent', models.DateTimeField(default=django.utils.timezone.now)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='anniversary_reminders', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-sent'],
                'constraints': [models.UniqueConstraint(fields=('user', 'battle', 'year', 'kind'), name='one_anniversary_reminder_per_member_battle_year_kind')],
            },
        ),
        migrations.RunPython(create_periodic_task, remove_periodic_task),
    ]
