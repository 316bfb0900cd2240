"""What the organiser's round pages show: a round's tables with their players by name, which of
them can still be changed (and why not), the choices of players for a swap, a result in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tournaments import naming, pairings_edit
from tournaments.models import Entry, Round, State, Table, Tournament
from tournaments.slips import ordinal, waiting_tables
from web.round_forms import SwapForm
from web.views.tournaments.display import entry_names


@dataclass
class Seating:
    """A round's tables for changing its pairings: ``refusal`` says why none can change (None:
    they can, except the ``locked`` ones, by table id, with why)."""

    round: Round
    tables: list[Table]
    names: dict[int, str]
    refusal: str | None
    locked: dict[int, str]

    @property
    def open_tables(self) -> list[Table]:
        if self.refusal:
            return []
        return [tb for tb in self.tables if tb.pk not in self.locked]

    def choices(self, tables: list[Table] | None = None) -> list[tuple[int, str]]:
        """Players of the open tables (or of ``tables``) as choices: "Ana (table 3)"."""
        chosen = self.open_tables if tables is None else tables
        return [
            (e, f"{self.names.get(e, '?')} (table {tb.number}{', bye' if tb.bye else ''})")
            for tb in chosen
            for e in tb.entries
        ]


def round_names(t: Tournament, tables: list[Table]) -> dict[int, str]:
    """The names of every player of these tables."""
    ids = {e for tb in tables for e in tb.entries}
    return entry_names(
        list(Entry.objects.filter(tournament=t, pk__in=ids).select_related("player", "partner"))
    )


def seating(t: Tournament, rnd: Round) -> Seating:
    """The round's tables, by number, with what can change."""
    tables = list(rnd.tables.order_by("number"))
    refusal = pairings_edit.round_refusal(t, rnd)
    locked = {} if refusal else pairings_edit.locked_tables(tables)
    return Seating(rnd, tables, round_names(t, tables), refusal, locked)


def swap_context(t: Tournament, table: Table) -> SwapForm | None:
    """The table page's swap form: a player of this table with one of another table whose
    players can still change (None when this table's cannot)."""
    if t.state != State.RUNNING or table.round.number != t.current_round:
        return None
    seats = seating(t, table.round)
    if table not in seats.open_tables:
        return None
    others = [tb for tb in seats.open_tables if tb.pk != table.pk]
    if not others:
        return None
    return SwapForm(first=seats.choices([table]), second=seats.choices(others), prefix="swap")


def round_tools(t: Tournament) -> dict[str, Any] | None:
    """The running round's organiser links on the event page: its number and name, how many tables
    wait for a result (the results grid), whether its pairings can change."""
    if t.state != State.RUNNING or not t.current_round:
        return None
    rnd = t.round_set.filter(number=t.current_round).first()
    if rnd is None:
        return None
    return {
        "number": rnd.number,
        "title": naming.round_title(t, rnd),
        "waiting": len(waiting_tables(rnd)),
        "pairings": pairings_edit.round_refusal(t, rnd) is None,
    }


def result_words(table: Table, names: dict[int, str]) -> str:
    """A final result as the grid shows it: "Ana 2–1 Bob (1 drawn)", "1st Cat, 2nd Ana, ..."."""
    r = table.result or {}
    who = [names.get(e, "?") for e in table.entries]
    if "placings" in r:
        order = sorted(zip(r["placings"], who, strict=True))
        return ", ".join(f"{ordinal(p + 1)} {name}" for p, name in order)
    if "wins" in r:
        text = f"{who[0]} {r['wins'][0]}–{r['wins'][1]} {who[1]}"
        return text + (f" ({r['draws']} drawn)" if r.get("draws") else "")
    return ""


def rematch_lines(rematches: Any, names: dict[int, str]) -> list[str]:
    """The rematches of a pairing change, in words."""
    return [
        f"{names.get(a, '?')} and {names.get(b, '?')} already played each other in round {n}."
        for a, b, n in rematches
    ]
