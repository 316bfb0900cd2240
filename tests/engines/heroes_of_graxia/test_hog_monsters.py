"""Attacking a Monster: the rulebook's eight steps, the reward, the Loot Pile and the losses."""

from __future__ import annotations

import pytest

from engines.heroes_of_graxia.state import HIRE, LOSING, MAIN, SPELLS, WOUNDS
from tests.engines.heroes_of_graxia.hog_helpers import (
    act,
    cid,
    empty_hand,
    equip,
    give,
    legal,
    pass_own,
    refresh,
    set_monsters,
    started,
)


def _duel(monster: str, hero: str = "Shadd"):
    st = started(2, heroes=[hero, "Flist"])
    empty_hand(st, 0)
    (m,) = set_monsters(st, [monster])
    return st, st.hero[0], m


def test_declaring_a_fight_costs_an_action_and_only_one_attack_a_turn() -> None:
    """Step 1 "Declare which of the four available Monsters is being attacked"; "Only one attack
    per Player turn is allowed"."""
    st, hero, m = _duel("plague-rats")
    give(st, 0, "sellswords")
    refresh(st)
    act(st, "fight plague-rats")
    assert st.phase == HIRE and st.ap == 1 and st.attacked
    act(st, "ready")
    assert legal(st) == ["resolve"]  # no Spell in hand: the seat resolves the fight itself
    pass_own(st)
    assert st.phase == MAIN
    assert not [a for a in legal(st) if a.startswith(("fight", "attack"))]


def test_mercenaries_then_one_spell_per_unit() -> None:
    """Step 2 "Play any Mercenaries Units from the Player's hand"; step 3 "Play up to one Spell
    Card per Unit in the Player's Legion" (a Mercenary in the fight counts as a Unit)."""
    st, hero, m = _duel("ancient-red-dragon")
    give(st, 0, "sellswords")
    for _ in range(3):
        give(st, 0, "battle-fury")
    refresh(st)
    act(st, "fight ancient-red-dragon")
    assert legal(st) == ["ready", "hire sellswords"]
    act(st, "hire sellswords")
    assert legal(st) == ["ready"]  # no other Mercenary to hire: the seat says it is ready
    act(st, "ready")
    assert st.phase == SPELLS
    assert legal(st) == ["resolve", "cast battle-fury"]
    act(st, "cast battle-fury")
    assert "cast battle-fury" in legal(st)  # the Hero and the Sellswords: two Spells
    act(st, "cast battle-fury")
    assert legal(st) == ["resolve"]  # the limit reached: a third Battle Fury is not offered
    pass_own(st)
    assert st.phase == MAIN


def test_a_failed_attack_sends_the_monster_to_the_bottom_without_wounds() -> None:
    """Step 4: "If the total Attack value does not equal or exceed the Monster's Health the
    attack fails and the Monster is returned to the bottom of the Monster Deck. Immediately
    replace it ... Place any Mercenaries and played Spell Cards in the Player's Discard Pile."""
    st, hero, m = _duel("ancient-red-dragon")
    merc = give(st, 0, "sellswords")
    top = st.mon_deck[-1]
    refresh(st)
    act(st, "fight ancient-red-dragon", "hire sellswords")
    pass_own(st)  # nothing else to hire, nothing to cast: ready, then resolve
    assert st.mon_deck[0] == m and st.mon_row[0] == top
    assert merc in st.disc[0] and not st.loot[0] and st.wounds[hero] == 0
    assert st.mon_known == 1  # everyone saw it go to the bottom


def test_exactly_enough_attack_defeats_the_monster_and_its_reward_is_taken() -> None:
    """Step 4 "equal or exceed the Monster's Health"; step 6 "the listed reward is taken and the
    Monster is placed in the Player's Loot Pile"."""
    st, hero, m = _duel("dire-wolf-pack")  # Health 5, Attack 4, reward 2 Gold
    equip(st, "bone-sword", hero)  # Shadd 3 + 2 (+1 against Monsters) = 6
    st.wounds[hero] = 0
    refresh(st)
    act(st, "fight dire-wolf-pack")
    pass_own(st)
    assert st.loot[0] == [m] and st.mgold == 2 and st.gold == 0
    assert st.wounds[hero] == 2  # step 5: Attack 4 - Defense 2
    assert st.mon_row[0] >= 0 and st.mon_row[0] != m


def test_step_5_wounds_are_placed_by_the_owner_and_heroes_fall_last() -> None:
    """Step 5: "Subtract this total from the Monster's Attack value ... wounds that must be
    distributed among the Unit's or Hero ... Heroes must be the last to be eliminated."""
    st, hero, m = _duel("cave-troll")  # Health 8, Attack 6
    a = give(st, 0, "gorthox-shieldbreaker", "legion")
    b = give(st, 0, "skeleton-legion", "legion")
    equip(st, "flame-blade", hero)  # 3+6+1 + 2 + 2 = 14 Attack; Defense 2+2+1 = 5
    st.wounds[hero] = 6  # one wound from death
    refresh(st)
    act(st, "fight cave-troll")
    pass_own(st)
    assert st.phase == WOUNDS and st.pend[0][1] == 1
    moves = legal(st)
    assert f"wound {cid(hero)}" not in moves  # would eliminate the Hero while others stand
    assert set(moves) == {f"wound {cid(a)}", f"wound {cid(b)}"}
    act(st, f"wound {cid(b)}")
    assert st.wounds[b] == 1 and st.phase == MAIN


