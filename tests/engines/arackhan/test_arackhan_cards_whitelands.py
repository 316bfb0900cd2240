"""Whitelands cards with skills, effects, benefits or actions (one test per card at least)."""

from __future__ import annotations

from engines.arackhan_wars.state import PENDING
from tests.engines.arackhan.akw_scene import scene

W = ("Whitelands", "Blight")


def test_adrielle_puts_a_creature_from_the_hand_in_her_place() -> None:
    s = scene([(0, "Adrielle", "3,2"), (1, "Scuttle Jaw", "4,2")], hand=[(0, "Ice Golem")])
    s.play(f"act {s.c('Adrielle')} {s.c('Ice Golem')}")
    assert s.destroyed("Adrielle") and s.space("Ice Golem") == "3,2"
    assert f"attack {s.c('Scuttle Jaw')} {s.c('Ice Golem')}" in s.legal(), "it may be activated"


def test_novice_fairy_only_brings_a_creature_of_value_5_or_less() -> None:
    s = scene([(0, "Novice Fairy", "3,2")], hand=[(0, "Ice Golem"), (0, "Eagle")])
    acts = [a for a in s.legal() if a.startswith("act")]
    assert acts == [f"act {s.c('Novice Fairy')} {s.c('Eagle')}"]


def test_frost_maiden_may_move_at_the_end_of_the_turn_and_then_cannot_attack() -> None:
    s = scene([(0, "Frost Maiden", "3,2"), (1, "Scuttle Jaw", "3,3")])
    s.play("pass")
    assert s.st.phase == PENDING
    s.play(f"move {s.c('Frost Maiden')} 6,4")
    assert s.space("Frost Maiden") == "6,4"
    assert "cannot_attack" in s.flags("Frost Maiden")


def test_ice_elemental_sets_its_numbers_once_and_nothing_else_changes_them() -> None:
    s = scene([(0, "Ice Elemental", "3,2"), (0, "Shield of Dawn", "2,2"), (1, "Yeti", "4,2")])
    assert (s.attack("Ice Elemental"), s.defence("Ice Elemental")) == (1, 2), "no +1 Defence"
    s.play(f"act {s.c('Ice Elemental')} 3/0")
    assert (s.attack("Ice Elemental"), s.defence("Ice Elemental")) == (3, 0)
    assert s.st.active[s["Ice Elemental"]], "reactivated"
    assert not any(a.startswith(f"act {s.c('Ice Elemental')}") for a in s.legal())
    s.play(f"attack {s.c('Yeti')} {s.c('Ice Elemental')}")
    assert s.destroyed("Yeti")


def test_nemesio_whitelands_defence_and_skill_exchange() -> None:
    s = scene(
        [
            (0, "Nemesio (Whitelands)@nem", "3,2"),
            (0, "Yeti", "2,2"),
            (0, "Eagle", "4,2"),
            (0, "Shield of Dawn", "6,2"),
            (0, "Lunar Wendigo", "6,3"),
        ]
    )
    assert s.defence("nem") == 1 + 2, "+1 per adjacent allied creature"
    assert s.defence("Lunar Wendigo") == 3
    s.play(f"act {s.c('nem')} {s.c('Shield of Dawn')}")
    assert s.defence("Lunar Wendigo") == 2, "the Shield's skill went to Nemesio"
    assert s.defence("Yeti") == 3 and s.defence("Eagle") == 2, "Nemesio now shields its allies"


def test_nihilist_morgon_moves_four_to_reach_an_enemy_then_cannot_attack() -> None:
    s = scene([(0, "Nihilist Morgon", "0,2"), (0, "Yeti", "0,3"), (1, "Scuttle Jaw", "5,2")])
    assert f"move {s.c('Nihilist Morgon')} 4,2" in s.legal()
    assert f"move {s.c('Nihilist Morgon')} 4,3" not in s.legal(), "not next to an enemy"
    s.play(f"move {s.c('Nihilist Morgon')} 4,2")
    assert not any(a.startswith(f"attack {s.c('Scuttle Jaw')}") for a in s.legal())


def test_queens_jester_swaps_adjacent_enemies_numbers() -> None:
    s = scene([(0, "Queen's Jester", "3,2"), (1, "Swamp Ogre", "4,2")])
    assert (s.attack("Swamp Ogre"), s.defence("Swamp Ogre")) == (1, 2)


def test_shield_of_dawn_gives_plus_one_defence_to_adjacent_allies() -> None:
    s = scene([(0, "Shield of Dawn", "3,2"), (0, "Yeti", "4,2"), (0, "Eagle", "6,2")])
    assert s.defence("Yeti") == 3 and s.defence("Eagle") == 1


def test_snow_griffin_takes_swarm_from_adjacent_enemies() -> None:
    s = scene(
        [
            (0, "Snow Griffin", "3,2"),
            (1, "Angry Peasant@p1", "4,2"),
            (1, "Angry Peasant@p2", "5,2"),
        ]
    )
    assert s.attack("p1") == 0 and "swarm" not in s.attrs("p1")
    assert s.attack("p2") == 1


def test_vindictive_bear_gains_attack_per_adjacent_enemy_card() -> None:
    s = scene([(0, "Vindictive Bear", "3,2"), (1, "Scuttle Jaw", "4,2"), (1, "Swamp Ogre", "3,3")])
    assert s.attack("Vindictive Bear") == 3


def test_ancestral_library_draws_then_puts_back_as_many() -> None:
    s = scene([(0, "Ancestral Library", "3,2"), (0, "Yeti", "4,2")])
    hand = len(s.st.hand[0])
    pile = len(s.st.draw[0])
    assert s.defence("Yeti") == 3
    s.play(f"act {s.c('Ancestral Library')} 4")
    assert len(s.st.hand[0]) == hand + 4 and "done" not in s.legal()
    for _ in range(4):
        s.play(s.legal()[0])
    assert len(s.st.hand[0]) == hand and len(s.st.draw[0]) == pile
    assert not s.st.active[s["Ancestral Library"]]


