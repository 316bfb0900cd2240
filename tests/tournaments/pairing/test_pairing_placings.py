"""Final placings of brackets and Swiss top cuts, worked by hand: every entrant's place and how.

Brackets are built with the real builders and played with ``bracket_matches``: the better seed
wins every match except the upsets listed (``{frozenset({a, b}): [winner, ...]}``, one winner
per meeting of the pair in the order they meet). In the elimination tests player ids are
``100 + seed`` and the upsets and expected tables are written in seeds (``in_seeds``,
``by_seed``); the Swiss tests use the player ids themselves.
"""

from __future__ import annotations

import pytest

from tournaments.pairing import (
    Bracket,
    Placing,
    Standing,
    bracket_matches,
    bracket_winner,
    double_elimination,
    double_elimination_placings,
    ordinal,
    place_label,
    single_elimination,
    single_elimination_placings,
    swiss_placings,
    top_cut,
)


def pid(seed: int) -> int:
    return 100 + seed


def seeds(n: int) -> list[int]:
    return [pid(s) for s in range(1, n + 1)]


def play(
    bracket: Bracket, upsets: dict[frozenset[int], list[int]] | None = None, stop: int | None = None
) -> dict[int, int]:
    """Play the bracket (``stop`` matches at most): the better seed wins unless ``upsets``
    (in player ids) lists the pair, whose listed winners win their meetings in turn."""
    pending = {pair: list(winners) for pair, winners in (upsets or {}).items()}
    seed_of = {p: i for i, p in enumerate(bracket.seeds)}
    results: dict[int, int] = {}
    while ready := bracket_matches(bracket, results):
        for match in ready:
            if stop is not None and len(results) >= stop:
                return results
            listed = pending.get(frozenset(match.players))
            results[match.node] = listed.pop(0) if listed else min(match.players, key=seed_of.get)
    return results


def in_seeds(upsets: dict[frozenset[int], list[int]]) -> dict[frozenset[int], list[int]]:
    """Upsets written in seeds, as player ids."""
    return {frozenset(map(pid, pair)): [pid(w) for w in ws] for pair, ws in upsets.items()}


def table(placings: list[Placing]) -> list[tuple[int, str, str]]:
    """(player, "3rd–4th", how) in order."""
    return [(p.entrant, place_label(p), p.how) for p in placings]


def by_seed(rows: list[tuple[int, str, str]]) -> list[tuple[int, str, str]]:
    return [(pid(seed), label, how) for seed, label, how in rows]


def test_ordinals_and_labels() -> None:
    numbers = [1, 2, 3, 4, 10, 11, 12, 13, 14, 21, 22, 23, 101, 102, 111, 112, 113, 121]
    assert [ordinal(n) for n in numbers] == [
        "1st", "2nd", "3rd", "4th", "10th", "11th", "12th", "13th", "14th", "21st", "22nd",
        "23rd", "101st", "102nd", "111th", "112th", "113th", "121st",
    ]  # fmt: skip
    assert place_label(Placing(7, 1, 1, "won the final")) == "1st"
    assert place_label(Placing(7, 3, 4, "lost in the semi-finals")) == "3rd–4th"
    assert place_label(Placing(7, 9, 12, "")) == "9th–12th"


# --- single elimination ----------------------------------------------------------------------

# Eight players: 8 beats 1 and 6 beats 3 in the quarter-finals, 4 beats 8 and 2 beats 6 in the
# semi-finals, 4 beats 2 in the final.
SE8_UPSETS = {frozenset({1, 8}): [8], frozenset({3, 6}): [6], frozenset({2, 4}): [4]}
QF, SF = "lost in the quarter-finals", "lost in the semi-finals"


def test_single_elimination_of_8() -> None:
    bracket = single_elimination(seeds(8))
    results = play(bracket, in_seeds(SE8_UPSETS))
    assert bracket_winner(bracket, results) == pid(4)
    assert table(single_elimination_placings(bracket, results)) == by_seed(
        [
            (4, "1st", "won the final"),
            (2, "2nd", "lost the final"),
            (6, "3rd–4th", SF),  # shared places list by seed
            (8, "3rd–4th", SF),
            (1, "5th–8th", QF),
            (3, "5th–8th", QF),
            (5, "5th–8th", QF),
            (7, "5th–8th", QF),
        ]
    )


