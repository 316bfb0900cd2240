"""Playing in the browser: the play page of a match, starting a game against bots, and
challenging a person (who accepts or declines).

The rules of challenges between people live in :mod:`ratings.person_challenges` (the API uses
them too). On a game with deck construction the player picks one of their legal registered
deck versions (the engine's default deck otherwise). Matches run on the ladder's turn clock.
The play page itself is a thin shell: ``web/play.js`` renders the seat's view from the play
socket (``ws/matches/<id>/play/``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from engines.base import BadSetup
from engines.registry import UnknownGame, get_game
from matches import interactive
from matches.models import Match
from matches.scheduling import SeatSpec
from players import inbox
from players.models import Player
from ratings import person_challenges, seat_decks
from ratings.bot_names import bot_name, strength_text
from ratings.bots import bot_spec
from ratings.errors import ChallengeRefused
from ratings.models import Ladder
from ratings.rematch import rematch as start_rematch
from tournaments import naming, online
from web.play_ratings import with_ratings
from web.views.accounts import private
from web.views.public import active_bots, ladder_bots

# Games with a board of their own (web/static/web/board/<slug>.js) and a how-to-play text
# (templates/web/play/help/<slug>.html); others get the generic view.
PRESENTATIONS = {
    "akhedena",
    "arackhan-wars",
    "heroes-of-graxia",
    "khan-of-khans",
    "kingdom-of-warlords",
}


def play_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The board of one match: the caller's seat, or the public view for anyone else."""
    match = get_object_or_404(Match.objects.select_related("ladder"), pk=pk)
    if online.arrive(match, request.user):  # the last of a tournament table's players is here
        match.refresh_from_db()
    try:
        view = with_ratings(interactive.view_for(match, interactive.seat_of(match, request.user)))
    except interactive.PlayError as exc:  # a bot match a worker is playing
        messages.info(request, exc.message)
        return redirect("web-match", pk=match.pk)
    if request.user.is_authenticated:  # what told them to come here is seen
        inbox.mark_read(request.user.pk, url=request.path)
    presentation = match.game if match.game in PRESENTATIONS else "generic"
    context = {
        "match": match,
        "view": view,
        # Offered to a player of a ladder match (the result panel shows it at the end).
        "rematch": view["seat"] is not None and match.ladder_id and match.origin != "tournament",
        "presentation": presentation,
        "help_template": f"web/play/help/{presentation}.html",
        "table_wait": table_wait(match, request.user),
    }
    return render(request, "web/play/play.html", context)


def table_wait(match: Match, user: Any) -> str:
    """For a tournament table's match waiting for its players: who it waits for, in words
    ("The match starts when Bob opens this board too."); "" otherwise."""
    table = getattr(match, "tournament_table", None) if match.origin == "tournament" else None
    if table is None:
        return ""
    missing = [p for p in online.waiting_for(table, match) if p.pk != getattr(user, "pk", None)]
    if not missing:
        return ""
    t = table.round.tournament
    names = " and ".join(p.public_name for p in missing)
    verb = "opens" if len(missing) == 1 else "open"
    where = f"Table {table.number}, {naming.lower_first(naming.round_title(t, table.round))}"
    return f"{where} of {t.name}: the match starts when {names} {verb} this board too."


# -- starting games ----------------------------------------------------------------------------
def deck_versions(user: Any, games: set[str]) -> dict[str, list[tuple[int, str]]]:
    """The user's current, legal deck versions per game (of ``games`` played with decks)."""
    from decks.models import DeckVersion

    with_decks = {g for g in games if get_game(g).uses_decks}
    out: dict[str, list[tuple[int, str]]] = {g: [] for g in with_decks}
    versions = (
        DeckVersion.objects.filter(
            deck__owner=user,
            deck__game__in=with_decks,
            deck__archived=False,
            is_current=True,
            legal=True,
        )
        .select_related("deck")
        .order_by("deck__name")
    )
    for v in versions:
        out[v.deck.game].append((v.pk, f"{v.deck.name} (version {v.number})"))
    return out


