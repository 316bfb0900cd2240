"""The one surface that shows typed text through script: the deck editor's report, checked as
the list is typed and put in the page by ``decks.js`` (``innerHTML`` of the server's escaped
fragment). In headless chromium, hostile lines show as text and run nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.test_web_browser import log_in

pytestmark = pytest.mark.browser

LINES = ["4 <svg onload=alert(1)>", '1 "><script>alert(1)</script>', "<img src=x onerror=alert(1)>"]


def test_hostile_lines_in_the_live_deck_report_are_text(page, live_server, person):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/decks/new/?game=arackhan-wars")
    expect(page.locator("#deck-editor")).to_have_attribute("data-ready", "1")  # decks.js runs
    page.get_by_label("Deck list").fill("\n".join(LINES))  # checked as you type
    report = page.get_by_test_id("deck-report")
    expect(report.locator(".verdict")).to_contain_text("Not legal")
    for n, line in enumerate(LINES, 1):
        expect(report.locator(f"#line-{n} code.text")).to_have_text(line)
    assert report.locator("svg, script, img").count() == 0
    assert dialogs == []
