"""A turn: one move, or one Army card drawn to replace another (two for the Crown holder)."""

from __future__ import annotations

import pytest

from engines.akhedena import GAME, combat
from engines.akhedena.explain import why_illegal
from engines.base import IllegalAction
from tests.engines.akhedena.akh_helpers import army, cards_of, game, give_crown, piece, place, play


def test_a_turn_is_one_move_of_one_piece() -> None:
    """ "Players take turns moving one piece at a time.\""""
    st = game()
    play(st, "move f1 f5")
    assert GAME.to_act(st) == 1
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        GAME.apply(st, "move f5 f6", 0)


def test_instead_of_moving_a_player_draws_an_army_card_to_replace_one() -> None:
    """ "If a player chooses not to move a piece, they may draw a new Army Card and replace an
    existing one instead." Reading: the top card of the seat's reserve pile of the piece's main
    type replaces the Army card named (1 or 2); the replaced card is discarded face up."""
    st = game(
        army(reserve=["Axemen", "Axemen", "Lancers", "Lancers", "Hunters", "Hunters"]), army()
    )
    events = play(st, "draw f1 2")
    assert cards_of(st, "0:infantry-left") == ["Sword Captain", "Swordsmen", "Axemen"]
    assert [st.deal.cards[c].name for c in st.discard[0]] == ["Shield Wall"]
    assert st.public[st.discard[0][0]] == 1
    assert len(st.reserve[0][0]) == 1 and GAME.to_act(st) == 1
    assert events[0]["discarded"] == "Shield Wall" and "seen_by" not in events[0]
    assert events[1] == dict(events[0], drawn="Axemen", seen_by=[0])  # its private twin


def test_the_hero_may_draw_from_any_reserve_pile() -> None:
    """ "A Hero Card can have any Army Card placed on it"; "If a Ranged Army Card is placed on a
    Hero Card, the Hero can perform ranged attacks." Reading: the Hero names the pile it draws
    from; the Commanders and the Castle draw their own main type only."""
    st = game()
    legal = GAME.legal_actions(st, 0)
    assert {"draw e1 1 infantry", "draw e1 1 cavalry", "draw e1 2 ranged"} <= set(legal)
    assert "draw f1 1" in legal and "draw f1 1 cavalry" not in legal
    assert "takes Infantry Army cards only" in why_illegal(st, 0, "draw f1 1 cavalry")
    assert not combat.shoots(st, piece(st, "0:hero"))
    play(st, "draw e1 2 ranged")
    assert combat.shoots(st, piece(st, "0:hero"))


def test_army_cards_are_never_added() -> None:
    """ "Additional Army Cards cannot be added": a piece that lost a card keeps one."""
    st = game()
    p = piece(st, "0:infantry-left")
    st.discard[0].append(st.army[p].pop())
    st.cache = None
    legal = GAME.legal_actions(st, 0)
    assert "draw f1 1" in legal and "draw f1 2" not in legal
    assert "only 1 Army card left" in why_illegal(st, 0, "draw f1 2")


def test_an_empty_reserve_pile_gives_no_replacement() -> None:
    st = game()
    st.discard[0].extend(st.reserve[0][0])
    st.reserve[0][0].clear()
    st.cache = None
    legal = GAME.legal_actions(st, 0)
    assert not any(
        a.startswith(("draw f1", "draw h1", "draw g1", "draw e1 1 infantry")) for a in legal
    )
    assert "reserve is empty" in why_illegal(st, 0, "draw f1 1")


def test_the_crown_holder_replaces_two_army_cards_in_a_turn() -> None:
    """ "The player who holds the crown can replace two Army Cards during their turn." Reading:
    after its first replacement the holder may make a second ('draw ...') or end its turn
    ('done'); a turn of moving stays one move."""
    st = give_crown(game(), 0)
    play(st, "draw f1 1")
    assert GAME.to_act(st) == 0 and st.pending
    legal = GAME.legal_actions(st, 0)
    assert "done" in legal and not any(a.startswith(("move", "shoot")) for a in legal)
    assert "second card replacement" in why_illegal(st, 0, "move h1 h5")
    play(st, "draw h1 2")
    assert GAME.to_act(st) == 1 and not st.pending
    st2 = give_crown(game(), 0)
    play(st2, "draw f1 1", "done")
    assert GAME.to_act(st2) == 1
    st3 = give_crown(game(), 0)
    play(st3, "move f1 f5")
    assert GAME.to_act(st3) == 1
    assert "only ends" in why_illegal(game(), 0, "done")


def test_a_player_passes_only_when_nothing_else_is_possible() -> None:
    """Reading: a seat with no move, no shot and no replacement passes ('pass')."""
    st = place(
        game(), {"0:hero": "a1", "1:cavalry-left": "a2", "1:cavalry-right": "b1"}, clear=True
    )
    for pile in st.reserve[0]:
        st.discard[0].extend(pile)
        pile.clear()
    st.cache = None
    assert GAME.legal_actions(st, 0) == ["pass"]
    play(st, "pass")
    assert GAME.to_act(st) == 1
    assert "still move" in why_illegal(game(), 0, "pass")
