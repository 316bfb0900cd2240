"""The tournament pages' actions of an event's organiser (and staff): create and edit an event
(fixed settings shown disabled with why: :mod:`tournaments.editable`), the lifecycle steps (open
registration or check-in, start, pair, cancel), drop or disqualify an entry (confirmed on a page
first: :mod:`web.views.tournaments.confirm`), enter a whole team, correct a table's result or
settle a stuck one. Every rule is the tournaments app's (:mod:`tournaments.lifecycle`,
:mod:`tournaments.rounds`, :mod:`tournaments.registration`, :mod:`tournaments.teams`,
:mod:`tournaments.results`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from gauntlet.query import whole_number
from tournaments import editable, lifecycle, registration, results, rounds, teams
from tournaments.errors import TournamentError
from tournaments.models import EntryState, Tournament
from web.entry_forms import OrganiserTeamForm, deck_named
from web.night_forms import EventForm
from web.table_forms import CorrectForm, ReasonForm, TimeoutForm
from web.tournament_forms import OPTION_FIELDS, TournamentForm
from web.views.accounts import private
from web.views.errors import OrganiserOnly
from web.views.tournaments import consequences
from web.views.tournaments.access import (
    back_to_event,
    managed_event,
    player_named,
    table_of,
)
from web.views.tournaments.confirm import confirm_page, confirmed
from web.views.tournaments.display import entry_names, table_players
from web.views.tournaments.public import detail, refused, table_page


def _form_error(form: TournamentForm, exc: TournamentError) -> None:
    form.add_error(exc.field if exc.field in form.fields else None, exc.message)


@private
def create(request: HttpRequest) -> HttpResponse:
    if not request.user.is_organiser:
        raise OrganiserOnly("Only organisers create tournaments.")
    form = EventForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                t = lifecycle.create(request.user, **form.settings())
            except TournamentError as exc:
                _form_error(form, exc)
            else:
                messages.success(request, f"{t.name} created as a draft: open registration next.")
                return back_to_event(t)
        status = 400
    return render(
        request, "web/tournaments/form.html", {"form": form, "creating": True}, status=status
    )


@private
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's settings: those that can no longer change are shown disabled, each with why
    (:mod:`tournaments.editable`), and left out of what is saved."""
    t = managed_event(request, pk)
    form = EventForm(request.POST or None, instance=Tournament.objects.get(pk=t.pk))
    fixed = {}
    for name, field in form.fields.items():
        why = editable.fixed_reason(t, "options" if name in OPTION_FIELDS else name)
        if why:
            field.disabled = True
            field.help_text = why
            fixed[name] = why
    status = 200
    if request.method == "POST":
        if form.is_valid():
            settings = {k: v for k, v in form.settings().items() if k not in fixed}
            if any(name in fixed for name in OPTION_FIELDS):
                settings.pop("options", None)
            try:
                lifecycle.update(t, request.user, **settings)
            except TournamentError as exc:
                _form_error(form, exc)
                status = exc.status
            else:
                messages.success(request, "Settings saved.")
                return back_to_event(t)
        if status == 200:
            status = 400
    return render(
        request,
        "web/tournaments/form.html",
        {"form": form, "creating": False, "tournament": t, "fixed": bool(fixed)},
        status=status,
    )


