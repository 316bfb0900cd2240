"""The rules fixed in engine 1.1.0 (issue 13): each test builds the situation, quotes the rule,
checks the current reading, and checks that a 1.0.0 state still plays the old one (so matches
played under 1.0.0 replay). Readings: docs/rules/arackhan-wars.md."""

from __future__ import annotations

import pytest

from engines.arackhan_wars import GAME, board
from engines.arackhan_wars.effects import compute
from engines.arackhan_wars.state import PENDING, PLACE
from engines.base import IllegalAction
from tests.engines.arackhan.akw_scene import scene

OLD = "1.0.0"


def acts_of(s, label: str) -> list[str]:
    return [a for a in s.legal() if a.startswith(f"act {s.c(label)}")]


# -- 1. card actions are not skills ---------------------------------------------------------------
@pytest.mark.parametrize(
    "remover, where",
    [("Lucy", "4,2"), ("Plague Wagon", "4,2"), ("Firestorm", "4,2"), ("Blizzard", "astral")],
)
def test_a_creature_whose_skills_are_switched_off_keeps_its_card_action(
    remover: str, where: str
) -> None:
    """ "Certain creature cards have attributes, skills, weaknesses and/or actions" (Faction
    Card Characteristics): losing its skills does not take a Tomur Disc's action away."""
    cards = [(0, "Tomur Disc", "3,2"), (1, remover, where), (1, "Yeti", "5,2")]
    s = scene(cards, factions=("Grey Order", "Blight"))
    assert s["Tomur Disc"] in compute(s.st).skills_off, f"{remover} switches its skills off"
    s.play(f"act {s.c('Tomur Disc')} {s.c('Yeti')}")
    assert not s.st.active[s["Yeti"]], "Deactivate one enemy creature"
    old = scene(cards, factions=("Grey Order", "Blight"), version=OLD)
    assert not acts_of(old, "Tomur Disc"), "1.0.0 took the action away with the skills"


def test_giant_troll_keeps_its_weakness_when_it_loses_its_skills() -> None:
    """Lucy: "Adjacent enemy creatures lose their skills"; Giant Troll's "-1 Attack when
    attacking a creature with Initiative" is a weakness, so it stays: 3 - 1 = 2 against the
    Paladin of the Guard's 2 fails."""
    cards = [(0, "Giant Troll", "3,2"), (1, "Lucy", "3,1"), (1, "Paladin of the Guard", "4,2")]
    s = scene(cards, factions=("Blight", "Whitelands"))
    s.play(f"attack {s.c('Paladin of the Guard')} {s.c('Giant Troll')}")
    assert not s.destroyed("Paladin of the Guard")
    old = scene(cards, factions=("Blight", "Whitelands"), version=OLD)
    old.play(f"attack {old.c('Paladin of the Guard')} {old.c('Giant Troll')}")
    assert old.destroyed("Paladin of the Guard"), "1.0.0 dropped the weakness too: 3 > 2"


def test_dragon_slayer_without_its_skills_keeps_no_trophy() -> None:
    """Dragon Slayer's "every Flight/Movement creature it destroys is placed under it" is a
    skill: next to Lucy it is switched off, and the Scorpion Fly goes to the discard pile."""
    cards = [(0, "Dragon Slayer", "3,2"), (1, "Lucy", "3,1"), (1, "Scorpion Fly", "5,2")]
    s = scene(cards, factions=("Grey Order", "Blight"))
    s.play(f"attack {s.c('Scorpion Fly')} {s.c('Dragon Slayer')}")  # 1 against 0
    assert s["Scorpion Fly"] in s.st.discard[1] and not s.st.under.get(s["Dragon Slayer"])
    old = scene(cards, factions=("Grey Order", "Blight"), version=OLD)
    old.play(f"attack {old.c('Scorpion Fly')} {old.c('Dragon Slayer')}")
    assert old.st.under[old["Dragon Slayer"]] == [old["Scorpion Fly"]]


def test_senior_mercenary_without_its_skills_cannot_lead_a_white_plains_mercenary() -> None:
    """Senior Mercenary's "Allied Mercenary creatures may join group attacks with it despite
    their weaknesses" is a skill: with Lucy next to it, White Plains Mercenary's "Cannot take
    part in group attacks" holds again."""
    cards = [
        (0, "White Plains Mercenary", "3,2"),
        (0, "Senior Mercenary", "4,3"),
        (1, "Yeti", "4,2"),
        (1, "Lucy", "5,3"),
    ]
    pair = {"White Plains Mercenary", "Senior Mercenary"}
    s = scene(cards, factions=("Grey Order", "Whitelands"))
    assert frozenset(s[x] for x in pair) not in s.attack_groups("Yeti")
    old = scene(cards, factions=("Grey Order", "Whitelands"), version=OLD)
    assert frozenset(old[x] for x in pair) in old.attack_groups("Yeti")


