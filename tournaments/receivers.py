"""The edge of the tournaments app: what follows the event's signals and the matches' signals.

Connected in ``TournamentsConfig.ready``. The services send :mod:`tournaments.signals` as things
happen; here they become the side effects: public live events for everyone watching
(:mod:`tournaments.live`), personal notifications (:mod:`tournaments.notifications`) and the task
that pairs the next round (``tournaments.advance``, queued once the round's transaction commits).
Finished and reopened tournament matches (``matches.signals``) bring their tables along through
:mod:`tournaments.results`; a rated event's table played on paper goes to its ladder as a paper
match (:mod:`tournaments.rated`, inside the transaction that made it final).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError, transaction

from tournaments import live, notifications, organiser_notifications, rated
from tournaments.corrections import reopen_table
from tournaments.entry_decks import entered_versions
from tournaments.models import State
from tournaments.results import record_finished_matches

log = logging.getLogger(__name__)


# -- the matches app's signals --------------------------------------------------------------------
def on_matches_finished(sender: Any, matches: Any, **kwargs: Any) -> None:
    """Record the results of tournament matches, inside the transaction that finishes them.

    A database error propagates (the finish rolls back and the match task retries); anything
    else is logged and leaves the table waiting, where the organiser can settle it (a timeout
    award): a tournament never fails a match.
    """
    closing = {m.pk for m in matches if m.origin == "event-closing"}
    if closing:
        from tournaments.models import EventClosingRun

        runs = EventClosingRun.objects.filter(matches__in=closing, state="running")
        for pk in sorted(set(runs.values_list("pk", flat=True))):
            transaction.on_commit(lambda pk=pk: queue_closing_step(pk))
    if not any(m.origin == "tournament" for m in matches):
        return
    try:
        with transaction.atomic():
            record_finished_matches(matches)
    except DatabaseError:
        raise
    except Exception:
        log.exception("recording tournament results of matches %s failed", [m.pk for m in matches])


def on_match_reopened(
    sender: Any, match: Any, action: str = "", actor: Any = None, reason: str = "", **kwargs: Any
) -> None:
    """A tournament match was voided or corrected (the match audit): its table follows, the
    outcome is recomputed, and the event's log names who and why.

    Only a match played at a table (origin ``tournament``): a paper match (origin ``paper``)
    follows its table, never the reverse, and voiding it takes it off the ladder only.
    """
    if match.origin == "event-closing":
        from tournaments.closing import reopened

        reopened(match, actor, reason)
        return
    if match.origin != "tournament":
        return
    reopen_table(match, action, actor, reason)


# -- the event's own signals ----------------------------------------------------------------------
def on_state_changed(sender: Any, tournament: Any, **kwargs: Any) -> None:
    """``state-changed`` for the watchers."""
    live.state_changed(tournament)


def on_round_paired(
    sender: Any, tournament: Any, round: Any, tables: Any, entries: Any, **kwargs: Any
) -> None:
    """Each entrant's pairing, then ``round-paired`` for the watchers."""
    notifications.announce_pairings(tournament, round, tables, entries)
    live.round_paired(tournament, round, tables)


def on_pairings_changed(
    sender: Any, tournament: Any, round: Any, tables: Any, entries: Any, **kwargs: Any
) -> None:
    """The players of the changed tables hear their new table, then ``pairings-changed`` for
    the watchers."""
    notifications.announce_changed_tables(tournament, round, tables, entries)
    live.pairings_changed(tournament, round, tables)


def on_round_finished(sender: Any, tournament: Any, round: Any, **kwargs: Any) -> None:
    """Tell the watchers; in a running event queue the next round (when it advances by itself)
    once this transaction commits, and send every entrant the standings."""
    live.round_finished(tournament, round)
    if tournament.state != State.RUNNING:
        return
    if tournament.auto_advance:
        tournament_id, number = tournament.pk, round.number
        transaction.on_commit(lambda: queue_advance(tournament_id, number))
    notifications.round_finished(tournament, round)


def on_tournament_finished(sender: Any, tournament: Any, entries: Any, **kwargs: Any) -> None:
    """Every entrant hears who won."""
    notifications.announce_finished(tournament, entries)


