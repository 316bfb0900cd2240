"""Recomputing a ladder's ratings from its match history (after an admin voids a match, say).

:func:`recompute_ladder` replays the ladder's finished, rated, non-voided matches in their
original sequence order (matches never rated go last, in finishing order) and rewrites the
changes from the first one that differs; on an untouched ladder it changes nothing at all.
An ended season's boundary is replayed where it fell (its final standings, then its reset of
every rating: :mod:`ratings.season_replay`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Min

from gauntlet.db import update_rows
from matches.models import Match, MatchSeat, MatchState
from ratings import season_replay
from ratings.models import Ladder, Rating, RatingChange
from ratings.service import (
    RATING_FIELDS,
    SeatOutcome,
    activity_time,
    compute_updates,
    conservative,
    drifts,
    held_ratings,
    unrateable,
)


@dataclass
class PlayerState:
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    last_active: datetime | None = None
    season_games: int = 0  # within the current season of the replay (ratings.season_replay)
    season_wins: int = 0

    def numbers(self) -> tuple:
        return (self.mu, self.sigma, self.games, self.wins, self.last_active)


@dataclass
class RecomputeSummary:
    """What a recomputation found (and, unless ``check``, wrote)."""

    ladder: str
    from_sequence: int
    matches_replayed: int = 0
    changes_differing: int = 0  # rating-change rows added, dropped or with other numbers
    ratings_differing: int = 0  # Rating rows added, removed or with other numbers
    standings_differing: int = 0  # ended seasons' final standing rows with other numbers
    dropped_matches: list[int] = field(default_factory=list)  # had changes, rated no more
    added_matches: list[int] = field(default_factory=list)  # rated now, had no changes
    rewritten_from: int | None = None  # first sequence whose changes were (or would be) rewritten
    written: bool = False
    details: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.changes_differing or self.ratings_differing or self.standings_differing)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ladder": self.ladder,
            "from_sequence": self.from_sequence,
            "matches_replayed": self.matches_replayed,
            "changes_differing": self.changes_differing,
            "ratings_differing": self.ratings_differing,
            "standings_differing": self.standings_differing,
            "dropped_matches": self.dropped_matches,
            "added_matches": self.added_matches,
            "rewritten_from": self.rewritten_from,
            "written": self.written,
        }


MAX_DETAILS = 50


def _chunks(items: list, size: int = 500) -> Iterable[list]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def recompute_ladder(
    ladder: Ladder, from_sequence: int | None = None, *, check: bool = False
) -> RecomputeSummary:
    """Rebuild ``ladder``'s ratings from its match history, from ``from_sequence`` on.

    Ratings before ``from_sequence`` are taken as recorded; every finished, rated match of the
    ladder from there on is replayed in its original sequence order (a voided match is skipped,
    a corrected one uses its corrected seat ranks, a match never rated goes last in finishing
    order and gets a new sequence number). Changes and ratings are rewritten only where they
    differ; with ``check`` nothing is written and the summary says what would change.
    """
    start = max(1, from_sequence or 1)
    with transaction.atomic():
        ladder = Ladder.objects.select_for_update().get(pk=ladder.pk)
        summary = RecomputeSummary(ladder=ladder.slug, from_sequence=start)

        # Reference bots start (and stay) at their held ratings; the others at the ladder's.
        held = {p: pair for (_, p), pair in held_ratings([ladder.pk]).items()}

        def start_of(player_id: int) -> tuple[float, float]:
            return held.get(player_id, (ladder.mu, ladder.sigma))

        # Ratings as they stood before ``start``: replay the kept changes' results.
        state: dict[int, PlayerState] = {}
        boundaries = season_replay.Boundaries(ladder, state, lambda player_id: player_id in held)
        kept_matches: set[int] = set()
        kept = (
            RatingChange.objects.filter(ladder=ladder, sequence__lt=start)
            .order_by("sequence", "player_id")
            .values_list("sequence", "match_id", "player_id", "mu_after", "sigma_after", "rank")
        )
        finished_at: dict[int, datetime] = {}
        kept_rows = list(kept.iterator(chunk_size=2000))
        kept_ids = sorted({row[1] for row in kept_rows})
        for chunk in _chunks(kept_ids):
            for pk, fin, created in Match.objects.filter(pk__in=chunk).values_list(
                "pk", "finished_at", "created"
            ):
                finished_at[pk] = fin or created
        for sequence, match_id, player_id, mu, sigma, rank in kept_rows:
            boundaries.before(sequence)
            kept_matches.add(match_id)
            st = state.setdefault(player_id, PlayerState(*start_of(player_id)))
            st.mu, st.sigma = mu, sigma
            st.games += 1
            st.wins += rank == 0
            st.season_games += 1
            st.season_wins += rank == 0
            when = finished_at[match_id]
            st.last_active = when if st.last_active is None else max(st.last_active, when)

        # The changes recorded from ``start`` on, and the matches to replay.
        old_rows = list(
            RatingChange.objects.filter(ladder=ladder, sequence__gte=start).order_by(
                "sequence", "player_id"
            )
        )
        old = {(c.match_id, c.player_id): c for c in old_rows}
        old_sequence = {c.match_id: c.sequence for c in old_rows}
        candidates = [
            m
            for m in Match.objects.filter(
                ladder=ladder, rated=True, state=MatchState.FINISHED
            ).only("pk", "finished_at", "created", "ladder_id", "rated", "state", "origin")
            if m.pk not in kept_matches
        ]
        sequenced = sorted(
            (m for m in candidates if m.pk in old_sequence), key=lambda m: old_sequence[m.pk]
        )
        fresh = sorted(
            (m for m in candidates if m.pk not in old_sequence),
            key=lambda m: (activity_time(m), m.pk),
        )
        seats_of: dict[int, list[SeatOutcome]] = {}
        for chunk in _chunks([m.pk for m in candidates]):
            for s in MatchSeat.objects.filter(match_id__in=chunk).order_by("match_id", "seat"):
                seats_of.setdefault(s.match_id, []).append(
                    SeatOutcome(s.player_id, s.team, s.rank, s.seat)
                )

        next_sequence = max(ladder.last_sequence, max(old_sequence.values(), default=0)) + 1
        new: dict[tuple[int, int], RatingChange] = {}
        for m in [*sequenced, *fresh]:
            seats = seats_of.get(m.pk, [])
            problem = unrateable(seats)
            if problem:
                if len(summary.details) < MAX_DETAILS:
                    summary.details.append(f"match {m.pk}: not rated ({problem})")
                continue
            if m.pk in old_sequence:
                sequence = old_sequence[m.pk]
            else:
                sequence = next_sequence
                next_sequence += 1
            boundaries.before(sequence)  # a season that ended before it: its reset first
            current = {}
            for s in seats:
                st = state.setdefault(s.player_id, PlayerState(*start_of(s.player_id)))
                current[s.player_id] = (st.mu, st.sigma)
            updates, backend = compute_updates(ladder, seats, current, held, drift=drifts(m))
            when = activity_time(m)
            for u in updates:
                st = state[u.player_id]
                st.mu, st.sigma = u.mu_after, u.sigma_after
                st.games += 1
                st.wins += u.rank == 0
                st.season_games += 1
                st.season_wins += u.rank == 0
                st.last_active = when if st.last_active is None else max(st.last_active, when)
                new[(m.pk, u.player_id)] = RatingChange(
                    ladder=ladder,
                    match_id=m.pk,
                    player_id=u.player_id,
                    sequence=sequence,
                    mu_before=u.mu_before,
                    sigma_before=u.sigma_before,
                    mu_after=u.mu_after,
                    sigma_after=u.sigma_after,
                    rank=u.rank,
                    backend=backend,
                )
            summary.matches_replayed += 1
        boundaries.finish()

        # Compare: the first sequence whose changes differ bounds what is rewritten.
        def numbers(c: RatingChange) -> tuple:
            return (
                c.sequence,
                c.mu_before,
                c.sigma_before,
                c.mu_after,
                c.sigma_after,
                c.rank,
                c.backend,
            )

        differing_sequences = []
        for key in old.keys() | new.keys():
            a, b = old.get(key), new.get(key)
            if a is not None and b is not None and numbers(a) == numbers(b):
                continue
            summary.changes_differing += 1
            differing_sequences += [c.sequence for c in (a, b) if c is not None]
            if len(summary.details) < MAX_DETAILS:
                summary.details.append(
                    f"match {key[0]} player {key[1]}: "
                    f"{numbers(a) if a else 'none'} -> {numbers(b) if b else 'none'}"
                )
        old_matches = {k[0] for k in old}
        new_matches = {k[0] for k in new}
        summary.dropped_matches = sorted(old_matches - new_matches)
        summary.added_matches = sorted(new_matches - old_matches)
        if differing_sequences:
            summary.rewritten_from = min(differing_sequences)

        ratings = {r.player_id: r for r in Rating.objects.filter(ladder=ladder)}
        to_update, to_create, to_delete = [], [], []
        for player_id in ratings.keys() | state.keys():
            r, st = ratings.get(player_id), state.get(player_id)
            if st is None or st.games == 0:
                if r is not None:
                    to_delete.append(r.pk)
                continue
            if r is None:
                to_create.append(
                    Rating(
                        ladder=ladder,
                        player_id=player_id,
                        mu=st.mu,
                        sigma=st.sigma,
                        conservative=conservative(st.mu, st.sigma),
                        games=st.games,
                        wins=st.wins,
                        last_active=st.last_active,
                    )
                )
                continue
            stored = (r.mu, r.sigma, r.games, r.wins, r.last_active, r.conservative)
            wanted = (*st.numbers(), conservative(st.mu, st.sigma))
            if stored != wanted:
                r.mu, r.sigma, r.games, r.wins, r.last_active, r.conservative = wanted
                to_update.append(r)
        summary.ratings_differing = len(to_update) + len(to_create) + len(to_delete)
        if len(summary.details) < MAX_DETAILS and summary.ratings_differing:
            summary.details.append(
                f"ratings: {len(to_update)} differ, {len(to_create)} missing, "
                f"{len(to_delete)} without games"
            )
        summary.standings_differing, seasons, lines = season_replay.differing(
            boundaries.rows, boundaries.names
        )
        summary.details += lines[: max(0, MAX_DETAILS - len(summary.details))]
        if check or not summary.changed:
            return summary

        if summary.rewritten_from is not None:
            cut = summary.rewritten_from
            RatingChange.objects.filter(ladder=ladder, sequence__gte=cut).delete()
            RatingChange.objects.bulk_create(
                sorted(
                    (c for c in new.values() if c.sequence >= cut),
                    key=lambda c: (c.sequence, c.player_id),
                ),
                batch_size=500,
            )
        Rating.objects.filter(pk__in=to_delete).delete()
        Rating.objects.bulk_create(to_create, batch_size=500)
        update_rows(Rating, to_update, RATING_FIELDS)
        season_replay.rewrite(boundaries.rows, seasons)
        top = max((c.sequence for c in new.values()), default=0)
        if top > ladder.last_sequence:
            ladder.last_sequence = top
            ladder.save(update_fields=["last_sequence"])
        summary.written = True
        return summary


def recompute_ladder_named(slug: str, from_sequence: int | None = None) -> RecomputeSummary:
    """:func:`recompute_ladder` of the ladder with this slug (what the task runs)."""
    return recompute_ladder(Ladder.objects.get(slug=slug), from_sequence)


def first_sequence_of(match: Match) -> int | None:
    """The sequence number of a match's rating update, if it has one."""
    return RatingChange.objects.filter(match_id=match.pk).aggregate(s=Min("sequence"))["s"]


def recompute_after_reopen(match: Match) -> RecomputeSummary | None:
    """Recompute a ladder from a voided or corrected match on (``match_reopened``)."""
    if not match.ladder_id:
        return None
    ladder = Ladder.objects.get(pk=match.ladder_id)
    sequence = first_sequence_of(match)
    if sequence is None:  # never rated: only matches without a rating update are replayed
        sequence = ladder.last_sequence + 1
    return recompute_ladder(ladder, from_sequence=sequence)
