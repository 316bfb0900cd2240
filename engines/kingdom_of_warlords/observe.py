"""What a seat may see, where every card is, and re-dealing the hidden cards."""

from __future__ import annotations

import random
from typing import Any

from .cards import ACTIONS, CARD_IDS, DRAGON_IDS, WARLORD_IDS
from .rules import holdings, warlords_held
from .state import OVER, PHASE_NAMES, KowState


def _ids(cards: list[int]) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def observation(s: KowState, seat: int | None) -> dict[str, Any]:
    """Public information plus ``seat``'s own hand; never a hidden card."""
    players = []
    for p in (0, 1):
        players.append(
            {
                "army": len(s.army[p]),
                "hand": len(s.hand[p]),
                "troop": _ids(s.troop[p]),
                "field": _ids(s.up[p]),
                "war_cards": len(s.down[p]),
                "triple_bonus": s.bonus[p],
                "extra_used": s.extra_used[p],
            }
        )
    obs: dict[str, Any] = {
        "seat": seat,
        "to_act": None if s.phase == OVER else s.actor,
        "phase": PHASE_NAMES[s.phase],
        "battle": s.battles + 1,
        "battles_done": s.battles,
        "cap": s.cap,
        "leader": s.leader,
        "war": s.war,
        "dragon_war": s.dragon_war,
        "lead": ACTIONS[s.lead_aid] if s.lead_aid >= 0 else None,
        "lead_strength": s.lead_str,
        "warlords_laid": s.wl_laid,
        "players": players,
        "first_draw": [_ids(s.first_draw[0]), _ids(s.first_draw[1])],
        "last_battle": (
            {"winner": s.last[0], "cards": s.last[1], "how": s.last[2]} if s.last else None
        ),
        "hand": _ids(s.hand[seat]) if seat is not None else None,
    }
    if s.phase == OVER:
        obs["winner"] = s.winner if s.winner < 2 else None
        obs["reason"] = s.reason
    return obs


def zones(s: KowState) -> dict[str, list[str]]:
    """Every card by place: army (bottom to top), hand, troop, field (face up), war (face down)."""
    out: dict[str, list[str]] = {}
    for p in (0, 1):
        out[f"army:{p}"] = _ids(s.army[p])
        out[f"hand:{p}"] = _ids(s.hand[p])
        out[f"troop:{p}"] = _ids(s.troop[p])
        out[f"field:{p}"] = _ids(s.up[p])
        out[f"war:{p}"] = _ids(s.down[p])
    return out


def determinize(s: KowState, seat: int, rng: random.Random) -> KowState:
    """A copy where every card ``seat`` cannot see is re-dealt within its hidden group.

    Hidden to ``seat``: both armies (order and, beyond group composition, content), the other
    hand and all face-down war cards. A hidden card only swaps with another card of the same
    group (the same starting army or the same reshuffled troop pile), so counts, group
    compositions and everything ``seat`` saw stay as they are.
    """
    t = s.clone()
    other = 1 - seat
    slots: dict[int, list[tuple[list[int], int]]] = {}
    piles = [t.army[0], t.army[1], t.hand[other], t.down[0], t.down[1]]
    grp = t.grp
    for pile in piles:
        for i, c in enumerate(pile):
            slots.setdefault(grp[c], []).append((pile, i))
    for g in sorted(slots):
        places = slots[g]
        cards = [pile[i] for pile, i in places]
        rng.shuffle(cards)
        for (pile, i), c in zip(places, cards, strict=True):
            pile[i] = c
    t.rng = random.Random(rng.getrandbits(64))
    return t


def heuristic_value(s: KowState, seat: int) -> float:
    """A cheap estimate in [0, 1]: half card share, half Warlord share (Dragon held a bonus)."""
    if s.phase == OVER:
        if s.winner == 2:
            return 0.5
        return 1.0 if s.winner == seat else 0.0
    mine, theirs = holdings(s, seat), holdings(s, 1 - seat)
    total = mine + theirs or 1
    wl = warlords_held(s, seat) / len(WARLORD_IDS)
    dragons = sum(
        1 for pile in (s.hand[seat], s.army[seat], s.troop[seat]) for c in pile if c in DRAGON_IDS
    )
    value = 0.45 * mine / total + 0.45 * wl + 0.05 * dragons
    return min(1.0, max(0.0, value))
