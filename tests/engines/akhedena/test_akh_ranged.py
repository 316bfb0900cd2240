"""Ranged combat: two squares up, down, left or right; each Army card defends alone; only
ranged defenders shoot back."""

from __future__ import annotations

from engines.akhedena import GAME, combat
from engines.akhedena.explain import why_illegal
from tests.engines.akhedena.akh_helpers import (
    CATALOGUE,
    army,
    at,
    cards_of,
    game,
    give_crown,
    piece,
    place,
    play,
)

STRIPPED = army(
    hero=("Dawn Warlord", "Swordsmen", "Shield Wall"),
    infantry_left=("Sword Captain", "Swordsmen", "Spearmen"),
)


def _volleys(events: list[dict]) -> list[dict]:
    return [e for e in events if e["type"] == "volley"]


def test_the_archer_shoots_one_or_two_squares_up_down_left_or_right() -> None:
    """ "Archers can attack any unit within a 2-square range in any direction (up, down, left,
    or right)." Reading: one or two squares in a straight line, never diagonally."""
    st = place(
        game(),
        {
            "0:archer": "c4",
            "1:infantry-left": "c6",
            "1:infantry-right": "d5",
            "1:cavalry-left": "c2",
            "1:cavalry-right": "f4",
        },
        clear=True,
    )
    shots = {a for a in GAME.legal_actions(st, 0) if a.startswith("shoot")}
    assert shots == {"shoot c4 c6", "shoot c4 c2"}
    assert "one or two squares" in why_illegal(st, 0, "shoot c4 f4")


def test_shots_fly_over_pieces() -> None:
    """Reading: the text gives a range and no line of sight, so a piece between the Archer and
    its target does not stop the shot."""
    st = place(
        game(), {"0:archer": "c4", "0:infantry-left": "c5", "1:infantry-left": "c6"}, clear=True
    )
    assert "shoot c4 c6" in GAME.legal_actions(st, 0)


def test_each_army_card_defends_alone_against_the_whole_attack() -> None:
    """ "Each Army Card defends individually against the total attack power, regardless of
    weapon type. If the defense power of a single Army Card is lower than the attacker's combined
    power, that Army Card is removed. If it's equal or higher, the defense is successful.\""""
    st = place(game(army(), STRIPPED), {"0:archer": "c4", "1:hero": "c6"}, clear=True)
    volley = _volleys(play(st, "shoot c4 c6"))  # 5 against Swordsmen 3 and Shield Wall 5
    assert volley[0]["attack"] == 5 and volley[0]["removed"] == ["Swordsmen"]
    assert cards_of(st, "1:hero") == ["Dawn Warlord", "Shield Wall"]
    assert len(volley) == 1, "a Hero without a Ranged card does not shoot back"


def test_a_piece_whose_army_cards_all_fall_is_removed() -> None:
    """Reading: a piece left with no Army card is defeated and leaves the board with its card."""
    st = place(game(army(), STRIPPED), {"0:archer": "c4", "1:infantry-left": "c6"}, clear=True)
    volley = _volleys(play(st, "shoot c4 c6"))
    assert sorted(volley[0]["removed"]) == ["Spearmen", "Swordsmen"]
    assert at(st, "c6") is None
    assert {"Sword Captain", "Spearmen"} <= {st.deal.cards[c].name for c in st.discard[1]}


def test_infantry_and_cavalry_never_shoot_back() -> None:
    """ "Infantry and Cavalry cannot counterattack. The attacker's turn then ends.\""""
    st = place(game(), {"0:archer": "c4", "1:castle": None, "1:cavalry-left": "c6"}, clear=True)
    before = cards_of(st, "0:archer")
    events = play(st, "shoot c4 c6")
    assert len(_volleys(events)) == 1 and cards_of(st, "0:archer") == before
    assert GAME.to_act(st) == 1


def test_a_ranged_defender_that_keeps_a_card_shoots_back() -> None:
    """ "If the ranged defender successfully defends with remaining cards, they counterattack in
    the same way. After the counterattack, the attacker's turn ends.\""""
    weak = army(archer=("Bow Master", "Longbowmen", "Pavisiers"))  # mixed weapons: attack 3
    sturdy = army(archer=("Crossbow Marshal", "Pavisiers", "Pavisiers"))  # attack 3, cards 3 / 3
    st = place(game(weak, sturdy), {"0:archer": "c4", "1:archer": "c6"}, clear=True)
    first, back = _volleys(play(st, "shoot c4 c6"))
    assert (first["attack"], first["removed"]) == (3, [])
    assert (back["attack"], back["removed"]) == (3, ["Longbowmen"])
    assert cards_of(st, "0:archer") == ["Bow Master", "Pavisiers"]
    assert GAME.to_act(st) == 1


