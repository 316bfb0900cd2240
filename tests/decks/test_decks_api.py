"""The decks API: create, edit (new versions), validate, export, starters, catalogue browsing."""

from __future__ import annotations

import pytest

from decks import services
from decks.models import CatalogueVersion, Deck, DeckVersion
from engines.arackhan_wars.format import starter_decks

pytestmark = pytest.mark.django_db


def create(client, text: str, name: str = "Mine", game: str = "arackhan-wars"):
    return client.post("/api/decks/", {"game": game, "name": name, "text": text}, format="json")


def test_create_a_legal_deck_from_text(as_alice, grey_order_text) -> None:
    response = create(as_alice, grey_order_text)
    assert response.status_code == 201, response.content
    body = response.json()
    current = body["current"]
    assert (body["game"], body["name"], body["owner"]) == ("arackhan-wars", "Mine", "alice")
    assert current["legal"] is True and current["total_value"] == 125
    assert current["violations"] == [] and current["catalogue"] == "v1"
    assert current["number"] == 1 and current["data"] == starter_decks()[2].data


def test_a_draft_with_violations_is_saved_and_shows_them(as_alice) -> None:
    response = create(as_alice, "2 The Seneschal\n3 Phalanks\n")
    assert response.status_code == 201
    current = response.json()["current"]
    assert current["legal"] is False
    found = {(v["rule"], v["line"]) for v in current["violations"]}
    assert found == {("unknown-card", 2), ("deck-size", None), ("legendary-copies", 1)}
    assert "Did you mean 'Phalanx'" in current["violations"][0]["message"]


