"""A person waiting in a ladder's queue: how long, how long people wait there, and a rated game
against the ladder's bot of nearest strength instead, once they have waited a while.

- **The expected wait** is the median wait of the last :data:`EXPECTED_FROM` people the
  matchmaker paired on the ladder in the last :data:`RECENT_DAYS` days (each pairing leaves a
  :class:`~ratings.models.QueueWait`); with none, the page says nobody was paired recently.
  A median, not a mean: one person who waited an hour alone at night does not make everyone's
  expected wait an hour.
- **The bot offer** opens after :data:`BOT_OFFER_SECONDS` in the queue: the bot accounts that
  play the ladder's game (``ratings.matchmaking.arena_bots``) whose conservative rating on the
  ladder (``mu - 3 sigma``; a bot or person without a rating there counts at the ladder's
  initial one) is closest to the person's, one per other seat. :func:`play_bot_instead` takes
  the person out of the queue and starts that match, rated, with the deck they queued with.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from matches.models import Match
from ratings.models import Ladder, QueueEntry, QueueWait, Rating
from ratings.queue import QueueRefused
from ratings.service import conservative

BOT_OFFER_SECONDS = 30.0
EXPECTED_FROM = 20
RECENT_DAYS = 14


def seconds_text(seconds: float) -> str:
    """A wait in words: "42 s", "1 min 5 s", "12 min", "1 h 3 min"."""
    total = max(0, round(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    if minutes:
        return f"{minutes} min {secs} s" if secs and minutes < 10 else f"{minutes} min"
    return f"{secs} s"


@dataclass(frozen=True)
class Expected:
    """The median wait of the people paired lately (``None``: nobody) and how many they are."""

    seconds: float | None
    people: int

    def text(self) -> str:
        if self.seconds is None:
            return f"unknown, nobody was paired here in the last {RECENT_DAYS} days"
        if self.people == 1:
            return f"about {seconds_text(self.seconds)} (the wait of the last person paired here)"
        return (
            f"about {seconds_text(self.seconds)} (the median wait of the last {self.people} "
            "people paired here)"
        )


def expected_wait(ladder: Ladder, now: datetime | None = None) -> Expected:
    """The ladder's expected wait: the median of its people's latest waits."""
    now = now or timezone.now()
    waits = [
        w.waited
        for w in QueueWait.objects.filter(
            ladder=ladder, paired_at__gte=now - timedelta(days=RECENT_DAYS)
        ).order_by("-paired_at", "-pk")[:EXPECTED_FROM]
    ]
    return Expected(statistics.median(waits) if waits else None, len(waits))


def _strength(ladder: Ladder, ratings: dict[int, Rating], player_id: int) -> float:
    rating = ratings.get(player_id)
    return rating.conservative if rating is not None else conservative(ladder.mu, ladder.sigma)


def nearest_bots(ladder: Ladder, player: Any) -> list[tuple[Any, str]]:
    """The bot accounts (with their specs) of nearest strength to ``player`` on ``ladder``, one
    per other seat, nearest first (ties: the stronger, then by user name); fewer when the game
    has fewer bot accounts."""
    from ratings.matchmaking import arena_bots

    bots = [(b, spec) for b, spec in arena_bots(ladder) if b.pk != player.pk]
    ratings = {
        r.player_id: r
        for r in Rating.objects.filter(
            ladder=ladder, player_id__in=[player.pk, *[b.pk for b, _ in bots]]
        )
    }
    mine = _strength(ladder, ratings, player.pk)

    def distance(item: tuple[Any, str]) -> tuple[float, float, str]:
        strength = _strength(ladder, ratings, item[0].pk)
        return (abs(strength - mine), -strength, item[0].username)

    return sorted(bots, key=distance)[: ladder.seats - 1]


@dataclass(frozen=True)
class Wait:
    """What the ladder page tells a person in the queue."""

    waited: float
    expected: Expected
    bots: list[Any] = field(default_factory=list)  # offered once the wait is long enough

    @property
    def offer_in(self) -> float:
        """Seconds until the bot offer opens (0: open)."""
        return max(0.0, BOT_OFFER_SECONDS - self.waited)


def wait_of(entry: QueueEntry, now: datetime | None = None) -> Wait:
    """The wait of one person's entry: how long, the expected wait, the bots offered (once the
    wait reaches :data:`BOT_OFFER_SECONDS`; the nearest ones are named before that too)."""
    now = now or timezone.now()
    waited = max(0.0, (now - entry.joined_at).total_seconds())
    bots = [b for b, _ in nearest_bots(entry.ladder, entry.player)]
    return Wait(waited, expected_wait(entry.ladder, now), bots)


def paired_match(ladder: Ladder, player: Any, since: datetime) -> Match | None:
    """The match the matchmaker paired ``player`` into from an entry made at ``since`` or
    later (a page that saw them waiting asks where they went)."""
    wait = (
        QueueWait.objects.filter(ladder=ladder, player=player, joined_at__gte=since)
        .select_related("match")
        .order_by("-paired_at", "-pk")
        .first()
    )
    return wait.match if wait is not None else None


def play_bot_instead(ladder: Ladder, player: Any, by: Any) -> Match:
    """Leave the queue and start a rated match against the bots of nearest strength, with the
    deck the entry brought; raises :class:`QueueRefused` (``absent``: not in the queue, maybe
    paired meanwhile; ``too_soon``; ``no_bots``; ``refused``: the engine refused the decks),
    and then nothing changed."""
    from engines.base import BadSetup
    from matches.scheduling import SeatSpec
    from ratings.seat_decks import fill_decks

    with transaction.atomic():
        entry = (
            QueueEntry.objects.select_for_update()
            .filter(ladder=ladder, player=player)
            .select_related("ladder", "player")
            .first()
        )
        if entry is None:
            raise QueueRefused(
                f"{player.public_name} is not in the queue of {ladder.name}.", "absent"
            )
        waited = (timezone.now() - entry.joined_at).total_seconds()
        if waited < BOT_OFFER_SECONDS:
            raise QueueRefused(
                f"A game against a bot is offered after {seconds_text(BOT_OFFER_SECONDS)} in "
                f"the queue; you have waited {seconds_text(waited)}.",
                "too_soon",
            )
        bots = nearest_bots(ladder, player)
        if len(bots) < ladder.seats - 1:
            raise QueueRefused(
                f"{ladder.name} has too few bot accounts for a game of {ladder.seats}.", "no_bots"
            )
        chosen = [entry.deck, *[None] * len(bots)]
        decks = fill_decks(ladder.game, chosen) or chosen
        size = max(1, ladder.team_size)
        teams = [i // size if size > 1 else None for i in range(ladder.seats)]
        seats = [SeatSpec(player, team=teams[0], deck=decks[0])] + [
            SeatSpec(bot, spec, team=team, deck=deck)
            for (bot, spec), team, deck in zip(bots, teams[1:], decks[1:], strict=True)
        ]
        try:
            match = ladder.schedule(seats, origin="challenge", created_by=by)
        except BadSetup as exc:
            raise QueueRefused(f"The engine refused this match: {exc}", "refused") from None
        entry.delete()
    return match
