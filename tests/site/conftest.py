import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from players.models import Player
from tests.support.accounts import STRONG


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def player(db) -> Player:
    return Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")


@pytest.fixture
def token(api, player) -> str:
    response = api.post(
        "/api/auth/tokens/", {"username": "alice", "password": STRONG, "name": "bot"}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()["token"]
