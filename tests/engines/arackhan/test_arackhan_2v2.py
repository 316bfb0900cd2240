"""2v2 (here without the Strategy phase, turned off: it is on by default since 1.2.0): alliances of seats 0+2 and 1+3, 8 rounds, hands of 9."""

from __future__ import annotations

import json
import random

from engines.arackhan_wars import GAME, rounds
from engines.record import play_match, replay
from tests.engines.arackhan.akw_scene import scene

TWO_V_TWO = {"mode": "2v2", "strategy": False}


def test_setup_hands_of_nine_and_alliances() -> None:
    state = GAME.new_game(1, 4, None, TWO_V_TWO)
    assert [len(h) for h in state.hand] == [9, 9, 9, 9]
    assert state.team == [0, 1, 0, 1] and state.rounds == 8
    assert GAME.observation(state, 0)["sides"] == [0, 1, 0, 1]


def test_games_last_eight_rounds_and_partners_share_their_rank() -> None:
    endings = set()
    for seed in range(8):
        state = GAME.new_game(seed, 4, None, TWO_V_TWO)
        GAME.random_playout(state, random.Random(seed))
        endings.add((state.round, state.end_reason))
        assert state.round <= 8
        result = GAME.result(state)
        assert result.ranks[0] == result.ranks[2] and result.ranks[1] == result.ranks[3]
        pts = result.details["points"]
        assert result.scores[0] == pts[0] + pts[2] and result.scores[1] == pts[1] + pts[3]
    assert (8, "the eighth round is over") in endings
    assert all(r == 8 or why == "no room left to place a card" for r, why in endings)


def test_partners_cards_are_allied_but_only_their_owner_activates_them() -> None:
    s = scene(
        [
            (0, "Swamp Ogre", "3,2"),
            (1, "Yeti", "4,2"),
        ],
        keepers=False,
    )
    s.st.team = [0, 0]  # make the two seats partners
    s.st.version += 1
    assert not any(a.startswith("attack") for a in s.legal()), "no attack on a partner's card"
    state = GAME.new_game(2, 4, None, TWO_V_TWO)
    assert state.friends(0, 2) and not state.friends(0, 1)


def test_alliance_scores_and_tie_breaks_add_both_partners() -> None:
    s = scene([(0, "Ice Golem", "3,2"), (1, "Yeti", "5,2")], keepers=False)
    s.st.team = [0, 1]
    ranks, keys = rounds.ranking(s.st)
    assert ranks == [0, 1] and keys[0][0] == 13


def test_a_2v2_record_replays() -> None:
    record = play_match(GAME, 5, ["heuristic", "random", "random", "heuristic"], None, TWO_V_TWO)
    assert record.forfeit is None
    assert replay(json.loads(json.dumps(record.to_json())), GAME).ok


def test_determinize_keeps_each_seats_view_in_2v2() -> None:
    rng = random.Random(7)
    state = GAME.new_game(7, 4, None, TWO_V_TWO)
    checked = 0
    while not GAME.is_over(state):
        if rng.random() < 0.1:
            seat = rng.randrange(4)
            copy = GAME.determinize(state, seat, random.Random(rng.getrandbits(32)))
            assert GAME.observation(copy, seat) == GAME.observation(state, seat)
            checked += 1
        GAME.apply(state, rng.choice(GAME.legal_actions(state, GAME.to_act(state))))
    assert checked > 5
