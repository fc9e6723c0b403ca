"""Form fields built from a ruleset's declared options, and the ``options`` mapping read back.

Each option a ruleset declares (games/engine/core/options.py) says where members choose it
(``chosen_on``); a form names its place and the ruleset chosen, and gets one field per option
chosen there: a checkbox for a yes/no option, a list for one with choices, a number or a
text box otherwise, labelled and explained in the ruleset's own words. The field is named
after the option, so a form posts ``<name>=on`` as it always did, and ``options_from`` gives the
mapping the services pass on untouched. No option is named here.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django import forms

from games.engine import DEFAULT_RULESET, RULESETS, Option, group_options, options_for, presets_for
from games.presentation.options import option_anchor, value_words

#: The id of the options fieldset of a form (``prefix`` added): the HTMX refresh replaces it.
FIELDSET_ID = "options"
#: The name of the preset list on a form (no option is called so).
PRESET_FIELD = "preset"

#: A preset offered on a form: its key in the list, its label, its description, its options.
PresetChoice = tuple[str, str, str, Mapping[str, Any]]
#: Where presets other than the rules' own come from (a club's, registered by the app that
#: keeps them): called with the member filling in the form (or None) and the ruleset.
PRESET_SOURCES: list[Callable[[Any, str], list[PresetChoice]]] = []


def preset_choices(ruleset: str, member: Any = None) -> list[PresetChoice]:
    """The presets a form offers under ``ruleset``: the rules' own, then those of the
    sources (a club's, for its members)."""
    out: list[PresetChoice] = [(p.key, p.label, p.description, p.options) for p in presets_for(ruleset)]
    for source in PRESET_SOURCES:
        out.extend(source(member, ruleset))
    return out


def preset_field(choices: list[PresetChoice]) -> forms.ChoiceField:
    help_lines = " ".join(f"{label}: {description}" for _, label, description, _ in choices)
    return forms.ChoiceField(
        choices=[("", "None: the options ticked below")] + [(k, label) for k, label, _, _ in choices],
        required=False, label="Preset",
        help_text=("A named set of options, added to those ticked below. " + help_lines).strip())


def form_field(option: Option) -> forms.Field:
    """The form field of one declared option."""
    common: dict[str, Any] = {"label": option.label, "help_text": option.description,
                              "required": False, "initial": option.default}
    if option.choices is not None:
        choices = [("" if v is None else v, value_words(v).capitalize()) for v in option.choices]
        return forms.TypedChoiceField(choices=choices, coerce=option.kind, empty_value=None, **common)
    if option.kind is bool:
        return forms.BooleanField(**common)
    if option.kind is int:
        return forms.IntegerField(**common)
    return forms.CharField(**common)


def option_fields(ruleset: str, place: str) -> dict[str, forms.Field]:
    """The fields members fill in at ``place`` for a game under ``ruleset``, by option name."""
    rules = RULESETS.get(ruleset) or RULESETS[DEFAULT_RULESET]
    return {o.name: form_field(o) for o in options_for(rules.options, place)}


def options_from(ruleset: str, place: str, cleaned: Mapping[str, Any]) -> dict:
    """The options chosen in ``cleaned`` (a form's cleaned data): those not at their default."""
    rules = RULESETS.get(ruleset) or RULESETS[DEFAULT_RULESET]
    out = {}
    for option in options_for(rules.options, place):
        value = cleaned.get(option.name, option.default)
        if value is None and option.kind is bool:
            value = False
        if option.is_set(value):
            out[option.name] = value
    return out


class OptionsFormMixin:
    """A form whose options follow its ``ruleset`` field: set ``option_place`` and call
    ``add_option_fields()`` at the end of ``__init__``; ``chosen_options()`` after
    ``is_valid()``. An option of another ruleset posted with this one (a page without
    JavaScript still shows the fields of the ruleset first chosen) is refused by name."""

    option_place = "match"
    option_names: tuple[str, ...] = ()
    template_name = "games/_options_form.html"
    template_name_div = "games/_options_form.html"
    #: The member filling in the form (``member=`` when it is made): his clubs' presets.
    preset_member: Any = None
    presets: list[PresetChoice] = []

    def __init__(self, *args, member: Any = None, **kwargs):
        self.preset_member = member
        super().__init__(*args, **kwargs)  # type: ignore[call-arg]

    def selected_ruleset(self) -> str:
        form: Any = self
        if form.is_bound:
            name = form.data.get(form.add_prefix("ruleset")) or DEFAULT_RULESET
        else:
            name = form.initial.get("ruleset") or DEFAULT_RULESET
        return name if name in RULESETS else DEFAULT_RULESET

    def add_option_fields(self) -> None:
        form: Any = self
        fields = option_fields(self.selected_ruleset(), self.option_place)
        clash = set(fields) & set(form.fields)
        if clash:
            raise ValueError(f"options named like the form's own fields: {sorted(clash)}")
        order = list(form.fields)
        after = order.index("ruleset") + 1 if "ruleset" in order else len(order)
        self.presets = preset_choices(self.selected_ruleset(), self.preset_member) if fields else []
        lead = [PRESET_FIELD] if self.presets else []
        if self.presets:
            fields = {PRESET_FIELD: preset_field(self.presets), **fields}
        form.fields.update(fields)
        form.order_fields(order[:after] + list(fields) + order[after:])
        self.option_names = tuple(n for n in fields if n not in lead)
        self.preset_names = tuple(lead)
        ruleset = form.fields.get("ruleset")
        if ruleset is not None:
            from django.urls import reverse
            ruleset.widget.attrs.update({
                "hx-get": reverse("play:option_fields"), "hx-trigger": "change",
                "hx-target": f"#{self.fieldset_id()}", "hx-swap": "outerHTML",
                "hx-vals": f'{{"place": "{self.option_place}", "prefix": "{form.prefix or ""}"}}'})

    def fieldset_id(self) -> str:
        form: Any = self
        return f"{form.prefix}-{FIELDSET_ID}" if form.prefix else FIELDSET_ID

    preset_names: tuple[str, ...] = ()

    def option_bound_fields(self) -> list:
        form: Any = self
        return [form[name] for name in self.option_names]

    def option_groups(self) -> list[tuple[str, list]]:
        """The option fields under the headings their ruleset declares (the house rules after
        the seed's order), each as (bound field, anchor of its text on the rules page)."""
        form: Any = self
        rules = RULESETS.get(self.selected_ruleset()) or RULESETS[DEFAULT_RULESET]
        offered = [o for o in rules.options if o.name in self.option_names]
        return [(heading, [(form[o.name], option_anchor(o)) for o in options])
                for heading, options in group_options(rules.name, tuple(offered))]

    def option_fieldset(self) -> str:
        """The fieldset of the options (what the HTMX refresh replaces)."""
        from django.template.loader import render_to_string
        from django.utils.safestring import mark_safe
        form: Any = self
        return mark_safe(render_to_string("games/_option_fieldset.html", {
            "fieldset_id": self.fieldset_id(), "fields": self.option_bound_fields(),
            "groups": self.option_groups(), "ruleset": self.selected_ruleset(),
            "preset": form[PRESET_FIELD] if self.preset_names else None}))


    def check_foreign_options(self) -> None:
        """Refuse an option posted that the selected ruleset does not offer here."""
        form: Any = self
        if not form.is_bound:
            return
        ruleset = self.selected_ruleset()
        offered = set(self.option_names)
        for rules in RULESETS.values():
            for option in options_for(rules.options, self.option_place):
                key = form.add_prefix(option.name)
                if option.name not in offered and form.data.get(key) not in (None, "", "off", "false"):
                    form.add_error(None, f"The {ruleset} rules have no {option.label}: leave it off "
                                         "or choose other rules.")
                    offered.add(option.name)

    def clean(self):
        cleaned = super().clean()  # type: ignore[misc]
        self.check_foreign_options()
        return cleaned

    def chosen_options(self) -> dict:
        """The options ticked, with those of the preset chosen (the preset's values win)."""
        form: Any = self
        chosen = options_from(self.selected_ruleset(), self.option_place, form.cleaned_data)
        key = form.cleaned_data.get(PRESET_FIELD) if self.preset_names else ""
        for k, _, _, options in self.presets:
            if key and k == key:
                chosen.update(options)
        return chosen


class OptionFieldsForm(OptionsFormMixin, forms.Form):
    """Only the options of a ruleset at a place: what the options fieldset is refreshed with
    when the ruleset select changes."""

    def __init__(self, ruleset: str, place: str, prefix: str | None = None, member: Any = None):
        super().__init__(prefix=prefix or None, initial={"ruleset": ruleset}, member=member)
        self.option_place = place
        self.add_option_fields()
