"""Attacks: who may attack whom, group attacks, and their resolution (Omnistrike, Perforation,
Regeneration, Stealth, conquering lands, destroying creatures)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import (
    ATTACKS_ADJACENT_NO_GROUP,
    ATTACKS_ONLY_IN_GROUPS,
    BLIND_RIGHT_BOTTOM,
    CANNOT_ATTACK,
    CANNOT_BE_ATTACKED,
    CREATURE,
    DESTROYED_AFTER_ATTACK,
    DESTROYED_IF_ATTACK_FAILS,
    EVEN_TARGETS_ONLY,
    FLIGHT,
    GROUPS_ONLY_WITH_FAMILY,
    GROUPS_OR_SPELLS,
    GUARDED_VS_MOBILE,
    IMMUNE_SPELLS,
    INITIATIVE,
    LAND,
    MOVEMENT,
    NO_ADJACENT_ATTACK,
    NO_GROUP,
    NO_GROUP_ATTACKED,
    NO_INITIATIVE_ATTACK,
    NOT_BY_CREATURES,
    OMNISTRIKE,
    ONLY_ADJACENT_ATTACKERS,
    ONLY_GROUP_ATTACKED,
    PERFORATION,
    RANGED,
    REGENERATION,
    SPELL,
    STEALTH,
)
from engines.arackhan_wars.effects import Stats, allied, card_info, compute, is_active
from engines.arackhan_wars.state import INITIATIVE as INITIATIVE_PHASE
from engines.arackhan_wars.state import State
from engines.arackhan_wars.zones import destroy, discard_spell

MAX_GROUP_CANDIDATES = 8
"""Group attacks are enumerated over at most this many possible attackers per target."""


def can_activate_to_attack(st: State, stats: Stats, a: int, seat: int) -> bool:
    """True when ``seat`` may activate ``a`` to attack now (before looking at targets)."""
    if st.control[a] != seat or not st.face_up[a] or stats.attack.get(a) is None:
        return False
    if st.where[a] < 0 or not is_active(st, stats, a):
        return False
    if CANNOT_ATTACK in stats.flags[a]:
        return False
    return st.phase != INITIATIVE_PHASE or (
        INITIATIVE in stats.attrs[a] and NO_INITIATIVE_ATTACK not in stats.flags[a]
    )


def can_reach(st: State, stats: Stats, a: int, t: int) -> bool:
    """True when ``a`` (able to attack) may attack enemy card ``t`` on its own terms."""
    pt = st.where[t]
    if pt < 0 or st.friends(st.control[a], st.control[t]) or stats.defence.get(t) is None:
        return False
    fa = stats.flags[a]
    rng = stats.ranged[a] if RANGED in stats.attrs[a] else 1
    if ATTACKS_ADJACENT_NO_GROUP in fa or rng < 1:
        rng = 1
    d = board.DISTANCE[st.where[a]][pt]
    if d > rng:
        return False
    ti = stats.info[t]
    if ti.kind not in (CREATURE, LAND):
        return False
    ft = stats.flags[t]
    if CANNOT_BE_ATTACKED in ft:
        return False
    a_spell = stats.info[a].kind == SPELL
    if a_spell and IMMUNE_SPELLS in ft:
        return False
    if not a_spell and NOT_BY_CREATURES in ft:
        return False
    if d == 1 and not a_spell:
        if STEALTH in stats.attrs[t] and rng < 2:
            return False
        if NO_ADJACENT_ATTACK in fa:
            return False
        if BLIND_RIGHT_BOTTOM in fa:
            sides = board.SEAT_SIDES[st.control[a]]
            if board.direction(st.where[a], pt) in (sides["right"], sides["bottom"]):
                return False
    elif d > 1 and not a_spell and ONLY_ADJACENT_ATTACKERS in ft:
        return False
    return not (EVEN_TARGETS_ONLY in fa and ti.value % 2)


def group_ok(st: State, stats: Stats, group: tuple[int, ...], t: int) -> bool:
    """True when ``group`` may attack ``t`` together (group restrictions of both sides)."""
    creatures = [a for a in group if card_info(st, a).kind == CREATURE]
    ft = stats.flags[t]
    n = len(group)
    if ONLY_GROUP_ATTACKED in ft and creatures and n < 2:
        return False
    if NO_GROUP_ATTACKED in ft and len(creatures) > 1:
        return False
    if GROUPS_OR_SPELLS in ft and creatures and (len(creatures) != n or n < 2):
        return False
    if n == 1:
        return ATTACKS_ONLY_IN_GROUPS not in stats.flags[group[0]]
    leader = any(card_info(st, a).defn.params.get("mercenary_leader") for a in group)
    for a in group:
        fa = stats.flags[a]
        if ATTACKS_ADJACENT_NO_GROUP in fa:
            return False
        merc_free = leader and card_info(st, a).family == "Mercenary"
        if NO_GROUP in fa and not merc_free:
            return False
        if GROUPS_ONLY_WITH_FAMILY in fa and not merc_free:
            family = card_info(st, a).family
            if any(
                b != a and card_info(st, b).kind == CREATURE and card_info(st, b).family != family
                for b in group
            ):
                return False
    return True


def attack_options(st: State, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every (target, attackers) attack ``seat`` may launch now, attackers sorted."""
    stats = compute(st)
    attackers = [a for a in st.board if a >= 0 and can_activate_to_attack(st, stats, a, seat)]
    if not attackers:
        return []
    reach = [
        (a, board.DISTANCE[st.where[a]], max(1, stats.ranged[a] if RANGED in stats.attrs[a] else 1))
        for a in sorted(attackers)
    ]
    out = []
    for t in st.board:
        if t < 0 or st.friends(st.control[t], seat) or stats.defence.get(t) is None:
            continue
        pt = st.where[t]
        able = [a for a, row, r in reach if row[pt] <= r and can_reach(st, stats, a, t)]
        if not able:
            continue
        able = sorted(able)[:MAX_GROUP_CANDIDATES]
        for k in range(1, len(able) + 1):
            for group in combinations(able, k):
                if group_ok(st, stats, group, t):
                    out.append((t, group))
    return out


