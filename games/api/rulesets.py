"""The API's choice of rules: every ruleset registered when the request is served."""
from __future__ import annotations

from rest_framework import serializers

from games.engine import DEFAULT_RULESET, rulesets


class RulesetChoiceField(serializers.ChoiceField):
    """A registered ruleset's name (the default one when left out). Each serializer
    instance rebuilds its fields, and so asks the registry anew."""

    def __init__(self, **kwargs):
        kwargs.setdefault("default", DEFAULT_RULESET)
        kwargs.pop("choices", None)
        super().__init__(choices=sorted(rulesets()), **kwargs)
