"""The two endings, Victory Points and the tie-break on Prestige."""

from __future__ import annotations

from engines.heroes_of_graxia.scoring import ranking, victory_points
from engines.heroes_of_graxia.state import CLASH, MULLIGAN, WOUNDS
from engines.heroes_of_graxia.versions import VERSIONS
from tests.engines.heroes_of_graxia.hog_helpers import (
    GAME,
    act,
    empty_hand,
    equip,
    give,
    legal,
    refresh,
    started,
)


def _finish(st) -> None:
    while st.phase in (CLASH, WOUNDS):
        act(st, "pass" if st.phase == CLASH else legal(st)[0])


def test_the_game_ends_at_15_prestige_with_two_to_four_players() -> None:
    """ "The game also ends when a certain amount of Prestige has been accumulated in any
    Player's Loot Pile: 2-4 Player Game: 15 Prestige Points". Reading: checked once the action
    (the whole combat) is resolved."""
    st = started(3)
    st.prestige[0] = 14
    refresh(st)
    act(st, "attack 1")
    assert st.prestige[0] == 15
    _finish(st)
    assert st.over and "reached 15 Prestige" in st.end_reason
    assert GAME.to_act(st) is None and GAME.legal_actions(st, 0) == []


def test_the_game_ends_at_20_prestige_with_five_or_six_players() -> None:
    """ "5-6 Player Game: 20 Prestige Points"."""
    st = started(5)
    st.prestige[0] = 15
    refresh(st)
    act(st, "attack 1")
    _finish(st)
    assert not st.over and st.prestige[0] >= 16
    st.prestige[0] = 19
    act(st, "end")
    while st.phase == MULLIGAN:
        act(st, "keep")
    empty_hand(st, 1)
    refresh(st)
    act(st, "attack 2")
    st.prestige[0] = 20  # reached during seat 1's fight: checked when it is over
    _finish(st)
    assert st.over and "seat 0 reached 20 Prestige" in st.end_reason


def test_victory_points_count_loot_deck_discard_and_legion_not_the_hand() -> None:
    """ "Each Player receives one Victory Point for every Prestige Point and Trophy Value in his
    Loot Pile, Player Deck, Discard Pile, and Legion." The hand is not in the list (rules 1.1.0;
    1.0.0 counted it, a house rule)."""
    st = started(2)
    st.prestige[0] = 4
    give(st, 0, "cave-troll", "loot")  # trophy 2
    give(st, 0, "war-hammer", "deck")  # trophy 1
    give(st, 0, "tower-shield", "discard")  # trophy 1
    knights = give(st, 0, "human-knights", "legion")  # trophy 1
    equip(st, "dragonscale-plate", knights)  # trophy 2
    give(st, 0, "ogre-brute", "hand")  # trophy 1: not counted
    assert victory_points(st, 0) == 4 + 2 + 1 + 1 + 1 + 2
    old = st.copy()
    old.r = VERSIONS["1.0.0"]
    assert victory_points(old, 0) == 4 + 2 + 1 + 1 + 1 + 2 + 1


def test_a_card_in_hand_does_not_decide_the_winner() -> None:
    """Two seats level on everything counted: the Trophy Value in one's hand does not break
    the tie (Prestige does)."""
    st = started(2)
    for s in range(2):
        empty_hand(st, s)
        st.disc[s].clear()
        st.deck[s].clear()
    st.prestige = [3, 3]
    give(st, 0, "ogre-brute", "hand")  # trophy 1, in hand
    st.over = True
    ranks, keys = ranking(st)
    assert keys[0] == keys[1] and ranks == [0, 0]


def test_another_seats_victory_points_show_only_what_is_on_the_table() -> None:
    """A seat's Player Deck and hand are hidden, so during the game the others see the Victory
    Points of its Loot Pile, Discard Pile and Legion; its own seat sees the full count, and at
    the end everyone does."""
    st = started(2)
    give(st, 1, "war-hammer", "deck")  # trophy 1, hidden in the deck
    give(st, 1, "cave-troll", "loot")  # trophy 2, on the table
    refresh(st)
    mine = GAME.observation(st, 1)["players"][1]
    theirs = GAME.observation(st, 0)["players"][1]
    assert mine["victory_points"] == 3 and not mine["victory_points_on_table_only"]
    assert theirs["victory_points"] == 2 and theirs["victory_points_on_table_only"]
    st.over = True
    assert GAME.observation(st, 0)["players"][1]["victory_points"] == 3


def test_most_victory_points_win_and_a_tie_is_broken_by_prestige() -> None:
    """ "The winner is the Player with the most Victory Points. A tie is broken by the Player who
    has the most Prestige." Reading: still tied, first place is shared."""
    st = started(3)
    give(st, 1, "cave-troll", "loot")  # 2 VP
    st.prestige[1] = 3  # 5 VP
    give(st, 2, "sand-wurm", "loot")  # 3 VP
    st.prestige[2] = 2  # 5 VP: tied, less Prestige
    st.prestige[0] = 1
    st.over = True
    st.end_reason = "test"
    result = GAME.result(st)
    assert result.ranks == (2, 0, 1) and result.scores == (1.0, 5.0, 5.0)
    assert "broken by the most Prestige" in result.reason
    st.prestige[2] = 3  # 6 VP with 3 Prestige
    give(st, 1, "goblin-warband", "loot")  # 6 VP with 3 Prestige
    result = GAME.result(st)
    assert result.ranks == (2, 0, 0) and "first place is shared" in result.reason


def test_the_platform_round_limit_ends_a_game_that_never_ends() -> None:
    """Reading (not in the rulebook): after the round limit (default 60, option
    ``max_rounds``) the game ends and is scored as usual, so every ladder match ends."""
    st = started(2, max_rounds=10)
    while not st.over:
        act(st, "end" if "end" in legal(st) else "keep")
    assert st.rounds == 11 and "limit of 10 rounds" in st.end_reason
    assert GAME.result(st).details["rounds"] == 11


def test_heuristic_value_prefers_the_seat_ahead_on_victory_points() -> None:
    st = started(2)
    st.prestige[0] = 6
    assert GAME.heuristic_value(st, 0) > 0.5 > GAME.heuristic_value(st, 1)
    equip(st, "flame-blade", st.hero[1])  # 2 trophies for seat 1: still behind
    assert GAME.heuristic_value(st, 1) < 0.5


def test_wound_and_prestige_cards_are_counted_not_dealt() -> None:
    """Reading: "The Wound and Victory Point cards are placed to the side" with no rule for
    running out: the engine counts wounds and Prestige, which never run out."""
    st = started(2)
    zones = GAME.zones(st)
    assert not [c for cards in zones.values() for c in cards if c.startswith(("wound", "prestige"))]
    st.prestige[1] = 90  # more than the box's Prestige Point cards could show
    assert GAME.observation(st, None)["players"][1]["prestige"] == 90
