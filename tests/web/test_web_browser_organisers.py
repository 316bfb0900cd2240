"""Becoming an organiser in chromium at phone width: the refusal page, the request page and
the staff page (long words in a reason included) fit 390 px, and staff approve by the button."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from players import organisers
from players.models import Player, Role
from tests.support.accounts import STRONG
from tests.web.board_play import page_fits
from tests.web.conftest import screenshot


def log_in(page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(STRONG)
    page.get_by_role("button", name="Log in").click()


@pytest.mark.browser
def test_the_organiser_pages_fit_390_px(page, live_server):
    base = live_server.url
    Player.objects.create_user("zoe", password=STRONG, display_name="Zoë")
    Player.objects.create_user("boss", password=STRONG, role=Role.ADMIN)
    waiting = Player.objects.create_user("kim", password=STRONG)
    organisers.request_role(
        waiting, "I run the Thursday league at https://example.org/a-very-long-club-address-" * 3
    )
    page.set_viewport_size({"width": 390, "height": 800})

    log_in(page, base, "zoe")
    page.goto(f"{base}/tournaments/new/")
    how = page.get_by_test_id("organiser-how")
    expect(how).to_contain_text("Ask to become one")
    assert page_fits(page)
    how.get_by_role("link", name="Become an organiser").click()
    page.get_by_label("Why you want to organise").fill("Friday nights at my club.")
    page.get_by_label("Where you run events").select_option("club")
    page.get_by_role("button", name="Ask to become an organiser").click()
    expect(page.get_by_test_id("organiser-state")).to_contain_text("is waiting for staff")
    assert page_fits(page)
    page.context.clear_cookies()  # signed out (the menu folds the button away at this width)

    log_in(page, base, "boss")
    page.goto(f"{base}/staff/organisers/")
    expect(page.get_by_test_id("waiting-count")).to_have_text("2")
    assert page_fits(page)
    screenshot(page, "staff-organisers-390")
    card = page.locator("section.organiser-request", has_text="Zoë")
    card.get_by_label("Answer").fill("Welcome, Zoë.")
    card.get_by_role("button", name="Approve").click()
    expect(page.get_by_text("Zoë is an organiser now; they were told.")).to_be_visible()
    expect(page.get_by_test_id("waiting-count")).to_have_text("1")
    assert Player.objects.get(username="zoe").role == Role.ORGANISER
