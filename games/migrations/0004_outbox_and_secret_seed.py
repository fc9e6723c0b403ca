"""The outbox of tasks kept while the broker is down, its sweep (every minute), and the
128-bit secret seed of new games."""
import json

import django.utils.timezone
from django.db import migrations, models


SWEEP = "Send tasks kept while the broker was down"


def create_sweep(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    schedule, _ = IntervalSchedule.objects.get_or_create(every=1, period="minutes")
    PeriodicTask.objects.update_or_create(
        name=SWEEP, defaults={"task": "games.send_outbox", "interval": schedule, "enabled": True,
                              "args": json.dumps([]), "kwargs": json.dumps({})})


def remove_sweep(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=SWEEP).delete()


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0003_periodic_tasks'),
        ('django_celery_beat', '0019_alter_periodictasks_options'),
    ]

    operations = [
        migrations.CreateModel(
            name='Outbox',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('task', models.CharField(help_text="The Celery task's name.", max_length=100)),
                ('args', models.JSONField(blank=True, default=list)),
                ('created', models.DateTimeField(db_index=True, default=django.utils.timezone.now)),
                ('attempts', models.PositiveIntegerField(default=0, help_text='Failed attempts to queue it.')),
                ('last_error', models.CharField(blank=True, max_length=200)),
            ],
            options={
                'verbose_name': 'queued task',
                'verbose_name_plural': 'outbox (tasks waiting for the broker)',
                'ordering': ['created', 'pk'],
            },
        ),
        migrations.AddField(
            model_name='game',
            name='secret_seed',
            field=models.CharField(blank=True, help_text='128 random bits in hex, secret until the game ends; blank for older games.', max_length=64),
        ),
        migrations.AlterField(
            model_name='game',
            name='seed',
            field=models.BigIntegerField(help_text="The engine's seed, derived from secret_seed; secret until the game ends."),
        ),
        migrations.AlterField(
            model_name='game',
            name='seed_hash',
            field=models.CharField(help_text='sha256 of the secret seed, shown from the first turn.', max_length=64),
        ),
        migrations.RunPython(create_sweep, remove_sweep),
    ]
