from django.db import migrations, models


def drop_the_unrated_team_pool(apps, schema_editor):
    """Team games were recorded unrated in one "team" pool; they are rated per mode now, so
    their results are dropped for ``rebuild_ratings --backfill`` to record them again."""
    apps.get_model("ratings", "Pool").objects.filter(mode="team").delete()


class Migration(migrations.Migration):

    dependencies = [
        ('ratings', '0002_change_indexes'),
    ]

    operations = [
        migrations.AlterField(
            model_name='pool',
            name='mode',
            field=models.CharField(choices=[('duel', 'One player a side'), ('epic', 'Epic'), ('doubles', 'Doubles'), ('grand', 'Grand Battle Cry')], default='duel', help_text='duel: one player a side; else the team game (the team_mode option).', max_length=10),
        ),
        migrations.RunPython(drop_the_unrated_team_pool, migrations.RunPython.noop),
    ]
