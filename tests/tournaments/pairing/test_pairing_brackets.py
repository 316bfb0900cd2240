"""Single and double elimination for every entrant count from 2 to 64, and the top cut."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tournaments.pairing import (
    Bracket,
    Entrant,
    Result,
    bracket_from_json,
    bracket_matches,
    bracket_state,
    bracket_to_json,
    bracket_winner,
    double_elimination,
    seed_order,
    single_elimination,
    standings,
    top_cut,
)

COUNTS = range(2, 65)


def players(n: int) -> list[int]:
    return [100 + s for s in range(1, n + 1)]  # seed s is player 100 + s


def power(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


def play_out(bracket: Bracket, rng: random.Random, chalk: bool = False) -> tuple[dict, Counter]:
    """Play every ready match until none is left; return the results and each player's losses."""
    results: dict[int, int] = {}
    losses: Counter[int] = Counter()
    seed_of = {p: i for i, p in enumerate(bracket.seeds, start=1)}
    while ready := bracket_matches(bracket, results):
        for match in ready:
            a, b = match.players
            assert a != b
            lives = (2 if bracket.kind == "double" else 1) + (match.side == "third")
            assert losses[a] < lives and losses[b] < lives, "an eliminated player plays"
            winner = (a if seed_of[a] < seed_of[b] else b) if chalk else rng.choice((a, b))
            results[match.node] = winner
            losses[b if winner == a else a] += 1
    return results, losses


def test_seed_order_keeps_top_seeds_apart() -> None:
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    for size in (2, 4, 8, 16, 32, 64):
        order = seed_order(size)
        assert sorted(order) == list(range(1, size + 1))
        assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
        assert order.index(2) >= size // 2  # seeds 1 and 2 in opposite halves


@pytest.mark.parametrize("n", COUNTS)
def test_single_elimination(n: int) -> None:
    bracket = single_elimination(players(n))
    size = power(n)
    assert len(bracket.nodes) == n - 1
    assert bracket.byes == tuple(range(1, size - n + 1))  # byes go to the top seeds
    firsts = [node for node in bracket.nodes if node.round == 1 and node.side != "final" or n == 2]
    for node in firsts:  # round 1: seed s against seed size + 1 - s
        a, b = (slot.seed for slot in node.slots)
        assert a is not None and b is not None and a + b == size + 1
    seeded = Counter(slot.seed for node in bracket.nodes for slot in node.slots if slot.seed)
    assert sorted(seeded) == list(range(1, n + 1)) and set(seeded.values()) == {1}
    for s in bracket.byes:  # a seed with a bye starts in round 2
        node = next(nd for nd in bracket.nodes for sl in nd.slots if sl.seed == s)
        assert node.round == 2 or node.side == "final"

    for trial in range(3):
        rng = random.Random(n * 10 + trial)
        results, losses = play_out(bracket, rng, chalk=trial == 0)
        champion = bracket_winner(bracket, results)
        assert len(results) == n - 1
        assert champion is not None and losses[champion] == 0
        assert sorted(losses.values()) == [1] * (n - 1)
        if trial == 0:  # chalk: the top two seeds meet in the final
            final = bracket_state(bracket, results)[bracket.final - 1]
            assert sorted(final.players) == [101, 102] and champion == 101
    assert bracket_winner(bracket, {}) is None


@pytest.mark.parametrize("n", COUNTS)
def test_single_elimination_third_place(n: int) -> None:
    bracket = single_elimination(players(n), third_place=True)
    third = [node for node in bracket.nodes if node.side == "third"]
    assert len(third) == (1 if n >= 4 else 0)
    assert len(bracket.nodes) == n - 1 + len(third)
    results, losses = play_out(bracket, random.Random(n))
    assert len(results) == len(bracket.nodes)
    if third:
        state = bracket_state(bracket, results)
        semis = [
            s for s in state if s.node.id in {sl.node for sl in bracket.node(bracket.final).slots}
        ]
        assert set(state[third[0].id - 1].players) == {s.loser for s in semis}