# -- 2. Omnistrike in group attacks ---------------------------------------------------------------
def test_two_omnistrike_attackers_touching_the_same_enemy_strike_it_together() -> None:
    """Omnistrike "allows cards that possess it to be activated simultaneously with allied cards
    in order to perform group attacks against several enemy cards at the same time": two
    Berserkers attacking a Scuttle Jaw both touch a Swamp Ogre, which receives 1 + 1 = 2 > 1."""
    cards = [
        (0, "Berserker@b1", "4,2"),
        (0, "Berserker@b2", "3,3"),
        (1, "Scuttle Jaw", "3,2"),
        (1, "Swamp Ogre", "4,3"),
    ]
    s = scene(cards, factions=("Blight", "Blight"))
    s.attack_with("Scuttle Jaw", "b1", "b2")
    assert s.destroyed("Scuttle Jaw") and s.destroyed("Swamp Ogre")
    old = scene(cards, factions=("Blight", "Blight"), version=OLD)
    old.attack_with("Scuttle Jaw", "b1", "b2")
    assert old.destroyed("Scuttle Jaw") and not old.destroyed("Swamp Ogre"), "one strike: 1 = 1"


def test_omnistrike_strikes_together_follow_the_group_rules() -> None:
    """Carnivorous Plant: "enemy creatures can only attack it with a group attack": one
    Berserker's strike may not touch it, two Berserkers' strikes together destroy it."""
    cards = [
        (0, "Berserker@b1", "4,2"),
        (0, "Berserker@b2", "3,3"),
        (1, "Scuttle Jaw", "3,2"),
        (1, "Carnivorous Plant", "4,3"),
    ]
    s = scene(cards, factions=("Blight", "Nakka"))
    s.attack_with("Scuttle Jaw", "b1", "b2")
    assert s.destroyed("Carnivorous Plant"), "1 + 1 = 2 > 1, as a group"
    old = scene(cards, factions=("Blight", "Nakka"), version=OLD)
    old.attack_with("Scuttle Jaw", "b1", "b2")
    assert not old.destroyed("Carnivorous Plant")


# -- 3. Perforation's later steps -----------------------------------------------------------------
@pytest.mark.parametrize("shielded", ["Carnivorous Plant", "Nemesio (Nakka)"])
def test_perforation_stops_at_a_card_that_may_only_be_attacked_in_a_group(shielded: str) -> None:
    """ "The consecutive attacks of the Perforation attribute are only effective against enemy
    cards that a player can attack", and "enemy creatures can only attack it with a group
    attack": the Ice Golem's second step (2 > 1) may not hit it alone."""
    cards = [(0, "Ice Golem", "1,2"), (1, "Scuttle Jaw", "2,2"), (1, f"{shielded}@it", "3,2")]
    s = scene(cards, factions=("Whitelands", "Nakka"))
    s.play(f"attack {s.c('Scuttle Jaw')} {s.c('Ice Golem')}")
    assert s.destroyed("Scuttle Jaw") and not s.destroyed("it")
    old = scene(cards, factions=("Whitelands", "Nakka"), version=OLD)
    old.play(f"attack {old.c('Scuttle Jaw')} {old.c('Ice Golem')}")
    assert old.destroyed("it"), "1.0.0 let the lone step through"


def test_perforation_stops_at_a_creature_eternal_roots_protects() -> None:
    """Eternal Roots: "Adjacent allied creatures can only be attacked by enemy creatures in a
    group attack, or by spells": a creature's lone Perforation step cannot attack them."""
    cards = [
        (0, "Ice Golem", "1,2"),
        (1, "Scuttle Jaw@first", "2,2"),
        (1, "Scuttle Jaw@rooted", "3,2"),
        (1, "Eternal Roots", "3,1"),
    ]
    s = scene(cards, factions=("Whitelands", "Nakka"))
    s.play(f"attack {s.c('first')} {s.c('Ice Golem')}")
    assert s.destroyed("first") and not s.destroyed("rooted")
    old = scene(cards, factions=("Whitelands", "Nakka"), version=OLD)
    old.play(f"attack {old.c('first')} {old.c('Ice Golem')}")
    assert old.destroyed("rooted")


