"""The AracKhan Wars deck format: the construction rules, checked all at once.

Rules (rulebook "Building a Faction Deck", as the digital edition applies them; each reading is in
docs/rules/arackhan-wars.md):

- ``deck-size``: exactly 23 cards;
- ``single-faction``: all of one faction;
- ``point-budget``: deck-building values (the secondary value where printed) add up to <= 125;
- ``max-initiative``: at most 5 cards with Initiative (spells too);
- ``max-stealth``: at most 6 cards with Stealth;
- ``legendary-copies``: one copy of a legendary card (lands are legendary except Eternal Roots
  and Dark Tunnel: the catalogue says so card by card);
- ``individual-limit``: the roman-numeral limit printed on a card caps its copies;
- ``copies-of-high-value``: otherwise at most 6 copies of a card whose deck-building value is 6+;
- ``banned-card``: a card the catalogue version in use bans;
- ``unknown-card``, ``ambiguous-card``, ``bad-line``: problems of the list itself (decklist.py).
"""

from __future__ import annotations

import csv
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engines.arackhan_wars.catalogue import (
    DATA_DIR,
    HIGH_VALUE,
    HIGH_VALUE_COPIES,
    Card,
    Catalogue,
)
from engines.base import DeckViolation

DECK_SIZE = 23
POINT_BUDGET = 125
MAX_INITIATIVE = 5
MAX_STEALTH = 6

UNREAD_LINE_RULES = frozenset({"unknown-card", "ambiguous-card"})
"""Problems of a list's line naming no single card; their copies still count in the size."""

RULES: dict[str, str] = {
    "deck-size": f"A deck has exactly {DECK_SIZE} cards.",
    "single-faction": "Every card of a deck comes from one faction.",
    "point-budget": f"The deck-building values of the cards add up to {POINT_BUDGET} or less.",
    "max-initiative": f"At most {MAX_INITIATIVE} cards with the Initiative attribute.",
    "max-stealth": f"At most {MAX_STEALTH} cards with the Stealth attribute.",
    "legendary-copies": "At most one copy of a legendary card.",
    "individual-limit": "No more copies of a card than its roman-numeral individual limit.",
    "copies-of-high-value": (
        f"At most {HIGH_VALUE_COPIES} copies of a card whose deck-building value is "
        f"{HIGH_VALUE} or more."
    ),
    "banned-card": "No card that the catalogue version in force bans.",
    "unknown-card": "Every card is in the catalogue.",
    "ambiguous-card": "A name several factions share names its faction, e.g. Nemesio (Blight).",
    "bad-line": "Every line of a list reads as a number of copies and a card name.",
}


@dataclass
class DeckReport:
    """What a validation found: legality, total deck-building value and every violation."""

    legal: bool
    total_value: int | None
    cards: int
    faction: str | None
    violations: list[DeckViolation] = field(default_factory=list)
    catalogue: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "total_value": self.total_value,
            "cards": self.cards,
            "faction": self.faction,
            "catalogue": self.catalogue,
            "violations": [v.to_json() for v in self.violations],
        }


def _listing(items: list[tuple[Card, int]]) -> str:
    return ", ".join(f"{card.name} ({n})" for card, n in items)


