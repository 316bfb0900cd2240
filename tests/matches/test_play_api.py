"""Playing a match through the API: the seat's view, actions by session or API token (an
external bot), and every refusal a 4xx with a clear message that changes nothing."""

from __future__ import annotations

import random

import pytest
from rest_framework.test import APIClient

from matches.models import Match, MatchState
from matches.scheduling import SeatSpec, schedule_match
from players.models import ApiToken, Player
from ratings.models import Ladder
from tests.support.accounts import STRONG


@pytest.fixture
def people(db) -> list[Player]:
    return [Player.objects.create_user(f"player{i}", password=STRONG) for i in range(2)]


@pytest.fixture
def match(people) -> Match:
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    return schedule_match(ladder.game, [SeatSpec(p) for p in people], ladder=ladder)


def _client(user: Player | None = None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def _seat_to_act(match: Match) -> int:
    return _client().get(f"/api/matches/{match.pk}/play/").json()["to_act"]


def test_each_seat_gets_its_own_view_and_spectators_the_public_one(match, people):
    seat = _seat_to_act(match)
    mine = _client(people[seat]).get(f"/api/matches/{match.pk}/play/").json()
    theirs = _client(people[1 - seat]).get(f"/api/matches/{match.pk}/play/").json()
    public = _client().get(f"/api/matches/{match.pk}/play/").json()
    assert mine["seat"] == seat and mine["your_turn"] and mine["legal"]
    assert theirs["seat"] == 1 - seat and not theirs["your_turn"] and theirs["legal"] == []
    assert public["seat"] is None and public["legal"] == [] and not public["observation"]["hand"]
    assert mine["observation"]["hand"] != theirs["observation"]["hand"]
    assert str(match.seed) not in str(public) and str(match.seed) not in str(mine)


def test_a_whole_match_through_the_api_with_tokens(match, people):
    keys = [ApiToken.objects.create(user=p, name="bot")[1] for p in people]
    clients = []
    for key in keys:
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        clients.append(api)
    rng = random.Random(11)
    for _ in range(500):
        view = clients[0].get(f"/api/matches/{match.pk}/play/").json()
        if view["state"] != "running":
            break
        seat = view["to_act"]
        mine = clients[seat].get(f"/api/matches/{match.pk}/play/").json()
        action = rng.choice(mine["legal"])["action"]
        answer = clients[seat].post(
            f"/api/matches/{match.pk}/actions/", {"action": action, "ply": mine["ply"]}, "json"
        )
        assert answer.status_code == 200, answer.json()
        assert answer.json()["ply"] == mine["ply"] + 1 or answer.json()["state"] == "finished"
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED
    final = clients[0].get(f"/api/matches/{match.pk}/play/").json()
    assert final["result"]["ranks"] == match.result["ranks"] and final["legal"] == []
    record = _client().get(f"/api/matches/{match.pk}/record/").json()
    assert record["actions"] == match.actions


@pytest.mark.parametrize(
    "who, body, status, words",
    [
        ("actor", {"action": "play 99", "ply": 0}, 400, "Illegal action 'play 99'"),
        ("actor", {"action": "play 5"}, 400, "ply"),
        ("actor", {"action": "play 5", "ply": 0, "extra": 1}, 400, "extra"),
        ("actor", {"action": "play 5", "ply": 7}, 409, "at ply 0"),
        ("other", {"action": "play 5", "ply": 0}, 409, "not yours"),
        ("stranger", {"action": "play 5", "ply": 0}, 403, "no seat"),
        ("anonymous", {"action": "play 5", "ply": 0}, 401, ""),
    ],
)
def test_refusals_are_4xx_with_a_clear_message_and_change_nothing(
    match, people, who, body, status, words
):
    seat = _seat_to_act(match)
    user = {
        "actor": people[seat],
        "other": people[1 - seat],
        "stranger": Player.objects.create_user("stranger", password=STRONG),
        "anonymous": None,
    }[who]
    before = Match.objects.get(pk=match.pk)
    answer = _client(user).post(f"/api/matches/{match.pk}/actions/", body, "json")
    assert answer.status_code == status
    error = answer.json()["error"]
    assert words in error["message"]
    after = Match.objects.get(pk=match.pk)
    assert (after.actions, after.digests, after.state) == (
        before.actions,
        before.digests,
        before.state,
    )


def test_unknown_match_is_404(people):
    answer = _client(people[0]).post(
        "/api/matches/999999/actions/", {"action": "x", "ply": 0}, "json"
    )
    assert answer.status_code == 404
    assert _client().get("/api/matches/999999/play/").status_code == 404


def test_resign_through_the_api_ends_the_match_with_the_seat_last(match, people):
    answer = _client(people[1]).post(f"/api/matches/{match.pk}/resign/")
    assert answer.status_code == 200, answer.json()
    view = answer.json()
    assert view["state"] == "finished" and view["forfeit"]["kind"] == "resigned"
    assert view["result"]["ranks"] == [0, 1] and view["seat"] == 1
    record = _client().get(f"/api/matches/{match.pk}/record/").json()
    assert record["forfeit"]["reason"] == "resigned"
    again = _client(people[0]).post(f"/api/matches/{match.pk}/resign/")
    assert again.status_code == 409 and "finished" in again.json()["error"]["message"]


@pytest.mark.parametrize("who, status", [("stranger", 403), ("anonymous", 401)])
def test_resign_refusals_change_nothing(match, who, status):
    user = Player.objects.create_user("stranger", password=STRONG) if who == "stranger" else None
    answer = _client(user).post(f"/api/matches/{match.pk}/resign/")
    assert answer.status_code == status
    assert Match.objects.get(pk=match.pk).state == MatchState.RUNNING
