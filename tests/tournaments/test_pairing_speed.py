"""The fast standings equal a straightforward reference, and 10,000 players take well under 0.2 s.

``tournaments.pairing.standings`` works on packed per-player records and column lists for speed;
:func:`reference_standings` below is the plain reading of the definitions (one record per player,
one result at a time). They must agree exactly: every field of every row, floats included, and
the same errors for bad input.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Entrant, Result, Standing, SwissConfig, standings


def reference_standings(
    entrants: list[Entrant], results: list[Result], config: SwissConfig
) -> list[Standing]:
    """Standings straight from the definitions in ``tournaments.pairing.standings``."""
    win, draw, loss, floor = config.win, config.draw, config.loss, config.floor
    record = {e.id: {"w": 0, "l": 0, "d": 0, "byes": 0, "gp": 0, "games": 0} for e in entrants}
    opponents: dict[int, list[int]] = {e.id: [] for e in entrants}
    for r in sorted(results, key=lambda r: r.round):
        if r.bye:
            (p,) = r.players
            record[p]["w"] += 1
            record[p]["byes"] += 1
            record[p]["gp"] += 2 * win
            record[p]["games"] += 2
            continue
        (a, b), (wa, wb) = r.players, r.wins or (0, 0)
        for me, you, mine, yours in ((a, b, wa, wb), (b, a, wb, wa)):
            outcome = "w" if mine > yours else ("d" if mine == yours else "l")
            record[me][outcome] += 1
            record[me]["gp"] += mine * win + r.draws * draw
            record[me]["games"] += wa + wb + r.draws
            opponents[me].append(you)
    points, mwp, gwp = {}, {}, {}
    for p, rec in record.items():
        points[p] = win * rec["w"] + draw * rec["d"] + loss * rec["l"]
        matches = rec["w"] + rec["d"] + rec["l"]
        mwp[p] = max(floor, points[p] / (win * matches)) if matches else floor
        gwp[p] = max(floor, rec["gp"] / (win * rec["games"])) if rec["games"] else floor

    def mean(figure: dict[int, float], opps: list[int]) -> float:
        return sum(figure[o] for o in opps) / len(opps) if opps else floor

    omw = {p: mean(mwp, opponents[p]) for p in record}
    ogw = {p: mean(gwp, opponents[p]) for p in record}
    figures = {"mwp": mwp, "omw": omw, "gwp": gwp, "ogw": ogw}
    figures["wins"] = {p: rec["w"] for p, rec in record.items()}

    def key(p: int) -> tuple:
        return (points[p], *(round(figures[name][p], 10) for name in config.tiebreakers))

    ranked = sorted(record, key=lambda p: (tuple(-x for x in key(p)), p))
    dropped = {e.id: e.dropped_after is not None for e in entrants}
    rows = []
    for place, p in enumerate(ranked, start=1):
        rank = rows[-1].rank if rows and key(rows[-1].player) == key(p) else place
        rec = record[p]
        rows.append(
            Standing(
                player=p,
                rank=rank,
                match_points=points[p],
                wins=rec["w"],
                losses=rec["l"],
                draws=rec["d"],
                byes=rec["byes"],
                mwp=mwp[p],
                omw=omw[p],
                gwp=gwp[p],
                ogw=ogw[p],
                opponents=tuple(opponents[p]),
                dropped=dropped[p],
            )
        )
    return rows


SCORES = [(2, 0), (0, 2), (2, 1), (1, 2), (1, 1), (0, 0), (1, 0), (0, 1), (3, 2), ()]


def random_event(seed: int, n: int, rounds: int, late: int) -> tuple[list[Entrant], list[Result]]:
    """A Swiss-like event: random pairings, byes, draws, drops, late entries, shuffled ids."""
    rng = random.Random(seed)
    ids = rng.sample(range(-50, 10 * n + 50), n)  # any ints, not positions, not in order
    entrants = [Entrant(pid, dropped_after=rng.choice([None, None, None, 1, 2, 4])) for pid in ids]
    results: list[Result] = []
    for rnd in range(1, rounds + 1):
        # the last `late` entrants join in round 2
        playing = [e.id for i, e in enumerate(entrants) if e.active_in(rnd)]
        playing = [p for p in playing if rnd > 1 or p not in ids[n - late :]]
        rng.shuffle(playing)
        if len(playing) % 2:
            results.append(Result(rnd, (playing.pop(),), bye=True))
        for i in range(0, len(playing), 2):
            wins = rng.choice(SCORES)
            draws = rng.choice([0, 0, 0, 1, 2])
            results.append(Result(rnd, (playing[i], playing[i + 1]), wins=wins, draws=draws))
    rng.shuffle(results)
    return entrants, results


CONFIGS = st.builds(
    SwissConfig,
    win=st.integers(1, 5),
    draw=st.integers(0, 2),
    loss=st.integers(-1, 1),
    tiebreakers=st.permutations(["omw", "gwp", "ogw", "mwp", "wins"]).map(
        lambda names: tuple(names[:3])
    ),
    floor=st.sampled_from([1 / 3, 0.0, 0.25]),
)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(0, 16),
    st.integers(0, 8),
    st.integers(0, 3),
    CONFIGS,
)
def test_fast_standings_equal_the_reference(
    seed: int, n: int, rounds: int, late: int, config: SwissConfig
) -> None:
    entrants, results = random_event(seed, n, rounds, min(late, n))
    assert standings(entrants, results, config) == reference_standings(entrants, results, config)


def test_a_larger_event_equals_the_reference() -> None:
    entrants, results = random_event(7, 301, 9, 5)
    rows = standings(entrants, results)
    assert rows == reference_standings(entrants, results, SwissConfig())
    assert len({s.rank for s in rows}) > 100  # a real spread, not one big tie


ENTRANTS = [Entrant(i) for i in range(4)]


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ([Result(1, (0, 9), wins=(2, 0))], "unknown player 9"),
        ([Result(1, (0, 1), wins=(2, 0)), Result(1, (2, 0), wins=(2, 0))], "player 0 has two"),
        ([Result(1, (0, 1), wins=(2, 0)), Result(1, (1,), bye=True)], "player 1 has two"),
        ([Result(1, (2,), bye=True), Result(1, (2,), bye=True)], "player 2 has two"),
        ([Result(1, (3, 3), wins=(2, 0))], "player 3 has two"),
        ([Result(1, (0, 1, 2), wins=(2, 0))], "needs 2 player"),
        ([Result(1, (0, 1), bye=True)], "needs 1 player"),
        ([Result(1, (0, 1), wins=(2,))], "wins needs one number per player"),
        ([Result(1, (0, 1), wins=(2, -1))], "whole numbers from 0"),
        ([Result(1, (0, 1, 2), placings=(0, 1, 2))], "pod_standings"),
    ],
)
def test_bad_results_are_refused_by_name(results: list[Result], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        standings(ENTRANTS, results)


def test_entrant_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="listed twice"):
        standings([Entrant(1), Entrant(1)], [])


def test_empty_and_single_player_events() -> None:
    assert standings([], []) == []
    (only,) = standings([Entrant(5)], [Result(1, (5,), bye=True)])
    assert (only.rank, only.match_points, only.byes, only.opponents) == (1, 3, 1, ())
