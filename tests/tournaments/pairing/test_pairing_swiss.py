"""Swiss pairing: rematch and teammate avoidance (checked by brute force and networkx), byes,
drops, determinism, flags; hundreds of random events."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    Entrant,
    Pairing,
    Result,
    default_swiss_rounds,
    pair_swiss,
    standings,
)


def play(pairing: Pairing, rnd: int, rng: random.Random) -> Result:
    if pairing.bye:
        return Result(rnd, pairing.players, bye=True)
    score = rng.choice([(2, 0), (0, 2), (2, 1), (1, 2), (1, 1), (0, 0)])
    return Result(rnd, pairing.players, wins=score, draws=int(score == (1, 1)))


def history(results: list[Result]) -> tuple[dict[int, set[int]], Counter[int]]:
    met: dict[int, set[int]] = {}
    byes: Counter[int] = Counter()
    for r in results:
        if r.bye:
            byes[r.players[0]] += 1
        else:
            a, b = r.players
            met.setdefault(a, set()).add(b)
            met.setdefault(b, set()).add(a)
    return met, byes


def matchings(players: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for tail in matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def best_possible(
    active: list[int], met: dict[int, set[int]], team: dict[int, str | None], byes: Counter[int]
) -> tuple[int, int]:
    """Fewest (rematches, teammate pairs) of any legal pairing, by brute force."""
    if len(active) % 2:
        fewest = min(byes[p] for p in active)
        bye_options = [p for p in active if byes[p] == fewest]
    else:
        bye_options = [None]
    best = (10**9, 10**9)
    for bye in bye_options:
        rest = [p for p in active if p != bye]
        for pairs in matchings(rest):
            cost = (
                sum(b in met.get(a, ()) for a, b in pairs),
                sum(team[a] is not None and team[a] == team[b] for a, b in pairs),
            )
            best = min(best, cost)
    return best


def check_round(
    pairings: list[Pairing],
    entrants: list[Entrant],
    results: list[Result],
    rnd: int,
    brute_force: bool,
) -> None:
    active = [e.id for e in entrants if e.active_in(rnd)]
    team = {e.id: e.group for e in entrants}
    met, byes = history(results)
    seated = [p for pairing in pairings for p in pairing.players]
    assert sorted(seated) == sorted(active), "every active player exactly once, nobody else"
    bye_tables = [p for p in pairings if p.bye]
    assert len(bye_tables) == len(active) % 2
    for table in bye_tables:
        (p,) = table.players
        assert byes[p] == min(byes[q] for q in active), "a second bye while someone has fewer"
        assert "bye" in table.flags and table.why
    pairs = [p.players for p in pairings if not p.bye]
    rematches = sum(b in met.get(a, ()) for a, b in pairs)
    mates = sum(team[a] is not None and team[a] == team[b] for a, b in pairs)
    rank = {s.player: s.rank for s in standings(entrants, results)}
    for table in pairings:
        if not table.bye:
            a, b = table.players
            assert ("rematch" in table.flags) == (b in met.get(a, ()))
            assert rank[a] <= rank[b] or rnd == 1, "the higher-ranked player first"
    if brute_force:
        assert (rematches, mates) == best_possible(active, met, team, byes)
    elif rematches:
        assert not clean_pairing_exists(active, met, byes, {})
    elif mates:
        assert not clean_pairing_exists(active, met, byes, team)


def clean_pairing_exists(
    active: list[int], met: dict[int, set[int]], byes: Counter[int], team: dict[int, str | None]
) -> bool:
    """Whether some legal pairing has no rematch (and no teammates, given ``team``): networkx."""
    graph = nx.Graph()
    graph.add_nodes_from(active)
    graph.add_edges_from(
        (a, b)
        for i, a in enumerate(active)
        for b in active[i + 1 :]
        if b not in met.get(a, ()) and (team.get(a) is None or team.get(a) != team.get(b))
    )
    if len(active) % 2:
        fewest = min(byes[p] for p in active)
        graph.add_edges_from(("bye", p) for p in active if byes[p] == fewest)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == graph.number_of_nodes()


def run_event(
    entrants: list[Entrant], rounds: int, seed: int, brute_force: bool, drop_rate: float = 0.0
) -> list[Result]:
    rng = random.Random(seed)
    results: list[Result] = []
    for rnd in range(1, rounds + 1):
        pairings = pair_swiss(entrants, results, rnd, seed)
        check_round(pairings, entrants, results, rnd, brute_force)
        results += [play(p, rnd, rng) for p in pairings]
        entrants = [
            Entrant(e.id, e.rating, rnd, e.group)
            if e.dropped_after is None and rng.random() < drop_rate
            else e
            for e in entrants
        ]
    return results


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=2, max_value=10),
    extra_rounds=st.integers(min_value=0, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32),
    teams=st.integers(min_value=0, max_value=3),
    drop_rate=st.sampled_from([0.0, 0.0, 0.1, 0.25]),
)
def test_small_fields_many_rounds_are_optimal(
    n: int, extra_rounds: int, seed: int, teams: int, drop_rate: float
) -> None:
    """Brute force: the fewest rematches possible (none if avoidable), then the fewest teammates."""
    rng = random.Random(seed)
    entrants = [
        Entrant(i, group=f"t{rng.randrange(teams)}" if teams and rng.random() < 0.5 else None)
        for i in range(n)
    ]
    run_event(entrants, n - 1 + extra_rounds, seed, brute_force=True, drop_rate=drop_rate)


@pytest.mark.parametrize("seed", range(200))
def test_hundreds_of_random_events(seed: int) -> None:
    """Medium fields, some with clubs: a rematch (teammates) only when networkx finds no pairing
    without one."""
    rng = random.Random(seed)
    n = rng.randrange(11, 41)
    clubs = rng.choice([0, 0, 3, 8])
    entrants = [
        Entrant(i, rating=rng.gauss(1500, 200), group=f"c{i % clubs}" if clubs else None)
        for i in range(n)
    ]
    rounds = default_swiss_rounds(n) + rng.randrange(0, 4)
    run_event(entrants, rounds, seed, brute_force=False, drop_rate=0.05)


def test_large_field_has_no_rematches() -> None:
    rng = random.Random(3)
    entrants = [Entrant(i, group=f"club{i % 50}") for i in range(1000)]
    results: list[Result] = []
    for rnd in range(1, default_swiss_rounds(1000) + 1):
        pairings = pair_swiss(entrants, results, rnd, seed=3)
        assert not any({"rematch", "teammates"} & p.flags for p in pairings)
        results += [play(p, rnd, rng) for p in pairings]


def test_deterministic_for_a_seed_and_random_between_seeds() -> None:
    entrants = [Entrant(i) for i in range(21)]
    assert pair_swiss(entrants, [], 1, seed=5) == pair_swiss(entrants, [], 1, seed=5)
    assert pair_swiss(entrants, [], 1, seed=5) != pair_swiss(entrants, [], 1, seed=6)
    rng = random.Random(0)
    results = [play(p, 1, rng) for p in pair_swiss(entrants, [], 1, seed=5)]
    assert pair_swiss(entrants, results, 2, seed=5) == pair_swiss(entrants, results, 2, seed=5)
    assert all("random" in p.flags for p in pair_swiss(entrants, [], 1, seed=5) if not p.bye)


def test_seeded_first_round_folds_by_rating() -> None:
    entrants = [Entrant(i, rating=1000 + i) for i in range(9)]  # 8 is the best, 0 the worst
    pairings = pair_swiss(entrants, [], 1, seed=1, seeded_first_round=True)
    assert [p.players for p in pairings] == [(8, 4), (7, 3), (6, 2), (5, 1), (0,)]
    assert pairings[-1].bye and "lowest-rated" in pairings[-1].why
    # teammates in the fold are split up
    entrants = [Entrant(i, rating=1000 + i, group="a" if i in (7, 3) else None) for i in range(8)]
    pairings = pair_swiss(entrants, [], 1, seed=1, seeded_first_round=True)
    assert not any("teammates" in p.flags for p in pairings)
    assert sorted(p for t in pairings for p in t.players) == list(range(8))


def test_point_groups_pair_down_and_bye_to_lowest_without_bye() -> None:
    # Round 1 results: 0, 2, 4 won, 1, 3 lost, 5 had the bye. 6 joins late with 0 points.
    entrants = [Entrant(i) for i in range(7)]
    results = [
        Result(1, (0, 1), wins=(2, 0)),
        Result(1, (2, 3), wins=(2, 1)),
        Result(1, (4, 6), wins=(2, 0)),
    ]
    entrants = [*entrants[:6], Entrant(7)]  # 6 dropped out of the entry list; 7 is new
    results = results[:2] + [Result(1, (4,), bye=True)]
    pairings = pair_swiss(entrants, results, 2, seed=9)
    rows = {s.player: s for s in standings(entrants, results)}
    bye = next(p for p in pairings if p.bye)
    # active: 0,1,2,3,4,5,7 (7 players); 4 had a bye, so the lowest-ranked without one gets it
    without = [s.player for s in sorted(rows.values(), key=lambda s: s.rank) if s.byes == 0]
    assert bye.players == (without[-1],)
    assert "without a bye" in bye.why
    for table in pairings:
        if not table.bye:
            a, b = table.players
            differ = rows[a].match_points != rows[b].match_points
            assert ("pair-down" in table.flags) == differ
            assert rows[a].match_points >= rows[b].match_points  # higher-ranked first


def test_dropped_players_are_not_paired_and_bad_calls_refused() -> None:
    entrants = [Entrant(i, dropped_after=1 if i < 3 else None) for i in range(8)]
    rng = random.Random(1)
    results = [play(p, 1, rng) for p in pair_swiss(entrants, [], 1, seed=1)]
    seated = {p for t in pair_swiss(entrants, results, 2, seed=1) for p in t.players}
    assert seated == {3, 4, 5, 6, 7}
    with pytest.raises(ValueError, match="round 1"):
        pair_swiss(entrants, results, 1, seed=1)


def test_everyone_dropped_gives_an_empty_round() -> None:
    entrants = [Entrant(i, dropped_after=1) for i in range(4)]
    assert pair_swiss(entrants, [], 2, seed=1) == []
    assert pair_swiss([Entrant(1)], [], 1, seed=1)[0].bye


@pytest.mark.parametrize(("n", "rounds"), [(0, 0), (1, 0), (2, 1), (8, 3), (9, 4), (1024, 10)])
def test_default_rounds(n: int, rounds: int) -> None:
    assert default_swiss_rounds(n) == rounds
