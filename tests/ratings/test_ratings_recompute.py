"""Recomputing a ladder from its match history: same numbers, voids skipped, corrections used."""

from __future__ import annotations

import random

import pytest
from django.core.management import call_command
from ratings_helpers import finished_match

from matches.models import Match, MatchSeat, MatchState
from matches.signals import match_reopened
from ratings.models import Ladder, Rating, RatingChange
from ratings.recompute import recompute_ladder
from ratings.service import rate_match

pytestmark = pytest.mark.django_db

RATING_FIELDS = ("player_id", "mu", "sigma", "conservative", "games", "wins", "last_active")
CHANGE_FIELDS = (
    "id",
    "match_id",
    "player_id",
    "sequence",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
    "rank",
    "backend",
    "created",
)


def snapshot(ladder):
    return (
        list(
            Rating.objects.filter(ladder=ladder).order_by("player_id").values_list(*RATING_FIELDS)
        ),
        list(RatingChange.objects.filter(ladder=ladder).order_by("id").values_list(*CHANGE_FIELDS)),
        Ladder.objects.get(pk=ladder.pk).last_sequence,
    )


def random_history(ladder, people, n, seed=1):
    rng = random.Random(seed)
    matches = []
    for _ in range(n):
        players = rng.sample(people, ladder.seats)
        ranks = [rng.randrange(ladder.seats) for _ in players]  # ties now and then
        match = finished_match(ladder, players, ranks)
        rate_match(match)
        matches.append(match)
    return matches


def test_recompute_on_an_untouched_ladder_changes_no_number(ffa, people):
    random_history(ffa, people, 30)
    before = snapshot(ffa)
    summary = recompute_ladder(ffa)
    assert summary.matches_replayed == 30
    assert not summary.changed and not summary.written
    assert snapshot(ffa) == before  # row ids, timestamps and every float identical


def test_check_of_an_untouched_ladder_exits_zero(duel, people, capsys):
    random_history(duel, people, 10)
    call_command("recompute_ratings", duel.slug, "--check")
    assert "would change 0 rating changes and 0 ratings" in capsys.readouterr().out


def _fresh_ladder_like(ladder, slug):
    return Ladder.objects.create(
        slug=slug,
        name=slug,
        game=ladder.game,
        seats=ladder.seats,
        draw_probability=ladder.draw_probability,
    )


def _replay_on(ladder, matches):
    """Rate copies of ``matches`` (their current ranks) on ``ladder``; ratings by player."""
    for m in matches:
        seats = list(m.seats.order_by("seat"))
        rate_match(
            finished_match(
                ladder, [s.player for s in seats], [s.rank for s in seats], at=m.finished_at
            )
        )
    return {
        r.player_id: (r.mu, r.sigma, r.games, r.wins, r.last_active)
        for r in Rating.objects.filter(ladder=ladder)
    }


def _ratings(ladder):
    return {
        r.player_id: (r.mu, r.sigma, r.games, r.wins, r.last_active)
        for r in Rating.objects.filter(ladder=ladder)
    }


def test_a_voided_match_is_skipped(ffa, people):
    matches = random_history(ffa, people, 12)
    voided = matches[4]
    Match.objects.filter(pk=voided.pk).update(state=MatchState.VOIDED)
    summary = recompute_ladder(ffa)
    assert summary.written and summary.dropped_matches == [voided.pk]
    assert not RatingChange.objects.filter(match=voided).exists()
    kept = [m for m in matches if m.pk != voided.pk]
    assert _ratings(ffa) == _replay_on(_fresh_ladder_like(ffa, "reference"), kept)
    # Sequence numbers stay those of the original order (the voided one leaves a gap).
    sequences = sorted(
        set(RatingChange.objects.filter(ladder=ffa).values_list("sequence", flat=True))
    )
    assert sequences == [s for s in range(1, 13) if s != 5]
    # Changes before the voided match were not rewritten.
    assert RatingChange.objects.filter(ladder=ffa, sequence__lt=5).count() == 16


def test_a_corrected_result_uses_the_corrected_ranks(duel, people):
    matches = random_history(duel, people, 8)
    corrected = matches[2]
    for seat in MatchSeat.objects.filter(match=corrected):
        seat.rank = 1 - seat.rank if seat.rank in (0, 1) else seat.rank
        seat.save()
    corrected.refresh_from_db()
    summary = recompute_ladder(duel)
    assert summary.changed and summary.rewritten_from == 3
    assert _ratings(duel) == _replay_on(_fresh_ladder_like(duel, "reference"), matches)


