"""The pure statistics of a version comparison (ratings.comparison, ratings.wilson): the Wilson
interval against a hand computation and at its edges, the pairs on one seed with the seats
swapped, the tally and the verdict's sentence, the rating difference."""

from __future__ import annotations

import math

import pytest

from ratings import comparison
from ratings.wilson import Z95, wilson


def test_the_wilson_interval_of_14_of_20_by_hand():
    # p = 0.7, n = 20, z² = 3.8415: centre (0.7 + 3.8415/40) / (1 + 3.8415/20) = 0.79604 /
    # 1.19207 = 0.66778; half 1.96/1.19207 * sqrt(0.21/20 + 3.8415/1600) = 1.64420 * 0.11358
    # = 0.18676; so 0.48102 .. 0.85454.
    low, high = wilson(14, 20)
    assert low == pytest.approx(0.48102, abs=5e-5)
    assert high == pytest.approx(0.85454, abs=5e-5)


@pytest.mark.parametrize("n", [1, 10, 20])
def test_the_wilson_interval_at_none_and_all(n):
    # 0 of n: the centre equals the half-width, so low = 0 and high = z²/(n + z²); n of n
    # mirrors it.
    z2 = Z95 * Z95
    assert wilson(0, n) == pytest.approx((0.0, z2 / (n + z2)))
    assert wilson(n, n) == pytest.approx((n / (n + z2), 1.0))
    assert wilson(0, 0) == (0.0, 1.0)


def test_games_come_in_pairs_on_one_seed_with_the_seats_swapped():
    plan = comparison.schedule(6)
    assert [(g.pair, g.b_first) for g in plan] == [
        (0, False),
        (0, True),
        (1, False),
        (1, True),
        (2, False),
        (2, True),
    ]
    for bad in (0, 3, -2):
        with pytest.raises(ValueError):
            comparison.schedule(bad)


def test_the_tally_and_the_verdict_read_the_interval():
    outcomes = [comparison.outcome(0, 1)] * 14 + [comparison.outcome(1, 0)] * 6
    tally = comparison.tally([*outcomes, None])
    assert (tally.wins, tally.draws, tally.losses, tally.played) == (14, 0, 6, 20)
    found = comparison.verdict(tally, "v2", "v1")
    assert found.call == "unclear"  # 48%: the interval still holds one half
    assert found.sentence == "v2 won 14 of 20 (70%, 95% interval 48–85%): not yet clear."
    better = comparison.verdict(comparison.Tally(17, 0, 3), "v2", "v1")
    assert better.call == "better" and better.low > 0.5
    assert better.sentence == "v2 won 17 of 20 (85%, 95% interval 64–95%): probably better than v1."
    worse = comparison.verdict(comparison.Tally(1, 2, 17), "v2", "v1")
    assert worse.call == "worse" and "with 2 drawn" in worse.sentence
    assert worse.rate == pytest.approx(2 / 20)
    assert comparison.outcome(0, 0) == "draw" and comparison.outcome(None, 0) is None
    assert comparison.verdict(comparison.Tally()).call == "none"


def test_the_rating_difference_and_its_uncertainty():
    diff = comparison.difference((25.0, 2.0), (27.0, 1.5))
    assert diff.mean == pytest.approx(2.0) and diff.sd == pytest.approx(2.5)
    # Phi(2 / 2.5) = Phi(0.8) = 0.78814
    assert diff.p_b_above == pytest.approx(0.5 * (1 + math.erf(0.8 / math.sqrt(2))))
    assert comparison.difference(None, (27.0, 1.5)) is None
