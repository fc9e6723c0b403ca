"""The flags chart: one pair of bars per finished battle, heights in proportion."""
from campaigns.chart import flags_chart


def test_no_chart_before_the_first_battle_ends():
    assert flags_chart([]) is None


def test_bars_are_paired_and_proportional():
    chart = flags_chart([{"union": 6, "confederate": 3}, {"union": 0, "confederate": 6}])
    bars = chart["bars"]
    assert [(b["battle"], b["side"], b["flags"]) for b in bars] == [
        (1, "union", 6), (1, "confederate", 3), (2, "union", 0), (2, "confederate", 6)]
    assert bars[0]["h"] == 2 * bars[1]["h"] and bars[2]["h"] == 0
    assert all(b["y"] + b["h"] == chart["base"] for b in bars)
    assert bars[0]["x"] < bars[1]["x"] < bars[2]["x"] < bars[3]["x"]


def test_the_scale_grows_past_six_flags():
    chart = flags_chart([{"union": 9, "confederate": 2}])
    assert chart["top"] == 9 and chart["bars"][0]["y"] == chart["top_y"]
