"""AracKhan Wars' modes chosen on a ladder: its options, checked by the engine, are every
match's, and the bots play them."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from matches.models import MatchState
from matches.scheduling import SeatSpec
from players.models import Player
from ratings.models import Ladder

pytestmark = pytest.mark.django_db


def test_a_ladder_in_objective_and_event_mode_plays_them(django_capture_on_commit_callbacks):
    ladder = Ladder(
        slug="akw-objectives",
        name="AracKhan Wars 1v1, Objective and Event modes",
        game="arackhan-wars",
        seats=2,
        options={"objectives": True, "events": True},
    )
    ladder.full_clean()
    ladder.save()
    players = [Player.objects.create(username=f"akw-bot-{i}", is_bot=True) for i in range(2)]
    with django_capture_on_commit_callbacks(execute=True):
        match = ladder.schedule([SeatSpec(p, "heuristic") for p in players], origin="test", seed=9)
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED
    assert match.options == {"objectives": True, "events": True}
    assert any(a.startswith("claim ") for a in match.actions)


def test_a_ladder_refuses_a_mode_its_seats_do_not_play():
    """The mode compatibility table: no Strategy phase on a 1v1 ladder (the field is named)."""
    ladder = Ladder(
        slug="akw-bad", name="bad", game="arackhan-wars", seats=2, options={"strategy": True}
    )
    with pytest.raises(ValidationError) as info:
        ladder.full_clean()
    assert "Strategy phase is not played in 1v1" in str(info.value.message_dict["options"])
