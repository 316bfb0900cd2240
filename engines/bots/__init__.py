"""Bots: players that choose actions through the generic engine protocol."""
