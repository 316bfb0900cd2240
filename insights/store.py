"""Writing the matchup counts: adding finished matches, and counting a game again."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.db import connection, transaction
from django.db.models import prefetch_related_objects

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


UPSERT_CHUNK = 500
"""Rows per ``INSERT ... ON CONFLICT`` statement (9 parameters each: well under SQLite's and
PostgreSQL's limits)."""


def add(rows: dict[CountKey, dict[str, int]]) -> None:
    """Add ``rows`` to the stored counts in one upsert (``INSERT ... ON CONFLICT DO UPDATE``,
    PostgreSQL and SQLite alike): a missing row is created with the counts, an existing one
    (or one a concurrent worker just created) incremented. The rows go in a fixed order, so two
    workers finishing matches of the same game never deadlock."""
    if not rows:
        return
    qn = connection.ops.quote_name
    table = qn(MatchupCount._meta.db_table)
    keys = ", ".join(qn(MatchupCount._meta.get_field(f).column) for f in FIELDS)
    counted = ("games", "wins", "draws")
    columns = f"{keys}, " + ", ".join(qn(c) for c in counted)
    increments = ", ".join(f"{qn(c)} = {table}.{qn(c)} + EXCLUDED.{qn(c)}" for c in counted)
    ordered = sorted(rows)
    with transaction.atomic(), connection.cursor() as cursor:
        for start in range(0, len(ordered), UPSERT_CHUNK):
            chunk = ordered[start : start + UPSERT_CHUNK]
            values = ", ".join(["(" + ", ".join(["%s"] * (len(FIELDS) + 3)) + ")"] * len(chunk))
            params = [value for row in chunk for value in (*row, *(rows[row][c] for c in counted))]
            cursor.execute(
                f"INSERT INTO {table} ({columns}) VALUES {values} "
                f"ON CONFLICT ({keys}) DO UPDATE SET {increments}",
                params,
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
