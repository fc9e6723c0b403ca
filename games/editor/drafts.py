"""The only code that changes scenario drafts: every edit is saved at once (that is the
autosave) and recorded with the fields it changed, so undo and redo restore exactly.

A draft is its author's: every function here takes the member acting and refuses anyone
else (:class:`DraftRefused`, a 404 on the pages, as if the draft did not exist).
"""
from __future__ import annotations

import copy
import json
import secrets

from django.db import transaction
from django.db.models import Q

from battlecry_site import untrusted_json
from games.engine import BOARD_SIZES, board_named
from games.models import DraftEdit, Scenario, ScenarioDraft
from games.models.scenario import scenario_file_text

from .draft_view import blank_battle
from .regions import copy_region, erase_region, paste
from .shape import board_of
from .tools import TOOLS, EditRefused

#: The largest draft kept, as file text (the import's limit).
MAX_DRAFT_BYTES = 200 * 1024
#: Edits kept for undo; older ones are forgotten.
MAX_HISTORY = 200


class DraftRefused(PermissionError):
    """The member may not see or change this draft."""


def _own(draft: ScenarioDraft, user) -> None:
    if user is None or not user.is_authenticated or draft.author_id != user.pk:
        raise DraftRefused("This draft is not yours.")


def _locked(draft: ScenarioDraft, user) -> ScenarioDraft:
    """The draft's row, locked for the edit (the caller's object follows it: ``_follow``)."""
    _own(draft, user)
    return ScenarioDraft.objects.select_for_update().get(pk=draft.pk)


def _follow(draft: ScenarioDraft, row: ScenarioDraft) -> None:
    draft.data, draft.cursor, draft.updated = row.data, row.cursor, row.updated


def _size_ok(data) -> None:
    size = len(json.dumps(data, ensure_ascii=False).encode())
    if size > MAX_DRAFT_BYTES:
        raise EditRefused(f"The battle would be {size // 1024} KB; a scenario may be at most "
                          f"{MAX_DRAFT_BYTES // 1024} KB.")


# -- making drafts ---------------------------------------------------------------------------
def new_draft(user, base: Scenario | None = None, board: str = "single") -> ScenarioDraft:
    """A blank battle on the board of that size (``BOARD_SIZES``), or a copy of a published
    one to correct (on its own board)."""
    if user is None or not user.is_authenticated:
        raise DraftRefused("Log in to draw a battle.")
    if board not in BOARD_SIZES:
        raise EditRefused(f"There is no {board!r} board; choose one of: {', '.join(BOARD_SIZES)}.")
    data = copy.deepcopy(base.data) if base is not None else blank_battle(
        f"club-battle-{secrets.token_hex(3)}", board_named(board))
    return ScenarioDraft.objects.create(author=user, data=data, base=base)


def import_draft(user, text: str | bytes) -> ScenarioDraft:
    """A draft from a scenario file's text. It may be unfinished (the editor lists its
    problems), but it must be one JSON object the site can read safely."""
    if user is None or not user.is_authenticated:
        raise DraftRefused("Log in to draw a battle.")
    if len(text) > MAX_DRAFT_BYTES:
        raise EditRefused(f"The file is {len(text) // 1024} KB; a scenario file may be at most "
                          f"{MAX_DRAFT_BYTES // 1024} KB.")
    try:
        data = untrusted_json.loads(text)
    except untrusted_json.UnsafeJSON as exc:
        raise EditRefused(f"The file {exc}") from None
    if not isinstance(data, dict):
        raise EditRefused("The file is not a scenario: a scenario file is one JSON object ({ ... }).")
    return ScenarioDraft.objects.create(author=user, data=data)


def export_text(draft: ScenarioDraft, user) -> str:
    """The draft as a scenario file, laid out as the shipped files are."""
    _own(draft, user)
    return scenario_file_text(draft.data)


