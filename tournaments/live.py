"""Public live events of a tournament, for anyone watching it (``/ws/tournaments/<id>/``).

Each event goes to the channel-layer group ``tournament-<id>`` once the transaction that made it
commits (a rolled-back change announces nothing), as ``{"kind": ..., "tournament": id, ...}``.
Only what the tournament page shows anyone travels: no report's content before it is final, no
deck, nothing personal. A channel layer that is down is logged, never raised: reporting a result
or pairing a round never fails because of watchers.

Kinds (documented in ``docs/tournaments.md``): ``table-final``, ``result-reported``,
``dispute``, ``round-paired``, ``pairings-changed``, ``round-finished``, ``standings-changed``, ``state-changed``,
``table-extended``, ``time-called``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.db.models import Count, Q

from tournaments import naming
from tournaments.models import Entry, Round, Stage, Table, TableState, Tournament

log = logging.getLogger(__name__)

KINDS = frozenset(
    {
        "table-final",
        "result-reported",
        "dispute",
        "round-paired",
        "pairings-changed",
        "round-finished",
        "standings-changed",
        "state-changed",
        "table-extended",
        "time-called",
    }
)
DONE = (TableState.FINAL, TableState.VOID)
PUBLIC_RESULT_KEYS = ("wins", "draws", "winner", "placings", "bye", "scored", "tiebreak")

Payload = dict[str, Any] | Callable[[], dict[str, Any]]


def group_name(tournament_id: int) -> str:
    """The channel-layer group of every socket watching one tournament."""
    return f"tournament-{tournament_id}"


def broadcast(tournament: Tournament | int, kind: str, payload: Payload) -> None:
    """Send a public event to the tournament's watchers once the current transaction commits.

    ``payload`` is a dict, or a function that builds it at commit time (to count what is
    committed then). Outside a transaction the event is sent at once.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown tournament event {kind!r}; one of {sorted(KINDS)}")
    tournament_id = getattr(tournament, "pk", tournament)
    transaction.on_commit(lambda: _send(tournament_id, kind, payload))


def _send(tournament_id: int, kind: str, payload: Payload) -> None:
    try:
        body = payload() if callable(payload) else payload
        event = {"kind": kind, "tournament": tournament_id, **body}
        layer = get_channel_layer()
        if layer is None:
            return

        async def deliver() -> None:
            try:
                await layer.group_send(
                    group_name(tournament_id), {"type": "tournament.event", "event": event}
                )
            except Exception:
                log.exception("could not send the %s event of tournament %s", kind, tournament_id)

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is not None:  # committed from code running under an event loop
            loop.create_task(deliver())
        else:
            async_to_sync(deliver)()
    except Exception:  # the layer could not even be reached, or the payload failed
        log.exception("could not send the %s event of tournament %s", kind, tournament_id)


# -- the events, built from the rows the callers already hold -------------------------------------
def progress(round_id: int) -> dict[str, int]:
    """``{finished, total, disputed}`` tables of one round (final or void count as finished)."""
    return Table.objects.filter(round_id=round_id).aggregate(
        finished=Count("pk", filter=Q(state__in=DONE)),
        total=Count("pk"),
        disputed=Count("pk", filter=Q(state=TableState.DISPUTED)),
    )


