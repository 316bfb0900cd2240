"""The leaderboard shows, beside each conservative rating, the probability above the next player
and the 90% rank interval (ratings.uncertainty), with the sentence saying what they mean; the
API's leaderboard carries the same numbers."""

from __future__ import annotations

import re

import pytest

from players.models import Player
from ratings.models import Ladder, Rating
from ratings.service import conservative
from ratings.uncertainty import EXPLAINED

pytestmark = pytest.mark.django_db


def _rated(ladder, username, name, mu, sigma):
    player = Player.objects.create(username=username, display_name=name)
    Rating.objects.create(
        ladder=ladder,
        player=player,
        mu=mu,
        sigma=sigma,
        conservative=conservative(mu, sigma),
        games=10,
        wins=5,
    )
    return player


def test_leaderboard_rows_show_probability_above_next_and_rank_interval(client):
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    # A (30, 1), B (29, 1), C (28, 1): the three-player hand computation of
    # tests/ratings/test_ratings_uncertainty.py: above next 76% and 76%; ranks 1-2, 1-3, 2-3.
    _rated(ladder, "ana", "Ana", 30.0, 1.0)
    _rated(ladder, "bo", "Bo", 29.0, 1.0)
    _rated(ladder, "cy", "Cy", 28.0, 1.0)
    html = client.get(f"/ladders/{ladder.slug}/").content.decode()
    rows = re.findall(
        r'<a href="/players/[^/]+/">([^<]+)</a>.*?data-testid="above-next">([^<]+)</td>\s*'
        r'<td class="num" data-testid="rank-interval">([^<]+)</td>',
        html,
        re.S,
    )
    assert rows == [("Ana", "76%", "1–2"), ("Bo", "76%", "1–3"), ("Cy", "—", "2–3")]
    assert EXPLAINED in html.replace("&#x27;", "'")
    data = client.get(f"/api/ladders/{ladder.slug}/leaderboard/").json()
    results = data["results"] if isinstance(data, dict) else data
    assert [r["username"] for r in results] == ["ana", "bo", "cy"]
    assert results[0]["above_next"] == pytest.approx(0.7602, abs=2e-4)
    assert results[2]["above_next"] is None
    assert [(r["rank_low"], r["rank_high"]) for r in results] == [(1, 2), (1, 3), (2, 3)]
