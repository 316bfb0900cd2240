"""Playing in the browser: the play page of a match, starting a game against bots, and
challenging a person (who accepts or declines).

A challenge to a person is a match created but not started (``scheduled``, origin
``challenge``): accepting starts it (``matches.interactive.start``), declining or cancelling
aborts it. The play page itself is a thin shell: ``web/play.js`` renders the seat's view from
the play socket (``ws/matches/<id>/play/``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from engines.base import BadSetup
from engines.registry import UnknownGame, get_game
from matches import interactive
from matches.models import Match, MatchSeat, MatchState
from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from ratings.bots import bot_spec
from ratings.models import Ladder
from web.views.accounts import private
from web.views.public import ladder_bots

# Games with a small presentation of their own in play.js (others: the generic view).
PRESENTATIONS = {"khan-of-khans", "kingdom-of-warlords"}


def play_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The board of one match: the caller's seat, or the public view for anyone else."""
    match = get_object_or_404(Match.objects.select_related("ladder"), pk=pk)
    try:
        view = interactive.view_for(match, interactive.seat_of(match, request.user))
    except interactive.PlayError as exc:  # a bot match a worker is playing
        messages.info(request, exc.message)
        return redirect("web-match", pk=match.pk)
    context = {
        "match": match,
        "view": view,
        "presentation": match.game if match.game in PRESENTATIONS else "generic",
    }
    return render(request, "web/play/play.html", context)


