"""The rating chart's date axis in headless chromium, at a desktop width and at a phone's 390 px:
the dates are drawn inside the chart, apart from each other, at a readable size."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import transaction

from players.models import Player
from ratings.models import Ladder
from ratings.service import rate_match
from tests.ratings.ratings_helpers import finished_match
from tests.support.accounts import STRONG
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser
MIN_TEXT_PX = 10.5  # rendered height of an axis label, in CSS pixels


@pytest.mark.parametrize("width", [1280, 390])
def test_the_rating_chart_shows_readable_dates_at_any_width(page, live_server, width):
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    nia, vic = (Player.objects.create_user(n, password=STRONG) for n in ("nia", "vic"))
    start = datetime(2026, 3, 2, 19, 30, tzinfo=UTC)
    for day in range(12):  # a match every three days, Nia winning every other one
        match = finished_match(
            ladder, [nia, vic], [day % 2, 1 - day % 2], at=start + timedelta(days=3 * day)
        )
        with transaction.atomic():
            rate_match(match)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/players/nia/")
    chart = page.locator("svg.chart").first
    labels = chart.locator("g.dates text")
    # 13 points (the start, then 12 matches): the first, the last and two evenly between.
    assert labels.all_text_contents() == ["2 Mar", "11 Mar", "23 Mar", "4 Apr"]
    box = chart.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width  # the chart fits the screen
    boxes = [labels.nth(i).bounding_box() for i in range(labels.count())]
    for b in boxes:
        assert b["height"] >= MIN_TEXT_PX, (width, b)
        assert box["x"] <= b["x"] and b["x"] + b["width"] <= box["x"] + box["width"] + 0.5
    for left, right in zip(boxes, boxes[1:], strict=False):
        assert left["x"] + left["width"] < right["x"], (width, left, right)  # never overlap
    screenshot(page, f"player-chart-{width}")
