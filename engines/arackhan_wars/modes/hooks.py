"""What the round calls when a mode is on (``State.modes`` is not None): set-up, the Event and
Strategy phases, claim windows, the End phase, the pending steps' actions and the points."""

from __future__ import annotations

from typing import Any

from engines.arackhan_wars.modes import events as event_mode
from engines.arackhan_wars.modes import objectives, sets, strategy
from engines.arackhan_wars.modes.mstate import ModeState
from engines.arackhan_wars.state import State

PENDING_KINDS = frozenset((strategy.KIND, objectives.KIND))
"""The pending steps the modes own (the Strategy phase, a claim window)."""


def setup(st: State, modes: dict[str, int]) -> None:
    """Set-up step 4: the chosen modes' piles, shuffled (None when every mode is off)."""
    if not any(modes.values()):
        return
    m = ModeState(**modes)
    n = st.n
    if m.strategy:
        m.strategy_pile = [c.id for c in sets.shipped_set("strategy", m.strategy)]
        st.rng.shuffle(m.strategy_pile)
        m.points, m.strategy_hand, m.received = [0] * n, [None] * n, [False] * n
    if m.events:
        m.event_pile = [c.id for c in sets.shipped_set("events", m.events)]
        st.rng.shuffle(m.event_pile)
    if m.objectives:
        m.objective_pile = [c.id for c in sets.shipped_set("objectives", m.objectives)]
        st.rng.shuffle(m.objective_pile)
        m.completed, m.claimed_round = [[] for _ in range(n)], [0] * n
    st.modes = m


def after_mulligans(st: State, events: list | None) -> None:
    """The end of set-up step 7 (a Strategy point each, three objectives face up), then round
    1's Event and Strategy phases."""
    m: ModeState = st.modes
    if m.strategy:
        m.points = [1] * st.n
    if m.objectives:
        objectives.reveal_opening(st, events)
    if m.events:
        event_mode.event_phase(st, events)
    if m.strategy:
        strategy.open_phase(st, events)


def before_draw(st: State, events: list | None) -> None:
    """The Event phase of rounds 2 and on (it precedes the Draw phase)."""
    if st.modes.events:
        event_mode.event_phase(st, events)


def after_draw(st: State, events: list | None) -> None:
    """The Strategy phase of rounds 2 and on (between the Draw and the Placement phase)."""
    if st.modes.strategy:
        strategy.open_phase(st, events)


def end_of_turn(st: State, events: list | None) -> bool:
    """A claim window at the end of a turn; True when one opened (the turn's end waits)."""
    return bool(st.modes.objectives) and objectives.open_window(st, events)


def end_phase(st: State, events: list | None) -> None:
    """The End phase: the Event in force and the spent Strategy cards are discarded."""
    if st.modes.events:
        event_mode.end_of_round(st, events)
    if st.modes.strategy:
        strategy.end_of_round(st, events)


def options(st: State) -> list[str]:
    """The actions of a mode's pending step."""
    if st.pending.kind == strategy.KIND:
        return strategy.options(st)
    return objectives.options(st)


def perform(st: State, action: str, events: list | None) -> bool:
    """Play a mode step's action; True when the round's pending step closes (a claim window
    over: the turn's end resumes). The Strategy phase closes itself."""
    if st.pending.kind == strategy.KIND:
        strategy.perform(st, action, events)
        return False
    return objectives.perform(st, action, events)


def objective_points(st: State) -> list[int]:
    """Each seat's points from completed objectives (0s without Objective mode)."""
    if st.modes is None or not st.modes.objectives:
        return [0] * st.n
    return objectives.points(st)


def canonical(st: State) -> dict[str, Any]:
    """The modes' state as plain JSON."""
    return st.modes.canonical()
