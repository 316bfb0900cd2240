"""AracKhan Wars' Strategy, Event and Objective cards as catalogue kinds: loaded, versioned and
checked like the faction cards, shown on their page marked as the platform's design."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from decks import services
from decks.models import Card, CatalogueVersion, RecheckRun
from engines.arackhan_wars.modes import sets

pytestmark = pytest.mark.django_db
STRATEGY = "arackhan-wars/strategy"


def _shipped_text(kind: str) -> str:
    return sets.shipped_versions(kind)[-1].read_text(encoding="utf-8")


def test_each_set_loads_as_its_own_versioned_catalogue():
    for kind, n in (("strategy", 25), ("events", 23), ("objectives", 23)):
        version, created = services.load_catalogue(f"arackhan-wars/{kind}")
        assert created and version.number == 1 and len(version.rows) == n
        assert Card.objects.filter(catalogue=version).count() == n
        assert all(r["platform_design"] for r in version.rows)
        again, created = services.load_catalogue(f"arackhan-wars/{kind}")
        assert not created and again.pk == version.pk
    kinds = set(Card.objects.filter(catalogue__game=STRATEGY).values_list("card_type", flat=True))
    assert kinds == {"Blitz", "Secret message"}


def test_the_publishers_texts_replace_the_starter_set_as_a_new_version(tmp_path):
    services.load_catalogue(STRATEGY)
    text = _shipped_text("strategy").replace(
        "starter catalogue of the platform's design", "publisher's card text"
    )
    path = tmp_path / "strategy-publisher.csv"
    path.write_text(text, encoding="utf-8")
    call_command("load_catalogue", STRATEGY, str(path))
    newest = CatalogueVersion.objects.filter(game=STRATEGY).order_by("-number").first()
    assert newest.number == 2 and services.catalogue_in_force(STRATEGY).pk == newest.pk
    assert not any(r["platform_design"] for r in newest.rows)
    assert not RecheckRun.objects.exists()  # no deck holds these cards: nothing to re-check


def test_a_set_outside_the_effect_vocabulary_is_refused_naming_the_card(tmp_path):
    text = _shipped_text("events").replace('""lose"": [""flight""]', '""lose"": [""wings""]', 1)
    with pytest.raises(services.CatalogueError, match="Storm Winds: unknown attribute or flag"):
        services.load_catalogue("arackhan-wars/events", text=text)
    assert not CatalogueVersion.objects.filter(game="arackhan-wars/events").exists()


def test_the_sets_page_names_every_card_and_marks_the_platforms_design(client):
    page = client.get("/catalogues/arackhan-wars/modes/")
    assert page.status_code == 200
    html = page.content.decode()
    for kind in sets.KINDS:
        for card in sets.shipped_set(kind):
            assert card.name.replace("'", "&#x27;") in html
    assert html.count('data-testid="mode-set-notice"') == 3
    assert "style=" not in html and "<script>" not in html
    assert client.get("/catalogues/arackhan-wars/").content.decode().count("mode-sets-link") == 1
    assert client.get("/catalogues/khan-of-khans/modes/").status_code == 404
