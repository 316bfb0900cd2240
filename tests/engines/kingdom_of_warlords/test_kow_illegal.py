"""Illegal actions are refused with a reason and leave the state exactly as it was."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.kingdom_of_warlords import GAME
from engines.kingdom_of_warlords.builder import build_state


def start(hands, armies=((), ()), **kw):
    return build_state(hands=hands, armies=armies, **kw)


CASES = [
    # (hands, lead actions first, action tried, seat, words in the reason)
    ((["9", "5", "6"], ["K", "4", "7"]), [], "play K", 0, "do not hold"),
    ((["9", "5", "6"], ["K", "4", "7"]), [], "play 9", 1, "seat 0's turn"),
    ((["9", "5", "6"], ["K", "4", "7"]), [], "dance", 0, "unknown action"),
    ((["9", "5", "6"], ["K", "4", "7"]), [], "play X", 0, "unknown card label"),
    ((["9", "5", "6"], ["K", "4", "7"]), [], "play 9,5", 0, "share one rank"),
    ((["9", "9", "9"], ["K", "4", "7"]), [], "play 9,9,9,9", 0, "at most three"),
    ((["9", "W", "6"], ["K", "4", "7"]), [], "play W", 0, "Wizard must be played with"),
    ((["D", "W", "6"], ["K", "4", "7"]), [], "play D,W", 0, "Wizard cannot be combined"),
    ((["WL", "W", "6"], ["K", "4", "7"]), [], "play WL", 0, "Warlord is never played alone"),
    ((["9", "5", "6"], ["K", "4", "7"]), [], "warlord", 0, "no Warlord"),
    ((["9", "5", "6"], ["K", "4", "7"]), [], "extra", 0, "Triple advantage"),
    ((["D", "5", "6"], ["D", "A", "A"]), ["play D"], "play A,A", 1, "only answer to a Dragon"),
    ((["9", "5", "6"], ["K", "4", "7"]), [], "play D,P", 0, "Dragon is played alone"),
]


@pytest.mark.parametrize(("hands", "before", "action", "seat", "words"), CASES)
def test_illegal_action_rejected_with_reason(hands, before, action, seat, words) -> None:
    state = start(hands)
    for a in before:
        GAME.apply(state, a)
    digest = GAME.digest(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action, seat)
    assert words in info.value.reason
    assert info.value.action == action and info.value.seat == seat
    assert GAME.digest(state) == digest


def test_at_most_two_warlords_per_play() -> None:
    state = start((["9", "5", "6"], ["WL", "WL", "WL"]), ([], ["A", "K", "Q", "J"]))
    GAME.apply(state, "play 9")
    GAME.apply(state, "warlord")
    GAME.apply(state, "warlord")
    assert "WL" in [c.split(":")[1][:2] for c in GAME.zones(state)["hand:1"]]
    digest = GAME.digest(state)
    with pytest.raises(IllegalAction, match="at most two Warlords"):
        GAME.apply(state, "warlord")
    assert GAME.digest(state) == digest


def test_extra_card_only_once_per_hand() -> None:
    state = start((["9", "5", "6"], ["K", "4", "7"]), (["8", "8"], ["A"]), bonus=(True, False))
    GAME.apply(state, "extra")
    digest = GAME.digest(state)
    with pytest.raises(IllegalAction, match="already took the extra card"):
        GAME.apply(state, "extra")
    assert GAME.digest(state) == digest


def test_wizard_phantom_not_allowed_in_war() -> None:
    state = start((["9", "P", "W"], ["9", "4", "7"]), (["4", "4", "5"], ["6", "7", "7"]))
    GAME.apply(state, "play 9")
    GAME.apply(state, "play 9")
    digest = GAME.digest(state)
    with pytest.raises(IllegalAction, match="single stand-in"):
        GAME.apply(state, "play P,W")
    assert GAME.digest(state) == digest


def test_no_action_after_the_end() -> None:
    state = build_state(hands=(["K", "5", "6"], ["4", "7", "8"]), cap=1)
    GAME.apply(state, "play K")
    GAME.apply(state, "play 4")
    assert GAME.is_over(state)
    with pytest.raises(IllegalAction, match="game is over"):
        GAME.apply(state, "play 5", 0)
    with pytest.raises(ValueError):
        GAME.result(GAME.new_game(1, 2))


def test_cards_may_be_written_in_any_order() -> None:
    state = start((["9", "W", "6"], ["K", "4", "7"]))
    label = "Play 9 + Wizard (a double of 9s)"
    assert (
        GAME.describe_action(state, "play W,9") == GAME.describe_action(state, "play 9,W") == label
    )
    events = GAME.apply(state, "play W,9")
    assert events[0]["action"] == "play 9,W"
