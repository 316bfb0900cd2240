"""Objective mode (rulebook "Objective Mode", "Achieving an Objective"): one test per rule."""

from __future__ import annotations

from engines.arackhan_wars import GAME
from engines.arackhan_wars.modes import objectives, sets
from tests.engines.arackhan.akw_modes import OBJECTIVES, act, deciding, start, until


def _named(name: str) -> int:
    return next(c.id for c in sets.shipped_set("objectives") if c.name == name)


def _claim_window(seed: int, n: int = 2):
    st = start(seed, n, OBJECTIVES)
    until(st, lambda s: deciding(s, objectives.KIND), seed)
    return st


def test_three_objectives_are_face_up_after_the_mulligans() -> None:
    """ "At the end of step 7, players draw three cards from the Objective pile and display
    them face up"; the pile holds the rest of the 23."""
    st = GAME.new_game(1, 2, None, OBJECTIVES)
    assert st.modes.open_objectives == []
    st = start(1, 2, OBJECTIVES)
    assert len(st.modes.open_objectives) == 3 and len(st.modes.objective_pile) == 20
    assert GAME.observation(st, 1)["modes"]["objectives"]["open"][0]["name"]


def test_a_player_meeting_a_requirement_may_complete_it_and_keeps_it() -> None:
    """ "When a player ... meets the requirements of an available objective, they can announce
    that they have completed the objective. They then place the card near them"."""
    st = _claim_window(2)
    seat, cid = st.pending.seat, st.pending.data["objective"]
    assert objectives.meets(st, seat, cid)
    act(st, f"claim o{cid}")
    assert cid in st.modes.completed[seat] and cid not in st.modes.open_objectives


def test_a_new_objective_is_drawn_to_keep_three_available() -> None:
    """ "A new card is drawn from the Objective pile, in order to always have three Objective
    cards available"."""
    st = _claim_window(3)
    top = st.modes.objective_pile[-1]
    act(st, f"claim o{st.pending.data['objective']}")
    assert len(st.modes.open_objectives) == 3 and top in st.modes.open_objectives


def test_only_one_objective_per_round() -> None:
    """ "IMPORTANT: a player can only accomplish one objective per round"."""
    st = _claim_window(4)
    seat = st.pending.seat
    act(st, f"claim o{st.pending.data['objective']}")
    rnd = st.round
    assert st.modes.claimed_round[seat] == rnd
    for cid in st.modes.open_objectives:  # even an objective it meets is not offered to it
        st.modes.open_objectives = [cid]
        offer = objectives.next_decision(st, set())
        assert offer is None or offer[0] != seat


def test_the_player_with_the_fewest_allied_cards_chooses_first() -> None:
    """ "If several players are in a position to claim an objective, the player with the least
    amount of allied cards on the battlefield chooses whether they want to accomplish it"."""
    st = start(5, 3, OBJECTIVES)
    until(
        st,
        lambda s: (
            s.phase == "turn" and sum(objectives.allied_cards(s, x) > 0 for x in range(3)) == 3
        ),
    )
    counts = {s: objectives.allied_cards(st, s) for s in range(3)}
    order = objectives.claim_order(st, [0, 1, 2])
    assert [counts[s] for s in order] == sorted(counts.values())


def test_a_tie_on_allied_cards_goes_by_the_rounds_playing_order() -> None:
    """ "In case of a tie in terms of the number of allied cards on the battlefield, it is the
    playing order of the round that determines which player chooses ... first"."""
    st = start(6, 3, OBJECTIVES)
    assert all(objectives.allied_cards(st, s) == 0 for s in range(3))
    assert objectives.claim_order(st, [2, 1, 0]) == st.order


def test_a_player_who_declines_lets_the_next_in_line_decide() -> None:
    """ "If they choose not to, the player that is next in line with the fewest allied cards on
    the battlefield decides whether they want to accomplish the objective and so on"."""
    foothold = _named("Foothold")  # two of the four central spaces: both seats may hold them
    st = start(12, 2, OBJECTIVES)
    until(
        st,
        lambda s: s.phase == "turn" and all(objectives.meets(s, x, foothold) for x in (0, 1)),
        12,
    )
    m = st.modes
    m.open_objectives = [foothold]
    m.claimed_round, m.completed = [0, 0], [[], []]
    first, second = objectives.claim_order(st, [0, 1])
    # what a reveal opens when both seats' placed cards made them meet it (1.2.0)
    assert objectives.after_reveal(st, [[], []], None)
    assert st.pending.seat == first and st.pending.data["objective"] == foothold
    act(st, f"decline o{foothold}")
    assert deciding(st, objectives.KIND) and st.pending.seat == second
    act(st, f"claim o{foothold}")
    assert m.completed[second] == [foothold] and m.completed[first] == []


def test_completed_objectives_add_their_points_at_the_end() -> None:
    """ "During the End of the game sequence, each player adds to their victory points total
    the points acquired from having completed objectives"."""
    st = start(8, 2, OBJECTIVES)
    until(st, lambda s: s.over)
    won = objectives.points(st)
    board_only = [a - b for a, b in zip(GAME.result(st).scores, won, strict=True)]
    st.modes.completed = [[], []]
    st.version += 1
    assert list(GAME.result(st).scores) == board_only