class DeckChoiceMixin:
    """An optional ``deck_version`` choice when the ladder's game is played with decks."""

    def add_deck_field(self, decks: list[tuple[int, str]] | None) -> None:
        if decks is None:  # a game without deck construction
            return
        self.fields["deck_version"] = forms.TypedChoiceField(
            label="Your deck",
            choices=[("", "The game's default deck"), *decks],
            coerce=int,
            empty_value=None,
            required=False,
            help_text="One of your registered decks that is legal today.",
        )


class BotGameForm(DeckChoiceMixin, forms.Form):
    """Play a ladder against bot accounts, one per other seat."""

    def __init__(
        self,
        *args: Any,
        ladder: Ladder,
        bots: list[Player],
        decks: list[tuple[int, str]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.ladder = ladder
        self.bots = {b.username: b for b in bots}
        choices = [(b.username, bot_name(b)) for b in bots]
        last = ladder.seats - 2
        for i in range(ladder.seats - 1):
            self.fields[f"bot_{i}"] = forms.ChoiceField(
                label=f"Bot {i + 1}" if ladder.seats > 2 else "Bot",
                choices=choices,
                initial=choices[i % len(choices)][0] if choices else None,
                help_text=strength_text(bots) if i == last else "",
            )
        self.add_deck_field(decks)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        picked = [data[f] for f in self.fields if f.startswith("bot_") and data.get(f)]
        if len(set(picked)) != len(picked):
            raise forms.ValidationError("Choose a different bot for each seat.")
        data["opponents"] = [self.bots[name] for name in picked]
        return data


class PersonChallengeForm(DeckChoiceMixin, forms.Form):
    """Challenge one person (by user name) on a two-seat ladder."""

    opponent = forms.CharField(label="Opponent's user name", max_length=150)

    def __init__(
        self,
        *args: Any,
        ladder: Ladder,
        user: Any,
        decks: list[tuple[int, str]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.ladder, self.user = ladder, user
        self.add_deck_field(decks)


def _ladders() -> list[Ladder]:
    out = []
    for ladder in Ladder.objects.filter(active=True).order_by("game", "seats", "slug"):
        try:
            get_game(ladder.game)
        except UnknownGame:
            continue
        out.append(ladder)
    return out


def _start(ladder: Ladder, seats: list[SeatSpec], by: Any) -> Match | str:
    """Start the match on the ladder's clock; the engine's refusal as a message instead."""
    try:
        return ladder.schedule(seats, origin="challenge", created_by=by)
    except BadSetup as exc:
        return f"The engine refused this match: {exc}"


def _deck_choices(user: Any, ladders: list[Ladder]) -> dict[str, list[tuple[int, str]]]:
    return deck_versions(user, {ladder.game for ladder in ladders})


@private
def start_page(request: HttpRequest, status: int = 200, **bound: Any) -> HttpResponse:
    """Start a game: against bots on any ladder, or challenge a person; pending challenges."""
    ladders = _ladders()
    decks = _deck_choices(request.user, ladders)
    boards = []
    every_bot = active_bots()  # one query, not one per ladder
    for ladder in ladders:
        bots = ladder_bots(ladder, every_bot)
        mine = decks.get(ladder.game)
        boards.append(
            {
                "ladder": ladder,
                "bot_form": bound.get(f"bot_{ladder.slug}")
                or BotGameForm(ladder=ladder, bots=bots, decks=mine, prefix=ladder.slug),
                "has_bots": len(bots) >= ladder.seats - 1,
                "person_form": bound.get(f"person_{ladder.slug}")
                or PersonChallengeForm(
                    ladder=ladder, user=request.user, decks=mine, prefix=ladder.slug
                ),
            }
        )
    inbox.mark_read(request.user.pk, url=request.path)  # the challenges are shown here
    received, sent = person_challenges.pending(request.user)
    for m in received:
        m.deck_choices = decks.get(m.game)
    context = {
        "boards": boards,
        "received": received,
        "sent": sent,
        "expiry_hours": person_challenges.expiry().total_seconds() / 3600,
    }
    return render(request, "web/play/start.html", context, status=status)


@private
@require_POST
def play_bots(request: HttpRequest, slug: str) -> HttpResponse:
    """Start a game against bots at once (with the player's chosen deck); to the board."""
    ladder = get_object_or_404(Ladder, slug=slug, active=True)
    decks = _deck_choices(request.user, [ladder]).get(ladder.game)
    form = BotGameForm(
        request.POST, ladder=ladder, bots=ladder_bots(ladder), decks=decks, prefix=slug
    )
    if not form.is_valid():
        return start_page(request, status=400, **{f"bot_{slug}": form})
    deck, version = None, None
    if form.cleaned_data.get("deck_version"):
        try:
            deck, version = seat_decks.chosen_deck(
                form.cleaned_data["deck_version"], request.user, ladder
            )
        except ChallengeRefused as exc:
            form.add_error("deck_version", exc.message)
            return start_page(request, status=400, **{f"bot_{slug}": form})
    opponents = form.cleaned_data["opponents"]
    seat_deck = seat_decks.fill_decks(ladder.game, [deck, *[None] * len(opponents)])
    seat_deck = seat_deck or [None] * (len(opponents) + 1)
    seats = [SeatSpec(request.user, deck=seat_deck[0])] + [
        SeatSpec(b, bot_spec(b, ladder.game) or "", deck=d)
        for b, d in zip(opponents, seat_deck[1:], strict=True)
    ]
    match = _start(ladder, seats, request.user)
    if isinstance(match, str):
        form.add_error("deck_version" if deck is not None else None, match)
        return start_page(request, status=400, **{f"bot_{slug}": form})
    if version is not None:
        from decks.services import mark_used

        mark_used(version)
    return redirect("web-play", pk=match.pk)


@private
@require_POST
def challenge_person(request: HttpRequest, slug: str) -> HttpResponse:
    """Challenge a person on a two-seat ladder; the match starts when they accept."""
    ladder = get_object_or_404(Ladder, slug=slug, active=True)
    decks = _deck_choices(request.user, [ladder]).get(ladder.game)
    form = PersonChallengeForm(
        request.POST, ladder=ladder, user=request.user, decks=decks, prefix=slug
    )
    if form.is_valid():
        try:
            match = person_challenges.create(
                ladder,
                request.user,
                form.cleaned_data["opponent"],
                deck_version=form.cleaned_data.get("deck_version"),
            )
        except ChallengeRefused as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            opponent = next(s.player for s in match.seats.all() if s.player_id != request.user.pk)
            messages.success(
                request, f"Challenge sent to {opponent.public_name} (match {match.pk})."
            )
            return redirect("web-play-start")
    return start_page(request, status=400, **{f"person_{slug}": form})


@private
@require_POST
def answer_challenge(request: HttpRequest, pk: int, answer: str) -> HttpResponse:
    """Accept or decline (the challenged person; accepting takes a deck of theirs on deck
    games and starts the match) or cancel (either side): refusals are said above the page."""
    if answer not in person_challenges.ANSWERS:
        raise Http404("Answer a challenge with accept, decline or cancel.")
    raw = request.POST.get("deck_version") or None
    try:
        deck_version = int(raw) if raw is not None else None
        match = person_challenges.answer(pk, request.user, answer, deck_version=deck_version)
    except ValueError:
        messages.error(request, f"deck_version: not a deck version number ({raw!r}).")
        return redirect("web-play-start")
    except ChallengeRefused as exc:
        messages.error(request, exc.message)
        return redirect("web-play-start")
    if answer == "accept":
        return redirect("web-play", pk=match.pk)
    messages.success(
        request, f"Challenge {match.pk} {'declined' if answer == 'decline' else 'cancelled'}."
    )
    return redirect("web-play-start")


@private
@require_POST
def rematch(request: HttpRequest, pk: int) -> HttpResponse:
    """Play a finished match again, seats rotated: against bots the new match at once; against
    a person a challenge to them. A refusal is a 4xx page saying why; nothing changes then."""
    try:
        new = start_rematch(pk, request.user)
    except ChallengeRefused as exc:
        return render(
            request,
            "web/play/refused.html",
            {"message": exc.message, "match_id": pk},
            status=exc.status,
        )
    if new.started:
        return redirect("web-play", pk=new.match.pk)
    opponent = next(s.player for s in new.match.seats.all() if s.player_id != request.user.pk)
    messages.success(
        request, f"Rematch offered to {opponent.public_name}: it starts when they accept."
    )
    return redirect("web-play-start")
