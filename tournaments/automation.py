"""Automation: queue the next round when one ends, and tell entrants over their websockets.

Everything here runs *after* the transaction commits (``transaction.on_commit``): a round that
rolls back is never announced, and the task that pairs the next round never reads a round that
is not finished yet. Events sent to each entrant's notification socket (the message
:func:`players.notifications.notify` sends, batched):

- ``tournament.pairings``: ``{tournament, round, table, opponents, bye, why}``
- ``tournament.round_finished``: ``{tournament, round, standings: [top rows], you: your row}``
- ``tournament.finished``: ``{tournament, winner}``
- ``tournament.dispute`` (to the organiser): ``{tournament, round, table}``
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.db import transaction

log = logging.getLogger(__name__)

STANDINGS_TOP = 8


def _send(messages: list[tuple[int, str, dict[str, Any]]]) -> None:
    """Deliver to each player's notification group, all in one event-loop run.

    The same message :func:`players.notifications.notify` sends, but one ``async_to_sync`` for
    the whole batch: a round of a 1,024-player event announces 2,048 messages, and a loop spin
    per message would cost seconds on the worker.
    """
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    from players.notifications import group_name

    async def deliver() -> None:
        layer = get_channel_layer()
        for player_id, kind, payload in messages:
            try:
                await layer.group_send(
                    group_name(player_id),
                    {"type": "notification", "kind": kind, "payload": payload},
                )
            except Exception:  # a websocket event never fails a tournament
                log.exception("could not notify player %s of %s", player_id, kind)

    try:
        async_to_sync(deliver)()
    except Exception:
        log.exception("could not send %d tournament notifications", len(messages))


def send_on_commit(messages: list[tuple[int, str, dict[str, Any]]]) -> None:
    if messages:
        transaction.on_commit(lambda: _send(messages))


def announce_pairings(t: Any, rnd: Any, tables: Sequence[Any], entries: dict[int, Any]) -> None:
    messages = []
    for table in tables:
        for entry_id in table.entries:
            entry = entries[entry_id]
            messages.append(
                (
                    entry.player_id,
                    "tournament.pairings",
                    {
                        "tournament": t.pk,
                        "round": rnd.number,
                        "table": table.number,
                        "bye": table.bye,
                        "opponents": [
                            entries[o].player.username for o in table.entries if o != entry_id
                        ],
                        "why": table.why,
                    },
                )
            )
    send_on_commit(messages)


def round_finished(t: Any, rnd: Any) -> None:
    """Queue the next round (when the event advances by itself) and announce the standings."""
    from tournaments.models import State

    if t.state != State.RUNNING:
        return
    if t.auto_advance:
        tournament_id, number = t.pk, rnd.number
        transaction.on_commit(lambda: queue_advance(tournament_id, number))
    from tournaments.summary import standings_rows

    rows = standings_rows(t)
    top = rows[:STANDINGS_TOP]
    send_on_commit(
        [
            (
                row["player_id"],
                "tournament.round_finished",
                {"tournament": t.pk, "round": rnd.number, "standings": top, "you": row},
            )
            for row in rows
        ]
    )


def queue_advance(tournament_id: int, finished_round: int) -> None:
    from tournaments.tasks import advance

    advance.delay(tournament_id, finished_round)


def announce_finished(t: Any, entries: Sequence[Any]) -> None:
    winner = next((e.player.username for e in entries if e.pk == t.winner_id), None)
    send_on_commit(
        [
            (e.player_id, "tournament.finished", {"tournament": t.pk, "winner": winner})
            for e in entries
        ]
    )


def announce_dispute(t: Any, table: Any) -> None:
    send_on_commit(
        [
            (
                t.organiser_id,
                "tournament.dispute",
                {"tournament": t.pk, "round": table.round.number, "table": table.number},
            )
        ]
    )
