"""Playing in chromium: Khan of Khans (and Kingdom of Warlords, with a turn clock) against a
bot, clicking the legal actions the engine offers; the connection drops and the page reconnects
by itself, a reload carries on from the server's state, and the person resigns (whole games by
clicking are tests/web/test_web_browser_boards.py's).

Served by daphne in a subprocess (the play socket needs ASGI) on the test's PostgreSQL database,
so it runs in the services pass. The daphne process runs Celery tasks eagerly: the bot's
moves are played right after each of the person's (a real worker runs ``advance_bots`` in
tests/matches/test_play_workers.py).
"""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from playwright.sync_api import expect

from matches import audit
from matches.models import Match, MatchState
from players.models import Player
from ratings.models import Ladder
from tests.support.accounts import STRONG
from tests.support.server import daphne_server
from tests.support.workers import subprocess_database_url
from tests.web.board_play import play_by_clicking
from tests.web.conftest import SCREENSHOTS, chromium_page, make_bot, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.services]
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


SPY_ON_SOCKETS = """
const Native = window.WebSocket;
window.__sockets = [];
window.WebSocket = class extends Native {
  constructor(...args) { super(...args); window.__sockets.push(this); }
};
"""


@pytest.fixture
def daphne(transactional_db, tmp_path):
    assert connection.vendor == "postgresql", "the play browser test runs on PostgreSQL"
    env = {
        "DATABASE_URL": subprocess_database_url(),
        "DEBUG": "1",
        "CELERY_BROKER_URL": "",  # tasks run eagerly in the server
        "SECRET_KEY": settings.SECRET_KEY,  # the sessions made here are valid there
    }
    with daphne_server(tmp_path, env) as base_url:
        yield base_url


@pytest.fixture
def browser_page(daphne, monkeypatch):
    with chromium_page(monkeypatch, timeout_ms=15_000) as page:
        yield page


def log_in(page, base: str, user: Player) -> None:
    """A session made here (the tests' password hasher is not the server's), as a cookie."""
    client = Client()
    client.force_login(user)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}
    page.context.add_cookies([cookie])
    page.goto(base)
    # Signed in: the header's notifications link shows (the menu may be folded at phone width).
    expect(page.get_by_test_id("notif-link")).to_be_visible()


@pytest.mark.parametrize(
    "game, ladder, shot",
    [
        ("khan-of-khans", "khan-of-khans-2p", "play-khan-of-khans"),
        ("kingdom-of-warlords", "kingdom-of-warlords-1v1", "play-kingdom-of-warlords"),
    ],
)
def test_play_against_a_bot_through_a_dropped_connection_and_a_reload(
    browser_page, daphne, game, ladder, shot
):
    page = browser_page
    if game == "kingdom-of-warlords":  # this ladder sets a turn clock
        Ladder.objects.filter(slug=ladder).update(
            options={"clock": {"initial": 600, "increment": 5}}
        )
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    bot = make_bot(game, "random")
    log_in(page, daphne, alice)
    # Keep every socket the page opens reachable, to drop one as a network would.
    page.add_init_script(SPY_ON_SOCKETS)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(data)))
    page.goto(f"{daphne}/play/")
    page.get_by_test_id(f"play-bots-{ladder}").click()
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")
    match = Match.objects.get()
    assert page.url.endswith(f"/matches/{match.pk}/play/")
    expect(page.get_by_test_id("play-status")).to_contain_text("Your turn")
    if game == "kingdom-of-warlords":
        clock = page.get_by_test_id("clock-0")
        expect(clock).to_have_text(re.compile(r"^10:0[0-5]$"))
        # the clock's setting in the site's one format (matches.clock.label)
        expect(clock).to_have_attribute("title", "Turn clock: 10 min + 5 s a turn")
        shown = clock.inner_text()
        expect(clock).not_to_have_text(shown)  # it counts down
        expect(page.get_by_test_id("clock-1")).to_have_count(0)  # a bot has no clock

    # The connection drops: the page says so, reconnects by itself, and play goes on.
    page.evaluate("window.__sockets.at(-1).close()")
    expect(page.locator("#play")).to_have_attribute("data-socket", "reconnecting")
    expect(page.locator("#play-connection")).to_contain_text("reconnecting")
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")

    # A few moves and a reload (the whole game by clicking is test_web_browser_boards'), then
    # the person resigns, unless the deal ended the game first.
    played = play_by_clicking(page, random.Random(7), reload_after=4, shot=shot, stop_after=6)
    clicks = played.moves
    if page.locator("#play").get_attribute("data-state") == "running":
        page.locator("#play-resign-open").click()
        page.get_by_test_id("resign-confirm").click()
    result = page.get_by_test_id("play-result")
    expect(result).to_be_visible()
    expect(page.locator("#play-connection")).to_have_text("The match has ended.")
    screenshot(page, f"{shot}-result")

    match.refresh_from_db()
    # The seed is the server's: a deal can end a game after a few of the person's moves.
    assert match.state == MatchState.FINISHED and 1 <= clicks < len(match.actions)
    ranks = match.result["ranks"]
    mine = ranks[0]  # the person took seat 0
    if mine == 0:
        expected = "Shared first place." if ranks.count(0) > 1 else "You won!"
    else:
        expected = f"You placed {mine + 1}{ {1: 'nd', 2: 'rd'}.get(mine, 'th') }."
    expect(result).to_contain_text(expected)
    assert audit.verify(match).ok
    assert match.seats.get(player=bot).bot == "random"
    # Every frame the person's socket received was the person's own seat's view.
    views = [json.loads(f)["view"] for f in frames if '"kind": "view"' in f]
    assert views and all(v["seat"] == 0 and v["observation"]["seat"] == 0 for v in views)
    if game == "khan-of-khans":
        DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(SCREENSHOTS / f"{shot}.png", DOCS_SCREENSHOTS / f"{shot}.png")


def test_running_out_of_time_ends_the_match_in_the_browser(browser_page, daphne):
    """Nobody moves: the clock on the page reaches zero, the server checks it, the seat to act
    loses on time, and the page shows the result."""
    from matches.scheduling import SeatSpec, schedule_match

    page = browser_page
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    bob = Player.objects.create_user("bob", "bob@example.org", STRONG, display_name="Bob")
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    match = schedule_match(
        ladder.game,
        [SeatSpec(alice), SeatSpec(bob)],
        ladder=ladder,
        options={"clock": {"initial": 0, "increment": 3}},
    )
    log_in(page, daphne, alice)
    page.goto(f"{daphne}/matches/{match.pk}/play/")
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")
    to_act = Match.objects.get(pk=match.pk).clock["seat"]
    expect(page.get_by_test_id(f"clock-{to_act}")).to_have_text(re.compile(r"^0:0[0-3]$"))
    result = page.get_by_test_id("play-result")
    expect(result).to_contain_text("ran out of time", timeout=20_000)
    expect(result).to_contain_text("You won!" if to_act == 1 else "You placed 2nd.")
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED and match.forfeit["kind"] == "timeout"
    assert match.forfeit["seat"] == to_act and audit.verify(match).ok
