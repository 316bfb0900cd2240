"""Nakka cards with skills, weaknesses, effects, benefits or actions."""

from __future__ import annotations

from engines.arackhan_wars.state import INITIATIVE, PENDING
from tests.engines.arackhan.akw_scene import scene

N = ("Nakka", "Blight")


def attacks_on(s, label: str) -> set[frozenset[int]]:
    """Every set of attackers that may attack ``label`` now (lone attacks and groups)."""
    return s.attack_groups(label)


def group(s, *labels: str) -> frozenset[int]:
    """The attackers labelled ``labels``, as :meth:`Scene.attack_groups` lists them."""
    return frozenset(s[x] for x in labels)


def test_carnivorous_plant_shields_allies_and_is_only_attacked_in_groups() -> None:
    s = scene(
        [
            (1, "Carnivorous Plant", "3,2"),
            (1, "Hexacarias", "3,1"),
            (0, "Swamp Ogre", "4,2"),
            (0, "Scuttle Jaw", "2,2"),
        ],
        factions=("Blight", "Nakka"),
    )
    assert s.defence("Hexacarias") == 3
    alone = [g for g in attacks_on(s, "Carnivorous Plant") if len(g) == 1]
    assert not alone and attacks_on(s, "Carnivorous Plant"), "only groups"


def test_crawling_roots_grounds_adjacent_enemies() -> None:
    s = scene([(0, "Crawling Roots", "3,2"), (1, "Scorpion Fly", "4,2"), (1, "Swamp Hound", "3,3")])
    assert "flight" not in s.attrs("Scorpion Fly") and "movement" not in s.attrs("Swamp Hound")


def test_explosive_centipede_is_destroyed_after_attacking() -> None:
    s = scene([(0, "Explosive Centipede", "3,2"), (1, "Scuttle Jaw", "4,2")], factions=N)
    s.play(f"attack {s.c('Scuttle Jaw')} {s.c('Explosive Centipede')}")
    assert s.destroyed("Scuttle Jaw") and s.destroyed("Explosive Centipede")


def test_lightning_dragon_omnistrike_alone_and_no_initiative_attack() -> None:
    s = scene(
        [(0, "Lightning Dragon", "3,2"), (1, "Scuttle Jaw@a", "4,2"), (1, "Scuttle Jaw@b", "3,3")],
        phase=INITIATIVE,
        factions=N,
    )
    assert "omnistrike" in s.attrs("Lightning Dragon")
    assert not any(a.startswith("attack") and s.c("Lightning Dragon") in a for a in s.legal())
    t = scene(
        [(0, "Lightning Dragon", "3,2"), (0, "Xenodon", "2,2"), (1, "Scuttle Jaw", "4,2")],
        factions=N,
    )
    assert "omnistrike" not in t.attrs("Lightning Dragon"), "an adjacent ally"


def test_ground_stomper_and_death_whisperer() -> None:
    s = scene(
        [
            (0, "Ground Stomper", "3,2"),
            (0, "Death Whisperer", "6,2"),
            (1, "Swamp Ogre", "4,2"),
            (1, "Swamp Troll", "7,2"),
        ],
        factions=N,
    )
    assert s.defence("Swamp Ogre") == 0, "-1 Defence from the Stomper"
    assert s.attack("Swamp Troll") == 1, "-1 Attack from the Whisperer"
    assert "initiative" in s.attrs("Ground Stomper") and "initiative" in s.attrs("Death Whisperer")
    t = scene([(0, "Ground Stomper", "3,2")], factions=N)
    assert "initiative" not in t.attrs("Ground Stomper"), "no Musician on the battlefield"


