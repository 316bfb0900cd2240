"""What the matches app does when its signals fire: the side effects at the edge (queued tasks).

The services (:mod:`matches.scheduling`, :mod:`matches.play_events`) announce what happened;
these receivers, connected in ``MatchesConfig.ready``, queue the Celery tasks that follow.
"""

from __future__ import annotations

from typing import Any

# The tasks are imported when first queued, not when the app is ready: the Celery app exists
# only once the gauntlet app is ready (after this one).


def play_bot_match(sender: Any, match_id: int, **kwargs: Any) -> None:
    """An all-bot match is committed: a worker plays it."""
    from matches.tasks import run_match

    run_match.delay(match_id)


def move_bots(sender: Any, match_id: int, **kwargs: Any) -> None:
    """A bot seat of a match with people is to act: a worker plays it (and the next bots)."""
    from matches.tasks import advance_bots

    advance_bots.delay(match_id)


def expire_turn(sender: Any, match_id: int, ply: int, countdown: float, **kwargs: Any) -> None:
    """A turn clock is running: check it once it should have run out."""
    from matches.tasks import expire_clock_later

    expire_clock_later(match_id, ply, countdown)
