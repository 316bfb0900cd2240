"""The live match page in chromium, served by daphne in a subprocess: it updates over its
websocket when the match finishes, and no frame carries hidden information.

Needs a channel layer shared between processes (Redis) and a database the server can see, so it
runs in the services pass (PostgreSQL + Redis); the in-memory layer is covered in-process by
test_web_live.py.
"""

import threading
from pathlib import Path

import pytest
from django.db import connection
from playwright.sync_api import expect

from matches.models import Match, MatchState
from matches.scheduling import SeatSpec, schedule_match
from ratings.models import Ladder
from tests.support.server import daphne_server
from tests.support.workers import subprocess_database_url
from tests.web.conftest import chromium_page, make_bot, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.services]
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def daphne(transactional_db, tmp_path):
    assert connection.vendor == "postgresql", "the live browser test runs on PostgreSQL"
    # DEBUG: static files from the apps, without collectstatic.
    env = {"DATABASE_URL": subprocess_database_url(), "DEBUG": "1"}
    with daphne_server(tmp_path, env) as base_url:
        yield base_url


@pytest.fixture
def live_page(daphne, monkeypatch):
    """A chromium page (like conftest's ``page``, without pytest-django's live server)."""
    with chromium_page(monkeypatch, timeout_ms=15_000) as page:
        yield page


def test_live_match_page_updates_when_the_match_finishes(live_page, daphne):
    bots = [make_bot("kingdom-of-warlords", "random", n=i) for i in (1, 2)]
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    match = schedule_match(
        ladder.game, [SeatSpec(b, "random") for b in bots], ladder=ladder, enqueue=False
    )
    frames: list[str] = []
    live_page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(data)))
    live_page.goto(f"{daphne}/matches/{match.pk}/")
    box = live_page.locator("#match-live")
    expect(box).to_have_attribute("data-socket", "open")
    expect(live_page.get_by_test_id("match-state")).to_have_text("scheduled")
    screenshot(live_page, "match-live-waiting")

    # A worker finishes the match (here: in another thread of this process, as the browser's
    # event loop owns this one); the event reaches daphne's socket through Redis.
    from matches.tasks import run_match

    def work() -> None:
        try:
            run_match(match.pk)
        finally:
            connection.close()  # this thread's own connection

    worker = threading.Thread(target=work)
    worker.start()
    worker.join(60)
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED

    expect(box).to_have_attribute("data-updated", "finished")
    expect(live_page.get_by_test_id("match-state")).to_have_text("finished")
    expect(live_page.get_by_test_id("seed")).to_have_text(str(match.seed))
    expect(live_page.locator("#live-status")).to_have_text("The match has ended.")
    screenshot(live_page, "match-live-finished")

    # Every frame is public: before the end, no seed or nonce; never the action log or digests.
    assert frames and '"hello"' in frames[0]
    assert str(match.seed) not in frames[0] and match.seed_nonce not in frames[0]
    assert any('"finished"' in f for f in frames)
    for frame in frames:
        assert '"actions"' not in frame and '"digests"' not in frame and '"decks"' not in frame
    assert Match.objects.get(pk=match.pk).actions  # while the record itself has them


def in_a_thread(work) -> None:
    """Run ``work`` in another thread (the browser's event loop owns this one)."""

    def run() -> None:
        try:
            work()
        finally:
            connection.close()

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(60)


def test_a_table_page_follows_its_extension_and_time_called(live_page, daphne):
    from players.models import Player
    from tests.support.accounts import STRONG
    from tournaments import lifecycle, registration, timer
    from tournaments.models import Round

    org = Player.objects.create_user("boss", password=STRONG, role="organiser")
    t = lifecycle.create(
        org, name="Clock Night", game="kingdom-of-warlords", rounds=2, round_minutes=50
    )
    lifecycle.open_registration(t, org)
    for i in range(4):
        player = Player.objects.create_user(f"p{i}", password=STRONG)
        registration.register(t, player, player)
    t = lifecycle.start(t, org)
    table = Round.objects.get(tournament=t, number=1).tables.order_by("number").first()
    live_page.goto(f"{daphne}/tournaments/{t.pk}/tables/{table.pk}/")  # anyone watching
    status = live_page.get_by_test_id("table-live")
    expect(status).to_have_attribute("data-socket", "open")

    in_a_thread(lambda: timer.extend(t, table.pk, org, 7))
    expect(status).to_have_text("This table has 7 extra minutes.")
    table.refresh_from_db()
    clock = live_page.get_by_test_id("round-clock")
    shown = clock.get_attribute("data-deadline")
    assert shown == timer.table_deadline(table).isoformat()

    in_a_thread(lambda: timer.call_time(t, org))
    expect(status).to_have_text("Time is called: the organiser decides this table.")
    expect(clock.locator("[data-clock-text]")).to_have_text("Time is up")
