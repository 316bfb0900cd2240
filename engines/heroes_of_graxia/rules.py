"""Playing one move, then every step that needs no decision (:func:`settle`).

A move with no alternative is played at once: a forced wound, the mulligan after the third
hand. So the seat to act has a real choice between at least two legal moves, except in a
combat's hand steps: since 1.1.0 (``Rules.no_hidden_pass``) the seat makes its own pass,
``ready`` or ``resolve`` there even when it is its only move, since playing it for the seat
would tell the others that its hidden hand holds nothing to play (1.0.0 played it: a fight
with nothing left to cast, a pass with nothing in hand to play).
"""

from __future__ import annotations

from typing import Any

from engines.heroes_of_graxia import combat, flow, legal
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
from engines.heroes_of_graxia.legion import add_wounds, eliminate, heal, wound_targets
from engines.heroes_of_graxia.state import (
    CLASH,
    HEALING,
    HIRE,
    MAIN,
    SPELLS,
    WOUNDS,
    State,
)
from engines.heroes_of_graxia.tables import EQUIP, T_ENEMY

Events = list[dict[str, Any]] | None


def legal_moves(st: State) -> list[Move]:
    """The legal moves of the seat to act (cached on the state until the next move)."""
    moves = st.moves
    if moves is None:
        moves = st.moves = legal.moves(st)
    return moves


def step(st: State, m: Move, events: Events) -> None:
    """Play move ``m`` (known to be legal), then :func:`settle`."""
    st.moves = None
    _play(st, m, events)
    settle(st, events)


_HAND_STEPS = (CLASH, HIRE, SPELLS)
"""Steps whose only move, a pass, says that the seat's hidden hand holds nothing to play."""


def settle(st: State, events: Events) -> None:
    """Play every forced step until a seat has a real decision (or the game is over); a pass
    that only the seat's hand forces is its own to make (:data:`_HAND_STEPS`)."""
    while not st.over:
        if st.phase == WOUNDS:
            if _auto_wounds(st, events):
                break
            if not st.pend:
                combat.after_wounds(st, events)
                continue
        moves = legal.moves(st)
        if len(moves) != 1 or (st.phase in _HAND_STEPS and st.r.no_hidden_pass):
            st.moves = moves
            return
        _play(st, moves[0], events)
    st.moves = None


def _auto_wounds(st: State, events: Events) -> bool:
    """Place the wounds that leave no choice; True when a seat must choose where the next
    wound goes."""
    t = st.t
    pend = st.pend
    while pend:
        s, w, foe = pend[0]
        leg = st.legion[s]
        if w <= 0 or not leg:
            pend.pop(0)
            continue
        if w >= sum(t.HP[u] - st.wounds[u] for u in leg):
            hero = st.hero[s]
            for u in [u for u in leg if u != hero] + [u for u in leg if u == hero]:
                if events is not None:
                    events.append(
                        {
                            "type": "wounded",
                            "seat": s,
                            "card": t.ID[u],
                            "wounds": t.HP[u] - st.wounds[u],
                        }
                    )
                eliminate(st, s, u, foe, events)
            pend.pop(0)
            continue
        targets = wound_targets(st, s)
        if len(targets) == 1:
            add_wounds(st, s, targets[0], 1, foe, events)
            pend[0][1] -= 1
            continue
        st.to_act = s
        return True
    return False


def _play(st: State, m: Move, events: Events) -> None:
    op, a, b = m
    t = st.t
    p = st.cur
    if op == SELL:
        st.hand[p].remove(a)
        st.disc[p].append(a)
        st.gold += t.SELL[a]
        if events is not None:
            events.append({"type": "sell", "seat": p, "card": t.ID[a], "gold": t.SELL[a]})
    elif op in (BUY, BUYR):
        _buy(st, a, op == BUYR, events)
    elif op == END:
        flow.end_turn(st, events)
    elif op in (KEEP, REDRAW):
        flow.mulligan(st, op == REDRAW, events)
    elif op == DRAW:
        st.ap -= 1
        flow.draw(st, p, 1, events)
    elif op == PLACE:
        st.ap -= 1
        st.hand[p].remove(a)
        st.legion[p].append(a)
        if events is not None:
            events.append({"type": "place", "seat": p, "card": t.ID[a]})
        flow.give_gold(st, p, events)
    elif op == ATTACH:
        st.ap -= 1
        st.hand[p].remove(a)
        st.eq[3 * b + t.SUB[a]] = a
        st.host[a] = b
        if events is not None:
            events.append({"type": "attach", "seat": p, "card": t.ID[a], "unit": t.ID[b]})
        flow.give_gold(st, p, events)
    elif op == SWAP:
        _swap(st, a, b, events)
    elif op == MOVE:
        _move(st, a, b, events)
    elif op == PICKUP:
        _pickup(st, a, events)
    elif op == CAST:
        if st.phase == MAIN:
            _cast_out(st, a, b, events)
        else:
            combat.cast_in_combat(st, a, b, events)
            if st.phase == CLASH:
                combat.clash_play(st)
    elif op == HIRE_OP:
        combat.hire(st, a, events)
        if st.phase == CLASH:
            combat.clash_play(st)
    elif op == HEAL:
        st.ap -= 1
        st.phase = HEALING
        if events is not None:
            events.append({"type": "heal", "seat": p})
    elif op == MEND:
        st.gold -= 1
        heal(st, a, 1)
        if events is not None:
            events.append({"type": "mend", "seat": p, "card": t.ID[a]})
    elif op == DONE:
        st.phase = MAIN
    elif op == FIGHT:
        combat.fight(st, a, events)
    elif op == ATTACK:
        combat.attack(st, a, events)
    elif op == READY:
        combat.ready(st)
    elif op == RESOLVE:
        combat.resolve_monster(st, events)
    elif op == PASS:
        combat.clash_pass(st, events)
    elif op == WOUND:
        s, _, foe = st.pend[0]
        add_wounds(st, s, a, 1, foe, events)
        st.pend[0][1] -= 1
    elif op == LOSE:
        combat.lose_monster(st, a, events)
    elif op == TAKE:
        flow.take(st, a, events)
    else:  # pragma: no cover - the move tables hold no other op
        raise ValueError(f"unknown move {m}")


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


def _pickup(st: State, x: int, events: Events) -> None:
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
