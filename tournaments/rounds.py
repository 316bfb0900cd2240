"""Rounds: load entrants and results, ask the pure pairing code, save its tables, advance.

This is the thin manager around :mod:`tournaments.pairing`: it reads rows into plain
:class:`~tournaments.pairing.Entrant` and :class:`~tournaments.pairing.Result` values, calls the
pairing function of the event's format, and stores each returned pairing as a :class:`Table`
with its flags and the reason it was made. Tables whose every seat is a bot account get a match
(``origin="tournament"``) played by the workers; the others wait for their players' reports.

Rounds are numbered across stages: a Swiss event with a top cut plays rounds 1..R of Swiss, then
R+1... of the elimination bracket.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments import live, pairing
from tournaments.audit import log
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

logger = logging.getLogger(__name__)

#: Bot matches are queued to workers in batches of this many (``matches.run_matches``).
MATCH_BATCH = 8
IN_EVENT = (EntryState.ACTIVE, EntryState.DROPPED, EntryState.DISQUALIFIED)
DONE = (TableState.FINAL, TableState.VOID)


# -- reading rows into plain values ---------------------------------------------------------------
def swiss_config(t: Tournament) -> pairing.SwissConfig:
    return pairing.SwissConfig(win=t.points_win, draw=t.points_draw, loss=t.points_loss)


def event_entries(t: Tournament) -> list[Entry]:
    """Everyone who took part (active, dropped or disqualified), in registration order."""
    # The bot profile comes along: scheduling a round asks every seat's bot spec.
    return list(
        t.entries.filter(state__in=IN_EVENT)
        .select_related("player", "player__bot_profile")
        .order_by("pk")
    )


def entrant_of(e: Entry) -> pairing.Entrant:
    dropped = e.dropped_after if e.state != EntryState.ACTIVE else None
    if e.state != EntryState.ACTIVE and dropped is None:
        dropped = 0
    return pairing.Entrant(id=e.pk, rating=e.rating, dropped_after=dropped, group=e.team or None)


def result_of(table: Table, round_number: int) -> pairing.Result | None:
    """The plain result of a final table (None for a void table or an unscored sit-out)."""
    if table.state != TableState.FINAL or table.result is None:
        return None
    players = tuple(table.entries)
    if table.bye:
        if table.result.get("scored", True) is False:
            return None
        return pairing.Result(round=round_number, players=players, bye=True)
    if "placings" in table.result:
        return pairing.Result(
            round=round_number, players=players, placings=tuple(table.result["placings"])
        )
    return pairing.Result(
        round=round_number,
        players=players,
        wins=tuple(table.result.get("wins") or ()),
        draws=table.result.get("draws", 0),
    )


def stage_tables(t: Tournament, stage: str) -> list[tuple[int, Table]]:
    tables = Table.objects.filter(round__tournament=t, round__stage=stage).select_related("round")
    return [(tb.round.number, tb) for tb in tables.order_by("round__number", "number")]


def stage_results(t: Tournament, stage: str = Stage.MAIN) -> list[pairing.Result]:
    out = []
    for number, table in stage_tables(t, stage):
        r = result_of(table, number)
        if r is not None:
            out.append(r)
    return out


def node_results(t: Tournament, stage: str) -> dict[int, int]:
    """``{bracket node: winning entry id}`` of the final tables of a bracket stage."""
    return {
        table.node: table.result["winner"]
        for _, table in stage_tables(t, stage)
        if table.node is not None and table.state == TableState.FINAL and table.result
    }


def bracket_stage(t: Tournament) -> str | None:
    if t.is_elimination:
        return Stage.MAIN
    if t.format == Format.SWISS and t.top_cut:
        return Stage.CUT
    return None


def compute_standings(
    t: Tournament, entries: Sequence[Entry] | None = None
) -> list[pairing.Standing]:
    """Standings of the main stage (Swiss, round robin, pods) from the final tables."""
    entries = event_entries(t) if entries is None else entries
    entrants = [entrant_of(e) for e in entries]
    results = stage_results(t, Stage.MAIN)
    if t.format == Format.PODS:
        return pairing.pod_standings(entrants, results, placing_points(t))
    return pairing.standings(entrants, results, swiss_config(t))


def placing_points(t: Tournament) -> tuple[int, ...]:
    return tuple(t.placing_points) or (3, 2, 1, 0)


def pod_table_sizes(t: Tournament) -> tuple[int, ...]:
    from engines.registry import get_game

    if t.pod_sizes:
        return tuple(t.pod_sizes)
    engine = get_game(t.game)
    return tuple(s for s in (4, 3, 5) if engine.min_seats <= s <= engine.max_seats) or (
        engine.max_seats,
    )


def round_robin_schedule(t: Tournament) -> list[list[pairing.Pairing]]:
    """The fixed round-robin schedule over the entries who started (registration order)."""
    ids = list(
        t.entries.filter(state__in=IN_EVENT, joined_round=1)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    return pairing.round_robin(ids, double=t.double_round_robin)


def seeds_of(entries: Iterable[Entry]) -> list[int]:
    """Bracket seeds of a pure elimination event: by rating, then registration order."""
    return [e.pk for e in sorted(entries, key=lambda e: (-e.rating, e.pk))]


def min_table(t: Tournament) -> int:
    if t.format == Format.PODS:
        return min(pod_table_sizes(t))
    return 2


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
                f"Round {current.number} is still being played: {waiting} table(s) without a "
                "final result."
            )
        entries = event_entries(t)
        plan = _plan(t, nxt, entries)
        if plan is None:
            finish(t, entries)
            return None
        rnd = Round.objects.create(tournament=t, number=nxt, stage=plan.stage)
        t.current_round = nxt
        t.stage = plan.stage
        t.save(update_fields=["current_round", "stage", "bracket"])
        tables = _create_tables(t, rnd, plan, {e.pk: e for e in entries})
        if by is not None:
            log(t, by, "pair_round", round=nxt, tables=len(tables))
        from tournaments import automation

        automation.announce_pairings(t, rnd, tables, {e.pk: e for e in entries})
        live.round_paired(t, rnd, tables)
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
            why=f"{m.side} bracket, round {m.round}: match {m.node}",
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
    schedule_bot_matches(t, [tb for tb in tables if tb.state not in DONE], entries)
    return tables


def forfeit_result(table: Table, loser: int, t: Tournament) -> dict[str, Any]:
    """A 2–0 win for the other player of a two-player table."""
    a, b = table.entries
    winner = b if loser == a else a
    return {"wins": [0, 2] if loser == a else [2, 0], "draws": 0, "winner": winner}


def schedule_bot_matches(t: Tournament, tables: Sequence[Table], entries: dict[int, Entry]) -> None:
    """Create a match for every table of bots, queued for workers on commit. When the event
    sets a turn clock (``options["clock"]``), tables with people get a match too, played on
    the platform (``matches.interactive``, started at once, bots answering on workers): it ends
    through the same finish path, so its result arrives like a bot match's. Without a clock
    people report their results (an unclocked match could hold a round up for ever)."""
    from engines.base import BadSetup
    from matches.scheduling import SeatSpec, schedule_match
    from ratings.bots import bot_spec
    from ratings.seat_decks import seat_decks

    if t.team_size > 1:  # four seats, teams alternating (tournaments.teams)
        from tournaments.teams import schedule_team_matches

        schedule_team_matches(t, tables, entries)
        return
    created = []
    for table in tables:
        players = [entries[e].player for e in table.entries]
        specs = [bot_spec(p, t.game) or "" for p in players]
        people = not all(specs)
        if people and not (t.options or {}).get("clock"):
            continue  # no turn clock set: the people play this table elsewhere and report it
        decks_tried = [seat_decks(t.game, [entries[e].deck for e in table.entries])]
        if any(d is not None for d in decks_tried[0]):
            decks_tried.append([None] * len(players))
        match = None
        problem = ""
        for decks in decks_tried:
            seats = [
                SeatSpec(player=p, bot=s, deck=d)
                for p, s, d in zip(players, specs, decks, strict=True)
            ]
            try:
                match = schedule_match(
                    t.game,
                    seats,
                    ladder=t.ladder,
                    options=t.options or None,
                    origin="tournament",
                    created_by=t.organiser,
                    rated=t.rated,
                    enqueue=people,  # a match with people starts now; bot matches queue below
                )
                break
            except BadSetup as exc:
                problem = str(exc)
        if match is None:
            log(t, None, "match_refused", problem, table=table.pk)
            continue
        if decks is not decks_tried[0]:
            table.why += f"; registered decks refused together ({problem}): dealt by the engine"
        table.match = match
        Table.objects.filter(pk=table.pk).update(match=match, why=table.why)
        if not people:
            created.append(match.pk)
    if created:
        transaction.on_commit(lambda: queue_matches(created))


def queue_matches(match_ids: list[int]) -> None:
    from matches.tasks import run_matches

    for i in range(0, len(match_ids), MATCH_BATCH):
        run_matches.delay(match_ids[i : i + MATCH_BATCH])


# -- closing rounds and events --------------------------------------------------------------------
def close_round_if_done(round_id: int) -> bool:
    """Mark the round finished once every table is final or void; queue the next round.

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
    t = rnd.tournament
    live.round_finished(t, rnd)
    from tournaments import automation

    automation.round_finished(t, rnd)
    return True


def finish(t: Tournament, entries: Sequence[Entry] | None = None, by: Any = None) -> None:
    """End the event: the winner is the bracket's champion or the top of the standings."""
    entries = event_entries(t) if entries is None else entries
    winner = None
    stage = bracket_stage(t)
    if stage is not None and t.bracket is not None:
        winner = pairing.bracket_winner(
            pairing.bracket_from_json(t.bracket), node_results(t, stage)
        )
    if winner is None and not t.is_elimination and entries:
        rows = compute_standings(t, entries)
        if rows:
            winner = rows[0].player
    t.state = State.FINISHED
    t.finished_at = timezone.now()
    t.winner_id = winner
    t.save(update_fields=["state", "finished_at", "winner", "bracket", "current_round", "stage"])
    log(t, by, "finish", winner=winner)
    live.state_changed(t)
    from tournaments import automation

    automation.announce_finished(t, entries)


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
