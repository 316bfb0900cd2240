"""The AracKhan Wars card catalogue: versioned data files read into plain, immutable objects.

A catalogue version is a CSV file (``data/cards-vN.csv``, see ``data/SOURCE.md``). Card names are
not unique ("Nemesio" exists once per faction): cards are keyed by id, and by name + faction.
Alternative printings (``alt_versions``) are the same card under another id.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engines import catalogue_csv
from engines.catalogue_csv import read_cards, shipped_file

DATA_DIR = Path(__file__).resolve().parent / "data"

FACTIONS: tuple[str, ...] = ("Whitelands", "Nakka", "Grey Order", "Blight")

REQUIRED_COLUMNS = (
    "id",
    "name",
    "faction",
    "card_type",
    "value",
    "deck_building_value",
    "attributes",
    "individual_limit",
    "legendary",
)

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}

HIGH_VALUE = 6
"""A card whose deck-building value is at least this is limited to ``HIGH_VALUE_COPIES`` copies."""
HIGH_VALUE_COPIES = 6

_ALT = re.compile(r"^\s*([A-Za-z0-9'’ -]+?)\s*\((\d+)\)\s*(?:-\s*([A-Za-z]+))?\s*$")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


class CatalogueError(ValueError):
    """A catalogue file that cannot be read; ``line`` is its 1-based line number when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


def name_key(name: str) -> str:
    """The key names are compared by: case, accents, spacing and punctuation ignored."""
    text = unicodedata.normalize("NFKD", name).casefold()
    return "".join(ch for ch in text if ch.isalnum())


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    name: str
    faction: str
    card_type: str
    value: int
    deck_building_value: int | None
    attack: int | None = None
    defense: int | None = None
    attributes: tuple[str, ...] = ()
    family: str = ""
    individual_limit: int | None = None
    legendary: bool = False
    astral_plane: bool = False
    banned: bool = False
    alt_ids: tuple[int, ...] = ()
    alt_names: tuple[str, ...] = ()
    extra: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    @property
    def budget_value(self) -> int:
        """The deck-building value: the secondary value where printed, else the core value."""
        return self.value if self.deck_building_value is None else self.deck_building_value

    @property
    def kind(self) -> str:
        """``creature``, ``land`` or ``spell``."""
        return self.card_type.split(" ", 1)[0].lower()

    @property
    def initiative(self) -> bool:
        return "Initiative" in self.attributes

    @property
    def stealth(self) -> bool:
        return "Stealth" in self.attributes

    @property
    def max_copies(self) -> int | None:
        """Copies a deck may hold (None: no limit but the deck size).

        Legendary: 1; otherwise the roman-numeral individual limit where printed (it replaces the
        six-copy rule, see docs/rules/arackhan-wars.md); otherwise 6 for a card whose
        deck-building value is 6 or more.
        """
        if self.legendary:
            return 1
        if self.individual_limit is not None:
            return self.individual_limit
        if self.budget_value >= HIGH_VALUE:
            return HIGH_VALUE_COPIES
        return None

    @property
    def label(self) -> str:
        """The name with its faction, e.g. ``Nemesio (Blight)``."""
        return f"{self.name} ({self.faction})"

    def to_row(self) -> dict[str, Any]:
        """The card as plain JSON data (what the database stores and the API shows)."""
        return {
            "id": self.id,
            "name": self.name,
            "faction": self.faction,
            "card_type": self.card_type,
            "kind": self.kind,
            "value": self.value,
            "deck_building_value": self.deck_building_value,
            "budget_value": self.budget_value,
            "attack": self.attack,
            "defense": self.defense,
            "attributes": list(self.attributes),
            "family": self.family,
            "individual_limit": self.individual_limit,
            "legendary": self.legendary,
            "astral_plane": self.astral_plane,
            "banned": self.banned,
            "max_copies": self.max_copies,
            "alt_ids": list(self.alt_ids),
            "alt_names": list(self.alt_names),
        }


def _int(value: str, column: str, line: int, *, optional: bool, top: int = 1000) -> int | None:
    value = (value or "").strip()
    if not value:
        if optional:
            return None
        raise CatalogueError(f"column {column!r} is empty", line)
    try:
        number = int(value)
    except ValueError:
        raise CatalogueError(f"column {column!r} is not a whole number: {value!r}", line) from None
    if not 0 <= number <= top:
        raise CatalogueError(f"column {column!r} is out of range: {number}", line)
    return number


def _bool(value: str, column: str, line: int) -> bool:
    value = (value or "").strip().lower()
    if value in ("yes", "true", "1"):
        return True
    if value in ("", "no", "false", "0"):
        return False
    raise CatalogueError(f"column {column!r} must be yes or no, not {value!r}", line)


