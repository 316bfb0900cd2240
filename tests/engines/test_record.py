"""Match records: playing, JSON, replay, tampering, forfeits (on the toy game)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engines.base import BadSetup, Game, IllegalAction, derive_seed
from engines.bots.base import Bot, RandomBot
from engines.record import (
    EngineError,
    MatchRecord,
    play_match,
    play_raw,
    random_game,
    replay,
)
from tests.engines.toy_game import GAME, HeuristicBot, ToyTricks, register_toy

DECKS = [[1, 2, 3, 4, 5, 6], [4, 5, 6, 7, 8, 9], [1, 1, 9, 9, 5, 5]]


@pytest.fixture(autouse=True)
def _toy_in_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)


def round_trip(record: MatchRecord) -> dict[str, Any]:
    return json.loads(json.dumps(record.to_json()))


def test_record_has_the_documented_fields_and_replays() -> None:
    record = play_match(GAME, 11, [RandomBot(1), HeuristicBot(2)], decks=DECKS[:2])
    data = round_trip(record)
    assert data["format"] == 1 and data["game"] == "toy-tricks"
    assert data["engine_version"] == GAME.version and data["seed"] == 11
    assert data["seats"] == ["random", "heuristic"] and data["decks"] == DECKS[:2]
    assert len(data["actions"]) == 12  # 2 seats x 6 cards
    states = data["digests"]["states"]
    assert len(states) == len(data["actions"]) + 1 and len(set(states)) == len(states)
    assert all(len(d) == 16 for d in states)
    assert data["result"]["ranks"] in ([0, 1], [1, 0], [0, 0])
    assert data["forfeit"] is None
    assert replay(data, GAME).ok
    assert replay(json.dumps(data), GAME).ok
    assert MatchRecord.from_json(data).to_json() == data


def test_bot_seeds_derive_from_the_match_seed() -> None:
    by_spec = play_match(GAME, 5, ["random", "random", "random"])
    by_hand = play_match(GAME, 5, [RandomBot(derive_seed(5, "bot", s)) for s in range(3)])
    assert by_spec.to_json() == by_hand.to_json()
    assert play_match(GAME, 5, ["random"] * 3).to_json() == by_spec.to_json()
    assert play_match(GAME, 6, ["random"] * 3).actions != by_spec.actions


def test_unrecorded_match_keeps_setup_and_final_digest() -> None:
    full = play_match(GAME, 3, ["random", "random"])
    short = play_match(GAME, 3, ["random", "random"], record=False)
    assert short.actions == full.actions and short.result == full.result
    assert short.digests == {
        "setup": [full.digests["states"][0]],
        "final": [full.digests["states"][-1]],
    }
    assert replay(round_trip(short), GAME).ok
    bad = round_trip(short)
    bad["digests"]["final"] = ["0" * 16]
    report = replay(bad, GAME)
    assert not report.ok and report.expected_digest == "0" * 16


@pytest.mark.parametrize("k", [0, 5, 8])
def test_swapped_action_is_named(k: int) -> None:
    record = round_trip(play_match(GAME, 21, ["random", "random"]))
    state = GAME.new_game(21, 2)
    for action in record["actions"][:k]:
        GAME.apply(state, action)
    other = [a for a in GAME.legal_actions(state, GAME.to_act(state)) if a != record["actions"][k]]
    assert other, "the toy game offers a choice until the last cards"
    record["actions"][k] = other[0]
    report = replay(record, GAME)
    assert not report.ok
    assert report.first_divergent_action == k
    assert report.expected_digest == record["digests"]["states"][k + 1]
    assert report.actual_digest not in (None, report.expected_digest)


def test_illegal_recorded_action_gives_the_reason() -> None:
    record = round_trip(play_match(GAME, 2, ["random", "random"]))
    record["actions"][4] = "play 9#9.9"
    report = replay(record, GAME)
    assert not report.ok and report.first_divergent_action == 4
    assert "not in your hand" in report.illegal_reason


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"seed": 99}, "setup"),
        ({"decks": [DECKS[1], DECKS[0]]}, "setup"),
        ({"decks": [DECKS[0], [1, 2, 3]]}, "setup"),
        ({"options": {"hand_size": 2}}, "setup"),
    ],
)
def test_changed_setup_is_caught_at_setup(change: dict[str, Any], where: str) -> None:
    record = round_trip(play_match(GAME, 4, ["random", "random"], decks=DECKS[:2]))
    report = replay({**record, **change}, GAME)
    assert not report.ok and report.first_divergent_action == where, report


def test_result_truncation_and_extra_actions_are_caught() -> None:
    record = round_trip(play_match(GAME, 8, ["random", "heuristic"]))
    lied = json.loads(json.dumps(record))
    lied["result"]["ranks"] = list(reversed(record["result"]["ranks"]))
    lied["result"]["scores"] = [0.0, 0.0]
    report = replay(lied, GAME)
    assert not report.ok and report.result_mismatch is not None
    assert report.result_mismatch["actual"] == record["result"]

    short = json.loads(json.dumps(record))
    short["actions"] = short["actions"][:-1]
    short["digests"]["states"] = short["digests"]["states"][:-1]
    report = replay(short, GAME)
    assert not report.ok and "not over" in report.message

    extra = json.loads(json.dumps(record))
    extra["actions"].append(extra["actions"][0])
    report = replay(extra, GAME)
    assert not report.ok and report.first_divergent_action == len(record["actions"])


def test_bad_records_are_reported_not_raised() -> None:
    record = round_trip(play_match(GAME, 1, ["random", "random"]))
    assert not replay({**record, "format": 2}, GAME).ok
    assert "actions" in replay({k: v for k, v in record.items() if k != "actions"}).message
    assert not replay("not json at all {").ok
    unknown = replay({**record, "game": "no-such-game"})
    assert not unknown.ok and "unknown game" in unknown.message
    noted = replay({**record, "engine_version": "0"}, GAME)
    assert noted.ok and noted.notes  # still reproduces, but says the versions differ


class Crasher(Bot):
    kind = "crasher"

    def choose(self, game: Game, state: Any, seat: int) -> str:
        raise ZeroDivisionError("boom")


class Cheater(Bot):
    kind = "cheater"

    def __init__(self, seed: int = 0, after: int = 0, action: Any = "play 9#9.9") -> None:
        super().__init__(seed)
        self.after, self.action, self.moves = after, action, 0

    def choose(self, game: Game, state: Any, seat: int) -> Any:
        self.moves += 1
        if self.moves > self.after:
            return self.action
        return game.legal_actions(state, seat)[0]


@pytest.mark.parametrize(
    ("bot", "kind", "reason"),
    [
        (Crasher(), "error", "ZeroDivisionError: boom"),
        (Cheater(after=2), "illegal", "not in your hand"),
        (Cheater(after=1, action=None), "illegal", "string"),
    ],
)
def test_forfeits_rank_the_culprit_last_and_replay(bot: Bot, kind: str, reason: str) -> None:
    record = play_match(GAME, 7, ["random", bot, "random"])
    forfeit = record.forfeit
    assert forfeit is not None and forfeit["seat"] == 1 and forfeit["kind"] == kind
    assert reason in forfeit["reason"]
    assert record.result["ranks"] == [0, 1, 0]
    assert "seat 1 forfeited" in record.result["reason"]
    assert len(record.digests["states"]) == len(record.actions) + 1
    data = round_trip(record)
    assert replay(data, GAME).ok
    if kind == "illegal" and forfeit["action"] is not None:
        # claiming a legal action was the forfeited one does not replay
        state = GAME.new_game(7, 3)
        for action in data["actions"]:
            GAME.apply(state, action)
        data["forfeit"]["action"] = GAME.legal_actions(state, 1)[0]
        report = replay(data, GAME)
        assert not report.ok and "legal on replay" in report.message


def test_an_engine_rejecting_its_own_legal_action_is_not_a_forfeit() -> None:
    class Contradictory(ToyTricks):
        def apply(self, state, action, seat=None):  # type: ignore[no-untyped-def]
            if len(state.pile) < 2:
                raise IllegalAction(action, "changed my mind", seat)
            return super().apply(state, action, seat)

    with pytest.raises(EngineError, match="in legal_actions"):
        play_match(Contradictory(), 3, ["random", "random"])


def test_forfeit_blamed_on_the_wrong_seat_does_not_replay() -> None:
    data = round_trip(play_match(GAME, 7, ["random", Crasher(), "random"]))
    data["forfeit"]["seat"] = 2
    data["result"]["ranks"] = [0, 0, 1]
    assert not replay(data, GAME).ok


def test_setup_errors_and_runaway_games() -> None:
    with pytest.raises(BadSetup):
        play_match(GAME, 1, ["random"])
    with pytest.raises(BadSetup):
        play_match(GAME, 1, ["random", "random"], decks=[[1, 2], [3]])
    with pytest.raises(RuntimeError):
        play_match(GAME, 1, ["random", "random"], max_actions=3)


def test_raw_play_matches_recorded_play() -> None:
    for seed in range(10):
        record = play_match(GAME, seed, ["random", "heuristic", "random"])
        result, count = play_raw(GAME, seed, ["random", "heuristic", "random"])
        assert count == len(record.actions)
        assert json.loads(json.dumps(result.to_json())) == record.result
        finished = random_game(GAME, seed, 3)
        assert GAME.is_over(finished)
