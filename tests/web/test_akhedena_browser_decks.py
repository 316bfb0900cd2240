"""The deck editor with an Akhedena army list, in headless chromium: the example list shows,
a short reserve is named as you type (nothing saved), the card search adds a card to the line
the cursor is on, and the fixed list saves as a legal version."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from decks.models import Deck
from engines.decks import get_deck_format
from tests.web.test_web_browser import log_in

pytestmark = pytest.mark.browser
FMT = get_deck_format("akhedena")


def test_write_an_army_list_with_the_example_and_the_card_search(page, live_server, person):
    starter = FMT.starter_decks()[0]
    lines = FMT.export_text(starter.data, None, starter.name).splitlines()
    assert lines[-1].startswith("Reserve:") and lines[-1].endswith(", Hunters")
    short = [*lines[1:-1], lines[-1].removesuffix(", Hunters")]  # a reserve of 5, no name line

    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/decks/new/?game=akhedena")
    expect(page.locator("#deck-editor")).to_have_attribute("data-ready", "1")
    example = page.get_by_test_id("army-list-example")
    expect(example).to_contain_text("Hero: Dawn Warlord, Swordsmen, Swordsmen")
    expect(example).to_contain_text("the platform's own starter catalogue")
    page.get_by_label("Name:", exact=True).fill("My Sword and Spear")
    deck_list = page.get_by_label("Deck list")
    deck_list.fill("\n".join(short))

    report = page.get_by_test_id("deck-report")
    expect(report.locator(".verdict")).to_contain_text("Not legal: 1 violation")
    expect(report.locator(".violation")).to_contain_text("reserve-size")
    expect(report.locator(".violation")).to_contain_text("has 5 (add 1)")
    assert not Deck.objects.exists()

    # The cursor on the reserve line (the last one): the search's card joins that line.
    deck_list.focus()
    deck_list.press("Control+End")
    page.get_by_label("Card name").fill("hunters")
    page.get_by_role("button", name="Add Hunters").click()
    expect(report.locator(".verdict")).to_have_attribute("data-legal", "1")
    assert deck_list.input_value().splitlines()[-1] == lines[-1]

    page.get_by_role("button", name="Create deck").click()
    expect(page).to_have_url(re.compile(r"/decks/\d+/$"))
    expect(page.get_by_role("status")).to_contain_text("legal")
    version = Deck.objects.get(owner=person).versions.get()
    assert version.legal and version.data == starter.data
