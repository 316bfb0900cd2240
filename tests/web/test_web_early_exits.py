"""A resignation at move 1 on the result tables: the play page's (the view, the after-game
fragment drawn by the server, the socket's last view) and the match page's say the match was not
rated and why, in words; nobody's rating moved (matches.early_exit)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from gauntlet.asgi import application
from matches import interactive
from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from ratings.models import Ladder, RatingChange
from tests.support.accounts import STRONG

LADDER = "kingdom-of-warlords-1v1"
ORIGIN = (b"origin", b"http://127.0.0.1")
NOT_RATED = "Ended by a resignation before both players had moved: not rated."


def _match():
    ladder = Ladder.objects.get(slug=LADDER)
    people = [
        Player.objects.create_user(name.lower(), password=STRONG, display_name=name)
        for name in ("Ada", "Bea")
    ]
    match = schedule_match(ladder.game, [SeatSpec(p) for p in people], ladder=ladder, seed=1234)
    return match, people


def _view(html: str) -> dict:
    found = re.search(r'<script id="play-view" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(found.group(1))


@pytest.mark.django_db
def test_the_play_page_says_a_resignation_at_move_1_was_not_rated(client):
    match, (ada, _) = _match()
    interactive.resign(match.pk, ada)
    client.force_login(ada)
    html = client.get(f"/matches/{match.pk}/play/").content.decode()
    view = _view(html)
    assert view["state"] == "finished" and view["rated"] is False
    assert view["unrated_reason"] == NOT_RATED and view["ratings"] == []
    assert view["rating_notes"] == [NOT_RATED]
    notes = html.split('data-testid="rating-notes">')[1].split("</div>")[0]
    assert unescape(notes) == f"<p>{NOT_RATED}</p>"  # drawn by the server, under the table
    assert not RatingChange.objects.exists()


@pytest.mark.django_db
def test_the_match_page_says_it_was_not_rated_and_why(client):
    match, (ada, _) = _match()
    interactive.resign(match.pk, ada)
    html = unescape(client.get(f"/matches/{match.pk}/").content.decode())
    assert "· unrated ·" in html
    section = html.split('data-testid="match-ratings"')[1].split("</section>")[0]
    assert NOT_RATED in section and "<table" not in section  # no changes to list


@pytest.mark.django_db
def test_a_running_match_page_has_no_ratings_section(client):
    match, _ = _match()
    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-testid="match-ratings"' not in html


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_socket_tells_the_board_the_match_was_not_rated():
    @sync_to_async
    def setup():
        match, (ada, _) = _match()
        client = Client()
        client.force_login(ada)
        return match, (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())

    match, cookie = await setup()
    socket = WebsocketCommunicator(
        application, f"/ws/matches/{match.pk}/play/", headers=[ORIGIN, cookie]
    )
    assert (await socket.connect())[0]
    first = (await socket.receive_json_from(timeout=30))["view"]
    assert first["state"] == "running" and "rated" not in first
    await socket.send_json_to({"kind": "resign"})
    ended = (await socket.receive_json_from(timeout=30))["view"]
    assert ended["state"] == "finished" and ended["rated"] is False
    assert ended["ratings"] == [] and ended["rating_notes"] == [NOT_RATED]
    await socket.disconnect()
