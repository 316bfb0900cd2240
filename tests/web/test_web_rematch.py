"""Rematch from the end of a match: the same players, seats rotated, the same ladder, options,
clock and decks; against bots the new match starts at once, against a person it is a challenge
to them; refused (4xx, nothing made) before the end, to someone who did not play, and for a
tournament table."""

from __future__ import annotations

import pytest

from matches import interactive
from matches.models import Match, MatchState
from players.models import Player
from ratings import person_challenges
from ratings.models import Ladder
from tests.support.accounts import STRONG
from tests.web.conftest import make_bot

pytestmark = pytest.mark.django_db
LADDER = "khan-of-khans-2p"


@pytest.fixture
def bob(db) -> Player:
    return Player.objects.create_user("bob", "bob@example.org", STRONG, display_name="Bob")


def _bot_game(client, person, capture) -> Match:
    bot = make_bot("khan-of-khans", "random")
    Ladder.objects.filter(slug=LADDER).update(clock_initial=600, clock_increment=5)
    client.force_login(person)
    with capture(execute=True):
        client.post(f"/play/bots/{LADDER}/", {f"{LADDER}-bot_0": bot.username})
    return Match.objects.get()


def test_rematch_against_a_bot_starts_at_once_with_the_seats_swapped(
    client, person, django_capture_on_commit_callbacks
):
    first = _bot_game(client, person, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        interactive.resign(first.pk, person)
    first.refresh_from_db()
    page = client.get(f"/matches/{first.pk}/play/").content.decode()
    assert f'action="/matches/{first.pk}/rematch/"' in page  # offered on the result panel
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(f"/matches/{first.pk}/rematch/")
    new = Match.objects.exclude(pk=first.pk).get()
    assert answer.status_code == 302 and answer["Location"] == f"/matches/{new.pk}/play/"
    old_seats = [(s.player_id, s.bot) for s in first.seats.order_by("seat")]
    new_seats = [(s.player_id, s.bot) for s in new.seats.order_by("seat")]
    assert new_seats == old_seats[::-1]  # the person now plays second
    assert new.state == MatchState.RUNNING and new.ladder_id == first.ladder_id
    assert new.options == first.options
    # The person resigned before moving (not rated); the rematch keeps the rating setting.
    assert not first.rated and first.unrated_reason and new.rated
    assert (new.clock["initial"], new.clock["increment"]) == (600, 5)
    assert new.decks == (first.decks[::-1] if first.decks else None)


def test_rematch_against_a_person_is_a_challenge_to_them_in_the_other_seat(
    client, person, bob, django_capture_on_commit_callbacks
):
    ladder = Ladder.objects.get(slug=LADDER)
    challenge = person_challenges.create(ladder, person, "bob")
    with django_capture_on_commit_callbacks(execute=True):
        person_challenges.answer(challenge.pk, bob, "accept")
        interactive.resign(challenge.pk, bob)
    client.force_login(person)
    answer = client.post(f"/matches/{challenge.pk}/rematch/")
    assert answer.status_code == 302 and answer["Location"] == "/play/"
    new = Match.objects.exclude(pk=challenge.pk).get()
    assert new.state == MatchState.SCHEDULED and new.origin == "challenge"
    assert new.created_by == person
    assert [s.player for s in new.seats.order_by("seat")] == [bob, person]  # alice was first
    received, _ = person_challenges.pending(bob)
    assert received == [new]
    client.force_login(bob)
    assert f"/play/challenges/{new.pk}/accept/" in client.get("/play/").content.decode()


def test_rematch_is_refused_before_the_end_and_to_someone_who_did_not_play(
    client, person, bob, django_capture_on_commit_callbacks
):
    first = _bot_game(client, person, django_capture_on_commit_callbacks)
    answer = client.post(f"/matches/{first.pk}/rematch/")
    assert answer.status_code == 409 and "a rematch follows a finished match" in answer.text
    with django_capture_on_commit_callbacks(execute=True):
        interactive.resign(first.pk, person)
    client.force_login(bob)
    answer = client.post(f"/matches/{first.pk}/rematch/")
    assert answer.status_code == 403 and "You did not play in match" in answer.text
    assert client.post("/matches/999999/rematch/").status_code == 404
    assert Match.objects.count() == 1


def test_rematch_of_a_tournament_table_is_refused(
    client, person, django_capture_on_commit_callbacks
):
    first = _bot_game(client, person, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        interactive.resign(first.pk, person)
    Match.objects.filter(pk=first.pk).update(origin="tournament")
    answer = client.post(f"/matches/{first.pk}/rematch/")
    assert answer.status_code == 409 and "tournament table" in answer.text
    assert Match.objects.count() == 1
    assert "rematch" not in client.get(f"/matches/{first.pk}/play/").content.decode().lower()
