"""Ratings in plain words, in one place: what the conservative rating is, and what one match
did to it.

A ladder ranks players by their conservative rating, mu - 3 sigma: TrueSkill's estimate of
their level (mu) minus three times its uncertainty (sigma). A match moves both; the uncertainty
shrinks with every game, so the rating can rise after a loss (a new player's first loss to an
established one: 0.00 to about +0.3 on Kingdom of Warlords) or fall after a win. Every page
that shows a rating change takes its words from here: the player page, the leaderboard, and the
end-of-match tables of the play page and the match page (:func:`match_changes`), where a rating
that moved against the result (a loss that raised it) always comes with the sentence saying why
(:meth:`Move.against_result`): it is explained, not capped.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ratings.service import conservative

CONSERVATIVE = (
    "Your rating counts your estimated level minus three times its uncertainty; uncertainty "
    "shrinks as you play, so it can rise after a loss."
)
"""The line under a leaderboard and a player's ratings."""


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def side_ranks(seats: Iterable[tuple[Any, int | None, int]]) -> list[int]:
    """One rank per side of a match from its seats' ``(team, rank, seat)``: team-mates are
    one side, a seat without a team is a side of its own."""
    sides: dict[Any, int] = {}
    for team, rank, seat in seats:
        if rank is None:
            continue
        key = ("team", team) if team is not None else ("seat", seat)
        sides[key] = min(rank, sides.get(key, rank))
    return list(sides.values())


def outcome(rank: int, ranks: Sequence[int] = ()) -> str:
    """The result in words, to follow "after": "a win", "a loss", "a draw", "placing 3rd of
    4", "sharing 2nd place of 4"; ``ranks`` has one rank per side of the match (0 is first;
    empty: not known)."""
    shared = list(ranks).count(rank) > 1
    if len(ranks) == 2:
        return "a draw" if shared else "a win" if rank == 0 else "a loss"
    if rank == 0:
        return "a shared first place" if shared else "a win"
    of = f" of {len(ranks)}" if ranks else ""
    if shared:
        return f"sharing {ordinal(rank + 1)} place{of}"
    return f"placing {ordinal(rank + 1)}{of}"


@dataclass(frozen=True)
class Move:
    """One player's rating change in one match."""

    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    outcome: str  # from :func:`outcome`

    @property
    def before(self) -> float:
        return conservative(self.mu_before, self.sigma_before)

    @property
    def after(self) -> float:
        return conservative(self.mu_after, self.sigma_after)

    @property
    def delta(self) -> float:
        return self.after - self.before

    def short(self) -> str:
        """E.g. "+0.29 (0.00 → 0.29)"."""
        return f"{self.delta:+.2f} ({self.before:.2f} → {self.after:.2f})"

    def sentence(self) -> str:
        """What the match did and why, e.g. "After a loss the rating went from 0.00 to 0.29
        (+0.29): the estimated level fell (25.00 → 22.14), but its uncertainty shrank more
        (8.33 → 7.28, counted three times), so the rating rose." """
        level = _moved(self.mu_before, self.mu_after, "rose", "fell")
        doubt = _moved(self.sigma_before, self.sigma_after, "grew", "shrank")
        levels = f"({self.mu_before:.2f} → {self.mu_after:.2f})"
        doubts = f"({self.sigma_before:.2f} → {self.sigma_after:.2f}, counted three times)"
        head = (
            f"After {self.outcome} the rating went from {self.before:.2f} to "
            f"{self.after:.2f} ({self.delta:+.2f})"
        )
        rating = _moved(self.before, self.after, "rose", "fell")
        if rating == "rose" and level == "fell":
            why = (
                f"the estimated level fell {levels}, but its uncertainty shrank more {doubts}, "
                "so the rating rose"
            )
        elif rating == "fell" and level == "rose":
            why = (
                f"the estimated level rose {levels}, but its uncertainty grew more {doubts}, "
                "so the rating fell"
            )
        else:
            why = f"the estimated level {level} {levels} and its uncertainty {doubt} {doubts}"
        return f"{head}: {why}."

    def against_result(self, name: str | None = None) -> str:
        """The sentence a result table shows when the rating moved against the result: it rose
        although the estimated level fell (a loss that made TrueSkill surer, mostly), or fell
        although the level rose; "" otherwise. ``name``: whose rating (``None``: the reader's,
        "Your rating ..."). E.g. "Your rating rose by 0.61 although you lost: the loss made the
        system surer of your strength (its uncertainty fell from 8.33 to 7.51) more than it
        lowered your estimated level (25.00 → 23.10), and the rating shown is the estimated
        level minus three times the uncertainty (mu − 3 sigma)." """
        rating = _moved(self.before, self.after, "rose", "fell")
        level = _moved(self.mu_before, self.mu_after, "rose", "fell")
        if rating == "stayed the same" or level == rating:
            return ""
        whose, who = ("Your", "you") if name is None else (f"{name}'s", name)
        owner = whose.lower() if name is None else whose
        verb = {"a loss": "lost", "a win": "won"}.get(self.outcome)
        head = f"{whose} rating {rating} by {abs(self.delta):.2f}"
        head += f" although {who} {verb}" if verb else f" after {self.outcome}"
        event = "the loss" if verb == "lost" else "the win" if verb == "won" else "the result"
        doubt = f"from {self.sigma_before:.2f} to {self.sigma_after:.2f}"
        levels = f"({self.mu_before:.2f} → {self.mu_after:.2f})"
        if level == "stayed the same":
            moved = f"while {owner} estimated level stayed at {self.mu_after:.2f}"
        elif rating == "rose":
            moved = f"more than it lowered {owner} estimated level {levels}"
        else:
            moved = f"more than {event} raised {owner} estimated level {levels}"
        if rating == "rose":
            why = (
                f"{event} made the system surer of {owner} strength (its uncertainty fell {doubt})"
            )
        else:
            why = f"the system grew less sure of {owner} strength (its uncertainty rose {doubt})"
        return (
            f"{head}: {why} {moved}, and the rating shown is the estimated level minus three times "
            "the uncertainty (mu − 3 sigma)."
        )


