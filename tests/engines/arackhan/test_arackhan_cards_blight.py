"""Blight cards with skills, weaknesses, effects, benefits or actions."""

from __future__ import annotations

from engines.arackhan_wars.state import INITIATIVE
from tests.engines.arackhan.akw_scene import scene

B = ("Blight", "Whitelands")


def attacks_on(s, label: str) -> set[frozenset[int]]:
    """Every set of attackers that may attack ``label`` now (lone attacks and groups)."""
    return s.attack_groups(label)


def group(s, *labels: str) -> frozenset[int]:
    """The attackers labelled ``labels``, as :meth:`Scene.attack_groups` lists them."""
    return frozenset(s[x] for x in labels)


def test_child_eater_is_destroyed_when_an_attack_fails() -> None:
    s = scene([(0, "Child Eater", "3,2"), (1, "Ice Golem", "4,2"), (1, "Yeti", "5,2")], factions=B)
    s.play(f"attack {s.c('Ice Golem')} {s.c('Child Eater')}")  # 4 > 3, then 3 > 2
    assert s.destroyed("Ice Golem") and s.destroyed("Yeti") and not s.destroyed("Child Eater")
    t = scene(
        [(0, "Child Eater", "3,2"), (1, "Ice Golem", "4,2"), (1, "Shield of Dawn", "4,3")],
        factions=B,
    )
    t.play(f"attack {t.c('Ice Golem')} {t.c('Child Eater')}")  # 4 against 3 + 1
    assert not t.destroyed("Ice Golem") and t.destroyed("Child Eater")


def test_colossus_rat_groups_only_with_rats() -> None:
    s = scene(
        [
            (0, "Colossus Rat", "3,2"),
            (0, "Swamp Ogre", "4,3"),
            (0, "Ratman", "5,2"),
            (1, "Ice Golem", "4,2"),
        ],
        factions=B,
    )
    assert group(s, "Colossus Rat", "Swamp Ogre") not in attacks_on(s, "Ice Golem")
    assert group(s, "Colossus Rat", "Ratman") in attacks_on(s, "Ice Golem")


def test_corrupt_blacksmith_forge_beetle_forge_patriarch_western_forge() -> None:
    s = scene(
        [
            (0, "Scuttle Jaw", "3,2"),
            (0, "Corrupt Blacksmith", "2,2"),
            (0, "Forge Beetle", "4,2"),
            (0, "Forge Patriarch", "3,1"),
            (0, "Western Forge", "3,3"),
        ],
        factions=B,
    )
    assert s.attack("Scuttle Jaw") == 1 + 1 + 1 + 1 + 2


def test_feyr_and_lucy() -> None:
    s = scene(
        [
            (0, "Feyr", "3,2"),
            (1, "Ice Wolf", "4,2"),
            (1, "Shield of Dawn", "4,3"),
            (1, "Yeti", "5,3"),
        ],
        factions=B,
    )
    assert s.attrs("Ice Wolf") == frozenset(), "Feyr: adjacent enemies lose their attributes"
    t = scene([(0, "Lucy", "3,2"), (1, "Shield of Dawn", "4,2"), (1, "Yeti", "5,2")], factions=B)
    assert t.defence("Yeti") == 2, "Lucy: the Shield's skill is off"
    u = scene(
        [(0, "Lucy", "3,2"), (0, "Feyr", "5,2"), (1, "Yeti", "4,2"), (1, "Eagle", "4,1")],
        factions=B,
    )
    assert "deactivated_by_an_effect" in u.flags("Yeti"), "between Lucy and Feyr"
    assert "deactivated_by_an_effect" not in u.flags("Eagle")


def test_flail_hits_adjacent_allies_too() -> None:
    s = scene(
        [(0, "Flail", "3,2"), (0, "Scuttle Jaw", "2,2"), (1, "Eagle", "4,2")],
        factions=B,
    )
    s.play(f"attack {s.c('Eagle')} {s.c('Flail')}")
    assert s.destroyed("Eagle") and s.destroyed("Scuttle Jaw")


def test_giant_troll_likes_fliers_and_dislikes_initiative() -> None:
    s = scene(
        [(0, "Giant Troll", "3,2"), (1, "Ice Golem", "4,2"), (1, "Paladin of the Guard", "2,2")],
        factions=B,
    )
    s.play(f"attack {s.c('Paladin of the Guard')} {s.c('Giant Troll')}")  # 3 - 1 = 2 against 2
    assert not s.destroyed("Paladin of the Guard")
    t = scene([(0, "Giant Troll", "3,2"), (1, "Ice Moleg", "4,2"), (1, "Eagle", "3,3")], factions=B)
    assert f"attack {t.c('Eagle')} {t.c('Giant Troll')}" in t.legal()
    t.play(f"attack {t.c('Eagle')} {t.c('Giant Troll')}")
    assert t.destroyed("Eagle")


def test_nemesio_blight_exchanges_tokens_until_the_end_of_the_round() -> None:
    s = scene(
        [(0, "Nemesio (Blight)@nem", "3,2"), (0, "Swamp Ogre", "2,2"), (1, "Ice Golem", "4,2")],
        factions=B,
    )
    s.play(f"act {s.c('nem')} {s.c('Ice Golem')} {s.c('Swamp Ogre')}")
    assert s.st.control[s["Ice Golem"]] == 0 and s.st.control[s["Swamp Ogre"]] == 1
    while s.st.round == 1:
        s.play("pass" if "pass" in s.legal() else s.legal()[-1])
    assert s.st.control[s["Ice Golem"]] == 1 and s.st.control[s["Swamp Ogre"]] == 0


