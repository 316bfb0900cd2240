"""The matchmaking rounds people cause, beside beat's (``ratings.matchmake`` every 5 s).

The embedded default has no beat, so a queue must match without it, and in the distributed
mode these rounds only come sooner than beat's:

- **on a join**: once the join commits, one round for that ladder (:func:`after_join`, which
  :mod:`ratings.receivers` runs on ``queue_joined``); two people who join an empty queue are
  paired by the second one's join.
- **while someone waits**: the ladder page of a person in the queue asks every few seconds
  (``web-queue-wait``), and that runs a round for the ladder at most once every
  :data:`ROUND_SECONDS` (:func:`while_waiting`), so the threshold that widens with waiting
  time (:mod:`ratings.matchmaking`) pairs people who could not play at once.

Every round is the manager's :func:`~ratings.matchmaking.matchmake`, which locks the entries it
takes (``select_for_update(skip_locked=True)`` on PostgreSQL; SQLite's transactions are
``IMMEDIATE``, so rounds there run one at a time): two processes, or a page's round and beat's,
never take the same entry, and a match is never made twice. These rounds do not refill a bot
arena (beat's do), so they never start bot-only matches of their own.
"""

from __future__ import annotations

import logging

from django.core.cache import cache

from ratings.matchmaking import MatchmakingReport, matchmake
from ratings.models import Ladder

log = logging.getLogger(__name__)

ROUND_SECONDS = 2.0


def run_round(ladder: Ladder) -> MatchmakingReport:
    """One round for ``ladder`` now, without refilling its arena."""
    report = matchmake(ladder, refill=False)
    if report.matches:
        log.info("matchmaking on %s paired matches %s", ladder.slug, report.matches)
    return report


def after_join(ladder_id: int) -> MatchmakingReport | None:
    """The round after a join committed (``None`` when the ladder is gone)."""
    ladder = Ladder.objects.filter(pk=ladder_id).first()
    return run_round(ladder) if ladder is not None else None


def while_waiting(ladder: Ladder) -> MatchmakingReport | None:
    """A round for ``ladder`` unless one ran in the last :data:`ROUND_SECONDS` (``None``
    then): however many people's pages ask, a ladder gets one round every few seconds."""
    if not cache.add(f"ratings:queue-round:{ladder.pk}", True, ROUND_SECONDS):
        return None
    return run_round(ladder)
