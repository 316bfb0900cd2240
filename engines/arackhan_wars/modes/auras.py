"""The modes' continuous effects on the characteristics: played Strategy cards, then the Event
in force last, so that "Event cards take precedence over all others"."""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars.abilities import (
    ALL,
    ALLIES,
    ATTRIBUTES,
    MOVEMENT,
    RANGED,
    STATS_LOCKED,
    Aura,
)
from engines.arackhan_wars.state import State

_ATTRS = frozenset(ATTRIBUTES)


def active_auras(st: State) -> list[tuple[int | None, Aura, bool]]:
    """(seat or None, aura, from an Event) of every mode effect in force, Events last."""
    m = st.modes
    out: list[tuple[int | None, Aura, bool]] = []
    for seat, cid in m.in_play:
        out.extend((seat, a, False) for a in st.modes.card("strategy", cid).effects.auras)
    if m.event is not None:
        out.extend((None, a, True) for a in st.modes.card("events", m.event).effects.auras)
    return out


def apply(st: State, stats: Any) -> None:
    """Add the mode auras to ``stats`` (computed by ``effects.compute``). An Event's change
    applies even to a card whose numbers cannot be modified; a Strategy card's does not."""
    plan = active_auras(st)
    if not plan:
        return
    field = [i for i in st.board if i >= 0 and st.face_up[i]]
    for seat, aura, event in plan:
        for t in field:
            ci = stats.info[t]
            if ci.kind not in aura.kinds:
                continue
            if aura.max_value is not None and ci.value > aura.max_value:
                continue
            if aura.family and ci.family != aura.family:
                continue
            if aura.reach != ALL and seat is not None:
                allied = st.team[st.control[t]] == st.team[seat]
                if allied != (aura.reach == ALLIES):
                    continue
            _change(stats, t, aura, event or STATS_LOCKED not in stats.flags[t])


def _change(stats: Any, t: int, aura: Aura, numbers: bool) -> None:
    if aura.lose:
        stats.attrs[t] = stats.attrs[t] - set(aura.lose)
        if MOVEMENT not in stats.attrs[t]:
            stats.movement[t] = 0
        if RANGED not in stats.attrs[t]:
            stats.ranged[t] = 0
    for g in aura.gain:
        if g in _ATTRS:
            stats.attrs[t] = stats.attrs[t] | {g}
            if g == MOVEMENT and not stats.movement[t]:
                stats.movement[t] = 1
        else:
            stats.flags[t] = stats.flags[t] | {g}
    if aura.range_bonus and RANGED in stats.attrs[t]:
        stats.ranged[t] += aura.range_bonus
    if numbers:
        if aura.attack and stats.attack[t] is not None:
            stats.attack[t] = max(0, stats.attack[t] + aura.attack)
        if aura.defence and stats.defence[t] is not None:
            stats.defence[t] = max(0, stats.defence[t] + aura.defence)
