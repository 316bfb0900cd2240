"""Equipment: one of each type per Unit, never on Mercenaries, swapping and moving, and how it
adds to a Legion's totals (rulebook "Equipment Cards")."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.heroes_of_graxia import HeroesOfGraxia
from engines.heroes_of_graxia.actions import CAST
from engines.heroes_of_graxia.catalogue import CatalogueError, parse_catalogue
from engines.heroes_of_graxia.legal import moves
from engines.heroes_of_graxia.legion import attack_total, defense_total
from engines.heroes_of_graxia.state import MULLIGAN, SPELLS, VS_MONSTER
from tests.engines.heroes_of_graxia.hog_helpers import (
    act,
    cid,
    empty_hand,
    equip,
    give,
    legal,
    names,
    refresh,
    started,
)


def _setup():
    st = started(2, heroes=["Shadd", "Flist"])
    empty_hand(st, 0)
    return st, st.hero[0]


def test_one_card_of_each_type_per_unit() -> None:
    """ "Only one card of each type can be attached to each unit at a time (a unit may have 3
    attached cards)."""
    st, hero = _setup()
    give(st, 0, "bone-sword")
    give(st, 0, "armor-of-the-forest")
    give(st, 0, "aura-of-balance")
    give(st, 0, "iron-axe")
    st.ap = 4
    refresh(st)
    act(st, f"attach bone-sword {cid(hero)}", f"attach armor-of-the-forest {cid(hero)}")
    act(st, f"attach aura-of-balance {cid(hero)}")
    assert sorted(names([e for e in st.eq[3 * hero : 3 * hero + 3]])) == [
        "Armor of the Forest",
        "Aura of Balance",
        "Bone Sword",
    ]
    moves = legal(st)
    assert f"attach iron-axe {cid(hero)}" not in moves
    sword = st.eq[3 * hero + 2]
    assert f"swap iron-axe {cid(sword)}" in moves


def test_equipment_adds_to_the_legion_total_after_doubling_the_listed_value() -> None:
    """ "Equipment adds to the total Defense and/or Attack value of the Legion"; "double the
    listed values first, and then add in the Equipment values"."""
    st, hero = _setup()
    equip(st, "bone-sword", hero)  # +2 Attack
    equip(st, "armor-of-the-forest", hero)  # +2 Defense
    assert attack_total(st, 0, False) == 3 + 2
    assert defense_total(st, 0, False) == 2 + 2
    st.doubled[hero] = 1
    assert attack_total(st, 0, False) == 3 * 2 + 2  # not (3 + 2) * 2


def test_swapping_equipment_from_the_hand_returns_the_attached_card() -> None:
    """ "From the Player's hand, swap one Henchmen or Equipment Card with a corresponding ...
    Card in his Legion."""
    st, hero = _setup()
    sword = equip(st, "bone-sword", hero)
    axe = give(st, 0, "iron-axe")
    refresh(st)
    act(st, f"swap iron-axe {cid(sword)}")
    assert st.eq[3 * hero + 2] == axe and st.host[axe] == hero
    assert sword in st.hand[0] and st.host[sword] == -1 and st.ap == 1


def test_moving_equipment_swaps_with_the_same_type_on_the_other_unit() -> None:
    """ "Move or swap one attached Armor, Weapon, or Aura from one Unit in the Player's Legion to
    another."""
    st, hero = _setup()
    army = give(st, 0, "gorthox-shieldbreaker", "legion")
    sword = equip(st, "bone-sword", hero)
    axe = equip(st, "iron-axe", army)
    armor = equip(st, "armor-of-the-forest", hero)
    refresh(st)
    act(st, f"move {cid(sword)} {cid(army)}")
    assert st.eq[3 * army + 2] == sword and st.eq[3 * hero + 2] == axe
    act(st, f"move {cid(armor)} {cid(army)}")
    assert st.eq[3 * army + 1] == armor and st.eq[3 * hero + 1] == -1


def test_a_henchman_swap_keeps_the_equipment_in_the_legion() -> None:
    """Reading: the Henchman from the hand takes the place of the Legion's Henchman with its
    Equipment; the Henchman returned to the hand leaves its wounds behind."""
    st, hero = _setup()
    alesana = give(st, 0, "alesana", "legion")
    sword = equip(st, "bone-sword", alesana)
    st.wounds[alesana] = 1
    spy = give(st, 0, "spymaster")
    refresh(st)
    act(st, f"swap spymaster {cid(alesana)}")
    assert st.legion[0] == [hero, spy] and st.eq[3 * spy + 2] == sword
    assert alesana in st.hand[0] and st.wounds[alesana] == 0