def test_plague_collector_and_plague_wagon() -> None:
    s = scene(
        [(0, "Plague Collector", "3,2"), (0, "Scorpion Fly", "2,2"), (1, "Eagle", "4,2")],
        factions=B,
    )
    assert "flight" not in s.attrs("Eagle") and "flight" not in s.attrs("Scorpion Fly")
    t = scene(
        [
            (0, "Plague Wagon", "3,2"),
            (0, "Forge Patriarch", "2,2"),
            (0, "Scuttle Jaw", "2,3"),
            (1, "Shield of Dawn", "4,2"),
            (1, "Yeti", "5,2"),
        ],
        factions=B,
    )
    assert t.defence("Yeti") == 2 and t.attack("Scuttle Jaw") == 1, "skills off on both sides"


def test_ratman_swarm_counts_only_ratmen() -> None:
    s = scene(
        [(0, "Ratman@r1", "3,2"), (0, "Ratman@r2", "4,2"), (0, "Colossus Rat", "5,2")], factions=B
    )
    assert s.attack("r1") == 1


def test_swamp_troll_cannot_be_group_attacked_by_creatures() -> None:
    s = scene(
        [
            (1, "Swamp Troll", "3,2"),
            (0, "Yeti", "4,2"),
            (0, "Eagle", "2,2"),
            (0, "Frozen Lightning", "3,3"),
        ],
        factions=("Whitelands", "Blight"),
    )
    attacks = attacks_on(s, "Swamp Troll")
    assert group(s, "Yeti", "Eagle") not in attacks
    assert group(s, "Yeti", "Frozen Lightning") in attacks


def test_titan_rat_counts_adjacent_rats() -> None:
    s = scene(
        [(0, "Titan Rat", "3,2"), (0, "Ratman", "4,2"), (0, "Colossus Rat", "2,2")], factions=B
    )
    assert s.attack("Titan Rat") == 4


def test_dark_tunnel_hides_small_allies_and_only_adjacent_attackers() -> None:
    s = scene(
        [
            (1, "Dark Tunnel", "3,2"),
            (1, "Scuttle Jaw", "4,2"),
            (0, "Ice Meteor", "3,0"),
            (0, "Nakka Archer (Nakka)", "1,2"),
        ],
        factions=("Whitelands", "Blight"),
    )
    assert "stealth" in s.attrs("Scuttle Jaw")
    assert f"attack {s.c('Dark Tunnel')} {s.c('Nakka Archer')}" not in s.legal()
    assert f"attack {s.c('Dark Tunnel')} {s.c('Ice Meteor')}" in s.legal()


def test_essence_absorption_adds_a_destroyed_allys_numbers() -> None:
    s = scene(
        [(0, "Essence Absorption", "astral"), (0, "Swamp Ogre", "3,2"), (0, "Scorpion Fly", "4,2")],
        phase=INITIATIVE,
        factions=B,
    )
    s.play(f"act {s.c('Essence Absorption')} {s.c('Scorpion Fly')} {s.c('Swamp Ogre')}")
    assert s.destroyed("Scorpion Fly")
    assert (s.attack("Swamp Ogre"), s.defence("Swamp Ogre")) == (3, 1)
    assert "flight" in s.attrs("Swamp Ogre")


def test_firestorm_weakens_adjacent_enemies() -> None:
    s = scene([(0, "Firestorm", "3,2"), (1, "Ice Wolf", "4,2")], factions=B)
    assert (s.attack("Ice Wolf"), s.defence("Ice Wolf")) == (0, 0) and not s.attrs("Ice Wolf")


def test_forced_exile_moves_an_enemy_anywhere() -> None:
    s = scene(
        [(0, "Forced Exile", "astral"), (1, "Ice Golem", "3,2"), (0, "Swamp Ogre", "4,2")],
        phase=INITIATIVE,
        factions=B,
    )
    s.play(f"act {s.c('Forced Exile')} {s.c('Ice Golem')} 6,4")
    assert s.space("Ice Golem") == "6,4"


def test_negative_sorcery_discards_an_enemy_spell() -> None:
    s = scene(
        [(0, "Negative Sorcery", "astral"), (1, "Blizzard", "astral")], phase=INITIATIVE, factions=B
    )
    s.play(f"act {s.c('Negative Sorcery')} {s.c('Blizzard')}")
    assert s.destroyed("Blizzard")


def test_possession_takes_an_enemy_for_the_round() -> None:
    s = scene(
        [(0, "Possession", "astral"), (1, "Ice Golem", "3,2"), (1, "Yeti", "4,2")], factions=B
    )
    s.play(f"act {s.c('Possession')} {s.c('Ice Golem')}")
    assert s.st.control[s["Ice Golem"]] == 0
    s.play(f"attack {s.c('Yeti')} {s.c('Ice Golem')}")
    assert s.destroyed("Yeti")
    while s.st.round == 1:
        s.play("pass" if "pass" in s.legal() else s.legal()[-1])
    assert s.st.control[s["Ice Golem"]] == 1


def test_the_fear_holds_adjacent_enemies_down() -> None:
    s = scene(
        [(1, "The Fear", "3,2"), (0, "Yeti", "4,2"), (1, "Scuttle Jaw", "5,2")],
        factions=("Whitelands", "Blight"),
    )
    assert "deactivated_by_an_effect" in s.flags("Yeti")
    assert f"attack {s.c('Scuttle Jaw')} {s.c('Yeti')}" not in s.legal()


def test_the_fog_limits_enemies_to_lone_adjacent_attacks() -> None:
    s = scene(
        [
            (1, "The Fog", "astral"),
            (0, "Nakka Archer (Nakka)", "2,2"),
            (0, "Yeti", "4,3"),
            (1, "Scuttle Jaw", "4,2"),
        ],
        factions=("Whitelands", "Blight"),
    )
    attacks = attacks_on(s, "Scuttle Jaw")
    assert attacks == {group(s, "Yeti")}
