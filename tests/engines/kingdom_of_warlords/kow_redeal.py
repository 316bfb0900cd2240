"""What a seat cannot see in Kingdom of Warlords, for the hidden-information property
(``tests/engines/redeal.py``).

Face down: both armies (their order, and which cards each holds beyond how they were formed),
the other player's hand and the war cards laid face down. A face-down card can only have come
from the group it was shuffled in (a starting army, or one reshuffled troop pile), so cards
change places only within their group; a card seen face up (group -1) stays where it is.
"""

from __future__ import annotations

from engines.kingdom_of_warlords.state import OVER, KowState
from tests.engines.redeal import Groups, Slot


def hidden_groups(st: KowState, viewer: int | None) -> Groups:
    """One group per shuffle group over the armies, the hands ``viewer`` does not hold and the
    face-down war cards."""
    if st.phase == OVER:
        return []
    hands = [st.hand[p] for p in (0, 1) if p != viewer]
    by_group: dict[int, list[Slot]] = {}
    for pile in [st.army[0], st.army[1], *hands, st.down[0], st.down[1]]:
        for i, c in enumerate(pile):
            if st.grp[c] >= 0:
                by_group.setdefault(st.grp[c], []).append((pile, i, c))
    return [by_group[g] for g in sorted(by_group)]


def partly_shown(before: KowState, after: KowState, viewer: int | None) -> set[int]:
    """Cards turned up during the step though face down again after it: the war cards of a
    battle won (turned up and taken), and cards that passed through a troop pile (face up) into
    a reshuffled army (they changed shuffle group)."""
    won = {c for pile in before.down for c in pile} - {c for pile in after.down for c in pile}
    return won | {c for c, g in enumerate(before.grp) if after.grp[c] != g}
