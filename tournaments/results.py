"""Results: from the engine (bot matches), from the players' reports, from the organiser.

A table's result is final when the engine recorded its match, when every player of the table
reported the same result, or when the organiser decided (a correction, a timeout award, a
no-show). Reports that disagree open a dispute for the organiser. Every organiser decision needs
a reason and goes into the audit log with the result before and after.

Result documents (in the table's seat order):
two players ``{"wins": [a, b], "draws": d}`` (stored with ``"winner"``: the entry id, or None for
a drawn match); a pod ``{"placings": [0, 2, 1, 3]}`` (0 = first, equal = tied).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments import signals
from tournaments.audit import log
from tournaments.errors import TournamentError, conflict, forbidden, need_reason, require_manager
from tournaments.models import (
    Entry,
    EntryState,
    Report,
    Round,
    State,
    Table,
    TableState,
    Tournament,
)
from tournaments.naming import plural
from tournaments.outcome import event_placings, refresh_winner
from tournaments.tables import (
    DONE,
    abort_match,
    close_round_if_done,
    finalise,
    forfeit_result,
    locked_table,
    paper_bot_table,
)
from tournaments.teams import team_ranks

MAX_GAMES = 9  # per player per match: a best-of-many is still a few games


def normalise(table: Table, data: dict[str, Any], t: Tournament) -> dict[str, Any]:
    """Check a result document against the table; the stored form, or a 400."""
    n = len(table.entries)
    if table.bye:
        raise conflict("A bye has no result to report.")
    if n > 2:
        placings = data.get("placings")
        if set(data) - {"placings"} or not isinstance(placings, list):
            raise TournamentError(
                f"A pod result is {{'placings': [...]}} with one placing per player ({n}).",
                field="placings",
            )
        if len(placings) != n or not all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n for p in placings
        ):
            raise TournamentError(
                f"One placing per player in seat order, each 0 (first) to {n - 1}.",
                field="placings",
            )
        if min(placings) != 0:
            raise TournamentError("Someone must place first (0).", field="placings")
        return {"placings": list(placings)}
    if "placings" in data:
        raise TournamentError("A two-player table reports wins and draws.", field="placings")
    wins = data.get("wins")
    draws = data.get("draws", 0)
    if not (
        isinstance(wins, list)
        and len(wins) == 2
        and all(
            isinstance(w, int) and not isinstance(w, bool) and 0 <= w <= MAX_GAMES for w in wins
        )
    ):
        raise TournamentError(
            f"wins is [games won by the first player, by the second], 0 to {MAX_GAMES} each.",
            field="wins",
        )
    if isinstance(draws, bool) or not isinstance(draws, int) or not 0 <= draws <= MAX_GAMES:
        raise TournamentError(f"draws is a number of drawn games, 0 to {MAX_GAMES}.", field="draws")
    a, b = wins
    winner = table.entries[0] if a > b else table.entries[1] if b > a else None
    if winner is None and table.node is not None:
        raise TournamentError(
            "An elimination match needs a winner: report the deciding game.", field="wins"
        )
    return {"wins": [a, b], "draws": draws, "winner": winner}


# -- from the engine ------------------------------------------------------------------------------
def engine_result(table: Table, match: Any) -> dict[str, Any]:
    """The table's result from a finished match (an admin's correction wins over the engine)."""
    ranks = (match.corrected_result or match.result or {}).get("ranks")
    if ranks and len(ranks) == 2 * len(table.entries) == 4:  # a team match: seats alternate teams
        ranks = team_ranks(ranks)
    if not ranks or len(ranks) != len(table.entries):
        raise ValueError(f"match {match.pk} has no ranks for {len(table.entries)} seats")
    if len(ranks) > 2:
        return {"placings": [int(r) for r in ranks]}
    a, b = ranks
    if a == b:
        result: dict[str, Any] = {"wins": [0, 0], "draws": 1, "winner": None}
        if table.node is not None:
            # Elimination needs someone to advance: the first-listed (higher) seed does.
            result["winner"] = table.entries[0]
            result["tiebreak"] = "drawn game: the higher seed advances"
        return result
    return {
        "wins": [1, 0] if a < b else [0, 1],
        "draws": 0,
        "winner": table.entries[0] if a < b else table.entries[1],
    }


def record_finished_matches(matches: Sequence[Any]) -> int:
    """Final results for the tables of these finished matches (inside their transaction)."""
    ids = [m.pk for m in matches if m.origin == "tournament"]
    if not ids:
        return 0
    by_id = {m.pk: m for m in matches}
    tables = list(
        Table.objects.select_for_update(of=("self",))
        .filter(match_id__in=ids)
        .select_related("round__tournament")
        .order_by("round_id", "pk")
    )
    done = 0
    for table in tables:
        if table.state in DONE or table.round.tournament.state != State.RUNNING:
            continue  # the organiser already decided (e.g. a timeout), or the event ended
        finalise(table, engine_result(table, by_id[table.match_id]), "engine")
        done += 1
    return done


# -- from the players -----------------------------------------------------------------------------
def report(
    t: Tournament, table_id: int, by: Any, data: dict[str, Any], entry_id: int | None = None
) -> Table:
    """``by`` reports the result of their table (or of a bot entry they own)."""
    from ratings.bots import may_enter

    with transaction.atomic():
        table = locked_table(t, table_id)
        if t.state != State.RUNNING:
            raise conflict("Results are reported while the tournament runs.")
        entries = {
            e.pk: e for e in Entry.objects.filter(pk__in=table.entries).select_related("player")
        }

        def speaks_for(e: Entry) -> bool:
            return e.player_id == by.pk or (e.player.is_bot and may_enter(by, e.player))

        if entry_id is not None:
            mine = [e for e in entries.values() if e.pk == entry_id and speaks_for(e)]
        else:
            mine = [e for e in entries.values() if e.player_id == by.pk] or [
                e for e in entries.values() if speaks_for(e)
            ][:1]
        if not mine:
            raise forbidden("You can only report the result of your own table.")
        paper = paper_bot_table(t, mine, entries.values())
        if table.match_id is not None and not paper:
            raise conflict("This table is played on the platform: its result comes from the match.")
        if table.state in DONE:
            raise conflict("This table's result is already final; ask the organiser to correct it.")
        result = normalise(table, data, t)
        for entry in mine:
            Report.objects.update_or_create(
                table=table, entry=entry, defaults={"result": result, "by": by}
            )
        reports = list(table.reports.all())
        if paper:  # the bots confirm nothing: the person's report is final
            log(t, by, "paper_bot_table", table=table.pk, round=table.round.number)
            abort_match(table.match_id)  # first: the table is then one played on paper
            finalise(table, result, "reports")
        elif len(reports) < len(table.entries):
            table.state = TableState.REPORTED
            table.save(update_fields=["state"])
            signals.result_reported.send(sender=Tournament, table=table, reports=len(reports))
        elif all(r.result == reports[0].result for r in reports):
            finalise(table, result, "reports")
        else:
            if table.state != TableState.DISPUTED:
                log(
                    t,
                    None,
                    "dispute_opened",
                    table=table.pk,
                    round=table.round.number,
                    reports={str(r.entry_id): r.result for r in reports},
                )
                signals.dispute_opened.send(sender=Tournament, tournament=t, table=table)
            table.state = TableState.DISPUTED
            table.save(update_fields=["state"])
        return table


def confirm(t: Tournament, table_id: int, by: Any) -> Table:
    """``by`` confirms the result their opponent reported: their own report of the same result
    (one button for the opponent; a different result is reported with :func:`report`, which
    opens a dispute). A 409 when nothing waits to be confirmed: no report by anyone else, or
    reports that already disagree."""
    with transaction.atomic():
        table = locked_table(t, table_id)
        mine = set(
            Entry.objects.filter(pk__in=table.entries, player=by).values_list("pk", flat=True)
        )
        if not mine:
            raise forbidden("You can only confirm the result of your own table.")
        if table.state in DONE:
            raise conflict("This table's result is already final.")
        others = [r for r in table.reports.all() if r.entry_id not in mine]
        if not others:
            raise conflict("Nobody has reported this table yet: report its result instead.")
        if table.state == TableState.DISPUTED or any(r.result != others[0].result for r in others):
            raise conflict("The reports of this table disagree: the organiser settles it.")
        reported = others[0].result
        keys = ("placings",) if "placings" in reported else ("wins", "draws")
        return report(t, table.pk, by, {k: reported[k] for k in keys if k in reported})


# -- from the organiser ---------------------------------------------------------------------------
def _check_bracket_unplayed(t: Tournament, table: Table, new_winner: Any) -> None:
    """Changing who won a bracket match is refused once a later table depends on it."""
    if table.node is None or table.state != TableState.FINAL or not table.result:
        return
    if table.result.get("winner") == new_winner:
        return
    later = Table.objects.filter(round__tournament=t, round__number__gt=table.round.number)
    if later.filter(round__stage=table.round.stage).exists():
        raise conflict(
            "Later bracket matches were paired from this result: it can no longer change winner."
        )


def correct(t: Tournament, table_id: int, by: Any, data: dict[str, Any], reason: str) -> Table:
    """The organiser sets a table's result (settling a dispute, or fixing any result)."""
    require_manager(by, t)
    reason = need_reason(reason)
    with transaction.atomic():
        table = locked_table(t, table_id)
        if t.state not in (State.RUNNING, State.FINISHED):
            raise conflict("Only results of a running or finished tournament can be corrected.")
        result = normalise(table, data, t)
        _check_bracket_unplayed(t, table, result.get("winner"))
        before = {"state": table.state, "result": table.result, "source": table.source}
        placings = event_placings(t)
        corrected = table.state == TableState.FINAL or t.state == State.FINISHED
        finalise(table, result, "organiser")
        change = refresh_winner(t, by, placings, "after a corrected result", moves=corrected)
        log(
            t,
            by,
            "correct_result",
            reason,
            table=table.pk,
            number=table.number,
            round=table.round.number,
            before=before,
            after={"state": table.state, "result": result, "source": "organiser"},
            outcome=change.as_detail(),
        )
        signals.standings_changed.send(sender=Tournament, tournament=t, reason="correction")
        return table


