"""The heuristic bot was made faster without changing a decision: seeded heuristic mirror games
under 1.1.0 (turn cap 40) end in the same state after the same actions as with the bot before
that change (the figures below were taken from it)."""

from __future__ import annotations

import hashlib

import pytest

from engines.akhedena import GAME
from engines.akhedena.bots import HeuristicBot
from engines.base import derive_seed

OLD = GAME.at_version("1.1.0")
BEFORE = [
    [0, 3, 120, "efb9848a829f9d61", "5f35c3e9b593abe7"],
    [1, 3, 42, "634e4f7321137674", "cf9e382fae1e44e4"],
    [2, 3, 120, "dbf1a14c00107005", "980fdd6c3b1173bc"],
    [0, 4, 160, "20f4dd3b67c1a056", "352e71bc9bb9361e"],
    [1, 4, 160, "a69cbae65a476a21", "44d5f87fac7b4747"],
    [2, 4, 160, "0d5d4988cbb7e9d9", "23df9feb5e36f4f2"],
]
"""``[seed, players, actions, final digest, digest of the actions]``."""


def fingerprint(seed: int, n: int) -> list[object]:
    lists = OLD.default_decks(2)
    st = OLD.new_game(seed, n, [lists[seed % 2]] * n, options={"turn_cap": 40})
    bots = [HeuristicBot(derive_seed(seed, "bot", seat)) for seat in range(n)]
    trace, actions = hashlib.sha256(), 0
    while not st.over:
        action = bots[st.to_act].choose(OLD, st, st.to_act)
        trace.update(action.encode())
        actions += 1
        OLD.apply_fast(st, action)
    return [seed, n, actions, OLD.digest(st)[:16], trace.hexdigest()[:16]]


@pytest.mark.parametrize("expected", BEFORE, ids=lambda e: f"{e[1]}p-seed{e[0]}")
def test_the_faster_heuristic_bot_plays_the_same_games(expected: list[object]) -> None:
    assert fingerprint(int(expected[0]), int(expected[1])) == expected
