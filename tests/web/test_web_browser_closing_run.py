"""A ladder's closing run in chromium, at 1280 and 390 px: staff fill the closing form on the
ladder's closing page, the run plays its matches (in-process in the embedded mode, so the start
answers once the run is over), and the page publishes the final ranking with each contender's
probability above the next and likely rank; the leaderboard links to it, and the season it ended
(the form's default) keeps the same order as its final leaderboard, the ladder open again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.accounts import STRONG
from tests.support.server import embedded_site
from tests.web.board_play import page_fits
from tests.web.conftest import chromium_page, screenshot
from tests.web.test_web_browser import log_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]
LADDER = "kingdom-of-warlords-1v1"
SETUP = f"""
import json
from players.models import Player
from ratings.models import BotProfile, Ladder, Rating

ladder = Ladder.objects.get(slug={LADDER!r})
Player.objects.create_user("staffer", "s@example.org", {STRONG!r}, role="admin")
for name, mu in (("Ada", 27.0), ("Bea", 25.0), ("Cy", 23.0)):
    bot = Player.objects.create(username=name.lower() + "-bot", display_name=name + " bot", is_bot=True)
    BotProfile.objects.create(player=bot, game="kingdom-of-warlords", spec="random")
    Rating.objects.create(ladder=ladder, player=bot, mu=mu, sigma=2.0, conservative=mu - 6, games=4)
print(json.dumps({{"ok": True}}))
"""


@pytest.fixture
def site(tmp_path):
    with embedded_site(tmp_path, SETUP) as served:
        yield served


def test_staff_follow_a_closing_run_to_its_final_ranking_at_1280_and_390_px(site, monkeypatch):
    base = site.url
    with chromium_page(monkeypatch, timeout_ms=60_000) as page:
        page.set_viewport_size({"width": 1280, "height": 900})
        log_in(page, base, "staffer")
        page.goto(f"{base}/ladders/{LADDER}/")
        expect(page.get_by_test_id("rank-interval").first).to_be_visible()
        page.get_by_test_id("closing-link").get_by_role("link").click()
        expect(page.get_by_role("heading", name="No closing run yet")).to_be_visible()
        page.get_by_label("Contenders").fill("3")
        page.get_by_label("Places").fill("3")
        page.get_by_label("Matches per contender").fill("3")
        page.get_by_label("Confidence").fill("0.9")
        page.get_by_label("Reason").fill("End of the season")
        page.get_by_role("button", name="Start the closing run").click()
        expect(page.get_by_role("heading", name="Final ranking")).to_be_visible()
        rows = page.get_by_test_id("final-row")
        expect(rows).to_have_count(3)
        names = [rows.nth(i).get_by_role("link").inner_text() for i in range(3)]
        assert sorted(names) == ["Ada bot", "Bea bot", "Cy bot"]
        expect(page.get_by_test_id("closing-status")).to_contain_text("matches in")
        expect(rows.nth(2)).to_contain_text("—")  # the last has no next
        expect(page.get_by_test_id("closing-progress")).to_have_attribute("data-state", "finished")
        screenshot(page, "closing-run-1280")
        page.set_viewport_size({"width": 390, "height": 844})
        page.reload()
        expect(page.get_by_test_id("final-ranking")).to_be_visible()
        assert page_fits(page)
        screenshot(page, "closing-run-390")
        page.goto(f"{base}/ladders/{LADDER}/")
        expect(page.get_by_test_id("closing-link")).to_contain_text(
            "Final ranking of the closing run"
        )
        expect(page.locator("p.muted").first).not_to_contain_text("closed")  # reopened

        # The run ended Season 1 (the form's default): its final leaderboard is the ranking.
        page.goto(f"{base}/ladders/{LADDER}/closing/")
        page.get_by_test_id("closing-season").get_by_role("link", name="Season 1").click()
        expect(page.get_by_test_id("season-closing")).to_contain_text("3 contenders")
        season_rows = page.get_by_test_id("season-row")
        expect(season_rows).to_have_count(3)
        assert [season_rows.nth(i).get_by_role("link").inner_text() for i in range(3)] == names
        assert page_fits(page)
        screenshot(page, "closing-run-season-390")
