"""A ladder's seasons (ratings.seasons, ratings.season_rules, ratings.season_replay): the reset
rules by hand, ending a season (the final leaderboard frozen, every rating reset, the next
season open, the log), the refusals, and a recompute across seasons that reproduces all of it."""

from __future__ import annotations

import math
import random

import pytest
from django.core.management import call_command
from ratings_helpers import finished_match

from matches.models import Match, MatchState
from players.models import Player
from ratings import seasons
from ratings.models import (
    HeldRating,
    LadderLogEntry,
    Rating,
    RatingChange,
    Season,
    SeasonStanding,
)
from ratings.recompute import recompute_ladder
from ratings.season_rules import reset_pair, rule_text
from ratings.service import rate_match

pytestmark = pytest.mark.django_db

START = (25.0, 25.0 / 3)


def test_the_reset_rules_by_hand():
    # full: back to the ladder's start, whatever the rating was.
    assert reset_pair("full", 0.0, 31.5, 1.2, START) == START
    # widen by 4 from sigma 3: sqrt(9 + 16) = 5, mu kept.
    assert reset_pair("widen", 4.0, 31.5, 3.0, START) == (31.5, 5.0)
    # from sigma 8: sqrt(64 + 16) = 8.94 > 8.33, so a new player's sigma (never wider).
    assert reset_pair("widen", 4.0, 20.0, 8.0, START) == (20.0, START[1])
    assert rule_text("full", 0.0, START) == "ratings reset to 25 ± 8.33"
    assert rule_text("widen", 2.0, START) == "uncertainty widened by 2"
    with pytest.raises(ValueError):
        reset_pair("halve", 0.0, 1.0, 1.0, START)


@pytest.fixture
def organiser(db):
    return Player.objects.create_user("org", password="x-Strong-pass-9", role="organiser")


def play(ladder, people, n, seed):
    rng = random.Random(seed)
    matches = []
    for _ in range(n):
        a, b = rng.sample(people, 2)
        match = finished_match(ladder, [a, b], [0, 1])
        rate_match(match)
        matches.append(match)
    return matches


def ratings_of(ladder):
    return {
        r.player_id: (r.mu, r.sigma, r.conservative) for r in Rating.objects.filter(ladder=ladder)
    }


def test_ending_a_season_freezes_its_leaderboard_and_widens_every_rating(duel, people, organiser):
    play(duel, people[:4], 8, seed=3)
    implicit = seasons.current(duel)
    assert implicit.pk is None and implicit.number == 1 and implicit.reset == "full"
    before = {r.player_id: r for r in Rating.objects.filter(ladder=duel)}
    season = seasons.end(duel, organiser, "autumn is over", reset="widen", widen=2.0)
    duel.refresh_from_db()
    assert season.pk and season.end_sequence == 8 == duel.last_sequence
    rows = list(SeasonStanding.objects.filter(season=season).order_by("rank"))
    assert [r.player_id for r in rows] == [
        r.player_id
        for r in sorted(
            before.values(), key=lambda r: (-r.conservative, -r.games, r.player.username)
        )
    ]
    for row in rows:
        old = before[row.player_id]
        assert (row.mu, row.sigma, row.games, row.wins) == (old.mu, old.sigma, old.games, old.wins)
        assert 1 <= row.rank_low <= row.rank_high <= len(before)
    assert rows[-1].above_next is None and 0 < rows[0].above_next < 1
    for r in Rating.objects.filter(ladder=duel):
        old = before[r.player_id]
        assert r.mu == old.mu and r.games == old.games
        assert r.sigma == pytest.approx(min(duel.sigma, math.sqrt(old.sigma**2 + 4.0)))
        assert r.conservative == pytest.approx(r.mu - 3 * r.sigma)
    following = seasons.current(duel)
    assert (following.number, following.name, following.start_sequence) == (2, "Season 2", 8)
    assert (following.reset, following.widen) == ("widen", 2.0)
    entry = LadderLogEntry.objects.get(ladder=duel, action="season-end")
    assert entry.actor == organiser and entry.reason == "autumn is over"
    assert entry.detail["players"] == 4
    # The next season counts its own games: one match, two players ranked.
    a, b = people[4], people[0]
    rate_match(finished_match(duel, [a, b], [0, 1]))
    second = seasons.end(duel, organiser, "winter", reset="full")
    standing = {s.player_id: s for s in second.standings.all()}
    assert set(standing) == {a.pk, b.pk}
    assert standing[a.pk].games == 1 and standing[a.pk].wins == 1 and standing[a.pk].rank == 1
    assert all((r.mu, r.sigma) == START for r in Rating.objects.filter(ladder=duel))


