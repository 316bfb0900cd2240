"""Paired comparisons of two versions of a bot on the platform: "is version B better than A?".

:func:`start` (who may publish the bot's versions) schedules ``games`` head-to-head matches
on a 1v1 ladder through the ladder's own scheduling: unrated (``rated=False``: no rating
moves, the leaderboard is untouched), origin ``version-comparison``, kept on the comparison,
in pairs on one seed with the seats swapped (:func:`ratings.comparison.schedule`). Versions
with a spec are played by the workers (in the embedded mode in-process, at once); an external
version's seats wait for its token (``matches.seat_rights``). :func:`summary` reads the games
back as the page shows them (:mod:`ratings.comparison`, pure, does the statistics).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from matches.models import MatchState, new_seed
from matches.scheduling import SeatSpec
from ratings import comparison
from ratings.models import BotVersion, Rating, VersionComparison
from ratings.versions import VersionRefused, may_publish

COMPARISON_ORIGIN = "version-comparison"


def check(ladder: Any, a: BotVersion, b: BotVersion, games: Any) -> None:
    """Raise :class:`~ratings.versions.VersionRefused` naming what is wrong."""
    if a.bot_id != b.bot_id:
        raise VersionRefused("Both versions must be of the same bot.", "b")
    if a.pk == b.pk:
        raise VersionRefused("Pick two different versions.", "b")
    if ladder.seats != 2 or ladder.team_size != 1:
        raise VersionRefused(f"{ladder.name} is not 1v1: a comparison is head to head.", "ladder")
    if ladder.game != a.game:
        raise VersionRefused(f"{ladder.name} is not a ladder of {a.game}.", "ladder")
    if isinstance(games, bool) or not isinstance(games, int):
        raise VersionRefused("games: a whole, even number.", "games")
    if not 2 <= games <= comparison.MAX_GAMES or games % 2:
        raise VersionRefused(
            f"An even number of games from 2 to {comparison.MAX_GAMES} "
            "(pairs on one deal, seats swapped).",
            "games",
        )


def start(
    ladder: Any, a: BotVersion, b: BotVersion, by: Any, games: int = comparison.DEFAULT_GAMES
) -> VersionComparison:
    """Schedule the comparison's games (see the module's docstring)."""
    if not may_publish(by, a.bot):
        raise VersionRefused(
            f"Only {a.bot.public_name} itself, its owner or staff may compare its versions.",
            status=403,
        )
    check(ladder, a, b, games)
    seat = {v.pk: SeatSpec(player=v.player, bot=v.spec) for v in (a, b)}
    with transaction.atomic():
        found = VersionComparison.objects.create(
            ladder=ladder, a=a, b=b, games=games, requested_by=by
        )
        seeds: dict[int, int] = {}
        for game in comparison.schedule(games):
            seed = seeds.setdefault(game.pair, new_seed()[0])
            seats = [seat[b.pk], seat[a.pk]] if game.b_first else [seat[a.pk], seat[b.pk]]
            match = ladder.schedule(
                seats, origin=COMPARISON_ORIGIN, created_by=by, rated=False, seed=seed
            )
            found.matches.add(match)
    return found


def summary(found: VersionComparison) -> dict[str, Any]:
    """The comparison as the page shows it (:func:`summaries` of one)."""
    return summaries([found])[0]


def summaries(found: list[VersionComparison]) -> list[dict[str, Any]]:
    """Each comparison as the page shows it: games finished of those scheduled, B's tally and
    verdict, both ratings on the ladder and their difference; a fixed number of queries for
    any number of comparisons (select ``a__player``, ``b__player`` and ``ladder`` with them)."""
    from matches.models import Match

    through = VersionComparison.matches.through
    links = list(
        through.objects.filter(versioncomparison_id__in=[c.pk for c in found]).values_list(
            "versioncomparison_id", "match_id"
        )
    )
    finished = {
        m.pk: {s.player_id: s.rank for s in m.seats.all()}
        for m in Match.objects.filter(
            pk__in=[mid for _, mid in links], state=MatchState.FINISHED
        ).prefetch_related("seats")
    }
    accounts = {v.player_id for c in found for v in (c.a, c.b)}
    ratings = {
        (r.ladder_id, r.player_id): r
        for r in Rating.objects.filter(
            ladder_id__in={c.ladder_id for c in found}, player_id__in=accounts
        )
    }
    out = []
    for c in found:
        mine = [mid for cid, mid in links if cid == c.pk]
        games = [finished[mid] for mid in mine if mid in finished]
        tally = comparison.tally(
            [comparison.outcome(r.get(c.b.player_id), r.get(c.a.player_id)) for r in games]
        )
        ra, rb = (
            ratings.get((c.ladder_id, c.a.player_id)),
            ratings.get((c.ladder_id, c.b.player_id)),
        )
        out.append(
            {
                "comparison": c,
                "a": c.a,
                "b": c.b,
                "scheduled": len(mine),
                "finished": len(games),
                "tally": tally,
                "verdict": comparison.verdict(
                    tally, c.b.player.public_name, c.a.player.public_name
                ),
                "rating_a": ra,
                "rating_b": rb,
                "difference": comparison.difference(
                    (ra.mu, ra.sigma) if ra else None, (rb.mu, rb.sigma) if rb else None
                ),
            }
        )
    return out
