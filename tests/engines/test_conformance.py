"""Protocol properties every engine must have, checked over the toy game and every landed game."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.base import BadSetup, Game, IllegalAction, Result
from engines.record import play_match, replay
from tests.engines.toy_game import landed_games

GAMES = landed_games()
GAMES += [  # older engine versions a game keeps, so that their matches replay, keep the protocol
    (f"{slug}@{version}", game.at_version(version))
    for slug, game in list(GAMES)
    for version in game.versions
    if version != game.version
]
PARAMS = [pytest.param(game, id=slug) for slug, game in GAMES]
# examples per property: the toy game is cheap, real games get fewer but longer games (a random
# Heroes of Graxia game runs to some 700 actions, Akhedena's four-player ones to hundreds of turns)
EXAMPLES = {"toy-tricks": 40, "heroes-of-graxia": 4, "akhedena": 15}
MAX_ACTIONS = 20_000


def examples(game: Game) -> int:
    return EXAMPLES.get(game.slug, 25)


def prop_settings(game: Game) -> settings:
    return settings(
        max_examples=examples(game),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


seeds = st.integers(min_value=0, max_value=2**63)


def jsonable(x: Any) -> Any:
    """``x`` with tuples as lists: what a JSON round trip must give back."""
    if isinstance(x, tuple | list):
        return [jsonable(v) for v in x]
    if isinstance(x, dict):
        return {k: jsonable(v) for k, v in x.items()}
    return x


def assert_round_trips(x: Any, what: str) -> None:
    text = json.dumps(x, allow_nan=False)
    assert json.loads(text) == jsonable(x), f"{what} does not survive a JSON round trip"


def card_multiset(game: Game, state: Any) -> Counter:
    cards: Counter = Counter()
    for cards_in_zone in game.zones(state).values():
        cards.update(cards_in_zone)
    return cards


def zone_sizes(game: Game, state: Any) -> dict[str, int]:
    return {zone: len(cards) for zone, cards in game.zones(state).items()}


def random_states(game: Game, seed: int, n: int, rng: random.Random):
    """Yield (state, seat to act) along one random game, then the finished state."""
    state = game.new_game(seed, n)
    steps = 0
    while not game.is_over(state):
        yield state, game.to_act(state)
        assert steps < MAX_ACTIONS, "random play did not end"
        seat = game.to_act(state)
        game.apply(state, rng.choice(game.legal_actions(state, seat)), seat)
        steps += 1
    yield state, None


def test_the_toy_game_is_always_checked() -> None:
    assert GAMES[0][0] == "toy-tricks"


@pytest.mark.parametrize("game", PARAMS)
def test_class_attributes(game: Game) -> None:
    assert isinstance(game.slug, str) and game.slug
    assert isinstance(game.version, str) and game.version
    assert 1 <= game.min_seats <= game.max_seats


@pytest.mark.parametrize("game", PARAMS)
def test_random_play_terminates_with_a_valid_result(game: Game) -> None:
    @prop_settings(game)
    @given(seed=seeds, data=st.data())
    def check(seed: int, data: st.DataObject) -> None:
        n = data.draw(st.integers(game.min_seats, game.max_seats), label="seats")
        rng = random.Random(seed)
        for state, seat in random_states(game, seed, n, rng):
            if seat is None:
                assert game.is_over(state) and game.to_act(state) is None
                result = game.result(state)
                assert isinstance(result, Result)
                assert len(result.ranks) == len(result.scores) == n
                assert all(0 <= r < n for r in result.ranks) and min(result.ranks) == 0
                assert_round_trips(result.to_json(), "the result")
                assert Result.from_json(json.loads(json.dumps(result.to_json()))) == Result(
                    tuple(result.ranks),
                    tuple(result.scores),
                    result.reason,
                    jsonable(result.details),
                )
                for s in range(n):
                    assert game.legal_actions(state, s) == []
            else:
                assert 0 <= seat < n and not game.is_over(state)
                legal = game.legal_actions(state, seat)
                assert legal, "the seat to act has no legal action"
                assert all(isinstance(a, str) for a in legal)
                assert len(set(legal)) == len(legal), "duplicate legal actions"
                other = (seat + 1) % n
                assert game.legal_actions(state, other) == [] or other == seat
                with pytest.raises(ValueError):
                    game.result(state)

    check()


@pytest.mark.parametrize("game", PARAMS)
def test_cards_are_conserved(game: Game) -> None:
    @prop_settings(game)
    @given(seed=seeds, data=st.data())
    def check(seed: int, data: st.DataObject) -> None:
        n = data.draw(st.integers(game.min_seats, game.max_seats), label="seats")
        start = None
        for i, (state, _) in enumerate(random_states(game, seed, n, random.Random(seed))):
            if i > 200 and i % 7:
                continue  # every step early on, then a sample, to keep long games fast
            cards = card_multiset(game, state)
            if start is None:
                start = cards
                assert start, "zones() lists no cards"
                dupes = [c for c, k in cards.items() if k > 1]
                assert not dupes, f"cards in two places: {dupes[:5]}"
            assert cards == start, "cards appeared or vanished"

    check()


@pytest.mark.parametrize("game", PARAMS)
def test_determinize_agrees_with_the_observation(game: Game) -> None:
    @prop_settings(game)
    @given(seed=seeds, data=st.data())
    def check(seed: int, data: st.DataObject) -> None:
        n = data.draw(st.integers(game.min_seats, game.max_seats), label="seats")
        rng = random.Random(seed)
        for state, to_act in random_states(game, seed, n, rng):
            if to_act is None or rng.random() > 0.15:
                continue
            seat = data.draw(st.integers(0, n - 1), label="observer")
            before = game.digest(state)
            copy = game.determinize(state, seat, random.Random(rng.getrandbits(64)))
            assert game.digest(state) == before, "determinize changed the real state"
            assert game.observation(copy, seat) == game.observation(state, seat)
            assert game.observation(copy, None) == game.observation(state, None)
            assert game.to_act(copy) == to_act
            if seat == to_act:
                assert game.legal_actions(copy, seat) == game.legal_actions(state, seat)
            if game.secret_decks:  # unseen cards dealt from the catalogue: same counts
                assert zone_sizes(game, copy) == zone_sizes(game, state)
            else:
                assert card_multiset(game, copy) == card_multiset(game, state)
            # the copy is independent: playing it out leaves the real state alone
            game.random_playout(copy, random.Random(seed))
            assert game.is_over(copy)
            assert game.digest(state) == before

    check()


@pytest.mark.parametrize("game", PARAMS)
def test_illegal_actions_raise_and_change_nothing(game: Game) -> None:
    @prop_settings(game)
    @given(seed=seeds, data=st.data())
    def check(seed: int, data: st.DataObject) -> None:
        n = data.draw(st.integers(game.min_seats, game.max_seats), label="seats")
        rng = random.Random(seed)
        seen: list[str] = []
        checked = 0
        for state, seat in random_states(game, seed, n, rng):
            if seat is None:
                with pytest.raises(IllegalAction):
                    game.apply(state, seen[-1] if seen else "garbage")
                break
            legal = game.legal_actions(state, seat)
            if rng.random() < 0.2:
                checked += 1
                before = game.digest(state)
                for bad in ["garbage", "", "\x00 9999 !!", "play", legal[0] + " extra"]:
                    if bad in legal:
                        continue
                    with pytest.raises(IllegalAction):
                        game.apply(state, bad)
                    assert game.digest(state) == before
                # a legal action played for a seat whose turn it is not
                other = (seat + 1) % n
                if other != seat:
                    with pytest.raises(IllegalAction):
                        game.apply(state, rng.choice(legal), other)
                    assert game.digest(state) == before
                # actions legal earlier in the game (often another seat's) but not now
                stale = [a for a in seen[-50:] if a not in legal]
                for action in rng.sample(stale, min(3, len(stale))):
                    with pytest.raises(IllegalAction):
                        game.apply(state, action)
                    assert game.digest(state) == before
            seen.extend(legal)
        assert seen

    check()


@pytest.mark.parametrize("game", PARAMS)
def test_json_round_trips_and_fast_paths_agree(game: Game) -> None:
    @prop_settings(game)
    @given(seed=seeds, data=st.data())
    def check(seed: int, data: st.DataObject) -> None:
        n = data.draw(st.integers(game.min_seats, game.max_seats), label="seats")
        rng = random.Random(seed)
        slow = game.new_game(seed, n)
        fast = game.new_game(seed, n)
        assert game.digest(slow) == game.digest(fast), "same seed, different setup"
        steps = 0
        while not game.is_over(slow):
            seat = game.to_act(slow)
            action = rng.choice(game.legal_actions(slow, seat))
            assert_round_trips(action, "an action")
            if steps % 5 == 0:
                for s in [None, *range(n)]:
                    assert_round_trips(game.observation(slow, s), f"observation({s})")
                assert_round_trips(game.canonical(slow), "canonical()")
                before = game.digest(slow)
                branch = game.clone(slow)
                assert game.digest(branch) == before
                game.apply_fast(branch, action)
                assert game.digest(slow) == before, "a clone shares state with its original"
            events = game.apply(slow, action, seat)
            assert isinstance(events, list)
            assert_round_trips(events, "events")
            game.apply_fast(fast, action)
            assert game.digest(fast) == game.digest(slow), "apply_fast differs from apply"
            steps += 1
            assert steps < MAX_ACTIONS
        assert_round_trips(game.result(slow).to_json(), "the result")

    check()


@pytest.mark.parametrize("game", PARAMS)
def test_random_playout_matches_the_reference_loop(game: Game) -> None:
    @prop_settings(game)
    @given(seed=seeds, data=st.data())
    def check(seed: int, data: st.DataObject) -> None:
        n = data.draw(st.integers(game.min_seats, game.max_seats), label="seats")
        engine, reference = game.new_game(seed, n), game.new_game(seed, n)
        game.random_playout(engine, random.Random(seed))
        Game.random_playout(game, reference, random.Random(seed))
        assert game.is_over(engine)
        assert game.digest(engine) == game.digest(reference)
        for s in range(n):
            assert 0.0 <= game.heuristic_value(engine, s) <= 1.0

    check()


@pytest.mark.parametrize("game", PARAMS)
def test_recorded_games_replay_and_tampering_is_caught(game: Game) -> None:
    @prop_settings(game)
    @given(seed=seeds, data=st.data())
    def check(seed: int, data: st.DataObject) -> None:
        n = data.draw(st.integers(game.min_seats, game.max_seats), label="seats")
        record = play_match(game, seed, ["random"] * n)
        assert record.forfeit is None, record.forfeit
        data_json = json.loads(json.dumps(record.to_json()))
        report = replay(data_json, game)
        assert report.ok, report.message
        assert report.n_actions == len(record.actions)

        # one action swapped for another legal action with a different effect
        k = data.draw(st.integers(0, len(record.actions) - 1), label="k")
        state = game.new_game(seed, n)
        for action in record.actions[:k]:
            game.apply(state, action)
        recorded_next = game.clone(state)
        game.apply(recorded_next, record.actions[k])
        alternatives = []
        for alt in game.legal_actions(state, game.to_act(state)):
            branch = game.clone(state)
            game.apply(branch, alt)
            if game.digest(branch) != game.digest(recorded_next):
                alternatives.append(alt)
        if alternatives:
            tampered = json.loads(json.dumps(data_json))
            tampered["actions"][k] = data.draw(st.sampled_from(alternatives), label="alt")
            report = replay(tampered, game)
            assert not report.ok and report.first_divergent_action == k, report

        # the seed changed: a different setup is caught at setup
        other_seed = seed + 1
        if game.digest(game.new_game(other_seed, n)) != game.digest(game.new_game(seed, n)):
            tampered = dict(data_json, seed=other_seed)
            report = replay(tampered, game)
            assert not report.ok and report.first_divergent_action == "setup", report

        # the decks changed: seats swapped, seat 0's deck reordered or one of its cards changed
        decks = game.default_decks(n)
        if decks is not None:
            variants = [list(reversed(decks))]
            if isinstance(decks[0], list) and len(decks[0]) > 1:
                first = decks[0]
                variants.append([first[1:] + first[:1], *decks[1:]])
                other = next((c for c in first if c != first[0]), None)
                if other is not None:  # one card swapped for another (legal or not)
                    variants.append([[other, *first[1:]], *decks[1:]])
            for tampered_decks in variants:
                if json.dumps(tampered_decks) == json.dumps(decks):
                    continue
                report = replay(dict(data_json, decks=tampered_decks), game)
                try:
                    changed = game.digest(game.new_game(seed, n, tampered_decks)) != (
                        game.digest(game.new_game(seed, n, decks))
                    )
                except BadSetup:
                    changed = True
                if changed:
                    assert not report.ok and report.first_divergent_action == "setup", report

    check()