def test_create_from_json_data(as_alice) -> None:
    data = {"cards": [{"name": "Drunk Knight", "copies": 23}]}
    response = as_alice.post(
        "/api/decks/", {"game": "arackhan-wars", "name": "Knights", "data": data}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["current"]["legal"] is True


def test_editing_creates_a_new_version_and_keeps_the_old(as_alice, grey_order_text) -> None:
    deck_id = create(as_alice, grey_order_text).json()["id"]
    response = as_alice.patch(
        f"/api/decks/{deck_id}/", {"text": "23 Drunk Knight", "name": "Knights"}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["name"] == "Knights"
    assert response.json()["current"]["number"] == 2
    versions = as_alice.get(f"/api/decks/{deck_id}/versions/").json()["results"]
    assert [v["number"] for v in versions] == [2, 1]
    assert versions[1]["total_value"] == 125 and versions[0]["total_value"] == 23
    rename = as_alice.patch(f"/api/decks/{deck_id}/", {"name": "Renamed"}, format="json")
    assert rename.status_code == 200 and rename.json()["current"]["number"] == 2


def test_a_used_version_never_changes(as_alice, grey_order_text) -> None:
    deck_id = create(as_alice, grey_order_text).json()["id"]
    first = DeckVersion.objects.get(deck_id=deck_id)
    assert services.playable_data(first) == first.data
    services.mark_used(first)
    as_alice.patch(f"/api/decks/{deck_id}/", {"text": "23 Drunk Knight"}, format="json")
    first.refresh_from_db()
    assert first.data == starter_decks()[2].data and first.used_at is not None
    assert as_alice.delete(f"/api/decks/{deck_id}/").status_code == 204
    assert Deck.objects.get(pk=deck_id).archived  # archived, not deleted
    assert DeckVersion.objects.filter(pk=first.pk).exists()
    assert as_alice.get("/api/decks/").json()["count"] == 0


def test_an_unused_deck_is_deleted(as_alice) -> None:
    deck_id = create(as_alice, "23 Drunk Knight").json()["id"]
    assert as_alice.delete(f"/api/decks/{deck_id}/").status_code == 204
    assert not Deck.objects.filter(pk=deck_id).exists()


def test_only_a_legal_version_can_be_played(as_alice) -> None:
    deck_id = create(as_alice, "22 Drunk Knight").json()["id"]
    version = DeckVersion.objects.get(deck_id=deck_id)
    with pytest.raises(services.DeckNotPlayable) as caught:
        services.playable_data(version)
    assert caught.value.violations[0]["rule"] == "deck-size"


def test_validate_stores_nothing(as_alice, grey_order_text) -> None:
    response = as_alice.post(
        "/api/decks/validate/",
        {"game": "arackhan-wars", "text": grey_order_text + "1 Xenodon\n"},
        format="json",
    )
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False and {v["rule"] for v in body["violations"]} == {
        "deck-size",
        "single-faction",
        "point-budget",
    }
    assert not Deck.objects.exists()


def test_export_gives_text_that_reads_back(as_alice, grey_order_text) -> None:
    deck_id = create(as_alice, grey_order_text, name="Sixth Legion").json()["id"]
    as_alice.patch(f"/api/decks/{deck_id}/", {"text": "23 Drunk Knight"}, format="json")
    first = as_alice.get(f"/api/decks/{deck_id}/export/?version=1").json()
    assert first["version"] == 1 and first["text"].startswith("# Sixth Legion\nFaction: Grey Order")
    again = create(as_alice, first["text"]).json()["current"]
    assert again["data"] == starter_decks()[2].data
    assert (
        as_alice.get(f"/api/decks/{deck_id}/export/").json()["text"].endswith("23 Drunk Knight\n")
    )
    assert as_alice.get(f"/api/decks/{deck_id}/export/?version=9").status_code == 404
    assert as_alice.get(f"/api/decks/{deck_id}/export/?version=x").status_code == 400


def test_starter_decks_can_be_listed_and_copied(as_alice, client) -> None:
    listed = client.get("/api/decks/starters/?game=arackhan-wars").json()
    assert len(listed) == 8 and {d["key"] for d in listed} >= {"unstable-mayhem"}
    response = as_alice.post(
        "/api/decks/starters/copy/",
        {"game": "arackhan-wars", "key": "unstable-mayhem"},
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["name"] == "Unstable Mayhem" and response.json()["current"]["legal"]
    bad = as_alice.post(
        "/api/decks/starters/copy/", {"game": "arackhan-wars", "key": "nope"}, format="json"
    )
    assert bad.status_code == 400 and bad.json()["error"]["fields"]["key"]


def test_every_starter_deck_of_every_game_copies_legal(as_alice) -> None:
    for game in ("arackhan-wars", "kingdom-of-warlords", "khan-of-khans"):
        for starter in as_alice.get(f"/api/decks/starters/?game={game}").json():
            response = as_alice.post(
                "/api/decks/starters/copy/", {"game": game, "key": starter["key"]}, format="json"
            )
            assert response.status_code == 201
            assert response.json()["current"]["legal"], (game, starter["key"])


def test_a_player_keeps_many_decks_per_game(as_alice) -> None:
    for i in range(3):
        create(as_alice, "23 Drunk Knight", name=f"Deck {i}")
    create(as_alice, "Morokanth", name="Khan", game="khan-of-khans")
    assert as_alice.get("/api/decks/?game=arackhan-wars").json()["count"] == 3
    assert as_alice.get("/api/decks/").json()["count"] == 4


def test_browse_cards_with_filters(client) -> None:
    cards = client.get("/api/cards/?game=arackhan-wars").json()
    assert cards["count"] == 144
    nemesio = client.get("/api/cards/?game=arackhan-wars&q=nemesio").json()["results"]
    assert sorted(c["faction"] for c in nemesio) == ["Blight", "Grey Order", "Nakka", "Whitelands"]
    lands = client.get("/api/cards/?game=arackhan-wars&kind=land&legendary=false").json()
    assert {c["name"] for c in lands["results"]} == {"Eternal Roots", "Dark Tunnel"}
    stealth = client.get("/api/cards/?game=arackhan-wars&faction=blight&attribute=stealth")
    assert {c["name"] for c in stealth.json()["results"]} == {"Feyr", "Lucy", "Nemesio"}
    dear = client.get("/api/cards/?game=arackhan-wars&min_value=16").json()["results"]
    assert {c["name"] for c in dear} == {"Wrath of the Forest", "The Seneschal", "Titan"}
    assert client.get("/api/cards/?game=chess").status_code == 400
    assert client.get("/api/cards/?game=arackhan-wars&min_value=-1").status_code == 400
    assert client.get("/api/cards/?game=arackhan-wars&catalogue=7").status_code == 404
    versions = client.get("/api/catalogues/?game=arackhan-wars").json()["results"]
    assert [(v["label"], v["cards"]) for v in versions] == [("v1", 144)]
    assert CatalogueVersion.objects.filter(game="arackhan-wars").count() == 1
