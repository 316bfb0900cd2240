"""More play in chromium: resigning from the board (with its confirmation), and a spectator's
live match page updating after every move of a match people play.

Same server as tests/web/test_web_browser_play.py (daphne on the test's PostgreSQL database, so
the services pass); moves of the other side go through the HTTP API with a token, as an
external client's would.
"""

from __future__ import annotations

import json
import random
import urllib.request

import pytest
from playwright.sync_api import expect

from matches import audit
from matches.models import Match, MatchState
from matches.scheduling import SeatSpec, schedule_match
from players.models import ApiToken, Player
from ratings.models import Ladder, RatingChange
from tests.support.accounts import STRONG
from tests.web import test_web_browser_play as play_base
from tests.web.conftest import screenshot
from tests.web.test_web_browser_play import log_in

pytestmark = [pytest.mark.browser, pytest.mark.services]
# The server and browser fixtures of the first play test.
daphne = play_base.daphne
browser_page = play_base.browser_page


def _people_match(names=("alice", "bob"), ladder="kingdom-of-warlords-1v1"):
    people = [
        Player.objects.create_user(n, f"{n}@example.org", STRONG, display_name=n.title())
        for n in names
    ]
    lad = Ladder.objects.get(slug=ladder)
    # A fixed deal, so that a few random moves never end the game early.
    match = schedule_match(lad.game, [SeatSpec(p) for p in people], ladder=lad, seed=1234)
    return match, people


def _api(base: str, token: str, method: str, path: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(
        f"{base}{path}",
        data=json.dumps(body).encode() if body is not None else None,
        method=method,
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def test_resign_from_the_board_after_confirming(browser_page, daphne):
    page = browser_page
    match, (alice, _) = _people_match()
    log_in(page, daphne, alice)
    page.goto(f"{daphne}/matches/{match.pk}/play/")
    expect(page.locator("#play")).to_have_attribute("data-socket", "open")
    opener = page.get_by_role("button", name="Resign…")
    opener.click()
    expect(page.get_by_text("Resign this match?")).to_be_visible()
    page.get_by_role("button", name="Keep playing").click()  # changed their mind
    expect(page.get_by_text("Resign this match?")).to_be_hidden()
    assert Match.objects.get(pk=match.pk).state == MatchState.RUNNING
    opener.click()
    page.get_by_test_id("resign-confirm").click()
    result = page.get_by_test_id("play-result")
    expect(result).to_contain_text("You placed 2nd.")
    expect(result).to_contain_text("resigned")
    expect(opener).to_be_hidden()
    # At move 1, before both had moved: not rated, and the result table says so.
    expect(page.get_by_test_id("rating-notes")).to_have_text(
        "Ended by a resignation before both players had moved: not rated."
    )
    expect(page.get_by_test_id("play-result-table").locator("tbody td").last).to_have_text(
        "not rated"
    )
    match.refresh_from_db()
    assert match.state == MatchState.FINISHED and match.forfeit["kind"] == "resigned"
    assert not match.rated and not RatingChange.objects.filter(match=match).exists()
    assert match.forfeit["seat"] == 0 and audit.verify(match).ok


def test_the_live_match_page_follows_every_move_without_hidden_cards(browser_page, daphne):
    page = browser_page
    match, people = _people_match(("carol", "dave"))
    tokens = [ApiToken.objects.create(user=p, name="client")[1] for p in people]
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(data)))
    page.goto(f"{daphne}/matches/{match.pk}/")  # an anonymous spectator
    progress = page.get_by_test_id("live-progress")
    expect(progress).to_contain_text("0 moves played")
    rng = random.Random(3)
    for ply in range(1, 5):
        view = _api(daphne, tokens[0], "GET", f"/api/matches/{match.pk}/play/")
        seat = view["to_act"]
        mine = _api(daphne, tokens[seat], "GET", f"/api/matches/{match.pk}/play/")
        action = rng.choice(mine["legal"])["action"]
        _api(
            daphne,
            tokens[seat],
            "POST",
            f"/api/matches/{match.pk}/actions/",
            {"action": action, "ply": ply - 1},
        )
        expect(page.locator("#match-live")).to_have_attribute("data-ply", str(ply))
        expect(progress).to_contain_text(f"{ply} move")
    screenshot(page, "match-live-moves")
    # Hands are what the seats hold now: none of their cards reached the spectator.
    hands = [
        _api(daphne, t, "GET", f"/api/matches/{match.pk}/play/")["observation"]["hand"]
        for t in tokens
    ]
    moves = [f for f in frames if '"kind": "move"' in f]
    assert len(moves) >= 5
    assert not [card for hand in hands for card in hand if f'"{card}"' in moves[-1]]
    assert all(json.loads(f)["view"]["seat"] is None for f in moves)
    _api(daphne, tokens[1], "POST", f"/api/matches/{match.pk}/resign/")
    expect(page.locator("#live-status")).to_contain_text("The match has ended.")
