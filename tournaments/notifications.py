"""Personal notifications: tell entrants (and the organiser) over their websockets.

Called by :mod:`tournaments.receivers` when the event's signals fire. Everything is sent *after*
the transaction commits (``transaction.on_commit``): a round that rolls back is never announced.
Events sent to each entrant's notification socket (the message
:func:`players.notifications.notify` sends, batched):

- ``tournament.pairings``: ``{tournament, round, table, opponents, bye, why}`` (with
  ``changed: true`` when the organiser changed the table)
- ``tournament.round_finished``: ``{tournament, round, standings: [top rows], you: your row}``
- ``tournament.finished``: ``{tournament, winner}``
- ``tournament.dispute`` (to the organiser): ``{tournament, round, table}``
- ``tournament.team_invitation`` (to a partner): ``{tournament, entry, captain, team}``

People (never bot accounts) also get stored notifications (:mod:`players.inbox`), in words with
the place to act: paired for a round, or seated anew by the organiser (their table, or their seat's play page when the table is
played on the platform), a result to confirm (an opponent reported), a dispute answered (the
organiser settled a table whose reports disagreed).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from players import inbox
from tournaments import naming
from tournaments.outcome import event_placings
from tournaments.pairing import place_label
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
    _tell_tables(t, rnd, tables, entries, changed=False)


def announce_changed_tables(
    t: Any, rnd: Any, tables: Sequence[Any], entries: dict[int, Any]
) -> None:
    """The players of tables the organiser changed hear their new table (``tournament.pairings``
    with ``changed``, and a stored notification saying the organiser changed it)."""
    _tell_tables(t, rnd, tables, entries, changed=True)


def _tell_tables(
    t: Any, rnd: Any, tables: Sequence[Any], entries: dict[int, Any], *, changed: bool
) -> None:
    messages = []
    title = naming.round_title(t, rnd)
    for table in tables:
        for entry_id in table.entries:
            entry = entries[entry_id]
            payload = {
                "tournament": t.pk,
                "round": rnd.number,
                "round_title": title,
                "table": table.number,
                "bye": table.bye,
                "opponents": [entries[o].player.username for o in table.entries if o != entry_id],
                "why": table.why,
            }
            if changed:
                payload["changed"] = True
            messages.append((entry.player_id, "tournament.pairings", payload))
    send_on_commit(messages)
    stored = []
    for table in tables:
        for entry_id in table.entries:
            entry = entries[entry_id]
            others = [entry_name(t, entries[o]) for o in table.entries if o != entry_id]
            where = f"{t.name}, {naming.lower_first(title)}"
            if changed:
                where += ": the organiser changed your table"
            if table.bye:
                text, url = f"{where}: you have a bye.", f"/tournaments/{t.pk}/"
            else:
                text = f"{where}: you play {' and '.join(others)} at table {table.number}."
                url = table_url(t, table)
                if table.match_id:
                    text += f" Play your table on the board{waits_words(t, table)}."
                    url = f"/matches/{table.match_id}/play/"
            for person in entry_people(entry):
                stored.append((person, "paired", text, url))
    inbox.post_many(stored)


def waits_words(t: Any, table: Any) -> str:
    """For a match that waits for its players: when it starts, in words (else "")."""
    from matches.models import MatchState

    match = getattr(table, "match", None)
    if (
        match is None
        or match.state != MatchState.SCHEDULED
        or all(s.bot for s in match.seats.all())
    ):
        return ""
    return ": the match starts when all its players have opened it"


def table_url(t: Any, table: Any) -> str:
    """The page of one table (its result, its reports, the report form)."""
    return f"/tournaments/{t.pk}/tables/{table.pk}/"


def entry_name(t: Any, entry: Any) -> str:
    """A player's name, or a team's in a team event."""
    return team_label(entry) if t.team_size > 1 else entry.player.public_name


def entry_people(entry: Any) -> list[int]:
    """The people (not bot accounts) who play for an entry: its player, and a partner."""
    out = [] if entry.player.is_bot else [entry.player_id]
    return out + ([entry.partner_id] if entry.partner_id else [])


def ask_to_confirm(table: Any) -> None:
    """The players of a table who have not reported hear that an opponent did."""
    from tournaments.models import Entry

    t = table.round.tournament
    reports = list(table.reports.select_related("by").order_by("-created"))
    done = {r.entry_id for r in reports}
    who = reports[0].by.public_name if reports else "Your opponent"
    what = "the placings" if len(table.entries) > 2 else "the result"
    title = naming.lower_first(naming.round_title(t, table.round))
    text = (
        f"{who} reported {what} of table {table.number} ({title} of {t.name}): confirm "
        f"{'them' if len(table.entries) > 2 else 'it'} or report yours."
    )
    # a guest is a placeholder account nobody signs in to: the organiser confirms for them
    waiting = Entry.objects.filter(pk__in=[e for e in table.entries if e not in done], guest=False)
    inbox.post_many(
        [
            (person, "to_confirm", text, table_url(t, table))
            for entry in waiting.select_related("player")
            for person in entry_people(entry)
        ]
    )


def dispute_answered(table: Any) -> None:
    """A table whose reports disagreed was settled by the organiser: its players hear it."""
    from tournaments.models import Entry

    if table.source not in ("organiser", "timeout"):
        return
    if len({repr(r.result) for r in table.reports.all()}) < 2:
        return  # no dispute: the organiser decided a table nobody disagreed on
    t = table.round.tournament
    text = (
        f"The organiser settled the dispute on table {table.number} "
        f"({naming.lower_first(naming.round_title(t, table.round))} of {t.name}): the result "
        "is final."
    )
    entries = Entry.objects.filter(pk__in=table.entries).select_related("player")
    inbox.post_many(
        [
            (p, "dispute_answered", text, table_url(t, table))
            for e in entries
            for p in entry_people(e)
        ]
    )


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
    """``tournament.finished`` to every entrant, with the winner's name and the entrant's own
    final placing (``placing``: "3rd–4th", the event page's; ``how``: how it was decided)."""
    winner = next((e.player.username for e in entries if e.pk == t.winner_id), None)
    placings = {p.entrant: p for p in event_placings(t, entries)}
    messages = []
    for e in entries:
        mine = placings.get(e.pk)
        payload = {
            "tournament": t.pk,
            "winner": winner,
            "placing": place_label(mine) if mine else None,
            "how": mine.how if mine else "",
        }
        messages.append((e.player_id, "tournament.finished", payload))
    send_on_commit(messages)


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
