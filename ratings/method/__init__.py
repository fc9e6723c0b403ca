"""How ratings are worked out, with no database: the subjects rated (members, Archie's
levels, each scenario's sides), openskill's arithmetic on one game, and the replay of a
sequence of games.  Nothing here imports Django or the site's apps
(``tests/engine/test_purity.py``); :mod:`ratings.services` stores what it returns."""
from .arithmetic import MODEL, expected_share, rate_game
from .display import PROVISIONAL_GAMES, display_rating, is_provisional
from .replay import Change, RatedGame, replay
from .skill import Skill
from .subjects import archie, initial_skill, kind_of, member, member_id, scenario_side

__all__ = ["MODEL", "PROVISIONAL_GAMES", "Change", "RatedGame", "Skill", "archie", "display_rating",
           "expected_share", "initial_skill", "is_provisional", "kind_of", "member", "member_id",
           "rate_game", "replay", "scenario_side"]
