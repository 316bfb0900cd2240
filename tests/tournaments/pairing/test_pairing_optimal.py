"""Swiss pairing at the optimum of the documented cost: pinned against networkx's exact
max_weight_matching over the complete graph on worked and random events, and by hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.pairing import Entrant, Pairing, Result, Standing, standings
from tournaments.pairing.cost import optimal_cost, round_cost, weights
from tournaments.pairing.swiss import pair_swiss_certified, pair_swiss_standings


def view(rows: list[Standing], entrants: list[Entrant], rnd: int):  # type: ignore[no-untyped-def]
    """The round as the reference sees it, built from the rows alone (ids, not ranks)."""
    active = {e.id: e for e in entrants if e.active_in(rnd)}
    by_id = {s.player: s for s in rows}
    order = [s.player for s in rows if s.player in active]
    order += sorted(p for p in active if p not in by_id)
    points = {p: by_id[p].match_points if p in by_id else 0 for p in order}
    byes = {p: by_id[p].byes if p in by_id else 0 for p in order}

    def met(a: int, b: int) -> bool:
        return a in by_id and b in by_id[a].opponents

    def mates(a: int, b: int) -> bool:
        return active[a].group is not None and active[a].group == active[b].group

    fewest = min(byes.values()) if byes else 0
    candidates = {p for p in order if byes[p] == fewest} if len(order) % 2 else None
    return order, points, met, mates, candidates


def play(pairing: Pairing, rnd: int, rng: random.Random) -> Result:
    if pairing.bye:
        return Result(rnd, pairing.players, bye=True)
    score = rng.choice([(2, 0), (0, 2), (2, 1), (1, 2), (1, 1), (0, 0)])
    return Result(rnd, pairing.players, wins=score, draws=int(score == (1, 1)))


def check_event(entrants: list[Entrant], rounds: int, seed: int, drop: float = 0.0) -> list[str]:
    """Play the event; every round's cost must equal networkx's optimum. Returns the methods."""
    rng = random.Random(seed)
    results: list[Result] = []
    methods = []
    for rnd in range(1, rounds + 1):
        rows = standings(entrants, results)
        pairings, cert = pair_swiss_certified(rows, entrants, rnd, seed)
        assert pairings == pair_swiss_standings(rows, entrants, rnd, seed)
        order, points, met, mates, candidates = view(rows, entrants, rnd)
        pairs = [p.players for p in pairings if not p.bye]
        bye = next((p.players[0] for p in pairings if p.bye), None)
        if rnd == 1 and bye is not None:  # round 1 ranks by the seeded draw: take its bye
            candidates = {bye}
        best, _, _ = optimal_cost(order, points, met, mates, candidates)
        ours = round_cost(pairs, bye, order, points, met, mates)
        assert ours == best, f"round {rnd}: cost {ours}, networkx optimum {best}"
        if rnd > 1:  # the same ranking as the reference's
            assert cert.cost == cert.lower_bound == best
        methods.append(cert.method)
        results += [play(p, rnd, rng) for p in pairings]
        entrants = [
            Entrant(e.id, e.rating, rnd, e.group)
            if e.dropped_after is None and rng.random() < drop
            else e
            for e in entrants
        ]
    return methods


@pytest.mark.parametrize(
    ("n", "rounds", "clubs", "seed"),
    [(12, 9, 0, 1), (17, 8, 0, 2), (24, 8, 4, 3), (40, 9, 0, 4), (61, 10, 6, 5), (90, 9, 0, 6)],
)
def test_worked_events_cost_the_networkx_optimum(n: int, rounds: int, clubs: int, seed: int):
    entrants = [Entrant(i, group=f"c{i % clubs}" if clubs and i % 2 else None) for i in range(n)]
    methods = check_event(entrants, rounds, seed, drop=0.03)
    assert "bound" in methods  # the sweep's certificate, not only the whole-round fallback


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=2, max_value=34),
    rounds=st.integers(min_value=1, max_value=9),
    seed=st.integers(min_value=0, max_value=2**32),
    clubs=st.sampled_from([0, 0, 2, 5]),
    drop=st.sampled_from([0.0, 0.1]),
)
def test_random_events_cost_the_networkx_optimum(
    n: int, rounds: int, seed: int, clubs: int, drop: float
) -> None:
    rng = random.Random(seed)
    entrants = [
        Entrant(i, group=f"c{rng.randrange(clubs)}" if clubs and rng.random() < 0.4 else None)
        for i in range(n)
    ]
    check_event(entrants, rounds, seed, drop)


def row(player: int, rank: int, points: int, opponents: tuple[int, ...]) -> Standing:
    return Standing(player, rank, points, 0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5, opponents, False)


def test_a_group_that_met_is_split_across_the_groups_below() -> None:
    """By hand: 7 and 8 have 9 points, 1 and 2 (6 points) met, 3 and 4 (3 points) met, 9 and 10
    have 0. The bound (0: every group even) is out of reach; 7-8, 1-3, 2-4 (or 1-4, 2-3), 9-10
    cost 0 + 9 + 9 + 0 = 18, the optimum, found by an exact window (not the whole round)."""
    rows = [
        row(7, 1, 9, ()),
        row(8, 2, 9, ()),
        row(1, 3, 6, (2,)),
        row(2, 4, 6, (1,)),
        row(3, 5, 3, (4,)),
        row(4, 6, 3, (3,)),
        row(9, 7, 0, ()),
        row(10, 8, 0, ()),
    ]
    entrants = [Entrant(i) for i in range(1, 11) if i not in (5, 6)]
    pairings, cert = pair_swiss_certified(rows, entrants, 3, seed=1)
    assert cert.cost == 18 and cert.lower_bound == 18 and cert.method == "bound"
    middle = {frozenset(p.players) for p in pairings[1:3]}
    assert middle in (
        {frozenset({1, 3}), frozenset({2, 4})},
        {frozenset({1, 4}), frozenset({2, 3})},
    )
    assert pairings[0].players == (7, 8) and pairings[3].players == (9, 10)
    assert all("matched" in p.flags and "pair-down" in p.flags for p in pairings[1:3])
    assert "matched" not in pairings[3].flags


def test_the_floater_goes_where_it_costs_least() -> None:
    """By hand: 1 (9 points) has met 2 and 3 (6 points); 4 and 5 have 3 points, 6 has 0. The
    bound pairs 1 with a 6-point player (9): impossible. Best: 1-4 (36), 2-3 (0), 5-6 (9) = 45,
    against 1-5 (36) 2-4 (9) 3-6 (36) or 1-6 (81)."""
    rows = [
        row(1, 1, 9, (2, 3)),
        row(2, 2, 6, (1,)),
        row(3, 3, 6, (1,)),
        row(4, 4, 3, ()),
        row(5, 5, 3, ()),
        row(6, 6, 0, ()),
    ]
    entrants = [Entrant(i) for i in range(1, 7)]
    pairings, cert = pair_swiss_certified(rows, entrants, 3, seed=4)
    assert cert.cost == cert.lower_bound == 45
    assert {frozenset(p.players) for p in pairings} in (
        {frozenset({1, 4}), frozenset({2, 3}), frozenset({5, 6})},
        {frozenset({1, 5}), frozenset({2, 3}), frozenset({4, 6})},
    )


def test_the_weights_rank_the_tiers() -> None:
    """A rematch outweighs any number of teammates, byes and point differences, and so on."""
    w = weights(101, 30)
    assert w.d_max == 50 * 900
    assert w.bye > w.d_max
    assert w.teammates > 101 * w.bye + w.d_max
    assert w.rematch > 50 * w.teammates + 101 * w.bye + w.d_max


def test_a_window_between_large_groups_uses_reservoirs_and_stays_optimal() -> None:
    """Two players with 4 points who met sit between groups of 30 (6 points) and 30 (3 points)
    (two players above them with 9, two below with 0),
    with a few of those having met: the window takes the large groups as reservoirs, and the
    round still costs networkx's optimum over the complete graph."""
    rng = random.Random(11)
    top = list(range(100, 130))
    bottom = list(range(200, 230))
    met: dict[int, set[int]] = {p: set() for p in [7, 8, *top, 1, 2, *bottom, 9, 10]}
    met[1].add(2)
    met[2].add(1)
    for group in (top, bottom):
        for _ in range(12):
            a, b = rng.sample(group, 2)
            met[a].add(b)
            met[b].add(a)
    points = {7: 9, 8: 9, **dict.fromkeys(top, 6), 1: 4, 2: 4, **dict.fromkeys(bottom, 3)}
    points |= {9: 0, 10: 0}
    order = [7, 8, *top, 1, 2, *bottom, 9, 10]
    rows = [row(p, i + 1, points[p], tuple(sorted(met[p]))) for i, p in enumerate(order)]
    entrants = [Entrant(p) for p in order]
    pairings, cert = pair_swiss_certified(rows, entrants, 4, seed=2)
    assert any("matched" in p.flags for p in pairings)
    best, _, _ = optimal_cost(order, points, lambda a, b: b in met[a], lambda a, b: False, None)
    assert cert.method == "bound" and cert.cost == cert.lower_bound == best
    assert not any("rematch" in p.flags for p in pairings)


def test_a_round_after_everyone_dropped_pairs_nobody_at_no_cost():
    """Found by the random events above: once every entrant has dropped, the next round has
    nobody to pair, and its certificate is 0 = 0 (it used to fail on an empty field)."""
    entrants = [Entrant(0, None, 1, None), Entrant(1, None, 1, None)]
    rows = standings(entrants, [Result(round=1, players=(0, 1), wins=(2, 0))])
    pairings, cert = pair_swiss_certified(rows, entrants, 2, 1)
    assert pairings == [] and (cert.cost, cert.lower_bound) == (0, 0)
