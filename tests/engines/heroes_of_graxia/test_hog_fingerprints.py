"""The engine plays exactly as it did when the fingerprints were taken (issue 31: 150 games/s
"the same games as before the change").

``data/fingerprints.json`` holds, per engine version and player count, seeded random games
played through the protocol (``bench/hog_fingerprints.py`` wrote it, after the 1.1.0 rule fixes
and before the speed work): actions played, final state digest and a digest of every
legal-action list, action, event list and sampled observation. The tests replay a sample;
``HOG_FINGERPRINTS=all`` replays every game.
"""

from __future__ import annotations

import json
import os

import pytest

from bench import hog_fingerprints as fp

STORED = json.loads(fp.FIXTURE.read_text())
ALL = os.environ.get("HOG_FINGERPRINTS") == "all"
SAMPLE = 3
"""Games replayed per version and player count (and heuristic games per version)."""


def _sample(rows: list[list]) -> list[list]:
    if ALL:
        return rows
    stride = max(1, len(rows) // SAMPLE)
    return rows[::stride][:SAMPLE]


def test_the_fixture_covers_both_versions_and_every_player_count() -> None:
    assert set(STORED) == {"1.0.0", "1.1.0"}
    for cases in STORED.values():
        assert set(cases) == {"2p", "3p", "4p", "5p", "6p", "heuristic"}
        assert all(len(cases[f"{n}p"]) == fp.GAMES for n in fp.SEATS)
        # real games, not stubs: a 4-player game takes hundreds of actions
        assert min(row[1] for row in cases["4p"]) > 100


@pytest.mark.parametrize("version", ["1.0.0", "1.1.0"])
@pytest.mark.parametrize("n", fp.SEATS)
def test_random_games_play_as_fingerprinted(version: str, n: int) -> None:
    """Every sampled seeded random game makes the same choices, events and observations and
    ends in the same state as when the fixture was written."""
    rows = _sample(STORED[version][f"{n}p"])
    differ = [row[0] for row in rows if fp.fingerprint(version, n, row[0]) != row]
    assert differ == [], f"{version} {n}p: seeds {differ[:10]} play differently"


@pytest.mark.parametrize("version", ["1.0.0", "1.1.0"])
def test_heuristic_games_play_as_fingerprinted(version: str) -> None:
    rows = _sample(STORED[version]["heuristic"])
    differ = [row[0] for row in rows if fp.heuristic_fingerprint(version, row[0]) != row]
    assert differ == [], f"{version}: seeds {differ} play differently"


def test_a_different_choice_changes_the_fingerprint() -> None:
    """The fingerprint notices: another version's rules on the same seed give another trace."""
    row = STORED["1.1.0"]["4p"][0]
    assert fp.fingerprint("1.0.0", 4, row[0]) != row
