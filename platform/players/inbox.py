"""Stored notifications: what a player is told, in words, with the place to act.

The apps' receivers post them (:func:`post`, :func:`post_many`) when something happened (paired
for a round, your turn, a challenge, a result to confirm, a dispute answered); each is stored
inside the caller's transaction and pushed, once it commits, over the player's notification
socket (``/ws/notifications/``, :mod:`players.notifications`) as a message of kind
``notification`` with ``{"id", "kind", "text", "url", "created", "unread"}`` (``unread``: the
player's unread count, which the header's badge shows). A notification is read once the player
opens the list or follows its link (or opens the page it points to).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from players.models import Notification, NotificationKind
from players.notifications import group_name

log = logging.getLogger(__name__)

#: How many notifications the list and the API show (the newest).
LIST_SIZE = 100


def post(player_id: int, kind: str, text: str, url: str, *, once: bool = False) -> bool:
    """Store one notification for the player and push it after the commit; with ``once``,
    nothing is posted while an unread one of the same kind and url waits. True when posted."""
    if once and unread(player_id).filter(kind=kind, url=url).exists():
        return False
    return bool(post_many([(player_id, kind, text, url)]))


def post_many(items: Sequence[tuple[int, str, str, str]]) -> list[Notification]:
    """Store ``(player id, kind, text, url)`` notifications in one insert and push them all
    after the commit (one event-loop run for the whole batch)."""
    for _, kind, _, url in items:
        if kind not in NotificationKind.values or not url.startswith("/"):
            raise ValueError(f"a notification needs a known kind and a site path: {kind}, {url}")
    rows = Notification.objects.bulk_create(
        Notification(player_id=p, kind=k, text=t[:300], url=u) for p, k, t, u in items
    )
    if rows:
        ids = [n.pk for n in rows]
        transaction.on_commit(lambda: push(ids))
    return rows


def unread(player_id: int):
    """The player's unread notifications (a queryset)."""
    return Notification.objects.filter(player_id=player_id, read_at=None)


def unread_count(player_id: int) -> int:
    """How many notifications the player has not seen."""
    return unread(player_id).count()


def latest(player_id: int, limit: int = LIST_SIZE) -> list[Notification]:
    """The player's newest notifications, newest first."""
    return list(
        Notification.objects.filter(player_id=player_id).order_by("-created", "-pk")[:limit]
    )


def mark_read(player_id: int, ids: Iterable[int] | None = None, url: str | None = None) -> int:
    """Mark the player's unread notifications read: all of them, those ``ids``, or those
    pointing at ``url`` (the page was opened). Returns how many."""
    rows = unread(player_id)
    if ids is not None:
        rows = rows.filter(pk__in=list(ids))
    if url is not None:
        rows = rows.filter(url=url)
    return rows.update(read_at=timezone.now())


def follow(player_id: int, pk: int) -> Notification | None:
    """The player's notification ``pk``, marked read (``None``: not theirs, or none)."""
    note = Notification.objects.filter(player_id=player_id, pk=pk).first()
    if note is not None and note.read_at is None:
        mark_read(player_id, [pk])
    return note


def as_json(note: Notification, unread_total: int | None = None) -> dict[str, Any]:
    """The socket's (and the API's) document of one notification."""
    doc = {
        "id": note.pk,
        "kind": note.kind,
        "text": note.text,
        "url": note.url,
        "created": note.created.isoformat(),
        "read": note.read_at is not None,
    }
    if unread_total is not None:
        doc["unread"] = unread_total
    return doc


def push(ids: list[int]) -> None:
    """Send these stored notifications to their players' sockets, with each player's unread
    count; a socket that cannot be told never fails anything."""
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    notes = list(Notification.objects.filter(pk__in=ids).order_by("pk"))
    counts = dict(
        Notification.objects.filter(player_id__in={n.player_id for n in notes}, read_at=None)
        .values_list("player_id")
        .annotate(n=Count("pk"))
    )
    layer = get_channel_layer()
    if layer is None or not notes:
        return

    async def deliver() -> None:
        for note in notes:
            payload = as_json(note, counts.get(note.player_id, 0))
            try:
                await layer.group_send(
                    group_name(note.player_id),
                    {"type": "notification", "kind": "notification", "payload": payload},
                )
            except Exception:  # a socket event never fails what caused it
                log.exception("could not push notification %s", note.pk)

    try:
        async_to_sync(deliver)()
    except Exception:
        log.exception("could not push %d notifications", len(notes))
