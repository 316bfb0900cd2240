"""AracKhan Wars with Event and Objective modes against a bot in chromium at a phone's 390 px:
the board's modes panel names the Event in force and the open objectives (marked as the
platform's own starter design), never a code, and the page does not scroll sideways."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from engines.arackhan_wars.modes import sets
from matches.models import Match
from players.models import Player
from ratings.models import Ladder
from tests.support.accounts import STRONG
from tests.web import test_web_browser_play as play_base
from tests.web.board_play import PLY_MOVED, page_fits
from tests.web.conftest import make_bot, screenshot
from tests.web.test_web_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.services]
daphne = play_base.daphne
browser_page = play_base.browser_page
TARGETS = "#play-board .choosable, #play-actions button.action:enabled"


def _one_move(page, rng: random.Random) -> None:
    board = page.locator("#play")
    page.wait_for_function(f"() => document.querySelector('{TARGETS}')")
    ply = board.get_attribute("data-ply")
    for _ in range(50):
        if board.get_attribute("data-ply") != ply:
            break
        targets = page.locator(TARGETS)
        if targets.count():
            targets.nth(rng.randrange(targets.count())).click()
        else:
            page.wait_for_timeout(50)
    page.wait_for_function(PLY_MOVED, arg=ply)


def test_the_board_shows_the_event_and_the_objectives_by_name(browser_page, daphne):
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 860})
    Ladder.objects.create(
        slug="akw-modes-1v1",
        name="AracKhan Wars 1v1, Event and Objective modes",
        game="arackhan-wars",
        seats=2,
        options={"events": True, "objectives": True},
    )
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    make_bot("arackhan-wars", "random")
    log_in(page, daphne, alice)
    page.goto(f"{daphne}/play/")
    page.get_by_test_id("play-bots-akw-modes-1v1").click()
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")
    rng = random.Random(4)
    panel = page.get_by_test_id("akw-event")
    for _ in range(12):  # the first player's choice and the mulligans come first
        if panel.count():
            break
        _one_move(page, rng)
    expect(panel).to_be_visible()
    events = {c.name for c in sets.shipped_set("events")}
    shown = panel.locator(".card-name").inner_text()
    assert shown in events
    expect(panel).to_contain_text("starter card of the platform's design")
    objectives = page.get_by_test_id("akw-objectives").locator(".card-name").all_inner_texts()
    assert len(objectives) == 3 and set(objectives) <= {
        c.name for c in sets.shipped_set("objectives")
    }
    expect(page.locator(".akw-scores")).to_contain_text("completed objectives")
    assert page_fits(page)
    screenshot(page, "board-arackhan-wars-modes-390")
    match = Match.objects.get()
    assert match.options == {"events": True, "objectives": True}


def test_a_2v2_seat_sees_its_own_strategy_card_and_no_other(browser_page, daphne):
    """The Strategy phase on the board: the person's own Strategy card by name, the others'
    only as "holding a Strategy card (hidden)", the Strategy points of every seat."""
    from matches.scheduling import SeatSpec, schedule_match

    page = browser_page
    page.set_viewport_size({"width": 390, "height": 860})
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    crew = [make_bot("arackhan-wars", "random", n=i) for i in (1, 2, 3)]
    seats = [SeatSpec(alice, team=0)] + [
        SeatSpec(b, "random", team=t) for b, t in zip(crew, (1, 0, 1), strict=True)
    ]
    # Seed 1: Alice chooses who begins, so the match waits for her first. (This process has no
    # worker: the bots' moves are played by the server, after hers, as a tournament table's are.)
    match = schedule_match(
        "arackhan-wars", seats, options={"mode": "2v2", "strategy": True}, origin="test", seed=1
    )
    log_in(page, daphne, alice)
    page.goto(f"{daphne}/matches/{match.pk}/play/")
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")
    rng = random.Random(5)
    own = page.get_by_test_id("akw-own-strategy")
    for _ in range(12):  # the first player's choice, the mulligans, then the Strategy phase
        if own.count():
            break
        _one_move(page, rng)
    expect(own).to_be_visible()
    names = {c.name for c in sets.shipped_set("strategy")}
    mine = own.locator(".card-name").inner_text()
    assert mine in names
    panel = page.get_by_test_id("akw-modes")
    expect(panel).to_contain_text("Strategy points: Alice")
    shown = set(panel.locator(".akw-mode-card .card-name").all_inner_texts())
    played = set(panel.locator(".akw-mode-row .card-name").all_inner_texts())  # public
    assert shown - played == {mine}, "another seat's Strategy card reached the page"
    assert page_fits(page)
    # The pointer's hint described a mulligan card long after the mulligans were over.
    assert "mulligan" not in page.locator("#play-hint").inner_text()
    screenshot(page, "board-arackhan-wars-strategy-390")
