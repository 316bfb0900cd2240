"""Times across zones in chromium (issue 29, item 6): an organiser whose browser is in Tokyo (no
zone on their profile) creates an event in Berlin, and its start and registration deadline are
both stored as Berlin times; a first visit, before the zone's cookie exists, already shows the
page's times in the browser's zone, named."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import expect

from players.models import Player
from tests.support.accounts import STRONG
from tests.web.conftest import chromium_page
from tests.web.test_web_browser import log_in
from tournaments import lifecycle
from tournaments.models import Tournament

pytestmark = pytest.mark.browser
KOW = "kingdom-of-warlords"


@pytest.fixture
def tokyo(live_server, monkeypatch):
    """A chromium page whose browser is in Asia/Tokyo."""
    with chromium_page(monkeypatch, timezone_id="Asia/Tokyo") as page:
        yield page


def test_an_organiser_in_tokyo_stores_a_berlin_events_start_and_deadline_in_berlin_time(
    tokyo, live_server
):
    page, base = tokyo, live_server.url
    Player.objects.create_user("boss", "boss@example.org", STRONG, role="organiser")
    log_in(page, base, "boss")
    page.goto(f"{base}/tournaments/new/")
    page.get_by_label("Name:", exact=True).fill("Berlin winter cup")
    page.get_by_label("Game:", exact=True).select_option(KOW)
    page.get_by_label("Format:", exact=True).select_option("swiss")
    page.get_by_label("Number of rounds").fill("3")
    # a new event's zone is the organiser's (their browser's) until they choose one
    zone = page.get_by_label("Event's time zone:", exact=True)
    expect(zone).to_have_value("Asia/Tokyo")
    zone.select_option("Europe/Berlin")
    page.get_by_label("Starts at (in the event's time zone)").fill("2026-12-04T19:00")
    page.get_by_label("Registration deadline").fill("2026-12-04T18:45")
    # each time names the zone it is read in, following the choice
    notes = page.locator("[data-event-zone]")
    expect(notes).to_have_count(3)  # the start, the registration and the deck deadlines
    for i in range(3):
        expect(notes.nth(i)).to_have_text("Europe/Berlin")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", name="Berlin winter cup")).to_be_visible()

    t = Tournament.objects.get(name="Berlin winter cup")
    assert t.time_zone == "Europe/Berlin"
    assert t.starts_at == dt.datetime(2026, 12, 4, 18, 0, tzinfo=dt.UTC)
    assert t.registration_deadline == dt.datetime(2026, 12, 4, 17, 45, tzinfo=dt.UTC)
    # the event page: the viewer's Tokyo times, the Berlin ones beside them
    starts = page.get_by_test_id("starts-at")
    expect(starts).to_contain_text("Sat 5 Dec 2026, 03:00 (Asia/Tokyo)")
    expect(starts).to_contain_text("Fri 4 Dec 2026, 19:00 (Europe/Berlin) at the event")
    deadline = page.get_by_test_id("registration-deadline")
    expect(deadline).to_contain_text("Sat 5 Dec 2026, 02:45 (Asia/Tokyo)")
    expect(deadline).to_contain_text("Fri 4 Dec 2026, 18:45 (Europe/Berlin) at the event")


def test_a_first_visit_shows_the_times_in_the_browsers_zone_from_the_first_page(tokyo, live_server):
    page, base = tokyo, live_server.url
    org = Player.objects.create_user("boss", "boss@example.org", STRONG, role="organiser")
    start = dt.datetime(2026, 12, 4, 18, 0, tzinfo=dt.UTC)
    t = lifecycle.create(
        org, name="Berlin winter cup", game=KOW, starts_at=start, time_zone="Europe/Berlin"
    )
    lifecycle.open_registration(t, org)
    assert not page.context.cookies()  # nobody has been here: no zone's cookie
    page.goto(f"{base}/tournaments/{t.pk}/")
    # the server knew no zone (it wrote UTC) and said so; the script wrote the browser's
    assert page.locator("html").get_attribute("data-zone-unknown") is not None
    starts = page.get_by_test_id("starts-at")
    expect(starts).to_contain_text("Sat 5 Dec 2026, 03:00 (Asia/Tokyo)")
    expect(starts).to_contain_text("Fri 4 Dec 2026, 19:00 (Europe/Berlin) at the event")
    expect(starts).not_to_contain_text("(UTC)")
    assert {c["name"]: c["value"] for c in page.context.cookies()}["tz"] == "Asia/Tokyo"
    # the next page comes from the server in Tokyo time already
    page.reload()
    assert page.locator("html").get_attribute("data-zone-unknown") is None
    expect(page.get_by_test_id("starts-at")).to_contain_text("Sat 5 Dec 2026, 03:00 (Asia/Tokyo)")
