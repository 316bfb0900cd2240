"""The battle mat, the round structure, scoring and the readings of docs/rules/arackhan-wars.md."""

from __future__ import annotations

import random
from typing import Any

from engines.arackhan_wars import GAME, board, rounds
from engines.arackhan_wars.info import info
from engines.arackhan_wars.state import MULLIGAN, PLACE, TURN
from tests.engines.arackhan.akw_scene import scene


def test_the_mat_has_40_spaces_in_rows_of_4_8_8_8_8_4_with_offset_short_rows() -> None:
    assert board.N_SPACES == 40
    rows = [sum(1 for x, y in board.SPACES if y == r) for r in range(6)]
    assert rows == [4, 8, 8, 8, 8, 4]
    assert [x for x, y in board.SPACES if y == 0] == [3, 4, 5, 6]
    assert [x for x, y in board.SPACES if y == 5] == [1, 2, 3, 4]


def test_adjacency_is_the_four_borders_and_distance_counts_orthogonal_steps() -> None:
    centre = board.BY_NAME["3,2"]
    assert {board.NAMES[s] for s in board.ADJACENT[centre]} == {"3,1", "4,2", "3,3", "2,2"}
    assert board.distance(centre, board.BY_NAME["4,3"]) == 2, "a diagonal is 2 away"
    assert board.distance(centre, board.BY_NAME["5,2"]) == 2
    corner = board.BY_NAME["3,0"]
    assert {board.NAMES[s] for s in board.ADJACENT[corner]} == {"4,0", "3,1"}
    assert sorted(board.NAMES[s] for s in board.STARTING_AREA) == ["3,2", "3,3", "4,2", "4,3"]


def _to_placement(seed: int, n: int = 2):
    state = GAME.new_game(seed, n)
    GAME.apply(state, f"first {state.chooser}")
    while state.phase == MULLIGAN:
        GAME.apply(state, "keep")
    return state


def test_setup_a_drawn_seat_chooses_the_first_player_and_hands_have_seven() -> None:
    choosers = {GAME.new_game(seed, 2).chooser for seed in range(20)}
    assert choosers == {0, 1}
    state = GAME.new_game(1, 2)
    assert GAME.legal_actions(state, state.chooser) == ["first 0", "first 1"]
    assert [len(h) for h in state.hand] == [7, 7] and [len(d) for d in state.draw] == [16, 16]
    GAME.apply(state, "first 1")
    assert state.first == 1 and state.phase == MULLIGAN and GAME.to_act(state) == 1


def test_the_mulligan_puts_cards_back_and_draws_as_many() -> None:
    state = GAME.new_game(2, 2)
    GAME.apply(state, "first 0")
    hand = sorted(state.hand[0])
    GAME.apply(state, f"mulligan c{hand[0]}")
    GAME.apply(state, f"mulligan c{hand[1]}")
    GAME.apply(state, "keep")
    assert len(state.hand[0]) == 7 and len(state.draw[0]) == 16
    assert set(hand[2:]) <= set(state.hand[0])
    GAME.apply(state, "keep")
    assert state.phase == PLACE and GAME.to_act(state) == 0


def _to_placement_at(seed: int, version: str) -> Any:
    state = GAME.at_version(version).new_game(seed, 2)
    GAME.apply(state, f"first {state.chooser}")
    while state.phase == MULLIGAN:
        GAME.apply(state, "keep")
    return state


def _field_spaces(state: Any) -> set[str]:
    legal = GAME.legal_actions(state, GAME.to_act(state))
    return {a.split()[2] for a in legal if not a.endswith("astral")}


