"""No internal token on a person-facing page of a match, and no hidden card for a spectator.

For each of the five games, two people play one match part-way (it is running) and another to
its end; chromium then reads every page of each match as a person reads it (the text the page's
scripts write included: the board, the move log, the live board, the replay's steps), as the
seated player, as another signed-in person and signed out:

- the play page, the match page (with its live board, or its replay viewer at the end), the
  replay page at several moves and one step taken by the page's script (its JSON drawn);
- no text, tooltip (``title``) or accessible name (``aria-label``) matches ``tests/web/internal_tokens.py``'s
  :data:`TOKENS` (the documented list of internal words: "seat 0", "owner", "controller", "card id", "chooser",
  "n seats", snake_case field names, "None"/"null"/"undefined") nor any card id or slug of the
  match (:func:`match_codes`: AracKhan Wars' instances are ``c<number>``);
- a spectator's board draws no card its observation hides (a card in a seat's hand): no card id
  outside it (on the board, or in a replay step's data), no hidden card's name on a card drawn;
  the seated player's board none of the opponent's.

``internal_tokens.leaks`` is the check; ``test_the_check_catches_a_leak`` proves it catches "seat 0" put in
a page. Served by pytest-django's live server (SQLite): the pages render from the view the
server writes into them, so no socket is needed (the play page's socket fails quietly).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import pytest
from django.test import Client
from playwright.sync_api import expect

from engines.record import normalise
from engines.registry import engine_for
from matches import interactive
from matches.models import Match, MatchState
from matches.scheduling import SeatSpec, schedule_match
from players.models import Player
from ratings.models import Ladder
from tests.support.accounts import STRONG
from tests.web.board_play import PHONE
from tests.web.conftest import screenshot
from tests.web.internal_tokens import leaks, named
from tests.web.test_web_browser_boards import GAMES, SHORTER

pytestmark = [pytest.mark.browser]

# What a person reads of the page: its text as drawn, its tooltips and accessible names.
READ = """() => [
  document.body.innerText,
  ...[...document.querySelectorAll('[title]')].map(n => n.title),
  ...[...document.querySelectorAll('[aria-label]')].map(n => n.getAttribute('aria-label')),
].join('\\n')"""
# The cards drawn on the page's board (and its card panel): their ids, and their names as read
# (not their rules text, which may name other cards).
CARDS = """() => {
  const boxes = [...document.querySelectorAll(
    '#play-board, #play-inspector, #live-board, #replay-board, #replay-inspector')];
  const cards = boxes.flatMap(b => [...b.querySelectorAll('.card-name, .pile-top, .inspector h3')]);
  return {
    ids: boxes.flatMap(b => [...b.querySelectorAll('[data-card]')].map(n => n.dataset.card)),
    text: cards.map(n => n.innerText).join('\\n'),
  };
}"""

PART_WAY = 6  # moves of the running match
# game -> its ladder's engine options here: whole games, shorter than the platform's limits.
QUICK = {**SHORTER, "heroes-of-graxia": {"max_rounds": 5}}


def match_codes(match: Match) -> set[str]:
    """Every card id of the match (all its cards, wherever they are), its game's slug, its
    ladder's and its decks' slugs."""
    game, state = interactive.game_state(match)
    codes = {card for cards in game.zones(state).values() for card in cards}
    codes = {c for c in codes if re.search(r"[:#\-_]", c) or re.fullmatch(r"c\d+", c)}
    codes.update({match.game, match.ladder.slug if match.ladder else match.game})
    codes.update(d for d in (match.decks or []) if isinstance(d, str) and "-" in d)
    return codes


@dataclass
class Seen:
    """What ``viewer`` may see of a match at a step: the ids of the cards its observation
    names, and the names of cards the seats see and it does not (``hidden``: only names with a
    word in them, none that the viewer sees on another card)."""

    ids: set[str]
    hidden: set[str]


def seen_at(match: Match, viewer: int | None, step: int | None = None) -> Seen:
    """:class:`Seen` for ``viewer`` (``None``: a spectator) after ``step`` actions (all)."""
    game = engine_for(match.game, match.engine_version)
    n = match.seats.count()
    state = game.new_game(match.seed, n, match.decks, match.options or None)
    for action in match.actions[:step]:
        game.apply(state, action, game.to_act(state))
    seen = game.card_faces(normalise(game.observation(state, viewer)))
    names: set[str] = set()
    for seat in range(n):
        if seat != viewer:
            faces = game.card_faces(normalise(game.observation(state, seat)))
            names |= {faces[c]["name"] for c in set(faces) - set(seen)}
    names -= {face["name"] for face in seen.values()}
    return Seen(set(seen), {name for name in names if re.search(r"[A-Za-z]{3}", name)})


def people_match(
    game: str, people: list[Player], rng: random.Random, moves: int | None, seed: int
) -> Match:
    """A match of ``people`` on the game's ladder from ``seed``, played at random for
    ``moves`` moves (to its end with ``None``)."""
    ladder = Ladder.objects.get(slug=GAMES[game][0])
    match = schedule_match(ladder.game, [SeatSpec(p) for p in people], ladder=ladder, seed=seed)
    engine = engine_for(match.game, match.engine_version)
    while True:
        match.refresh_from_db()
        if match.state != MatchState.RUNNING or (moves is not None and len(match.actions) >= moves):
            return match
        _, state = interactive.game_state(match)
        seat = engine.to_act(state)
        action = rng.choice(engine.legal_actions(state, seat))
        interactive.submit_action(match.pk, people[seat], action, len(match.actions))


def sign_in(page, base: str, user: Player | None) -> None:
    page.context.clear_cookies()
    if user is None:
        return
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )


def read(page, url: str, ready: str) -> tuple[str, dict]:
    """Open ``url``, wait for ``ready`` (a selector), return what a person reads there and the
    cards its board draws."""
    page.goto(url)
    page.wait_for_selector(ready, state="attached")
    return page.evaluate(READ), page.evaluate(CARDS)


@pytest.fixture
def players(db):
    return [
        Player.objects.create_user(u, f"{u}@example.org", STRONG, display_name=name)
        for u, name in (("alice", "Alice"), ("bob", "Bob"), ("carol", "Carol"))
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_internal_token_on_any_page_of_a_match(page, live_server, players, game):
    alice, bob, carol = players
    Ladder.objects.filter(slug=GAMES[game][0]).update(options=QUICK.get(game, {}))
    rng = random.Random(30)
    running = people_match(game, [alice, bob], rng, PART_WAY, seed=3001)
    finished = people_match(game, [alice, bob], rng, None, seed=3002)
    assert running.state == MatchState.RUNNING and len(running.actions) == PART_WAY
    assert finished.state == MatchState.FINISHED
    n = len(finished.actions)
    steps = sorted({0, 1, n // 2, n})
    base = live_server.url
    problems: list[str] = []
    read_pages = 0

    def check(where: str, text: str, cards: dict, codes: set[str], seen: Seen) -> None:
        nonlocal read_pages
        read_pages += 1
        assert "Alice" in text and "Bob" in text, f"{where}: the players are named"
        if found := leaks(text, codes):
            problems.append(f"{where}: {sorted(set(found))}")
        if found := set(cards["ids"]) - seen.ids:
            problems.append(f"{where}: cards the viewer may not see {sorted(found)}")
        if found := named(cards["text"], seen.hidden):
            problems.append(f"{where}: hidden cards by name {sorted(found)}")

    hidden_somewhere = False
    for viewer, who in ((alice, "Alice"), (carol, "Carol"), (None, "signed out")):
        sign_in(page, base, viewer)
        seat = 0 if viewer is alice else None
        # The running match: its board (the seat's or a spectator's), its live match page.
        codes = match_codes(running)
        seen = seen_at(running, seat)
        hidden_somewhere |= bool(seen.hidden)
        text, cards = read(page, f"{base}/matches/{running.pk}/play/", "#play-board > *")
        assert seat is None or cards["ids"], "the board draws the seated player's cards"
        check(f"{who} on the running play page", text, cards, codes, seen)
        url = f"{base}/matches/{running.pk}/"
        text, cards = read(page, url, "#live-board:not([hidden]) #live-observation > *")
        expect(page.get_by_test_id("live-log").locator("li")).to_have_count(PART_WAY)
        check(f"{who} on the running match page", text, cards, codes, seen_at(running, None))
        if viewer is None:
            screenshot(page, f"match-{game}-running")
        assert page.goto(f"{base}/matches/{running.pk}/replay/").status == 403
        # The finished match: the result on the board, the match page's replay viewer, the
        # replay page at several moves, and a step drawn by the page's script.
        codes = match_codes(finished)
        text, cards = read(page, f"{base}/matches/{finished.pk}/play/", "#play-board > *")
        check(f"{who} on the finished play page", text, cards, codes, seen_at(finished, seat))
        url = f"{base}/matches/{finished.pk}/"
        text, cards = read(page, url, "#replay[data-ready] #replay-board > *")
        check(f"{who} on the finished match page", text, cards, codes, seen_at(finished, None))
        if viewer is None:
            screenshot(page, f"match-{game}-finished")
        for step in steps:
            url = f"{base}/matches/{finished.pk}/replay/?step={step}"
            text, cards = read(page, url, "#replay[data-ready] #replay-board > *")
            # The step's data as the script receives it names no card hidden from spectators.
            data = page.request.get(f"{url}&format=json").json()
            cards["ids"] += list(data["view"]["faces"])
            seen = seen_at(finished, None, step)
            hidden_somewhere |= bool(seen.hidden)
            check(f"{who} on the replay at move {step}", text, cards, codes, seen)
        page.keyboard.press("Home")  # the script draws move 0 from its JSON
        expect(page.get_by_test_id("replay-position")).to_have_text(f"Step 0 of {n}")
        expect(page.locator("#replay")).to_have_attribute("data-at", "0")
        text, cards = page.evaluate(READ), page.evaluate(CARDS)
        check(
            f"{who} on the replay back at the start", text, cards, codes, seen_at(finished, None, 0)
        )
    assert not problems, "\n".join(problems)
    assert read_pages == 3 * (4 + len(steps) + 1)
    assert hidden_somewhere, "some card was hidden from a viewer: the check had something to find"

    # At a phone's width the replay does not scroll sideways.
    sign_in(page, base, None)
    page.set_viewport_size(PHONE)
    page.goto(f"{base}/matches/{finished.pk}/replay/?step={n // 2}")
    page.wait_for_selector("#replay[data-ready] #replay-board > *", state="attached")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, f"replay-{game}-390")


def test_the_check_catches_a_leak():
    """The list fails on a real leak: each token the issue saw, and a card id of the match."""
    for text in (
        "seat 0: played",
        "Seat 1 forfeited",
        "card c37 · owner 1 · controller 1 · card id 1111",
        "n seats 2 · sides 0, 1 · chooser 1",
        "to_act",
        "None",
    ):
        assert leaks(text), text
    assert not leaks("no card, none yet")
    assert leaks("played Phantom (0:4#1)", {"0:4#1"}) == ["0:4#1"]
    assert leaks("played c37", {"c37"}) == ["c37"]
    assert not leaks("Alice played the Phantom at 12:04; Bob to act (move 7 of 30).", {"c3"})
    assert named("Bob's hand: Blizzard", {"Blizzard"}) == ["Blizzard"]
