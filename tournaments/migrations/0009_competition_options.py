"""A competition's options become a mapping by name, as its ruleset declares them: the
yes/no column of the one option offered so far moves into it."""
from django.db import migrations, models

# The option the old column held (its name, frozen here as the column was).
OLD_COLUMN = "nightfall"


def forwards(apps, schema_editor):
    Competition = apps.get_model("tournaments", "Competition")
    for comp in Competition.objects.filter(**{OLD_COLUMN: True}):
        comp.options = {**(comp.options or {}), OLD_COLUMN: True}
        comp.save(update_fields=["options"])


def backwards(apps, schema_editor):
    Competition = apps.get_model("tournaments", "Competition")
    for comp in Competition.objects.all():
        if (comp.options or {}).get(OLD_COLUMN):
            setattr(comp, OLD_COLUMN, True)
            comp.save(update_fields=[OLD_COLUMN])


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0008_totals_fit_any_game'),
    ]

    operations = [
        migrations.AddField(
            model_name='competition',
            name='options',
            field=models.JSONField(blank=True, default=dict, help_text='Options of every match by name, as the ruleset declares them.'),
        ),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(
            model_name='competition',
            name='nightfall',
        ),
    ]
