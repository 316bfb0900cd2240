"""Property tests over random legal play for 2 to 4 players: the game never breaks, every card
stays in exactly one place, the board agrees with itself; records replay and tampering is
caught."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.akhedena import GAME
from engines.akhedena import board as B
from engines.akhedena.state import CROWN, EMPTY, ON_BOARD, State
from engines.record import play_match, replay

SETTINGS = settings(max_examples=15, deadline=None, derandomize=True)
seeds = st.integers(0, 2**32)
players = st.integers(2, 4)


def _check(s: State, all_cards: Counter) -> None:
    zones = GAME.zones(s)
    assert Counter(c for cards in zones.values() for c in cards) == all_cards
    for p, sq in enumerate(s.pos):
        seat, k = divmod(p, B.PIECES_PER_SEAT)
        if sq >= 0:
            assert s.board[sq] == p and s.alive[seat]
            assert 1 <= len(s.army[p]) <= 2
        else:
            assert s.army[p] == []
        if k == B.CASTLE and sq >= 0:
            assert sq == B.start_squares(s.n)[seat][B.CASTLE], "a Castle moved"
        if s.alive[seat] and k in (B.HERO, B.CASTLE):
            assert sq >= 0, "a player in the game without its Hero or Castle"
    on_board = {sq for sq in s.pos if sq >= 0}
    assert {sq for sq, p in enumerate(s.board) if p >= 0} == on_board
    if s.crown == ON_BOARD:
        assert s.board[B.CENTRE] == CROWN
    else:
        assert s.alive[s.crown] and s.board[B.CENTRE] != CROWN
    assert all(x in (EMPTY, CROWN) or x >= 0 for x in s.board)
    assert s.over == (sum(s.alive) == 1 or s.turns >= s.turn_cap * s.n)


@SETTINGS
@given(seed=seeds, n=players)
def test_random_play_keeps_every_card_and_the_board_consistent(seed: int, n: int) -> None:
    rng = random.Random(seed)
    s = GAME.new_game(seed, n)
    all_cards = Counter(s.deal.ids)
    assert len(all_cards) == 27 * n
    steps = 0
    while not GAME.is_over(s):
        if steps % 3 == 0:
            _check(s, all_cards)
        seat = GAME.to_act(s)
        legal = GAME.legal_actions(s, seat)
        assert legal and len(set(legal)) == len(legal)
        GAME.apply(s, rng.choice(legal), seat)
        steps += 1
    _check(s, all_cards)
    result = GAME.result(s)
    assert sorted(result.ranks)[0] == 0 and len(result.ranks) == n
    assert all(GAME.legal_actions(s, x) == [] for x in range(n))


@SETTINGS
@given(seed=seeds, n=players, data=st.data())
def test_records_replay_and_a_changed_action_is_caught(seed: int, n: int, data) -> None:
    record = play_match(GAME, seed, ["random"] * n)
    text = json.loads(json.dumps(record.to_json()))
    assert replay(text, GAME).ok
    k = data.draw(st.integers(0, len(record.actions) - 1))
    tampered = json.loads(json.dumps(text))
    s = GAME.new_game(seed, n)
    for action in record.actions[:k]:
        GAME.apply(s, action)
    others = [a for a in GAME.legal_actions(s, s.to_act) if a != record.actions[k]]
    if others:
        tampered["actions"][k] = data.draw(st.sampled_from(others))
        report = replay(tampered, GAME)
        assert not report.ok and report.first_divergent_action == k
    tampered = json.loads(json.dumps(text))
    tampered["actions"][k] = "move a1 m13"
    report = replay(tampered, GAME)
    assert not report.ok and report.first_divergent_action == k and report.illegal_reason
