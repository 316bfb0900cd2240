"""A fast playout policy with rules of thumb, for the search bot's simulations.

Uniformly random playouts lay Warlords and Dragons at random and answer a King with a 4 as often
as with an Assassin, so every position looks like a coin toss. Here a simulated player answers
with its cheapest winning play (laying its Warlords first when it holds one), throws its cheapest
card when it cannot win, leads with the Phantom when it may, and otherwise leads at random
among its plays without Warlords. It reads the true state, which is fine for simulations: the
search determinises hidden information before each one.
"""

from __future__ import annotations

from typing import Any

from .cards import (
    ACT_KINDS,
    ACT_STRENGTH,
    ACT_TYPE,
    DR,
    EXTRA,
    N_RANKS,
    PH,
    T_DRAGON,
    T_NORMAL,
    T_PHANTOM,
    T_WARLORD,
    WARLORD,
    WZ,
)
from .legal import legal_ids
from .rules import apply_id
from .state import OVER, RESPOND, KowState

_COST: dict[int, float] = {}


def cost(aid: int) -> float:
    """How much a play spends from the hand (cheaper plays are thrown first)."""
    value = _COST.get(aid)
    if value is None:
        value = 0.0
        for k in ACT_KINDS[aid]:
            value += (
                1 + k if k < N_RANKS else 9 if k == WZ else 12 if k == PH else 40 if k == DR else 0
            )
        _COST[aid] = value
    return value


def choose(s: KowState, rng: Any) -> int:
    """The action id the rules of thumb pick for the seat to act."""
    ids = legal_ids(s)
    if len(ids) == 1:
        return ids[0]
    if EXTRA in ids:
        return EXTRA
    plays = [a for a in ids if ACT_TYPE[a] != T_WARLORD]
    if not plays:
        return WARLORD
    if s.phase == RESPOND:
        lead = s.lead_str
        winners = [a for a in plays if ACT_TYPE[a] == T_NORMAL and ACT_STRENGTH[a] > lead]
        if not winners and (s.war or s.wl_laid or lead >= 200):
            winners = [a for a in plays if ACT_TYPE[a] == T_DRAGON]
        if winners:
            if WARLORD in ids:
                return WARLORD
            return min(winners, key=cost)
        return min(plays, key=cost)
    if not s.war:
        phantoms = [a for a in plays if ACT_TYPE[a] == T_PHANTOM]
        if phantoms:
            return WARLORD if WARLORD in ids else phantoms[0]
    normal = [a for a in plays if ACT_TYPE[a] == T_NORMAL]
    if normal and (s.wl_laid or s.war):
        return max(normal, key=lambda a: ACT_STRENGTH[a])
    pool = normal or plays
    return pool[rng._randbelow(len(pool))] if hasattr(rng, "_randbelow") else rng.choice(pool)


def guided_playout(s: KowState, rng: Any) -> None:
    """Play the game to its end in place with :func:`choose`."""
    while s.phase != OVER:
        apply_id(s, choose(s, rng), None)
