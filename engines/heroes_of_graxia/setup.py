"""Setting up a game (rulebook "Set Up", steps one to five)."""

from __future__ import annotations

import random
from typing import Any

from engines.heroes_of_graxia.flow import HAND_SIZE, draw
from engines.heroes_of_graxia.state import MULLIGAN, State, fresh_state
from engines.heroes_of_graxia.tables import EQUIP, HENCH, SPELL, UNIT, Tables
from engines.heroes_of_graxia.versions import Rules

MONSTERS_BY_SEATS = {2: 10, 3: 15, 4: 15, 5: 20, 6: 20}
"""Monster cards in the Monster Deck: 10 for two players, 15 for 3-4, 20 for 5-6."""
FACE_UP = 4
"""Cards face up next to each market deck and Monsters that may be attacked."""
DECK_OF_CLASS = {EQUIP: 0, UNIT: 1, SPELL: 2}


def new_state(
    t: Tables,
    seed: int,
    n: int,
    heroes: list[int | None],
    max_rounds: int,
    events: list[dict[str, Any]] | None = None,
    rules: Rules | None = None,
) -> State:
    """A game for ``n`` seats; ``heroes[s]`` is seat ``s``'s Hero card or None (random);
    ``rules``: the rules version's readings (default: 1.0.0's)."""
    rng = random.Random(seed)
    st = fresh_state(t, n, rng, rules)
    st.max_rounds = max_rounds
    # Step one: a starting deck of the Banner cards for each player.
    used: set[int] = set()
    for s in range(n):
        deck = [t.copies_of[k][s] for k in t.start_kinds]
        used.update(deck)
        rng.shuffle(deck)
        st.deck[s] = deck
    # Step two: the market decks from the remaining cards (leftover starting Henchmen, i.e.
    # Alesana, are removed) and a Monster Deck of 10 / 15 / 20.
    for u in range(t.n):
        if u in used:
            continue
        cls = t.CLS[u]
        if cls in DECK_OF_CLASS:
            if t.BANNER[u] and cls == UNIT and t.SUB[u] == HENCH:
                st.box.append(u)
            else:
                st.mkt_deck[DECK_OF_CLASS[cls]].append(u)
    for deck in st.mkt_deck:
        rng.shuffle(deck)
    monsters = list(t.monsters)
    rng.shuffle(monsters)
    k = MONSTERS_BY_SEATS[n]
    st.mon_deck = monsters[:k]
    st.mon_box = sorted(monsters[k:])
    # Step three: four face up from each deck.
    st.mkt_row = [[deck.pop() if deck else -1 for _ in range(FACE_UP)] for deck in st.mkt_deck]
    st.mon_row = [st.mon_deck.pop() for _ in range(FACE_UP)]
    # Step four: the Heroes, chosen or at random, first in each Legion.
    free = [h for h in t.heroes if h not in heroes]
    for s in range(n):
        hero = heroes[s]
        if hero is None:
            hero = free.pop(rng.randrange(len(free)))
        st.hero[s] = hero
        st.legion[s].append(hero)
    st.box.extend(h for h in free)
    st.box.sort()
    # Step five: five cards each, then the mulligans, from the first player clockwise.
    st.first = rng.randrange(n)
    for s in range(n):
        draw(st, s, HAND_SIZE, events)
    st.mq = [(st.first + i) % n for i in range(n)]
    st.phase = MULLIGAN
    st.cur = st.first
    st.to_act = st.first
    st.mull = 2
    return st
