"""Moving cards: a seat's army, troop pile and hand (drawing, reshuffling the troop pile into an
empty army). ``ev`` is a list to append events to, or ``None`` on the fast path.
"""

from __future__ import annotations

from typing import Any

from .cards import CARD_IDS
from .legal import HAND_SIZE
from .state import KowState

Events = list[dict[str, Any]] | None


def card_ids(cards: list[int]) -> list[str]:
    """The ids of ``cards`` (for events)."""
    return [CARD_IDS[c] for c in cards]


def reshuffle(s: KowState, p: int, ev: Events) -> bool:
    """Shuffle ``p``'s troop pile into its (empty) army; False when there is nothing to shuffle."""
    troop = s.troop[p]
    if not troop:
        return False
    s.troop[p] = []
    s.rng.shuffle(troop)
    g = s.next_group
    s.next_group = g + 1
    grp = s.grp
    for c in troop:
        grp[c] = g
    s.army[p] = troop
    if ev is not None:
        ev.append({"type": "reshuffle", "seat": p, "count": len(troop)})
    return True


def take_top(s: KowState, p: int, ev: Events) -> int:
    """Remove and return the top card of ``p``'s army (reshuffling first if needed), or -1."""
    army = s.army[p]
    if not army:
        if not reshuffle(s, p, ev):
            return -1
        army = s.army[p]
    return army.pop()


def draw(s: KowState, p: int, n: int, ev: Events) -> list[int]:
    """``p`` takes up to ``n`` cards from the army into the hand."""
    got = []
    hand = s.hand[p]
    for _ in range(n):
        c = take_top(s, p, ev)
        if c < 0:
            break
        hand.append(c)
        got.append(c)
    if ev is not None:
        ev.append({"type": "draw", "seat": p, "count": len(got)})
        if got:
            ev.append({"type": "draw", "seat": p, "cards": card_ids(got), "seen_by": [p]})
    return got


def refill(s: KowState, p: int, ev: Events) -> None:
    """A fresh hand of 3 for ``p`` (a new hand cycle: the Triple extra card is available again)."""
    draw(s, p, HAND_SIZE, ev)
    s.extra_used[p] = False
