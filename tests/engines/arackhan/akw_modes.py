"""Drive AracKhan Wars games with modes on to a given moment, for the modes' tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engines.arackhan_wars import GAME
from engines.arackhan_wars.state import State

STRATEGY = {"mode": "2v2", "strategy": True}
EVENTS = {"events": True}
OBJECTIVES = {"objectives": True}


def until(st: State, done: Callable[[State], bool], seed: int = 0, limit: int = 5000) -> list:
    """Play seeded random legal actions until ``done(st)``; returns every event on the way."""
    rng = random.Random(seed)
    events: list[Any] = []
    for _ in range(limit):
        if done(st):
            return events
        assert not st.over, "the game ended first"
        seat = GAME.to_act(st)
        events.extend(GAME.apply(st, rng.choice(GAME.legal_actions(st, seat)), seat))
    raise AssertionError("never reached")


def act(st: State, action: str) -> list:
    """Play ``action`` for the seat to act (it must be legal)."""
    st.version += 1  # tests set Strategy hands and points by hand: no cached legal list
    seat = GAME.to_act(st)
    assert action in GAME.legal_actions(st, seat), (action, GAME.legal_actions(st, seat))
    return GAME.apply(st, action, seat)


def deciding(st: State, kind: str) -> bool:
    return st.pending is not None and st.pending.kind == kind


def start(seed: int, n: int, options: dict) -> State:
    """A game past the first-player choice and the mulligans (everyone keeps)."""
    st = GAME.new_game(seed, n, None, options)
    act(st, "first 0")
    while st.phase == "mulligan":
        act(st, "keep")
    return st
