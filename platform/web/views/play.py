"""Signed-in players on ladders: join or leave the queue, challenge bots, their matches.

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
from ratings.queue import QueueRefused, join_queue, leave_queue
from web import queries
from web.forms import ActorForm, ChallengeForm
from web.views.accounts import private
from web.views.public import entrants, ladder_bots, leaderboard


@private
@require_POST
def queue_join(request: HttpRequest, slug: str) -> HttpResponse:
    ladder = get_object_or_404(Ladder, slug=slug)
    form = ActorForm(request.POST, accounts=entrants(request.user, ladder))
    if not form.is_valid():
        return leaderboard(request, slug, status=400, queue_form=form)
    player = form.cleaned_data["player"]
    try:
        entry = join_queue(ladder, player, request.user)
    except QueueRefused as refused:
        form.add_error(None, str(refused))
        return leaderboard(request, slug, status=400, queue_form=form)
    note = (
        ""
        if entry.bot
        else " When it pairs you, you play the match in the browser (see My matches)."
    )
    messages.success(request, f"{player.public_name} joined the queue of {ladder.name}.{note}")
    return redirect("web-ladder", slug=ladder.slug)


@private
@require_POST
def queue_leave(request: HttpRequest, slug: str) -> HttpResponse:
    ladder = get_object_or_404(Ladder, slug=slug)
    form = ActorForm(request.POST, accounts=entrants(request.user, ladder))
    if not form.is_valid():
        return leaderboard(request, slug, status=400, queue_form=form)
    player = form.cleaned_data["player"]
    try:
        leave_queue(ladder, player)
    except QueueRefused as refused:
        form.add_error(None, str(refused))
        return leaderboard(request, slug, status=400, queue_form=form)
    messages.success(request, f"{player.public_name} left the queue of {ladder.name}.")
    return redirect("web-ladder", slug=ladder.slug)


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
