"""Read side: standings rows, bracket trees and the whole event as JSON (the export).

A team event reads the same way; :func:`with_teams`, :func:`with_team_tables` and
:func:`export_teams` add each team's name and players to the rows the API shows.
"""

from __future__ import annotations

from typing import Any

from tournaments import pairing
from tournaments.models import Entry, Format, Stage, Table, Tournament
from tournaments.outcome import event_placings, placing_rows
from tournaments.teams import team_label
from tournaments.values import (
    bracket_stage,
    compute_standings,
    event_entries,
    node_results,
    stage_results,
)


def _r(x: float) -> float:
    return round(x, 4)


def standings_rows(t: Tournament, entries: list[Entry] | None = None) -> list[dict[str, Any]]:
    """The main stage's standings in the order of the event's placings: the placing
    (``place``, ``last``, ``place_label`` "3rd–4th", ``how``), the main stage's ``rank``,
    points, each tiebreaker, record, opponents. A top cut places its players first, by the
    round they went out; a round robin breaks ties on points head-to-head first."""
    if t.is_elimination:
        return []
    entries = event_entries(t) if entries is None else entries
    by_pk = {e.pk: e for e in entries}
    rows = compute_standings(t, entries)
    placings = {p.entrant: (i, p) for i, p in enumerate(event_placings(t, entries, rows))}
    out = [
        {
            **placing_fields(placings.get(s.player)),
            "rank": s.rank,
            "entry": s.player,
            "player_id": by_pk[s.player].player_id,
            "player": by_pk[s.player].player.username,
            "match_points": s.match_points,
            "wins": s.wins,
            "losses": s.losses,
            "draws": s.draws,
            "byes": s.byes,
            "mwp": _r(s.mwp),
            "omw": _r(s.omw),
            "gwp": _r(s.gwp),
            "ogw": _r(s.ogw),
            "opponents": [by_pk[o].player.username for o in s.opponents],
            "dropped": s.dropped,
            "state": by_pk[s.player].state,
        }
        for s in rows
    ]
    out.sort(key=lambda row: row.pop("order"))
    return out


def placing_fields(found: tuple[int, pairing.Placing] | None) -> dict[str, Any]:
    """A standings row's placing fields (and its ``order``, popped once sorted)."""
    if found is None:
        return {
            "order": 1 << 30,
            "place": None,
            "last": None,
            "place_label": "",
            "how": "",
            "how_short": "",
        }
    order, p = found
    label = pairing.place_label(p)
    return {
        "order": order,
        "place": p.place,
        "last": p.last,
        "place_label": label,
        "how": p.how,
        "how_short": p.how.split(";")[0],  # "lost in the semi-finals"
    }


def bracket_json(t: Tournament) -> dict[str, Any] | None:
    """The bracket tree with every match, its players (usernames), winner and state; a team
    event's nodes also name the teams (``team_names``, ``seed_teams``, ``winner_team``)."""
    stage = bracket_stage(t)
    if stage is None or t.bracket is None:
        return None
    bracket = pairing.bracket_from_json(t.bracket)
    tree = pairing.bracket_to_json(bracket, node_results(t, stage))
    names = dict(Entry.objects.filter(tournament=t).values_list("pk", "player__username"))
    tables = {
        tb.node: tb
        for tb in Table.objects.filter(round__tournament=t, round__stage=stage, node__isnull=False)
    }
    for node in tree["nodes"]:
        node["player_names"] = [names.get(p) for p in node["players"]]
        table = tables.get(node["id"])
        node["table"] = table.pk if table else None
        node["table_state"] = table.state if table else None
        node["result"] = table.result if table else None
        node["match"] = table.match_id if table else None
    tree["seed_names"] = [names.get(p) for p in tree["seeds"]]
    tree["winner_name"] = names.get(tree["winner"])
    if t.team_size > 1:
        labels = {e.pk: team_label(e) for e in t.entries.select_related("player", "partner")}
        for node in tree["nodes"]:
            node["team_names"] = [labels.get(p) for p in node["players"]]
        tree["seed_teams"] = [labels.get(p) for p in tree["seeds"]]
        tree["winner_team"] = labels.get(tree["winner"])
    tree["stage"] = stage
    return tree


def table_json(table: Table, names: dict[int, str]) -> dict[str, Any]:
    return {
        "id": table.pk,
        "number": table.number,
        "entries": table.entries,
        "players": [names.get(e) for e in table.entries],
        "bye": table.bye,
        "flags": table.flags,
        "why": table.why,
        "node": table.node,
        "state": table.state,
        "result": table.result,
        "source": table.source,
        "match": table.match_id,
    }


