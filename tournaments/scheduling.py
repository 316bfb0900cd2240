"""Matches for a round's tables: played by workers (bots) or on the platform (people, on a clock).

One path for both kinds of entry: a table's seats are its entries' players — for a team event
each team's two players, captains first and teams alternating (:func:`tournaments.teams.team_seats`),
in the game's team mode (:func:`tournaments.teams.team_options`). Tables whose every seat is a bot
account get a match (``origin="tournament"``) queued for the workers once the transaction
commits, in batches (``matches.run_matches``). When the event sets a turn clock
(``options["clock"]``), tables with people get a match too, played on the platform
(``matches.interactive``, bots answering on workers), started with the round or when both
players have opened its board (the event's ``online_start``, :mod:`tournaments.online`): it ends
through the same finish path, so its result arrives like a bot match's. A person seated against a bot always gets
such a match (with the event's clock, if any): a bot cannot report or confirm a result, so the
engine's result is the table's (unless the organiser allows paper play for bot tables, when the
person's own report is final too: :func:`tournaments.results.report`). Without a clock people
playing people report their results (an unclocked match could hold a round up for ever), and so
do the captains of a team event whose engine does not play teams (yet).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from engines.base import BadSetup
from matches.scheduling import SeatSpec, schedule_match
from ratings.bots import bot_spec
from ratings.seat_decks import seat_decks
from tournaments.audit import log
from tournaments.models import Entry, Table, Tournament
from tournaments.online import plays_online, waits_for_players
from tournaments.teams import engine_team_sizes, team_options, team_seats

#: Bot matches are queued to workers in batches of this many (``matches.run_matches``).
MATCH_BATCH = 8


def table_seats(t: Tournament, entries: Sequence[Entry]) -> list[tuple[Any, int | None, Any]]:
    """The seats of a table's match, ``(player, team, deck)``: one per player, or a team
    event's four seats (teams alternating)."""
    if t.team_size > 1:
        return team_seats(entries)
    return [(e.player, None, e.deck) for e in entries]


def schedule_table_matches(
    t: Tournament, tables: Sequence[Table], entries: dict[int, Entry]
) -> None:
    """Create a match for every table that gets one (see the module's docstring); a table whose
    match the engine refuses is logged (``match_refused``) and left to be reported."""
    team_event = t.team_size > 1
    if team_event and t.team_size not in engine_team_sizes(t.game):
        return  # the engine does not play this team size: the captains report every table
    clocked = plays_online(t)
    options = {**(t.options or {}), **team_options(t.game, t.team_size)} or None
    created = []
    for table in tables:
        if team_event and (table.bye or len(table.entries) != 2):
            continue
        seats = table_seats(t, [entries[e] for e in table.entries])
        specs = [bot_spec(player, t.game) or "" for player, _, _ in seats]
        people = not all(specs)
        if people and not clocked and not any(specs):
            continue  # people only, no turn clock: they play this table elsewhere and report it
        decks_tried = [seat_decks(t.game, [deck for _, _, deck in seats])]
        if team_event or any(d is not None for d in decks_tried[0]):
            decks_tried.append([None] * len(seats))  # then decks dealt by the engine
        match = None
        problem = ""
        for decks in decks_tried:
            try:
                match = schedule_match(
                    t.game,
                    [
                        SeatSpec(player=player, bot=spec, team=team, deck=deck)
                        for (player, team, _), spec, deck in zip(seats, specs, decks, strict=True)
                    ],
                    ladder=t.ladder,
                    options=options,
                    origin="tournament",
                    created_by=t.organiser,
                    rated=t.rated,
                    # a match with people starts now, or when its players are present
                    # (tournaments.online.arrive); bot matches queue below
                    enqueue=people and not waits_for_players(t, specs),
                )
                break
            except BadSetup as exc:
                problem = str(exc)
        if match is None:
            log(t, None, "match_refused", problem, table=table.pk)
            continue
        if decks is not decks_tried[0] and not team_event:
            table.why += f"; registered decks refused together ({problem}): dealt by the engine"
        table.match, table.present = match, []  # nobody has opened this new match's board yet
        Table.objects.filter(pk=table.pk).update(match=match, why=table.why, present=[])
        if not people:
            created.append(match.pk)
    if created:
        transaction.on_commit(lambda: queue_matches(created))


def queue_matches(match_ids: list[int]) -> None:
    """Queue these bot matches for the workers, :data:`MATCH_BATCH` to a task."""
    from matches.tasks import run_matches

    for i in range(0, len(match_ids), MATCH_BATCH):
        run_matches.delay(match_ids[i : i + MATCH_BATCH])
