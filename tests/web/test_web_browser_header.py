"""The header in chromium: the notification badge counts a new pairing and a challenge live,
without a reload (daphne and Redis: the services pass); at phone width the links fold into a
menu opened by its button, by mouse or keyboard, and the pages fit 390 px."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from playwright.sync_api import expect

from players.models import Notification, Player
from tests.support.accounts import STRONG
from tests.web import test_web_browser_play as play_base
from tests.web.board_play import page_fits
from tests.web.conftest import make_bot, screenshot
from tests.web.test_web_browser_play import log_in

daphne = play_base.daphne
browser_page = play_base.browser_page
KOW = "kingdom-of-warlords"


def in_thread(work) -> None:
    """Run ``work`` on its own thread (as a request or a worker would: the browser's event loop
    owns this one), closing that thread's database connection."""

    def run() -> None:
        try:
            work()
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)


@pytest.mark.browser
@pytest.mark.services
def test_the_badge_counts_a_new_pairing_and_a_challenge_live(browser_page, daphne):
    from ratings import person_challenges
    from ratings.models import Ladder
    from tournaments import lifecycle, registration

    page = browser_page
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    bob = Player.objects.create_user("bob", "bob@example.org", STRONG, display_name="Bob")
    org = Player.objects.create_user("boss", "boss@example.org", STRONG, role="organiser")
    log_in(page, daphne, alice)
    page.goto(f"{daphne}/tournaments/")
    link = page.get_by_test_id("notif-link")
    badge = page.get_by_test_id("notif-badge")
    expect(link).to_have_attribute("data-live", "open")
    expect(badge).to_be_hidden()
    page.evaluate("window.__same_page = true")

    def pair() -> None:
        t = lifecycle.create(org, name="Club Night", game=KOW, rounds=1, auto_advance=False)
        lifecycle.open_registration(t, org)
        for p in (alice, bob):
            registration.register(t, p, p)
        lifecycle.start(t, org)

    in_thread(pair)
    expect(badge).to_have_text("1")
    expect(badge).to_be_visible()
    in_thread(
        lambda: person_challenges.create(Ladder.objects.get(slug="khan-of-khans-2p"), bob, "alice")
    )
    expect(badge).to_have_text("2")
    expect(link).to_contain_text("2 unread")
    assert page.evaluate("window.__same_page === true")  # no reload
    link.click()
    items = page.get_by_test_id("notifications").locator("li")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_contain_text("Bob challenges you to a game on")
    expect(items.nth(1)).to_contain_text("Club Night, round 1: you play Bob at table 1.")
    expect(badge).to_be_hidden()  # opening the list marked them read
    assert not Notification.objects.filter(player=alice, read_at=None).exists()
    items.nth(0).locator("a").click()
    assert page.url.endswith("/play/")
    expect(page.get_by_role("button", name="Accept")).to_be_visible()


@pytest.mark.browser
def test_the_menu_button_opens_the_navigation_at_phone_width(page, live_server):
    Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    make_bot(KOW, "random")
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill(STRONG)
    page.get_by_role("button", name="Log in").click()
    toggle = page.get_by_test_id("menu-toggle")
    ladders = page.locator("#site-menu").get_by_role("link", name="Ladders")
    expect(toggle).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(ladders).to_be_hidden()
    expect(page.get_by_test_id("notif-link")).to_be_visible()  # the badge stays in view
    expect(page.get_by_test_id("notif-badge")).to_be_hidden()  # nothing unread: no "0"
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(ladders).to_be_visible()
    expect(page.locator("#site-menu a").first).to_be_focused()
    screenshot(page, "header-menu-390")
    page.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_be_focused()
    expect(ladders).to_be_hidden()
    page.keyboard.press("Enter")  # the keyboard opens it too
    expect(toggle).to_have_attribute("aria-expanded", "true")
    ladders.click()
    assert page.url.endswith("/ladders/")
    for path in ("/", "/play/", "/notifications/", "/tournaments/", "/ladders/", "/decks/"):
        page.goto(f"{live_server.url}{path}")
        assert page_fits(page), f"{path} scrolls sideways at 390 px"
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(toggle).to_be_hidden()
    expect(ladders).to_be_visible()


