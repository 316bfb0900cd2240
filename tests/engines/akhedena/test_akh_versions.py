"""Engine versions: 1.0.0 (the code before issue 31) and 1.1.0 play side by side; the records
1.0.0 played replay under it, and the current rules play them differently from the start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.akhedena import GAME
from engines.base import UnknownEngineVersion
from engines.record import play_match, replay
from engines.registry import get_game

RECORDS = json.loads((Path(__file__).parent / "records" / "akh-1.0.0.json").read_text())["records"]


def test_a_1_0_0_record_replays_under_1_0_0_and_diverges_under_1_1_0() -> None:
    """Records written by main's code before the fixes (2 to 4 players, random bots) verify
    under 1.0.0; under 1.1.0 their first move already meets another layout."""
    assert len(RECORDS) == 4
    for record in RECORDS:
        assert record["engine_version"] == "1.0.0"
        report = replay(record)
        assert report.ok, report.message
        assert report.engine_version == "1.0.0"
        assert not replay(record, GAME).ok


def test_versions_by_name_and_unknown_versions_named() -> None:
    old = get_game("akhedena", "1.0.0")
    assert old.version == "1.0.0" and not old.rules.optional_crown
    assert get_game("akhedena") is GAME and GAME.version == "1.1.0"
    assert GAME.versions == ("1.0.0", "1.1.0")
    assert old.new_game(5, 2).rules is old.rules, "the state plays its engine's rules"
    with pytest.raises(UnknownEngineVersion, match=r"0\.9"):
        get_game("akhedena", "0.9")


def test_a_new_record_replays_under_the_current_version() -> None:
    record = play_match("akhedena", 7, ["random"] * 3, options={"turn_cap": 10})
    assert record.engine_version == "1.1.0"
    assert replay(record).ok
