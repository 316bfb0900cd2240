"""Where a ladder's field stands against its reference bots over time, from the rating
changes: the field's median mu at the end of each period, and how the field scored against
each reference bot in it. A rising median with a steady score against a held bot is
inflation (or deflation, falling); a rising median with a rising score is a stronger field."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

MAX_CHANGES = 200_000
"""The most recent rating changes read (a long ladder shows its latest stretch)."""


@dataclass
class Period:
    """One period: when it ends, the field's median mu then, and per reference bot the
    field's games and points (a win 1, a draw 1/2) against it in the period."""

    end: datetime
    median_mu: float | None
    against: dict[int, list[float]] = field(default_factory=dict)  # ref id -> [games, points]


@dataclass
class Drift:
    references: list[Any]  # HeldRating rows, with their players
    periods: list[Period]
    unit: str  # "day" or "week"


def drift(ladder: Any, periods: int = 30) -> Drift | None:
    """The field against ``ladder``'s reference bots in up to ``periods`` periods (days, or
    weeks when the history is longer); ``None`` when the ladder has no reference bots."""
    from ratings.models import HeldRating, RatingChange

    refs = list(HeldRating.objects.filter(ladder=ladder).select_related("player"))
    if not refs:
        return None
    held = {h.player_id for h in refs}
    rows = list(
        RatingChange.objects.filter(ladder=ladder)
        .order_by("-sequence", "-player_id")
        .values_list("match_id", "player_id", "mu_after", "rank", "match__finished_at")[
            :MAX_CHANGES
        ]
    )
    rows.reverse()
    if not rows:
        return Drift(refs, [], "day")
    first, last = rows[0][4], rows[-1][4]
    unit = "day" if last - first <= timedelta(days=periods) else "week"
    step = timedelta(days=1 if unit == "day" else 7)
    start = max(first - step / 2, last - step * periods)
    n = max(1, math.ceil((last - start) / step))
    out = [Period(start + step * (i + 1), None) for i in range(n)]
    mu: dict[int, float] = {}
    seats_of: dict[int, list[tuple[int, int]]] = {}
    i = 0
    for match_id, player, mu_after, rank, created in rows:
        while i < n - 1 and created > out[i].end:
            out[i].median_mu = median(mu)
            i += 1
        if player not in held:
            mu[player] = mu_after
        seats = seats_of.setdefault(match_id, [])
        seats.append((player, rank))
        if created > start:
            tally(out[i], seats, held)
    for p in out[i:]:
        p.median_mu = median(mu)
    return Drift(refs, out, unit)


def median(mu: dict[int, float]) -> float | None:
    return statistics.median(mu.values()) if mu else None


def tally(period: Period, seats: list[tuple[int, int]], held: set[int]) -> None:
    """Count the newest seat of a match against the seats already read of it, where one of
    the two is a reference bot and the other is not (each pair once)."""
    player, rank = seats[-1]
    for other, other_rank in seats[:-1]:
        if (player in held) == (other in held):
            continue
        if other in held:
            ref, mine, theirs = other, rank, other_rank
        else:
            ref, mine, theirs = player, other_rank, rank
        games_points = period.against.setdefault(ref, [0, 0.0])
        games_points[0] += 1
        games_points[1] += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
