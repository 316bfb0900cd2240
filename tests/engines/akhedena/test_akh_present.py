"""Akhedena for people: action labels, the move log from each viewer's side, board paths, card
and piece faces, the result in words — never a card the viewer cannot see, seats by name."""

from __future__ import annotations

from engines.akhedena import GAME
from tests.engines.akhedena.akh_helpers import army, game, give_crown, place, play

NAMES = ["Ana", "Ben", "Cy"]
WEAK_HERO = army(hero=("Axe King", "Axemen", "Axemen"))


def test_actions_are_labelled_with_piece_names_squares_and_seat_names() -> None:
    st = place(
        game(), {"0:cavalry-left": "c5", "1:infantry-left": "e6", "0:archer": "j3", "1:hero": "j5"}
    )
    label = GAME.describe_action
    assert label(st, "move f1 f4", 0, NAMES) == "Move the Infantry from f1 to f4"
    assert label(st, "move c5 e5 e6", 0, NAMES) == (
        "Move the Cavalry from c5 to e5 and attack Ben's Infantry on e6"
    )
    assert label(st, "shoot j3 j5", 0, NAMES) == "Shoot at Ben's Hero on j5 with the Archer on j3"
    assert label(st, "draw f1 2", 0, NAMES) == (
        "Replace Army card 2 (Shield Wall) of the Infantry on f1 with the top card of the "
        "Infantry reserve"
    )
    assert label(st, "draw f1 2", 1, NAMES) == (
        "Replace Army card 2 of the Infantry on f1 with the top card of the Infantry reserve"
    )
    assert label(st, "draw e1 1 ranged", None).endswith("of the Ranged reserve")
    crowned = place(game(), {"0:cavalry-left": "g3"}, clear=True)
    assert label(crowned, "move g3 g6") == "Move the Cavalry from g3 to g6"
    assert GAME.action_path(crowned, "move g3 g6 crown") == ["square:g3", "square:g6", "square:g7"]
    assert label(crowned, "move g3 g6 crown") == (
        "Move the Cavalry from g3 to g6, taking the Crown"
    )
    assert label(give_crown(game(), 0), "done").startswith("End the turn")


def test_no_label_names_a_card_the_viewer_cannot_see() -> None:
    st = game()
    names = {c.name for c in st.deal.cards}
    for viewer in (1, None):
        for action in GAME.legal_actions(st, 0):
            text = GAME.describe_action(st, action, viewer, NAMES)
            assert not any(name in text for name in names), text


def test_the_move_log_tells_each_viewer_what_it_saw() -> None:
    """A battle shows its cards to everyone; the card a replacement draws only to its owner."""
    st = place(game(army(), WEAK_HERO), {"0:cavalry-left": "c9", "1:hero": "e10"})
    before = GAME.clone(st)
    events = play(st, "move c9 e9 e10")
    text = GAME.describe_move(before, "move c9 e9 e10", events, None, NAMES)
    assert text == (
        "Ana's Cavalry moved from c9 to e9; attacked Ben's Hero on e10: 12 against 8, the Hero "
        "fell; Ben's Hero was defeated: out of the game"
    )
    assert GAME.describe_move(before, "move c9 e9 e10", events, 0, NAMES).startswith(
        "your Cavalry moved"
    )
    st = game(
        army(reserve=["Axemen", "Axemen", "Lancers", "Lancers", "Hunters", "Hunters"]), army()
    )
    before = GAME.clone(st)
    events = play(st, "draw f1 2")
    mine = GAME.describe_move(before, "draw f1 2", events, 0, NAMES)
    theirs = GAME.describe_move(before, "draw f1 2", events, 1, NAMES)
    assert (
        mine
        == "your Infantry on f1 replaced Army card 2 (Shield Wall) from the Infantry reserve: Axemen"
    )
    assert (
        theirs
        == "Ana's Infantry on f1 replaced Army card 2 (Shield Wall) from the Infantry reserve"
    )


def test_a_counterattack_and_a_volley_are_told_with_their_numbers() -> None:
    st = place(game(army(), army()), {"0:cavalry-left": "c9", "1:hero": "e10"}, clear=True)
    before = GAME.clone(st)
    events = play(st, "move c9 e9 e10")
    assert GAME.describe_move(before, "move c9 e9 e10", events, None, NAMES).endswith(
        "attacked Ben's Hero on e10: 12 against 13; it held and struck back 10 against 6, the "
        "attacker fell"
    )
    st = place(game(), {"0:archer": "c4", "1:cavalry-left": "c6"}, clear=True)
    before = GAME.clone(st)
    events = play(st, "shoot c4 c6")
    assert GAME.describe_move(before, "shoot c4 c6", events, None, NAMES) == (
        "Ana's Archer on c4 shot at Ben's Cavalry on c6 (5): Axe Riders, Mounted Guard lost"
    )


def test_board_paths_click_the_piece_then_where_it_goes() -> None:
    st = place(game(), {"0:cavalry-left": "c5", "1:infantry-left": "e6"})
    path = GAME.action_path
    assert path(st, "move f1 f4") == ["square:f1", "square:f4"]
    assert path(st, "move c5 e5 e6") == ["square:c5", "square:e5", "square:e6"]
    assert path(st, "shoot c1 c3") == ["square:c1", "square:c3"]
    assert path(st, "draw f1 2") == ["square:f1", "card:f1:2"]
    assert path(st, "draw e1 1 ranged") == ["square:e1", "card:e1:1", "reserve:ranged"]
    assert path(give_crown(st, 0), "done") == [] and path(st, "pass") == []
    paths = [tuple(map(str, path(st, a))) for a in GAME.legal_actions(st, 0)]
    assert len(set(paths)) == len(paths), "two actions share a path"


def test_faces_of_every_card_and_piece_the_observation_names() -> None:
    st = game()
    faces = GAME.card_faces(GAME.observation(st, 0))
    assert faces["0:hero"]["name"] == "Hero" and faces["0:hero"]["stats"] == [["moves", 3]]
    assert faces["1:cavalry-left"]["stats"] == [["moves", "any distance"]]
    warlord = next(f for f in faces.values() if f["name"] == "Dawn Warlord")
    assert warlord["kind"] == "Hero" and ["defence", 5] in warlord["stats"]
    assert not any(f["name"] == "Shield Queen" for f in faces.values()), "seat 1's Hero card"
    swordsmen = next(f for f in faces.values() if f["name"] == "Swordsmen")
    assert "Goes under an Infantry piece's card, or the Hero's." in swordsmen["text"]
    assert GAME.score_label == "pieces left"


def test_the_result_in_words() -> None:
    st = place(game(army(), WEAK_HERO), {"0:cavalry-left": "c9", "1:hero": "e10"})
    play(st, "move c9 e9 e10")
    assert GAME.describe_result(GAME.result(st), NAMES) == "Ana wins: Ben's Hero was defeated."
    st = game(cap=1)
    play(st, "move f1 f4", "move h13 h10")
    assert GAME.describe_result(GAME.result(st), NAMES) == (
        "The turn limit was reached: Ana and Ben share first place."
    )
