"""Attacks: the attacks a seat may launch, and their resolution (Omnistrike, Perforation,
Regeneration, conquering lands, destroying creatures). Who may attack whom is in
:mod:`reach`."""

from __future__ import annotations

from itertools import combinations
from typing import Any, Final

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import (
    CANNOT_BE_ATTACKED,
    CREATURE,
    DESTROYED_AFTER_ATTACK,
    DESTROYED_IF_ATTACK_FAILS,
    FLIGHT,
    IMMUNE_SPELLS,
    LAND,
    MOVEMENT,
    NOT_BY_CREATURES,
    OMNISTRIKE,
    PERFORATION,
    REGENERATION,
    SPELL,
)
from engines.arackhan_wars.effects import Stats, allied, card_info, compute, is_active
from engines.arackhan_wars.reach import (
    attack_lines,
    attack_value,
    can_reach,
    defence_value,
    group_ok,
    perforation_step_allowed,
    plain,
    skills_on,
)
from engines.arackhan_wars.state import State
from engines.arackhan_wars.zones import destroy, discard_spell

MAX_GROUP_CANDIDATES: Final = 8
"""Group attacks are enumerated over at most this many possible attackers per target."""


def attack_options(st: State, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every (target, attackers) attack ``seat`` may launch now, attackers sorted."""
    stats = compute(st)
    out = []
    for t, able in attack_lines(st, stats, seat):
        able = able[:MAX_GROUP_CANDIDATES]
        every = plain(stats, t, able)
        for k in range(1, len(able) + 1):
            for group in combinations(able, k):
                if every or group_ok(st, stats, group, t):
                    out.append((t, group))
    return out


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
            (
                a
                for a in group
                if card_info(st, a).defn.params.get("trophies")
                and st.where[a] >= 0
                and skills_on(st, stats, a)
            ),
            None,
        )
    destroy(st, t, under=trophy)
    if events is not None:
        events.append({"type": "destroy", "card": f"c{t}", "value": value})
    return True


def omnistrike_hits(
    st: State, stats: Stats, target: int, group: tuple[int, ...]
) -> list[tuple[int, tuple[int, ...]]]:
    """Every (card, attackers) hit of an attack: the target by the whole group, then each other
    card an Omnistrike attacker touches and may attack. Since 1.1.0 the Omnistrike attackers
    touching the same card strike it together (the largest-valued valid group of them), as
    the rulebook's "group attacks against several enemy cards at the same time"; 1.0.0 let
    only the first of them strike it."""
    hits: list[tuple[int, tuple[int, ...]]] = [(target, group)]
    together = st.rules.omnistrike_groups
    side: dict[int, list[int]] = {}
    for a in group:
        if OMNISTRIKE not in stats.attrs[a]:
            continue
        hits_allies = card_info(st, a).defn.params.get("hits_allies")
        for s in board.ADJACENT[st.where[a]]:
            t2 = st.board[s]
            if t2 < 0 or t2 == target or (not together and any(t2 == h[0] for h in hits)):
                continue
            if (
                can_reach(st, stats, a, t2)
                and (together or group_ok(st, stats, (a,), t2))
                or (
                    hits_allies
                    and allied(st, a, t2)
                    and card_info(st, t2).kind == CREATURE
                    and stats.defence[t2] is not None
                )
            ):
                if together:
                    side.setdefault(t2, []).append(a)
                else:
                    hits.append((t2, (a,)))
    for t2, strikers in side.items():
        if allied(st, strikers[0], t2):
            hits.append((t2, tuple(strikers)))  # a Flail hitting its allies: no group rules
            continue
        best = best_valid_group(st, stats, tuple(strikers), t2)
        if best:
            hits.append((t2, best))
    return hits


def best_valid_group(
    st: State, stats: Stats, strikers: tuple[int, ...], t: int
) -> tuple[int, ...] | None:
    """``strikers`` if they may attack ``t`` together, else the valid part of them with the
    highest total Attack against it (the first such in size then instance order), or None."""
    if group_ok(st, stats, strikers, t):
        return strikers
    best, best_value = None, -1
    for k in range(len(strikers) - 1, 0, -1):
        for part in combinations(strikers, k):
            if group_ok(st, stats, part, t):
                value = sum(attack_value(st, stats, a, t) for a in part)
                if value > best_value:
                    best, best_value = part, value
    return best


def resolve_attack(
    st: State, seat: int, target: int, group: tuple[int, ...], events: list[Any] | None
) -> None:
    """Resolve the attack of ``group`` on ``target`` (already checked legal), with the
    simultaneous Omnistrike attacks, Perforation, and the attackers' aftermath."""
    stats = compute(st)
    hits = omnistrike_hits(st, stats, target, group)
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
                if t2 < 0 or allied_to_seat(st, t2, seat) or stats.defence[t2] is None:
                    break
                if card_info(st, t2).kind not in (CREATURE, LAND):
                    break
                ft = stats.flags[t2]
                a_spell = card_info(st, a).kind == SPELL
                if CANNOT_BE_ATTACKED in ft or (a_spell and IMMUNE_SPELLS in ft):
                    break
                if not a_spell and NOT_BY_CREATURES in ft:
                    break
                if st.rules.perforation_restrictions and not perforation_step_allowed(
                    st, stats, a, t2, origin
                ):
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
        flags = stats.flags[a]
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
