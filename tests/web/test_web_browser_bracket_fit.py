"""A double-elimination bracket of 16 fits its box in chromium at 1280 and 390 px: everything
drawn lies inside the drawing, the page itself never scrolls sideways, and the box scrolls to
the drawing's last column (never clipped)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.board_play import page_fits
from tests.web.test_web_tournaments import event, organiser, people, report_all
from tournaments import lifecycle
from tournaments.rounds import pair_next_round

MEASURE = """() => {
  const box = document.querySelector('.bracket-box');
  const svg = box.querySelector('svg.bracket');
  const drawn = svg.getBBox();
  const view = svg.viewBox.baseVal;
  box.scrollLeft = box.scrollWidth;
  const boxRect = box.getBoundingClientRect();
  const svgRect = svg.getBoundingClientRect();
  return {
    drawn: [drawn.x, drawn.y, drawn.x + drawn.width, drawn.y + drawn.height],
    view: [view.width, view.height],
    boxLeft: boxRect.left, boxRight: boxRect.right, svgRight: svgRect.right,
    svgWidth: svgRect.width, scrollWidth: box.scrollWidth, viewport: window.innerWidth,
  };
}"""


@pytest.mark.browser
def test_a_double_elimination_bracket_of_16_fits_its_box(page, live_server):
    org = organiser()
    players = people(16, prefix="player-with-a-long-name-")
    t = event(org, players, name="Double 16", format="double_elimination")
    lifecycle.start(t, org)
    for _ in range(2):  # names in the later rounds' boxes too
        report_all(t)
        pair_next_round(t.pk)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/tournaments/{t.pk}/")
        expect(page.locator("svg.bracket g.match")).to_have_count(2 * 16 - 1)
        assert page_fits(page), width
        m = page.evaluate(MEASURE)
        left, top, right, bottom = m["drawn"]
        assert left >= 0 and top >= 0, m
        assert right <= m["view"][0] + 0.5 and bottom <= m["view"][1] + 0.5, m  # nothing cut off
        assert m["boxRight"] <= m["viewport"] + 0.5, m  # the box stays on the page
        assert m["scrollWidth"] >= m["svgWidth"], m  # the box scrolls over the whole drawing...
        assert m["svgRight"] <= m["boxRight"] + 0.5, m  # ...to its last column
