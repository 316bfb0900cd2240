"""A whole game of every game against a bot in chromium, chosen by clicking on the board: its
first moves at desktop width, the rest at a phone's 390 px (the page re-lays itself out as a
turned phone's does). The player's own cards show by name, no label the page offers contains an
internal code (a card id or a slug), and the page never scrolls sideways, at either width.

Served by daphne on the test's PostgreSQL database (the services pass), like the other play
tests; the bot's moves run eagerly in the server right after the person's.
"""

from __future__ import annotations

import random
import re
import shutil

import pytest
from playwright.sync_api import expect

from engines.registry import get_game
from matches import audit
from matches.interactive import game_state
from matches.models import Match, MatchState
from players.models import Player
from ratings.models import Ladder
from tests.support.accounts import STRONG
from tests.web import test_web_browser_play as play_base
from tests.web.board_play import DESK, PHONE, page_fits, play_by_clicking
from tests.web.conftest import SCREENSHOTS, make_bot, screenshot
from tests.web.test_web_browser_play import DOCS_SCREENSHOTS, log_in

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.slow]
daphne = play_base.daphne
browser_page = play_base.browser_page

# game -> (ladder, the selector of the person's own cards, bot kind)
GAMES = {
    "akhedena": ("akhedena-1v1", "[data-testid=own-cards] .card-name", "random"),
    "arackhan-wars": ("arackhan-wars-1v1", "[data-testid=own-cards] .card-name", "random"),
    "heroes-of-graxia": (
        "heroes-of-graxia-1v1",
        "[data-testid=own-cards] .card-name",
        "random",
    ),
    "khan-of-khans": ("khan-of-khans-2p", "[data-testid=own-cards] .card-name", "random"),
    "kingdom-of-warlords": (
        "kingdom-of-warlords-1v1",
        "[data-testid=own-cards] .card-name",
        "random",
    ),
}

# game -> its ladder's engine options here: a whole game still, played to the platform's round
# or turn limit, but a short one (60 rounds of Heroes of Graxia took over three minutes of
# clicking at each width on a slow machine; 30 Akhedena turns made it one of the
# slowest browser tests of CI, which must stay under 20 minutes; Kingdom of Warlords' default
# cap of 500 battles took 81 s, the slowest test of CI, where 60 take 19 s).
SHORTER = {
    "heroes-of-graxia": {"max_rounds": 15},
    "akhedena": {"turn_cap": 20},
    "kingdom-of-warlords": {"max_battles": 60},
}

# game -> the person's moves before the mid-game reload and screenshot (default 3): AracKhan
# Wars spends its first moves on the mulligan, so its picture is taken once cards are out.
RELOAD_AFTER = {"arackhan-wars": 24}


def internal_codes(match: Match) -> set[str]:
    """Every card id and deck slug of the match: none may reach a person's label (AracKhan
    Wars' card instances are ``c<number>``)."""
    game, state = game_state(match)
    codes = {card for cards in game.zones(state).values() for card in cards}
    codes.update(str(d) for d in (match.decks or []) if isinstance(d, str))
    return {c for c in codes if re.search(r"[:#\-_]", c) or re.fullmatch(r"c\d+", c)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_by_clicking_on_the_board(browser_page, daphne, game):
    ladder, own_cards, kind = GAMES[game]
    page = browser_page
    page.set_viewport_size(DESK)
    alice = Player.objects.create_user("alice", "alice@example.org", STRONG, display_name="Alice")
    make_bot(game, kind)
    Ladder.objects.filter(slug=ladder).update(options=SHORTER.get(game, {}))
    log_in(page, daphne, alice)
    page.goto(f"{daphne}/play/")
    page.get_by_test_id(f"play-bots-{ladder}").click()
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")
    match = Match.objects.get()
    assert SHORTER.get(game, {}).items() <= match.options.items()
    codes = internal_codes(match)
    assert codes, "the game has card ids to look for"
    assert page_fits(page)

    # Desktop width up to the mid-game reload (and its picture), then a phone's to the end.
    rng = random.Random(1280)
    shot = f"board-{game}-1280"
    reload_after = RELOAD_AFTER.get(game, 3)
    played = play_by_clicking(
        page,
        rng,
        reload_after=reload_after,
        shot=shot,
        own_cards=own_cards,
        stop_after=reload_after,
    )
    assert page_fits(page)
    page.set_viewport_size(PHONE)
    assert page_fits(page)
    screenshot(page, f"board-{game}-390")
    play_by_clicking(page, rng, own_cards=own_cards, played=played)
    expect(page.get_by_test_id("play-result")).to_be_visible()
    assert page_fits(page)
    screenshot(page, f"board-{game}-390-result")
    page.set_viewport_size(DESK)
    assert page_fits(page)
    screenshot(page, f"board-{game}-1280-result")

    match.refresh_from_db()
    assert match.state == MatchState.FINISHED and played.moves >= 1
    assert audit.verify(match).ok
    # The labels were words: no card id, no slug.
    leaked = {label for label in played.labels for code in codes if code in label}
    assert played.labels and not leaked, leaked
    # The result names the players and labels the scores.
    table = page.get_by_test_id("play-result-table")
    expect(table).to_contain_text("Alice")
    expect(table).to_contain_text(get_game(game).score_label)
    # The move log is in words too.
    log = page.get_by_test_id("play-log").inner_text()
    assert log and not [code for code in codes if code in log]
    DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(SCREENSHOTS / f"{shot}.png", DOCS_SCREENSHOTS / f"play-{game}.png")
    # The person's own cards showed by name while they played.
    assert played.own and not [n for n in played.own if not n or any(c in n for c in codes)]
    if game == "arackhan-wars":
        # The board draws the battle mat: its 40 spaces, the cards on it by their owner; cards
        # were placed and played, not only passes.
        expect(page.locator(".akw-mat .akw-space")).to_have_count(40)
        placed = page.locator(".akw-mat .akw-space.occupied")
        assert placed.count() >= 2 and placed.first.inner_text().strip()
        assert any(a.startswith(("place", "play", "act")) for a in match.actions)
