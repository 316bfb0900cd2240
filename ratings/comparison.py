"""Is version B of a bot better than version A? The pure part of a paired comparison: the
schedule (pairs of games on one seed with the seats swapped), the head-to-head tally, B's
score with its Wilson interval, the rating difference with its uncertainty, and the verdict
in one sentence. No Django: ``ratings.comparisons`` feeds it rows.

- **Pairs on one seed.** Games ``2k`` and ``2k + 1`` share a seed (the same deal, the same
  luck) with A in seat 0 then B in seat 0: what the cards or the first move give one seat, they
  give the other version in the pair's other game, so the luck cancels out and what is left is
  the versions' difference.
- **B's score.** A win counts 1, a draw 1/2; the rate is the score over the games finished,
  with the 95% Wilson score interval (:func:`ratings.wilson.wilson`, its source there).
- **The rating difference.** ``mu_B - mu_A`` with standard deviation ``sqrt(sigma_A² +
  sigma_B²)`` and ``P(B above A) = Phi((mu_B - mu_A) / sqrt(sigma_A² + sigma_B²))``
  (:func:`ratings.uncertainty.prob_above`: skill, no beta).
- **The verdict** reads the interval: B is probably better when its whole interval is above
  50%, probably worse when below, and "not yet clear" otherwise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ratings.uncertainty import prob_above
from ratings.wilson import wilson

DEFAULT_GAMES = 20
MAX_GAMES = 200


@dataclass(frozen=True)
class Pairing:
    """One scheduled game: which pair it belongs to, and whether B sits in seat 0."""

    pair: int
    b_first: bool


def schedule(games: int) -> list[Pairing]:
    """The ``games`` head-to-head games (even) as pairs: A first, then B first, on the pair's
    seed."""
    if games <= 0 or games % 2:
        raise ValueError("an even, positive number of games")
    return [Pairing(i // 2, bool(i % 2)) for i in range(games)]


@dataclass(frozen=True)
class Tally:
    """B's results against A in the finished games."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Wins plus half the draws."""
        return self.wins + self.draws / 2


def outcome(rank_b: int | None, rank_a: int | None) -> str | None:
    """A finished game from B's side: ``win``, ``draw`` or ``loss`` (``None``: no result)."""
    if rank_b is None or rank_a is None:
        return None
    if rank_b == rank_a:
        return "draw"
    return "win" if rank_b < rank_a else "loss"


def tally(outcomes: list[str | None]) -> Tally:
    """Count B's wins, draws and losses (games without a result are left out)."""
    return Tally(outcomes.count("win"), outcomes.count("draw"), outcomes.count("loss"))


@dataclass(frozen=True)
class Difference:
    """``mu_B - mu_A``, its standard deviation, and P(B's skill above A's)."""

    mean: float
    sd: float
    p_b_above: float


def difference(a: tuple[float, float] | None, b: tuple[float, float] | None) -> Difference | None:
    """The rating difference of B over A from their ``(mu, sigma)`` (``None`` if one is
    unrated on the ladder)."""
    if a is None or b is None:
        return None
    return Difference(b[0] - a[0], math.hypot(a[1], b[1]), prob_above(b, a))


def rate_text(p: float) -> str:
    """A rate as a whole percentage: "70%"."""
    return f"{round(100 * p)}%"


@dataclass(frozen=True)
class Verdict:
    """B's score rate, its 95% interval and the sentence the page shows."""

    rate: float | None
    low: float
    high: float
    call: str
    sentence: str


def verdict(t: Tally, b_name: str = "B", a_name: str = "A") -> Verdict:
    """The head-to-head reading: "B won 17 of 20 (85%, 95% interval 64–95%): probably better
    than A." (draws counted as halves and named when there are any)."""
    n = t.played
    if n == 0:
        return Verdict(None, 0.0, 1.0, "none", f"{b_name} and {a_name} have no game finished yet.")
    low, high = wilson(t.score, n)
    rate = t.score / n
    if low > 0.5:
        call, words = "better", f"probably better than {a_name}"
    elif high < 0.5:
        call, words = "worse", f"probably worse than {a_name}"
    else:
        call, words = "unclear", "not yet clear"
    drawn = f" with {t.draws} drawn" if t.draws else ""
    sentence = (
        f"{b_name} won {t.wins} of {n}{drawn} ({rate_text(rate)}, 95% interval "
        f"{round(100 * low)}–{rate_text(high)}): {words}."
    )
    return Verdict(rate, low, high, call, sentence)
