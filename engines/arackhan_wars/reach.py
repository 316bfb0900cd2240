"""Who may attack whom, and with what values: activating to attack, range and Stealth, the
restrictions of attackers and targets, group restrictions, Attack against a target and Defence
against a group."""

from __future__ import annotations

from typing import Final

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import (
    ATTACKS_ADJACENT_NO_GROUP,
    ATTACKS_ONLY_IN_GROUPS,
    BLIND_RIGHT_BOTTOM,
    CANNOT_ATTACK,
    CANNOT_BE_ATTACKED,
    CREATURE,
    DEACTIVATED,
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
    ONLY_ADJACENT_ATTACKERS,
    ONLY_GROUP_ATTACKED,
    RANGED,
    SKILL,
    SPELL,
    STEALTH,
)
from engines.arackhan_wars.effects import Stats, card_info, is_active
from engines.arackhan_wars.state import INITIATIVE as INITIATIVE_PHASE
from engines.arackhan_wars.state import PENDING, State


def in_initiative(st: State) -> bool:
    """True during the Initiative sequence, also while a group attack opened in it is built
    (the phase is then PENDING; 1.1.0 read only the phase)."""
    phase = st.phase
    if phase == INITIATIVE_PHASE:
        return True
    if phase != PENDING or not st.rules.initiative_groups:
        return False
    p = st.pending
    return p is not None and p.data.get("return") == INITIATIVE_PHASE


def skills_on(st: State, stats: Stats, a: int) -> bool:
    """True when ``a``'s skills written as parameters work now (1.0.0 ignored skill loss)."""
    return not st.rules.exact_skill_loss or a not in stats.skills_off


def can_activate_to_attack(st: State, stats: Stats, a: int, seat: int) -> bool:
    """True when ``seat`` may activate ``a`` to attack now (before looking at targets)."""
    if st.control[a] != seat or not st.face_up[a] or stats.attack[a] is None:
        return False
    if st.where[a] < 0 or not is_active(st, stats, a):
        return False
    if CANNOT_ATTACK in stats.flags[a]:
        return False
    return not in_initiative(st) or (
        INITIATIVE in stats.attrs[a] and NO_INITIATIVE_ATTACK not in stats.flags[a]
    )


def attack_lines(st: State, stats: Stats, seat: int) -> list[tuple[int, list[int]]]:
    """Every enemy card ``seat`` may attack now (in board order) with the cards that may
    attack it alone on their own terms (by instance number)."""
    control, where, active = st.control, st.where, st.active
    ranged, attrs, flags, infos, attack = (
        stats.ranged,
        stats.attrs,
        stats.flags,
        stats.info,
        stats.attack,
    )
    initiative = in_initiative(st)
    team, defence, cards = st.team, stats.defence, st.board
    side = team[seat]
    attackers = []
    # the enemy cards that may be attacked, by instance: 0 not a target, 1 "easy" (no flags, no
    # Stealth, a creature or a land: then in range is all can_reach asks of an attacker without
    # flags), 2 a target can_reach must check
    target_kind = [0] * len(control)
    any_target = False
    field = stats.field  # the revealed cards on the battlefield, by space
    for a in field:  # one pass: can_activate_to_attack inlined, and the targets
        c = control[a]
        if c != seat:
            if team[c] != side and defence[a] is not None:
                easy = not flags[a] and STEALTH not in attrs[a] and infos[a].kind in _ATTACKABLE
                target_kind[a] = 1 if easy else 2
                any_target = True
            continue
        if not active[a] or attack[a] is None:
            continue
        fa = flags[a]
        if fa and (DEACTIVATED in fa or CANNOT_ATTACK in fa):
            continue
        if initiative and (INITIATIVE not in attrs[a] or NO_INITIATIVE_ATTACK in fa):
            continue
        attackers.append(a)
    if not attackers or not any_target:
        return []
    attackers.sort()
    able_by: list[list[int] | None] = [None] * len(control)
    within, last = board.WITHIN, len(board.WITHIN[0]) - 1
    for a in attackers:  # by instance number, so each target's attackers are too
        r = max(1, ranged[a] if RANGED in attrs[a] else 1)
        free = not flags[a]
        for s in within[where[a]][min(r, last)]:
            t = cards[s]
            if t < 0:
                continue
            kind = target_kind[t]
            if kind == 0:
                continue
            if (kind == 1 and free) or can_reach(st, stats, a, t):
                able = able_by[t]
                if able is None:
                    able_by[t] = [a]
                else:
                    able.append(a)
    out = []
    for t in field:
        able = able_by[t]
        if able is not None:
            out.append((t, able))
    return out


