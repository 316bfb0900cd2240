"""Engine versions: 1.0.0, 1.1.0 and 1.2.0 play side by side, each replays its own records, and an
old record replayed under the current rules shows where they change the game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.arackhan_wars import GAME
from engines.base import UnknownEngineVersion
from engines.record import play_match, replay
from engines.registry import engine_for, get_game

RECORDS = Path(__file__).parent / "records"


def records(version: str) -> list[dict]:
    """Records played by engine ``version`` (1.0.0's by the code before the 1.1.0 rules,
    1.1.0's before the 1.2.0 rules)."""
    return json.loads((RECORDS / f"akw-{version}.json").read_text())["records"]


@pytest.mark.parametrize("version", ["1.0.0", "1.1.0", "1.2.0"])
def test_each_version_replays_its_own_records(version: str) -> None:
    for record in records(version):
        assert record["engine_version"] == version
        report = replay(record)
        assert report.ok, report.message
        assert report.engine_version == version and not report.notes
        assert report.message.endswith(f"reproduce under engine {version}")


def test_the_current_rules_play_most_old_records_differently() -> None:
    """Replayed under the current rules, a 1.0.0 record diverges at its first action the new
    rules read otherwise (a group attack's old one-action form, a placement, a fight; the 2v2
    game at its set-up, since 1.2.0 deals the Strategy pile); a game that never met a changed
    rule still reproduces (the 2v2 game did under 1.1.0)."""
    outcomes = [replay(record, GAME) for record in records("1.0.0")]
    assert [o.first_divergent_action for o in outcomes] == [38, 54, "setup", 46]
    assert "'attack c4 c23+c27+c33' is illegal" in outcomes[0].message
    assert all(o.engine_version == "1.2.0" for o in outcomes)
    assert "recorded with arackhan-wars engine 1.0.0, replayed with 1.2.0" in outcomes[0].notes
    under_1_1 = [replay(record, GAME.at_version("1.1.0")) for record in records("1.0.0")]
    assert [o.first_divergent_action for o in under_1_1] == [38, 54, None, 46]


def test_new_records_do_not_replay_under_the_old_rules() -> None:
    old = get_game("arackhan-wars", "1.0.0")
    outcomes = [replay(record, old) for record in records("1.1.0")]
    assert sum(not o.ok for o in outcomes) >= 3, "group attacks are built step by step in 1.1.0"
    previous = get_game("arackhan-wars", "1.1.0")
    outcomes = [replay(record, previous) for record in records("1.2.0")]
    diverge = {
        r["options"] and json.dumps(r["options"]): o.first_divergent_action
        for r, o in zip(records("1.2.0"), outcomes, strict=True)
        if not o.ok
    }
    # 2v2 deals the Strategy pile since 1.2.0; objectives are offered after the action
    assert diverge.get('{"mode": "2v2"}') == "setup"
    assert diverge.get('{"objectives": true}') is not None


def test_versions_by_name_and_unknown_versions_named() -> None:
    old = get_game("arackhan-wars", "1.0.0")
    assert old.version == "1.0.0" and not old.rules.stepwise_group_attacks
    assert get_game("arackhan-wars") is GAME and get_game("arackhan-wars", "1.2.0") is GAME
    assert GAME.version == "1.2.0" and GAME.versions == ("1.0.0", "1.1.0", "1.2.0")
    assert get_game("arackhan-wars", "1.1.0").rules.stepwise_group_attacks
    assert not get_game("arackhan-wars", "1.1.0").rules.initiative_groups
    assert old.new_game(5, 2).rules is old.rules, "the state plays its engine's rules"
    with pytest.raises(
        UnknownEngineVersion, match=r"no engine version '0\.9' .*1\.0\.0, 1\.1\.0, 1\.2\.0"
    ):
        get_game("arackhan-wars", "0.9")
    kok = get_game("khan-of-khans")
    with pytest.raises(UnknownEngineVersion, match=f"plays {kok.version}"):
        get_game("khan-of-khans", "0.0.1")
    assert engine_for("khan-of-khans", "0.0.1") is kok, "a game keeping one version plays it"
    assert engine_for("arackhan-wars", "1.0.0") is old


def test_a_record_of_an_unknown_version_is_replayed_by_the_current_engine_with_a_note() -> None:
    record = dict(records("1.2.0")[0], engine_version="0.9")
    report = replay(record)
    assert report.ok and report.engine_version == "1.2.0"
    assert report.notes == [
        "arackhan-wars has no engine version '0.9' (it plays 1.0.0, 1.1.0, 1.2.0): "
        "replayed with its current version 1.2.0"
    ]


def test_matches_are_recorded_with_the_version_that_plays_them() -> None:
    assert play_match("arackhan-wars", 3, ["random", "random"]).engine_version == "1.2.0"
    old = get_game("arackhan-wars", "1.0.0")
    record = play_match(old, 3, ["random", "random"])
    assert record.engine_version == "1.0.0" and replay(record.to_json()).ok
