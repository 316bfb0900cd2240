"""Grey Order cards with skills, weaknesses, effects, benefits or actions."""

from __future__ import annotations

from engines.arackhan_wars import rounds
from engines.arackhan_wars.state import INITIATIVE, PENDING
from tests.engines.arackhan.akw_scene import scene

G = ("Grey Order", "Blight")


def attacks_on(s, label: str) -> set[frozenset[int]]:
    """Every set of attackers that may attack ``label`` now (lone attacks and groups)."""
    return s.attack_groups(label)


def group(s, *labels: str) -> frozenset[int]:
    """The attackers labelled ``labels``, as :meth:`Scene.attack_groups` lists them."""
    return frozenset(s[x] for x in labels)


def test_archer_boosts_adjacent_4th_legion() -> None:
    s = scene([(0, "Archer@a1", "3,2"), (0, "Archer@a2", "4,2"), (0, "Phalanx", "3,3")], factions=G)
    assert s.attack("a1") == 2 and s.attack("Phalanx") == 1


def test_armorer_and_hero_and_avalon_fortress() -> None:
    s = scene(
        [
            (0, "Armorer", "3,2"),
            (0, "Sober Knight", "4,2"),
            (0, "Hero of the Battle of Nerz", "5,2"),
            (0, "Avalon Fortress", "4,3"),
        ],
        factions=G,
    )
    assert (s.attack("Sober Knight"), s.defence("Sober Knight")) == (1 + 1 + 1, 1 + 1 + 1 + 1)


def test_assassin_swaps_with_a_cheap_ally_and_stays_active() -> None:
    s = scene(
        [
            (0, "Assassin", "3,2"),
            (0, "Sober Knight", "6,2"),
            (0, "Titan", "4,2"),
            (1, "Scuttle Jaw", "7,2"),
        ],
        factions=G,
    )
    acts = [a for a in s.legal() if a.startswith("act")]
    assert f"act {s.c('Assassin')} {s.c('Assassin')} {s.c('Titan')}" not in acts, "value 13"
    s.play(f"act {s.c('Assassin')} {s.c('Assassin')} {s.c('Sober Knight')}")
    assert s.space("Assassin") == "6,2" and s.st.active[s["Assassin"]]
    assert not any(a.startswith("act") for a in s.legal()), "once per round"
    s.play(f"attack {s.c('Scuttle Jaw')} {s.c('Assassin')}")
    assert s.destroyed("Scuttle Jaw")


def test_catanolith_is_immune_while_active_and_cannot_attack_adjacent_cards() -> None:
    s = scene(
        [(1, "Catanolith", "3,2"), (0, "Fire Lightning", "4,2"), (0, "Scuttle Jaw", "3,3")],
        factions=("Blight", "Grey Order"),
    )
    attacks = attacks_on(s, "Catanolith")
    assert group(s, "Scuttle Jaw") in attacks
    assert not any(s["Fire Lightning"] in a for a in attacks), "immune to spells while active"
    s.st.active[s["Catanolith"]] = False
    s.st.version += 1
    assert f"attack {s.c('Catanolith')} {s.c('Fire Lightning')}" in s.legal()
    t = scene(
        [(0, "Catanolith", "3,2"), (1, "Scuttle Jaw@near", "4,2"), (1, "Scuttle Jaw@far", "6,2")],
        factions=G,
    )
    assert attacks_on(t, "near") == set() and attacks_on(t, "far")


def test_champion_titan_infantryman_phalanx_boost_6th_legion() -> None:
    s = scene(
        [
            (0, "Champion", "3,2"),
            (0, "Infantryman", "4,2"),
            (0, "Phalanx", "3,3"),
            (0, "Titan", "5,2"),
            (0, "Sober Knight", "3,1"),
        ],
        factions=G,
    )
    # Infantryman: Champion +1/+1, Titan +1/+1
    assert (s.attack("Infantryman"), s.defence("Infantryman")) == (3, 3)
    # Champion: Infantryman +1 Attack, Phalanx +1 Defence
    assert (s.attack("Champion"), s.defence("Champion")) == (3, 3)
    assert (s.attack("Sober Knight"), s.defence("Sober Knight")) == (1, 1), "not 6th Legion"


def test_dragon_slayer_hunts_fliers_and_keeps_them() -> None:
    s = scene([(0, "Dragon Slayer", "3,2"), (1, "Scorpion Fly", "5,2")], factions=G)
    s.play(f"attack {s.c('Scorpion Fly')} {s.c('Dragon Slayer')}")
    assert s.st.under[s["Dragon Slayer"]] == [s["Scorpion Fly"]]
    assert rounds.scores(s.st)[0] >= 10 + 3


def test_drunk_knight_attacks_only_even_values() -> None:
    s = scene(
        [(0, "Drunk Knight", "3,2"), (1, "Scuttle Jaw@odd", "4,2"), (1, "Ratman@even", "2,2")],
        factions=G,
    )
    assert not attacks_on(s, "odd") and attacks_on(s, "even")


