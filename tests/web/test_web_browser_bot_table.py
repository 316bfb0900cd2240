"""A person's tournament table against a bot, in chromium: the person opens their table, plays
their seat by clicking on the board (the bot's moves are the engine's bot's, made by the server),
and when the match ends the table is final with the engine's result and the next round is paired
by itself, without any report or confirmation.

Same server as tests/web/test_web_browser_play.py (daphne on the test's PostgreSQL database,
tasks run eagerly there), so it runs in the services pass.
"""

from __future__ import annotations

import random
import threading

import pytest
from django.db import connection
from playwright.sync_api import expect

from matches.models import Match, MatchState
from players.models import Player
from tests.support.accounts import STRONG
from tests.web import test_web_browser_play as play_base
from tests.web.board_play import DESK, PHONE, page_fits, play_by_clicking
from tests.web.conftest import make_bot, screenshot
from tests.web.test_web_browser_play import log_in
from tournaments import lifecycle, registration
from tournaments.models import Round, TableState

pytestmark = [pytest.mark.browser, pytest.mark.services]
daphne = play_base.daphne
browser_page = play_base.browser_page
KOW = "kingdom-of-warlords"


@pytest.fixture
def eager_tasks():
    """The test's own calls (starting the event) run their tasks here, as the server does."""
    from gauntlet.celery_app import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


def in_thread(work):
    """Run ``work`` on a thread of its own (as a request would: the browser's event loop owns
    this one), closing that thread's database connection; returns what it returned."""
    out = {}

    def run() -> None:
        try:
            out["value"] = work()
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    return out["value"]


def bot_table_event(rounds: int = 2):
    org = Player.objects.create_user("boss", "boss@example.org", STRONG, role="organiser")
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    bot = make_bot(KOW, "random", owner=org)
    t = lifecycle.create(org, name="Bot Night", game=KOW, format="swiss", rounds=rounds)
    lifecycle.open_registration(t, org)
    registration.register(t, alice, alice)
    registration.register(t, bot, org)
    lifecycle.start(t, org)
    (table,) = Round.objects.get(tournament=t, number=1).tables.all()
    return t, table, alice


def test_a_tournament_table_against_a_bot_is_played_in_the_browser(
    browser_page, daphne, eager_tasks
):
    """The first moves at desktop width, the rest at a phone's 390 px."""
    page = browser_page
    page.set_viewport_size(DESK)
    t, table, alice = in_thread(bot_table_event)
    assert table.match_id is not None
    log_in(page, daphne, alice)
    page.goto(f"{daphne}/tournaments/{t.pk}/tables/{table.pk}/")
    assert page_fits(page)
    expect(page.get_by_role("button", name="Report")).to_have_count(0)  # nothing to report
    page.get_by_test_id("play-seat").click()
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")
    assert page.url.endswith(f"/matches/{table.match_id}/play/")
    rng = random.Random(1280)
    played = play_by_clicking(page, rng, stop_after=3)
    page.set_viewport_size(PHONE)
    assert page_fits(page)
    play_by_clicking(page, rng, played=played)
    assert played.moves >= 1
    expect(page.get_by_test_id("play-result")).to_be_visible()
    expect(page.get_by_test_id("rematch")).to_have_count(0)  # a tournament table has none
    assert page_fits(page)
    screenshot(page, "tournament-bot-table-390")
    page.set_viewport_size(DESK)
    assert page_fits(page)
    screenshot(page, "tournament-bot-table-1280")
    match = Match.objects.get(pk=table.match_id)
    assert match.state == MatchState.FINISHED
    table.refresh_from_db()
    assert table.state == TableState.FINAL and table.source == "engine"
    assert not table.reports.exists()
    # The round advanced by itself: round 2 is paired, its match already running.
    second = Round.objects.get(tournament=t, number=2).tables.get()
    assert Match.objects.get(pk=second.match_id).state == MatchState.RUNNING
    page.goto(f"{daphne}/tournaments/{t.pk}/")
    expect(page.locator("main")).to_contain_text("round 2")
