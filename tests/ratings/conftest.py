"""Fixtures of the ratings tests (helpers live in ratings_helpers.py)."""

from __future__ import annotations

import pytest
from ratings_helpers import PASSWORD

from players.models import Player
from ratings.models import Ladder


@pytest.fixture
def ffa(db) -> Ladder:
    """A 4-seat free-for-all ladder with the package's default parameters."""
    return Ladder.objects.create(slug="test-ffa", name="Test FFA", game="khan-of-khans", seats=4)


@pytest.fixture
def duel(db) -> Ladder:
    return Ladder.objects.create(
        slug="test-duel",
        name="Test duel",
        game="kingdom-of-warlords",
        seats=2,
        draw_probability=0.01,
    )


@pytest.fixture
def teams(db) -> Ladder:
    return Ladder.objects.create(
        slug="test-2v2", name="Test 2v2", game="khan-of-khans", seats=4, team_size=2
    )


@pytest.fixture
def people(db) -> list[Player]:
    return [Player.objects.create_user(f"p{i}", password=PASSWORD) for i in range(6)]
