"""Placings of round robins (points, head-to-head, tiebreakers), the cross-table, pods, teams."""

from __future__ import annotations

import pytest

from tournaments.pairing import (
    Entrant,
    Meeting,
    Placing,
    Result,
    SwissConfig,
    cross_table,
    place_label,
    pod_placings,
    pod_standings,
    round_robin_placings,
    standings,
    swiss_placings,
)


def table(placings: list[Placing]) -> list[tuple[int, str, str]]:
    return [(p.entrant, place_label(p), p.how) for p in placings]


def match(a: int, b: int, wins: tuple[int, int], draws: int = 0, rnd: int = 1) -> Result:
    return Result(rnd, (a, b), wins=wins, draws=draws)


# A round robin of five. A wins everything (12 points); B and C both have 6, B beat C 2-1;
# D has 4 (a win over B, a draw with E), E 1.
#   games  B: 0-2 A, 2-1 C, 1-2 D, 2-1 E: 5 of 11      C: 1-2 A, 1-2 B, 2-0 D, 2-0 E: 6 of 11
# B and C have the same match-win % (6/12), so the same opponents' match-win % (each played
# everyone else); C's game-win % is better (18/33 against 15/33), so the Swiss tiebreakers put C
# ahead of B; head-to-head comes first and puts B ahead.
A, B, C, D, E = 1, 2, 3, 4, 5
RR5 = [
    match(A, B, (2, 0), rnd=1),
    match(C, D, (2, 0), rnd=2),
    match(A, C, (2, 1), rnd=3),
    match(B, E, (2, 1), rnd=4),
    match(A, D, (2, 0), rnd=5),
    match(B, C, (2, 1), rnd=6),
    match(A, E, (2, 0), rnd=7),
    match(D, B, (2, 1), rnd=8),
    match(C, E, (2, 0), rnd=9),
    match(D, E, (1, 1), rnd=10),
]  # one match a round: the rounds do not matter here


def test_round_robin_head_to_head_before_the_tiebreakers() -> None:
    entrants = [Entrant(p) for p in (A, B, C, D, E)]
    assert [s.player for s in standings(entrants, RR5)] == [A, C, B, D, E]  # tiebreakers: C
    assert table(round_robin_placings(entrants, RR5)) == [
        (A, "1st", "round robin: 12 points"),
        (B, "2nd", "round robin: 6 points, ahead on head-to-head"),
        (C, "3rd", "round robin: 6 points, behind on head-to-head"),
        (D, "4th", "round robin: 4 points"),
        (E, "5th", "round robin: 1 point"),
    ]


def test_cross_table() -> None:
    cross = cross_table([A, B, C, D, E], RR5)
    assert len(cross) == 20  # every ordered pair of different players
    assert cross[B, C] == Meeting(1, 1, 0, 0, 2, 1, 0, 3)
    assert cross[C, B] == Meeting(1, 0, 1, 0, 1, 2, 0, 0)
    assert cross[D, E] == cross[E, D] == Meeting(1, 0, 0, 1, 1, 1, 0, 1)
    # Two legs add up; points by the event's config; byes are not in the table; pairs that
    # never met are all zero.
    legs = [match(A, B, (2, 0), rnd=1), match(B, A, (1, 1), draws=1, rnd=2)]
    legs.append(Result(3, (C,), bye=True))
    two = cross_table([A, B, C], legs, SwissConfig(win=2, draw=1, loss=0))
    assert two[A, B] == Meeting(2, 1, 0, 1, 3, 1, 1, 3)
    assert two[B, A] == Meeting(2, 0, 1, 1, 1, 3, 1, 1)
    assert two[A, C] == two[C, B] == Meeting(0, 0, 0, 0, 0, 0, 0, 0)
    with pytest.raises(ValueError, match="unknown player"):
        cross_table([A, B], [match(A, 9, (2, 0))])
    with pytest.raises(ValueError, match="pod"):
        cross_table([A, B, C], [Result(1, (A, B, C), placings=(0, 1, 2))])


def test_round_robin_three_way_tie_level_on_head_to_head() -> None:
    # Q, R and S each beat P and one another in a circle (Q beats R beats S beats Q, each 2-1):
    # 6 points and 3 head-to-head points each. Q beat P 2-0 and R and S 2-1, so Q has the best
    # game-win % (15/24 against 15/27); R and S are equal on every tiebreaker (their opponents'
    # figures mirror each other) and share 2nd–3rd.
    P, Q, R, S = 10, 20, 30, 40
    results = [
        match(Q, P, (2, 0), rnd=1),
        match(R, S, (2, 1), rnd=1),
        match(R, P, (2, 1), rnd=2),
        match(S, Q, (2, 1), rnd=2),
        match(S, P, (2, 1), rnd=3),
        match(Q, R, (2, 1), rnd=3),
    ]
    entrants = [Entrant(p) for p in (P, Q, R, S)]
    level = "round robin: 6 points, level on head-to-head and every tiebreaker"
    assert table(round_robin_placings(entrants, results)) == [
        (Q, "1st", "round robin: 6 points, level on head-to-head, then by game-win %"),
        (R, "2nd–3rd", level),
        (S, "2nd–3rd", level),
        (P, "4th", "round robin: 0 points"),
    ]
    # With matches won as the only tiebreaker nothing tells the three apart: all share 1st–3rd.
    wins_only = round_robin_placings(entrants, results, SwissConfig(tiebreakers=("wins",)))
    assert [place_label(p) for p in wins_only] == ["1st–3rd"] * 3 + ["4th"]


