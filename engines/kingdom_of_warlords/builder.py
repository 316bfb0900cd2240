"""Build a state from card labels: the helper tests and examples use to set up a position."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import ARMY_SIZE, KIND, LABEL_KIND, N_CARDS
from .rules import DEFAULT_CAP, start_battle
from .state import KowState


def build_state(
    hands: Sequence[Sequence[str]] = ((), ()),
    armies: Sequence[Sequence[str]] = ((), ()),
    troops: Sequence[Sequence[str]] = ((), ()),
    *,
    leader: int = 0,
    bonus: Sequence[bool] = (False, False),
    seed: int = 0,
    cap: int = DEFAULT_CAP,
    leftover: str = "troop",
    leftover_seat: int | None = None,
    battles: int = 0,
) -> KowState:
    """A state at the start of a battle with the given cards (labels such as ``"K"``, ``"WL"``).

    Armies are listed top card first. Each label takes an unused card of that kind, of the
    seat's own colour when one is left. Every card not named goes to its colour's troop pile
    (``leftover="troop"``) or to the bottom of its colour's army (``leftover="army"``), or of
    ``leftover_seat``'s when given, so all 54 cards are always somewhere. Empty hands are then refilled as at any battle start.
    """
    free = list(range(N_CARDS))
    used = [False] * N_CARDS

    def take(label: str, seat: int) -> int:
        kind = LABEL_KIND[label]
        mine = range(seat * ARMY_SIZE, (seat + 1) * ARMY_SIZE)
        for pool in (mine, free):
            for c in pool:
                if not used[c] and KIND[c] == kind:
                    used[c] = True
                    return c
        raise ValueError(f"no {label} card left to place")

    s = KowState()
    s.rng = random.Random(seed)
    s.cap = cap
    s.grp = [-1] * N_CARDS
    s.leader = s.actor = leader
    s.bonus = list(bonus)
    s.battles = battles
    for p in (0, 1):
        s.hand[p] = [take(x, p) for x in hands[p]]
        s.army[p] = [take(x, p) for x in armies[p]][::-1]
        s.troop[p] = [take(x, p) for x in troops[p]]
    for c in range(N_CARDS):
        if not used[c]:
            p = c // ARMY_SIZE if leftover_seat is None else leftover_seat
            if leftover == "troop":
                s.troop[p].append(c)
            elif leftover == "army":
                s.army[p].insert(0, c)
            else:
                raise ValueError("leftover must be 'troop' or 'army'")
    for p in (0, 1):
        for c in s.army[p] + s.hand[p]:
            s.grp[c] = p
    start_battle(s, None)
    return s
