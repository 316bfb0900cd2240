"""The authenticated notifications websocket, over whichever channel layer is configured."""

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings

from gauntlet.asgi import application
from players.models import ApiToken, Player
from players.notifications import notify

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
ORIGIN = (b"origin", b"http://127.0.0.1")


@sync_to_async
def _player_with_token():
    player = Player.objects.create_user("sock", password="x-Strong-pass-9")
    _, key = ApiToken.objects.create(user=player, name="ws")
    return player, key


async def test_anonymous_socket_is_refused():
    communicator = WebsocketCommunicator(application, "/ws/notifications/", headers=[ORIGIN])
    connected, code = await communicator.connect()
    assert not connected and code == 4401


async def test_token_socket_receives_its_own_notifications_only():
    player, key = await _player_with_token()
    other = await sync_to_async(Player.objects.create_user)("other", password="x-Strong-pass-9")
    communicator = WebsocketCommunicator(
        application,
        "/ws/notifications/",
        headers=[ORIGIN, (b"authorization", f"Token {key}".encode())],
    )
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_json_from())["payload"]["username"] == "sock"

    await sync_to_async(notify)(other.pk, "match.finished", {"match": 1})
    await sync_to_async(notify)(player.pk, "match.finished", {"match": 2})
    message = await communicator.receive_json_from(timeout=30)
    assert message == {"kind": "match.finished", "payload": {"match": 2}}

    await communicator.send_json_to({"kind": "ping"})
    assert (await communicator.receive_json_from())["kind"] == "pong"
    await communicator.disconnect()


async def test_session_cookie_socket(client):
    player, _ = await _player_with_token()
    await sync_to_async(client.force_login)(player)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    communicator = WebsocketCommunicator(
        application, "/ws/notifications/", headers=[ORIGIN, (b"cookie", cookie)]
    )
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_json_from())["kind"] == "hello"
    await communicator.disconnect()


async def test_foreign_origin_is_refused():
    _, key = await _player_with_token()
    communicator = WebsocketCommunicator(
        application,
        "/ws/notifications/",
        headers=[(b"origin", b"http://evil.example"), (b"authorization", f"Token {key}".encode())],
    )
    connected, _ = await communicator.connect()
    assert not connected


@pytest.mark.services
async def test_the_distributed_channel_layer_is_redis():
    layer = get_channel_layer()
    assert type(layer).__name__ == "RedisChannelLayer"
    assert settings.CHANNEL_LAYER_URL.startswith("redis")
    # Two sockets of the same player, both reached through Redis.
    player, key = await _player_with_token()
    sockets = []
    for _ in range(2):
        communicator = WebsocketCommunicator(
            application,
            "/ws/notifications/",
            headers=[ORIGIN, (b"authorization", f"Token {key}".encode())],
        )
        assert (await communicator.connect())[0]
        await communicator.receive_json_from()
        sockets.append(communicator)
    await sync_to_async(notify)(player.pk, "hello.both", {})
    for communicator in sockets:
        assert (await communicator.receive_json_from(timeout=30))["kind"] == "hello.both"
        await communicator.disconnect()
