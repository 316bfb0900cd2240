"""Rounds: ask the pure pairing code for the next round, save its tables, advance, finish.

This is the thin manager around :mod:`tournaments.pairing`: it reads rows as plain values
(:mod:`tournaments.values`), calls the pairing function of the event's format, and stores each
returned pairing as a :class:`Table` with its flags and the reason it was made. Tables get their
matches from :mod:`tournaments.scheduling`; the others wait for their players' reports. The
round closes in :mod:`tournaments.tables` when its last table is done; the next one is paired by
the task ``tournaments.advance`` (:func:`advance_after`), queued by :mod:`tournaments.receivers`.

Rounds are numbered across stages: a Swiss event with a top cut plays rounds 1..R of Swiss, then
R+1... of the elimination bracket.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments import closing, pairing, signals
from tournaments.audit import log
from tournaments.ending import finish
from tournaments.errors import TournamentError, conflict
from tournaments.models import (
    Entry,
    EntryState,
    Format,
    Round,
    RoundState,
    Stage,
    State,
    Table,
    TableState,
    Tournament,
)
from tournaments.naming import plural
from tournaments.scheduling import schedule_table_matches
from tournaments.tables import DONE, close_round_if_done, forfeit_result
from tournaments.timer import round_deadline
from tournaments.values import (
    compute_standings,
    entrant_of,
    event_entries,
    min_table,
    node_results,
    placing_points,
    pod_table_sizes,
    round_robin_schedule,
    seeds_of,
    stage_results,
    swiss_config,
)


# -- pairing the next round -----------------------------------------------------------------------
class _Plan:
    """What the next round is: its stage and pairings (``node`` per pairing for brackets)."""

    def __init__(self, stage: str, pairings: list[Any], nodes: list[int | None] | None = None):
        self.stage = stage
        self.pairings = pairings
        self.nodes = nodes or [None] * len(pairings)


def pair_next_round(
    tournament_id: int, *, by: Any = None, expected: int | None = None
) -> Round | None:
    """Pair the next round of a running event (None when the event finished instead).

    ``expected`` is the round the caller means to pair: asking for a round already paired, or
    while the current round still waits for results, is a 409 and changes nothing.
    """
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=tournament_id)
        if t.state != State.RUNNING:
            raise conflict(f"The tournament is {t.get_state_display().lower()}, not running.")
        nxt = t.current_round + 1
        if expected is not None and expected != nxt:
            if expected <= t.current_round:
                raise conflict(f"Round {expected} is already paired.")
            raise conflict(f"Round {expected} cannot be paired before round {nxt}.")
        current = t.round_set.filter(number=t.current_round).first()
        if current is not None and current.state != RoundState.FINISHED:
            waiting = current.tables.exclude(state__in=DONE).count()
            raise conflict(
                f"Round {current.number} is still being played: {plural(waiting, 'table')} without a "
                "final result."
            )
        entries = event_entries(t)
        plan = _plan(t, nxt, entries)
        if plan is None:
            if closing.begin(t, entries):  # the event finishes when its closing run ends
                return None
            finish(t, entries)
            return None
        rnd = Round.objects.create(
            tournament=t, number=nxt, stage=plan.stage, deadline=round_deadline(t)
        )
        t.current_round = nxt
        t.stage = plan.stage
        t.save(update_fields=["current_round", "stage", "bracket"])
        tables = _create_tables(t, rnd, plan, {e.pk: e for e in entries})
        if by is not None:
            log(t, by, "pair_round", round=nxt, tables=len(tables))
        signals.round_paired.send(
            sender=Tournament,
            tournament=t,
            round=rnd,
            tables=tables,
            entries={e.pk: e for e in entries},
        )
        close_round_if_done(rnd.pk)
        return rnd


def _plan(t: Tournament, nxt: int, entries: list[Entry]) -> _Plan | None:
    active = [e for e in entries if e.state == EntryState.ACTIVE]
    entrants = [entrant_of(e) for e in entries]
    if t.stage == Stage.MAIN:
        if t.format == Format.SWISS:
            if nxt <= (t.main_rounds or 0) and len(active) >= 2:
                results = stage_results(t, Stage.MAIN)
                return _Plan(
                    Stage.MAIN,
                    pairing.pair_swiss(
                        entrants,
                        results,
                        nxt,
                        t.seed,
                        swiss_config(t),
                        seeded_first_round=t.seeded_first_round,
                    ),
                )
            if t.top_cut and len(active) >= 2:
                rows = compute_standings(t, entries)
                size = min(t.top_cut, sum(1 for r in rows if not r.dropped))
                bracket = pairing.top_cut(rows, size, third_place=t.third_place)
                t.bracket = pairing.bracket_to_json(bracket)
                return _bracket_plan(t, Stage.CUT, bracket, {})
            return None
        if t.format == Format.PODS:
            if nxt <= (t.main_rounds or 0) and len(active) >= min_table(t):
                return _Plan(
                    Stage.MAIN,
                    pairing.pods(
                        entrants,
                        stage_results(t, Stage.MAIN),
                        nxt,
                        t.seed,
                        sizes=pod_table_sizes(t),
                        placing_points=placing_points(t),
                    ),
                )
            return None
        if t.format == Format.ROUND_ROBIN:
            schedule = round_robin_schedule(t)
            if nxt > len(schedule) or len(active) < 2:
                return None
            return _Plan(Stage.MAIN, schedule[nxt - 1])
        # single or double elimination
        if t.bracket is None:
            seeds = seeds_of(active)
            bracket = (
                pairing.single_elimination(seeds, third_place=t.third_place)
                if t.format == Format.SINGLE_ELIMINATION
                else pairing.double_elimination(seeds)
            )
            t.bracket = pairing.bracket_to_json(bracket)
        return _bracket_plan(t, Stage.MAIN, pairing.bracket_from_json(t.bracket), None)
    return _bracket_plan(t, Stage.CUT, pairing.bracket_from_json(t.bracket), None)


def _bracket_plan(
    t: Tournament, stage: str, bracket: pairing.Bracket, results: dict[int, int] | None
) -> _Plan | None:
    results = node_results(t, stage) if results is None else results
    if pairing.bracket_winner(bracket, results) is not None:
        return None
    ready = pairing.bracket_matches(bracket, results)
    if not ready:
        return None
    pairings = [
        pairing.Pairing(
            players=m.players,
            flags=frozenset({"bracket", m.side}),
            why=f"{pairing.node_name(bracket, m.node)} (match {m.node} of the bracket)",
        )
        for m in ready
    ]
    return _Plan(stage, pairings, [m.node for m in ready])


def _create_tables(
    t: Tournament, rnd: Round, plan: _Plan, entries: dict[int, Entry]
) -> list[Table]:
    now = timezone.now()
    tables = []
    for number, (p, node) in enumerate(zip(plan.pairings, plan.nodes, strict=True), start=1):
        table = Table(
            round=rnd,
            number=number,
            entries=list(p.players),
            bye=p.bye,
            flags=sorted(p.flags),
            why=p.why,
            node=node,
        )
        if p.bye:
            table.state = TableState.FINAL
            scored = t.format != Format.ROUND_ROBIN
            table.result = {"bye": True} if scored else {"bye": True, "scored": False}
            table.source = "bye"
            table.finished_at = now
        else:
            gone = [e for e in p.players if entries[e].state != EntryState.ACTIVE]
            if gone and len(p.players) == 2:
                # A dropped or disqualified player still in a fixed schedule or bracket.
                table.state = TableState.FINAL
                table.result = forfeit_result(table, gone[0], t)
                table.source = "forfeit"
                table.finished_at = now
                table.why += "; forfeit: a player had left the event"
        tables.append(table)
    Table.objects.bulk_create(tables)
    if any(tb.pk is None for tb in tables):  # backends that cannot return ids
        tables = list(rnd.tables.order_by("number"))
    schedule_table_matches(t, [tb for tb in tables if tb.state not in DONE], entries)
    return tables


def advance_after(tournament_id: int, finished_round: int) -> str:
    """What the automation task does: pair the round after ``finished_round`` if nobody has."""
    try:
        rnd = pair_next_round(tournament_id, expected=finished_round + 1)
    except TournamentError as exc:
        if exc.status == 409:
            return f"skipped: {exc.message}"
        raise
    except Tournament.DoesNotExist:
        return "skipped: no such tournament"
    return f"paired round {rnd.number}" if rnd else "finished"


def stuck_events() -> list[tuple[int, int]]:
    """``(tournament id, round)`` of every running, self-advancing event whose current round is
    finished but whose next round was never paired (its task was lost): the sweep's work."""
    stuck = []
    running = Tournament.objects.filter(state=State.RUNNING, auto_advance=True).exclude(
        closing_run__state="running"  # it waits for its closing run, not for a round
    )
    for t in running:
        last = Round.objects.filter(tournament=t, number=t.current_round).first()
        if last is not None and last.state == RoundState.FINISHED:
            stuck.append((t.pk, t.current_round))
    return stuck
