"""Tournament tables between people in chromium (issue 30, item 5), two people each in a browser
of their own:

- a table played on the site: each opens the event page, follows "Play your table" to the board
  (the match waits for the second, then starts), and both click moves on the board until the
  match ends; the event page's final standings then have the engine's winner first, with no
  report or confirmation anywhere;
- a paper table: one reports, the other follows their notification to the table page and
  confirms with its one Confirm button; meanwhile the first one's event page, never reloaded,
  says "round 2 of 2" once the round is paired (and after a reload too); round 2 is confirmed
  from the event page's own button, and the heading then says the event is finished.

Same server as tests/web/test_web_browser_play.py (daphne on the test's PostgreSQL database,
tasks run eagerly there), so it runs in the services pass.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from matches.models import Match, MatchState
from players.models import Player
from tests.support.accounts import STRONG
from tests.web import test_web_browser_play as play_base
from tests.web.board_play import DESK, PHONE, page_fits
from tests.web.conftest import screenshot
from tests.web.test_web_browser_bot_table import in_thread
from tests.web.test_web_browser_play import log_in
from tournaments import lifecycle, registration, results
from tournaments.models import Round, State, TableState, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.services]
daphne = play_base.daphne
browser_page = play_base.browser_page
KOW = "kingdom-of-warlords"
MOVABLE = "#play-board .choosable, #play-actions button.action:enabled"


def two_people_event(**fields) -> tuple[Tournament, Player, Player]:
    org = Player.objects.create_user("boss", "boss@example.org", STRONG, role="organiser")
    ana = Player.objects.create_user("ana", "ana@example.org", STRONG, display_name="Ana")
    bob = Player.objects.create_user("bob", "bob@example.org", STRONG, display_name="Bob")
    t = lifecycle.create(org, name="Club Night", game=KOW, format="swiss", **fields)
    lifecycle.open_registration(t, org)
    registration.register(t, ana, ana)
    registration.register(t, bob, bob)
    t = lifecycle.start(t, org)
    return t, ana, bob


def second_page(page):
    """A second person's browser: a context of its own (its own cookies), same browser."""
    other = page.context.browser.new_context(viewport=DESK)
    new = other.new_page()
    new.set_default_timeout(15_000)
    return new


def play_one_move(page, rng: random.Random) -> bool:
    """If it is this page's person's turn, click on the board until the move is made."""
    board = page.locator("#play")
    if board.get_attribute("data-state") != "running" or not page.locator(MOVABLE).count():
        return False
    ply = board.get_attribute("data-ply")
    for _ in range(200):  # a choice takes a few clicks: a card, then a target
        if board.get_attribute("data-ply") != ply or board.get_attribute("data-state") != "running":
            return True
        targets = page.locator(MOVABLE)
        n = targets.count()
        if not n:  # sent: the next view is on its way
            page.wait_for_timeout(50)
            continue
        try:
            targets.nth(rng.randrange(n)).click(timeout=2_000)
        except Exception:  # the board was redrawn under the pointer: look again
            continue
    raise AssertionError(f"no move was made at ply {ply} after clicking on the board")


def test_two_people_play_their_tournament_table_on_the_site_to_its_result(browser_page, daphne):
    ana_page = browser_page
    ana_page.set_viewport_size(DESK)
    t, ana, bob = in_thread(
        lambda: two_people_event(
            rounds=1, options={"clock": {"initial": 900, "increment": 5}}, online_start="present"
        )
    )
    (table,) = Round.objects.get(tournament=t, number=1).tables.all()
    match_id = table.match_id
    assert Match.objects.get(pk=match_id).state == MatchState.SCHEDULED
    bob_page = second_page(ana_page)
    # Each follows "Play your table" from the event page to the board.
    log_in(ana_page, daphne, ana)
    ana_page.goto(f"{daphne}/tournaments/{t.pk}/")
    expect(ana_page.get_by_role("button", name="Report")).to_have_count(0)
    ana_page.get_by_test_id("play-table").first.click()
    assert ana_page.url.endswith(f"/matches/{match_id}/play/")
    expect(ana_page.get_by_test_id("table-wait")).to_contain_text(
        "the match starts when Bob opens this board too"
    )
    expect(ana_page.get_by_test_id("table-wait")).to_have_attribute("data-socket", "open")
    expect(ana_page.locator("#play-connection")).to_have_text(
        "Waiting for the other player to open the board."
    )
    assert Match.objects.get(pk=match_id).state == MatchState.SCHEDULED
    screenshot(ana_page, "tournament-online-table-waiting-1280")
    log_in(bob_page, daphne, bob)
    bob_page.goto(f"{daphne}/tournaments/{t.pk}/")
    bob_page.get_by_test_id("play-table").first.click()
    # Bob's arrival starts the match: Ana's board, open all along, starts too.
    for page in (ana_page, bob_page):
        expect(page.locator("#play")).to_have_attribute("data-state", "running")
    expect(ana_page.get_by_test_id("table-wait")).to_have_count(0)  # its page came back live
    expect(ana_page.locator("#play")).to_have_attribute("data-socket", "open")
    screenshot(ana_page, "tournament-online-table-1280")
    bob_page.set_viewport_size(PHONE)
    rng = random.Random(30)
    moves = 0
    while ana_page.locator("#play").get_attribute("data-state") == "running":
        moved = play_one_move(ana_page, rng) or play_one_move(bob_page, rng)
        if moved:
            moves += 1
        else:
            ana_page.wait_for_timeout(50)
        assert moves < 2_000
    assert moves >= 2
    for page in (ana_page, bob_page):
        expect(page.get_by_test_id("play-result")).to_be_visible()
    assert page_fits(bob_page)
    screenshot(bob_page, "tournament-online-table-result-390")
    match = Match.objects.get(pk=match_id)
    assert match.state == MatchState.FINISHED
    table.refresh_from_db()
    assert table.state == TableState.FINAL and table.source == "engine"
    assert not table.reports.exists()
    names = {s.seat: s.player.public_name for s in match.seats.select_related("player")}
    ranks = match.result["ranks"]
    # The event is over (one round): its final standings put the engine's winner first.
    ana_page.goto(f"{daphne}/tournaments/{t.pk}/")
    expect(ana_page.locator("#standings-h")).to_have_text("Final standings")
    rows = ana_page.get_by_test_id("standing")
    expect(rows).to_have_count(2)
    if ranks[0] != ranks[1]:
        winner = names[0] if ranks[0] < ranks[1] else names[1]
        expect(rows.first).to_contain_text(winner)
        assert Tournament.objects.get(pk=t.pk).winner.player.public_name == winner
    assert Tournament.objects.get(pk=t.pk).state == State.FINISHED
    bob_page.context.close()


