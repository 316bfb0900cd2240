"""Every legal move of the seat to act, in a fixed order (the order of ``legal_actions``).

Copies of one card in a hand (or the market, a Discard Pile, a Loot Pile) are interchangeable,
so each card is offered once, as its first copy there.
"""

from __future__ import annotations

from typing import Final

from engines.heroes_of_graxia.actions import (
    ATTACH,
    CAST,
    DONE,
    DRAW,
    END,
    HEAL,
    KEEP,
    MOVE,
    PASS,
    READY,
    REDRAW,
    RESOLVE,
    SWAP,
    Move,
)
from engines.heroes_of_graxia.legion import (
    doubled_bits,
    spells_allowed,
    wound_targets,
)
from engines.heroes_of_graxia.moveset import (
    ARMY_PLACE,
    CAST_ENEMY,
    CAST_FREE,
    EQUIP_ON,
    HENCH_PLACE,
    NOTHING,
    attacks,
    distinct,
    firsts,
    hand_firsts,
    market_buys,
    move_tables,
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
    CAN_COMBAT,
    HENCH,
    HERO_SUB,
    MERC,
    SPELL,
    T_ENEMY,
    T_NONE,
    UNIT,
)

_END: Final[Move] = (END, -1, -1)
_DRAW: Final[Move] = (DRAW, -1, -1)
_HEAL: Final[Move] = (HEAL, -1, -1)
_DONE: Final[Move] = (DONE, -1, -1)
_READY: Final[Move] = (READY, -1, -1)
_RESOLVE: Final[Move] = (RESOLVE, -1, -1)
_PASS: Final[Move] = (PASS, -1, -1)
_MULL_KEEP: Final[list[Move]] = [(KEEP, -1, -1)]
_MULL_BOTH: Final[list[Move]] = [(KEEP, -1, -1), (REDRAW, -1, -1)]


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
    t = st.t
    if phase == CLASH:
        s = st.to_act
        out = [_PASS]
        _combat_plays(st, s, st.ctarget if s == st.cur else st.cur, out)
        return out
    if phase == WOUNDS:
        wounds = move_tables(t).wound
        return [wounds[u] for u in wound_targets(st, st.pend[0][0])]
    if phase == HIRE:
        out = [_READY]
        hires = move_tables(t).hire
        cls, sub = t.CLS, t.SUB
        out += [
            hires[c] for c in firsts(st.hand[st.cur], t.KIND) if cls[c] == UNIT and sub[c] == MERC
        ]
        return out
    if phase == SPELLS:
        out = [_RESOLVE]
        _combat_spells(st, st.cur, -1, out, firsts(st.hand[st.cur], t.KIND))
        return out
    if phase == HEALING:
        return _heal(st)
    if phase == PICK:
        hero = st.hero[st.cur]
        takes = move_tables(t).take
        return [takes[c] for c in firsts(st.disc[st.cur], t.KIND) if c != hero]
    if phase == LOSING:
        loses = move_tables(t).lose
        return [loses[m] for m in firsts(st.loot[st.cur], t.KIND)]
    return []


