"""Joining and leaving a ladder's matchmaking queue: the rules, shared by the API and the pages."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from ratings.bots import bot_spec
from ratings.models import Ladder, QueueEntry


class QueueRefused(ValueError):
    """Why a join or leave cannot happen; ``kind`` is closed, not_a_bot, already or absent."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


def join_queue(ladder: Ladder, player: Any, by: Any, deck: Any = None) -> QueueEntry:
    """Put ``player`` (a person, or a bot account ``by`` may enter) in the ladder's queue."""
    if not ladder.active:
        raise QueueRefused(f"Ladder {ladder.slug!r} is closed.", "closed")
    spec = ""
    if player.is_bot:
        spec = bot_spec(player, ladder.game) or ""
        if not spec:
            raise QueueRefused(
                f"{player.username!r} is not a bot account that plays {ladder.game}.", "not_a_bot"
            )
    try:
        with transaction.atomic():
            return QueueEntry.objects.create(
                ladder=ladder,
                player=player,
                bot=spec,
                deck=deck,
                joined_at=timezone.now(),
                queued_by=by,
            )
    except IntegrityError:  # one entry per player per ladder
        entry = QueueEntry.objects.filter(ladder=ladder, player=player).first()
        since = f" (since {entry.joined_at.isoformat()})" if entry is not None else ""
        raise QueueRefused(
            f"{player.username} is already in the queue of {ladder.slug!r}{since}.", "already"
        ) from None


def leave_queue(ladder: Ladder, player: Any) -> None:
    """Take ``player`` out of the ladder's queue."""
    deleted, _ = QueueEntry.objects.filter(ladder=ladder, player=player).delete()
    if not deleted:
        raise QueueRefused(f"{player.username} is not in the queue of {ladder.slug!r}.", "absent")
