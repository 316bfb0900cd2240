"""Finding what a tournament page is about, or answering 404/403: the event (drafts only for
their organiser and staff), the event its manager runs, a table, the user's own entry."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from players.models import Player
from tournaments.errors import can_manage
from tournaments.models import Entry, State, Table, Tournament


def event_for(request: HttpRequest, pk: int) -> Tournament:
    """The event, or 404: drafts are seen only by their organiser and staff."""
    """The event, or 404: drafts are seen only by their organiser and staff."""
    t = (
        Tournament.objects.select_related("organiser", "ladder", "winner__player", "closing_run")
        .filter(pk=pk)
        .first()
    )
    if t is None or (t.state == State.DRAFT and not can_manage(request.user, t)):
        raise Http404("No such tournament.")
    return t


def managed_event(request: HttpRequest, pk: int) -> Tournament:
    """The event, if ``request.user`` manages it (its organiser or staff); 403 otherwise."""
    t = event_for(request, pk)
    if not can_manage(request.user, t):
        raise PermissionDenied("Only the organiser of this tournament and staff may do that.")
    return t


def back_to_event(t: Tournament, anchor: str = "") -> HttpResponse:
    """A redirect to the event's page (at ``anchor``)."""
    return redirect(reverse("web-tournament", args=[t.pk]) + anchor)


def table_of(t: Tournament, table_id: int) -> Table:
    """A table of this event, or 404."""
    table = Table.objects.select_related("round").filter(pk=table_id, round__tournament=t).first()
    if table is None:
        raise Http404("No such table in this tournament.")
    return table


def own_entry(request: HttpRequest, t: Tournament) -> Entry:
    """The user's own entry in the event, or 404."""
    entry = Entry.objects.filter(tournament=t, player=request.user).select_related("player").first()
    if entry is None:
        raise Http404("You are not registered in this tournament.")
    return entry


def player_named(username: str) -> Player | None:
    """The player with this username (as typed in a form), if any."""
    return Player.objects.filter(username=username.strip()).first()
