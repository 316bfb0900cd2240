"""The tournament pages' actions of entrants: register (a player, or a captain's team), answer a
team invitation, change a deck, withdraw or drop, check in, report a table's result or confirm the opponent's. Every rule is the
tournaments app's (:mod:`tournaments.registration`, :mod:`tournaments.teams`,
:mod:`tournaments.results`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from gauntlet.query import whole_number
from tournaments import entry_decks, lifecycle, registration, results, teams
from tournaments.errors import TournamentError
from tournaments.models import Entry, EntryState, TableState, Tournament
from web.table_forms import ResultForm
from web.views.accounts import private
from web.views.tournaments.access import (
    back_to_event,
    event_for,
    own_entry,
    player_named,
    table_of,
)
from web.views.tournaments.deck_display import deck_form, own_deck_entry
from web.views.tournaments.display import table_players
from web.views.tournaments.entry_forms import entrant_choices, partner_form, register_form
from web.views.tournaments.public import detail, refused, table_page


@private
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    t = event_for(request, pk)
    entries = list(t.entries.select_related("player"))
    accounts = entrant_choices(t, request.user, entries) or [request.user]
    if t.team_size > 1:
        return _register_team(request, t, accounts)
    form = register_form(t, request.user, accounts, request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
        return detail(request, pk, status=400, register_form=form)
    player = form.entrant()
    try:
        entry = registration.register(t, player, request.user, **form.entry_kwargs())
    except TournamentError as exc:
        form.add_error("deck" if exc.field.startswith("deck") else None, exc.message)
        return refused(request, t, exc, register_form=form)
    who = "You are" if player.pk == request.user.pk else f"{player.public_name} is"
    if entry.state == EntryState.WAITLISTED:
        messages.success(request, f"The event is full: {who.lower()} on the waitlist.")
    else:
        messages.success(request, f"{who} registered for {t.name}.")
    return back_to_event(t, "#entrants")


def _register_team(request: HttpRequest, t: Tournament, accounts: list[Any]) -> HttpResponse:
    """A captain (you, or a bot you own) registers a team naming the partner."""
    form = register_form(t, request.user, accounts, request.POST)
    partner = None
    if form.is_valid():
        partner = player_named(form.cleaned_data["partner"])
        if partner is None:
            form.add_error("partner", f"No player named {form.cleaned_data['partner']!r}.")
    if not form.is_valid():
        messages.error(
            request,
            " ".join(
                f"{k.replace('_', ' ')}: {e}" for k, errs in form.errors.items() for e in errs
            ),
        )
        return detail(request, t.pk, status=400, register_form=form)
    captain = form.entrant()
    try:
        entry = teams.register_team(t, captain, partner, request.user, **form.entry_kwargs())
    except TournamentError as exc:
        field = "deck" if exc.field.startswith("deck") else exc.field
        form.add_error(field if field in form.fields else None, exc.message)
        return refused(request, t, exc, register_form=form)
    messages.success(
        request,
        f"Team {teams.team_label(entry)} registered: waiting for {partner.public_name} to "
        "confirm with their deck.",
    )
    return back_to_event(t, "#you")


@private
@require_POST
def answer(request: HttpRequest, pk: int, entry_id: int, answer: str) -> HttpResponse:
    """The partner confirms (with their deck) or declines; the captain may call the team off."""
    t = event_for(request, pk)
    entry = Entry.objects.filter(pk=entry_id, tournament=t).select_related("player").first()
    try:
        if answer == "decline":
            entry = teams.decline_partner(t, entry_id, request.user)
            partner = entry.partner_id == request.user.pk
            messages.success(
                request, "You declined the invitation." if partner else "The team is called off."
            )
            return back_to_event(t, "#you")
        if answer != "confirm":
            raise TournamentError("No such answer: confirm or decline.", status=404)
        form = partner_form(t, request.user, entry or Entry(pk=entry_id), request.POST)
        if not form.is_valid():
            messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
            return detail(request, pk, status=400, partner_forms={entry_id: form})
        try:
            entry = teams.confirm_partner(t, entry_id, request.user, **form.deck_kwargs())
        except TournamentError as exc:
            if exc.field.startswith("deck") and "deck" in form.fields:
                form.add_error("deck", exc.message)
            return refused(request, t, exc, partner_forms={entry_id: form})
    except TournamentError as exc:
        return refused(request, t, exc)
    where = "on the waitlist" if entry.state == EntryState.WAITLISTED else "in"
    messages.success(request, f"You joined {teams.team_label(entry)}: the team is {where}.")
    return back_to_event(t, "#you")


@private
@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    t = event_for(request, pk)
    entry_id = request.POST.get("entry", "")
    try:
        # Your own entry, or one you speak for (a bot you own): the service decides.
        if entry_id:  # an entry named by the organiser's form (not a number: no such entry)
            entry = lifecycle.entry_for(t, whole_number(entry_id) or 0)
        else:
            entry = own_entry(request, t)
        entry = registration.withdraw(t, entry, request.user)
    except TournamentError as exc:
        return refused(request, t, exc)
    verb = "dropped from" if entry.state == EntryState.DROPPED else "withdrew from"
    who = "You" if entry.player_id == request.user.pk else entry.player.public_name
    messages.success(request, f"{who} {verb} {t.name}.")
    return back_to_event(t)


@private
@require_POST
def change_deck(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's new deck for their entry (a team's partner: theirs), until the decks lock; the
    organiser sets a guest's (the form names the ``entry``)."""
    t = event_for(request, pk)
    form = deck_form(t, request.user, request.POST)
    entry_id = request.POST.get("entry", "")
    try:
        if entry_id:
            entry = lifecycle.entry_for(t, whole_number(entry_id) or 0)
        else:
            entry, _ = own_deck_entry(request.user, list(t.entries.all()))
            if entry is None:
                raise TournamentError("You are not registered in this tournament.", status=404)
        if not form.is_valid():
            messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
            return detail(request, pk, status=400, deck_form=form)
        entry = entry_decks.change_deck(t, entry.pk, request.user, **form.deck_kwargs())
    except TournamentError as exc:
        if exc.field.startswith("deck") and form.is_bound and "deck" in form.fields:
            form.add_error("deck", exc.message)
        return refused(request, t, exc, deck_form=form)
    if entry.guest and entry.player_id != request.user.pk:
        messages.success(request, f"{entry.player.public_name}'s deck is set.")
        return back_to_event(t, "#entrants")
    messages.success(request, "Your new deck is registered: only the organiser sees it.")
    return back_to_event(t, "#you")


