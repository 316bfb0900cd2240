"""Fixtures of the web tests: people, played matches, and a headless chromium for browser tests.

Browser tests (marker ``browser``) drive Debian's chromium (``apt-get install chromium``) through
Playwright; they fail, never skip, when /usr/bin/chromium is missing.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connections

from matches.models import Match
from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from ratings.models import BotProfile, Ladder
from tests.support.accounts import STRONG

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "browser: drives headless chromium through Playwright (needs /usr/bin/chromium)"
    )


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def person(db) -> Player:
    return Player.objects.create_user(
        "alice", "alice@example.org", STRONG, display_name="Alice", country="FR"
    )


@pytest.fixture
def staff(db) -> Player:
    return Player.objects.create_user("auditor", "audit@example.org", STRONG, role="admin")


def make_bot(game: str, kind: str, owner: Player | None = None, n: int = 1) -> Player:
    suffix = "" if n == 1 else f"-{n}"
    bot = Player.objects.create(
        username=f"{game}-{kind}-bot{suffix}", display_name=f"{kind} bot{suffix}", is_bot=True
    )
    BotProfile.objects.create(player=bot, game=game, spec=kind, owner=owner)
    return bot


@pytest.fixture
def kow_bots(db) -> list[Player]:
    return [make_bot("kingdom-of-warlords", "random", n=i) for i in (1, 2, 3)]


@pytest.fixture
def play(django_capture_on_commit_callbacks):
    """Schedule a bot match on a ladder and play it in-process; returns the finished match."""

    def run(
        slug: str, seats: list[Player], kinds: list[str] | None = None, seed: int | None = None
    ) -> Match:
        ladder = Ladder.objects.get(slug=slug)
        kinds = kinds or ["random"] * len(seats)
        with django_capture_on_commit_callbacks(execute=True):
            match = schedule_match(
                ladder.game,
                [SeatSpec(p, k) for p, k in zip(seats, kinds, strict=True)],
                ladder=ladder,
                origin="test",
                seed=seed,
            )
        match.refresh_from_db()
        return match

    return run


@pytest.fixture
def finished(play, kow_bots) -> Match:
    """A finished, rated Kingdom of Warlords match between two random bots, from a fixed seed:
    a random game can end after two actions (about one seed in a thousand), and the replay
    tests step into the middle of it."""
    return play("kingdom-of-warlords-1v1", kow_bots[:2], seed=FINISHED_SEED)


FINISHED_SEED = 20261202


@pytest.fixture
def scheduled(kow_bots) -> Match:
    """A scheduled match no worker has picked up (not queued)."""
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    return schedule_match(
        ladder.game,
        [SeatSpec(kow_bots[0], "random"), SeatSpec(kow_bots[1], "random")],
        ladder=ladder,
        enqueue=False,
    )


def login(client, user: Player) -> None:
    client.force_login(user)


# -- browser -----------------------------------------------------------------------------------


@contextlib.contextmanager
def chromium_page(
    monkeypatch,
    timeout_ms: int = 10_000,
    expected_refusals: tuple[str, ...] = (),
    timezone_id: str | None = None,
):
    """A fresh headless chromium page (Playwright) for one test.

    ``expected_refusals``: addresses whose refusal by the Content-Security-Policy is the point
    (a bundle of another project asking for something outside the site), not a failure.
    ``timezone_id``: the browser's time zone (an IANA name; default: the machine's).

    Playwright's sync API keeps an event loop running in this thread while it is started, which
    Django's async-safety check would take for async code: the browser lives for one test only,
    and the check is relaxed for that test's own (synchronous) ORM calls.
    """
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"{CHROMIUM} is missing: browser tests need Debian's chromium "
            "(apt-get update && apt-get install -y chromium)",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900}, timezone_id=timezone_id)
        page.set_default_timeout(timeout_ms)
        # Whatever the page does must hold under the site's Content-Security-Policy: chromium
        # reports each refusal on the console, and the test fails on any.
        refused: list[str] = []
        page.on(
            "console",
            lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None,
        )
        yield page
        browser.close()
        refused = [m for m in refused if not any(url in m for url in expected_refusals)]
        assert not refused, f"the Content-Security-Policy refused: {refused[:3]}"
    finally:
        # Connections the test opened while the browser's event loop ran are Django's
        # per-async-context ones: close them here, or they outlive the test (PostgreSQL would
        # then refuse to drop the test database).
        connections.close_all()
        playwright.stop()


@pytest.fixture
def page(live_server, monkeypatch):
    """A chromium page, started after pytest-django's live server and database."""
    with chromium_page(monkeypatch) as new_page:
        yield new_page


def screenshot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
