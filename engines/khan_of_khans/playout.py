"""A fast playout policy with rules of thumb, for the search bot's simulations.

Uniformly random playouts misjudge push-your-luck: a random player corrals once in eleven turns
and loses most Herds to Enemy Magic, so every Herd looks worthless. Here each simulated player
counts cards like the heuristic bot: it raids the deck whose remaining cards promise the most
for its Herd (:class:`DeckOdds`), corrals once its Herd is worth a threshold or every deck
looks like a loss, steals the richest card a Waha's Blessing can reach and sneaks big cards
away (High Llama). It reads the true state, which is fine for simulations: the search
determinises hidden information before each one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.khan_of_khans.bots import BLESSING_WORTH, CHAMPION_WORTH
from engines.khan_of_khans.cards import BLESSING, CHAMPION, KIND, MAGIC, RAID, STAMPEDE, VALUE
from engines.khan_of_khans.legal import (
    BLESS_ACTS,
    DECKS_OF_MASK,
    GIVE_ACTS,
    INFO,
    KEEP,
    OP_CORRAL,
    OP_RAID,
    RANDOM_CARD,
    steal_options,
)
from engines.khan_of_khans.rules import step
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
    options = steal_options(st, s, table)
    if not options:
        return None
    best = max(options, key=_steal_value)
    return _steal_value(best), best


def card_gain(c: int, worth: int, top: int, champion: bool, fight: int) -> int:
    """What turning over card ``c`` is worth to a seat whose Herd is worth ``worth`` cows
    (``top`` its best card), with or without a Champion; ``fight`` is what a second Champion
    costs it."""
    kind = KIND[c]
    if kind == RAID:
        return VALUE[c]
    if kind == BLESSING:
        return BLESSING_WORTH
    if kind == STAMPEDE:
        return -top
    if kind == CHAMPION:
        return -fight if champion else CHAMPION_WORTH
    return -CHAMPION_WORTH if champion else -worth  # Enemy Magic


_COUNTED = {BLESSING: 1, STAMPEDE: 2, CHAMPION: 3, MAGIC: 4}
"""Which tally of :class:`DeckOdds` counts each kind of non-Raid! card."""


class DeckOdds:
    """Card counting over the Location decks of one state: per deck the cows of its Raid!
    cards and its Blessings, Stampedes, Champions and Enemy Magics, recounted only when the
    deck has changed size (a raid takes one card, nothing else touches the decks)."""

    __slots__ = ("sizes", "tallies")

    def __init__(self, n_decks: int) -> None:
        self.sizes = [-1] * n_decks
        self.tallies = [[0, 0, 0, 0, 0] for _ in range(n_decks)]

    def expected(
        self, st: State, d: int, worth: int, top: int, champion: bool, fight: int
    ) -> float:
        """The expected :func:`card_gain` of raiding deck ``d`` (its known top card exactly)."""
        deck = st.decks[d]
        if st.top_known[d]:
            return card_gain(deck[-1], worth, top, champion, fight)
        if self.sizes[d] != len(deck):
            self.sizes[d] = len(deck)
            tally = self.tallies[d]
            tally[:] = (0, 0, 0, 0, 0)
            for c in deck:
                kind = KIND[c]
                if kind == RAID:
                    tally[0] += VALUE[c]
                else:
                    tally[_COUNTED[kind]] += 1
        cows, blessings, stampedes, champions, magics = self.tallies[d]
        return (
            cows
            + BLESSING_WORTH * blessings
            - top * stampedes
            + (-fight if champion else CHAMPION_WORTH) * champions
            - (CHAMPION_WORTH if champion else worth) * magics
        ) / len(deck)

    def best(
        self, st: State, s: int, worth: int, top: int, randbelow: Callable[[int], int]
    ) -> tuple[float, int]:
        """(expected gain, deck) of the most promising deck for seat ``s``; ties at random."""
        champion = st.champ[s] >= 0
        fight = (top if s == st.bison else worth) + CHAMPION_WORTH
        best_ev = 0.0
        best: list[int] = []
        for d in DECKS_OF_MASK[st.mask]:
            ev = self.expected(st, d, worth, top, champion, fight)
            if not best or ev > best_ev:
                best_ev, best = ev, [d]
            elif ev == best_ev:
                best.append(d)
        return best_ev, best[0] if len(best) == 1 else best[randbelow(len(best))]


def guided_playout(st: State, rng: Any) -> None:
    """Play the game to its end in place with the rules of thumb above."""
    randbelow = rng._randbelow if hasattr(rng, "_randbelow") else lambda n: int(rng.random() * n)
    herds = st.herd
    odds = DeckOdds(len(st.decks))
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
        worth = top = 0
        for c in herd:
            worth += VALUE[c]
            top = max(top, VALUE[c])
        tiles = st.tiles[s]
        if herd and tiles and worth >= (CORRAL_AT if tiles > 1 else LAST_TILE_AT):
            step(st, OP_CORRAL, 0, 0, None)
            continue
        ev, d = odds.best(st, s, worth, top, randbelow)
        if herd and tiles and ev < 0:
            step(st, OP_CORRAL, 0, 0, None)
            continue
        step(st, OP_RAID, d, 0, None)


def _top_worth(st: State, d: int) -> int:
    """How good the (revealed) top card of deck ``d`` is to take: cows, else a rough rank."""
    c = st.decks[d][-1]
    return VALUE[c] if KIND[c] == RAID else -1