def test_single_elimination_of_8_with_a_third_place_match() -> None:
    bracket = single_elimination(seeds(8), third_place=True)
    results = play(bracket, in_seeds({**SE8_UPSETS, frozenset({6, 8}): [8]}))  # 8 beats 6 for third
    expected = [
        (4, "1st", "won the final"),
        (2, "2nd", "lost the final"),
        (8, "3rd", "won the third-place match"),
        (6, "4th", "lost the third-place match"),
        (1, "5th–8th", QF),
        (3, "5th–8th", QF),
        (5, "5th–8th", QF),
        (7, "5th–8th", QF),
    ]
    assert table(single_elimination_placings(bracket, results)) == by_seed(expected)
    # The final played, the third-place match not yet: its two players share 3rd–4th.
    third = next(n.id for n in bracket.nodes if n.side == "third")
    del results[third]
    waiting = "lost in the semi-finals; the third-place match is still to play"
    assert table(single_elimination_placings(bracket, results))[2:4] == by_seed(
        [(6, "3rd–4th", waiting), (8, "3rd–4th", waiting)]
    )


def test_single_elimination_of_6_with_byes() -> None:
    # Seeds 1 and 2 have byes; 5 beats 4 and 3 beats 6 in the quarter-finals; 5 beats 1 and
    # 2 beats 3 in the semi-finals; 2 beats 5 in the final.
    bracket = single_elimination(seeds(6))
    results = play(bracket, in_seeds({frozenset({4, 5}): [5], frozenset({1, 5}): [5]}))
    assert table(single_elimination_placings(bracket, results)) == by_seed(
        [
            (2, "1st", "won the final"),
            (5, "2nd", "lost the final"),
            (1, "3rd–4th", SF),
            (3, "3rd–4th", SF),
            (4, "5th–6th", QF),
            (6, "5th–6th", QF),
        ]
    )


def test_single_elimination_part_way_players_still_in_share_the_top() -> None:
    bracket = single_elimination(seeds(8))
    fresh = single_elimination_placings(bracket, {})
    assert {(p.place, p.last, p.how) for p in fresh} == {(1, 8, "still in the bracket")}
    # The quarter-finals played (chalk): the four semi-finalists share 1st–4th.
    results = play(bracket, stop=4)
    assert [(p.entrant, place_label(p)) for p in single_elimination_placings(bracket, results)] == [
        (pid(s), label) for s, label in [(1, "1st–4th"), (2, "1st–4th"), (3, "1st–4th")]
    ] + [(pid(4), "1st–4th")] + [(pid(s), "5th–8th") for s in (5, 6, 7, 8)]
    # One semi-final more: its loser is 4th so far (three players are still above them).
    results = play(bracket, stop=5)
    placed = {p.entrant: place_label(p) for p in single_elimination_placings(bracket, results)}
    assert placed[pid(4)] == "4th" and placed[pid(1)] == "1st–3rd"
    with pytest.raises(ValueError, match="single-elimination"):
        single_elimination_placings(double_elimination(seeds(4)), {})


# --- double elimination ----------------------------------------------------------------------

# Eight players. Winners' quarter-finals: 8 beats 1, 5 beats 4, 2 and 3 win; semi-finals: 5 beats
# 8, 3 beats 2; winners' final: 3 beats 5. Losers' round 1: 1 beats 4, 6 beats 7; losers'
# quarter-finals (2 and 8 drop in): 1 beats 2, 6 beats 8; losers' semi-final: 1 beats 6;
# losers' final (5 drops in): 1 beats 5. Grand final: 3 (winners' side) against 1.
DE8_UPSETS = {
    frozenset({1, 8}): [8],
    frozenset({4, 5}): [5],
    frozenset({2, 3}): [3],
    frozenset({3, 5}): [3],
}
DE8_BELOW = [
    (5, "3rd", "out in the losers' final"),
    (6, "4th", "out in the losers' semi-final"),
    (2, "5th–6th", "out in the losers' quarter-finals"),
    (8, "5th–6th", "out in the losers' quarter-finals"),
    (4, "7th–8th", "out in losers' round 1"),
    (7, "7th–8th", "out in losers' round 1"),
]


