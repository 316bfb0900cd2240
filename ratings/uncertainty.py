"""How sure a leaderboard is: the probability that a player truly is above the next, and the
interval their rank lies in, from the TrueSkill posteriors (mu, sigma per player). Pure Python.

Skill, not performance. TrueSkill models a player's *skill* as ``N(mu, sigma^2)`` and one
game's *performance* as that skill plus noise ``N(0, beta^2)``. "Is A really above B?" asks
about skills, so

    P(skill_A > skill_B) = Phi((mu_A - mu_B) / sqrt(sigma_A^2 + sigma_B^2))

has no beta in it: it tends to 0 or 1 as the two sigmas shrink, however close the players are
in a single game. With ``2 beta^2`` added under the root it would be the chance that A beats B
in one game (:func:`win_probability`), which stays near 0.5 for close players forever: a
question about the next game, not about the ranking. tau (the drift added before each game) is
already in the stored sigmas.

Rank interval. The number of players above player ``i`` is a sum of independent Bernoulli
variables of probabilities ``p_j = P(skill_j > skill_i)`` (independent given ``i``'s skill is
not exactly true, but that is the usual pairwise reading: each pair is judged on its own
posteriors), so it follows a Poisson-binomial distribution, computed exactly by dynamic
programming (:func:`count_distribution`). Rank is one plus that count: the expected rank is
``1 + sum_j p_j``, and the interval runs from the lower to the upper quantile (90%: 5% and 95%).

Large ladders. Only players close to ``i`` matter: ``p_j`` is below ``EPSILON`` (1e-9) once
``|mu_j - mu_i| > Z * sqrt(sigma_i^2 + sigma_max^2)`` with ``Z = 6``. Players sorted by mu are
split by two binary searches into those surely above (counted as one each), those surely below
(nothing) and the window between, where the DP runs (``O(k^2)`` for a window of ``k``). The
error on any probability of the count is at most ``EPSILON`` per player left out, so under
1e-5 for a ladder of 10,000.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

Z = 6.0  # standard deviations beyond which a pair's order is taken as certain
EPSILON = NormalDist().cdf(-Z)  # about 1e-9: the largest probability treated as 0
DEFAULT_LEVEL = 0.90  # the rank interval's coverage

_PHI = NormalDist().cdf

Posterior = tuple[float, float]  # (mu, sigma)


def prob_above(upper: Posterior, lower: Posterior) -> float:
    """P(skill of ``upper`` > skill of ``lower``): ``Phi((mu_u - mu_l) / sqrt(s_u^2 + s_l^2))``
    (no performance noise: see the module's docstring). Two exact ratings: 1, 0 or 0.5."""
    (mu_u, s_u), (mu_l, s_l) = upper, lower
    spread = math.hypot(s_u, s_l)
    if spread == 0.0:
        return 1.0 if mu_u > mu_l else 0.0 if mu_u < mu_l else 0.5
    return _PHI((mu_u - mu_l) / spread)


def win_probability(a: Posterior, b: Posterior, beta: float) -> float:
    """P(``a`` outperforms ``b`` in one game, draws aside): the performance question, with
    ``2 beta^2`` of game noise; used to weigh a game's outcomes, never for the ranking."""
    (mu_a, s_a), (mu_b, s_b) = a, b
    return _PHI((mu_a - mu_b) / math.sqrt(s_a * s_a + s_b * s_b + 2.0 * beta * beta))


def count_distribution(probabilities: Sequence[float]) -> list[float]:
    """The Poisson-binomial distribution: ``out[k]`` = P(exactly ``k`` of the independent
    events of ``probabilities`` happen), by the exact DP (``O(n^2)``)."""
    dist = [1.0]
    for p in probabilities:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1.0 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


def quantile(dist: Sequence[float], level: float) -> int:
    """The smallest ``k`` with P(count <= k) >= ``level``."""
    total = 0.0
    for k, q in enumerate(dist):
        total += q
        if total >= level - 1e-12:
            return k
    return len(dist) - 1


@dataclass(frozen=True)
class RankBelief:
    """What the posteriors say of one player's rank (1 is first)."""

    expected: float  # 1 + sum of P(j above i)
    low: int  # the interval's best rank
    high: int  # its worst rank
    level: float  # its coverage (0.9: a 90% interval)

    def text(self) -> str:
        """ "3" when the interval is one rank, else "2–5"."""
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"


class Field:
    """Every rated player of a ladder, sorted by mu, for rank beliefs in a window each."""

    def __init__(self, posteriors: Sequence[Posterior]) -> None:
        self.sorted = sorted((float(m), float(s)) for m, s in posteriors)
        self.mus = [m for m, _ in self.sorted]
        self.sigma_max = max((s for _, s in self.sorted), default=0.0)

    def __len__(self) -> int:
        return len(self.sorted)

    def window(self, me: Posterior) -> tuple[int, list[float]]:
        """For a player of the field: how many others are surely above, and the probabilities
        of those that may be (themselves left out: the player counts once among equals)."""
        mu, sigma = me
        reach = Z * math.hypot(sigma, self.sigma_max)
        lo = bisect.bisect_left(self.mus, mu - reach)
        hi = bisect.bisect_right(self.mus, mu + reach)
        surely_above = len(self.sorted) - hi
        probabilities: list[float] = []
        skipped_self = False
        for other in self.sorted[lo:hi]:
            if not skipped_self and other == (mu, sigma):
                skipped_self = True
                continue
            p = prob_above(other, me)
            if p >= 1.0 - EPSILON:
                surely_above += 1
            elif p > EPSILON:
                probabilities.append(p)
        return surely_above, probabilities

    def rank(self, me: Posterior, level: float = DEFAULT_LEVEL) -> RankBelief:
        """The rank belief of ``me`` (a member of the field): expected rank and the central
        ``level`` interval of the Poisson-binomial count of players above, plus one."""
        me = (float(me[0]), float(me[1]))
        above, probabilities = self.window(me)
        dist = count_distribution(probabilities)
        tail = (1.0 - level) / 2.0
        return RankBelief(
            expected=1.0 + above + sum(probabilities),
            low=1 + above + quantile(dist, tail),
            high=1 + above + quantile(dist, 1.0 - tail),
            level=level,
        )


def adjacent_probabilities(ordered: Sequence[Posterior]) -> list[float]:
    """For a ranking (best first): P(each player truly above the next); one fewer than players."""
    return [prob_above(a, b) for a, b in zip(ordered, ordered[1:], strict=False)]


def binary_entropy(p: float) -> float:
    """The entropy in bits of an order known with probability ``p`` (1 bit at 0.5, 0 at 0 or 1)."""
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1.0 - p) * math.log2(1.0 - p))


def percent_text(p: float) -> str:
    """A probability as people read it: "83%", "99.5%", never 100% or 0% (">99.9%", "<0.1%")."""
    if p > 0.999:
        return ">99.9%"
    if p < 0.001:
        return "<0.1%"
    return f"{p:.0%}" if 0.01 <= p <= 0.99 else f"{p:.1%}"


EXPLAINED = (
    "“Above next” is the chance that a player's true skill is higher than the next player's, "
    "and “likely rank” is where they rank with 90% probability, both from the ratings' "
    "uncertainty: close ratings with wide uncertainty give about 50% and a wide range."
)
"""The sentence under every leaderboard that shows them."""
