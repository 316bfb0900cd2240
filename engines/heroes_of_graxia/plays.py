"""Playing one move of each kind (the forced steps that follow are :mod:`rules`' job)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engines.heroes_of_graxia import combat, flow
from engines.heroes_of_graxia.actions import (
    ATTACH,
    ATTACK,
    BUY,
    BUYR,
    CAST,
    DONE,
    DRAW,
    END,
    FIGHT,
    HEAL,
    HIRE_OP,
    KEEP,
    LOSE,
    MEND,
    MOVE,
    PASS,
    PICKUP,
    PLACE,
    READY,
    REDRAW,
    RESOLVE,
    SELL,
    SWAP,
    TAKE,
    WOUND,
    Move,
)
from engines.heroes_of_graxia.legion import add_wounds, heal
from engines.heroes_of_graxia.state import CLASH, HEALING, MAIN, State
from engines.heroes_of_graxia.tables import EQUIP, T_ENEMY

Events = list[dict[str, Any]] | None


def play(st: State, m: Move, events: Events) -> None:
    """Play move ``m`` (known to be legal), nothing more."""
    op, a, b = m
    _PLAYS[op](st, a, b, events)


def _sell(st: State, c: int, _: int, events: Events) -> None:
    t = st.t
    p = st.cur
    st.hand[p].remove(c)
    st.disc[p].append(c)
    st.gold += t.SELL[c]
    if events is not None:
        events.append({"type": "sell", "seat": p, "card": t.ID[c], "gold": t.SELL[c]})


def _end(st: State, _a: int, _b: int, events: Events) -> None:
    flow.end_turn(st, events)


def _keep(st: State, _a: int, _b: int, events: Events) -> None:
    flow.mulligan(st, False, events)


def _redraw(st: State, _a: int, _b: int, events: Events) -> None:
    flow.mulligan(st, True, events)


def _draw(st: State, _a: int, _b: int, events: Events) -> None:
    st.ap -= 1
    flow.draw(st, st.cur, 1, events)


def _place(st: State, c: int, _: int, events: Events) -> None:
    p = st.cur
    st.ap -= 1
    st.hand[p].remove(c)
    st.legion[p].append(c)
    if events is not None:
        events.append({"type": "place", "seat": p, "card": st.t.ID[c]})
    flow.give_gold(st, p, events)


def _attach(st: State, c: int, u: int, events: Events) -> None:
    t = st.t
    p = st.cur
    st.ap -= 1
    st.hand[p].remove(c)
    st.eq[3 * u + t.SUB[c]] = c
    st.host[c] = u
    if events is not None:
        events.append({"type": "attach", "seat": p, "card": t.ID[c], "unit": t.ID[u]})
    flow.give_gold(st, p, events)


def _cast(st: State, c: int, target: int, events: Events) -> None:
    if st.phase == MAIN:
        _cast_out(st, c, target, events)
    else:
        combat.cast_in_combat(st, c, target, events)
        if st.phase == CLASH:
            combat.clash_play(st)


def _hire(st: State, c: int, _: int, events: Events) -> None:
    combat.hire(st, c, events)
    if st.phase == CLASH:
        combat.clash_play(st)


def _heal(st: State, _a: int, _b: int, events: Events) -> None:
    st.ap -= 1
    st.phase = HEALING
    if events is not None:
        events.append({"type": "heal", "seat": st.cur})


def _mend(st: State, u: int, _: int, events: Events) -> None:
    st.gold -= 1
    heal(st, u, 1)
    if events is not None:
        events.append({"type": "mend", "seat": st.cur, "card": st.t.ID[u]})


def _done(st: State, _a: int, _b: int, _events: Events) -> None:
    st.phase = MAIN


def _fight(st: State, m: int, _: int, events: Events) -> None:
    combat.fight(st, m, events)


def _attack(st: State, d: int, _: int, events: Events) -> None:
    combat.attack(st, d, events)


def _ready(st: State, _a: int, _b: int, _events: Events) -> None:
    combat.ready(st)


def _resolve(st: State, _a: int, _b: int, events: Events) -> None:
    combat.resolve_monster(st, events)


def _pass(st: State, _a: int, _b: int, events: Events) -> None:
    combat.clash_pass(st, events)


def _wound(st: State, u: int, _: int, events: Events) -> None:
    s, _w, foe = st.pend[0]
    add_wounds(st, s, u, 1, foe, events)
    st.pend[0][1] -= 1


def _lose(st: State, m: int, _: int, events: Events) -> None:
    combat.lose_monster(st, m, events)


def _take(st: State, c: int, _: int, events: Events) -> None:
    flow.take(st, c, events)


def _buy_gold(st: State, c: int, _: int, events: Events) -> None:
    _buy(st, c, False, events)


def _buy_reward(st: State, c: int, _: int, events: Events) -> None:
    _buy(st, c, True, events)


def _buy(st: State, c: int, reward: bool, events: Events) -> None:
    """Buying is not an action: the card goes to the Discard Pile and its place is refilled."""
    t = st.t
    p = st.cur
    if reward:
        st.mgold -= t.COST[c]
    else:
        st.gold -= t.COST[c]
    for d, row in enumerate(st.mkt_row):
        if c in row:
            slot = row.index(c)
            deck = st.mkt_deck[d]
            row[slot] = deck.pop() if deck else -1
            break
    st.disc[p].append(c)
    if events is not None:
        events.append(
            {
                "type": "buy",
                "seat": p,
                "card": t.ID[c],
                "cost": t.COST[c],
                "with": "reward gold" if reward else "gold",
            }
        )


def _swap(st: State, c: int, x: int, events: Events) -> None:
    """A Henchman from the hand replaces the Legion's (keeping its Equipment), or Equipment
    from the hand replaces the attached piece of its type; the replaced card goes to the hand."""
    t = st.t
    p = st.cur
    st.ap -= 1
    st.hand[p].remove(c)
    if t.CLS[c] == EQUIP:
        u = st.host[x]
        st.eq[3 * u + t.SUB[c]] = c
        st.host[c] = u
        st.host[x] = -1
    else:
        leg = st.legion[p]
        leg[leg.index(x)] = c
        st.wounds[x] = 0
        for slot in range(3):
            e = st.eq[3 * x + slot]
            if e >= 0:
                st.eq[3 * c + slot] = e
                st.host[e] = c
                st.eq[3 * x + slot] = -1
    st.hand[p].append(x)
    if events is not None:
        events.append({"type": "swap", "seat": p, "card": t.ID[c], "replaced": t.ID[x]})
    flow.give_gold(st, p, events)


def _move(st: State, e: int, v: int, events: Events) -> None:
    t = st.t
    st.ap -= 1
    slot = t.SUB[e]
    u = st.host[e]
    other = st.eq[3 * v + slot]
    st.eq[3 * v + slot] = e
    st.host[e] = v
    st.eq[3 * u + slot] = other
    if other >= 0:
        st.host[other] = u
    if events is not None:
        events.append(
            {
                "type": "move",
                "seat": st.cur,
                "card": t.ID[e],
                "from": t.ID[u],
                "to": t.ID[v],
                "swapped": t.ID[other] if other >= 0 else None,
            }
        )


def _pickup(st: State, x: int, _: int, events: Events) -> None:
    t = st.t
    p = st.cur
    st.ap -= 1
    if t.CLS[x] == EQUIP:
        u = st.host[x]
        st.eq[3 * u + t.SUB[x]] = -1
        st.host[x] = -1
    else:
        st.legion[p].remove(x)
        st.wounds[x] = 0
    st.hand[p].append(x)
    if events is not None:
        events.append({"type": "pickup", "seat": p, "card": t.ID[x]})


def _cast_out(st: State, c: int, target: int, events: Events) -> None:
    """A Spell out of combat: one action, not an attack, even when it wounds."""
    t = st.t
    p = st.cur
    st.ap -= 1
    st.hand[p].remove(c)
    st.disc[p].append(c)
    if events is not None:
        events.append(
            {
                "type": "cast",
                "seat": p,
                "card": t.ID[c],
                "target": t.ID[target] if target >= 0 else None,
            }
        )
    st.gold += t.S_GOLD[c]
    st.ap += t.S_ACTS[c]
    if t.S_DRAW[c]:
        flow.draw(st, p, t.S_DRAW[c], events)
    if target >= 0:
        if t.TARGET[c] == T_ENEMY:
            owner = next(o for o in range(st.n) if target in st.legion[o])
            add_wounds(st, owner, target, t.S_WOUND[c], p, events)
            flow.check_prestige(st, events)
        else:
            heal(st, target, t.S_HEAL[c])


_PLAYS: Final[tuple[Callable[[State, int, int, Events], None], ...]] = tuple(
    {
        END: _end,
        KEEP: _keep,
        REDRAW: _redraw,
        SELL: _sell,
        BUY: _buy_gold,
        BUYR: _buy_reward,
        DRAW: _draw,
        PLACE: _place,
        ATTACH: _attach,
        SWAP: _swap,
        MOVE: _move,
        PICKUP: _pickup,
        CAST: _cast,
        HEAL: _heal,
        MEND: _mend,
        DONE: _done,
        FIGHT: _fight,
        ATTACK: _attack,
        HIRE_OP: _hire,
        READY: _ready,
        RESOLVE: _resolve,
        PASS: _pass,
        WOUND: _wound,
        LOSE: _lose,
        TAKE: _take,
    }[op]
    for op in range(TAKE + 1)
)
"""Each op's move, indexed by op (``actions`` numbers them 0 to ``TAKE``)."""
