"""Board and set-up: the layouts for 2, 3 and 4 players, the Crown, the cards, bad set-ups."""

from __future__ import annotations

import pytest

from engines.akhedena import GAME
from engines.akhedena import board as B
from engines.akhedena.armylist import export_text
from engines.base import BadSetup
from tests.engines.akhedena.akh_helpers import CATALOGUE, army, at, cards_of, game


def test_two_player_layout_follows_the_text() -> None:
    """ "Cavalry in opposite corners", "Infantry one square left and one square right of the
    center square in the last row", "Castle ... on the last row in the middle", "Hero and
    Archer ... facing each other": the south player's last row is rank 1, the north's rank 13."""
    st = game()
    assert B.SIZE == 13 and len(st.board) == 169
    south = {
        "a1": "cavalry-left",
        "m1": "cavalry-right",
        "f1": "infantry-left",
        "h1": "infantry-right",
        "g1": "castle",
        "d1": "hero",
        "j1": "archer",
    }
    for square, slot in south.items():
        assert at(st, square) == f"0:{slot}"
    north = {
        "m13": "cavalry-left",
        "a13": "cavalry-right",
        "h13": "infantry-left",
        "f13": "infantry-right",
        "g13": "castle",
        "j13": "hero",
        "d13": "archer",
    }
    for square, slot in north.items():
        assert at(st, square) == f"1:{slot}"
    assert sum(p >= 0 for p in st.board) == 14


def test_three_and_four_players_sit_at_the_sides_with_the_cavalry_one_square_in() -> None:
    """Layout reading: seats take the south, west, north and east edges in turn (three players
    leave the east edge empty); neighbouring sides share the corners, so each Cavalry starts
    one square in from its corner."""
    st = game(n=4)
    assert at(st, "b1") == "0:cavalry-left" and at(st, "l1") == "0:cavalry-right"
    assert at(st, "a1") is None and at(st, "m13") is None
    west = {
        "a12": "cavalry-left",
        "a2": "cavalry-right",
        "a7": "castle",
        "a8": "infantry-left",
        "a6": "infantry-right",
        "a10": "hero",
        "a4": "archer",
    }
    for square, slot in west.items():
        assert at(st, square) == f"1:{slot}"
    assert at(st, "g13") == "2:castle" and at(st, "j13") == "2:hero"
    east = {
        "m2": "cavalry-left",
        "m12": "cavalry-right",
        "m7": "castle",
        "m4": "hero",
        "m10": "archer",
    }
    for square, slot in east.items():
        assert at(st, square) == f"3:{slot}"
    three = game(n=3)
    assert {at(three, sq) for sq in ("m7", "m4", "m10")} == {None}
    assert at(three, "a7") == "1:castle" and at(three, "g13") == "2:castle"
    for n in (2, 3, 4):
        squares = [sq for seat in B.start_squares(n) for sq in seat]
        assert len(set(squares)) == 7 * n, "two pieces on one square"
        assert B.CENTRE not in squares


def test_the_crown_starts_on_the_centre_square_and_nobody_holds_it() -> None:
    """Reading: the Crown starts on g7, the centre of the board, and blocks that square."""
    for n in (2, 3, 4):
        st = game(n=n)
        obs = GAME.observation(st, None)
        assert obs["crown"] == {"square": "g7", "holder": None}
        assert obs["castles_vulnerable"] is False
        assert B.NAMES[B.CENTRE] == "g7" and st.crown_square() == B.CENTRE


def test_each_piece_starts_with_its_card_and_two_army_cards_from_the_list() -> None:
    """ "Hero: the main character card 1 and 2 Infantry Army Cards", and so on: every piece holds
    the cards its line of the army list gives, card 1 first; the reserve waits face down."""
    st = game()
    assert cards_of(st, "0:hero") == ["Dawn Warlord", "Swordsmen", "Shield Wall"]
    assert cards_of(st, "0:archer") == ["Bow Master", "Longbowmen", "Longbowmen"]
    assert cards_of(st, "1:hero") == ["Shield Queen", "Spearmen", "Pikemen"]
    assert [len(pile) for pile in st.reserve[0]] == [2, 2, 2]
    assert len(st.deal.cards) == 54 and len(set(st.deal.ids)) == 54


def test_the_reserve_piles_are_shuffled_from_the_seed() -> None:
    """All randomness comes from the match seed: the same seed gives the same pile order."""
    orders = {tuple(tuple(p) for p in game(seed=s).reserve[0]) for s in range(12)}
    assert len(orders) > 1
    assert game(seed=5).reserve == game(seed=5).reserve


def test_bad_setups_are_refused_with_the_reason() -> None:
    with pytest.raises(BadSetup, match="2 to 4 players"):
        GAME.new_game(0, 5)
    with pytest.raises(BadSetup, match="2 to 4"):
        GAME.new_game(0, 1)
    with pytest.raises(BadSetup, match="must be an int"):
        GAME.new_game(0, "2")
    with pytest.raises(BadSetup, match="one army list per seat"):
        GAME.new_game(0, 2, [army()])
    broken = army()
    broken["pieces"]["hero"]["army"] = broken["pieces"]["hero"]["army"][:1]
    with pytest.raises(BadSetup, match=r"seat 1: \[army-count\] Hero"):
        GAME.new_game(0, 2, [army(), broken])
    with pytest.raises(BadSetup, match="unknown Akhedena options"):
        GAME.new_game(0, 2, None, {"rounds": 3})
    with pytest.raises(BadSetup, match="turn_cap"):
        GAME.new_game(0, 2, None, {"turn_cap": 0})
    with pytest.raises(BadSetup, match="seat 0"):
        GAME.new_game(0, 2, [42, army()])


def test_an_army_list_may_be_given_as_its_text() -> None:
    text = export_text(army(), CATALOGUE, "mine")
    st = GAME.new_game(3, 2, [text, army()])
    assert st.deal.lists[0] == army()
    assert GAME.digest(st) == GAME.digest(GAME.new_game(3, 2, [army(), army()]))


def test_play_passes_clockwise_in_seat_order() -> None:
    """Reading: seat 0 starts and play passes clockwise, which is seat order (south, west,
    north, east)."""
    st = game(n=3)
    seen = []
    for _ in range(6):
        seen.append(GAME.to_act(st))
        GAME.apply(st, next(a for a in GAME.legal_actions(st, st.to_act) if a.startswith("draw")))
    assert seen == [0, 1, 2, 0, 1, 2]