def test_double_elimination_of_8_without_the_reset() -> None:
    bracket = double_elimination(seeds(8))
    results = play(bracket, in_seeds({**DE8_UPSETS, frozenset({1, 3}): [3]}))
    assert len(results) == 14  # the reset is not needed
    assert table(double_elimination_placings(bracket, results)) == by_seed(
        [(3, "1st", "won the grand final"), (1, "2nd", "lost the grand final"), *DE8_BELOW]
    )


def test_double_elimination_of_8_with_the_reset() -> None:
    bracket = double_elimination(seeds(8))
    # 1 (from the losers' side) wins the grand final, then the reset.
    results = play(bracket, in_seeds({**DE8_UPSETS, frozenset({1, 3}): [1, 1]}))
    assert len(results) == 15
    placings = double_elimination_placings(bracket, results)
    assert table(placings) == by_seed(
        [
            (1, "1st", "won the grand final reset"),
            (3, "2nd", "lost the grand final reset"),
            *DE8_BELOW,
        ]
    )
    # Before the reset is played both grand finalists are still in: 1st–2nd.
    reset = bracket.nodes[-1].id
    del results[reset]
    assert table(double_elimination_placings(bracket, results))[:2] == by_seed(
        [(1, "1st–2nd", "still in the bracket"), (3, "1st–2nd", "still in the bracket")]
    )


DE16_BELOW = [
    (3, "3rd", "out in the losers' final"),
    (4, "4th", "out in the losers' semi-final"),
    *[(s, "5th–6th", "out in the losers' quarter-finals") for s in (5, 6)],
    *[(s, "7th–8th", "out in losers' round 3") for s in (7, 8)],
    *[(s, "9th–12th", "out in losers' round 2") for s in (9, 10, 11, 12)],
    *[(s, "13th–16th", "out in losers' round 1") for s in (13, 14, 15, 16)],
]


@pytest.mark.parametrize(
    ("final", "top"),
    [
        ([], [(1, "1st", "won the grand final"), (2, "2nd", "lost the grand final")]),
        (
            [2, 1],
            [(1, "1st", "won the grand final reset"), (2, "2nd", "lost the grand final reset")],
        ),
        (
            [2, 2],
            [(2, "1st", "won the grand final reset"), (1, "2nd", "lost the grand final reset")],
        ),
    ],
)
def test_double_elimination_of_16(final: list[int], top: list[tuple[int, str, str]]) -> None:
    # The better seed wins every match but the grand final (and its reset) as listed:
    # 1, 2, 3, 4, 5–6, 7–8, 9–12, 13–16.
    bracket = double_elimination(seeds(16))
    results = play(bracket, in_seeds({frozenset({1, 2}): [1, *final]}))
    assert len(results) == (31 if final else 30)
    assert table(double_elimination_placings(bracket, results)) == by_seed([*top, *DE16_BELOW])


def test_double_elimination_of_6_with_byes() -> None:
    # Seeds 1 and 2 have byes; 6 beats 3 in the winners' first round. The losers' first round is
    # folded away (the byes' seats), so the losers' rounds are three: quarter-finals (4 and 6 out),
    # semi-final (5 out), final (3 out).
    bracket = double_elimination(seeds(6))
    results = play(bracket, in_seeds({frozenset({3, 6}): [6]}))
    assert table(double_elimination_placings(bracket, results)) == by_seed(
        [
            (1, "1st", "won the grand final"),
            (2, "2nd", "lost the grand final"),
            (3, "3rd", "out in the losers' final"),
            (5, "4th", "out in the losers' semi-final"),
            (4, "5th–6th", "out in the losers' quarter-finals"),
            (6, "5th–6th", "out in the losers' quarter-finals"),
        ]
    )
    with pytest.raises(ValueError, match="double-elimination"):
        double_elimination_placings(single_elimination(seeds(6)), {})


# --- Swiss and top cut -----------------------------------------------------------------------


def row(player: int, rank: int, points: int, dropped: bool = False) -> Standing:
    """A standings row; only the player, rank, points and the drop matter to the placings."""
    return Standing(player, rank, points, 0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5, (), dropped)


