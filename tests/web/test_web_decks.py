"""Deck pages: my decks, the editor and its validation fragment, versions, export, starter
copies, privacy, and the catalogue browser."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from decks import services
from decks.models import Card, CatalogueVersion, Deck, DeckRecheck, DeckVersion, RecheckRun
from engines.arackhan_wars.format import starter_decks
from engines.decks import get_deck_format
from players.models import Player, Role
from tests.support.accounts import STRONG
from tests.web.conftest import login

pytestmark = pytest.mark.django_db

GAME = "arackhan-wars"
ILLEGAL = "# my list\n3 Phalanks\n2 The Seneschal\n"


@pytest.fixture
def bob(db) -> Player:
    return Player.objects.create_user("bob", "bob@example.org", STRONG)


@pytest.fixture
def grey_order_text() -> str:
    fmt = get_deck_format(GAME)
    return fmt.export_text(starter_decks()[2].data, fmt.shipped_catalogue(), "Grey Order")


@pytest.fixture
def deck(person, grey_order_text) -> Deck:
    return services.create_deck(person, GAME, "Grey wall", text=grey_order_text)


def violations_of(html: str) -> list[tuple[str, str | None]]:
    """(rule, line) of every violation item in a rendered report (line None: whole deck)."""
    found = re.findall(r'<li class="violation" data-rule="([a-z-]+)"(?: data-line="(\d+)")?', html)
    return [(rule, line or None) for rule, line in found]


# -- my decks ------------------------------------------------------------------------------------
def test_anonymous_visitors_see_starters_and_a_log_in_link(client):
    response = client.get("/decks/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Log in</a> or" in html
    for starter in starter_decks():
        assert starter.name in html
    assert 'action="/decks/starters/copy/"' not in html  # copying needs an account


def test_my_decks_lists_verdicts_flags_and_locks(client, person, deck, bob):
    draft = services.create_deck(person, GAME, "Draft", text=ILLEGAL)
    services.create_deck(bob, GAME, "Bob's secret", text="23 Drunk Knight")
    locked = services.current_version(deck)
    services.lock_version(locked, "tournament:7")
    flagged_version = services.current_version(draft)
    DeckRecheck.objects.create(
        run=RecheckRun.objects.create(game=GAME, catalogue=flagged_version.catalogue),
        version=flagged_version,
        owner=person,
        catalogue=flagged_version.catalogue,
        was_legal=True,
        legal=False,
        violations=[{"rule": "point-budget", "message": "Over budget now.", "cards": []}],
    )
    login(client, person)
    html = client.get("/decks/").content.decode()
    assert "Grey wall" in html and "Draft" in html and "Bob&#x27;s secret" not in html
    grey_row = re.search(rf'<tr data-deck="{deck.pk}">.*?</tr>', html, re.S).group(0)
    assert ">legal</span>" in grey_row and "locked (tournament:7)" in grey_row
    draft_row = re.search(rf'<tr data-deck="{draft.pk}">.*?</tr>', html, re.S).group(0)
    assert "not legal: 3 violations" in draft_row
    assert "Catalogue v1 made this deck illegal: Over budget now." in draft_row
    assert "draft" in draft_row


def test_my_decks_needs_no_more_queries_for_more_decks(
    client, person, grey_order_text, django_assert_max_num_queries
):
    services.create_deck(person, GAME, "One", text=grey_order_text)
    login(client, person)
    with django_assert_max_num_queries(12) as few:
        assert client.get("/decks/").status_code == 200
    for i in range(8):
        services.create_deck(person, GAME, f"More {i}", text=ILLEGAL)
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert client.get("/decks/").status_code == 200


# -- privacy -------------------------------------------------------------------------------------
def test_another_player_gets_404_everywhere(client, deck, bob):
    version = services.current_version(deck)
    login(client, bob)
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    response = client.post(f"/decks/{deck.pk}/", {"name": "Mine now", "text": "23 Drunk Knight"})
    assert response.status_code == 404
    assert client.post(f"/decks/{deck.pk}/delete/").status_code == 404
    assert client.get(f"/decks/versions/{version.pk}/").status_code == 404
    assert client.get(f"/decks/versions/{version.pk}/export/").status_code == 404
    deck.refresh_from_db()
    assert deck.name == "Grey wall" and deck.versions.count() == 1


def test_anonymous_visitors_are_sent_to_log_in(client, deck):
    for url in ("/decks/new/", f"/decks/{deck.pk}/"):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_published_version_is_public_and_an_organiser_sees_locked_ones(client, deck, bob):
    version = services.current_version(deck)
    assert client.get(f"/decks/versions/{version.pk}/").status_code == 404
    services.lock_version(version, "tournament:3")
    organiser = Player.objects.create_user("olga", "o@example.org", STRONG, role=Role.ORGANISER)
    login(client, organiser)
    assert client.get(f"/decks/versions/{version.pk}/").status_code == 200
    client.logout()
    services.publish_locked("tournament:3")
    response = client.get(f"/decks/versions/{version.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Grey wall" in html and "locked (tournament:3)" in html
    assert "Edit the deck" not in html  # not the owner


# -- creating and editing ------------------------------------------------------------------------
def test_create_a_draft_with_violations_shows_them_next_to_their_lines(client, person):
    login(client, person)
    response = client.post(
        "/decks/new/", {"name": "Draft", "game": GAME, "text": ILLEGAL, "action": "save"}
    )
    deck = Deck.objects.get(owner=person)
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
    version = services.current_version(deck)
    assert version.text == ILLEGAL and version.legal is False
    page = client.get(response["Location"])
    html = page.content.decode()
    assert "as a draft with 3 violations" in html
    assert sorted(violations_of(html)) == [
        ("deck-size", None),
        ("legendary-copies", "3"),
        ("unknown-card", "2"),
    ]
    line_two = re.search(r'<li id="line-2".*?</li>\s*</ul>', html, re.S).group(0)
    assert "3 Phalanks" in line_two and "Did you mean &#x27;Phalanx&#x27;?" in line_two


def test_check_without_saving_stores_nothing(client, person):
    login(client, person)
    response = client.post(
        "/decks/new/", {"name": "Draft", "game": GAME, "text": ILLEGAL, "action": "check"}
    )
    assert response.status_code == 200
    assert ("unknown-card", "2") in violations_of(response.content.decode())
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    ("post", "field", "message"),
    [
        (
            {"name": "  ", "game": GAME, "text": "23 Drunk Knight"},
            "name",
            "This field is required.",
        ),
        ({"name": "<b>x</b>", "game": GAME, "text": "23 Drunk Knight"}, "name", "plain text"),
        ({"name": "X", "game": "chess", "text": "23 Drunk Knight"}, "game", "valid choice"),
        ({"name": "X", "game": GAME, "text": ""}, "text", "Paste or type the deck list"),
        ({"name": "X", "game": GAME, "text": "x" * 20_001}, "text", "at most 20000"),
        (
            {"name": "X", "game": GAME, "text": "# only a comment\n"},
            "text",
            "the deck list is empty",
        ),
        ({"name": "X", "game": "khan-of-khans", "khan": "nobody"}, "khan", "valid choice"),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_stores_nothing(
    client, person, post, field, message
):
    login(client, person)
    response = client.post("/decks/new/", {**post, "action": "save"})
    assert response.status_code == 400
    html = response.content.decode()
    block = re.search(rf'<div class="field invalid"[^>]*data-field="{field}">.*?</div>', html, re.S)
    assert block is not None, html
    assert message in html
    assert not Deck.objects.exists()


def test_editing_makes_a_new_version_and_a_locked_one_stays(client, person, deck):
    first = services.current_version(deck)
    services.lock_version(first, "tournament:9")
    login(client, person)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "is locked (tournament:9)" in page and "creates version 2" in page
    response = client.post(
        f"/decks/{deck.pk}/", {"name": "Knights", "text": "23 Drunk Knight\n", "action": "save"}
    )
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.name == "Knights"
    assert list(deck.versions.order_by("number").values_list("number", "is_current")) == [
        (1, False),
        (2, True),
    ]
    first.refresh_from_db()
    assert first.data == starter_decks()[2].data and first.locked_reason == "tournament:9"
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Saved version 2 of “Knights”: legal." in html
    assert f'href="/decks/versions/{first.pk}/">v1</a>' in html


def test_a_rename_with_the_same_list_keeps_the_version(client, person, deck):
    text = services.current_version(deck).text
    login(client, person)
    response = client.post(f"/decks/{deck.pk}/", {"name": "Renamed", "text": text})
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.name == "Renamed" and deck.versions.count() == 1


def test_the_game_of_a_deck_cannot_change(client, person, deck):
    login(client, person)
    client.post(
        f"/decks/{deck.pk}/", {"name": "X", "game": "khan-of-khans", "text": "23 Drunk Knight"}
    )
    deck.refresh_from_db()
    current = services.current_version(deck)
    assert deck.game == GAME and current.number == 2 and current.data["faction"] == "Grey Order"


def test_khan_of_khans_deck_is_a_khan_choice(client, person):
    login(client, person)
    page = client.get("/decks/new/?game=khan-of-khans").content.decode()
    assert 'name="khan"' in page and "High Llama Tribe" in page
    response = client.post(
        "/decks/new/", {"name": "Llamas", "game": "khan-of-khans", "khan": "high-llama"}
    )
    assert response.status_code == 302
    version = services.current_version(Deck.objects.get(owner=person))
    assert version.data == "high-llama" and version.legal


def test_kingdom_of_warlords_starts_from_the_fixed_army(client, person):
    login(client, person)
    page = client.get("/decks/new/?game=kingdom-of-warlords").content.decode()
    army = get_deck_format("kingdom-of-warlords").starter_decks()[0].data
    assert " ".join(army) in page and "fixed army of 27 cards" in page
    response = client.post(
        "/decks/new/", {"name": "Army", "game": "kingdom-of-warlords", "text": " ".join(army[:-1])}
    )
    assert response.status_code == 302
    version = services.current_version(Deck.objects.get(owner=person))
    assert not version.legal and {v["rule"] for v in version.violations} >= {"deck-size"}


def test_delete_an_unused_deck(client, person, deck):
    login(client, person)
    assert client.post(f"/decks/{deck.pk}/delete/").status_code == 302
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_editor_queries_are_bounded(client, person, deck, django_assert_max_num_queries):
    login(client, person)
    with django_assert_max_num_queries(14):
        assert client.get(f"/decks/{deck.pk}/").status_code == 200


# -- validation fragment -------------------------------------------------------------------------
def test_validate_returns_violations_with_line_numbers(client):
    text = "Faction: Grey Order\n20 Drunk Knight\n\n6 Eternal Roots\n"
    response = client.post("/decks/validate/", {"game": GAME, "text": text})
    assert response.status_code == 200
    html = response.content.decode()
    found = violations_of(html)
    report, _, _ = services.validate_deck(GAME, text=text)
    assert {v.rule for v in report.violations} == {rule for rule, _ in found}
    assert ("single-faction", "4") in found  # next to the line of the other faction's card
    assert 'data-legal="0"' in html and f'data-count="{len(report.violations)}"' in html


def test_the_editor_counts_the_copies_of_a_misspelt_line_in_the_size(client):
    text = "Faction: Grey Order\n20 Drunk Knight\n4x Drunk Knigth\n"
    html = client.post("/decks/validate/", {"game": GAME, "text": text}).content.decode()
    assert ("unknown-card", "3") in violations_of(html) and ("deck-size", None) in violations_of(
        html
    )
    assert "this one has 24, counting the 4 on lines naming no card of the catalogue" in html
    assert "(remove 1)" in html and "add 3" not in html
    assert "24 cards" in html


def test_validate_a_legal_list(client, grey_order_text):
    response = client.post("/decks/validate/", {"game": GAME, "text": grey_order_text})
    html = response.content.decode()
    assert response.status_code == 200 and 'data-legal="1"' in html
    assert violations_of(html) == [] and "125 points of 125" in html


@pytest.mark.parametrize(
    ("post", "field"),
    [
        ({"game": "chess", "text": "3 Phalanx"}, "game"),
        ({"text": "3 Phalanx"}, "game"),
        ({"game": GAME, "text": "x" * 20_001}, "text"),
    ],
)
def test_validate_bad_input_is_a_400_naming_the_field(client, post, field):
    response = client.post("/decks/validate/", post)
    assert response.status_code == 400
    assert f'data-field="{field}"' in response.content.decode()


def test_validate_binary_text_is_a_400_naming_the_field(client):
    response = client.post("/decks/validate/", {"game": GAME, "text": "3 Phalanx\x00\x01"})
    assert response.status_code == 400
    assert 'data-field="text"' in response.content.decode()


def test_validate_only_by_post(client):
    assert client.get("/decks/validate/?game=arackhan-wars&text=3+Phalanx").status_code == 405


def test_card_search_gives_lines_to_add(client):
    response = client.get("/decks/cards/", {"game": GAME, "q": "nemesio"})
    html = response.content.decode()
    adds = re.findall(r'data-add="([^"]+)"', html)
    assert response.status_code == 200
    assert adds and all(re.fullmatch(r"Nemesio \(\w[\w ]+\)", a) for a in adds)
    assert len(adds) == Card.objects.filter(name="Nemesio").values("faction").distinct().count()
    phalanx = re.findall(
        r'data-add="([^"]+)"',
        client.get("/decks/cards/?game=arackhan-wars&q=phalanx").content.decode(),
    )
    assert phalanx == ["Phalanx"]
    assert client.get("/decks/cards/", {"game": "chess", "q": "x"}).status_code == 400


# -- versions, export, starters ------------------------------------------------------------------
def test_export_downloads_the_text_list(client, person, deck):
    version = services.current_version(deck)
    login(client, person)
    response = client.get(f"/decks/versions/{version.pk}/export/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert response["Content-Disposition"] == 'attachment; filename="grey-wall-v1.txt"'
    body = response.content.decode()
    assert body == services.export_text(version)
    parsed = get_deck_format(GAME).parse(body)
    assert parsed.data == version.data


def test_version_page_shows_catalogue_and_state(client, person, deck):
    version = services.current_version(deck)
    services.mark_used(version)
    login(client, person)
    html = client.get(f"/decks/versions/{version.pk}/").content.decode()
    assert "catalogue v1" in html and "used in a match since" in html
    assert "Edit the deck" in html and "current version" in html


def test_copy_a_starter_deck(client, person):
    starter = next(s for s in starter_decks() if s.key == "unstable-mayhem")
    login(client, person)
    response = client.post("/decks/starters/copy/", {"game": GAME, "key": starter.key})
    deck = Deck.objects.get(owner=person)
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
    version = services.current_version(deck)
    assert deck.name == starter.name and version.data == starter.data and version.legal
    page = client.get(response["Location"]).content.decode()
    assert 'data-legal="1"' in page  # its exported text checks as legal in the editor


def test_copy_an_unknown_starter_is_a_400_naming_the_key(client, person):
    login(client, person)
    response = client.post("/decks/starters/copy/", {"game": GAME, "key": "nope"})
    assert response.status_code == 400
    assert "key: No starter deck of that game has this key." in response.content.decode()
    assert not Deck.objects.exists()


def test_starter_copy_needs_a_login(client):
    response = client.post("/decks/starters/copy/", {"game": GAME, "key": "unstable-mayhem"})
    assert response.status_code == 302 and not Deck.objects.exists()


# -- catalogue browser ---------------------------------------------------------------------------
def card_ids(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="card-(\d+)"', html)]


def test_catalogue_lists_cards_and_versions(client):
    response = client.get("/catalogues/arackhan-wars/")
    html = response.content.decode()
    version = CatalogueVersion.objects.get(game=GAME)
    assert response.status_code == 200
    assert len(card_ids(html)) == 30  # first page
    assert f"{version.cards.count()} cards match" in html
    assert "Page 1 of" in html and 'href="?page=2"' in html
    assert "<td>v1</td>" in html or ">v1</a>" in html


@pytest.mark.parametrize(
    ("params", "keep"),
    [
        ({"faction": "Blight"}, lambda c: c.faction == "Blight"),
        ({"kind": "land"}, lambda c: c.kind == "land"),
        ({"attribute": "Stealth"}, lambda c: "Stealth" in c.attributes),
        ({"min_value": "6", "max_value": "9"}, lambda c: 6 <= c.budget_value <= 9),
        (
            {"q": "KNIGHT", "faction": "Grey Order"},
            lambda c: "knight" in c.name.lower() and c.faction == "Grey Order",
        ),
    ],
)
def test_catalogue_filters(client, params, keep):
    services.ensure_catalogue(GAME)
    wanted = sorted(c.card_id for c in Card.objects.all() if keep(c))
    assert wanted  # every filter here keeps some cards
    shown = []
    for page in range(1, 10):
        response = client.get("/catalogues/arackhan-wars/", {**params, "page": page})
        assert response.status_code == 200
        shown += card_ids(response.content.decode())
        if 'rel="next"' not in response.content.decode():
            break
    assert sorted(shown) == wanted


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"min_value": "abc"}, "min_value"),
        ({"min_value": "-3"}, "min_value"),
        ({"faction": "Martians"}, "faction"),
        ({"min_value": "9", "max_value": "2"}, "max_value"),
        ({"catalogue": "99"}, "catalogue"),
    ],
)
def test_catalogue_bad_filter_is_a_400_naming_the_field(client, params, field):
    response = client.get("/catalogues/arackhan-wars/", params)
    assert response.status_code == 400
    assert re.search(rf'class="field invalid"[^>]*data-field="{field}"', response.content.decode())


def test_catalogue_of_an_older_version(client):
    services.ensure_catalogue(GAME)
    v1 = CatalogueVersion.objects.get(game=GAME)
    rows = [dict(r) for r in v1.rows]
    rows[0]["name"] = rows[0]["name"] + " Reborn"
    v2 = CatalogueVersion.objects.create(
        game=GAME,
        number=2,
        source="test",
        effective_from=timezone.localdate(),
        digest="x",
        rows=rows,
    )
    first = Card.objects.filter(catalogue=v1).order_by("card_id").first()
    Card.objects.create(
        catalogue=v2,
        card_id=first.card_id,
        name=rows[0]["name"],
        faction=first.faction,
        kind=first.kind,
        card_type=first.card_type,
        value=first.value,
        budget_value=first.budget_value,
    )
    today = client.get("/catalogues/arackhan-wars/", {"q": "Reborn"}).content.decode()
    assert card_ids(today) == [first.card_id]
    old = client.get("/catalogues/arackhan-wars/", {"q": "Reborn", "catalogue": "1"})
    assert old.status_code == 200 and card_ids(old.content.decode()) == []
    assert "Showing catalogue <strong>v1</strong>" in old.content.decode()


def test_games_without_a_catalogue_explain_their_decks(client):
    kow = client.get("/catalogues/kingdom-of-warlords/").content.decode()
    assert "fixed army of 27 cards" in kow
    kok = client.get("/catalogues/khan-of-khans/").content.decode()
    assert "choice of a Khan" in kok and "Bison Riders" in kok
    assert client.get("/catalogues/chess/").status_code == 404


def test_catalogue_queries_are_bounded(client, django_assert_max_num_queries):
    services.ensure_catalogue(GAME)
    with django_assert_max_num_queries(10):
        assert client.get("/catalogues/arackhan-wars/", {"faction": "Blight"}).status_code == 200


def test_nav_links_to_decks(client):
    html = client.get("/decks/").content.decode()
    assert '<a href="/decks/" aria-current="page">Decks</a>' in html


def test_version_numbers_are_listed_in_the_editor(client, person, deck):
    services.edit_deck(deck, text="23 Drunk Knight")
    login(client, person)
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    numbers = [int(n) for n in re.findall(r'href="/decks/versions/\d+/">v(\d+)</a>', html)]
    assert numbers == [2, 1]
    assert DeckVersion.objects.filter(deck=deck).count() == 2


def test_player_page_shows_only_published_decks(client, person, deck, bob):
    hidden = services.create_deck(person, GAME, "Secret tech", text="23 Drunk Knight")
    version = services.current_version(deck)
    page = client.get("/players/alice/").content.decode()
    assert "No published deck lists yet." in page and "Grey wall" not in page
    services.lock_version(version, "tournament:4")
    services.publish_locked("tournament:4")
    page = client.get("/players/alice/").content.decode()
    assert f'<a href="/decks/versions/{version.pk}/">Grey wall v1</a>' in page
    assert hidden.name not in page


# -- many decks ------------------------------------------------------------------------------------
# (their server time is measured by bench/, never asserted here)
MAX_QUERIES = 12
"""A page's queries do not grow with the decks listed: no query per deck or per card."""


