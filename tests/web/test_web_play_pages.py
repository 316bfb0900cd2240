"""The play pages: start a game against bots, challenge a person (accept, decline, cancel),
the board page for players and spectators; bad input is a 400 with the error shown."""

from __future__ import annotations

import json
import re

import pytest

from matches.models import Match, MatchState
from players.models import Player
from tests.support.accounts import STRONG
from tests.web.conftest import make_bot

pytestmark = pytest.mark.django_db


@pytest.fixture
def kok_bots(db) -> list[Player]:
    return [make_bot("khan-of-khans", "random", n=i) for i in (1, 2, 3)]


@pytest.fixture
def bob(db) -> Player:
    return Player.objects.create_user("bob", "bob@example.org", STRONG, display_name="Bob")


def _view_of(page: str) -> dict:
    found = re.search(r'<script id="play-view" type="application/json">(.*?)</script>', page, re.S)
    assert found, "the page embeds the seat's view"
    return json.loads(found.group(1))


def test_start_page_needs_a_login_and_lists_the_ladders(client, person, kok_bots):
    assert client.get("/play/").status_code == 302
    client.force_login(person)
    page = client.get("/play/").content.decode()
    assert "Khan of Khans" in page and 'data-testid="play-bots-khan-of-khans-2p"' in page
    assert ">Random bot</option>" in page  # named by strength, not by its account
    assert "Random bot: plays any legal move at random — the easiest" in page
    assert "khan-of-khans-random-bot<" not in page


def test_play_against_a_bot_starts_at_once_and_opens_the_board(
    client, person, kok_bots, django_capture_on_commit_callbacks
):
    client.force_login(person)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            "/play/bots/khan-of-khans-2p/", {"khan-of-khans-2p-bot_0": kok_bots[0].username}
        )
    match = Match.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/matches/{match.pk}/play/"
    assert match.state == MatchState.RUNNING and match.origin == "challenge"
    assert [s.bot for s in match.seats.order_by("seat")] == ["", "random"]
    page = client.get(answer["Location"])
    assert page.status_code == 200
    view = _view_of(page.content.decode())
    assert view["seat"] == 0 and view["your_turn"] and view["legal"]  # the bot has moved
    assert 'src="/static/web/play.js"' in page.content.decode()


def test_spectators_get_the_public_board(client, person, kok_bots, bob):
    client.force_login(person)
    client.post("/play/bots/khan-of-khans-2p/", {"khan-of-khans-2p-bot_0": kok_bots[0].username})
    match = Match.objects.get()
    client.logout()
    view = _view_of(client.get(f"/matches/{match.pk}/play/").content.decode())
    assert view["seat"] is None and view["legal"] == []


def test_bad_bot_choice_is_a_400_naming_the_problem(client, person, kok_bots):
    client.force_login(person)
    answer = client.post(
        "/play/bots/khan-of-khans-4p/",
        {
            "khan-of-khans-4p-bot_0": kok_bots[0].username,
            "khan-of-khans-4p-bot_1": kok_bots[0].username,
            "khan-of-khans-4p-bot_2": kok_bots[1].username,
        },
    )
    assert answer.status_code == 400
    assert "Choose a different bot for each seat." in answer.content.decode()
    answer = client.post("/play/bots/khan-of-khans-2p/", {"khan-of-khans-2p-bot_0": "nobody"})
    assert answer.status_code == 400 and "Select a valid choice" in answer.content.decode()
    assert not Match.objects.exists()


def test_challenge_a_person_who_accepts(client, person, bob):
    client.force_login(person)
    sent = client.post(
        "/play/challenge/kingdom-of-warlords-1v1/", {"kingdom-of-warlords-1v1-opponent": "bob"}
    )
    assert sent.status_code == 302
    match = Match.objects.get()
    assert match.state == MatchState.SCHEDULED and match.created_by == person
    assert "has not answered yet" in client.get("/play/").content.decode()
    # The challenger cannot accept for the opponent.
    client.post(f"/play/challenges/{match.pk}/accept/")
    assert Match.objects.get().state == MatchState.SCHEDULED
    client.force_login(bob)
    assert "Alice challenges you" in client.get("/play/").content.decode()
    accepted = client.post(f"/play/challenges/{match.pk}/accept/")
    assert accepted.status_code == 302 and accepted["Location"] == f"/matches/{match.pk}/play/"
    match.refresh_from_db()
    assert match.state == MatchState.RUNNING and len(match.digests["states"]) == 1
    again = client.post(f"/play/challenges/{match.pk}/decline/", follow=True)
    assert "no longer open" in again.content.decode()
    assert Match.objects.get().state == MatchState.RUNNING


@pytest.mark.parametrize("who, answer", [("bob", "decline"), ("alice", "cancel")])
def test_challenge_declined_or_cancelled_is_aborted(client, person, bob, who, answer):
    client.force_login(person)
    client.post(
        "/play/challenge/kingdom-of-warlords-1v1/", {"kingdom-of-warlords-1v1-opponent": "bob"}
    )
    match = Match.objects.get()
    client.force_login(bob if who == "bob" else person)
    assert client.post(f"/play/challenges/{match.pk}/{answer}/").status_code == 302
    assert Match.objects.get().state == MatchState.ABORTED


