"""Writing the matchup counts: adding finished matches, and counting a game again."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import F, prefetch_related_objects

from insights.counting import (
    CountKey,
    deck_names,
    final_ranks,
    merge,
    seat_keys,
    source_of,
    tallies,
)
from insights.models import MatchupCount

FIELDS = ("game", "catalogue", "source", "kind", "key", "opponent")


class CatalogueLabels:
    """The catalogue version in force on a day, per game (``"v2"``; ``""`` for a game without a
    catalogue), read once per game and day."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, dt.date], str] = {}

    def __call__(self, game: str, on: dt.date) -> str:
        from decks.services import catalogue_in_force

        if (game, on) not in self.seen:
            version = catalogue_in_force(game, on)
            self.seen[game, on] = version.label if version else ""
        return self.seen[game, on]


def match_tallies(matches: Iterable[Any], labels: CatalogueLabels | None = None) -> list:
    """The tallies of the finished ``matches`` that feed the statistics (their seats' teams
    read in one query)."""
    labels = labels or CatalogueLabels()
    matches = list(matches)
    prefetch_related_objects(matches, "seats")  # one query for every match's seats
    parts = []
    for match in matches:
        source = source_of(match)
        ranks = final_ranks(match)
        if source is None or not ranks or len(ranks) < 2:
            continue
        keys = seat_keys(match)
        if not keys:
            continue
        day = (match.finished_at or match.created).date()
        teams = [s.team for s in sorted(match.seats.all(), key=lambda s: s.seat)]
        names = deck_names(match.game, match.decks, keys)
        catalogue = labels(match.game, day)
        parts.append(tallies(match.game, catalogue, source, keys, ranks, teams or None, names))
    return parts


def add(rows: dict[CountKey, dict[str, int]]) -> None:
    """Add ``rows`` to the stored counts: missing rows are created empty (a concurrent creator
    is no error), then every row is incremented in a fixed order (no deadlock between two
    workers finishing matches of the same game)."""
    if not rows:
        return
    with transaction.atomic():
        MatchupCount.objects.bulk_create(
            [MatchupCount(**dict(zip(FIELDS, row, strict=True))) for row in rows],
            ignore_conflicts=True,
        )
        for row in sorted(rows):
            n = rows[row]
            MatchupCount.objects.filter(**dict(zip(FIELDS, row, strict=True))).update(
                games=F("games") + n["games"],
                wins=F("wins") + n["wins"],
                draws=F("draws") + n["draws"],
            )


def rebuild(game: str | None = None, chunk: int = 2000) -> int:
    """Count ``game``'s (or every game's) finished matches again from the history, replacing
    its counts in one transaction; returns the number of matches counted."""
    from matches.models import Match, MatchState

    matches = Match.objects.filter(state=MatchState.FINISHED).order_by("pk")
    counts = MatchupCount.objects.all()
    if game:
        matches, counts = matches.filter(game=game), counts.filter(game=game)
    labels = CatalogueLabels()
    parts: list = []
    counted = 0
    ids = list(matches.values_list("pk", flat=True))
    for start in range(0, len(ids), chunk):
        batch = Match.objects.filter(pk__in=ids[start : start + chunk]).prefetch_related("seats")
        found = match_tallies(batch, labels)
        counted += len(found)
        parts.extend(found)
    with transaction.atomic():
        counts.delete()
        add(merge(parts))
    return counted
