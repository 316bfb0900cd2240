"""Helpers shared by the AracKhan Wars deck tests (not a test module)."""

from __future__ import annotations

from engines.arackhan_wars.catalogue import shipped_catalogue
from engines.arackhan_wars.format import DeckReport, validate

CAT = shipped_catalogue(1)
ID = {(c.name, c.faction): c.id for c in CAT.cards.values()}


def cid(name: str, faction: str | None = None) -> int:
    if faction is None:
        (card,) = CAT.named(name)
        return card.id
    return ID[(name, faction)]


def deck(*items: tuple[str, int], faction: str | None = None) -> dict:
    """Deck data from (name, copies) pairs; a name may be "Name|Faction"."""
    cards: dict[int, int] = {}
    for name, n in items:
        base, _, fac = name.partition("|")
        key = cid(base, fac or None)
        cards[key] = cards.get(key, 0) + n
    return {"faction": faction, "cards": [{"id": k, "copies": v} for k, v in sorted(cards.items())]}


def check(data: dict, catalogue=CAT) -> DeckReport:
    return validate(data, catalogue)


def rules(report: DeckReport) -> list[str]:
    return [v.rule for v in report.violations]
