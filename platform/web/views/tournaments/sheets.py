"""What the printouts and the CSV exports of an event hold, as plain rows: a round's tables, its
players by name, the standings, the entrants. Names are the pages' (public names, teams with
both players), never ids."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest

from gauntlet.query import whole_number
from tournaments import outcome, summary, values
from tournaments.models import Entry, Round, Tournament
from web.views.tournaments.display import entry_names, table_rows


@dataclass
class Sheet:
    """An event's round as the printouts read it."""

    tournament: Tournament
    round: Round | None
    entries: list[Entry]
    names: dict[int, str]
    tables: list[Any]


def sheet(request: HttpRequest, t: Tournament) -> Sheet:
    """The round asked for (``?round=N``, else the current one) with its tables and names."""
    entries = list(t.entries.select_related("player", "partner").order_by("pk"))
    names = entry_names(entries)
    asked = request.GET.get("round", "")
    number = whole_number(asked) if asked else t.current_round
    rnd = t.round_set.filter(number=number).first() if number else None
    if asked and rnd is None:
        raise Http404(f"This tournament has no round {asked}.")
    tables = table_rows(list(rnd.tables.order_by("number")), names, set()) if rnd else []
    return Sheet(t, rnd, entries, names, tables)


def by_name(s: Sheet) -> list[dict[str, Any]]:
    """Every player of the round alphabetically, with their table, seat and opponents."""
    rows = []
    for tb in s.tables:
        for seat, entry in enumerate(tb.entries):
            others = [s.names.get(o, "?") for o in tb.entries if o != entry]
            rows.append(
                {
                    "name": s.names.get(entry, "?"),
                    "table": tb.number,
                    "seat": seat + 1,
                    "opponents": ", ".join(others) or ("bye" if tb.bye else ""),
                }
            )
    return sorted(rows, key=lambda r: (r["name"].casefold(), r["table"]))


def standings(s: Sheet) -> list[dict[str, Any]]:
    """The event's standings in the order of its placings, with names and percentages (as the
    event page shows them); an elimination event's are its placings alone (place, name, how)."""
    in_event = [e for e in s.entries if e.state in values.IN_EVENT]
    if not s.tournament.current_round:
        return []
    if s.tournament.is_elimination:
        rows = outcome.placing_rows(s.tournament, in_event)
        for row in rows:
            row["name"] = s.names.get(row["entry"], row["name"])
            row["place_label"] = row["label"]
        return rows
    rows = summary.standings_rows(s.tournament, in_event)
    by_captain = {e.player.username: e.pk for e in s.entries}
    for row in rows:
        row["name"] = s.names.get(row["entry"], row["player"])
        row["opponent_names"] = [s.names.get(by_captain.get(o), o) for o in row["opponents"]]
        for key in ("mwp", "omw", "gwp", "ogw"):
            row[f"{key}_pct"] = f"{row[key] * 100:.1f}%"
    return rows


def groups(rows: list[Any], size: int) -> list[list[Any]]:
    """``rows`` in printed pages of ``size``."""
    return [rows[i : i + size] for i in range(0, len(rows), size)] or [[]]
