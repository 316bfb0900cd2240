"""Scoring, tie-breaks and the end of the game."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.khan_of_khans import GAME
from engines.khan_of_khans.cards import CARD_OF_ID
from engines.khan_of_khans.state import State
from tests.engines.khan_of_khans.kok_helpers import drain, game, play, stack


def _take(st: State, cid: str) -> int:
    c = CARD_OF_ID[cid]
    st.box.remove(c)
    return c


def finish(st: State, **places: dict[int, list[str]]) -> State:
    """Empty the decks and put the named cards in herds / corrals / blessing piles."""
    drain(st)
    for seat, ids in places.get("herd", {}).items():
        st.herd[seat] = [_take(st, c) for c in ids]
    for seat, ids in places.get("corral", {}).items():
        st.corrals[seat].append([_take(st, c) for c in ids])
        st.extra[seat].append(-1)
    for seat, ids in places.get("sneaked", {}).items():
        st.extra[seat][0] = _take(st, ids[0])
    for seat, ids in places.get("kept", {}).items():
        st.kept[seat] = [_take(st, c) for c in ids]
    for seat, ids in places.get("used", {}).items():
        st.used[seat] = [_take(st, c) for c in ids]
    st.over = True
    return st


def test_score_counts_corrals_herd_sneaked_cards_and_twenty_per_blessing() -> None:
    st = finish(
        game("high-llama", "morokanth"),
        corral={0: ["L0:raid100", "L0:raid50a"]},
        sneaked={0: ["L0:raid50b"]},
        herd={0: ["L1:raid20"], 1: ["L1:raid100"]},
        kept={0: ["L2:bless"]},
        used={0: ["L3:bless"], 1: ["L4:bless"]},
    )
    result = GAME.result(st)
    assert result.scores == (100 + 50 + 50 + 20 + 40.0, 120.0)
    assert result.ranks == (0, 1)
    assert result.details["blessings"] == [2, 1] and result.details["raid_cards"] == [4, 1]
    obs = GAME.observation(st, None)
    assert obs["scores"] == [260, 120] and obs["ranks"] == [0, 1]


def test_tie_on_cows_goes_to_the_most_blessings() -> None:
    st = finish(
        game("morokanth", "high-llama"),
        corral={0: ["L0:raid100"], 1: ["L1:raid100", "L1:raid20"]},
        used={0: ["L2:bless"]},
    )
    result = GAME.result(st)
    assert result.scores == (120.0, 120.0) and result.ranks == (0, 1)
    assert "Blessings" in result.reason


def test_then_the_most_individual_raid_cards() -> None:
    st = finish(
        game("morokanth", "high-llama"),
        corral={0: ["L0:raid100"], 1: ["L1:raid50a"]},
        herd={1: ["L1:raid50b"]},
    )
    result = GAME.result(st)
    assert result.scores == (100.0, 100.0) and result.ranks == (1, 0)
    assert "Raid! cards" in result.reason


def test_still_tied_players_share_the_rank() -> None:
    st = finish(
        game("morokanth", "high-llama", "bison-riders"),
        corral={0: ["L0:raid50a"], 1: ["L1:raid50a"], 2: ["L2:raid20"]},
    )
    result = GAME.result(st)
    assert result.ranks == (0, 0, 2) and result.winners == [0, 1]
    assert "shared" in result.reason


def test_game_ends_at_once_when_the_last_location_card_is_resolved() -> None:
    st = game("morokanth", "high-llama", "bison-riders")
    stack(st, "L0:raid20", "L0:raid100")
    drain(st, keep={0: 2})
    assert GAME.legal_actions(st, 0) == ["raid 0"]
    play(st, "raid 0")
    assert not GAME.is_over(st)
    with pytest.raises(ValueError):
        GAME.result(st)
    events = play(st, "raid 0")
    assert events[-1]["type"] == "game-over" and GAME.is_over(st)
    assert GAME.to_act(st) is None
    assert all(GAME.legal_actions(st, s) == [] for s in range(3))
    with pytest.raises(IllegalAction, match="game is over"):
        GAME.apply(st, "raid 0")
    # the Herds count: nothing was corralled
    assert GAME.result(st).scores == (20.0, 100.0, 0.0)


def test_a_last_card_blessing_is_decided_before_the_game_ends() -> None:
    st = game("morokanth", "high-llama")
    stack(st, "L0:raid50a", "L0:bless")
    drain(st, keep={0: 2})
    play(st, "raid 0")
    play(st, "raid 0")
    assert not GAME.is_over(st) and GAME.to_act(st) == 1
    assert GAME.legal_actions(st, 1) == ["keep", "give 0 50"]
    play(st, "give 0 50")
    assert GAME.is_over(st)
    assert GAME.result(st).scores == (20.0, 50.0)


def test_a_seat_always_has_a_legal_action_until_the_end() -> None:
    st = game("morokanth", "high-llama")
    drain(st, keep={9: 1})
    assert GAME.legal_actions(st, 0) == ["raid 9"]


def test_heuristic_value_prefers_the_seat_with_more_banked_cows() -> None:
    st = game("morokanth", "high-llama")
    stack(st, "L0:raid100", "L1:raid20")
    play(st, "raid 0", "raid 1", "corral")
    assert GAME.heuristic_value(st, 0) > 0.5 > GAME.heuristic_value(st, 1)
    assert 0.0 <= GAME.heuristic_value(st, 1) <= GAME.heuristic_value(st, 0) <= 1.0


def test_actions_are_described_in_words() -> None:
    st = game("morokanth", "high-llama")
    assert GAME.describe_action(st, "raid 3") == "Raid Location 4"
    assert "random Raid! card" in GAME.describe_action(st, "give 2")
    assert "50-cow" in GAME.describe_action(st, "bless 1 50")
    assert "Location 3, Location 6" in GAME.describe_action(st, "impala 2,5")