@pytest.mark.browser
def test_the_pages_of_this_work_fit_390_px(page, live_server):
    """The event form (with its paper-play setting), a list of long notifications and a refused
    rematch: no sideways scroll of the page at 390 px, every control reachable by Tab."""
    from players import inbox

    org = Player.objects.create_user("boss", "boss@example.org", STRONG, role="organiser")
    for i in range(3):
        inbox.post(
            org.pk, "paired", f"A rather long tournament name number {i}, round 12: " * 3, "/"
        )
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("boss")
    page.get_by_label("Password").fill(STRONG)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/tournaments/new/")
    paper = page.get_by_label("Paper play allowed for bot tables")
    expect(paper).to_be_visible()
    assert page_fits(page)
    paper.focus()
    page.keyboard.press("Space")  # reachable and usable by keyboard
    expect(paper).to_be_checked()
    page.goto(f"{live_server.url}/notifications/")
    expect(page.get_by_test_id("notifications").locator("li")).to_have_count(3)
    assert page_fits(page)
    page.goto(f"{live_server.url}/play/")
    page.evaluate(
        """() => { const f = document.createElement('form'); f.method = 'post';
        f.action = '/matches/999999/rematch/';
        const t = document.querySelector('input[name=csrfmiddlewaretoken]');
        if (t) f.appendChild(t.cloneNode()); document.body.appendChild(f); f.submit(); }"""
    )
    expect(page.get_by_test_id("refused")).to_contain_text("No match 999999")
    assert page_fits(page)


LONG_NAME = "Maximilian Alexander von Habsburg-Lothringen"
RIVAL = "Bartholomew Fitzgerald-Montgomery the Third"


def _row_of(page) -> dict:
    """The header's height and the vertical spread of the centres of its visible links."""
    return page.evaluate(
        """() => {
        const items = [...document.querySelectorAll('nav.main a, nav.main button')]
          .filter((el) => el.offsetParent !== null)
          .map((el) => el.getBoundingClientRect());
        const centres = items.map((r) => r.top + r.height / 2);
        const header = document.querySelector('header.site').getBoundingClientRect();
        return { height: header.height, spread: Math.max(...centres) - Math.min(...centres),
                 tallest: Math.max(...items.map((r) => r.height)), count: items.length,
                 width: document.documentElement.scrollWidth };
    }"""
    )


@pytest.mark.browser
def test_the_header_fits_1280_px_in_one_row_for_staff_with_a_long_name(page, live_server):
    from players import inbox, organisers

    admin = Player.objects.create_user(
        "maximilian", "max@example.org", STRONG, role="admin", display_name=LONG_NAME
    )
    for i in range(12):
        inbox.post(admin.pk, "paired", f"Night {i}, round 1: you play Bob at table 1.", "/")
    asker = Player.objects.create_user("asker", "ask@example.org", STRONG)
    organisers.request_role(asker, "I run the Thursday club every week.")
    from matches.scheduling import SeatSpec, schedule_match
    from ratings.models import Ladder

    rival = Player.objects.create_user("rival", "r@example.org", STRONG, display_name=RIVAL)
    kok = Ladder.objects.get(slug="khan-of-khans-2p")
    schedule_match(kok.game, [SeatSpec(admin), SeatSpec(rival)], ladder=kok)  # a game to list
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("maximilian")
    page.get_by_label("Password").fill(STRONG)
    page.get_by_role("button", name="Log in").click()
    nav = page.get_by_role("navigation", name="Main")
    expect(nav).to_contain_text(LONG_NAME)
    unread = Notification.objects.filter(player=admin, read_at=None).count()
    assert unread >= 13  # the twelve, the request's (and "your turn" if the game starts so)
    expect(page.get_by_test_id("notif-badge")).to_have_text(str(unread))
    expect(page.get_by_test_id("staff-organisers")).to_contain_text("1")
    row = _row_of(page)
    screenshot(page, "header-1280-staff")
    assert row["count"] >= 12  # every link is shown, none folded away
    assert row["spread"] <= 4, f"the header's links sit on more than one row: {row}"
    assert row["height"] <= row["tallest"] + 24, f"the header is taller than one row: {row}"
    assert row["width"] <= 1280
    page.set_viewport_size({"width": 390, "height": 800})  # still usable on a phone
    toggle = page.get_by_test_id("menu-toggle")
    expect(toggle).to_be_visible()
    toggle.click()
    expect(page.locator("#site-menu").get_by_role("link", name="Admin")).to_be_visible()
    expect(page.get_by_test_id("your-games")).to_contain_text(f"against {RIVAL}")
    assert page_fits(page)  # the home page with a long-named opponent too
    screenshot(page, "home-390-staff")