# -- starting games ----------------------------------------------------------------------------
class BotGameForm(forms.Form):
    """Play a ladder against bot accounts, one per other seat."""

    def __init__(self, *args: Any, ladder: Ladder, bots: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ladder = ladder
        self.bots = {b.username: b for b in bots}
        choices = [(b.username, b.public_name) for b in bots]
        for i in range(ladder.seats - 1):
            self.fields[f"bot_{i}"] = forms.ChoiceField(
                label=f"Bot {i + 1}" if ladder.seats > 2 else "Bot",
                choices=choices,
                initial=choices[i % len(choices)][0] if choices else None,
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        picked = [data[f] for f in self.fields if data.get(f)]
        if len(set(picked)) != len(picked):
            raise forms.ValidationError("Choose a different bot for each seat.")
        data["opponents"] = [self.bots[name] for name in picked]
        return data


class PersonChallengeForm(forms.Form):
    """Challenge one person (by user name) on a two-seat ladder."""

    opponent = forms.CharField(label="Opponent's user name", max_length=150)

    def __init__(self, *args: Any, ladder: Ladder, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ladder, self.user = ladder, user

    def clean_opponent(self) -> Player:
        name = self.cleaned_data["opponent"].strip()
        person = Player.objects.filter(username__iexact=name, is_active=True).first()
        if person is None:
            raise forms.ValidationError(f"No player named {name!r}.")
        if person.pk == self.user.pk:
            raise forms.ValidationError("You cannot challenge yourself.")
        if person.is_bot:
            raise forms.ValidationError(f"{person.username} is a bot: play it with 'Play'.")
        return person


def _ladders() -> list[Ladder]:
    out = []
    for ladder in Ladder.objects.filter(active=True).order_by("game", "seats", "slug"):
        try:
            get_game(ladder.game)
        except UnknownGame:
            continue
        out.append(ladder)
    return out


def _start(ladder: Ladder, seats: list[SeatSpec], by: Any, enqueue: bool = True) -> Match | str:
    """Schedule the match; the engine's refusal as a message instead."""
    try:
        return schedule_match(
            ladder.game,
            seats,
            ladder=ladder,
            options=ladder.options or None,
            origin="challenge",
            created_by=by,
            enqueue=enqueue,
        )
    except BadSetup as exc:
        return f"The engine refused this match: {exc}"


@private
def start_page(request: HttpRequest, status: int = 200, **bound: Any) -> HttpResponse:
    """Start a game: against bots on any ladder, or challenge a person; pending challenges."""
    boards = []
    for ladder in _ladders():
        bots = ladder_bots(ladder)
        boards.append(
            {
                "ladder": ladder,
                "bot_form": bound.get(f"bot_{ladder.slug}")
                or BotGameForm(ladder=ladder, bots=bots, prefix=ladder.slug),
                "has_bots": len(bots) >= ladder.seats - 1,
                "person_form": bound.get(f"person_{ladder.slug}")
                or PersonChallengeForm(ladder=ladder, user=request.user, prefix=ladder.slug),
            }
        )
    pending = (
        Match.objects.filter(
            state=MatchState.SCHEDULED, origin="challenge", seats__player=request.user
        )
        .select_related("ladder", "created_by")
        .prefetch_related("seats__player")
        .distinct()
        .order_by("-created")
    )
    context = {
        "boards": boards,
        "received": [m for m in pending if m.created_by_id != request.user.pk],
        "sent": [m for m in pending if m.created_by_id == request.user.pk],
    }
    return render(request, "web/play/start.html", context, status=status)


@private
@require_POST
def play_bots(request: HttpRequest, slug: str) -> HttpResponse:
    """Start a game against bots at once; the player goes to the board."""
    ladder = get_object_or_404(Ladder, slug=slug, active=True)
    form = BotGameForm(request.POST, ladder=ladder, bots=ladder_bots(ladder), prefix=slug)
    if not form.is_valid():
        return start_page(request, status=400, **{f"bot_{slug}": form})
    seats = [SeatSpec(request.user)] + [
        SeatSpec(b, bot_spec(b, ladder.game) or "") for b in form.cleaned_data["opponents"]
    ]
    match = _start(ladder, seats, request.user)
    if isinstance(match, str):
        form.add_error(None, match)
        return start_page(request, status=400, **{f"bot_{slug}": form})
    return redirect("web-play", pk=match.pk)


@private
@require_POST
def challenge_person(request: HttpRequest, slug: str) -> HttpResponse:
    """Challenge a person on a two-seat ladder; the match starts when they accept."""
    ladder = get_object_or_404(Ladder, slug=slug, active=True)
    form = PersonChallengeForm(request.POST, ladder=ladder, user=request.user, prefix=slug)
    if form.is_valid() and ladder.seats != 2:
        form.add_error(
            None, f"{ladder.name} has {ladder.seats} seats: challenge on 2-seat ladders."
        )
    if not form.is_valid():
        return start_page(request, status=400, **{f"person_{slug}": form})
    opponent = form.cleaned_data["opponent"]
    match = _start(ladder, [SeatSpec(request.user), SeatSpec(opponent)], request.user, False)
    if isinstance(match, str):
        form.add_error(None, match)
        return start_page(request, status=400, **{f"person_{slug}": form})
    messages.success(request, f"Challenge sent to {opponent.public_name} (match {match.pk}).")
    return redirect("web-play-start")


def _pending_challenge(pk: int, user: Any) -> tuple[Match | None, str]:
    """The locked challenge ``user`` may answer, or a reason why not (inside a transaction)."""
    match = Match.objects.select_for_update().filter(pk=pk, origin="challenge").first()
    if match is None or not MatchSeat.objects.filter(match=match, player=user).exists():
        return None, "No such challenge for you."
    if match.state != MatchState.SCHEDULED:
        return None, f"This challenge is no longer open (the match is {match.state})."
    return match, ""


@private
@require_POST
def answer_challenge(request: HttpRequest, pk: int, answer: str) -> HttpResponse:
    """Accept (the challenged person; the match starts) or decline/cancel (either side)."""
    if answer not in ("accept", "decline", "cancel"):
        raise Http404("Answer a challenge with accept, decline or cancel.")
    with transaction.atomic():
        match, problem = _pending_challenge(pk, request.user)
        if match is not None and answer == "accept" and match.created_by_id == request.user.pk:
            match, problem = None, "Your opponent accepts the challenge, not you."
        if match is None:
            messages.error(request, problem)
            return redirect("web-play-start")
        if answer == "accept":
            interactive.start(match)
        else:
            Match.objects.filter(pk=match.pk).update(state=MatchState.ABORTED)
    if answer == "accept":
        return redirect("web-play", pk=match.pk)
    messages.success(
        request, f"Challenge {match.pk} {'declined' if answer == 'decline' else 'cancelled'}."
    )
    return redirect("web-play-start")
