"""A table's result becoming final, and its round closing when every table is done.

The one path every result takes (the engine's, the players' agreeing reports, the organiser's,
a forfeit): :func:`finalise` stores it and announces it (``table_final``), then
:func:`close_round_if_done` closes the round once no table waits (``round_finished``: the next
round is then paired by a task, :mod:`tournaments.receivers`). A player who leaves a running
event concedes their unfinished tables here too (:func:`concede_pending`). A person's table
against a bot settled on paper (when the event allows it) stops its match (:func:`abort_match`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments import signals
from tournaments.audit import log
from tournaments.errors import TournamentError
from tournaments.models import Entry, Round, RoundState, Table, TableState, Tournament

#: Table states that need nothing more: the round can close.
DONE = (TableState.FINAL, TableState.VOID)


def locked_table(t: Tournament, table_id: int) -> Table:
    """The table of ``t``, locked for the transaction (a 404 for a table of another event)."""
    try:
        return (
            Table.objects.select_for_update(of=("self",))
            .select_related("round")
            .get(pk=table_id, round__tournament=t)
        )
    except Table.DoesNotExist:
        raise TournamentError("No such table in this tournament.", status=404) from None


def forfeit_result(table: Table, loser: int, t: Tournament) -> dict[str, Any]:
    """A 2–0 win for the other player of a two-player table."""
    a, b = table.entries
    winner = b if loser == a else a
    return {"wins": [0, 2] if loser == a else [2, 0], "draws": 0, "winner": winner}


def finalise(table: Table, result: dict[str, Any], source: str) -> None:
    """Store ``result`` as the table's final result (from ``source``), then close its round if
    it was the last table waiting."""
    table.result = result
    table.state = TableState.FINAL
    table.source = source
    table.finished_at = timezone.now()
    table.save(update_fields=["result", "state", "source", "finished_at"])
    signals.table_final.send(sender=Tournament, table=table)
    close_round_if_done(table.round_id)


def close_round_if_done(round_id: int) -> bool:
    """Mark the round finished once every table is final or void (``round_finished``).

    Locks the round row, so two transactions finishing its last two tables at once agree on
    which of them closes it.
    """
    rnd = (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round_id)
    )
    if rnd.state == RoundState.FINISHED:
        return False
    if rnd.tables.exclude(state__in=DONE).exists():
        return False
    rnd.state = RoundState.FINISHED
    rnd.finished_at = timezone.now()
    rnd.save(update_fields=["state", "finished_at"])
    signals.round_finished.send(sender=Tournament, tournament=rnd.tournament, round=rnd)
    return True


def concede_pending(t: Tournament, entry: Entry, by: Any, why: str) -> list[int]:
    """The entry's unfinished two-player tables of the current round go to their opponents."""
    tables = (
        Table.objects.select_for_update(of=("self",))
        .filter(round__tournament=t, round__state=RoundState.RUNNING)
        .exclude(state__in=DONE)
        .select_related("round")
    )
    conceded = []
    for table in tables:
        if entry.pk not in table.entries or len(table.entries) != 2:
            continue
        result = forfeit_result(table, entry.pk, t)
        finalise(table, result, "forfeit")
        conceded.append(table.pk)
    if conceded:
        log(t, by, "forfeit", why, entry=entry.pk, tables=conceded)
    return conceded


def paper_bot_table(t: Tournament, mine: Sequence[Entry], entries: Iterable[Entry]) -> bool:
    """True when the event allows paper play for bot tables and ``mine`` (a person's entries)
    are the only ones of the table not played by bot accounts."""
    others = [e for e in entries if e not in mine]
    return (
        t.paper_bot_tables
        and bool(others)
        and all(e.player.is_bot for e in others)
        and not any(e.player.is_bot for e in mine)
    )


def abort_match(match_id: int | None) -> None:
    """The platform match of a table settled on paper stops (nobody plays it on)."""
    if match_id is None:
        return
    from matches.models import Match, MatchState
    from matches.play_events import notify

    Match.objects.filter(pk=match_id, state__in=(MatchState.SCHEDULED, MatchState.RUNNING)).update(
        state=MatchState.ABORTED, clock_deadline=None
    )
    transaction.on_commit(lambda: notify(match_id))
