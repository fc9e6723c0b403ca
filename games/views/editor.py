"""The scenario editor's pages: a member's drafts, and the editor of one draft (docs/editor.md).

The editor is one page (``editor_page``, ``games/editor.html``); its tray, board and checks
post to the endpoints below, which change the draft through :mod:`games.editor.drafts` and
answer an HTMX request with the page's named partial (``workspace``, ``details``), or, without
JavaScript, send the browser back to the page.
"""
from __future__ import annotations

import json
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from games.ai import LEVELS
from games.boards import draw_board
from games.editor import drafts
from games.editor.checks import check, counts
from games.editor.draft_view import board_view
from games.editor.estimates import MAX_GAMES, request_estimate, result_sides
from games.editor.overlay import OverlayUnavailable, overlay
from games.editor.practice import start_practice
from games.editor.regions import region_hexes
from games.editor.shape import HALVES, board_of, on_board, palette
from games.editor.staffing import compare, differences
from games.editor.tools import BUILDING_CHOICES, LAYERS, EditRefused, rule_targets, target_hexes
from games.engine import (
    BOARD_SIZES,
    DEFAULT_RULESET,
    SIDE_NAMES,
    ScenarioError,
    board_named,
    load_scenario,
    scenario_rulesets,
)
from games.forms_editor import DraftDetailsForm
from games.models import Scenario, ScenarioDraft
from games.models.scenario import default_format
from games.services import ActionRefused

#: The tray's fields each tool reads, by the tool's own parameter names.
TRAY_FIELDS: dict[str, dict[str, str]] = {
    "terrain": {"kind": "terrain_kind"},
    "hexside": {"kind": "obstacle_kind", "side": "hexside"},
    "unit": {"side": "unit_side", "kind": "unit_kind", "figures": "figures", "green": "green",
             "horse": "horse", "special": "special", "not_fresh": "not_fresh"},
    "general": {"side": "general_side", "name": "general_name"},
    "flag": {"side": "flag_side", "flags": "flags", "name": "flag_name"},
    "erase": {"layer": "layer"},
    "rule": {"target": "rule_target"},
    "buildings": {"buildings": "buildings"},
}

#: The tools of the tray: (name, label, shortcut key).
TOOL_KEYS = [("terrain", "Terrain", "t"), ("hexside", "Hexside", "h"), ("unit", "Unit", "u"),
             ("general", "General", "g"), ("flag", "Objective", "o"), ("erase", "Eraser", "e"),
             ("rule", "Rule hexes", "r"), ("buildings", "Buildings", "b"), ("select", "Select a region", "s"),
             ("paste", "Paste", "p"),
             ("sight", "Line of sight", "l")]

SELECTION = "editor-selection-{}"
CLIPBOARD = "editor-clipboard"


def _draft(request, draft_id: int, light: bool = False) -> ScenarioDraft:
    """The member's own draft; anyone else's is not found. ``light``: its data is read only
    when asked for (an edit reads it again under its lock)."""
    rows = ScenarioDraft.objects.defer("data", "balance") if light else ScenarioDraft.objects
    draft = get_object_or_404(rows, pk=draft_id)
    if draft.author_id != request.user.pk:
        raise Http404("No such draft.")
    return draft


def _hex_from(post) -> tuple[int, int] | None:
    try:
        return int(post.get("col", "")), int(post.get("row", ""))
    except ValueError:
        return None


# -- the list of drafts ----------------------------------------------------------------------
@login_required
@require_GET
def drafts_page(request):
    return render(request, "games/editor_drafts.html", {
        "drafts": ScenarioDraft.objects.filter(author=request.user).defer("data").select_related("base"),
        "scenarios": Scenario.objects.defer("data").order_by("name"),
        "boards": [board_named(size) for size in BOARD_SIZES],
    })


@login_required
@require_POST
def draft_new(request):
    base = None
    if request.POST.get("base"):
        base = Scenario.objects.filter(slug=request.POST["base"]).first()
        if base is None:
            messages.error(request, "There is no such battle to correct.")
            return redirect("editor:drafts")
    try:
        draft = drafts.new_draft(request.user, base, request.POST.get("board") or "single")
    except EditRefused as exc:
        messages.error(request, str(exc))
        return redirect("editor:drafts")
    return redirect("editor:draft", draft.pk)


