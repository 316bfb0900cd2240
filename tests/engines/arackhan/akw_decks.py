"""Random legal decks of the cards the engine plays, for property tests."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engines.arackhan_wars.cards import implemented
from engines.arackhan_wars.catalogue import FACTIONS, shipped_catalogue
from engines.arackhan_wars.format import DECK_SIZE, MAX_INITIATIVE, MAX_STEALTH, POINT_BUDGET


def random_deck(rng: random.Random, faction: str | None = None) -> dict[str, Any]:
    """A random deck that the construction rules and the engine accept."""
    cat = shipped_catalogue()
    faction = faction or rng.choice(FACTIONS)
    pool = [c for c in cat.cards.values() if c.faction == faction and c.id in implemented()]
    cheapest = min(c.budget_value for c in pool)
    while True:
        counts: Counter[int] = Counter()
        budget = init = stealth = 0
        for slot in range(DECK_SIZE):
            left = DECK_SIZE - slot - 1
            fits = [
                c
                for c in pool
                if counts[c.id] < (c.max_copies or DECK_SIZE)
                and budget + c.budget_value + left * cheapest <= POINT_BUDGET
                and init + c.initiative <= MAX_INITIATIVE
                and stealth + c.stealth <= MAX_STEALTH
            ]
            if not fits:
                break
            card = rng.choice(fits)
            counts[card.id] += 1
            budget += card.budget_value
            init += card.initiative
            stealth += card.stealth
        if sum(counts.values()) == DECK_SIZE:
            return {
                "faction": faction,
                "cards": [{"id": cid, "copies": n} for cid, n in sorted(counts.items())],
            }
