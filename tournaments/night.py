"""The night's clock: the event's start in its own time zone, check-in opening a set time before
it, no-shows dropped at the start (and put back by the organiser).

Times are stored in UTC; ``time_zone`` is the IANA name of the event's zone (checked with
:mod:`zoneinfo`), used to read the organiser's local start time and to name it on the pages.
"""

from __future__ import annotations

import datetime as dt
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from django.db import transaction
from django.utils import timezone

from tournaments.audit import log
from tournaments.errors import TournamentError, conflict, require_manager
from tournaments.models import Entry, EntryState, Format, Stage, State, Tournament

#: The reason kept on an entry dropped at the start for not checking in.
NO_SHOW = "did not check in"


def zone_named(name: str, field: str = "time_zone") -> ZoneInfo:
    """The IANA zone ``name`` (e.g. ``Europe/Paris``); a 400 naming ``field`` otherwise."""
    name = (name or "").strip()
    if name not in _zones():
        raise TournamentError(f"{name!r} is not a time zone (e.g. Europe/Paris).", field=field)
    return ZoneInfo(name)


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones() | {"UTC"})


def zone_choices() -> list[tuple[str, str]]:
    """Every IANA zone as a form choice, sorted."""
    return [(z, z.replace("_", " ")) for z in sorted(_zones())]


def local_start(naive: dt.datetime, zone: str) -> dt.datetime:
    """An organiser's wall-clock start in ``zone`` as an aware datetime."""
    return timezone.make_aware(naive.replace(tzinfo=None), zone_named(zone))


def check_in_opens(t: Tournament) -> dt.datetime | None:
    """When check-in opens (None: no start time, the organiser opens it)."""
    if t.starts_at is None:
        return None
    return t.starts_at - dt.timedelta(minutes=t.check_in_minutes)


def check_in_is_open(t: Tournament, now: dt.datetime | None = None) -> bool:
    """Check-in is open: the organiser opened it, or its time has come during registration."""
    if t.state == State.CHECK_IN:
        return True
    opens = check_in_opens(t)
    return t.state == State.REGISTRATION and opens is not None and (now or timezone.now()) >= opens


def open_due_check_ins(now: dt.datetime | None = None) -> list[int]:
    """Move events whose check-in time has come from registration to check-in (the sweep's)."""
    from tournaments import signals

    now = now or timezone.now()
    opened = []
    for t in Tournament.objects.filter(state=State.REGISTRATION, starts_at__isnull=False):
        if not check_in_is_open(t, now):
            continue
        with transaction.atomic():
            if Tournament.objects.filter(pk=t.pk, state=State.REGISTRATION).update(
                state=State.CHECK_IN
            ):
                t.state = State.CHECK_IN
                log(t, None, "open_check_in", "check-in time")
                signals.state_changed.send(sender=Tournament, tournament=t)
                opened.append(t.pk)
    return opened


def drop_no_shows(t: Tournament, entries: list[Entry], by: Any) -> list[Entry]:
    """At the start: active entries that did not check in are dropped before round 1."""
    gone = [e for e in entries if e.state == EntryState.ACTIVE and not e.checked_in]
    for e in gone:
        e.state = EntryState.WITHDRAWN
        e.reason = NO_SHOW
        e.save(update_fields=["state", "reason"])
    if gone:
        log(t, by, "drop_no_shows", entries=[e.pk for e in gone])
    return gone


def reinstate(t: Tournament, entry: Entry, by: Any) -> Entry:
    """Undo a no-show drop: the player is back, paired from the next round (the rounds missed
    count as the event's late-entry score)."""
    require_manager(by, t)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        entry = Entry.objects.select_for_update().get(pk=entry.pk, tournament=t)
        if entry.state != EntryState.WITHDRAWN or entry.reason != NO_SHOW:
            raise conflict("Only a player dropped for not checking in can be put back.")
        if t.state != State.RUNNING:
            raise conflict("The tournament is not running.")
        if t.format not in (Format.SWISS, Format.PODS) or t.stage != Stage.MAIN:
            raise conflict("Only Swiss and pod rounds can take a player back.")
        entry.state = EntryState.ACTIVE
        entry.checked_in = True
        entry.reason = ""
        entry.joined_round = t.current_round + 1
        entry.save(update_fields=["state", "checked_in", "reason", "joined_round"])
        log(t, by, "reinstate", entry=entry.pk, player=entry.player.username)
    return entry
