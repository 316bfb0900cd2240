"""A validation report laid out along the lines of the pasted list, for the deck editor.

Each violation goes next to the line(s) it is about: the line the engine gives, and for the
rules about a group of cards (factions, Initiative, Stealth) every line naming one of them.
Violations about the whole deck (size, budget) come first.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from decks import services
from engines.decks import DeckInputError, DeckReport, ParsedDeck

GROUP_RULES = frozenset({"single-faction", "max-initiative", "max-stealth"})
"""Rules whose violation names several cards: shown next to each of their lines."""


@dataclass
class ListLine:
    number: int
    text: str
    violations: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class LaidOutReport:
    """What the editor shows: the verdict, deck-wide violations, and the list line by line."""

    legal: bool
    total_value: int | None
    cards: int
    faction: str | None
    catalogue: str
    general: list[dict[str, Any]]
    lines: list[ListLine]
    count: int
    error: str = ""

    @property
    def flagged_lines(self) -> list[ListLine]:
        return [line for line in self.lines if line.violations]


def _card_lines(parsed: ParsedDeck, catalogue: Any) -> dict[str, set[int]]:
    """Card name or ``Name (Faction)`` label -> the lines naming that card."""
    out: dict[str, set[int]] = {}
    if catalogue is None:
        return out
    for card_id, line in parsed.lines.items():
        card = catalogue.card(card_id)
        if card is not None:
            out.setdefault(card.name, set()).add(line)
            out.setdefault(card.label, set()).add(line)
    return out


def lay_out(text: str, report: DeckReport, parsed: ParsedDeck, catalogue: Any) -> LaidOutReport:
    """Put each violation of ``report`` next to the lines of ``text`` it is about."""
    rows = [ListLine(n, line) for n, line in enumerate(text.splitlines(), start=1)]
    by_card = _card_lines(parsed, catalogue)
    general: list[dict[str, Any]] = []
    for violation in report.violations:
        item = violation.to_json()
        where = {violation.line} if violation.line else set()
        if violation.rule in GROUP_RULES:
            for name in violation.cards:
                where |= by_card.get(name, set())
        where = {n for n in where if 1 <= n <= len(rows)}
        if not where:
            general.append(item)
        for n in sorted(where):
            rows[n - 1].violations.append(item)
    return LaidOutReport(
        legal=report.legal,
        total_value=report.total_value,
        cards=report.cards,
        faction=report.faction,
        catalogue=report.catalogue,
        general=general,
        lines=[row for row in rows if row.text.strip()],
        count=len(report.violations),
    )


def check_text(game: str, text: str, on: dt.date | None = None) -> LaidOutReport:
    """Validate ``text`` as a deck of ``game`` (nothing stored) and lay the result out.

    A list that is no deck list at all (empty, binary, too long) gives a report whose
    ``error`` says why; :class:`engines.decks.UnknownFormat` propagates.
    """
    try:
        report, parsed, version = services.validate_deck(game, text=text, on=on)
    except DeckInputError as exc:
        return LaidOutReport(False, None, 0, None, "", [], [], 0, error=str(exc))
    return lay_out(text, report, parsed, services.engine_catalogue(version))
