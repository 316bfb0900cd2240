"""Standings and tiebreakers against hand-worked examples (byes, draws, drops, floors, ties)."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Entrant, Result, SwissConfig, paper_standings, standings

A, B, C, D, E = range(5)

# Five players; D drops after round 2 (and stays in C's figures).
# Round 1: A beats B 2-1; C beats D 2-0; E has the bye.
# Round 2: A and C draw 1-1 with a drawn game; B beats E 2-0; D has the bye.
# Round 3: E beats A 2-0; B beats C 2-1.
EVENT = [
    Result(1, (A, B), wins=(2, 1)),
    Result(1, (C, D), wins=(2, 0)),
    Result(1, (E,), bye=True),
    Result(2, (A, C), wins=(1, 1), draws=1),
    Result(2, (B, E), wins=(2, 0)),
    Result(2, (D,), bye=True),
    Result(3, (E, A), wins=(2, 0)),
    Result(3, (B, C), wins=(2, 1)),
]
ENTRANTS = [Entrant(A), Entrant(B), Entrant(C), Entrant(D, dropped_after=2), Entrant(E)]

# Match points (win 3, draw 1, loss 0, bye = win): A 3+1+0=4, B 0+3+3=6, C 3+1+0=4, D 0+3=3,
# E 3+0+3=6.  MWP = points / (3 x matches):
MWP = {A: F(4, 9), B: F(6, 9), C: F(4, 9), D: F(3, 6), E: F(6, 9)}
# Game points (3 per game won, 1 per drawn game) / (3 x games):
#   A: 2-1 (6 of 3 games), 1-1-1 (4 of 3), 0-2 (0 of 2)   -> 10 / 24
#   B: 1-2 (3 of 3), 2-0 (6 of 2), 2-1 (6 of 3)            -> 15 / 24
#   C: 2-0 (6 of 2), 1-1-1 (4 of 3), 1-2 (3 of 3)          -> 13 / 24
#   D: 0-2 (0 of 2), bye 2-0 (6 of 2)                      -> 6 / 12
#   E: bye 2-0 (6 of 2), 0-2 (0 of 2), 2-0 (6 of 2)        -> 12 / 18
GWP = {A: F(10, 24), B: F(15, 24), C: F(13, 24), D: F(6, 12), E: F(12, 18)}
# Opponents (byes are no opponent): A: B, C, E; B: A, E, C; C: D, A, B; D: C; E: B, A.
# OMW  A: (6/9 + 4/9 + 6/9) / 3 = 16/27     OGW  A: (15/24 + 13/24 + 16/24) / 3 = 44/72
#      B: (4/9 + 6/9 + 4/9) / 3 = 14/27          B: (10/24 + 16/24 + 13/24) / 3 = 39/72
#      C: (1/2 + 4/9 + 6/9) / 3 = 29/54          C: (12/24 + 10/24 + 15/24) / 3 = 37/72
#      D: 4/9                                    D: 13/24
#      E: (6/9 + 4/9) / 2 = 5/9                  E: (15/24 + 10/24) / 2 = 25/48
OMW = {A: F(16, 27), B: F(14, 27), C: F(29, 54), D: F(4, 9), E: F(5, 9)}
OGW = {A: F(44, 72), B: F(39, 72), C: F(37, 72), D: F(13, 24), E: F(25, 48)}
# Order: E and B on 6 points, E ahead on OMW (5/9 > 14/27); A and C on 4, A ahead (16/27 > 29/54);
# then D on 3.
ORDER = [E, B, A, C, D]


def test_hand_worked_event_with_byes_draws_and_a_drop() -> None:
    rows = standings(ENTRANTS, EVENT)
    assert [s.player for s in rows] == ORDER
    assert [s.rank for s in rows] == [1, 2, 3, 4, 5]
    by = {s.player: s for s in rows}
    assert {p: s.match_points for p, s in by.items()} == {A: 4, B: 6, C: 4, D: 3, E: 6}
    for p in range(5):
        assert by[p].mwp == pytest.approx(float(MWP[p]))
        assert by[p].gwp == pytest.approx(float(GWP[p]))
        assert by[p].omw == pytest.approx(float(OMW[p]))
        assert by[p].ogw == pytest.approx(float(OGW[p]))
    assert (by[A].wins, by[A].losses, by[A].draws, by[A].byes) == (1, 1, 1, 0)
    assert (by[E].wins, by[E].losses, by[E].draws, by[E].byes) == (2, 1, 0, 1)
    assert by[D].dropped and not by[C].dropped
    assert by[C].opponents == (D, A, B)
    assert by[E].opponents == (B, A)


def test_tiebreaker_order_is_configurable() -> None:
    # With game-win % first, C (13/24) passes A (10/24) on 4 points; E (2/3) still leads B (5/8).
    rows = standings(ENTRANTS, EVENT, SwissConfig(tiebreakers=("gwp", "omw")))
    assert [s.player for s in rows] == [E, B, C, A, D]


def test_floor_and_full_ties() -> None:
    # R1: 0 beats 1 2-0, 2 beats 3 2-0.  R2: 0 beats 2 2-0, 1 beats 3 2-0.
    # MWP: 0 -> 1, 1 -> 1/2, 2 -> 1/2, 3 -> 0 floored to 1/3.  GWP the same (2-0 each time).
    # OMW: 1 -> (1 + 1/3) / 2 = 2/3, 2 -> (1/3 + 1) / 2 = 2/3; OGW likewise: 1 and 2 tie fully.
    # 0: OMW (1/2 + 1/2) / 2 = 1/2; 3: OMW (1/2 + 1/2) / 2 = 1/2.
    results = [
        Result(1, (0, 1), wins=(2, 0)),
        Result(1, (2, 3), wins=(2, 0)),
        Result(2, (0, 2), wins=(2, 0)),
        Result(2, (1, 3), wins=(2, 0)),
    ]
    rows = standings([Entrant(i) for i in range(4)], results)
    assert [(s.player, s.rank) for s in rows] == [(0, 1), (1, 2), (2, 2), (3, 4)]
    by = {s.player: s for s in rows}
    assert by[3].mwp == pytest.approx(1 / 3) and by[3].gwp == pytest.approx(1 / 3)
    assert by[1].omw == pytest.approx(2 / 3) and by[2].ogw == pytest.approx(2 / 3)
    assert by[0].omw == pytest.approx(1 / 2)


def test_intentional_draw_and_only_byes() -> None:
    # 0 and 1 draw 0-0 (no games): 1 point each, MWP 1/3, no games so GWP is the floor.
    # 2 only had a bye: 3 points, MWP 1, GWP 1, no opponent so OMW and OGW are the floor.
    results = [Result(1, (0, 1)), Result(1, (2,), bye=True)]
    by = {s.player: s for s in standings([Entrant(i) for i in range(3)], results)}
    assert (by[0].match_points, by[0].draws) == (1, 1)
    assert by[0].gwp == pytest.approx(1 / 3)
    assert by[2].match_points == 3 and by[2].gwp == 1.0 and by[2].omw == pytest.approx(1 / 3)
    assert by[2].rank == 1


def test_bad_results_are_refused() -> None:
    entrants = [Entrant(i) for i in range(4)]
    with pytest.raises(ValueError, match="unknown player"):
        standings(entrants, [Result(1, (0, 9), wins=(2, 0))])
    with pytest.raises(ValueError, match="two results"):
        standings(entrants, [Result(1, (0, 1), wins=(2, 0)), Result(1, (0, 2), wins=(2, 0))])
    with pytest.raises(ValueError, match="tiebreaker"):
        standings(entrants, [], SwissConfig(tiebreakers=("buchholz",)))


def test_paper_event_matches_standings() -> None:
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    event = {
        "players": names,
        "rounds": [
            [
                {"players": ["Ann", "Bob"], "wins": [2, 1], "draws": 0},
                {"players": ["Cat", "Dan"], "wins": [2, 0]},
                {"players": ["Eve"], "bye": True},
            ],
            [
                {"players": ["Ann", "Cat"], "wins": [1, 1], "draws": 1},
                {"players": ["Bob", "Eve"], "wins": [2, 0], "draws": 0},
                {"players": ["Dan"], "bye": True},
            ],
            [
                {"players": ["Eve", "Ann"], "wins": [2, 0], "draws": 0},
                {"players": ["Bob", "Cat"], "wins": [2, 1], "draws": 0},
            ],
        ],
        "drops": {"Dan": 2},
    }
    out = paper_standings(event)
    assert [row["player"] for row in out] == [names[p] for p in ORDER]
    assert out[0] == {
        "rank": 1,
        "player": "Eve",
        "match_points": 6,
        "omw": round(float(OMW[E]), 4),
        "gw": round(float(GWP[E]), 4),
        "ogw": round(float(OGW[E]), 4),
    }
    assert out[3]["omw"] == 0.537 and out[3]["gw"] == 0.5417  # Cat: 29/54, 13/24


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"players": ["a", "a"], "rounds": []}, "twice"),
        ({"players": ["a", "b"], "rounds": [[{"players": ["a", "x"], "wins": [2, 0]}]]}, "unknown"),
        ({"players": ["a", "b"], "rounds": [[{"players": ["a"], "wins": [2, 0]}]]}, "two players"),
        ({"players": ["a", "b"], "rounds": [[{"players": ["a", "b"], "wins": [2]}]]}, "wins"),
        ({"players": ["a"], "rounds": [], "drops": {"z": 1}}, "unknown"),
        (
            {
                "players": ["a", "b", "c"],
                "rounds": [[{"players": ["a", "b"], "wins": [2, 0]}, {"players": ["a"], "bye": 1}]],
            },
            "two results",
        ),
    ],
)
def test_paper_event_errors(event: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        paper_standings(event)


def reference(entrants: list[Entrant], results: list[Result]) -> dict[int, tuple]:
    """Exact figures straight from the definitions, with fractions."""
    floor = F(1, 3)
    pts: dict[int, int] = {e.id: 0 for e in entrants}
    matches = dict.fromkeys(pts, 0)
    gpts = dict.fromkeys(pts, 0)
    games = dict.fromkeys(pts, 0)
    opps: dict[int, list[int]] = {p: [] for p in pts}
    for r in results:
        if r.bye:
            (p,) = r.players
            pts[p] += 3
            matches[p] += 1
            gpts[p] += 6
            games[p] += 2
            continue
        (a, b), (wa, wb) = r.players, r.wins or (0, 0)
        for me, you, mine, yours in ((a, b, wa, wb), (b, a, wb, wa)):
            pts[me] += 3 if mine > yours else (1 if mine == yours else 0)
            matches[me] += 1
            gpts[me] += 3 * mine + r.draws
            games[me] += wa + wb + r.draws
            opps[me].append(you)
    mwp = {p: max(floor, F(pts[p], 3 * matches[p])) if matches[p] else floor for p in pts}
    gwp = {p: max(floor, F(gpts[p], 3 * games[p])) if games[p] else floor for p in pts}

    def mean(xs: list[F]) -> F:
        return sum(xs, F(0)) / len(xs) if xs else floor

    return {
        p: (
            pts[p],
            mwp[p],
            mean([mwp[o] for o in opps[p]]),
            gwp[p],
            mean([gwp[o] for o in opps[p]]),
        )
        for p in pts
    }


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=12), st.integers(0, 6), st.integers(0, 2**32))
def test_standings_agree_with_exact_definitions(n: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    entrants = [Entrant(i, dropped_after=rng.choice([None, None, 1, 2])) for i in range(n)]
    results: list[Result] = []
    for rnd in range(1, rounds + 1):
        order = [e.id for e in entrants if e.active_in(rnd)]
        rng.shuffle(order)
        if len(order) % 2:
            results.append(Result(rnd, (order.pop(),), bye=True))
        for i in range(0, len(order), 2):
            score = rng.choice([(2, 0), (0, 2), (2, 1), (1, 2), (1, 1), (0, 0), (1, 0)])
            results.append(
                Result(rnd, (order[i], order[i + 1]), wins=score, draws=rng.randrange(2))
            )
    rows = standings(entrants, results)
    exact = reference(entrants, results)
    for s in rows:
        pts, mwp, omw, gwp, ogw = exact[s.player]
        assert s.match_points == pts
        assert (s.mwp, s.omw, s.gwp, s.ogw) == pytest.approx(
            (float(mwp), float(omw), float(gwp), float(ogw))
        )
    # ranks follow (points, omw, gwp, ogw) exactly; equal ranks only on equal keys
    keys = {p: (e[0], e[2], e[3], e[4]) for p, e in exact.items()}
    for better, worse in zip(rows, rows[1:], strict=False):
        assert keys[better.player] >= keys[worse.player]
        assert (better.rank == worse.rank) == (keys[better.player] == keys[worse.player])
    # the order of the results does not matter
    shuffled = results[:]
    rng.shuffle(shuffled)
    assert standings(entrants, shuffled) == rows
