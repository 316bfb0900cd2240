"""Challenges between people through the API: create, list, accept with a deck, decline,
cancel, expiry; every refusal a 4xx naming the field, with nothing changed. Also the ladder's
turn clock on people's matches (challenges and the matchmaker)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from decks.models import DeckVersion
from decks.services import create_deck
from engines.registry import get_game
from matches.models import Match, MatchState
from players.models import Player
from ratings.matchmaking import matchmake
from ratings.models import Ladder, QueueEntry

pytestmark = pytest.mark.django_db
URL = "/api/person-challenges/"
LADDER = "kingdom-of-warlords-1v1"


@pytest.fixture
def people():
    return [
        Player.objects.create_user(n, password="x-Strong-pass-9") for n in ("ann", "ben", "cat")
    ]


def _client(user=None):
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def _army(owner, name="my army", legal=True, turn=0):
    army = list(get_game("kingdom-of-warlords").default_decks(2)[turn])
    if not legal:
        army = army[:-1]
    deck = create_deck(owner, "kingdom-of-warlords", name, data=army)
    return deck.versions.get(), army


def test_a_challenge_is_created_listed_and_accepted_with_both_decks(people):
    ann, ben, _ = people
    mine, ann_army = _army(ann, turn=1)
    theirs, ben_army = _army(ben, turn=0)
    made = _client(ann).post(
        URL, {"ladder": LADDER, "opponent": "BEN", "deck_version": mine.pk}, format="json"
    )
    assert made.status_code == 201, made.json()
    body = made.json()
    assert body["challenger"] == "ann" and body["opponent"] == "ben"
    assert body["state"] == "scheduled" and body["clock"] == {"initial": 900.0, "increment": 30.0}
    assert DeckVersion.objects.get(pk=mine.pk).used_at is not None
    assert DeckVersion.objects.get(pk=theirs.pk).used_at is None
    listed = _client(ben).get(URL).json()
    assert [c["id"] for c in listed["incoming"]] == [body["id"]] and listed["outgoing"] == []
    assert [c["id"] for c in _client(ann).get(URL).json()["outgoing"]] == [body["id"]]
    accepted = _client(ben).post(
        f"{URL}{body['id']}/accept/", {"deck_version": theirs.pk}, format="json"
    )
    assert accepted.status_code == 200, accepted.json()
    assert accepted.json()["state"] == "running"
    match = Match.objects.get(pk=body["id"])
    assert match.decks == [ann_army, ben_army]
    assert match.clock["remaining"][match.clock["seat"]] == 930.0
    assert DeckVersion.objects.get(pk=theirs.pk).used_at is not None
    view = _client(ben).get(f"/api/matches/{match.pk}/play/").json()
    assert view["seat"] == 1 and view["state"] == "running"
    assert _client(ben).get(URL).json() == {"incoming": [], "outgoing": []}


def test_accepting_without_a_deck_keeps_the_engines_default_and_a_custom_clock(people):
    ann, ben, _ = people
    made = _client(ann).post(
        URL,
        {"ladder": LADDER, "opponent": "ben", "clock": {"initial": 60, "increment": 5}},
        format="json",
    )
    assert made.json()["clock"] == {"initial": 60.0, "increment": 5.0}
    assert _client(ben).post(f"{URL}{made.json()['id']}/accept/").status_code == 200
    match = Match.objects.get(pk=made.json()["id"])
    assert match.state == MatchState.RUNNING and match.decks is None
    assert sorted(r for r in match.clock["remaining"]) == [60.0, 65.0]


@pytest.mark.parametrize("answer, who", [("decline", 1), ("cancel", 0), ("cancel", 1)])
def test_decline_or_cancel_aborts_and_a_second_answer_is_409(people, answer, who):
    made = _client(people[0]).post(URL, {"ladder": LADDER, "opponent": "ben"}, format="json")
    pk = made.json()["id"]
    answered = _client(people[who]).post(f"{URL}{pk}/{answer}/")
    assert answered.status_code == 200 and answered.json()["state"] == "aborted"
    again = _client(people[1]).post(f"{URL}{pk}/accept/")
    assert again.status_code == 409 and "no longer open" in again.json()["error"]["message"]


def test_the_challenger_cancels_their_challenge_and_cannot_decline_it(people):
    ann, ben, _ = people
    pk = _client(ann).post(URL, {"ladder": LADDER, "opponent": "ben"}, format="json").json()["id"]
    refused = _client(ann).post(f"{URL}{pk}/decline/")
    assert refused.status_code == 403
    message = refused.json()["error"]["message"]
    assert f"You sent challenge {pk}: cancel it instead" in message
    assert Match.objects.get(pk=pk).state == MatchState.SCHEDULED  # nothing changed
    listed = _client(ann).get(URL).json()
    assert [c["id"] for c in listed["outgoing"]] == [pk]
    assert _client(ann).post(f"{URL}{pk}/cancel/").json()["state"] == "aborted"


@pytest.mark.parametrize(
    "body, status, field",
    [
        ({"ladder": "nope", "opponent": "ben"}, 400, "ladder"),
        ({"ladder": "khan-of-khans-4p", "opponent": "ben"}, 400, "ladder"),
        ({"ladder": LADDER, "opponent": "nobody"}, 400, "opponent"),
        ({"ladder": LADDER, "opponent": "ann"}, 400, "opponent"),
        ({"ladder": LADDER, "opponent": "arena-bot"}, 400, "opponent"),
        ({"ladder": LADDER}, 400, "opponent"),
        ({"ladder": LADDER, "opponent": "ben", "clock": {"initial": -1}}, 400, "clock"),
        ({"ladder": LADDER, "opponent": "ben", "clock": "fast"}, 400, "clock"),
        ({"ladder": LADDER, "opponent": "ben", "deck_version": "others"}, 400, "deck_version"),
        ({"ladder": LADDER, "opponent": "ben", "deck_version": "illegal"}, 400, "deck_version"),
        ({"ladder": LADDER, "opponent": "ben", "deck_version": 999999}, 400, "deck_version"),
        ({"ladder": LADDER, "opponent": "ben", "colour": "red"}, 400, "colour"),
    ],
)
def test_refusals_name_the_field_and_create_nothing(people, body, status, field):
    ann, ben, _ = people
    Player.objects.create(username="arena-bot", is_bot=True)
    if body.get("deck_version") == "others":
        body = {**body, "deck_version": _army(ben)[0].pk}
    elif body.get("deck_version") == "illegal":
        body = {**body, "deck_version": _army(ann, legal=False)[0].pk}
    answer = _client(ann).post(URL, body, format="json")
    assert answer.status_code == status, answer.json()
    error = answer.json()["error"]
    assert field in error["fields"], error
    assert not Match.objects.exists()
    assert DeckVersion.objects.filter(used_at__isnull=False).count() == 0


def test_a_second_pending_challenge_between_the_same_people_is_409(people):
    _client(people[0]).post(URL, {"ladder": LADDER, "opponent": "ben"}, format="json")
    again = _client(people[1]).post(URL, {"ladder": LADDER, "opponent": "ann"}, format="json")
    assert again.status_code == 409 and "already" in again.json()["error"]["message"]
    assert Match.objects.count() == 1


def test_answer_refusals(people):
    ann, ben, cat = people
    pk = _client(ann).post(URL, {"ladder": LADDER, "opponent": "ben"}, format="json").json()["id"]
    own = _client(ann).post(f"{URL}{pk}/accept/")
    assert own.status_code == 403 and "opponent accepts" in own.json()["error"]["message"]
    assert _client(cat).post(f"{URL}{pk}/decline/").status_code == 404
    assert _client(ben).post(f"{URL}{pk}/maybe/").status_code == 404
    assert _client().post(f"{URL}{pk}/accept/").status_code == 401
    bad_deck = _client(ben).post(f"{URL}{pk}/accept/", {"deck_version": 0}, format="json")
    assert bad_deck.status_code == 400 and "deck_version" in bad_deck.json()["error"]["fields"]
    other = _army(cat)[0]
    stolen = _client(ben).post(f"{URL}{pk}/accept/", {"deck_version": other.pk}, format="json")
    assert stolen.status_code == 400 and "ben has no deck version" in str(stolen.json())
    declined_with_deck = _client(ben).post(
        f"{URL}{pk}/decline/", {"deck_version": _army(ben)[0].pk}, format="json"
    )
    assert declined_with_deck.status_code == 400
    assert Match.objects.get(pk=pk).state == MatchState.SCHEDULED


def test_an_unanswered_challenge_expires(people, settings):
    settings.PERSON_CHALLENGE_EXPIRY_SECONDS = 60
    ann, ben, _ = people
    pk = _client(ann).post(URL, {"ladder": LADDER, "opponent": "ben"}, format="json").json()["id"]
    fresh = Match.objects.get(pk=pk)
    listed = _client(ben).get(URL).json()["incoming"][0]
    assert listed["expires_at"] == (fresh.created + timedelta(seconds=60)).isoformat()
    Match.objects.filter(pk=pk).update(created=fresh.created - timedelta(seconds=61))
    assert _client(ben).get(URL).json()["incoming"] == []
    late = _client(ben).post(f"{URL}{pk}/accept/")
    assert late.status_code == 409 and "expired" in late.json()["error"]["message"]
    assert Match.objects.get(pk=pk).state == MatchState.ABORTED


def test_the_ladder_clock_is_in_the_api_and_the_matchmaker_uses_it(people):
    ladder = Ladder.objects.get(slug=LADDER)
    ladder.clock_initial, ladder.clock_increment = 120, 3
    ladder.save()
    shown = _client().get(f"/api/ladders/{LADDER}/").json()
    assert (shown["clock_initial"], shown["clock_increment"]) == (120, 3)
    for person in people[:2]:
        QueueEntry.objects.create(ladder=ladder, player=person, joined_at=ladder.created)
    report = matchmake(ladder, enqueue=True)
    match = Match.objects.get(pk=report.matches[0])
    assert match.state == MatchState.RUNNING and match.options == {}
    assert (match.clock["initial"], match.clock["increment"]) == (120.0, 3.0)
    assert match.clock_deadline is not None


def test_a_ladder_without_a_clock_gives_its_challenges_none(people):
    ladder = Ladder.objects.get(slug=LADDER)
    assert ladder.clock_label() == "15 min + 30 s a turn"
    ladder.clock_initial = ladder.clock_increment = 0
    ladder.save()
    assert ladder.match_options() is None and ladder.clock_label() == ""
    made = _client(people[0]).post(URL, {"ladder": LADDER, "opponent": "ben"}, format="json")
    assert made.json()["clock"] is None


def test_the_challenged_person_is_told(people, monkeypatch, django_capture_on_commit_callbacks):
    told = []
    monkeypatch.setattr(
        "players.notifications.notify", lambda pk, kind, payload: told.append((pk, kind, payload))
    )
    with django_capture_on_commit_callbacks(execute=True):
        made = _client(people[0]).post(URL, {"ladder": LADDER, "opponent": "ben"}, format="json")
    assert told == [
        (
            people[1].pk,
            "challenge",
            {"match": made.json()["id"], "ladder": LADDER, "from": "ann", "url": "/play/"},
        )
    ]


def test_beat_aborts_unanswered_challenges(people, settings):
    from celery import current_app

    from ratings.tasks import expire_person_challenges

    settings.PERSON_CHALLENGE_EXPIRY_SECONDS = 60
    entry = current_app.conf.beat_schedule["ratings.expire_person_challenges"]
    assert entry["task"] == "ratings.expire_person_challenges" and entry["schedule"] <= 60
    old, fresh = (
        _client(people[0]).post(URL, {"ladder": LADDER, "opponent": n}, format="json").json()["id"]
        for n in ("ben", "cat")
    )
    Match.objects.filter(pk=old).update(created=timezone.now() - timedelta(seconds=61))
    assert expire_person_challenges() == 1
    assert Match.objects.get(pk=old).state == MatchState.ABORTED
    assert Match.objects.get(pk=fresh).state == MatchState.SCHEDULED
