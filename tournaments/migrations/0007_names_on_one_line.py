"""Club and competition names are one line: refuse control characters from now on, and
mend the names already stored (a line break made every league e-mail quoting the name
fail)."""
import re
import unicodedata

import battlecry_site.names
from django.db import migrations, models


def _mended(text):
    """The name on one line: each run of control characters (and line or paragraph
    separators) and spaces becomes one space."""
    cleaned = "".join(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch for ch in text or "")
    return re.sub(r"\s+", " ", cleaned).strip()


def mend_names(apps, schema_editor):
    Club = apps.get_model("tournaments", "Club")
    Competition = apps.get_model("tournaments", "Competition")
    for comp in Competition.objects.only("pk", "name").iterator():
        name = _mended(comp.name)[:100] or f"Competition {comp.pk}"
        if name != comp.name:
            Competition.objects.filter(pk=comp.pk).update(name=name)
    for club in Club.objects.only("pk", "name").iterator():
        name = _mended(club.name)[:100] or f"Club {club.pk}"
        if name == club.name:
            continue
        base, n = name, 1
        while Club.objects.filter(name__iexact=name).exclude(pk=club.pk).exists():   # names are unique
            n += 1
            name = f"{base[:95]} ({n})"
        Club.objects.filter(pk=club.pk).update(name=name)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0006_competition_ruleset'),
    ]

    operations = [
        migrations.AlterField(
            model_name='club',
            name='name',
            field=models.CharField(max_length=100, unique=True, validators=[battlecry_site.names.validate_name]),
        ),
        migrations.AlterField(
            model_name='competition',
            name='name',
            field=models.CharField(max_length=100, validators=[battlecry_site.names.validate_name]),
        ),
        migrations.RunPython(mend_names, migrations.RunPython.noop),
    ]
