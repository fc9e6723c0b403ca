"""Display names are one line: refuse control characters from now on, and mend the names
already stored (a line break made every league e-mail quoting the name fail)."""
import re
import unicodedata

import battlecry_site.names
from django.db import migrations, models


def _mended(text):
    """The name on one line: each run of control characters (and line or paragraph
    separators) and spaces becomes one space."""
    cleaned = "".join(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch for ch in text or "")
    return re.sub(r"\s+", " ", cleaned).strip()


def mend_display_names(apps, schema_editor):
    Profile = apps.get_model("accounts", "Profile")
    for profile in Profile.objects.exclude(display_name="").only("pk", "display_name").iterator():
        name = _mended(profile.display_name)[:60]
        if name != profile.display_name:
            Profile.objects.filter(pk=profile.pk).update(display_name=name)


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0005_merge_api_tokens'),
    ]

    operations = [
        migrations.AlterField(
            model_name='profile',
            name='display_name',
            field=models.CharField(blank=True, help_text='The name other players see. Your username if left blank.', max_length=60, validators=[battlecry_site.names.validate_name]),
        ),
        migrations.RunPython(mend_display_names, migrations.RunPython.noop),
    ]
