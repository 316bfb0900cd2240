"""Reference bots: their rating held through updates and recomputes, their regular matches
against the field, and where the field stands against them over time."""

from __future__ import annotations

import statistics
from datetime import timedelta

import pytest

from insights.drift import drift
from insights.reference import ReferenceRefused, add_reference_bot, reference_round
from insights.tasks import reference_matches
from matches.models import Match
from players.models import Player
from ratings.models import Ladder, Rating, RatingChange
from ratings.recompute import recompute_ladder
from ratings.service import rate_match
from tests.ratings.ratings_helpers import T0, finished_match

pytestmark = pytest.mark.django_db
KOW = "kingdom-of-warlords-1v1"


@pytest.fixture
def ladder(db) -> Ladder:
    return Ladder.objects.get(slug=KOW)


def field_bot(name: str) -> Player:
    from ratings.models import BotProfile

    bot = Player.objects.create(username=name, is_bot=True)
    BotProfile.objects.create(player=bot, game="kingdom-of-warlords", spec="random")
    return bot


def test_a_reference_bot_keeps_its_rating_and_moves_the_field(ladder) -> None:
    ref = add_reference_bot(ladder, "random", mu=20.0, sigma=2.0)
    assert ref.username == "ref-kingdom-of-warlords-1v1-random"
    fay = Player.objects.create_user("fay", password="x-Strong-pass-9")
    for ranks in ([0, 1], [0, 1], [1, 0]):
        rate_match(finished_match(ladder, [fay, ref], ranks))
    held = Rating.objects.get(ladder=ladder, player=ref)
    assert (held.mu, held.sigma, held.games, held.wins) == (20.0, 2.0, 3, 1)
    assert all(
        (c.mu_before, c.sigma_before) == (c.mu_after, c.sigma_after) == (20.0, 2.0)
        for c in RatingChange.objects.filter(player=ref)
    )
    moved = Rating.objects.get(ladder=ladder, player=fay)
    assert moved.mu != ladder.mu and moved.games == 3
    # a recompute from the history agrees, the reference bot still held
    summary = recompute_ladder(ladder)
    assert not summary.changed, summary.as_dict()
    assert Rating.objects.get(ladder=ladder, player=ref).mu == 20.0


def test_a_bad_spec_is_refused_naming_it(ladder) -> None:
    with pytest.raises(ReferenceRefused) as refused:
        add_reference_bot(ladder, "genius")
    assert refused.value.field == "spec"


def test_the_beat_plays_reference_matches_against_the_field(
    ladder, django_capture_on_commit_callbacks
) -> None:
    ref = add_reference_bot(ladder, "random", mu=22.0, sigma=1.5)
    field = [field_bot(f"kow-field-{i}") for i in range(3)]
    assert len(reference_round(ladder)) == 1  # scheduled; this test does not commit
    with django_capture_on_commit_callbacks(execute=True):
        assert reference_matches()[KOW] == 1
    played = Match.objects.filter(origin="reference", state="finished")
    assert played.count() == 1
    seats = {s.player_id for s in played.get().seats.all()}
    assert ref.pk in seats and seats - {ref.pk} <= {b.pk for b in field}
    assert Rating.objects.get(ladder=ladder, player=ref).mu == 22.0


def test_the_field_against_a_reference_bot_by_day(ladder, client) -> None:
    ref = add_reference_bot(ladder, "random", mu=25.0, sigma=1.0)
    fay, gus, hal = (Player.objects.create_user(n, password="x-Strong-pass-9") for n in "fgh")
    for day in range(3):  # each day: fay beats the reference once and loses once; gus beats hal
        at = T0 + timedelta(days=day, hours=10)
        for k, ranks in enumerate(([0, 1], [1, 0])):
            rate_match(finished_match(ladder, [fay, ref], ranks, at=at + timedelta(minutes=k)))
        rate_match(finished_match(ladder, [gus, hal], [0, 1], at=at + timedelta(minutes=5)))
    found = drift(ladder)
    assert found.unit == "day" and len(found.periods) == 3
    assert [p.against[ref.pk] for p in found.periods] == [[2, 1.0]] * 3
    field_mu = [r.mu for r in Rating.objects.filter(ladder=ladder).exclude(player=ref)]
    assert found.periods[-1].median_mu == pytest.approx(statistics.median(field_mu))
    page = client.get(f"/ladders/{KOW}/").content.decode()
    assert "Against the reference bots" in page and "Reference bot (random)" in page
    assert "50 %" in page and 'svg class="chart"' in page
