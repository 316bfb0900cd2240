"""A fast rule-of-thumb playout for search bots' simulations (``Game.guided_playout``).

The simulated state is a determinization, so every card is known: each seat takes the battle or
shot with the best sure outcome (a Hero or a Castle first, then the strongest piece it can
remove), takes the Crown when it can, and otherwise plays a random action that is neither a
battle it would lose nor a move to a square where an enemy can attack it next turn and win.
It plays to the end of the game (the turn cap bounds it).
"""

from __future__ import annotations

import random

from engines.akhedena import board as B
from engines.akhedena import combat, rules
from engines.akhedena.state import EMPTY, KIND, MOVE_RANGE, State

BY_NAME = B.BY_NAME
GAME_WORTH = 1000


def _worth(st: State, p: int) -> int:
    k = KIND[p]
    if k == B.HERO or k == B.CASTLE:
        return GAME_WORTH
    return 10 + combat.attack(st, p) + combat.defence(st, p)


def choose(st: State, legal: list[str], rng: random.Random) -> str:
    """The playout's action for the seat to act."""
    best, best_value = None, 0
    losing = set()
    seat = st.to_act
    optional = st.rules.optional_crown
    for action in legal:
        if action[0] == "m":
            parts = action.split(" ")
            takes = parts[-1] == "crown"
            if takes:
                parts.pop()
            elif optional:
                takes = False
            else:
                takes = st.crown != seat and st.crown_square() in B.NEIGHBOURS[BY_NAME[parts[2]]]
            if len(parts) == 3:
                if takes and best_value < 5:
                    best, best_value = action, 5
                continue
            a = st.board[BY_NAME[parts[1]]]
            d = st.board[BY_NAME[parts[3]]]
            if combat.attack(st, a) > combat.defence(st, d):
                value = _worth(st, d)
            elif combat.attack(st, d) > combat.defence(st, a):
                losing.add(action)
                continue
            else:
                continue
        elif action[0] == "s":
            parts = action.split(" ")
            a = st.board[BY_NAME[parts[1]]]
            d = st.board[BY_NAME[parts[2]]]
            power = combat.attack(st, a)
            dfn = st.deal.dfn
            lost = sum(dfn[c] < power for c in st.army[d])
            if not lost:
                continue
            value = _worth(st, d) if lost == len(st.army[d]) else 3 * lost
        else:
            continue
        if value > best_value:
            best, best_value = action, value
    if best is not None:
        return best
    for _ in range(TRIES):
        action = rng.choice(legal)
        if action in losing:
            continue
        if action[0] != "m":
            return action
        parts = action.split(" ")
        p = st.board[BY_NAME[parts[1]]]
        if not _threatened(st, seat, BY_NAME[parts[1]], BY_NAME[parts[2]], combat.defence(st, p)):
            return action
    return rng.choice(legal)


TRIES = 4
"""Random actions tried before the playout gives up looking for a safe one."""


def _threatened(st: State, seat: int, a: int, d: int, guard: int) -> bool:
    """Whether an enemy piece can move next to ``d`` on its turn with an attack above
    ``guard`` (the moving piece has left ``a``)."""
    board, pos = st.board, st.pos
    size = B.SIZE
    for q, sq in enumerate(pos):
        if sq < 0 or q // B.PIECES_PER_SEAT == seat or KIND[q] == B.CASTLE:
            continue
        reach = MOVE_RANGE[KIND[q]]
        f, r = sq % size, sq // size
        for n in B.NEIGHBOURS[d]:
            if n == sq or (board[n] != EMPTY and n != a):
                continue
            nf, nr = n % size, n // size
            if nf == f:
                step = size if nr > r else -size
                dist = abs(nr - r)
            elif nr == r:
                step = 1 if nf > f else -1
                dist = abs(nf - f)
            else:
                continue
            if dist > reach:
                continue
            x = sq + step
            while x != n and (board[x] == EMPTY or x == a) and x != d:
                x += step
            if x == n and combat.attack(st, q) > guard:
                return True
    return False


def guided_playout(st: State, rng: random.Random) -> None:
    """Play to the end with :func:`choose` for every seat (in place)."""
    legal, play = rules.legal, rules.play
    while not st.over:
        play(st, choose(st, legal(st), rng), None)
