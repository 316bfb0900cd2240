"""The spectator socket: public summary on connect, an event after the finish commits, nothing
hidden in any frame, and nothing sent when the finishing transaction rolls back."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import transaction

from gauntlet.asgi import application
from matches.models import Match, MatchState
from web import live

ORIGIN = (b"origin", b"http://127.0.0.1")
pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@sync_to_async
def _scheduled_match():
    from matches.scheduling import SeatSpec, schedule_match
    from ratings.models import Ladder
    from tests.web.conftest import make_bot

    bots = [make_bot("kingdom-of-warlords", "random", n=i) for i in (1, 2)]
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    return schedule_match(
        ladder.game, [SeatSpec(b, "random") for b in bots], ladder=ladder, enqueue=False
    )


@sync_to_async
def _run(match_id: int) -> Match:
    from matches.tasks import run_match

    run_match(match_id)  # commits: the event is published on commit
    return Match.objects.get(pk=match_id)


def _hidden_values(match: Match) -> list[str]:
    return [str(match.seed), match.seed_nonce]


async def test_spectator_gets_the_summary_then_the_finish():
    match = await _scheduled_match()
    socket = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=[ORIGIN])
    connected, _ = await socket.connect()
    assert connected
    hello = await socket.receive_from(timeout=5)
    for secret in _hidden_values(match):
        assert secret not in hello  # the seed and nonce stay secret before the end
    hello = json.loads(hello)
    assert hello["kind"] == "hello" and hello["match"]["state"] == "scheduled"
    assert hello["match"]["seed"] is None and hello["match"]["n_actions"] is None
    assert hello["match"]["seed_commitment"] == match.seed_commitment

    played = await _run(match.pk)
    assert played.state == MatchState.FINISHED
    event = json.loads(await socket.receive_from(timeout=10))
    assert event["kind"] == "finished"
    assert event["match"]["state"] == "finished" and event["match"]["seed"] == played.seed
    assert event["match"]["n_actions"] == len(played.actions)
    assert sorted(s["rank"] for s in event["match"]["seats"]) == sorted(
        s.rank for s in await sync_to_async(list)(played.seats.all())
    )
    assert "actions" not in event["match"] and "digests" not in event["match"]
    await socket.send_json_to({"kind": "ping"})
    assert (await socket.receive_json_from())["kind"] == "pong"
    await socket.disconnect()


async def test_unknown_match_is_refused():
    socket = WebsocketCommunicator(application, "/ws/matches/987654/", headers=[ORIGIN])
    connected, code = await socket.connect()
    assert not connected and code == 4404


async def test_nothing_is_published_when_the_finish_rolls_back():
    match = await _scheduled_match()
    socket = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/", headers=[ORIGIN])
    assert (await socket.connect())[0]
    await socket.receive_from(timeout=5)

    @sync_to_async
    def finish_then_fail():
        with pytest.raises(RuntimeError), transaction.atomic():
            m = Match.objects.get(pk=match.pk)
            live.on_matches_finished(Match, [m])
            raise RuntimeError("the finishing transaction fails")

    await finish_then_fail()
    assert await socket.receive_nothing(timeout=0.5)
    await socket.disconnect()