def test_perforation_cannot_conquer_a_dark_tunnel_two_spaces_away() -> None:
    """Dark Tunnel "can only be attacked by adjacent creatures or by spells": the Child Eater's
    step (5 - 1 = 4 > 3) reaches it two spaces away, so it stops there, and a stopped
    Perforation is not a failed attack (the Child Eater stays)."""
    cards = [
        (0, "Child Eater", "1,2"),
        (0, "Forge Patriarch", "1,3"),
        (1, "Abominable Hydra", "2,2"),
        (1, "Dark Tunnel", "3,2"),
    ]
    s = scene(cards, factions=("Blight", "Blight"))
    s.play(f"attack {s.c('Abominable Hydra')} {s.c('Child Eater')}")
    assert s.destroyed("Abominable Hydra")
    assert s.st.control[s["Dark Tunnel"]] == 1 and not s.destroyed("Child Eater")
    old = scene(cards, factions=("Blight", "Blight"), version=OLD)
    old.play(f"attack {old.c('Abominable Hydra')} {old.c('Child Eater')}")
    assert old.st.control[old["Dark Tunnel"]] == 0, "1.0.0 conquered it"


@pytest.mark.parametrize("effect", ["Lost in the Forest", "The Fog"])
def test_perforation_steps_keep_the_perforators_own_limits(effect: str) -> None:
    """Lost in the Forest: "Enemy creatures can only attack in group attacks"; The Fog: "Enemy
    creatures can only attack adjacent cards": a Perforation step is a lone attack on a card
    two spaces away, so the Ice Golem's stops after the first card."""
    cards = [
        (0, "Ice Golem", "1,2"),
        (0, "Yeti", "2,1"),
        (1, "Scuttle Jaw@first", "2,2"),
        (1, "Scuttle Jaw@second", "3,2"),
        (1, effect, "astral"),
    ]
    attackers = ("Ice Golem", "Yeti") if effect == "Lost in the Forest" else ("Ice Golem",)
    s = scene(cards, factions=("Whitelands", "Nakka"))
    s.attack_with("first", *attackers)
    assert s.destroyed("first") and not s.destroyed("second")
    old = scene(cards, factions=("Whitelands", "Nakka"), version=OLD)
    old.attack_with("first", *attackers)
    assert old.destroyed("second")


# -- 4. "no room left": face-down cards do not score -------------------------------------------
def _full_battlefield(version: str | None):
    """38 Yetis face up, 19 a seat; seat 0 to place its two Yetis on the last two spaces."""
    spaces = list(board.NAMES)
    cards = [(k % 2, f"Yeti@y{k}", space) for k, space in enumerate(spaces[:-2])]
    hand = [(0, "Yeti"), (0, "Yeti"), (1, "Yeti"), (1, "Yeti")]
    s = scene(
        cards,
        hand=hand,
        phase=PLACE,
        keepers=False,
        factions=("Whitelands", "Whitelands"),
        version=version,
    )
    for space in spaces[-2:]:
        s.play(next(a for a in s.legal() if a.endswith(f" {space}")))
    return s


def test_no_room_left_face_down_cards_neither_score_nor_break_the_tie() -> None:
    """ "each player adds up the core values of their cards still present on the battlefield
    that have their faction tokens on them" — tokens go on at the reveal, so the two Yetis
    seat 0 placed face down before seat 1 found no room do not count: 57 against 57, 19 cards
    against 19, a draw."""
    s = _full_battlefield(None)
    assert s.st.over and s.st.end_reason == "no room left to place a card"
    result = GAME.result(s.st)
    assert result.scores == (57.0, 57.0) and result.ranks == (0, 0)
    assert result.details["cards_on_battlefield"] == [19, 19]
    old = _full_battlefield(OLD)
    assert GAME.result(old.st).scores == (63.0, 57.0), "1.0.0 revealed and scored them"


# -- 5. a hand that cannot be placed passes ---------------------------------------------------
def test_a_hand_that_cannot_be_placed_passes_the_placement() -> None:
    """ "If ... a player cannot place a card ... because no spaces are available, then the round
    ends": Masters of AracKhan "Cannot be placed during the last turn", but spaces are free,
    so seat 0 places its Yeti, passes its second card, and seat 1 places."""
    kw = {
        "hand": [(0, "Yeti"), (0, "Masters of AracKhan"), (1, "Yeti"), (1, "Yeti")],
        "phase": PLACE,
        "round_": 9,
        "factions": ("Whitelands", "Whitelands"),
    }
    s = scene([], **kw)
    s.play(f"place {s.c('Yeti')} 7,2")
    assert not s.st.over and s.st.phase == PLACE and s.st.to_act == 1
    assert s.st.hand[0] == [s["Masters of AracKhan"]]
    old = scene([], **kw, version=OLD)
    old.play(f"place {old.c('Yeti')} 7,2")
    assert old.st.over and old.st.end_reason == "no room left to place a card"