def test_grey_knight_missionary_priest_immunity_and_initiative() -> None:
    s = scene(
        [
            (1, "Grey Missionary", "3,2"),
            (1, "Phalanx", "4,2"),
            (1, "Grey Knight", "2,2"),
            (1, "Grey Priest", "5,2"),
            (1, "Infantryman", "6,2"),
            (0, "Fire Lightning", "3,3"),
            (0, "Firestorm", "4,3"),
        ],
        factions=("Blight", "Grey Order"),
    )
    for card in ("Grey Missionary", "Phalanx", "Grey Knight", "Grey Priest"):
        assert "immune_to_enemy_spells" in s.flags(card), card
    assert s.attack("Phalanx") == 1 and s.defence("Phalanx") == 1, "Firestorm cannot touch it"
    assert not attacks_on(s, "Grey Missionary") and not attacks_on(s, "Phalanx")
    assert "initiative" in s.attrs("Infantryman"), "next to the Grey Priest"


def test_nemesio_grey_order_sacrifices_an_ally_and_copies() -> None:
    s = scene(
        [
            (0, "Nemesio (Grey Order)@nem", "3,2"),
            (0, "Infantryman", "3,3"),
            (1, "Abominable Hydra", "4,2"),
        ],
        factions=G,
    )
    s.play(f"act {s.c('nem')} {s.c('Infantryman')} {s.c('Abominable Hydra')}")
    assert s.destroyed("Infantryman") and s.attack("nem") == 3
    assert s.st.active[s["nem"]], "reactivated"


def test_senior_mercenary_lets_white_plains_mercenary_join_groups() -> None:
    s = scene(
        [(0, "White Plains Mercenary", "3,2"), (0, "Sober Knight", "4,3"), (1, "Yeti", "4,2")],
        factions=G,
    )
    assert attacks_on(s, "Yeti") == {
        group(s, "White Plains Mercenary"),
        group(s, "Sober Knight"),
    }, "it cannot join groups"
    t = scene(
        [(0, "White Plains Mercenary", "3,2"), (0, "Senior Mercenary", "4,3"), (1, "Yeti", "4,2")],
        factions=G,
    )
    assert group(t, "White Plains Mercenary", "Senior Mercenary") in attacks_on(t, "Yeti")


def test_standard_bearer_leads_6th_legion_one_step() -> None:
    s = scene(
        [
            (0, "Standard Bearer", "3,2"),
            (0, "Phalanx", "3,3"),
            (0, "Sober Knight", "2,2"),
            (1, "Yeti", "5,2"),
        ],
        factions=G,
    )
    s.play(f"act {s.c('Standard Bearer')} right")
    assert s.space("Standard Bearer") == "4,2" and s.st.phase == PENDING
    assert not any(s.c("Sober Knight") in a for a in s.legal())
    s.play(f"move {s.c('Phalanx')} 4,3")
    assert s.space("Phalanx") == "4,3"


def test_tomur_disc_deactivates_an_enemy_creature() -> None:
    s = scene([(0, "Tomur Disc", "3,2"), (1, "Yeti", "6,2")], factions=G)
    s.play(f"act {s.c('Tomur Disc')} {s.c('Yeti')}")
    assert not s.st.active[s["Yeti"]] and not s.st.active[s["Tomur Disc"]]


def test_ghost_metal_monolith_guards_and_grounds_small_fliers() -> None:
    s = scene(
        [
            (0, "Ghost Metal Monolith", "3,2"),
            (0, "Sober Knight", "4,2"),
            (1, "Swamp Hound", "5,2"),
            (1, "Scorpion Fly", "3,3"),
        ],
        factions=G,
    )
    assert "immune_to_enemy_spells" in s.flags("Sober Knight")
    s.play("pass")  # to seat 1
    attacks = attacks_on(s, "Sober Knight")
    assert attacks, "the Hound may attack"
    s.play(f"attack {s.c('Sober Knight')} {s.c('Swamp Hound')}")
    assert not s.destroyed("Sober Knight"), "2 against 1 + 2 (Flight/Movement attacker)"
    while s.st.round == 1:
        s.play("pass")
    assert s.destroyed("Scorpion Fly"), "a flier of value 3 next to it at the end of the round"


def test_masters_of_arackhan_scores_surrounded_enemies_and_not_in_the_last_round() -> None:
    s = scene(
        [
            (0, "Masters of AracKhan", "3,2"),
            (0, "Sober Knight", "4,2"),
            (1, "Yeti", "5,2"),
            (1, "Swamp Ogre", "3,3"),
        ],
        factions=G,
    )
    assert s.defence("Sober Knight") == 2
    assert rounds.scores(s.st)[0] == 10 + 2 + 3 + 3 + 2, "+ the Yeti and the Ogre"
    t = scene([], hand=[(0, "Masters of AracKhan")], factions=G, phase="place", round_=9)
    t.st.placed = []
    assert not any(t.c("Masters of AracKhan") in a for a in rounds.placement_options(t.st, 0))