def test_mercenaries_never_carry_equipment() -> None:
    """ "Mercenaries can never have Equipment attached to them": they are never in a Legion, and
    Equipment is attached only outside combat."""
    st, hero = _setup()
    give(st, 0, "bone-sword")
    give(st, 0, "sellswords")
    refresh(st)
    targets = [a.split()[2] for a in legal(st) if a.startswith("attach")]
    assert targets == [cid(hero)]
    act(st, "fight " + names([st.mon_row[0]])[0].lower().replace(" ", "-").replace("'", ""))
    assert not [a for a in legal(st) if a.startswith(("attach", "swap", "move"))]


def test_an_eliminated_unit_goes_to_the_discard_pile_with_its_equipment() -> None:
    """ "When eliminated, a Unit with all its attached Equipment is placed in the Player's Discard
    Pile."""
    from engines.heroes_of_graxia.legion import eliminate

    st, hero = _setup()
    army = give(st, 0, "gorthox-shieldbreaker", "legion")
    sword = equip(st, "bone-sword", army)
    aura = equip(st, "aura-of-balance", army)
    st.wounds[army] = 2
    eliminate(st, 0, army, 1, None)
    assert army in st.disc[0] and sword in st.disc[0] and aura in st.disc[0]
    assert st.host[sword] == -1 and st.wounds[army] == 0 and st.legion[0] == [hero]
    assert st.prestige[1] == 3


DOUBLING_ROWS = (
    "9901,Gauntlets of the Giant,1,no,Equipment,Equipment,Weapon,,5,2,,1,0,0,double_attack,,\n"
    "9902,Bulwark Rune,1,no,Equipment,Equipment,Aura,,4,2,,0,0,0,double_defense,,\n"
)


def _doubling_game():
    text = (Path(__file__).parent / "rules-cards.csv").read_text(encoding="utf-8")
    catalogue = parse_catalogue(text + DOUBLING_ROWS, version="rules-doubling")
    return HeroesOfGraxia(catalogue)


def test_equipment_that_doubles_a_listed_value_is_in_the_card_format() -> None:
    """ "Spell and Equipment Cards that modify (i.e. double) a listed Attack or Defense value do
    not modify attached Equipment or other bonuses": an Equipment row may carry
    ``double_attack`` / ``double_defense``, its text says what it does, and only Equipment may."""
    game = _doubling_game()
    card = game.catalogue.by_slug["gauntlets-of-the-giant"]
    assert card.text == "Doubles the listed Attack of the Unit it is attached to."
    assert card.to_row()["specials"] == "double_attack"
    text = (Path(__file__).parent / "rules-cards.csv").read_text(encoding="utf-8")
    bad = "9903,Giant Ogre,1,no,Unit,Unit,Army,,5,2,4,3,2,0,double_attack,,\n"
    with pytest.raises(CatalogueError, match="double_attack is an Equipment Special"):
        parse_catalogue(text + bad)


def test_doubling_equipment_doubles_its_units_listed_value_before_other_bonuses() -> None:
    """The Unit's listed value is doubled, then the other Equipment (and the doubling card's own
    value) is added; a Spell that doubles the same value is not offered (doubled once)."""
    game = _doubling_game()
    t = game.tables
    st = game.new_game(0, 2, ["Shadd", "Flist"])
    while st.phase == MULLIGAN:
        game.apply(st, "keep")
    seat = st.cur
    hero = st.hero[seat]  # Shadd (Attack 3, Defense 2) or Flist (2, 2)
    listed_a, listed_d = t.ATK[hero], t.DEF[hero]
    base_a, base_d = attack_total(st, seat, False), defense_total(st, seat, False)
    gauntlets = t.copies_of[t.kind_of_slug["gauntlets-of-the-giant"]][0]
    rune = t.copies_of[t.kind_of_slug["bulwark-rune"]][0]
    for card, slot in ((gauntlets, 2), (rune, 0)):  # out of the market, onto the Hero
        for deck in st.mkt_deck:
            if card in deck:
                deck.remove(card)
        for row in st.mkt_row:
            if card in row:
                row[row.index(card)] = -1
        st.eq[3 * hero + slot] = card
        st.host[card] = hero
    assert attack_total(st, seat, False) == base_a + listed_a + 1  # 2 x listed, +1 Gauntlets
    assert defense_total(st, seat, False) == base_d + listed_d
    obs = game.observation(st, seat)
    assert obs["players"][seat]["legion"][0]["doubled"] == ["attack", "defense"]
    st.doubled[hero] = 1  # a Spell's doubling on top: still doubled once
    assert attack_total(st, seat, False) == base_a + listed_a + 1
    st.doubled[hero] = 0
    strike = t.copies_of[t.kind_of_slug["double-strike"]][seat]
    for pile in (st.deck[seat], st.disc[seat], st.hand[seat]):
        if strike in pile:
            pile.remove(strike)
    st.hand[seat].insert(0, strike)
    st.phase, st.cmode, st.ctarget = SPELLS, VS_MONSTER, st.mon_row[0]
    assert (CAST, strike, hero) not in moves(st)