def test_wounds_beyond_the_legion_health_eliminate_everyone_hero_last() -> None:
    st, hero, m = _duel("ancient-red-dragon")  # Attack 13, Health 18, 3 Prestige and 5 Gold
    army = give(st, 0, "gorthox-shieldbreaker", "legion")
    equip(st, "flame-blade", hero)
    for _ in range(3):
        give(st, 0, "battle-fury")
    give(st, 0, "sellswords")
    st.wounds[hero] = 5
    st.prestige[0] = 4
    refresh(st)
    act(st, "fight ancient-red-dragon", "hire sellswords", "ready")
    act(st, "cast battle-fury", "cast battle-fury", "cast battle-fury")
    pass_own(st)  # Shadd 3+6+1, Gorthox 2, Sellswords 3, +9: 24 Attack
    assert st.loot[0] == [m]
    # Defense 2+2+1 = 5: 8 wounds, more than the 2 + 3 Health left: both fall
    assert st.legion[0] == [] and hero in st.disc[0] and army in st.disc[0]
    # step 7 after step 6: 4 + 3 (reward) = 7 Prestige, an Army (3) and the Hero (5) lost: 0
    assert st.prestige[0] == 0


def test_step_7_prestige_is_lost_for_each_unit_eliminated() -> None:
    """Step 7: "The Player will lose Prestige from his Loot Pile for any of his Units eliminated
    in combat. Three points for each Army; four points for each Henchman, and five points for
    the Hero."""
    st, hero, m = _duel("ogre-chieftain")  # Health 9, Attack 7, 4 Gold
    army = give(st, 0, "skeleton-legion", "legion")  # Health 2
    hench = give(st, 0, "alesana", "legion")  # Health 2
    equip(st, "flame-blade", hero)
    st.prestige[0] = 10
    refresh(st)
    # Attack 3+6+1+2+1 = 13; Defense 2+1+1 = 4: 3 wounds
    act(st, "fight ogre-chieftain")
    pass_own(st)
    act(st, f"wound {cid(army)}", f"wound {cid(army)}")
    act(st, f"wound {cid(hench)}")
    assert army in st.disc[0] and hench in st.legion[0]
    assert st.prestige[0] == 10 - 3


def test_without_prestige_a_monster_of_choice_is_lost() -> None:
    """Step 7: "If the Player doesn't have any Prestige Points in his Loot Pile, he will lose his
    choice of one Monster Card from his Loot Pile, which is returned to the box." Reading: the
    Monster just won may be chosen; one Monster however many Units fell."""
    st, hero, m = _duel("ogre-chieftain")
    old = give(st, 0, "goblin-warband", "loot")
    army = give(st, 0, "skeleton-legion", "legion")
    equip(st, "flame-blade", hero)
    st.wounds[army] = 1
    refresh(st)
    act(st, "fight ogre-chieftain")  # 4 wounds... Defense 2+1 = 3: 4 wounds
    pass_own(st)
    while st.phase == WOUNDS:
        act(st, f"wound {cid(army)}" if army in st.legion[0] else legal(st)[0])
    assert st.phase == LOSING and set(legal(st)) == {"lose goblin-warband", "lose ogre-chieftain"}
    act(st, "lose ogre-chieftain")
    assert st.loot[0] == [old] and m in st.box and st.phase == MAIN


@pytest.mark.parametrize(("reward", "check"), [("draw", "hand"), ("prestige", "prestige")])
def test_rewards_other_than_gold(reward: str, check: str) -> None:
    monster = "plague-rats" if reward == "draw" else "basilisk"
    st, hero, m = _duel(monster)
    equip(st, "flame-blade", hero)
    give(st, 0, "battle-fury")
    give(st, 0, "war-cry")
    refresh(st)
    before = (len(st.hand[0]), st.prestige[0])
    act(st, f"fight {monster}")
    assert legal(st) == ["ready"]  # no Mercenary in hand
    act(st, "ready")
    assert st.phase == SPELLS
    act(st, "resolve")
    if check == "hand":
        assert len(st.hand[0]) == before[0] + 1
    else:
        assert st.prestige[0] == before[1] + 1 and st.mgold == 2


def test_an_empty_monster_deck_ends_the_game_once_the_fight_is_over() -> None:
    """ "If the Monster deck is exhausted, the game ends instantly." Reading: the row is refilled
    when the combat is over; the game ends when that takes the Monster Deck's last card."""
    st, hero, m = _duel("plague-rats")
    equip(st, "flame-blade", hero)
    st.mon_box.extend(st.mon_deck[:-1])
    del st.mon_deck[:-1]
    refresh(st)
    act(st, "fight plague-rats")
    pass_own(st)
    assert st.over and st.end_reason == "the Monster Deck is exhausted"
    assert st.loot[0] == [m] and not st.mon_deck
