"""Challenges between two people on a ladder: create, list, accept, decline, cancel, expire.

A challenge is a match created but not started (``scheduled``, origin ``challenge``, both
seats people's): the challenged person accepts (the match starts: ``matches.interactive``) or
declines, the challenger may cancel, and either answer aborts the match; the challenger cannot
accept or decline their own challenge. A challenge nobody answers expires
after ``settings.PERSON_CHALLENGE_EXPIRY_SECONDS`` (the environment variable of that name,
default a day); expired ones are aborted whenever challenges are listed or answered. On a
game with deck construction each person may bring a registered, legal deck version (the
challenger when challenging, the opponent when accepting), marked used once the match is made;
a seat without one takes the engine's default deck. The match runs on the ladder's turn clock unless the challenge sets its own.
The challenged person is told on their notification socket (``challenge``). The play page and
the API both call these functions.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from matches.models import Match, MatchState
from ratings.errors import ChallengeRefused
from ratings.models import Ladder
from ratings.seat_decks import chosen_deck, fill_decks
from ratings.signals import person_challenged

ANSWERS = ("accept", "decline", "cancel")


def expiry() -> timedelta:
    """How long a challenge waits for its answer."""
    return timedelta(seconds=float(settings.PERSON_CHALLENGE_EXPIRY_SECONDS))


def expires_at(match: Match) -> datetime:
    """When the challenge ``match`` lapses unanswered."""
    return match.created + expiry()


def _open_challenges():
    return (
        Match.objects.filter(state=MatchState.SCHEDULED, origin="challenge")
        .exclude(seats__bot__gt="")
        .distinct()
    )


def expire_stale(now: datetime | None = None) -> int:
    """Abort the challenges nobody answered in time; returns how many."""
    cutoff = (now or timezone.now()) - expiry()
    stale = _open_challenges().filter(created__lt=cutoff).values_list("pk", flat=True)
    return Match.objects.filter(pk__in=list(stale), state=MatchState.SCHEDULED).update(
        state=MatchState.ABORTED
    )


def pending(user: Any) -> tuple[list[Match], list[Match]]:
    """``(incoming, outgoing)``: the open challenges sent to ``user`` and sent by them."""
    expire_stale()
    matches = list(
        _open_challenges()
        .filter(seats__player=user)
        .select_related("ladder", "created_by")
        .prefetch_related("seats__player")
        .order_by("-created")
    )
    return (
        [m for m in matches if m.created_by_id != user.pk],
        [m for m in matches if m.created_by_id == user.pk],
    )


def _check_ladder(ladder: Ladder) -> None:
    from engines.registry import UnknownGame, get_game

    if not ladder.active:
        raise ChallengeRefused(f"Ladder {ladder.slug!r} is closed.", status=409, field="ladder")
    try:
        get_game(ladder.game)
    except UnknownGame as exc:
        raise ChallengeRefused(f"Ladder {ladder.slug!r} cannot be played: {exc}.", 409) from None
    if ladder.seats != 2:
        raise ChallengeRefused(
            f"{ladder.name} has {ladder.seats} seats: challenge people on 2-seat ladders.",
            field="ladder",
        )


def find_opponent(name: str, challenger: Any) -> Any:
    """The active person named ``name`` (any case); raises :class:`ChallengeRefused` (field
    ``opponent``) for nobody, oneself or a bot account."""
    from players.models import Player

    name = (name or "").strip()
    person = Player.objects.filter(username__iexact=name, is_active=True).first()
    if person is None:
        raise ChallengeRefused(f"No player named {name!r}.", field="opponent")
    if person.pk == challenger.pk:
        raise ChallengeRefused("You cannot challenge yourself.", field="opponent")
    if person.is_bot:
        raise ChallengeRefused(
            f"{person.username} is a bot: play it with 'Play against a bot'.", field="opponent"
        )
    return person


def _options(ladder: Ladder, clock: Any) -> dict[str, Any] | None:
    from matches import clock as clocks

    options = ladder.match_options() or {}
    if clock is not None:
        try:
            clocks.parse(clock)
        except clocks.BadClock as exc:
            raise ChallengeRefused(str(exc), field="clock") from None
        options = {**options, "clock": clock}
    return options or None


def create(
    ladder: Ladder,
    challenger: Any,
    opponent: Any,
    *,
    deck_version: int | None = None,
    clock: Any = None,
    rated: bool = True,
    challenger_seat: int = 0,
    decks: list[Any] | None = None,
) -> Match:
    """Challenge ``opponent`` (a person, or their user name) on a two-seat ``ladder``; the
    match waits for their answer. ``clock`` (``{"initial": s, "increment": s}``) replaces the
    ladder's; ``challenger_seat`` 1 seats the challenger second (a rematch), ``decks`` (in seat
    order) are the seats' decks already chosen. Raises :class:`ChallengeRefused` naming the
    field; nothing is written then."""
    from engines.base import BadSetup
    from matches.scheduling import SeatSpec, schedule_match

    _check_ladder(ladder)
    if isinstance(opponent, str):
        opponent = find_opponent(opponent, challenger)
    else:
        opponent = find_opponent(opponent.username, challenger)
    deck, version = (None, None)
    if deck_version is not None:
        deck, version = chosen_deck(deck_version, challenger, ladder)
    options = _options(ladder, clock)
    expire_stale()
    if (
        _open_challenges()
        .filter(ladder=ladder, seats__player=challenger)
        .filter(pk__in=_open_challenges().filter(seats__player=opponent).values("pk"))
        .exists()
    ):
        raise ChallengeRefused(
            f"A challenge between you and {opponent.username} on {ladder.name} is already "
            "waiting for an answer.",
            status=409,
            field="opponent",
        )
    if decks is None:
        mine = [deck, None] if challenger_seat == 0 else [None, deck]
        decks = fill_decks(ladder.game, mine) or [None, None]
    people = [challenger, opponent] if challenger_seat == 0 else [opponent, challenger]
    seats = [SeatSpec(p, deck=d) for p, d in zip(people, decks, strict=True)]
    with transaction.atomic():
        try:
            match = schedule_match(
                ladder.game,
                seats,
                ladder=ladder,
                options=options,
                origin="challenge",
                created_by=challenger,
                rated=rated,
                enqueue=False,
            )
        except BadSetup as exc:
            field = "deck_version" if deck is not None else "non_field_errors"
            raise ChallengeRefused(f"The engine refused this match: {exc}", field=field) from None
        if version is not None:
            from decks.services import mark_used

            mark_used(version)  # a version entered into a match can no longer change
        person_challenged.send(sender=Match, match=match, challenger=challenger, opponent=opponent)
        transaction.on_commit(lambda: _tell(opponent.pk, match, challenger))
    return match


def _tell(player_id: int, match: Match, challenger: Any) -> None:
    """A ``challenge`` notification on the challenged person's personal socket."""
    import logging

    from players.notifications import notify

    payload = {
        "match": match.pk,
        "ladder": match.ladder.slug if match.ladder else None,
        "from": challenger.username,
        "url": "/play/",
    }
    try:
        notify(player_id, "challenge", payload)
    except Exception:  # a challenge is made even when no socket could be told
        logging.getLogger(__name__).exception("could not tell player %s", player_id)