@private
@require_POST
def check_in(request: HttpRequest, pk: int) -> HttpResponse:
    t = event_for(request, pk)
    entry = own_entry(request, t)
    try:
        registration.check_in(t, entry, request.user)
    except TournamentError as exc:
        return refused(request, t, exc)
    messages.success(request, "You are checked in.")
    return back_to_event(t)


@private
@require_POST
def report(request: HttpRequest, pk: int, table_id: int) -> HttpResponse:
    """A player reports their table; agreement makes it final, disagreement a dispute."""
    t = event_for(request, pk)
    table = table_of(t, table_id)
    form = ResultForm(request.POST, players=table_players(t, table), prefix="report")
    if not form.is_valid():
        return table_page(request, pk, table_id, status=400, report_form=form)
    try:
        table = results.report(t, table.pk, request.user, form.result())
    except TournamentError as exc:
        form.add_error(form.field_for(exc.field), exc.message)
        return table_page(request, pk, table_id, status=exc.status, report_form=form)
    messages.success(
        request,
        {
            TableState.FINAL: "Your report is final: your opponent is a bot."
            if table.source == "reports" and table.reports.count() < len(table.entries)
            else "Both reports agree: the result is final.",
            TableState.DISPUTED: "Your report disagrees with your opponent's: the organiser "
            "will settle it.",
        }.get(table.state, "Reported: waiting for your opponent to confirm."),
    )
    return redirect("web-tournament-table", pk=t.pk, table_id=table.pk)


@private
@require_POST
def confirm(request: HttpRequest, pk: int, table_id: int) -> HttpResponse:
    """The opponent of the reporter confirms the reported result with one button (from the
    table page or the event page: ``next=event`` goes back there)."""
    t = event_for(request, pk)
    table = table_of(t, table_id)
    try:
        table = results.confirm(t, table.pk, request.user)
    except TournamentError as exc:
        messages.error(request, exc.message)
        return table_page(request, pk, table_id, status=exc.status)
    if table.state == TableState.FINAL:
        messages.success(request, "Confirmed: the result is final.")
    else:  # a pod: the others still report
        messages.success(request, "Confirmed: waiting for the other players of the table.")
    if request.POST.get("next") == "event":
        return back_to_event(t)
    return redirect("web-tournament-table", pk=t.pk, table_id=table.pk)
