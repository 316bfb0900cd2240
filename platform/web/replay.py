"""Stepping through a recorded match as a spectator.

The stored record (seed, decks, options, actions) is replayed through the match's engine; the
observation shown at each step is ``observation(state, None)``, the spectator's view: what was
public at that moment. Only ended matches are replayed (a running match has no published
record), so nothing hidden during play leaks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.base import IllegalAction
from engines.registry import UnknownGame, engine_for
from matches.models import Match


@dataclass
class Step:
    index: int  # 0-based action index
    seat: int | None
    action: str
    text: str


@dataclass
class Replay:
    steps: list[Step] = field(default_factory=list)
    observation: dict[str, Any] | None = None  # at the requested step
    at: int = 0  # number of actions applied for ``observation``
    problem: str = ""  # why the replay stopped early, if it did


def replay_match(match: Match, names: list[str], at: int) -> Replay:
    """Every step's description (the move log a spectator reads, seats by ``names``), and the
    spectator's observation after ``at`` actions."""
    n_seats = len(names)
    out = Replay(at=max(0, min(at, len(match.actions))))
    try:
        game = engine_for(match.game, match.engine_version)
    except UnknownGame as exc:
        out.problem = str(exc)
        return out
    try:
        state = game.new_game(match.seed, n_seats, match.decks, match.options or None)
    except Exception as exc:  # an engine that no longer sets this record up
        out.problem = f"the current engine cannot set this match up: {exc}"
        return out
    if out.at == 0:
        out.observation = game.observation(state, None)
    for i, action in enumerate(match.actions):
        seat = game.to_act(state)
        before = game.clone(state)
        try:
            events = game.apply(state, action, seat)
        except IllegalAction as exc:
            out.problem = (
                f"step {i + 1} ({action!r}) does not replay on the current engine: {exc.reason}"
            )
            if out.at > i:
                out.at = i
                out.observation = game.observation(state, None)
            break
        text = game.describe_move(before, action, events, None, names)
        out.steps.append(Step(i, seat, action, text))
        if i + 1 == out.at:
            out.observation = game.observation(state, None)
    return out
