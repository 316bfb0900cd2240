"""Specials (when they trigger) and Spells out of combat."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.heroes_of_graxia.legion import attack_total, spells_allowed
from engines.heroes_of_graxia.state import CLASH, MAIN, MULLIGAN, SPELLS
from tests.engines.heroes_of_graxia.hog_helpers import (
    GAME,
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


def _scene(heroes=("Shadd", "Flist")):
    st = started(2, heroes=list(heroes))
    empty_hand(st, 0)
    empty_hand(st, 1)
    return st


def _to_next_own_turn(st) -> None:
    for _ in range(2):
        act(st, "end")
        while st.phase == MULLIGAN:
            act(st, "keep")


def test_a_mending_special_heals_at_the_start_of_its_owners_turn() -> None:
    """Reading of "when a Special triggers": a start-of-turn Special (Staff of Dark Mending:
    heal 1 wound) first acts at the owner's next turn, on the Unit carrying it."""
    st = _scene()
    army = give(st, 0, "gorthox-shieldbreaker", "legion")
    equip(st, "staff-of-dark-mending", army)
    st.wounds[army] = 2
    refresh(st)
    _to_next_own_turn(st)
    assert st.cur == 0 and st.wounds[army] == 1


def test_specials_are_active_as_soon_as_the_card_is_placed() -> None:
    """ "These rules are immediately active when the card is placed": an Orc Warband counts
    the other Orcs at once; Flist lets the Legion cast one more Spell."""
    st = _scene(("Oshnuk", "Flist"))
    give(st, 0, "orc-warband")
    refresh(st)
    before = attack_total(st, 0, False)
    act(st, "place orc-warband")
    # Warband 3 + 1 for Oshnuk, an Orc; Oshnuk's +1 against Legions was already counted
    assert attack_total(st, 0, False) == before + 3 + 1
    flist = _scene(("Flist", "Shadd"))
    assert spells_allowed(flist, 0) == 2


def test_a_bounty_adds_monster_gold_when_a_monster_falls() -> None:
    st = _scene()
    give(st, 0, "beastmaster-ylva", "legion")
    equip(st, "flame-blade", st.hero[0])
    set_monsters(st, ["goblin-warband"])  # 2 Gold
    refresh(st)
    act(st, "fight goblin-warband")
    pass_own(st)
    assert st.mgold == 2 + 1  # the Goblins' 2 Gold and Ylva's bounty


def test_spells_out_of_combat_cost_an_action() -> None:
    """ "When played outside of combat, the card will cost one action." Draw, Gold and action
    Spells; a combat-only Spell is not offered outside a combat."""
    st = _scene()
    give(st, 0, "innervate")  # draw 2
    give(st, 0, "treasure-hunt")  # 4 Gold
    give(st, 0, "haste")  # 2 actions
    give(st, 0, "fervent")  # combat only
    deck_before = len(st.deck[0])
    refresh(st)
    assert not [a for a in legal(st) if a.startswith("cast fervent")]
    act(st, "cast haste")
    assert st.ap == 2 - 1 + 2
    act(st, "cast innervate", "cast treasure-hunt")
    assert st.ap == 1 and st.gold == 4 and len(st.deck[0]) == deck_before - 2


def test_a_wound_spell_out_of_combat_is_no_attack() -> None:
    """ "This is not considered an 'attack' in any way, even though it may cause wounds."
    Readings: it may hit a Legion that cannot be attacked now, does not use the turn's attack,
    gives the caster the Prestige of a Unit it eliminates, and may not eliminate a Hero while
    other Units remain."""
    st = _scene()
    foe = give(st, 1, "skeleton-legion", "legion")  # Health 2
    st.safe[1] = True
    give(st, 0, "chain-lightning")
    st.wounds[st.hero[1]] = 5  # Flist: 6 Health, 1 left
    refresh(st)
    moves = legal(st)
    assert f"cast chain-lightning {cid(foe)}" in moves
    assert f"cast chain-lightning {cid(st.hero[1])}" not in moves  # lethal, others remain
    assert "attack 1" not in moves
    act(st, f"cast chain-lightning {cid(foe)}")
    assert foe in st.disc[1] and st.prestige[0] == 3 and not st.attacked
    assert any(a.startswith("fight") for a in legal(st))


def test_a_heal_spell_heals_one_of_your_units() -> None:
    st = _scene()
    hero = st.hero[0]
    st.wounds[hero] = 5
    give(st, 0, "healing-light")
    refresh(st)
    act(st, f"cast healing-light {cid(hero)}")
    assert st.wounds[hero] == 2


def test_a_listed_value_is_doubled_once_per_combat() -> None:
    """Reading: doubling a Unit's listed Attack a second time in the same combat is not
    offered (the listed value is doubled, not the doubled value)."""
    st = _scene(("Flist", "Shadd"))  # Flist may cast two Spells
    give(st, 0, "double-strike")
    give(st, 0, "giant-strength")
    set_monsters(st, ["ancient-red-dragon"])
    refresh(st)
    act(st, "fight ancient-red-dragon", "ready")  # no Mercenary to hire
    assert st.phase == SPELLS
    act(st, f"cast double-strike {cid(st.hero[0])}")
    assert f"cast giant-strength {cid(st.hero[0])}" not in legal(st)


def test_the_defender_keeps_the_cards_it_drew() -> None:
    st = _scene()
    act(st, "attack 1")
    while st.phase == CLASH:
        act(st, "pass")
    assert st.phase == MAIN and len(st.hand[1]) == 5 + 1  # up to five, plus Flist's Special


def test_monster_gold_does_not_pay_for_healing() -> None:
    """ "Any Gold given to purchase cards": Monster Gold buys cards only."""
    st = _scene()
    st.wounds[st.hero[0]] = 2
    give(st, 0, "gorthox-shieldbreaker", "legion")
    st.mgold = 5
    refresh(st)
    assert "heal" not in legal(st)
    with pytest.raises(IllegalAction, match="no Gold and nothing to sell"):
        GAME.apply(st, "heal")