def test_deck_pages_answer_with_24_decks_of_every_game(client, person, grey_order_text):
    """Every deck page answers with 24 decks of every game, in a bounded number of queries."""
    decks = [services.copy_starter(person, GAME, s.key) for s in starter_decks() * 2]
    for i in range(8):
        services.create_deck(person, GAME, f"Draft {i}", text=ILLEGAL)
    services.copy_starter(person, "kingdom-of-warlords", "standard-army")
    services.copy_starter(person, "khan-of-khans", "morokanth")
    version = services.current_version(decks[0])
    login(client, person)
    pages = [
        ("get", "/decks/", None),
        ("get", f"/decks/{decks[0].pk}/", None),
        ("get", "/decks/new/", None),
        ("post", "/decks/validate/", {"game": GAME, "text": ILLEGAL + grey_order_text}),
        ("get", "/decks/cards/?game=arackhan-wars&q=ra", None),
        ("get", f"/decks/versions/{version.pk}/", None),
        ("get", f"/decks/versions/{version.pk}/export/", None),
        ("get", "/catalogues/arackhan-wars/", None),
        ("get", "/catalogues/arackhan-wars/?attribute=Flight&min_value=5&page=1", None),
    ]
    counts = {}
    for method, url, data in pages:
        with CaptureQueriesContext(connection) as queries:
            response = getattr(client, method)(url, data) if data else getattr(client, method)(url)
        assert response.status_code == 200, url
        counts[url] = len(queries)
    assert max(counts.values()) <= MAX_QUERIES, counts
