"""The tournament night's actions: entrants in bulk (and guests), a guest's entry claimed and
approved, the organiser checking a player in or putting a no-show back, the round timer (call
time, once confirmed; extend a table) and a single report confirmed from the attention list. Every rule is the
tournaments app's (:mod:`tournaments.bulk`, :mod:`tournaments.night`, :mod:`tournaments.timer`)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournaments import bulk, lifecycle, naming, night, registration, results, timer
from tournaments.errors import TournamentError
from tournaments.models import TableState
from web.night_forms import BulkEntryForm, ExtendForm
from web.views.accounts import private
from web.views.tournaments import consequences
from web.views.tournaments.access import back_to_event, event_for, managed_event, table_of
from web.views.tournaments.confirm import confirm_page, confirmed
from web.views.tournaments.display import entry_names
from web.views.tournaments.public import detail, refused, table_page


@private
@require_POST
def add_entrants(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser's bulk entry: every line's problem named, nothing saved unless all good."""
    t = managed_event(request, pk)
    form = BulkEntryForm(request.POST, prefix="bulk")
    if not form.is_valid():
        return detail(request, pk, status=400, bulk_form=form)
    data = form.cleaned_data
    try:
        added = bulk.add_entrants(t, request.user, data["players"], data["guests"])
    except bulk.BulkError as exc:
        for problem in exc.problems:
            form.add_error(exc.field if problem.startswith(exc.field) else None, problem)
        messages.error(request, f"Nobody was entered: {len(exc.problems)} line(s) to fix.")
        return detail(request, pk, status=400, bulk_form=form)
    except TournamentError as exc:
        form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        return refused(request, t, exc, bulk_form=form)
    waiting = f" ({added.waitlisted} on the waitlist)" if added.waitlisted else ""
    messages.success(request, f"{len(added.entries)} entrant(s) added{waiting}.")
    return back_to_event(t, "#entrants")


@private
@require_POST
def entry_step(request: HttpRequest, pk: int, entry_id: int, action: str) -> HttpResponse:
    """One click on an entry: ``check-in`` or ``reinstate`` (organiser), ``claim`` (a person
    asking for a guest's entry), ``approve-claim`` or ``refuse-claim`` (organiser)."""
    t = managed_event(request, pk) if action != "claim" else event_for(request, pk)
    try:
        entry = lifecycle.entry_for(t, entry_id)
        name = entry_names([entry])[entry.pk]
        if action == "check-in":
            registration.check_in(t, entry, request.user)
            done = f"{name} is checked in."
        elif action == "reinstate":
            night.reinstate(t, entry, request.user)
            done = f"{name} is back: paired from the next round."
        elif action == "claim":
            bulk.request_claim(t, entry, request.user)
            done = f"You asked to take over {name}'s entry: the organiser approves it."
        elif action == "approve-claim":
            entry = bulk.approve_claim(t, entry, request.user)
            done = f"{name}'s entry now belongs to {entry.player.public_name}."
        elif action == "refuse-claim":
            claimant = entry.claim.public_name if entry.claim_id else "nobody"
            bulk.refuse_claim(t, entry, request.user)
            done = f"You refused {claimant}'s claim: the entry stays {name}'s."
        else:
            raise Http404("No such action.")
    except TournamentError as exc:
        return refused(request, t, exc)
    messages.success(request, done)
    return back_to_event(t, "#entrants" if action == "claim" else "#organiser")


@private
@require_POST
def call_time(request: HttpRequest, pk: int) -> HttpResponse:
    """Call time on the current round, once confirmed (:mod:`web.views.tournaments.confirm`)."""
    t = managed_event(request, pk)
    if not confirmed(request):
        return confirm_page(request, t, consequences.call_time(t))
    try:
        called = timer.call_time(t, request.user)
    except TournamentError as exc:
        return refused(request, t, exc)
    messages.success(request, f"Time is called: {naming.plural(len(called), 'unfinished table')}.")
    return back_to_event(t, "#organiser")


@private
@require_POST
def table_step(request: HttpRequest, pk: int, table_id: int, action: str) -> HttpResponse:
    """On a table: ``extend`` it (minutes), or ``confirm`` its one report as the result."""
    t = managed_event(request, pk)
    table = table_of(t, table_id)
    on_table = request.POST.get("from") == "table"  # the table page's own form
    try:
        if action == "extend":
            form = ExtendForm(request.POST, prefix="extend")
            minutes = form.cleaned_data["minutes"] if form.is_valid() else 0
            table = timer.extend(t, table.pk, request.user, minutes)
            extra = table.extra_minutes
            done = f"Table {table.number} has {extra} extra minute{'' if extra == 1 else 's'}."
        elif action == "confirm":
            report = table.reports.select_related("entry__player").first()
            if table.state != TableState.REPORTED or report is None:
                raise TournamentError("This table has no single report to confirm.", status=409)
            who = entry_names([report.entry])[report.entry_id]
            results.correct(t, table.pk, request.user, report.result, f"confirmed {who}'s report")
            done = f"Table {table.number}: {who}'s report is the result."
        else:
            raise Http404("No such action.")
    except TournamentError as exc:
        if on_table and exc.field == "minutes":
            value = request.POST.get("extend-minutes", "")
            return table_page(
                request, t.pk, table.pk, exc.status, extend_error=exc.message, extend_value=value
            )
        return refused(request, t, exc)
    messages.success(request, done)
    if on_table:
        return redirect(reverse("web-tournament-table", args=[t.pk, table.pk]))
    return back_to_event(t, "#organiser")
