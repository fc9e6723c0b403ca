"""The battle's details beside the editor's map: the fields of the scenario file that are
not on the board (docs/scenarios.md), each refused with its own message."""
from __future__ import annotations

from django import forms

from battlecry_site import untrusted_json
from battlecry_site.names import validate_name
from games.engine import BOARD_SIZES, SIDE_NAMES, SIDES, SPECIAL_RULES, board_named

MAX_NOTE = 4000


def _no_markup(value: str) -> None:
    validate_name(value)
    if "<" in value or ">" in value:
        raise forms.ValidationError("Plain text only: a name cannot hold < or >.")


class DraftDetailsForm(forms.Form):
    slug = forms.SlugField(max_length=80, help_text="The file's name: lowercase letters, digits and hyphens.")
    name = forms.CharField(max_length=120, validators=[_no_markup])
    subtitle = forms.CharField(max_length=120, required=False, validators=[_no_markup])
    dates = forms.CharField(max_length=200, help_text="One or more days, YYYY-MM-DD, separated by commas.")
    state = forms.CharField(max_length=2, help_text="Two capital letters (VA).")
    first_appearance = forms.CharField(max_length=60, validators=[_no_markup])
    layout_source = forms.ChoiceField(choices=[("approximation", "Approximation (authored)"),
                                               ("printed", "Transcribed from a printed map")])
    board = forms.ChoiceField(
        required=False, label="Board",
        choices=[(size, "One board" if board_named(size).boxes == 1 else
                  f"{board_named(size).boxes} boards joined end to end ({board_named(size).width} hexes wide)"
                  if board_named(size).joins else board_named(size).words.capitalize())
                 for size in BOARD_SIZES],
        help_text="Pieces beyond a smaller board's edge are listed under Checks until moved.")
    union_position = forms.ChoiceField(label="The Union sits at the",
                                       choices=[("bottom", "bottom"), ("top", "top")])
    first_side = forms.ChoiceField(choices=list(SIDE_NAMES.items()), label="Moves first")
    special_rules_text = forms.CharField(max_length=MAX_NOTE, widget=forms.Textarea(attrs={"rows": 3}))
    historical_note = forms.CharField(max_length=MAX_NOTE, widget=forms.Textarea(attrs={"rows": 3}))
    source_notes = forms.CharField(max_length=MAX_NOTE, required=False, widget=forms.Textarea(attrs={"rows": 2}))
    corrections = forms.CharField(max_length=MAX_NOTE, required=False, widget=forms.Textarea(attrs={"rows": 2}))
    rule_add = forms.ChoiceField(required=False, label="Add a special rule",
                                 choices=[("", "(none)")] + [(r, r.replace("_", " ")) for r in SPECIAL_RULES])
    rule_params = forms.CharField(required=False, max_length=4000, label="Its parameters (JSON)",
                                  help_text="For instance {\"side\": \"union\", \"flags_per_hex\": 1}. Leave out "
                                            "its hexes and pick them on the board with the rule tool (r).")

    def __init__(self, *args, rules_count: int = 0, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules_count = rules_count
        for side in SIDES:
            label = SIDE_NAMES[side]
            self.fields[f"{side}_commander"] = forms.CharField(max_length=60, label=f"{label} commander",
                                                               validators=[_no_markup])
            self.fields[f"{side}_cards"] = forms.IntegerField(min_value=1, max_value=10,
                                                              label=f"{label} cards in hand")
            self.fields[f"{side}_flags"] = forms.IntegerField(min_value=1, max_value=20,
                                                              label=f"{label} flags to win")
            self.fields[f"{side}_territorial"] = forms.BooleanField(required=False,
                                                                    label=f"{label} territorial")
        for i in range(rules_count):
            self.fields[f"rule_remove_{i}"] = forms.BooleanField(required=False, label="Remove")

    @classmethod
    def initial_from(cls, data: dict) -> dict:
        sides = data.get("sides") if isinstance(data.get("sides"), dict) else {}
        initial = {k: data.get(k) for k in ("slug", "name", "subtitle", "state", "first_appearance",
                                             "layout_source", "first_side", "special_rules_text",
                                             "historical_note", "source_notes", "corrections")}
        dates = data.get("dates")
        initial["dates"] = ", ".join(d for d in dates if isinstance(d, str)) if isinstance(dates, list) else ""
        union = sides.get("union") if isinstance(sides.get("union"), dict) else {}
        initial["union_position"] = union.get("position", "bottom")
        initial["board"] = data.get("board") if data.get("board") in BOARD_SIZES else BOARD_SIZES[0]
        for side in SIDES:
            info = sides.get(side) if isinstance(sides.get(side), dict) else {}
            for key in ("commander", "cards", "flags", "territorial"):
                initial[f"{side}_{key}"] = info.get(key)
        return initial

    def clean_rule_params(self):
        text = self.cleaned_data.get("rule_params") or ""
        if not text.strip():
            return {}
        try:
            value = untrusted_json.loads(text, max_depth=5)
        except untrusted_json.UnsafeJSON as exc:
            raise forms.ValidationError(f"The parameters {exc}") from None
        if not isinstance(value, dict):
            raise forms.ValidationError("The parameters are one JSON object ({ ... }).")
        return value

    def changes(self, data: dict) -> dict:
        """The draft's fields as the form sets them (new values)."""
        c = self.cleaned_data
        out = {k: c[k] for k in ("slug", "name", "state", "first_appearance", "layout_source",
                                 "first_side", "special_rules_text", "historical_note",
                                 "source_notes", "corrections")}
        out["subtitle"] = c["subtitle"] or None
        current = data.get("board") if data.get("board") in BOARD_SIZES else BOARD_SIZES[0]
        if c.get("board") and c["board"] != current:     # the single board is the file's default
            out["board"] = None if c["board"] == BOARD_SIZES[0] else c["board"]
        out["dates"] = [d.strip() for d in c["dates"].split(",") if d.strip()]
        positions = {"union": c["union_position"],
                     "confederate": "top" if c["union_position"] == "bottom" else "bottom"}
        sides = {}
        for side in SIDES:
            info = {"position": positions[side], "commander": c[f"{side}_commander"],
                    "cards": c[f"{side}_cards"], "flags": c[f"{side}_flags"]}
            if c[f"{side}_territorial"]:
                info["territorial"] = True
            sides[side] = info
        out["sides"] = sides
        rules = data.get("special_rules") if isinstance(data.get("special_rules"), list) else []
        rules = [r for i, r in enumerate(rules) if not c.get(f"rule_remove_{i}")]
        if c.get("rule_add"):
            params = {k: v for k, v in c["rule_params"].items() if k != "rule"}
            # the hexes may be left out, to be picked on the board with the rule tool
            empty = {"hexes": [], "groups": [[]]}
            params = {**{p: empty[p] for p in SPECIAL_RULES[c["rule_add"]] if p in empty}, **params}
            rules = [*rules, {"rule": c["rule_add"], **params}]
        out["special_rules"] = rules
        return out