def timeout(
    t: Tournament, table_id: int, by: Any, action: str, reason: str, winner: int | None = None
) -> Table:
    """A stuck table: ``award`` it to ``winner`` (2–0) or ``void`` it (no result for anyone)."""
    require_manager(by, t)
    reason = need_reason(reason)
    with transaction.atomic():
        table = locked_table(t, table_id)
        if t.state != State.RUNNING:
            raise conflict("Only tables of a running tournament can time out.")
        if table.state in DONE:
            raise conflict("This table's result is already final.")
        if t.match_timeout_minutes:
            started = table.created
            left = started + timezone.timedelta(minutes=t.match_timeout_minutes) - timezone.now()
            if left.total_seconds() > 0:
                raise conflict(
                    f"This table still has {plural(int(left.total_seconds() // 60) + 1, 'minute')} before "
                    "its timeout."
                )
        before = {"state": table.state, "result": table.result}
        if action == "void":
            if table.node is not None:
                raise TournamentError("A bracket match cannot be void: award it.", field="action")
            table.state = TableState.VOID
            table.source = "organiser"
            table.finished_at = timezone.now()
            table.save(update_fields=["state", "source", "finished_at"])
            log(t, by, "timeout_void", reason, table=table.pk, before=before)
            signals.table_final.send(sender=Tournament, table=table)
            close_round_if_done(table.round_id)
            return table
        if action != "award":
            raise TournamentError("action is award or void.", field="action")
        if winner not in table.entries:
            raise TournamentError("winner must be an entry id of this table.", field="winner")
        if len(table.entries) == 2:
            loser = next(e for e in table.entries if e != winner)
            result = forfeit_result(table, loser, t)
        else:
            result = {"placings": [0 if e == winner else 1 for e in table.entries]}
        log(t, by, "timeout_award", reason, table=table.pk, before=before, after=result)
        finalise(table, result, "timeout")  # awarded, not played: rates nobody (tournaments.rated)
        return table


def no_show(t: Tournament, table_id: int, by: Any, entry_id: int, reason: str) -> Table:
    """A player did not show up: their opponent wins 2–0 and they are dropped."""
    require_manager(by, t)
    reason = need_reason(reason)
    with transaction.atomic():
        table = locked_table(t, table_id)
        if entry_id not in table.entries:
            raise TournamentError("entry must be a player of this table.", field="entry")
        if table.state in DONE:
            raise conflict("This table's result is already final.")
        if len(table.entries) != 2:
            raise TournamentError("A pod's no-show is settled with a timeout award.", field="entry")
        entry = Entry.objects.select_for_update().get(pk=entry_id)
        log(t, by, "no_show", reason, table=table.pk, entry=entry_id)
        finalise(table, forfeit_result(table, entry_id, t), "forfeit")
        if entry.state == EntryState.ACTIVE:
            entry.state = EntryState.DROPPED
            entry.dropped_after = Round.objects.get(pk=table.round_id).number
            entry.reason = f"no-show: {reason}"
            entry.save(update_fields=["state", "dropped_after", "reason"])
        table.refresh_from_db()
        return table
