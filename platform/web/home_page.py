"""The signed-in home page: the person's games (their turn first), their events with what to do
next, and their ladders with their rating and rank.

Each reader runs a fixed number of queries however many games, events or ladders the person
has (the home page's test counts them): the matches come with their seats, the events with the
tables of their running round, the ratings with their rank computed in the same query.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Exists, IntegerField, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse

from engines.registry import UnknownGame
from matches.interactive import game_state
from matches.models import PAPER_ORIGIN, Match, MatchSeat, MatchState
from ratings.models import Rating
from tournaments.models import Entry, EntryState, Report, State, Table, TableState

GAMES_SHOWN = 20
EVENTS_SHOWN = 10

#: An event's states the home page lists (registered, checking in, running).
OPEN_EVENT = (State.REGISTRATION, State.CHECK_IN, State.RUNNING)


@dataclass
class GameRow:
    """One match in progress the person plays in."""

    match: Match
    game_name: str
    opponents: str  # "Bob", "Bob and Cleo"
    turn: str  # "Your turn", "Bob's turn"
    your_turn: bool
    url: str


@dataclass
class EventRow:
    """One of the person's events and what they do next there."""

    tournament: Any
    status: str  # where they stand, in a sentence
    action: str  # the next step's link text ("Check in", "Play your table"); "" for none
    url: str  # where to do it (the event's page when there is nothing to do)


@dataclass
class LadderRow:
    """The person's rating on one ladder and their place on its leaderboard."""

    rating: Rating
    rank: int
    rated: int  # how many are rated on the ladder


def _names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def your_games(user: Any, limit: int = GAMES_SHOWN) -> list[GameRow]:
    """The running matches where ``user`` holds a person's seat, theirs to play first, then the
    newest (one query: the seats of those matches, each with its match and player)."""
    theirs = MatchSeat.objects.filter(match=OuterRef("pk"), player=user, bot="")
    newest = (
        Match.objects.filter(Exists(theirs), state=MatchState.RUNNING)
        .exclude(origin=PAPER_ORIGIN)
        .order_by("-started_at", "-pk")
        .values("pk")[:limit]
    )
    seats_of: dict[int, list[MatchSeat]] = {}
    matches: list[Match] = []
    for seat in (
        MatchSeat.objects.filter(match__in=newest)
        .select_related("player", "match__ladder")
        .order_by("-match__started_at", "-match_id", "seat")
    ):
        if seat.match_id not in seats_of:
            seats_of[seat.match_id] = []
            matches.append(seat.match)
        seats_of[seat.match_id].append(seat)
    rows = []
    for match in matches:
        seats = seats_of[match.pk]
        mine = [s.seat for s in seats if s.player_id == user.pk and not s.bot]
        try:
            game, state = game_state(match, len(seats))
        except UnknownGame:
            continue
        to_act = None if game.is_over(state) else game.to_act(state)
        if to_act in mine:
            turn = "Your turn"
        elif to_act is not None and 0 <= to_act < len(seats):
            turn = f"{seats[to_act].player.public_name}'s turn"
        else:
            turn = "Finishing"
        opponents = [s.player.public_name for s in seats if s.seat not in mine]
        rows.append(
            GameRow(
                match=match,
                game_name=game.name,
                opponents=_names(opponents),
                turn=turn,
                your_turn=to_act in mine,
                url=reverse("web-play", args=[match.pk]),
            )
        )
    rows.sort(key=lambda r: not r.your_turn)  # stable: the newest first within each
    return rows


