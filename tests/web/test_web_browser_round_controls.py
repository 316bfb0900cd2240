"""The organiser's round controls in chromium: two players of round 1 swapped with a reason (the
pairings show both changed tables, "changed by the organiser" and the reason), then the whole
round entered from the results grid at phone width (390 px, no sideways scrolling) and the round
closes."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from players.models import Player
from tests.support.accounts import STRONG
from tests.web.board_play import page_fits
from tests.web.test_web_browser_play import log_in
from tests.web.test_web_tournaments import event, organiser
from tournaments import lifecycle
from tournaments.models import Round, RoundState

pytestmark = pytest.mark.browser


def player(username: str, name: str) -> Player:
    return Player.objects.create_user(
        username, f"{username}@example.org", STRONG, display_name=name
    )


def test_swap_two_players_then_enter_the_round_from_the_grid(page, live_server):
    base = live_server.url
    org = organiser()
    names = ["Ana Lima", "Bruno Costa", "Chiara Ferraro", "Dmitri Volkov-Petrovsky"]
    players = [player(f"pl{i}", name) for i, name in enumerate(names)]
    t = event(org, players, name="Thursday Swiss", rounds=2)
    t = lifecycle.start(t, org)
    one, two = Round.objects.get(tournament=t, number=1).tables.order_by("number")
    shown = {e.pk: e.player.public_name for e in t.entries.select_related("player")}
    a, b = shown[one.entries[0]], shown[two.entries[1]]

    log_in(page, base, org)
    page.goto(f"{base}/tournaments/{t.pk}/")
    page.get_by_role("link", name="Change the pairings").click()
    page.get_by_label("Swap:").select_option(label=f"{a} (table 1)")
    page.get_by_label("with:").select_option(label=f"{b} (table 2)")
    page.locator("#id_swap-reason").fill("judge call: seats mixed up")
    page.get_by_role("button", name="Swap the players").click()
    expect(page.get_by_text(f"{a} and {b} swapped: tables 1 and 2 changed")).to_be_visible()

    pairings = page.get_by_role("table", name="Pairings of round 1")
    for number, now_there in ((1, b), (2, a)):
        row = pairings.locator("tbody tr").nth(number - 1)
        expect(row.locator("td.players")).to_contain_text(now_there)
        expect(row.locator(".flag", has_text="changed by the organiser")).to_be_visible()
        expect(row.locator(".why")).to_contain_text(
            "changed by the organiser: judge call: seats mixed up"
        )

    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("link", name="Enter the result slips").click()
    expect(page.get_by_role("heading", name="Result slips: Round 1")).to_be_visible()
    expect(page.get_by_test_id("slip")).to_have_count(2)
    assert page_fits(page)  # document.documentElement.scrollWidth <= innerWidth
    for slip in page.get_by_test_id("slip").all():
        games = slip.locator("input[type=number]")
        games.nth(0).fill("2")
        games.nth(1).fill("1")
    page.get_by_role("button", name="Enter the results").click()
    expect(page.get_by_text("2 results entered. Round 1 is complete.")).to_be_visible()
    entered = page.get_by_test_id("entered")
    expect(entered).to_contain_text(f"Table 1: {b} 2–1")
    expect(entered).to_contain_text(f"Table 2: {shown[two.entries[0]]} 2–1 {a}")
    expect(page.get_by_test_id("round-state")).to_contain_text("Round 1 is complete")
    assert page_fits(page)
    rnd = Round.objects.get(tournament=t, number=1)
    assert rnd.state == RoundState.FINISHED
    assert {tb.source for tb in rnd.tables.all()} == {"organiser"}
