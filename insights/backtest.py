"""Replaying a ladder's history in time order through each rating system, scoring what each
predicted before every match: log-loss of the predicted winner and pair-inversion accuracy
(the share of pairs of sides whose finishing order the ratings before the match got right,
as the Elo-MMR paper measures it; equal predictions count half, tied finishes are left out).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from insights.rating_systems import SYSTEMS, RatingSystem

EPS = 1e-15


@dataclass(frozen=True)
class Contest:
    """One match as the backtest reads it: its sides (players' ids) and their ranks."""

    groups: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class Score:
    """One system's figures over a history."""

    system: str
    matches: int
    pairs: int
    log_loss: float | None
    pair_accuracy: float | None
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def contest(players: Sequence[int], ranks: Sequence[int], teams: Sequence[int | None]) -> Contest:
    """A :class:`Contest` from a match's seats: team-mates form one side (rank: their best)."""
    sides: dict[Any, list[int]] = {}
    side_rank: dict[Any, int] = {}
    for seat, (p, r, t) in enumerate(zip(players, ranks, teams, strict=True)):
        key = ("team", t) if t is not None else ("seat", seat)
        sides.setdefault(key, []).append(p)
        side_rank[key] = min(side_rank.get(key, r), r)
    keys = list(sides)
    return Contest(tuple(tuple(sides[k]) for k in keys), tuple(side_rank[k] for k in keys))


def replay(system: RatingSystem, history: Iterable[Contest]) -> Score:
    """Score ``system`` over ``history`` (in time order): predict every pair of sides of a
    match, then let the system learn the match."""
    started = time.perf_counter()
    loss = correct = 0.0
    pairs = decided = matches = 0
    for c in history:
        matches += 1
        for i in range(len(c.groups)):
            for j in range(i + 1, len(c.groups)):
                p = min(1 - EPS, max(EPS, system.win_probability(c.groups[i], c.groups[j])))
                y = 1.0 if c.ranks[i] < c.ranks[j] else 0.0 if c.ranks[i] > c.ranks[j] else 0.5
                loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
                pairs += 1
                if y != 0.5:
                    decided += 1
                    correct += 0.5 if p == 0.5 else float((p > 0.5) == (y == 1.0))
        system.update(c.groups, c.ranks)
    return Score(
        system.name,
        matches,
        pairs,
        loss / pairs if pairs else None,
        correct / decided if decided else None,
        time.perf_counter() - started,
    )


def backtest(ladder: Any, history: Sequence[Contest]) -> list[Score]:
    """Every system's :class:`Score` over the same ``history``, with ``ladder``'s parameters."""
    return [replay(system(ladder), history) for system in SYSTEMS]


def ladder_history(ladder: Any) -> list[Contest]:
    """A ladder's rated finished matches, oldest first, with the ranks that stand."""
    from matches.models import Match, MatchSeat, MatchState

    ids = list(
        Match.objects.filter(ladder=ladder, rated=True, state=MatchState.FINISHED)
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)
    )
    seats: dict[int, list[tuple[int, int | None, int | None]]] = {}
    rows = MatchSeat.objects.filter(
        match__ladder=ladder, match__rated=True, match__state=MatchState.FINISHED
    ).order_by("match_id", "seat")
    for m, p, r, t in rows.values_list("match_id", "player_id", "rank", "team").iterator():
        seats.setdefault(m, []).append((p, r, t))
    out = []
    for m in ids:
        s = seats.get(m, [])
        if len(s) >= 2 and all(r is not None for _, r, _ in s):
            out.append(contest([p for p, _, _ in s], [r for _, r, _ in s], [t for _, _, t in s]))
    return out
