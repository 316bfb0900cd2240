"""Illegal actions are refused with the rule they break, naming pieces and squares as players
read them, and leave the state untouched."""

from __future__ import annotations

import pytest

from engines.akhedena import GAME
from engines.base import IllegalAction
from tests.engines.akhedena.akh_helpers import game


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("fly e1 e5", "not an action of this game"),
        ("move z9 a1", "write the squares as a1..m13"),
        ("move e5 e6", "there is no piece on e5"),
        ("move i13 i10", "belongs to seat 1"),
        ("move e1 e5", "the Hero moves at most 3 squares"),
        ("move e1 e3 crown", "the Crown on g7 is not next to e3"),
        ("move g1 g2 crown", "the Castle never moves"),
        ("move e1 f2", "straight line"),
        ("move a1 a1", "must go somewhere"),
        ("move f1 g1", "stands on g1"),
        ("move a1 m1", "blocks the way on c1"),
        ("move a1 a13", "stands on a13"),
        ("move f1 f2 f3", "no piece on f3"),
        ("move a1 a5 b5", "no piece on b5"),
        ("shoot c1 c3", "no piece on c3"),
        ("shoot e1 e3", "cannot shoot"),
        ("shoot c1", "write 'shoot <from> <target>'"),
        ("draw f1 3", "<1 or 2>"),
        ("draw e1 1", "name the reserve the Hero draws from"),
        ("draw e1 1 dragons", "infantry, cavalry or ranged"),
        ("done", "only ends a Crown holder's turn"),
        (42, "actions are strings"),
    ],
)
def test_illegal_actions_say_which_rule_they_break(action, reason: str) -> None:
    st = game()
    before = GAME.digest(st)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(st, action)
    assert reason in err.value.reason
    assert GAME.digest(st) == before
