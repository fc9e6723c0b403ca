"""A competition's terms and a battle on two maps (house rule 36; docs/rulings.md H99): the
rule goes with the battle, so a competition listing it is refused without the rule, and one
listing a battle on one board is refused with it, each saying why."""
from __future__ import annotations

import pytest

from tests.play_helpers import make_scenario
from tournaments.services import Refused, check_rules

pytestmark = pytest.mark.django_db

RULE = {"multi_mapsets": True}


def test_a_competition_on_two_maps_goes_with_the_rule():
    two_maps = make_scenario(slug="gettysburg-picketts-charge-two-maps")
    one_board = make_scenario(slug="gettysburg-picketts-charge")
    assert check_rules("advanced", RULE, [two_maps]) == "advanced"
    with pytest.raises(Refused, match="so tick it"):
        check_rules("advanced", {}, [two_maps])
    with pytest.raises(Refused, match="laid out on one board"):
        check_rules("advanced", RULE, [two_maps, one_board])
    with pytest.raises(Refused, match="cannot be played under the standard rules"):
        check_rules("standard", {}, [two_maps])
