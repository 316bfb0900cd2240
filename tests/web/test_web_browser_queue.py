"""The ladder queue of the embedded demo in chromium, two people side by side: each chooses one
of their registered AracKhan Wars decks on the queue form and joins; both land on the same
match's board within 5 s of the second join (issue 30's acceptance figure), each seat playing
the deck its person chose. No beat, no worker: ``make demo``'s daphne alone, on the demo's data.

The first person learns of the match from the page itself (the notification socket's
``match_started``, and the page's ask every 2 s, which also runs the matchmaking rounds); the
second is paired by their own join and sent to the board by its answer.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time

import pytest
from playwright.sync_api import expect

from tests.support.accounts import STRONG
from tests.support.server import embedded_site
from tests.web.board_play import page_fits
from tests.web.conftest import chromium_page, screenshot
from tests.web.test_web_browser import log_in

pytestmark = [pytest.mark.browser, pytest.mark.slow]
LADDER = "arackhan-wars-1v1"
PAIRED_WITHIN_SECONDS = 5.0  # issue 30: "they are paired within 5 s"
PLAY_URL = re.compile(r".*/matches/(\d+)/play/$")
# Two new people, each with two registered decks: the one they choose, and a spare whose name
# sorts first (the form's choice for someone who never played the ladder), so the choice counts.
SETUP = f"""
import json
from decks.services import copy_starter, current_version
from players.models import Player

people = {{}}
for username, name, chosen, spare in (
    ("dana", "Dana", "whitelands-prebuilt", "blight-prebuilt"),
    ("eli", "Eli", "nakka-prebuilt", "lightning-strike"),
):
    person = Player.objects.create_user(
        username, username + "@example.org", {STRONG!r}, display_name=name
    )
    spare_version = current_version(copy_starter(person, "arackhan-wars", spare, "A spare deck"))
    version = current_version(copy_starter(person, "arackhan-wars", chosen, name + "'s deck"))
    assert version.legal and spare_version.legal
    people[username] = {{"id": person.pk, "version": version.pk, "deck": name + "'s deck"}}
print(json.dumps(people))
"""


@pytest.fixture
def demo(tmp_path):
    """The embedded demo (``load_demo``, one bot match a ladder) served by daphne alone."""
    with embedded_site(tmp_path, SETUP, commands=[["load_demo", "--matches", "1"]]) as site:
        yield site


def _ladder_page(page, base: str, username: str, deck: str) -> None:
    log_in(page, base, username)
    page.goto(f"{base}/ladders/{LADDER}/")
    expect(page.get_by_test_id("notif-link")).to_have_attribute("data-live", "open")
    field = page.get_by_label("Your deck")
    expect(field.locator("option:checked")).to_have_text("A spare deck")  # never played here
    field.select_option(label=deck)


def test_two_people_in_the_demo_queue_are_paired_within_5_s_with_their_decks(demo, monkeypatch):
    base, people = demo.url, demo.data
    with chromium_page(monkeypatch, timeout_ms=15_000) as first:
        _ladder_page(first, base, "dana", people["dana"]["deck"])
        first.get_by_role("button", name="Join the queue").click()
        waiting = first.get_by_test_id("queue-wait")
        expect(waiting).to_contain_text("You are in the queue with your deck Dana's deck")
        expect(first.get_by_test_id("queue-expected")).to_have_text(
            "unknown, nobody was paired here in the last 14 days"
        )
        first.set_viewport_size({"width": 390, "height": 844})
        assert page_fits(first)
        screenshot(first, "queue-waiting-390")
        first.set_viewport_size({"width": 1280, "height": 900})

        context = first.context.browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            second = context.new_page()
            second.set_default_timeout(15_000)
            _ladder_page(second, base, "eli", people["eli"]["deck"])
            started = time.monotonic()
            second.get_by_role("button", name="Join the queue").click()
            budget_ms = PAIRED_WITHIN_SECONDS * 1000
            second.wait_for_url(PLAY_URL, timeout=budget_ms)
            left_ms = max(1.0, budget_ms - (time.monotonic() - started) * 1000)
            first.wait_for_url(PLAY_URL, timeout=left_ms)
            elapsed = time.monotonic() - started
            assert elapsed <= PAIRED_WITHIN_SECONDS, (
                f"issue 30's acceptance figure: two people in the same queue are paired within "
                f"{PAIRED_WITHIN_SECONDS:.0f} s; both reached the board {elapsed:.1f} s after the "
                "second join"
            )
            match_id = int(PLAY_URL.match(first.url).group(1))
            assert int(PLAY_URL.match(second.url).group(1)) == match_id, (first.url, second.url)
            for page in (first, second):
                expect(page.locator("#play")).to_be_visible()
            screenshot(second, "queue-paired-board")
        finally:
            context.close()

    with sqlite3.connect(demo.database) as db:
        origin, decks = db.execute(
            "SELECT origin, decks FROM matches_match WHERE id = ?", (match_id,)
        ).fetchone()
        seats = dict(
            db.execute(
                "SELECT player_id, seat FROM matches_matchseat WHERE match_id = ?", (match_id,)
            ).fetchall()
        )
        chosen = {
            p["id"]: json.loads(
                db.execute(
                    "SELECT data FROM decks_deckversion WHERE id = ?", (p["version"],)
                ).fetchone()[0]
            )
            for p in people.values()
        }
    assert origin == "matchmaker"
    assert set(seats) == {p["id"] for p in people.values()}
    decks = json.loads(decks)
    for player_id, seat in seats.items():
        assert decks[seat] == chosen[player_id], f"seat {seat} does not play its person's deck"
