"""The admin pages of the decks app open for an admin (lists and a change page each)."""

from __future__ import annotations

import pytest
from django.test import Client

from decks import services
from decks.models import Card, CatalogueVersion, Deck, DeckRecheck, DeckVersion, RecheckRun
from engines.arackhan_wars.catalogue import DATA_DIR

pytestmark = pytest.mark.django_db


def test_admin_pages(admin_user, alice, django_capture_on_commit_callbacks) -> None:
    services.create_deck(
        alice,
        "arackhan-wars",
        "Full",
        text="3 Phalanx\n4 Titan\n12 Infantryman\n4 Senior Mercenary\n",
    )
    text = (
        (DATA_DIR / "cards-v1.csv")
        .read_text()
        .replace("1113,Phalanx,Grey Order,Creature,3,,", "1113,Phalanx,Grey Order,Creature,3,4,")
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.load_catalogue("arackhan-wars", text=text, path="v2.csv")
    client = Client()
    client.force_login(admin_user)
    for model in (CatalogueVersion, Card, Deck, DeckVersion, RecheckRun, DeckRecheck):
        name = model._meta.model_name
        listing = client.get(f"/admin/decks/{name}/")
        assert listing.status_code == 200, name
        obj = model.objects.first()
        assert client.get(f"/admin/decks/{name}/{obj.pk}/change/").status_code == 200, name
    assert client.get("/admin/decks/catalogueversion/add/").status_code == 403
    assert b"Full" in client.get("/admin/decks/deckrecheck/").content
