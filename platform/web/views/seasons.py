"""A ladder's season page: a past season's final leaderboard, or the current season with the
form that ends it (staff and event organisers; ``ratings.seasons``, logged in the ladder's
log)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ratings import seasons
from ratings.models import Ladder, Season
from ratings.season_rules import FULL, WIDEN
from ratings.uncertainty import EXPLAINED
from web.views.accounts import private


class EndSeasonForm(forms.Form):
    """Ending the current season: the reset it applies, the next season's planned end, why."""

    reset = forms.ChoiceField(
        choices=[(FULL, "Full reset: every rating back to a new player's"), (WIDEN, "Widen")],
        label="Reset at the end",
        widget=forms.RadioSelect,
    )
    widen = forms.FloatField(
        required=False,
        min_value=0.01,
        label="Widen the uncertainty by",
        help_text="With Widen: σ becomes √(σ² + w²), at most a new player's; μ is kept.",
    )
    ends_at = forms.DateTimeField(
        required=False,
        label="Next season's planned end",
        help_text="Shown on the ladder page. Empty: open-ended.",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
    )
    reason = forms.CharField(
        max_length=seasons.REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Kept in the ladder's log with your name.",
    )

    def clean(self) -> dict:
        data = super().clean()
        if data.get("reset") == WIDEN and not data.get("widen") and "widen" not in self.errors:
            self.add_error("widen", "Say by how much to widen the uncertainty.")
        return data


def _context(request: HttpRequest, ladder: Ladder, season: Season, form=None) -> dict:
    all_seasons = seasons.seasons_of(ladder)
    context = {
        "ladder": ladder,
        "season": season,
        "seasons": all_seasons,
        "reset_text": seasons.reset_words(season, ladder),
        "rows": list(season.standings.select_related("player").order_by("rank"))
        if season.pk and season.ended_at
        else [],
        "certainty_explained": EXPLAINED,
    }
    if season.ended_at is None and seasons.may_end(request.user):
        context["form"] = form or EndSeasonForm(
            initial={"reset": season.reset, "widen": season.widen or None}
        )
    return context


def season_page(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Season ``number`` of the ladder: its final leaderboard, or the current season."""
    ladder = get_object_or_404(Ladder, slug=slug)
    season = next((s for s in seasons.seasons_of(ladder) if s.number == number), None)
    if season is None:
        raise Http404(f"{ladder.name} has no season {number}.")
    return render(request, "web/season.html", _context(request, ladder, season))


@private
@require_POST
def season_end(request: HttpRequest, slug: str) -> HttpResponse:
    """End the ladder's current season (staff and organisers); a bad field is a 400 naming
    it, and nothing changes."""
    ladder = get_object_or_404(Ladder, slug=slug)
    if not seasons.may_end(request.user):
        raise PermissionDenied("Only staff or an event organiser may end a season.")
    form = EndSeasonForm(request.POST)
    status = 400
    if form.is_valid():
        data = form.cleaned_data
        try:
            ended = seasons.end(
                ladder, request.user, data["reason"], data["reset"], data["widen"], data["ends_at"]
            )
        except seasons.SeasonRefused as exc:
            status = exc.status
            form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        else:
            return redirect("web-ladder-season", slug=slug, number=ended.number)
    season = seasons.current(ladder)
    return render(
        request, "web/season.html", _context(request, ladder, season, form), status=status
    )
