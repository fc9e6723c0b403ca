"""Clubs, leagues, tournaments, pairings, standings and the annual anniversary calendar.

Pairing and standings algorithms live in ``tournaments.pairing``, without the ORM.
"""
