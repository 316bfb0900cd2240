"""What one finished match adds to the matchup counts (plain values; no writes here)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from insights.models import Kind, Source

CountKey = tuple[str, str, str, str, str, str]
"""``(game, catalogue, source, kind, key, opponent)``: one :class:`MatchupCount` row."""


def source_of(match: Any) -> str | None:
    """Which statistics a match feeds: a bot study, a tournament, a ladder; None for others
    (a friendly challenge off the ladders, a demo)."""
    if match.origin == "study":
        return Source.STUDY
    if match.origin == "tournament":
        return Source.TOURNAMENT
    if match.ladder_id:
        return Source.LADDER
    return None


def final_ranks(match: Any) -> list[int] | None:
    """The ranks that stand: an admin's correction, else the engine's result."""
    chosen = match.corrected_result or match.result
    ranks = (chosen or {}).get("ranks")
    return list(ranks) if ranks else None


def seat_keys(match: Any) -> list[str] | None:
    """What each seat played, named by the engine (a faction, a Khan, a Hero, an army)."""
    from engines.registry import engine_for

    engine = engine_for(match.game, match.engine_version)
    return engine.matchup_keys(
        match.seed, len(final_ranks(match) or ()), match.decks, match.options or None
    )


def tallies(
    game: str,
    catalogue: str,
    source: str,
    keys: Sequence[str],
    ranks: Sequence[int],
    teams: Sequence[int | None] | None = None,
) -> Counter:
    """``{(count key, field): n}`` a match adds: for each ordered pair of seats on different
    sides, a game for the first seat's key against the second's, a win when it ranked better,
    a draw when equal; for each seat position (``Seat 1``...), a game, a win when it alone
    ranked first, a draw when it shared first place."""
    out: Counter = Counter()
    teams = teams or [None] * len(ranks)
    for i, (key, rank) in enumerate(zip(keys, ranks, strict=True)):
        for j, (other, other_rank) in enumerate(zip(keys, ranks, strict=True)):
            if i == j or (teams[i] is not None and teams[i] == teams[j]):
                continue
            row = (game, catalogue, source, Kind.PAIR.value, key, other)
            out[row, "games"] += 1
            if rank < other_rank:
                out[row, "wins"] += 1
            elif rank == other_rank:
                out[row, "draws"] += 1
        seat = (game, catalogue, source, Kind.SEAT.value, f"Seat {i + 1}", "")
        out[seat, "games"] += 1
        best = min(ranks)
        if rank == best:
            out[seat, "wins" if list(ranks).count(best) == 1 else "draws"] += 1
    return out


def merge(parts: Iterable[Counter]) -> dict[CountKey, dict[str, int]]:
    """The tallies of many matches as ``{count key: {"games": n, "wins": n, "draws": n}}``."""
    rows: dict[CountKey, dict[str, int]] = {}
    for part in parts:
        for (row, field), n in part.items():
            rows.setdefault(row, {"games": 0, "wins": 0, "draws": 0})[field] += n
    return rows