def public_result(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A final result as the pages show it (the known keys of a result document only)."""
    if result is None:
        return None
    return {k: result[k] for k in PUBLIC_RESULT_KEYS if k in result}


def round_names(t: Tournament, rnd: Round) -> dict[str, str]:
    """The round's name as the pages give it (``round_title``: "Semi-finals", "Round 2"),
    inside a sentence (``round_words``: "the semi-finals", "round 2") and the verb after it
    (``round_verb``: "are", "is")."""
    title = naming.round_title(t, rnd)
    return {
        "round_title": title,
        "round_words": naming.lower_first(title),
        "round_verb": naming.verb_for(title),
    }


def _table(table: Table) -> dict[str, Any]:
    return {
        "table": table.pk,
        "number": table.number,
        "round": table.round.number,
        **round_names(table.round.tournament, table.round),
    }


def table_final(table: Table) -> None:
    """``table-final``: a table's result is final (or the table is void); the round's progress
    is counted when the event is sent, so it includes other tables finished meanwhile."""
    body = {
        **_table(table),
        "state": table.state,
        "source": table.source,
        "result": public_result(table.result) if table.state == TableState.FINAL else None,
    }
    round_id = table.round_id
    broadcast(
        table.round.tournament_id, "table-final", lambda: {**body, "progress": progress(round_id)}
    )


def result_reported(table: Table, reports: int) -> None:
    """``result-reported``: some players of a table reported; not what they reported."""
    body = {**_table(table), "reports": reports, "players": len(table.entries)}
    broadcast(table.round.tournament_id, "result-reported", body)


def dispute(table: Table) -> None:
    """``dispute``: the reports of a table disagree; the organiser will decide."""
    broadcast(table.round.tournament_id, "dispute", _table(table))


def round_paired(t: Tournament, rnd: Round, tables: Sequence[Table]) -> None:
    """``round-paired``: a new round's tables exist (byes and forfeits already final)."""
    finished = sum(1 for tb in tables if tb.state in DONE)
    broadcast(
        t,
        "round-paired",
        {
            "round": rnd.number,
            **round_names(t, rnd),
            "stage": rnd.stage,
            "progress": {"finished": finished, "total": len(tables), "disputed": 0},
        },
    )


def pairings_changed(t: Tournament, rnd: Round, tables: Sequence[Table]) -> None:
    """``pairings-changed``: the organiser changed the players of these tables (numbers)."""
    broadcast(
        t,
        "pairings-changed",
        {"round": rnd.number, **round_names(t, rnd), "tables": sorted(tb.number for tb in tables)},
    )


def round_finished(t: Tournament, rnd: Round) -> None:
    """``round-finished`` (every table final or void), then ``standings-changed`` when the
    round counts for the standings (the main stage of Swiss, round robin and pods)."""
    broadcast(t, "round-finished", {"round": rnd.number, **round_names(t, rnd), "stage": rnd.stage})
    if rnd.stage == Stage.MAIN:
        standings_changed(t, "round-finished")


def standings_changed(t: Tournament, reason: str) -> None:
    """``standings-changed``: the standings read differently now for another reason than a
    table of the current round becoming final (a finished round, a correction, a drop)."""
    if not t.is_elimination:
        broadcast(t, "standings-changed", {"round": t.current_round, "reason": reason})


def state_changed(t: Tournament) -> None:
    """``state-changed``: the event moved along its life (with the winner once finished)."""
    winner = None
    if t.winner_id is not None:
        winner = (
            Entry.objects.filter(pk=t.winner_id).values_list("player__username", flat=True).first()
        )
    broadcast(t, "state-changed", {"state": t.state, "round": t.current_round, "winner": winner})


def _iso(when: Any) -> str | None:
    return when.isoformat() if when is not None else None


def table_extended(table: Table, deadline: Any) -> None:
    """``table-extended``: a table got more time; ``deadline`` is its own one now (ISO)."""
    body = {**_table(table), "extra_minutes": table.extra_minutes, "deadline": _iso(deadline)}
    broadcast(table.round.tournament_id, "table-extended", body)


def time_called(t: Tournament, rnd: Round, drawn: Sequence[Table], left: Sequence[Table]) -> None:
    """``time-called``: time was called on a round (its ``deadline`` now, ISO); ``drawn``
    tables became draws, ``decide`` ones wait for the organiser (table numbers)."""
    broadcast(
        t,
        "time-called",
        {
            "round": rnd.number,
            **round_names(t, rnd),
            "deadline": _iso(rnd.deadline),
            "drawn": [tb.number for tb in drawn],
            "decide": [tb.number for tb in left],
        },
    )
