"""Every worked example of the rulebook, played on the engine."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from tests.engines.arackhan.akw_scene import scene


def test_attacking_scuttle_jaw_destroys_death_crawler() -> None:
    # "The Scuttle Jaw has an Attack value of 1 ... destroys [the Death Crawler], Defense 0"
    s = scene(
        [(0, "Scuttle Jaw", "3,2"), (1, "Death Crawler", "4,2")], factions=("Blight", "Nakka")
    )
    s.play(f"attack {s.c('Death Crawler')} {s.c('Scuttle Jaw')}")
    assert s.destroyed("Death Crawler")
    assert not s.st.active[s["Scuttle Jaw"]], "the attacker is deactivated"


def test_group_attack_swamp_ogre_and_two_scuttle_jaws_destroy_ice_golem() -> None:
    s = scene(
        [
            (0, "Swamp Ogre", "2,2"),
            (0, "Scuttle Jaw@jaw1", "3,1"),
            (0, "Scuttle Jaw@jaw2", "3,3"),
            (1, "Ice Golem", "3,2"),
        ],
        factions=("Blight", "Whitelands"),
    )
    groups = s.attack_groups("Ice Golem")
    three = frozenset(s[x] for x in ("Swamp Ogre", "jaw1", "jaw2"))
    assert frozenset({s["Swamp Ogre"]}) in groups and three in groups
    s.attack_with("Ice Golem", "Swamp Ogre", "jaw1", "jaw2")  # 2 + 1 + 1 = 4 > 3
    assert s.destroyed("Ice Golem")
    assert not any(s.st.active[s[x]] for x in ("Swamp Ogre", "jaw1", "jaw2"))


def test_a_failed_attack_changes_nothing_but_deactivates_the_attacker() -> None:
    s = scene(
        [(0, "Swamp Ogre", "2,2"), (1, "Ice Golem", "3,2")], factions=("Blight", "Whitelands")
    )
    s.play(f"attack {s.c('Ice Golem')} {s.c('Swamp Ogre')}")  # 2 <= 3
    assert not s.destroyed("Ice Golem") and s.space("Ice Golem") == "3,2"
    assert not s.st.active[s["Swamp Ogre"]]


def test_omnistrike_hydra_attacks_every_adjacent_enemy_at_once() -> None:
    s = scene(
        [
            (0, "Abominable Hydra", "3,2"),
            (1, "Xenodon", "3,1"),
            (1, "Nakka Archer", "2,2"),
            (1, "Hexacarias", "3,3"),
        ],
        factions=("Blight", "Nakka"),
    )
    s.play(f"attack {s.c('Xenodon')} {s.c('Abominable Hydra')}")
    assert s.destroyed("Xenodon") and s.destroyed("Nakka Archer") and s.destroyed("Hexacarias")


def test_omnistrike_group_attack_with_scuttle_jaw_on_yhdorian_and_the_behemoth() -> None:
    s = scene(
        [
            (0, "Abominable Hydra", "3,2"),
            (0, "Scuttle Jaw", "5,2"),
            (1, "Senile Yhdorian", "4,2"),
            (1, "Behemoth", "3,1"),
        ],
        factions=("Blight", "Nakka"),
    )
    s.attack_with("Senile Yhdorian", "Abominable Hydra", "Scuttle Jaw")
    assert s.destroyed("Senile Yhdorian"), "3 + 1 = 4 > 3"
    assert s.destroyed("Behemoth"), "the Hydra attacks the Behemoth at the same time"


def test_ranged_attack_nakka_archer_at_distance_two_then_group_on_child_eater() -> None:
    s = scene(
        [
            (0, "Nakka Archer", "2,2"),
            (0, "Death Crawler", "3,3"),
            (1, "Scuttle Jaw", "4,2"),
            (1, "Child Eater", "2,3"),
        ],
        factions=("Nakka", "Blight"),
    )
    s.play(f"attack {s.c('Scuttle Jaw')} {s.c('Nakka Archer')}")  # distance 2
    assert s.destroyed("Scuttle Jaw")
    t = scene(
        [
            (0, "Nakka Archer", "2,1"),
            (0, "Death Crawler", "3,3"),
            (1, "Child Eater", "2,3"),
        ],
        factions=("Nakka", "Blight"),
    )
    t.attack_with("Child Eater", "Nakka Archer", "Death Crawler")  # 1 + 2 = 3 > 2, at distance 2
    assert t.destroyed("Child Eater")


def test_ranged_attack_reaches_no_further_than_its_number() -> None:
    s = scene(
        [(0, "Nakka Archer", "1,2"), (1, "Scuttle Jaw", "4,2"), (1, "Swamp Ogre", "2,2")],
        factions=("Nakka", "Blight"),
    )
    attacks = [a for a in s.legal() if a.startswith("attack")]
    assert f"attack {s.c('Swamp Ogre')} {s.c('Nakka Archer')}" in attacks
    assert not any(a.startswith(f"attack {s.c('Scuttle Jaw')}") for a in attacks), "distance 3"


def test_swarm_angry_peasants() -> None:
    s = scene(
        [(0, "Angry Peasant@p1", "3,2"), (1, "Scuttle Jaw", "0,1")],
        factions=("Grey Order", "Blight"),
    )
    assert s.attack("p1") == 0, "alone, its Attack is 0"
    t = scene(
        [(0, "Angry Peasant@p1", "3,2"), (0, "Angry Peasant@p2", "4,2"), (1, "Scuttle Jaw", "0,1")],
        factions=("Grey Order", "Blight"),
    )
    assert t.attack("p1") == 1 and t.attack("p2") == 1, "another joins: +1 to both"


def test_regeneration_walker_is_deactivated_first_then_destroyed() -> None:
    s = scene(
        [(0, "Ice Paladin", "2,2"), (0, "Ice Moleg", "3,3"), (1, "Walker", "3,2")],
        factions=("Whitelands", "Nakka"),
    )
    s.play(f"attack {s.c('Walker')} {s.c('Ice Paladin')}")
    assert not s.destroyed("Walker") and not s.st.active[s["Walker"]], "#1 only deactivated"
    s.play(f"attack {s.c('Walker')} {s.c('Ice Moleg')}")
    assert s.destroyed("Walker"), "#2 deactivated, so destroyed"


def test_regeneration_is_lost_against_an_attack_spell() -> None:
    s = scene(
        [(0, "Frozen Lightning", "2,2"), (1, "Walker", "3,2")], factions=("Whitelands", "Nakka")
    )
    s.play(f"attack {s.c('Walker')} {s.c('Frozen Lightning')}")
    assert s.destroyed("Walker")
    assert s.destroyed("Frozen Lightning"), "an attack spell is discarded after its attack"


def test_regeneration_is_lost_against_a_group_with_an_attack_spell() -> None:
    s = scene(
        [(0, "Lunar Wendigo", "2,2"), (0, "Ice Meteor", "3,0"), (1, "Walker", "3,2")],
        factions=("Whitelands", "Nakka"),
    )
    s.attack_with("Walker", "Lunar Wendigo", "Ice Meteor")  # 1 + 1 = 2 > 1, Meteor at distance 2
    assert s.destroyed("Walker")


def test_stealth_lucy() -> None:
    s = scene(
        [
            (0, "Death Crawler", "2,2"),
            (0, "Earthquake", "3,1"),
            (0, "Nakka Archer", "4,2"),
            (1, "Lucy", "3,2"),
        ],
        factions=("Nakka", "Blight"),
    )
    lucy = s.c("Lucy")
    attacks = [a for a in s.legal() if a.startswith(f"attack {lucy} ")]
    assert f"attack {lucy} {s.c('Death Crawler')}" not in attacks, "distance 2: not adjacent"
    assert f"attack {lucy} {s.c('Earthquake')}" in attacks, "a spell ignores Stealth"
    assert f"attack {lucy} {s.c('Nakka Archer')}" in attacks, "Ranged Attack 2 reaches"
    with pytest.raises(IllegalAction):
        s.play(f"attack {lucy} {s.c('Death Crawler')}")
    s.play(f"attack {lucy} {s.c('Nakka Archer')}")
    assert s.destroyed("Lucy")


def test_stealth_lucy_falls_to_earthquake() -> None:
    s = scene([(0, "Earthquake", "3,1"), (1, "Lucy", "3,2")], factions=("Nakka", "Blight"))
    s.play(f"attack {s.c('Lucy')} {s.c('Earthquake')}")
    assert s.destroyed("Lucy")


def test_perforation_ice_golem_through_hydra_berserker_scuttle_jaw() -> None:
    s = scene(
        [
            (0, "Ice Golem", "0,2"),
            (1, "Abominable Hydra", "1,2"),
            (1, "Berserker", "2,2"),
            (1, "Scuttle Jaw", "3,2"),
            (1, "Swamp Ogre", "5,2"),
        ],
        factions=("Whitelands", "Blight"),
    )
    s.play(f"attack {s.c('Abominable Hydra')} {s.c('Ice Golem')}")
    assert s.destroyed("Abominable Hydra"), "3 > 2"
    assert s.destroyed("Berserker"), "2 > 1"
    assert s.destroyed("Scuttle Jaw"), "1 > 0"
    assert not s.destroyed("Swamp Ogre"), "the next space is empty: Perforation ends"


def test_perforation_group_with_shield_of_dawn_on_the_titan() -> None:
    s = scene(
        [
            (0, "Ice Golem", "0,2"),
            (0, "Shield of Dawn", "1,1"),
            (0, "Eagle", "3,1"),
            (1, "Titan", "1,2"),
            (1, "Drunk Knight@k1", "2,2"),
            (1, "Drunk Knight@k2", "3,2"),
        ],
        factions=("Whitelands", "Grey Order"),
    )
    s.attack_with("Titan", "Ice Golem", "Shield of Dawn")
    assert s.destroyed("Titan"), "3 + 1 > 3"
    assert s.destroyed("k1"), "then 2 > 1"
    assert not s.destroyed("k2"), "then 1 = 1: the Perforation stops"
    assert not any(s["Ice Golem"] in g for g in s.attack_groups("k2")), (
        "the Golem is spent; the Eagle could not have joined its Perforation"
    )


def test_perforation_child_eater_conquers_avalon_and_stops_at_a_spell() -> None:
    s = scene(
        [
            (0, "Child Eater", "1,2"),
            (0, "Forge Patriarch", "1,3"),
            (1, "Avalon Fortress", "2,2"),
            (1, "Horse of Avalon", "3,2"),
        ],
        factions=("Blight", "Grey Order"),
    )
    assert s.attack("Child Eater") == 5, "4 + 1 from the adjacent Forge Patriarch"
    s.play(f"attack {s.c('Avalon Fortress')} {s.c('Child Eater')}")
    assert s.st.control[s["Avalon Fortress"]] == 0, "conquered, not destroyed"
    assert s.space("Avalon Fortress") == "2,2"
    assert s.space("Horse of Avalon") == "3,2", "a spell cannot be attacked: Perforation ends"
    assert not s.destroyed("Child Eater"), "no attack of the Child Eater failed"


def test_perforation_child_eater_through_shield_of_dawn_onto_lunar_wendigo() -> None:
    s = scene(
        [
            (0, "Child Eater", "1,2"),
            (1, "Shield of Dawn", "2,2"),
            (1, "Lunar Wendigo", "3,2"),
        ],
        factions=("Blight", "Whitelands"),
    )
    assert s.defence("Lunar Wendigo") == 3, "2 + 1 from the Shield of Dawn"
    s.play(f"attack {s.c('Shield of Dawn')} {s.c('Child Eater')}")
    assert s.destroyed("Shield of Dawn")
    assert s.destroyed("Lunar Wendigo"), "its Defence is back to 2; 3 > 2"
