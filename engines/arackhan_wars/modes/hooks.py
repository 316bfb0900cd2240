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
    """A claim window at the end of a turn (1.1.0), or (1.2.0) at the end of an Initiative
    sequence or turn whose seat's last action met an objective; True when one opened (the
    end waits)."""
    if not st.modes.objectives:
        return False
    if st.rules.objectives_when_met:
        return objectives.after_action(st, events, "end_step")
    return objectives.open_window(st, events)


def watches_actions(st: State) -> bool:
    """True when the seats' actions are watched for objectives they meet (1.2.0)."""
    return bool(st.modes.objectives) and st.rules.objectives_when_met


def before_action(st: State, seat: int) -> None:
    """An action of ``seat`` in the Activation phase begins (1.2.0, Objective mode)."""
    objectives.before_action(st, seat)


def after_action(st: State, events: list | None) -> bool:
    """The action begun is over: a claim window when it met an objective; True when one
    opened."""
    return objectives.after_action(st, events, "resume")


def met_by_seat(st: State) -> list[list[int]]:
    """What each seat meets before the reveal (1.2.0, Objective mode)."""
    return [objectives.met(st, s) for s in range(st.n)]


def after_reveal(st: State, before: list[list[int]], events: list | None) -> bool:
    """After the reveal, a claim window for the seats its cards made meet an objective."""
    return objectives.after_reveal(st, before, events)


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
