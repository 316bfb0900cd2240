"""The organiser's attention list: what waits on them during the night, each with its action.

Tables waiting on a confirmation (one report in), disputes, overdue tables (past their deadline,
or time called and left to the organiser), players not checked in while check-in is open, and
no-shows dropped at the start (who can be put back). Read-only: the pages offer one action each.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.utils import timezone

from tournaments.models import (
    EntryState,
    Format,
    RoundState,
    Stage,
    State,
    TableState,
    Tournament,
)
from tournaments.night import NO_SHOW, check_in_is_open
from tournaments.tables import DONE
from tournaments.timer import TIME_CALLED, table_deadline


@dataclass(frozen=True)
class Item:
    """One thing to see to: its ``kind`` (``to_confirm``, ``disputed``, ``overdue``,
    ``not_checked_in``, ``no_show``), the table or entry it is about, and since when."""

    kind: str
    table_id: int | None = None
    table_number: int | None = None
    entry_id: int | None = None
    entries: tuple[int, ...] = ()
    since: dt.datetime | None = None


def attention(t: Tournament, now: dt.datetime | None = None) -> list[Item]:
    """Everything waiting on the organiser of ``t``, tables first (by table number)."""
    now = now or timezone.now()
    items: list[Item] = []
    if t.state == State.RUNNING:
        rnd = t.round_set.filter(number=t.current_round, state=RoundState.RUNNING).first()
        if rnd is not None:
            for table in rnd.tables.exclude(state__in=DONE).order_by("number"):
                deadline = table_deadline(table, rnd)
                kind = {
                    TableState.REPORTED: "to_confirm",
                    TableState.DISPUTED: "disputed",
                }.get(table.state)
                if kind is None and (
                    TIME_CALLED in table.flags or (deadline is not None and deadline <= now)
                ):
                    kind = "overdue"
                if kind is not None:
                    items.append(
                        Item(
                            kind,
                            table_id=table.pk,
                            table_number=table.number,
                            entries=tuple(table.entries),
                            since=deadline if kind == "overdue" else None,
                        )
                    )
        if t.format in (Format.SWISS, Format.PODS) and t.stage == Stage.MAIN:  # may come back
            for e in t.entries.filter(state=EntryState.WITHDRAWN, reason=NO_SHOW):
                items.append(Item("no_show", entry_id=e.pk, entries=(e.pk,)))
    elif t.check_in_required and check_in_is_open(t, now):
        for e in t.entries.filter(state=EntryState.ACTIVE, checked_in=False).order_by("pk"):
            items.append(Item("not_checked_in", entry_id=e.pk, entries=(e.pk,)))
    return items
