"""What an organiser's action will do, in words, for its confirmation page
(:mod:`web.views.tournaments.confirm`): dropping or disqualifying an entry, calling time.
Read-only: the services do the action once it is confirmed."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone

from tournaments.models import Entry, RoundState, State, Table, TimeCalled, Tournament
from tournaments.timer import TIME_CALLED
from web.views.tournaments.confirm import Confirm, Reason
from web.views.tournaments.display import DONE, entry_names


def numbers(values: list[int]) -> str:
    """2 -> "2"; 2, 5 -> "2 and 5"; 2, 5, 7 -> "2, 5 and 7"."""
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _open_tables(t: Tournament) -> list[Table]:
    rnd = t.round_set.filter(number=t.current_round, state=RoundState.RUNNING).first()
    if rnd is None:
        return []
    return list(rnd.tables.exclude(state__in=DONE).order_by("number"))


def _conceded(t: Tournament, entry: Entry) -> list[str]:
    """The entry's unfinished two-player table of the round, conceded when they leave."""
    if t.state != State.RUNNING:
        return []
    lines = []
    for table in _open_tables(t):
        if entry.pk in table.entries and len(table.entries) == 2:
            other = next(e for e in table.entries if e != entry.pk)
            opponent = entry_names(
                list(Entry.objects.filter(pk=other).select_related("player", "partner"))
            ).get(other, "their opponent")
            lines.append(f"Their unfinished table {table.number} goes to {opponent}, 2–0.")
    return lines


def drop(t: Tournament, entry: Entry, name: str) -> Confirm:
    nxt = t.current_round + 1
    return Confirm(
        question=f"Drop {name} from the event?",
        details=[
            f"{name} is not paired from round {nxt} on; their results stay in their "
            "opponents' tiebreakers.",
            *_conceded(t, entry),
        ],
        button=f"Drop {name}",
        cancel=reverse("web-tournament", args=[t.pk]) + "#entrants",
        reason=Reason("drop-reason", "Reason for dropping"),
    )


def disqualify(t: Tournament, entry: Entry, name: str) -> Confirm:
    if t.state == State.RUNNING:
        first = (
            f"{name} leaves the event for good and cannot enter it again; their results so far "
            "stay in their opponents' tiebreakers."
        )
    else:
        first = f"{name}'s entry ends before the event starts, and they cannot enter it again."
    return Confirm(
        question=f"Disqualify {name}?",
        details=[first, *_conceded(t, entry)],
        button=f"Disqualify {name}",
        cancel=reverse("web-tournament", args=[t.pk]) + "#entrants",
        reason=Reason("dq-reason", "Reason for the disqualification", required=True),
    )


def call_time(t: Tournament) -> Confirm:
    """Which unfinished tables become draws and which are left to the organiser."""
    rnd = t.round_set.filter(number=t.current_round).first()
    tables = [tb for tb in _open_tables(t) if TIME_CALLED not in tb.flags]
    drawn = [
        tb.number
        for tb in tables
        if t.time_called == TimeCalled.DRAW and len(tb.entries) == 2 and tb.node is None
    ]
    left = [tb.number for tb in tables if tb.number not in drawn]
    parts = []
    if drawn:
        parts.append(f"table{'s' if len(drawn) > 1 else ''} {numbers(drawn)} become 0–0 draws")
    if left:
        verb = "are" if len(left) > 1 else "is"
        parts.append(f"table{'s' if len(left) > 1 else ''} {numbers(left)} {verb} left to you")
    details = []
    if tables:
        count = f"{len(tables)} unfinished table{'s' if len(tables) > 1 else ''}"
        details.append(f"{count}: {', '.join(parts)}.")
    else:
        details.append("No unfinished table is left to call time on.")
    now = timezone.now()
    if rnd is not None and rnd.deadline is not None and rnd.deadline > now:
        minutes = int((rnd.deadline - now).total_seconds() // 60) + 1
        left = f"{minutes} minute was" if minutes == 1 else f"{minutes} minutes were"
        details.append(f"The round's clock stops now ({left} left).")
    number = rnd.number if rnd is not None else t.current_round
    return Confirm(
        question=f"Call time on round {number}?",
        details=details,
        button=f"Call time on round {number}",
        cancel=reverse("web-tournament", args=[t.pk]) + "#organiser",
    )