@private
@require_POST
def step(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """One lifecycle step: open registration or check-in, start, pair the next round, cancel."""
    t = managed_event(request, pk)
    try:
        if action == "open-registration":
            lifecycle.open_registration(t, request.user)
            done = "Registration is open."
        elif action == "open-check-in":
            lifecycle.open_check_in(t, request.user)
            done = "Check-in is open."
        elif action == "start":
            t = lifecycle.start(t, request.user)
            done = f"{t.name} started: round 1 is paired."
        elif action == "pair":
            expected = request.POST.get("round", "")
            if expected and whole_number(expected) is None:
                raise TournamentError("round: the number of the round to pair.", field="round")
            rnd = rounds.pair_next_round(t.pk, by=request.user, expected=whole_number(expected))
            done = f"Round {rnd.number} is paired." if rnd else "The event is finished."
        elif action == "cancel":
            form = ReasonForm(request.POST, prefix="cancel")
            if not form.is_valid():
                messages.error(request, "reason: give a reason to cancel.")
                return detail(request, pk, status=400, cancel_form=form)
            lifecycle.cancel(t, request.user, form.cleaned_data["reason"])
            done = "The tournament is cancelled."
        else:
            raise Http404("No such step.")
    except TournamentError as exc:
        return refused(request, t, exc)
    messages.success(request, done)
    return back_to_event(t)


@private
@require_POST
def entry_action(request: HttpRequest, pk: int, entry_id: int, action: str) -> HttpResponse:
    """The organiser drops or disqualifies an entry (a reason is required to disqualify), once
    confirmed (:mod:`web.views.tournaments.confirm`)."""
    t = managed_event(request, pk)
    try:
        entry = lifecycle.entry_for(t, entry_id)
        name = entry_names([entry])[entry.pk]  # a player's name, or a team's
        if action == "disqualify":
            confirm = consequences.disqualify(t, entry, name)
            if not confirmed(request):
                return confirm_page(request, t, confirm)
            try:  # the service refuses a blank reason, naming the field
                registration.disqualify(t, entry, request.user, request.POST.get("dq-reason", ""))
            except TournamentError as exc:
                if exc.field != "reason":
                    raise
                error = f"reason: {exc.message}"
                return confirm_page(request, t, confirm, error=error, status=exc.status)
            done = f"{name} is disqualified."
        elif action == "drop":
            if not confirmed(request):
                return confirm_page(request, t, consequences.drop(t, entry, name))
            reason = request.POST.get("drop-reason", "").strip()[:2000]
            registration.drop(t, entry, request.user, reason)
            done = f"{name} is dropped."
        else:
            raise Http404("No such action.")
    except TournamentError as exc:
        return refused(request, t, exc)
    messages.success(request, done)
    return back_to_event(t, "#entrants")


@private
@require_POST
def correct(request: HttpRequest, pk: int, table_id: int) -> HttpResponse:
    t = managed_event(request, pk)
    table = table_of(t, table_id)
    form = CorrectForm(request.POST, players=table_players(t, table), prefix="correct")
    if not form.is_valid():
        return table_page(request, pk, table_id, status=400, correct_form=form)
    try:
        results.correct(t, table.pk, request.user, form.result(), form.cleaned_data["reason"])
    except TournamentError as exc:
        form.add_error(form.field_for(exc.field), exc.message)
        return table_page(request, pk, table_id, status=exc.status, correct_form=form)
    messages.success(request, "Result set by the organiser.")
    return redirect("web-tournament-table", pk=t.pk, table_id=table.pk)


@private
@require_POST
def timeout(request: HttpRequest, pk: int, table_id: int) -> HttpResponse:
    t = managed_event(request, pk)
    table = table_of(t, table_id)
    names = table_players(t, table)
    form = TimeoutForm(
        request.POST, seats=list(zip(table.entries, names, strict=True)), prefix="timeout"
    )
    if not form.is_valid():
        return table_page(request, pk, table_id, status=400, timeout_form=form)
    data = form.cleaned_data
    try:
        results.timeout(
            t, table.pk, request.user, data["action"], data["reason"], data.get("winner")
        )
    except TournamentError as exc:
        form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        return table_page(request, pk, table_id, status=exc.status, timeout_form=form)
    messages.success(request, "The table is settled.")
    return redirect("web-tournament-table", pk=t.pk, table_id=table.pk)


@private
@require_POST
def enter(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser enters a whole team with both players' decks (active or waitlisted)."""
    t = managed_event(request, pk)
    form = OrganiserTeamForm(request.POST, prefix="enter")
    found: dict[str, Any] = {}
    decks: dict[str, Any] = {}
    if form.is_valid():
        for field, deck_field in (("captain", "deck"), ("partner", "partner_deck")):
            found[field] = player_named(form.cleaned_data[field])
            if found[field] is None:
                form.add_error(field, f"No player named {form.cleaned_data[field]!r}.")
                continue
            decks[deck_field], problem = deck_named(
                t.game, found[field], form.cleaned_data[deck_field]
            )
            if problem:
                form.add_error(deck_field, problem)
    if not form.is_valid():
        messages.error(
            request,
            " ".join(
                f"{k.replace('_', ' ')}: {e}" for k, errs in form.errors.items() for e in errs
            ),
        )
        return detail(request, pk, status=400, team_entry_form=form)
    data = form.cleaned_data
    try:
        entry = teams.register_team(
            t,
            found["captain"],
            found["partner"],
            request.user,
            deck_version=decks["deck"].pk,
            partner_deck_version=decks["partner_deck"].pk,
            team_name=data["team_name"],
        )
    except TournamentError as exc:
        form.add_error(form.field_for(exc.field), exc.message)
        return refused(request, t, exc, team_entry_form=form)
    where = "on the waitlist" if entry.state == EntryState.WAITLISTED else "entered"
    messages.success(request, f"{teams.team_label(entry)} is {where}.")
    return back_to_event(t, "#entrants")
