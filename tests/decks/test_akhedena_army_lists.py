"""Registering Akhedena army lists: through the decks API and the web deck editor, every
violation named; an illegal list is kept only as a draft and is refused, with a 4xx naming each
violation and nothing saved, wherever it would be registered for play (a ladder, a
tournament). The editor shows an example army list."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from decks.models import Deck, DeckVersion
from engines.decks import get_deck_format
from engines.registry import get_game
from players.models import Player
from ratings.models import BotProfile, QueueEntry
from tests.decks.conftest import client_for
from tournaments import lifecycle
from tournaments.models import Entry, Format

pytestmark = pytest.mark.django_db
GAME = "akhedena"
FMT = get_deck_format(GAME)


def starter_text() -> str:
    starter = FMT.starter_decks()[0]
    return FMT.export_text(starter.data, None, starter.name)


def bad_text() -> str:
    """The first starter list with five rules broken: the Archer's line gone, a Cavalry Army
    card under an Infantry piece, a card the catalogue does not have, a short reserve."""
    lines = []
    for line in starter_text().splitlines():
        if line.startswith("Archer:"):
            continue
        if line.startswith("Infantry left:"):
            line = "Infantry left: Sword Captain, Lancers, Shield Wall"
        if line.startswith("Infantry right:"):
            line = "Infantry right: Spear Captain, Spearmen, Dragon Riders"
        if line.startswith("Reserve:"):
            line = "Reserve: Swordsmen, Spearmen, Lancers"
        lines.append(line)
    return "\n".join(lines) + "\n"


def expected_violations() -> list[dict]:
    parsed = FMT.parse(bad_text())
    report = FMT.validate(parsed.data, lines=parsed.lines, problems=parsed.problems)
    return [v.to_json() for v in report.violations]


def test_the_bad_list_breaks_five_different_rules():
    """The fixture itself: each rule it breaks is named once (the tests below look for all)."""
    rules = {v["rule"] for v in expected_violations()}
    assert {"missing-piece", "army-main-type", "unknown-card", "reserve-size"} <= rules


# -- the decks API --------------------------------------------------------------------------
def test_a_legal_army_list_registers_through_the_api(alice):
    """A starter list's text registers as a legal version under the shipped catalogue."""
    answer = client_for(alice).post(
        "/api/decks/", {"game": GAME, "name": "Sword and Spear", "text": starter_text()}, "json"
    )
    assert answer.status_code == 201, answer.content
    current = answer.json()["current"]
    assert current["legal"] is True and current["violations"] == []
    assert current["data"] == FMT.starter_decks()[0].data
    assert current["catalogue"] == FMT.shipped_catalogue().version


def test_checking_a_bad_list_through_the_api_names_every_violation_and_saves_nothing(alice):
    answer = client_for(alice).post(
        "/api/decks/validate/", {"game": GAME, "text": bad_text()}, "json"
    )
    assert answer.status_code == 200
    body = answer.json()
    assert body["legal"] is False
    named = {(v["rule"], v["message"]) for v in body["violations"]}
    assert named == {(v["rule"], v["message"]) for v in expected_violations()}
    assert not Deck.objects.exists()


def test_a_bad_list_is_only_a_draft_listing_every_violation(alice):
    """Drafts may be illegal (the decks app's rule): saved with every violation named, never
    legal."""
    answer = client_for(alice).post(
        "/api/decks/", {"game": GAME, "name": "Broken", "text": bad_text()}, "json"
    )
    assert answer.status_code == 201
    current = answer.json()["current"]
    assert current["legal"] is False
    assert {v["message"] for v in current["violations"]} == {
        v["message"] for v in expected_violations()
    }


def test_a_bad_list_entering_a_ladder_is_a_400_naming_every_violation(alice):
    bot = Player.objects.create_user("alice-bot", password="x-Strong-pass-9", is_bot=True)
    BotProfile.objects.create(player=bot, game=GAME, spec="random", owner=alice)
    data = FMT.parse(bad_text()).data
    answer = client_for(alice).post(
        "/api/ladders/akhedena-1v1/queue/",
        {"player": "alice-bot", "deck": {"game": GAME, "data": data}},
        "json",
    )
    assert answer.status_code == 400
    error = answer.json()["error"]
    messages = error["fields"]["deck"]
    engine_messages = {v.message for v in get_game(GAME).validate_deck(data)}
    assert len(engine_messages) >= 3 and set(messages) == engine_messages
    assert not QueueEntry.objects.exists()


def test_a_draft_version_registering_for_a_tournament_is_refused_and_not_locked(alice):
    organiser = Player.objects.create_user("olu", password="x-Strong-pass-9", role="organiser")
    t = lifecycle.create(
        organiser, name="Akhedena Pods", game=GAME, format=Format.PODS, pod_sizes=[4, 3]
    )
    t = lifecycle.open_registration(t, organiser)
    api = client_for(alice)
    deck = api.post("/api/decks/", {"game": GAME, "name": "Broken", "text": bad_text()}, "json")
    version_id = deck.json()["current"]["id"]
    answer = api.post(f"/api/tournaments/{t.pk}/register/", {"deck_version": version_id}, "json")
    assert answer.status_code == 400, answer.content
    message = answer.json()["error"]["message"]
    for violation in expected_violations():
        assert violation["message"] in message
    assert not Entry.objects.filter(tournament=t).exists()
    assert DeckVersion.objects.get(pk=version_id).locked_reason == ""


# -- the web deck editor ----------------------------------------------------------------------
def _page(response) -> str:
    return html.unescape(response.content.decode())


def test_the_editor_shows_an_example_army_list(alice):
    client = Client()
    client.force_login(alice)
    page = _page(client.get("/decks/new/?game=akhedena"))
    assert "Hero: Dawn Warlord, Swordsmen, Swordsmen" in page
    assert "Reserve: Swordsmen, Spearmen, Lancers, Sabre Riders, Longbowmen, Hunters" in page
    assert "the platform's own starter catalogue" in page


def test_checking_a_bad_list_on_the_page_names_every_violation_and_saves_nothing(alice):
    client = Client()
    client.force_login(alice)
    answer = client.post(
        "/decks/new/",
        {"game": GAME, "name": "Broken", "text": bad_text(), "action": "check"},
    )
    assert answer.status_code == 200
    page = _page(answer)
    expected = expected_violations()
    assert f"Not legal: {len(expected)} violation" in page
    for violation in expected:
        assert violation["message"] in page
    assert not Deck.objects.exists()


def test_saving_a_legal_list_on_the_page_registers_it(alice):
    client = Client()
    client.force_login(alice)
    answer = client.post(
        "/decks/new/", {"game": GAME, "name": "Mine", "text": starter_text(), "action": "save"}
    )
    assert answer.status_code == 302
    version = DeckVersion.objects.get(deck__owner=alice, is_current=True)
    assert version.legal and version.data == FMT.starter_decks()[0].data
