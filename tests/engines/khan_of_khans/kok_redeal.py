"""What a seat cannot see in Khan of Khans, for the hidden-information property
(``tests/engines/redeal.py``).

Face down: the order of every Location deck (but a top card the Impala People showed), and,
to everyone but the Sable Nation, its Raid! cards taken face down (others see which Location
deck each came from). Everything else is face up.
"""

from __future__ import annotations

from engines.khan_of_khans.cards import KIND, N_DECKS, ORIGIN, RAID
from engines.khan_of_khans.state import State
from tests.engines.redeal import Groups, Slot


def hidden_groups(st: State, viewer: int | None) -> Groups:
    """First, per Location deck, its Raid! cards face down in the Sable Nation's Herd and
    Corrals with the Raid! cards left in that deck; then the unknown part of each deck."""
    unknown: list[list[Slot]] = []
    for d in range(N_DECKS):
        deck = st.decks[d]
        known = 1 if deck and (st.top_known[d] or d in st.revealed) else 0
        unknown.append([(deck, i, deck[i]) for i in range(len(deck) - known)])
    groups: Groups = []
    if st.sable >= 0 and viewer != st.sable and not st.over:
        raids: list[list[Slot]] = [[] for _ in range(N_DECKS)]
        for pile in [st.herd[st.sable], *st.corrals[st.sable]]:
            for i, c in enumerate(pile):
                if not st.pub[c]:
                    raids[ORIGIN[c]].append((pile, i, c))
        for d in range(N_DECKS):
            if raids[d]:
                groups.append(raids[d] + [s for s in unknown[d] if KIND[s[2]] == RAID])
    return groups + [g for g in unknown if len(g) > 1]


def partly_shown(before: State, after: State, viewer: int | None) -> set[int]:
    """A card the Sable Nation takes face down shows others that it is a Raid! card."""
    if after.sable < 0 or viewer == after.sable:
        return set()
    old = {c for pile in [before.herd[before.sable], *before.corrals[before.sable]] for c in pile}
    return {
        c
        for pile in [after.herd[after.sable], *after.corrals[after.sable]]
        for c in pile
        if c not in old and not after.pub[c]
    }