def test_nemesio_nakka_group_only_and_swap() -> None:
    s = scene(
        [
            (0, "Nemesio (Nakka)@nem", "3,2"),
            (0, "Xenodon", "3,3"),
            (0, "Hexacarias", "6,2"),
            (0, "Behemoth", "5,2"),
            (1, "Swamp Ogre", "4,2"),
        ],
        factions=N,
    )
    s.play(f"act {s.c('nem')} {s.c('Xenodon')} {s.c('Hexacarias')}")
    assert s.space("Xenodon") == "6,2" and s.space("Hexacarias") == "3,3"
    t = scene(
        [(1, "Nemesio (Nakka)@nem", "3,2"), (0, "Swamp Ogre", "4,2")], factions=("Blight", "Nakka")
    )
    assert not attacks_on(t, "nem"), "one creature cannot attack it alone"


def test_one_eyed_hog_cannot_attack_right_or_below() -> None:
    s = scene(
        [
            (0, "One-Eyed Hog", "3,2"),
            (1, "Scuttle Jaw@right", "4,2"),
            (1, "Scuttle Jaw@below", "3,3"),
            (1, "Scuttle Jaw@left", "2,2"),
        ],
        factions=N,
    )
    hog = s.c("One-Eyed Hog")
    assert f"attack {s.c('left')} {hog}" in s.legal()
    assert f"attack {s.c('right')} {hog}" not in s.legal()
    assert f"attack {s.c('below')} {hog}" not in s.legal()
    t = scene(
        [(1, "One-Eyed Hog", "3,2"), (0, "Scuttle Jaw@left", "2,2"), (0, "Scuttle Jaw@up", "3,1")],
        to_act=1,
        factions=("Blight", "Nakka"),
    )
    hog = t.c("One-Eyed Hog")
    assert f"attack {t.c('left')} {hog}" not in t.legal(), "seat 1 sits across: its right is x-1"
    assert f"attack {t.c('up')} {hog}" not in t.legal()


def test_protector_takes_extra_tokens_for_attack() -> None:
    s = scene([(0, "Protector", "3,2"), (1, "Scuttle Jaw", "5,2")], factions=N)
    assert s.attack("Protector") == 0
    s.play(f"act {s.c('Protector')}")
    assert s.attack("Protector") == 1 and not s.st.active[s["Protector"]]


def test_unstable_hydra_depends_on_who_starts_the_round() -> None:
    s = scene([(0, "Unstable Hydra", "3,2")], first=0, factions=N)
    assert (s.attack("Unstable Hydra"), s.defence("Unstable Hydra")) == (3, 1)
    t = scene([(0, "Unstable Hydra", "3,2")], first=1, factions=N)
    assert (t.attack("Unstable Hydra"), t.defence("Unstable Hydra")) == (2, 2)


def test_eternal_roots_allows_only_creature_groups_or_spells() -> None:
    s = scene(
        [
            (1, "Eternal Roots", "3,1"),
            (1, "Hexacarias", "3,2"),
            (0, "Swamp Ogre", "4,2"),
            (0, "Slayer", "2,2"),
            (0, "Fire Lightning", "3,3"),
        ],
        factions=("Blight", "Nakka"),
    )
    groups = attacks_on(s, "Hexacarias")
    ogre, fire = s["Swamp Ogre"], s["Fire Lightning"]
    assert group(s, "Swamp Ogre") not in groups
    assert group(s, "Fire Lightning") in groups
    assert group(s, "Swamp Ogre", "Slayer") in groups
    assert not any(ogre in a and fire in a for a in groups), "not a mix of both"


def test_ruins_of_sylv_adds_attack_and_range() -> None:
    s = scene(
        [(0, "Ruins of Sylv", "3,2"), (0, "Nakka Archer", "4,2"), (1, "Scuttle Jaw", "7,2")],
        factions=N,
    )
    assert s.attack("Nakka Archer") == 2
    assert f"attack {s.c('Scuttle Jaw')} {s.c('Nakka Archer')}" in s.legal(), "range 3"


