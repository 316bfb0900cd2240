"""Victory points and the tie-breaks: each seat's score, its cards on the battlefield, its
creatures discarded, the ranking (by alliance in 2v2)."""

from __future__ import annotations

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import CREATURE, LAND
from engines.arackhan_wars.effects import compute
from engines.arackhan_wars.info import info
from engines.arackhan_wars.modes import hooks as modes
from engines.arackhan_wars.state import State


def scores(st: State) -> list[int]:
    """Each seat's victory points: core values of the creatures and lands it controls on the
    battlefield, plus Dragon Slayer's trophies and Masters of AracKhan's count."""
    out = [0] * st.n
    for i in st.board:
        if i < 0 or not st.face_up[i] or info(st.ctype[i]).kind not in (CREATURE, LAND):
            continue
        seat = st.control[i]
        out[seat] += info(st.ctype[i]).value
        if info(st.ctype[i]).defn.params.get("trophies") and not (
            st.rules.exact_skill_loss and i in compute(st).skills_off
        ):
            out[seat] += sum(info(st.ctype[j]).value for j in st.under.get(i, ()))
        if info(st.ctype[i]).defn.params.get("scoring") == "masters":
            out[seat] += _masters(st, i)
    if st.modes is not None:
        out = [a + b for a, b in zip(out, modes.objective_points(st), strict=True)]
    return out


def _masters(st: State, land: int) -> int:
    seat = st.control[land]
    around = set(board.ADJACENT[st.where[land]])
    for s in list(around):
        j = st.board[s]
        if j >= 0 and st.friends(st.control[j], seat) and info(st.ctype[j]).kind == CREATURE:
            around.update(board.ADJACENT[s])
    return sum(
        info(st.ctype[j]).value
        for s in around
        if (j := st.board[s]) >= 0
        and not st.friends(st.control[j], seat)
        and info(st.ctype[j]).kind == CREATURE
    )


def cards_on_battlefield(st: State) -> list[int]:
    """First tie-break: allied cards each seat has on the battlefield."""
    out = [0] * st.n
    for i in st.board:
        if i >= 0 and st.face_up[i]:
            out[st.control[i]] += 1
    return out


def creatures_discarded(st: State) -> list[int]:
    """Second tie-break: allied creatures in each seat's discard pile (fewer is better)."""
    return [
        sum(1 for i in st.discard[s] if info(st.ctype[i]).kind == CREATURE) for s in range(st.n)
    ]


def ranking(st: State) -> tuple[list[int], list[tuple[int, int, int]]]:
    """Ranks (0 = first, ties shared) and each seat's (score, cards, -discarded) key; in 2v2
    the key is its alliance's (the sums of both seats)."""
    pts, cards, gone = scores(st), cards_on_battlefield(st), creatures_discarded(st)
    side: dict[int, tuple[int, int, int]] = {}
    for s in range(st.n):
        a, b, c = side.get(st.team[s], (0, 0, 0))
        side[st.team[s]] = (a + pts[s], b + cards[s], c - gone[s])
    keys = [side[st.team[s]] for s in range(st.n)]
    ranks = [sum(1 for other in side.values() if other > k) for k in keys]
    return ranks, keys


def side_scores(st: State) -> list[int]:
    """Each seat's victory points summed over its side (its alliance in 2v2)."""
    pts = scores(st)
    total: dict[int, int] = {}
    for s in range(st.n):
        total[st.team[s]] = total.get(st.team[s], 0) + pts[s]
    return [total[st.team[s]] for s in range(st.n)]