def test_a_defender_stripped_of_its_ranged_cards_does_not_shoot_back() -> None:
    """Reading: a Hero shoots back only if it still carries a Ranged Army card after the volley
    (without one it is no longer a ranged unit)."""
    hero = army(
        hero=("Axe King", "Pikemen", "Shield Wall"),
        reserve=["Swordsmen", "Spearmen", "Lancers", "Sabre Riders", "Longbowmen", "Longbowmen"],
    )
    st = place(game(army(), hero), {"0:archer": "c4", "1:hero": "c6"}, clear=True)
    play(st, "move c4 b4", "draw c6 2 ranged", "move b4 c4")
    assert cards_of(st, "1:hero") == ["Axe King", "Pikemen", "Longbowmen"]
    assert "shoot c6 c4" in GAME.legal_actions(st, 1)
    play(st, "draw g13 1")
    volleys = _volleys(play(st, "shoot c4 c6"))  # 5: Pikemen (5) holds, Longbowmen (2) falls
    assert len(volleys) == 1 and volleys[0]["removed"] == ["Longbowmen"]
    assert cards_of(st, "1:hero") == ["Axe King", "Pikemen"]


def test_a_hero_carrying_a_ranged_army_card_shoots() -> None:
    """ "If a Ranged Army Card is placed on a Hero Card, the Hero can perform ranged attacks.\""""
    st = place(game(), {"1:infantry-left": "e3"}, clear=True)
    assert not any(a.startswith("shoot e1") for a in GAME.legal_actions(st, 0))
    assert "cannot shoot" in why_illegal(st, 0, "shoot e1 e3")
    play(st, "draw e1 1 ranged", "move i13 i12")
    assert "shoot e1 e3" in GAME.legal_actions(st, 0)
    volley = _volleys(play(st, "shoot e1 e3"))[0]  # Berserkers defend with 1 each
    assert volley["attacker"]["piece"] == "hero" and len(volley["removed"]) == 2
    assert at(st, "e3") is None


def test_a_castle_under_fire_loses_army_cards_one_by_one_and_never_shoots_back() -> None:
    """Reading: once Castles can fall, a shot at a Castle meets each of its Army cards alone,
    like any piece that is not ranged; a Castle stripped of both is destroyed."""
    sturdy = place(game(), {"0:archer": "g11"}, clear=True)  # Shield Walls: defence 5 each
    assert "shoot g11 g13" not in GAME.legal_actions(sturdy, 0)  # invulnerable for now
    give_crown(sturdy, 0)
    volleys = _volleys(play(sturdy, "shoot g11 g13"))
    assert len(volleys) == 1 and volleys[0]["removed"] == []
    weak = army(castle=("Bastion", "Axemen", "Axemen"))
    st = give_crown(place(game(army(), weak), {"0:archer": "g11"}, clear=True), 0)
    volleys = _volleys(play(st, "shoot g11 g13"))
    assert sorted(volleys[0]["removed"]) == ["Axemen", "Axemen"]
    assert GAME.is_over(st) and "Castle was destroyed" in GAME.result(st).reason


def test_a_bow_hero_with_bow_army_cards_adds_its_own_card_when_it_shoots() -> None:
    """ "If a Ranged Army Card is placed on a Hero Card, the Hero can perform ranged attacks";
    "If the weapon type of the Army Card matches the weapon type of the Hero Card, the Hero's
    stats are applied in battle." The starter catalogue has Hero cards with a Bow and a
    Crossbow, so a Hero carrying Ranged Army cards of its weapon shoots with its own card."""
    cards = {c.name: c for c in CATALOGUE.cards.values() if c.kind == "hero"}
    assert {c.weapon for c in cards.values()} >= {"Bow", "Crossbow"}
    hunter = army(
        hero=("Hawk Huntress", "Swordsmen", "Spearmen"),
        reserve=["Swordsmen", "Spearmen", "Lancers", "Sabre Riders", "Longbowmen", "Hunters"],
    )
    st = place(game(hunter, army()), {"1:infantry-left": "e3"}, clear=True)
    hero = piece(st, "0:hero")
    play(st, "draw e1 1 ranged", "move i13 i12", "draw e1 2 ranged", "move i12 i11")
    assert {CATALOGUE.cards[st.deal.cards[c].id].weapon for c in st.army[hero]} == {"Bow"}
    assert combat.shoots(st, hero) and combat.attack(st, hero) == 2 + 1 + 5
    volley = _volleys(play(st, "shoot e1 e3"))[0]
    assert volley["attack"] == 8 and volley["attacker"]["card"] == "Hawk Huntress"