# -- edits -----------------------------------------------------------------------------------
def _record(draft: ScenarioDraft, label: str, changes: dict) -> bool:
    """Apply ``changes`` (field -> new value) to a locked draft as one edit; False when it
    changed nothing."""
    data = dict(draft.data)
    diff = {}
    for key, value in changes.items():
        before = data.get(key, None)
        if before == value:
            continue
        diff[key] = [before, value]
        if value is None and key not in ("annual_number",):
            data.pop(key, None)
        else:
            data[key] = value
    if not diff:
        return False
    _size_ok(data)
    # the edits undone are dropped, and the oldest beyond the history's length
    DraftEdit.objects.filter(Q(seq__gt=draft.cursor) | Q(seq__lte=draft.cursor + 1 - MAX_HISTORY),
                             draft=draft).delete()
    draft.cursor += 1
    DraftEdit.objects.create(draft=draft, seq=draft.cursor, label=label[:120], changes=diff)
    draft.data = data
    draft.save(update_fields=["data", "cursor", "updated"])
    return True


@transaction.atomic
def apply_tool(draft: ScenarioDraft, user, tool: str, params) -> str:
    """Use one of the tray's tools (``TOOLS``) on the draft; what it did, in words."""
    row = _locked(draft, user)
    handler = TOOLS.get(tool)
    if handler is None:
        raise EditRefused(f"There is no tool {str(tool)[:40]!r}.")
    label, changes = handler(row.data, board_of(row.data), params)
    _record(row, label, changes)
    _follow(draft, row)
    return label


@transaction.atomic
def set_fields(draft: ScenarioDraft, user, values: dict, label: str = "Battle's details") -> bool:
    """Change the battle's own fields (name, sides, rules...) as one edit."""
    row = _locked(draft, user)
    changed = _record(row, label, values)
    _follow(draft, row)
    return changed


@transaction.atomic
def paste_region(draft: ScenarioDraft, user, clip, at) -> str:
    row = _locked(draft, user)
    label, changes = paste(row.data, board_of(row.data), clip, at)
    _record(row, label, changes)
    _follow(draft, row)
    return label


@transaction.atomic
def clear_region(draft: ScenarioDraft, user, a, b) -> str:
    row = _locked(draft, user)
    label, changes = erase_region(row.data, board_of(row.data), a, b)
    _record(row, label, changes)
    _follow(draft, row)
    return label


def copy_of_region(draft: ScenarioDraft, user, a, b) -> dict:
    _own(draft, user)
    return copy_region(draft.data, board_of(draft.data), a, b)



@transaction.atomic
def undo(draft: ScenarioDraft, user) -> str | None:
    """Take back the last edit in force; what it was, or None when there is none."""
    row = _locked(draft, user)
    edit = DraftEdit.objects.filter(draft=row, seq=row.cursor).first()
    if edit is None:
        return None
    _restore(row, edit, 0)
    row.cursor -= 1
    row.save(update_fields=["data", "cursor", "updated"])
    _follow(draft, row)
    return edit.label


@transaction.atomic
def redo(draft: ScenarioDraft, user) -> str | None:
    """Make again the edit last taken back; what it was, or None when there is none."""
    row = _locked(draft, user)
    edit = DraftEdit.objects.filter(draft=row, seq=row.cursor + 1).first()
    if edit is None:
        return None
    _restore(row, edit, 1)
    row.cursor += 1
    row.save(update_fields=["data", "cursor", "updated"])
    _follow(draft, row)
    return edit.label


def _restore(draft: ScenarioDraft, edit: DraftEdit, index: int) -> None:
    data = dict(draft.data)
    for key, pair in edit.changes.items():
        if pair[index] is None and key != "annual_number":
            data.pop(key, None)
        else:
            data[key] = pair[index]
    draft.data = data


def history(draft: ScenarioDraft) -> tuple[bool, bool]:
    """(can undo, can redo)."""
    seqs = set(DraftEdit.objects.filter(draft=draft, seq__in=[draft.cursor, draft.cursor + 1])
               .values_list("seq", flat=True))
    return draft.cursor in seqs, draft.cursor + 1 in seqs


@transaction.atomic
def delete_draft(draft: ScenarioDraft, user) -> None:
    _own(draft, user)
    draft.delete()
