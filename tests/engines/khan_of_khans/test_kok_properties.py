"""Property tests over random legal play: termination, conservation, hidden information,
replay, fast paths."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import Game, IllegalAction
from engines.khan_of_khans import GAME
from engines.khan_of_khans.cards import CARD_IDS, KHAN_SLUGS, N_CARDS
from engines.khan_of_khans.legal import INFO
from tests.engines.khan_of_khans.kok_helpers import play, stack

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True)
seeds = st.integers(0, 2**32)
seats = st.integers(2, 5)


def _cards(state) -> Counter:
    out: Counter = Counter()
    for cards in GAME.zones(state).values():
        out.update(cards)
    return out


def _play(seed: int, n: int, every=None):
    """One random game with ``apply``; calls ``every(state, rng)`` before each action."""
    rng = random.Random(seed)
    state = GAME.new_game(seed, n)
    actions = []
    while not GAME.is_over(state):
        assert len(actions) < 500
        if every:
            every(state, rng)
        seat = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        assert legal
        action = rng.choice(legal)
        GAME.apply(state, action, seat)
        actions.append(action)
    return state, actions


@SETTINGS
@given(seed=seeds, n=seats)
def test_random_play_terminates_and_conserves_every_card(seed: int, n: int) -> None:
    full = Counter(CARD_IDS)

    def check(state, rng):
        assert _cards(state) == full

    state, actions = _play(seed, n, check)
    assert _cards(state) == full and len(full) == N_CARDS
    assert sum(len(GAME.zones(state)[f"deck:{d}"]) for d in range(10)) == 0
    result = GAME.result(state)
    assert min(result.ranks) == 0 and len(result.scores) == n


@SETTINGS
@given(seed=seeds, n=seats)
def test_determinize_never_leaks_and_keeps_every_observation(seed: int, n: int) -> None:
    changed = [0]

    def check(state, rng):
        if rng.random() > 0.3:
            return
        for seat in range(n):
            before = GAME.digest(state)
            copy = GAME.determinize(state, seat, random.Random(rng.getrandbits(32)))
            assert GAME.digest(state) == before
            assert GAME.observation(copy, seat) == GAME.observation(state, seat)
            assert GAME.observation(copy, None) == GAME.observation(state, None)
            assert _cards(copy) == _cards(state)
            if GAME.zones(copy) != GAME.zones(state):
                changed[0] += 1
            if seat == GAME.to_act(state):
                assert GAME.legal_actions(copy, seat) == GAME.legal_actions(state, seat)

    _play(seed, n, check)
    assert changed[0] > 0


@SETTINGS
@given(seed=seeds)
def test_sable_hidden_values_never_appear_in_other_observations(seed: int) -> None:
    khans = random.Random(seed).sample(KHAN_SLUGS, 3)
    if "sable-nation" not in khans:
        khans[0] = "sable-nation"
    rng = random.Random(seed)
    state = GAME.new_game(seed, 3, khans)
    sable = khans.index("sable-nation")
    while not GAME.is_over(state):
        for seat in [None, *range(3)]:
            if seat == sable:
                continue
            text = str(GAME.observation(state, seat))
            for c in state.herd[sable] + [c for cs in state.corrals[sable] for c in cs]:
                if not state.pub[c] and not GAME.is_over(state):
                    assert CARD_IDS[c] not in text
        GAME.apply(state, rng.choice(GAME.legal_actions(state, GAME.to_act(state))))


@SETTINGS
@given(seed=seeds, n=seats)
def test_replaying_the_same_seed_and_actions_gives_the_same_digests(seed: int, n: int) -> None:
    digests = []
    state, actions = _play(seed, n, lambda s, r: digests.append(GAME.digest(s)))
    again = GAME.new_game(seed, n)
    for i, action in enumerate(actions):
        assert GAME.digest(again) == digests[i]
        GAME.apply(again, action)
    assert GAME.digest(again) == GAME.digest(state)


@SETTINGS
@given(seed=seeds, n=seats)
def test_random_playout_equals_the_generic_loop(seed: int, n: int) -> None:
    fast, slow = GAME.new_game(seed, n), GAME.new_game(seed, n)
    GAME.random_playout(fast, random.Random(seed))
    Game.random_playout(GAME, slow, random.Random(seed))
    assert GAME.is_over(fast) and GAME.digest(fast) == GAME.digest(slow)
    # also from the middle of a game, and apply_fast equals apply
    mid = GAME.new_game(seed, n)
    rng = random.Random(seed + 1)
    for _ in range(30):
        GAME.apply_fast(mid, rng.choice(GAME.legal_actions(mid, GAME.to_act(mid))))
    a, b = GAME.clone(mid), GAME.clone(mid)
    GAME.random_playout(a, random.Random(3))
    Game.random_playout(GAME, b, random.Random(3))
    assert GAME.digest(a) == GAME.digest(b)
    for s in range(n):
        assert 0.0 <= GAME.heuristic_value(mid, s) <= 1.0
        assert 0.0 <= GAME.heuristic_value(a, s) <= 1.0


@SETTINGS
@given(seed=seeds, n=seats)
def test_illegal_actions_raise_with_a_reason_and_change_nothing(seed: int, n: int) -> None:
    every_action = sorted(INFO)

    def check(state, rng):
        if rng.random() > 0.2:
            return
        seat = GAME.to_act(state)
        legal = set(GAME.legal_actions(state, seat))
        before = GAME.digest(state)
        for bad in rng.sample(every_action, 25) + ["", "raid", "raid 11", "fly away"]:
            if bad in legal:
                continue
            with pytest.raises(IllegalAction) as info:
                GAME.apply(state, bad, seat)
            assert info.value.reason and info.value.seat == seat
            assert GAME.digest(state) == before
        with pytest.raises(IllegalAction, match="turn"):
            GAME.apply(state, next(iter(legal)), (seat + 1) % n)
        assert GAME.digest(state) == before

    _play(seed, n, check)


def test_clone_copies_the_random_generator() -> None:
    state = GAME.new_game(5, 3)
    before = GAME.digest(state)
    copy = GAME.clone(state)
    assert GAME.digest(copy) == before
    drawn = [copy.own_rng().random() for _ in range(3)]
    assert GAME.digest(copy) != before and GAME.digest(state) == before
    assert [state.own_rng().random() for _ in range(3)] == drawn
    GAME.random_playout(copy, random.Random(0))
    assert not GAME.is_over(state)


def test_determinize_reseeds_from_the_given_rng() -> None:
    state = GAME.new_game(5, 3)
    a = GAME.determinize(state, 0, random.Random(1))
    b = GAME.determinize(state, 0, random.Random(1))
    c = GAME.determinize(state, 0, random.Random(2))
    assert GAME.digest(a) == GAME.digest(b) != GAME.digest(c)
    assert a.own_rng().random() != state.own_rng().random()


def test_determinize_redeals_a_sable_herd_from_the_same_decks() -> None:
    state = GAME.new_game(0, 2, ["sable-nation", "morokanth"])
    stack(state, "L0:raid100", "L0:raid50a", "L0:raid20")
    stack(state, "L1:raid20", "L1:raid50a")
    play(state, "raid 0", "raid 1", "raid 0", "raid 1", "raid 0")
    seen = set()
    for k in range(40):
        copy = GAME.determinize(state, 1, random.Random(k))
        assert [CARD_IDS[c][:3] for c in copy.herd[0]] == ["L0:"] * 3
        assert all(CARD_IDS[c].startswith("L0:raid") for c in copy.herd[0])
        seen.add(tuple(copy.herd[0]))
        own = GAME.determinize(state, 0, random.Random(k))
        assert own.herd[0] == state.herd[0]
    assert len(seen) > 1
