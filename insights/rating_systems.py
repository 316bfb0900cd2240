"""Three rating systems behind one small interface, for the backtest and the speed bench:
TrueSkill (the ladders', with the ladder's parameters), OpenSkill (Weng-Lin's Plackett-Luce
model, the ``openskill`` package) and Glicko-2 (the ``glicko2-py`` package).

(The ``glicko2`` package on PyPI, the most downloaded, is not used: its volatility step
reads the rating where Glickman's f(x) has the deviation, and it installs a top-level ``tests``
package that shadows this project's.)

Each predicts the probability that one side (a player, or a team's players) beats another
before a match, then learns from the match's ranks (0 best, equal ranks a draw).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

import trueskill
from glicko2.math import update_rating, win_probability
from openskill.models import PlackettLuce

GLICKO_SCALE = 173.7178
"""Glicko-2's scale factor between its internal scale and the familiar 1500-based one."""


class RatingSystem(Protocol):
    name: str

    def win_probability(self, a: Sequence[int], b: Sequence[int]) -> float:
        """P(side ``a`` ranks better than side ``b``), before the match."""

    def update(self, groups: Sequence[Sequence[int]], ranks: Sequence[int]) -> None:
        """Learn from one match: its sides (players' ids) and their ranks."""


def phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


class TrueSkillSystem:
    """TrueSkill with a ladder's parameters (``ratings.service.make_env``): a side's strength
    is its players' summed mu; P(a beats b) = Phi(diff / sqrt(n beta^2 + sum sigma^2))."""

    name = "TrueSkill"

    def __init__(self, ladder: Any) -> None:
        from ratings.service import make_env

        self.env: trueskill.TrueSkill = make_env(ladder)
        self.beta = ladder.beta
        self.ratings: dict[int, trueskill.Rating] = {}

    def rating(self, player: int) -> trueskill.Rating:
        r = self.ratings.get(player)
        if r is None:
            r = self.ratings[player] = self.env.create_rating()
        return r

    def win_probability(self, a: Sequence[int], b: Sequence[int]) -> float:
        ra, rb = [self.rating(p) for p in a], [self.rating(p) for p in b]
        diff = sum(r.mu for r in ra) - sum(r.mu for r in rb)
        spread = (len(ra) + len(rb)) * self.beta**2 + sum(r.sigma**2 for r in ra + rb)
        return phi(diff / math.sqrt(spread))

    def update(self, groups: Sequence[Sequence[int]], ranks: Sequence[int]) -> None:
        before = [tuple(self.rating(p) for p in g) for g in groups]
        try:
            after = self.env.rate(before, ranks=list(ranks))
        except FloatingPointError:  # the ladders retry with mpmath; a backtest skips the step
            return
        for group, rated in zip(groups, after, strict=True):
            for p, r in zip(group, rated, strict=True):
                self.ratings[p] = r


class OpenSkillSystem:
    """OpenSkill's Plackett-Luce model with the ladder's mu, sigma, beta and tau; its own
    ``predict_win`` gives P(a beats b)."""

    name = "OpenSkill"

    def __init__(self, ladder: Any) -> None:
        self.model = PlackettLuce(
            mu=ladder.mu, sigma=ladder.sigma, beta=ladder.beta, tau=ladder.tau
        )
        self.ratings: dict[int, Any] = {}

    def rating(self, player: int) -> Any:
        r = self.ratings.get(player)
        if r is None:
            r = self.ratings[player] = self.model.rating()
        return r

    def win_probability(self, a: Sequence[int], b: Sequence[int]) -> float:
        teams = [[self.rating(p) for p in a], [self.rating(p) for p in b]]
        return float(self.model.predict_win(teams)[0])

    def update(self, groups: Sequence[Sequence[int]], ranks: Sequence[int]) -> None:
        teams = [[self.rating(p) for p in g] for g in groups]
        rated = self.model.rate(teams, ranks=list(ranks))
        for group, team in zip(groups, rated, strict=True):
            for p, r in zip(group, team, strict=True):
                self.ratings[p] = r


class Glicko2System:
    """Glicko-2 (``glicko2-py``: 1500, RD 350, volatility 0.06, tau 0.5), each match its own
    rating period: every player is updated against every player of the other sides, with 1,
    0 or 0.5. A side is its players' mean mu and root-mean-square phi; P(a beats b) is the
    package's ``win_probability``: 1 / (1 + exp(-g(sqrt(phi_a^2 + phi_b^2)) (mu_a - mu_b)))."""

    name = "Glicko-2"
    START = (0.0, 350 / GLICKO_SCALE, 0.06)  # (mu, phi, sigma) in Glicko-2's own scale

    def __init__(self, ladder: Any = None) -> None:
        self.players: dict[int, tuple[float, float, float]] = {}

    def side(self, ids: Sequence[int]) -> tuple[float, float]:
        ps = [self.players.get(p, self.START) for p in ids]
        mu = sum(p[0] for p in ps) / len(ps)
        return mu, math.sqrt(sum(p[1] ** 2 for p in ps) / len(ps))

    def win_probability(self, a: Sequence[int], b: Sequence[int]) -> float:
        (mu_a, phi_a), (mu_b, phi_b) = self.side(a), self.side(b)
        return win_probability(mu_a, phi_a, mu_b, phi_b)

    def update(self, groups: Sequence[Sequence[int]], ranks: Sequence[int]) -> None:
        before = {p: self.players.get(p, self.START) for g in groups for p in g}
        for i, group in enumerate(groups):
            opponents = []
            for j, other in enumerate(groups):
                if i == j:
                    continue
                score = 1.0 if ranks[i] < ranks[j] else 0.0 if ranks[i] > ranks[j] else 0.5
                opponents.extend((before[o][0], before[o][1], score) for o in other)
            for p in group:
                self.players[p] = tuple(update_rating(*before[p], opponents))


SYSTEMS = (TrueSkillSystem, OpenSkillSystem, Glicko2System)
