"""A leaderboard's certainty: for each row, the probability that the player is truly above the
next one and their likely rank (:mod:`ratings.uncertainty` over the ladder's rated players).

The leaderboard's order is the conservative rating's (ties: more games, then user name), so
"the next one" is the next row of that order, the page's last row included (its next player is
on the next page). Every rated player of the ladder is read once, as three numbers each.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ratings.models import Rating
from ratings.uncertainty import DEFAULT_LEVEL, Field, RankBelief, percent_text, prob_above

LEADERBOARD_ORDER = ("-conservative", "-games", "player__username")


@dataclass(frozen=True)
class Certainty:
    """One leaderboard row's certainty."""

    above_next: float | None  # None: the last player
    rank: RankBelief

    def above_next_text(self) -> str:
        """ "83%" (never 100% or 0%: ">99.9%", "<0.1%"), "—" for the last player."""
        return "—" if self.above_next is None else percent_text(self.above_next)


def certainties(
    ordered: Sequence[tuple[Any, float, float]], wanted: Iterable[Any] | None = None
) -> dict[Any, Certainty]:
    """For ``ordered`` (key, mu, sigma) rows in leaderboard order: each wanted key's certainty
    (``wanted`` None: every row's)."""
    field = Field([(mu, sigma) for _, mu, sigma in ordered])
    keys = None if wanted is None else set(wanted)
    out: dict[Any, Certainty] = {}
    for i, (key, mu, sigma) in enumerate(ordered):
        if keys is not None and key not in keys:
            continue
        nxt = ordered[i + 1] if i + 1 < len(ordered) else None
        above = prob_above((mu, sigma), (nxt[1], nxt[2])) if nxt is not None else None
        out[key] = Certainty(above, field.rank((mu, sigma), DEFAULT_LEVEL))
    return out


def ladder_certainties(ladder: Any, player_ids: Iterable[int]) -> dict[int, Certainty]:
    """The certainty of each of ``player_ids`` among the ladder's rated players (one query)."""
    ordered = list(
        Rating.objects.filter(ladder=ladder, games__gt=0)
        .order_by(*LEADERBOARD_ORDER)
        .values_list("player_id", "mu", "sigma")
    )
    return certainties(ordered, player_ids)
