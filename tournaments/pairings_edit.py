"""The organiser changing the running round's pairings before its results are in.

Two ways, each with a reason: :func:`swap` exchanges two players of two tables of the round (a
pairing mistake, a judge call), :func:`set_tables` seats the round's players by hand — every
player of the round on exactly one table, byes included, and each table keeping its number of
seats (a bye stays a bye, a pod keeps its size: the pairing code chose the sizes). The plans
(:func:`plan_swap`, :func:`plan_tables`) check the same without writing and name the rematches a
change would create: they are allowed, and the pages warn before confirming.

Refused with a 409 in words: a table with a result or a report in, a table whose match on the
platform has moves, bracket rounds (a bracket match's players are the winners of earlier ones,
by seed) and round robins (a fixed schedule where every pair meets once), a round that is over.
A platform match nobody has moved in yet was set up for the old seats (its decks, its clock): it
is aborted and the new players get a match of their own (:mod:`tournaments.scheduling`), as at
pairing time.

Each changed table gets the flag ``edited`` and "changed by the organiser: <reason>" appended to
its ``why``. The audit log gets ``pairing_swapped`` or ``pairing_edited`` with the round and
``tables``: ``[{"table", "number", "before", "after"}]`` (entry ids in seat order), the
``rematches`` (``[entry, entry, round they met]``) and the ``aborted`` match ids. The players
hear their new table: ``pairings_changed`` (:mod:`tournaments.receivers`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from django.db import transaction

from matches.models import Match, MatchState
from tournaments import signals
from tournaments.audit import log
from tournaments.errors import TournamentError, conflict, need_reason, require_manager
from tournaments.models import (
    Entry,
    Format,
    Report,
    Round,
    RoundState,
    Stage,
    State,
    Table,
    TableState,
    Tournament,
)
from tournaments.scheduling import schedule_table_matches
from tournaments.tables import DONE, abort_match
from tournaments.teams import team_label
from tournaments.values import event_entries

#: The flag of a table whose players the organiser changed.
EDITED = "edited"


@dataclass(frozen=True)
class Change:
    """A change of the round's pairings: the tables concerned (their players as they will be),
    the players before and after by table number, and the rematches it creates (``(entry,
    entry, round they met)``)."""

    round: Round
    tables: tuple[Table, ...]
    before: dict[int, list[int]]
    after: dict[int, list[int]]
    rematches: tuple[tuple[int, int, int], ...]


def names_of(t: Tournament, entry_ids: Any) -> dict[int, str]:
    """Entries' names as the pages give them: the player's, or the team's."""
    entries = Entry.objects.filter(tournament=t, pk__in=list(entry_ids)).select_related(
        "player", "partner"
    )
    return {e.pk: team_label(e) if t.team_size > 1 else e.player.public_name for e in entries}


def round_refusal(t: Tournament, rnd: Round | None) -> str | None:
    """Why no pairing of ``rnd`` can change now (None: they can, table by table)."""
    if t.state != State.RUNNING:
        return f"The event is {t.get_state_display().lower()}: its pairings no longer change."
    if rnd is None or rnd.number != t.current_round or rnd.state != RoundState.RUNNING:
        number = rnd.number if rnd is not None else t.current_round
        return f"Round {number} is over: its pairings no longer change."
    if rnd.stage == Stage.CUT or t.is_elimination:
        return (
            f"Round {rnd.number} is a bracket round: a bracket match's players are the winners "
            "of earlier matches, by seed, so they cannot be changed by hand."
        )
    if t.format == Format.ROUND_ROBIN:
        return (
            "A round robin's pairings are its fixed schedule (every pair meets once): they "
            "cannot be changed by hand."
        )
    return None


