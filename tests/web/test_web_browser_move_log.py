"""The play page's move log in chromium: move numbers past 1,000 show whole (a list marker in
a fixed padding was clipped from 100 on), and no line prints its player's name twice ("Bob:
Bob passed")."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from engines.registry import get_game
from matches.models import Match, MatchState
from matches.scheduling import SeatSpec, schedule_match
from ratings.models import Ladder
from tests.web.conftest import make_bot

pytestmark = pytest.mark.browser
SEED = 79  # four random Heroes of Graxia seats play 1,106 moves from this seed (rules 1.1.0)


def long_finished_match() -> Match:
    """A finished four-seat Heroes of Graxia match of more than a thousand moves."""
    ladder = Ladder.objects.get(slug="heroes-of-graxia-ffa-4p")
    bots = [make_bot(ladder.game, "random", n=i) for i in range(1, 5)]
    for bot, name in zip(bots, ("Ana", "Bob", "Cy", "Di"), strict=True):
        bot.display_name = name
        bot.save(update_fields=["display_name"])
    match = schedule_match(
        ladder.game, [SeatSpec(b, "random") for b in bots], ladder=ladder, enqueue=False
    )
    game = get_game(ladder.game)
    for seed in range(SEED, SEED + 50):  # the first seeded random game over a thousand moves
        state = game.new_game(seed, 4, match.decks, None)
        rng, actions = random.Random(seed), []
        while not game.is_over(state):
            action = rng.choice(game.legal_actions(state, game.to_act(state)))
            game.apply(state, action)
            actions.append(action)
        if len(actions) > 1000:
            break
    assert len(actions) > 1000
    Match.objects.filter(pk=match.pk).update(
        seed=seed, actions=actions, state=MatchState.FINISHED, result=game.result(state).to_json()
    )
    match.refresh_from_db()
    return match


def test_move_numbers_past_a_thousand_show_whole_and_no_name_is_doubled(page, live_server):
    match = long_finished_match()
    page.goto(f"{live_server.url}/matches/{match.pk}/play/")
    log = page.get_by_test_id("play-log")
    last = log.locator("li").last
    expect(last.locator(".move-no")).to_have_text(f"{len(match.actions)}.")
    # every number is inside the log's box and wholly drawn (nothing cut off on the left)
    clipped = page.evaluate(
        """() => {
          const list = document.getElementById("play-log");
          const left = list.getBoundingClientRect().left;
          return [...list.querySelectorAll(".move-no")]
            .filter((n) => n.getBoundingClientRect().left < left - 0.5 || n.scrollWidth > n.clientWidth)
            .map((n) => n.textContent);
        }"""
    )
    assert clipped == []
    names = [s.player.public_name for s in match.seats.order_by("seat")]
    lines = [t.split(".", 1)[1].strip() for t in log.locator("li").all_inner_texts()]
    doubled = [t for t in lines for n in names if t.startswith(f"{n}: {n}")]
    assert doubled == [] and any(t.startswith(f"{n} passed") for t in lines for n in names)
