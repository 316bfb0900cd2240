"""Attacking another Legion: the rulebook's seven steps, eligibility, and the defender's own
decisions as moves of the defending seat."""

from __future__ import annotations

import pytest

from engines.heroes_of_graxia.state import CLASH, MAIN, MULLIGAN, WOUNDS
from tests.engines.heroes_of_graxia.hog_helpers import (
    GAME,
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


def _war(n: int = 2, version: str = GAME.version):
    st = started(n, heroes=["Oshnuk", "Broxin", "Flist", "Sype"][:n], version=version)
    for s in range(n):
        empty_hand(st, s)
    return st


def _finish_combat(st) -> None:
    while st.phase in (CLASH, WOUNDS):
        act(st, "pass" if st.phase == CLASH else legal(st)[0])


def _next_turn(st) -> None:
    _finish_combat(st)
    act(st, "end")
    while st.phase == MULLIGAN:
        act(st, "keep")


def test_step_1_prestige_the_defenders_draw_and_protection() -> None:
    """Step 1: "That defending player draws up to a hand of five if he holds less than five
    cards ... Once a player is attacked he is not eligible to be attacked again by any Player
    until after his next turn. The Attacking Player receives one Prestige Point"."""
    st = _war(3)
    give(st, 1, "fervent")
    refresh(st)
    assert {"attack 1", "attack 2"} <= set(legal(st)) and "attack 0" not in legal(st)
    act(st, "attack 1")
    assert st.prestige[0] == 1 and st.ap == 1 and st.safe[1]
    assert len(st.hand[1]) == 5
    _finish_combat(st)
    _next_turn(st)
    assert st.cur == 1
    _next_turn(st)
    assert st.cur == 2 and "attack 1" in legal(st)  # after seat 1's turn it may be attacked


def test_a_protected_legion_is_not_eligible_until_after_its_turn() -> None:
    st = _war(3)
    act(st, "attack 1")
    _next_turn(st)
    _next_turn(st)  # seat 1 has played: eligible again
    st2 = _war(3)
    act(st2, "attack 2")
    _next_turn(st2)
    assert st2.cur == 1 and "attack 2" not in legal(st2) and "attack 0" in legal(st2)


def test_with_two_players_each_may_attack_the_other_every_turn() -> None:
    """Reading of "eligible" with two players: the defender's own turn comes between two of the
    attacker's, so the other Legion is eligible on every turn."""
    st = _war(2)
    act(st, "attack 1")
    _next_turn(st)
    assert "attack 0" in legal(st)
    act(st, "attack 0")
    _finish_combat(st)
    _next_turn(st)
    assert st.cur == 0 and "attack 1" in legal(st)


def test_defender_specials_draw_more_cards() -> None:
    """ "Unit Cards in his Legion may grant him additional cards to be drawn in combat"."""
    st = _war(2)
    give(st, 1, "spymaster", "legion")  # draws 2 more
    for _ in range(6):
        give(st, 1, "bone-sword", "deck")
    give(st, 1, "fervent")
    refresh(st)
    act(st, "attack 1")
    assert len(st.hand[1]) == 5 + 2


def test_step_2_players_alternate_until_two_passes_in_succession() -> None:
    """Step 2: "The Attacking and Defending players alternate playing Spell and Mercenary Cards.
    They may pass instead. Playing cards ends when both players have passed in succession."
    Reading: the attacker plays first; every decision is the deciding seat's own move."""
    st = _war(2)
    give(st, 0, "sellswords")
    give(st, 0, "battle-fury")
    give(st, 1, "stone-skin")
    give(st, 1, "hired-archers")
    for _ in range(5):
        give(st, 1, "bone-sword", "deck")
    refresh(st)
    act(st, "attack 1")
    assert st.phase == CLASH and GAME.to_act(st) == 0
    act(st, "hire sellswords")
    assert GAME.to_act(st) == 1 and GAME.legal_actions(st, 0) == []
    act(st, "pass")
    assert GAME.to_act(st) == 0
    act(st, "cast battle-fury")  # the attacker plays after the defender passed
    assert GAME.to_act(st) == 1 and st.phase == CLASH
    act(st, "hire hired-archers")
    # the attacker has nothing left but is still asked (its hand is its own); then the
    # defender, who may still cast
    assert GAME.to_act(st) == 0 and legal(st) == ["pass"]
    act(st, "pass")
    assert GAME.to_act(st) == 1 and "cast stone-skin" in legal(st)
    act(st, "pass")
    assert st.phase in (MAIN, WOUNDS)


@pytest.mark.parametrize("version", ["1.0.0", "1.1.0"])
def test_a_defender_with_nothing_to_play_is_asked_to_pass_since_1_1_0(version: str) -> None:
    """Step 2: "They may pass instead. Playing cards ends when both players have passed in
    succession." Reading (1.1.0): each seat passes itself; the engine never passes on a hidden
    hand, since a pass made for the seat tells the others its hand holds nothing playable.
    1.0.0 passed for it (its matches replay so)."""
    st = _war(2, version)
    st.box.extend(st.deck[1] + st.disc[1])
    st.deck[1], st.disc[1] = [], []
    for _ in range(5):
        give(st, 1, "bone-sword", "deck")  # the defender draws Equipment: nothing for a combat
    give(st, 0, "skeleton-legion", "legion")  # two Units: the attacker may cast two Spells
    give(st, 0, "battle-fury")
    give(st, 0, "battle-fury")
    refresh(st)
    act(st, "attack 1")
    events = act(st, "cast battle-fury")
    assert names(st.hand[1]) == ["Bone Sword"] * 5
    passes = [e for e in events if e["type"] == "pass"]
    if version == "1.1.0":
        assert GAME.to_act(st) == 1 and GAME.legal_actions(st, 1) == ["pass"]
        assert GAME.legal_actions(st, 0) == [] and passes == []
        act(st, "pass")
        assert GAME.to_act(st) == 0 and "cast battle-fury" in legal(st)
    else:
        assert passes == [{"type": "pass", "seat": 1}]
        assert GAME.to_act(st) == 0 and "cast battle-fury" in legal(st)


def test_steps_3_to_6_totals_wounds_both_ways_and_prestige() -> None:
    """Steps 3-5: totals of Attack and Defense of each Legion, "Subtract the Defense totals from
    the opposing player's Attack values"; step 6: "three prestige points for each Army; four
    points for each Henchman; and five points for a Hero"; step 7: Mercenaries and Spells to the
    Discard Pile."""
    st = _war(2)
    hero0, hero1 = st.hero
    army = give(st, 1, "skeleton-legion", "legion")  # Attack 2, Defense 1, Health 2
    equip(st, "flame-blade", hero0)  # Oshnuk 3+6+1 = 10 Attack vs Legions
    merc = give(st, 0, "sellswords")
    refresh(st)
    act(st, "attack 1", "hire sellswords")  # attacker: 13 Attack, Defense 1+1 = 2
    # defender: Broxin 2 + Skeletons 2 = 4 Attack; Defense 3+1+1 (Broxin's Special) = 5
    assert GAME.to_act(st) == 1 and st.phase in (CLASH, WOUNDS, MAIN)
    while st.phase == CLASH:
        act(st, "pass")
    # 2 wounds to the attacker (Oshnuk alone: forced), 8 to the defender (9 Health left: choose)
    assert st.wounds[hero0] == 2
    assert st.phase == WOUNDS and GAME.to_act(st) == 1
    moves = legal(st)
    assert set(moves) == {f"wound {cid(hero1)}", f"wound {cid(army)}"}
    act(st, f"wound {cid(army)}", f"wound {cid(army)}")
    assert army not in st.legion[1] and st.prestige[0] == 1 + 3
    while st.phase == WOUNDS:
        act(st, legal(st)[0])
    assert st.wounds[hero1] == 6 and st.legion[1] == [hero1]
    assert merc in st.disc[0] and st.phase == MAIN and GAME.to_act(st) == 0


def test_eliminating_a_hero_gives_five_prestige() -> None:
    st = _war(2)
    hero0, hero1 = st.hero
    equip(st, "flame-blade", hero0)
    st.wounds[hero1] = 6  # Broxin: 8 Health, 2 left
    refresh(st)
    act(st, "attack 1")
    while st.phase == CLASH:
        act(st, "pass")
    assert hero1 in st.disc[1] and st.legion[1] == []
    assert st.prestige[0] == 1 + 5


def test_a_wound_spell_in_combat_hits_the_opposing_legion_and_spares_the_hero() -> None:
    """A Spell that wounds targets a Unit of the Legion being fought; it may not eliminate a
    Hero while other Units remain ("Heroes must be the last to be eliminated")."""
    st = _war(2)
    hero1 = st.hero[1]
    army = give(st, 1, "skeleton-legion", "legion")
    give(st, 0, "fireball")
    st.wounds[hero1] = 6
    refresh(st)
    act(st, "attack 1")
    assert legal(st) == ["pass", f"cast fireball {cid(army)}"]
    act(st, f"cast fireball {cid(army)}")
    assert army in st.disc[1] and st.prestige[0] == 1 + 3


def test_spells_are_limited_to_one_per_unit_in_combat() -> None:
    """Step 2: "Each Player may only play as many Spell cards as the number of Units in his
    Legion"."""
    st = _war(2)
    st.box.extend(st.deck[1] + st.disc[1])  # the defender has nothing to draw or play
    st.deck[1], st.disc[1] = [], []
    furies = [give(st, 0, "battle-fury") for _ in range(3)]
    refresh(st)
    act(st, "attack 1", "cast battle-fury")
    assert GAME.to_act(st) == 1 and legal(st) == ["pass"]  # the defender has nothing to play
    act(st, "pass")
    # the attacker has a Battle Fury left but one Unit, one Spell cast: only the pass
    assert GAME.to_act(st) == 0 and legal(st) == ["pass"]
    act(st, "pass")
    assert st.phase == MAIN and st.cmode == 0
    assert furies[0] in st.disc[0] and furies[1:] == st.hand[0]


def test_a_legion_without_its_hero_may_still_be_attacked() -> None:
    """Reading: a Legion whose Hero fell (it returns at its owner's next turn) is still a
    Legion; attacking it is worth the attack's Prestige, the defender may still hire and cast."""
    st = _war(2)
    hero1 = st.hero[1]
    st.legion[1].remove(hero1)
    st.disc[1].append(hero1)
    refresh(st)
    assert "attack 1" in legal(st)
    act(st, "attack 1")
    _finish_combat(st)
    assert st.prestige[0] == 1 and st.legion[1] == []