def on_table_final(sender: Any, table: Any, **kwargs: Any) -> None:
    """``table-final`` for the watchers; the players of a dispute the organiser settled hear
    the answer."""
    live.table_final(table)
    notifications.dispute_answered(table)


def rate_paper_table(sender: Any, table: Any, **kwargs: Any) -> None:
    """A rated event's table played on paper: its paper match created and rated, re-ranked or
    voided, inside the transaction that made the table final or void.

    A database error propagates (the change rolls back); anything else is logged and leaves the
    table's result in place: a rating never fails a result (the next change of the table, or
    the signal sent again, brings its paper match along).
    """
    try:
        with transaction.atomic():
            rated.sync_table(table)
    except DatabaseError:
        raise
    except Exception:
        log.exception("rating paper table %s failed", table.pk)


def on_result_reported(sender: Any, table: Any, reports: int, **kwargs: Any) -> None:
    """``result-reported`` for the watchers (how many reports, never what they say); the
    players still to report are asked to confirm, and the organiser's list has it."""
    live.result_reported(table, reports)
    notifications.ask_to_confirm(table)
    organiser_notifications.report_waiting(table.round.tournament, table)


def on_dispute_opened(sender: Any, tournament: Any, table: Any, **kwargs: Any) -> None:
    """The organiser is told (a socket event and a stored notification), then ``dispute`` for
    the watchers."""
    notifications.announce_dispute(tournament, table)
    organiser_notifications.dispute(tournament, table)
    live.dispute(table)


def on_guest_claimed(sender: Any, tournament: Any, entry: Any, by: Any, **kwargs: Any) -> None:
    """The organiser hears that someone says a guest's entry is theirs."""
    organiser_notifications.guest_claimed(tournament, entry, by)


def on_late_entry(sender: Any, tournament: Any, entry: Any, by: Any, **kwargs: Any) -> None:
    """The organiser hears of a late entry (paired from the next round)."""
    organiser_notifications.late_entry(tournament, entry, by)


def on_deck_changed(sender: Any, tournament: Any, entry: Any, by: Any, **kwargs: Any) -> None:
    """The organiser hears that an entry's deck changed (never what it is)."""
    organiser_notifications.deck_changed(tournament, entry, by)


def on_decks_locked(sender: Any, tournament: Any, missing: Any, **kwargs: Any) -> None:
    """The deck deadline passed: the organiser hears of the entries without a legal deck."""
    organiser_notifications.decks_locked(tournament, missing)


# -- the decks app's signals ------------------------------------------------------------------
def on_deck_verdicts(sender: Any, illegal: Any = (), **kwargs: Any) -> None:
    """A newer catalogue made deck versions illegal: the organisers of the events not over
    whose active entries hold them hear which player's deck and why. Never fails a re-check."""
    if not illegal:
        return
    try:
        for t, entry, player, problem in entered_versions(illegal):
            organiser_notifications.deck_illegal(t, entry, player, problem)
    except Exception:
        log.exception("telling organisers of %d illegal deck versions failed", len(illegal))


def on_standings_changed(sender: Any, tournament: Any, reason: str, **kwargs: Any) -> None:
    """``standings-changed`` for the watchers (not for pure elimination events)."""
    live.standings_changed(tournament, reason)


def on_team_invited(sender: Any, tournament: Any, entry: Any, **kwargs: Any) -> None:
    """The partner a captain named is told."""
    notifications.invite_partner(tournament, entry)


def queue_advance(tournament_id: int, finished_round: int) -> None:
    """Queue the task that pairs the round after ``finished_round``."""
    # Imported here: the tasks module installs its beat schedule into the Celery app, which
    # exists only once the gauntlet app is ready (after this one).
    from tournaments.tasks import advance

    advance.delay(tournament_id, finished_round)


def on_closing_run_started(sender: Any, run: Any, **kwargs: Any) -> None:
    """A bot event's closing run started: its first round once the start commits."""
    transaction.on_commit(lambda: queue_closing_step(run.pk))


def queue_closing_step(run_id: int) -> None:
    """Queue the task that steps a bot event's closing run (finish it or play its next round)."""
    from tournaments.tasks import advance_closing_run

    advance_closing_run.delay(run_id)
