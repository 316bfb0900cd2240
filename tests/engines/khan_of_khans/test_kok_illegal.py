"""Illegal actions: each is refused with a reason naming the broken rule, state untouched."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.khan_of_khans import GAME
from tests.engines.khan_of_khans.kok_helpers import drain, game, play, stack


def _refused(state, action: str, words: str, seat: int | None = None) -> None:
    before = GAME.digest(state)
    with pytest.raises(IllegalAction, match=words) as info:
        GAME.apply(state, action, seat)
    assert info.value.action == action
    assert GAME.digest(state) == before


def test_unknown_actions() -> None:
    st = game("morokanth", "high-llama")
    _refused(st, "dance", "not an action of this game")
    _refused(st, "raid 10", "not an action")
    _refused(st, "raid  1", "not an action")


def test_wrong_seat() -> None:
    st = game("morokanth", "high-llama")
    _refused(st, "raid 1", "seat 0's turn", seat=1)


def test_empty_location_deck() -> None:
    st = game("morokanth", "high-llama")
    drain(st, keep={1: 3})
    _refused(st, "raid 0", "Location deck 0 is empty")


def test_no_kept_blessing() -> None:
    st = game("morokanth", "high-llama")
    stack(st, "L0:raid50a", "L1:raid20")
    play(st, "raid 0", "raid 1")
    _refused(st, "bless 1 20", "no kept, unused Waha's Blessing")


def test_pending_decisions_must_be_answered_first() -> None:
    st = game("morokanth", "high-llama")
    stack(st, "L0:raid20", "L0:bless")
    stack(st, "L1:raid50a")
    play(st, "raid 0", "raid 1", "raid 0")
    _refused(st, "raid 3", "first decide on the Waha's Blessing")
    _refused(st, "choose 3", "first decide")
    play(st, "keep")
    _refused(st, "keep", "not just drawn a Waha's Blessing")
    _refused(st, "choose 3", "no Impala People reveal")


def test_impala_token_must_be_coloured() -> None:
    st = game("impala-people", "high-llama")
    _refused(st, "impala 0,1,2", "token is brown")


def test_choose_only_a_revealed_deck() -> None:
    st = game("impala-people", "morokanth")
    stack(st, "L0:raid20")
    stack(st, "L1:raid20", "L1:raid50a")
    play(st, "raid 0", "raid 1", "corral", "raid 1", "impala 4,5")
    _refused(st, "choose 6", "Location deck 6 was not revealed")


def test_sable_target_takes_no_value_and_others_need_one() -> None:
    st = game("sable-nation", "morokanth", "high-llama")
    stack(st, "L0:raid100", "L0:raid20")
    stack(st, "L1:raid50a", "L1:bless")
    stack(st, "L2:raid20")
    play(st, "raid 0", "raid 1", "raid 2", "raid 0", "raid 1")
    assert GAME.legal_actions(st, 1) == ["keep", "give 0", "give 2 20"]
    _refused(st, "give 0 100", "at random")
    _refused(st, "give 2", "name the value")
    _refused(st, "give 4 20", "no seat 4")
