import pytest

from matches.scheduling import SeatSpec, schedule_match
from players.models import Player


@pytest.fixture
def bots(db):
    """Four bot accounts."""
    return [Player.objects.create(username=f"bot{i}", is_bot=True) for i in range(4)]


@pytest.fixture
def staff(db):
    return Player.objects.create_user("auditor", password="x-Strong-pass-9", role="admin")


@pytest.fixture
def make_match(bots):
    def make(game="khan-of-khans", kinds=("random", "random", "random", "random"), **kw):
        seats = [SeatSpec(player=bots[i], bot=kind) for i, kind in enumerate(kinds)]
        return schedule_match(game, seats, **kw)

    return make
