"""The demo's ladders: every bot match reproduces and every ladder recomputes to the same numbers."""

import pytest
from django.core.management import call_command

from matches.models import Match, MatchState
from ratings.models import Ladder, RatingChange

# The demo is `make demo`'s, on the embedded default: its tests run in that pass.
pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


def test_demo_matches_all_reproduce_and_ladders_recompute_unchanged(
    capsys, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo", matches=3)
    finished = Match.objects.filter(origin="demo", state=MatchState.FINISHED)
    ladders = list(Ladder.objects.filter(active=True))
    assert finished.count() == 3 * len(ladders) and len(ladders) >= 3
    assert RatingChange.objects.count() == sum(m.seats.count() for m in finished)
    # The demo tournament played to its end (3 Swiss rounds of 4 tables, a top 4: 15 matches).
    from tournaments.models import State, Tournament

    event = Tournament.objects.get(name="Gauntlet Demo Open")
    assert event.state == State.FINISHED and event.winner_id is not None
    pods = Tournament.objects.get(name="Graxia Pod Night")  # two rounds of one 4-player pod
    assert pods.state == State.FINISHED
    from tournaments.outcome import placing_rows

    first = [r["entry"] for r in placing_rows(pods) if r["place"] == 1]
    assert pods.winner_id == (first[0] if len(first) == 1 else None)  # none for a shared 1st
    from insights.models import Study

    study = Study.objects.get()  # the demo's small bot study, played to its end
    everything = Match.objects.filter(state=MatchState.FINISHED).count()
    assert everything == finished.count() + 15 + 2 + study.matches
    capsys.readouterr()
    call_command("verify_matches", "--all")
    assert f"{everything} reproduce, 0 diverge" in capsys.readouterr().out
    for ladder in ladders:
        call_command("recompute_ratings", ladder.slug, "--check")  # raises when a number moves