def test_first_cards_go_in_the_starting_area_the_second_next_to_the_first() -> None:
    """ "the first player to place one or two cards on it must do so in the starting area" and
    "cards placed on the battlefield beyond the first must follow the adjacency principle": the
    second card goes in the starting area next to the first (a diagonal 4,3 is refused); the
    next player then places next to any card."""
    state = _to_placement(4)
    seat = GAME.to_act(state)
    assert _field_spaces(state) == {"3,2", "4,2", "3,3", "4,3"}
    GAME.apply(state, next(a for a in GAME.legal_actions(state, seat) if a.endswith(" 3,2")))
    assert _field_spaces(state) == {"4,2", "3,3"}, "adjacent to the first card"
    old = _to_placement_at(4, "1.0.0")
    GAME.apply(old, next(a for a in GAME.legal_actions(old, seat) if a.endswith(" 3,2")))
    assert _field_spaces(old) == {"4,2", "3,3", "4,3"}, "1.0.0 allowed the diagonal"
    GAME.apply(state, next(a for a in GAME.legal_actions(state, seat) if a.endswith(" 4,2")))
    other = GAME.to_act(state)
    assert other != seat
    spaces = _field_spaces(state)
    assert "3,2" not in spaces and "2,2" in spaces and "3,3" in spaces and "0,0" not in spaces


def test_rounds_alternate_the_first_player_draw_two_and_end_after_nine() -> None:
    state = _to_placement(6)
    rng = random.Random(6)
    firsts = {}
    hands = {}
    while not state.over:
        firsts.setdefault(state.round, state.first)
        if state.phase == PLACE and state.step == 0 and not state.placed:
            hands.setdefault(state.round, [len(h) for h in state.hand])
        GAME.apply(state, rng.choice(GAME.legal_actions(state, GAME.to_act(state))))
    assert state.round == 9 and state.end_reason == "the ninth round is over"
    assert [firsts[r] for r in range(1, 10)] == [firsts[1], 1 - firsts[1]] * 4 + [firsts[1]]
    assert hands[1] == [7, 7] and all(sum(hands[r]) >= 2 * 7 - 2 for r in range(2, 10))


def test_free_for_all_order_rotates_clockwise() -> None:
    state = _to_placement(8, n=4)
    assert state.order == [state.first, *[(state.first + k) % 4 for k in (1, 2, 3)]]
    rng = random.Random(8)
    start = state.first
    while state.round == 1:
        GAME.apply(state, rng.choice(GAME.legal_actions(state, GAME.to_act(state))))
    assert state.first == (start + 1) % 4


def test_no_room_left_ends_the_game() -> None:
    state = _to_placement(9, n=4)
    seat = GAME.to_act(state)
    filler = [
        i
        for i in range(len(state.ctype))
        if state.owner[i] != seat and i in state.draw[state.owner[i]]
    ]
    for space in range(board.N_SPACES):
        i = filler.pop()
        state.draw[state.owner[i]].remove(i)
        state.put(i, space)
        state.face_up[i] = True
        state.active[i] = True
    state.hand[seat] = [h for h in state.hand[seat] if not info(state.ctype[h]).astral]
    state.version += 1
    rounds.advance(state, None)
    assert state.over and state.end_reason == "no room left to place a card"
    assert GAME.result(state).ranks


def test_scoring_counts_creatures_and_lands_not_spells_and_breaks_ties() -> None:
    s = scene(
        [(0, "Ice Golem@g0", "3,2"), (0, "Winter Protects", "2,2"), (1, "Ice Golem@g1", "5,2")],
        keepers=False,
    )
    assert rounds.scores(s.st) == [13, 13], "a spell's value does not count"
    ranks, keys = rounds.ranking(s.st)
    assert [k[1] for k in keys] == [2, 1] and ranks == [0, 1], "more allied cards wins"
    t = scene([(0, "Ice Golem@g0", "3,2"), (1, "Ice Golem@g1", "5,2")], keepers=False)
    assert rounds.ranking(t.st)[0] == [0, 0], "still tied: a draw"
    yeti = t.st.draw[1].pop()
    assert info(t.st.ctype[yeti]).kind == "creature"
    t.st.discard[1].append(yeti)
    t.st.version += 1
    assert rounds.creatures_discarded(t.st) == [0, 1]
    assert rounds.ranking(t.st)[0] == [0, 1], "fewer creatures in the discard pile wins"


