"""An event's outcome: every entrant's final placing and the winner, from the results in force.

One reader for every surface (the event page, the printout, the CSV, the API, the player's
"You finished 3rd–4th" and their own page): :func:`event_placings` asks the pure placing function
of the event's format (:mod:`tournaments.pairing.placings`) with the rows read as plain values
(:mod:`tournaments.values`). Placings are computed, never stored, so a void or a correction
changes them by itself; the stored winner (``Tournament.winner``) follows them through
:func:`refresh_winner`, which the corrections call and which says what changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tournaments import pairing
from tournaments.audit import log
from tournaments.closing_field import with_closing
from tournaments.models import Entry, EventClosingRun, Format, Stage, State, Tournament
from tournaments.values import (
    IN_EVENT,
    compute_standings,
    entrant_of,
    event_entries,
    node_results,
    stage_results,
    swiss_config,
)


def event_placings(
    t: Tournament,
    entries: Sequence[Entry] | None = None,
    standings: Sequence[pairing.Standing] | None = None,
) -> list[pairing.Placing]:
    """Every entrant's placing so far (final once the event is finished), best first.

    Empty before round 1. An elimination event places by its bracket, a Swiss event with a top
    cut by the cut first and the Swiss standings after it, a round robin by points and
    head-to-head, pods by their standings (``standings``: the main stage's, when the caller
    has computed them already). A bot event's finished closing run puts its contenders first,
    in its final order (:func:`tournaments.closing_field.with_closing`).
    """
    placings = format_placings(t, entries, standings)
    run = closing_run_of(t)
    if run is None or run.state != EventClosingRun.State.FINISHED or not run.final_ranking:
        return placings
    return with_closing(placings, run.final_ranking)


def closing_run_of(t: Tournament) -> EventClosingRun | None:
    """The event's closing run, or None (one query, or none when the event's row was read with
    ``select_related("closing_run")``: the answer is kept on ``t``)."""
    try:
        return t.closing_run
    except EventClosingRun.DoesNotExist:
        return None


def format_placings(
    t: Tournament,
    entries: Sequence[Entry] | None = None,
    standings: Sequence[pairing.Standing] | None = None,
) -> list[pairing.Placing]:
    """The placings the event's format gives (:func:`event_placings` without a closing run)."""
    if not t.current_round:
        return []
    entries = event_entries(t) if entries is None else list(entries)
    if t.is_elimination:
        if t.bracket is None:
            return []
        bracket = pairing.bracket_from_json(t.bracket)
        results = node_results(t, Stage.MAIN)
        if t.format == Format.DOUBLE_ELIMINATION:
            return pairing.double_elimination_placings(bracket, results)
        return pairing.single_elimination_placings(bracket, results)
    if t.format == Format.ROUND_ROBIN:
        return pairing.round_robin_placings(
            [entrant_of(e) for e in entries], stage_results(t, Stage.MAIN), swiss_config(t)
        )
    if standings is None:
        standings = compute_standings(t, entries)
    if t.format == Format.PODS:
        return pairing.pod_placings(standings)
    if t.top_cut and t.bracket is not None:
        bracket = pairing.bracket_from_json(t.bracket)
        return pairing.swiss_placings(standings, bracket, node_results(t, Stage.CUT))
    return pairing.swiss_placings(standings)


def placing_labels(placings: Sequence[pairing.Placing]) -> dict[int, str]:
    """``{entry id: "3rd–4th"}``."""
    return {p.entrant: pairing.place_label(p) for p in placings}


def placing_rows(t: Tournament, entries: Sequence[Entry] | None = None) -> list[dict[str, Any]]:
    """The placings as rows for the API, the CSV and the pages: ``entry``, ``player``
    (username; a team's captain), ``name`` (the public name, or the team's), ``place``,
    ``last``, ``label`` ("3rd–4th") and ``how`` (in words)."""
    entries = event_entries(t) if entries is None else list(entries)
    by_pk = {e.pk: e for e in entries}
    rows = []
    for p in event_placings(t, entries):
        entry = by_pk.get(p.entrant)
        if entry is None:
            continue
        rows.append(
            {
                "entry": p.entrant,
                "player": entry.player.username,
                "name": entry_name(entry),
                "place": p.place,
                "last": p.last,
                "label": pairing.place_label(p),
                "how": p.how,
            }
        )
    return rows