def test_the_opponent_confirms_a_paper_result_with_one_button_and_the_label_follows(
    browser_page, daphne
):
    ana_page = browser_page
    t, ana, bob = in_thread(lambda: two_people_event(rounds=2))
    (table,) = Round.objects.get(tournament=t, number=1).tables.all()
    assert table.match_id is None  # no clock: played on paper
    log_in(ana_page, daphne, ana)
    ana_page.goto(f"{daphne}/tournaments/{t.pk}/")
    expect(ana_page.get_by_test_id("round-label")).to_have_text(re.compile(r"round 1 of 2$"))
    expect(ana_page.locator("#tournament-live")).to_have_attribute("data-socket", "open")
    ana_entry = t.entries.get(player=ana).pk
    wins = [2, 1] if table.entries[0] == ana_entry else [1, 2]
    in_thread(lambda: results.report(t, table.pk, ana, {"wins": wins, "draws": 0}))
    bob_page = second_page(ana_page)
    bob_page.set_viewport_size(PHONE)
    log_in(bob_page, daphne, bob)
    bob_page.goto(f"{daphne}/notifications/")
    bob_page.get_by_role("link", name="Ana reported the result").click()
    assert bob_page.url.endswith(f"/tournaments/{t.pk}/tables/{table.pk}/")
    said = "Ana 2–1 Bob" if table.entries[0] == ana_entry else "Bob 1–2 Ana"  # in seat order
    expect(bob_page.get_by_test_id("reported-result")).to_have_text(said)
    assert page_fits(bob_page)
    screenshot(bob_page, "tournament-confirm-390")
    bob_page.get_by_test_id("confirm-result").click()
    expect(bob_page.locator("main")).to_contain_text("Confirmed: the result is final.")
    table.refresh_from_db()
    assert table.state == TableState.FINAL and table.result["winner"] == ana_entry
    # Ana's page, never reloaded, follows the round: round 2 is paired by itself.
    expect(ana_page.get_by_test_id("round-label")).to_have_text(re.compile(r"round 2 of 2$"))
    expect(ana_page.get_by_test_id("round-title")).to_have_text("Round 2")
    ana_page.reload()
    expect(ana_page.get_by_test_id("round-label")).to_have_text(re.compile(r"round 2 of 2$"))
    expect(ana_page.locator("#tournament-live")).to_have_attribute("data-socket", "open")
    # Round 2, from the event page's own Confirm button: the last result ends the event, and
    # Ana's heading says so without a reload (no round any more).
    (second,) = Round.objects.get(tournament=t, number=2).tables.all()
    wins = [2, 0] if second.entries[0] == ana_entry else [0, 2]
    in_thread(lambda: results.report(t, second.pk, ana, {"wins": wins, "draws": 0}))
    bob_page.goto(f"{daphne}/tournaments/{t.pk}/")
    expect(bob_page.get_by_test_id("confirm-table").first).to_have_text(
        "Confirm 2–0" if wins == [2, 0] else "Confirm 0–2"
    )
    assert page_fits(bob_page)  # the pairings' Confirm fits a phone
    screenshot(bob_page, "tournament-confirm-event-page-390")
    bob_page.get_by_test_id("confirm-table").first.click()
    expect(bob_page.locator("main")).to_contain_text("Confirmed: the result is final.")
    expect(ana_page.get_by_test_id("state-label")).to_have_text("finished")
    expect(ana_page.get_by_test_id("round-label")).to_have_text("")
    assert Tournament.objects.get(pk=t.pk).state == State.FINISHED
    bob_page.context.close()
