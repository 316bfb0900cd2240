"""A turn: two actions, buying, Gold, healing, the end of the turn, the lone Hero and the lost
Hero (rulebook "Sequence of Play")."""

from __future__ import annotations

from engines.heroes_of_graxia.state import HEALING, MAIN, MULLIGAN, PICK
from tests.engines.heroes_of_graxia.hog_helpers import (
    GAME,
    T,
    act,
    cid,
    empty_hand,
    give,
    legal,
    names,
    refresh,
    started,
)


def _slug(u: int) -> str:
    return T.SLUG[T.KIND[u]]


def test_a_player_spends_up_to_two_actions_a_turn() -> None:
    """ "A Player may only spend up to two actions per turn." Draw is one action."""
    st = started(2)
    act(st, "draw")
    assert st.ap == 1 and len(st.hand[0]) == 6
    act(st, "draw")
    assert st.ap == 0
    assert "draw" not in legal(st)
    assert not [a for a in legal(st) if a.split()[0] in ("place", "attach", "fight", "attack")]


def test_placing_armies_and_one_henchman_costs_an_action() -> None:
    """ "Place from the Player's hand into his Legion one Henchmen or Army Unit"; "there may only
    be one Henchman"."""
    st = started(2, heroes=["Shadd", "Flist"])
    empty_hand(st, 0)
    give(st, 0, "gorthox-shieldbreaker")
    first, second = give(st, 0, "alesana"), give(st, 0, "spymaster")
    assert f"place {_slug(first)}" in legal(st)
    act(st, "place gorthox-shieldbreaker", "place alesana")
    assert names(st.legion[0]) == ["Shadd", "Gorthox Shieldbreaker", "Alesana"] and st.ap == 0
    st.ap = 1
    st.moves = None
    assert "place spymaster" not in legal(st)
    assert f"swap spymaster {cid(first)}" in legal(st)
    assert second in st.hand[0]


def test_mercenaries_are_never_placed_in_a_legion() -> None:
    """ "Mercenaries are only played in combat"."""
    st = started(2)
    empty_hand(st, 0)
    give(st, 0, "wulffins-raiders")
    refresh(st)
    assert not [a for a in legal(st) if "wulffins-raiders" in a and not a.startswith("sell")]


def test_selling_gives_gold_and_buying_is_not_an_action() -> None:
    """ "Buying cards is not considered an action"; gold by "discarding cards in the Player's hand
    for their Gold"; "When a card is bought, it immediately goes into the Player's Discard Pile,
    along with the cards that were used for their Gold"; "immediately replace it with a card from
    its deck"."""
    st = started(2)
    empty_hand(st, 0)
    swords = [give(st, 0, "bone-sword"), give(st, 0, "fervent"), give(st, 0, "innervate")]
    axe = give(st, 0, "iron-axe", "discard")  # move a copy out of the decks, then into the row
    st.disc[0].remove(axe)
    replaced = st.mkt_row[0][0]
    st.mkt_deck[0].append(replaced)
    st.mkt_row[0][0] = axe
    refresh(st)
    assert "buy iron-axe" not in legal(st)
    act(st, "sell bone-sword", "sell fervent", "sell innervate")
    assert st.gold == 3 and st.ap == 2
    deck_top = st.mkt_deck[0][-1]
    act(st, "buy iron-axe")
    assert st.gold == 0 and st.ap == 2
    assert st.disc[0][-4:] == [*swords, axe]
    assert st.mkt_row[0][0] == deck_top


def test_legion_gold_comes_each_turn_and_at_once_when_placed() -> None:
    """ "spending Gold given by a Unit Card located in the Player's Legion"; Specials "are
    immediately active when the card is placed". Reading: each card gives its Gold once a turn."""
    st = started(2, heroes=["Shadd", "Flist"])
    empty_hand(st, 0)
    alesana = give(st, 0, "alesana")
    st.ap = 4
    act(st, "place alesana")
    assert st.gold == 1
    act(st, f"pickup {cid(alesana)}", "place alesana")
    assert st.gold == 1  # not twice in one turn
    act(st, "end", "keep")
    act(st, "end", "keep")
    assert st.cur == 0 and st.gold == 1  # the next turn: Alesana gives again
    st.gold = 0
    act(st, "end", "keep")
    assert st.gold == 0 and st.cur == 1  # unspent Gold does not carry over


def test_a_sype_legion_has_gold_at_the_start_of_the_turn() -> None:
    st = started(2, heroes=["Sype", "Flist"])
    assert st.gold == 1


