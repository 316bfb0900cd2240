"""The names of bracket rounds and matches, and of a round of tables mixing them."""

from __future__ import annotations

import pytest

from tournaments.pairing import (
    Bracket,
    bracket_matches,
    double_elimination,
    node_name,
    round_label,
    round_name,
    single_elimination,
    top_cut,
)
from tournaments.pairing.types import Standing


def names(bracket: Bracket) -> list[str]:
    return [node_name(bracket, node.id) for node in bracket.nodes]


def rounds_of_tables(bracket: Bracket, reset: bool = False) -> list[str]:
    """Each round of tables as the event plays it (every ready match at once), labelled.

    The better seed (lower id) wins, except in the grand final when ``reset`` is asked for."""
    results: dict[int, int] = {}
    labels = []
    while ready := bracket_matches(bracket, results):
        labels.append(round_label(bracket, [m.node for m in ready]))
        for m in ready:
            grand = m.node == bracket.final
            results[m.node] = max(m.players) if grand and reset else min(m.players)
    return labels


def test_single_elimination_counts_back_from_the_final() -> None:
    bracket = single_elimination(list(range(1, 33)))
    assert [round_name(bracket, "winners", r) for r in range(1, 5)] == [
        "Round of 32",
        "Round of 16",
        "Quarter-finals",
        "Semi-finals",
    ]
    assert round_name(bracket, "final", 1) == "Final"
    eight = single_elimination(list(range(1, 9)), third_place=True)
    assert names(eight) == [*["Quarter-final"] * 4, "Semi-final", "Semi-final", "Final"] + [
        "Third-place match"
    ]
    assert rounds_of_tables(eight) == [
        "Quarter-finals",
        "Semi-finals",
        "Final and third-place match",
    ]
    # Byes: 6 players play a first round of two matches, still called the quarter-finals.
    six = single_elimination(list(range(1, 7)))
    assert rounds_of_tables(six) == ["Quarter-finals", "Semi-finals", "Final"]
    assert names(single_elimination([1, 2])) == ["Final"]
    assert rounds_of_tables(single_elimination(list(range(1, 4)))) == ["Semi-finals", "Final"]


def test_a_top_cut_is_named_as_single_elimination() -> None:
    rows = [Standing(p, p, 10 - p, 0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5, (), False) for p in range(1, 9)]
    assert rounds_of_tables(top_cut(rows, 4, third_place=True)) == [
        "Semi-finals",
        "Final and third-place match",
    ]
    assert rounds_of_tables(top_cut(rows, 8)) == ["Quarter-finals", "Semi-finals", "Final"]


def test_double_elimination_of_8() -> None:
    bracket = double_elimination(list(range(1, 9)))
    assert names(bracket) == [
        *["Winners' quarter-final"] * 4,
        *["Winners' semi-final"] * 2,
        "Winners' final",
        *["Losers' round 1"] * 2,
        *["Losers' quarter-final"] * 2,
        "Losers' semi-final",
        "Losers' final",
        "Grand final",
        "Grand final reset",
    ]
    assert rounds_of_tables(bracket, reset=True) == [
        "Winners' quarter-finals",
        "Winners' semi-finals and losers' round 1",
        "Winners' final and losers' quarter-finals",
        "Losers' semi-final",
        "Losers' final",
        "Grand final",
        "Grand final reset",
    ]


def test_double_elimination_of_16_and_with_byes() -> None:
    sixteen = double_elimination(list(range(1, 17)))
    assert rounds_of_tables(sixteen) == [
        "Winners' round 1",
        "Winners' quarter-finals and losers' round 1",
        "Winners' semi-finals and losers' round 2",
        "Winners' final and losers' round 3",
        "Losers' quarter-finals",
        "Losers' semi-final",
        "Losers' final",
        "Grand final",
    ]
    # Six players: seeds 1 and 2 skip the first round, and the losers' first round (against
    # their empty seats) is folded away: the losers' rounds left are numbered 1 to 3.
    six = double_elimination(list(range(1, 7)))
    assert sorted({(n.side, n.round) for n in six.nodes if n.side == "losers"}) == [
        ("losers", 1),
        ("losers", 2),
        ("losers", 3),
    ]
    assert rounds_of_tables(six) == [
        "Winners' quarter-finals",
        "Winners' semi-finals",
        "Winners' final and losers' quarter-finals",
        "Losers' semi-final",
        "Losers' final",
        "Grand final",
    ]
    assert names(double_elimination([1, 2])) == [
        "Winners' final",
        "Grand final",
        "Grand final reset",
    ]


def test_three_names_and_errors() -> None:
    bracket = double_elimination(list(range(1, 9)))
    w_semi = next(n.id for n in bracket.nodes if n.side == "winners" and n.round == 2)
    l_one = next(n.id for n in bracket.nodes if n.side == "losers" and n.round == 1)
    l_two = next(n.id for n in bracket.nodes if n.side == "losers" and n.round == 2)
    assert (
        round_label(bracket, [l_two, w_semi, l_one])
        == "Winners' semi-finals, losers' round 1 and losers' quarter-finals"
    )
    with pytest.raises(ValueError, match="at least one"):
        round_label(bracket, [])
    with pytest.raises(ValueError, match="no match 99"):
        node_name(bracket, 99)
    with pytest.raises(ValueError, match="side"):
        round_name(bracket, "consolation", 1)
    with pytest.raises(ValueError, match="no losers"):
        round_name(single_elimination([1, 2, 3, 4]), "losers", 1)
