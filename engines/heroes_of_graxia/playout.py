"""A fast playout policy with rules of thumb, for the search bot's simulations.

Uniformly random playouts misjudge this game: a random player sells its hand, buys at random
and attacks a Legion as often as a Monster, so a random game says little about a position.
Here each simulated player places its Units and Equipment, fights the Monster with the most
Trophy Value it can beat (Attack of its Legion, Mercenaries and Spells in hand against the
Monster's Health), else attacks the weakest other Legion when its Attack exceeds that
Legion's Defense, then sells its hand for the card of the highest worth it can buy. It reads
the state directly, which is fine for simulations: the search determinises hidden information
before each one.
"""

from __future__ import annotations

import random

from engines.heroes_of_graxia import actions as A
from engines.heroes_of_graxia.legion import attack_total, defense_total, spells_allowed
from engines.heroes_of_graxia.rules import legal_moves, step
from engines.heroes_of_graxia.state import (
    CLASH,
    HIRE,
    MAIN,
    MULLIGAN,
    SPELLS,
    WOUNDS,
    State,
)
from engines.heroes_of_graxia.tables import CAN_COMBAT, MERC, SPELL, UNIT, Tables

_WORTH: dict[int, tuple[Tables, tuple[float, ...]]] = {}


def worth(t: Tables) -> tuple[float, ...]:
    """A rough worth of owning each card (per card number), computed once per catalogue."""
    found = _WORTH.get(id(t))
    if found is None or found[0] is not t:
        values = []
        for u in range(t.n):
            w = 1.6 * t.TROPHY[u] + t.ATK[u] + t.DEF[u] + 0.4 * t.HP[u]
            w += 1.5 * t.GOLD[u] + t.S_ATK[u] * 0.7 + t.S_DEF[u] * 0.5 + t.S_WOUND[u] * 0.8
            w += 1.1 * (t.S_DRAW[u] + t.S_ACTS[u]) + 2.0 * t.S_DBL_A[u]
            w += 0.8 * (t.MATK[u] + t.LATK[u]) + 0.6 * (t.MDEF[u] + t.LDEF[u])
            if t.CLS[u] == UNIT and t.SUB[u] == MERC:
                w *= 0.75
            values.append(w)
        found = _WORTH[id(t)] = (t, tuple(values))
    return found[1]


def _hand_attack(st: State, s: int, vs_monster: bool) -> int:
    """Attack the seat's hand would add in a fight (its Mercenaries and best Spells)."""
    t = st.t
    extra = 0
    spells: list[int] = []
    mercs = 0
    for c in st.hand[s]:
        if t.CLS[c] == UNIT and t.SUB[c] == MERC:
            extra += t.ATK[c]
            mercs += 1
        elif t.CLS[c] == SPELL and t.WHEN[c] & CAN_COMBAT:
            spells.append(t.S_ATK[c] + (t.S_WOUND[c] if vs_monster else 0) + 3 * t.S_DBL_A[c])
    spells.sort(reverse=True)
    return extra + sum(spells[: spells_allowed(st, s) + mercs])


def _main(st: State, moves: list[A.Move], rng: random.Random) -> A.Move:
    t = st.t
    s = st.cur
    by_op: dict[int, list[A.Move]] = {}
    for m in moves:
        by_op.setdefault(m[0], []).append(m)
    if st.ap > 0:
        if A.PLACE in by_op:
            return by_op[A.PLACE][0]
        if A.ATTACH in by_op:
            hero = st.hero[s]
            for m in by_op[A.ATTACH]:
                if m[2] == hero:
                    return m
            return by_op[A.ATTACH][0]
        if A.FIGHT in by_op:
            reach = attack_total(st, s, True) + _hand_attack(st, s, True)
            beaten = [m for m in by_op[A.FIGHT] if t.HP[m[1]] <= reach]
            if beaten:
                return max(beaten, key=lambda m: (t.TROPHY[m[1]], t.HP[m[1]]))
        if A.ATTACK in by_op:
            mine = attack_total(st, s, False) + _hand_attack(st, s, False)
            best = max(
                by_op[A.ATTACK], key=lambda m: st.prestige[m[1]] - defense_total(st, m[1], False)
            )
            if mine - defense_total(st, best[1], False) >= 2:
                return best
        if A.CAST in by_op:
            for m in by_op[A.CAST]:
                if t.S_DRAW[m[1]] or t.S_ACTS[m[1]]:
                    return m
        if A.DRAW in by_op:
            return by_op[A.DRAW][0]
    # no action left: buy the best card in reach, selling the hand (discarded at the end anyway)
    gold = st.gold + sum(t.SELL[c] for c in st.hand[s])
    values = worth(t)
    target = -1
    for row in st.mkt_row:
        for c in row:
            if c >= 0 and t.COST[c] <= gold and (target < 0 or values[c] > values[target]):
                target = c
    if A.BUYR in by_op:
        return max(by_op[A.BUYR], key=lambda m: values[m[1]])
    if target >= 0:
        for m in by_op.get(A.BUY, ()):
            if m[1] == target:
                return m
        if A.SELL in by_op:
            return by_op[A.SELL][0]
    return by_op[A.END][0]


def choose(st: State, moves: list[A.Move], rng: random.Random) -> A.Move:
    """The policy's move among ``moves`` (the legal moves of ``st``)."""
    phase = st.phase
    t = st.t
    if phase == MAIN:
        return _main(st, moves, rng)
    if phase == MULLIGAN:
        return moves[0]  # keep
    if phase == HIRE:
        return moves[-1]  # the last Mercenary offered, else "ready"
    if phase == SPELLS:
        m = st.ctarget
        if attack_total(st, st.cur, True) < t.HP[m]:
            casts = [x for x in moves if x[0] == A.CAST]
            if casts:
                return max(
                    casts, key=lambda x: t.S_ATK[x[1]] + t.S_WOUND[x[1]] + 2 * t.S_DBL_A[x[1]]
                )
        return moves[0]  # resolve
    if phase == CLASH:
        if len(moves) > 1 and (st.to_act == st.cur or rng.random() < 0.5):
            return moves[1 + int(rng.random() * (len(moves) - 1))]
        return moves[0]  # pass
    if phase == WOUNDS:
        wounds = st.wounds
        return max(moves, key=lambda x: t.HP[x[1]] - wounds[x[1]])
    return moves[int(rng.random() * len(moves))]


def guided_playout(st: State, rng: random.Random) -> None:
    """Play the game to its end in place with the rules of thumb above."""
    while not st.over:
        step(st, choose(st, legal_moves(st), rng), None)