def validate(
    data: dict[str, Any],
    catalogue: Catalogue,
    *,
    lines: dict[int, int] | None = None,
    problems: list[DeckViolation] | tuple[DeckViolation, ...] = (),
) -> DeckReport:
    """Every construction rule the canonical deck ``data`` breaks under ``catalogue``.

    ``lines`` (card id -> line of the list) adds line numbers; ``problems`` are the list's own
    problems from parsing (reported first); the copies on its unknown or ambiguous lines count
    in the deck's size (and in ``cards``).
    """
    lines = lines or {}
    out: list[DeckViolation] = list(problems)
    cards = catalogue.cards
    fast = catalogue.fast
    counts: dict[int, int] = {}
    factions: dict[str, int] = {}
    size = total = n_init = n_stealth = 0
    for item in data.get("cards") or ():
        cid, n = item["id"], item["copies"]
        size += n
        info = fast.get(cid)
        if info is None:
            out.append(
                DeckViolation(
                    "unknown-card",
                    f"Card id {cid} is not in catalogue {catalogue.version or 'in use'}.",
                    (str(cid),),
                    n,
                    lines.get(cid),
                )
            )
            continue
        base, value, has_init, has_stealth, faction_of, _, _ = info
        counts[base] = counts.get(base, 0) + n
        total += value * n
        factions[faction_of] = factions.get(faction_of, 0) + n
        if has_init:
            n_init += n
        if has_stealth:
            n_stealth += n
    held = [(cards[cid], n) for cid, n in counts.items()]
    initiative = [(c, n) for c, n in held if c.initiative] if n_init > MAX_INITIATIVE else []
    stealth = [(c, n) for c, n in held if c.stealth] if n_stealth > MAX_STEALTH else []

    def line_of(group: list[tuple[Card, int]]) -> int | None:
        found = [lines[c.id] for c, _ in group if c.id in lines]
        return min(found) if found else None

    # -- size and faction --------------------------------------------------------------------
    # The copies on the list's lines that name no card (misspelt, or ambiguous) are cards the
    # player meant: the size counts them, so fixing a name does not change the advice.
    unread = sum(p.count or 0 for p in problems if p.rule in UNREAD_LINE_RULES)
    size += unread
    if size != DECK_SIZE:
        diff = size - DECK_SIZE
        more = f"remove {diff}" if diff > 0 else f"add {-diff}"
        counted = (
            f", counting the {unread} on lines naming no card of the catalogue" if unread else ""
        )
        out.append(
            DeckViolation(
                "deck-size",
                f"A deck has exactly {DECK_SIZE} cards; this one has {size}{counted} ({more}).",
                count=size,
            )
        )
    faction = data.get("faction") or (max(factions, key=factions.__getitem__) if factions else None)
    strangers = []
    if len(factions) > 1 or (factions and faction not in factions):
        strangers = sorted(
            ((c, n) for c, n in held if c.faction != faction),
            key=lambda cn: (cn[0].faction, cn[0].id),
        )
    if strangers:
        by_faction = Counter()
        for c, n in strangers:
            by_faction[c.faction] += n
        others = ", ".join(f"{f} ({n})" for f, n in sorted(by_faction.items()))
        out.append(
            DeckViolation(
                "single-faction",
                f"Every card must come from one faction; this {faction} deck also has "
                f"cards of {others}: {_listing(strangers)}.",
                tuple(c.label for c, _ in strangers),
                sum(n for _, n in strangers),
                line_of(strangers),
            )
        )
    # -- budget and attributes ---------------------------------------------------------------
    if total > POINT_BUDGET:
        dear = sorted(held, key=lambda cn: (-cn[0].budget_value * cn[1], cn[0].id))
        out.append(
            DeckViolation(
                "point-budget",
                f"The deck-building values add up to {total} points, {total - POINT_BUDGET} "
                f"over the {POINT_BUDGET}-point limit. Costliest: "
                + ", ".join(f"{c.name} {n}x{c.budget_value}" for c, n in dear[:5])
                + ".",
                tuple(c.name for c, _ in dear),
                total,
            )
        )
    if n_init > MAX_INITIATIVE:
        out.append(
            DeckViolation(
                "max-initiative",
                f"At most {MAX_INITIATIVE} cards may have Initiative; this deck has {n_init}: "
                f"{_listing(initiative)}.",
                tuple(c.name for c, _ in initiative),
                n_init,
                line_of(initiative),
            )
        )
    if n_stealth > MAX_STEALTH:
        out.append(
            DeckViolation(
                "max-stealth",
                f"At most {MAX_STEALTH} cards may have Stealth; this deck has {n_stealth}: "
                f"{_listing(stealth)}.",
                tuple(c.name for c, _ in stealth),
                n_stealth,
                line_of(stealth),
            )
        )
    # -- copies of each card -----------------------------------------------------------------
    over = [(cards[cid], n) for cid, n in counts.items() if n > fast[cid][5] or fast[cid][6]]
    for card, n in sorted(over, key=lambda cn: cn[0].id):
        if card.banned:
            out.append(
                DeckViolation(
                    "banned-card",
                    f"{card.name} is banned in catalogue {catalogue.version or 'in use'}.",
                    (card.name,),
                    n,
                    lines.get(card.id),
                )
            )
        if card.legendary:
            if n > 1:
                out.append(
                    DeckViolation(
                        "legendary-copies",
                        f"{card.name} is legendary: one copy at most, not {n}.",
                        (card.name,),
                        n,
                        lines.get(card.id),
                    )
                )
        elif card.individual_limit is not None:
            if n > card.individual_limit:
                out.append(
                    DeckViolation(
                        "individual-limit",
                        f"{card.name} has an individual limit of {card.individual_limit}; "
                        f"this deck has {n}.",
                        (card.name,),
                        n,
                        lines.get(card.id),
                    )
                )
        elif card.budget_value >= HIGH_VALUE and n > HIGH_VALUE_COPIES:
            out.append(
                DeckViolation(
                    "copies-of-high-value",
                    f"{card.name} is worth {card.budget_value}: at most {HIGH_VALUE_COPIES} "
                    f"copies of a card worth {HIGH_VALUE} or more, not {n}.",
                    (card.name,),
                    n,
                    lines.get(card.id),
                )
            )
    return DeckReport(
        legal=not out,
        total_value=total,
        cards=size,
        faction=faction,
        violations=out,
        catalogue=catalogue.version,
    )


