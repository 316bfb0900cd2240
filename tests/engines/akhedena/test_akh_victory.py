"""Winning and losing: a Hero defeated or a Castle destroyed; what happens to the others in 3-4
player games; the turn cap."""

from __future__ import annotations

from engines.akhedena import GAME
from tests.engines.akhedena.akh_helpers import army, game, give_crown, piece, place, play

WEAK_HERO = army(hero=("Axe King", "Axemen", "Axemen"))  # defence 8
WEAK_CASTLE = army(castle=("Bastion", "Axemen", "Axemen"))  # defence 6


def test_defeating_the_enemy_hero_wins() -> None:
    """ "A player wins by ... defeating the opponent's hero first.\""""
    st = place(game(army(), WEAK_HERO), {"0:cavalry-left": "c9", "1:hero": "e10"})
    play(st, "move c9 e9 e10")
    assert GAME.is_over(st) and GAME.to_act(st) is None
    result = GAME.result(st)
    assert result.ranks == (0, 1) and result.winners == [0]
    assert "seat 1's Hero was defeated by seat 0" in result.reason
    assert result.details["ended_by"] == "hero"


def test_destroying_a_castle_wins() -> None:
    """ "Once a Castle is destroyed, that player immediately loses the game"; "A player wins by
    ... destroying the opponent's castle first.\""""
    st = give_crown(place(game(army(), WEAK_CASTLE), {"0:cavalry-left": "c12"}, clear=True), 0)
    play(st, "move c12 g12 g13")
    result = GAME.result(st)
    assert result.ranks == (0, 1) and "Castle was destroyed" in result.reason
    assert result.scores[1] == 0.0


def test_with_three_or_four_players_the_loser_leaves_and_the_others_play_on() -> None:
    """Reading: a player whose Hero or Castle falls is out: its pieces leave the board (their
    cards face up on its discard pile), its turns are skipped, and the others play on until one
    is left. Players rank by how long they lasted."""
    st = game(army(), WEAK_HERO, WEAK_HERO, WEAK_HERO)
    place(st, {"0:cavalry-left": "c9", "1:hero": "e10"})
    play(st, "move c9 e9 e10")
    assert not GAME.is_over(st) and not st.alive[1]
    assert all(st.pos[piece(st, f"1:{s}")] == -1 for s in ("hero", "castle", "archer"))
    assert len(st.discard[1]) == 21 and GAME.to_act(st) == 2
    assert GAME.legal_actions(st, 1) == []
    assert not any(p["seat"] == 1 for p in GAME.observation(st, None)["pieces"])
    place(st, {"2:hero": "k9", "0:cavalry-right": "k7"})
    play(st, "draw g13 1", "draw m7 1", "move k7 k8 k9")
    assert not st.alive[2] and not GAME.is_over(st) and GAME.to_act(st) == 3
    place(st, {"3:hero": "e5"})
    play(st, "draw m7 1", "move e9 e6 e5")
    result = GAME.result(st)
    assert result.ranks == (0, 3, 2, 1) and result.winners == [0]
    assert [e["seat"] for e in result.details["eliminated"]] == [1, 2, 3]


def test_the_turn_cap_ends_the_game_and_the_players_still_in_share_first_place() -> None:
    """Reading: a game stops once ``turn_cap`` turns per player at the start (100 by default)
    have been played; the players still in then share first place, ahead of those already
    out."""
    st = game(cap=2)
    for action in ("move f1 f5", "move h13 h9", "move h1 h4", "move f13 f9"):
        assert not GAME.is_over(st)
        play(st, action)
    result = GAME.result(st)
    assert result.ranks == (0, 0) and result.details["ended_by"] == "cap"
    assert "turn cap (2 turns per player)" in result.reason
    assert GAME.observation(st, None)["max_turns"] == 4


def test_at_the_cap_a_player_already_out_ranks_below_the_others() -> None:
    st = game(army(), WEAK_HERO, army(), cap=2)
    place(st, {"0:cavalry-left": "c9", "1:hero": "e10"})
    play(st, "move c9 e9 e10", "draw m7 1", "draw f1 1", "draw m7 1", "draw f1 1")
    assert not GAME.is_over(st)
    play(st, "move m8 l8")
    assert GAME.is_over(st)
    assert GAME.result(st).ranks == (0, 2, 0)


def test_the_crown_holders_two_replacements_are_one_turn() -> None:
    st = give_crown(game(cap=1), 0)
    play(st, "draw f1 1")
    assert not GAME.is_over(st) and st.turns == 0
    play(st, "draw h1 1")
    assert st.turns == 1
