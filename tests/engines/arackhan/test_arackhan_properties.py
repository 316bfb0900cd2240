"""Property tests over random legal decks: games end, never raise, conserve cards, hide what
they must and replay from their record."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.arackhan_wars import GAME, rounds
from engines.record import play_match, replay
from tests.engines.arackhan.akw_decks import random_deck

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
seeds = st.integers(min_value=0, max_value=2**63)


def cards_of(state) -> Counter:
    out: Counter = Counter()
    for cards in GAME.zones(state).values():
        out.update(cards)
    return out


def hidden_leaks(state, seat: int | None) -> list[str]:
    """What ``seat``'s observation shows that it must not see."""
    obs = GAME.observation(state, seat)
    leaks = []
    for t, player in enumerate(obs["players"]):
        if t != seat and player["hand"] is not None:
            leaks.append(f"seat {t}'s hand")
        if t != seat and player["mulligan_aside"] is not None:
            leaks.append(f"seat {t}'s mulligan")
        for card in player["astral"]:
            if not card["face_up"] and card["owner"] != seat and card["card_id"] is not None:
                leaks.append(f"face-down astral card {card['card']}")
    for cell in obs["battlefield"]:
        if not cell["face_up"] and cell["owner"] != seat and cell["card_id"] is not None:
            leaks.append(f"face-down card on {cell['space']}")
        if not cell["face_up"] and "name" in cell:
            leaks.append(f"name of a face-down card on {cell['space']}")
    text = json.dumps(obs)
    if '"draw"' in text:
        leaks.append("a draw pile's cards")
    return leaks


@SETTINGS
@given(seed=seeds)
def test_random_play_of_random_decks_ends_conserves_cards_and_hides_cards(seed: int) -> None:
    rng = random.Random(seed)
    n, options = rng.choice([(2, None), (2, None), (3, None), (4, None), (4, {"mode": "2v2"})])
    decks = [random_deck(rng) for _ in range(n)]
    state = GAME.new_game(seed, n, decks, options)
    start = cards_of(state)
    assert sum(start.values()) == 23 * n and max(start.values()) == 1
    steps = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        assert legal
        if steps % 3 == 0:
            for observer in (None, *range(n)):
                assert not hidden_leaks(state, observer)
        GAME.apply(state, rng.choice(legal), seat)
        assert cards_of(state) == start, "cards appeared or vanished"
        steps += 1
        assert steps < 5000
    result = GAME.result(state)
    assert sorted(result.ranks)[0] == 0


@SETTINGS
@given(seed=seeds)
def test_random_decks_replay_from_their_record(seed: int) -> None:
    rng = random.Random(seed)
    decks = [random_deck(rng), random_deck(rng)]
    record = play_match(GAME, seed, ["random", "heuristic"], decks)
    assert record.forfeit is None
    report = replay(json.loads(json.dumps(record.to_json())), GAME)
    assert report.ok, report.message


def test_face_down_cards_are_hidden_until_the_reveal() -> None:
    state = GAME.new_game(3, 2)
    while state.phase != "place":
        GAME.apply(state, GAME.legal_actions(state, GAME.to_act(state))[-1])
    placer = GAME.to_act(state)
    GAME.apply(state, GAME.legal_actions(state, placer)[0])
    other = 1 - placer
    mine = GAME.observation(state, placer)
    theirs = GAME.observation(state, other)
    spectator = GAME.observation(state, None)
    placed = [c for c in mine["battlefield"]] + mine["players"][placer]["astral"]
    assert placed and all(c["card_id"] is not None for c in placed), "the owner sees its card"
    seen = [c for c in theirs["battlefield"]] + theirs["players"][placer]["astral"]
    assert seen and all(c["card_id"] is None for c in seen)
    seen = [c for c in spectator["battlefield"]] + spectator["players"][placer]["astral"]
    assert seen and all(c["card_id"] is None for c in seen)
    assert theirs["players"][placer]["hand"] is None
    assert theirs["players"][placer]["hand_size"] == 6
    assert spectator["players"][0]["hand"] is None and spectator["players"][1]["hand"] is None


def _stats_snapshot(state) -> tuple:
    from engines.arackhan_wars.effects import compute

    stats = compute(state)
    cards = sorted(stats.info)  # the revealed cards in play
    return (
        cards,
        [stats.attack[i] for i in cards],
        [stats.defence[i] for i in cards],
        [sorted(stats.attrs[i]) for i in cards],
        [sorted(stats.flags[i]) for i in cards],
    )


@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=seeds)
def test_cached_characteristics_always_match_a_fresh_computation(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.choice([2, 2, 3, 4])
    state = GAME.new_game(seed, n, [random_deck(rng) for _ in range(n)])
    while not GAME.is_over(state):
        cached = _stats_snapshot(state)
        state._stats = None
        assert _stats_snapshot(state) == cached, "a change did not bump the state version"
        assert rounds.legal(state) == rounds._legal(state), "stale legal actions"
        GAME.apply(state, rng.choice(GAME.legal_actions(state, GAME.to_act(state))))