@pytest.mark.parametrize("n", COUNTS)
def test_double_elimination(n: int) -> None:
    bracket = double_elimination(players(n))
    assert len(bracket.nodes) == 2 * n - 1
    assert bracket.nodes[-1].if_needed and bracket.nodes[-1].side == "final"
    grand = bracket.node(bracket.final)
    assert grand.side == "final" and not grand.if_needed
    played_counts = set()
    for trial in range(6):
        rng = random.Random(n * 100 + trial)
        results, losses = play_out(bracket, rng, chalk=trial == 0)
        champion = bracket_winner(bracket, results)
        assert champion is not None
        assert len(results) in (2 * n - 2, 2 * n - 1)
        played_counts.add(len(results))
        state = bracket_state(bracket, results)
        grand_state = state[bracket.final - 1]
        reset_state = state[-1]
        if len(results) == 2 * n - 2:
            assert reset_state.state == "not-needed"
            assert grand_state.winner == grand_state.players[0] == champion
        else:
            assert reset_state.state == "done" and reset_state.winner == champion
        # Everybody but the champion is out with exactly two losses; the champion has at most one.
        assert losses[champion] <= 1
        assert sorted(v for p, v in losses.items() if p != champion) == [2] * (n - 1)
        # The grand finalists got there only by winning: the winners-side finalist unbeaten, the
        # losers-side finalist beaten once, before the final.
        before = Counter()
        for s in state:
            if s.node.id == bracket.final:
                break
            before[s.loser] += 1
        w_side, l_side = grand_state.players
        assert before[w_side] == 0 and before[l_side] == 1
        if trial == 0:
            assert champion == 101 and len(results) == 2 * n - 2
    # with a coin flip per match both lengths show up over the trials (checked from n = 3 on)
    assert played_counts


def test_both_reset_outcomes_happen() -> None:
    bracket = double_elimination(players(8))
    lengths = {len(play_out(bracket, random.Random(t))[0]) for t in range(40)}
    assert lengths == {14, 15}


def test_bad_results_and_json_round_trip() -> None:
    bracket = double_elimination(players(6))
    ready = bracket_matches(bracket, {})
    first = ready[0]
    with pytest.raises(ValueError, match="not one of"):
        bracket_matches(bracket, {first.node: 999})
    with pytest.raises(ValueError, match="no match"):
        bracket_matches(bracket, {999: 101})
    later = bracket.nodes[-2].id
    with pytest.raises(ValueError, match="not known"):
        bracket_matches(bracket, {later: 101})
    results, _ = play_out(bracket, random.Random(2))
    data = bracket_to_json(bracket, results)
    assert json.loads(json.dumps(data)) == data
    assert bracket_from_json(data) == bracket
    assert data["winner"] == bracket_winner(bracket, results)
    assert {node["state"] for node in data["nodes"]} <= {"done", "not-needed"}
    fresh = bracket_to_json(bracket)
    assert {node["state"] for node in fresh["nodes"]} == {"ready", "waiting"}
    with pytest.raises(ValueError):
        single_elimination([1])
    with pytest.raises(ValueError):
        single_elimination([1, 1, 2])


@pytest.mark.parametrize("size", [4, 8, 16])
def test_top_cut_seeds_by_standings_and_skips_drops(size: int) -> None:
    rng = random.Random(size)
    entrants = [Entrant(i, dropped_after=3 if i == 5 else None) for i in range(40)]
    results = []
    for rnd in range(1, 6):
        order = [e.id for e in entrants if e.active_in(rnd)]
        rng.shuffle(order)
        if len(order) % 2:
            results.append(Result(rnd, (order.pop(),), bye=True))
        for i in range(0, len(order), 2):
            results.append(Result(rnd, (order[i], order[i + 1]), wins=rng.choice([(2, 0), (1, 2)])))
    rows = standings(entrants, results)
    bracket = top_cut(rows, size, third_place=True)
    expected = [s.player for s in rows if not s.dropped][:size]
    assert list(bracket.seeds) == expected
    assert len(bracket.nodes) == size  # size - 1 matches plus the third-place match
    with pytest.raises(ValueError):
        top_cut(rows[:3], 4)
