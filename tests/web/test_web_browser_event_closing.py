"""A bot event closed by a closing run, in chromium at 1280 and 390 px: the organiser plans the
run on the event's closing page, starts the event (the embedded mode plays every round and the
run in-process, so the start answers once the event is over), and finds the run's final
ranking on its page and the same order at the top of the event's standings."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.accounts import STRONG
from tests.support.server import embedded_site
from tests.web.board_play import page_fits
from tests.web.conftest import chromium_page, screenshot
from tests.web.test_web_browser import log_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SETUP = f"""
import json
from players.models import Player
from ratings.models import BotProfile
from tournaments import lifecycle, registration

org = Player.objects.create_user("olga", "o@example.org", {STRONG!r}, role="organiser")
t = lifecycle.create(org, name="Bot night", game="kingdom-of-warlords", rounds=2)
t = lifecycle.open_registration(t, org)
for name in ("Ada", "Bea", "Cy", "Dee"):
    bot = Player.objects.create(username=name.lower() + "-bot", display_name=name + " bot", is_bot=True)
    BotProfile.objects.create(player=bot, game="kingdom-of-warlords", spec="random", owner=org)
    registration.register(t, bot, org)
print(json.dumps({{"event": t.pk}}))
"""


@pytest.fixture
def site(tmp_path):
    with embedded_site(tmp_path, SETUP) as served:
        yield served


def test_an_organiser_closes_a_bot_event_with_a_closing_run_at_1280_and_390_px(site, monkeypatch):
    base, event = site.url, site.data["event"]
    with chromium_page(monkeypatch, timeout_ms=90_000) as page:
        page.set_viewport_size({"width": 1280, "height": 900})
        log_in(page, base, "olga")
        page.goto(f"{base}/tournaments/{event}/")
        page.get_by_test_id("closing-link").get_by_role("link").click()
        expect(page.get_by_role("heading", name="No closing run planned")).to_be_visible()
        page.get_by_label("Contenders").fill("3")
        page.get_by_label("Places").fill("3")
        page.get_by_label("Matches per contender").fill("3")
        page.get_by_label("Confidence").fill("0.9")
        page.get_by_label("Reason").fill("Settle the podium")
        page.get_by_role("button", name="Plan the closing run").click()
        expect(page.get_by_role("heading", name="Planned")).to_be_visible()
        expect(page.get_by_test_id("closing-status")).to_contain_text("top 3")
        page.get_by_role("link", name="Back to the event").click()
        page.get_by_role("button", name="Start and pair round 1").click()
        page.goto(f"{base}/tournaments/{event}/")
        link = page.get_by_test_id("closing-link")
        expect(link).to_contain_text("Final ranking of the closing run")
        link.get_by_role("link").click()
        expect(page.get_by_role("heading", name="Final ranking")).to_be_visible()
        rows = page.get_by_test_id("final-row")
        count = rows.count()
        assert count >= 3
        names = [rows.nth(i).get_by_role("link").inner_text() for i in range(count)]
        assert set(names) <= {"Ada bot", "Bea bot", "Cy bot", "Dee bot"}
        expect(page.get_by_test_id("closing-status")).to_contain_text("first")
        screenshot(page, "event-closing-run-1280")
        page.set_viewport_size({"width": 390, "height": 844})
        page.reload()
        expect(page.get_by_test_id("final-ranking")).to_be_visible()
        assert page_fits(page)
        screenshot(page, "event-closing-run-390")
        # The event's printed standings list the run's order first.
        page.goto(f"{base}/tournaments/{event}/print/standings/")
        printed = page.get_by_test_id("print-row")
        shown = [printed.nth(i).locator("td").nth(1).inner_text() for i in range(count)]
        assert shown == names
        expect(page.get_by_test_id("print-closing")).to_contain_text("closing run")
