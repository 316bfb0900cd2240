"""Signed-in players on ladders: challenge bots, their matches (the queue: ``web.views.queue``).

The rules come from the ratings app (``ratings.bots``, ``ratings.challenges``), as in its API.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ratings.challenges import challenge
from ratings.errors import ChallengeRefused
from ratings.models import Ladder
from web import queries
from web.forms import ChallengeForm
from web.views.accounts import private
from web.views.public import entrants, ladder_bots, leaderboard


@private
@require_POST
def challenge_bot(request: HttpRequest, slug: str) -> HttpResponse:
    ladder = get_object_or_404(Ladder, slug=slug)
    accounts = entrants(request.user, ladder)
    form = ChallengeForm(
        request.POST,
        challengers=[a for a in accounts if a.is_bot],
        bots=ladder_bots(ladder),
        opponents=ladder.seats - 1,
    )
    if form.is_valid():
        data = form.cleaned_data
        try:
            match = challenge(
                ladder,
                data["challenger_player"],
                data["opponent_players"],
                by=request.user,
                rated=data["rated"],
            )
        except ChallengeRefused as exc:
            field = exc.field if exc.field in ("challenger",) else None
            form.add_error(field, exc.message)
        else:
            messages.success(request, f"Match {match.pk} scheduled.")
            return redirect("web-match", pk=match.pk)
    return leaderboard(request, slug, status=400, challenge_form=form)


@private
def my_matches(request: HttpRequest) -> HttpResponse:
    """Matches the player sat in, or created (challenges with their bots)."""
    matches = (
        queries.match_list()
        .filter(Q(seats__player=request.user) | Q(created_by=request.user))
        .distinct()
        .order_by("-created")
    )
    page = Paginator(matches, 30).get_page(request.GET.get("page"))
    return render(request, "web/matches.html", {"page": page, "title": "My matches", "mine": True})
