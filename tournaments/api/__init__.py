"""The REST API of clubs, leagues and tournaments (rounds, pairings, tabletop results,
standings) and of the anniversary calendar, mounted under /api/v1/.

Every write is a :mod:`tournaments.services` function, with its own checks (only
organisers pair, publish and correct; players report only their own matches); what may be
read follows the pages (``Club.can_read``; draft rounds only for organisers)."""