def test_a_conquered_land_keeps_its_token_side_and_scores_for_the_conqueror() -> None:
    s = scene([(0, "Behemoth", "3,2"), (1, "Fortress of Myjir", "4,2")], phase=TURN)
    s.st.active[s["Fortress of Myjir"]] = False
    s.st.version += 1
    before = rounds.scores(s.st)
    s.play(f"attack {s.c('Fortress of Myjir')} {s.c('Behemoth')}")  # 3 against 4: fails
    assert s.st.control[s["Fortress of Myjir"]] == 1
    t = scene(
        [(0, "Behemoth", "3,2"), (0, "Swamp Ogre", "4,1"), (1, "Fortress of Myjir", "4,2")],
        factions=("Blight", "Whitelands"),
    )
    t.attack_with("Fortress of Myjir", "Behemoth", "Swamp Ogre")
    assert t.st.control[t["Fortress of Myjir"]] == 0 and t.space("Fortress of Myjir") == "4,2"
    assert t.st.active[t["Fortress of Myjir"]]
    assert rounds.scores(t.st)[0] - rounds.scores(t.st)[1] > before[0] - before[1]


def test_a_moved_card_may_still_attack_and_is_deactivated_at_the_end_of_the_turn() -> None:
    s = scene([(0, "Xenodon", "1,2"), (1, "Scuttle Jaw", "4,2"), (1, "Yeti", "4,3")])
    s.play(f"move {s.c('Xenodon')} 3,2")
    assert f"attack {s.c('Scuttle Jaw')} {s.c('Xenodon')}" in s.legal()
    assert not any(a.startswith(f"move {s.c('Xenodon')}") for a in s.legal()), "one move"
    s.play("pass")
    assert not s.st.active[s["Xenodon"]]


def test_two_allied_movers_may_swap_their_spaces() -> None:
    s = scene(
        [(0, "Eagle", "3,2"), (0, "Xenodon", "5,2"), (0, "Yeti", "4,2"), (1, "Scuttle Jaw", "6,2")]
    )
    e, x = sorted([s["Eagle"], s["Xenodon"]])
    s.play(f"swap c{e} c{x}")
    assert s.space("Eagle") == "5,2" and s.space("Xenodon") == "3,2"
    assert s.st.moved[s["Eagle"]] and s.st.moved[s["Xenodon"]]
    assert f"attack {s.c('Scuttle Jaw')} {s.c('Eagle')}" in s.legal(), "it may still attack"
    t = scene([(0, "Xenodon@x1", "0,2"), (0, "Xenodon@x2", "4,2"), (0, "Yeti", "1,2")])
    x1, x2 = sorted([t["x1"], t["x2"]])
    assert f"swap c{x1} c{x2}" not in t.legal(), "4 steps: beyond Movement 2"
    k1, k2 = sorted([t["keeper0a"], t["keeper0b"]])
    assert f"swap c{k1} c{k2}" in t.legal(), "two adjacent Penguins may"


def test_render_draws_the_mat_with_its_offset_short_rows() -> None:
    picture = board.render({s: "S" for s in board.STARTING_AREA}, width=1).splitlines()
    assert picture[0] == "      . . . ."
    assert picture[2] == ". . . S S . . ."
    assert picture[5] == "  . . . ."


def test_descriptions_name_revealed_cards_only() -> None:
    s = scene([(0, "Swamp Ogre", "3,2"), (1, "Yeti", "4,2")], hand=[(0, "Scuttle Jaw")])
    text = GAME.describe_action(s.st, f"attack {s.c('Yeti')} {s.c('Swamp Ogre')}")
    assert text == "attack Yeti with Swamp Ogre"
    text = GAME.describe_action(s.st, f"place {s.c('Scuttle Jaw')} 2,2")
    assert "Scuttle Jaw" not in text and "2,2" in text
