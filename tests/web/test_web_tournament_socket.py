"""The tournament socket (``/ws/tournaments/<id>/``): anyone watches a public event and receives
its events after they commit; a draft is refused to everyone but its organiser and staff."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from gauntlet.asgi import application
from players.models import ApiToken, Player
from tests.support.accounts import STRONG
from tournaments import lifecycle, registration, results
from tournaments.models import Round

ORIGIN = (b"origin", b"http://127.0.0.1")
KOW = "kingdom-of-warlords"
pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


def _token_header(player: Player) -> tuple[bytes, bytes]:
    key = ApiToken.objects.create(user=player, name="ws")[1]
    return (b"authorization", f"Token {key}".encode())


@sync_to_async
def _running_event():
    org = Player.objects.create_user("org", password=STRONG, role="organiser")
    t = lifecycle.create(org, name="Socket Open", game=KOW, rounds=2, auto_advance=False)
    lifecycle.open_registration(t, org)
    players = [Player.objects.create_user(f"p{i}", password=STRONG) for i in range(4)]
    for p in players:
        registration.register(t, p, p)
    t = lifecycle.start(t, org)
    table = Round.objects.get(tournament=t, number=1).tables.order_by("number").first()
    return t, table, {p.pk: p for p in players}


@sync_to_async
def _report_both(t, table, players) -> None:
    from tournaments.models import Entry

    for entry in Entry.objects.filter(pk__in=table.entries):
        results.report(t, table.pk, players[entry.player_id], {"wins": [2, 1], "draws": 0})


async def _connect(tournament_id: int, *headers: tuple[bytes, bytes]):
    socket = WebsocketCommunicator(
        application, f"/ws/tournaments/{tournament_id}/", headers=[ORIGIN, *headers]
    )
    return socket, await socket.connect()


async def test_a_spectator_watches_a_table_become_final():
    t, table, players = await _running_event()
    socket, (connected, _) = await _connect(t.pk)  # anonymous
    assert connected
    hello = await socket.receive_json_from(timeout=30)
    assert hello == {
        "kind": "hello",
        "tournament": t.pk,
        "state": "running",
        "round": 1,
        "progress": {"finished": 0, "total": 2, "disputed": 0},
    }

    await _report_both(t, table, players)
    frame = await socket.receive_from(timeout=5)
    reported = json.loads(frame)
    assert reported["kind"] == "result-reported" and reported["reports"] == 1
    # Until the table is final, nobody watching learns what was reported.
    assert set(reported) == {
        "kind",
        "tournament",
        "table",
        "number",
        "round",
        "round_title",
        "round_words",
        "round_verb",
        "reports",
        "players",
    }
    assert '"wins"' not in frame
    final = await socket.receive_json_from(timeout=30)
    assert final["kind"] == "table-final" and final["table"] == table.pk
    assert final["result"]["wins"] == [2, 1]
    assert final["progress"] == {"finished": 1, "total": 2, "disputed": 0}

    await socket.send_json_to({"kind": "ping"})
    assert (await socket.receive_json_from())["kind"] == "pong"
    await socket.send_json_to({"kind": "report", "wins": [2, 0]})
    assert (await socket.receive_json_from())["kind"] == "error"
    await socket.disconnect()


@sync_to_async
def _draft_and_people():
    org = Player.objects.create_user("boss", password=STRONG, role="organiser")
    admin = Player.objects.create_user("staff", password=STRONG, role="admin")
    stranger = Player.objects.create_user("nosy", password=STRONG)
    draft = lifecycle.create(org, name="Secret Draft", game=KOW)
    return draft, {p.username: _token_header(p) for p in (org, admin, stranger)}


async def test_a_draft_is_refused_to_strangers_and_unknown_events_too():
    draft, tokens = await _draft_and_people()
    for headers in [(), (tokens["nosy"],)]:
        socket, (connected, code) = await _connect(draft.pk, *headers)
        assert not connected and code == 4404
    for manager in ("boss", "staff"):
        socket, (connected, _) = await _connect(draft.pk, tokens[manager])
        assert connected
        hello = await socket.receive_json_from(timeout=30)
        assert hello["state"] == "draft" and hello["progress"] is None
        await socket.disconnect()
    socket, (connected, code) = await _connect(987654)
    assert not connected and code == 4404


async def test_a_refused_socket_receives_nothing_later():
    draft, tokens = await _draft_and_people()
    socket, (connected, _) = await _connect(draft.pk, tokens["nosy"])
    assert not connected
    organiser = await sync_to_async(Player.objects.get)(username="boss")
    await sync_to_async(lifecycle.open_registration)(draft, organiser)
    assert await socket.receive_nothing(timeout=0.3)
    # Once registration is open, anyone may watch it.
    socket, (connected, _) = await _connect(draft.pk)
    assert connected
    assert (await socket.receive_json_from(timeout=30))["state"] == "registration"
    await socket.disconnect()
