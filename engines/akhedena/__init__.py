"""Akhedena Quick Match: the rules engine (``GAME`` is the registry's instance), the starter card
catalogue and the army-list format."""

from engines.akhedena.game import Akhedena

GAME = Akhedena()

__all__ = ["GAME", "Akhedena"]