def rounds_json(t: Tournament) -> list[dict[str, Any]]:
    names = dict(Entry.objects.filter(tournament=t).values_list("pk", "player__username"))
    out = []
    for rnd in t.round_set.prefetch_related("tables").order_by("number"):
        out.append(
            {
                "number": rnd.number,
                "stage": rnd.stage,
                "state": rnd.state,
                "tables": [table_json(tb, names) for tb in rnd.tables.all()],
            }
        )
    return out


def export(t: Tournament) -> dict[str, Any]:
    """Everything public about the event, as one JSON document."""
    entries = list(t.entries.select_related("player").order_by("pk"))
    return {
        "tournament": {
            "id": t.pk,
            "name": t.name,
            "game": t.game,
            "format": t.format,
            "state": t.state,
            "organiser": t.organiser.username,
            "rounds": t.main_rounds,
            "top_cut": t.top_cut,
            "current_round": t.current_round,
            "winner": t.winner.player.username if t.winner_id else None,
            "points": {"win": t.points_win, "draw": t.points_draw, "loss": t.points_loss},
        },
        "entries": [
            {
                "entry": e.pk,
                "player": e.player.username,
                "state": e.state,
                "team": e.team,
                "joined_round": e.joined_round,
                "dropped_after": e.dropped_after,
                "reason": e.reason if e.state == "disqualified" else "",
            }
            for e in entries
        ],
        "rounds": rounds_json(t),
        "standings": standings_rows(t),
        "placings": placing_rows(t),
        "bracket": bracket_json(t),
    }


def paper_event(t: Tournament) -> dict[str, Any] | None:
    """A Swiss event in the paper format ``tournament_standings`` reads (None otherwise)."""
    if t.format != Format.SWISS:
        return None
    entries = event_entries(t)
    names = {e.pk: e.player.username for e in entries}
    rounds: dict[int, list[dict[str, Any]]] = {}
    for r in stage_results(t, Stage.MAIN):
        item: dict[str, Any] = {"players": [names[p] for p in r.players]}
        if r.bye:
            item["bye"] = True
        else:
            item["wins"] = list(r.wins) or [0, 0]
            item["draws"] = r.draws
        rounds.setdefault(r.round, []).append(item)
    last = max(rounds, default=0)
    return {
        "players": [names[e.pk] for e in entries],
        "rounds": [rounds.get(n, []) for n in range(1, last + 1)],
        "drops": {
            names[e.pk]: e.dropped_after
            for e in entries
            if e.state != "active" and e.dropped_after is not None
        },
    }


# -- teams ----------------------------------------------------------------------------------------
def team_json(entry: Entry) -> dict[str, Any]:
    """One team of the export: its entry, name, captain, partner and state."""
    return {
        "entry": entry.pk,
        "team": team_label(entry),
        "captain": entry.player.username,
        "partner": entry.partner.username if entry.partner_id else None,
        "state": entry.state,
    }


def with_teams(t: Tournament, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Standings rows of a team event with each team's name and players, and its opponents'
    team names (``opponents`` lists the captains)."""
    if t.team_size < 2:
        return rows
    entries = list(t.entries.select_related("player", "partner"))
    by_pk = {e.pk: e for e in entries}
    by_captain = {e.player.username: e for e in entries}
    for row in rows:
        entry = by_pk[row["entry"]]
        row["team"] = team_label(entry)
        row["players"] = [entry.player.username] + (
            [entry.partner.username] if entry.partner_id else []
        )
        row["opponent_teams"] = [team_label(by_captain[name]) for name in row["opponents"]]
    return rows


def with_team_tables(t: Tournament, rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rounds of a team event with each table's team names (``players`` lists the captains)."""
    if t.team_size < 2:
        return rounds
    labels = {e.pk: team_label(e) for e in t.entries.select_related("player", "partner")}
    for rnd in rounds:
        for table in rnd["tables"]:
            table["teams"] = [labels.get(e) for e in table["entries"]]
    return rounds


def export_teams(t: Tournament, document: dict[str, Any]) -> dict[str, Any]:
    """The JSON export with the team size, every team and team names in the standings."""
    document["tournament"]["team_size"] = t.team_size
    if t.team_size < 2:
        return document
    entries = t.entries.select_related("player", "partner").order_by("pk")
    document["teams"] = [team_json(e) for e in entries]
    with_teams(t, document["standings"])
    with_team_tables(t, document["rounds"])
    return document