def test_fortress_of_myjir_gives_plus_two_defence() -> None:
    s = scene([(0, "Fortress of Myjir", "3,2"), (0, "Yeti", "4,2")])
    assert s.defence("Yeti") == 4


def test_the_white_gates_moves_adjacent_allies_up_to_two_spaces() -> None:
    s = scene(
        [
            (0, "The White Gates", "3,2"),
            (0, "Yeti", "4,2"),
            (0, "Eagle", "3,3"),
            (1, "Scuttle Jaw", "5,2"),
        ]
    )
    assert s.defence("Yeti") == 3
    s.play(f"act {s.c('The White Gates')}")
    assert f"move {s.c('Yeti')} 6,2" not in s.legal(), "cannot pass the enemy"
    s.play(f"move {s.c('Yeti')} 3,1")
    s.play(f"move {s.c('Eagle')} 2,2")
    assert s.space("Yeti") == "3,1" and s.space("Eagle") == "2,2"
    assert not s.st.active[s["The White Gates"]]


def test_armor_of_dawn_gives_defence_per_adjacent_allied_creature() -> None:
    s = scene(
        [
            (0, "Armor of Dawn", "astral"),
            (0, "Yeti", "3,2"),
            (0, "Eagle", "4,2"),
            (0, "Dreki", "3,3"),
        ]
    )
    assert s.defence("Yeti") == 2 + 2 and s.defence("Eagle") == 1 + 1


def test_blizzard_takes_enemy_attributes_and_skills() -> None:
    s = scene(
        [(0, "Blizzard", "astral"), (1, "Forge Patriarch", "3,2"), (1, "Scorpion Fly", "4,2")],
        factions=W,
    )
    assert "flight" not in s.attrs("Scorpion Fly")
    assert s.attack("Scorpion Fly") == 1, "the Patriarch's +1 is a skill, switched off"


def test_coriolis_wind_moves_an_adjacent_enemy_up_to_three_spaces() -> None:
    s = scene([(0, "Coriolis Wind", "3,2"), (1, "Swamp Ogre", "4,2"), (1, "Scuttle Jaw", "5,2")])
    assert f"act {s.c('Coriolis Wind')} {s.c('Swamp Ogre')} 6,4" not in s.legal(), "4 steps"
    s.play(f"act {s.c('Coriolis Wind')} {s.c('Swamp Ogre')} 6,2")
    assert s.space("Swamp Ogre") == "6,2" and s.destroyed("Coriolis Wind")


def test_esoteric_winter_discards_an_enemy_spell() -> None:
    s = scene([(0, "Esoteric Winter", "astral"), (1, "Firestorm", "3,2"), (0, "Yeti", "4,2")])
    assert s.defence("Yeti") == 1
    s.play(f"act {s.c('Esoteric Winter')} {s.c('Firestorm')}")
    assert s.destroyed("Firestorm") and s.defence("Yeti") == 2


def test_fairy_madness_makes_ice_fairies_deadly_and_doomed() -> None:
    s = scene(
        [
            (0, "Fairy Madness", "astral"),
            (0, "Novice Fairy", "3,2"),
            (1, "Swamp Ogre", "4,2"),
            (1, "Scuttle Jaw", "5,2"),
        ]
    )
    assert s.attack("Novice Fairy") == 3 and "perforation" in s.attrs("Novice Fairy")
    s.play(f"attack {s.c('Swamp Ogre')} {s.c('Novice Fairy')}")
    assert s.destroyed("Swamp Ogre") and s.destroyed("Scuttle Jaw"), "3 > 1, then 2 > 0"
    assert s.destroyed("Novice Fairy"), "destroyed after it attacks"


def test_ice_wings_moves_up_to_two_allies_of_value_5_or_less() -> None:
    s = scene(
        [
            (0, "Ice Wings", "astral"),
            (0, "Yeti", "3,2"),
            (0, "Ice Golem", "4,2"),
            (0, "Eagle", "3,3"),
        ]
    )
    s.play(f"act {s.c('Ice Wings')}")
    assert not any(a.startswith(f"move {s.c('Ice Golem')}") for a in s.legal()), "value 13"
    s.play(f"move {s.c('Yeti')} 5,2")
    s.play(f"move {s.c('Eagle')} 6,2")
    assert s.st.phase != PENDING and s.destroyed("Ice Wings")


def test_secret_incantation_boosts_allies_of_value_5_or_less() -> None:
    s = scene([(0, "Secret Incantation", "astral"), (0, "Yeti", "3,2"), (0, "Ice Golem", "4,2")])
    assert (s.attack("Yeti"), s.defence("Yeti")) == (2, 3)
    assert (s.attack("Ice Golem"), s.defence("Ice Golem")) == (3, 3)


def test_teleportation_moves_an_ally_anywhere_in_the_initiative_sequence() -> None:
    s = scene(
        [(0, "Teleportation", "astral"), (0, "Yeti", "3,2"), (1, "Scuttle Jaw", "4,2")],
        phase="initiative",
    )
    s.play(f"act {s.c('Teleportation')} {s.c('Yeti')} 6,4")
    assert s.space("Yeti") == "6,4"


def test_winter_protects_gives_two_defence_to_adjacent_creatures_and_lands() -> None:
    s = scene([(0, "Winter Protects", "3,2"), (0, "Yeti", "4,2"), (0, "Fortress of Myjir", "2,2")])
    assert s.defence("Yeti") == 2 + 2 + 0 and s.defence("Fortress of Myjir") == 6
