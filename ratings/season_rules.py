"""A season's reset rules and its final leaderboard, as plain values (no database).

When a season ends, every rating (mu, sigma) of the ladder except a reference bot's held one
becomes :func:`reset_pair` of it:

- ``full``: ``(mu0, sigma0)``, the ladder's starting rating;
- ``widen``: ``(mu, min(sigma0, sqrt(sigma² + w²)))``, mu kept, the uncertainty widened by
  ``w`` (never past a new player's).

The season's final leaderboard (:func:`standing_rows`) is every player who played in it,
ordered as the ladder's leaderboard is (conservative rating, then games in the season, then
user name) — a season ended by a closing run ranks the run's contenders first, in the order of
the run's final ranking — with the certainty columns of :func:`ratings.standings.certainties`. Ending a
season (``ratings.seasons``) and recomputing a ladder (``ratings.recompute``) both call these,
so the frozen standings and a replay of the history agree to the last bit.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from ratings.standings import certainties

FULL = "full"
WIDEN = "widen"
RULES = (FULL, WIDEN)


def reset_pair(
    rule: str, widen: float, mu: float, sigma: float, start: tuple[float, float]
) -> tuple[float, float]:
    """(mu, sigma) after a season's reset; ``start`` is the ladder's (mu0, sigma0)."""
    if rule == FULL:
        return start
    if rule == WIDEN:
        return mu, min(start[1], math.sqrt(sigma * sigma + widen * widen))
    raise ValueError(f"unknown reset rule {rule!r}")


def number_text(value: float) -> str:
    """2 -> "2", 8.3333 -> "8.33"."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def rule_text(rule: str, widen: float, start: tuple[float, float]) -> str:
    """The rule in words: "ratings reset to 25 ± 8.33", "uncertainty widened by 2"."""
    if rule == FULL:
        return f"ratings reset to {number_text(start[0])} ± {number_text(start[1])}"
    return f"uncertainty widened by {number_text(widen)}"


@dataclass(frozen=True)
class Entry:
    """A player's rating at a season's end and their games in the season."""

    player_id: int
    username: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def conservative(self) -> float:
        return self.mu - 3 * self.sigma


def final_order(entries: Iterable[Entry], contenders: Collection[int] = ()) -> list[Entry]:
    """``entries`` with games in the season, best first: the leaderboard's order (conservative
    rating, games in the season, user name), except that a closing run's ``contenders`` (player
    ids) come first in the run's final order (mu, then the smaller sigma, then the id:
    ``ratings.closing_plan.by_skill``) — every one of them, even one the run never needed to
    play (its place was settled already)."""
    played = [e for e in entries if e.games > 0 or e.player_id in contenders]
    head = sorted(
        (e for e in played if e.player_id in contenders),
        key=lambda e: (-e.mu, e.sigma, e.player_id),
    )
    rest = sorted(
        (e for e in played if e.player_id not in contenders),
        key=lambda e: (-e.conservative, -e.games, e.username),
    )
    return head + rest


def standing_rows(
    entries: Iterable[Entry], contenders: Collection[int] = ()
) -> list[dict[str, Any]]:
    """The final leaderboard of ``entries`` (those with games in the season), best first in
    :func:`final_order`: one dict a row with the fields of ``SeasonStanding``."""
    ordered = final_order(entries, frozenset(contenders))
    certain = certainties([(e.player_id, e.mu, e.sigma) for e in ordered])
    rows = []
    for i, e in enumerate(ordered):
        c = certain[e.player_id]
        rows.append(
            {
                "player_id": e.player_id,
                "rank": i + 1,
                "mu": e.mu,
                "sigma": e.sigma,
                "conservative": e.conservative,
                "games": e.games,
                "wins": e.wins,
                "above_next": c.above_next,
                "rank_low": c.rank.low,
                "rank_high": c.rank.high,
            }
        )
    return rows


STANDING_FIELDS = (
    "player_id",
    "rank",
    "mu",
    "sigma",
    "conservative",
    "games",
    "wins",
    "above_next",
    "rank_low",
    "rank_high",
)
