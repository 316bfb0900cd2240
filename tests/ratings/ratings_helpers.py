"""Helpers of the ratings tests: finished matches written directly to the database."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import trueskill
from django.db import connection

from matches.models import Match, MatchSeat, MatchState
from players.models import Player
from ratings.models import Ladder

PASSWORD = "x-Strong-pass-9"
T0 = datetime(2026, 11, 1, tzinfo=UTC)

_counter = {"n": 0}


def finished_match(
    ladder: Ladder,
    players: list[Player],
    ranks: list[int],
    teams: list[int | None] | None = None,
    *,
    at: datetime | None = None,
    rated: bool = True,
) -> Match:
    """A finished match with these ranks, written directly (no engine, no worker)."""
    _counter["n"] += 1
    match = Match.objects.create(
        game=ladder.game,
        ladder=ladder,
        state=MatchState.FINISHED,
        rated=rated,
        seed=_counter["n"],
        seed_nonce="n",
        seed_commitment="c",
        engine_version="test",
        finished_at=at or T0 + timedelta(minutes=_counter["n"]),
    )
    teams = teams or [None] * len(players)
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, player=p, bot="random", team=t, rank=r)
        for i, (p, r, t) in enumerate(zip(players, ranks, teams, strict=True))
    )
    return match


def package_env(ladder: Ladder, backend: str | None = None) -> trueskill.TrueSkill:
    """The reference: the trueskill package's environment for the ladder's parameters."""
    return trueskill.TrueSkill(
        mu=ladder.mu,
        sigma=ladder.sigma,
        beta=ladder.beta,
        tau=ladder.tau,
        draw_probability=ladder.draw_probability,
        backend=backend,
    )


def run_threads(n: int, work) -> None:
    """Run ``work(i)`` in ``n`` threads started together (each with its own connection);
    fails with the errors any of them raised."""
    barrier = threading.Barrier(n)
    errors = []

    def body(i):
        try:
            barrier.wait(timeout=30)
            work(i)
        except BaseException as exc:  # reported below, in the test's thread
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=body, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
