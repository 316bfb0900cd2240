"""One catalogue row as a :class:`Card`: the rulebook's card diagram, checked column by column."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from engines.heroes_of_graxia.effects import (
    EQUIPMENT_ONLY,
    Effect,
    EffectError,
    parse_effects,
    special_text,
    spell_target,
    spell_timing,
)

NOTICE = (
    "Starter catalogue designed for the Gauntlet platform: card names from the rulebook, "
    "every number and Special is the platform's own design, not the publisher's."
)
"""Shown with the catalogue and on every card it describes."""

CLASSIFICATIONS = ("Equipment", "Spell", "Unit", "Hero", "Monster", "Wound", "Prestige")
TYPES: dict[str, tuple[str, ...]] = {
    "Equipment": ("Aura", "Armor", "Weapon"),
    "Unit": ("Mercenary", "Army", "Henchman"),
}
DECK_OF: dict[str, str] = {
    "Equipment": "Equipment",
    "Spell": "Spell",
    "Unit": "Unit",
    "Monster": "Monster",
    "Hero": "",
    "Wound": "",
    "Prestige": "",
}
"""The Deck Type Symbol each Classification carries (Heroes, Wounds and Prestige have none)."""
MAX_SEATS = 6


class CatalogueError(ValueError):
    """A catalogue file that cannot be read; ``line`` is its 1-based line number when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


def name_key(name: str) -> str:
    """The key names are compared by: case, accents, spacing and punctuation ignored."""
    text = unicodedata.normalize("NFKD", name).casefold()
    return "".join(ch for ch in text if ch.isalnum())


