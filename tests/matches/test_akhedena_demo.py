"""The demo's Akhedena Quick Match ladders: a few rated bot matches each, that reproduce."""

import pytest
from django.core.management import call_command

from matches import audit
from matches.models import Match, MatchState
from ratings.models import Ladder, RatingChange

# The demo is `make demo`'s, on the embedded default: its tests run in that pass.
pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


def test_the_demo_has_a_few_rated_akhedena_matches_on_each_ladder(
    capsys, django_capture_on_commit_callbacks
):
    """Four bot matches per Akhedena ladder (fewer than the other ladders' five here: the demo
    stays fast), random and heuristic bots only, each rated and reproducing."""
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo", matches=5)
    capsys.readouterr()
    for slug, seats in (("akhedena-1v1", 2), ("akhedena-ffa-4p", 4)):
        ladder = Ladder.objects.get(slug=slug)
        matches = list(Match.objects.filter(ladder=ladder, origin="demo"))
        assert len(matches) == 4
        for match in matches:
            assert match.state == MatchState.FINISHED and match.rated
            assert match.seats.count() == seats
            assert {s.bot.split(":")[0] for s in match.seats.all()} <= {"random", "heuristic"}
            assert RatingChange.objects.filter(match=match).count() == seats
            assert audit.verify(match).ok
    other = Ladder.objects.get(slug="khan-of-khans-2p")
    assert Match.objects.filter(ladder=other, origin="demo").count() == 5
