"""Real flows in headless chromium (Playwright) against pytest-django's live server.

Each test saves a screenshot of the page it exercises under var/screenshots/.
"""

import re

import pytest
from playwright.sync_api import expect

from players.models import ApiToken, Player
from tests.support.accounts import STRONG
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser


def log_in(page, base: str, username: str, password: str = STRONG) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    assert page.url.rstrip("/") == base  # back home


def test_sign_up_log_out_and_log_in(page, live_server):
    page.goto(f"{live_server.url}/accounts/signup/")
    page.get_by_label("Username").fill("zoe")
    page.get_by_label("Email address").fill("zoe@example.org")
    page.get_by_label("Password:", exact=True).fill("short")
    page.get_by_label("Password confirmation").fill("short")
    page.get_by_role("button", name="Create my account").click()
    expect(page.locator(".field.invalid")).not_to_have_count(0)  # field errors, no account
    assert not Player.objects.filter(username="zoe").exists()
    page.get_by_label("Password:", exact=True).fill(STRONG)
    page.get_by_label("Password confirmation").fill(STRONG)
    page.get_by_label("Display name").fill("Zoë")
    page.get_by_role("button", name="Create my account").click()
    expect(page).to_have_url(f"{live_server.url}/")  # the home page, not an empty profile
    expect(page.get_by_role("heading", level=1)).to_have_text("Hello, Zoë")
    expect(page.get_by_test_id("your-games")).to_contain_text("No games yet")
    screenshot(page, "home-new-player")
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
    log_in(page, live_server.url, "zoe")
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Zoë")


def test_sign_up_preselects_the_browsers_time_zone(live_server, monkeypatch):
    from tests.web.board_play import page_fits
    from tests.web.conftest import chromium_page

    with chromium_page(monkeypatch, timezone_id="America/Santiago") as page:
        page.goto(f"{live_server.url}/accounts/signup/")
        zone = page.get_by_label("Time zone")
        expect(zone).to_have_value("America/Santiago")  # the browser's guess, not UTC
        page.set_viewport_size({"width": 390, "height": 844})
        assert page_fits(page), "the sign-up page scrolls sideways at 390 px"
        page.get_by_label("Username").fill("zoe")
        page.get_by_label("Email address").fill("zoe@example.org")
        page.get_by_label("Password:", exact=True).fill(STRONG)
        page.get_by_label("Password confirmation").fill(STRONG)
        page.get_by_role("button", name="Create my account").click()
        expect(page).to_have_url(f"{live_server.url}/")
        assert Player.objects.get(username="zoe").time_zone == "America/Santiago"


def test_create_and_revoke_a_token(page, live_server, person):
    log_in(page, live_server.url, "alice")
    page.get_by_role("link", name="API tokens").first.click()
    page.get_by_label("Name").fill("my bot")
    page.get_by_role("button", name="Create token").click()
    key = page.get_by_test_id("new-key").input_value()
    token = ApiToken.objects.get(user=person)
    assert key.startswith(token.token_key) and len(key) > len(token.token_key)
    expect(page.get_by_role("table")).to_contain_text("my bot")
    screenshot(page, "tokens")
    page.goto(f"{live_server.url}/accounts/tokens/")  # shown once: not on a fresh load
    expect(page.get_by_test_id("new-key")).to_have_count(0)
    page.get_by_role("button", name="Revoke token my bot").click()
    expect(page.get_by_text("No tokens yet.")).to_be_visible()
    assert not ApiToken.objects.exists()


def test_leaderboard_and_home(page, live_server, play, kow_bots):
    for _ in range(2):
        play("kingdom-of-warlords-1v1", kow_bots[:2])
    page.goto(live_server.url)
    expect(page.get_by_role("heading", name="Ladder leaders")).to_be_visible()
    screenshot(page, "home")
    page.get_by_role("link", name="Kingdom of Warlords 1v1").first.click()
    expect(page).to_have_url(re.compile(r"/ladders/kingdom-of-warlords-1v1/$"))
    rows = page.locator("table.board tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first.locator("td").first).to_have_text("1")
    expect(page.locator("table.board svg.spark")).to_have_count(2)
    screenshot(page, "leaderboard")


def test_open_a_match_and_step_through_its_replay(page, live_server, finished):
    n = len(finished.actions)
    page.goto(f"{live_server.url}/matches/{finished.pk}/")
    expect(page.get_by_test_id("seed")).to_have_text(str(finished.seed))
    screenshot(page, "match")
    # The match page shows the game on its board at the last move, and steps back in place.
    position = page.get_by_test_id("replay-position")
    expect(position).to_have_text(f"Step {n} of {n}")
    expect(page.get_by_test_id("replay-board").locator(".kow")).to_be_visible()
    expect(page.locator("#replay")).to_have_attribute("data-ready", "1")
    page.get_by_role("link", name="Previous", exact=True).click()
    expect(position).to_have_text(f"Step {n - 1} of {n}")
    assert page.url.endswith(f"/matches/{finished.pk}/")  # the match page's address stays
    page.get_by_role("link", name="Step through the replay").click()
    position = page.get_by_test_id("replay-position")
    expect(position).to_have_text(f"Step 0 of {n}")
    expect(page.locator("#replay")).to_have_attribute("data-ready", "1")  # replay.js is loaded
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(f"Step 2 of {n}")
    expect(page).to_have_url(re.compile(r"\?step=2$"))
    page.get_by_role("link", name="Next", exact=True).click()
    expect(position).to_have_text(f"Step 3 of {n}")
    expect(page.get_by_test_id("replay-action")).to_contain_text("Move 3 of")
    # The play page's board, drawn from the spectator's view of the step.
    board = page.get_by_test_id("replay-board")
    expect(board.locator(".kow")).to_be_visible()
    expect(page.locator('.action-list a[aria-current="step"]')).to_have_attribute("data-step", "3")
    page.keyboard.press("End")
    expect(position).to_have_text(f"Step {n} of {n}")
    screenshot(page, "replay")
    page.keyboard.press("Home")
    expect(position).to_have_text(f"Step 0 of {n}")
    page.locator(".action-list a[data-step='5']").click()
    expect(position).to_have_text(f"Step 5 of {n}")
    # The slider goes to a move; at a phone's width the page does not scroll sideways.
    page.get_by_test_id("replay-range").fill("7")
    expect(position).to_have_text(f"Step 7 of {n}")
    expect(page).to_have_url(re.compile(r"\?step=7$"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(page.locator("#replay")).to_have_attribute("data-ready", "1")
    expect(board.locator(".kow")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "replay-390")


def test_keyboard_navigation_of_the_main_nav(page, live_server, person):
    page.goto(live_server.url)
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.textContent.trim()")
    assert focused == "Skip to content"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Gauntlet"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Ladders"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"  # a visible focus ring
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{live_server.url}/ladders/")
    expect(page.get_by_role("link", name="Ladders")).to_have_attribute("aria-current", "page")
    screenshot(page, "ladders")
    # The skip link moves focus to the content.
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
