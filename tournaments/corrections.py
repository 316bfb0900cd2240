"""Corrections after the fact, carried through: voiding a table's result, replaying a table,
re-pairing the next round, and what each changes (standings, placings, the winner).

Every correction needs a reason, is one transaction, and writes one audit entry naming the
actor, the table and round, the reason, the result before and after, and what moved in the
placings (:class:`tournaments.outcome.OutcomeChange`). What the rules allow after a void is
:func:`next_steps`: replay the table (its round is the running one), award it (the organiser's
result, :func:`tournaments.results.correct`), or re-pair the next round when it was paired from
the old result and nothing of it has been played.

A table played on the platform is voided through the match audit (:func:`matches.audit.void`):
the match stops counting (its ladder is recomputed) and :func:`reopen_table`, on the matches'
``match_reopened`` signal, brings the table along — the same path as a staff member voiding the
match from the match audit.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments import signals
from tournaments.audit import log
from tournaments.errors import TournamentError, conflict, need_reason, require_manager
from tournaments.models import (
    Format,
    Round,
    RoundState,
    Stage,
    State,
    Table,
    TableState,
    Tournament,
)
from tournaments.outcome import event_placings, refresh_winner
from tournaments.tables import close_round_if_done, locked_table

#: Why a void needs no opponent's consent: said in the log with each change of winner.
AFTER_VOID = "after a voided result"


def later_bracket_tables(table: Table) -> bool:
    """True when a later bracket match was paired from this bracket table's result."""
    if table.node is None:
        return False
    return Table.objects.filter(
        round__tournament_id=table.round.tournament_id,
        round__stage=table.round.stage,
        round__number__gt=table.round.number,
    ).exists()


def snapshot(table: Table) -> dict[str, Any]:
    """A table as the log keeps it before and after a change."""
    return {"state": table.state, "result": table.result, "source": table.source}


def record_change(
    t: Tournament,
    by: Any,
    action: str,
    reason: str,
    table: Table,
    before: dict[str, Any],
    before_placings: Any,
    why: str,
    **detail: Any,
) -> None:
    """After a table's result changed: the winner follows the placings, the log keeps who,
    why, the table and round, the result before and after and what moved, and the watchers
    hear that the standings changed."""
    change = refresh_winner(t, by, before_placings, why)
    log(
        t,
        by,
        action,
        reason,
        table=table.pk,
        number=table.number,
        round=table.round.number,
        before=before,
        after=snapshot(table),
        outcome=change.as_detail(),
        **detail,
    )
    signals.standings_changed.send(sender=Tournament, tournament=t, reason="correction")


# -- void -----------------------------------------------------------------------------------------
def void(t: Tournament, table_id: int, by: Any, reason: str) -> Table:
    """The organiser (or staff) voids a table's final result: nobody scores it.

    A bracket match needs a winner, so its result is taken back instead (the table waits to be
    replayed or awarded; a finished event runs again until it is), refused once a later bracket
    match was paired from it. A table played on the platform voids its match too.
    """
    require_manager(by, t)
    reason = need_reason(reason)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        table = locked_table(t, table_id)
        if t.state not in (State.RUNNING, State.FINISHED):
            raise conflict("Only results of a running or finished tournament can be voided.")
        if table.bye:
            raise conflict("A bye has no result to void.")
        if table.state != TableState.FINAL:
            raise conflict(
                "This table has no final result to void: settle it with a result or a timeout."
            )
        if later_bracket_tables(table):
            raise conflict(
                "Later bracket matches were paired from this result: it can no longer be voided."
            )
        if table.match_id is not None and void_match(table.match_id, by, reason):
            table.refresh_from_db()  # the match audit's signal brought the table along
            return table
        void_table(t, table, by, reason, action="void_result")
        return table


