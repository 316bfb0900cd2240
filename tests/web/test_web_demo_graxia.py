"""The demo's Heroes of Graxia: rated bot matches on both of its ladders and a finished pod
event (issue #16: "the demo has rated matches and a finished pod event"), and their pages."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from matches.models import Match, MatchState
from ratings.models import Ladder, RatingChange
from tournaments.models import Format, State, Table, Tournament
from tournaments.outcome import placing_rows

# The demo is `make demo`'s, on the embedded default: its tests run in that pass.
pytestmark = [pytest.mark.django_db, pytest.mark.embedded]
LADDERS = {"heroes-of-graxia-1v1": 2, "heroes-of-graxia-ffa-4p": 4}


@pytest.fixture
def demo(django_capture_on_commit_callbacks, capsys):
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_demo", matches=2)
    capsys.readouterr()


def test_the_demo_has_rated_graxia_matches_and_a_finished_pod_event(client, demo):
    for slug, seats in LADDERS.items():
        ladder = Ladder.objects.get(slug=slug)
        played = Match.objects.filter(ladder=ladder, origin="demo", state=MatchState.FINISHED)
        assert played.count() == 2
        assert all(m.rated and m.seats.count() == seats for m in played)
        assert RatingChange.objects.filter(match__in=played).count() == 2 * seats
        kinds = {s.bot.split(":")[0] for m in played for s in m.seats.all()}
        assert kinds <= {"random", "heuristic"}  # its search bot is too slow for the demo
    event = Tournament.objects.get(name="Graxia Pod Night")
    assert (event.game, event.format, event.state) == (
        "heroes-of-graxia",
        Format.PODS,
        State.FINISHED,
    )
    tables = Table.objects.filter(round__tournament=event)
    assert [len(t.entries) for t in tables] == [4, 4]
    first = [r for r in placing_rows(event) if r["place"] == 1]
    assert event.winner_id == (first[0]["entry"] if len(first) == 1 else None)
    assert all(t.match.state == MatchState.FINISHED for t in tables)
    # their pages: the event, a match, its replay and its board
    match = Match.objects.filter(ladder__slug="heroes-of-graxia-ffa-4p", origin="demo").first()
    for url in (
        reverse("web-tournament", args=[event.pk]),
        reverse("web-match", args=[match.pk]),
        reverse("web-replay", args=[match.pk]) + "?step=40",
        f"/matches/{match.pk}/play/",
    ):
        answer = client.get(url)
        assert answer.status_code == 200, url
    board = client.get(f"/matches/{match.pk}/play/").content.decode()
    assert "Victory Points" in board and "platform's own starter catalogue" in board
