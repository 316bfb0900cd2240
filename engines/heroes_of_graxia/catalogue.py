"""The Heroes of Graxia card catalogue: versioned data files read into plain, immutable objects.

No card list with numbers is public for Heroes of Graxia, so the shipped catalogue
(``data/cards-v1.csv``, see ``data/SOURCE.md``) is a **starter catalogue designed for the
platform**: the names of the twelve starting-deck cards and of the six Heroes are the
rulebook's, every number, Special and reward is the platform's own. :func:`parse_catalogue`
reads a replacement file with the same columns (``manage.py load_catalogue heroes-of-graxia
FILE``), checking every row and naming the line and column of any problem.

Each row is one card of the rulebook's card diagram with the number of ``copies`` in the box:
name, Starting Deck Banner, Deck Type Symbol (``deck``), Classification - Type - Race, Cost,
Sell Value, Health, Attack, Defense, Trophy Value and Specials (from the vocabulary of
:mod:`engines.heroes_of_graxia.effects`); Monsters add their ``reward``, Wound and Prestige Point
cards their ``points``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engines import catalogue_csv
from engines.catalogue_csv import read_cards, shipped_file
from engines.heroes_of_graxia.cards import (
    MAX_SEATS,
    NOTICE,
    Card,
    CatalogueError,
    card_from_row,
    name_key,
    slug_of,
)

__all__ = [
    "NOTICE",
    "Card",
    "Catalogue",
    "CatalogueError",
    "card_from_row",
    "name_key",
    "parse_catalogue",
    "shipped_catalogue",
    "slug_of",
]

DATA_DIR = Path(__file__).resolve().parent / "data"


REQUIRED_COLUMNS = (
    "id",
    "name",
    "copies",
    "banner",
    "deck",
    "classification",
    "type",
    "race",
    "cost",
    "sell",
    "health",
    "attack",
    "defense",
    "trophy",
    "specials",
    "reward",
    "points",
)
MIN_MONSTERS = 20
"""A six-player game's Monster Deck holds 20 Monster cards."""


class Catalogue:
    """One version of the card list: cards by id, by slug and by name."""

    game = "heroes-of-graxia"
    notice = NOTICE

    def __init__(self, cards: list[Card], version: str = "", source: str = "") -> None:
        self.version = version
        self.source = source
        self.cards: dict[int, Card] = {}
        self.by_slug: dict[str, Card] = {}
        self.by_key: dict[str, Card] = {}
        for card in cards:
            if card.id in self.cards:
                raise CatalogueError(f"card id {card.id} appears twice")
            if card.slug in self.by_slug or name_key(card.name) in self.by_key:
                raise CatalogueError(f"two cards are named {card.name!r}")
            self.cards[card.id] = card
            self.by_slug[card.slug] = card
            self.by_key[name_key(card.name)] = card
        self.starting_deck: tuple[Card, ...] = tuple(c for c in cards if c.banner)
        self.heroes: tuple[Card, ...] = tuple(c for c in cards if c.classification == "Hero")
        monsters = sum(c.copies for c in cards if c.classification == "Monster")
        if not self.starting_deck:
            raise CatalogueError("no card has the Starting Deck Banner (banner = yes)")
        if len(self.heroes) < MAX_SEATS or any(h.copies != 1 for h in self.heroes):
            raise CatalogueError(f"a catalogue needs {MAX_SEATS} Heroes, one copy of each")
        if monsters < MIN_MONSTERS:
            raise CatalogueError(
                f"a six-player game needs {MIN_MONSTERS} Monster cards, the catalogue has "
                f"{monsters}"
            )

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def box_size(self) -> int:
        """Every physical card of the box (copies counted)."""
        return sum(c.copies for c in self.cards.values())

    def card(self, card_id: int) -> Card | None:
        return self.cards.get(card_id)

    def named(self, name: str) -> Card | None:
        """The card of this name or slug (case, spacing and punctuation ignored)."""
        return self.by_key.get(name_key(name))

    def rows(self) -> list[dict[str, Any]]:
        return [card.to_row() for card in self.cards.values()]

    @classmethod
    def from_rows(
        cls, rows: list[dict[str, Any]], version: str = "", source: str = ""
    ) -> Catalogue:
        """A catalogue from the JSON rows of :meth:`rows` (what the database keeps)."""
        return cls([card_from_row(row) for row in rows], version=version, source=source)


def parse_catalogue(text: str, version: str = "", source: str = "") -> Catalogue:
    """Read a catalogue CSV (the columns of ``data/cards-v1.csv``; lines starting with ``#``
    are comments); raise :class:`CatalogueError` naming the line of the first problem."""
    cards = read_cards(text, REQUIRED_COLUMNS, card_from_row, CatalogueError, comments=True)
    return Catalogue(cards, version=version, source=source)


def shipped_versions() -> list[Path]:
    """The catalogue files shipped with the engine, oldest first."""
    return catalogue_csv.shipped_versions(DATA_DIR)


@cache
def shipped_catalogue(version: int | None = None) -> Catalogue:
    """The shipped catalogue ``cards-v<version>.csv`` (default: the newest)."""
    path = shipped_file(DATA_DIR, version, CatalogueError)
    return parse_catalogue(
        path.read_text(encoding="utf-8"),
        version=path.stem.removeprefix("cards-"),
        source=f"engines/heroes_of_graxia/data/{path.name}",
    )
