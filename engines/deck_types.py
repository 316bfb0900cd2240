"""The plain types every deck format hands back, in one module that imports no format.

A game's format module (``engines/<game>/format.py``) builds these; :mod:`engines.decks` finds
the format of a game and returns what it builds. Importing them from here, not from
:mod:`engines.decks`, keeps a game's package from importing the module that imports it (the
circle ``engines.decks`` <-> ``engines.heroes_of_graxia.format`` that an import-linter contract
in ``pyproject.toml`` now forbids). The types were first written for AracKhan Wars' lists and
are re-exported from there unchanged.
"""

from __future__ import annotations

from engines.arackhan_wars.catalogue import CatalogueError
from engines.arackhan_wars.decklist import DeckInputError, ParsedDeck
from engines.arackhan_wars.format import DeckReport, StarterDeck

__all__ = ["CatalogueError", "DeckInputError", "DeckReport", "ParsedDeck", "StarterDeck"]