def test_refusals_change_nothing(duel, people, organiser):
    play(duel, people[:3], 4, seed=1)
    before = ratings_of(duel)
    cases = [
        (people[0], "done", {}, 403, "non_field_errors"),
        (organiser, "   ", {}, 400, "reason"),
        (organiser, "done", {"reset": "halve"}, 400, "reset"),
        (organiser, "done", {"reset": "widen", "widen": 0.0}, 400, "widen"),
        (organiser, "done", {"reset": "widen", "widen": 99.0}, 400, "widen"),
    ]
    for actor, reason, kwargs, status, field in cases:
        with pytest.raises(seasons.SeasonRefused) as refused:
            seasons.end(duel, actor, reason, **kwargs)
        assert (refused.value.status, refused.value.field) == (status, field)
    assert ratings_of(duel) == before
    assert not Season.objects.exists() and not LadderLogEntry.objects.exists()
    seasons.end(duel, organiser, "done")
    with pytest.raises(seasons.SeasonRefused) as refused:  # Season 2 has no match yet
        seasons.end(duel, organiser, "again")
    assert refused.value.status == 409 and Season.objects.count() == 2


def test_a_held_rating_is_not_reset(duel, people, organiser):
    HeldRating.objects.create(ladder=duel, player=people[0], mu=30.0, sigma=1.0)
    play(duel, people[:3], 5, seed=2)
    seasons.end(duel, organiser, "done", reset="full")
    held = Rating.objects.get(ladder=duel, player=people[0])
    assert (held.mu, held.sigma) == (30.0, 1.0)
    assert recompute_ladder(duel, check=True).changed is False


def test_recompute_across_seasons_is_exact_and_finds_a_corruption(duel, people, organiser, capsys):
    play(duel, people[:5], 10, seed=4)
    first = seasons.end(duel, organiser, "one", reset="widen", widen=2.0)
    second_matches = play(duel, people[:5], 10, seed=5)
    second = seasons.end(duel, organiser, "two", reset="full")
    play(duel, people, 10, seed=6)
    # The first match after a boundary starts from the reset ratings.
    opening = RatingChange.objects.filter(ladder=duel, sequence=21)
    assert all((c.mu_before, c.sigma_before) == START for c in opening)
    summary = recompute_ladder(duel, check=True)
    assert summary.matches_replayed == 30
    assert (summary.changes_differing, summary.ratings_differing) == (0, 0)
    assert summary.standings_differing == 0 and not summary.changed
    call_command("recompute_ratings", duel.slug, "--check")
    assert "would change 0 rating changes and 0 ratings, 0 season standings" in (
        capsys.readouterr().out
    )
    # Replayed from the middle of season 2, too.
    assert not recompute_ladder(duel, from_sequence=15, check=True).changed

    # A corrupted rating is found and repaired.
    Rating.objects.filter(ladder=duel, player=people[1]).update(mu=40.0)
    assert recompute_ladder(duel, check=True).ratings_differing == 1
    # A corrupted frozen standing too.
    SeasonStanding.objects.filter(season=first, rank=1).update(mu=99.0)
    found = recompute_ladder(duel, check=True)
    assert found.standings_differing == 1 and found.ratings_differing == 1
    assert any(line.startswith("Season 1 player") for line in found.details)
    with pytest.raises(SystemExit):
        call_command("recompute_ratings", duel.slug, "--check")
    fixed = recompute_ladder(duel)
    assert fixed.written and not recompute_ladder(duel, check=True).changed
    assert SeasonStanding.objects.get(season=first, rank=1).mu != 99.0

    # A match voided in season 2: its final standings follow, season 3 does not move (full).
    season3 = ratings_of(duel)
    stood = list(second.standings.values_list("player_id", "mu"))
    Match.objects.filter(pk=second_matches[0].pk).update(state=MatchState.VOIDED)
    rewritten = recompute_ladder(duel)
    assert rewritten.standings_differing > 0
    assert list(second.standings.values_list("player_id", "mu")) != stood
    assert ratings_of(duel) == season3  # a full reset: season 3 starts afresh
    assert not recompute_ladder(duel, check=True).changed


def test_the_command_ends_a_season(duel, people, organiser, capsys):
    play(duel, people[:2], 2, seed=1)
    call_command("end_season", duel.slug, "--by", "org", "--reason", "done")
    out = capsys.readouterr().out
    assert "Season 1 ended at sequence 2 with 2 players ranked" in out
    assert "ratings reset to 25 ± 8.33" in out
