"""A fast playout policy with rules of thumb, for the search bot's simulations.

Uniformly random playouts misjudge push-your-luck: a random player corrals once in eleven turns
and loses most Herds to Enemy Magic, so every Herd looks worthless. Here each simulated player
raids a random deck but corrals once its Herd is worth a threshold, steals the richest card a
Waha's Blessing can reach and sneaks big cards away (High Llama). It reads the true state,
which is fine for simulations: the search determinises hidden information before each one.
"""

from __future__ import annotations

from typing import Any

from engines.khan_of_khans.cards import KIND, RAID, VALUE
from engines.khan_of_khans.rules import (
    BLESS_ACTS,
    DECKS_OF_MASK,
    GIVE_ACTS,
    INFO,
    KEEP,
    OP_CORRAL,
    RANDOM_CARD,
    _raid,
    _steal_options,
    step,
)
from engines.khan_of_khans.state import PENDING_BLESSING, PENDING_IMPALA, State

CORRAL_AT = 100
"""Herd value at which a simulated player corrals while it has two tiles or more."""
LAST_TILE_AT = 160
"""... and with its last tile."""
STEAL_AT = 50
"""Smallest card worth a kept Blessing (a drawn one always steals when it can)."""


def _steal_value(action: str) -> int:
    _, _, value = INFO[action]
    return 50 if value == RANDOM_CARD else value


def _best_steal(st: State, s: int, table: list[dict[int, str]]) -> tuple[int, str] | None:
    options = _steal_options(st, s, table)
    if not options:
        return None
    best = max(options, key=_steal_value)
    return _steal_value(best), best


def guided_playout(st: State, rng: Any) -> None:
    """Play the game to its end in place with the rules of thumb above (random deck choice)."""
    randbelow = rng._randbelow if hasattr(rng, "_randbelow") else lambda n: int(rng.random() * n)
    herds = st.herd
    while not st.over:
        s = st.to_act
        if st.pending == PENDING_BLESSING:
            steal = _best_steal(st, s, GIVE_ACTS)
            op, a, b = INFO[steal[1] if steal else KEEP]
            step(st, op, a, b, None)
            continue
        if st.pending == PENDING_IMPALA:
            tops = st.revealed
            best = max(tops, key=lambda d: _top_worth(st, d))
            step(st, *INFO[f"choose {best}"], None)
            continue
        herd = herds[s]
        if st.kept[s]:
            steal = _best_steal(st, s, BLESS_ACTS)
            if steal and steal[0] >= STEAL_AT:
                step(st, *INFO[steal[1]], None)
                continue
        if s == st.llama and herd and -1 in st.extra[s]:
            big = max(VALUE[c] for c in herd)
            if big >= STEAL_AT:
                step(st, *INFO[f"sneak {big}"], None)
                continue
        tiles = st.tiles[s]
        if herd and tiles:
            worth = sum(VALUE[c] for c in herd)
            if worth >= (CORRAL_AT if tiles > 1 else LAST_TILE_AT):
                step(st, OP_CORRAL, 0, 0, None)
                continue
        ds = DECKS_OF_MASK[st.mask]
        _raid(st, s, ds[randbelow(len(ds))], None)
        if st.pending:
            continue
        st.turns += 1
        if st.left == 0:
            st.over = True
        else:
            st.to_act = s + 1 if s + 1 < st.n else 0


def _top_worth(st: State, d: int) -> int:
    """How good the (revealed) top card of deck ``d`` is to take: cows, else a rough rank."""
    c = st.decks[d][-1]
    return VALUE[c] if KIND[c] == RAID else -1
