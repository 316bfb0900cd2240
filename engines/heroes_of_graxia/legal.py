"""Every legal move of the seat to act, in a fixed order (the order of ``legal_actions``).

Copies of one card in a hand (or the market, a Discard Pile, a Loot Pile) are interchangeable,
so each card is offered once, as its first copy there.
"""

from __future__ import annotations

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
from engines.heroes_of_graxia.legion import (
    doubled_bits,
    lethal_to_hero,
    spells_allowed,
    wound_targets,
)
from engines.heroes_of_graxia.state import (
    CLASH,
    HEALING,
    HIRE,
    LOSING,
    MAIN,
    MULLIGAN,
    PICK,
    SPELLS,
    VS_MONSTER,
    WOUNDS,
    State,
)
from engines.heroes_of_graxia.tables import (
    ARMY,
    CAN_COMBAT,
    CAN_OUT,
    EQUIP,
    HENCH,
    HERO_SUB,
    MERC,
    SPELL,
    T_ENEMY,
    T_NONE,
    UNIT,
)

_END: Move = (END, -1, -1)
_DRAW: Move = (DRAW, -1, -1)
_HEAL: Move = (HEAL, -1, -1)
_DONE: Move = (DONE, -1, -1)
_READY: Move = (READY, -1, -1)
_RESOLVE: Move = (RESOLVE, -1, -1)
_PASS: Move = (PASS, -1, -1)
_MULL_KEEP: list[Move] = [(KEEP, -1, -1)]
_MULL_BOTH: list[Move] = [(KEEP, -1, -1), (REDRAW, -1, -1)]


class _Singles:
    """The one-card moves ``(op, c, -1)`` of a catalogue, built once (a random game makes
    hundreds of thousands of them)."""

    def __init__(self, n: int) -> None:
        for name, op in (
            ("sell", SELL),
            ("buy", BUY),
            ("buyr", BUYR),
            ("place", PLACE),
            ("pickup", PICKUP),
            ("fight", FIGHT),
            ("cast", CAST),
            ("hire", HIRE_OP),
            ("wound", WOUND),
            ("mend", MEND),
        ):
            setattr(self, name, tuple((op, c, -1) for c in range(n)))


_SINGLES: dict[int, tuple[object, _Singles]] = {}


def _singles(st: State) -> _Singles:
    t = st.t
    found = _SINGLES.get(id(t))
    if found is None or found[0] is not t:
        found = _SINGLES[id(t)] = (t, _Singles(t.n))
    return found[1]


def firsts(cards: list[int], kinds: tuple[int, ...]) -> list[int]:
    """The first copy of each card in ``cards``, in order."""
    seen: set[int] = set()
    out = []
    for c in cards:
        k = kinds[c]
        if k not in seen:
            seen.add(k)
            out.append(c)
    return out


def seat_to_act(st: State) -> int:
    """The seat whose decision it is."""
    if st.phase == MULLIGAN:
        return st.mq[0]
    if st.phase == WOUNDS:
        return st.pend[0][0]
    return st.to_act


def moves(st: State) -> list[Move]:
    """The legal moves now (empty once the game is over)."""
    phase = st.phase
    if st.over:
        return []
    if phase == MAIN:
        return _main(st)
    if phase == MULLIGAN:
        return _MULL_BOTH if st.mull > 0 else _MULL_KEEP
    if phase == CLASH:
        s = st.to_act
        out = [_PASS]
        _combat_plays(st, s, st.ctarget if s == st.cur else st.cur, out)
        return out
    if phase == WOUNDS:
        s = st.pend[0][0]
        return [(WOUND, u, -1) for u in wound_targets(st, s)]
    if phase == HIRE:
        out = [_READY]
        t = st.t
        out += [(HIRE_OP, c, -1) for c in firsts(st.hand[st.cur], t.KIND) if _is_merc(st, c)]
        return out
    if phase == SPELLS:
        out = [_RESOLVE]
        _combat_spells(st, st.cur, -1, out)
        return out
    if phase == HEALING:
        return _heal(st)
    if phase == PICK:
        hero = st.hero[st.cur]
        return [(TAKE, c, -1) for c in firsts(st.disc[st.cur], st.t.KIND) if c != hero]
    if phase == LOSING:
        return [(LOSE, m, -1) for m in firsts(st.loot[st.cur], st.t.KIND)]
    return []


def _is_merc(st: State, c: int) -> bool:
    return st.t.CLS[c] == UNIT and st.t.SUB[c] == MERC


