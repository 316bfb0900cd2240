"""The Heroes of Graxia registration format: a seat's "deck" is its Hero choice.

Heroes of Graxia is a deck-*building* game: every player starts from the same twelve cards and
the deck grows during play, so what a player registers is the Hero (or ``random``). The choice
is checked against the catalogue in force like any deck, every problem named
(:func:`engines.heroes_of_graxia.heroes.check_choice`).
"""

from __future__ import annotations

from typing import Any

from engines.deck_types import DeckInputError, DeckReport, ParsedDeck, StarterDeck
from engines.heroes_of_graxia.catalogue import Catalogue
from engines.heroes_of_graxia.heroes import RANDOM, check_choice, hero_name, hero_slug


def parse_choice(raw: Any, catalogue: Catalogue) -> ParsedDeck:
    """A registration from text (the Hero's name, optionally after ``hero:``) or JSON data
    (``{"hero": name}``) -> canonical data ``{"hero": slug}`` (an unknown name is kept as
    given, for :func:`validate` to report)."""
    if isinstance(raw, str):
        text = " ".join(raw.split())
        if text.lower().startswith("hero:"):
            text = text[5:].strip()
        raw = text
    if not isinstance(raw, str | dict):
        raise DeckInputError('a Heroes of Graxia registration is a Hero\'s name, or {"hero": name}')
    slug = hero_slug(raw, catalogue)
    if slug is not None:
        return ParsedDeck({"hero": slug}, [])
    name = hero_name(raw)
    if isinstance(raw, dict) and set(raw) != {"hero"}:
        return ParsedDeck(dict(raw), [])
    return ParsedDeck({"hero": name if not isinstance(name, str) else name[:80]}, [])


def validate(data: Any, catalogue: Catalogue, problems: Any = ()) -> DeckReport:
    """Every problem of a registration (the list's own ``problems`` first)."""
    violations = list(problems) + check_choice(data, catalogue)
    return DeckReport(not violations, None, 1, None, violations, catalogue=catalogue.version)


def export_text(data: Any, catalogue: Catalogue, name: str = "") -> str:
    """Text that :func:`parse_choice` reads back to ``data``."""
    head = f"# {name}\n" if name else ""
    slug = hero_slug(data, catalogue)
    if slug == RANDOM:
        return f"{head}random\n"
    card = catalogue.by_slug.get(slug or "")
    return f"{head}{card.name if card else hero_name(data)}\n"


def starter_decks(catalogue: Catalogue) -> tuple[StarterDeck, ...]:
    """One registration per Hero, and one for a Hero dealt at random."""
    out = [
        StarterDeck(
            hero.slug,
            hero.name,
            hero.line,
            {"hero": hero.slug},
            note=hero.text,
        )
        for hero in catalogue.heroes
    ]
    out.append(StarterDeck(RANDOM, "A random Hero", "", {"hero": RANDOM}, note="dealt at setup"))
    return tuple(out)
