"""Deck formats by game slug: read a deck list, check it against a catalogue, write it back.

Django apps reach formats only through :func:`get_deck_format` (never a game module). A format:

- ``parse(raw, catalogue)``: text (``str``/``bytes``) or JSON data -> :class:`ParsedDeck`
  (canonical data plus the list's own problems with line numbers); raises
  :class:`DeckInputError` for input that is no deck list at all (binary, too large, empty);
- ``validate(data, catalogue, lines=..., problems=...)`` -> :class:`DeckReport` with every
  violation, not the first;
- ``export_text(data, catalogue, name)`` -> text that ``parse`` reads back to the same data;
- ``starter_decks()``; ``shipped_catalogue()`` / ``parse_catalogue(text, version)`` (None and
  an error for games without a catalogue).

This module is the registry (and the card sets no deck holds); the formats themselves are in
``engines/deck_formats.py``, or in their game's package (Akhedena's, loaded on first use).
"""

from __future__ import annotations

from typing import Any, Protocol

from engines.deck_formats import (
    ArackhanWarsFormat,
    HeroesOfGraxiaFormat,
    KhanOfKhansFormat,
    KingdomOfWarlordsFormat,
)
from engines.deck_types import CatalogueError, DeckInputError, DeckReport, ParsedDeck, StarterDeck
from engines.registry import UnknownGame

__all__ = [
    "CatalogueError",
    "DeckFormat",
    "DeckInputError",
    "DeckReport",
    "ParsedDeck",
    "StarterDeck",
    "UnknownFormat",
    "card_set_slugs",
    "format_slugs",
    "get_catalogue_format",
    "get_deck_format",
]


class DeckFormat(Protocol):
    game: str
    name: str
    uses_catalogue: bool

    def parse(self, raw: Any, catalogue: Any = None) -> ParsedDeck: ...

    def validate(
        self,
        data: Any,
        catalogue: Any = None,
        *,
        lines: dict[int, int] | None = None,
        problems: Any = (),
    ) -> DeckReport: ...

    def export_text(self, data: Any, catalogue: Any = None, name: str = "") -> str: ...

    def starter_decks(self) -> tuple[StarterDeck, ...]: ...

    def shipped_catalogue(self) -> Any: ...

    def parse_catalogue(self, text: str, version: str = "", source: str = "") -> Any: ...

    def catalogue_from_rows(self, rows: list[dict[str, Any]], version: str = "") -> Any: ...


class UnknownFormat(UnknownGame):
    def __str__(self) -> str:
        return f"unknown game {self.slug!r} (games with decks: {', '.join(format_slugs())})"


class _GameFormat:
    """A format that lives in its game's package (``module.FORMAT``), imported on first use."""

    uses_catalogue = True

    def __init__(self, game: str, name: str, module: str) -> None:
        self.game, self.name, self._module = game, name, module

    def __getattr__(self, attr: str) -> Any:
        import importlib

        return getattr(importlib.import_module(self._module).FORMAT, attr)


_FORMATS: dict[str, DeckFormat] = {
    "arackhan-wars": ArackhanWarsFormat(),
    "kingdom-of-warlords": KingdomOfWarlordsFormat(),
    "khan-of-khans": KhanOfKhansFormat(),
    "akhedena": _GameFormat("akhedena", "Akhedena Quick Match", "engines.akhedena.deckformat"),
    "heroes-of-graxia": HeroesOfGraxiaFormat(),
}


class CardSetFormat:
    """A game's card set that is no deck's (AracKhan Wars' Strategy, Event and Objective cards):
    loaded, versioned and checked like a catalogue (``game/kind`` slugs), never in a deck."""

    uses_catalogue = True
    in_decks = False

    def __init__(self, game: str, kind: str, name: str) -> None:
        self.game, self.kind, self.name = f"{game}/{kind}", kind, name

    def shipped_catalogue(self) -> Any:
        from engines.arackhan_wars.modes import sets

        return sets.shipped_catalogue(self.kind)

    def parse_catalogue(self, text: str, version: str = "", source: str = "") -> Any:
        from engines.arackhan_wars.modes import sets

        try:
            return sets.parse_catalogue(self.kind, text, source)
        except sets.SetError as exc:
            raise CatalogueError(str(exc)) from None

    def catalogue_from_rows(self, rows: list[dict[str, Any]], version: str = "") -> Any:
        return rows


_CARD_SETS: dict[str, CardSetFormat] = {
    f.game: f
    for f in (
        CardSetFormat("arackhan-wars", "strategy", "AracKhan Wars Strategy cards"),
        CardSetFormat("arackhan-wars", "events", "AracKhan Wars Event cards"),
        CardSetFormat("arackhan-wars", "objectives", "AracKhan Wars Objective cards"),
    )
}


def card_set_slugs(game: str) -> list[str]:
    """The slugs of ``game``'s card sets that are no deck's (``arackhan-wars/strategy``...)."""
    return [slug for slug in _CARD_SETS if slug.startswith(f"{game}/")]


def get_catalogue_format(slug: str) -> Any:
    """What loads catalogue ``slug``: a game's deck format, or one of its card sets."""
    if slug in _CARD_SETS:
        return _CARD_SETS[slug]
    return get_deck_format(slug)


def get_deck_format(slug: str) -> DeckFormat:
    """The deck format of game ``slug``; raises :class:`UnknownFormat` (a ``KeyError``)."""
    try:
        return _FORMATS[slug]
    except (KeyError, TypeError):
        raise UnknownFormat(str(slug)[:40]) from None


def format_slugs() -> list[str]:
    return sorted(_FORMATS)