# Eight players, ids not in rank order (so no rule can lean on the ids).
SWISS8 = [row(p, rank, 13 - rank) for rank, p in enumerate([7, 3, 1, 8, 5, 2, 6, 4], start=1)]
OUTSIDE = "of the players outside the top cut"


def test_swiss_without_a_cut_is_the_standings() -> None:
    placings = swiss_placings(SWISS8)
    assert [(p.entrant, p.place, p.last) for p in placings] == [
        (s.player, s.rank, s.rank) for s in SWISS8
    ]
    assert placings[0].how == "Swiss: 12 points"


def test_swiss_top_4() -> None:
    bracket = top_cut(SWISS8, 4)
    assert bracket.seeds == (7, 3, 1, 8)
    # Semi-finals 7 v 8 and 3 v 1: 8 beats 7 (upset), 3 beats 1; final: 3 beats 8 (chalk).
    results = play(bracket, {frozenset({7, 8}): [8]})
    assert table(swiss_placings(SWISS8, bracket, results)) == [
        (3, "1st", "won the final"),
        (8, "2nd", "lost the final"),
        (7, "3rd", "lost in the semi-finals; 3rd of the semi-finalists by Swiss standing"),
        (1, "4th", "lost in the semi-finals; 4th of the semi-finalists by Swiss standing"),
        (5, "5th", f"Swiss: 1st {OUTSIDE}"),
        (2, "6th", f"Swiss: 2nd {OUTSIDE}"),
        (6, "7th", f"Swiss: 3rd {OUTSIDE}"),
        (4, "8th", f"Swiss: 4th {OUTSIDE}"),
    ]
    # Part-way: before the cut, its four share 1st–4th; before the final, its two share 1st–2nd.
    before = table(swiss_placings(SWISS8, bracket, {}))
    assert before[:4] == [(p, "1st–4th", "still in the top cut") for p in (7, 3, 1, 8)]
    assert before[4] == (5, "5th", f"Swiss: 1st {OUTSIDE}")
    final = bracket.final
    semis = {k: v for k, v in results.items() if k != final}
    assert [label for _, label, _ in table(swiss_placings(SWISS8, bracket, semis))[:4]] == [
        "1st–2nd", "1st–2nd", "3rd", "4th"
    ]  # fmt: skip


