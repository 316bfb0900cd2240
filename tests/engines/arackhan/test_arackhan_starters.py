"""The rulebook's starter decks play complete games against each other under all three bots."""

from __future__ import annotations

from itertools import combinations

import pytest

from engines.arackhan_wars import GAME
from engines.arackhan_wars.format import starter_decks
from engines.arackhan_wars.playable import playable_starters
from engines.record import play_match, replay

BOTS = [("random", "heuristic"), ("heuristic", "search:3"), ("search:3", "random")]
PAIRS = list(combinations(playable_starters(), 2))


def test_most_starter_decks_are_playable() -> None:
    keys = {d.key for d in playable_starters()}
    assert len(keys) >= 5, keys
    assert keys <= {d.key for d in starter_decks()}


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


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_each_bot_plays_every_playable_starter_deck(bot: str) -> None:
    decks = playable_starters()
    for k, deck in enumerate(decks):
        other = decks[(k + 1) % len(decks)]
        record = play_match(GAME, 100 + k, [bot, "random"], [deck.data, other.data])
        assert record.forfeit is None and len(record.result["ranks"]) == 2