def test_the_challenger_is_offered_cancel_only_and_declining_is_refused(client, person, bob):
    client.force_login(person)
    client.post(
        "/play/challenge/kingdom-of-warlords-1v1/", {"kingdom-of-warlords-1v1-opponent": "bob"}
    )
    match = Match.objects.get()
    sent = client.get("/play/").content.decode().split('id="sent-h"')[1].split("</section>")[0]
    assert f"/play/challenges/{match.pk}/cancel/" in sent
    assert "/decline/" not in sent and "/accept/" not in sent
    refused = client.post(f"/play/challenges/{match.pk}/decline/", follow=True)
    assert f"You sent challenge {match.pk}: cancel it instead" in refused.content.decode()
    assert Match.objects.get().state == MatchState.SCHEDULED
    client.force_login(bob)
    received = client.get("/play/").content.decode().split('id="received-h"')[1]
    assert f"/play/challenges/{match.pk}/decline/" in received.split("</section>")[0]


def test_challenge_refusals(client, person, bob, kok_bots):
    client.force_login(person)
    for name, words in [
        ("nobody", "No player named"),
        ("alice", "cannot challenge yourself"),
        (kok_bots[0].username, "is a bot"),
    ]:
        answer = client.post(
            "/play/challenge/kingdom-of-warlords-1v1/", {"kingdom-of-warlords-1v1-opponent": name}
        )
        assert answer.status_code == 400 and words in answer.content.decode()
    answer = client.post("/play/challenge/khan-of-khans-4p/", {"khan-of-khans-4p-opponent": "bob"})
    assert answer.status_code == 400 and "2-seat ladders" in answer.content.decode()
    assert not Match.objects.exists()
    stranger = Player.objects.create_user("carol", password=STRONG)
    client.post(
        "/play/challenge/kingdom-of-warlords-1v1/", {"kingdom-of-warlords-1v1-opponent": "bob"}
    )
    client.force_login(stranger)
    answer = client.post(f"/play/challenges/{Match.objects.get().pk}/accept/", follow=True)
    assert "You have no challenge" in answer.content.decode()
    assert client.post(f"/play/challenges/{Match.objects.get().pk}/maybe/").status_code == 404
    assert client.get(f"/play/challenges/{Match.objects.get().pk}/accept/").status_code == 405


def _version(owner: Player, game: str, data, name: str = "mine"):
    from decks.services import create_deck

    return create_deck(owner, game, name, data=data).versions.get()


def test_a_bot_game_uses_the_chosen_registered_deck_and_the_ladder_clock(client, person, kok_bots):
    version = _version(person, "khan-of-khans", "morokanth")
    client.force_login(person)
    page = client.get("/play/").content.decode()
    assert f'<option value="{version.pk}">mine (version 1)</option>' in page
    assert "Turn clock: 15 min + 30 s a turn" in page
    answer = client.post(
        "/play/bots/khan-of-khans-2p/",
        {
            "khan-of-khans-2p-bot_0": kok_bots[0].username,
            "khan-of-khans-2p-deck_version": version.pk,
        },
    )
    assert answer.status_code == 302
    match = Match.objects.get()
    assert match.decks[0] == "morokanth" and match.decks[1] not in (None, "morokanth")
    assert match.clock["initial"] == 900.0 and match.clock["remaining"][1] is None
    version.refresh_from_db()
    assert version.used_at is not None


def test_a_deck_version_of_someone_else_is_refused_on_the_page(client, person, bob, kok_bots):
    theirs = _version(bob, "khan-of-khans", "morokanth")
    client.force_login(person)
    answer = client.post(
        "/play/bots/khan-of-khans-2p/",
        {
            "khan-of-khans-2p-bot_0": kok_bots[0].username,
            "khan-of-khans-2p-deck_version": theirs.pk,
        },
    )
    assert answer.status_code == 400 and "Select a valid choice" in answer.content.decode()
    assert not Match.objects.exists()


def test_both_people_bring_their_decks_to_a_challenge_on_the_pages(client, person, bob):
    from engines.registry import get_game

    armies = get_game("kingdom-of-warlords").default_decks(2)
    mine = _version(person, "kingdom-of-warlords", list(armies[1]))
    theirs = _version(bob, "kingdom-of-warlords", list(armies[0]))
    client.force_login(person)
    client.post(
        "/play/challenge/kingdom-of-warlords-1v1/",
        {
            "kingdom-of-warlords-1v1-opponent": "bob",
            "kingdom-of-warlords-1v1-deck_version": mine.pk,
        },
    )
    match = Match.objects.get()
    client.force_login(bob)
    page = client.get("/play/").content.decode()
    assert f'id="accept-deck-{match.pk}"' in page and f'value="{theirs.pk}"' in page
    client.post(f"/play/challenges/{match.pk}/accept/", {"deck_version": theirs.pk})
    match.refresh_from_db()
    assert match.state == MatchState.RUNNING
    assert match.decks == [list(armies[1]), list(armies[0])]


def test_the_ladder_page_shows_its_clock(client):
    page = client.get("/ladders/kingdom-of-warlords-1v1/").content.decode()
    assert "turn clock 15 min + 30 s a turn" in page
