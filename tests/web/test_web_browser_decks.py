"""The deck editor and the catalogue browser in headless chromium (Playwright).

Saves docs/screenshots/deck-editor.png (violations next to their lines) and
docs/screenshots/catalogue-browser.png.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from decks.models import Card, Deck
from engines.arackhan_wars.format import starter_decks
from engines.decks import get_deck_format
from tests.web.test_web_browser import log_in

pytestmark = pytest.mark.browser

DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def doc_screenshot(page, name: str) -> None:
    DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS_SCREENSHOTS / f"{name}.png"), full_page=True)


def grey_order_lines() -> list[str]:
    fmt = get_deck_format("arackhan-wars")
    text = fmt.export_text(starter_decks()[2].data, fmt.shipped_catalogue(), "Grey Order")
    return text.splitlines()


def test_paste_an_illegal_deck_see_the_violations_fix_it_and_save(page, live_server, person):
    lines = grey_order_lines()
    assert lines[8] == "3 Phalanx" and lines[10] == "1 The Seneschal"
    illegal = list(lines)
    illegal[8] = "3 Phalanks"  # an unknown name on line 9
    illegal[10] = "2 The Seneschal"  # a legendary card twice on line 11

    log_in(page, live_server.url, "alice")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Decks").click()
    page.get_by_role("link", name="New AracKhan Wars deck").click()
    expect(page.locator("#deck-editor")).to_have_attribute("data-ready", "1")  # decks.js runs
    page.get_by_label("Name:", exact=True).fill("Grey wall")
    deck_list = page.get_by_label("Deck list")
    deck_list.fill("\n".join(illegal))  # fires "input": checked as you type, nothing saved

    report = page.get_by_test_id("deck-report")
    expect(report.locator(".verdict")).to_contain_text("Not legal: 4 violations")
    expect(page.locator("#report-state")).to_have_text("Not legal: 4 violations")  # announced
    line9 = report.locator("#line-9")
    expect(line9).to_have_class(re.compile(r"\bflagged\b"))
    expect(line9.locator("code.text")).to_have_text("3 Phalanks")
    expect(line9.locator(".violation")).to_contain_text("unknown-card")
    expect(line9.locator(".violation")).to_contain_text("Did you mean 'Phalanx'?")
    line11 = report.locator("#line-11")
    expect(line11.locator(".violation")).to_contain_text("legendary-copies")
    expect(line11.locator(".violation")).to_contain_text("one copy at most, not 2")
    general = report.locator(".violations.general .violation")  # about the whole deck
    expect(general).to_have_count(2)
    expect(general.first).to_contain_text("deck-size")
    expect(general.last).to_contain_text("point-budget")
    expect(report.locator("#line-10")).not_to_have_class(re.compile(r"\bflagged\b"))
    assert not Deck.objects.exists()
    doc_screenshot(page, "deck-editor")

    # Fix it: one Seneschal, drop the bad line, and add the Phalanxes from the card search.
    fixed = [line for i, line in enumerate(lines) if i != 8]
    deck_list.fill("\n".join(fixed))
    expect(report.locator(".verdict")).to_contain_text("Not legal: 1 violation")
    expect(report.locator(".violation")).to_contain_text("add 3")
    page.get_by_label("Card name").fill("phalanx")
    add = page.get_by_role("button", name="Add Phalanx")
    for _ in range(3):
        add.click()
    expect(report.locator(".verdict")).to_contain_text("Legal")
    assert deck_list.input_value().endswith("\n1 Warcry\n3 Phalanx\n")  # one line, counted up
    expect(report.locator(".verdict")).to_have_attribute("data-legal", "1")
    expect(report.locator(".violation")).to_have_count(0)

    page.get_by_role("button", name="Create deck").click()
    expect(page).to_have_url(re.compile(r"/decks/\d+/$"))
    expect(page.get_by_role("status")).to_contain_text("Saved version 1 of “Grey wall”: legal.")
    deck = Deck.objects.get(owner=person)
    version = deck.versions.get()
    assert version.legal and version.data == starter_decks()[2].data
    page.get_by_role("link", name="Decks", exact=True).first.click()
    expect(page.locator(f'tr[data-deck="{deck.pk}"]')).to_contain_text("legal")


def test_browse_the_catalogue_with_filters(page, live_server):
    page.goto(f"{live_server.url}/catalogues/arackhan-wars/")
    rows = page.locator("table.cards tbody tr")
    expect(rows).to_have_count(30)
    page.get_by_label("Faction").select_option("Blight")
    page.get_by_label("Type").select_option("creature")
    page.get_by_label("Value from").fill("4")
    page.get_by_role("button", name="Filter").click()
    expect(page).to_have_url(re.compile(r"faction=Blight"))
    wanted = Card.objects.filter(faction="Blight", kind="creature", budget_value__gte=4).count()
    assert 0 < wanted <= 30
    expect(rows).to_have_count(wanted)
    for cell in rows.locator("td:nth-child(3)").all_inner_texts():
        assert cell == "Blight"
    expect(page.get_by_role("table").last).to_contain_text("in force")
    doc_screenshot(page, "catalogue-browser")