def test_round_robin_head_to_head_applied_again_to_a_smaller_tie() -> None:
    # Six players, every match 2-0 but E v F (a 1-1 draw). A, B, C and D all have 6 points.
    # Among the four: A beat B and C, B beat C and D, C beat D, D beat A -> A 6, B 6, C 3, D 3;
    # then A beat B and C beat D: A, B, C, D. E and F (10 points each) drew and are equal on
    # every tiebreaker: they share 1st–2nd.
    A, B, C, D, E, F = 1, 2, 3, 4, 5, 6
    wins = [(A, B), (A, C), (B, C), (B, D), (C, D), (D, A)]
    wins += [(E, A), (E, B), (E, D), (F, A), (F, B), (F, C), (C, E), (D, F)]
    results = [match(won, lost, (2, 0), rnd=i) for i, (won, lost) in enumerate(wins, start=1)]
    results.append(match(E, F, (1, 1), rnd=len(wins) + 1))
    entrants = [Entrant(p) for p in (A, B, C, D, E, F)]
    top = "round robin: 6 points, 6 points in the matches between the 4 level players"
    low = "round robin: 6 points, 3 points in the matches between the 4 level players"
    level = "round robin: 10 points, level on head-to-head and every tiebreaker"
    assert table(round_robin_placings(entrants, results)) == [
        (E, "1st–2nd", level),
        (F, "1st–2nd", level),
        (A, "3rd", f"{top}, ahead on head-to-head"),
        (B, "4th", f"{top}, behind on head-to-head"),
        (C, "5th", f"{low}, ahead on head-to-head"),
        (D, "6th", f"{low}, behind on head-to-head"),
    ]


def test_pods() -> None:
    # Two rounds of two pods of four, points 3-2-1-0.
    #   round 1: 1, 2, 3, 4 finish in that order; 5, 6, 7, 8 likewise;
    #   round 2: (1, 5, 2, 6) finish 5, 1, 2, 6; (3, 7, 4, 8): 3 first, 7 and 4 tie for second.
    # Points: 5: 6, 1: 5, 3: 4, 2: 3, 7: 3, 6: 2, 4: 2, 8: 0. Level on points, pod-mates' points
    # decide: 2 (mates 1, 3, 4, 1, 5, 6: 24/36) ahead of 7 (5, 6, 8, 3, 4, 8: 14/36), and 6
    # (5, 7, 8, 1, 5, 2: 23/36) ahead of 4 (1, 2, 3, 3, 7, 8: 19/36).
    results = [
        Result(1, (1, 2, 3, 4), placings=(0, 1, 2, 3)),
        Result(1, (5, 6, 7, 8), placings=(0, 1, 2, 3)),
        Result(2, (1, 5, 2, 6), placings=(1, 0, 2, 3)),
        Result(2, (3, 7, 4, 8), placings=(0, 1, 1, 3)),
    ]
    rows = pod_standings([Entrant(p) for p in range(1, 9)], results)
    assert table(pod_placings(rows)) == [
        (5, "1st", "pods: 6 points"),
        (1, "2nd", "pods: 5 points"),
        (3, "3rd", "pods: 4 points"),
        (2, "4th", "pods: 3 points, then tiebreakers"),
        (7, "5th", "pods: 3 points, then tiebreakers"),
        (6, "6th", "pods: 2 points, then tiebreakers"),
        (4, "7th", "pods: 2 points, then tiebreakers"),
        (8, "8th", "pods: 0 points"),
    ]


def test_team_swiss_uses_the_same_function() -> None:
    # Four teams (entries 501-504). Round 1: 501 beats 502, 503 beats 504; round 2: 501 beats
    # 503, 502 beats 504 (all 2-0). 502 and 503 are level on points and every tiebreaker.
    results = [
        match(501, 502, (2, 0), rnd=1),
        match(503, 504, (2, 0), rnd=1),
        match(501, 503, (2, 0), rnd=2),
        match(502, 504, (2, 0), rnd=2),
    ]
    rows = standings([Entrant(t) for t in (501, 502, 503, 504)], results)
    level = "Swiss: 3 points, level on every tiebreaker"
    assert table(swiss_placings(rows)) == [
        (501, "1st", "Swiss: 6 points"),
        (502, "2nd–3rd", level),
        (503, "2nd–3rd", level),
        (504, "4th", "Swiss: 0 points"),
    ]