def test_monster_gold_is_not_added_to_other_gold() -> None:
    """ "Any Gold given to purchase cards may not be added to other Gold the Player has to complete
    those purchases": a purchase is paid with Monster Gold alone or with other Gold alone."""
    st = started(2)
    st.gold, st.mgold = 2, 2
    row = st.mkt_row[0]
    costly = next(c for c in row if T.COST[c] == 3) if any(T.COST[c] == 3 for c in row) else None
    if costly is None:
        costly = give(st, 0, "iron-axe", "discard")
        st.disc[0].remove(costly)
        st.mkt_deck[0].append(row[0])
        row[0] = costly
    refresh(st)
    assert f"buy {_slug(costly)}" not in legal(st)
    assert f"buy {_slug(costly)} reward-gold" not in legal(st)
    st.mgold = 3
    refresh(st)
    assert f"buy {_slug(costly)} reward-gold" in legal(st)


def test_healing_spends_one_gold_a_wound_for_one_action() -> None:
    """ "Heal wounds of any Units of the Player's Legion by one wound for every Gold Point
    spent" (one action for the whole healing)."""
    st = started(2, heroes=["Shadd", "Flist"])
    hero = st.hero[0]
    army = give(st, 0, "gorthox-shieldbreaker", "legion")
    st.wounds[hero], st.wounds[army] = 3, 2
    empty_hand(st, 0)
    give(st, 0, "bone-sword")
    give(st, 0, "fervent")
    refresh(st)
    act(st, "heal")
    assert st.phase == HEALING and st.ap == 1
    assert f"mend {cid(hero)}" not in legal(st)  # no Gold yet
    act(st, "sell bone-sword", f"mend {cid(hero)}", "sell fervent", f"mend {cid(army)}")
    assert (st.wounds[hero], st.wounds[army]) == (2, 1)
    # no Gold and nothing left to sell: the healing ends by itself, one action spent in all
    assert st.phase == MAIN and st.ap == 1


def test_the_lone_hero_is_fully_healed_at_the_start_of_the_turn() -> None:
    """ "If at the start of a Player's turn his Hero is the only Unit in his Legion, he may fully
    heal it for no cost in Gold or actions."""
    st = started(2)
    st.wounds[st.hero[1]] = 4
    other = started(2, seed=st.first + 1)
    act(st, "end")
    while st.phase == MULLIGAN:
        act(st, "keep")
    assert st.cur == 1 and st.wounds[st.hero[1]] == 0
    # not when another Unit is in the Legion
    give(other, 1, "gorthox-shieldbreaker", "legion")
    other.wounds[other.hero[1]] = 4
    act(other, "end")
    while other.phase == MULLIGAN:
        act(other, "keep")
    assert other.cur == 1 and other.wounds[other.hero[1]] == 4


def test_the_turn_ends_by_discarding_the_hand_and_drawing_five() -> None:
    """ "he ends his turn by discarding any remaining cards into his Discard Pile and drawing five
    cards"; "When his Player Deck is depleted, he then shuffles his Discard Pile into a new
    Player Deck"."""
    st = started(2)
    hand = list(st.hand[0])
    st.disc[0].extend(st.deck[0][:5])
    del st.deck[0][:5]
    assert len(st.deck[0]) == 2
    act(st, "end")
    assert st.phase == MULLIGAN and GAME.to_act(st) == 0
    assert len(st.hand[0]) == 5
    assert all(c not in st.disc[0] for c in st.hand[0])
    assert set(hand) <= set(st.deck[0] + st.hand[0] + st.disc[0])
    assert len(st.deck[0]) + len(st.hand[0]) + len(st.disc[0]) == 12


def test_after_his_turn_a_player_may_mulligan_five_four_three() -> None:
    """ "If after drawing his cards, the Player is not satisfied with his new hand, he may discard
    those cards and draw another four cards instead. If still not satisfied he may discard and
    draw three cards, which he must keep." Decided before the next turn starts."""
    st = started(2)
    act(st, "end", "redraw")
    assert len(st.hand[0]) == 4 and st.cur == 0
    act(st, "redraw")
    assert len(st.hand[0]) == 3 and st.cur == 1 and st.phase == MAIN


def test_a_lost_hero_returns_with_a_third_of_the_cards_as_the_new_hand() -> None:
    """ "he puts his current hand and Player Deck into the Discard Pile. He chooses one third of
    the cards (rounded up) in his Discard Pile as his new Hand, which must include his Hero
    card. The remaining cards ... become the Player's Deck. The number of cards selected is the
    number of actions he may use for this turn only. The Player must place his Hero in the
    Legion as a free action"."""
    st = started(2)
    hero = st.hero[1]
    st.legion[1].remove(hero)
    st.disc[1].append(hero)  # 12 starting cards + the Hero = 13 cards: a hand of 5
    act(st, "end", "keep")
    assert st.cur == 1 and st.phase == PICK
    assert st.hand[1] == [hero] and len(st.disc[1]) == 12 and st.pick == 4
    for _ in range(4):
        act(st, legal(st)[0])
    assert st.phase == MAIN and st.ap == 5
    assert st.legion[1] == [hero] and len(st.hand[1]) == 4
    assert len(st.deck[1]) == 8 and not st.disc[1]


