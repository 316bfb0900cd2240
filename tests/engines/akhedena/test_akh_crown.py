"""The Crown: taken by moving next to it, kept on its holder's Castle, passed on when its holder
is eliminated."""

from __future__ import annotations

from engines.akhedena import GAME
from engines.akhedena import board as B
from tests.engines.akhedena.akh_helpers import army, at, game, give_crown, place, play

WEAK_HERO = army(hero=("Axe King", "Axemen", "Axemen"))  # defence 8


def test_moving_next_to_the_crown_takes_it_and_it_goes_on_the_holders_castle() -> None:
    """ "A player can acquire the crown by moving their piece to an adjacent square where the
    crown is located"; "The crown must be placed on the player's own castle." Reading: it moves
    to the holder's Castle at once, and the centre square is free again."""
    st = place(game(), {"0:cavalry-left": "g3"}, clear=True)
    events = play(st, "move g3 g6 crown")
    assert {"type": "crown", "seat": 0} in events
    obs = GAME.observation(st, 1)
    assert obs["crown"] == {"square": "g1", "holder": 0} and obs["castles_vulnerable"]
    assert st.board[B.CENTRE] == -1


def test_taking_the_crown_is_a_choice() -> None:
    """ "A player can acquire the crown by moving their piece to an adjacent square where the
    crown is located." Reading (1.1.0): "can" — a move that ends next to the Crown is offered
    with and without taking it (``... crown``); 1.0.0 took it on every such move."""
    st = place(game(), {"0:cavalry-left": "g3"}, clear=True)
    legal = GAME.legal_actions(st, 0)
    assert {"move g3 g6", "move g3 g6 crown"} <= set(legal)
    assert "move g3 g5 crown" not in legal  # g5 is not next to the Crown
    events = play(st, "move g3 g6")
    assert all(e["type"] != "crown" for e in events)
    assert st.crown == -1 and st.board[B.CENTRE] == -2
    old = GAME.at_version("1.0.0")
    st = place(old.new_game(0, 2), {"0:cavalry-left": "g3"}, clear=True)
    assert "move g3 g6 crown" not in old.legal_actions(st, 0)
    old.apply(st, "move g3 g6")
    assert st.crown == 0


def test_the_crown_is_taken_from_the_castle_it_sits_on() -> None:
    """Reading: the Crown on a Castle is "located" there: an enemy piece that moves next to
    that Castle may take it (it cannot attack that Castle: only the holder attacks Castles)."""
    st = give_crown(place(game(), {"1:cavalry-left": "c2"}, clear=True), 0)
    play(st, "draw e1 1 cavalry", "done")
    events = play(st, "move c2 g2 crown")
    assert {"type": "crown", "seat": 1} in events and at(st, "g2") == "1:cavalry-left"
    assert st.crown == 1 and GAME.observation(st, None)["crown"]["square"] == "g13"


def test_a_mover_that_falls_in_the_battle_does_not_take_the_crown() -> None:
    """Reading: the Crown is taken after the battle, by a mover still on the board."""
    st = place(game(army(), army()), {"0:cavalry-left": "g10", "1:hero": "f8"}, clear=True)
    events = play(st, "move g10 g8 f8 crown")  # 12 against the Hero's 13; 10 against 6
    assert next(e for e in events if e["type"] == "melee")["outcome"] == "attacker removed"
    assert st.crown == -1 and st.board[B.CENTRE] == -2


def test_the_crown_passes_to_whoever_eliminates_its_holder() -> None:
    """Reading: when the Crown holder loses, the Crown goes to the Castle of the player who beat
    it (it never lies on an empty board again)."""
    st = give_crown(game(army(), WEAK_HERO, army()), 1)
    place(st, {"0:cavalry-left": "c9", "1:hero": "e10"})
    play(st, "move c9 e9 e10")
    assert not st.alive[1] and st.crown == 0
    assert GAME.observation(st, 2)["crown"] == {"square": "g1", "holder": 0}