def test_tree_of_life_gives_regeneration() -> None:
    s = scene(
        [(1, "Tree of Life", "3,1"), (1, "Hexacarias", "3,2"), (0, "Behemoth", "4,2")],
        factions=("Nakka", "Nakka"),
    )
    assert "regeneration" in s.attrs("Hexacarias")
    s.play(f"attack {s.c('Hexacarias')} {s.c('Behemoth')}")
    assert not s.destroyed("Hexacarias") and not s.st.active[s["Hexacarias"]]


def test_forest_blast_discards_an_enemy_spell() -> None:
    s = scene(
        [(0, "Forest Blast", "astral"), (1, "The Fog", "astral")], phase=INITIATIVE, factions=N
    )
    s.play(f"act {s.c('Forest Blast')} {s.c('The Fog')}")
    assert s.destroyed("The Fog") and s.destroyed("Forest Blast")


def test_lost_in_the_forest_forces_group_attacks() -> None:
    s = scene(
        [(1, "Lost in the Forest", "astral"), (0, "Swamp Ogre", "3,2"), (1, "Hexacarias", "4,2")],
        factions=("Blight", "Nakka"),
    )
    assert not attacks_on(s, "Hexacarias")


def test_mimicry_copies_a_creature_and_reactivates() -> None:
    s = scene(
        [
            (0, "Mimicry", "astral"),
            (0, "Xenodon", "3,2"),
            (1, "Abominable Hydra", "5,2"),
            (1, "Scuttle Jaw", "4,2"),
        ],
        factions=N,
    )
    s.st.active[s["Xenodon"]] = False
    s.st.version += 1
    s.play(f"act {s.c('Mimicry')} {s.c('Xenodon')} {s.c('Abominable Hydra')}")
    assert s.attack("Xenodon") == 3 and "omnistrike" in s.attrs("Xenodon")
    assert s.st.active[s["Xenodon"]]


def test_musical_trance_moves_musicians_and_dancers() -> None:
    s = scene(
        [
            (0, "Musical Trance", "astral"),
            (0, "Ground Stomper", "3,2"),
            (0, "Death Whisperer", "4,2"),
            (0, "Xenodon", "3,3"),
        ],
        factions=N,
    )
    s.play(f"act {s.c('Musical Trance')}")
    assert not any(s.c("Xenodon") in a for a in s.legal())
    s.play(f"move {s.c('Ground Stomper')} 2,3")
    s.play("done")
    assert s.space("Ground Stomper") == "2,3" and s.st.phase != PENDING


def test_natural_camouflage_hides_adjacent_allies_from_creatures() -> None:
    s = scene(
        [
            (1, "Natural Camouflage", "3,1"),
            (1, "Hexacarias", "3,2"),
            (0, "Swamp Ogre", "4,2"),
            (0, "Fire Lightning", "2,2"),
        ],
        factions=("Blight", "Nakka"),
    )
    assert attacks_on(s, "Hexacarias") == {group(s, "Fire Lightning")}


def test_unstable_growth_trades_defence_for_attack() -> None:
    s = scene([(0, "Unstable Growth", "3,2"), (0, "Hexacarias", "4,2")], factions=N)
    assert (s.attack("Hexacarias"), s.defence("Hexacarias")) == (4, 1)


def test_warp_path_swaps_twice() -> None:
    s = scene(
        [
            (0, "Warp Path", "astral"),
            (0, "Xenodon", "3,2"),
            (0, "Hexacarias", "4,2"),
            (0, "Behemoth", "3,3"),
        ],
        factions=N,
    )
    x, h, b = s["Xenodon"], s["Hexacarias"], s["Behemoth"]
    s.play(f"act {s.c('Warp Path')} c{min(x, h)} c{max(x, h)}")
    assert s.space("Xenodon") == "4,2" and s.space("Hexacarias") == "3,2"
    s.play(f"swap c{min(x, b)} c{max(x, b)}")
    assert s.space("Xenodon") == "3,3" and s.space("Behemoth") == "4,2"
    assert s.destroyed("Warp Path")
