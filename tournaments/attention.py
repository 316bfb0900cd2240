"""The organiser's attention list ("Needs you now"): what waits on them, each with its action.

Tables waiting on a confirmation (one report in), disputes, overdue tables (past their deadline,
or time called and left to the organiser), players not checked in while check-in is open,
no-shows dropped at the start (who can be put back), guests' entries claimed by an account
(approve or refuse; after the event too, a guest claiming their results), late entries (shown
until the round they join is paired: a late entry needs no acceptance,
:func:`tournaments.registration.register` takes it at once, so this is for the organiser's
information) and decks: active entries without a legal deck before the start (missing, or made
illegal by a newer catalogue), and illegal ones while the event runs. Read-only: the pages offer
one action each.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import timezone

from tournaments.entry_decks import deck_states, needs_deck
from tournaments.models import (
    Entry,
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
    ``not_checked_in``, ``no_show``, ``guest_claim``, ``late_entry``, ``missing_deck``), the
    table or entry it is about, since when; ``person`` names who it is about besides the entry
    (the account claiming a guest's entry, a team's player whose deck it is), ``note`` the
    problem in words (an illegal deck's first violation), ``round_number`` the round a late
    entry joins."""

    kind: str
    table_id: int | None = None
    table_number: int | None = None
    entry_id: int | None = None
    entries: tuple[int, ...] = ()
    since: dt.datetime | None = None
    person: str = ""
    note: str = ""
    round_number: int | None = None


def attention(
    t: Tournament, now: dt.datetime | None = None, entries: Iterable[Entry] | None = None
) -> list[Item]:
    """Everything waiting on the organiser of ``t``, tables first (by table number), then the
    entries' (by entry). ``entries``: the event's entries with their players, partners and
    claimants, when the caller has them already (a page does)."""
    now = now or timezone.now()
    if entries is None:
        entries = t.entries.select_related("player", "partner", "claim")
    entries = sorted(entries, key=lambda e: e.pk)
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
            for e in entries:
                if e.state == EntryState.WITHDRAWN and e.reason == NO_SHOW:
                    items.append(Item("no_show", entry_id=e.pk, entries=(e.pk,)))
            for e in entries:
                late = e.joined_round == t.current_round + 1 and e.joined_round != 1
                if e.state == EntryState.ACTIVE and late:
                    items.append(
                        Item(
                            "late_entry",
                            entry_id=e.pk,
                            entries=(e.pk,),
                            round_number=e.joined_round,
                        )
                    )
    elif t.check_in_required and check_in_is_open(t, now):
        for e in entries:
            if e.state == EntryState.ACTIVE and not e.checked_in:
                items.append(Item("not_checked_in", entry_id=e.pk, entries=(e.pk,)))
    if t.state != State.CANCELLED:  # a guest may claim their results after the night too
        for e in entries:
            if e.guest and e.claim_id is not None:
                person = e.claim.public_name
                items.append(Item("guest_claim", entry_id=e.pk, entries=(e.pk,), person=person))
    if t.state in (State.REGISTRATION, State.CHECK_IN, State.RUNNING):
        items += deck_items(t, [e for e in entries if e.state == EntryState.ACTIVE])
    return items


def deck_items(t: Tournament, active: list[Entry]) -> list[Item]:
    """``missing_deck`` items of these active entries: before the start every one without a
    legal deck (none at all, or illegal now); while the event runs the illegal ones. A team's
    player is named."""
    shown = ("illegal",) if t.state == State.RUNNING else ("missing", "illegal")
    if shown == ("illegal",) or not needs_deck(t.game):  # only a version can turn illegal
        active = [e for e in active if e.deck_version or e.partner_deck_version]
    states = deck_states(t, active)
    return [
        Item(
            "missing_deck",
            entry_id=e.pk,
            entries=(e.pk,),
            person=seat.player.public_name if e.partner_id else "",
            note=seat.problem,
        )
        for e in active
        for seat in states[e.pk]
        if seat.state in shown
    ]