def _alts(value: str, line: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
    ids, names = [], []
    for part in (value or "").split(";"):
        if not part.strip():
            continue
        match = _ALT.match(part)
        if not match:
            raise CatalogueError(f"alternative printing {part!r} is not Name(id)", line)
        ids.append(int(match.group(2)))
        names.append(_CAMEL.sub(" ", match.group(1)).strip())
    return tuple(ids), tuple(names)


def card_from_row(row: dict[str, Any], line: int = 0) -> Card:
    """A card from one catalogue row (CSV strings, or the JSON of :meth:`Card.to_row`)."""
    if "alt_names" in row:  # JSON form, already typed
        return Card(
            id=int(row["id"]),
            name=row["name"],
            faction=row["faction"],
            card_type=row["card_type"],
            value=int(row["value"]),
            deck_building_value=row.get("deck_building_value"),
            attack=row.get("attack"),
            defense=row.get("defense"),
            attributes=tuple(row.get("attributes") or ()),
            family=row.get("family") or "",
            individual_limit=row.get("individual_limit"),
            legendary=bool(row.get("legendary")),
            astral_plane=bool(row.get("astral_plane")),
            banned=bool(row.get("banned")),
            alt_ids=tuple(row.get("alt_ids") or ()),
            alt_names=tuple(row.get("alt_names") or ()),
        )
    name = " ".join((row.get("name") or "").split())
    if not name:
        raise CatalogueError("column 'name' is empty", line)
    faction = (row.get("faction") or "").strip()
    if faction not in FACTIONS:
        raise CatalogueError(f"unknown faction {faction!r} (known: {', '.join(FACTIONS)})", line)
    limit_text = (row.get("individual_limit") or "").strip().upper()
    if limit_text and limit_text not in ROMAN:
        raise CatalogueError(f"individual limit {limit_text!r} is not a roman numeral", line)
    attributes = tuple(a.strip() for a in (row.get("attributes") or "").split(";") if a.strip())
    alt_ids, alt_names = _alts(row.get("alt_versions") or "", line)
    return Card(
        id=_int(row.get("id"), "id", line, optional=False, top=10**9),
        name=name,
        faction=faction,
        card_type=(row.get("card_type") or "").strip(),
        value=_int(row.get("value"), "value", line, optional=False),
        deck_building_value=_int(
            row.get("deck_building_value"), "deck_building_value", line, optional=True
        ),
        attack=_int(row.get("attack"), "attack", line, optional=True),
        defense=_int(row.get("defense"), "defense", line, optional=True),
        attributes=attributes,
        family=(row.get("family") or "").strip(),
        individual_limit=ROMAN[limit_text] if limit_text else None,
        legendary=_bool(row.get("legendary"), "legendary", line),
        astral_plane=_bool(row.get("astral_plane"), "astral_plane", line),
        banned=_bool(row.get("banned"), "banned", line),
        alt_ids=alt_ids,
        alt_names=alt_names,
    )


class Catalogue:
    """One version of the card list: lookups by id (alternative printings included) and name."""

    game = "arackhan-wars"

    def __init__(self, cards: list[Card], version: str = "", source: str = "") -> None:
        self.version = version
        self.source = source
        self.cards: dict[int, Card] = {}
        self.base_id: dict[int, int] = {}
        """Any printing's id -> the card's id."""
        self.by_key: dict[str, list[Card]] = {}
        """name_key(name or printing name) -> the cards of that name (one per faction)."""
        self.printing_keys: dict[tuple[str, str], int] = {}
        for card in cards:
            if card.id in self.base_id:
                raise CatalogueError(f"card id {card.id} appears twice")
            self.cards[card.id] = card
            self.base_id[card.id] = card.id
        for card in cards:
            for alt in card.alt_ids:
                if alt in self.base_id:
                    raise CatalogueError(f"alternative printing id {alt} appears twice")
                self.base_id[alt] = card.id
            keys = {name_key(card.name)} | {name_key(n) for n in card.alt_names}
            for key in keys:
                same = self.by_key.setdefault(key, [])
                if any(other.faction == card.faction for other in same):
                    raise CatalogueError(f"two {card.faction} cards are named {card.name!r}")
                same.append(card)
        self.display_names: list[str] = sorted({c.name for c in cards})
        self.fast: dict[int, tuple[int, int, bool, bool, str, int, bool]] = {}
        """Any printing's id -> (card id, deck-building value, initiative, stealth, faction,
        copies allowed (99: no card limit), banned): what validation reads per card."""
        for pid, base in self.base_id.items():
            c = self.cards[base]
            limit = c.max_copies
            self.fast[pid] = (
                base,
                c.budget_value,
                c.initiative,
                c.stealth,
                c.faction,
                99 if limit is None else limit,
                c.banned,
            )

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, card_id: int) -> Card | None:
        """The card with this id or the id of one of its alternative printings."""
        base = self.base_id.get(card_id)
        return None if base is None else self.cards[base]

    def named(self, name: str) -> list[Card]:
        """Every card of this name (odd case and spacing allowed), one per faction."""
        return self.by_key.get(name_key(name), [])

    def rows(self) -> list[dict[str, Any]]:
        return [card.to_row() for card in self.cards.values()]

    @classmethod
    def from_rows(
        cls, rows: list[dict[str, Any]], version: str = "", source: str = ""
    ) -> Catalogue:
        """A catalogue from the JSON rows of :meth:`rows` (what the database keeps)."""
        return cls([card_from_row(row) for row in rows], version=version, source=source)


def parse_catalogue(text: str, version: str = "", source: str = "") -> Catalogue:
    """Read a catalogue CSV (the columns of ``data/cards-v1.csv``); raise :class:`CatalogueError`."""
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
        source=f"engines/arackhan_wars/data/{path.name}",
    )
