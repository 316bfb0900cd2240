"""The engine plays exactly as it did when the fingerprints were taken (issue #13, item 10:
"make the rules fast without changing a single choice").

``data/fingerprints.json`` holds, per engine version and mode, seeded random games played
through the protocol (``bench/akw_fingerprints.py`` wrote it): actions played, final state
digest and a digest of every legal-action list, action, event list and sampled observation.
The tests replay a sample; ``AKW_FINGERPRINTS=all`` replays every game.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from bench import akw_fingerprints as fp
from engines.base import derive_seed

STORED = json.loads(fp.FIXTURE.read_text())
ALL = os.environ.get("AKW_FINGERPRINTS") == "all"
SAMPLE = {"1v1": 60, "ffa4": 45, "2v2": 45, "heuristic": 10}
"""Games replayed per version and mode (150 random games and 10 heuristic ones)."""


def _sample(rows: list[list], k: int) -> list[list]:
    """Every ``len(rows) // k``-th row (all rows with ``AKW_FINGERPRINTS=all``)."""
    if ALL or k >= len(rows):
        return rows
    stride = len(rows) // k
    return rows[::stride][:k]


def test_the_fixture_covers_every_version_and_every_mode() -> None:
    """About 1,200 random games per engine version: 1v1, free-for-all for 4 and 2v2."""
    assert set(STORED) == {"1.0.0", "1.1.0", "1.2.0"}
    for modes in STORED.values():
        assert set(modes) == {"1v1", "ffa4", "2v2", "heuristic"}
        assert sum(len(modes[m]) for m in fp.MODES) == 1200
        # the games are real games, not stubs: a 1v1 game takes dozens of actions
        assert min(row[1] for row in modes["1v1"]) > 20


@pytest.mark.parametrize("version", ["1.0.0", "1.1.0", "1.2.0"])
@pytest.mark.parametrize("mode", ["1v1", "ffa4", "2v2"])
def test_random_games_play_as_fingerprinted(version: str, mode: str) -> None:
    """Every sampled seeded random game makes the same choices, events and observations and
    ends in the same state as when the fixture was written."""
    rows = _sample(STORED[version][mode], SAMPLE[mode])
    assert rows
    differ = [row[0] for row in rows if fp.fingerprint(version, mode, row[0]) != row]
    assert differ == [], f"{version} {mode}: seeds {differ[:10]} play differently"


@pytest.mark.parametrize("version", ["1.0.0", "1.1.0", "1.2.0"])
def test_heuristic_games_play_as_fingerprinted(version: str) -> None:
    """The heuristic bot, which reads the engine's internals, still plays the same games."""
    rows = _sample(STORED[version]["heuristic"], SAMPLE["heuristic"])
    differ = [row[0] for row in rows if fp.heuristic_fingerprint(version, row[0]) != row]
    assert differ == [], f"{version}: heuristic seeds {differ[:10]} play differently"


def test_a_changed_choice_is_caught() -> None:
    """The fingerprint notices one different choice: the same seed played with another
    first action than the random one does not match."""
    row = STORED["1.1.0"]["1v1"][0]
    engine = fp.GAME.at_version("1.1.0")
    state = engine.new_game(row[0], 2)
    legal = engine.legal_actions(state, engine.to_act(state))
    chosen = random.Random(derive_seed(row[0], "fingerprint")).choice(legal)
    other = next(a for a in legal if a != chosen)
    assert fp.fingerprint("1.1.0", "1v1", row[0], first=chosen) == row
    assert fp.fingerprint("1.1.0", "1v1", row[0], first=other) != row
