"""The play socket: the seat's view on connect, actions under the API's rules, every socket of
the match told after a change, and a reconnecting client gets the current state."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from gauntlet.asgi import application
from matches.models import Match

ORIGIN = (b"origin", b"http://127.0.0.1")
pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@sync_to_async
def match_of_two_people():
    from matches.scheduling import SeatSpec, schedule_match
    from players.models import ApiToken, Player
    from ratings.models import Ladder
    from tests.support.accounts import STRONG

    people = [Player.objects.create_user(f"seat{i}", password=STRONG) for i in range(2)]
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    match = schedule_match(ladder.game, [SeatSpec(p) for p in people], ladder=ladder)
    client = Client()
    client.force_login(people[0])
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    token = ApiToken.objects.create(user=people[1], name="bot")[1]
    return match, [(b"cookie", cookie), (b"authorization", f"Token {token}".encode())]


@sync_to_async
def reload_match(match_id: int) -> Match:
    return Match.objects.get(pk=match_id)


async def play_socket(match_id: int, auth: tuple[bytes, bytes] | None = None):
    headers = [ORIGIN, *([auth] if auth else [])]
    socket = WebsocketCommunicator(application, f"/ws/matches/{match_id}/play/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


async def next_view(socket) -> dict:
    message = await socket.receive_json_from(timeout=30)
    assert message["kind"] == "view", message
    return message["view"]


async def test_connect_act_and_everyone_is_told():
    match, auth = await match_of_two_people()
    seats = [await play_socket(match.pk, auth[0]), await play_socket(match.pk, auth[1])]
    spectator = await play_socket(match.pk)
    views = [await next_view(s) for s in seats]
    public = await next_view(spectator)
    assert [v["seat"] for v in views] == [0, 1]  # session for seat 0, token for seat 1
    assert public["seat"] is None and not public["observation"]["hand"]
    to_act = views[0]["to_act"]
    assert views[to_act]["your_turn"] and not views[1 - to_act]["legal"]
    action = views[to_act]["legal"][0]["action"]
    await seats[to_act].send_json_to({"action": action, "ply": 0})
    after = [await next_view(s) for s in seats]
    assert [v["ply"] for v in after] == [1, 1]
    assert (await next_view(spectator))["ply"] == 1
    assert (await reload_match(match.pk)).actions == [action]
    # Each socket got its own seat's hand, never the other's.
    assert after[0]["observation"]["hand"] != after[1]["observation"]["hand"]
    for socket in (*seats, spectator):
        await socket.disconnect()


async def test_refusals_arrive_as_errors_and_change_nothing():
    match, auth = await match_of_two_people()
    socket = await play_socket(match.pk, auth[0])
    view = await next_view(socket)
    await socket.send_json_to({"action": "play 5", "ply": 9})
    error = await socket.receive_json_from(timeout=30)
    assert error["kind"] == "error" and error["status"] == 409
    assert "at ply 0" in error["message"]
    assert (await next_view(socket))["ply"] == 0  # a stale client gets the current view
    if view["your_turn"]:
        await socket.send_json_to({"action": "play 99", "ply": 0})
        error = await socket.receive_json_from(timeout=30)
        assert error["status"] == 400 and "Illegal action 'play 99'" in error["message"]
    await socket.send_json_to({"hello": 1})
    assert (await socket.receive_json_from(timeout=30))["status"] == 400
    spectator = await play_socket(match.pk)
    await next_view(spectator)
    await spectator.send_json_to({"action": "play 5", "ply": 0})
    assert (await spectator.receive_json_from(timeout=30))["status"] == 401
    assert (await reload_match(match.pk)).actions == []
    await socket.disconnect()
    await spectator.disconnect()


async def test_a_reconnecting_client_gets_the_current_state():
    match, auth = await match_of_two_people()
    first = [await play_socket(match.pk, a) for a in auth]
    views = [await next_view(s) for s in first]
    to_act = views[0]["to_act"]
    await first[1 - to_act].disconnect()  # the waiting player's connection drops
    await first[to_act].send_json_to({"action": views[to_act]["legal"][0]["action"], "ply": 0})
    await next_view(first[to_act])
    again = await play_socket(match.pk, auth[1 - to_act])
    view = await next_view(again)
    assert view["ply"] == 1 and view["seat"] == 1 - to_act
    assert view["your_turn"] == (view["to_act"] == 1 - to_act)
    await again.disconnect()
    await first[to_act].disconnect()


async def test_unknown_match_is_refused():
    socket = WebsocketCommunicator(application, "/ws/matches/424242/play/", headers=[ORIGIN])
    connected, code = await socket.connect()
    assert not connected and code == 4404


async def test_the_waiting_player_is_told_it_is_their_turn():
    match, auth = await match_of_two_people()
    sockets = [await play_socket(match.pk, a) for a in auth]
    views = [await next_view(s) for s in sockets]
    to_act = views[0]["to_act"]
    acting, view, waiting_auth = sockets[to_act], views[to_act], auth[1 - to_act]
    await sockets[1 - to_act].disconnect()
    notifications = WebsocketCommunicator(
        application, "/ws/notifications/", headers=[ORIGIN, waiting_auth]
    )
    assert (await notifications.connect())[0]
    assert (await notifications.receive_json_from(timeout=30))["kind"] == "hello"
    await acting.send_json_to({"action": view["legal"][0]["action"], "ply": 0})
    told = await notifications.receive_json_from(timeout=30)
    assert told["kind"] == "your_turn" and told["payload"]["match"] == match.pk
    assert told["payload"]["url"] == f"/matches/{match.pk}/play/" and told["payload"]["ply"] == 1
    await notifications.disconnect()
    await acting.disconnect()


@sync_to_async
def _clocked_match_expired():
    from datetime import timedelta

    from django.utils import timezone

    from matches.scheduling import SeatSpec, schedule_match
    from players.models import Player
    from ratings.models import Ladder

    people = [Player.objects.create_user(f"timed{i}") for i in range(2)]
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    match = schedule_match(
        ladder.game,
        [SeatSpec(p) for p in people],
        ladder=ladder,
        options={"clock": {"initial": 30, "increment": 0}},
    )
    Match.objects.filter(pk=match.pk).update(clock_deadline=timezone.now() - timedelta(seconds=1))
    return match


async def test_a_clock_at_zero_is_checked_by_the_server_and_the_timeout_broadcast():
    match, _ = await match_of_two_people()
    spectator = await play_socket(match.pk)
    await next_view(spectator)
    await spectator.send_json_to({"kind": "clock"})  # no clock ran out: just the current view
    view = await next_view(spectator)
    assert view["state"] == "running" and view["ply"] == 0
    timed = await _clocked_match_expired()
    watcher = await play_socket(timed.pk)
    assert (await next_view(watcher))["clock"]["running"] is not None
    await watcher.send_json_to({"kind": "clock"})
    ended = await next_view(watcher)
    assert ended["state"] == "finished" and ended["forfeit"]["kind"] == "timeout"
    assert (await reload_match(timed.pk)).state == "finished"
    await spectator.disconnect()
    await watcher.disconnect()


async def test_a_resign_message_ends_the_match_for_every_socket():
    match, auth = await match_of_two_people()
    seats = [await play_socket(match.pk, a) for a in auth]
    spectator = await play_socket(match.pk)
    for socket in (*seats, spectator):
        await next_view(socket)
    await spectator.send_json_to({"kind": "resign"})
    refused = await spectator.receive_json_from(timeout=30)
    assert refused["kind"] == "error" and refused["status"] == 401
    await seats[0].send_json_to({"kind": "resign"})
    ended = [await next_view(s) for s in seats]
    assert all(v["state"] == "finished" and v["forfeit"]["kind"] == "resigned" for v in ended)
    assert ended[0]["result"]["ranks"] == [1, 0]
    assert (await next_view(spectator))["forfeit"]["seat"] == 0
    await seats[1].send_json_to({"kind": "resign"})
    late = await seats[1].receive_json_from(timeout=30)
    assert late["kind"] == "error" and late["status"] == 409
    for socket in (*seats, spectator):
        await socket.disconnect()


async def test_a_bot_with_a_token_needs_no_origin_but_a_cookie_does():
    """The origin rule of docs/matches.md: the token header stands for itself; a cookie alone
    must come from a page of this site."""
    match, (cookie, token) = await match_of_two_people()
    bot = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/play/", headers=[token])
    connected, _ = await bot.connect()
    assert connected
    assert (await next_view(bot))["seat"] == 1
    await bot.disconnect()
    for headers in ([cookie], [cookie, (b"origin", b"http://evil.example")]):
        browser = WebsocketCommunicator(
            application, f"/ws/matches/{match.pk}/play/", headers=headers
        )
        connected, _ = await browser.connect()
        assert not connected, headers
    # A forged cookie plus a bad token is a spectator, not the cookie's player.
    forged = (b"authorization", b"Token not-a-token")
    spy = WebsocketCommunicator(
        application, f"/ws/matches/{match.pk}/play/", headers=[cookie, forged]
    )
    connected, _ = await spy.connect()
    assert connected
    assert (await next_view(spy))["seat"] is None
    await spy.disconnect()
