"""The play page's tab title flags the person's turn ("● Your turn · …") and goes back when it
is not: two people's match, the other moving from the test (the play socket tells the page).

Served by daphne on the test's PostgreSQL database with the Redis channel layer, so it runs in
the services pass (like tests/web/test_web_browser_play.py)."""

from __future__ import annotations

import re
import threading

import pytest
from django.db import connection
from playwright.sync_api import expect

from engines.registry import get_game
from matches import interactive
from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from ratings.models import Ladder
from tests.support.accounts import STRONG
from tests.web import test_web_browser_play as play_base
from tests.web.test_web_browser_play import log_in

daphne = play_base.daphne
browser_page = play_base.browser_page
pytestmark = [pytest.mark.browser, pytest.mark.services]
FLAG = "● Your turn · "


def _move(match_id: int, who: Player) -> None:
    """``who`` plays their first legal action, on a thread of its own (as a request would)."""

    def run() -> None:
        try:
            match = interactive.Match.objects.get(pk=match_id)
            game, state = interactive.game_state(match)
            seat = game.to_act(state)
            action = game.legal_actions(state, seat)[0]
            interactive.submit_action(match_id, who, action, len(match.actions))
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)


def test_the_tab_title_flags_your_turn_and_goes_back(browser_page, daphne):
    page = browser_page
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    bob = Player.objects.create_user("bob", "bob@example.org", STRONG, display_name="Bob")
    ladder = Ladder.objects.get(slug="khan-of-khans-2p")
    engine = get_game(ladder.game)
    seed = next(s for s in range(200) if engine.to_act(engine.new_game(s, 2, None, None)) == 1)
    match = schedule_match(ladder.game, [SeatSpec(alice), SeatSpec(bob)], ladder=ladder, seed=seed)
    log_in(page, daphne, alice)
    page.goto(f"{daphne}/matches/{match.pk}/play/")
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")
    expect(page.get_by_test_id("play-status")).to_contain_text("Bob to act")
    plain = page.title()
    assert not plain.startswith(FLAG) and plain.endswith("Gauntlet")
    _move(match.pk, bob)  # Bob moves: Alice's turn, told over the socket
    expect(page.get_by_test_id("play-status")).to_contain_text("Your turn")
    expect(page).to_have_title(FLAG + plain)
    _move(match.pk, alice)  # Alice has moved (from elsewhere): no longer her turn
    expect(page).to_have_title(re.compile(r"^(?!● Your turn)"))
    expect(page).to_have_title(plain)
