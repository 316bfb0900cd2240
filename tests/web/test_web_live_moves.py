"""The spectator socket of a match people play: the public view at once and after every
action, then the finish; no frame ever holds a seat's hidden card (Warlords' hands and armies,
Khan of Khans' unrevealed location decks) nor the seed."""

from __future__ import annotations

import json
import random

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from gauntlet.asgi import application

ORIGIN = (b"origin", b"http://127.0.0.1")
pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@sync_to_async
def _people_match(ladder_slug: str):
    from matches.scheduling import SeatSpec, schedule_match
    from players.models import Player
    from ratings.models import Ladder

    people = [Player.objects.create_user(f"{ladder_slug[:4]}{i}") for i in range(2)]
    ladder = Ladder.objects.get(slug=ladder_slug)
    match = schedule_match(ladder.game, [SeatSpec(p) for p in people], ladder=ladder)
    return match, people


@sync_to_async
def _hidden_cards(match_id: int) -> list[str]:
    """Card ids no spectator may see now: cards in hands, armies, and location decks whose top
    is not public (except those the rules reveal, like Warlords' first draw)."""
    import json

    from matches import interactive
    from matches.models import Match

    match = Match.objects.get(pk=match_id)
    game, state = interactive.game_state(match)
    public = game.observation(state, None)
    hidden = []
    for zone, cards in game.zones(state).items():
        kind, _, index = zone.partition(":")
        unseen_deck = kind == "deck" and public["decks"][int(index)]["top"] is None
        if kind in ("hand", "army") or unseen_deck:
            hidden += cards
    revealed = json.dumps(public)
    return [card for card in hidden if f'"{card}"' not in revealed]


@sync_to_async
def _play_random(match_id: int, people, rng: random.Random) -> str:
    from matches import interactive
    from matches.models import Match

    match = Match.objects.get(pk=match_id)
    game, state = interactive.game_state(match)
    seat = game.to_act(state)
    view = interactive.view_for(match, seat)
    action = rng.choice(view["legal"])["action"]
    interactive.submit_action(match_id, people[seat], action, view["ply"])
    return action


@sync_to_async
def _resign(match_id: int, person) -> None:
    from matches import interactive

    interactive.resign(match_id, person)


@sync_to_async
def _secrets(match_id: int) -> list[str]:
    from matches.models import Match

    match = Match.objects.get(pk=match_id)
    return [str(match.seed), match.seed_nonce]


async def _watch(match_id: int) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=[ORIGIN])
    connected, _ = await socket.connect()
    assert connected
    return socket


async def _frame(socket) -> tuple[str, dict]:
    raw = await socket.receive_from(timeout=5)
    return raw, json.loads(raw)


@pytest.mark.parametrize("ladder", ["kingdom-of-warlords-1v1", "khan-of-khans-2p"])
async def test_spectators_see_every_move_and_never_a_hidden_card(ladder):
    match, people = await _people_match(ladder)
    socket = await _watch(match.pk)
    assert (await _frame(socket))[1]["kind"] == "hello"
    raw, first = await _frame(socket)
    assert first["kind"] == "move" and first["view"]["ply"] == 0
    assert first["view"]["seat"] is None and first["view"]["legal"] == []
    hidden = await _hidden_cards(match.pk)
    assert hidden and not [card for card in hidden if f'"{card}"' in raw]
    rng = random.Random(5)
    for ply in range(1, 9):
        await _play_random(match.pk, people, rng)
        raw, event = await _frame(socket)
        if event["kind"] == "finished":
            break
        assert event["kind"] == "move" and event["view"]["ply"] == ply
        hidden = await _hidden_cards(match.pk)
        leaked = [card for card in hidden if f'"{card}"' in raw]
        assert not leaked, f"hidden cards in a spectator frame: {leaked}"
        assert "hand" not in event["view"]["observation"] or not isinstance(
            event["view"]["observation"]["hand"], list
        )
        for secret in await _secrets(match.pk):
            assert secret not in raw
    else:
        await _resign(match.pk, people[0])
        raw, event = await _frame(socket)
        assert event["kind"] == "finished" and event["match"]["reason"]
    await socket.disconnect()


@sync_to_async
def _bot_match():
    from matches.scheduling import SeatSpec, schedule_match
    from ratings.models import Ladder
    from tests.web.conftest import make_bot

    bots = [make_bot("kingdom-of-warlords", "random", n=i) for i in (1, 2)]
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    return schedule_match(
        ladder.game, [SeatSpec(b, "random") for b in bots], ladder=ladder, enqueue=False
    )


async def test_a_bot_match_sends_no_moves_while_a_worker_plays_it():
    match = await _bot_match()
    socket = await _watch(match.pk)
    assert (await _frame(socket))[1]["kind"] == "hello"
    assert await socket.receive_nothing(timeout=0.3)
    await socket.disconnect()
