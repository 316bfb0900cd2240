"""The organiser's "Needs you now" in chromium, live: the organiser has the event page open; a
player in a second browser presses "This is me" on a guest's entry, and the claim shows in the
organiser's list without a reload (their notification socket); Approve gives the entry to the
player; at 390 px the pages do not scroll sideways.

The sockets need an ASGI server, which pytest-django's live server is not: the site is a daphne
of its own, on a SQLite file of its own with the in-memory channel layer (the requests that
make the claim and the sockets that hear it are one process), set up through ``manage.py``. So
it runs in the embedded pass, without PostgreSQL or Redis; the Redis layer's path to a person's
socket is the header badge's test (test_web_browser_header.py).
"""

from __future__ import annotations

import sqlite3

import pytest
from playwright.sync_api import expect

from tests.support.accounts import STRONG
from tests.support.server import embedded_site
from tests.web.board_play import page_fits
from tests.web.conftest import chromium_page, screenshot
from tests.web.test_web_browser import log_in

pytestmark = pytest.mark.browser
SETUP = f"""
import json
from players.models import Player
from tournaments import bulk, lifecycle, registration

def person(username, name, role="player"):
    return Player.objects.create_user(
        username, username + "@example.org", {STRONG!r}, display_name=name, role=role
    )

org = person("boss", "Boss", "organiser")
ana, cat = person("ana", "Ana"), person("cat", "Cat Walker")
t = lifecycle.create(org, name="Club Night", game="kingdom-of-warlords", rounds=2)
t = lifecycle.open_registration(t, org)
registration.register(t, ana, ana)
(guest,) = bulk.add_entrants(t, org, guests="Gus").entries
print(json.dumps({{"event": t.pk, "guest": guest.pk, "cat": cat.pk}}))
"""


@pytest.fixture
def site(tmp_path):
    """A daphne serving a fresh SQLite site with the event; yields its URL, the ids, the file."""
    with embedded_site(tmp_path, SETUP) as served:
        yield served.url, served.data, served.database


def test_a_guest_claim_reaches_the_organisers_list_live(site, monkeypatch):
    base, ids, database = site
    event = f"{base}/tournaments/{ids['event']}/"
    with chromium_page(monkeypatch, timeout_ms=15_000) as page:
        log_in(page, base, "boss")
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(event)
        expect(page.get_by_test_id("notif-link")).to_have_attribute("data-live", "open")
        expect(page.locator("#tournament-live")).to_have_attribute("data-socket", "open")
        needs = page.get_by_test_id("attention")
        expect(needs.get_by_role("heading", name="Needs you now")).to_be_visible()
        expect(needs.get_by_test_id("attention-item")).to_have_count(0)
        page.evaluate("window.__same_page = true")

        # A second person, in a browser of their own, says the guest is them.
        other = page.context.browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            player = other.new_page()
            player.set_default_timeout(15_000)
            log_in(player, base, "cat")
            player.set_viewport_size({"width": 390, "height": 844})
            player.goto(event)
            player.get_by_role("button", name="This is me: claim Gus's entry").click()
            expect(player.get_by_text("You asked to take over Gus's entry")).to_be_visible()
            assert page_fits(player)
        finally:
            other.close()

        claim = needs.locator("[data-testid=attention-item][data-kind=guest_claim]")
        expect(claim).to_contain_text("Cat Walker says they are the guest Gus")
        expect(page.locator("#live-status")).to_contain_text("approve or refuse it")
        assert page.evaluate("window.__same_page === true")  # no reload
        assert page_fits(page)
        screenshot(page, "needs-you-now-claim")

        claim.get_by_role("button", name="Approve").click()
        expect(page.get_by_text("Gus's entry now belongs to Cat Walker.")).to_be_visible()
        expect(page.get_by_test_id("entrant").filter(has_text="Cat Walker")).to_have_count(1)
        expect(needs.get_by_test_id("attention-item")).to_have_count(0)
        assert page_fits(page)
    with sqlite3.connect(database) as db:
        row = db.execute(
            "SELECT player_id, guest FROM tournaments_entry WHERE id = ?", (ids["guest"],)
        ).fetchone()
    assert row == (ids["cat"], 0)
