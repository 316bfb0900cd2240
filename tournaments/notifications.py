"""Personal notifications: tell entrants (and the organiser) over their websockets.

Called by :mod:`tournaments.receivers` when the event's signals fire. Everything is sent *after*
the transaction commits (``transaction.on_commit``): a round that rolls back is never announced.
Events sent to each entrant's notification socket (the message
:func:`players.notifications.notify` sends, batched):

- ``tournament.pairings``: ``{tournament, round, table, opponents, bye, why}``
- ``tournament.round_finished``: ``{tournament, round, standings: [top rows], you: your row}``
- ``tournament.finished``: ``{tournament, winner}``
- ``tournament.dispute`` (to the organiser): ``{tournament, round, table}``
- ``tournament.team_invitation`` (to a partner): ``{tournament, entry, captain, team}``
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from tournaments.summary import standings_rows
from tournaments.teams import team_label

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
    """Send ``(player id, kind, payload)`` messages once the current transaction commits."""
    if messages:
        transaction.on_commit(lambda: _send(messages))


def announce_pairings(t: Any, rnd: Any, tables: Sequence[Any], entries: dict[int, Any]) -> None:
    """``tournament.pairings`` to every entrant of a new round: their table, opponents, why."""
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
    """``tournament.round_finished`` to every entrant: the top of the standings and their row."""
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


def announce_finished(t: Any, entries: Sequence[Any]) -> None:
    """``tournament.finished`` to every entrant, with the winner's name."""
    winner = next((e.player.username for e in entries if e.pk == t.winner_id), None)
    send_on_commit(
        [
            (e.player_id, "tournament.finished", {"tournament": t.pk, "winner": winner})
            for e in entries
        ]
    )


def announce_dispute(t: Any, table: Any) -> None:
    """``tournament.dispute`` to the organiser: a table's reports disagree."""
    send_on_commit(
        [
            (
                t.organiser_id,
                "tournament.dispute",
                {"tournament": t.pk, "round": table.round.number, "table": table.number},
            )
        ]
    )


def invite_partner(t: Any, entry: Any) -> None:
    """``tournament.team_invitation`` to the partner a captain named: they are to answer."""
    payload = {
        "tournament": t.pk,
        "entry": entry.pk,
        "captain": entry.player.username,
        "team": team_label(entry),
    }
    send_on_commit([(entry.partner_id, "tournament.team_invitation", payload)])
