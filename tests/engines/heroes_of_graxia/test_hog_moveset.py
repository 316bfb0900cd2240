"""The move tables and memos that make listing legal moves cheap: what they return is what the
rules give, even for a state edited by hand (a memo keyed by the facts it depends on)."""

from __future__ import annotations

import random

from engines.base import derive_seed
from engines.heroes_of_graxia import GAME
from engines.heroes_of_graxia.moveset import firsts, market_buys, move_tables
from engines.heroes_of_graxia.state import MAIN
from tests.engines.heroes_of_graxia.hog_helpers import (
    T,
    empty_hand,
    legal,
    refresh,
    started,
)


def _buys(st) -> list[str]:
    return sorted(a for a in legal(st) if a.startswith("buy "))


def test_a_market_edited_by_hand_is_listed_anew() -> None:
    """The market memo is keyed by the rows' content: a row card swapped by hand for one of a
    kind the rows do not show (the same Gold) changes the ``buy`` moves at once."""
    st = started(2)
    empty_hand(st, 0)
    st.gold = 20
    refresh(st)
    before = _buys(st)
    shown = {T.KIND[m] for row in st.mkt_row for m in row if m >= 0}
    deck = st.mkt_deck[0]
    new = next(u for u in deck if T.KIND[u] not in shown)
    old = st.mkt_row[0][0]
    deck[deck.index(new)] = old
    st.mkt_row[0][0] = new
    refresh(st)
    after = _buys(st)
    slug = T.SLUG[T.KIND[new]]
    assert f"buy {slug}" not in before
    assert f"buy {slug}" in after


def test_market_buys_match_a_plain_count_over_random_states() -> None:
    """For every main-step state of a few random games and every Gold from 0 to 6, the memo's
    ``buy`` moves are the first copies the seat can afford, in the rows' order."""
    mt = move_tables(GAME.tables)
    checked = 0
    for seed in range(6):
        st = GAME.new_game(seed, 3)
        rng = random.Random(derive_seed(seed, "playout"))
        while not st.over:
            if st.phase == MAIN:
                cards = firsts([m for row in st.mkt_row for m in row if m >= 0], T.KIND)
                for gold in range(7):
                    want = [("buy", m) for m in cards if T.COST[m] <= gold]
                    got = [("buy", m[1]) for m in market_buys(mt, gold, 0, st.mkt_row)]
                    assert got == want
                    checked += 1
            GAME.apply(st, rng.choice(GAME.legal_actions(st, st.to_act)))
    assert checked > 1000
