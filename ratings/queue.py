"""Joining and leaving a ladder's matchmaking queue: the rules, shared by the API and the pages.

A join is announced (``queue_joined``), and once it commits a matchmaking round runs for the
ladder (:mod:`ratings.rounds`): the second of two people who join an empty queue is paired at
once. On a game with deck construction the entry takes a deck: a registered version (checked by
:func:`ratings.seat_decks.chosen_deck`, marked used here) or the API's plain deck data; the
match the matchmaker makes seats it with that deck.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from ratings.bots import bot_spec
from ratings.models import Ladder, QueueEntry
from ratings.signals import queue_joined
from ratings.versions import played_by_token, playing_account


class QueueRefused(ValueError):
    """Why a join, a leave or a game against a bot instead cannot happen; ``kind`` is closed,
    not_a_bot, already, absent, too_soon, no_bots or refused."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


def join_queue(
    ladder: Ladder, player: Any, by: Any, deck: Any = None, version: Any = None
) -> QueueEntry:
    """Put ``player`` (a person, or a bot account ``by`` may enter) in the ladder's queue, with
    ``deck`` (the data of ``version`` when one was chosen: ``seat_decks.chosen_deck``)."""
    if not ladder.active:
        raise QueueRefused(f"Ladder {ladder.slug!r} is closed.", "closed")
    player = playing_account(player)  # a bot with versions: its latest (ratings.versions)
    spec = ""
    if player.is_bot:
        spec = bot_spec(player, ladder.game) or ""
        # An external bot's version (no spec) takes a person's seat, played with its token.
        if not spec and not played_by_token(player, ladder.game):
            raise QueueRefused(
                f"{player.username!r} is not a bot account that plays {ladder.game}.", "not_a_bot"
            )
    try:
        with transaction.atomic():
            entry = QueueEntry.objects.create(
                ladder=ladder,
                player=player,
                bot=spec,
                deck=deck,
                deck_version=version,
                joined_at=timezone.now(),
                queued_by=by,
            )
    except IntegrityError:  # one entry per player per ladder
        entry = QueueEntry.objects.filter(ladder=ladder, player=player).first()
        since = f" (since {entry.joined_at.isoformat()})" if entry is not None else ""
        raise QueueRefused(
            f"{player.username} is already in the queue of {ladder.slug!r}{since}.", "already"
        ) from None
    if version is not None:
        from decks.services import mark_used

        mark_used(version)  # a version entered into ladder play can no longer change
    queue_joined.send(sender=QueueEntry, entry=entry)
    return entry


def leave_queue(ladder: Ladder, player: Any) -> None:
    """Take ``player`` out of the ladder's queue."""
    deleted, _ = QueueEntry.objects.filter(ladder=ladder, player=player).delete()
    if not deleted:
        raise QueueRefused(f"{player.username} is not in the queue of {ladder.slug!r}.", "absent")