def void_table(t: Tournament, table: Table, by: Any, reason: str, action: str) -> None:
    """Take back a final table's result, recompute the outcome, log what changed (the locked
    table of ``t``, inside the caller's transaction)."""
    before_placings = event_placings(t)
    before = snapshot(table)
    if table.node is not None:
        table.state = TableState.PENDING  # a bracket match is replayed or awarded, never void
        table.finished_at = None
        Round.objects.filter(pk=table.round_id).update(state=RoundState.RUNNING, finished_at=None)
        if t.state == State.FINISHED:  # its champion is undecided again
            t.state = State.RUNNING
            t.finished_at = None
            t.save(update_fields=["state", "finished_at"])
            signals.state_changed.send(sender=Tournament, tournament=t)
    else:
        table.state = TableState.VOID
        table.finished_at = timezone.now()
    table.result = None
    table.source = "organiser" if action == "void_result" else "admin"
    table.save(update_fields=["state", "result", "source", "finished_at"])
    table.reports.all().delete()
    signals.table_final.send(sender=Tournament, table=table)
    record_change(t, by, action, reason, table, before, before_placings, AFTER_VOID)
    if table.state == TableState.VOID:
        close_round_if_done(table.round_id)


def reopen_table(match: Any, action: str = "", actor: Any = None, reason: str = "") -> Table | None:
    """A tournament match was voided or corrected (the match audit, by staff or through
    :func:`void`): its table follows, the outcome is recomputed, and the log names who and why.
    """
    table = (
        Table.objects.select_for_update(of=("self",))
        .filter(match=match)
        .select_related("round__tournament")
        .first()
    )
    if table is None:
        return None
    t = Tournament.objects.select_for_update().get(pk=table.round.tournament_id)
    if action == "void":
        if table.state != TableState.FINAL:
            return table  # nothing recorded from it yet: the table still waits
        if later_bracket_tables(table):
            log(
                t,
                actor,
                "match_void_kept",
                reason,
                table=table.pk,
                number=table.number,
                round=table.round.number,
                result=table.result,
            )
            return table
        void_table(t, table, actor, reason, action="match_void")
        return table
    from tournaments.results import engine_result

    before_placings = event_placings(t)
    before = snapshot(table)
    table.result = engine_result(table, match)
    table.state = TableState.FINAL
    table.source = "admin"
    table.save(update_fields=["state", "result", "source"])
    signals.table_final.send(sender=Tournament, table=table)
    record_change(
        t, actor, "match_correct", reason, table, before, before_placings, "after a corrected match"
    )
    return table


# -- replay and re-pair ---------------------------------------------------------------------------
def replay(t: Tournament, table_id: int, by: Any, reason: str) -> Table:
    """The table is played again: its result (if any) is taken back, the reports cleared and,
    when it was played on the platform, a new match made. Only tables of the running round."""
    from tournaments.scheduling import schedule_table_matches
    from tournaments.values import event_entries

    require_manager(by, t)
    reason = need_reason(reason)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        table = locked_table(t, table_id)
        if table.bye:
            raise conflict("A bye is not played.")
        if t.state != State.RUNNING or table.round.number != t.current_round:
            raise conflict(
                f"Only tables of the running round can be replayed; this table is of round "
                f"{table.round.number}. Award it a result instead."
            )
        if later_bracket_tables(table):
            raise conflict("Later bracket matches were paired from this result.")
        before_placings = event_placings(t)
        before = snapshot(table)
        old_match = table.match_id
        table.state = TableState.PENDING
        table.result = None
        table.source = ""
        table.finished_at = None
        table.match = None
        table.save(update_fields=["state", "result", "source", "finished_at", "match"])
        table.reports.all().delete()
        Round.objects.filter(pk=table.round_id).update(state=RoundState.RUNNING, finished_at=None)
        if old_match is not None:
            retire_match(old_match, by, reason)
            entries = {e.pk: e for e in event_entries(t)}
            schedule_table_matches(t, [table], entries)
            table.refresh_from_db()
        signals.table_final.send(sender=Tournament, table=table)
        record_change(
            t,
            by,
            "replay_table",
            reason,
            table,
            before,
            before_placings,
            "after a table was sent to be replayed",
            match_before=old_match,
            match_after=table.match_id,
        )
        return table