def locked_tables(tables: list[Table]) -> dict[int, str]:
    """The tables of a running round whose players can no longer change, with why in words
    (by table id): a result or a report in, a match on the platform with moves."""
    reports = set(
        Report.objects.filter(table__in=tables).values_list("table_id", flat=True).distinct()
    )
    matches = Match.objects.in_bulk([tb.match_id for tb in tables if tb.match_id])
    locked = {}
    for tb in tables:
        why = None
        if tb.pk in reports or tb.state in (TableState.REPORTED, TableState.DISPUTED):
            why = "a report is in (correct its result instead)"
        elif tb.state in DONE and tb.source != "bye":
            why = "its result is in"
        elif tb.match_id and tb.match_id in matches:
            match = matches[tb.match_id]
            if match.actions or match.state in (MatchState.FINISHED, MatchState.VOIDED):
                why = "it is being played on the platform (its match has moves)"
        if why:
            locked[tb.pk] = f"Table {tb.number}: {why}."
    return locked


# -- plans: checked, nothing written --------------------------------------------------------------
def _round(t: Tournament, number: int) -> tuple[Round, list[Table]]:
    rnd = t.round_set.filter(number=number).first()
    if rnd is None:
        raise conflict(f"Round {number} is not paired: there is nothing to change.")
    refusal = round_refusal(t, rnd)
    if refusal:
        raise conflict(refusal)
    return rnd, list(rnd.tables.order_by("number"))


def plan_swap(t: Tournament, number: int, entry_a: int, entry_b: int) -> Change:
    """Two players of two tables of round ``number`` trade places (each takes the other's seat)."""
    rnd, tables = _round(t, number)
    seat = {e: tb for tb in tables for e in tb.entries}
    names = names_of(t, [entry_a, entry_b])
    for field, entry in (("entry_a", entry_a), ("entry_b", entry_b)):
        if entry not in seat:
            who = names.get(entry, "That player")
            raise TournamentError(f"{who} is not playing in round {number}.", field=field)
    first, second = seat[entry_a], seat[entry_b]
    if first.pk == second.pk:
        raise TournamentError(
            f"{names[entry_a]} and {names[entry_b]} are at the same table (table {first.number}): "
            "choose players of two tables.",
            field="entry_b",
        )
    new = {
        first.pk: [entry_b if e == entry_a else e for e in first.entries],
        second.pk: [entry_a if e == entry_b else e for e in second.entries],
    }
    return _plan(t, rnd, tables, new)


def plan_tables(t: Tournament, number: int, seats: dict[int, list[int]]) -> Change:
    """The tables of round ``number`` given (by id) get these players, in seat order; the other
    tables keep theirs. Every player of the round ends on exactly one table, and each table keeps
    its number of seats."""
    rnd, tables = _round(t, number)
    by_pk = {tb.pk: tb for tb in tables}
    for pk, players in seats.items():
        table = by_pk.get(pk)
        if table is None:
            raise TournamentError(f"That table is not in round {number}.", field="tables")
        if len(players) != len(table.entries):
            raise TournamentError(
                f"Table {table.number} seats {len(table.entries)} players, not {len(players)}: "
                "the round's table sizes stay as they were paired.",
                field="tables",
            )
    new = {pk: list(p) for pk, p in seats.items() if list(p) != by_pk[pk].entries}
    if not new:
        raise TournamentError(
            "Nothing to change: every table has the players it had.", field="tables"
        )
    after = [(tb, new.get(tb.pk, tb.entries)) for tb in tables]
    in_round = {e for tb in tables for e in tb.entries}
    count = Counter(e for _, players in after for e in players)
    names = names_of(t, count)
    for tb, players in after:
        if any(e not in in_round for e in players):
            raise TournamentError(
                f"Table {tb.number}: a player who is not in round {number} (only the round's "
                "players can be seated).",
                field="tables",
            )
    twice = sorted(e for e, n in count.items() if n > 1)
    if twice:
        where = [
            f"{names.get(e, 'a player')} (tables "
            + " and ".join(str(tb.number) for tb, players in after if e in players)
            + ")"
            for e in twice
        ]
        raise TournamentError(
            "Each player sits at one table: " + ", ".join(where) + " would sit twice.",
            field="tables",
        )
    return _plan(t, rnd, tables, new)