def test_armoured_convoy_moves_three_and_adds_attack() -> None:
    s = scene(
        [(0, "Armoured Convoy", "astral"), (0, "Sober Knight", "3,2"), (1, "Yeti", "6,2")],
        factions=G,
    )
    s.play(f"act {s.c('Armoured Convoy')} {s.c('Sober Knight')} 5,2")
    assert s.space("Sober Knight") == "5,2" and s.attack("Sober Knight") == 2


def test_backup_places_6th_legion_from_the_hand() -> None:
    s = scene(
        [(0, "Backup", "astral"), (0, "Phalanx", "3,2"), (1, "Yeti", "6,2")],
        hand=[(0, "Infantryman"), (0, "Sober Knight")],
        factions=G,
    )
    s.play(f"act {s.c('Backup')}")
    steps = s.legal()
    assert not any(s.c("Sober Knight") in a for a in steps)
    assert f"place {s.c('Infantryman')} 5,2" not in steps, "next to an enemy"
    s.play(f"place {s.c('Infantryman')} 2,2")
    assert s.space("Infantryman") == "2,2" and s.st.face_up[s["Infantryman"]]


def test_horse_of_avalon_brings_a_creature_from_the_hand() -> None:
    s = scene([(0, "Horse of Avalon", "3,2")], hand=[(0, "Titan")], factions=G)
    s.play(f"act {s.c('Horse of Avalon')} {s.c('Titan')}")
    assert s.space("Titan") == "3,2" and s.destroyed("Horse of Avalon")


def test_marching_order_moves_6th_legion_two_spaces() -> None:
    s = scene(
        [(0, "Marching Order", "astral"), (0, "Phalanx", "3,2"), (0, "Sober Knight", "4,2")],
        factions=G,
    )
    s.play(f"act {s.c('Marching Order')}")
    assert not any(s.c("Sober Knight") in a for a in s.legal())
    assert f"move {s.c('Phalanx')} 5,3" not in s.legal(), "three steps"
    s.play(f"move {s.c('Phalanx')} 4,3")
    assert s.space("Phalanx") == "4,3"


def test_on_leave_moves_an_ally_away_from_enemies_and_deactivates_it() -> None:
    s = scene(
        [
            (0, "On Leave", "astral"),
            (0, "Sober Knight", "3,2"),
            (0, "Phalanx", "6,2"),
            (1, "Yeti", "4,2"),
        ],
        phase=INITIATIVE,
        factions=G,
    )
    assert f"act {s.c('On Leave')} {s.c('Sober Knight')} 5,3" not in s.legal(), "next to the Yeti"
    s.play(f"act {s.c('On Leave')} {s.c('Sober Knight')} 6,1")
    assert s.space("Sober Knight") == "6,1" and not s.st.active[s["Sober Knight"]]


def test_shield_wall_warcry() -> None:
    s = scene([(0, "Shield Wall", "astral"), (0, "Phalanx", "3,2"), (1, "Yeti", "4,2")], factions=G)
    assert s.defence("Phalanx") == 3 and not attacks_on(s, "Yeti")
    t = scene(
        [(0, "Warcry", "astral"), (0, "Phalanx", "3,2"), (0, "Sober Knight", "5,2")], factions=G
    )
    assert t.attack("Phalanx") == 2 and t.attack("Sober Knight") == 1


def test_the_grey_order_rises_reactivates_every_ally() -> None:
    s = scene(
        [(0, "The Grey Order Rises", "astral"), (0, "Sober Knight", "3,2"), (1, "Yeti", "4,2")],
        factions=G,
    )
    s.play(f"attack {s.c('Yeti')} {s.c('Sober Knight')}")
    s.play(f"act {s.c('The Grey Order Rises')}")
    assert s.st.active[s["Sober Knight"]]


def test_truce_stops_attacks_around_it() -> None:
    s = scene([(0, "Truce", "3,2"), (0, "Sober Knight", "4,2"), (1, "Yeti", "4,3")], factions=G)
    assert "cannot_attack" in s.flags("Sober Knight") and "cannot_be_attacked" in s.flags(
        "Sober Knight"
    )
    assert not attacks_on(s, "Yeti"), "the Sober Knight cannot attack"


def test_white_plains_mercenary_cannot_group() -> None:
    s = scene(
        [(0, "White Plains Mercenary", "3,2"), (0, "Sober Knight", "4,3"), (1, "Yeti", "4,2")],
        factions=G,
    )
    assert group(s, "White Plains Mercenary", "Sober Knight") not in attacks_on(s, "Yeti")
    assert group(s, "White Plains Mercenary") in attacks_on(s, "Yeti")
