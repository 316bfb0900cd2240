"""Rematch in chromium: a game against a bot ends (the person resigns), the result panel offers
"Rematch (seats swapped)", and clicking it opens the new match's board with the person in the
other seat; against a person the rematch is a challenge that appears on their play page.

Same server as tests/web/test_web_browser_play.py (daphne on PostgreSQL: the services pass).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from matches.models import Match, MatchState
from players.models import Player
from tests.support.accounts import STRONG
from tests.web import test_web_browser_play as play_base
from tests.web.board_play import page_fits
from tests.web.conftest import make_bot
from tests.web.test_web_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.services]
daphne = play_base.daphne
browser_page = play_base.browser_page


def _resign(page) -> None:
    page.get_by_role("button", name="Resign…").click()
    page.get_by_test_id("resign-confirm").click()
    expect(page.get_by_test_id("play-result")).to_contain_text("resigned")


@pytest.mark.parametrize("width", [1280, 390])
def test_rematch_against_a_bot_opens_the_new_board_with_seats_swapped(browser_page, daphne, width):
    page = browser_page
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    make_bot("khan-of-khans", "random")
    log_in(page, daphne, alice)
    page.set_viewport_size({"width": width, "height": 860})
    page.goto(f"{daphne}/play/")
    page.get_by_test_id("play-bots-khan-of-khans-2p").click()
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")
    first = Match.objects.get()
    _resign(page)
    rematch = page.get_by_test_id("rematch")
    expect(rematch).to_be_visible()
    assert page_fits(page)
    rematch.focus()
    page.keyboard.press("Enter")  # by keyboard
    page.wait_for_url(lambda url: url.endswith("/play/") and f"/matches/{first.pk}/" not in url)
    new = Match.objects.exclude(pk=first.pk).get()
    assert page.url.endswith(f"/matches/{new.pk}/play/")
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")
    assert new.seats.get(player=alice).seat == 1 and first.seats.get(player=alice).seat == 0
    assert Match.objects.get(pk=new.pk).state == MatchState.RUNNING


def test_rematch_against_a_person_is_a_challenge_on_their_play_page(browser_page, daphne):
    from matches import interactive
    from ratings import person_challenges
    from ratings.models import Ladder

    page = browser_page
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    bob = Player.objects.create_user("bob", "bob@example.org", STRONG, display_name="Bob")
    first = person_challenges.create(Ladder.objects.get(slug="khan-of-khans-2p"), alice, "bob")
    person_challenges.answer(first.pk, bob, "accept")
    interactive.resign(first.pk, bob)
    log_in(page, daphne, alice)
    page.goto(f"{daphne}/matches/{first.pk}/play/")
    page.get_by_test_id("rematch").click()
    expect(page.locator(".messages")).to_contain_text("Rematch offered to Bob")
    new = Match.objects.exclude(pk=first.pk).get()
    assert [s.player for s in new.seats.order_by("seat")] == [bob, alice]
    page.context.clear_cookies()
    log_in(page, daphne, bob)
    page.goto(f"{daphne}/play/")
    expect(page.get_by_role("button", name="Accept")).to_be_visible()
    expect(page.get_by_test_id("notif-badge")).to_be_hidden()  # /play/ is where it is seen
