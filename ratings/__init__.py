"""Club ratings: openskill ratings per ruleset and mode, their history, the leaderboards
and the expected result of a challenge (docs/ratings.md)."""
