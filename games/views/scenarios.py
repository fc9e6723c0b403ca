"""Scenario pages: the list, one battle, its file, and the club's import form."""
from __future__ import annotations

import datetime as dt
from collections import Counter
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers

from games.board_svg import piece_swatches, terrain_swatch
from games.boards import draw_board
from games.engine import SIDE_NAMES, TERRAIN as KINDS, Game, ScenarioError
from games.forms import ScenarioImportForm
from games.models import Scenario
from games.models.scenario import scenario_file_text
from games.presentation.kits import presenter_for


#: ?sort= values of the list, with the words of their links.
SORTS = {
    "date": "Date of the battle",
    "anniversary": "Next anniversary",
    "name": "Name",
}
DEFAULT_SORT = "date"


def local_today() -> dt.date:
    """Today in the viewer's time zone (their profile's, activated by the middleware),
    else the site's. Tests replace this function to fix the date."""
    return timezone.localdate()


def days_words(days: int) -> str:
    if days == 0:
        return "today"
    if days == 1:
        return "tomorrow"
    return f"in {days} days"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 164th..."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def scenario_rows(scenarios, sort: str, today: dt.date) -> list[dict]:
    """The list's rows, sorted: by the battle's date (``date``), by the next anniversary
    counted from ``today`` (``anniversary``: the nearest first), or by ``name``."""
    rows = []
    for s in scenarios:
        nxt = s.next_anniversary(today)
        rows.append({"scenario": s, "next_anniversary": nxt,
                     "days_to_anniversary": (nxt - today).days,
                     "days_words": days_words((nxt - today).days)})
    if sort == "anniversary":
        rows.sort(key=lambda r: (r["next_anniversary"], r["scenario"].name.lower()))
    elif sort == "name":
        rows.sort(key=lambda r: (r["scenario"].name.lower(),
                                 r["scenario"].subtitle.lower(),
                                 r["scenario"].date))
    else:
        rows.sort(key=lambda r: (r["scenario"].date, r["scenario"].name.lower()))
    return rows


def scenario_list(request):
    sort = request.GET.get("sort", DEFAULT_SORT)
    if sort not in SORTS:
        sort = DEFAULT_SORT
    scenarios = Scenario.objects.defer("data")
    context = {
        "rows": scenario_rows(scenarios, sort, local_today()),
        "sort": sort,
        "sorts": SORTS,
    }
    template = "games/scenario_list.html"
    if request.htmx:
        template += "#scenario-table"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _solo_url(slug: str) -> str | None:
    """The link that starts a solo match against Archie on this scenario."""
    try:
        return reverse("play:solo") + "?" + urlencode({"scenario": slug})
    except NoReverseMatch:
        return None


def _play_url(slug: str) -> str | None:
    """The link that starts a match on this scenario, once the match pages exist."""
    try:
        return reverse("match_new") + "?" + urlencode({"scenario": slug})
    except NoReverseMatch:
        return None


def _staffing(data: dict, view: dict) -> list[dict]:
    """Each side's staffing, the side at the top of the map first."""
    out = []
    for side, info in sorted(data["sides"].items(), key=lambda kv: kv[1]["position"] != "top"):
        units = [u for u in data["units"] if u["side"] == side]
        kinds = Counter(u["kind"] for u in units)
        army = [(label, kinds[kind]) for kind, label in
                (("infantry", "Infantry"), ("cavalry", "Cavalry"), ("artillery", "Artillery"))
                if kinds[kind]]
        horse = sum(1 for u in units if u.get("horse"))
        green = sum(1 for u in units if u.get("green"))
        out.append({
            "side": side,
            "name": SIDE_NAMES[side],
            "position": info["position"],
            "commander": info.get("commander", ""),
            "cards": info["cards"],
            "flags": info["flags"],
            "territorial": info.get("territorial", False),
            "army": army,
            "units": len(units),
            "figures": sum(u["figures"] for u in view["units"] if u["side"] == side),
            "horse": horse,
            "green": green,
            "specials": [u["special"].replace("-", " ") for u in units if u.get("special")],
            "generals": [g.get("name") or "unnamed" for g in data["generals"] if g["side"] == side],
            "objectives": [o for o in data["flag_tokens"] if o["side"] == side],
            "first": data["first_side"] == side,
        })
    return out


