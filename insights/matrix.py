"""The read side: matchup matrices and seat tables from the stored counts, with intervals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from django.db.models import Sum

from insights.models import Kind, MatchupCount, Source
from ratings.wilson import wilson

MIN_GAMES = 20
"""Fewer games than this and a cell is marked too small to judge."""


class BadQuery(ValueError):
    """A matchup query names an unknown game, source or catalogue (``field`` says which)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Cell:
    """``key``'s results against ``opponent`` (or in seat ``key``): win rate (draws count
    half), its 95 % Wilson interval, the sample size."""

    key: str
    opponent: str
    games: int
    wins: int
    draws: int
    rate: float | None
    low: float
    high: float
    small: bool

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def heat(self) -> str:
        """The heat map's CSS class: ``heat-0`` (0-10 %) ... ``heat-9`` (90-100 %)."""
        if self.rate is None:
            return "heat-none"
        return f"heat-{min(9, int(self.rate * 10))}"


def cell(key: str, opponent: str, games: int, wins: int, draws: int) -> Cell:
    """A :class:`Cell` from counts."""
    score = wins + draws / 2
    low, high = wilson(score, games)
    rate = score / games if games else None
    return Cell(key, opponent, games, wins, draws, rate, low, high, games < MIN_GAMES)


def check(game: str, sources: Sequence[str]) -> None:
    """Raise :class:`BadQuery` for an unknown game or source."""
    from engines.registry import game_slugs

    if game not in game_slugs():
        raise BadQuery(f"unknown game {game!r} (known: {', '.join(game_slugs())})", "game")
    bad = [s for s in sources if s not in Source.values]
    if bad:
        raise BadQuery(f"unknown source {bad[0]!r} (known: {', '.join(Source.values)})", "source")


def has_decks(game: str) -> bool:
    """Whether ``game``'s counts name decks finer than its key (a by-deck matrix exists)."""
    return MatchupCount.objects.filter(game=game, kind=Kind.DECK).exists()


def catalogues(game: str) -> list[str]:
    """The catalogue versions the counts of ``game`` have, newest first."""
    labels = set(
        MatchupCount.objects.filter(game=game).values_list("catalogue", flat=True).distinct()
    )
    return sorted(labels, key=lambda v: (len(v), v), reverse=True)


def _rows(game: str, catalogue: str | None, sources: Sequence[str], kind: str):
    rows = MatchupCount.objects.filter(game=game, kind=kind)
    if catalogue is not None:
        rows = rows.filter(catalogue=catalogue)
    if sources:
        rows = rows.filter(source__in=sources)
    return (
        rows.values("key", "opponent")
        .annotate(g=Sum("games"), w=Sum("wins"), d=Sum("draws"))
        .order_by("key", "opponent")
    )


@dataclass
class Matrix:
    """Everything a matchup page shows for one game: keys, cells (row key against column
    key), each key's overall record and the seat positions."""

    game: str
    kind: str
    catalogue: str | None
    sources: list[str]
    keys: list[str]
    cells: dict[tuple[str, str], Cell]
    overall: dict[str, Cell]
    seats: list[Cell]

    def grid(self) -> list[tuple[str, Cell, list[Cell | None]]]:
        """Rows for a template: ``(key, overall cell, [cell against each key or None])``."""
        return [
            (k, self.overall[k], [self.cells.get((k, o)) for o in self.keys]) for k in self.keys
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "kind": self.kind,
            "catalogue": self.catalogue,
            "sources": self.sources,
            "min_games": MIN_GAMES,
            "keys": self.keys,
            "cells": [c.to_json() for c in self.cells.values()],
            "overall": [self.overall[k].to_json() for k in self.keys],
            "seats": [c.to_json() for c in self.seats],
        }


def matrix(
    game: str, catalogue: str | None = None, sources: Sequence[str] = (), by: str = "key"
) -> Matrix:
    """The matchup matrix of ``game`` (one catalogue version, or all when None) over
    ``sources`` (all when empty), by the engine's key (a faction, a Khan...) or, ``by="deck"``,
    by named deck, from the stored counts: a handful of rows, never the matches. Raises
    :class:`BadQuery`."""
    from engines.registry import get_game

    check(game, sources)
    if by not in ("key", "deck"):
        raise BadQuery(f"unknown grouping {by!r} (known: key, deck)", "by")
    cells: dict[tuple[str, str], Cell] = {}
    totals: dict[str, list[int]] = {}
    for r in _rows(game, catalogue, sources, Kind.DECK if by == "deck" else Kind.PAIR):
        cells[r["key"], r["opponent"]] = cell(r["key"], r["opponent"], r["g"], r["w"], r["d"])
        t = totals.setdefault(r["key"], [0, 0, 0])
        t[0], t[1], t[2] = t[0] + r["g"], t[1] + r["w"], t[2] + r["d"]
    keys = sorted(totals)
    overall = {k: cell(k, "", *totals[k]) for k in keys}
    seats = [
        cell(r["key"], "", r["g"], r["w"], r["d"])
        for r in _rows(game, catalogue, sources, Kind.SEAT)
    ]
    seats.sort(key=lambda c: int(c.key.split()[-1]))
    kind = "deck" if by == "deck" else get_game(game).matchup_kind or "deck"
    return Matrix(game, kind, catalogue, list(sources), keys, cells, overall, seats)