@dataclass(frozen=True)
class StarterDeck:
    key: str
    name: str
    faction: str
    data: dict[str, Any]
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "faction": self.faction,
            "data": self.data,
            "note": self.note,
        }


_NOTES = {
    "unstable-mayhem": (
        "As the digital edition lists it: the rulebook's text (pre-built minus Abominable Hydra, "
        "a Slayer and a Plague Collector, plus Forge Beetle, Nemesio and Dragon Breath) states "
        "124 points but costs 126 under this catalogue (Blight Nemesio's deck-building value is "
        "15 here; 13 would give 124), so this list swaps one Swamp Troll for a Swamp Ogre "
        "(125 points)."
    ),
}


def _slug(name: str) -> str:
    name = name.lower().replace(" pre-built deck", "-prebuilt")
    return "-".join("".join(ch if ch.isalnum() else " " for ch in name).split())


@cache
def starter_decks() -> tuple[StarterDeck, ...]:
    """The rulebook's eight decks (four pre-built, four variants) from ``data/starter-decks.csv``."""
    decks: dict[str, dict[str, Any]] = {}
    with (DATA_DIR / "starter-decks.csv").open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            deck = decks.setdefault(
                row["deck_index"],
                {"name": row["deck_name"], "faction": row["faction"], "cards": Counter()},
            )
            deck["cards"][int(row["card_id"])] += int(row["copies"])
    out = []
    for _, deck in sorted(decks.items(), key=lambda kv: int(kv[0])):
        key = _slug(deck["name"])
        data = {
            "faction": deck["faction"],
            "cards": [{"id": cid, "copies": n} for cid, n in sorted(deck["cards"].items())],
        }
        out.append(StarterDeck(key, deck["name"], deck["faction"], data, _NOTES.get(key, "")))
    return tuple(out)


RULEBOOK_UNSTABLE_MAYHEM: dict[str, Any] = {
    "faction": "Blight",
    "cards": [
        {"id": cid, "copies": n}
        for cid, n in sorted(
            {
                1146: 2,  # Berserker
                1147: 1,  # Child Eater
                1155: 1,  # Forge Beetle
                1156: 2,  # Forge Patriarch
                1164: 1,  # Nemesio (Blight)
                1165: 1,  # Plague Collector
                1171: 1,  # Scuttle Jaw
                1172: 1,  # Slayer
                1175: 2,  # Swamp Ogre
                1176: 3,  # Swamp Troll
                1179: 1,  # Western Forge
                1182: 1,  # Dragon Breath
                1184: 2,  # Fire Lightning
                1185: 2,  # Firestorm
                1186: 1,  # Forced Exile
                1191: 1,  # The Fear
            }.items()
        )
    ],
}
""""Blight – Unstable Mayhem" as the rulebook's text builds it (stated there as 124 points)."""
