"""Frames the play socket (and the other sockets) cannot read: text that is not JSON, binary,
JSON of the wrong shape or types, huge frames, deep nesting, unknown actions, huge ids in the
path. Each is an error message (or a close code at connect) and the socket keeps serving the
next message: a ``ping`` still gets its ``pong``, a legal action is still played."""

from __future__ import annotations

import json

import pytest
from channels.testing import WebsocketCommunicator

from gauntlet.asgi import application
from gauntlet.sockets import MAX_FRAME
from tests.web.test_web_play import (
    ORIGIN,
    match_of_two_people,
    next_view,
    play_socket,
    reload_match,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
HUGE = "9" * 120
"""Beyond any database id, and longer than a channel layer's group name may be."""


async def _error(socket) -> dict:
    message = await socket.receive_json_from(timeout=30)
    assert message["kind"] == "error", message
    return message


async def _still_alive(socket) -> None:
    await socket.send_json_to({"kind": "ping"})
    assert (await socket.receive_json_from(timeout=30)) == {"kind": "pong"}


UNREADABLE = [
    ("not json", 400, "Not JSON"),
    ('{"action": "pass", "ply": ', 400, "Not JSON"),
    ('{"ply": NaN, "action": "pass"}', 400, "Not JSON"),
    ("[" * 60_000, 400, "Not JSON"),  # the decoder gives up (RecursionError)
    ("[" * 40 + "]" * 40, 400, "nested deeper"),
    (json.dumps({"action": "x" * (MAX_FRAME + 1), "ply": 0}), 413, "at most"),
]


@pytest.mark.parametrize(("frame", "status", "words"), UNREADABLE)
async def test_an_unreadable_text_frame_is_an_error_and_the_socket_lives(frame, status, words):
    match, auth = await match_of_two_people()
    socket = await play_socket(match.pk, auth[0])
    await next_view(socket)
    await socket.send_to(text_data=frame)
    error = await _error(socket)
    assert error["status"] == status and words in error["message"]
    await _still_alive(socket)
    await socket.disconnect()


async def test_a_binary_frame_is_an_error_and_the_socket_lives():
    match, auth = await match_of_two_people()
    socket = await play_socket(match.pk, auth[0])
    await next_view(socket)
    await socket.send_to(bytes_data=b"\x00\xff{}")
    assert "binary" in (await _error(socket))["message"]
    await _still_alive(socket)
    await socket.disconnect()


WRONG = [
    ([1, 2], 400),
    ("a string", 400),
    (None, 400),
    ({"action": 7, "ply": 0}, 400),
    ({"action": {"x": 1}, "ply": 0}, 400),
    ({"action": "", "ply": 0}, 400),
    ({"action": "pass", "ply": "0"}, 400),
    ({"action": "pass", "ply": True}, 400),
    ({"action": "pass", "ply": 1.5}, 400),
    ({"action": "pass", "ply": int(HUGE)}, 409),  # stale: the match is at ply 0
    ({"action": "pass", "ply": -1}, 409),
    ({"action": "no such action 999", "ply": 0}, None),  # 400 on your turn, 409 if not
    ({"kind": "teleport"}, 400),
]


@pytest.mark.parametrize(("message", "status"), WRONG)
async def test_a_message_of_the_wrong_shape_is_refused_and_changes_nothing(message, status):
    match, auth = await match_of_two_people()
    socket = await play_socket(match.pk, auth[0])
    view = await next_view(socket)
    await socket.send_json_to(message)
    error = await _error(socket)
    expected = status or (400 if view["your_turn"] else 409)
    assert error["status"] == expected, error
    if expected == 409:
        await next_view(socket)  # a stale client is sent the current view
    await _still_alive(socket)
    assert (await reload_match(match.pk)).actions == []
    await socket.disconnect()


async def test_after_a_storm_of_bad_frames_a_legal_action_is_still_played():
    match, auth = await match_of_two_people()
    seats = [await play_socket(match.pk, auth[0]), await play_socket(match.pk, auth[1])]
    views = [await next_view(s) for s in seats]
    mover = views[0]["to_act"]
    socket = seats[mover]
    for frame, _, _ in UNREADABLE:
        await socket.send_to(text_data=frame)
        await _error(socket)
    action = views[mover]["legal"][0]["action"]
    await socket.send_json_to({"action": action, "ply": 0})
    assert (await next_view(socket))["ply"] == 1
    assert (await reload_match(match.pk)).actions == [action]
    for s in seats:
        await s.disconnect()


@pytest.mark.parametrize(
    "path",
    [
        f"/ws/matches/{HUGE}/play/",
        f"/ws/matches/{HUGE}/",
        f"/ws/tournaments/{HUGE}/",
        "/ws/matches/99999999999999999999/play/",
    ],
)
async def test_a_huge_id_in_a_socket_path_closes_with_4404(path):
    socket = WebsocketCommunicator(application, path, headers=[ORIGIN])
    connected, code = await socket.connect()
    assert not connected and code == 4404


@pytest.mark.parametrize("path", ["/ws/matches/-1/play/", "/ws/matches/abc/play/"])
async def test_a_negative_or_non_numeric_id_in_a_socket_path_is_refused(path):
    socket = WebsocketCommunicator(application, path, headers=[ORIGIN])
    with pytest.raises(ValueError, match="No route found"):
        await socket.connect()


async def test_the_spectator_and_notification_sockets_survive_bad_frames():
    match, auth = await match_of_two_people()
    watcher = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=[ORIGIN])
    assert (await watcher.connect())[0]
    assert (await watcher.receive_json_from(timeout=30))["kind"] == "hello"
    assert (await watcher.receive_json_from(timeout=30))["kind"] == "move"  # people play it
    await watcher.send_to(text_data="{oops")
    assert "Not JSON" in (await _error(watcher))["message"]
    await _still_alive(watcher)
    await watcher.disconnect()
    inbox = WebsocketCommunicator(application, "/ws/notifications/", headers=[ORIGIN, auth[0]])
    assert (await inbox.connect())[0]
    assert (await inbox.receive_json_from(timeout=30))["kind"] == "hello"
    await inbox.send_to(bytes_data=b"\x01")
    error = await _error(inbox)
    assert error["payload"]["status"] == 400 and "binary" in error["payload"]["message"]
    await inbox.send_json_to({"kind": "ping"})
    assert (await inbox.receive_json_from(timeout=30))["kind"] == "pong"
    await inbox.disconnect()
