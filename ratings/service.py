"""TrueSkill rating updates, applied once per match in a defined order.

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

Recomputing a ladder from its history is :mod:`ratings.recompute`.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import trueskill
from django.db import transaction
from django.db.models import prefetch_related_objects

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


# A closing run's matches (ratings.closing): its contenders are frozen, so their skill does not
# drift between its games and they are rated without tau (with it, sigma could never shrink
# below the drift's floor, and the run's confidence never be reached: docs/ratings.md).
CLOSING_ORIGIN = "closing-run"


def drifts(match: Any) -> bool:
    """Whether ``match`` is rated with the ladder's tau (all but a closing run's matches)."""
    return getattr(match, "origin", "") != CLOSING_ORIGIN


def make_env(ladder: Any, backend: str | None = None, drift: bool = True) -> trueskill.TrueSkill:
    """The ladder's TrueSkill environment (``backend=None``: the package's default one;
    ``drift`` false: tau 0, for a closing run's frozen contenders)."""
    return trueskill.TrueSkill(
        mu=ladder.mu,
        sigma=ladder.sigma,
        beta=ladder.beta,
        tau=ladder.tau if drift else 0.0,
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
    ladder: Any, groups: Sequence[Sequence[Pair]], ranks: Sequence[int], drift: bool = True
) -> tuple[list[list[Pair]], str]:
    """New (mu, sigma) per member of each group, and the backend that computed them.

    ``groups`` are the teams (a free-for-all: one player per group); ``ranks`` one per group,
    0 best, equal ranks for a draw. The default backend first; ``mpmath`` if it raises.
    """
    try:
        return _rate_with(make_env(ladder, drift=drift), groups, ranks), DEFAULT_BACKEND
    except FloatingPointError:
        pass
    try:
        return _rate_with(make_env(ladder, MPMATH_BACKEND, drift), groups, ranks), MPMATH_BACKEND
    except (FloatingPointError, ValueError, ZeroDivisionError, OverflowError):
        pass
    import mpmath

    # The package's own advice when mpmath is not precise enough: raise ``mpmath.mp.dps``.
    try:
        with mpmath.workdps(MPMATH_HIGH_DPS):
            rated = _rate_with(make_env(ladder, MPMATH_BACKEND, drift), groups, ranks)
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
    ladder: Any,
    seats: Sequence[SeatOutcome],
    current: dict[int, Pair],
    held: Iterable[int] = (),
    drift: bool = True,
) -> tuple[list[Update], str]:
    """TrueSkill updates for one match; ``current`` holds each player's (mu, sigma) before it.

    A team's rank is the best rank among its seats (a finished match gives a team one rank).
    The players in ``held`` (reference bots, see :class:`~ratings.models.HeldRating`) keep
    their rating: the others are rated against it, it does not move.
    """
    held = set(held)
    groups = group_seats(seats)
    ranks = [min(s.rank for s in g) for g in groups]
    rated, backend = rate_groups(
        ladder, [[current[s.player_id] for s in g] for g in groups], ranks, drift
    )
    updates = []
    for g, rank, after in zip(groups, ranks, rated, strict=True):
        for s, (mu, sigma) in zip(g, after, strict=True):
            before = current[s.player_id]
            if s.player_id in held:
                mu, sigma = before
            updates.append(Update(s.player_id, before[0], before[1], mu, sigma, rank))
    updates.sort(key=lambda u: u.player_id)
    return updates, backend


def held_ratings(ladder_ids: Iterable[int]) -> dict[tuple[int, int], Pair]:
    """The held ratings of reference bots, by ``(ladder id, player id)``."""
    from ratings.models import HeldRating

    return {
        (h.ladder_id, h.player_id): (h.mu, h.sigma)
        for h in HeldRating.objects.filter(ladder_id__in=list(ladder_ids))
    }


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
        # The finish path has read the seats already (no query then); others read them here.
        prefetch_related_objects(list(todo.values()), "seats")
        seats_of: dict[int, list[SeatOutcome]] = {
            m.pk: sorted(_outcomes(m.seats.all()), key=lambda s: s.seat) for m in todo.values()
        }
        ratings: dict[tuple[int, int], Rating] = {
            (r.ladder_id, r.player_id): r
            for r in Rating.objects.filter(
                ladder_id__in=list(ladders),
                player_id__in={s.player_id for seats in seats_of.values() for s in seats},
            )
        }
        held = held_ratings(ladders)
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
                    mu, sigma = held.get(key, (ladder.mu, ladder.sigma))
                    ratings[key] = created[key] = Rating(
                        ladder=ladder,
                        player_id=s.player_id,
                        mu=mu,
                        sigma=sigma,
                        conservative=conservative(mu, sigma),
                    )
            current = {
                s.player_id: (
                    ratings[(ladder.pk, s.player_id)].mu,
                    ratings[(ladder.pk, s.player_id)].sigma,
                )
                for s in seats
            }
            for s in seats:  # a reference bot plays at its held rating, whatever the row says
                if (ladder.pk, s.player_id) in held:
                    current[s.player_id] = held[ladder.pk, s.player_id]
            updates, backend = compute_updates(
                ladder,
                seats,
                current,
                [p for (lid, p) in held if lid == ladder.pk],
                drift=drifts(match),
            )
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