def void_match(match_id: int, by: Any, reason: str) -> bool:
    """Void a finished match through the match audit (its ladder is recomputed, and
    :func:`reopen_table` follows on its signal); False when the match had not finished."""
    from matches import audit as match_audit
    from matches.models import Match, MatchState

    if not Match.objects.filter(pk=match_id, state=MatchState.FINISHED).exists():
        return False
    try:
        match_audit.void(match_id, by, reason)
    except match_audit.AuditError as exc:
        raise TournamentError(str(exc), field="reason") from None
    return True


def retire_match(match_id: int, by: Any, reason: str) -> None:
    """A replayed table's old match counts no more: voided when it finished (the table, already
    unlinked from it, is not touched again), stopped when it was still being played."""
    from tournaments.tables import abort_match

    if not void_match(match_id, by, reason):
        abort_match(match_id)


def unpairable(t: Tournament, rnd: Round | None) -> str | None:
    """Why the running round cannot be taken back and paired again (None when it can)."""
    if rnd is None or t.state != State.RUNNING or rnd.number != t.current_round:
        return "Only the running round's pairing can be redone."
    if t.is_elimination or t.format == Format.ROUND_ROBIN:
        return "This format's rounds follow a fixed bracket or schedule: nothing to re-pair."
    if rnd.stage == Stage.CUT and rnd.number != first_cut_round(t):
        return "Only the first round of the top cut is paired from the standings."
    played = rnd.tables.filter(bye=False).exclude(source__in=("", "forfeit"))
    if played.exists() or rnd.tables.filter(reports__isnull=False).exists():
        return f"Round {rnd.number} has results already: it can no longer be paired again."
    from matches.models import Match

    ids = list(rnd.tables.exclude(match=None).values_list("match_id", flat=True))
    if any(
        len(actions or [])
        for actions in Match.objects.filter(pk__in=ids).values_list("actions", flat=True)
    ):
        return f"A match of round {rnd.number} has begun: it can no longer be paired again."
    return None


def first_cut_round(t: Tournament) -> int | None:
    return (
        Round.objects.filter(tournament=t, stage=Stage.CUT)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )


def repair_round(t: Tournament, number: int, by: Any, reason: str) -> Round | None:
    """Take back the running round's pairing (nothing of it played) and pair it again from the
    standings now in force (after a void or a correction of the round before)."""
    from tournaments.rounds import pair_next_round
    from tournaments.tables import abort_match

    require_manager(by, t)
    reason = need_reason(reason)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        rnd = Round.objects.filter(tournament=t, number=number).first()
        why_not = unpairable(t, rnd)
        if why_not:
            raise conflict(why_not)
        previous = Round.objects.filter(tournament=t, number=number - 1).first()
        if previous is not None and previous.state != RoundState.FINISHED:
            raise conflict(f"Round {number - 1} is still being played.")
        before = [list(tb.entries) for tb in rnd.tables.order_by("number")]
        for match_id in rnd.tables.exclude(match=None).values_list("match_id", flat=True):
            abort_match(match_id)
        if rnd.stage == Stage.CUT:
            t.stage = Stage.MAIN
            t.bracket = None
        t.current_round = number - 1
        t.save(update_fields=["current_round", "stage", "bracket"])
        rnd.delete()
        log(t, by, "repair_round", reason, round=number, before=before)
        new = pair_next_round(t.pk)
        if new is not None:
            after = [list(tb.entries) for tb in new.tables.order_by("number")]
            log(t, by, "pair_round", round=new.number, tables=len(after), after=after)
        return new


def next_steps(t: Tournament, table: Table) -> list[str]:
    """What the rules allow for ``table`` after a void or a correction: ``replay`` (its round is
    the running one), ``award`` (the organiser sets its result), ``repair`` (the round after it
    was paired from the old result and nothing of it is played yet)."""
    steps = []
    if table.bye:
        return steps
    if (
        t.state == State.RUNNING
        and table.round.number == t.current_round
        and not later_bracket_tables(table)
    ):
        steps.append("replay")
    if t.state in (State.RUNNING, State.FINISHED):
        steps.append("award")
    if t.state == State.RUNNING and table.round.number == t.current_round - 1:
        following = Round.objects.filter(tournament=t, number=t.current_round).first()
        if unpairable(t, following) is None:
            steps.append("repair")
    return steps