def _has_armies(data: dict, view: dict) -> bool:
    """Whether the file lists its sides and units and the view its terrain (what the
    staffing and the legend read); a scenario of another format shows its map alone."""
    return isinstance(data.get("sides"), dict) and "units" in view and "obstacles" in view


def _legend(view: dict) -> list[dict]:
    """The terrain on this map, open ground first, with what each does in play."""
    kinds = {t["kind"] for t in view["terrain"]}
    kinds |= {k for o in view["obstacles"] for k in o["sides"].values()}
    order = ["open"] + sorted(k for k in kinds if k != "open")
    return [{"kind": k, "label": KINDS[k].label,
             "obstacle": KINDS[k].obstacle, "description": KINDS[k].description,
             "swatch": terrain_swatch(k)} for k in order if k in KINDS]


def _member_name(user) -> str:
    if user is None:
        return ""
    profile = getattr(user, "profile", None)
    return profile.name if profile is not None else user.get_username()


def scenario_detail(request, slug):
    scenario = get_object_or_404(Scenario, slug=slug)
    data = scenario.data
    try:
        preview = scenario.preview_ruleset()
        view = Game.new(scenario.engine_scenario(), ruleset=preview, seed=0).view(None)
    except ScenarioError as exc:       # a row edited by hand into a broken file
        view, problems, rulesets = None, exc.errors, []
    else:
        problems = []
        rulesets = scenario.playing_rulesets()
    today = local_today()
    nxt = scenario.next_anniversary(today)
    dates = []
    for d in data.get("dates", []):
        try:
            dates.append(dt.date.fromisoformat(d))
        except ValueError:
            pass
    context = {
        "scenario": scenario,
        "data": data,
        "dates": dates,
        "board": draw_board(preview, presenter_for(preview).board(view)) if view else "",
        "problems": problems,
        # the staffing and the terrain's words are read from a file with sides and units
        "staffing": _staffing(data, view) if view and _has_armies(data, view) else [],
        "first_side": SIDE_NAMES.get(data.get("first_side"), ""),
        "today": today,
        "next_anniversary": nxt,
        "days_words": days_words((nxt - today).days),
        "anniversary_ordinal": ordinal(nxt.year - scenario.date.year),
        "legend": _legend(view) if view and _has_armies(data, view) else [],
        "pieces": piece_swatches() if view and _has_armies(data, view) else [],
        "play_url": _play_url(scenario.slug),
        "solo_url": _solo_url(scenario.slug),
        "uploader": _member_name(scenario.uploaded_by),
        "rulesets": rulesets,
    }
    return render(request, "games/scenario_detail.html", context)


def scenario_download(request, slug):
    """The scenario's file, in the same layout as the shipped files."""
    scenario = get_object_or_404(Scenario, slug=slug)
    response = HttpResponse(scenario_file_text(scenario.data),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{scenario.slug}.json"'
    return response


@login_required
def scenario_import(request):
    if request.method == "POST":
        form = ScenarioImportForm(request.POST, request.FILES, user=request.user)
        if form.is_valid():
            try:
                scenario, created = form.save()
            except IntegrityError:     # the same slug or number imported at the same moment
                form.add_error("file", "Another scenario with this slug or annual number was "
                                       "saved just now; please try again.")
            else:
                if created:
                    messages.success(request, f"{scenario.name} was imported as a club-made scenario.")
                else:
                    messages.success(request, f"Your scenario {scenario.name} was updated.")
                return redirect("scenario_detail", slug=scenario.slug)
    else:
        form = ScenarioImportForm(user=request.user)
    return render(request, "games/scenario_import.html", {"form": form})
