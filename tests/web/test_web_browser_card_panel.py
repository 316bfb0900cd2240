"""The play page's card panel ("Card", beside the board) in chromium: it shows the card the
person points at, and only that. A card that the page's own movement brings under a still
pointer is not one the person pointed at."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from tests.support.accounts import STRONG
from tests.web import test_web_browser_play as play_base
from tests.web.conftest import make_bot
from tests.web.test_web_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.services]
daphne = play_base.daphne
browser_page = play_base.browser_page
HAND = "[data-testid=own-cards] [data-card]"


def _centre(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_the_card_panel_follows_the_pointer_not_the_page(browser_page, daphne):
    """Point at a card of your hand: the panel names it. Scroll the page under the still
    pointer until another card is beneath it: the panel still names the first (before, it
    changed, and with it the panel's height and so the page's, which moved the page again
    under the pointer: near the foot of a long page the board shook, and a click in CI waited
    15 s for a space to hold still). Moving the pointer then shows the card beneath it."""
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 860})  # the hand wraps onto two rows
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    bot = make_bot("arackhan-wars", "random")
    match = schedule_match(
        "arackhan-wars", [SeatSpec(alice), SeatSpec(bot, "random")], origin="test", seed=1
    )
    log_in(page, daphne, alice)
    page.goto(f"{daphne}/matches/{match.pk}/play/")
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")
    hand = page.locator(HAND)
    expect(hand.first).to_be_visible()
    hand.first.evaluate("card => window.scrollBy(0, card.getBoundingClientRect().top - 100)")
    boxes = [hand.nth(i).bounding_box() for i in range(hand.count())]
    names = [hand.nth(i).locator(".card-name").inner_text() for i in range(hand.count())]
    first = 0
    below = next(i for i, b in enumerate(boxes) if b["y"] > boxes[first]["y"] + b["height"] / 2)
    assert names[first] != names[below], "two hand cards of one name: choose another seed"
    panel = page.locator("#play-inspector h3")

    x, y = _centre(boxes[first])
    page.mouse.move(x, y)
    expect(panel).to_have_text(names[first])

    # The page moves; the pointer does not. The card beneath the pointer is now the other one.
    page.evaluate("dy => window.scrollBy(0, dy)", boxes[below]["y"] - boxes[first]["y"])
    under = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('[data-card]').dataset.card",
        [x, y],
    )
    assert under == hand.nth(below).get_attribute("data-card")
    page.wait_for_timeout(500)  # chromium re-reads what is under the pointer after a scroll
    expect(panel).to_have_text(names[first])

    page.mouse.move(x + 3, y + 2)  # the person moves the pointer: it points at the card there
    expect(panel).to_have_text(names[below])
