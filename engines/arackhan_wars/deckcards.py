"""Card entries of a deck list to catalogue cards: names (any case, printings such as "Full
Art", a faction in brackets), the deck's faction settling names several factions share, and
"did you mean" suggestions for unknown names. ``decklist.py`` reads the lists."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from engines.arackhan_wars.catalogue import FACTIONS, Card, Catalogue, name_key
from engines.base import DeckViolation

PRINTINGS = (
    "full art holo",
    "full art",
    "fullart",
    "alternative art",
    "alt art",
    "alternate art",
    "holo",
    "foil",
)
"""Printing names that may follow a card's name and name the same card."""

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
"""Control characters, removed from what a list quotes back."""
_FACTION_OF_KEY = {name_key(f): f for f in FACTIONS}


def shown(name: str) -> str:
    """A name as quoted back to a player: control characters removed, length capped."""
    name = CONTROL.sub("", name)
    return name if len(name) <= 60 else name[:57] + "..."


def suggest(name: str, catalogue: Catalogue) -> list[str]:
    """Up to three catalogue names close to ``name`` (for "did you mean")."""
    keys = _suggestion_keys(catalogue)
    close = difflib.get_close_matches(name_key(name), list(keys), n=3, cutoff=0.6)
    out: list[str] = []
    for key in close:
        if keys[key] not in out:
            out.append(keys[key])
    return out


_SUGGESTION_CACHE: dict[int, dict[str, str]] = {}


def _suggestion_keys(catalogue: Catalogue) -> dict[str, str]:
    keys = _SUGGESTION_CACHE.get(id(catalogue))
    if keys is None or len(_SUGGESTION_CACHE) > 32:
        keys = {}
        for card in catalogue.cards.values():
            keys.setdefault(name_key(card.name), card.name)
        _SUGGESTION_CACHE[id(catalogue)] = keys
    return keys


@dataclass
class Entry:
    """One card entry of a list: its line (None in JSON), name, bracketed qualifier, copies."""

    line: int | None
    name: str
    qualifier: str
    copies: int


def faction_of(text: str) -> str | None:
    """The faction ``text`` names (any case and spacing), or None."""
    return _FACTION_OF_KEY.get(name_key(text))


def resolve(
    entries: list[Entry], catalogue: Catalogue, declared: str | None
) -> tuple[dict[str, Any], list[DeckViolation], dict[int, int]]:
    """Names to cards; the deck's faction settles names several factions share."""
    problems: list[DeckViolation] = []
    found: list[tuple[Entry, Card | None, list[Card]]] = []
    for entry in entries:
        candidates: list[Card] = []
        faction = faction_of(entry.qualifier) if entry.qualifier else None
        if entry.qualifier and faction is None:
            # "Xenodon (alternative art)", or a name with brackets in it
            candidates = catalogue.named(f"{entry.name} {entry.qualifier}")
            if not candidates and name_key(entry.qualifier) in {name_key(p) for p in PRINTINGS}:
                candidates = catalogue.named(entry.name)
        else:
            candidates = catalogue.named(entry.name)
            if not candidates:
                for printing in PRINTINGS:
                    key = name_key(entry.name)
                    if key.endswith(name_key(printing)):
                        candidates = catalogue.named(key[: -len(name_key(printing))])
                        if candidates:
                            break
        if faction is not None:
            candidates = [c for c in candidates if c.faction == faction]
        found.append((entry, candidates[0] if len(candidates) == 1 else None, candidates))

    if declared is None:
        weights: Counter[str] = Counter()
        for entry, card, _ in found:
            if card is not None:
                weights[card.faction] += entry.copies
        declared = weights.most_common(1)[0][0] if weights else None

    copies: Counter[int] = Counter()
    lines: dict[int, int] = {}
    for entry, card, candidates in found:
        if card is None and candidates:
            mine = [c for c in candidates if c.faction == declared]
            if len(mine) == 1:
                card = mine[0]
            else:
                labels = tuple(c.label for c in candidates)
                problems.append(
                    DeckViolation(
                        "ambiguous-card",
                        f"Line {entry.line}: several factions have a card named "
                        f"{candidates[0].name!r}; write one of {', '.join(labels)}."
                        if entry.line
                        else f"Several factions have a card named {candidates[0].name!r}; "
                        f"give its id or one of {', '.join(labels)}.",
                        labels,
                        entry.copies,
                        entry.line,
                    )
                )
                continue
        if card is None:
            name = shown(entry.name + (f" ({entry.qualifier})" if entry.qualifier else ""))
            hints = suggest(entry.name, catalogue)
            hint = f" Did you mean {' or '.join(repr(h) for h in hints)}?" if hints else ""
            where = f"Line {entry.line}: " if entry.line else ""
            problems.append(
                DeckViolation(
                    "unknown-card",
                    f"{where}there is no card named {name!r} in catalogue "
                    f"{catalogue.version or 'in use'}.{hint}",
                    (name, *hints),
                    entry.copies,
                    entry.line,
                )
            )
            continue
        copies[card.id] += entry.copies
        if entry.line is not None:
            lines.setdefault(card.id, entry.line)
    data = {
        "faction": declared,
        "cards": [{"id": cid, "copies": n} for cid, n in sorted(copies.items())],
    }
    return data, problems, lines