def attack_value(st: State, stats: Stats, a: int, t: int) -> int:
    """Attack of ``a`` against ``t`` (with bonuses that depend on the target)."""
    value = stats.attack[a] or 0
    mods = card_info(st, a).defn.attack_mods
    if mods and a not in stats.skills_off:
        for mod in mods:
            if _has_vs(stats, t, mod.vs):
                value += mod.amount
    return max(0, value)


def _has_vs(stats: Stats, t: int, vs: str) -> bool:
    attrs = stats.attrs.get(t, ())
    if vs == "flight_or_movement":
        return FLIGHT in attrs or MOVEMENT in attrs
    return vs in attrs


def defence_value(st: State, stats: Stats, t: int, group: tuple[int, ...]) -> int:
    """Defence of ``t`` against ``group`` (Ghost Metal Monolith's +2 against mobile attackers)."""
    value = stats.defence[t] or 0
    if GUARDED_VS_MOBILE in stats.flags[t] and any(
        card_info(st, a).kind == CREATURE and _has_vs(stats, a, "flight_or_movement") for a in group
    ):
        value += 2
    return value


def _hit(
    st: State,
    seat: int,
    t: int,
    group: tuple[int, ...],
    value: int,
    spell_in: bool,
    events: list[Any] | None,
) -> bool:
    """Resolve one successful hit on ``t``; True if it counts as a success for Perforation."""
    stats = compute(st)
    kind = card_info(st, t).kind
    if kind == LAND:
        st.control[t] = seat
        st.version += 1
        if events is not None:
            events.append({"type": "conquer", "card": f"c{t}", "by": seat})
        return True
    if REGENERATION in stats.attrs[t] and not spell_in and is_active(st, stats, t):
        st.active[t] = False
        st.version += 1
        if events is not None:
            events.append({"type": "regenerate", "card": f"c{t}"})
        return True
    trophy = None
    if FLIGHT in stats.attrs[t] or MOVEMENT in stats.attrs[t]:
        trophy = next(
            (a for a in group if card_info(st, a).defn.params.get("trophies") and st.where[a] >= 0),
            None,
        )
    destroy(st, t, under=trophy)
    if events is not None:
        events.append({"type": "destroy", "card": f"c{t}", "value": value})
    return True


