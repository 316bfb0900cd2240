"""What one finished match adds to the matchup counts (plain values; no writes here)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from insights.models import Kind, Source
from matches.models import PAPER_ORIGIN

CountKey = tuple[str, str, str, str, str, str]
"""``(game, catalogue, source, kind, key, opponent)``: one :class:`MatchupCount` row."""


def source_of(match: Any) -> str | None:
    """Which statistics a match feeds: a bot study, a tournament, a ladder; None for others
    (a friendly challenge off the ladders, a demo, a result played on paper: no engine dealt
    or saw what its seats played)."""
    if match.origin == PAPER_ORIGIN:
        return None
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


def deck_names(game: str, decks: Sequence[Any] | None, keys: Sequence[str]) -> list[str] | None:
    """Each seat's deck by name when the decks are named finer than ``keys`` (AracKhan Wars'
    starter decks within a faction): a starter deck by its name, another as "Own <key> deck";
    None when the decks were dealt or the names add nothing to the keys."""
    from engines.decks import UnknownFormat, get_deck_format

    if not decks:
        return None
    try:
        starters = [(s.data, s.name) for s in get_deck_format(game).starter_decks()]
    except UnknownFormat:
        return None
    names = [
        next((n for data, n in starters if data == d), f"Own {k} deck")
        for d, k in zip(decks, keys, strict=True)
    ]
    return None if names == list(keys) else names


def tallies(
    game: str,
    catalogue: str,
    source: str,
    keys: Sequence[str],
    ranks: Sequence[int],
    teams: Sequence[int | None] | None = None,
    deck_names: Sequence[str] | None = None,
) -> Counter:
    """``{(count key, field): n}`` a match adds: for each ordered pair of seats on different
    sides, a game for the first seat's key against the second's, a win when it ranked better,
    a draw when equal; for each seat position (``Seat 1``...), a game, a win when it alone
    ranked first, a draw when it shared first place. With ``deck_names`` the same pairs are
    counted by deck name too (kind ``deck``)."""
    out: Counter = Counter()
    teams = teams or [None] * len(ranks)
    levels = [(Kind.PAIR.value, keys)] + ([(Kind.DECK.value, deck_names)] if deck_names else [])
    for i, rank in enumerate(ranks):
        for j, other_rank in enumerate(ranks):
            if i == j or (teams[i] is not None and teams[i] == teams[j]):
                continue
            for kind, names in levels:
                row = (game, catalogue, source, kind, names[i], names[j])
                out[row, "games"] += 1
                if rank < other_rank:
                    out[row, "wins"] += 1
                elif rank == other_rank:
                    out[row, "draws"] += 1
    for i, rank in enumerate(ranks):
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
