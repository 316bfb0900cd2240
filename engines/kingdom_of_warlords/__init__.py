"""Kingdom of Warlords (Red Games): the rules engine. ``GAME`` is the registered instance."""

from .game import KingdomOfWarlords

GAME = KingdomOfWarlords()

__all__ = ["GAME", "KingdomOfWarlords"]
