"""The end of a game (ranks, scores, the reason) and a cheap estimate of how a seat is doing."""

from __future__ import annotations

import math

from engines.akhedena import board as B
from engines.akhedena import combat
from engines.akhedena.state import KIND, ON_BOARD, State
from engines.base import Result

LOST = {"hero": "Hero was defeated", "castle": "Castle was destroyed"}


def pieces_left(st: State) -> list[int]:
    out = [0] * st.n
    for p, sq in enumerate(st.pos):
        if sq >= 0:
            out[p // B.PIECES_PER_SEAT] += 1
    return out


def ranks(st: State) -> list[int]:
    """Players still in share first place; the others rank by how long they lasted."""
    out = [0] * st.n
    better = sum(st.alive)
    for seat, _, _ in reversed(st.out):
        out[seat] = better
        better += 1
    return out


def result(st: State) -> Result:
    order = ranks(st)
    left = pieces_left(st)
    if st.end == "cap":
        still = [s for s in range(st.n) if st.alive[s]]
        reason = f"the turn cap ({st.turn_cap} turns per player) was reached: " + (
            "seat " + str(still[0]) + " is the last player in"
            if len(still) == 1
            else "the players still in (" + ", ".join(f"seat {s}" for s in still) + ") share first "
            "place"
        )
    else:
        winner = order.index(0)
        seat, by, how = st.out[-1]
        reason = f"seat {seat}'s {LOST[how]} by seat {by}; seat {winner} is the last player in"
    return Result(
        ranks=tuple(order),
        scores=tuple(float(x) for x in left),
        reason=reason,
        details={
            "pieces_left": left,
            "eliminated": [{"seat": s, "by": by, "lost": how} for s, by, how in st.out],
            "crown": None if st.crown == ON_BOARD else st.crown,
            "turns": st.turns,
            "ended_by": st.end,
        },
    )


HERO_WORTH = 12.0
CASTLE_WORTH = 6.0
CROWN_WORTH = 4.0


def strength(st: State, seat: int) -> float:
    """A seat's material: the attack and defence of its pieces (its Hero and Castle weigh
    more: losing either loses the game), plus the Crown."""
    total = 0.0
    base = seat * B.PIECES_PER_SEAT
    for p in range(base, base + B.PIECES_PER_SEAT):
        if st.pos[p] < 0:
            continue
        worth = combat.attack(st, p) + combat.defence(st, p)
        k = KIND[p]
        if k == B.HERO:
            worth += HERO_WORTH
        elif k == B.CASTLE:
            worth = CASTLE_WORTH + 0.5 * worth
        total += worth
    if st.crown == seat:
        total += CROWN_WORTH
    return total


def value(st: State, seat: int) -> float:
    """Logistic of the seat's :func:`strength` minus the best rival's (0.5: even)."""
    if not st.alive[seat]:
        return 0.0
    mine = strength(st, seat)
    best = max(strength(st, s) for s in range(st.n) if s != seat and st.alive[s])
    return 1.0 / (1.0 + math.exp(-(mine - best) / 25.0))
