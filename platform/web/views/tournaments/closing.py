"""A bot event's closing run page (``tournaments.closing``): the organiser plans it (how many
contenders, places, matches each, confidence, why); everyone follows it while it plays (the
progress block is asked for again every few seconds) and reads its final ranking."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from ratings.closing import MAX_CONTENDERS
from ratings.uncertainty import EXPLAINED
from tournaments import closing
from tournaments.errors import TournamentError, can_manage
from tournaments.models import EventClosingRun, State, Tournament
from web.views.accounts import private
from web.views.closing import ClosingSettingsForm
from web.views.tournaments.access import event_for

POLL_MS = 2000


class EventClosingForm(ClosingSettingsForm):
    """What the event's closing run is asked to do, and why."""

    contenders = forms.IntegerField(
        min_value=2,
        max_value=MAX_CONTENDERS,
        initial=4,
        help_text="The top this many of the placings (a shared place is kept whole).",
    )
    places = forms.IntegerField(min_value=1, initial=4, help_text="Final places to settle.")


def _context(request: HttpRequest, t: Tournament, form: EventClosingForm | None = None) -> dict:
    run = EventClosingRun.objects.filter(tournament=t).first()
    context: dict[str, Any] = {
        "tournament": t,
        "run": run,
        "progress": closing.progress(run) if run and run.state == "running" else None,
        "poll_ms": POLL_MS,
        "certainty_explained": EXPLAINED,
    }
    open_plan = run is None or run.state == EventClosingRun.State.PLANNED
    if (
        can_manage(request.user, t)
        and open_plan
        and t.state not in (State.FINISHED, State.CANCELLED)
    ):
        initial = (
            {
                "contenders": run.size,
                "places": run.places,
                "per_contender": run.per_contender,
                "confidence": run.confidence,
            }
            if run
            else {"per_contender": 50}
        )
        context["form"] = form or EventClosingForm(initial=initial)
    return context


def closing_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's closing run (``?part=progress``: its progress block alone)."""
    t = event_for(request, pk)
    if request.GET.get("part") == "progress":
        return render(request, "web/tournaments/_closing_progress.html", _context(request, t))
    return render(request, "web/tournaments/closing.html", _context(request, t))


@private
@require_POST
def closing_plan(request: HttpRequest, pk: int) -> HttpResponse:
    """Plan the event's closing run (its organiser and staff); a bad field is a 4xx naming it,
    and nothing changes."""
    t = event_for(request, pk)
    form = EventClosingForm(request.POST)
    status = 400
    if form.is_valid():
        data = form.cleaned_data
        settings = form.settings()
        try:
            closing.plan(t, request.user, settings, data["reason"])
        except TournamentError as exc:
            status = exc.status
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            return redirect("web-tournament-closing", pk=pk)
    return render(
        request, "web/tournaments/closing.html", _context(request, t, form), status=status
    )