def test_match_reopened_recomputes_from_that_match_on(ffa, people):
    matches = random_history(ffa, people, 10)
    untouched = list(
        RatingChange.objects.filter(ladder=ffa, sequence__lt=7).values_list(*CHANGE_FIELDS)
    )
    Match.objects.filter(pk=matches[6].pk).update(state=MatchState.VOIDED)
    match_reopened.send(sender=Match, match=Match.objects.get(pk=matches[6].pk), action="void")
    assert not RatingChange.objects.filter(match=matches[6]).exists()
    assert (
        list(RatingChange.objects.filter(ladder=ffa, sequence__lt=7).values_list(*CHANGE_FIELDS))
        == untouched
    )
    kept = [m for m in matches if m.pk != matches[6].pk]
    assert _ratings(ffa) == _replay_on(_fresh_ladder_like(ffa, "reference"), kept)


def test_recompute_from_a_sequence_equals_a_full_recompute(duel, people):
    matches = random_history(duel, people, 12, seed=7)
    Match.objects.filter(pk=matches[8].pk).update(state=MatchState.VOIDED)
    recompute_ladder(duel, from_sequence=9)
    partial = snapshot(duel)
    summary = recompute_ladder(duel)
    assert not summary.changed
    assert snapshot(duel) == partial


def test_check_reports_differences_changes_nothing_and_exits_nonzero(duel, people, capsys):
    matches = random_history(duel, people, 6)
    Match.objects.filter(pk=matches[1].pk).update(state=MatchState.VOIDED)
    before = snapshot(duel)
    with pytest.raises(SystemExit) as exc:
        call_command("recompute_ratings", duel.slug, "--check")
    assert exc.value.code == 1
    out = capsys.readouterr().out
    assert "would change" in out and f"match {matches[1].pk}" in out
    assert snapshot(duel) == before
    call_command("recompute_ratings", duel.slug)
    call_command("recompute_ratings", duel.slug, "--check")  # now clean: no SystemExit


def test_recompute_rates_a_finished_match_that_never_was(duel, people):
    matches = random_history(duel, people, 4)
    late = finished_match(duel, people[:2], [0, 1])  # its rating was never applied
    summary = recompute_ladder(duel)
    assert summary.added_matches == [late.pk]
    assert RatingChange.objects.get(match=late, player=people[0]).sequence == 5
    assert _ratings(duel) == _replay_on(_fresh_ladder_like(duel, "reference"), [*matches, late])


def test_a_player_whose_only_match_is_voided_leaves_the_leaderboard(duel, people):
    random_history(duel, people[:4], 3)
    lone = finished_match(duel, [people[0], people[5]], [1, 0])
    rate_match(lone)
    assert Rating.objects.filter(ladder=duel, player=people[5]).exists()
    Match.objects.filter(pk=lone.pk).update(state=MatchState.VOIDED)
    recompute_ladder(duel)
    assert not Rating.objects.filter(ladder=duel, player=people[5]).exists()


def test_unknown_ladder_is_a_command_error(db):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="no ladder 'nope'"):
        call_command("recompute_ratings", "nope")


def test_voiding_and_correcting_through_the_audit_recompute_the_ladder(duel, people):
    """The admin path: matches.audit sends match_reopened inside its transaction."""
    from matches import audit

    admin = people[5]
    matches = random_history(duel, people[:4], 8, seed=3)
    audit.void(matches[3].pk, admin, "bot crashed mid-match")
    assert not RatingChange.objects.filter(match=matches[3]).exists()
    target = matches[5]
    ranks = [s.rank for s in target.seats.order_by("seat")]
    audit.correct(target.pk, admin, "result misreported", [1, 0] if ranks != [1, 0] else [0, 1])
    kept = [Match.objects.get(pk=m.pk) for m in matches if m.pk != matches[3].pk]
    assert _ratings(duel) == _replay_on(_fresh_ladder_like(duel, "reference"), kept)
    assert not recompute_ladder(duel, check=True).changed


def test_ensure_ladders_creates_only_what_is_missing(db, capsys):
    from ratings.defaults import DEFAULT_LADDERS
    from ratings.matchmaking import arena_bots

    Ladder.objects.filter(slug="khan-of-khans-2p").delete()
    Ladder.objects.filter(slug="khan-of-khans-4p").update(draw_probability=0.2)
    call_command("ensure_ladders", "--arena")
    out = capsys.readouterr().out
    assert "khan-of-khans-2p: created" in out and "khan-of-khans-4p: exists" in out
    ladders = {ladder.slug: ladder for ladder in Ladder.objects.all()}
    assert ladders["khan-of-khans-4p"].draw_probability == 0.2  # never overwritten
    for spec in DEFAULT_LADDERS:
        ladder = ladders[spec.slug]
        assert (ladder.game, ladder.seats, ladder.bot_arena) == (spec.game, spec.seats, True)
        # The arena has more bots than seats, each playable by a worker.
        assert len(arena_bots(ladder)) > ladder.seats
    specs = dict((p.username, s) for p, s in arena_bots(ladders["khan-of-khans-4p"]))
    assert specs["khan-of-khans-search500-bot"] == "search:500"
    assert specs["khan-of-khans-random-bot"] == "random"
    call_command("ensure_ladders", "--arena")  # a second run creates nothing
    assert "created" not in capsys.readouterr().out
