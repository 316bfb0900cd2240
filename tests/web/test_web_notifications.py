"""Notifications: one per kind from the signals that say it happened (paired, your turn, a
challenge, a result to confirm, a dispute answered), in words with the place to act; the list
(newest first) marks them read when opened, a link when followed; the API shows a player their
own only; a new one reaches the player's socket with the unread count."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from matches import interactive
from matches.models import Match
from matches.scheduling import SeatSpec, schedule_match
from players import inbox
from players.models import Notification, Player
from ratings import person_challenges
from ratings.models import Ladder
from tests.support.accounts import STRONG
from tests.web.conftest import make_bot
from tournaments import lifecycle, registration, results
from tournaments.models import Round

pytestmark = pytest.mark.django_db
KOW = "kingdom-of-warlords"


def person(name: str, **extra) -> Player:
    return Player.objects.create_user(name, f"{name}@example.org", STRONG, **extra)


def kinds(player: Player) -> list[str]:
    return list(Notification.objects.filter(player=player).values_list("kind", flat=True))


def two_person_event(capture, players=None):
    org = person("boss", role="organiser")
    alice, bob = players or (
        person("alice", display_name="Alice"),
        person("bob", display_name="Bob"),
    )
    t = lifecycle.create(org, name="Club Night", game=KOW, rounds=1, auto_advance=False)
    lifecycle.open_registration(t, org)
    for p in (alice, bob):
        registration.register(t, p, p)
    with capture(execute=True):
        lifecycle.start(t, org)
    t.refresh_from_db()
    return t, Round.objects.get(tournament=t, number=1).tables.get(), org, alice, bob


def test_paired_for_a_new_round_names_the_opponent_and_links_the_table(
    django_capture_on_commit_callbacks,
):
    """Issue #15 item 4: notifications for "paired (new round)"."""
    t, table, _, alice, bob = two_person_event(django_capture_on_commit_callbacks)
    note = Notification.objects.get(player=alice)
    assert note.kind == "paired" and note.read_at is None
    assert note.text == "Club Night, round 1: you play Bob at table 1."
    assert note.url == f"/tournaments/{t.pk}/tables/{table.pk}/"
    assert Notification.objects.get(player=bob).text.endswith("you play Alice at table 1.")


def test_paired_against_a_bot_links_the_seat_and_the_bot_is_told_nothing(
    django_capture_on_commit_callbacks,
):
    org = person("boss", role="organiser")
    alice = person("alice")
    bot = make_bot(KOW, "random", owner=org)
    t = lifecycle.create(org, name="Bot Night", game=KOW, rounds=1)
    lifecycle.open_registration(t, org)
    registration.register(t, alice, alice)
    registration.register(t, bot, org)
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.start(t, org)
    table = Round.objects.get(tournament=t, number=1).tables.get()
    note = Notification.objects.get(player=alice, kind="paired")
    assert note.url == f"/matches/{table.match_id}/play/" and "random bot" in note.text
    assert not Notification.objects.filter(player=bot).exists()
    assert not Notification.objects.filter(player=alice, kind="your_turn").exists()


def test_your_turn_against_a_person_once_per_match_while_unread(
    django_capture_on_commit_callbacks,
):
    """Issue #15 item 4: "your turn"; one unread reminder per match, not one per move."""
    alice, bob = person("alice", display_name="Alice"), person("bob", display_name="Bob")
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    with django_capture_on_commit_callbacks(execute=True):
        match = schedule_match(ladder.game, [SeatSpec(alice), SeatSpec(bob)], ladder=ladder, seed=9)
    people = {0: alice, 1: bob}
    for _ in range(4):
        match = Match.objects.get(pk=match.pk)
        game, state = interactive.game_state(match)
        seat = game.to_act(state)
        notes = Notification.objects.filter(player=people[seat], kind="your_turn")
        assert notes.count() == 1
        note = notes.get()
        assert note.url == f"/matches/{match.pk}/play/"
        assert note.text.startswith("Your turn in Kingdom of Warlords against ")
        view = interactive.view_for(match, seat)
        with django_capture_on_commit_callbacks(execute=True):
            interactive.submit_action(
                match.pk, people[seat], view["legal"][0]["action"], view["ply"]
            )
    client = Client()
    client.force_login(alice)
    client.get(f"/matches/{match.pk}/play/")  # opening the board marks it seen
    assert not inbox.unread(alice.pk).filter(kind="your_turn").exists()