def _main(st: State) -> list[Move]:
    t = st.t
    s = st.cur
    mt = move_tables(t)
    hand, sells = hand_firsts(mt, st.hand[s])
    out: list[Move] = [_END, *sells]
    gold, mgold = st.gold, st.mgold
    if gold or mgold:
        out += market_buys(mt, gold, mgold, st.mkt_row)
    if st.ap <= 0:
        return out
    if st.deck[s] or st.disc[s]:
        out.append(_DRAW)
    leg = st.legion[s]
    eq = st.eq
    wounds = st.wounds
    kinds, sub, offer = t.KIND, t.SUB, mt.offer
    for c in hand:
        what = offer[c]
        if what == NOTHING:
            continue
        if what == EQUIP_ON:
            slot = sub[c]
            kc = kinds[c]
            for u in leg:
                e = eq[3 * u + slot]
                if e < 0:
                    out.append((ATTACH, c, u))
                elif kinds[e] != kc:  # the same card for itself would change nothing
                    out.append((SWAP, c, e))
        elif what == ARMY_PLACE:
            out.append(mt.place[c])
        elif what == HENCH_PLACE:
            hench = next((u for u in leg if sub[u] == HENCH), -1)
            out.append(mt.place[c] if hench < 0 else (SWAP, c, hench))
        elif what == CAST_FREE:
            out.append(mt.cast[c])
        elif what == CAST_ENEMY:
            n = t.S_WOUND[c]
            for o in range(st.n):
                if o != s:
                    spare = _spared(st, o, n)
                    out += [(CAST, c, u) for u in st.legion[o] if u != spare]
        else:  # heal one of your wounded Units
            out += [(CAST, c, u) for u in leg if wounds[u]]
    wounded = False
    pickups = mt.pickup
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
    if wounded and (gold or sells):
        out.append(_HEAL)
    if not st.attacked:
        row = st.mon_row
        fights = mt.fight
        out += [fights[m] for m in (row if distinct(row, kinds) else firsts(row, kinds))]
        out += attacks(mt, s, st.safe)
    return out


def _spared(st: State, s: int, wounds: int) -> int:
    """The Unit of seat ``s`` that may not take ``wounds`` wounds now (its Hero, when they would
    eliminate it while other Units remain: :func:`lethal_to_hero`), else -1."""
    leg = st.legion[s]
    if len(leg) > 1:
        hero = st.hero[s]
        if st.wounds[hero] + wounds >= st.t.HP[hero] and hero in leg:
            return hero
    return -1


def _heal(st: State) -> list[Move]:
    t = st.t
    s = st.cur
    out = [_DONE]
    wounds = st.wounds
    leg = st.legion[s]
    if st.gold:
        mends = move_tables(t).mend
        out += [mends[u] for u in leg if wounds[u]]
    if any(wounds[u] for u in leg):
        sell, sells = t.SELL, move_tables(t).sell
        out += [sells[c] for c in firsts(st.hand[s], t.KIND) if sell[c] > 0]
    return out


def _combat_plays(st: State, s: int, foe: int, out: list[Move]) -> None:
    """Mercenaries and Spells seat ``s`` may play in a fight between Legions."""
    t = st.t
    hand = firsts(st.hand[s], t.KIND)
    hires = move_tables(t).hire
    cls, sub = t.CLS, t.SUB
    out += [hires[c] for c in hand if cls[c] == UNIT and sub[c] == MERC]
    _combat_spells(st, s, foe, out, hand)


def _combat_spells(st: State, s: int, foe: int, out: list[Move], hand: list[int]) -> None:
    """Spells of ``hand`` (first copies) seat ``s`` may cast in the current combat (``foe``:
    the opposing seat, -1 against a Monster)."""
    t = st.t
    cls, when = t.CLS, t.WHEN
    spells = [c for c in hand if cls[c] == SPELL and when[c] & CAN_COMBAT]
    if not spells or st.cast[s] >= spells_allowed(st, s):
        return
    units = None
    for c in spells:
        target = t.TARGET[c]
        if target == T_NONE:
            out.append((CAST, c, -1))
        elif target == T_ENEMY:
            if st.cmode == VS_MONSTER:
                out.append((CAST, c, -1))
            else:
                spare = _spared(st, foe, t.S_WOUND[c])
                out += [(CAST, c, u) for u in st.legion[foe] if u != spare]
        elif t.S_HEAL[c]:
            out += [(CAST, c, u) for u in st.legion[s] if st.wounds[u]]
        else:
            if units is None:
                units = st.units_in_combat(s)
            bit = 1 if t.S_DBL_A[c] else 2
            out += [(CAST, c, u) for u in units if not doubled_bits(st, u) & bit]