# -- 7. group attacks have no cap ----------------------------------------------------------------
NINE = ["1,2", "5,2", "3,0", "3,4", "2,1", "4,1", "2,3", "4,3", "6,2"]


def _yeti_under_nine_ballistas(version: str | None):
    cards = [(0, f"Ballista@b{k}", space) for k, space in enumerate(NINE)]
    cards += [
        (1, "Yeti", "3,2"),  # Defence 2 + 2 (Fortress) + 2 (Winter Protects) + 1 + 1 (Shields)
        (1, "Fortress of Myjir", "3,1"),
        (1, "Winter Protects", "2,2"),
        (1, "Shield of Dawn@s1", "4,2"),
        (1, "Shield of Dawn@s2", "3,3"),
    ]
    return scene(cards, factions=("Grey Order", "Whitelands"), version=version)


def test_the_one_action_group_form_is_refused_with_the_stepwise_form_named() -> None:
    """Since 1.1.0 ``attack c<t> c<a>+c<b>`` is not an action: the refusal says how to attack
    together."""
    s = scene([(0, "Swamp Ogre", "2,2"), (0, "Scuttle Jaw", "3,1"), (1, "Ice Golem", "3,2")])
    a, b = sorted([s["Swamp Ogre"], s["Scuttle Jaw"]])
    with pytest.raises(IllegalAction, match="'group c<target> c<a>', then 'join c<b>'"):
        s.play(f"attack {s.c('Ice Golem')} c{a}+c{b}")


def test_nine_attackers_may_attack_together() -> None:
    """Group Attack: "they can simultaneously activate any number of allied cards that can
    attack it": nine Ballistas (Ranged Attack 3) join one by one and 9 > 8 destroys the Yeti."""
    s = _yeti_under_nine_ballistas(None)
    assert s.defence("Yeti") == 8
    s.play(f"group {s.c('Yeti')} {s.c('b0')}")
    assert s.st.phase == PENDING and "strike" not in s.legal(), "one attacker is no group"
    assert {a.split()[1] for a in s.legal()} == {s.c(f"b{k}") for k in range(1, 9)}
    for k in range(1, 8):
        s.play(f"join {s.c(f'b{k}')}")
    assert s.legal() == [f"join {s.c('b8')}", "strike"]
    s.play(f"join {s.c('b8')}")  # nothing else may join: the engine strikes
    assert (
        s.st.phase != PENDING
        and s.destroyed("Yeti")
        and not any(s.st.active[s[f"b{k}"]] for k in range(9))
    )
    old = _yeti_under_nine_ballistas(OLD)
    biggest = max(len(g) for g in old.attack_groups("Yeti"))
    assert biggest == 8, "1.0.0 combined at most 8 candidates"


# -- 8. the debatable readings ---------------------------------------------------------------------
def test_catanolith_may_shoot_an_adjacent_stealth_card() -> None:
    """Stealth: "the distance separating them is increased to 2; then, they are no longer
    adjacent" — so Catanolith's "Cannot attack adjacent enemy cards" does not stop it, and its
    Ranged Attack 3 reaches; a card next to it without Stealth stays out of reach."""
    cards = [(0, "Catanolith", "3,2"), (1, "Crawling Roots", "4,2"), (1, "Scuttle Jaw", "3,3")]
    s = scene(cards, factions=("Grey Order", "Nakka"))
    groups = s.attack_groups("Crawling Roots")
    assert frozenset({s["Catanolith"]}) in groups and not s.attack_groups("Scuttle Jaw")
    s.play(f"attack {s.c('Crawling Roots')} {s.c('Catanolith')}")
    assert s.destroyed("Crawling Roots")
    old = scene(cards, factions=("Grey Order", "Nakka"), version=OLD)
    assert not old.attack_groups("Crawling Roots")