def cross_table_rows(t: Tournament, entries: Sequence[Entry] | None = None) -> list[dict[str, Any]]:
    """A round robin's cross-table in the order of its placings: for each entrant (``entry``,
    ``name``, ``label``), one cell per opponent in the same order (``None`` on the diagonal):
    the row player's matches against that one (``played``, ``wins``, ``losses``, ``draws``,
    games ``won`` and ``lost``, match ``points``), and the row's match ``points`` in all."""
    if t.format != Format.ROUND_ROBIN or not t.current_round:
        return []
    entries = event_entries(t) if entries is None else list(entries)
    rows = placing_rows(t, entries)
    order = [r["entry"] for r in rows]
    meetings = pairing.cross_table(order, stage_results(t, Stage.MAIN), swiss_config(t))
    for row in rows:
        cells = []
        for other in order:
            if other == row["entry"]:
                cells.append(None)
                continue
            m = meetings[(row["entry"], other)]
            cells.append(
                {
                    "opponent": other,
                    "played": m.matches,
                    "wins": m.wins,
                    "losses": m.losses,
                    "draws": m.draws,
                    "won": m.games_won,
                    "lost": m.games_lost,
                    "points": m.points,
                }
            )
        row["cells"] = cells
        row["points"] = sum(c["points"] for c in cells if c is not None)
    return rows


def player_events(player: Any, limit: int = 10) -> list[dict[str, Any]]:
    """The events ``player`` took part in (as a player or a team's partner), latest first, each
    with their placing so far: ``tournament``, ``entry``, ``label`` ("3rd–4th", or "" before
    round 1 or for an entry that never played), ``how`` and the number of entrants."""
    from django.db.models import Q

    entries = list(
        Entry.objects.filter(Q(player=player) | Q(partner=player))
        .exclude(tournament__state__in=(State.DRAFT, State.CANCELLED))
        .select_related("tournament")
        .order_by("-tournament__starts_at", "-tournament__created")[:limit]
    )
    rows = []
    for entry in entries:
        t = entry.tournament
        placings = event_placings(t) if entry.state in IN_EVENT else []
        mine = next((p for p in placings if p.entrant == entry.pk), None)
        rows.append(
            {
                "tournament": t,
                "entry": entry,
                "label": pairing.place_label(mine) if mine else "",
                "how": mine.how if mine else "",
                "field": len(placings),
            }
        )
    return rows


def entry_name(entry: Entry) -> str:
    """An entry as the pages name it: the player's public name, or the team's name with its
    players ("Grey Order (Ana & Bob)")."""
    if not entry.partner_id:
        return entry.player.public_name
    players = f"{entry.player.public_name} & {entry.partner.public_name}"
    return f"{entry.team_name} ({players})" if entry.team_name else players


def winner_of(t: Tournament, placings: Sequence[pairing.Placing]) -> int | None:
    """The winner of a finished event: the one entrant placed first alone (None otherwise)."""
    if t.state != State.FINISHED:
        return None
    first = [p for p in placings if p.place == 1]
    return first[0].entrant if len(first) == 1 and first[0].last == 1 else None


@dataclass
class OutcomeChange:
    """What a correction changed: the winner (entry ids) and the placings that moved."""

    winner_before: int | None = None
    winner_after: int | None = None
    moved: list[tuple[int, str, str]] = field(default_factory=list)  # entry, before, after

    @property
    def winner_changed(self) -> bool:
        return self.winner_before != self.winner_after

    def as_detail(self) -> dict[str, Any]:
        """The change as the audit log keeps it (JSON)."""
        return {
            "winner_before": self.winner_before,
            "winner_after": self.winner_after,
            "placings": [[entry, before, after] for entry, before, after in self.moved],
        }


def compare(
    before: Sequence[pairing.Placing], after: Sequence[pairing.Placing]
) -> list[tuple[int, str, str]]:
    """The entrants whose placing label changed, best new placing first."""
    old, new = placing_labels(before), placing_labels(after)
    order = [p.entrant for p in after] + [e for e in old if e not in new]
    return [(e, old.get(e, ""), new.get(e, "")) for e in order if old.get(e) != new.get(e)]


def refresh_winner(
    t: Tournament,
    by: Any,
    before: Sequence[pairing.Placing],
    why: str,
    moves: bool = True,
) -> OutcomeChange:
    """After a correction: recompute the placings, store the winner they give (none while the
    event runs), log a change of winner, and return what changed against ``before`` (the
    placings that moved only with ``moves``: a first result of a running round moves everyone
    and is no correction to report)."""
    t.refresh_from_db(fields=["state", "winner", "bracket", "current_round", "stage"])
    after = event_placings(t)
    change = OutcomeChange(
        winner_before=t.winner_id,
        winner_after=winner_of(t, after),
        moved=compare(before, after) if moves else [],
    )
    if change.winner_changed:
        Tournament.objects.filter(pk=t.pk).update(winner_id=change.winner_after)
        t.winner_id = change.winner_after
        log(
            t,
            by,
            "winner_changed",
            why,
            before=change.winner_before,
            after=change.winner_after,
        )
    return change
