"""The round timer: each round's deadline, per-table extensions, and time called.

A round of an event with ``round_minutes`` gets a deadline when it is paired; a table's own
deadline adds its extension (``extra_minutes``). When time is called (the organiser's button, or
the scheduling sweep once a deadline passes) every unfinished table past its deadline is, per the
event's ``time_called`` setting, drawn (two-player tables outside a bracket: 0–0, no games) or
flagged ``time-called`` for the organiser to decide (:mod:`tournaments.attention`). The
organiser calling time early ends the round's clock then. Both reach the watchers
(:mod:`tournaments.live`: ``table-extended``, ``time-called``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments import live
from tournaments.audit import log
from tournaments.errors import TournamentError, conflict, require_manager
from tournaments.models import Round, RoundState, State, Table, TimeCalled, Tournament
from tournaments.tables import DONE, abort_match, finalise

#: The flag of a table whose time was called and that waits for the organiser.
TIME_CALLED = "time-called"
MAX_EXTENSION = 60


def round_deadline(t: Tournament, now: dt.datetime | None = None) -> dt.datetime | None:
    """The deadline of a round paired ``now`` (None without a round timer)."""
    if not t.round_minutes:
        return None
    return (now or timezone.now()) + dt.timedelta(minutes=t.round_minutes)


def table_deadline(table: Table, rnd: Round | None = None) -> dt.datetime | None:
    """The table's deadline: the round's plus its extension (None without a timer)."""
    deadline = (rnd or table.round).deadline
    if deadline is None:
        return None
    return deadline + dt.timedelta(minutes=table.extra_minutes)


def extend(t: Tournament, table_id: int, by: Any, minutes: Any) -> Table:
    """Give one table ``minutes`` more (1 to 60, adding up); a 400 naming ``minutes``."""
    require_manager(by, t)
    try:
        minutes = int(minutes)
    except (TypeError, ValueError):
        minutes = 0
    if not 1 <= minutes <= MAX_EXTENSION:
        raise TournamentError(f"An extension is 1 to {MAX_EXTENSION} minutes.", field="minutes")
    with transaction.atomic():
        table = (
            Table.objects.select_for_update(of=("self",))
            .select_related("round")
            .filter(pk=table_id, round__tournament=t)
            .first()
        )
        if table is None:
            raise TournamentError("No such table in this tournament.", status=404)
        if table.state in DONE:
            raise conflict("This table's result is already final.")
        if table.round.deadline is None:
            raise conflict("This round has no timer.")
        table.extra_minutes += minutes
        table.flags = [f for f in table.flags if f != TIME_CALLED]
        table.save(update_fields=["extra_minutes", "flags"])
        log(t, by, "extend", table=table.pk, minutes=minutes, total=table.extra_minutes)
        live.table_extended(table, table_deadline(table))
    return table


def call_time(t: Tournament, by: Any = None, now: dt.datetime | None = None) -> list[int]:
    """Call time on the current round: its unfinished tables past their deadline are drawn or
    flagged for the organiser (the event's setting). The organiser may call it early (``by``)."""
    if by is not None:
        require_manager(by, t)
    now = now or timezone.now()
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        if t.state != State.RUNNING:
            raise conflict("The tournament is not running.")
        rnd = t.round_set.filter(number=t.current_round, state=RoundState.RUNNING).first()
        if rnd is None or rnd.deadline is None:
            raise conflict("The current round has no timer running.")
        if by is not None and rnd.deadline > now:  # called early: the clock stops now
            rnd.deadline = now
            rnd.save(update_fields=["deadline"])
        called, drawn, left = [], [], []
        tables = rnd.tables.select_for_update().exclude(state__in=DONE).order_by("number")
        for table in tables:
            deadline = table_deadline(table, rnd)
            if by is None and deadline > now:
                continue  # the sweep waits for each table's own (extended) deadline
            if TIME_CALLED in table.flags:
                continue
            called.append(table.pk)
            if t.time_called == TimeCalled.DRAW and len(table.entries) == 2 and table.node is None:
                abort_match(table.match_id)
                finalise(table, {"wins": [0, 0], "draws": 0, "winner": None}, "time")
                drawn.append(table)
            else:
                table.flags = [*table.flags, TIME_CALLED]
                table.save(update_fields=["flags"])
                left.append(table)
        if called:
            log(t, by, "time_called", round=rnd.number, tables=called, setting=t.time_called)
        if called or by is not None:
            live.time_called(t, rnd, drawn, left)
    return called


def call_due_rounds(now: dt.datetime | None = None) -> list[int]:
    """The sweep's part: call time on every running round whose deadline passed; event ids."""
    now = now or timezone.now()
    due = Round.objects.filter(
        state=RoundState.RUNNING, deadline__lte=now, tournament__state=State.RUNNING
    ).select_related("tournament")
    done = []
    for rnd in due:
        if rnd.number != rnd.tournament.current_round:
            continue
        if call_time(rnd.tournament, None, now):
            done.append(rnd.tournament_id)
    return done
