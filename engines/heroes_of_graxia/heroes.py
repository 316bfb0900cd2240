"""The Hero choice: a seat's registration for the platform (its "deck")."""

from __future__ import annotations

from typing import Any

from engines.base import DeckViolation
from engines.heroes_of_graxia.catalogue import Catalogue

RANDOM = "random"


def hero_name(deck: Any) -> Any:
    """The name a registration gives: a string, or ``{"hero": name}``."""
    if isinstance(deck, dict) and set(deck) == {"hero"}:
        return deck["hero"]
    return deck


def hero_slug(deck: Any, catalogue: Catalogue) -> str | None:
    """The Hero's slug (or ``"random"``) that ``deck`` names, None when it names none."""
    name = hero_name(deck)
    if not isinstance(name, str):
        return None
    if " ".join(name.split()).lower() == RANDOM:
        return RANDOM
    card = catalogue.named(name)
    if card is None or card.classification != "Hero":
        return None
    return card.slug


def check_choice(deck: Any, catalogue: Catalogue) -> list[DeckViolation]:
    """Every problem of a Hero choice (an empty list when it names a Hero or "random")."""
    heroes = ", ".join(h.name for h in catalogue.heroes)
    choose = f"choose one of {heroes}, or random"
    if isinstance(deck, dict) and set(deck) != {"hero"}:
        extra = sorted(str(k) for k in deck if k != "hero")
        missing = "" if "hero" in deck else 'no "hero" field'
        detail = missing or f"unknown fields {', '.join(extra)}"
        return [
            DeckViolation(
                "bad-choice",
                f'A Hero choice is {{"hero": name}} ({detail}); {choose}.',
                tuple(extra),
            )
        ]
    name = hero_name(deck)
    if not isinstance(name, str) or not name.strip():
        return [
            DeckViolation(
                "bad-choice",
                f"A Heroes of Graxia registration names its Hero, not {type(name).__name__} "
                f"data; {choose}.",
            )
        ]
    if hero_slug(deck, catalogue) is not None:
        return []
    card = catalogue.named(name)
    shown = " ".join(name.split())[:80]
    if card is not None:
        return [
            DeckViolation(
                "not-a-hero",
                f"{card.name} is {_article(card.classification)} {card.classification} card, "
                f"not a Hero; {choose}.",
                (card.name,),
            )
        ]
    return [DeckViolation("unknown-hero", f"There is no Hero named {shown!r}; {choose}.", (shown,))]


def _article(word: str) -> str:
    return "an" if word[:1] in "AEIOU" else "a"
