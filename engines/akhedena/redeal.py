"""Dealing another seat's unseen cards from the catalogue (``observe.determinize``).

Army lists are secret (docs/rules/akhedena.md, reading 29): a seat knows of another player's
face-down card only its back — its kind (a piece's leader or an Army card, by where it lies)
and its main type — so a determinized world must not keep the real cards, nor even their
multiset. :func:`redeal_others` gives every such card a card of the catalogue with the same kind
and main type, drawn with the seat's random generator, never past a card's copy limit in that
player's list where the catalogue allows (the cards the seat has seen count against it).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from engines.akhedena.board import PIECE_SLOTS
from engines.akhedena.catalogue import Card, shipped_catalogue
from engines.akhedena.state import CARDS_PER_SEAT, Deal, State


@cache
def _pools() -> dict[tuple[str, str], tuple[Card, ...]]:
    """The catalogue's cards a legal list may hold, by (kind, main type)."""
    pools: dict[tuple[str, str], list[Card]] = {}
    for card in shipped_catalogue().cards.values():
        if not card.banned:
            pools.setdefault((card.kind, card.main_type), []).append(card)
    return {key: tuple(sorted(cards, key=lambda c: c.id)) for key, cards in pools.items()}


def _list_data(cards: list[Card]) -> dict:
    """The canonical army data of 27 cards in a list's instance order (``state.army_cards``)."""
    pieces = {
        slot: {"card": cards[3 * k].id, "army": [cards[3 * k + 1].id, cards[3 * k + 2].id]}
        for k, slot in enumerate(PIECE_SLOTS)
    }
    return {"pieces": pieces, "reserve": sorted(c.id for c in cards[3 * len(PIECE_SLOTS) :])}


def redeal_others(st: State, seat: int, rng: random.Random) -> State:
    """``st`` (a copy the caller owns) with every card of another seat that ``seat`` has not
    seen replaced by a catalogue card of the same kind and main type; returns ``st``."""
    deal = st.deal
    pools = _pools()
    armies: list[list[Card]] = []
    lists = []
    for s in range(st.n):
        first = s * CARDS_PER_SEAT
        cards = list(deal.cards[first : first + CARDS_PER_SEAT])
        if s != seat:
            hidden = [i for i in range(CARDS_PER_SEAT) if not st.public[first + i]]
            used = Counter(cards[i].id for i in range(CARDS_PER_SEAT) if st.public[first + i])
            rng.shuffle(hidden)
            for i in hidden:
                pool = pools[(cards[i].kind, cards[i].main_type)]
                free = [c for c in pool if used[c.id] < c.max_copies] or pool
                card = free[rng.randrange(len(free))]
                used[card.id] += 1
                cards[i] = card
            lists.append(_list_data(cards))
        else:
            lists.append(deal.lists[s])
        armies.append(cards)

    def named(i: int, default: str) -> str:
        # A card seen keeps its id (observations name it); a re-dealt one gets its own.
        if st.public[i] or i // CARDS_PER_SEAT == seat:
            return deal.ids[i]
        return f"{default.split('#')[0]}#r{i}"

    st.deal = Deal(armies, lists, named)
    return st
