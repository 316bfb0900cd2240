"""AracKhan Wars: the rules engine (``GAME`` is the registry's instance), the card catalogue and
the deck format."""

from engines.native import ARACKHAN_WARS

ARACKHAN_WARS.choose()  # the compiled hot modules, or their sources (before any is imported)

from engines.arackhan_wars.game import ArackhanWars  # noqa: E402

GAME = ArackhanWars()

__all__ = ["GAME", "ArackhanWars"]
