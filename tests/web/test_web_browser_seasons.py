"""A season ended in chromium at 390 px: an organiser follows the ladder page's season link,
ends Season 1 with a widening on its page, and the page keeps its final leaderboard by the
players' names without scrolling sideways; a player's page lists the season."""

from __future__ import annotations

import pytest
from django.db import transaction
from playwright.sync_api import expect

from players.models import Player
from ratings.models import Ladder
from ratings.service import rate_match
from tests.ratings.ratings_helpers import finished_match
from tests.support.accounts import STRONG
from tests.web.board_play import page_fits
from tests.web.conftest import screenshot
from tests.web.test_web_browser import log_in

pytestmark = pytest.mark.browser
LADDER = "kingdom-of-warlords-1v1"


def test_an_organiser_ends_a_season_at_390_px(page, live_server):
    ladder = Ladder.objects.get(slug=LADDER)
    Player.objects.create_user("org", "o@example.org", STRONG, role="organiser")
    people = [
        Player.objects.create(username=n.lower(), display_name=n) for n in ("Ana", "Bo", "Cy")
    ]
    for w, lost in ((0, 1), (0, 2), (1, 2)):
        with transaction.atomic():
            rate_match(finished_match(ladder, [people[w], people[lost]], [0, 1]))
    base = live_server.url
    log_in(page, base, "org")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base}/ladders/{LADDER}/")
    expect(page.get_by_test_id("season")).to_contain_text("ratings reset to 25 ± 8.33")
    assert page_fits(page)
    page.get_by_test_id("season").get_by_role("link", name="Season 1").click()
    expect(page.get_by_test_id("season-running")).to_be_visible()
    page.get_by_label("Widen", exact=True).check()
    page.get_by_label("Widen the uncertainty by").fill("2")
    page.get_by_label("Reason").fill("The autumn season is over")
    page.get_by_role("button", name="End the season").click()
    rows = page.get_by_test_id("season-row")
    expect(rows).to_have_count(3)
    expect(rows.first).to_contain_text("Ana")
    expect(page.get_by_test_id("season-reset")).to_contain_text("uncertainty widened by 2")
    assert page_fits(page)
    screenshot(page, "season-390")
    page.goto(f"{base}/players/bo/")
    expect(page.get_by_test_id("player-season")).to_contain_text("2 of 3")
    assert page_fits(page)