def test_a_finished_match_leaves_no_your_turn_unread(django_capture_on_commit_callbacks):
    """A "your turn" reminder for a match that ended (here the player resigned) is moot."""
    alice, bob = person("alice", display_name="Alice"), person("bob", display_name="Bob")
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    with django_capture_on_commit_callbacks(execute=True):
        match = schedule_match(ladder.game, [SeatSpec(alice), SeatSpec(bob)], ladder=ladder, seed=9)
    game, state = interactive.game_state(Match.objects.get(pk=match.pk))
    waiting = [alice, bob][game.to_act(state)]
    assert inbox.unread(waiting.pk).filter(kind="your_turn").count() == 1
    with django_capture_on_commit_callbacks(execute=True):
        interactive.resign(match.pk, waiting)
    assert not inbox.unread(waiting.pk).filter(kind="your_turn").exists()
    assert not inbox.unread(alice.pk).exists() and not inbox.unread(bob.pk).exists()


def test_a_challenge_tells_the_challenged_person(django_capture_on_commit_callbacks):
    """Issue #15 item 4: "a challenge"."""
    alice, bob = person("alice", display_name="Alice"), person("bob")
    ladder = Ladder.objects.get(slug="khan-of-khans-2p")
    with django_capture_on_commit_callbacks(execute=True):
        person_challenges.create(ladder, alice, "bob")
    note = Notification.objects.get(player=bob)
    assert note.kind == "challenge" and note.url == "/play/"
    assert note.text == f"Alice challenges you to a game on {ladder.name}: accept or decline it."
    assert kinds(alice) == []