def slug_of(name: str) -> str:
    """The card's slug in actions and card ids: ``Wulffin's Raiders`` -> ``wulffins-raiders``."""
    text = unicodedata.normalize("NFKD", name).casefold().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the catalogue (``copies`` of it in the box)."""

    id: int
    name: str
    slug: str
    copies: int
    banner: bool
    deck: str
    classification: str
    type: str
    race: str
    cost: int | None
    sell: int
    health: int | None
    attack: int
    defense: int
    trophy: int
    specials: tuple[Effect, ...] = ()
    reward: tuple[Effect, ...] = ()
    points: int = 0

    @property
    def line(self) -> str:
        """``Classification - Type - Race`` as the card prints it (empty parts left out)."""
        return " - ".join(p for p in (self.classification, self.type, self.race) if p)

    @property
    def text(self) -> str:
        """The Specials (or reward) in words."""
        if self.classification == "Monster":
            return special_text(self.reward, "reward")
        vocabulary = "spell" if self.classification == "Spell" else "passive"
        return special_text(self.specials, vocabulary)

    @property
    def timing(self) -> str:
        """For a Spell: ``combat``, ``out`` or ``any`` (see :func:`effects.spell_timing`)."""
        return spell_timing(self.specials) if self.classification == "Spell" else ""

    @property
    def target(self) -> str:
        """For a Spell: ``own``, ``enemy`` or ``""`` (no target)."""
        return spell_target(self.specials) if self.classification == "Spell" else ""

    def to_row(self) -> dict[str, Any]:
        """The card as plain JSON data: this catalogue's own columns, plus the fields the
        platform's card browser files every game's cards under (``faction`` is the
        Classification, ``value`` the Cost, ``family`` the race, ``max_copies`` the box count)."""
        return {
            "id": self.id,
            "name": self.name,
            "slug": self.slug,
            "copies": self.copies,
            "banner": self.banner,
            "deck": self.deck,
            "classification": self.classification,
            "type": self.type,
            "race": self.race,
            "cost": self.cost,
            "sell": self.sell,
            "health": self.health,
            "attack": self.attack,
            "defense": self.defense,
            "trophy": self.trophy,
            "specials": ";".join(e.to_text() for e in self.specials),
            "reward": ";".join(e.to_text() for e in self.reward),
            "points": self.points,
            "text": self.text,
            "origin": NOTICE,
            # the platform's generic card fields
            "faction": self.classification,
            "kind": self.classification.lower(),
            "card_type": self.line,
            "value": self.cost or 0,
            "deck_building_value": None,
            "budget_value": self.cost or 0,
            "attributes": [e.to_text() for e in self.specials + self.reward],
            "family": self.race,
            "individual_limit": None,
            "legendary": False,
            "banned": False,
            "max_copies": self.copies,
            "alt_ids": [],
            "alt_names": [],
        }


def _cell(row: dict[str, Any], column: str) -> str:
    value = row.get(column)
    if value is None or value is False:
        return ""
    if value is True:
        return "yes"
    return " ".join(str(value).split())


def _int(row: dict[str, Any], column: str, line: int, *, top: int = 99) -> int | None:
    text = _cell(row, column)
    if not text:
        return None
    if not text.isdigit():
        raise CatalogueError(f"column {column!r} is not a whole number: {text!r}", line)
    number = int(text)
    if number > top:
        raise CatalogueError(f"column {column!r} is out of range (0 to {top}): {number}", line)
    return number


def _needed(
    row: dict[str, Any], column: str, line: int, what: str, *, low: int = 0, top: int = 99
) -> int:
    number = _int(row, column, line, top=top)
    if number is None:
        raise CatalogueError(f"column {column!r} is empty, but {what} needs it", line)
    if number < low:
        raise CatalogueError(f"column {column!r} must be at least {low} for {what}", line)
    return number


def card_from_row(row: dict[str, Any], line: int = 0) -> Card:
    """A card from one catalogue row (CSV strings, or the JSON of :meth:`Card.to_row`)."""
    name = _cell(row, "name")
    if not name:
        raise CatalogueError("column 'name' is empty", line)
    cls = _cell(row, "classification").title()
    if cls not in CLASSIFICATIONS:
        raise CatalogueError(
            f"{name}: unknown classification {cls!r} (known: {', '.join(CLASSIFICATIONS)})", line
        )
    kind = _cell(row, "type").title()
    if cls in TYPES:
        if kind not in TYPES[cls]:
            raise CatalogueError(
                f"{name}: a {cls} card's type is one of {', '.join(TYPES[cls])}, not {kind!r}",
                line,
            )
    elif kind:
        raise CatalogueError(f"{name}: a {cls} card has no type (got {kind!r})", line)
    deck = _cell(row, "deck").title()
    if deck != DECK_OF[cls]:
        want = DECK_OF[cls] or "no deck (leave it empty)"
        raise CatalogueError(f"{name}: a {cls} card belongs to {want}, not {deck!r}", line)
    banner_text = _cell(row, "banner").lower()
    if banner_text not in ("", "yes", "no", "true", "false", "1", "0"):
        raise CatalogueError(
            f"{name}: column 'banner' must be yes or no, not {banner_text!r}", line
        )
    banner = banner_text in ("yes", "true", "1")
    copies = _needed(row, "copies", line, "every card", low=1)
    if banner and cls not in ("Equipment", "Spell", "Unit"):
        raise CatalogueError(f"{name}: only Equipment, Spells and Units start in a deck", line)
    if banner and copies < MAX_SEATS:
        raise CatalogueError(
            f"{name}: a starting-deck card needs {MAX_SEATS} copies (one per player), not {copies}",
            line,
        )
    market = cls in ("Equipment", "Spell", "Unit")
    cost = _needed(row, "cost", line, f"a {cls} card") if market else _int(row, "cost", line)
    sell = _int(row, "sell", line) or 0
    health = attack = defense = None
    if cls in ("Unit", "Hero", "Monster"):
        health = _needed(row, "health", line, f"a {cls}", low=1)
        attack = _needed(row, "attack", line, f"a {cls}")
    if cls in ("Unit", "Hero"):
        defense = _needed(row, "defense", line, f"a {cls}")
    if cls == "Equipment":
        attack = _int(row, "attack", line) or 0
        defense = _int(row, "defense", line) or 0
    trophy = _int(row, "trophy", line) or 0
    if cls == "Monster" and _int(row, "trophy", line) is None:
        raise CatalogueError(f"{name}: a Monster needs a trophy value", line)
    try:
        if cls == "Spell":
            specials = parse_effects(_cell(row, "specials"), "spell")
            if not specials:
                raise CatalogueError(f"{name}: a Spell needs at least one effect", line)
        elif cls in ("Unit", "Hero", "Equipment"):
            specials = parse_effects(_cell(row, "specials"), "passive")
            doubling = [e.name for e in specials if e.name in EQUIPMENT_ONLY]
            if doubling and cls != "Equipment":
                raise CatalogueError(
                    f"{name}: {doubling[0]} is an Equipment Special (it doubles the listed "
                    "value of the Unit it is attached to); a Spell doubles with its own effect",
                    line,
                )
        elif _cell(row, "specials"):
            raise CatalogueError(f"{name}: a {cls} card has no Specials", line)
        else:
            specials = ()
        if cls == "Monster":
            reward = parse_effects(_cell(row, "reward"), "reward")
        elif _cell(row, "reward"):
            raise CatalogueError(f"{name}: only Monsters give a reward", line)
        else:
            reward = ()
    except EffectError as exc:
        raise CatalogueError(f"{name}: {exc}", line) from None
    points = 0
    if cls in ("Wound", "Prestige"):
        points = _needed(row, "points", line, f"a {cls} card", low=1)
    return Card(
        id=_needed(row, "id", line, "every card", top=10**9),
        name=name,
        slug=slug_of(name),
        copies=copies,
        banner=banner,
        deck=deck,
        classification=cls,
        type=kind,
        race=_cell(row, "race"),
        cost=cost,
        sell=sell,
        health=health,
        attack=attack or 0,
        defense=defense or 0,
        trophy=trophy,
        specials=specials,
        reward=reward,
        points=points,
    )
