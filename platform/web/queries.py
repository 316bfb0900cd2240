"""Read-only queries shared by the pages (each a fixed, small number of SQL queries)."""

from __future__ import annotations

from django.db.models import Count, F, Prefetch, QuerySet, Window
from django.db.models.functions import Coalesce, RowNumber

from matches.models import Match, MatchSeat, MatchState
from ratings.explain import side_ranks
from ratings.models import Rating, RatingChange
from tournaments.models import Entry

HEAVY_FIELDS = ("actions", "digests", "decks", "options", "verification", "seed", "seed_nonce")


def match_list() -> QuerySet[Match]:
    """Matches for listing: ladder and seats with players, without the heavy record fields."""
    return (
        Match.objects.select_related("ladder")
        .prefetch_related(
            Prefetch("seats", queryset=MatchSeat.objects.select_related("player").order_by("seat"))
        )
        .defer(*HEAVY_FIELDS)
    )


def running_matches(limit: int = 10) -> list[Match]:
    return list(match_list().filter(state=MatchState.RUNNING).order_by("-started_at")[:limit])


def recent_finished(limit: int = 10) -> list[Match]:
    return list(
        match_list()
        .filter(state=MatchState.FINISHED, finished_at__isnull=False)
        .order_by("-finished_at", "-pk")[:limit]
    )


def ladder_leaders(per_ladder: int = 5) -> dict[int, list[Rating]]:
    """The top ``per_ladder`` ratings of every active ladder, in one query."""
    ranked = (
        Rating.objects.filter(ladder__active=True, games__gt=0)
        .annotate(
            position=Window(
                RowNumber(),
                partition_by=[F("ladder_id")],
                order_by=[F("conservative").desc(), F("games").desc(), F("player__username").asc()],
            )
        )
        .filter(position__lte=per_ladder)
        .select_related("player")
        .order_by("ladder_id", "position")
    )
    out: dict[int, list[Rating]] = {}
    for r in ranked:
        out.setdefault(r.ladder_id, []).append(r)
    return out


def recent_changes(ladder_id: int, player_ids: list[int], last: int = 10) -> dict[int, list[float]]:
    """Each player's last ``last`` conservative ratings on a ladder, oldest first (one query)."""
    rows = (
        RatingChange.objects.filter(ladder_id=ladder_id, player_id__in=player_ids)
        .annotate(
            recent=Window(
                RowNumber(), partition_by=[F("player_id")], order_by=[F("sequence").desc()]
            )
        )
        .filter(recent__lte=last)
        .order_by("player_id", "sequence")
        .values_list("player_id", "mu_before", "sigma_before", "mu_after", "sigma_after")
    )
    out: dict[int, list[float]] = {}
    for player_id, mu_b, sigma_b, mu_a, sigma_a in rows:
        series = out.setdefault(player_id, [])
        if not series:
            series.append(mu_b - 3 * sigma_b)
        series.append(mu_a - 3 * sigma_a)
    return out


def rating_history(player_id: int, last: int) -> dict[int, list[RatingChange]]:
    """A player's last ``last`` rating changes on each ladder, oldest first, each with
    ``played`` (when its match finished) and ``ranks`` (one rank per side of its match) for the
    latest one (two queries)."""
    rows = (
        RatingChange.objects.filter(player_id=player_id)
        .annotate(
            played=Coalesce("match__finished_at", "match__created"),
            recent=Window(
                RowNumber(), partition_by=[F("ladder_id")], order_by=[F("sequence").desc()]
            ),
        )
        .filter(recent__lte=last)
        .order_by("ladder_id", "sequence")
    )
    out: dict[int, list[RatingChange]] = {}
    for change in rows:
        out.setdefault(change.ladder_id, []).append(change)
    latest = {series[-1].match_id: series[-1] for series in out.values()}
    seats: dict[int, list[tuple]] = {}
    for match_id, team, rank, seat in MatchSeat.objects.filter(
        match_id__in=list(latest)
    ).values_list("match_id", "team", "rank", "seat"):
        seats.setdefault(match_id, []).append((team, rank, seat))
    for match_id, change in latest.items():
        change.ranks = side_ranks(seats.get(match_id, []))
    return out


def people_history(player_ids: list[int]) -> dict[int, dict[str, int]]:
    """Each person's ``games`` (finished matches played) and ``events`` (tournaments entered,
    as a player or a team's partner), for the staff's organiser requests (three queries)."""
    out = {pk: {"games": 0, "events": 0} for pk in player_ids}
    games = (
        MatchSeat.objects.filter(player_id__in=player_ids, match__state=MatchState.FINISHED)
        .values_list("player_id")
        .annotate(n=Count("match_id", distinct=True))
    )
    for pk, n in games:
        out[pk]["games"] = n
    for role in ("player_id", "partner_id"):
        entered = (
            Entry.objects.filter(**{f"{role}__in": player_ids})
            .values_list(role)
            .annotate(n=Count("tournament_id", distinct=True))
        )
        for pk, n in entered:
            out[pk]["events"] += n
    return out
