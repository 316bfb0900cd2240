"""The search bot's Khan of Khans playout: card counting picks the deck, thresholds corral."""

from __future__ import annotations

import random

import pytest

from engines.khan_of_khans import GAME
from engines.khan_of_khans.cards import CARD_OF_ID, N_DECKS
from engines.khan_of_khans.playout import CHAMPION_WORTH, DeckOdds, card_gain, guided_playout
from tests.engines.khan_of_khans.kok_helpers import drain, game, stack


def _never(n: int) -> int:
    raise AssertionError("no tie expected")


def test_card_gain_is_the_heuristic_bots_reckoning() -> None:
    worth, top, fight = 170, 100, 170 + CHAMPION_WORTH

    def gain(cid: str, champion: bool = False) -> int:
        return card_gain(CARD_OF_ID[cid], worth, top, champion, fight)

    assert gain("L0:raid100") == 100 and gain("L0:raid20") == 20
    assert gain("L0:stampede") == -top  # the best card runs off
    assert gain("L0:magic") == -worth  # the whole Herd is lost ...
    assert gain("L0:magic", champion=True) == -CHAMPION_WORTH  # ... unless a Champion takes it
    assert gain("L0:champion") == CHAMPION_WORTH
    assert gain("L0:champion", champion=True) == -fight  # a second one starts a fight
    assert gain("L0:bless") > 0


def test_deck_odds_count_the_cards_left_and_read_known_tops() -> None:
    st = game("morokanth", "bison-riders")
    stack(st, "L0:raid100", "L0:raid50a")  # deck 0: only cows
    stack(st, "L1:magic", "L1:raid100")  # deck 1: an even chance of Enemy Magic
    stack(st, "L2:stampede", "L2:raid20")
    drain(st, {0: 2, 1: 2, 2: 2})  # those three decks of two cards, the rest empty
    odds = DeckOdds(N_DECKS)
    herd_worth, herd_top = 150, 100
    assert odds.expected(st, 0, herd_worth, herd_top, False, 175) == 75.0
    assert odds.expected(st, 1, herd_worth, herd_top, False, 175) == (100 - herd_worth) / 2
    assert odds.best(st, 0, herd_worth, herd_top, _never) == (75.0, 0)
    st.top_known[1] = True  # everyone saw deck 1's top: the Enemy Magic
    assert odds.expected(st, 1, herd_worth, herd_top, False, 175) == -herd_worth
    # a raid changes a deck's size: its tally is counted again
    GAME.apply(st, "raid 0")
    assert odds.expected(st, 0, herd_worth, herd_top, False, 175) == 50.0


def test_deck_odds_break_ties_with_the_playouts_random_draw() -> None:
    st = game("morokanth", "bison-riders")
    odds = DeckOdds(N_DECKS)
    picks = []
    ev, deck = odds.best(st, 0, 0, 0, lambda n: picks.append(n) or n - 1)
    assert picks == [N_DECKS]  # ten fresh decks promise the same
    assert deck == N_DECKS - 1


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_guided_playout_is_deterministic_and_conserves_cards(n: int) -> None:
    for seed in range(30):
        a, b = GAME.new_game(seed, n), GAME.new_game(seed, n)
        before = sorted(c for cards in GAME.zones(a).values() for c in cards)
        guided_playout(a, random.Random(seed))
        guided_playout(b, random.Random(seed))
        assert GAME.is_over(a) and GAME.digest(a) == GAME.digest(b)
        assert sorted(c for cards in GAME.zones(a).values() for c in cards) == before


def test_guided_players_corral_more_than_random_ones() -> None:
    """The point of the policy: Herds reach the Corrals instead of being lost to Magic."""

    def banked(playout) -> float:
        total = 0
        for seed in range(200):
            st = GAME.new_game(seed, 2)
            playout(st, random.Random(seed))
            total += sum(GAME.result(st).scores)
        return total / 200

    assert banked(guided_playout) > 1.2 * banked(GAME.random_playout)  # 1,565 vs 1,213 a game