def test_mimicry_may_copy_a_creature_immune_to_spells() -> None:
    """ "A card that is immune to spells cannot be affected by a spell's effects" — Mimicry
    changes the allied creature that takes over the characteristics, not the Grey Knight it
    copies, so the copy is allowed (and brings the Knight's immunity and Movement 2)."""
    cards = [(0, "Mimicry", "astral"), (0, "Hexacarias", "3,2"), (1, "Grey Knight", "5,2")]
    s = scene(cards, factions=("Nakka", "Grey Order"))
    s.play(f"act {s.c('Mimicry')} {s.c('Hexacarias')} {s.c('Grey Knight')}")
    assert "immune_to_enemy_spells" in s.flags("Hexacarias") and "movement" in s.attrs("Hexacarias")
    old = scene(cards, factions=("Nakka", "Grey Order"), version=OLD)
    assert f"act {old.c('Mimicry')} {old.c('Hexacarias')} {old.c('Grey Knight')}" not in (
        old.legal()
    )


def test_essence_absorption_adds_the_skills_and_the_value_too() -> None:
    """ "add its characteristics": "card characteristics ... encompasses all the unmodified
    characteristics" and a creature shows its value, Attack, Defence, attributes and skills.
    The Scuttle Jaw absorbing a Forge Patriarch gives +1 Attack to its adjacent allies and is
    worth 1 + 7 = 8, too much for Dark Tunnel's Stealth (value 7 or less)."""
    cards = [
        (0, "Essence Absorption", "astral"),
        (0, "Scuttle Jaw", "3,2"),
        (0, "Forge Patriarch", "2,2"),
        (0, "Swamp Ogre", "4,2"),
        (0, "Dark Tunnel", "3,3"),
    ]
    act = "act {} {} {}"
    s = scene(cards, factions=("Blight", "Whitelands"))
    assert "stealth" in s.attrs("Scuttle Jaw") and s.attack("Swamp Ogre") == 2
    s.play(act.format(s.c("Essence Absorption"), s.c("Forge Patriarch"), s.c("Scuttle Jaw")))
    assert (s.attack("Scuttle Jaw"), s.defence("Scuttle Jaw")) == (1 + 2, 0 + 2)
    assert s.attack("Swamp Ogre") == 2 + 1, "the Patriarch's skill, now the Jaw's"
    assert "stealth" not in s.attrs("Scuttle Jaw"), "worth 8 now"
    old = scene(cards, factions=("Blight", "Whitelands"), version=OLD)
    old.play(
        act.format(old.c("Essence Absorption"), old.c("Forge Patriarch"), old.c("Scuttle Jaw"))
    )
    assert old.attack("Swamp Ogre") == 2 and "stealth" in old.attrs("Scuttle Jaw")


def test_frost_maiden_moves_anywhere_at_the_end_of_the_turn() -> None:
    """ "At the end of your turn you may move her", and "Moving a card means choosing a new
    space for it on the battlefield, both available and adjacent to at least one other card":
    no distance is given, so she may go to every free space next to another card."""
    s = scene([(0, "Frost Maiden", "3,2"), (1, "Scuttle Jaw", "3,3")])
    s.play("pass")
    assert s.st.phase == PENDING
    maiden = s["Frost Maiden"]
    allowed = {a.split()[2] for a in s.legal() if a != "done"}
    expected = {
        board.NAMES[x]
        for x in range(board.N_SPACES)
        if s.st.board[x] < 0
        and any((j := s.st.board[n]) >= 0 and j != maiden for n in board.ADJACENT[x])
    }
    assert allowed == expected and "1,4" in allowed, "1,4 is 4 spaces away, next to a keeper"


# -- 9. names for the acting seat ------------------------------------------------------------------
def test_descriptions_name_the_viewers_own_cards_and_nobody_elses_hidden_cards() -> None:
    """A seat knows its own hand and face-down cards; its opponents and spectators see only
    "a card" until the reveal."""
    s = scene([], hand=[(0, "Nihilist Penguin"), (0, "Yeti")], phase=PLACE)
    place = f"place {s.c('Nihilist Penguin')} 6,4"
    assert GAME.describe_action(s.st, place, viewer=0) == (
        "place Nihilist Penguin face down on space 6,4"
    )
    for viewer in (1, None):
        assert GAME.describe_action(s.st, place, viewer=viewer) == (
            "place a card face down on space 6,4"
        )
    s.play(place)
    move = f"move {s.c('Nihilist Penguin')} 5,4"
    assert "Nihilist Penguin" in GAME.describe_action(s.st, move, viewer=0)
    assert "Nihilist Penguin" not in GAME.describe_action(s.st, move, viewer=1)
    t = scene(
        [(0, "Teleportation", "astral"), (0, "Yeti", "3,2")], factions=("Whitelands", "Nakka")
    )
    text = GAME.describe_action(t.st, f"act {t.c('Teleportation')} {t.c('Yeti')} 6,2", viewer=1)
    assert text == "use the action of Teleportation (Yeti 6,2)", "face-up cards for everyone"
