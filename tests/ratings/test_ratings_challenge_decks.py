"""A bot challenge keeps the challenger's chosen deck on games that deal decks at random."""

from __future__ import annotations

import pytest

from players.models import Player
from ratings.challenges import challenge
from ratings.models import Ladder

pytestmark = pytest.mark.django_db


def test_a_chosen_khan_is_kept_and_the_other_seat_gets_another() -> None:
    ladder = Ladder.objects.create(slug="kok-duel", name="KoK duel", game="khan-of-khans", seats=2)
    me = Player.objects.create_user("khan-of-khans-heuristic-bot", password="x", is_bot=True)
    them = Player.objects.create_user("khan-of-khans-random-bot", password="x", is_bot=True)
    match = challenge(ladder, me, [them], by=me, deck="high-llama", enqueue=False)
    assert match.decks[0] == "high-llama"  # before the fix the engine dealt both at random
    assert match.decks[1] is not None and match.decks[1] != "high-llama"
