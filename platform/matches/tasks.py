"""Celery tasks of the matches app."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.core.cache import cache

from gauntlet.db import RETRY_THROUGH_OUTAGES
from matches import audit, interactive, recovery, runner, seat_bots


@shared_task(
    bind=True,
    name="matches.run_match",
    **RETRY_THROUGH_OUTAGES,
)
def run_match(self, match_id: int) -> str:
    """Play match ``match_id`` with its bots and record it once (idempotent)."""
    return runner.run(match_id, task_id=self.request.id or "", worker=self.request.hostname or "")


@shared_task(
    bind=True,
    name="matches.run_matches",
    **RETRY_THROUGH_OUTAGES,
)
def run_matches(self, match_ids: list[int]) -> dict[str, Any]:
    """Play a batch of bot matches and record them in one transaction (for bot arenas and
    benchmarks: per-task overhead dominates short matches). Idempotent like ``run_match``.

    Returns each match's outcome and the seconds spent in the engine, database and ratings.
    """
    import time

    started = time.perf_counter()
    timings: dict[str, float] = {}
    outcome = runner.run_batch(
        list(match_ids),
        task_id=self.request.id or "",
        worker=self.request.hostname or "",
        timings=timings,
    )
    timings["task"] = time.perf_counter() - started
    return {"outcome": {str(k): v for k, v in outcome.items()}, "timings": timings}


MIN_REQUEUE_WINDOW = 10
"""Seconds during which a match queued again is not queued again (the beat's period)."""
LOST_AFTER_SECONDS = 90.0
"""An all-bot match still scheduled this long after it was created lost its task."""


def queued_again_recently(kind: str, match_id: int, window: float) -> bool:
    """True when ``match_id`` was queued again by ``kind`` in the last ``window`` seconds (at
    least :data:`MIN_REQUEUE_WINDOW`; else notes that it is now): overlapping reaper runs never
    queue one lost match many times."""
    timeout = max(MIN_REQUEUE_WINDOW, int(window))
    return not cache.add(f"gauntlet:requeued:{kind}:{match_id}", 1, timeout=timeout)


@shared_task(name="matches.requeue_stale")
def requeue_stale(
    stale_after: float = runner.STALE_AFTER_SECONDS, queue: str | None = None
) -> list[int]:
    """Queue again every running match whose worker stopped beating (it died mid-match), at
    most once per ``stale_after`` seconds each."""
    ids = [
        match_id
        for match_id in runner.stale_matches(stale_after)
        if not queued_again_recently("stale", match_id, stale_after)
    ]
    for match_id in ids:
        # Ahead of the queued backlog: the recovery budget (matches.recovery) has no room for
        # a wait behind every match queued meanwhile.
        run_match.apply_async((match_id,), queue=queue, priority=recovery.priority())
    return ids


@shared_task(name="matches.run_scheduled")
def run_scheduled(older_than: float = LOST_AFTER_SECONDS, limit: int = 1000) -> int:
    """Queue again all-bot matches still scheduled ``older_than`` seconds after creation, at
    most once per ``older_than`` seconds each.

    Their task was lost (the broker was down when they were created, restarted without its
    queue, or a killed worker held it). A match whose task is merely waiting in a long queue may
    be queued twice: harmless, since ``run_match`` records a match once.
    """
    ids = [
        match_id
        for match_id in runner.lost_bot_matches(older_than, limit)
        if not queued_again_recently("scheduled", match_id, older_than)
    ]
    for match_id in ids:
        run_match.apply_async((match_id,), priority=recovery.priority())
    return len(ids)


@shared_task(name="matches.verify_matches")
def verify_matches(match_ids: list[int]) -> dict[str, list[int]]:
    """Replay-verify these matches; returns the ids that reproduce and those that diverge."""
    return audit.verify_all(match_ids)


# -- matches with people's seats (see matches.interactive) -----------------------------------


@shared_task(
    name="matches.advance_bots",
    **RETRY_THROUGH_OUTAGES,
)
def advance_bots(match_id: int) -> int:
    """Play the bot seats of a mixed match until a person is to act; returns moves played."""
    return seat_bots.advance_bots(match_id)


MAX_COUNTDOWN_SECONDS = 300.0
"""Longest countdown given to the broker: a task held back longer than the broker's visibility
timeout (Redis: the task time limit + 60 s) is delivered a second time, so a longer turn is
checked in hops of at most this."""


def expire_clock_later(match_id: int, ply: int, countdown: float) -> None:
    """Queue ``expire_clock`` for turn ``ply``, ``countdown`` seconds from now (in hops)."""
    expire_clock.apply_async(
        (match_id, ply), countdown=max(0.0, min(countdown, MAX_COUNTDOWN_SECONDS))
    )


@shared_task(name="matches.expire_clock", acks_late=True, reject_on_worker_lost=True)
def expire_clock(match_id: int, ply: int) -> bool:
    """Queued at each turn with the turn's time as countdown: forfeit the seat to act if its
    clock has run out (nothing when it has moved since: the deadline moved with it); a hop of a
    long turn queues the next hop."""
    if interactive.expire(match_id):
        return True
    left = interactive.seconds_left(match_id, ply)
    # In-process (embedded) tasks run at once whatever their countdown: no hops there.
    if left is not None and not expire_clock.app.conf.task_always_eager:
        expire_clock_later(match_id, ply, left + 0.5)
    return False


@shared_task(name="matches.sweep_clocks")
def sweep_clocks() -> list[int]:
    """Periodic safety net (beat): forfeit every running match whose clock has run out, in
    case its ``expire_clock`` task was lost with a worker."""
    return [m for m in interactive.expired_clocks() if interactive.expire(m)]
