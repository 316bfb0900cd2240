"""Concurrent finishes on PostgreSQL: rating updates apply one at a time, none lost or doubled.

These run in the suite's PostgreSQL pass (``services``); SQLite serialises writers anyway.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone
from ratings_helpers import finished_match, run_threads

from matches.models import Match
from matches.signals import matches_finished
from players.models import Player
from ratings.matchmaking import matchmake
from ratings.models import Ladder, QueueEntry, Rating, RatingChange
from ratings.recompute import recompute_ladder

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_concurrent_finishes_lose_no_update_and_double_none():
    ladder = Ladder.objects.create(slug="race", name="Race", game="khan-of-khans", seats=4)
    players = [Player.objects.create(username=f"r{i}", is_bot=True) for i in range(8)]
    rng = random.Random(5)
    matches = [
        finished_match(ladder, rng.sample(players, 4), [rng.randrange(4) for _ in range(4)])
        for _ in range(30)
    ]
    # Every match is finished by two threads at once (a task delivered twice), in a shuffled order.
    jobs = [m.pk for m in matches] * 2
    rng.shuffle(jobs)
    n = 6

    def work(i):
        for pk in jobs[i::n]:
            with transaction.atomic():  # as the runner's finish: the match row locked, then rate
                match = Match.objects.select_for_update().get(pk=pk)
                matches_finished.send(sender=Match, matches=[match])

    run_threads(n, work)

    ladder.refresh_from_db()
    assert ladder.last_sequence == len(matches)
    changes = list(RatingChange.objects.filter(ladder=ladder).order_by("sequence", "player_id"))
    assert len(changes) == 4 * len(matches)  # none doubled, none lost
    sequence_of = {}
    for c in changes:
        assert sequence_of.setdefault(c.match_id, c.sequence) == c.sequence
    assert sorted(sequence_of.values()) == list(range(1, len(matches) + 1))
    # Each update started from the previous one's result: no update was lost in between.
    last = {}
    for c in changes:
        if c.player_id in last:
            assert (c.mu_before, c.sigma_before) == last[c.player_id]
        else:
            assert (c.mu_before, c.sigma_before) == (ladder.mu, ladder.sigma)
        last[c.player_id] = (c.mu_after, c.sigma_after)
    for rating in Rating.objects.filter(ladder=ladder):
        assert (rating.mu, rating.sigma) == last[rating.player_id]
        assert rating.games == sum(1 for c in changes if c.player_id == rating.player_id)
    # And a sequential replay in that order gives exactly the stored numbers.
    assert not recompute_ladder(ladder, check=True).changed


def test_concurrent_matchmakers_never_use_an_entry_twice():
    ladder = Ladder.objects.create(slug="mm-race", name="MM race", game="khan-of-khans", seats=2)
    bots = [Player.objects.create(username=f"m{i}", is_bot=True) for i in range(20)]
    now = timezone.now()
    QueueEntry.objects.bulk_create(
        QueueEntry(ladder=ladder, player=b, bot="random", joined_at=now - timedelta(minutes=5))
        for b in bots
    )
    reports = []

    def work(i):
        reports.append(matchmake(Ladder.objects.get(pk=ladder.pk), now=now, enqueue=False))

    run_threads(4, work)
    # skip_locked splits the queue between the rounds that overlapped (it may leave an odd one
    # over in two of them: the next round takes those); no entry is ever used twice.
    seats = list(Match.objects.filter(ladder=ladder).values_list("seats__player_id", flat=True))
    assert len(seats) == len(set(seats))
    left = set(QueueEntry.objects.filter(ladder=ladder).values_list("player_id", flat=True))
    assert left.isdisjoint(seats) and len(left) + len(seats) == 20
    assert sum(len(r.matches) for r in reports) == len(seats) // 2
    matchmake(Ladder.objects.get(pk=ladder.pk), now=now, enqueue=False)
    seats = list(Match.objects.filter(ladder=ladder).values_list("seats__player_id", flat=True))
    assert len(seats) == len(set(seats)) == 20  # everyone placed once, nobody twice
    assert not QueueEntry.objects.filter(ladder=ladder).exists()


def test_concurrent_batches_spanning_two_ladders_neither_deadlock_nor_lose_updates():
    """As the runner's finish_many: lock the batch's matches in pk order, then one signal."""
    ladders = [
        Ladder.objects.create(slug=f"span{i}", name=f"Span {i}", game="khan-of-khans", seats=2)
        for i in range(2)
    ]
    players = [Player.objects.create(username=f"s{i}", is_bot=True) for i in range(6)]
    rng = random.Random(9)
    matches = [finished_match(ladders[i % 2], rng.sample(players, 2), [0, 1]) for i in range(40)]
    jobs = [m.pk for m in matches] * 2
    rng.shuffle(jobs)
    batches = [jobs[i : i + 5] for i in range(0, len(jobs), 5)]  # each mixes both ladders
    n = 4

    def work(i):
        for batch in batches[i::n]:
            with transaction.atomic():
                locked = list(Match.objects.select_for_update().filter(pk__in=batch).order_by("pk"))
                rng_local = random.Random(i)
                rng_local.shuffle(locked)  # the batch's own order differs from thread to thread
                matches_finished.send(sender=Match, matches=locked)

    run_threads(n, work)
    for ladder in ladders:
        ladder.refresh_from_db()
        assert ladder.last_sequence == 20
        changes = list(RatingChange.objects.filter(ladder=ladder).order_by("sequence", "player_id"))
        assert len(changes) == 40
        assert sorted({c.sequence for c in changes}) == list(range(1, 21))
        last = {}
        for c in changes:
            assert (c.mu_before, c.sigma_before) == last.get(c.player_id, (ladder.mu, ladder.sigma))
            last[c.player_id] = (c.mu_after, c.sigma_after)
        assert not recompute_ladder(ladder, check=True).changed
