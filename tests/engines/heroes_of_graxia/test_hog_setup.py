"""Setup (rulebook "Set Up", steps one to five), Hero choice, first player and mulligans."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.base import BadSetup
from engines.heroes_of_graxia import GAME, HeroesOfGraxia
from engines.heroes_of_graxia.state import MAIN, MULLIGAN
from engines.registry import get_game
from tests.engines.heroes_of_graxia.hog_helpers import act, legal, names, started

STARTING = Counter(
    [
        "Wulffin's Raiders",
        "Gorthox Shieldbreaker",
        "Alesana",
        "Staff of Dark Mending",
        "Bone Sword",
        "Armor of the Forest",
        "Aura of Balance",
        "Aura of Riches",
        "Fervent",
        "Innervate",
        "Chain Lightning",
        "Double Strike",
    ]
)


def test_registry_returns_the_engine() -> None:
    assert isinstance(get_game("heroes-of-graxia"), HeroesOfGraxia)
    assert (GAME.min_seats, GAME.max_seats, GAME.uses_decks) == (2, 6, True)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_each_player_starts_with_the_twelve_banner_cards_and_draws_five(n: int) -> None:
    """ "Each Player compiles his starting Player Deck of 12 cards ... The initial Player Deck is
    the same for each Player"; "Each Player draws five cards from their Player Deck"."""
    st = GAME.new_game(4, n)
    for s in range(n):
        assert len(st.hand[s]) == 5 and len(st.deck[s]) == 7
        assert Counter(names(st.hand[s] + st.deck[s])) == STARTING


@pytest.mark.parametrize(("n", "monsters"), [(2, 10), (3, 15), (4, 15), (5, 20), (6, 20)])
def test_monster_deck_size_by_player_count(n: int, monsters: int) -> None:
    """ "2 Player Game: 10 Monster Cards; 3-4 Player Game: 15; 5-6 Player Game: 20"; four of them
    are face up, the others left out of the game face down."""
    st = GAME.new_game(9, n)
    assert len(st.mon_deck) + len(st.mon_row) == monsters
    assert len(st.mon_row) == 4
    assert len(st.mon_box) == 24 - monsters
    obs = GAME.observation(st, 0)
    assert obs["monster_deck"]["count"] == monsters - 4 and obs["unused_monsters"] == 24 - monsters


def test_four_cards_face_up_from_each_deck() -> None:
    """ "Draw four cards each from the Equipment, Unit, Spell, and Monster Decks, placing them
    face-up"."""
    st = GAME.new_game(2, 4)
    obs = GAME.observation(st, None)
    assert [m["deck"] for m in obs["market"]] == ["Equipment", "Unit", "Spell"]
    for pile in obs["market"]:
        assert len(pile["cards"]) == 4
        classes = {obs["cards"][c["card"]]["classification"] for c in pile["cards"]}
        assert classes == {pile["deck"]}
    assert len(obs["monsters"]) == 4


@pytest.mark.parametrize("n", [2, 4, 6])
def test_leftover_starting_cards_join_the_market_decks_but_alesana_is_removed(n: int) -> None:
    """ "Compile ... Equipment Deck, Unit Deck (remove any remaining Alesana Henchmen cards), and
    Spell Deck ... from the remaining cards": Banner cards not dealt go to their market deck,
    leftover Alesanas to the box."""
    st = GAME.new_game(3, n)
    market = [c for d in range(3) for c in st.mkt_deck[d] + st.mkt_row[d] if c >= 0]
    counts = Counter(names(market))
    assert counts["Bone Sword"] == 6 - n and counts["Wulffin's Raiders"] == 6 - n
    assert counts["Alesana"] == 0
    assert Counter(names(st.box))["Alesana"] == 6 - n
    units = names(st.mkt_deck[1] + [c for c in st.mkt_row[1] if c >= 0])
    assert "Alesana" not in units and ("Wulffin's Raiders" in units) == (n < 6)


def test_heroes_are_chosen_or_dealt_at_random_and_lead_each_legion() -> None:
    """ "Randomly or mutually, Players select their Hero ... as the first Unit in their
    Legion"."""
    st = GAME.new_game(1, 3, ["Broxin", {"hero": "random"}, "sype"])
    assert names([st.hero[0], st.hero[2]]) == ["Broxin", "Sype"]
    assert names([st.hero[1]])[0] in {"Shadd", "Flist", "Oshnuk", "Draknal"}
    for s in range(3):
        assert st.legion[s] == [st.hero[s]]
    dealt = {tuple(GAME.new_game(seed, 2).hero) for seed in range(30)}
    assert len(dealt) > 5
    unused = Counter(names(GAME.new_game(5, 2).box))
    assert sum(unused[h] for h in ("Shadd", "Flist", "Broxin", "Oshnuk", "Draknal", "Sype")) == 4


def test_bad_setups_are_refused_with_the_reason() -> None:
    with pytest.raises(BadSetup, match="Shadd can be played by only one seat"):
        GAME.new_game(1, 2, ["Shadd", "shadd"])
    with pytest.raises(BadSetup, match="unknown-hero"):
        GAME.new_game(1, 2, ["Shadd", "Gandalf"])
    with pytest.raises(BadSetup, match="2 to 6 players"):
        GAME.new_game(1, 7)
    with pytest.raises(BadSetup, match="one Hero choice per seat"):
        GAME.new_game(1, 3, ["Shadd"])
    with pytest.raises(BadSetup, match="unknown Heroes of Graxia options"):
        GAME.new_game(1, 2, options={"turbo": True})
    with pytest.raises(BadSetup, match="max_rounds must be 10 to 200"):
        GAME.new_game(1, 2, options={"max_rounds": 3})


def test_first_player_is_drawn_from_the_seed() -> None:
    """ "Randomly or mutually choose a first Player": drawn from the match seed."""
    firsts = Counter(GAME.new_game(seed, 4).first for seed in range(80))
    assert set(firsts) == {0, 1, 2, 3}
    assert GAME.new_game(11, 4).first == GAME.new_game(11, 4).first


def test_setup_mulligans_go_clockwise_from_the_first_player() -> None:
    """ "If ... not satisfied with his new Hand, he may discard those cards and draw another four
    cards instead. If still not satisfied he may discard and draw three new cards, which he must
    keep." Each seat decides in turn from the first player."""
    st = GAME.new_game(21, 3)
    first = st.first
    assert st.phase == MULLIGAN and GAME.to_act(st) == first
    assert legal(st) == ["keep", "redraw"]
    act(st, "redraw")
    assert len(st.hand[first]) == 4 and len(st.disc[first]) == 5
    act(st, "redraw")
    assert len(st.hand[first]) == 3
    # the third hand is kept without asking
    assert GAME.to_act(st) == (first + 1) % 3
    act(st, "keep", "keep")
    assert st.phase == MAIN and GAME.to_act(st) == first and st.ap == 2


def test_play_passes_clockwise() -> None:
    """ "going clockwise, each Player takes his turn": seat numbers increase."""
    st = started(3)
    order = []
    for _ in range(4):
        order.append(st.cur)
        act(st, "end")
        while st.phase == MULLIGAN:
            act(st, "keep")
    assert order == [0, 1, 2, 0]
