"""TrueSkill rating updates, applied once per match in a defined order, and ladder recomputation.

Every number comes from the ``trueskill`` package: :func:`rate_groups` builds a
``trueskill.TrueSkill`` environment from the ladder's parameters and calls ``env.rate``. The
package's default backend raises ``FloatingPointError`` on very large rating gaps; that one update
is then redone with the package's ``mpmath`` backend (5-12x slower, so never by default); if
mpmath at its default precision raises too, once more with ``mpmath.mp.dps`` raised to 50 (the
package's own advice); the change row records which backend produced it. Should even that fail,
the match is recorded with the ratings unchanged (backend ``unchanged``): a rating update never
fails a match.

Order and exactly-once: :func:`rate_match` locks the ladder row (``SELECT ... FOR UPDATE``), so
rating updates of one ladder apply one at a time; under that lock it checks whether the match
already has changes (a redelivered task changes nothing), takes the next ``sequence`` number and
writes the immutable :class:`RatingChange` rows. It runs inside the caller's transaction (the one
that stores the match result), so the result and its rating update commit or roll back together.

:func:`recompute_ladder` replays the ladder's finished, rated, non-voided matches in their
original sequence order (matches never rated go last, in finishing order) and rewrites the
changes from the first one that differs; on an untouched ladder it changes nothing at all.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import trueskill
from django.db import transaction
from django.db.models import Min

from gauntlet.db import update_rows
from matches.models import Match, MatchSeat, MatchState
from ratings.models import Ladder, Rating, RatingChange

log = logging.getLogger(__name__)

DEFAULT_BACKEND = "default"
MPMATH_BACKEND = "mpmath"
MPMATH_HIGH_DPS = 50
MPMATH_HIGH_BACKEND = f"mpmath:dps{MPMATH_HIGH_DPS}"
UNCHANGED_BACKEND = "unchanged"  # both backends failed: the ratings stay as they were

Pair = tuple[float, float]  # (mu, sigma)


def make_env(ladder: Any, backend: str | None = None) -> trueskill.TrueSkill:
    """The ladder's TrueSkill environment (``backend=None``: the package's default one)."""
    return trueskill.TrueSkill(
        mu=ladder.mu,
        sigma=ladder.sigma,
        beta=ladder.beta,
        tau=ladder.tau,
        draw_probability=ladder.draw_probability,
        backend=backend,
    )


def conservative(mu: float, sigma: float) -> float:
    """The leaderboard key: mu - 3 sigma."""
    return mu - 3 * sigma


def _rate_with(
    env: trueskill.TrueSkill, groups: Sequence[Sequence[Pair]], ranks: Sequence[int]
) -> list[list[Pair]]:
    rating_groups = [tuple(env.create_rating(mu, sigma) for mu, sigma in g) for g in groups]
    rated = env.rate(rating_groups, ranks=list(ranks))
    out = [[(float(r.mu), float(r.sigma)) for r in g] for g in rated]
    if not all(math.isfinite(x) for g in out for pair in g for x in pair):
        raise FloatingPointError("TrueSkill gave a non-finite rating")
    return out


def rate_groups(
    ladder: Any, groups: Sequence[Sequence[Pair]], ranks: Sequence[int]
) -> tuple[list[list[Pair]], str]:
    """New (mu, sigma) per member of each group, and the backend that computed them.

    ``groups`` are the teams (a free-for-all: one player per group); ``ranks`` one per group,
    0 best, equal ranks for a draw. The default backend first; ``mpmath`` if it raises.
    """
    try:
        return _rate_with(make_env(ladder), groups, ranks), DEFAULT_BACKEND
    except FloatingPointError:
        pass
    try:
        return _rate_with(make_env(ladder, MPMATH_BACKEND), groups, ranks), MPMATH_BACKEND
    except (FloatingPointError, ValueError, ZeroDivisionError, OverflowError):
        pass
    import mpmath

    # The package's own advice when mpmath is not precise enough: raise ``mpmath.mp.dps``.
    try:
        with mpmath.workdps(MPMATH_HIGH_DPS):
            rated = _rate_with(make_env(ladder, MPMATH_BACKEND), groups, ranks)
        return rated, MPMATH_HIGH_BACKEND
    except (FloatingPointError, ValueError, ZeroDivisionError, OverflowError):
        # Never fail a match over its rating: record the match with unchanged ratings.
        log.warning(
            "TrueSkill failed on every backend for %s ranks %s; ratings left unchanged",
            groups,
            ranks,
        )
        return [list(g) for g in groups], UNCHANGED_BACKEND


@dataclass(frozen=True)
class SeatOutcome:
    """One seat of a finished match, as the rating update sees it."""

    player_id: int
    team: int | None
    rank: int | None
    seat: int = 0


@dataclass(frozen=True)
class Update:
    player_id: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    rank: int


def unrateable(seats: Sequence[SeatOutcome]) -> str | None:
    """Why a match cannot be rated (``None`` when it can)."""
    if any(s.rank is None for s in seats):
        return "a seat has no rank"
    players = [s.player_id for s in seats]
    if len(set(players)) != len(players):
        return "a player holds two seats"
    if len(group_seats(seats)) < 2:
        return "fewer than two sides"
    return None


def group_seats(seats: Sequence[SeatOutcome]) -> list[list[SeatOutcome]]:
    """Seats by team, in seat order; a seat without a team is a side of its own."""
    groups: dict[Any, list[SeatOutcome]] = {}
    for s in sorted(seats, key=lambda s: s.seat):
        key = ("team", s.team) if s.team is not None else ("seat", s.seat)
        groups.setdefault(key, []).append(s)
    return list(groups.values())


def compute_updates(
    ladder: Any, seats: Sequence[SeatOutcome], current: dict[int, Pair]
) -> tuple[list[Update], str]:
    """TrueSkill updates for one match; ``current`` holds each player's (mu, sigma) before it.

    A team's rank is the best rank among its seats (a finished match gives a team one rank).
    """
    groups = group_seats(seats)
    ranks = [min(s.rank for s in g) for g in groups]
    rated, backend = rate_groups(ladder, [[current[s.player_id] for s in g] for g in groups], ranks)
    updates = []
    for g, rank, after in zip(groups, ranks, rated, strict=True):
        for s, (mu, sigma) in zip(g, after, strict=True):
            before = current[s.player_id]
            updates.append(Update(s.player_id, before[0], before[1], mu, sigma, rank))
    updates.sort(key=lambda u: u.player_id)
    return updates, backend


def _outcomes(seats: Iterable[MatchSeat]) -> list[SeatOutcome]:
    return [SeatOutcome(s.player_id, s.team, s.rank, s.seat) for s in seats]


def activity_time(match: Match) -> datetime:
    """When a match counts as played for ``last_active`` (its finish; its creation if unset)."""
    return match.finished_at or match.created


def rate_match(match: Match) -> list[RatingChange]:
    """Apply a finished match's TrueSkill update to its ladder, exactly once.

    Returns the match's rating changes: the existing ones, unchanged, when it was rated already;
    an empty list when the match is not a rated ladder match or cannot be rated (a seat without
    a rank, one side only), which is logged.
    """
    return rate_matches([match])[match.pk]


RATING_FIELDS = ("mu", "sigma", "conservative", "games", "wins", "last_active")


def rate_matches(matches: Sequence[Match]) -> dict[int, list[RatingChange]]:
    """:func:`rate_match` for many matches at once, in the given order, in a few queries.

    The ladders involved are locked in primary-key order (two workers finishing batches that
    span the same ladders cannot deadlock); each match then takes its ladder's next sequence
    number in the order given. Returns each match's changes (sorted by player), keyed by id.
    """
    out: dict[int, list[RatingChange]] = {m.pk: [] for m in matches}
    todo: dict[int, Match] = {}
    for m in matches:
        if m.ladder_id and m.rated and m.state == MatchState.FINISHED:
            todo.setdefault(m.pk, m)
    if not todo:
        return out
    # Inside the caller's transaction (the one storing the results) no savepoint is needed:
    # an error here rolls the whole finish back.
    with transaction.atomic(savepoint=False):
        ladders = {
            ladder.pk: ladder
            for ladder in Ladder.objects.select_for_update()
            .filter(pk__in={m.ladder_id for m in todo.values()})
            .order_by("pk")
        }
        for change in RatingChange.objects.filter(match_id__in=list(todo)).order_by(
            "match_id", "player_id"
        ):
            out[change.match_id].append(change)
            todo.pop(change.match_id, None)
        if not todo:
            return out
        seats_of: dict[int, list[SeatOutcome]] = {}
        for s in MatchSeat.objects.filter(match_id__in=list(todo)).order_by("match_id", "seat"):
            seats_of.setdefault(s.match_id, []).append(
                SeatOutcome(s.player_id, s.team, s.rank, s.seat)
            )
        ratings: dict[tuple[int, int], Rating] = {
            (r.ladder_id, r.player_id): r
            for r in Rating.objects.filter(
                ladder_id__in=list(ladders),
                player_id__in={s.player_id for seats in seats_of.values() for s in seats},
            )
        }
        created: dict[tuple[int, int], Rating] = {}
        changed: dict[int, Rating] = {}
        changes: list[RatingChange] = []
        used_ladders: set[int] = set()
        for match in todo.values():
            ladder = ladders[match.ladder_id]
            seats = seats_of.get(match.pk, [])
            problem = unrateable(seats)
            if problem:
                log.warning("match %s on ladder %s not rated: %s", match.pk, ladder.slug, problem)
                continue
            for s in seats:
                key = (ladder.pk, s.player_id)
                if key not in ratings:
                    ratings[key] = created[key] = Rating(
                        ladder=ladder,
                        player_id=s.player_id,
                        mu=ladder.mu,
                        sigma=ladder.sigma,
                        conservative=conservative(ladder.mu, ladder.sigma),
                    )
            current = {
                s.player_id: (
                    ratings[(ladder.pk, s.player_id)].mu,
                    ratings[(ladder.pk, s.player_id)].sigma,
                )
                for s in seats
            }
            updates, backend = compute_updates(ladder, seats, current)
            ladder.last_sequence += 1
            used_ladders.add(ladder.pk)
            when = activity_time(match)
            for u in updates:
                changes.append(
                    RatingChange(
                        ladder=ladder,
                        match_id=match.pk,
                        player_id=u.player_id,
                        sequence=ladder.last_sequence,
                        mu_before=u.mu_before,
                        sigma_before=u.sigma_before,
                        mu_after=u.mu_after,
                        sigma_after=u.sigma_after,
                        rank=u.rank,
                        backend=backend,
                    )
                )
                r = ratings[(ladder.pk, u.player_id)]
                r.mu, r.sigma = u.mu_after, u.sigma_after
                r.conservative = conservative(r.mu, r.sigma)
                r.games += 1
                r.wins += u.rank == 0
                r.last_active = when if r.last_active is None else max(r.last_active, when)
                if r.pk is not None:
                    changed[r.pk] = r
        for pk in sorted(used_ladders):
            Ladder.objects.filter(pk=pk).update(last_sequence=ladders[pk].last_sequence)
        Rating.objects.bulk_create(list(created.values()))
        update_rows(Rating, list(changed.values()), RATING_FIELDS)
        for change in RatingChange.objects.bulk_create(changes):
            out[change.match_id].append(change)
    return out


# -- recomputation -------------------------------------------------------------------------


@dataclass
class PlayerState:
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    last_active: datetime | None = None

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
    dropped_matches: list[int] = field(default_factory=list)  # had changes, rated no more
    added_matches: list[int] = field(default_factory=list)  # rated now, had no changes
    rewritten_from: int | None = None  # first sequence whose changes were (or would be) rewritten
    written: bool = False
    details: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.changes_differing or self.ratings_differing)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ladder": self.ladder,
            "from_sequence": self.from_sequence,
            "matches_replayed": self.matches_replayed,
            "changes_differing": self.changes_differing,
            "ratings_differing": self.ratings_differing,
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

        # Ratings as they stood before ``start``: replay the kept changes' results.
        state: dict[int, PlayerState] = {}
        kept_matches: set[int] = set()
        kept = (
            RatingChange.objects.filter(ladder=ladder, sequence__lt=start)
            .order_by("sequence", "player_id")
            .values_list("match_id", "player_id", "mu_after", "sigma_after", "rank")
        )
        finished_at: dict[int, datetime] = {}
        kept_rows = list(kept.iterator(chunk_size=2000))
        kept_ids = sorted({row[0] for row in kept_rows})
        for chunk in _chunks(kept_ids):
            for pk, fin, created in Match.objects.filter(pk__in=chunk).values_list(
                "pk", "finished_at", "created"
            ):
                finished_at[pk] = fin or created
        for match_id, player_id, mu, sigma, rank in kept_rows:
            kept_matches.add(match_id)
            st = state.setdefault(player_id, PlayerState(ladder.mu, ladder.sigma))
            st.mu, st.sigma = mu, sigma
            st.games += 1
            st.wins += rank == 0
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
            ).only("pk", "finished_at", "created", "ladder_id", "rated", "state")
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
            current = {}
            for s in seats:
                st = state.setdefault(s.player_id, PlayerState(ladder.mu, ladder.sigma))
                current[s.player_id] = (st.mu, st.sigma)
            updates, backend = compute_updates(ladder, seats, current)
            when = activity_time(m)
            for u in updates:
                st = state[u.player_id]
                st.mu, st.sigma = u.mu_after, u.sigma_after
                st.games += 1
                st.wins += u.rank == 0
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
        top = max((c.sequence for c in new.values()), default=0)
        if top > ladder.last_sequence:
            ladder.last_sequence = top
            ladder.save(update_fields=["last_sequence"])
        summary.written = True
        return summary


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