def resolve_attack(
    st: State, seat: int, target: int, group: tuple[int, ...], events: list[Any] | None
) -> None:
    """Resolve the attack of ``group`` on ``target`` (already checked legal), with the
    simultaneous Omnistrike attacks, Perforation, and the attackers' aftermath."""
    stats = compute(st)
    any(card_info(st, a).kind == SPELL for a in group)
    hits: list[tuple[int, tuple[int, ...]]] = [(target, group)]
    for a in group:
        if OMNISTRIKE not in stats.attrs[a]:
            continue
        hits_allies = card_info(st, a).defn.params.get("hits_allies")
        for s in board.ADJACENT[st.where[a]]:
            t2 = st.board[s]
            if t2 < 0 or t2 == target or any(t2 == h[0] for h in hits):
                continue
            if (
                can_reach(st, stats, a, t2)
                and group_ok(st, stats, (a,), t2)
                or (
                    hits_allies
                    and allied(st, a, t2)
                    and card_info(st, t2).kind == CREATURE
                    and stats.defence.get(t2) is not None
                )
            ):
                hits.append((t2, (a,)))
    if events is not None:
        events.append(
            {
                "type": "attack",
                "seat": seat,
                "target": f"c{target}",
                "with": [f"c{a}" for a in group],
            }
        )
    # every first hit is decided on the characteristics before any of them resolves
    outcomes = []
    for t, g in hits:
        value = sum(attack_value(st, stats, a, t) for a in g)
        ok = value > defence_value(st, stats, t, g)
        outcomes.append((t, g, value, ok))
    spaces = {t: st.where[t] for t, _ in hits}
    origins = {a: st.where[a] for a in group}
    frozen = {a: attack_value(st, stats, a, target) for a in group if PERFORATION in stats.attrs[a]}
    for a in list(frozen):
        for t, g, _, _ in outcomes:
            if a in g and t != target:
                frozen.setdefault(a, attack_value(st, stats, a, t))
    failed: set[int] = set()
    succeeded: list[tuple[int, tuple[int, ...]]] = []
    for t, g, value, ok in outcomes:
        if ok:
            g_spell = any(card_info(st, a).kind == SPELL for a in g)
            if st.where[t] >= 0:
                _hit(st, seat, t, g, value, g_spell, events)
                succeeded.append((t, g))
        else:
            failed.update(g)
            if events is not None:
                events.append({"type": "attack-fails", "card": f"c{t}", "value": value})
    # Perforation: onward in the same direction while the attacks succeed
    for t, g in succeeded:
        for a in g:
            origin = origins.get(a, -1)
            if a not in frozen or origin < 0:
                continue
            pos_t = spaces[t]
            d = board.direction(origin, pos_t)
            if d is None:
                continue
            value = frozen[a]
            space = pos_t
            while True:
                value -= 1
                nxt = board.step(space, d)
                if nxt is None:
                    break
                t2 = st.board[nxt]
                stats = compute(st)
                if t2 < 0 or allied_to_seat(st, t2, seat) or stats.defence.get(t2) is None:
                    break
                if card_info(st, t2).kind not in (CREATURE, LAND):
                    break
                ft = stats.flags[t2]
                a_spell = card_info(st, a).kind == SPELL
                if CANNOT_BE_ATTACKED in ft or (a_spell and IMMUNE_SPELLS in ft):
                    break
                if not a_spell and NOT_BY_CREATURES in ft:
                    break
                if value <= defence_value(st, stats, t2, (a,)):
                    failed.add(a)
                    if events is not None:
                        events.append(
                            {"type": "perforation-stops", "card": f"c{t2}", "value": value}
                        )
                    break
                if events is not None:
                    events.append({"type": "perforation", "card": f"c{t2}", "value": value})
                _hit(st, seat, t2, (a,), value, a_spell, events)
                space = nxt
    # aftermath: attackers deactivated, attack spells discarded, weaknesses
    stats = compute(st)
    for a in group:
        if card_info(st, a).kind == SPELL:
            if st.face_up[a] and (st.where[a] >= 0 or any(a in x for x in st.astral)):
                discard_spell(st, a)
            continue
        if st.where[a] < 0:
            continue
        flags = stats.flags.get(a, set())
        if DESTROYED_AFTER_ATTACK in flags or (DESTROYED_IF_ATTACK_FAILS in flags and a in failed):
            destroy(st, a)
            if events is not None:
                events.append({"type": "destroy", "card": f"c{a}", "why": "its weakness"})
            continue
        st.active[a] = False
        st.version += 1


def allied_to_seat(st: State, t: int, seat: int) -> bool:
    """True when ``seat`` controls ``t``."""
    return st.friends(st.control[t], seat)
