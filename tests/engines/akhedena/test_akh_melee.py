"""Melee: moving next to an enemy starts a battle; the Commander counts when weapons match;
ties hold and the defender counterattacks; Castles can be attacked only by the Crown's
holder."""

from __future__ import annotations

from engines.akhedena import GAME, combat
from engines.akhedena.explain import why_illegal
from tests.engines.akhedena.akh_helpers import army, at, game, give_crown, piece, place, play

# Seat 0's Infantry: all Sword (the Captain counts) on the left, Sword and Spear on the right.
MATCHED_AND_NOT = army(
    infantry_left=("Sword Captain", "Swordsmen", "Swordsmen"),
    infantry_right=("Sword Captain", "Swordsmen", "Spearmen"),
    reserve=["Axemen", "Spearmen", "Lancers", "Sabre Riders", "Longbowmen", "Hunters"],
)


def _melee(events: list[dict]) -> dict:
    return next(e for e in events if e["type"] == "melee")


def test_moving_next_to_an_enemy_starts_a_battle() -> None:
    """ "When approaching an opponent's miniature on an adjacent square, melee combat begins.
    The player who moves first becomes the attacker." Reading: "adjacent" is up, down, left or
    right; a move that ends there always attacks (a plain move to that square is not legal)."""
    st = place(game(), {"0:cavalry-left": "c5", "1:infantry-left": "e6"}, clear=True)
    legal = GAME.legal_actions(st, 0)
    assert "move c5 e5 e6" in legal and "move c5 e5" not in legal
    assert "move c5 d5" in legal and "move c5 f5" in legal  # diagonal to e6: no battle
    assert "starts a battle" in why_illegal(st, 0, "move c5 e5")
    events = play(st, "move c5 e5 e6")
    assert _melee(events)["attacker"]["piece"] == "cavalry-left"
    assert _melee(events)["defender"]["piece"] == "infantry-left"


def test_the_mover_chooses_which_enemy_to_attack() -> None:
    """Reading: a move that ends next to several enemies attacks one of them, chosen by the
    mover; the others are left alone."""
    st = place(
        game(),
        {"0:cavalry-left": "c5", "1:infantry-left": "e6", "1:infantry-right": "e4"},
        clear=True,
    )
    legal = GAME.legal_actions(st, 0)
    assert {"move c5 e5 e6", "move c5 e5 e4"} <= set(legal)
    play(st, "move c5 e5 e4")
    assert at(st, "e6") == "1:infantry-left"


def test_the_commander_counts_only_when_the_weapon_types_match() -> None:
    """ "The total attack power is the combined sum of 1 Commander Card and 2 Army Cards. If the
    weapon types differ, the Commander's stats are excluded." Reading: the Commander counts
    when every Army card on it has its weapon type."""
    defender = army(infantry_left=("Spear Captain", "Pikemen", "Swordsmen"))  # mixed: def 8
    st = game(MATCHED_AND_NOT, defender)
    left, right = piece(st, "0:infantry-left"), piece(st, "0:infantry-right")
    assert (combat.attack(st, left), combat.defence(st, left)) == (10, 8)
    assert (combat.attack(st, right), combat.defence(st, right)) == (7, 7)
    assert combat.defence(st, piece(st, "1:infantry-left")) == 8
    place(st, {"0:infantry-left": "c5", "1:infantry-left": "e6"}, clear=True)
    melee = _melee(play(st, "move c5 e5 e6"))
    assert (melee["attack"], melee["defence"], melee["outcome"]) == (10, 8, "defender removed")
    assert at(st, "e6") is None

    st = place(
        game(MATCHED_AND_NOT, defender),
        {"0:infantry-right": "c5", "1:infantry-left": "e6"},
        clear=True,
    )
    melee = _melee(play(st, "move c5 e5 e6"))
    assert (melee["attack"], melee["defence"]) == (7, 8)
    assert melee["outcome"] == "held" and at(st, "e6") == "1:infantry-left"


def test_a_tie_holds_and_an_equal_counterattack_is_a_draw() -> None:
    """ "If the values are equal or the defender's value is higher, the defender successfully
    defends and counterattacks"; "If the values are equal, the result is a draw, and the turn
    ends.\""""
    defender = army(infantry_left=("Sword Captain", "Shield Wall", "Swordsmen"))  # 8 / 10
    st = place(
        game(MATCHED_AND_NOT, defender),
        {"0:infantry-left": "c5", "1:infantry-left": "e6"},
        clear=True,
    )
    melee = _melee(play(st, "move c5 e5 e6"))
    assert (melee["attack"], melee["defence"]) == (10, 10)
    assert (melee["counterattack"], melee["attacker_defence"], melee["outcome"]) == (8, 8, "draw")
    assert at(st, "e5") == "0:infantry-left" and at(st, "e6") == "1:infantry-left"
    assert GAME.to_act(st) == 1


