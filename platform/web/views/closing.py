"""A ladder's closing run page: its progress (live: the page asks for it every few seconds
while the run goes on) or its published final ranking; staff and event organisers start one
there (``ratings.closing``, audited in the ladder's log)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ratings import closing, seasons
from ratings.models import ClosingRun, Ladder, Season
from ratings.uncertainty import EXPLAINED
from web.views.accounts import private

POLL_MS = 2000


class ClosingSettingsForm(forms.Form):
    """What a closing run is asked to do, and why (a ladder's here, a bot event's in
    ``web.views.tournaments.closing``)."""

    contenders = forms.IntegerField(
        min_value=2, max_value=closing.MAX_CONTENDERS, initial=10, help_text="The top this many."
    )
    places = forms.IntegerField(min_value=1, initial=10, help_text="Final places to settle.")
    per_contender = forms.IntegerField(
        min_value=1,
        max_value=closing.MAX_PER_CONTENDER,
        initial=200,
        label="Matches per contender",
        help_text="The most each contender plays.",
    )
    confidence = forms.FloatField(
        min_value=0.51,
        max_value=0.9999,
        initial=0.95,
        help_text="P(above the next) each pair must reach, e.g. 0.95.",
    )
    reason = forms.CharField(max_length=500, widget=forms.Textarea(attrs={"rows": 2}))

    def settings(self, **extra: Any) -> closing.Settings:
        """The valid form as the service's settings."""
        data = self.cleaned_data
        fields = ("contenders", "places", "per_contender", "confidence")
        return closing.Settings(**{f: data[f] for f in fields}, **extra)


class ClosingRunForm(ClosingSettingsForm):
    """A ladder's closing run: the settings, and whether it ends the season."""

    ends_season = forms.BooleanField(
        required=False,
        initial=True,
        label="End the season with this ranking",
        help_text="When the run publishes, the season ends with the contenders first in the "
        "final order, ratings are reset by the season's rule and the ladder reopens.",
    )
    field_order = ["contenders", "places", "per_contender", "confidence", "ends_season"]


def _context(ladder: Ladder, request: HttpRequest, form: ClosingRunForm | None = None) -> dict:
    run = ClosingRun.objects.filter(ladder=ladder).first()
    context = {
        "ladder": ladder,
        "run": run,
        "season": Season.objects.filter(closing_run=run).first() if run else None,
        "season_now": seasons.current(ladder) if run and run.state == "running" else None,
        "progress": closing.progress(run) if run and run.state == "running" else None,
        "poll_ms": POLL_MS,
        "certainty_explained": EXPLAINED,
    }
    if closing.may_close(request.user) and ladder.active:
        context["form"] = form or ClosingRunForm()
    return context


def closing_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The latest closing run of the ladder (``?part=progress``: its progress block alone)."""
    ladder = get_object_or_404(Ladder, slug=slug)
    if request.GET.get("part") == "progress":
        return render(request, "web/_closing_progress.html", _context(ladder, request))
    return render(request, "web/closing_run.html", _context(ladder, request))


@private
@require_POST
def closing_start(request: HttpRequest, slug: str) -> HttpResponse:
    """Start a closing run (staff and organisers); a bad field is a 400 naming it."""
    ladder = get_object_or_404(Ladder, slug=slug)
    if not closing.may_close(request.user):
        raise PermissionDenied("Only staff or an event organiser may close a ladder.")
    form = ClosingRunForm(request.POST)
    status = 400
    if form.is_valid():
        data = form.cleaned_data
        settings = form.settings(ends_season=data["ends_season"])
        try:
            closing.start(ladder, request.user, settings, data["reason"])
        except closing.ClosingRefused as exc:
            status = exc.status
            form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        else:
            return redirect("web-ladder-closing", slug=slug)
    ladder.refresh_from_db()
    return render(request, "web/closing_run.html", _context(ladder, request, form), status=status)
