import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from engines.arackhan_wars.decklist import export_text
from engines.arackhan_wars.format import starter_decks
from engines.decks import get_deck_format
from players.models import Player, Role
from tests.support.accounts import STRONG


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def alice(db) -> Player:
    return Player.objects.create_user("alice", "alice@example.org", STRONG)


@pytest.fixture
def bob(db) -> Player:
    return Player.objects.create_user("bob", "bob@example.org", STRONG)


@pytest.fixture
def organiser(db) -> Player:
    return Player.objects.create_user("olga", "olga@example.org", STRONG, role=Role.ORGANISER)


@pytest.fixture
def admin_user(db) -> Player:
    return Player.objects.create_user("root", "root@example.org", STRONG, role=Role.ADMIN)


def client_for(user: Player | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def as_alice(alice) -> APIClient:
    return client_for(alice)


@pytest.fixture
def as_bob(bob) -> APIClient:
    return client_for(bob)


@pytest.fixture
def grey_order_text() -> str:
    fmt = get_deck_format("arackhan-wars")
    return export_text(starter_decks()[2].data, fmt.shipped_catalogue(), "Grey Order")
