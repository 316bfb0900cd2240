"""Helpers of the insights tests: finished matches written directly (no engine, no worker)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from engines.decks import get_deck_format
from matches.models import Match, MatchSeat, MatchState

T0 = datetime(2026, 11, 1, tzinfo=UTC)
_counter = {"n": 0}


def starter(game: str, key: str) -> Any:
    """The data of starter deck ``key`` of ``game``."""
    return next(s.data for s in get_deck_format(game).starter_decks() if s.key == key)


def finished(
    game: str,
    players: list[Any],
    ranks: list[int],
    decks: list[Any] | None,
    *,
    origin: str = "tournament",
    ladder: Any = None,
    teams: list[int | None] | None = None,
    at: datetime | None = None,
) -> Match:
    """A finished match of ``game`` with these decks and ranks, its seats written."""
    _counter["n"] += 1
    match = Match.objects.create(
        game=game,
        ladder=ladder,
        origin=origin,
        state=MatchState.FINISHED,
        rated=False,
        seed=_counter["n"],
        seed_nonce="n",
        seed_commitment="c",
        engine_version="",
        decks=decks,
        result={"ranks": ranks, "scores": [0] * len(ranks), "reason": "test"},
        finished_at=at or T0 + timedelta(minutes=_counter["n"]),
    )
    teams = teams or [None] * len(players)
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, player=p, bot="random", team=t, rank=r)
        for i, (p, r, t) in enumerate(zip(players, ranks, teams, strict=True))
    )
    return match
