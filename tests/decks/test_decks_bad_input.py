"""Bad input gets a clear 4xx in the one error body, never a 5xx, and stores nothing broken."""

from __future__ import annotations

import json

import pytest

from decks.models import Deck, DeckVersion

pytestmark = pytest.mark.django_db


def assert_refused(response, status: int = 400) -> dict:
    assert response.status_code == status, response.content[:300]
    body = response.json()["error"]
    assert body["status"] == status and body["message"]
    return body


def test_empty_list(as_alice) -> None:
    for text in ("", "   \n\n# nothing\n"):
        body = assert_refused(
            as_alice.post(
                "/api/decks/", {"game": "arackhan-wars", "name": "x", "text": text}, format="json"
            )
        )
        assert "empty" in body["message"] and "text" in body["fields"]
    assert not Deck.objects.exists()


def test_ten_megabytes_of_text(as_alice) -> None:
    text = "3 Phalanx\n" * 1_000_000
    body = json.dumps({"game": "arackhan-wars", "name": "big", "text": text})
    response = as_alice.generic("POST", "/api/decks/", body, content_type="application/json")
    assert_refused(response, 413)
    medium = "3 Phalanx\n" * 5000  # under the body limit, over the list limit
    assert_refused(
        as_alice.post(
            "/api/decks/", {"game": "arackhan-wars", "name": "m", "text": medium}, format="json"
        )
    )
    assert not Deck.objects.exists()


def test_binary_bodies_and_binary_text(as_alice) -> None:
    response = as_alice.generic(
        "POST", "/api/decks/", b"\x00\xff\xfe\x89PNG", content_type="application/json"
    )
    assert_refused(response, 400)
    response = as_alice.generic(
        "POST", "/api/decks/", b"\x00\xff\xfe\x89PNG", content_type="application/octet-stream"
    )
    assert_refused(response, 415)
    body = assert_refused(
        as_alice.post(
            "/api/decks/",
            {"game": "arackhan-wars", "name": "b", "text": "\x00\x01ab"},
            format="json",
        )
    )
    assert "text" in body["fields"]  # null characters are refused before parsing
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    ("copies", "rule"),
    [(-3, "bad-line"), (0, "bad-line"), (10**30, "bad-line"), (100, "bad-line")],
)
def test_negative_and_huge_counts_in_data(as_alice, copies, rule) -> None:
    data = {"cards": [{"name": "Phalanx", "copies": copies}, {"name": "Drunk Knight", "copies": 3}]}
    response = as_alice.post(
        "/api/decks/", {"game": "arackhan-wars", "name": "c", "data": data}, format="json"
    )
    assert response.status_code == 201
    current = response.json()["current"]
    assert current["violations"][0]["rule"] == rule and not current["legal"]
    stored = DeckVersion.objects.get()
    assert stored.data["cards"] == [{"id": 1102, "copies": 3}]  # only what was readable


@pytest.mark.parametrize("line", ["-3 Phalanx", "99999999999999999999999 Phalanx", "0 Phalanx"])
def test_negative_and_huge_counts_in_text(as_alice, line) -> None:
    response = as_alice.post(
        "/api/decks/validate/",
        {"game": "arackhan-wars", "text": f"{line}\n3 Drunk Knight"},
        format="json",
    )
    assert response.status_code == 200
    first = response.json()["violations"][0]
    assert (first["rule"], first["line"]) == ("bad-line", 1)


def test_unknown_game(as_alice) -> None:
    from tests.decks.conftest import client_for

    client = client_for(None)
    body = assert_refused(
        as_alice.post(
            "/api/decks/", {"game": "chess", "name": "x", "text": "3 Phalanx"}, format="json"
        )
    )
    assert "game" in body["fields"]
    assert_refused(client.get("/api/decks/starters/?game=chess"))
    assert_refused(client.get("/api/decks/starters/"))
    assert_refused(
        client.post("/api/decks/validate/", {"game": ["x"], "text": "1 a"}, format="json")
    )
    assert not Deck.objects.exists()


def test_html_in_names(as_alice) -> None:
    body = assert_refused(
        as_alice.post(
            "/api/decks/",
            {"game": "arackhan-wars", "name": "<script>x</script>", "text": "23 Drunk Knight"},
            format="json",
        )
    )
    assert "name" in body["fields"]
    response = as_alice.post(
        "/api/decks/",
        {
            "game": "arackhan-wars",
            "name": "ok",
            "text": "1 <img src=x onerror=alert(1)>\n22 Drunk Knight",
        },
        format="json",
    )
    assert response.status_code == 201
    violation = response.json()["current"]["violations"][0]
    assert violation["rule"] == "unknown-card" and violation["line"] == 1
    assert response["Content-Type"].startswith("application/json")


@pytest.mark.parametrize(
    "payload",
    [
        {"game": "arackhan-wars", "name": "x"},
        {"game": "arackhan-wars", "name": "x", "text": "1 a", "data": {"cards": []}},
        {"game": "arackhan-wars", "name": "x", "text": "23 Drunk Knight", "owner": 1},
        {"game": "arackhan-wars", "name": "x", "data": "not a deck"},
        {"game": "arackhan-wars", "name": "x", "data": {"cards": [], "evil": 1}},
        {"game": "arackhan-wars", "name": "x", "data": {"cards": [{"id": 1}] * 500}},
        {"game": "arackhan-wars", "name": "", "text": "23 Drunk Knight"},
        {"game": "arackhan-wars", "name": "x" * 200, "text": "23 Drunk Knight"},
        {"game": "arackhan-wars", "name": "x", "text": {"a": 1}},
        ["not", "an", "object"],
    ],
)
def test_malformed_requests(as_alice, payload) -> None:
    assert_refused(as_alice.post("/api/decks/", payload, format="json"))
    assert not Deck.objects.exists()


def test_malformed_json_and_bad_edits(as_alice) -> None:
    response = as_alice.generic("POST", "/api/decks/", "{not json", content_type="application/json")
    assert_refused(response)
    deck_id = as_alice.post(
        "/api/decks/",
        {"game": "arackhan-wars", "name": "k", "text": "23 Drunk Knight"},
        format="json",
    ).json()["id"]
    assert_refused(
        as_alice.patch(f"/api/decks/{deck_id}/", {"game": "khan-of-khans"}, format="json")
    )
    assert_refused(as_alice.patch(f"/api/decks/{deck_id}/", {"text": ""}, format="json"))
    assert_refused(as_alice.patch(f"/api/decks/{deck_id}/", {"text": "\x00"}, format="json"))
    assert DeckVersion.objects.filter(deck_id=deck_id).count() == 1
    assert_refused(as_alice.put(f"/api/decks/{deck_id}/", {"name": "z"}, format="json"), 405)
    assert_refused(as_alice.get("/api/decks/999999/"), 404)
    assert_refused(as_alice.get("/api/decks/abc/"), 404)


def test_other_games_bad_decks(as_alice) -> None:
    response = as_alice.post(
        "/api/decks/", {"game": "khan-of-khans", "name": "k", "text": "Elves"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["current"]["violations"][0]["rule"] == "unknown-khan"
    response = as_alice.post(
        "/api/decks/",
        {"game": "kingdom-of-warlords", "name": "w", "data": {"cards": 1}},
        format="json",
    )
    assert_refused(response)
    response = as_alice.post(
        "/api/decks/",
        {"game": "kingdom-of-warlords", "name": "w", "text": "2 K\n-5 Q"},
        format="json",
    )
    assert response.status_code == 201
    rules = [v["rule"] for v in response.json()["current"]["violations"]]
    assert rules[0] == "bad-line" and "deck-size" in rules
