"""Publishing a battle as a version of a scenario row: a club's corrected map or its new
battle. The row's data is the version in force; every version is kept whole, and each game
records the version it began with (and keeps its data in its state), so publishing a new
version never changes a game already dealt."""
from __future__ import annotations

import copy

from django.db import transaction
from django.db.models import Max

from games.models import Scenario, ScenarioVersion
from games.models.scenario import scenario_file_errors

from .tools import EditRefused


def published_slug(data: dict, club_slug: str) -> str:
    """The slug a club's edition of a battle is published under: the battle's own slug
    followed by the club's (``shiloh-rebels``), at most 80 characters."""
    base = str(data.get("slug") or "battle")
    suffix = f"-{club_slug}"
    return base[:80 - len(suffix)].rstrip("-") + suffix


@transaction.atomic
def publish_version(data: dict, author, *, slug: str, note: str = "", balance=None) -> ScenarioVersion:
    """Make ``data`` the next version of the scenario ``slug`` (its first, when the row is
    new). The data is published under ``slug`` with no annual number (each number belongs
    to its shipped battle)."""
    data = copy.deepcopy(data)
    data["slug"] = slug
    data["annual_number"] = None
    problems = scenario_file_errors(data)
    if problems:
        raise EditRefused(f"The battle cannot be published: {problems[0]}")
    row = Scenario.every.select_for_update().filter(slug=slug).first()
    if row is None:
        row = Scenario(data=data, club_made=True, uploaded_by=author, version=1)
        row.fill_from_data()
        row.save()
        number = 1
    else:
        last = row.versions.aggregate(n=Max("number"))["n"]
        if last is None:                   # published before versions were kept
            ScenarioVersion.objects.create(scenario=row, number=row.version, data=row.data,
                                           author=row.uploaded_by, note="As published before.")
            last = row.version
        number = last + 1
        row.data = data
        row.fill_from_data()
        row.version = number
        row.save()
    return ScenarioVersion.objects.create(scenario=row, number=number, data=data, author=author,
                                          note=note[:300], balance=balance)
