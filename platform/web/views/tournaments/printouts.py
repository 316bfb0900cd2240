"""An event's printouts and CSV exports: pairings by table and by name, standings, match slips
and decklists as print pages (``web/print.css``: large type, one printed page per group of
tables); entrants, pairings and standings as CSV files (written by :mod:`web.csv_cells`, which
keeps any cell from being read as a formula). Anyone who may see the event may print
what its page shows; decklists follow the event's setting (:mod:`tournaments.decklists`)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify

from tournaments import decklists as lists
from tournaments import naming
from tournaments.errors import can_manage
from tournaments.models import EntryState, EventClosingRun, State
from tournaments.pairing import ordinal
from web.csv_cells import csv_download
from web.views.tournaments.access import event_for
from web.views.tournaments.sheets import by_name, groups, sheet, standings

TABLES_PER_PAGE = 16
NAMES_PER_PAGE = 24
STANDINGS_PER_PAGE = 24
SLIPS_PER_PAGE = 3
PRINTS = {
    "pairings": "Pairings by table",
    "pairings-by-name": "Pairings by name",
    "standings": "Standings",
    "slips": "Match slips",
    "decklists": "Decklists",
}


def print_page(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """One printout of the event (``kind`` one of :data:`PRINTS`)."""
    if kind not in PRINTS:
        raise Http404("No such printout.")
    t = event_for(request, pk)
    s = sheet(request, t)
    context: dict[str, Any] = {
        "tournament": t,
        "round": s.round,
        "round_title": naming.round_title(t, s.round) if s.round is not None else "",
        "kind": kind,
        "heading": PRINTS[kind],
        "prints": PRINTS,
    }
    if kind == "standings":  # the standings are the event's, not a round's
        after = naming.lower_first(context["round_title"])
        context["heading"] = (
            "Final standings" if t.state == State.FINISHED else f"Standings after {after}"
        )
        context["round_title"] = ""
    if kind == "pairings":
        context["pages"] = groups(s.tables, TABLES_PER_PAGE)
    elif kind == "pairings-by-name":
        context["pages"] = groups(by_name(s), NAMES_PER_PAGE)
    elif kind == "standings":
        context["pages"] = groups(standings(s), STANDINGS_PER_PAGE)
        context["closing_run"] = EventClosingRun.objects.filter(
            tournament=t, state=EventClosingRun.State.FINISHED
        ).first()
    elif kind == "slips":
        open_tables = [tb for tb in s.tables if not tb.bye]
        context["pages"] = groups(open_tables, SLIPS_PER_PAGE)
    else:
        context["pages"] = [[d] for d in lists.decklists(t, request.user)] or [[]]
        context["private"] = not can_manage(request.user, t) and not context["pages"][0]
    return render(request, f"web/tournaments/print/{kind}.html", context)


EXPORTS = ("entrants", "pairings", "standings")


def export_csv(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """The event's entrants, a round's pairings or the standings as a CSV file."""
    if kind not in EXPORTS:
        raise Http404("No such export.")
    t = event_for(request, pk)
    s = sheet(request, t)
    name = f"{slugify(t.name) or 'tournament'}-{kind}"
    if kind == "pairings" and s.round is not None:
        name += f"-round-{s.round.number}"
    response, out = csv_download(name)  # every cell neutralised (web.csv_cells)
    if kind == "entrants":
        out.writerow(["#", "Name", "Username", "Status", "Checked in", "First round"])
        for n, e in enumerate(s.entries, 1):
            state = e.get_state_display()
            checked = "yes" if e.checked_in else "no"
            out.writerow([n, s.names[e.pk], e.player.username, state, checked, e.joined_round])
    elif kind == "pairings":
        out.writerow(["Round", "Table", "Player 1", "Player 2", "Other players", "Result", "State"])
        for tb in s.tables:
            players = tb.player_names + ([""] if len(tb.player_names) < 2 else [])
            out.writerow(
                [
                    s.round.number,
                    tb.number,
                    players[0],
                    "bye" if tb.bye else players[1],
                    "; ".join(players[2:]),
                    tb.score,
                    tb.get_state_display(),
                ]
            )
    elif s.tournament.is_elimination:
        out.writerow(["Place", "Name", "How"])
        for r in standings(s):
            out.writerow([r["place_label"], r["name"], r["how"]])
    else:
        cut = bool(s.tournament.top_cut)
        out.writerow(
            ["Place", "Name"]
            + (["Swiss rank"] if cut else [])
            + ["Points", "Wins", "Losses", "Draws", "Byes"]
            + ["MW%", "OMW%", "GW%", "OGW%", "Status", "How", "Opponents"]
        )
        for r in standings(s):
            out.writerow(
                [r["place_label"], r["name"]]
                + ([ordinal(r["rank"])] if cut else [])
                + [r["match_points"], r["wins"], r["losses"], r["draws"]]
                + [r["byes"], r["mwp_pct"], r["omw_pct"], r["gwp_pct"], r["ogw_pct"]]
                + [EntryState(r["state"]).label, r["how"]]
                + ["; ".join(r["opponent_names"])]
            )
    return response
