"""Finishing an event: its winner from its final placings, the log and the signals (the
entrants' "finished" notifications, the live page). ``rounds`` finishes an event whose last
round is over, ``closing`` one whose closing run has ended."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils import timezone

from tournaments import signals
from tournaments.audit import log
from tournaments.models import Entry, State, Tournament
from tournaments.outcome import event_placings, winner_of
from tournaments.values import event_entries


def finish(t: Tournament, entries: Sequence[Entry] | None = None, by: Any = None) -> None:
    """End the event: the winner is the one entrant its final placings put first (the
    bracket's champion, the top of the standings, a closing run's first),
    :func:`tournaments.outcome.winner_of`."""
    entries = event_entries(t) if entries is None else entries
    t.state = State.FINISHED
    t.finished_at = timezone.now()
    t.winner_id = winner_of(t, event_placings(t, entries))
    t.save(update_fields=["state", "finished_at", "winner", "bracket", "current_round", "stage"])
    log(t, by, "finish", winner=t.winner_id)
    signals.state_changed.send(sender=Tournament, tournament=t)
    signals.tournament_finished.send(sender=Tournament, tournament=t, entries=entries)
