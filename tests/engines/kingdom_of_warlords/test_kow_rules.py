"""One test (or more) per rule paragraph of the Kingdom of Warlords rulebook."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.base import BadSetup
from engines.kingdom_of_warlords import GAME
from engines.kingdom_of_warlords.builder import build_state
from engines.kingdom_of_warlords.cards import CARD_IDS, STANDARD_ARMY, WARLORD_IDS
from engines.kingdom_of_warlords.rules import decide_first_player


def label(card_id: str | int) -> str:
    if isinstance(card_id, int):
        card_id = CARD_IDS[card_id]
    return card_id.split(":", 1)[1].split("#", 1)[0]


def labels(state, zone: str) -> list[str]:
    return sorted(label(c) for c in GAME.zones(state)[zone])


def play(state, *actions: str) -> list[dict]:
    events: list[dict] = []
    for action in actions:
        events += GAME.apply(state, action)
    return events


# -- Game set up -----------------------------------------------------------------------------
def test_rule_setup_army_of_27_cards() -> None:
    decks = GAME.default_decks(2)
    assert decks is not None and len(decks) == 2
    counts = Counter(decks[0])
    assert len(decks[0]) == 27
    for rank in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
        assert counts[rank] == 2
    assert (counts["WL"], counts["W"], counts["P"], counts["D"]) == (2, 1, 1, 1)
    state = GAME.new_game(7, 2, decks)
    zones = GAME.zones(state)
    every = [c for cards in zones.values() for c in cards]
    assert len(every) == 54 and len(set(every)) == 54
    for seat in (0, 1):
        assert len(zones[f"hand:{seat}"]) == 3
        own = zones[f"army:{seat}"] + zones[f"hand:{seat}"]
        assert len(own) == 27 and all(c.startswith(f"{seat}:") for c in own)


def test_rule_setup_deck_validation() -> None:
    assert GAME.validate_deck(list(STANDARD_ARMY)) == []
    short = list(STANDARD_ARMY)[:-1]
    assert {v.rule for v in GAME.validate_deck(short)} == {"deck-size", "army-composition"}
    swapped = list(STANDARD_ARMY)
    swapped[swapped.index("D")] = "A"
    rules = {v.rule for v in GAME.validate_deck(swapped)}
    assert rules == {"army-composition"}
    assert "unknown-card" in {v.rule for v in GAME.validate_deck(["X"] + swapped[1:])}
    assert GAME.validate_deck("not a list")[0].rule == "deck-format"
    with pytest.raises(BadSetup):
        GAME.new_game(1, 2, [swapped, list(STANDARD_ARMY)])
    with pytest.raises(BadSetup):
        GAME.new_game(1, 3)
    with pytest.raises(BadSetup):
        GAME.new_game(1, 2, options={"turbo": True})
    assert GAME.new_game(1, 2, options={"max_battles": 9}).cap == 9


@pytest.mark.parametrize(
    ("tops", "leader", "draws"),
    [
        ((["4"], ["5"]), 1, 1),
        ((["K"], ["Q"]), 0, 1),
        ((["9", "K"], ["9", "Q"]), 0, 2),  # equal cards: both draw again
        ((["D"], ["4"]), 1, 1),  # an unranked specialty card counts below every rank
        ((["A"], ["WL"]), 0, 1),  # the Assassin is the highest rank
        ((["W", "P", "4"], ["D", "WL", "5"]), 1, 3),  # both unranked: draw again
    ],
)
def test_rule_first_player_by_draw(tops, leader, draws) -> None:
    state = build_state(armies=tops, leftover="army", hands=(["4"], ["4"]))
    before = [sorted(state.army[p]) for p in (0, 1)]
    decide_first_player(state)
    assert state.leader == leader
    assert [len(d) for d in state.first_draw] == [draws, draws]
    assert [label(c) for c in GAME.observation(state, None)["first_draw"][0]] == tops[0]
    # The drawn cards went back: each army holds the same cards, reshuffled.
    assert [sorted(state.army[p]) for p in (0, 1)] == before


def test_rule_first_player_from_new_game_draw() -> None:
    for seed in range(40):
        state = GAME.new_game(seed, 2)
        obs = GAME.observation(state, None)
        draws = obs["first_draw"]
        value = {
            lab: i for i, lab in enumerate(("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
        }
        vals = [[value.get(label(c), -1) for c in d] for d in draws]
        assert all(a == b for a, b in zip(vals[0][:-1], vals[1][:-1], strict=True))
        assert vals[obs["leader"]][-1] > vals[1 - obs["leader"]][-1]
        assert GAME.to_act(state) == obs["leader"]


# -- Game play: battles and the troop pile -----------------------------------------------------
def test_rule_battle_highest_card_wins_and_winner_leads() -> None:
    state = build_state(hands=(["9", "5", "6"], ["K", "4", "7"]), leader=0)
    assert GAME.to_act(state) == 0
    events = play(state, "play 9", "play K")
    battle = [e for e in events if e["type"] == "battle"][0]
    assert battle["winner"] == 1
    assert sorted(label(c) for c in battle["cards"]) == ["9", "K"]
    assert GAME.to_act(state) == 1  # KEY POINT: the winner goes first next
    assert state.troop[1][-2:] and labels(state, "field:0") == []


def test_rule_must_use_all_hand_cards_before_replenishing() -> None:
    state = build_state(hands=(["9", "5", "6"], ["K", "4", "7"]), armies=(["A", "A"], ["J", "J"]))
    play(state, "play 9", "play K")
    assert len(state.hand[0]) == 2 and len(state.army[0]) == 2  # no refill yet
    play(state, "play 4", "play 5", "play 6", "play 7")
    # Both hands are empty now: the next battle starts with a fresh hand of 3 each.
    assert len(state.hand[0]) == 3 and len(state.hand[1]) == 3


def test_rule_troop_pile_reshuffled_when_army_runs_out() -> None:
    state = build_state(hands=(["9"], ["5", "6"]), armies=([], ["4", "4"]), leader=0)
    troop_before = sorted(state.troop[0])
    events = play(state, "play 9", "play 5")  # seat 0 wins; its hand is empty, army empty
    assert any(e["type"] == "reshuffle" and e["seat"] == 0 for e in events)
    assert len(state.hand[0]) == 3
    # The whole troop pile (with the 2 cards just won) became the army; the hand came from it.
    assert state.troop[0] == []
    assert len(state.army[0]) + 3 == len(troop_before) + 2
    assert state.grp[state.army[0][0]] >= 2  # a new hidden group: the reshuffled pile


# -- Phantom -----------------------------------------------------------------------------------
def test_rule_phantom_a_led_opponent_surrenders_top_card() -> None:
    state = build_state(hands=(["P", "5", "6"], ["K", "4", "7"]), armies=([], ["A", "Q"]))
    events = play(state, "play P")
    surrender = [e for e in events if e["type"] == "surrender"][0]
    assert [label(c) for c in surrender["cards"]] == ["A"]
    assert labels(state, "hand:1") == ["4", "7", "K"]  # no play from the hand
    assert GAME.to_act(state) == 0 and state.battles == 1
    assert {"P", "A"} <= set(label(c) for c in state.troop[0][-2:])


def test_rule_phantom_b_played_second_always_loses() -> None:
    state = build_state(hands=(["4", "5", "6"], ["P", "8", "7"]))
    play(state, "play 4")
    assert "play P" in GAME.legal_actions(state, 1)
    play(state, "play P")
    assert state.leader == 0
    assert sorted(label(c) for c in state.troop[0][-2:]) == ["4", "P"]


# -- Wizard ------------------------------------------------------------------------------------
def test_rule_wizard_makes_a_double() -> None:
    state = build_state(hands=(["A", "5", "6"], ["10", "W", "4"]))
    play(state, "play A")
    assert "play 10,W" in GAME.legal_actions(state, 1)
    play(state, "play 10,W")
    assert state.leader == 1  # two 10s beat a single Assassin
    state = build_state(
        hands=(["10", "10", "6"], ["10", "W", "4"]),
        armies=(["4"] * 2 + ["5"] * 2, ["6"] * 2 + ["7"] * 2),
    )
    events = play(state, "play 10,10", "play 10,W")
    assert any(e["type"] == "war" for e in events)  # a Wizard double equals the natural double


def test_rule_wizard_a_not_alone_unless_last_card() -> None:
    state = build_state(hands=(["9", "5", "6"], ["W", "4", "7"]))
    play(state, "play 9")
    assert "play W" not in GAME.legal_actions(state, 1)
    state = build_state(hands=(["4", "5", "6"], ["W"]), armies=([], ["A", "A", "A"]))
    play(state, "play 4")
    assert GAME.legal_actions(state, 1) == ["play W"]
    play(state, "play W")
    assert state.leader == 0  # a Wizard played by itself is lost, even against a 4


def test_rule_wizard_b_with_phantom_takes_two_cards() -> None:
    state = build_state(hands=(["P", "W", "6"], ["K", "4", "7"]), armies=([], ["A", "Q", "J"]))
    events = play(state, "play P,W")
    surrender = [e for e in events if e["type"] == "surrender"][0]
    assert [label(c) for c in surrender["cards"]] == ["A", "Q"]
    assert labels(state, "army:1") == ["J"]
    assert state.leader == 0


def test_rule_wizard_c_never_with_warlord_or_dragon() -> None:
    state = build_state(hands=(["D", "W", "WL"], ["K", "4", "7"]))
    legal = GAME.legal_actions(state, 0)
    assert "play D,W" not in legal and "play WL,W" not in legal
    with pytest.raises(Exception, match="Wizard cannot be combined with a Dragon"):
        GAME.apply(state, "play D,W")
    with pytest.raises(Exception, match="Warlord is never played alone"):
        GAME.apply(state, "play WL,W")


def test_rule_wizard_makes_triple_from_a_pair() -> None:
    state = build_state(hands=(["8", "8", "W"], ["A", "A", "7"]))
    play(state, "play 8,8,W", "play A,A")
    assert state.leader == 0 and state.bonus == [True, False]


# -- Dragon ------------------------------------------------------------------------------------
def test_rule_dragon_wins_battlefield_and_captures_hand() -> None:
    state = build_state(hands=(["K", "Q", "WL"], ["D", "4", "7"]))
    events = play(state, "play K", "play D")
    battle = [e for e in events if e["type"] == "battle"][0]
    assert battle["winner"] == 1 and battle["how"] == "dragon"
    assert sorted(label(c) for c in battle["captured_hand"]) == ["Q", "WL"]
    assert len(state.hand[0]) == 3  # seat 0 takes a fresh hand for the next battle
    assert sorted(label(c) for c in battle["cards"]) == ["D", "K", "Q", "WL"]


def test_rule_dragon_led_without_answer_the_responder_yields_its_hand() -> None:
    """Engine 1.1.0: the responder holding no Dragon yields (its only action), as one holding
    the Dragon plays it: the leader cannot tell the two apart until the responder moves."""
    state = build_state(hands=(["D", "4", "5"], ["A", "A", "K"]))
    play(state, "play D")
    assert GAME.to_act(state) == 1 and GAME.legal_actions(state, 1) == ["yield"]
    assert "no Dragon" in GAME.describe_action(state, "yield", 1, ["Ana", "Bo"])
    with pytest.raises(Exception, match="you hold none: yield"):
        GAME.apply(state, "play A")
    events = play(state, "yield")
    battle = [e for e in events if e["type"] == "battle"][0]
    assert battle["winner"] == 0 and battle["how"] == "dragon"
    assert sorted(label(c) for c in battle["captured_hand"]) == ["A", "A", "K"]
    assert GAME.describe_move(state, "yield", events, 0, ["Ana", "Bo"]).startswith(
        "held no Dragon to answer the Dragon; Ana won the battle"
    )


def test_rule_dragon_led_against_an_empty_hand_wins_at_once() -> None:
    """A responder with no card at all (public) has nothing to yield: the battle ends."""
    state = build_state(hands=(["D", "4", "5"], []), leftover_seat=0)
    assert GAME.observation(state, 0)["players"][1]["hand"] == 0
    events = play(state, "play D")
    assert [e for e in events if e["type"] == "battle"][0]["winner"] == 0


def test_rule_only_answer_to_a_dragon_is_a_dragon() -> None:
    state = build_state(hands=(["D", "4", "5"], ["D", "A", "A"]))
    play(state, "play D")
    assert GAME.legal_actions(state, 1) == ["play D"]
    with pytest.raises(Exception, match="only answer to a Dragon"):
        GAME.apply(state, "play A,A")


def test_rule_dragon_war_five_face_down_cards() -> None:
    state = build_state(
        hands=(["D", "4", "5"], ["D", "A", "6"]),
        armies=(["7"] * 0 + ["8", "8", "9", "9", "10", "J"], ["Q", "Q", "K", "K", "J", "7"]),
    )
    events = play(state, "play D", "play D")
    war = [e for e in events if e["type"] == "war"][0]
    assert war["dragon"] and war["war_cards"] == [5, 5]
    assert state.dragon_war and GAME.to_act(state) == 0
    assert [len(state.down[p]) for p in (0, 1)] == [5, 5]
    events = play(state, "play 5", "play A")
    battle = [e for e in events if e["type"] == "battle"][0]
    assert battle["winner"] == 1 and len(battle["cards"]) == 2 + 10 + 2
    assert battle["captured_hand"] == []  # the Dragons cancel: no hand is captured


# -- Warlords ----------------------------------------------------------------------------------
def test_rule_warlord_single_draws_two_then_plays_alongside() -> None:
    state = build_state(hands=(["9", "5", "6"], ["WL", "4", "7"]), armies=([], ["A", "K", "J"]))
    play(state, "play 9")
    events = play(state, "warlord")
    draw = [e for e in events if e["type"] == "draw" and "cards" in e][0]
    assert [label(c) for c in draw["cards"]] == ["A", "K"] and draw["seen_by"] == [1]
    assert GAME.to_act(state) == 1  # the same player now plays a card alongside
    assert "play A" in GAME.legal_actions(state, 1)
    play(state, "play A")
    assert state.leader == 1
    assert "WL" in [label(c) for c in state.troop[1]]


def test_rule_warlord_double_draws_four() -> None:
    state = build_state(
        hands=(["9", "5", "6"], ["WL", "WL", "4"]), armies=([], ["A", "K", "J", "Q", "10"])
    )
    play(state, "play 9", "warlord", "warlord")
    assert labels(state, "hand:1") == ["4", "A", "J", "K", "Q"]
    assert "warlord" not in GAME.legal_actions(state, 1)
    play(state, "play A")
    assert sorted(label(c) for c in state.troop[1]).count("WL") == 2


def test_rule_warlord_lost_with_the_battle() -> None:
    state = build_state(hands=(["K", "5", "6"], ["WL", "4", "7"]), armies=([], ["8", "9"]))
    play(state, "play K", "warlord", "play 9")
    assert state.leader == 0
    assert "1:WL#1" in GAME.zones(state)["troop:0"]


def test_rule_warlord_never_alone() -> None:
    state = build_state(hands=(["K", "5", "6"], ["WL"]), leftover_seat=0)
    assert GAME.legal_actions(state, 0)
    play(state, "play K")
    assert GAME.legal_actions(state, 1) == ["warlord"]
    assert all(not a.startswith("play WL") for a in GAME.legal_actions(state, 1))
    events = play(state, "warlord")  # nothing to draw, nothing to play alongside: it loses
    assert [e for e in events if e["type"] == "battle"][0]["winner"] == 0


def test_rule_warlords_with_only_warlords_left_beside_them_yield() -> None:
    """Two Warlords laid and a hand of Warlords only (hidden from the leader): the responder
    yields, its own move (engine 1.1.0); the engine no longer ends its play on its own."""
    state = build_state(
        hands=(["K", "5", "6"], ["WL", "WL", "WL"]), armies=([], ["WL"]), leftover_seat=0
    )
    play(state, "play K", "warlord", "warlord")
    assert GAME.to_act(state) == 1 and GAME.legal_actions(state, 1) == ["yield"]
    assert "nothing to play beside" in GAME.describe_action(state, "yield", 1)
    events = play(state, "yield")
    assert [e["type"] for e in events][:2] == ["yield", "battle"]
    assert [e for e in events if e["type"] == "battle"][0]["winner"] == 0


# -- Doubles and Triples -----------------------------------------------------------------------
def test_rule_doubles_beat_singles() -> None:
    state = build_state(hands=(["K", "5", "6"], ["4", "4", "7"]))
    play(state, "play K", "play 4,4")
    assert state.leader == 1
    state = build_state(hands=(["A", "A", "6"], ["4", "4", "7"]))
    play(state, "play A,A", "play 4,4")
    assert state.leader == 0  # within a size, rank decides


def test_rule_triples_beat_doubles_and_give_a_fourth_card() -> None:
    state = build_state(
        hands=(["A", "A", "6"], ["4", "4", "4"]),
        armies=(["5", "5", "5", "7", "7"], ["8", "8", "9", "9", "10", "10"]),
    )
    play(state, "play A,A", "play 4,4,4")
    assert state.leader == 1 and state.bonus == [False, True]
    # Seat 1's hand was refilled with 3; it may take a 4th card when it chooses.
    assert len(state.hand[1]) == 3
    assert GAME.legal_actions(state, 1)[-1] == "extra"
    play(state, "extra")
    assert len(state.hand[1]) == 4
    assert "extra" not in GAME.legal_actions(state, 1)  # 4 cards is the maximum


def test_rule_triple_extra_card_is_optional_and_once_per_hand() -> None:
    state = build_state(
        hands=(["4", "5", "6"], ["8", "9", "10"]),
        armies=(["7", "7", "7", "7"], ["J", "J", "Q", "Q", "K", "K"]),
        bonus=(False, True),
        leader=1,
    )
    play(state, "play 8", "play 4")  # seat 1 wins without taking the extra card
    assert "extra" in GAME.legal_actions(state, 1)
    play(state, "play 9", "play 5", "extra")
    assert len(state.hand[1]) == 2
    assert "extra" not in GAME.legal_actions(state, 1)


def test_rule_triple_loses_only_to_dragon_or_higher_triple() -> None:
    state = build_state(hands=(["5", "5", "5"], ["A", "A", "W"]))
    play(state, "play 5,5,5", "play A,A,W")
    assert state.leader == 1
    state = build_state(hands=(["5", "5", "5"], ["A", "A", "D"]))
    play(state, "play 5,5,5")
    assert "play A,A" in GAME.legal_actions(state, 1)
    play(state, "play A,A")
    assert state.leader == 0


# -- Wars --------------------------------------------------------------------------------------
def test_rule_war_same_rank_three_face_down_then_leader_first() -> None:
    state = build_state(
        hands=(["9", "K", "5"], ["9", "A", "6"]),
        armies=(["4", "4", "5"], ["6", "7", "7"]),
    )
    events = play(state, "play 9", "play 9")
    war = [e for e in events if e["type"] == "war"][0]
    assert war["war_cards"] == [3, 3] and not war["dragon"]
    obs = GAME.observation(state, 1)
    assert obs["players"][0]["war_cards"] == 3 and obs["war"] == 1
    assert "4" not in str(obs["players"][0])  # face-down cards stay hidden
    assert GAME.to_act(state) == 0  # the first player of the battle plays first again
    events = play(state, "play K", "play A")
    battle = [e for e in events if e["type"] == "battle"][0]
    assert battle["winner"] == 1 and len(battle["cards"]) == 2 + 6 + 2


def test_rule_war_can_repeat() -> None:
    state = build_state(
        hands=(["9", "K", "5"], ["9", "K", "6"]),
        armies=(["4", "4", "5", "8", "8", "8"], ["6", "7", "7", "10", "10", "10"]),
    )
    play(state, "play 9", "play 9", "play K", "play K")
    assert state.war == 2 and [len(d) for d in state.down] == [6, 6]
    events = play(state, "play 5", "play 6")
    battle = [e for e in events if e["type"] == "battle"][0]
    assert battle["winner"] == 1 and len(battle["cards"]) == 3 * 2 + 6 * 2


def test_rule_war_empty_hand_replenishment() -> None:
    state = build_state(
        hands=(["9", "K", "5"], ["9"]),
        armies=([], ["4", "5", "6", "J", "Q", "A", "8"]),
    )
    play(state, "play 9", "play 9")
    # Seat 1 played its last card: 3 war cards first, then 3 cards into the hand.
    assert labels(state, "war:1") == ["4", "5", "6"]
    assert labels(state, "hand:1") == ["A", "J", "Q"]
    assert labels(state, "army:1") == ["8"]


def test_rule_phantom_in_war_stand_in_card() -> None:
    state = build_state(
        hands=(["9", "P", "5"], ["9", "Q", "6"]),
        armies=(["4", "4", "5"], ["6", "7", "7", "K"]),
    )
    play(state, "play 9", "play 9")
    assert "play P,W" not in GAME.legal_actions(state, 0)
    events = play(state, "play P")
    stand = [e for e in events if e["type"] == "stand_in"][0]
    assert label(stand["card"]) == "K" and stand["counts_as"] == "single King"
    assert GAME.to_act(state) == 1  # the opponent now answers the King
    play(state, "play Q")
    assert state.leader == 0


def test_rule_phantom_in_war_unranked_stand_in_loses() -> None:
    for top in ("P", "W", "WL"):
        state = build_state(
            hands=(["9", "P", "5"], ["9", "4", "6"]),
            armies=(["4", "4", "5"], ["6", "7", "7", top]),
        )
        play(state, "play 9", "play 9", "play P")
        assert GAME.to_act(state) == 1
        play(state, "play 4")
        assert state.leader == 1, top  # the War is still lost


# -- Winning and the cap -----------------------------------------------------------------------
def test_rule_win_holding_all_four_warlords() -> None:
    state = build_state(
        hands=(["K", "5", "6"], ["WL", "4", "7"]),
        armies=([], ["8", "9"]),
        troops=(["WL", "WL", "WL"], []),
    )
    assert not GAME.is_over(state)
    play(state, "play K", "warlord", "play 8")
    assert GAME.is_over(state)
    result = GAME.result(state)
    assert result.ranks == (0, 1) and "all four Warlords" in result.reason
    assert result.scores == (4.0, 0.0)
    assert GAME.legal_actions(state, 0) == [] and GAME.to_act(state) is None


def test_rule_player_with_no_cards_loses() -> None:
    state = build_state(hands=(["K", "WL", "WL"], ["4"]), leftover_seat=0)
    assert GAME.zones(state)["troop:1"] == [] and GAME.zones(state)["army:1"] == []
    play(state, "play K", "play 4")
    # A player left with no cards holds no Warlord, so the other holds all four: it has lost.
    assert GAME.is_over(state) and GAME.result(state).ranks == (0, 1)
    assert GAME.result(state).details["cards"] == [54, 0]


def test_rule_cap_tie_breaks() -> None:
    # Warlords decide first.
    state = build_state(
        hands=(["K", "5", "6"], ["4", "7", "8"]), troops=(["WL", "WL", "WL"], []), cap=1
    )
    play(state, "play K", "play 4")
    result = GAME.result(state)
    assert result.ranks == (0, 1) and "more Warlords" in result.reason
    # Warlords level: more cards wins (seat 1 wins the only battle, so holds 2 more).
    state = build_state(hands=(["4", "5", "6"], ["K", "7", "8"]), cap=1)
    play(state, "play 4", "play K")
    result = GAME.result(state)
    assert result.ranks == (1, 0) and "more cards" in result.reason
    # Both level: a draw.
    state = build_state(hands=(["4", "5", "6"], ["K", "7", "8"]), cap=1)
    moved = next(c for c in state.troop[1] if c not in WARLORD_IDS)
    state.troop[1].remove(moved)
    state.troop[0].append(moved)
    play(state, "play 4", "play K")
    result = GAME.result(state)
    assert result.ranks == (0, 0) and "draw" in result.reason


def test_rule_random_games_end_within_cap() -> None:
    for seed in range(20):
        state = GAME.new_game(seed, 2, options={"max_battles": 50})
        GAME.random_playout(state, random.Random(seed))
        assert GAME.is_over(state) and state.battles <= 50


# -- Readings of gaps (see docs/rules/kingdom-of-warlords.md) ----------------------------------
def test_rule_warlord_companion_may_be_a_wizard_double() -> None:
    state = build_state(hands=(["K", "5", "6"], ["WL", "9", "W"]), armies=([], ["4", "5"]))
    play(state, "play K", "warlord")
    assert "play 9,W" in GAME.legal_actions(state, 1)
    play(state, "play 9,W")
    assert state.leader == 1 and "1:WL#1" in GAME.zones(state)["troop:1"]


def test_rule_warlord_behind_a_led_phantom_is_safe() -> None:
    state = build_state(hands=(["WL", "P", "6"], ["K", "4", "7"]), armies=(["8", "9"], ["A"]))
    play(state, "warlord", "play P")
    assert state.leader == 0 and "0:WL#1" in GAME.zones(state)["troop:0"]
    assert "1:A#1" in GAME.zones(state)["troop:0"]


def test_rule_both_plays_lost_leader_keeps_the_field() -> None:
    state = build_state(hands=(["W"], ["P", "4", "5"]), armies=(["4"], ["6"]))
    assert GAME.legal_actions(state, 0) == ["play W"]
    play(state, "play W", "play P")  # a lone Wizard against a Phantom played second
    assert state.leader == 0 and state.last[2] == "both lost"


def test_rule_phantom_in_war_dragon_stand_in_acts_as_dragon() -> None:
    state = build_state(
        hands=(["9", "P", "5"], ["9", "A", "6"]),
        armies=(["4", "4", "5"], ["6", "7", "7", "D"]),
    )
    play(state, "play 9", "play 9", "play P")
    events = play(state, "yield")  # seat 1 holds no Dragon to answer its own stand-in
    battle = [e for e in events if e["type"] == "battle"][0]
    assert battle["winner"] == 0 and battle["how"] == "dragon"
    assert sorted(label(c) for c in battle["captured_hand"]) == ["6", "A"]


def test_rule_war_player_with_nothing_to_play_loses_the_war() -> None:
    state = build_state(hands=(["9"], ["9", "4", "6"]), leftover_seat=1)
    assert GAME.zones(state)["army:0"] == [] and GAME.zones(state)["troop:0"] == []
    events = play(state, "play 9", "play 9")
    war = [e for e in events if e["type"] == "war"][0]
    assert war["war_cards"] == [0, 3]
    assert GAME.to_act(state) == 1 and GAME.observation(state, 1)["phase"] == "respond"
    play(state, "play 4")
    assert GAME.is_over(state) and GAME.result(state).ranks == (1, 0)
