from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("campaigns", "0001_campaigns"),
    ]

    operations = [
        migrations.AddField(
            model_name="campaign",
            name="archie_level",
            field=models.CharField(
                blank=True, choices=[("recruit", "Recruit"), ("veteran", "Veteran"), ("general", "General")],
                help_text="A campaign against Archie at this level (the opponent is Archie, who keeps the "
                          "other army); blank between two members.",
                max_length=12),
        ),
    ]
