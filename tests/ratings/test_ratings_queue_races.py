"""People joining a queue and their pages asking for rounds at the same moment, on PostgreSQL:
each join's round and each page's round lock the entries they take, so nobody is ever paired
twice and nobody is left waiting once the rounds are over.

These run in the suite's PostgreSQL pass (``services``); SQLite runs one round at a time.
"""

from __future__ import annotations

import pytest
from ratings_helpers import PASSWORD, run_threads

from matches.models import Match, MatchSeat
from players.models import Player
from ratings import rounds
from ratings.models import Ladder, QueueEntry, QueueWait
from ratings.queue import join_queue

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_joins_and_waiting_rounds_at_once_pair_everyone_exactly_once():
    ladder = Ladder.objects.create(
        slug="queue-race", name="Queue race", game="kingdom-of-warlords", seats=2
    )
    people = [Player.objects.create_user(f"racer{i}", password=PASSWORD) for i in range(8)]

    def work(i):
        me = Player.objects.get(pk=people[i].pk)
        join_queue(Ladder.objects.get(pk=ladder.pk), me, me)  # its round runs once committed
        for _ in range(2):  # the waiting page asking (unthrottled: every ask is a round)
            rounds.run_round(Ladder.objects.get(pk=ladder.pk))

    run_threads(len(people), work)
    rounds.run_round(ladder)  # a later ask takes any pair two overlapping rounds split
    seats = list(MatchSeat.objects.filter(match__ladder=ladder).values_list("player_id", flat=True))
    assert sorted(seats) == sorted(p.pk for p in people)  # everyone once, nobody twice
    assert Match.objects.filter(ladder=ladder).count() == len(people) // 2
    assert not QueueEntry.objects.filter(ladder=ladder).exists()
    assert QueueWait.objects.filter(ladder=ladder).count() == len(people)
