"""The Activation phase's options: what the seat to act may move, swap, attack and activate in
its Initiative sequence or turn (the round, ``rounds.py``, plays them)."""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars import actions as card_actions
from engines.arackhan_wars import board, combat, group_attack
from engines.arackhan_wars.abilities import CREATURE, DEACTIVATED, FLIGHT, INITIATIVE, MOVEMENT
from engines.arackhan_wars.effects import Stats, compute, is_active
from engines.arackhan_wars.info import info, infos
from engines.arackhan_wars.movement import anywhere, bonus_moves, swap_reach, walk
from engines.arackhan_wars.state import INITIATIVE as INITIATIVE_PHASE
from engines.arackhan_wars.state import State


def activation_options(st: State, seat: int) -> list[str]:
    """Moves, swaps, attacks and card actions ``seat`` may take now, then ``pass``."""
    stats = compute(st)
    initiative = st.phase == INITIATIVE_PHASE
    out: list[str] = []
    movers = []
    control, moved, ctype, temp = st.control, st.moved, st.ctype, st.temp
    table, attrs = infos(), stats.attrs
    if initiative and not any(control[i] == seat and INITIATIVE in attrs[i] for i in stats.info):
        return ["pass"]  # moves, attacks and card actions all need Initiative now
    active, flags, movement, cards = st.active, stats.flags, stats.movement, stats.info
    for i in stats.field:  # the revealed cards on the battlefield, by space
        if control[i] != seat or moved[i] or not active[i]:
            continue
        if table[ctype[i]].kind != CREATURE and (not temp or _copy_kind(st, i) != CREATURE):
            continue
        if DEACTIVATED in flags[i]:  # is_active, inlined
            continue
        ai = attrs[i]
        if initiative and INITIATIVE not in ai:
            continue
        row = board.MOVES[i]
        if FLIGHT in ai:  # own_moves, inlined
            out.extend([row[s] for s in anywhere(st, i)])
        elif MOVEMENT in ai and movement[i] > 0:
            out.extend([row[s] for s in walk(st, i, movement[i])])
        if "bonus_movement" in cards[i].defn.params:
            out.extend([row[s] for s in bonus_moves(st, stats, i)])
        movers.append(i)
    if len(movers) > 1:
        out.extend(_swaps(st, stats, sorted(movers)))
    if st.rules.stepwise_group_attacks:
        out.extend(group_attack.attack_options(st, seat))
    else:
        for t, group in combat.attack_options(st, seat):
            out.append(f"attack c{t} " + "+".join(f"c{a}" for a in group))
    # the revealed cards in play (battlefield and astral planes) are the keys of stats.info
    for i in sorted([i for i in cards if control[i] == seat]):
        defn = card_actions_defn(st, i) if temp else table[ctype[i]].defn
        if not defn.action or not is_active(st, stats, i):
            continue
        if defn.once_per_round and i in st.used:
            continue
        if (
            not st.rules.exact_skill_loss
            and i in stats.skills_off
            and table[ctype[i]].kind == CREATURE
        ):
            continue  # 1.0.0 read "lose their skills" as losing the card action too
        if initiative and INITIATIVE not in attrs[i]:
            continue
        options, _ = card_actions.ACTIONS[defn.action]
        for args in options(st, seat, i, defn.params):
            out.append(f"act c{i} {args}" if args else f"act c{i}")
    out.append("pass")
    return out


def _swaps(st: State, stats: Stats, movers: list[int]) -> list[str]:
    """``swap c<a> c<b>`` for each pair of ``movers`` within each other's swap reach. A card
    steps at most its Movement away (None: Flight, anywhere), so pairs farther apart are
    dropped before any reach is walked."""
    attrs, movement, where, distance = stats.attrs, stats.movement, st.where, board.DISTANCE
    span = {
        i: None if FLIGHT in attrs[i] else (movement[i] if MOVEMENT in attrs[i] else 0)
        for i in movers
    }
    reach: dict[int, set[int] | None] = {}
    out = []
    for k, a in enumerate(movers):
        sa = span[a]
        if sa == 0:
            continue  # no reach at all
        row = distance[where[a]]
        for b in movers[k + 1 :]:
            sb = span[b]
            if sb == 0:
                continue
            d = row[where[b]]
            if (sa is not None and d > sa) or (sb is not None and d > sb):
                continue
            if a not in reach:
                reach[a] = swap_reach(st, stats, a)
            if b not in reach:
                reach[b] = swap_reach(st, stats, b)
            ra, rb = reach[a], reach[b]
            if (ra is None or where[b] in ra) and (rb is None or where[a] in rb):
                out.append(f"swap c{a} c{b}")
    return out


def _copy_kind(st: State, i: int) -> str:
    copy = st.temp.get(i, {}).get("copy")
    return info(copy).kind if copy is not None else ""


def card_actions_defn(st: State, i: int) -> Any:
    """The definition whose card action ``i`` performs (a copied card's, under Mimicry)."""
    copy = st.temp.get(i, {}).get("copy")
    return info(copy if copy is not None else st.ctype[i]).defn
