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
    events = play(st, "move g3 g6")
    assert {"type": "crown", "seat": 0} in events
    obs = GAME.observation(st, 1)
    assert obs["crown"] == {"square": "g1", "holder": 0} and obs["castles_vulnerable"]
    assert st.board[B.CENTRE] == -1


def test_the_crown_is_taken_from_the_castle_it_sits_on() -> None:
    """Reading: the Crown on a Castle is "located" there: an enemy piece that moves next to
    that Castle takes it (after the battle that moving next to the Castle starts, if it is still
    standing)."""
    st = give_crown(place(game(), {"1:cavalry-left": "c2"}, clear=True), 0)
    play(st, "draw d1 1 cavalry", "done")
    events = play(st, "move c2 g2 g1")  # 10 against the Castle's 14; its 5 against 8
    melee = next(e for e in events if e["type"] == "melee")
    assert melee["outcome"] == "held" and at(st, "g2") == "1:cavalry-left"
    assert st.crown == 1 and GAME.observation(st, None)["crown"]["square"] == "g13"


def test_a_mover_that_falls_in_the_battle_does_not_take_the_crown() -> None:
    """Reading: the Crown is taken after the battle, by a mover still on the board."""
    st = place(game(army(), army()), {"0:cavalry-left": "g10", "1:hero": "f8"}, clear=True)
    events = play(st, "move g10 g8 f8")  # 12 against the Hero's 13; 10 against 6
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
