"""The recovery budget: how long a match whose worker died waits before it plays again.

A bot match whose worker dies (SIGKILL, out of memory, a host gone) is found by the reaper
(``matches.requeue_stale``) and queued again; nothing waits for the broker's visibility timeout.
The bound is the sum of the timers on that path, each set in one place:

=====================================  ======  =========================================
part                                   bound   timer
=====================================  ======  =========================================
silence before the attempt is stale    15 s    ``runner.STALE_AFTER_SECONDS``
the reaper's next run                   5 s    beat ``matches.requeue_stale`` period
the maintenance worker takes it         5 s    same: the run expires when the next is due
a free worker takes the match          10 s    ``RECOVERY_PRIORITY``: ahead of the backlog,
                                               so only the match a worker is playing now
                                               is waited for (prefetch 1, acks late)
=====================================  ======  =========================================

so the match is **running again within 35 s** of its last heartbeat, on a machine whose cores
are busy as well as on a quiet one (none of these timers is CPU time), and finished within 60 s
when it plays in under 25 s. The stale threshold is more than twice the longest silence of a
live attempt (a heartbeat at most every ``HEARTBEAT_SECONDS``, after a move of at most the move
budget), so a slow live worker is not taken for dead; the broker's visibility timeout stays
longer than the task time limit (a shorter one would hand a running task to a second worker).
A pool child that dies is faster still: Celery rejects its task and Redis puts it back at the
head of its list. The supervisor (``deploy/distributed.sh``) restarts a dead worker after 1 s
(doubling only while it dies within 10 s of its start): the other worker meanwhile takes the
match, so the restart is not on the path. ``tests/matches/test_matches_recovery_budget.py``
pins these relations.
"""

from __future__ import annotations

from django.conf import settings

from matches import runner

TARGET_SECONDS = 60.0
"""A match whose worker died is running again, at p95, within this (bench/faults.py)."""
WORKER_PICKUP_SECONDS = 10.0
"""The longest a recovered match waits for a worker: the match that worker is playing."""


def reaper_period() -> float:
    """Seconds between two runs of ``matches.requeue_stale`` (its beat entry)."""
    return float(settings.CELERY_BEAT_SCHEDULE["matches.requeue_stale"]["schedule"])


def longest_silence() -> float:
    """The longest gap between two heartbeats of a live attempt."""
    return runner.HEARTBEAT_SECONDS + runner.DEFAULT_MOVE_BUDGET_SECONDS


def budget() -> dict[str, float]:
    """Each part of the path from a dead worker's last heartbeat to the match running again,
    in seconds (worst case), and their ``total``."""
    parts = {
        "stale": runner.STALE_AFTER_SECONDS,
        "reaper_period": reaper_period(),
        "reaper_queue": reaper_period(),
        "worker_pickup": WORKER_PICKUP_SECONDS,
    }
    return {**parts, "total": sum(parts.values())}


def priority() -> int | None:
    """The broker priority of a match queued again after its worker died (``None``: the
    broker has no priorities, as in the embedded mode)."""
    if getattr(settings, "CELERY_TASK_DEFAULT_PRIORITY", None) is None:
        return None
    return settings.RECOVERY_PRIORITY