def test_a_higher_counterattack_removes_the_attacker() -> None:
    """ "If the defender's counterattack is successful (higher attack value), the attacker's
    miniature and cards are removed.\""""
    st = place(game(army(), army()), {"0:cavalry-left": "c9", "1:hero": "e10"}, clear=True)
    melee = _melee(play(st, "move c9 e9 e10"))  # 12 against the Hero's 13; 10 against 6
    assert (melee["attack"], melee["defence"], melee["counterattack"]) == (12, 13, 10)
    assert melee["outcome"] == "attacker removed"
    assert at(st, "e9") is None and st.pos[piece(st, "0:cavalry-left")] == -1
    gone = {st.deal.cards[c].name for c in st.discard[0]}
    assert {"Lance Knight", "Lancers"} <= gone


def test_a_weaker_counterattack_leaves_both_pieces() -> None:
    """Reading: when the attack fails and the counterattack is lower than the attacker's
    defence, nothing more happens and the turn ends."""
    mover = army(cavalry_left=("Axe Lord", "Mounted Guard", "Mounted Guard"))  # 7 / 11
    wall = army(hero=("Shield Queen", "Pikemen", "Pikemen"))  # 7 / 16
    st = place(game(mover, wall), {"0:cavalry-left": "c9", "1:hero": "e10"}, clear=True)
    melee = _melee(play(st, "move c9 e9 e10"))
    assert (melee["attack"], melee["defence"], melee["counterattack"]) == (7, 16, 7)
    assert melee["outcome"] == "held"
    assert at(st, "e9") == "0:cavalry-left" and at(st, "e10") == "1:hero"


def test_castles_are_invulnerable_while_nobody_holds_the_crown() -> None:
    """ "If no player possesses the Crown, all Castles are invulnerable." Reading: a piece may
    stand next to an enemy Castle without a battle; nobody can attack or shoot a Castle."""
    st = place(game(), {"0:cavalry-left": "c12"}, clear=True)
    legal = GAME.legal_actions(st, 0)
    assert "move c12 g12" in legal and "move c12 g12 g13" not in legal
    assert "invulnerable" in why_illegal(st, 0, "move c12 g12 g13")


def test_only_the_crown_holder_can_attack_castles_and_its_own_stays_safe() -> None:
    """ "If a player holds the Crown, they can destroy any opponent's Castle." Reading (1.1.0):
    the holder may attack every other player's Castle; nobody else attacks a Castle, so holding
    the Crown does not lay the holder's own Castle open (1.0.0 let anyone attack any Castle)."""
    st = give_crown(place(game(), {"0:cavalry-left": "c12", "1:cavalry-left": "c2"}, clear=True), 0)
    legal = GAME.legal_actions(st, 0)
    assert "move c12 g12 g13" in legal and "move c12 g12" not in legal
    play(st, "move c12 c11")
    legal = GAME.legal_actions(st, 1)
    assert "move c2 g2 g1" not in legal and "move c2 g2" in legal
    assert "only the player holding the Crown" in why_illegal(st, 1, "move c2 g2 g1")
    obs = GAME.observation(st, 1)
    castles = {p["square"]: p["attackable"] for p in obs["pieces"] if p["kind"] == "castle"}
    assert castles == {"g1": False, "g13": True}


def test_under_1_0_0_anyone_could_attack_any_castle_once_the_crown_was_held() -> None:
    """The 1.0.0 reading, kept so that its matches replay."""
    old = GAME.at_version("1.0.0")
    st = old.new_game(0, 2)
    place(st, {"0:cavalry-left": "c12", "1:cavalry-left": "c2"}, clear=True)
    give_crown(st, 0)
    old.apply(st, "move c12 c11")
    assert "move c2 g2 g1" in old.legal_actions(st, 1)


def test_a_castle_holds_and_counterattacks_like_any_defender() -> None:
    """Reading: a Castle defends with its Castle card and its two Army cards and counterattacks
    as any defender does (it never attacks by itself: it does not move)."""
    keep = army(
        castle=("Stone Keep", "Spearmen", "Spearmen"),
        reserve=["Swordsmen", "Axemen", "Lancers", "Sabre Riders", "Longbowmen", "Hunters"],
    )
    st = give_crown(place(game(army(), keep), {"0:cavalry-left": "c12"}, clear=True), 0)
    melee = _melee(play(st, "move c12 g12 g13"))
    assert (melee["attack"], melee["defence"], melee["counterattack"]) == (12, 12, 7)
    assert melee["outcome"] == "attacker removed" and at(st, "g12") is None
