"""Round robin by the circle method: every pair exactly once (twice with double), 2 to 40 players."""

from __future__ import annotations

from collections import Counter

import pytest

from tournaments.pairing import round_robin


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("n", range(2, 41))
def test_every_pair_meets_exactly_once_or_twice(n: int, double: bool) -> None:
    ids = [7 * i + 3 for i in range(n)]
    rounds = round_robin(ids, double=double)
    legs = 2 if double else 1
    assert len(rounds) == legs * (n - 1 if n % 2 == 0 else n)
    met: Counter[frozenset[int]] = Counter()
    seats: Counter[tuple[int, int]] = Counter()
    byes: Counter[int] = Counter()
    for table in rounds:
        seated = [p for pairing in table for p in pairing.players]
        assert sorted(seated) == sorted(ids), "everyone exactly once per round"
        for pairing in table:
            if pairing.bye:
                byes[pairing.players[0]] += 1
                assert "bye" in pairing.flags
            else:
                met[frozenset(pairing.players)] += 1
                seats[pairing.players] += 1
    assert len(met) == n * (n - 1) // 2
    assert set(met.values()) == {legs}
    if double:  # the second cycle swaps the seats
        assert set(seats.values()) == {1}
    if n % 2:
        assert set(byes.values()) == {legs} and len(byes) == n
    else:
        assert not byes


def test_seats_are_balanced_and_errors() -> None:
    first = Counter(p.players[0] for table in round_robin(list(range(10))) for p in table)
    assert max(first.values()) - min(first.values()) <= 1 + 1  # within one or two of even
    assert round_robin([1]) == []
    with pytest.raises(ValueError):
        round_robin([1, 1])
