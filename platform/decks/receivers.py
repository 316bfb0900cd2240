"""What the decks app does when its signals fire: the side effects at the edge (queued tasks)."""

from __future__ import annotations

from typing import Any


def queue_recheck(sender: Any, version_id: int, **kwargs: Any) -> None:
    """A new catalogue version is committed: re-check every registered deck of its game."""
    from decks.tasks import recheck_decks  # when queued: the Celery app is ready by then

    recheck_decks.delay(version_id)
