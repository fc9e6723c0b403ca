import campaigns.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('campaigns', '0007_epic_teams'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name='campaign',
            name='challenger',
            field=models.ForeignKey(on_delete=campaigns.models._hand_command_on, related_name='campaigns_started', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AlterField(
            model_name='campaign',
            name='opponent',
            field=models.ForeignKey(on_delete=campaigns.models._hand_command_on, related_name='campaigns_invited', to=settings.AUTH_USER_MODEL),
        ),
    ]
