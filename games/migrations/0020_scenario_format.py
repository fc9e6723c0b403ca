from django.db import migrations, models

import games.models.scenario


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0019_drop_player_columns"),
    ]

    operations = [
        migrations.AddField(
            model_name="scenario",
            name="format",
            field=models.CharField(default=games.models.scenario.default_format,
                                   help_text="The scenario format of the file (a ruleset plays one format).",
                                   max_length=40),
        ),
    ]
