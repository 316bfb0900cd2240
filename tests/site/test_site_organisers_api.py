"""The organiser requests API: ``/api/me/organiser-request/`` for the person, and
``/api/staff/organiser-requests/`` (list, approve, refuse) for staff; errors in the one shape."""

from __future__ import annotations

import pytest

from players.models import Notification, OrganiserRequest, Player, RequestState, Role
from tests.support.accounts import STRONG

pytestmark = pytest.mark.django_db
MINE = "/api/me/organiser-request/"
STAFF = "/api/staff/organiser-requests/"


@pytest.fixture
def admin(db) -> Player:
    return Player.objects.create_user("boss", "boss@example.org", STRONG, role=Role.ADMIN)


def error(response) -> dict:
    return response.json()["error"]


def ask(api, player: Player, **body):
    api.force_authenticate(player)
    body.setdefault("reason", "I run the Friday league.")
    return api.post(MINE, body, format="json")


def test_a_person_asks_reads_their_request_and_cannot_ask_twice(api, player, admin):
    api.force_authenticate(player)
    none = api.get(MINE)
    assert none.status_code == 404 and error(none)["code"] == "not_found"
    made = ask(api, player, reason="  I run the Friday league.  ", venue="store")
    assert made.status_code == 201, made.content
    body = made.json()
    assert {k: body[k] for k in ("username", "name", "reason", "venue", "state", "answer")} == {
        "username": "alice",
        "name": "Alice",
        "reason": "I run the Friday league.",
        "venue": "store",
        "state": "pending",
        "answer": "",
    }
    assert body["decided_by"] is None and body["decided_at"] is None
    assert api.get(MINE).json() == body
    assert Notification.objects.filter(player=admin, kind="organiser_request").count() == 1
    again = ask(api, player)
    assert again.status_code == 409
    assert error(again)["code"] == "conflict" and "still waiting" in error(again)["message"]
    assert OrganiserRequest.objects.count() == 1


@pytest.mark.parametrize(
    "body, field",
    [
        ({"reason": ""}, "reason"),
        ({"reason": "   "}, "reason"),
        ({"venue": "store"}, "reason"),
        ({"reason": "x" * 1001}, "reason"),
        ({"reason": "Fine", "venue": "garage"}, "venue"),
        ({"reason": "Fine", "role": "admin"}, "role"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(api, player, body, field):
    api.force_authenticate(player)
    bad = api.post(MINE, body, format="json")
    assert bad.status_code == 400
    assert error(bad)["code"] == "invalid" and list(error(bad)["fields"]) == [field]
    assert not OrganiserRequest.objects.exists()
    player.refresh_from_db()
    assert player.role == Role.PLAYER


def test_signed_out_and_organisers_cannot_ask(api, player):
    assert api.post(MINE, {"reason": "Hello"}, format="json").status_code in (401, 403)
    org = Player.objects.create_user("org", password=STRONG, role=Role.ORGANISER)
    refused = ask(api, org)
    assert refused.status_code == 409 and "organiser already" in error(refused)["message"]


def test_staff_list_approve_and_the_person_can_create_an_event(api, player, admin):
    made = ask(api, player).json()
    api.force_authenticate(admin)
    listing = api.get(STAFF).json()
    assert [r["id"] for r in listing["results"]] == [made["id"]]
    approved = api.post(f"{STAFF}{made['id']}/approve/", {"answer": "Welcome"}, format="json")
    assert approved.status_code == 200, approved.content
    assert (approved.json()["state"], approved.json()["decided_by"]) == ("approved", "boss")
    assert api.get(STAFF).json()["results"] == []
    assert [r["id"] for r in api.get(f"{STAFF}?state=approved").json()["results"]] == [made["id"]]
    assert api.get(f"{STAFF}?state=all").json()["count"] == 1
    bad_filter = api.get(f"{STAFF}?state=maybe")
    assert bad_filter.status_code == 400 and list(error(bad_filter)["fields"]) == ["state"]
    again = api.post(f"{STAFF}{made['id']}/refuse/", {"answer": "No"}, format="json")
    assert again.status_code == 409 and error(again)["code"] == "conflict"
    missing = api.post(f"{STAFF}999999/approve/", {}, format="json")
    assert missing.status_code == 404

    player.refresh_from_db()
    assert player.role == Role.ORGANISER
    api.force_authenticate(player)
    assert api.get(MINE).json()["answer"] == "Welcome"
    event = api.post(
        "/api/tournaments/",
        {"name": "Friday league", "game": "kingdom-of-warlords"},
        format="json",
    )
    assert event.status_code == 201, event.content


def test_refusing_needs_an_answer(api, player, admin):
    made = ask(api, player).json()
    api.force_authenticate(admin)
    blank = api.post(f"{STAFF}{made['id']}/refuse/", {}, format="json")
    assert blank.status_code == 400 and list(error(blank)["fields"]) == ["answer"]
    assert OrganiserRequest.objects.get().state == RequestState.PENDING
    done = api.post(f"{STAFF}{made['id']}/refuse/", {"answer": "Which club?"}, format="json")
    assert done.status_code == 200 and done.json()["state"] == "refused"
    player.refresh_from_db()
    assert player.role == Role.PLAYER


@pytest.mark.parametrize("role", [Role.PLAYER, Role.ORGANISER])
def test_non_staff_approving_is_a_403_and_changes_nothing(api, player, role):
    made = ask(api, player).json()
    other = Player.objects.create_user("mallory", password=STRONG, role=role)
    api.force_authenticate(other)
    assert api.get(STAFF).status_code == 403
    for decision in ("approve", "refuse"):
        refused = api.post(f"{STAFF}{made['id']}/{decision}/", {"answer": "ok"}, format="json")
        assert refused.status_code == 403 and error(refused)["status"] == 403
    assert OrganiserRequest.objects.get().state == RequestState.PENDING
    player.refresh_from_db()
    assert player.role == Role.PLAYER


def test_a_player_creating_an_event_is_told_how_to_become_an_organiser(api, player):
    api.force_authenticate(player)
    refused = api.post(
        "/api/tournaments/", {"name": "Mine", "game": "kingdom-of-warlords"}, format="json"
    )
    assert refused.status_code == 403 and "/api/me/organiser-request/" in error(refused)["message"]


def test_the_schema_documents_the_endpoints(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    paths = schema["paths"]
    assert set(paths[MINE]) >= {"get", "post"}
    assert "get" in paths[STAFF]
    for decision in ("approve", "refuse"):
        operation = paths[f"{STAFF}{{id}}/{decision}/"]["post"]
        ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        assert ref.endswith("/OrganiserAnswerRequest")
    components = schema["components"]["schemas"]
    assert "venue" in components["OrganiserRequestCreateRequest"]["properties"]
    # A request with no venue answers "": the response's schema allows it.
    venue = components["OrganiserRequest"]["properties"]["venue"]
    assert {"$ref": "#/components/schemas/BlankEnum"} in venue["oneOf"]