def answer(match_id: int, user: Any, reply: str, *, deck_version: int | None = None) -> Match:
    """``accept`` (the challenged person, optionally with their deck version: the match
    starts), ``decline`` (the challenged person) or ``cancel`` (either side): the match is
    aborted. Raises :class:`ChallengeRefused` (404 for a challenge that is not theirs, 403 for
    the challenger accepting or declining their own, 409 for one no longer open); nothing
    changes then."""
    from engines.base import BadSetup
    from engines.registry import get_game
    from matches import interactive

    if reply not in ANSWERS:
        raise ChallengeRefused(
            f"Answer a challenge with {', '.join(ANSWERS)}, not {reply!r}.", field="answer"
        )
    expire_stale()
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id, origin="challenge").first()
        seats = list(match.seats.select_related("player").order_by("seat")) if match else []
        if (
            match is None
            or user.pk not in {s.player_id for s in seats}
            or any(s.bot for s in seats)
        ):
            raise ChallengeRefused(f"You have no challenge {match_id}.", status=404)
        if match.state != MatchState.SCHEDULED:
            lapsed = " (it expired unanswered)" if match.state == MatchState.ABORTED else ""
            raise ChallengeRefused(
                f"Challenge {match_id} is no longer open: the match is {match.state}{lapsed}.",
                status=409,
            )
        if reply == "accept" and match.created_by_id == user.pk:
            raise ChallengeRefused("Your opponent accepts the challenge, not you.", status=403)
        if reply == "decline" and match.created_by_id == user.pk:
            raise ChallengeRefused(
                f"You sent challenge {match_id}: cancel it instead (declining is the answer "
                "of the person you challenged).",
                status=403,
            )
        if reply != "accept":
            if deck_version is not None:
                raise ChallengeRefused(
                    "A deck version goes with accepting only.", field="deck_version"
                )
            Match.objects.filter(pk=match.pk).update(state=MatchState.ABORTED)
            match.state = MatchState.ABORTED
            return match
        version = None
        if deck_version is not None:
            seat = next(s.seat for s in seats if s.player_id == user.pk)
            deck, version = chosen_deck(deck_version, user, match.ladder)
            current = list(match.decks or [None] * len(seats))
            current[seat] = deck
            decks = fill_decks(match.game, current)
            try:
                get_game(match.game).new_game(match.seed, len(seats), decks, match.options or None)
            except BadSetup as exc:
                raise ChallengeRefused(
                    f"The engine refused this deck: {exc}", field="deck_version"
                ) from None
            match.decks = decks
            match.save(update_fields=["decks"])
            interactive.forget(match.pk)  # a state rebuilt before with the old decks
        interactive.start(match)
        if version is not None:
            from decks.services import mark_used

            mark_used(version)
    return match
