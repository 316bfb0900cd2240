"""What a player reads: actions described with card names (never ids), and a clear reason for
every refused action."""

from __future__ import annotations

import random
import re

import pytest

from engines.base import IllegalAction
from engines.heroes_of_graxia.state import WOUNDS
from tests.engines.heroes_of_graxia.hog_helpers import (
    GAME,
    act,
    cid,
    empty_hand,
    equip,
    give,
    refresh,
    set_monsters,
    started,
)

ID = re.compile(r"[a-z]+(?:-[a-z]+)*#\d+")


def _scene():
    st = started(2, heroes=["Shadd", "Flist"])
    empty_hand(st, 0)
    army = give(st, 0, "gorthox-shieldbreaker", "legion")
    give(st, 0, "bone-sword")
    give(st, 0, "chain-lightning")
    foe = give(st, 1, "alesana", "legion")
    set_monsters(st, ["cave-troll"])
    refresh(st)
    return st, army, foe


def test_actions_read_with_card_names() -> None:
    st, army, foe = _scene()
    say = lambda a: GAME.describe_action(st, a)  # noqa: E731
    assert say(f"attach bone-sword {cid(army)}") == (
        "Attach Bone Sword to Gorthox Shieldbreaker (1 action)"
    )
    assert say("sell bone-sword") == "Sell Bone Sword for 1 Gold"
    assert (
        say(f"cast chain-lightning {cid(foe)}")
        == "Cast Chain Lightning on seat 1's Alesana (1 action)"
    )
    assert say("fight cave-troll") == "Attack Cave Troll (Health 8, Attack 6, Trophy 2) (1 action)"
    assert say("attack 1") == "Attack the Legion of seat 1 (Flist) (1 action)"
    # read by the seat attacked, or by the owner of the Unit targeted
    assert GAME.describe_action(st, "attack 1", viewer=1) == "Attack your Legion (1 action)"
    assert GAME.describe_action(st, f"cast chain-lightning {cid(foe)}", viewer=1) == (
        "Cast Chain Lightning on your Alesana (1 action)"
    )


def test_no_description_of_a_random_game_shows_a_card_id() -> None:
    for seed in range(4):
        st = GAME.new_game(seed, 3)
        rng = random.Random(seed)
        while not st.over:
            legal = GAME.legal_actions(st, st.to_act)
            for action in legal:
                text = GAME.describe_action(st, action)
                assert text != action or action in ("end", "keep", "pass", "ready", "done")
                assert not ID.search(text), (action, text)
            GAME.apply(st, rng.choice(legal))


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("sell flame-blade", "there is no Flame Blade in your hand"),
        ("buy nothing", "there is no card named 'nothing'"),
        ("fight ancient-red-dragon", "there is no Ancient Red Dragon among the Monsters"),
        ("attack 0", "you cannot attack your own Legion"),
        ("attack 7", "there is no seat 7"),
        ("pass", "'pass' is not a step of your turn now"),
        ("wound shadd#1", "'wound' is not a step of your turn now"),
        ("hello", "not an action of this game"),
    ],
)
def test_a_refused_action_says_why(action: str, reason: str) -> None:
    st, army, foe = _scene()
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, action)
    assert reason in info.value.reason


def test_rule_specific_reasons() -> None:
    st, army, foe = _scene()
    hero = st.hero[0]
    equip(st, "iron-axe", hero)
    refresh(st)
    with pytest.raises(IllegalAction, match="only one Weapon per Unit: Shadd has Iron Axe"):
        GAME.apply(st, f"attach bone-sword {cid(hero)}")
    with pytest.raises(IllegalAction, match="the Hero cannot be picked up"):
        GAME.apply(st, f"pickup {cid(hero)}")
    with pytest.raises(IllegalAction, match="costs 3 Gold, you have 0"):
        st.mkt_row[0][0] = give(st, 1, "iron-axe", "discard")
        st.disc[1].pop()
        GAME.apply(st, "buy iron-axe")
    act(st, "fight cave-troll", "ready")
    with pytest.raises(IllegalAction, match="or 'resolve' to fight"):
        act(st, "end")
    act(st, "resolve")
    while st.phase == WOUNDS:
        act(st, GAME.legal_actions(st, 0)[0])
    with pytest.raises(IllegalAction, match="only one attack per turn"):
        act(st, "attack 1")
    with pytest.raises(IllegalAction, match="seat 0's turn to act, not yours"):
        GAME.apply(st, "end", 1)


def test_a_refusal_in_a_monster_fight_names_the_step_not_the_card() -> None:
    """Step 2 plays Mercenaries, step 3 Spells: a Spell during step 2 is refused because it is
    step 2 (not "can only be cast in combat"), a Mercenary during step 3 because it is step 3
    (not "is not a Mercenary")."""
    st = started(2, heroes=["Shadd", "Flist"])
    empty_hand(st, 0)
    set_monsters(st, ["cave-troll"])
    give(st, 0, "wulffins-raiders")
    give(st, 0, "battle-fury")
    refresh(st)
    act(st, "fight cave-troll")
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, "cast battle-fury")
    assert info.value.reason == "Spells are cast in step 3, after the Mercenaries: 'ready' first"
    act(st, "ready")
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, "hire wulffins-raiders")
    assert "Mercenaries are played in step 2, before the Spells" in info.value.reason
    assert "not a Mercenary" not in info.value.reason
