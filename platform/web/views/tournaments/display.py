"""How the tournament pages name and show things: entries by their players' public names (a
team with both players), the pairings' reasons and flags in words, scores, the standings'
legend, round progress, bracket links and paging."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import HttpRequest
from django.urls import reverse

from tournaments.models import Entry, Round, Table, TableState, Tournament
from tournaments.timer import table_deadline

DONE = (TableState.FINAL, TableState.VOID)
LEGEND = [
    (
        "Points",
        "Match points: the event's points for a win, a draw and a loss (shown above); a bye "
        "counts as a match won 2–0.",
    ),
    (
        "MW%",
        "Match-win percentage: match points ÷ (points for a win × matches played, byes "
        "included), never below 33% (the floor).",
    ),
    (
        "OMW%",
        "Opponents' match-win percentage: the mean of each opponent's MW% (each already "
        "floored at 33%), once per match against them; byes are no opponent, and players who "
        "dropped still count.",
    ),
    (
        "GW%",
        "Game-win percentage: game points (a win's points per game won, a draw's per drawn "
        "game) ÷ (a win's points × games played), never below 33%.",
    ),
    (
        "OGW%",
        "Opponents' game-win percentage: the mean of each opponent's GW% (each floored at 33%).",
    ),
]

LEGEND_PODS = [
    (
        "Points",
        "Points for each placing in a pod (the event's table above); a bye scores a first "
        "place. Record: W outright first places, D shared first places, L the other pods.",
    ),
    ("MW%", "Points won ÷ (points for first place × pods played); no floor."),
    (
        "OMW%",
        "The mean MW% of your pod-mates, once per pod shared with them; players who dropped "
        "still count.",
    ),
    (
        "GW%",
        "The mean share of your pod-mates you finished ahead of (a tie counts half).",
    ),
    ("OGW%", "The mean GW% of your pod-mates."),
]

METRIC_NAMES = {"mwp": "MW%", "omw": "OMW%", "gwp": "GW%", "ogw": "OGW%", "wins": "wins"}

FLAG_LABELS = {  # the pairing code's flags, as the pairings table shows them
    "pair-down": "pair-down",
    "time-called": "time called",
    "rematch": "rematch (none avoidable)",
    "rematch-avoided": "rematch avoided",
    "teammates": "teammates (none avoidable)",
    "matched": "by matching",
    "seeded": "seeded",
    "random": "random",
    "bye": "bye",
    "bracket": "bracket",
    "round-robin": "round robin",
    "pod": "pod",
    "winners": "winners' bracket",
    "losers": "losers' bracket",
    "final": "final",
    "third": "third-place match",
    "edited": "changed by the organiser",
}


#: Where a table's result came from, as the table page says it.
SOURCE_WORDS = {
    "engine": "the match played on the platform",
    "reports": "the players' reports",
    "organiser": "the organiser",
    "admin": "staff, in the match audit",
    "forfeit": "a forfeit",
    "bye": "a bye",
    "timeout": "a timeout award by the organiser",
    "time": "time called: a draw",
}


def own_entries(user: Any, entries: Any) -> set[int]:
    """The entries ``user`` plays in (as the player, a team's captain or its partner)."""
    if not user.is_authenticated:
        return set()
    return {e.pk for e in entries if user.pk in (e.player_id, e.partner_id)}


def members(entry: Entry) -> list[Any]:
    """The entry's players: the captain, then the partner (if any)."""
    return [entry.player] + ([entry.partner] if entry.partner_id else [])


def team_name(entry: Entry) -> str:
    """A team as the pages show it: "Grey Order (Ana & Bob)", or "Ana & Bob" without a name."""
    players = " & ".join(p.public_name for p in members(entry))
    return f"{entry.team_name} ({players})" if entry.team_name else players


def entry_names(entries: list[Entry]) -> dict[int, str]:
    """Each entry's name on the pages: the player's, or the team's with both players."""
    return {e.pk: team_name(e) if e.partner_id else e.player.public_name for e in entries}


def table_players(t: Tournament, table: Table) -> list[str]:
    """The table's players' (or teams') names, in seat order."""
    entries = Entry.objects.filter(pk__in=table.entries).select_related("player", "partner")
    names = entry_names(list(entries))
    return [names.get(e, "?") for e in table.entries]


def progress(rnd: Round | None) -> dict[str, int] | None:
    """A round's tables: total, done (final or void), disputed and the percentage done."""
    if rnd is None:
        return None
    counts = rnd.tables.aggregate(
        total=Count("pk"),
        done=Count("pk", filter=Q(state__in=DONE)),
        disputed=Count("pk", filter=Q(state=TableState.DISPUTED)),
    )
    total = counts["total"] or 0
    counts["percent"] = round(100 * counts["done"] / total) if total else 100
    return counts


ENTRY_IN_WHY = re.compile(r"\b(\d+) \((\d+) points?\)")


def readable_why(why: str, names: dict[int, str]) -> str:
    """The pairing's reason with entry ids ("pair-down: 12 (3 points) v ...") as names."""

    def name(m: re.Match) -> str:
        entry = int(m.group(1))
        points = m.group(2)
        words = f"{points} point" if points == "1" else f"{points} points"
        return f"{names[entry]} ({words})" if entry in names else m.group(0)

    return ENTRY_IN_WHY.sub(name, why)


def table_rows(tables: list[Table], names: dict[int, str], user_entries: set[int]) -> list:
    """The tables as the pairings table shows them: names, reasons and flags in words, the
    score, and whether the user plays there."""
    for tb in tables:
        tb.why = readable_why(tb.why, names)
        tb.player_names = [names.get(e, "?") for e in tb.entries]
        tb.flag_labels = [FLAG_LABELS.get(f, f.replace("_", " ")) for f in tb.flags]
        tb.mine = bool(user_entries & set(tb.entries))
        tb.score = score(tb)
        tb.deadline = table_deadline(tb)
        tb.to_confirm = tb.mine and to_confirm(tb, user_entries)
    return tables


def to_confirm(tb: Table, user_entries: set[int]) -> str:
    """The result an opponent reported for this table ("2–1"), when the user's entries have
    not reported: the user confirms it (one button) or reports another; "" otherwise."""
    if tb.state != TableState.REPORTED or tb.match_id:
        return ""
    reports = list(tb.reports.all())
    if not reports or any(r.entry_id in user_entries for r in reports):
        return ""
    return score(Table(entries=tb.entries, result=reports[0].result)) or "the result"


def score(tb: Table) -> str:
    """A table's result as text: "2–1 (1 drawn)", a pod's placings, "bye" or "sits out"."""
    r = tb.result or {}
    if tb.bye:
        return "bye" if r.get("scored", True) else "sits out"
    if "wins" in r:
        text = f"{r['wins'][0]}–{r['wins'][1]}"
        return text + (f" ({r['draws']} drawn)" if r.get("draws") else "")
    if "placings" in r:
        return ", ".join(str(p + 1) for p in r["placings"])
    return ""


def bracket_link(t: Tournament) -> Callable[[dict[str, Any]], str | None]:
    """Where a bracket node links to: its match, else its table's page."""

    def link(node: dict[str, Any]) -> str | None:
        if node.get("match"):
            return reverse("web-match", args=[node["match"]])
        if node.get("table"):
            return reverse("web-tournament-table", args=[t.pk, node["table"]])
        return None

    return link


def pager(request: HttpRequest, items: list[Any], key: str, per_page: int) -> Any:
    """One page of ``items`` (``?<key>=n``), with links that keep the other parameters."""
    page = Paginator(items, per_page).get_page(request.GET.get(key))

    def link(number: int) -> str:
        query = request.GET.copy()
        query.pop("fragment", None)
        query[key] = str(number)
        return f"?{query.urlencode()}"

    page.prev_link = link(page.previous_page_number()) if page.has_previous() else None
    page.next_link = link(page.next_page_number()) if page.has_next() else None
    return page
