"""Placings on random events (hypothesis): everyone once, places consistent, results respected."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    Bracket,
    Entrant,
    Placing,
    Result,
    bracket_matches,
    bracket_state,
    bracket_winner,
    double_elimination,
    double_elimination_placings,
    pod_placings,
    pod_standings,
    pods,
    round_robin,
    round_robin_placings,
    single_elimination,
    single_elimination_placings,
    standings,
    swiss_placings,
    top_cut,
)

SCORES = [(2, 0), (0, 2), (2, 1), (1, 2), (1, 1), (0, 0), (1, 0)]


def check_shape(placings: Sequence[Placing], entrants: Sequence[int]) -> None:
    """Everyone exactly once; groups of k players at place p end at p + k - 1; the next group
    starts one place later; places never go down the list."""
    assert sorted(p.entrant for p in placings) == sorted(entrants)
    expected = 1
    i = 0
    while i < len(placings):
        group = [p for p in placings[i:] if p.place == placings[i].place]
        assert placings[i].place == expected
        assert {p.last for p in group} == {expected + len(group) - 1}
        assert all(p.how for p in group)
        expected += len(group)
        i += len(group)
    assert expected == len(entrants) + 1


def placed(placings: Sequence[Placing]) -> dict[int, Placing]:
    return {p.entrant: p for p in placings}


def better(a: Placing, b: Placing) -> bool:
    """``a`` is placed strictly above ``b`` (the whole of a's shared range above b's)."""
    return a.last < b.place


def bracket_for(kind: str, players: list[int]) -> Bracket:
    if kind == "double":
        return double_elimination(players)
    return single_elimination(players, third_place=kind == "third")


def check_bracket(bracket: Bracket, results: dict[int, int], placings: list[Placing]) -> None:
    """Consistent with the results so far: the players still in the running share the top."""
    check_shape(placings, bracket.seeds)
    losses = Counter(s.loser for s in bracket_state(bracket, results) if s.loser is not None)
    lives = 2 if bracket.kind == "double" else 1
    contenders = {p for p in bracket.seeds if losses[p] < lives}
    if bracket_winner(bracket, results) is None:
        top = [p.entrant for p in placings if p.place == 1]
        assert set(top) == contenders


def check_finished_bracket(bracket: Bracket, results: dict[int, int], placings: list) -> None:
    """The champion 1st alone; whoever eliminated a player is placed above them."""
    by = placed(placings)
    champion = bracket_winner(bracket, results)
    assert champion is not None and placings[0].entrant == champion
    assert (by[champion].place, by[champion].last) == (1, 1)
    states = [s for s in bracket_state(bracket, results) if s.state == "done"]
    last_loss = {s.loser: s for s in states}  # id order: the last node each player lost
    for s in states:
        assert s.winner is not None and s.loser is not None
        # double elimination: a player is out at their last loss (the champion never is)
        eliminated = bracket.kind == "single" or (s.loser != champion and last_loss[s.loser] is s)
        if eliminated:
            assert better(by[s.winner], by[s.loser]), (s, by[s.winner], by[s.loser])


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=2, max_value=20),
    st.sampled_from(["single", "third", "double"]),
    st.integers(0, 2**32),
)
def test_elimination_placings(n: int, kind: str, seed: int) -> None:
    rng = random.Random(seed)
    players = rng.sample(range(1, 1000), n)
    bracket = bracket_for(kind, players)
    place = double_elimination_placings if kind == "double" else single_elimination_placings
    results: dict[int, int] = {}
    check_bracket(bracket, results, place(bracket, results))
    while ready := bracket_matches(bracket, results):
        for match in ready:
            results[match.node] = rng.choice(match.players)
            check_bracket(bracket, results, place(bracket, results))
    placings = place(bracket, results)
    check_finished_bracket(bracket, results, placings)
    if n & (n - 1) == 0 and kind != "third":  # a power of two: the usual shares
        spans = sorted({(p.place, p.last) for p in placings})
        if kind == "single":
            expected = [(1, 1), (2, 2)] + [(k + 1, 2 * k) for k in (2, 4, 8, 16) if k < n]
        else:
            expected = [(1, 1), (2, 2), (3, 3), (4, 4)][:n] + [
                pair
                for k in (4, 8, 16)
                if k < n
                for pair in ((k + 1, k * 3 // 2), (k * 3 // 2 + 1, 2 * k))
            ]
        assert spans == expected


def swiss_event(rng: random.Random, n: int, rounds: int) -> tuple[list[Entrant], list[Result]]:
    entrants = [Entrant(i, dropped_after=rng.choice([None, None, None, 1, 2])) for i in range(n)]
    results: list[Result] = []
    for rnd in range(1, rounds + 1):
        order = [e.id for e in entrants if e.active_in(rnd)]
        rng.shuffle(order)
        if len(order) % 2:
            results.append(Result(rnd, (order.pop(),), bye=True))
        for i in range(0, len(order), 2):
            results.append(Result(rnd, (order[i], order[i + 1]), wins=rng.choice(SCORES)))
    return entrants, results


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=2, max_value=20),
    st.integers(0, 5),
    st.integers(1, 8),
    st.booleans(),
    st.integers(0, 2**32),
)
def test_swiss_placings(n: int, rounds: int, cut: int, third: bool, seed: int) -> None:
    rng = random.Random(seed)
    entrants, results = swiss_event(rng, n, rounds)
    rows = standings(entrants, results)
    plain = swiss_placings(rows)
    check_shape(plain, [e.id for e in entrants])
    assert [p.entrant for p in plain] == [s.player for s in rows]
    assert [p.place for p in plain] == [s.rank for s in rows]

    size = min(cut, sum(1 for s in rows if not s.dropped))
    if size < 2:
        return
    bracket = top_cut(rows, size, third_place=third)
    cut_results: dict[int, int] = {}
    while ready := bracket_matches(bracket, cut_results):
        for match in ready:
            cut_results[match.node] = rng.choice(match.players)
            check_shape(swiss_placings(rows, bracket, cut_results), [e.id for e in entrants])
    placings = swiss_placings(rows, bracket, cut_results)
    check_shape(placings, [e.id for e in entrants])
    check_finished_bracket(bracket, cut_results, placings[:size])
    # The cut first; then everyone else in Swiss order, from place size + 1.
    assert {p.entrant for p in placings[:size]} == set(bracket.seeds)
    outside = [s.player for s in rows if s.player not in bracket.seeds]
    assert [p.entrant for p in placings[size:]] == outside
    assert all(p.place > size for p in placings[size:])
    # Players of the cut out in the same round (no third-place match for them) by Swiss rank.
    rank = {s.player: s.rank for s in rows}
    out_in = {
        s.loser: (s.node.side, s.node.round)
        for s in bracket_state(bracket, cut_results)
        if s.loser is not None and s.node.side == "winners"
    }
    has_third = any(node.side == "third" for node in bracket.nodes)
    semis = max((r for _, r in out_in.values()), default=0)
    for a, b in zip(placings, placings[1:size], strict=False):
        same = out_in.get(a.entrant) is not None and out_in.get(a.entrant) == out_in.get(b.entrant)
        if same and not (has_third and out_in[a.entrant][1] == semis):
            assert rank[a.entrant] <= rank[b.entrant]
            assert (a.place == b.place) == (rank[a.entrant] == rank[b.entrant])


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=2, max_value=8), st.booleans(), st.integers(0, 2**32))
def test_round_robin_placings(n: int, double: bool, seed: int) -> None:
    rng = random.Random(seed)
    ids = rng.sample(range(1, 100), n)
    results = [
        Result(rnd, pairing.players, wins=rng.choice(SCORES))
        for rnd, tables in enumerate(round_robin(ids, double=double), start=1)
        for pairing in tables
        if not pairing.bye
    ]
    entrants = [Entrant(i) for i in ids]
    placings = round_robin_placings(entrants, results)
    check_shape(placings, ids)
    points = {s.player: s.match_points for s in standings(entrants, results)}
    by = placed(placings)
    for a in ids:
        for b in ids:
            if points[a] > points[b]:
                assert better(by[a], by[b])
            if by[a].place == by[b].place:
                assert points[a] == points[b]
    # Two players alone on their points, one of whom won their (only) match: the winner first.
    level = Counter(points.values())
    for r in results:
        a, b = r.players
        if (
            not double
            and points[a] == points[b]
            and level[points[a]] == 2
            and r.wins[0] != r.wins[1]
        ):
            winner, loser = (a, b) if r.wins[0] > r.wins[1] else (b, a)
            assert better(by[winner], by[loser])


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=3, max_value=16), st.integers(1, 3), st.integers(0, 2**32))
def test_pod_placings(n: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    entrants = [Entrant(i) for i in range(n)]
    results: list[Result] = []
    for rnd in range(1, rounds + 1):
        for table in pods(entrants, results, rnd, seed):
            if table.bye:
                results.append(Result(rnd, table.players, bye=True))
                continue
            places = list(range(len(table.players)))
            rng.shuffle(places)
            results.append(Result(rnd, table.players, placings=tuple(places)))
    rows = pod_standings(entrants, results)
    placings = pod_placings(rows)
    check_shape(placings, list(range(n)))
    assert [(p.entrant, p.place) for p in placings] == [(s.player, s.rank) for s in rows]
