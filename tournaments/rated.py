"""A rated event's results played on paper, fed to its ladder: one paper match per table.

A ladder's history is its matches (``ratings.recompute`` replays them), so the final result of a
rated event's table played on paper becomes a paper match (:mod:`matches.paper`: the table's
players in seat order, their ranks from the result, finished when the table was), linked from
the table (``Table.rated_match``, never ``Table.match``, which means "played on the platform")
and rated like any ladder match (``ratings.service.rate_match``). :func:`sync_table` runs on
every ``table_final`` (:mod:`tournaments.receivers`), inside the transaction that made the
table final, and keeps the paper match in line with its table:

- made final with a result that counts: the paper match is created and rated, once. The table
  row is locked and its link is set in the same transaction, and ``rate_match`` writes one
  update per match under the ladder's lock, so a repeated signal or a second finalise rates
  nothing twice;
- corrected (the organiser's correction, a settled dispute): the match audit's ``correct``
  re-ranks the paper match and the ladder is recomputed from it on (``match_reopened``), when
  the ranks changed (a 2–0 made 2–1 moves nobody);
- void, or made a result that does not count: the audit's ``void`` takes it off the ladder; a
  table whose result was taken back (void, sent to be replayed) lets go of it, so that the
  result it is given later (an award, the replay's) is rated by a new paper match.

What counts: a result the players played and reported (agreeing reports, a person's report of a
paper bot table) or the organiser set (a correction, a settled dispute). What does not, on the
platform's rulebook-neutral choice that a rating follows a game that was played: a bye, a
forfeit (a no-show, a player who left), a timeout award (source ``timeout``), a draw when time
was called (``time``), a table of a team event (team matches count for no ladder) or with a
guest (a placeholder account, not a person the ladder knows). A table whose platform match
finished is rated by that match (unchanged); a paper bot table's platform match is aborted
before the table is final, so only its paper match rates it.

A paper match voided through the match audit (staff taking it off the ladder) stays voided: the
event's result stands, and later changes of the table leave the match alone.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from matches import audit
from matches.models import Match, MatchState
from matches.paper import record_paper_match
from ratings.service import rate_match
from tournaments.models import Entry, Table, TableState

#: Table sources whose result counts for the ladder (when the table was played on paper).
RATED_SOURCES = ("reports", "organiser")
#: Why a table's result of another source counts for no ladder.
UNRATED_SOURCES = {
    "bye": "a bye",
    "forfeit": "a forfeit: nobody played it",
    "timeout": "awarded at a timeout, not played",
    "time": "drawn when time was called, not played",
}


def table_ranks(table: Table) -> list[int] | None:
    """The seats' ranks of the table's result (0 first, equal ranks tie): a pod's placings; for
    two players the winner first and the loser second, a drawn match equal. None without one."""
    result = table.result or {}
    if isinstance(result.get("placings"), list):
        return [int(p) for p in result["placings"]]
    if len(table.entries) != 2 or "wins" not in result:
        return None
    winner = result.get("winner")
    if winner is None:
        return [0, 0]
    return [0, 1] if winner == table.entries[0] else [1, 0]


def played_on_paper(table: Table) -> bool:
    """No platform match decided the table: it has none, or its match stopped unplayed."""
    if table.match_id is None:
        return True
    return Match.objects.filter(pk=table.match_id, state=MatchState.ABORTED).exists()


def why_unrated(table: Table, entries: list[Entry]) -> str | None:
    """Why this table's result does not go to its event's ladder as a paper match (None: it
    does). ``entries`` are the table's, in seat order."""
    t = table.round.tournament
    if not t.rated:
        return "the event is not rated"
    if t.team_size > 1:
        return "team matches count for no ladder"
    if table.bye:
        return "a bye"
    if table.state != TableState.FINAL:
        return "the table is void" if table.state == TableState.VOID else "no final result"
    if table.source not in RATED_SOURCES:
        return UNRATED_SOURCES.get(table.source, f"a result from {table.source or 'nowhere'}")
    if not played_on_paper(table):
        return "played on the platform: its match is rated"
    if any(e.guest for e in entries):
        return "a guest has no account to rate"
    if table_ranks(table) is None:
        return "the result ranks nobody"
    return None


def where(table: Table) -> str:
    """``table 3, round 2 of Spring Open``: the table in words."""
    return f"table {table.number}, round {table.round.number} of {table.round.tournament.name}"


def sync_table(table: Table) -> Match | None:
    """Bring the table's paper match in line with the table (see the module's docstring);
    returns it (None when the table has none). Runs inside the caller's transaction."""
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament")
        .get(pk=table.pk)
    )
    if table.rated_match_id is None and not table.round.tournament.rated:
        return None  # the common case of an event without a ladder: nothing more to read
    by_id = {e.pk: e for e in Entry.objects.filter(pk__in=table.entries).select_related("player")}
    entries = [by_id[e] for e in table.entries]
    problem = why_unrated(table, entries)
    if table.rated_match_id is None:
        if problem is not None:
            return None
        t = table.round.tournament
        match = record_paper_match(
            t.game,
            [e.player for e in entries],
            table_ranks(table),
            ladder=t.ladder,
            finished_at=table.finished_at or timezone.now(),
            created_by=t.organiser,
        )
        Table.objects.filter(pk=table.pk).update(rated_match=match)
        rate_match(match)
        return match
    match = Match.objects.select_for_update().get(pk=table.rated_match_id)
    if match.state != MatchState.FINISHED:
        return match  # voided: it counts no more, whatever the table does next
    if problem is not None:
        audit.void(match.pk, None, f"{where(table)}: {problem}")
        if table.state != TableState.FINAL:
            # The table's result was taken back (voided, sent to be replayed): a result it is
            # given later is a new one, rated by a new paper match.
            Table.objects.filter(pk=table.pk).update(rated_match=None)
    else:
        ranks = table_ranks(table)
        if ranks != [s.rank for s in match.seats.order_by("seat")]:
            audit.correct(
                match.pk, None, f"{where(table)}: the organiser changed the result", ranks
            )
    match.refresh_from_db()
    return match


def paper_table(match: Match) -> Table | None:
    """The table whose result ``match`` carries to the ladder (None for any other match)."""
    if not match.on_paper:
        return None
    return Table.objects.select_related("round__tournament").filter(rated_match_id=match.pk).first()


def reported_by(table: Table) -> str:
    """Who gave the table's result, in words: ``reported by the players``, ``set by the
    organiser``."""
    if table.source == "reports":
        one = table.reports.count() == 1
        return "reported by the player" if one else "reported by the players"
    if table.source == "organiser":
        return "set by the organiser"
    return f"from {table.source}"


def describe(match: Match) -> dict[str, Any] | None:
    """What the match page says of a paper match: its table, round and event, and who gave the
    result (None for any other match, or a paper match whose table is gone)."""
    table = paper_table(match)
    if table is None:
        return None
    return {
        "table": table.number,
        "round": table.round.number,
        "tournament": table.round.tournament,
        "by": reported_by(table),
    }
