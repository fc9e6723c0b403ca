"""Campaigns: linked battles, carry-over dice, campaign standings."""
