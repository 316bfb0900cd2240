"""Decks are private to their owner; admins see any; organisers see locked (registered)
versions; everyone sees published ones."""

from __future__ import annotations

import pytest

from decks import services
from decks.models import DeckVersion
from tests.decks.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def alices_deck(alice):
    return services.create_deck(alice, "arackhan-wars", "Secret", text="23 Drunk Knight")


def test_other_players_cannot_see_list_edit_or_delete(alices_deck, as_bob, client) -> None:
    pk = alices_deck.pk
    assert as_bob.get("/api/decks/").json()["count"] == 0
    for path in (f"/api/decks/{pk}/", f"/api/decks/{pk}/versions/", f"/api/decks/{pk}/export/"):
        assert as_bob.get(path).status_code == 404
    assert as_bob.patch(f"/api/decks/{pk}/", {"name": "mine"}, format="json").status_code == 404
    assert as_bob.delete(f"/api/decks/{pk}/").status_code == 404
    assert client.get("/api/decks/").status_code in (401, 403)
    assert client.get(f"/api/decks/{pk}/").status_code in (401, 403)
    version = DeckVersion.objects.get(deck=alices_deck)
    assert as_bob.get(f"/api/deck-versions/{version.pk}/").status_code == 404
    assert client.get(f"/api/deck-versions/{version.pk}/").status_code == 404
    assert as_bob.get("/api/deck-rechecks/").json()["count"] == 0


def test_owner_and_admin_see_it(alices_deck, as_alice, admin_user) -> None:
    version = DeckVersion.objects.get(deck=alices_deck)
    assert as_alice.get(f"/api/deck-versions/{version.pk}/").status_code == 200
    admin = client_for(admin_user)
    assert admin.get(f"/api/decks/{alices_deck.pk}/").json()["name"] == "Secret"
    assert admin.get(f"/api/deck-versions/{version.pk}/").status_code == 200
    assert admin.get("/api/decks/").json()["count"] == 0  # the list is one's own decks
    # an admin reads, but does not edit someone else's deck
    assert (
        admin.patch(f"/api/decks/{alices_deck.pk}/", {"name": "x"}, format="json").status_code
        == 404
    )


def test_organisers_see_locked_versions_and_everyone_published_ones(
    alices_deck, organiser, as_bob, client, bob
) -> None:
    version = DeckVersion.objects.get(deck=alices_deck)
    as_organiser = client_for(organiser)
    assert as_organiser.get(f"/api/deck-versions/{version.pk}/").status_code == 404
    services.lock_version(version, "tournament:7")
    assert as_organiser.get(f"/api/deck-versions/{version.pk}/").status_code == 200
    assert as_bob.get(f"/api/deck-versions/{version.pk}/").status_code == 404
    other = services.create_deck(bob, "arackhan-wars", "Bob's", text="23 Drunk Knight")
    services.lock_version(services.current_version(other), "tournament:8")
    assert services.publish_locked("tournament:7") == 1
    assert not services.current_version(other).published
    for who in (as_bob, client):
        response = who.get(f"/api/deck-versions/{version.pk}/")
        assert response.status_code == 200 and response.json()["data"]["cards"]
