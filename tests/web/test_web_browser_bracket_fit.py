"""A double-elimination bracket of 16 fits its box in chromium at 1280 and 390 px: everything
drawn lies inside the drawing, the page itself never scrolls sideways, and the box scrolls to
the drawing's last column (never clipped). At 1280 px the whole bracket, the grand final and its
reset included, shows without scrolling (a single elimination of 16 too); at 390 px the box
scrolls (by keyboard too), says so, and scrolled to its end shows the finals."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.board_play import page_fits
from tests.web.conftest import SCREENSHOTS, screenshot
from tests.web.test_web_tournaments import event, organiser, people, report_all
from tournaments import lifecycle
from tournaments.rounds import pair_next_round
from web.brackets import FONT, SMALL

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

# The box's size and scroll, and whether each box of the finals (grand final, reset) lies inside
# the part of the box one sees (inside its border, at its present scroll).
BOX = """() => {
  const box = document.querySelector('.bracket-box');
  const r = box.getBoundingClientRect();
  const seen = {left: r.left + box.clientLeft, top: r.top + box.clientTop};
  seen.right = seen.left + box.clientWidth;
  seen.bottom = seen.top + box.clientHeight;
  const finals = [...box.querySelectorAll('g.match[data-side="final"] rect')].map(rect => {
    const f = rect.getBoundingClientRect();
    return f.left >= seen.left - 0.5 && f.right <= seen.right + 0.5
      && f.top >= seen.top - 0.5 && f.bottom <= seen.bottom + 0.5;
  });
  const style = getComputedStyle(box);
  const content = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const sizes = [...box.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize));
  return {
    scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, scrollLeft: box.scrollLeft,
    content: content, finalsSeen: finals, smallestFont: Math.min(...sizes),
    svgWidth: box.querySelector('svg.bracket').getBoundingClientRect().width,
  };
}"""


def shoot(page, name: str) -> None:
    """The page, and the bracket's section on its own (at the box's present scroll)."""
    screenshot(page, name)
    page.locator("#bracket").screenshot(path=str(SCREENSHOTS / f"{name}-section.png"))


def played_de16():
    org = organiser()
    players = people(16, prefix="player-with-a-long-name-")
    t = event(org, players, name="Double 16", format="double_elimination")
    lifecycle.start(t, org)
    for _ in range(2):  # names in the later rounds' boxes too
        report_all(t)
        pair_next_round(t.pk)
    return t


@pytest.mark.browser
def test_a_double_elimination_bracket_of_16_fits_its_box(page, live_server):
    t = played_de16()
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/tournaments/{t.pk}/")
        expect(page.locator("svg.bracket g.match")).to_have_count(2 * 16 - 1)
        expect(page.locator('svg.bracket g.match[data-side="final"]')).to_have_count(2)
        assert page_fits(page), width
        before = page.evaluate(BOX)
        assert before["smallestFont"] >= SMALL, before  # nothing drawn below 12 px...
        assert before["svgWidth"] == page.evaluate(
            "() => document.querySelector('svg.bracket').viewBox.baseVal.width"
        )  # ...as the drawing is never shrunk: names stay 13 px
        m = page.evaluate(MEASURE)
        left, top, right, bottom = m["drawn"]
        assert left >= 0 and top >= 0, m
        assert right <= m["view"][0] + 0.5 and bottom <= m["view"][1] + 0.5, m  # nothing cut off
        assert m["boxRight"] <= m["viewport"] + 0.5, m  # the box stays on the page
        assert m["scrollWidth"] >= m["svgWidth"], m  # the box scrolls over the whole drawing...
        assert m["svgRight"] <= m["boxRight"] + 0.5, m  # ...to its last column
        hint = page.get_by_test_id("bracket-hint")
        if width == 1280:
            # The whole bracket shows: nothing to scroll, the finals in sight, no hint.
            assert before["content"] == 1110, before  # the width web/brackets.py is drawn for
            assert before["scrollWidth"] <= before["clientWidth"] + 1, before
            assert before["finalsSeen"] == [True, True], before
            expect(hint).to_be_hidden()
            shoot(page, "bracket-fit-double-16-1280")
        else:
            assert before["scrollWidth"] > before["clientWidth"], before  # the box scrolls
            assert before["finalsSeen"] == [False, False], before  # the finals are to the right
            expect(hint).to_be_visible()
            expect(hint).to_contain_text("scroll the bracket sideways")
            # Keyboard: the box takes the focus (a region, "Bracket drawing") and the arrow
            # keys scroll it.
            box = page.get_by_role("region", name="Bracket drawing")
            page.evaluate("() => { document.querySelector('.bracket-box').scrollLeft = 0; }")
            shoot(page, "bracket-fit-double-16-390-start")
            box.focus()
            expect(box).to_be_focused()
            page.keyboard.press("ArrowRight")
            page.wait_for_function("() => document.querySelector('.bracket-box').scrollLeft > 0")
            page.keyboard.press("End")
            page.evaluate(
                "() => { const b = document.querySelector('.bracket-box');"
                " b.scrollLeft = b.scrollWidth; }"
            )
            after = page.evaluate(BOX)
            assert after["scrollLeft"] > 0, after
            assert after["finalsSeen"] == [True, True], after  # scrolled fully right
            assert page_fits(page)
            shoot(page, "bracket-fit-double-16-390-end")


@pytest.mark.browser
def test_a_single_elimination_bracket_of_16_shows_whole_at_1280(page, live_server):
    org = organiser()
    players = people(16, prefix="a-rather-long-player-name-")
    t = event(org, players, name="Single 16", format="single_elimination", third_place=True)
    lifecycle.start(t, org)
    report_all(t)
    pair_next_round(t.pk)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/tournaments/{t.pk}/")
    expect(page.locator("svg.bracket g.match")).to_have_count(16)  # 15 and the third place
    assert page_fits(page)
    m = page.evaluate(BOX)
    assert m["scrollWidth"] <= m["clientWidth"] + 1, m
    assert m["finalsSeen"] == [True], m  # the final (the third place sits below it)
    assert m["smallestFont"] >= SMALL, m
    names = page.locator("svg.bracket text.player")
    assert names.first.evaluate("t => parseFloat(getComputedStyle(t).fontSize)") == FONT
    expect(page.get_by_test_id("bracket-hint")).to_be_hidden()
    shoot(page, "bracket-fit-single-16-1280")
