"""Rows as the pure pairing code's plain values: entrants, results, the format's settings.

The adapter between the database and :mod:`tournaments.pairing`: entries become
:class:`~tournaments.pairing.Entrant` values, final tables :class:`~tournaments.pairing.Result`
values, and the event's settings the pairing code's options. The standings of the main stage are
computed here from them, for the rounds (pairing, the top cut, the winner), the results (a
corrected winner) and the read side alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tournaments import pairing
from tournaments.models import Entry, EntryState, Format, Stage, Table, TableState, Tournament

#: Entries that took part in the event (the others withdrew before it, or wait).
IN_EVENT = (EntryState.ACTIVE, EntryState.DROPPED, EntryState.DISQUALIFIED)


def swiss_config(t: Tournament) -> pairing.SwissConfig:
    return pairing.SwissConfig(
        win=t.points_win, draw=t.points_draw, loss=t.points_loss, late_entry=t.late_entry_score
    )


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
    return pairing.Entrant(
        id=e.pk,
        rating=e.rating,
        dropped_after=dropped,
        group=e.team or None,
        joined_round=e.joined_round,
    )


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
