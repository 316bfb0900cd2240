"""Bot studies: refusals name the field, batches play each match once (twice queued, or after a
killed worker), the results feed the matrix as bot play; the API and the pages."""

from __future__ import annotations

import pytest

from insights.matrix import matrix
from insights.models import MatchupCount, Study, StudyMatch
from insights.studies import StudyRefused, pairings, progress, start_study
from insights.tasks import play_study_batch
from matches.models import Match, MatchState
from matches.runner import start_attempts
from players.models import Player

pytestmark = pytest.mark.django_db
AKW = "arackhan-wars"
DECKS = ["lightning-strike", "blight-prebuilt"]


@pytest.fixture
def organiser(db) -> Player:
    return Player.objects.create_user("org", password="x-Strong-pass-9", role="organiser")


def test_every_deck_meets_every_other_from_both_seats() -> None:
    plan = pairings(["a", "b", "c"], 7)
    assert plan[:6] == [["a", "b"], ["a", "c"], ["b", "a"], ["b", "c"], ["c", "a"], ["c", "b"]]
    assert plan[6] == ["a", "b"] and pairings([], 2) == [None, None]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"game": "chess"}, "game"),
        ({"decks": ["no-such-deck"]}, "decks"),
        ({"bot": "genius"}, "bot"),
        ({"matches": 0}, "matches"),
        ({"batch_size": 500}, "batch_size"),
    ],
)
def test_a_bad_study_is_refused_naming_the_field_and_nothing_is_saved(
    organiser, kwargs, field
) -> None:
    args = {"game": AKW, "decks": DECKS, "bot": "random", "matches": 4, **kwargs}
    with pytest.raises(StudyRefused) as refused:
        start_study(organiser, **args)
    assert refused.value.field == field
    assert not Study.objects.exists() and not Match.objects.exists()


def test_players_may_not_start_studies(db) -> None:
    player = Player.objects.create_user("pat", password="x-Strong-pass-9")
    with pytest.raises(StudyRefused, match="organisers and staff"):
        start_study(player, AKW, DECKS, "random", 2)


def test_batches_play_each_match_once_even_queued_twice_or_after_a_killed_worker(
    organiser,
) -> None:
    study = start_study(organiser, AKW, DECKS, "random", 6, batch_size=3)  # not committed: queued
    assert progress(study).done == 0 and StudyMatch.objects.filter(batch=1).count() == 3
    # a worker took batch 0 and died mid-batch: its matches stay running, with an attempt each
    ids = list(StudyMatch.objects.filter(batch=0).values_list("match_id", flat=True))
    start_attempts(ids, task_id="dead", worker="killed@host")
    assert Match.objects.filter(pk__in=ids, state=MatchState.RUNNING).count() == 3
    # the broker gives the batch again (acks_late), and a duplicate of it runs too
    assert play_study_batch.delay(study.pk, 0).get()["played"] == 3
    assert play_study_batch.delay(study.pk, 0).get()["played"] == 0
    assert progress(study).done == 3 and progress(study).state == "running"
    play_study_batch.delay(study.pk, 1).get()
    p = progress(study)
    assert (p.done, p.total, p.state) == (6, 6, "finished")
    # six matches, each counted once, as bot play, Nakka against Blight from both seats
    rows = MatchupCount.objects.filter(game=AKW, kind="pair", source="study")
    assert sum(r.games for r in rows.filter(key="Nakka")) == 6
    data = matrix(AKW, sources=["study"])
    assert data.keys == ["Blight", "Nakka"] and data.overall["Nakka"].games == 6
    assert not matrix(AKW, sources=["ladder"]).keys


def test_the_api_starts_a_study_and_reports_its_progress(
    client, organiser, django_capture_on_commit_callbacks
) -> None:
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):  # eager Celery: played at once
        made = client.post(
            "/api/insights/studies/",
            {"game": AKW, "decks": DECKS, "bot": "random", "matches": 4},
            content_type="application/json",
        )
    assert made.status_code == 201, made.content
    body = client.get(f"/api/insights/studies/{made.json()['study']}/").json()
    assert (body["done"], body["total"], body["state"], body["percent"]) == (4, 4, "finished", 100)
    bad = client.post(
        "/api/insights/studies/",
        {"game": AKW, "decks": ["nope"], "matches": 4},
        content_type="application/json",
    )
    assert bad.status_code == 400 and "decks" in bad.json()["error"]["fields"]
    client.logout()
    assert client.get("/api/insights/studies/999/").status_code == 404


def test_the_study_form_names_what_is_wrong(client, organiser) -> None:
    client.force_login(organiser)
    page = client.post(
        "/insights/studies/",
        {"game": AKW, "decks": "nope", "bot": "random", "matches": 3, "batch_size": 2},
    )
    assert page.status_code == 400 and "unknown deck &#x27;nope&#x27;" in page.content.decode()
    player = Player.objects.create_user("pat", password="x-Strong-pass-9")
    client.force_login(player)
    assert "study-form" not in client.get("/insights/studies/").content.decode()
    assert client.post("/insights/studies/", {"game": AKW}).status_code == 403
