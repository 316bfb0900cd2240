"""Rank with its uncertainty (ratings.uncertainty), pinned against hand computations.

The hand computations use a normal table: Phi(0.8321) = 0.7973, Phi(0.7071) = 0.7602,
Phi(1.4142) = 0.9214 (so Phi(-0.7071) = 0.2398 and Phi(-1.4142) = 0.0786).
"""

from __future__ import annotations

import random

import pytest

from ratings.uncertainty import (
    EPSILON,
    Field,
    adjacent_probabilities,
    binary_entropy,
    count_distribution,
    prob_above,
    quantile,
    win_probability,
)

TABLE = 2e-4  # a normal table's four decimals


def test_two_players_probability_above_by_hand():
    # A (30, 2) above B (27, 3): z = (30 - 27) / sqrt(2^2 + 3^2) = 3 / 3.6056 = 0.8321.
    a, b = (30.0, 2.0), (27.0, 3.0)
    assert prob_above(a, b) == pytest.approx(0.7973, abs=TABLE)
    assert prob_above(b, a) == pytest.approx(1 - 0.7973, abs=TABLE)
    assert adjacent_probabilities([a, b]) == [prob_above(a, b)]


def test_skill_not_performance_beta_is_left_out():
    # Same pair, beta 4: one game's win chance has 2 * 16 more under the root:
    # z = 3 / sqrt(13 + 32) = 3 / 6.7082 = 0.4472, Phi(0.4472) = 0.6726.
    a, b = (30.0, 2.0), (27.0, 3.0)
    assert win_probability(a, b, beta=4.0) == pytest.approx(0.6726, abs=TABLE)
    assert prob_above(a, b) > win_probability(a, b, beta=4.0)
    # Certain ratings: the skill order is certain, the next game is not.
    assert prob_above((26.0, 0.0), (25.0, 0.0)) == 1.0
    assert prob_above((25.0, 0.0), (25.0, 0.0)) == 0.5


def test_two_players_rank_interval_by_hand():
    # Players above A: B with probability 0.2027. Count: P(0) = 0.7973, P(1) = 0.2027.
    # Expected rank 1 + 0.2027; 90% interval: the 5% quantile is 0 (rank 1), the 95% quantile
    # is 1 (0.7973 < 0.95): rank 1-2. A 50% interval: quantiles 25% and 75% are both 0: rank 1.
    a, b = (30.0, 2.0), (27.0, 3.0)
    field = Field([a, b])
    belief = field.rank(a)
    assert belief.expected == pytest.approx(1.2027, abs=TABLE)
    assert (belief.low, belief.high, belief.text()) == (1, 2, "1–2")
    assert field.rank(a, level=0.5).text() == "1"
    assert field.rank(b).expected == pytest.approx(1.7973, abs=TABLE)


def test_three_players_rank_interval_by_hand():
    # A (30, 1), B (29, 1), C (28, 1): each pair's spread is sqrt(2) = 1.4142.
    # Above B: A with Phi(1 / 1.4142) = 0.7602, C with Phi(-0.7071) = 0.2398.
    #   P(0) = 0.2398 * 0.7602 = 0.1823, P(1) = 0.7602^2 + 0.2398^2 = 0.6354, P(2) = 0.1823.
    #   Expected rank 1 + 0.7602 + 0.2398 = 2. 90%: 5% quantile 0 -> rank 1, 95% quantile 2
    #   (cumulative 0.1823, 0.8177) -> rank 3. 60%: 20% and 80% quantiles both 1 -> rank 2.
    # Above A: B 0.2398, C Phi(-1.4142) = 0.0786.
    #   P(0) = 0.7602 * 0.9214 = 0.7005, P(1) = 0.2398 * 0.9214 + 0.7602 * 0.0786 = 0.2807,
    #   P(2) = 0.2398 * 0.0786 = 0.0188. Expected rank 1.3184; 90%: rank 1-2.
    a, b, c = (30.0, 1.0), (29.0, 1.0), (28.0, 1.0)
    field = Field([c, a, b])  # any order in
    above_b = field.window(b)
    assert above_b[0] == 0 and sorted(above_b[1]) == pytest.approx([0.2398, 0.7602], abs=TABLE)
    dist = count_distribution(above_b[1])
    assert dist == pytest.approx([0.1823, 0.6354, 0.1823], abs=2 * TABLE)
    belief_b = field.rank(b)
    assert belief_b.expected == pytest.approx(2.0, abs=1e-12)
    assert (belief_b.low, belief_b.high) == (1, 3)
    assert field.rank(b, level=0.6).text() == "2"
    belief_a = field.rank(a)
    assert count_distribution(field.window(a)[1]) == pytest.approx(
        [0.7005, 0.2807, 0.0188], abs=2 * TABLE
    )
    assert belief_a.expected == pytest.approx(1.3184, abs=2 * TABLE)
    assert belief_a.text() == "1–2"
    assert adjacent_probabilities([a, b, c]) == pytest.approx([0.7602, 0.7602], abs=TABLE)


def test_quantile_and_entropy():
    assert quantile([0.2, 0.3, 0.5], 0.2) == 0
    assert quantile([0.2, 0.3, 0.5], 0.21) == 1
    assert quantile([0.2, 0.3, 0.5], 1.0) == 2
    assert binary_entropy(0.5) == pytest.approx(1.0)
    assert binary_entropy(1.0) == 0.0 and binary_entropy(0.0) == 0.0
    assert sum(count_distribution([0.3, 0.9, 0.5, 0.01])) == pytest.approx(1.0)


def _full_rank(posteriors, i, level=0.9):
    """The rank belief with every other player in the DP (no window)."""
    me = posteriors[i]
    ps = [prob_above(o, me) for j, o in enumerate(posteriors) if j != i]
    dist = count_distribution(ps)
    return 1 + sum(ps), 1 + quantile(dist, 0.05), 1 + quantile(dist, 0.95)


def test_the_window_agrees_with_the_full_dp_on_a_large_field():
    rng = random.Random(33)
    posteriors = [(rng.gauss(25, 25), rng.uniform(0.8, 2.5)) for _ in range(400)]
    posteriors += [(200.0, 0.5), (-150.0, 0.5)]  # far from everyone: certain orders
    field = Field(posteriors)
    for i in [*rng.sample(range(400), 12), 400, 401]:
        expected, low, high = _full_rank(posteriors, i)
        belief = field.rank(posteriors[i])
        assert belief.expected == pytest.approx(expected, abs=len(posteriors) * EPSILON + 1e-9)
        assert (belief.low, belief.high) == (low, high)
        above, window = field.window(posteriors[i])
        assert len(window) < len(posteriors) // 2  # the window leaves most players out
    assert field.rank((200.0, 0.5)).text() == "1"
    assert field.rank((-150.0, 0.5)).text() == str(len(posteriors))


def test_equal_players_count_each_other_once():
    field = Field([(25.0, 2.0), (25.0, 2.0)])
    belief = field.rank((25.0, 2.0))
    assert belief.expected == pytest.approx(1.5)
    assert belief.text() == "1–2"
