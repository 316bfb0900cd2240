"""Decks for play: the construction rules plus ``card-not-playable`` for any card the engine
does not implement yet (never silently played wrong)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engines.arackhan_wars.cards import implemented
from engines.arackhan_wars.catalogue import Catalogue, shipped_catalogue
from engines.arackhan_wars.decklist import DeckInputError, parse_json, parse_text
from engines.arackhan_wars.format import StarterDeck, starter_decks, validate
from engines.base import DeckViolation

NOT_PLAYABLE = "card-not-playable"


def _parsed(deck: Any, catalogue: Catalogue) -> tuple[dict[str, Any], list[DeckViolation]]:
    if isinstance(deck, str | bytes):
        try:
            parsed = parse_text(deck, catalogue)
        except DeckInputError as exc:
            return {}, [DeckViolation("bad-line", str(exc))]
    else:
        try:
            parsed = parse_json(deck, catalogue)
        except DeckInputError as exc:
            return {}, [DeckViolation("bad-line", str(exc))]
    return parsed.data, list(parsed.problems)


def unplayable(data: dict[str, Any], catalogue: Catalogue) -> list[DeckViolation]:
    """One ``card-not-playable`` violation naming every card the engine cannot play yet."""
    ready = implemented()
    missing = []
    for item in data.get("cards") or ():
        card = catalogue.card(item["id"])
        if card is not None and card.id not in ready:
            missing.append(card)
    if not missing:
        return []
    names = ", ".join(c.label for c in missing)
    return [
        DeckViolation(
            NOT_PLAYABLE,
            f"The rules engine cannot play these cards yet: {names}.",
            tuple(c.label for c in missing),
            len(missing),
        )
    ]


def validate_for_play(deck: Any, catalogue: Catalogue) -> list[DeckViolation]:
    """Every reason ``deck`` (canonical data or a list's text) cannot be played."""
    data, problems = _parsed(deck, catalogue)
    if not data and problems:
        return problems
    report = validate(data, catalogue, problems=problems)
    return list(report.violations) + unplayable(data, catalogue)


def deck_cards(deck: Any) -> list[int]:
    """The card ids of a (valid) deck, one per copy, by ascending id."""
    catalogue = shipped_catalogue()
    data, _ = _parsed(deck, catalogue)
    out = []
    for item in data["cards"]:
        out.extend([catalogue.card(item["id"]).id] * item["copies"])
    return out


@cache
def playable_starters() -> tuple[StarterDeck, ...]:
    """The rulebook decks the engine can play in full."""
    catalogue = shipped_catalogue()
    return tuple(d for d in starter_decks() if not validate_for_play(d.data, catalogue))


@cache
def starter_cards() -> tuple[tuple[int, ...], ...]:
    """The card ids of each of :func:`playable_starters` (validated once, as ``deck_cards``)."""
    return tuple(tuple(deck_cards(d.data)) for d in playable_starters())
