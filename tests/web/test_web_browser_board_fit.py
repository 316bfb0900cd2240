"""Each game's board fits the screen: at a laptop's 1280×800 its top is on the first screen
(the header, title and status do not push it below the fold), and at a phone's 390×844 the
page never scrolls sideways while a grid board (Akhedena's 13×13, AracKhan Wars' battle mat)
stays whole inside the width; at the start of a match and again after a few moves, once the
board holds cards and pieces. Heroes of Graxia's and Akhedena's zones fold into sections, so a
turn needs no long scrolling: the pages stay a few screens tall.

Served by daphne on the test's PostgreSQL database (the services pass), like the other board
tests; the bot's moves run eagerly in the server right after the person's.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from players.models import Player
from tests.support.accounts import STRONG
from tests.web import test_web_browser_play as play_base
from tests.web.board_play import play_by_clicking
from tests.web.conftest import SCREENSHOTS, make_bot, screenshot
from tests.web.test_web_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.services]
daphne = play_base.daphne
browser_page = play_base.browser_page

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# game -> (its bots' ladder, the grid or mat that must stay whole at 390 px, or None)
GAMES = {
    "akhedena": ("akhedena-1v1", ".akh-grid"),
    "arackhan-wars": ("arackhan-wars-1v1", ".akw-mat"),
    "heroes-of-graxia": ("heroes-of-graxia-1v1", None),
    "khan-of-khans": ("khan-of-khans-2p", None),
    "kingdom-of-warlords": ("kingdom-of-warlords-1v1", None),
}

# The games whose long boards fold into zones: their board stays within this many screens (before
# the zones, Heroes of Graxia's page was 3,460 px tall at 1280×800 and 6,330 at 390×844); each
# with a zone the person never chooses in (the bot's army, the bot's Discard Pile).
FOLDED = {"akhedena": "army:1", "heroes-of-graxia": "discard:1"}
SCREENS = 3

# game -> the person's moves before the mid-game check: AracKhan Wars spends its first moves on
# the mulligan and the deployment, so its mat holds cards only after a dozen.
MOVES = {"arackhan-wars": 12}

MEASURE = """grid => {
  const board = document.getElementById('play-board').getBoundingClientRect();
  const g = grid && document.querySelector(grid);
  const box = g && g.getBoundingClientRect();
  return {
    boardTop: board.top,
    boardHeight: board.height,
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    innerHeight: window.innerHeight,
    height: document.documentElement.scrollHeight,
    grid: box && {left: box.left, right: box.right, width: box.width,
                  scrollWidth: g.scrollWidth, parentWidth: g.parentElement.clientWidth},
  };
}"""


def check_fits(page, game: str, when: str) -> dict:
    """Measure the page at both sizes and assert the board fits; returns the measures."""
    grid = GAMES[game][1]
    measures = {}
    for name, size in (("1280", LAPTOP), ("390", PHONE)):
        page.set_viewport_size(size)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(50)  # one layout after the resize
        m = page.evaluate(MEASURE, grid)
        measures[name] = m
        screenshot(page, f"fit-{game}-{when}-{name}")  # the whole page
        page.screenshot(path=str(SCREENSHOTS / f"fit-{game}-{when}-{name}-screen.png"))  # the first
        print(game, when, name, m)
        assert m["boardTop"] < size["height"], (game, when, name, m)
        assert m["scrollWidth"] <= size["width"], (game, when, name, m)
        if game in FOLDED:
            assert m["boardHeight"] <= SCREENS * size["height"], (game, when, name, m)
        # Whatever can be chosen now is in view: no choosable element inside a folded zone.
        assert not page.locator("#play-board details.zone:not([open]) .choosable").count()
        if grid:
            assert m["grid"] is not None, (game, grid)
            if name == "390":
                # The whole grid inside the phone's width, none of it scrolled out of its box.
                assert m["grid"]["left"] >= 0 and m["grid"]["right"] <= size["width"], m
                assert m["grid"]["scrollWidth"] <= m["grid"]["parentWidth"] + 1, m
    return measures


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_board_fits_a_laptop_and_a_phone(browser_page, daphne, game):
    ladder, grid = GAMES[game]
    page = browser_page
    page.set_viewport_size(LAPTOP)
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    make_bot(game, "random")
    log_in(page, daphne, alice)
    page.goto(f"{daphne}/play/")
    page.get_by_test_id(f"play-bots-{ladder}").click()
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")
    expect(page.get_by_test_id("play-status")).not_to_be_empty()

    check_fits(page, game, "start")
    page.set_viewport_size(LAPTOP)
    played = play_by_clicking(page, random.Random(800), stop_after=MOVES.get(game, 4))
    assert played.moves >= 1
    if page.locator("#play").get_attribute("data-state") == "running":
        page.wait_for_function(
            "() => document.querySelector('#play-board .choosable, #play-actions button.action')"
        )
    check_fits(page, game, "mid")
    if grid:
        # Mid-game the grid holds pieces or cards, all of them on screen at a phone's width.
        filled = ".akh-sq.piece" if game == "akhedena" else ".akw-space.occupied"
        assert page.locator(filled).count() >= 1
        zoom_in_and_out(page, grid)
    if game in FOLDED:
        folds_and_stays(page, FOLDED[game])


def zoom_in_and_out(page, grid: str) -> None:
    """At a phone's width the zoom button shows the grid full size, scrolling in its own box
    (the page still does not scroll sideways), and fits it again."""
    page.set_viewport_size(PHONE)
    zoom = page.locator("#play-board .board-zoom")
    expect(zoom).to_have_text("Zoom in on the board")
    zoom.click()
    expect(zoom).to_have_attribute("aria-pressed", "true")
    box = page.evaluate(
        "g => { const n = document.querySelector(g); const p = n.parentElement;"
        " return {grid: n.scrollWidth, box: p.clientWidth, page: document.documentElement.scrollWidth}; }",
        grid,
    )
    assert box["grid"] > box["box"] and box["page"] <= PHONE["width"], box
    screenshot(page, f"fit-zoomed-{grid.strip('.')}-390")
    zoom.click()
    expect(zoom).to_have_text("Zoom in on the board")
    fitted = page.evaluate("g => document.querySelector(g).getBoundingClientRect().right", grid)
    assert fitted <= PHONE["width"]


def folds_and_stays(page, name: str) -> None:
    """A folded zone (one the person never chooses in: the bot's) opens on a click on its
    heading and stays open across the redraws of the next move, by the person's choice alone."""
    page.set_viewport_size(LAPTOP)
    zone = page.locator(f'#play-board details.zone[data-zone="{name}"]')
    expect(zone).not_to_have_attribute("open", "")
    zone.locator("> summary").click()
    expect(zone).to_have_attribute("open", "")
    if page.locator("#play").get_attribute("data-state") == "running":
        ply = page.locator("#play").get_attribute("data-ply")
        play_by_clicking(page, random.Random(1), stop_after=1)
        assert page.locator("#play").get_attribute("data-ply") != ply
    expect(zone).to_have_attribute("open", "")
    assert not zone.locator(".choosable").count()  # open as the person left it, not for a choice
