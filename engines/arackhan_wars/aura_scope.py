"""Which cards an aura reaches and when: a card's characteristics now, sides, the auras it
has, an aura's condition, its filters and what a "per" bonus counts (:mod:`effects` applies
them)."""

from __future__ import annotations

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import (
    CREATURE,
    PER_ADJ_ALLY_CREATURE,
    PER_ADJ_ENEMY_CARD,
    PER_EXTRA_TOKEN,
    SKILL,
    Aura,
)
from engines.arackhan_wars.info import CardInfo, absorbed_info, info
from engines.arackhan_wars.state import State


def allied(st: State, a: int, b: int) -> bool:
    """True when instances ``a`` and ``b`` are controlled by the same side."""
    return st.team[st.control[a]] == st.team[st.control[b]]


def card_info(st: State, i: int) -> CardInfo:
    """The characteristics instance ``i`` has now (a copy taken this round, or its own; since
    1.1.0 with what it absorbed this round)."""
    t = st.temp.get(i) if st.temp else None
    if not t:
        return info(st.ctype[i])
    copy = t.get("copy")
    own = copy if copy is not None else st.ctype[i]
    absorbed = t.get("absorbed")
    if absorbed and st.rules.absorption_adds_skills:
        return absorbed_info(own, tuple(absorbed))
    return info(own)


def auras_of(st: State, i: int, ci: CardInfo) -> tuple[Aura, ...]:
    """The auras card ``i`` has now: its own, or with skills exchanged this round (Nemesio)."""
    other = st.temp.get(i, {}).get("skills_of") if st.temp else None
    if other is None:
        return ci.defn.auras
    own = tuple(a for a in ci.defn.auras if a.source != SKILL)
    return own + tuple(a for a in info(other).defn.auras if a.source == SKILL)


def condition(st: State, source: int, aura: Aura, revealed: set[int]) -> bool:
    """True when ``aura`` of ``source`` applies now (its condition holds)."""
    cond = aura.condition
    if not cond:
        return True
    seat = st.control[source]
    if cond == "no_adjacent_ally":
        space = st.where[source]
        return space >= 0 and not any(
            (j := st.board[s]) >= 0
            and j in revealed
            and allied(st, j, source)
            and info(st.ctype[j]).kind == CREATURE
            for s in board.ADJACENT[space]
        )
    if cond == "starts_round":
        return st.first == seat
    if cond == "second_in_round":
        return st.first != seat
    if cond in ("musician", "dancer"):
        family = cond.capitalize()
        return any(
            j in revealed and allied(st, j, source) and card_info(st, j).family == family
            for j in st.board
            if j >= 0
        )
    if cond == "active":
        return st.active[source]
    raise ValueError(f"unknown aura condition {cond!r}")


def matches(st: State, aura: Aura, target: int, source: int, revealed: set[int]) -> bool:
    """True when ``target`` passes ``aura``'s filters (kind, family, value, a neighbour)."""
    ti = card_info(st, target)
    if ti.kind not in aura.kinds:
        return False
    if aura.family and ti.family != aura.family:
        return False
    if aura.max_value is not None and ti.value > aura.max_value:
        return False
    if aura.also_adjacent_to:
        space = st.where[target]
        if space < 0:
            return False
        return any(
            (j := st.board[s]) >= 0
            and j in revealed
            and allied(st, j, source)
            and card_info(st, j).name == aura.also_adjacent_to
            for s in board.ADJACENT[space]
        )
    return True


def count(st: State, per: str, target: int, family: str, revealed: set[int]) -> int:
    """How many times a "per" bonus counts for ``target``."""
    if per == PER_EXTRA_TOKEN:
        return st.extra_tokens[target]
    space = st.where[target]
    if space < 0:
        return 0
    n = 0
    for s in board.ADJACENT[space]:
        j = st.board[s]
        if j < 0 or j not in revealed:
            continue
        ji = card_info(st, j)
        if per == PER_ADJ_ENEMY_CARD:
            n += not allied(st, j, target)
        elif per == PER_ADJ_ALLY_CREATURE:
            n += (
                allied(st, j, target)
                and ji.kind == CREATURE
                and (not family or ji.family == family)
            )
    return n
