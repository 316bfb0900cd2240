"""The Akhedena play page: its own board and how-to-play text, a seat's view whose actions are
all chosen on board keys (squares, Army cards, reserves) or are buttons, and a spectator's view
with public information only."""

from __future__ import annotations

import html
import json
import re

import pytest

from matches.models import Match
from tests.web.conftest import make_bot

pytestmark = pytest.mark.django_db
SQUARE = r"[a-m](1[0-3]|[1-9])"
KEY = re.compile(rf"^(square:{SQUARE}|card:{SQUARE}:[12]|reserve:(infantry|cavalry|ranged))$")


def _view_of(page: str) -> dict:
    found = re.search(r'<script id="play-view" type="application/json">(.*?)</script>', page, re.S)
    assert found, "the page embeds the seat's view"
    return json.loads(found.group(1))


@pytest.fixture
def game_page(client, person, django_capture_on_commit_callbacks):
    bot = make_bot("akhedena", "random")
    client.force_login(person)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post("/play/bots/akhedena-1v1/", {"akhedena-1v1-bot_0": bot.username})
    assert answer.status_code == 302
    return client.get(answer["Location"]).content.decode()


def test_the_play_page_draws_the_akhedena_board_with_its_help(game_page):
    assert 'data-presentation="akhedena"' in game_page
    assert "How to play Akhedena Quick Match" in game_page
    assert "The Crown</strong> starts on g7" in game_page
    assert "Gauntlet's own starter catalogue, not the publisher's" in html.unescape(game_page)


def test_every_action_is_chosen_on_board_keys_or_is_a_button(game_page):
    """docs/boards.md: a path names the elements the board draws; ``[]`` makes a button."""
    view = _view_of(game_page)
    assert view["seat"] == 0 and view["your_turn"] and view["legal"]
    for entry in view["legal"]:
        keys = [k for step in entry["path"] for k in ([step] if isinstance(step, str) else step)]
        assert all(KEY.match(k) for k in keys), entry
        assert keys or entry["action"] in ("pass", "done"), entry
        assert entry["label"] and ":" not in entry["label"] and "#" not in entry["label"]
    # The seat's own cards have faces by name; the bot's face-down cards have none.
    own = [p for p in view["observation"]["pieces"] if p["seat"] == 0]
    assert all(view["faces"][c["id"]]["name"] == c["name"] for p in own for c in p["army"])
    theirs = [p for p in view["observation"]["pieces"] if p["seat"] == 1]
    assert any(c.get("hidden") for p in theirs for c in p["army"])


def test_a_spectator_sees_public_information_only(client, game_page):
    match = Match.objects.get()
    client.logout()
    view = _view_of(client.get(f"/matches/{match.pk}/play/").content.decode())
    assert view["seat"] is None and view["legal"] == []
    obs = view["observation"]
    assert "reserve_cards" not in json.dumps(obs["players"])
    hidden = [c for p in obs["pieces"] for c in (p["card"], *p["army"]) if c.get("hidden")]
    assert hidden and all(set(c) == {"hidden", "main_type"} for c in hidden)
    assert all(p.get("legal") is None for p in obs["pieces"])


def test_the_start_page_reads_the_bots_once_however_many_ladders(client, person):
    """Each new game's ladders (Akhedena's two) must not add a query each to /play/."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from ratings.models import Ladder

    make_bot("akhedena", "random")
    client.force_login(person)
    with CaptureQueriesContext(connection) as before:
        assert client.get("/play/").status_code == 200
    for i in range(3):
        Ladder.objects.create(slug=f"akhedena-extra-{i}", name=f"x{i}", game="akhedena", seats=2)
    with CaptureQueriesContext(connection) as after:
        page = client.get("/play/")
    assert (
        page.status_code == 200
        and 'data-testid="play-bots-akhedena-extra-2"' in page.content.decode()
    )
    assert len(after.captured_queries) == len(before.captured_queries)
