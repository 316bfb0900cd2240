"""Movement: how far each piece goes, straight lines only, and what blocks it."""

from __future__ import annotations

from engines.akhedena import GAME
from engines.akhedena.explain import why_illegal
from tests.engines.akhedena.akh_helpers import destinations, game, give_crown, place


def _line(*squares: str) -> set[str]:
    return set(squares)


def test_the_hero_moves_up_to_three_squares_up_down_left_or_right() -> None:
    """ "Hero: Can move three spaces up, down, left, or right per turn." Reading: up to three,
    like "up to 5" for the Infantry, in one straight line."""
    st = place(game(), {"0:hero": "c4"}, clear=True)
    assert destinations(st, "c4") == _line(
        "c5", "c6", "c7", "c3", "c2", "c1", "d4", "e4", "f4", "b4", "a4"
    )


def test_cavalry_moves_any_distance_in_a_straight_line() -> None:
    """ "Cavalry: Can move horizontally or vertically any number of spaces.\""""
    st = place(game(), {"0:cavalry-left": "a1"}, clear=True)
    north = {f"a{r}" for r in range(2, 14)}
    assert destinations(st, "a1") == north | {"b1", "c1", "d1"}  # the Hero stands on e1


def test_infantry_and_archer_move_up_to_five_squares() -> None:
    """ "Infantry and Archer: Can move up to 5 squares orthogonally.\""""
    st = place(game(), {"0:infantry-left": "f1", "0:archer": "j3"}, clear=True)
    assert destinations(st, "f1") == {"f2", "f3", "f4", "f5", "f6"}  # the Hero stands on e1
    assert destinations(st, "j3") == {
        "j4",
        "j5",
        "j6",
        "j7",
        "j8",
        "j2",
        "j1",
        "k3",
        "l3",
        "m3",
        "i3",
        "h3",
        "g3",
        "f3",
        "e3",
    }


def test_the_castle_never_moves() -> None:
    """ "Castle: Does not move.\""""
    st = place(game(), {}, clear=True)
    assert destinations(st, "g1") == set()
    assert "never moves" in why_illegal(st, 0, "move g1 g2")


def test_pieces_block_the_way_and_cannot_be_jumped() -> None:
    """Reading: a piece moves through empty squares only; any piece (friend or foe) stops it
    and no piece ends on an occupied square."""
    st = place(game(), {"0:cavalry-left": "a1", "0:infantry-left": "a5"}, clear=True)
    assert {d for d in destinations(st, "a1") if d.startswith("a")} == {"a2", "a3", "a4"}
    assert "blocks the way on a5" in why_illegal(st, 0, "move a1 a9")
    assert "stands on a5" in why_illegal(st, 0, "move a1 a5")


def test_the_crown_blocks_its_square_until_it_is_taken() -> None:
    """Reading: the Crown lies on g7 and no piece enters or crosses that square while it is
    there; once someone holds it the square is free."""
    st = place(game(), {"0:cavalry-left": "g3"}, clear=True)
    assert {d for d in destinations(st, "g3") if d[0] == "g"} == {"g2", "g4", "g5", "g6"}
    assert "Crown" in why_illegal(st, 0, "move g3 g9")
    give_crown(st, 1)
    assert {"g7", "g8", "g12"} <= destinations(st, "g3")


def test_moves_go_in_straight_lines_only() -> None:
    st = place(game(), {"0:cavalry-left": "c3"}, clear=True)
    assert "straight line" in why_illegal(st, 0, "move c3 e5")
    assert "moves at most 3" in why_illegal(
        place(game(), {"0:hero": "c4"}, clear=True), 0, "move c4 c8"
    )
    assert all(
        a.split()[2][0] == "c" or a.split()[2][1:] == "3"
        for a in GAME.legal_actions(st, 0)
        if a.startswith("move c3")
    )