def test_swiss_top_8_with_a_player_above_the_cut_dropped() -> None:
    # Twelve players, ids 1..12 by rank except that rank 2 is player 20, who dropped: the cut is
    # ranks 1 and 3-9 (seeds 1-8), and player 20 is placed outside it, first of the rest.
    ranked = [1, 20, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    rows = [row(p, rank, 30 - 2 * rank, dropped=p == 20) for rank, p in enumerate(ranked, 1)]
    bracket = top_cut(rows, 8)
    assert bracket.seeds == (1, 3, 4, 5, 6, 7, 8, 9)
    # Seeds: 1=1, 2=3, 3=4, 4=5, 5=6, 6=7, 7=8, 8=9. Quarter-finals: 1 v 9, 5 v 6 (6 wins),
    # 3 v 8 (8 wins), 4 v 7; semi-finals: 1 v 6 (1 wins), 8 v 4 (4 wins); final: 4 beats 1.
    results = play(
        bracket, {frozenset({5, 6}): [6], frozenset({3, 8}): [8], frozenset({1, 4}): [4]}
    )
    semi = "lost in the semi-finals; {} of the semi-finalists by Swiss standing"
    quarter = "lost in the quarter-finals; {} of the quarter-finalists by Swiss standing"
    assert table(swiss_placings(rows, bracket, results)) == [
        (4, "1st", "won the final"),
        (1, "2nd", "lost the final"),
        (6, "3rd", semi.format("3rd")),  # Swiss rank 6, ahead of 8 (rank 8)
        (8, "4th", semi.format("4th")),
        (3, "5th", quarter.format("5th")),  # ranks 3, 5, 7, 9
        (5, "6th", quarter.format("6th")),
        (7, "7th", quarter.format("7th")),
        (9, "8th", quarter.format("8th")),
        (20, "9th", f"Swiss: 1st {OUTSIDE} (dropped)"),
        (10, "10th", f"Swiss: 2nd {OUTSIDE}"),
        (11, "11th", f"Swiss: 3rd {OUTSIDE}"),
        (12, "12th", f"Swiss: 4th {OUTSIDE}"),
    ]


def test_swiss_top_4_with_a_third_place_match() -> None:
    rows = [row(p, rank, 13 - rank) for rank, p in enumerate([11, 12, 13, 14, 15, 16], start=1)]
    bracket = top_cut(rows, 4, third_place=True)
    # Semi-finals: 11 beats 14, 13 beats 12; final: 11 beats 13; third place: 14 beats 12, so
    # 14 is 3rd although 12 is ahead of them in the Swiss standings.
    results = play(bracket, {frozenset({12, 13}): [13], frozenset({12, 14}): [14]})
    expected = [
        (11, "1st", "won the final"),
        (13, "2nd", "lost the final"),
        (14, "3rd", "won the third-place match"),
        (12, "4th", "lost the third-place match"),
        (15, "5th", f"Swiss: 1st {OUTSIDE}"),
        (16, "6th", f"Swiss: 2nd {OUTSIDE}"),
    ]
    assert table(swiss_placings(rows, bracket, results)) == expected
    # The third-place match still to play: its players share 3rd–4th (by Swiss standing).
    third = next(n.id for n in bracket.nodes if n.side == "third")
    waiting = "lost in the semi-finals; the third-place match is still to play"
    assert table(swiss_placings(rows, bracket, {k: v for k, v in results.items() if k != third}))[
        2:4
    ] == [(12, "3rd–4th", waiting), (14, "3rd–4th", waiting)]


def test_swiss_equal_ranks_share_inside_and_outside_the_cut() -> None:
    # Ranks 3 and 4 are level on every tiebreaker (rank 3 twice), and so are ranks 6 and 7.
    rows = [
        row(31, 1, 12),
        row(32, 2, 9),
        row(33, 3, 9),
        row(34, 3, 9),
        row(35, 5, 6),
        row(36, 6, 3),
        row(37, 6, 3),
        row(38, 8, 0),
    ]
    bracket = top_cut(rows, 4)
    results = play(bracket)  # the better seed wins: 31 and 32 reach the final, 31 wins
    level = "lost in the semi-finals; 3rd–4th of the semi-finalists, level on Swiss standing"
    assert table(swiss_placings(rows, bracket, results)) == [
        (31, "1st", "won the final"),
        (32, "2nd", "lost the final"),
        (33, "3rd–4th", level),
        (34, "3rd–4th", level),
        (35, "5th", f"Swiss: 1st {OUTSIDE}"),
        (36, "6th–7th", f"Swiss: 2nd–3rd {OUTSIDE}"),
        (37, "6th–7th", f"Swiss: 2nd–3rd {OUTSIDE}"),
        (38, "8th", f"Swiss: 4th {OUTSIDE}"),
    ]
    # Without a cut the Swiss ranks are the places, equal ranks shared.
    assert [place_label(p) for p in swiss_placings(rows)] == [
        "1st", "2nd", "3rd–4th", "3rd–4th", "5th", "6th–7th", "6th–7th", "8th"
    ]  # fmt: skip
    assert [p.how for p in swiss_placings(rows)][1:4] == [
        "Swiss: 9 points, then tiebreakers",
        "Swiss: 9 points, level on every tiebreaker",
        "Swiss: 9 points, level on every tiebreaker",
    ]


def test_swiss_refuses_a_cut_it_cannot_read() -> None:
    bracket = top_cut(SWISS8, 4)
    with pytest.raises(ValueError, match="not in the standings"):
        swiss_placings(SWISS8[1:], bracket, {})
    with pytest.raises(ValueError, match="without its bracket"):
        swiss_placings(SWISS8, None, {1: 7})
    with pytest.raises(ValueError, match="single-elimination"):
        swiss_placings(SWISS8, double_elimination([7, 3, 1, 8]), {})
    with pytest.raises(ValueError, match="not one of"):
        swiss_placings(SWISS8, bracket, {1: 5})