def test_picking_up_a_unit_needs_its_equipment_picked_up_first() -> None:
    """ "Pick up any one card (except the Hero) ... A Unit may not be picked up until all of its
    attached cards are also picked up, each costing one action point."""
    st = started(2)
    army = give(st, 0, "gorthox-shieldbreaker", "legion")
    from tests.engines.heroes_of_graxia.hog_helpers import equip

    sword = equip(st, "bone-sword", army)
    refresh(st)
    moves = legal(st)
    assert f"pickup {cid(army)}" not in moves and f"pickup {cid(st.hero[0])}" not in moves
    act(st, f"pickup {cid(sword)}")
    assert f"pickup {cid(army)}" in legal(st)
    st.wounds[army] = 2
    act(st, f"pickup {cid(army)}")
    assert army in st.hand[0] and st.wounds[army] == 0 and st.ap == 0


def test_buying_is_refused_during_a_combat() -> None:
    """ "Cards may be purchased anytime, except in combat"."""
    st = started(2)
    st.gold = 20
    give(st, 0, "wulffins-raiders")
    refresh(st)
    act(st, "fight " + T.SLUG[T.KIND[st.mon_row[0]]])
    assert st.phase != MAIN
    assert not [a for a in legal(st) if a.startswith("buy")]


def test_a_bought_card_is_not_replaced_when_its_deck_is_empty() -> None:
    """Reading of "immediately replace it with a card from its deck": with the deck empty the
    place stays empty."""
    st = started(2)
    st.box.extend(st.mkt_deck[2])
    st.mkt_deck[2] = []
    card = st.mkt_row[2][0]
    st.gold = 10
    refresh(st)
    act(st, f"buy {_slug(card)}")
    assert st.mkt_row[2][0] == -1
    assert GAME.observation(st, 0)["market"][2]["cards"][0] is None


def test_the_deck_is_reshuffled_as_soon_as_it_is_depleted() -> None:
    """ "When his Player Deck is depleted, he then shuffles his Discard Pile into a new Player
    Deck." Reading (rules 1.1.0): at once, when the draw takes the deck's last card, so a card
    bought afterwards stays in the Discard Pile (1.0.0 reshuffled only at the next draw, and the
    bought card joined the new deck)."""
    st = started(2)
    st.disc[0].extend(st.deck[0][:-1])
    del st.deck[0][:-1]  # one card left in the deck, the rest in the Discard Pile
    pile = len(st.disc[0])
    refresh(st)
    events = act(st, "draw")
    assert {"type": "reshuffle", "seat": 0, "cards": pile} in events
    assert len(st.deck[0]) == pile and not st.disc[0]
    st.gold = 9
    card = st.mkt_row[0][0]
    refresh(st)
    act(st, f"buy {_slug(card)}")
    assert st.disc[0] == [card] and card not in st.deck[0]


def test_a_deck_that_ran_out_with_an_empty_discard_pile_is_reshuffled_at_the_next_draw() -> None:
    """Depleted while the Discard Pile was empty (nothing to shuffle): the next draw shuffles
    whatever the pile holds by then."""
    st = started(2)
    empty_hand(st, 0)
    st.hand[0].extend(st.deck[0][:-1] + st.disc[0])
    del st.deck[0][:-1]
    st.disc[0].clear()
    refresh(st)
    act(st, "draw")
    assert not st.deck[0] and not st.disc[0]
    act(st, f"sell {_slug(st.hand[0][0])}")
    assert len(st.disc[0]) == 1
    act(st, "draw")
    assert not st.deck[0] and not st.disc[0] and len(st.hand[0]) == 12


def test_a_unit_picked_up_and_placed_again_comes_back_without_wounds() -> None:
    """ "Pick up any one card ... from the Player's Legion and return it to his Hand"; "When
    Units are assigned wounds, Wound Cards are placed behind them": a card in the hand has no
    place for Wound Cards, so they stay behind; placed again (a second action), it is whole."""
    st = started(2)
    empty_hand(st, 0)
    army = give(st, 0, "gorthox-shieldbreaker", "legion")
    st.wounds[army] = 2
    refresh(st)
    act(st, f"pickup {cid(army)}", f"place {_slug(army)}")
    assert army in st.legion[0] and st.wounds[army] == 0 and st.ap == 0
