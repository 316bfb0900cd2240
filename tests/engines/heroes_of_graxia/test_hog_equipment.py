"""Equipment: one of each type per Unit, never on Mercenaries, swapping and moving, and how it
adds to a Legion's totals (rulebook "Equipment Cards")."""

from __future__ import annotations

from engines.heroes_of_graxia.legion import attack_total, defense_total
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
