"""The Akhedena card catalogue: versioned CSV files read into plain, immutable objects.

No card list with numbers has been published for Akhedena, so the platform ships its own starter
set (``data/cards-v1.csv``, every row marked ``origin=platform``; see ``data/SOURCE.md``). A full
catalogue replaces it through :func:`parse_catalogue` (``manage.py load_catalogue akhedena FILE``).

Columns: ``id`` (a whole number), ``name`` (unique), ``kind`` (Hero, Castle, Commander, Army),
``main_type`` (Infantry, Cavalry or Ranged for Commanders and Army cards, empty for the Hero and
Castle cards), ``weapon``, ``attack``, ``defence``, ``max_copies`` (per army list), ``banned``
(yes/no) and ``origin`` (``platform`` for the platform's own cards, else the publisher's name).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engines import catalogue_csv
from engines.catalogue_csv import read_cards, shipped_file
from engines.decks import CatalogueError

DATA_DIR = Path(__file__).resolve().parent / "data"

KINDS = ("hero", "castle", "commander", "army")
MAIN_TYPES = ("Infantry", "Cavalry", "Ranged")
REQUIRED_COLUMNS = ("id", "name", "kind", "main_type", "weapon", "attack", "defence")
MAX_STAT = 99


def name_key(name: str) -> str:
    """The key names are compared by: case, accents, spacing and punctuation ignored."""
    text = unicodedata.normalize("NFKD", name).casefold()
    return "".join(ch for ch in text if ch.isalnum())


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a Hero, Castle or Commander card (a piece's leader) or an Army card."""

    id: int
    name: str
    kind: str
    main_type: str
    weapon: str
    attack: int
    defence: int
    max_copies: int = 1
    banned: bool = False
    origin: str = "platform"

    @property
    def card_type(self) -> str:
        """As a player says it: ``Hero``, ``Castle``, ``Infantry Commander``, ``Ranged Army``."""
        if self.kind in ("hero", "castle"):
            return self.kind.title()
        return f"{self.main_type} {self.kind.title()}"

    @property
    def label(self) -> str:
        """``Swordsmen (Infantry Army, Sword 4/3)``."""
        return f"{self.name} ({self.card_type}, {self.weapon} {self.attack}/{self.defence})"

    def to_row(self) -> dict[str, Any]:
        """The card as plain JSON: the platform's catalogue columns (``faction`` holds the main
        type, ``attributes`` the weapon) plus this game's own (``main_type``, ``weapon``,
        ``defence``, ``origin``)."""
        return {
            "id": self.id,
            "name": self.name,
            "faction": self.main_type or self.kind.title(),
            "card_type": self.card_type,
            "kind": self.kind,
            "main_type": self.main_type,
            "weapon": self.weapon,
            "value": 0,
            "deck_building_value": None,
            "budget_value": 0,
            "attack": self.attack,
            "defense": self.defence,
            "defence": self.defence,
            "attributes": [self.weapon],
            "family": self.weapon,
            "individual_limit": None,
            "legendary": False,
            "astral_plane": False,
            "banned": self.banned,
            "max_copies": self.max_copies,
            "alt_ids": [],
            "alt_names": [],
            "origin": self.origin,
        }


def _int(value: Any, column: str, line: int, top: int) -> int:
    text = str(value if value is not None else "").strip()
    if not text:
        raise CatalogueError(f"column {column!r} is empty", line)
    try:
        number = int(text)
    except ValueError:
        raise CatalogueError(f"column {column!r} is not a whole number: {text!r}", line) from None
    if not 0 <= number <= top:
        raise CatalogueError(f"column {column!r} is out of range (0 to {top}): {number}", line)
    return number


def _bool(value: Any, column: str, line: int) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value or "").strip().lower()
    if text in ("yes", "true", "1"):
        return True
    if text in ("", "no", "false", "0"):
        return False
    raise CatalogueError(f"column {column!r} must be yes or no, not {text!r}", line)


def card_from_row(row: dict[str, Any], line: int = 0) -> Card:
    """A card from one catalogue row: CSV strings, or the JSON of :meth:`Card.to_row`."""
    name = " ".join(str(row.get("name") or "").split())
    if not name:
        raise CatalogueError("column 'name' is empty", line)
    kind = str(row.get("kind") or "").strip().lower()
    if kind not in KINDS:
        raise CatalogueError(
            f"{name}: unknown kind {kind!r} (known: Hero, Castle, Commander, Army)", line
        )
    main = str(row.get("main_type") or "").strip().title()
    if kind in ("commander", "army"):
        if main not in MAIN_TYPES:
            raise CatalogueError(
                f"{name}: {'an' if kind == 'army' else 'a'} {kind.title()} card needs a main type "
                f"({', '.join(MAIN_TYPES)}), not {main!r}",
                line,
            )
    elif main:
        raise CatalogueError(f"{name}: a {kind.title()} card has no main type ({main!r})", line)
    weapon = " ".join(str(row.get("weapon") or "").split()).title()
    if not weapon:
        raise CatalogueError(f"{name}: column 'weapon' is empty", line)
    defence = row.get("defence", row.get("defense"))
    return Card(
        id=_int(row.get("id"), "id", line, 10**9),
        name=name,
        kind=kind,
        main_type=main,
        weapon=weapon,
        attack=_int(row.get("attack"), "attack", line, MAX_STAT),
        defence=_int(defence, "defence", line, MAX_STAT),
        max_copies=_int(row.get("max_copies") or 1, "max_copies", line, 20),
        banned=_bool(row.get("banned"), "banned", line),
        origin=" ".join(str(row.get("origin") or "").split())[:80] or "unknown",
    )


class Catalogue:
    """One version of the card list: lookups by id and by name."""

    game = "akhedena"

    def __init__(self, cards: list[Card], version: str = "", source: str = "") -> None:
        self.version = version
        self.source = source
        self.cards: dict[int, Card] = {}
        self.by_key: dict[str, Card] = {}
        for card in cards:
            if card.id in self.cards:
                raise CatalogueError(f"card id {card.id} appears twice")
            key = name_key(card.name)
            if key in self.by_key:
                raise CatalogueError(f"two cards are named {card.name!r}")
            self.cards[card.id] = card
            self.by_key[key] = card
        missing = [k for k in KINDS if not any(c.kind == k for c in cards)]
        if missing:
            raise CatalogueError(f"the catalogue has no {', '.join(missing)} card")

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, card_id: int) -> Card | None:
        return self.cards.get(card_id)

    def named(self, name: str) -> list[Card]:
        """The card of this name (odd case and spacing allowed) as a list (empty: none)."""
        card = self.by_key.get(name_key(name))
        return [card] if card is not None else []

    def rows(self) -> list[dict[str, Any]]:
        return [card.to_row() for card in self.cards.values()]

    @property
    def platform_own(self) -> bool:
        """True when every card is the platform's own design (not published numbers)."""
        return all(card.origin == "platform" for card in self.cards.values())

    @classmethod
    def from_rows(
        cls, rows: list[dict[str, Any]], version: str = "", source: str = ""
    ) -> Catalogue:
        """A catalogue from the JSON rows of :meth:`rows` (what the database keeps)."""
        return cls([card_from_row(row) for row in rows], version=version, source=source)


def parse_catalogue(text: str, version: str = "", source: str = "") -> Catalogue:
    """Read a catalogue CSV (the columns of ``data/cards-v1.csv``); raise :class:`CatalogueError`
    naming the line and column of the first problem."""
    cards = read_cards(text, REQUIRED_COLUMNS, card_from_row, CatalogueError)
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
        source=f"engines/akhedena/data/{path.name}",
    )
