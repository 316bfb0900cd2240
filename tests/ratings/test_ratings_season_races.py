"""A season ended while matches are being rated, on PostgreSQL: the ladder's row lock puts each
match wholly before or after the boundary, so a recompute finds nothing to change.

In the suite's PostgreSQL pass (``services``); SQLite serialises writers anyway.
"""

from __future__ import annotations

import random
import time

import pytest
from django.db import transaction
from ratings_helpers import finished_match, run_threads

from players.models import Player
from ratings import seasons
from ratings.models import Ladder, RatingChange, Season
from ratings.recompute import recompute_ladder
from ratings.service import rate_match

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_season_ended_during_rating_updates_is_one_boundary():
    ladder = Ladder.objects.create(slug="race", name="Race", game="kingdom-of-warlords", seats=2)
    boss = Player.objects.create_user("boss", password="x-Strong-pass-9", role="admin")
    players = [Player.objects.create(username=f"r{i}", is_bot=True) for i in range(6)]
    rng = random.Random(9)
    rate_match(finished_match(ladder, players[:2], [0, 1]))  # the season has a match to end on
    matches = [finished_match(ladder, rng.sample(players, 2), [0, 1]) for _ in range(40)]
    n = 4

    def work(i):
        if i == n:  # the organiser, while the others rate
            time.sleep(0.05)
            seasons.end(ladder, boss, "mid-race", reset="widen", widen=1.5)
            return
        for match in matches[i::n]:
            with transaction.atomic():
                rate_match(match)

    run_threads(n + 1, work)

    ended = Season.objects.get(ladder=ladder, number=1)
    assert 1 <= ended.end_sequence <= 41
    assert RatingChange.objects.filter(ladder=ladder).count() == 2 * 41
    summary = recompute_ladder(ladder, check=True)
    assert summary.matches_replayed == 41
    assert not summary.changed, summary.details
    assert ended.standings.count() >= 2
