
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0046_game_claimable_version'),
    ]

    operations = [
        migrations.AlterField(
            model_name='game',
            name='deciding',
            field=models.CharField(blank=True, help_text="The seat whose decision it is; blank when nobody's (over, or Nightfall).", max_length=40),
        ),
        migrations.AlterField(
            model_name='seat',
            name='name',
            field=models.CharField(help_text="The engine's name of the seat.", max_length=40),
        ),
        migrations.AlterField(
            model_name='seat',
            name='role',
            field=models.CharField(blank=True, help_text="The seat's part when a side has several seats; blank otherwise.", max_length=80),
        ),
        migrations.AlterField(
            model_name='tableseat',
            name='name',
            field=models.CharField(help_text="The engine's name of the seat.", max_length=40),
        ),
        migrations.AlterField(
            model_name='tableseat',
            name='role',
            field=models.CharField(blank=True, help_text="The seat's part in its team.", max_length=80),
        ),
    ]
