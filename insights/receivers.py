"""What the insights app does when matches finish or an admin reopens one."""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError, transaction

log = logging.getLogger(__name__)


def on_matches_finished(sender: Any, matches: Any, **kwargs: Any) -> None:
    """Add the finished matches to the matchup counts, inside their finishing transaction.

    A database error propagates (the finish retries); any other failure is logged and leaves
    the counts short, which ``rebuild_matchups`` repairs: statistics never fail a match.
    """
    from insights.counting import merge
    from insights.store import add, match_tallies

    try:
        with transaction.atomic():
            add(merge(match_tallies(matches)))
    except DatabaseError:
        raise
    except Exception:
        log.exception(
            "matchup counts of matches %s failed; run rebuild_matchups", [m.pk for m in matches]
        )


def on_match_reopened(sender: Any, match: Any, **kwargs: Any) -> None:
    """A void or correction changes what the game's matches add up to: count the game again
    on a worker once the change commits (not for a paper match: it is never counted)."""
    from insights.tasks import rebuild_matchups

    if match.on_paper:
        return
    game = match.game
    transaction.on_commit(lambda: rebuild_matchups.delay(game))


def on_study_batches_ready(sender: Any, study_id: int, batches: list[int], **kwargs: Any) -> None:
    """Queue one task per batch of a new study (after its commit)."""
    from insights.tasks import play_study_batch

    for batch in batches:
        play_study_batch.delay(study_id, batch)
