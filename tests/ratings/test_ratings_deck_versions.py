"""Entering a ladder queue with a registered deck version: only a legal one of your own, of the
ladder's game; it is marked used (immutable) only when the entry is made."""

import pytest
from rest_framework.test import APIClient

from decks.models import DeckVersion
from decks.services import create_deck
from engines.registry import get_game
from players.models import Player
from ratings.models import QueueEntry

pytestmark = pytest.mark.django_db
URL = "/api/ladders/kingdom-of-warlords-1v1/queue/"


@pytest.fixture
def people():
    return [Player.objects.create_user(n, password="x-Strong-pass-9") for n in ("ann", "ben")]


def _army_version(owner, legal=True):
    army = list(get_game("kingdom-of-warlords").default_decks(1)[0])
    if not legal:
        army = army[:-1]  # 26 cards
    deck = create_deck(owner, "kingdom-of-warlords", "my army", data=army)
    return deck.versions.get(), army


def _client(user):
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_a_legal_version_of_your_own_enters_and_is_marked_used(people):
    ann, _ = people
    version, army = _army_version(ann)
    response = _client(ann).post(URL, {"deck_version": version.pk}, format="json")
    assert response.status_code == 201, response.content
    assert QueueEntry.objects.get(player=ann).deck == army
    assert DeckVersion.objects.get(pk=version.pk).used_at is not None


@pytest.mark.parametrize("case", ["illegal", "someone else's", "both deck and version"])
def test_bad_versions_are_refused_and_change_nothing(people, case):
    ann, ben = people
    version, army = _army_version(ben if case == "someone else's" else ann, legal=case != "illegal")
    body = {"deck_version": version.pk}
    if case == "both deck and version":
        body["deck"] = {"game": "kingdom-of-warlords", "data": army}
    response = _client(ann).post(URL, body, format="json")
    assert response.status_code == 400
    assert "deck_version" in response.json()["error"]["fields"]
    assert not QueueEntry.objects.exists()
    assert DeckVersion.objects.get(pk=version.pk).used_at is None


def test_a_version_of_another_game_is_refused(people):
    ann, _ = people
    deck = create_deck(ann, "khan-of-khans", "my khan", data="morokanth")
    response = _client(ann).post(URL, {"deck_version": deck.versions.get().pk}, format="json")
    assert response.status_code == 400
    assert "khan-of-khans" in response.json()["error"]["message"]


def test_joining_twice_does_not_mark_the_second_version_used(people):
    ann, _ = people
    first, _ = _army_version(ann)
    second, _ = _army_version(ann)
    assert _client(ann).post(URL, {"deck_version": first.pk}, format="json").status_code == 201
    again = _client(ann).post(URL, {"deck_version": second.pk}, format="json")
    assert again.status_code == 409
    assert DeckVersion.objects.get(pk=second.pk).used_at is None


def test_a_challenge_with_a_bot_and_its_registered_deck_version(
    people, django_capture_on_commit_callbacks
):
    from matches.models import Match, MatchState
    from ratings.models import BotProfile

    ann, _ = people
    bots = []
    for name in ("ann-bot", "rival-bot"):
        bot = Player.objects.create_user(name, password="x-Strong-pass-9", is_bot=True)
        BotProfile.objects.create(player=bot, game="kingdom-of-warlords", spec="random", owner=ann)
        bots.append(bot)
    version, army = _army_version(bots[0])
    with django_capture_on_commit_callbacks(execute=True):
        response = _client(ann).post(
            "/api/challenges/",
            {
                "ladder": "kingdom-of-warlords-1v1",
                "challenger": "ann-bot",
                "opponent": "rival-bot",
                "deck_version": version.pk,
            },
            format="json",
        )
    assert response.status_code == 201, response.content
    match = Match.objects.get()
    assert match.state == MatchState.FINISHED and match.decks[0] == army
    assert DeckVersion.objects.get(pk=version.pk).used_at is not None