def _plan(t: Tournament, rnd: Round, tables: list[Table], new: dict[int, list[int]]) -> Change:
    concerned = [tb for tb in tables if tb.pk in new]
    locked = locked_tables(concerned)
    if locked:
        raise conflict(
            " ".join(locked[tb.pk] for tb in concerned if tb.pk in locked)
            + " Its players stay as they are."
        )
    before = {tb.number: list(tb.entries) for tb in concerned}
    after = {tb.number: new[tb.pk] for tb in concerned}
    for tb in concerned:  # rows read for this plan only: they take their new players
        tb.entries = new[tb.pk]
    return Change(rnd, tuple(concerned), before, after, rematches(t, rnd, before, after))


def rematches(
    t: Tournament, rnd: Round, before: dict[int, list[int]], after: dict[int, list[int]]
) -> tuple[tuple[int, int, int], ...]:
    """The pairs a change seats together that met in an earlier round: ``(entry, entry,
    round)``, the pairs already together before the change left out."""
    old = {frozenset(p) for players in before.values() for p in combinations(players, 2)}
    new = {frozenset(p) for players in after.values() for p in combinations(players, 2)} - old
    if not new:
        return ()
    met = set()
    earlier = Table.objects.filter(round__tournament=t, round__number__lt=rnd.number, bye=False)
    for entries, number in earlier.values_list("entries", "round__number"):
        for pair in combinations(entries, 2):
            if frozenset(pair) in new:
                met.add((*sorted(pair), number))
    return tuple(sorted(met))


# -- the changes ----------------------------------------------------------------------------------
def swap(t: Tournament, by: Any, number: int, entry_a: int, entry_b: int, reason: str) -> Change:
    """Swap two players of two tables of round ``number`` (see :func:`plan_swap`)."""
    return _apply(
        t, by, "pairing_swapped", reason, lambda locked: plan_swap(locked, number, entry_a, entry_b)
    )


def set_tables(
    t: Tournament, by: Any, number: int, seats: dict[int, list[int]], reason: str
) -> Change:
    """Seat the players of round ``number`` by hand (see :func:`plan_tables`)."""
    return _apply(
        t, by, "pairing_edited", reason, lambda locked: plan_tables(locked, number, seats)
    )


def _apply(
    t: Tournament, by: Any, action: str, reason: str, plan: Callable[[Tournament], Change]
) -> Change:
    require_manager(by, t)
    reason = need_reason(reason)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        # Matches, then tables: the order the matches' finish path locks them in.
        current = {"round__tournament": t, "round__number": t.current_round}
        list(
            Match.objects.select_for_update(of=("self",))
            .filter(**{f"tournament_table__{k}": v for k, v in current.items()})
            .order_by("pk")
        )
        list(Table.objects.select_for_update(of=("self",)).filter(**current).order_by("pk"))
        change = plan(t)
        entries = {e.pk: e for e in event_entries(t)}
        aborted = []
        note = f"changed by the organiser: {reason}"
        for table in change.tables:
            table.why = f"{table.why}; {note}" if table.why else note
            table.flags = sorted({*table.flags, EDITED})
            if table.match_id is not None:
                aborted.append(table.match_id)
                abort_match(table.match_id)
                table.match = None
            table.save(update_fields=["entries", "why", "flags", "match"])
        schedule_table_matches(t, [tb for tb in change.tables if not tb.bye], entries)
        log(
            t,
            by,
            action,
            reason,
            round=change.round.number,
            tables=[
                {
                    "table": tb.pk,
                    "number": tb.number,
                    "before": change.before[tb.number],
                    "after": change.after[tb.number],
                }
                for tb in change.tables
            ],
            rematches=[list(r) for r in change.rematches],
            aborted=aborted,
        )
        signals.pairings_changed.send(
            sender=Tournament,
            tournament=t,
            round=change.round,
            tables=list(change.tables),
            entries=entries,
        )
    return change
