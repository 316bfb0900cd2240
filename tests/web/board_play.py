"""Playing a match in chromium the way a person does: by clicking on the board.

Each move clicks one of the highlighted board elements (``.choosable``: a card, a deck, a space)
or one of the action buttons, at random, until the selection completes an action and the ply
moves on. Every label the page offered is collected, so a test can check that none of them
shows an internal code.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from playwright.sync_api import expect

from tests.web.conftest import screenshot

# The two widths a board is played at: a desktop's and a phone's.
DESK = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 860}

PLY_MOVED = (
    "ply => document.getElementById('play').dataset.ply !== ply"
    " || document.getElementById('play').dataset.state !== 'running'"
)
LABELS = """() => [
  ...[...document.querySelectorAll('#play-actions button')].map(b => b.textContent),
  ...[...document.querySelectorAll('#play-board [data-choice]')].map(n => n.dataset.choice),
].filter(Boolean)"""


@dataclass
class Played:
    moves: int = 0
    clicks: int = 0
    labels: set[str] = field(default_factory=set)
    own: set[str] = field(default_factory=set)


def play_by_clicking(
    page,
    rng: random.Random,
    reload_after: int | None = None,
    shot: str | None = None,
    own_cards: str | None = None,
    stop_after: int | None = None,
    played: Played | None = None,
) -> Played:
    """Click on the board until the match ends, or until ``stop_after`` moves; reload once
    after ``reload_after`` moves (or on the result when the game ends sooner), with a
    screenshot ``shot`` just before. The texts of the ``own_cards`` elements (the person's
    hand) are collected at every move: their text content, as a folded zone of the board
    (Akhedena's army) holds them one click away and renders no inner text. ``played``: what an earlier call played, to go on
    counting into."""
    board = page.locator("#play")
    out = played or Played()
    start = out.moves
    reloaded = False
    while board.get_attribute("data-state") == "running":
        if stop_after is not None and out.moves - start >= stop_after:
            return out
        page.wait_for_function(
            "() => document.querySelector('#play-board .choosable, #play-actions button.action:enabled')"
            " || document.getElementById('play').dataset.state !== 'running'"
        )
        if board.get_attribute("data-state") != "running":
            break
        ply = board.get_attribute("data-ply")
        out.labels.update(page.evaluate(LABELS))
        if own_cards:
            out.own.update(t.strip() for t in page.locator(own_cards).all_text_contents())
        for _ in range(200):  # a choice takes a few clicks: a card, then a target
            if board.get_attribute("data-ply") != ply:
                break
            targets = page.locator("#play-board .choosable, #play-actions button.action:enabled")
            n = targets.count()
            if not n:  # sent: the next view is on its way
                page.wait_for_timeout(50)
                continue
            targets.nth(rng.randrange(n)).click()
            out.clicks += 1
            out.labels.update(page.evaluate(LABELS))
        else:
            raise AssertionError(f"no move was made at ply {ply} after clicking on the board")
        page.wait_for_function(PLY_MOVED, arg=ply)
        out.moves += 1
        if reload_after is not None and out.moves - start == reload_after and not reloaded:
            reloaded = True
            if shot:
                screenshot(page, shot)
            page.reload()
            # Live again, unless the bot's reply ended the match meanwhile (no socket then).
            page.wait_for_function(
                "() => { const b = document.getElementById('play');"
                " return b.dataset.socket === 'open' || b.dataset.state !== 'running'; }"
            )
            assert int(board.get_attribute("data-ply")) > int(ply)  # the server's state
    if reload_after is not None and not reloaded:  # a short game: reload on its result
        if shot:
            screenshot(page, shot)
        ply = board.get_attribute("data-ply")
        page.reload()
        expect(board).to_have_attribute("data-ply", ply)
    return out


def page_fits(page) -> bool:
    """True when the page itself does not scroll sideways (boxes inside it may)."""
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