def _moved(before: float, after: float, up: str, down: str) -> str:
    """Which way a number moved, as shown (to 2 decimals)."""
    if round(after, 2) > round(before, 2):
        return up
    if round(after, 2) < round(before, 2):
        return down
    return "stayed the same"


def move(change: Any, ranks: Sequence[int] = ()) -> Move:
    """A :class:`~ratings.models.RatingChange` as a :class:`Move`; ``ranks``: one per side."""
    return Move(
        change.mu_before,
        change.sigma_before,
        change.mu_after,
        change.sigma_after,
        outcome(change.rank, ranks),
    )


def trend(series: Sequence[float]) -> str:
    """A run of conservative ratings (oldest first) in words: "last 3 matches: +4.12"."""
    if len(series) < 2:
        return "no rated match yet"
    n = len(series) - 1
    return f"last {n} match{'es' if n > 1 else ''}: {series[-1] - series[0]:+.2f}"


def match_changes(match: Any, you: int | None = None) -> list[dict[str, Any]]:
    """The rating change of each seat of a finished ``match``, for the end-of-match tables
    (the play page's, the match page's): ``{"seat", "player", "name", "before", "after",
    "delta", "outcome", "text", "why", "note"}`` in seat order (``text`` short, ``why`` the sentence,
    ``note`` :meth:`Move.against_result`, addressed to the reader on seat ``you``, "" when the
    rating moved with the result). Empty when the match was not rated (or is not rated yet)."""
    from ratings.models import RatingChange

    seats = list(match.seats.select_related("player").order_by("seat"))
    changes = {c.player_id: c for c in RatingChange.objects.filter(match_id=match.pk)}
    if not changes:
        return []
    ranks = side_ranks((s.team, s.rank, s.seat) for s in seats)
    out = []
    for s in seats:
        change = changes.get(s.player_id)
        if change is None:
            continue
        m = move(change, ranks)
        out.append(
            {
                "seat": s.seat,
                "player": s.player.username,
                "name": s.player.public_name,
                "before": round(m.before, 2),
                "after": round(m.after, 2),
                "delta": round(m.delta, 2),
                "outcome": m.outcome,
                "text": m.short(),
                "why": m.sentence(),
                "note": m.against_result(None if s.seat == you else s.player.public_name),
            }
        )
    return out
