"""AracKhan Wars: the rules engine (``GAME`` is the registry's instance), the card catalogue and
the deck format."""

from engines.arackhan_wars.game import ArackhanWars

GAME = ArackhanWars()

__all__ = ["GAME", "ArackhanWars"]
