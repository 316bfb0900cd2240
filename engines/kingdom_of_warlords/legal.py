"""What may be played: the ids of the actions the seat to act may take, in the fixed table
order of :data:`cards.ACTIONS` (:func:`legal_ids`). What playing one does is
:mod:`engines.kingdom_of_warlords.rules`.
"""

from __future__ import annotations

from .cards import DR, DRAGON, EXTRA, KIND, PLAY_D, WARLORD, WL, YIELD, plays_for
from .state import OVER, RESPOND, KowState

HAND_SIZE = 3
MAX_WARLORDS_PER_PLAY = 2

# A hand's key: sum of 5**kind over its cards (no kind has more than 4 copies), times 2, plus
# 1 in a War. Maps to (plays, plays + "warlord" when the hand holds one).
_POW = [5 ** KIND[c] * 2 for c in range(len(KIND))]
_CACHE: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def legal_ids(s: KowState) -> tuple[int, ...]:
    """Ids of every action the seat to act may take (in the fixed table order)."""
    if s.phase == OVER:
        return ()
    p = s.actor
    hand = s.hand[p]
    if s.phase == RESPOND and s.lead_str == DRAGON:
        if s.yields and not any(KIND[c] == DR for c in hand):
            return (YIELD,)
        return (PLAY_D,)
    key = 1 if s.war else 0
    for c in hand:
        key += _POW[c]
    entry = _CACHE.get(key)
    if entry is None:
        kinds = tuple(sorted(KIND[c] for c in hand))
        plays = plays_for(kinds, s.war > 0)
        entry = (plays, plays + (WARLORD,) if WL in kinds else plays)
        _CACHE[key] = entry
    base = entry[1] if s.wl_laid < MAX_WARLORDS_PER_PLAY else entry[0]
    if s.bonus[p] and not s.extra_used[p] and len(hand) <= HAND_SIZE and (s.army[p] or s.troop[p]):
        return base + (EXTRA,)
    if not base and hand and s.yields:
        return (YIELD,)
    return base
