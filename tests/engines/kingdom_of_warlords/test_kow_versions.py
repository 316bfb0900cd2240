"""Engine versions: 1.0.0 (the engine ended a play for a seat with nothing to play) and 1.1.0
(that seat yields) play side by side; each replays its own records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.base import UnknownEngineVersion
from engines.kingdom_of_warlords import GAME
from engines.kingdom_of_warlords.builder import build_state
from engines.record import play_match, replay
from engines.registry import engine_for, get_game

RECORDS = Path(__file__).parent / "records"


def records(version: str) -> list[dict]:
    """Records played by engine ``version`` (1.0.0's by the code before the yield)."""
    return json.loads((RECORDS / f"kow-{version}.json").read_text())["records"]


@pytest.mark.parametrize("version", ["1.0.0", "1.1.0"])
def test_each_version_replays_its_own_records(version: str) -> None:
    for record in records(version):
        assert record["engine_version"] == version
        report = replay(record)
        assert report.ok, report.message
        assert report.engine_version == version and not report.notes


def test_old_records_diverge_under_the_current_rules_at_a_dragon_without_answer() -> None:
    outcomes = [replay(record, GAME) for record in records("1.0.0")]
    assert [o.first_divergent_action for o in outcomes] == [7, None, 36, 9]
    for o, record in zip(outcomes, records("1.0.0"), strict=True):
        if o.first_divergent_action is not None:
            assert record["actions"][o.first_divergent_action] == "play D"
    old = get_game("kingdom-of-warlords", "1.0.0")
    assert sum(not replay(record, old).ok for record in records("1.1.0")) == 3


def test_versions_by_name() -> None:
    old = get_game("kingdom-of-warlords", "1.0.0")
    assert GAME.version == "1.1.0" and GAME.versions == ("1.0.0", "1.1.0")
    assert old.version == "1.0.0" and GAME.at_version("1.0.0") is old
    assert (
        get_game("kingdom-of-warlords") is GAME
        and engine_for("kingdom-of-warlords", "1.0.0") is old
    )
    with pytest.raises(UnknownEngineVersion, match=r"no engine version '0\.9' .*1\.0\.0, 1\.1\.0"):
        get_game("kingdom-of-warlords", "0.9")
    assert play_match(old, 3, ["random", "random"]).engine_version == "1.0.0"


def test_version_1_0_0_ends_the_battle_at_once_for_a_responder_without_the_dragon() -> None:
    old = get_game("kingdom-of-warlords", "1.0.0")
    state = old.new_game(0, 2)
    fresh = build_state(hands=(["D", "4", "5"], ["A", "A", "K"]))
    fresh.yields = state.yields
    assert fresh.yields is False
    events = old.apply(fresh, "play D")
    assert [e["type"] for e in events if e["type"] in ("battle", "yield")] == ["battle"]
    assert "yield" not in old.legal_actions(fresh, old.to_act(fresh))