def _main(st: State) -> list[Move]:
    t = st.t
    s = st.cur
    one = _singles(st)
    kinds = t.KIND
    hand: list[int] = []
    seen_kinds: set[int] = set()
    for c in st.hand[s]:
        k = kinds[c]
        if k not in seen_kinds:
            seen_kinds.add(k)
            hand.append(c)
    out: list[Move] = [_END]
    sell = t.SELL
    sells = one.sell
    out += [sells[c] for c in hand if sell[c] > 0]
    gold, mgold = st.gold, st.mgold
    if gold or mgold:
        cost = t.COST
        buys, buyrs = one.buy, one.buyr
        seen: set[int] = set()
        for row in st.mkt_row:
            for m in row:
                if m < 0:
                    continue
                k = kinds[m]
                if k in seen:
                    continue
                seen.add(k)
                if cost[m] <= gold:
                    out.append(buys[m])
                if cost[m] <= mgold:
                    out.append(buyrs[m])
    if st.ap <= 0:
        return out
    if st.deck[s] or st.disc[s]:
        out.append(_DRAW)
    leg = st.legion[s]
    eq = st.eq
    cls, sub = t.CLS, t.SUB
    for c in hand:
        k = cls[c]
        if k == UNIT:
            kind = sub[c]
            if kind == ARMY:
                out.append(one.place[c])
            elif kind == HENCH:
                hench = next((u for u in leg if sub[u] == HENCH), -1)
                out.append(one.place[c] if hench < 0 else (SWAP, c, hench))
        elif k == EQUIP:
            slot = sub[c]
            kc = kinds[c]
            for u in leg:
                e = eq[3 * u + slot]
                if e < 0:
                    out.append((ATTACH, c, u))
                elif kinds[e] != kc:  # the same card for itself would change nothing
                    out.append((SWAP, c, e))
        elif k == SPELL and t.WHEN[c] & CAN_OUT:
            target = t.TARGET[c]
            if target == T_NONE:
                out.append(one.cast[c])
            elif target == T_ENEMY:
                n = t.S_WOUND[c]
                for o in range(st.n):
                    if o != s:
                        out += [
                            (CAST, c, u) for u in st.legion[o] if not lethal_to_hero(st, o, u, n)
                        ]
            else:  # heal one of your wounded Units
                out += [(CAST, c, u) for u in leg if st.wounds[u]]
    wounded = False
    wounds = st.wounds
    pickups = one.pickup
    for u in leg:
        if wounds[u]:
            wounded = True
        base = 3 * u
        bare = True
        for e in (eq[base], eq[base + 1], eq[base + 2]):
            if e >= 0:
                bare = False
                out.append(pickups[e])
                slot, ke = sub[e], kinds[e]
                for v in leg:
                    if v != u:
                        other = eq[3 * v + slot]
                        if other < 0 or kinds[other] != ke:
                            out.append((MOVE, e, v))
        if bare and sub[u] != HERO_SUB:
            out.append(pickups[u])
    if wounded and (gold or any(sell[c] > 0 for c in hand)):
        out.append(_HEAL)
    if not st.attacked:
        fights = one.fight
        out += [fights[m] for m in firsts(st.mon_row, kinds)]
        out += [(ATTACK, o, -1) for o in range(st.n) if o != s and not st.safe[o]]
    return out


def _heal(st: State) -> list[Move]:
    t = st.t
    s = st.cur
    out = [_DONE]
    if st.gold:
        out += [(MEND, u, -1) for u in st.legion[s] if st.wounds[u]]
    if any(st.wounds[u] for u in st.legion[s]):
        out += [(SELL, c, -1) for c in firsts(st.hand[s], t.KIND) if t.SELL[c] > 0]
    return out


def _combat_plays(st: State, s: int, foe: int, out: list[Move]) -> None:
    """Mercenaries and Spells seat ``s`` may play in a fight between Legions."""
    t = st.t
    hand = firsts(st.hand[s], t.KIND)
    out += [(HIRE_OP, c, -1) for c in hand if _is_merc(st, c)]
    _combat_spells(st, s, foe, out, hand)


def _combat_spells(
    st: State, s: int, foe: int, out: list[Move], hand: list[int] | None = None
) -> None:
    """Spells seat ``s`` may cast in the current combat (``foe``: the opposing seat, -1 against
    a Monster)."""
    t = st.t
    if st.cast[s] >= spells_allowed(st, s):
        return
    if hand is None:
        hand = firsts(st.hand[s], t.KIND)
    units = None
    for c in hand:
        if t.CLS[c] != SPELL or not t.WHEN[c] & CAN_COMBAT:
            continue
        target = t.TARGET[c]
        if target == T_NONE:
            out.append((CAST, c, -1))
        elif target == T_ENEMY:
            if st.cmode == VS_MONSTER:
                out.append((CAST, c, -1))
            else:
                n = t.S_WOUND[c]
                out += [(CAST, c, u) for u in st.legion[foe] if not lethal_to_hero(st, foe, u, n)]
        elif t.S_HEAL[c]:
            out += [(CAST, c, u) for u in st.legion[s] if st.wounds[u]]
        else:
            if units is None:
                units = st.units_in_combat(s)
            bit = 1 if t.S_DBL_A[c] else 2
            out += [(CAST, c, u) for u in units if not doubled_bits(st, u) & bit]