def _event_row(entry: Entry, table: Table | None, user: Any) -> EventRow:
    t = entry.tournament
    page = reverse("web-tournament", args=[t.pk])
    if entry.state == EntryState.WAITLISTED:
        return EventRow(t, "You are on the waitlist.", "", page)
    if entry.state == EntryState.PENDING:
        return EventRow(t, "Your team waits for your partner to confirm.", "", page)
    if t.state == State.REGISTRATION:
        return EventRow(t, "You are registered; it has not started yet.", "", page)
    if t.state == State.CHECK_IN:
        if t.check_in_required and not entry.checked_in:
            return EventRow(t, "Check-in is open: check in to play.", "Check in", page)
        return EventRow(t, "You are checked in; waiting for the start.", "", page)
    if table is None:
        return EventRow(t, "You are not paired this round.", "", page)
    table_url = reverse("web-tournament-table", args=[t.pk, table.pk])
    if table.bye:
        return EventRow(t, "You have a bye this round.", "", page)
    if table.state in (TableState.FINAL, TableState.VOID):
        return EventRow(t, "Your table is done; waiting for the next round.", "", page)
    if table.state == TableState.DISPUTED:
        return EventRow(t, "The reports disagree: the organiser will settle it.", "", table_url)
    match = table.match
    if match is not None and match.state == MatchState.RUNNING:
        return EventRow(t, "Your table's match is being played.", "Play your table", _play(match))
    if match is not None:
        return EventRow(t, "Your table's match starts soon.", "", table_url)
    if table.state == TableState.REPORTED:
        if table.reported_by_me:
            return EventRow(t, "You reported; waiting for your opponent.", "", table_url)
        return EventRow(t, "Your opponent reported the result.", "Confirm the result", table_url)
    return EventRow(t, "Your table is being played.", "Report the result", table_url)


def _play(match: Match) -> str:
    return reverse("web-play", args=[match.pk])


def your_events(user: Any, limit: int = EVENTS_SHOWN) -> list[EventRow]:
    """The events ``user`` is registered in that are not over, with their next step (one query,
    two with a running event: the entries, then the running rounds' tables with whether the
    person has reported there)."""
    entries = list(
        Entry.objects.filter(Q(player=user) | Q(partner=user), tournament__state__in=OPEN_EVENT)
        .exclude(state__in=(EntryState.WITHDRAWN, EntryState.DROPPED, EntryState.DISQUALIFIED))
        .select_related("tournament")
        .order_by("-tournament__state", "tournament__starts_at", "tournament__pk")[:limit]
    )
    running = [e.tournament for e in entries if e.tournament.state == State.RUNNING]
    tables: dict[int, Table] = {}
    if running:
        current = Q(pk__in=[])
        for t in running:
            current |= Q(round__tournament=t, round__number=t.current_round, round__stage=t.stage)
        mine = {e.pk for e in entries}
        mine_reported = Report.objects.filter(table=OuterRef("pk"), entry_id__in=mine)
        for table in (
            Table.objects.filter(current)
            .select_related("round", "match")
            .annotate(reported_by_me=Exists(mine_reported))
            .defer(*(f"match__{f}" for f in ("actions", "digests", "decks", "verification")))
        ):
            for entry_id in table.entries:
                if entry_id in mine:
                    tables[entry_id] = table
    return [_event_row(e, tables.get(e.pk), user) for e in entries]


def your_ladders(user: Any) -> list[LadderRow]:
    """``user``'s ratings on active ladders they have played, best first, each with its rank
    among the ladder's rated players (one query)."""
    better = (
        Rating.objects.filter(
            ladder=OuterRef("ladder"), games__gt=0, conservative__gt=OuterRef("conservative")
        )
        .values("ladder")
        .annotate(n=Count("pk"))
        .values("n")
    )
    rated = (
        Rating.objects.filter(ladder=OuterRef("ladder"), games__gt=0)
        .values("ladder")
        .annotate(n=Count("pk"))
        .values("n")
    )
    ratings = (
        Rating.objects.filter(player=user, games__gt=0, ladder__active=True)
        .select_related("ladder")
        .annotate(
            above=Coalesce(Subquery(better, output_field=IntegerField()), 0),
            field=Subquery(rated, output_field=IntegerField()),
        )
        .order_by("-conservative", "ladder__slug")
    )
    return [LadderRow(r, r.above + 1, r.field) for r in ratings]
