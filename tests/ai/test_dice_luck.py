"""bench/dice_luck.py: how the dice fell in a kept game, read from the game played again."""
from __future__ import annotations

import importlib.util
import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def luck():
    sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location("dice_luck", ROOT / "bench" / "dice_luck.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["dice_luck"] = module               # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def attack(side, target_kind, rolls, **how):
    return {"type": "attack", "side": side, "target_kind": target_kind, "dice": len(rolls),
            "rolls": rolls, **how}


def test_sabres_count_as_hits_in_close_combat_and_not_in_fire(luck):
    dice = luck.Dice()
    dice.add([attack("union", "infantry", ["infantry", "swords", "flag"], melee=True),
              attack("union", "infantry", ["infantry", "swords", "flag"], melee=False),
              attack("confederate", "cavalry", ["cavalry", "cavalry"], melee=False),
              {"type": "move", "side": "union"},
              attack("confederate", "general", ["swords"], melee=True)])   # a kill roll: left out
    union, confederate = dice.side("union"), dice.side("confederate")
    assert union.hits == 3 and union.hits_expected == pytest.approx(3 * (2 / 6 + 1 / 6) + 3 * 2 / 6)
    assert union.flags == 2 and union.flags_expected == pytest.approx(1.0)
    assert confederate.hits == 2 and confederate.hit_luck == pytest.approx(2 - 2 / 6)
    assert dice.side("nobody").dice == 0


def test_a_kept_game_is_replayed_as_it_was_and_a_changed_one_is_set_aside(luck, capsys, tmp_path):
    from bench.ai_ladder import match_specs, play_game
    spec = match_specs("greedy", "random", 2, ["first-bull-run"], None, False, 5, "advanced")[0]
    result = play_game(spec)
    other = dict(result, flags_a=result["flags_a"] + 1)
    record = tmp_path / "series.jsonl"
    record.write_text("\n".join(json.dumps({"spec": spec, "result": r})
                                for r in (result, other)) + "\n")
    luck.main(["--record", str(record)])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"line 0: first-bull-run leg 0 seed {spec['seed']}: greedy ")
    assert "hits greedy " in out[0] and "greedy's hit luck less random's" in out[0]
    assert out[1].startswith("line 1: ") and out[1].endswith("left out")
