"""Scenarios, matches and games (stored state, action log). Models arrive with the engine."""
