"""The rulebook's eight starter decks play complete games against each other (every pair, random
against heuristic) and under each of the three bots (every deck)."""

from __future__ import annotations

from itertools import combinations

import pytest

from engines.arackhan_wars import GAME
from engines.arackhan_wars.format import starter_decks
from engines.arackhan_wars.playable import playable_starters
from engines.record import play_match, replay

BOTS = [("random", "heuristic"), ("heuristic", "random")]
PAIRS = list(combinations(playable_starters(), 2))


def test_all_eight_starter_decks_are_playable() -> None:
    assert [d.key for d in playable_starters()] == [d.key for d in starter_decks()]
    assert len(playable_starters()) == 8


@pytest.mark.parametrize(
    ("first", "second", "bots"),
    [(a, b, BOTS[k % len(BOTS)]) for k, (a, b) in enumerate(PAIRS)],
    ids=[f"{a.key}-vs-{b.key}" for a, b in PAIRS],
)
def test_starter_decks_play_complete_games(first, second, bots) -> None:
    record = play_match(GAME, 11, list(bots), [first.data, second.data])
    assert record.forfeit is None, record.forfeit
    assert record.result["reason"].startswith("the ninth round is over")
    assert replay(record.to_json(), GAME).ok


@pytest.mark.parametrize("bot", ["random", "heuristic", "search:2"])
def test_each_bot_plays_every_playable_starter_deck(bot: str) -> None:
    decks = playable_starters()
    for k, deck in enumerate(decks):
        other = decks[(k + 1) % len(decks)]
        record = play_match(GAME, 100 + k, [bot, "random"], [deck.data, other.data])
        assert record.forfeit is None and len(record.result["ranks"]) == 2
