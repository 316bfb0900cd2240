"""A ladder's seasons on the platform: the current one, ending it, the past ones' records.

A ladder with no :class:`~ratings.models.Season` row is in its implicit Season 1 (started
with the ladder, no planned end, a full reset at its end): :func:`current` returns it unsaved,
and ending it saves it. So a page never writes, and every ladder has a current season.

:func:`end` (staff or an event organiser, with a reason) does in one transaction, under the
ladder's row lock (the lock every rating update takes, so no match is rated meanwhile):

1. the season's final leaderboard is frozen into ``SeasonStanding`` rows
   (:func:`ratings.season_rules.standing_rows`: games and wins counted within the season; a
   closing run that ends the season puts its contenders first, in its final order);
2. every rating of the ladder (a reference bot's held one aside) is reset by the season's
   rule (:func:`ratings.season_rules.reset_pair`);
3. the next season opens at the same sequence number, with the same rule planned;
4. the ladder's log keeps who, why and what (``LadderLogEntry`` "season-end").

``ratings.recompute`` replays the same boundary at ``end_sequence``: see docs/ratings.md.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from gauntlet.db import update_rows
from ratings.models import (
    ClosingRun,
    HeldRating,
    Ladder,
    LadderLogEntry,
    Rating,
    RatingChange,
    Season,
    SeasonStanding,
)
from ratings.season_rules import RULES, WIDEN, Entry, reset_pair, rule_text, standing_rows
from ratings.service import conservative

REASON_MAX = 1000


class SeasonRefused(ValueError):
    """A season that cannot end (the message says why; ``field`` names the input)."""

    def __init__(self, message: str, field: str = "non_field_errors", status: int = 400):
        super().__init__(message)
        self.field = field
        self.status = status


def may_end(person: Any) -> bool:
    """Staff and event organisers may end a ladder's season."""
    return bool(person and person.is_authenticated and (person.is_staff or person.is_organiser))


def implicit(ladder: Ladder) -> Season:
    """The implicit Season 1 of a ladder without seasons (unsaved)."""
    return Season(ladder=ladder, number=1, name="Season 1", starts_at=ladder.created)


def current(ladder: Ladder) -> Season:
    """The ladder's open season (unsaved: the implicit Season 1 of a ladder without seasons)."""
    return seasons_of(ladder)[-1]


def seasons_of(ladder: Ladder) -> list[Season]:
    """Every season of the ladder, the current one last (one query; the implicit Season 1 of a
    ladder without seasons). Each ended season opens the next, so the last is the open one."""
    seasons = list(
        Season.objects.filter(ladder=ladder)
        .select_related("closing_run", "ended_by")
        .order_by("number")
    )
    for season in seasons:
        season.ladder = ladder  # their words name the ladder's start: no query each
    return seasons or [implicit(ladder)]


def reset_words(season: Season, ladder: Ladder) -> str:
    """What the season's end does to the ratings, in words."""
    return rule_text(season.reset, season.widen, (ladder.mu, ladder.sigma))


def check(
    ladder: Ladder, reason: str, reset: str, widen: float, next_ends_at: datetime | None
) -> None:
    """Raise :class:`SeasonRefused` naming the first bad input."""
    if not reason.strip():
        raise SeasonRefused("Say why the season ends (the log keeps it).", "reason")
    if len(reason) > REASON_MAX:
        raise SeasonRefused(f"A reason of at most {REASON_MAX} characters.", "reason")
    if reset not in RULES:
        raise SeasonRefused("A reset rule: full or widen.", "reset")
    if reset == WIDEN and not (math.isfinite(widen) and 0 < widen <= ladder.sigma):
        raise SeasonRefused(
            f"Widen by more than 0 and at most the ladder's sigma ({ladder.sigma:.2f}).", "widen"
        )
    if next_ends_at is not None and next_ends_at <= timezone.now():
        raise SeasonRefused("The next season's planned end must be in the future.", "ends_at")