def test_a_result_to_confirm_and_a_dispute_answered(django_capture_on_commit_callbacks):
    """Issue #15 item 4: "a result to confirm, a dispute answered"."""
    t, table, org, alice, bob = two_person_event(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        results.report(t, table.pk, alice, {"wins": [2, 1]})
    note = Notification.objects.get(player=bob, kind="to_confirm")
    assert note.text == (
        "Alice reported the result of table 1 (round 1 of Club Night): confirm it or report yours."
    )
    assert note.url == f"/tournaments/{t.pk}/tables/{table.pk}/"
    assert "to_confirm" not in kinds(alice)
    with django_capture_on_commit_callbacks(execute=True):
        results.report(t, table.pk, bob, {"wins": [1, 2]})  # a dispute
        assert "dispute_answered" not in kinds(alice)
        results.correct(t, table.pk, org, {"wins": [2, 1]}, "the score sheet says so")
    for p in (alice, bob):
        note = Notification.objects.get(player=p, kind="dispute_answered")
        assert note.text.startswith("The organiser settled the dispute on table 1")


def test_a_correction_without_a_dispute_is_no_dispute_answered(django_capture_on_commit_callbacks):
    t, table, org, alice, _ = two_person_event(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        results.correct(t, table.pk, org, {"wins": [2, 1]}, "entered from the sheet")
    assert "dispute_answered" not in kinds(alice)


def test_the_list_is_newest_first_and_opening_it_marks_them_read(client):
    alice, bob = person("alice"), person("bob")
    for i in range(3):
        inbox.post(alice.pk, "challenge", f"note {i}", "/play/")
    inbox.post(bob.pk, "challenge", "not alice's", "/play/")
    client.force_login(alice)
    home = client.get("/").content.decode()
    assert 'data-count="3"' in home  # the header's badge
    page = client.get("/notifications/").content.decode()
    assert page.index("note 2") < page.index("note 1") < page.index("note 0")
    assert "not alice's" not in page and page.count("<strong>new</strong>") == 3
    assert inbox.unread_count(alice.pk) == 0 and inbox.unread_count(bob.pk) == 1
    again = client.get("/notifications/").content.decode()
    assert "<strong>new</strong>" not in again and 'data-count="0"' in again


def test_following_a_link_marks_that_one_read_and_goes_to_the_place_to_act(client):
    alice, bob = person("alice"), person("bob")
    inbox.post(alice.pk, "challenge", "first", "/play/")
    other = Notification.objects.create(
        player=alice, kind="paired", text="second", url="/tournaments/"
    )
    theirs = Notification.objects.create(player=bob, kind="paired", text="bob's", url="/")
    client.force_login(alice)
    answer = client.get(f"/notifications/{other.pk}/")
    assert answer.status_code == 302 and answer["Location"] == "/tournaments/"
    other.refresh_from_db()
    assert other.read_at is not None and inbox.unread_count(alice.pk) == 1
    assert client.get(f"/notifications/{theirs.pk}/").status_code == 404
    theirs.refresh_from_db()
    assert theirs.read_at is None
    assert client.get("/notifications/").status_code == 200
    assert Client().get("/notifications/").status_code == 302  # anonymous: to log in


def test_a_notification_needs_a_known_kind_and_a_site_path(db):
    alice = person("alice")
    for kind, url in (("gossip", "/play/"), ("paired", "https://evil.example/")):
        with pytest.raises(ValueError):
            inbox.post(alice.pk, kind, "text", url)
    assert not Notification.objects.exists()


def test_the_api_lists_only_the_players_own_and_marks_them_read(client):
    alice, bob = person("alice"), person("bob")
    inbox.post(alice.pk, "challenge", "for alice 1", "/play/")
    inbox.post(alice.pk, "paired", "for alice 2", "/tournaments/")
    inbox.post(bob.pk, "challenge", "for bob", "/play/")
    assert client.get("/api/me/notifications/").status_code in (401, 403)
    client.force_login(alice)
    body = client.get("/api/me/notifications/").json()
    rows = body["results"] if isinstance(body, dict) else body
    assert [r["text"] for r in rows] == ["for alice 2", "for alice 1"]
    assert set(rows[0]) == {"id", "kind", "text", "url", "created", "read_at"}
    first = next(r["id"] for r in rows if r["text"] == "for alice 1")
    bobs = Notification.objects.get(player=bob).pk
    answer = client.post(
        "/api/me/notifications/read/", {"ids": [first, bobs]}, content_type="application/json"
    )
    assert answer.json() == {"marked": 1, "unread": 1}  # bob's is not alice's to mark
    unread = client.get("/api/me/notifications/?unread=true").json()
    unread = unread["results"] if isinstance(unread, dict) else unread
    assert [r["text"] for r in unread] == ["for alice 2"]
    bad = client.get("/api/me/notifications/?unread=maybe")
    assert bad.status_code == 400 and "unread" in bad.content.decode()
    refused = client.post(
        "/api/me/notifications/read/", {"ids": ["x"]}, content_type="application/json"
    )
    assert refused.status_code == 400 and inbox.unread_count(alice.pk) == 1
    assert Notification.objects.get(pk=bobs).read_at is None


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_new_notification_reaches_the_socket_with_the_unread_count():
    from gauntlet.asgi import application

    @sync_to_async
    def signed_in():
        alice = person("alice")
        client = Client()
        client.force_login(alice)
        return alice, f"sessionid={client.cookies['sessionid'].value}".encode()

    alice, cookie = await signed_in()
    headers = [(b"origin", b"http://127.0.0.1"), (b"cookie", cookie)]
    socket = WebsocketCommunicator(application, "/ws/notifications/", headers=headers)
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from(timeout=30))["kind"] == "hello"
    await sync_to_async(inbox.post)(alice.pk, "challenge", "Bob challenges you", "/play/")
    await sync_to_async(inbox.post)(alice.pk, "paired", "Round 2", "/tournaments/")
    first = await socket.receive_json_from(timeout=30)
    second = await socket.receive_json_from(timeout=30)
    assert first["kind"] == "notification" and first["payload"]["text"] == "Bob challenges you"
    assert (first["payload"]["unread"], second["payload"]["unread"]) == (1, 2)
    assert second["payload"]["url"] == "/tournaments/"
    await socket.disconnect()
