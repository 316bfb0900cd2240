"""Free-for-all pods: sizes for every count, everyone seated once, Swiss-style, pod standings."""

from __future__ import annotations

import random

import pytest

from tournaments.pairing import Entrant, Pairing, Result, pod_sizes, pod_standings, pods

SIZE_SETS = [(4, 3), (3, 4), (4, 5, 3), (3,), (4,), (5, 4), (3, 5)]


@pytest.mark.parametrize("sizes", SIZE_SETS)
def test_pod_sizes_cover_every_count(sizes: tuple[int, ...]) -> None:
    for n in range(0, 301):
        split, byes = pod_sizes(n, sizes)
        assert sum(split) + byes == n
        assert all(s in sizes for s in split)
        if byes:  # only when no exact split exists, and then as few byes as possible
            assert all(_no_split(n - b, sizes) for b in range(byes))
    # with two consecutive sizes every count from the smaller one up fits exactly
    for n in range(3, 301):
        assert pod_sizes(n, (4, 3))[1] == (1 if n == 5 else 0)
        assert pod_sizes(n, (3, 4, 5))[1] == 0


def _no_split(n: int, sizes: tuple[int, ...]) -> bool:
    reachable = {0}
    for total in range(1, n + 1):
        if any(total - s in reachable for s in sizes):
            reachable.add(total)
    return n not in reachable


def test_preferred_size_first() -> None:
    assert pod_sizes(12, (4, 3)) == ([4, 4, 4], 0)
    assert pod_sizes(12, (3, 4)) == ([3, 3, 3, 3], 0)
    assert pod_sizes(10, (4, 3)) == ([4, 3, 3], 0)
    assert pod_sizes(5, (4, 3)) == ([4], 1)


def play_pod(pairing: Pairing, rnd: int, rng: random.Random) -> Result:
    if pairing.bye:
        return Result(rnd, pairing.players, bye=True)
    places = list(range(len(pairing.players)))
    rng.shuffle(places)
    if rng.random() < 0.2:  # a tie for a place
        places = [min(places[0], places[1]), min(places[0], places[1]), *places[2:]]
    return Result(rnd, pairing.players, placings=tuple(places))


@pytest.mark.parametrize("sizes", [(4, 3), (3, 4, 5), (5, 4, 3)])
@pytest.mark.parametrize("n", range(3, 41))
def test_pods_seat_every_active_entrant(n: int, sizes: tuple[int, ...]) -> None:
    rng = random.Random(n)
    entrants = [Entrant(i) for i in range(n)]
    results: list[Result] = []
    for rnd in range(1, 5):
        active = [e.id for e in entrants if e.active_in(rnd)]
        tables = pods(entrants, results, rnd, seed=n, sizes=sizes)
        seated = [p for t in tables for p in t.players]
        assert sorted(seated) == sorted(active)
        split, byes = pod_sizes(len(active), sizes)
        assert sorted(len(t.players) for t in tables if not t.bye) == sorted(split)
        assert sum(t.bye for t in tables) == byes
        rows = {s.player: s for s in pod_standings(entrants, results)}
        for t in tables:
            if not t.bye:
                points = [rows[p].match_points for p in t.players]
                assert ("pair-down" in t.flags) == (min(points) != max(points))
        # Swiss-style: pods are cut top-down, so pod i's best is no better than pod i-1's worst
        # (up to swaps between equal-point players)
        seated_pods = [t for t in tables if not t.bye]
        for upper, lower in zip(seated_pods, seated_pods[1:], strict=False):
            assert min(rows[p].match_points for p in upper.players) >= max(
                rows[p].match_points for p in lower.players
            )
        results += [play_pod(t, rnd, rng) for t in tables]
        if rnd == 2 and n > 6:  # someone drops
            entrants[0] = Entrant(0, dropped_after=2)


def test_pod_standings_hand_worked() -> None:
    # Round 1: pod (0, 1, 2, 3) placings 0, 1, 2, 3 -> points 3, 2, 1, 0.
    # Round 2: pod (3, 2, 1) with 3 and 2 tied first (placing 0) and 1 last (placing 2):
    #          points 3, 3, 1; player 0 has a bye (first-place points, 3).
    results = [
        Result(1, (0, 1, 2, 3), placings=(0, 1, 2, 3)),
        Result(2, (3, 2, 1), placings=(0, 0, 2)),
        Result(2, (0,), bye=True),
    ]
    rows = pod_standings([Entrant(i) for i in range(4)], results)
    by = {s.player: s for s in rows}
    assert {p: s.match_points for p, s in by.items()} == {0: 6, 1: 3, 2: 4, 3: 3}
    assert [s.player for s in rows][:2] == [0, 2]
    # gwp: share of pod-mates finished ahead of (ties half).  Player 1: 2/3 then 0/2 -> 1/3.
    assert by[1].gwp == pytest.approx((2 / 3 + 0) / 2)
    # Player 3: 0/3, then ahead of 1 and tied with 2: (1 + 0.5) / 2 = 3/4 -> mean 3/8.
    assert by[3].gwp == pytest.approx(3 / 8)
    assert (by[3].wins, by[3].draws, by[3].losses) == (0, 1, 1)
    assert by[0].byes == 1 and by[0].wins == 2
    # mwp = points / (3 x pods): 1 -> 3/6; 2 -> 4/6; 3 -> 3/6.  3's pod-mates 0, 1, 2 then 2, 1.
    assert by[3].omw == pytest.approx((1 + 0.5 + 4 / 6 + 4 / 6 + 0.5) / 5)


def test_pods_refuse_a_round_already_played() -> None:
    entrants = [Entrant(i) for i in range(4)]
    with pytest.raises(ValueError):
        pods(entrants, [Result(1, (0, 1, 2, 3), placings=(0, 1, 2, 3))], 1, seed=1)
