"""A ladder's matchmaking queue from its page: join (with a deck on games played with decks),
leave, the waiting page's ask (a matchmaking round, then the wait or the match it was paired
into), and the game against the bot of nearest strength offered after a wait.

The rules come from the ratings app (``ratings.queue``, ``ratings.rounds``, ``ratings.waiting``,
``ratings.seat_decks``), as in its API.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.views.decorators.http import require_POST

from ratings import rounds, seat_decks
from ratings.errors import ChallengeRefused
from ratings.models import Ladder, QueueEntry
from ratings.queue import QueueRefused, join_queue, leave_queue
from ratings.waiting import paired_match, play_bot_instead, wait_of
from web.forms import ActorForm
from web.queue_page import queue_form, wait_state
from web.views.accounts import private
from web.views.public import entrants, leaderboard


@private
@require_POST
def queue_join(request: HttpRequest, slug: str) -> HttpResponse:
    """Join with the chosen account and deck; a person paired at once goes to the board."""
    ladder = get_object_or_404(Ladder, slug=slug)
    form = queue_form(request.user, ladder, entrants(request.user, ladder), request.POST)
    if not form.is_valid():
        return leaderboard(request, slug, status=400, queue_form=form)
    player = form.cleaned_data["player"]
    deck = version = None
    if form.cleaned_data.get("deck") and player.is_bot:
        form.add_error("deck", "A bot account brings no deck of yours: choose “None” for it.")
        return leaderboard(request, slug, status=400, queue_form=form)
    if form.cleaned_data.get("deck"):
        try:
            deck, version = seat_decks.chosen_deck(form.cleaned_data["deck"], player, ladder)
        except ChallengeRefused as exc:
            form.add_error("deck", exc.message)
            return leaderboard(request, slug, status=400, queue_form=form)
    try:
        entry = join_queue(ladder, player, request.user, deck, version)
    except QueueRefused as refused:
        form.add_error(None, str(refused))
        return leaderboard(request, slug, status=400, queue_form=form)
    # The join's matchmaking round has run once it committed: paired at once, or waiting.
    match = paired_match(ladder, player, entry.joined_at)
    if match is not None:
        others = [
            s.player.public_name
            for s in match.seats.select_related("player").order_by("seat")
            if s.player_id != player.pk
        ]
        messages.success(
            request, f"{player.public_name} was paired at once with {' and '.join(others)}."
        )
        return redirect("web-match" if player.is_bot else "web-play", pk=match.pk)
    note = (
        ""
        if entry.bot
        else " When it pairs you, you play the match in the browser: this page takes you there."
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


def _since(raw: str | None) -> datetime | None:
    """An ISO 8601 time with its zone, or ``None``."""
    try:
        value = parse_datetime(raw or "")
    except ValueError:
        return None
    return value if value is not None and not timezone.is_naive(value) else None


@private
@require_POST
def queue_wait(request: HttpRequest, slug: str) -> JsonResponse:
    """The waiting page's ask (JSON): a matchmaking round for the ladder (at most one every few
    seconds, ``ratings.rounds``), then the person's wait, or where the round put them: the
    match paired from the entry made at ``joined`` (``match_url``), or nowhere (they left)."""
    ladder = get_object_or_404(Ladder, slug=slug)
    if QueueEntry.objects.filter(ladder=ladder, player=request.user).exists():
        rounds.while_waiting(ladder)
    entry = (
        QueueEntry.objects.filter(ladder=ladder, player=request.user)
        .select_related("ladder", "player")
        .first()
    )
    if entry is not None:
        return JsonResponse(wait_state(wait_of(entry)))
    since = _since(request.POST.get("joined"))
    if request.POST.get("joined") and since is None:
        return JsonResponse(
            {"joined": [f"Not a time: {request.POST['joined']!r} (ISO 8601, with its zone)."]},
            status=400,
        )
    match = paired_match(ladder, request.user, since) if since is not None else None
    url = reverse("web-play", args=[match.pk]) if match is not None else None
    return JsonResponse({"queued": False, "match_url": url})


@private
@require_POST
def queue_bot(request: HttpRequest, slug: str) -> HttpResponse:
    """Leave the queue for a rated game against the bots of nearest strength, at once."""
    ladder = get_object_or_404(Ladder, slug=slug)
    try:
        match = play_bot_instead(ladder, request.user, request.user)
    except QueueRefused as refused:
        messages.error(request, str(refused))
        return leaderboard(request, slug, status=409 if refused.kind != "refused" else 400)
    return redirect("web-play", pk=match.pk)
