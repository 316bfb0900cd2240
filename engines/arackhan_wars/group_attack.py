"""Attacks as actions since 1.1.0, with no cap on a group's size.

``attack c<t> c<a>`` is a lone attack by ``a`` on ``t``. A group attack is built one attacker at
a time: ``group c<t> c<a>`` opens it on target ``t`` with ``a`` (a :class:`~state.Pending` of
kind ``attack``), ``join c<b>`` adds an attacker, ``strike`` launches it. Any card that can
attack the target may join, so no combination has to be listed in advance.

A step is offered only when the group it makes can still become a valid one, so a group under
way never gets stuck. Whether ``G`` can be completed is decided by adding at most one card: the
group restrictions (``reach.group_ok``) only ask for a second attacker (only in groups, Eternal
Roots' creature groups), forbid cards (at most one creature, no mix, cards that cannot join or
join only their family), or are lifted by one card (a Senior Mercenary). So if a valid group
``H`` contains ``G``, then ``G`` with ``H``'s Mercenary leader, or else with any one other card of
``H``, is valid too (a part of ``H`` keeps every ban ``H`` keeps). Pinned against brute force by
``test_arackhan_group_attacks.py::test_stepwise_groups_are_exactly_the_valid_groups``.
"""

from __future__ import annotations

from typing import Any, Final

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import RANGED
from engines.arackhan_wars.combat import resolve_attack
from engines.arackhan_wars.effects import Stats, compute
from engines.arackhan_wars.reach import (
    attack_lines,
    can_activate_to_attack,
    can_reach,
    group_ok,
)
from engines.arackhan_wars.state import PENDING, Pending, State

KIND: Final = "attack"
"""The ``Pending.kind`` of a group attack under way."""


def candidates(st: State, stats: Stats, seat: int, t: int) -> list[int]:
    """The cards ``seat`` may activate to attack ``t`` now, by instance number."""
    row = board.DISTANCE[st.where[t]]
    return sorted(
        a
        for a in st.board
        if a >= 0
        and row[st.where[a]] <= reach_of(stats, a)
        and can_activate_to_attack(st, stats, a, seat)
        and can_reach(st, stats, a, t)
    )


def reach_of(stats: Stats, a: int) -> int:
    """The farthest ``a`` could attack (a quick bound before :func:`reach.can_reach`)."""
    return max(1, stats.ranged[a] if RANGED in stats.attrs[a] else 1)


def completable(st: State, stats: Stats, group: tuple[int, ...], others: list[int], t: int) -> bool:
    """True when ``group``, alone or with one of ``others``, may attack ``t`` (module doc)."""
    if len(group) > 1 and group_ok(st, stats, group, t):
        return True
    return any(group_ok(st, stats, (*group, x), t) for x in others)


def attack_options(st: State, seat: int) -> list[str]:
    """Lone attacks and group-attack openings ``seat`` may take now."""
    stats = compute(st)
    out: list[str] = []
    flags, attacks, groups = stats.flags, board.ATTACKS, board.GROUPS
    for t, able in attack_lines(st, stats, seat):
        if not flags[t] and not any([flags[a] for a in able]):  # plain(), inlined
            row = attacks[t]
            out.extend([row[a] for a in able])
            if len(able) > 1:
                row = groups[t]
                out.extend([row[a] for a in able])
            continue
        for a in able:
            if group_ok(st, stats, (a,), t):
                out.append(f"attack c{t} c{a}")
        if len(able) > 1:
            for a in able:
                if completable(st, stats, (a,), [b for b in able if b != a], t):
                    out.append(f"group c{t} c{a}")
    return out


def open_group(st: State, seat: int, target: int, first: int) -> None:
    """``group c<t> c<a>``: a group attack on ``target`` under way with ``first``."""
    data: dict[str, Any] = {"return": st.phase, "target": target, "group": [first]}
    st.pending = Pending(seat=seat, card=first, kind=KIND, data=data)
    st.phase = PENDING
    st.version += 1


def options(st: State) -> list[str]:
    """``join c<b>`` for each card that may still join, and ``strike`` once the group is valid."""
    p = st.pending
    assert p is not None and p.kind == KIND
    stats = compute(st)
    t = p.data["target"]
    group = tuple(p.data["group"])
    others = [a for a in candidates(st, stats, p.seat, t) if a not in group]
    out = []
    for b in others:
        if completable(st, stats, (*group, b), [x for x in others if x != b], t):
            out.append(f"join c{b}")
    if len(group) > 1 and group_ok(st, stats, group, t):
        out.append("strike")
    return out


def perform(st: State, action: str, events: list[Any] | None) -> None:
    """Play ``join c<b>`` or ``strike`` (one :func:`options` listed)."""
    p = st.pending
    assert p is not None and p.kind == KIND
    if action.startswith("join "):
        p.data["group"].append(int(action.split()[1][1:]))
        st.version += 1
        return
    st.pending = None
    st.phase = p.data["return"]
    st.version += 1
    resolve_attack(st, p.seat, p.data["target"], tuple(sorted(p.data["group"])), events)
