"""A bot's versions in chromium, at 1280 and 390 px: the owner publishes two versions on the
bot's page, asks for a comparison of four games (played in-process in the embedded mode, so the
form answers once they are over) and reads both versions and the comparison's numbers."""

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

ana = Player.objects.create_user("ana", "a@example.org", {STRONG!r})
bot = Player.objects.create(username="anas-engine", display_name="Ana's engine", is_bot=True)
BotProfile.objects.create(player=bot, game="kingdom-of-warlords", spec="random", owner=ana)
print(json.dumps({{"ok": True}}))
"""


@pytest.fixture
def site(tmp_path):
    with embedded_site(tmp_path, SETUP) as served:
        yield served


def test_the_owner_publishes_two_versions_and_compares_them_at_1280_and_390_px(site, monkeypatch):
    base = site.url
    with chromium_page(monkeypatch, timeout_ms=60_000) as page:
        page.set_viewport_size({"width": 1280, "height": 900})
        log_in(page, base, "ana")
        page.goto(f"{base}/players/anas-engine/")
        page.get_by_test_id("bot-versions-link").get_by_role("link").click()
        expect(page.get_by_text("No versions published yet.")).to_be_visible()
        for name in ("v1", "v2"):
            page.get_by_label("Name").fill(name)
            page.get_by_label("Bot spec").fill("random")
            page.get_by_role("button", name="Publish").click()
            expect(page.get_by_test_id("version").first).to_contain_text(f"Ana's engine {name}")
        expect(page.get_by_test_id("version")).to_have_count(2)
        page.get_by_label("Games").fill("4")
        page.get_by_role("button", name="Schedule the games").click()
        found = page.get_by_test_id("comparison")
        expect(found.get_by_test_id("comparison-games")).to_contain_text("4 of 4 games played")
        expect(found.get_by_test_id("comparison-verdict")).to_contain_text("95% interval")
        screenshot(page, "bot-versions-1280")
        page.set_viewport_size({"width": 390, "height": 844})
        page.reload()
        expect(found).to_be_visible()
        assert page_fits(page)
        screenshot(page, "bot-versions-390")