_ATTACKABLE: Final[frozenset[str]] = frozenset((CREATURE, LAND))


def plain(stats: Stats, t: int, group: list[int]) -> bool:
    """True when neither ``t`` nor any card of ``group`` has a flag: then every group of them
    may attack ``t`` (:func:`group_ok` has nothing to refuse)."""
    flags = stats.flags
    return not flags[t] and not any(flags[a] for a in group)


def can_reach(st: State, stats: Stats, a: int, t: int) -> bool:
    """True when ``a`` (able to attack) may attack enemy card ``t`` on its own terms."""
    pt = st.where[t]
    if pt < 0 or st.friends(st.control[a], st.control[t]) or stats.defence[t] is None:
        return False
    fa = stats.flags[a]
    rng = stats.ranged[a] if RANGED in stats.attrs[a] else 1
    if ATTACKS_ADJACENT_NO_GROUP in fa or rng < 1:
        rng = 1
    d = board.DISTANCE[st.where[a]][pt]
    if d > rng:
        return False
    return target_allows(st, stats, a, t, d, rng)


def target_allows(st: State, stats: Stats, a: int, t: int, d: int, rng: int) -> bool:
    """The restrictions of an attack by ``a`` on ``t`` at distance ``d`` once its range
    ``rng`` reaches: what ``t`` may be attacked by, Stealth, and ``a``'s own limits."""
    ti = stats.info[t]
    if ti.kind not in (CREATURE, LAND):
        return False
    ft = stats.flags[t]
    if CANNOT_BE_ATTACKED in ft:
        return False
    fa = stats.flags[a]
    a_spell = stats.info[a].kind == SPELL
    if a_spell and IMMUNE_SPELLS in ft:
        return False
    if not a_spell and NOT_BY_CREATURES in ft:
        return False
    if d == 1 and not a_spell and st.rules.stealth_breaks_adjacency and STEALTH in stats.attrs[t]:
        # Stealth: "the distance separating them is increased to 2; then, they are no longer
        # adjacent" (so a card that cannot attack adjacent cards may shoot it)
        if rng < 2:
            return False
        d = 2
    if d == 1 and not a_spell:
        if STEALTH in stats.attrs[t] and rng < 2:
            return False
        if NO_ADJACENT_ATTACK in fa:
            return False
        if BLIND_RIGHT_BOTTOM in fa:
            sides = board.SEAT_SIDES[st.control[a]]
            if board.direction(st.where[a], st.where[t]) in (sides["right"], sides["bottom"]):
                return False
    elif (
        d > 1 and not a_spell and (ONLY_ADJACENT_ATTACKERS in ft or ATTACKS_ADJACENT_NO_GROUP in fa)
    ):
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
    leader = any(
        card_info(st, a).defn.params.get("mercenary_leader") and skills_on(st, stats, a)
        for a in group
    )
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


def attack_value(st: State, stats: Stats, a: int, t: int) -> int:
    """Attack of ``a`` against ``t`` (with bonuses that depend on the target)."""
    value = stats.attack[a] or 0
    mods = card_info(st, a).defn.attack_mods
    if mods:
        off = a in stats.skills_off
        if off and not st.rules.exact_skill_loss:
            return max(0, value)  # 1.0.0: skills off switched the weaknesses' modifiers off too
        for mod in mods:
            if off and mod.source == SKILL:
                continue
            if _has_vs(stats, t, mod.vs):
                value += mod.amount
    return max(0, value)


def _has_vs(stats: Stats, t: int, vs: str) -> bool:
    attrs = stats.attrs[t]
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


def perforation_step_allowed(st: State, stats: Stats, a: int, t: int, origin: int) -> bool:
    """True when a Perforation step of ``a`` (from ``origin``) may attack ``t``: "only
    effective against enemy cards that a player can attack", so the restrictions of a direct
    attack by ``a`` alone at that distance apply (not its range: the steps go on past it)."""
    d = board.DISTANCE[origin][st.where[t]]
    return target_allows(st, stats, a, t, d, d) and group_ok(st, stats, (a,), t)