@login_required
@require_POST
def draft_import(request):
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, "Choose a scenario file to open.")
        return redirect("editor:drafts")
    if upload.size > drafts.MAX_DRAFT_BYTES:
        messages.error(request, f"The file is {upload.size // 1024} KB; a scenario file may be at most "
                                f"{drafts.MAX_DRAFT_BYTES // 1024} KB.")
        return redirect("editor:drafts")
    try:
        draft = drafts.import_draft(request.user, upload.read().decode("utf-8-sig"))
    except UnicodeDecodeError:
        messages.error(request, "The file is not UTF-8 text; save it as UTF-8 JSON.")
        return redirect("editor:drafts")
    except EditRefused as exc:
        messages.error(request, str(exc))
        return redirect("editor:drafts")
    return redirect("editor:draft", draft.pk)


@login_required
@require_POST
def draft_delete(request, draft_id: int):
    drafts.delete_draft(_draft(request, draft_id), request.user)
    messages.success(request, "The draft was deleted.")
    return redirect("editor:drafts")


@login_required
@require_GET
def draft_export(request, draft_id: int):
    draft = _draft(request, draft_id)
    slug = draft.data.get("slug") if isinstance(draft.data.get("slug"), str) else "battle"
    response = HttpResponse(drafts.export_text(draft, request.user),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{"".join(c for c in slug if c.isalnum() or c == "-")[:80] or "battle"}.json"'
    return response


# -- the editor ------------------------------------------------------------------------------
def _selection(request, draft: ScenarioDraft) -> list:
    return request.session.get(SELECTION.format(draft.pk)) or []


def _rule_target(request, targets: list[tuple[str, str]]) -> str:
    """The special rule (or group) the rule-hexes tool picks for: the one the tray posted,
    else the first of the last rule naming hexes (the one most likely just added)."""
    asked = request.POST.get("rule_target") or request.GET.get("rule_target")
    values = [t for t, _ in targets]
    if asked in values:
        return asked
    if not values:
        return ""
    last = values[-1].split("/")[0]
    return next(t for t in values if t.split("/")[0] == last)


def _workspace(request, draft: ScenarioDraft, *, note: str = "", error: str = "",
               sight: dict | None = None, sight_from=None, history: tuple[bool, bool] | None = None) -> dict:
    """What the board partial shows: the board with its marks, the checks and the counts; and
    the tray's list of special rules whose hexes are picked on the board."""
    board = board_of(draft.data)
    checked = check(draft.data)
    targets = rule_targets(draft.data)
    target = _rule_target(request, targets)
    highlights: dict[str, set] = {"problem": checked.hexes, "rule-hex": target_hexes(draft.data, target)}
    corners = _selection(request, draft)
    if corners:
        a = tuple(corners[0])
        highlights["picked"] = region_hexes(board, a, tuple(corners[-1]))
    if sight is not None:
        highlights["seen"] = set(sight["seen"])
        highlights["reach"] = set(sight["reach"])
    url = reverse("editor:edit", args=[draft.pk])

    def hex_attrs(col, row):
        # hx-include, hx-target and hx-swap are inherited from the board's wrapper
        return {"hx-post": url, "hx-vals": f'{{"col":{col},"row":{row}}}', "role": "button", "tabindex": "0"}

    svg = draw_board(DEFAULT_RULESET, board_view(draft.data, board), cell_attrs=hex_attrs,
                     highlights=highlights, selected=sight_from)
    can_undo, can_redo = history if history is not None else drafts.history(draft)
    rulesets = []
    if checked.ok:
        try:
            rulesets = scenario_rulesets(load_scenario(draft.data), default_format())
        except ScenarioError:
            rulesets = []
    base_counts = counts(draft.base.data) if draft.base_id else None
    staffing = compare(draft.data, draft.base.slug, draft.base.club_made) if draft.base_id else None
    base_differences = (differences(draft.base.data, staffing.sides, staffing.first_side, staffing.flags)
                        if staffing is not None and staffing.found else [])
    return {
        "draft": draft, "svg": svg, "checked": checked, "counts": counts(draft.data),
        "base_counts": base_counts, "staffing": staffing, "base_differences": base_differences,
        "can_undo": can_undo, "can_redo": can_redo,
        "note": note, "error": error, "sight": sight, "sight_from": sight_from,
        "rulesets": rulesets, "selection": corners, "rule_targets": targets, "rule_target": target,
        "clipboard": bool(request.session.get(CLIPBOARD)),
    }


def _details(draft: ScenarioDraft, form: DraftDetailsForm | None = None) -> dict:
    rules = draft.data.get("special_rules") if isinstance(draft.data.get("special_rules"), list) else []
    if form is None:
        form = DraftDetailsForm(initial=DraftDetailsForm.initial_from(draft.data), rules_count=len(rules))
    return {"draft": draft, "form": form,
            "rules": [{"text": json.dumps(r, ensure_ascii=False), "field": form[f"rule_remove_{i}"]}
                      for i, r in enumerate(rules)],
            "rule_params": {name: ", ".join(params) or "none" for name, params in palette(board_of(draft.data)).special_rules.items()}}


@login_required
@require_GET
def editor_page(request, draft_id: int):
    draft = _draft(request, draft_id)
    board = board_of(draft.data)
    context = {**_workspace(request, draft), **_details(draft), **_balance(draft), "palette": palette(board),
               "tools": TOOL_KEYS, "layers": list(LAYERS), "buildings": BUILDING_CHOICES, "halves": HALVES,
               "tool": request.GET.get("tool", "terrain"), "levels": list(LEVELS)}
    return render(request, "games/editor.html", context)


def _answer(request, draft: ScenarioDraft, **kw) -> HttpResponse:
    """The board partial for HTMX; the page again without JavaScript (with the message)."""
    if request.htmx:
        return render(request, "games/editor.html#workspace-answer", _workspace(request, draft, **kw))
    if kw.get("error"):
        messages.error(request, kw["error"])
    elif kw.get("note"):
        messages.success(request, kw["note"])
    tool = request.POST.get("tool", "")
    return redirect(reverse("editor:draft", args=[draft.pk]) + (f"?tool={tool}" if tool.isalpha() else ""))


def _tool_params(tool: str, post) -> dict:
    params = {name: post.get(field) for name, field in TRAY_FIELDS.get(tool, {}).items()}
    for key in ("col", "row", "hexes", "half"):
        if post.get(key) is not None:
            params[key] = post.get(key)
    return params


def _select(request, draft, at) -> dict:
    key = SELECTION.format(draft.pk)
    corners = request.session.get(key) or []
    corners = [list(at)] if len(corners) != 1 else [corners[0], list(at)]
    request.session[key] = corners
    if len(corners) == 1:
        return {"note": f"First corner at ({at[0]},{at[1]}): choose the opposite corner."}
    return {"note": "Region selected: copy, cut or clear it."}


def _paste(request, draft, at) -> dict:
    return {"note": drafts.paste_region(draft, request.user, request.session.get(CLIPBOARD), at)}


def _sight(request, draft, at) -> dict:
    try:
        found = overlay(draft.data, *at)
    except OverlayUnavailable as exc:
        return {"error": str(exc)}
    who = f"the {found['unit']} there" if found["unit"] else "a unit there"
    return {"sight": found, "sight_from": at,
            "note": f"From ({at[0]},{at[1]}): {len(found['seen'])} hexes in sight of {who}; "
                    f"{len(found['reach'])} within its reach."}


#: The tray's tools that read the draft without drawing on it, by name.
HEX_ACTIONS: dict[str, Callable] = {"select": _select, "paste": _paste, "sight": _sight}


@login_required
@require_POST
def edit(request, draft_id: int):
    """A click or a stroke on the board with the tray's tool (or a mirror of a half)."""
    draft = _draft(request, draft_id, light=True)
    tool = request.POST.get("tool", "")
    try:
        if tool in HEX_ACTIONS:
            at = _hex_from(request.POST)
            if at is None or not on_board(board_of(draft.data), *at):
                raise EditRefused("Choose a hex on the board.")
            return _answer(request, draft, **HEX_ACTIONS[tool](request, draft, at))
        before = draft.cursor
        note = drafts.apply_tool(draft, request.user, tool, _tool_params(tool, request.POST))
    except EditRefused as exc:
        return _answer(request, draft, error=str(exc))
    # an edit just made can be undone, and leaves nothing to redo
    return _answer(request, draft, note=note, history=(True, False) if draft.cursor != before else None)


@login_required
@require_POST
def history_step(request, draft_id: int, step: str):
    draft = _draft(request, draft_id, light=True)
    done = (drafts.undo if step == "undo" else drafts.redo)(draft, request.user)
    if done is None:
        return _answer(request, draft, error=f"Nothing to {step}.")
    return _answer(request, draft, note=f"{step.capitalize()}: {done}")


@login_required
@require_POST
def region(request, draft_id: int):
    """Copy, cut or clear the selected region, or forget the selection."""
    draft = _draft(request, draft_id)
    action = request.POST.get("action", "")
    corners = _selection(request, draft)
    if action == "forget":
        request.session.pop(SELECTION.format(draft.pk), None)
        return _answer(request, draft, note="Selection cleared.")
    if len(corners) != 2:
        return _answer(request, draft, error="Select a region first: two corners with the select tool.")
    a, b = tuple(corners[0]), tuple(corners[1])
    try:
        if action in ("copy", "cut"):
            request.session[CLIPBOARD] = drafts.copy_of_region(draft, request.user, a, b)
            note = "Copied: choose the paste tool and click where its first corner goes."
            if action == "cut":
                drafts.clear_region(draft, request.user, a, b)
                note = "Cut: " + note.split(": ", 1)[1]
        elif action == "clear":
            note = drafts.clear_region(draft, request.user, a, b)
        else:
            raise EditRefused("Choose copy, cut or clear.")
    except EditRefused as exc:
        return _answer(request, draft, error=str(exc))
    return _answer(request, draft, note=note)


@login_required
@require_POST
def details(request, draft_id: int):
    """The battle's details form: saved as one edit when it is good."""
    draft = _draft(request, draft_id)
    rules = draft.data.get("special_rules") if isinstance(draft.data.get("special_rules"), list) else []
    form = DraftDetailsForm(request.POST, rules_count=len(rules))
    saved = False
    if form.is_valid():
        try:
            saved = drafts.set_fields(draft, request.user, form.changes(draft.data))
        except EditRefused as exc:
            form.add_error(None, str(exc))
        else:
            form = None
    if not request.htmx:
        if form is not None:
            messages.error(request, "The details were not saved: " + "; ".join(
                f"{k}: {' '.join(v)}" for k, v in form.errors.items()))
        elif saved:
            messages.success(request, "Details saved.")
        return redirect("editor:draft", draft.pk)
    context = {**_details(draft, form), **_workspace(request, draft), "saved": saved}
    return render(request, "games/editor.html#details-answer", context)


@login_required
@require_POST
def practice(request, draft_id: int):
    """Start a practice game of the draft, against Archie or a member (not published)."""
    draft = _draft(request, draft_id)
    opponent = None
    name = request.POST.get("opponent", "").strip()
    if name:
        opponent = get_user_model().objects.filter(username=name[:150]).first()
        if opponent is None:
            messages.error(request, f"There is no member called {name[:40]}.")
            return redirect("editor:draft", draft.pk)
    try:
        match = start_practice(draft, request.user, level=request.POST.get("level") or None, opponent=opponent)
    except (EditRefused, ActionRefused) as exc:
        messages.error(request, str(exc))
        return redirect("editor:draft", draft.pk)
    if opponent is not None:
        messages.success(request, f"{opponent.get_username()} is challenged to a practice game of {draft}.")
        return redirect(match.get_absolute_url())
    return redirect(match.current_game().get_absolute_url())


def _balance(draft: ScenarioDraft) -> dict:
    b = draft.balance if isinstance(draft.balance, dict) else None
    sides = [{**s, "name": SIDE_NAMES.get(s.get("side"), s.get("side"))}
             for s in result_sides(b.get("result") if b else None)]
    return {"draft": draft, "balance": b, "balance_sides": sides, "max_games": MAX_GAMES,
            "balance_current": bool(b and b.get("data") == draft.data)}


@login_required
def balance(request, draft_id: int):
    """The balance estimate: asked for (POST), and its progress (GET, polled while it runs)."""
    draft = _draft(request, draft_id)
    error = ""
    if request.method == "POST":
        try:
            games = int(request.POST.get("games", ""))
        except ValueError:
            games = 0
        try:
            request_estimate(draft, request.user, games)
        except EditRefused as exc:
            error = str(exc)
        if not request.htmx:
            if error:
                messages.error(request, error)
            return redirect("editor:draft", draft.pk)
    return render(request, "games/editor.html#balance", {**_balance(draft), "balance_error": error})
