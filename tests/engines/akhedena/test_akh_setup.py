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
    Archer two squares apart from each other, facing each other": the south player's last row
    is rank 1, the north's rank 13 (the board turned half a turn)."""
    st = game()
    assert B.SIZE == 13 and len(st.board) == 169
    south = {
        "a1": "cavalry-left",
        "m1": "cavalry-right",
        "f1": "infantry-left",
        "h1": "infantry-right",
        "g1": "castle",
        "e1": "hero",
        "c1": "archer",
    }
    for square, slot in south.items():
        assert at(st, square) == f"0:{slot}"
    north = {
        "m13": "cavalry-left",
        "a13": "cavalry-right",
        "h13": "infantry-left",
        "f13": "infantry-right",
        "g13": "castle",
        "i13": "hero",
        "k13": "archer",
    }
    for square, slot in north.items():
        assert at(st, square) == f"1:{slot}"
    assert sum(p >= 0 for p in st.board) == 14


def test_hero_and_archer_start_two_squares_apart() -> None:
    """ "Place the Hero and Archer two squares apart from each other" (1.0.0 set them six apart,
    either side of the Castle group)."""
    for n in (2, 3, 4):
        for hero, _, archer, *_ in B.start_squares(n):
            assert B.distance(hero, archer) == 2
            assert hero // B.SIZE == archer // B.SIZE or hero % B.SIZE == archer % B.SIZE
    old = B.start_squares(2, 0)[0]
    assert B.distance(old[B.HERO], old[B.ARCHER]) == 6


def _own_terms(side: str, sq: int) -> tuple[int, int]:
    return next((x, y) for x in range(13) for y in range(13) if B.to_board(side, x, y) == sq)


def _hero_attacks(st) -> list[str]:  # noqa: ANN001
    """Every first action of any seat (each as if it were to act) that attacks a Hero."""
    engine = GAME.at_version(st.rules.version)
    found = []
    for seat in range(st.n):
        trial = st.copy()
        trial.to_act, trial.cache = seat, None
        for action in engine.legal_actions(trial, seat):
            parts = [x for x in action.split() if x != "crown"]
            target = parts[3] if parts[0] == "move" and len(parts) == 4 else None
            target = parts[2] if parts[0] == "shoot" else target
            if target and at(trial, target).endswith(":hero"):
                found.append(f"seat {seat}: {action}")
    return found


@pytest.mark.parametrize("n", [3, 4])
def test_three_and_four_player_layouts_are_fair_and_follow_the_text(n: int) -> None:
    """Layout reading for three and four players (1.1.0, kept for its matches; 1.2.0:
    test_akh_layouts.py): no Hero can be attacked on the first move; every seat's pieces are a
    rotation or a reflection of every other seat's (the same row in its own terms, or that row
    in a mirror); one Cavalry of each seat stands in a corner ("Place the Cavalry units in
    opposite corners": neighbours cannot both have two) and none on a neighbour's second row.
    1.0.0 failed all but the second."""
    assert _hero_attacks(GAME.new_game(0, n)) == []
    st = GAME.at_version("1.1.0").new_game(0, n)
    assert _hero_attacks(st) == []
    sides = B.sides(n, 1)
    rows = []
    for seat, squares in enumerate(B.start_squares(n, 1)):
        terms = [_own_terms(sides[seat], sq) for sq in squares]
        assert all(y == 0 for _, y in terms)
        xs = tuple(x for x, _ in terms)
        rows.append(xs)
        corners = [k for k in (B.CAVALRY_LEFT, B.CAVALRY_RIGHT) if xs[k] in (0, B.SIZE - 1)]
        assert corners, f"seat {seat} has no Cavalry in a corner"
    mirror = {(12 - x) for x in rows[0]}
    for xs in rows:
        assert set(xs) in ({*rows[0]}, mirror)
        assert xs[B.HERO] in (rows[0][B.HERO], 12 - rows[0][B.HERO])
    for seat, squares in enumerate(B.start_squares(n, 1)):
        for other, side in enumerate(sides):
            if other != seat:
                for k in (B.CAVALRY_LEFT, B.CAVALRY_RIGHT):
                    assert _own_terms(side, squares[k])[1] != 1, "on a neighbour's second row"
    old = GAME.at_version("1.0.0").new_game(0, n)
    assert _hero_attacks(old), "1.0.0 let a Hero be attacked on the first move"
    for layouts in (0, 1, 2):
        for n_seats in (2, 3, 4):
            squares = [sq for seat in B.start_squares(n_seats, layouts) for sq in seat]
            assert len(set(squares)) == 7 * n_seats, "two pieces on one square"
            assert B.CENTRE not in squares


def test_seats_sit_at_the_edges_in_turn_order() -> None:
    """Layout reading: two players south and north; three south, north and east (the east
    player, between the other two, plays last: it has two neighbours); four at every edge."""
    assert B.sides(2) == ("south", "north")
    assert B.sides(3) == ("south", "north", "east")
    assert B.sides(4) == ("south", "west", "north", "east")
    st = game(n=3)
    assert at(st, "g1") == "0:castle" and at(st, "g13") == "1:castle" and at(st, "m7") == "2:castle"
    assert at(st, "a1") == "0:cavalry-left" and at(st, "a13") == "1:cavalry-left"
    assert at(st, "m1") == "2:cavalry-left" and at(st, "m13") is None
    four = game(n=4)
    assert [at(four, sq) for sq in ("m1", "a1", "a13", "m13")] == [
        "0:cavalry-right",
        "1:cavalry-right",
        "2:cavalry-right",
        "3:cavalry-right",
    ]
    old = GAME.at_version("1.1.0").new_game(0, 3)
    assert at(old, "m1") == "0:cavalry-right" and at(old, "a13") == "1:cavalry-right"
    assert at(old, "m13") == "2:cavalry-right"


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
    assert cards_of(st, "0:hero") == ["Dawn Warlord", "Swordsmen", "Swordsmen"]
    assert cards_of(st, "0:archer") == ["Bow Master", "Longbowmen", "Longbowmen"]
    assert cards_of(st, "1:hero") == ["Axe King", "Axemen", "Axemen"]
    old = GAME.at_version("1.1.0").new_game(0, 2)
    assert cards_of(old, "0:hero") == ["Dawn Warlord", "Swordsmen", "Shield Wall"]
    assert cards_of(old, "1:hero") == ["Shield Queen", "Spearmen", "Pikemen"]
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