def entries(ladder: Ladder, season: Season) -> list[Entry]:
    """Each rated player's rating now, with their games and wins within ``season``."""
    counts = {
        row["player_id"]: (row["games"], row["wins"])
        for row in RatingChange.objects.filter(ladder=ladder, sequence__gt=season.start_sequence)
        .values("player_id")
        .annotate(games=Count("id"), wins=Count("id", filter=Q(rank=0)))
    }
    return [
        Entry(r.player_id, r.player.username, r.mu, r.sigma, *counts.get(r.player_id, (0, 0)))
        for r in Rating.objects.filter(ladder=ladder).select_related("player")
    ]


def end(
    ladder: Ladder,
    actor: Any,
    reason: str,
    reset: str | None = None,
    widen: float | None = None,
    next_ends_at: datetime | None = None,
    closing_run: ClosingRun | None = None,
) -> Season:
    """End the ladder's current season (see the module's docstring); the ended season.

    ``reset`` and ``widen`` default to the season's planned rule; the next season plans the
    same rule and ends at ``next_ends_at`` (none: open-ended). ``closing_run``: the finished
    run that ends it (``ratings.closing.finish``), whose contenders head the final standings
    in the run's order."""
    if not may_end(actor):
        raise SeasonRefused("Only staff or an event organiser may end a season.", status=403)
    with transaction.atomic():
        ladder = Ladder.objects.select_for_update().get(pk=ladder.pk)
        season = current(ladder)
        reset = season.reset if reset is None else reset
        widen = season.widen if widen is None else float(widen)
        check(ladder, reason, reset, widen, next_ends_at)
        if ClosingRun.objects.filter(ladder=ladder, state=ClosingRun.State.RUNNING).exists():
            raise SeasonRefused(
                "A closing run is under way: end the season once it has published.", status=409
            )
        if ladder.last_sequence <= season.start_sequence:
            raise SeasonRefused(f"{season.name} has no rated match yet.", status=409)
        now = timezone.now()
        season.reset, season.widen = reset, widen if reset == WIDEN else 0.0
        season.ended_at, season.end_sequence = now, ladder.last_sequence
        season.ended_by, season.reason = actor, reason.strip()
        season.closing_run = closing_run
        season.save()
        contenders = closing_run.contenders if closing_run else ()
        rows = standing_rows(entries(ladder, season), contenders)
        SeasonStanding.objects.bulk_create(SeasonStanding(season=season, **r) for r in rows)
        held = set(HeldRating.objects.filter(ladder=ladder).values_list("player_id", flat=True))
        ratings = [r for r in Rating.objects.filter(ladder=ladder) if r.player_id not in held]
        for r in ratings:
            r.mu, r.sigma = reset_pair(season.reset, season.widen, r.mu, r.sigma, start(ladder))
            r.conservative = conservative(r.mu, r.sigma)
        update_rows(Rating, ratings, ("mu", "sigma", "conservative"))
        following = Season.objects.create(
            ladder=ladder,
            number=season.number + 1,
            name=f"Season {season.number + 1}",
            starts_at=now,
            ends_at=next_ends_at,
            reset=season.reset,
            widen=season.widen,
            start_sequence=season.end_sequence,
        )
        LadderLogEntry.objects.create(
            ladder=ladder,
            actor=actor,
            action="season-end",
            reason=season.reason,
            detail={
                "season": season.number,
                "reset": season.reset,
                "widen": season.widen,
                "end_sequence": season.end_sequence,
                "players": len(rows),
                "next": following.number,
                "closing_run": closing_run.pk if closing_run else None,
            },
        )
    return season


def start(ladder: Ladder) -> tuple[float, float]:
    """A new player's rating on the ladder: what a full reset returns to."""
    return ladder.mu, ladder.sigma


def player_seasons(person: Any) -> list[SeasonStanding]:
    """The person's final standings in ended seasons, newest first, each with ``field`` (how
    many players that season ranked)."""
    rows = list(
        SeasonStanding.objects.filter(player=person)
        .select_related("season__ladder")
        .annotate(field=Count("season__standings"))
        .order_by("-season__ended_at", "season__ladder__name")
    )
    return rows
